"""cardsim from Python: blackjack and Zha Jin Hua simulations and exact analyses.

The calls are the CLI's commands (``cardsim sim`` is ``cardsim.sim``), their
keyword arguments the config keys (``decks=8, h17=True``; docs/config.md) and
their results the JSON the CLI writes with ``--out -``, as dicts::

    import cardsim
    result = cardsim.sim("configs/6d-s17-das.json", decks=8, rounds=10_000_000, seed=7)
    result["edge"]["house_edge_percent"]
    cardsim.to_frame(result)          # pandas: the dealer's totals by up card

Long runs release the GIL and play on every core (``threads=0``), show a
progress bar on stderr with ``progress=True`` (or call ``progress(done,
total)``), and stop on Ctrl-C after the chunks in progress: the
KeyboardInterrupt raised then carries the partial result as ``exc.partial``
(None if no chunk was finished). Bad input raises ValueError with the CLI's
message. See docs/python.md.
"""
from __future__ import annotations

import json
import os
import warnings
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Union

from . import _cardsim, zjh
from ._keys import ConfigKeys, CountingKeys, RuleKeys, RunKeys, SweepKeys, ZjhRuleKeys
from ._progress import Progress, callback, finish as _finish

if TYPE_CHECKING:
    import pandas
    from typing_extensions import Unpack

__all__ = ["sim", "analyze", "compare", "sweep", "chart", "to_frame", "config_keys", "zjh", "PairedResult",
           "ConfigKeys", "RuleKeys", "CountingKeys", "RunKeys", "SweepKeys", "ZjhRuleKeys"]
__version__: str = _cardsim.__version__

#: A config: a JSON file's path, a dict of config keys, or None (the defaults).
Config = Union[str, "os.PathLike[str]", Mapping[str, Any], None]
#: A result: the JSON object the CLI writes, as a dict.
Result = Dict[str, Any]


def _plain(value: Any) -> Any:
    """JSON for values json does not know: numpy scalars and arrays."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{value!r} ({type(value).__name__}) is not a config value: use a number, string or bool")


def _json(value: Any) -> str:
    return json.dumps(value, default=_plain)


def _source(config: Config, keys: Mapping[str, Any]) -> _cardsim.ConfigSource:
    """The compiled core's view of a config with keys on top."""
    if config is None:
        return _cardsim.ConfigSource("", "{}", _json(dict(keys)))
    if isinstance(config, (str, os.PathLike)):
        return _cardsim.ConfigSource(os.fspath(config), "", _json(dict(keys)))
    if isinstance(config, Mapping):
        return _cardsim.ConfigSource("", _json(dict(config)), _json(dict(keys)))
    raise TypeError(f"config must be a path, a dict or None, not {type(config).__name__}")


def sim(config: Config = None, *, threads: int = 0, target_se: float = 0, progress: Progress = False,
        **keys: Unpack[ConfigKeys]) -> Result:
    """Simulates blackjack: ``cardsim sim``.

    config: a config file's path, a dict of config keys, or None (the
        defaults: 6 decks, S17, DAS, 3:2, basic strategy, 10M rounds, seed 1).
    keys: config keys on top of it, as the CLI's flags (``decks=8,
        h17=True, rounds="100M", seed=7, count="hi-lo"``).
    threads: threads to play on; 0: every core.
    target_se: stop once the standard error of the edge per initial wager
        is at most this (checked every 20 chunks); 0: play every round.
    progress: True for a bar on stderr, or a callable(done, total) in rounds.

    Returns the result JSON of ``cardsim sim --out -`` as a dict: the same
    statistics, byte for byte, for the same config and seed.
    """
    return _finish(*_cardsim.sim(_source(config, keys), threads, target_se, callback(progress, "rounds")))


def _run_keys(rounds: Any, seed: Any, chunk_rounds: Any) -> str:
    return _json({"rounds": rounds, "seed": seed, "chunk_rounds": chunk_rounds})


