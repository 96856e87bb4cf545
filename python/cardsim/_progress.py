"""The long calls' progress argument (False, True: a bar on stderr, or a
callable) and how their end is reported (finish)."""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Callable, Dict, Optional, Union

Progress = Union[bool, Callable[[int, int], object], None]


class TextBar:
    """A one-line bar on sys.stderr, redrawn at most a few times a second:
    the share done, the count, the rate and the time left."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.start = time.monotonic()
        self.drawn = 0.0
        self.finished = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.finished or (done < total and now - self.drawn < 0.2):
            return
        self.drawn = now
        elapsed = max(now - self.start, 1e-9)
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else float("inf")
        eta = f"{int(left) // 60}:{int(left) % 60:02d}" if left != float("inf") else "?"
        share = done / total if total else 1.0
        width = 30
        filled = int(share * width)
        line = (f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * share:5.1f}% "
                f"{done:,}/{total:,} {self.unit}, {rate / 1e6:.1f} M/s, ETA {eta}  ")
        sys.stderr.write(line)
        if done >= total:
            sys.stderr.write("\n")
            self.finished = True
        sys.stderr.flush()


def callback(progress: Progress, unit: str) -> Optional[Callable[[int, int], object]]:
    """What the compiled core calls with (done, total): None for no progress."""
    if progress is True:
        return TextBar(unit)
    if progress is False or progress is None:
        return None
    if callable(progress):
        return progress
    raise TypeError(f"progress must be True, False or a callable (done, total), not {progress!r}")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT) stopped a run after the chunks in progress; a
    KeyboardInterrupt whose ``partial`` is the result of the chunks that
    were finished (None if none was)."""

    partial: Optional[Dict[str, Any]]

    def __init__(self, partial: Optional[Dict[str, Any]]) -> None:
        super().__init__("cardsim: the run stopped after the chunks in progress; "
                         + ("the partial result is this exception's .partial" if partial is not None
                            else "no chunk was finished, so .partial is None"))
        self.partial = partial


def finish(text: str, stopped: Optional[BaseException],
           make: Callable[[Any], Dict[str, Any]] = lambda parsed: parsed) -> Dict[str, Any]:
    """The result of a watched run: ``make`` of its parsed JSON text (empty:
    nothing played). Raises what stopped it with the partial result as its
    ``partial`` attribute (None if no chunk was finished): Ctrl-C as an
    Interrupted (a KeyboardInterrupt), a progress callback's exception as
    itself."""
    result = make(json.loads(text)) if text else None
    if isinstance(stopped, KeyboardInterrupt):
        raise Interrupted(result) from None
    if stopped is not None:
        stopped.partial = result  # type: ignore[attr-defined]
        if hasattr(stopped, "add_note"):  # Python 3.11 and later
            stopped.add_note("cardsim: the run stopped after the chunks in progress; "
                             + ("the partial result is this exception's .partial" if result is not None
                                else "no chunk was finished, so .partial is None"))
        raise stopped
    assert result is not None  # a run that was not stopped played its chunks
    return result
