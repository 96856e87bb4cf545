"""Zha Jin Hua (炸金花, three-card poker): ``cardsim zjh exact`` and ``cardsim zjh sim``.

The rules are resolved as the CLI resolves them: the variant ("standard",
or a config's "variant"), a config file's (or dict's) "rules", then the rule
keys given here (``ties="suits", a23="second", special_235=True,
straight_above_flush=True``). Results are the CLI's JSON as dicts.
"""
from __future__ import annotations

import json
import os
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

from . import _cardsim, _keys
from ._args import Path, path, shard as shard_text
from ._progress import Progress, callback, finish

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._keys import ZjhRuleKeys

__all__ = ["exact", "sim", "check_evaluator", "config_keys"]

Config = Union[str, "os.PathLike[str]", Mapping[str, Any], None]


def _game(config: Config, variant: Optional[str], rules: Mapping[str, Any]) -> _cardsim.ZjhSource:
    path, text = "", ""
    if isinstance(config, (str, os.PathLike)):
        path = os.fspath(config)
    elif isinstance(config, Mapping):
        text = json.dumps(dict(config))
    elif config is not None:
        raise TypeError(f"config must be a path, a dict or None, not {type(config).__name__}")
    return _cardsim.ZjhSource(path, text, variant or "", json.dumps(dict(rules)))


def exact(config: Config = None, *, variant: Optional[str] = None, **rules: Unpack[ZjhRuleKeys]) -> Dict[str, Any]:
    """Enumerates all 22,100 hands and every heads-up showdown (``cardsim zjh
    exact --json``): counts, exact fractions and decimals by category."""
    return json.loads(_cardsim.zjh_exact(_game(config, variant, rules)))


def sim(config: Config = None, *, variant: Optional[str] = None, players: Optional[int] = None,
        deals: Union[int, str, None] = None, seed: Optional[int] = None, threads: int = 0,
        chunk_deals: Union[int, str, None] = None, progress: Progress = False, checkpoint: Optional[Path] = None,
        checkpoint_every: float = 60, resume: Optional[Path] = None, shard: Optional[Tuple[int, int]] = None,
        **rules: Unpack[ZjhRuleKeys]) -> Dict[str, Any]:
    """Simulates showdowns of ``players`` (2..17; default the config's, else
    2) over ``deals`` deals (default 10M; seed 1; chunk_deals 1M)
    (``cardsim zjh sim --out -``): seat 1's win, tie and loss rates by
    category, the winning category's distribution, split pots. Threads,
    progress and Ctrl-C as ``cardsim.sim``; ``checkpoint``,
    ``checkpoint_every``, ``resume`` and ``shard=(i, n)`` as ``cardsim.sim``'s
    (a resumed run takes its game and run from the checkpoint; shards combine
    with ``cardsim.merge``)."""
    given = deals is not None or seed is not None or chunk_deals is not None
    run = _cardsim.ZjhRun(players, str(deals if deals is not None else "10M"), 1 if seed is None else seed,
                          str(_cardsim.ZJH_DEFAULT_CHUNK_DEALS if chunk_deals is None else chunk_deals), threads,
                          path(checkpoint), checkpoint_every, path(resume), shard_text(shard), given)
    return finish(*_cardsim.zjh_sim(_game(config, variant, rules), run, callback(progress, "deals")))


def _rate(fn: Callable[[Tuple[int, int, int]], Any], hands: List[Tuple[int, int, int]], min_time: float) -> float:
    """Calls of ``fn`` per second over ``hands``, passes repeated for at least ``min_time`` s."""
    calls = 0
    start = time.perf_counter()
    while True:
        for hand in hands:
            fn(hand)
        calls += len(hands)
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return calls / elapsed


def check_evaluator(fn: Callable[[Tuple[int, int, int]], int], config: Config = None, *,
                    variant: Optional[str] = None, timing: bool = True,
                    **rules: Unpack[ZjhRuleKeys]) -> Dict[str, Any]:
    """Checks a Python hand ranker exhaustively, as ``cardsim bench
    --evaluator`` checks a plugin's ``zjh_rank``: ``fn(cards)`` gets each of
    the 22,100 hands (a tuple of three card indices 0..51, rank * 4 + suit,
    deuce 0 .. ace 12, clubs 0 .. spades 3) and returns an int, higher
    beating lower, equal tying; the order of every pair (244,193,950) is
    compared with cardsim's under the rules (as ``exact`` resolves them).
    Returns the check (``passed``, ``pairs``, ``disagreements``, ``first``,
    ``by_category``, ``rules``) and, with ``timing``, ``timing``: the
    function's calls per second on those hands, the same loop's rate with a
    function doing nothing (Python's call overhead, the most any Python
    function can reach), and cardsim's evaluator's rate on the same hands.
    Raises TypeError or ValueError for a rank that is no int in 0..2**32-1."""
    hands = _cardsim.zjh_hands()
    ranks: List[int] = []
    for hand in hands:
        rank = fn(hand)
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise TypeError(f"the evaluator returned {type(rank).__name__} for {hand}; expected an int")
        if not 0 <= rank < 2**32:
            raise ValueError(f"the evaluator returned {rank} for {hand}; expected an int in 0..2**32-1")
        ranks.append(rank)
    game = _game(config, variant, rules)
    result: Dict[str, Any] = {"check": json.loads(_cardsim.zjh_check_ranks(game, ranks))}
    if timing:
        theirs = _rate(fn, hands, 0.2)
        overhead = _rate(lambda hand: 0, hands, 0.2)
        ours = _cardsim.zjh_rate(game)
        result["timing"] = {"unit": "hands", "cards": "every hand in order", "evaluator": theirs,
                            "empty_function": overhead, "cardsim": ours, "ratio": theirs / ours}
    return result


def config_keys() -> List[Dict[str, Any]]:
    """The keys of a zjh config (``game``, ``variant``, ``rules``, ``players``)
    and of its ``rules`` (``rule`` true: the rule keys ``exact`` and ``sim``
    take as keywords): key, rule, kind, allowed values, help and default (JSON
    text, "null" for none), as docs/zjh.md lists them."""
    keys: List[Dict[str, Any]] = json.loads(_cardsim.zjh_config_keys())
    return keys


_keys.document([key for key in config_keys() if key["rule"]], exact, sim, check_evaluator)
