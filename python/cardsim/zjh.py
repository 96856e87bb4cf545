"""Zha Jin Hua (炸金花, three-card poker): ``cardsim zjh exact`` and ``cardsim zjh sim``.

The rules are resolved as the CLI resolves them: the variant ("standard",
or a config's "variant"), a config file's (or dict's) "rules", then the rule
keys given here (``ties="suits", a23="second", special_235=True,
straight_above_flush=True``). Results are the CLI's JSON as dicts.
"""
from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Tuple, Union

from . import _cardsim
from ._args import Path, path, shard as shard_text
from ._progress import Progress, callback, finish

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._keys import ZjhRuleKeys

__all__ = ["exact", "sim", "config_keys"]

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


def config_keys() -> List[Dict[str, Any]]:
    """The keys of a zjh config (``game``, ``variant``, ``rules``, ``players``)
    and of its ``rules`` (``rule`` true: the rule keys ``exact`` and ``sim``
    take as keywords): key, rule, kind, allowed values, help and default (JSON
    text, "null" for none), as docs/zjh.md lists them."""
    keys: List[Dict[str, Any]] = json.loads(_cardsim.zjh_config_keys())
    return keys