class PairedResult(dict):  # type: ignore[type-arg]
    """A compare or sweep result: the result JSON as a dict, and as ``csv``
    the text ``--csv`` writes (what ``to_frame`` reads)."""

    csv: str

    @classmethod
    def of(cls, parsed: Mapping[str, Any]) -> "PairedResult":
        result = cls(parsed["result"])
        result.csv = parsed["csv"]
        return result


def _warn_few_chunks(result: Result) -> Result:
    chunks = result["run"]["chunks"]
    if chunks < _cardsim.MIN_PAIRED_CHUNKS and len(result["variants"]) > 1:
        warnings.warn(f"only {chunks} chunks: the paired standard error is estimated over chunks; lower "
                      f"chunk_rounds for at least {_cardsim.MIN_PAIRED_CHUNKS}", stacklevel=3)
    return result


def compare(configs: Sequence[Config], *, rounds: Union[int, str, None] = None, seed: Optional[int] = None,
            chunk_rounds: Union[int, str, None] = None, target_se: float = 0, threads: int = 0,
            progress: Progress = False) -> Result:
    """Plays rule variants on the same cards: ``cardsim compare``.

    configs: two or more configs (paths or dicts); the first is the baseline,
        whose rounds and seed every variant plays unless given here. A
        variant is labelled by its "name", else its file's stem, else
        "variant N".
    rounds, seed, chunk_rounds: the run, for every variant (chunk_rounds
        defaults to 100000: the paired SE is estimated over chunks).
    target_se: stop once every difference's standard error is at most this.

    Returns the result JSON of ``cardsim compare --out -`` as a dict (a
    PairedResult, whose ``csv`` is the text of ``--csv``); each variant's
    edge and its paired difference from the baseline.
    """
    sources = [_source(config, {}) for config in configs]
    result = _finish(*_cardsim.compare(sources, _run_keys(rounds, seed, chunk_rounds), threads, target_se,
                                       callback(progress, "rounds per variant")), PairedResult.of)
    return _warn_few_chunks(result)


def sweep(base: Config = None, vary: Optional[Mapping[str, Union[Sequence[Any], Any]]] = None, *,
          rounds: Union[int, str, None] = None, seed: Optional[int] = None, chunk_rounds: Union[int, str, None] = None,
          target_se: float = 0, threads: int = 0, progress: Progress = False, **keys: Unpack[SweepKeys]) -> Result:
    """Plays a grid of rule variants on the same cards: ``cardsim sweep``.

    base: the config every cell starts from (path, dict or None), with
        ``keys`` on top.
    vary: config key -> its values, e.g. ``{"decks": [1, 2, 6, 8], "h17":
        [False, True]}``, or as text read as ``--vary KEY=TEXT`` is
        (``"1,2,6,8"``, a range ``"0.6:0.9:0.05"``, both ends included); one
        cell per combination, the last key changing fastest, the first cell
        the baseline of the differences.
    rounds, seed, chunk_rounds, target_se, threads, progress: as compare().

    Returns the result JSON of ``cardsim sweep --out -`` as a dict (a
    PairedResult, whose ``csv`` is the text of ``--csv``).
    """
    if not vary:
        raise ValueError("sweep needs at least one key to vary, e.g. vary={'decks': [1, 2, 6, 8]}")
    axes = [[key, values if isinstance(values, str)
             else list(values) if isinstance(values, (list, tuple, range)) or hasattr(values, "tolist")
             else [values]] for key, values in vary.items()]
    result = _finish(*_cardsim.sweep(_source(base, keys), _json(axes), _run_keys(rounds, seed, chunk_rounds), threads,
                                     target_se, callback(progress, "rounds per variant")), PairedResult.of)
    return _warn_few_chunks(result)


