"""The config keys as types, so that editors complete and check them.

One TypedDict per group of keys; the names, kinds and allowed values are those
of docs/config.md (io::config_keys() in C++), and a test checks that
``ConfigKeys`` has exactly the keys ``cardsim.config_keys()`` lists.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Literal, TypedDict, Union

Count = Union[int, str]  # 1000000, "1e9", "100M", "1_000_000"


class RuleKeys(TypedDict, total=False):
    """The rules and the table (blackjack)."""

    name: str
    description: str
    decks: Union[int, Literal["infinite"]]
    remove_tens_per_deck: int
    penetration: float
    cut_card: int
    burn_cards: int
    reshuffle: Literal["cut-card", "every-round"]
    seats: int
    h17: bool
    hole_card: Literal["peek", "enhc", "enhc-obo"]
    double: Literal["any", "9-11", "10-11", "none"]
    das: bool
    split_hands: int
    resplit_aces: bool
    hit_split_aces: bool
    surrender: Literal["none", "late", "early"]
    insurance: Literal["never", "always"]
    blackjack_pays: str
    dealer_22_pushes: bool
    player_21_wins: bool
    blackjack_beats_blackjack: bool
    free_double: Union[int, str, List[int]]  # "none", "9-11", "9,10,11", [9, 10, 11]
    free_split: Union[str, List[str]]  # "none", "all", "A-9", ["A", "2"]
    double_any_cards: bool
    double_rescue: bool
    spanish_bonuses: bool
    switch: bool  # Blackjack Switch: two hands a seat, second cards exchanged
    strategy: str
    side_bets: Union[str, List[str]]  # names in configs/sidebets/ or side bet files, up to 4


class CountingKeys(TypedDict, total=False):
    """Card counting, betting and its money figures."""

    count: str
    true_count_decks: Literal["exact", "half-deck", "whole-deck", "none"]
    true_count_rounding: Literal["floor", "truncate", "round"]
    bet_ramp: str
    wong_in: Union[int, Literal["none"]]
    wong_out: Union[int, Literal["none"]]
    indices: str
    bankroll_units: float
    rounds_per_hour: float


class RunKeys(TypedDict, total=False):
    """What a run plays: its rounds, seed and chunking, and its headline estimate."""

    rounds: Count
    seed: int
    chunk_rounds: Count
    control_variate: Literal["exact", "none"]


class SweepKeys(RuleKeys, CountingKeys, total=False):
    """Keys a sweep's base config takes on top (its run keys are arguments)."""


class ConfigKeys(SweepKeys, RunKeys, total=False):
    """Every config key: what ``cardsim.sim(**keys)`` takes."""


class ZjhRuleKeys(TypedDict, total=False):
    """Zha Jin Hua's rules (``cardsim zjh --ties ...``)."""

    ties: Literal["split", "suits"]
    a23: Literal["lowest", "second"]
    special_235: bool
    straight_above_flush: bool



def document(entries: List[Dict[str, Any]], *calls: Callable[..., Any]) -> None:
    """Appends the keys ``entries`` (as ``config_keys()`` lists them: the
    table the CLI's flags come from) to the docstrings of ``calls``, as a
    section for help(): key, type, default and meaning, one line each."""
    rows = [(e["key"], e["kind"], e["default"], f"{e['help']}; {e['allowed']}") for e in entries]
    header = ("key", "type", "default", "meaning")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(3)]
    lines = ["Config keys (keyword arguments; the CLI's flags are the keys with dashes", "for underscores):", ""]
    for row in [header, *rows]:
        lines.append("    " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[3])
    section = "\n\n" + "\n".join("    " + line if line else "" for line in lines) + "\n"
    for call in calls:
        if call.__doc__:  # None under python -OO
            call.__doc__ = call.__doc__.rstrip() + section
