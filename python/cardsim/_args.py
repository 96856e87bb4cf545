"""The arguments every long call takes alike: files and shards, as the
compiled core wants them."""
from __future__ import annotations

import os
from typing import Optional, Tuple, Union

#: A file: a path.
Path = Union[str, "os.PathLike[str]"]


def path(file: Optional[Path]) -> str:
    """A file argument as text ("" for None)."""
    if file is None:
        return ""
    if isinstance(file, (str, os.PathLike)):
        return os.fspath(file)
    raise TypeError(f"a file must be a path, not {type(file).__name__}")


def shard(shard: Optional[Tuple[int, int]]) -> str:
    """A shard argument (i, n) as the CLI writes it, "i/n" ("" for None)."""
    if shard is None:
        return ""
    if (not isinstance(shard, tuple) or len(shard) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in shard)):
        raise TypeError(f"shard must be a tuple (i, n) of ints, such as (0, 4), not {shard!r}")
    return f"{shard[0]}/{shard[1]}"