def analyze(config: Config = None, *, composition_dependent: bool = False, **keys: Unpack[ConfigKeys]) -> Result:
    """The exact combinatorial analysis of a rule set: ``cardsim analyze``.

    A fresh shoe each round: the dealer's final totals by up card, the
    optimal total-dependent basic strategy with its exact EV, and each
    initial hand's decision EVs (stand, hit, double, split, surrender); a
    config's strategy other than "basic" is evaluated beside it, and
    ``composition_dependent=True`` adds the composition-dependent optimum.
    Returns the result JSON of ``cardsim analyze --out -`` as a dict
    (``to_frame`` gives the initial hands).
    """
    return json.loads(_cardsim.analyze(_source(config, keys), composition_dependent))


def chart(config: Config = None, **keys: Unpack[ConfigKeys]) -> str:
    """The strategy chart a config plays, as text in the chart file format
    (``cardsim chart``): "basic" is computed for the rules."""
    return _cardsim.chart(_source(config, keys))


def config_keys() -> List[Dict[str, str]]:
    """Every config key: key, kind, allowed values, help and default (as JSON text)."""
    return _cardsim.config_keys()


# The columns that name a row of a table, put first.
_ROW_NAMES = ["upcard", "true_count", "cards", "category", "chinese", "probability"]
# The rows of the sim table by up card, in the usual order.
_UPCARDS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]


def _flat(row: Mapping[str, Any], prefix: str = "") -> Dict[str, Any]:
    """A nested dict as one level, keys joined with '.' ("edge.mean")."""
    flat: Dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, Mapping):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _tables(result: Mapping[str, Any]) -> Dict[str, Any]:
    """The tables a result has: name -> a function giving its rows (or a CSV text)."""
    command = result.get("command")
    if command == "sim":
        tables = {"upcard": lambda: [{"upcard": up, **_flat(result["dealer"]["by_upcard"][up])}
                                     for up in _UPCARDS]}
        if "counting" in result:
            tables["true_count"] = lambda: [_flat(row) for row in result["counting"]["by_true_count"]]
        return tables
    if command in ("compare", "sweep"):
        csv = getattr(result, "csv", None)
        if csv is None:
            raise ValueError(f"to_frame reads a {command} result's CSV, which cardsim.{command}() returns with it "
                             f"(.csv); for a result file, write --csv with the CLI and read it with pandas.read_csv")
        return {"variants": lambda: csv}
    if command == "analyze":
        return {"initial_hands": lambda: [_flat(row) for row in result["initial_hands"]]}
    if command == "zjh exact":
        return {"categories": lambda: [_flat(row) for row in result["categories"]]}
    if command == "zjh sim":
        return {"categories": lambda: [_flat(row) for row in result["seat"]["by_category"]]}
    raise ValueError(f"not a cardsim result (its command is {command!r})")


def to_frame(result: Mapping[str, Any], table: Optional[str] = None) -> "pandas.DataFrame":
    """The natural table of a result as a pandas DataFrame.

    sim: the dealer's final totals by up card ("upcard", one row per up card
    2..9, T, A), or with counting on the by-true-count table ("true_count",
    the default then); compare and sweep: one row per variant with the
    columns of ``--csv`` ("variants"); analyze: the initial hands with each
    decision's EV ("initial_hands"); zjh exact and sim: one row per hand
    category ("categories"). Nested fields become columns named with dots
    ("edge.mean"). ``table`` picks another table of the result.

    pandas is imported here only: the rest of cardsim does not need it.
    """
    import io

    import pandas

    tables = _tables(result)
    if table is None:
        table = "true_count" if "true_count" in tables else next(iter(tables))
    if table not in tables:
        raise ValueError(f"a {result.get('command')} result has no table {table!r}; it has: {', '.join(tables)}")
    rows = tables[table]()
    if isinstance(rows, str):
        return pandas.read_csv(io.StringIO(rows))
    frame = pandas.DataFrame(rows)
    # The columns that name a row first, then the JSON's (alphabetical) order.
    first = [column for column in _ROW_NAMES if column in frame.columns]
    return frame[first + [column for column in frame.columns if column not in first]]
