#!/usr/bin/python3
"""The stored expected results of cardsim (tests/regression/README.md).

Each case is a folder holding `cmd` (the cardsim commands, one a line), its
inputs, and the expected result `results_true.json` (or `.txt`, `.html`). A
case runs in a scratch copy of its folder; the standard output of its last
command is the result, compared with the expected one:

- JSON: the same fields at every depth (a field added or removed is a
  difference), integers exactly, other numbers within a relative 1e-9 (or an
  absolute 1e-12 near zero), strings, booleans and nulls exactly. Fields that
  differ between two runs of the same seed (TIMING) are left out.
- text and HTML: line by line; each line's words exactly and its numbers as
  in JSON (a number with a decimal point or an exponent within the tolerance,
  an integer exactly); what the case's `ignore` file names (regular
  expressions, one a line: a printed time) is left out.

    regression.py check CARDSIM CASE_DIR...    compare (what ctest runs)
    regression.py update CARDSIM CASE_DIR...   rewrite the expected results,
                                               saying what moved
"""
from __future__ import annotations

import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator, List, Optional, Tuple

# Fields whose values vary between runs of the same seed: how long a run took
# and on which commit it was built. Left out at any depth.
TIMING = {"performance", "elapsed_seconds", "deals_per_second", "git_revision"}
# The precision of a figure computed in floating point (a different libm, FMA
# contraction or summation order moves the last bits, not the ninth digit).
RELATIVE = 1e-9
ABSOLUTE = 1e-12
EXPECTED = ("results_true.json", "results_true.txt", "results_true.html")
# Differences printed per case (all are counted).
SHOWN = 40
NUMBER = re.compile(r"-?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+)")


# A shipped data file named in a result (a side bet's "file") is an absolute
# path into the data folder, which differs between checkouts and installs: it
# is compared from the data kind's folder on ("<data>/sidebets/21-plus-3.json").
DATA_PATH = re.compile(r"^/.*/(sidebets|strategies|counts|indices|zjh)/([^/]+)$")


def strip_timing(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: strip_timing(item) for key, item in value.items() if key not in TIMING}
    if isinstance(value, list):
        return [strip_timing(item) for item in value]
    if isinstance(value, str):
        return DATA_PATH.sub(r"<data>/\1/\2", value)
    return value


def numbers_agree(expected: Any, got: Any) -> bool:
    """Integers exactly; a float against a number within the tolerance."""
    if isinstance(expected, int) and isinstance(got, int):
        return expected == got
    if math.isnan(expected) or math.isnan(got):
        return math.isnan(expected) and math.isnan(got)
    return abs(expected - got) <= max(RELATIVE * max(abs(expected), abs(got)), ABSOLUTE)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def json_differences(expected: Any, got: Any, path: str = "") -> Iterator[str]:
    where = path or "(top)"
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in expected:
            if key not in got:
                yield f"{path}/{key}: removed (was {short(expected[key])})"
        for key in got:
            if key not in expected:
                yield f"{path}/{key}: added ({short(got[key])})"
        for key in expected:
            if key in got:
                yield from json_differences(expected[key], got[key], f"{path}/{key}")
    elif isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            yield f"{where}: {len(expected)} items, now {len(got)}"
        for i, (a, b) in enumerate(zip(expected, got)):
            yield from json_differences(a, b, f"{path}/{i}")
    elif is_number(expected) and is_number(got):
        if not numbers_agree(expected, got):
            yield f"{where}: {expected!r} -> {got!r}{relative_change(expected, got)}"
    elif type(expected) is not type(got) or expected != got:
        yield f"{where}: {short(expected)} -> {short(got)}"


def relative_change(expected: Any, got: Any) -> str:
    if isinstance(expected, int) and isinstance(got, int):
        return f" ({got - expected:+d})"
    if expected:
        return f" (relative {(got - expected) / abs(expected):+.3g})"
    return ""


def short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_number(token: str) -> Any:
    return float(token) if any(c in token for c in ".eE") else int(token)


def tokens(line: str) -> List[Tuple[int, str]]:
    """A line as (offset, text) tokens: numbers, and the words between them."""
    found, at = [], 0
    for match in NUMBER.finditer(line):
        if match.start() > at:
            found.append((at, line[at:match.start()]))
        found.append((match.start(), match.group()))
        at = match.end()
    if at < len(line):
        found.append((at, line[at:]))
    return found


def tokens_agree(a: str, b: str) -> bool:
    if NUMBER.fullmatch(a) and NUMBER.fullmatch(b):
        return numbers_agree(parse_number(a), parse_number(b))
    return a == b


def around(line: str, offset: int) -> str:
    """The part of a long line (an HTML page's) around `offset`."""
    if len(line) <= 120:
        return line
    start = max(0, offset - 50)
    return ("..." if start else "") + line[start:offset + 70] + ("..." if offset + 70 < len(line) else "")


def text_differences(expected: str, got: str) -> Iterator[str]:
    """Line by line: the words between numbers exactly, the numbers as JSON's."""
    old_lines, new_lines = expected.splitlines(), got.splitlines()
    if len(old_lines) != len(new_lines):
        yield f"{len(old_lines)} lines, now {len(new_lines)}"
    for number, (old, new) in enumerate(zip(old_lines, new_lines), start=1):
        old_tokens, new_tokens = tokens(old), tokens(new)
        for (old_at, a), (new_at, b) in zip(old_tokens, new_tokens):
            if not tokens_agree(a, b):
                yield f"line {number}:\n    - {around(old, old_at)}\n    + {around(new, new_at)}"
                break
        else:
            if len(old_tokens) != len(new_tokens):
                yield f"line {number}:\n    - {around(old, len(old))}\n    + {around(new, len(old))}"


def read_commands(case: Path) -> List[List[str]]:
    lines = (case / "cmd").read_text().splitlines()
    commands = [shlex.split(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not commands:
        raise SystemExit(f"regression: {case}/cmd has no command")
    return commands


def run_case(cardsim: Path, case: Path) -> str:
    """The standard output of the case's last command, run in a scratch copy
    (with the case's `stdin` file, if any, as its input; the locale pinned)."""
    environment = {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "TMPDIR")}
    environment.update(LC_ALL="C.UTF-8", NO_COLOR="1")
    stdin = (case / "stdin").read_text() if (case / "stdin").exists() else ""
    with tempfile.TemporaryDirectory(prefix=f"regression-{case.name}-") as scratch:
        work = Path(scratch) / case.name
        shutil.copytree(case, work, ignore=shutil.ignore_patterns("results_true.*"))
        output = ""
        for arguments in read_commands(case):
            done = subprocess.run([str(cardsim), *arguments], cwd=work, input=stdin, capture_output=True, text=True,
                                  env=environment, check=False)
            if done.returncode != 0:
                raise SystemExit(f"FAIL [regression {case.name}]: cardsim {shlex.join(arguments)} exited "
                                 f"{done.returncode}:\n{done.stderr}")
            output = done.stdout
        return output


def expected_file(case: Path) -> Optional[Path]:
    found = [case / name for name in EXPECTED if (case / name).exists()]
    if len(found) > 1:
        raise SystemExit(f"regression: {case} has {len(found)} expected results; keep one")
    return found[0] if found else None


def kind_of(output: str) -> str:
    if output.lstrip().lower().startswith(("<!doctype html", "<html")):
        return "html"
    try:
        json.loads(output)
        return "json"
    except ValueError:
        return "txt"


def masked(case: Path, text: str) -> str:
    """Text with what the case's `ignore` file names (one regular expression a
    line: a time printed in a text report) replaced by <ignored>."""
    ignore = case / "ignore"
    if ignore.exists():
        for pattern in ignore.read_text().splitlines():
            if pattern.strip() and not pattern.startswith("#"):
                text = re.sub(pattern, "<ignored>", text, flags=re.MULTILINE)
    return text


def differences(case: Path, kind: str, expected: str, got: str) -> List[str]:
    if kind == "json":
        return list(json_differences(strip_timing(json.loads(expected)), strip_timing(json.loads(got))))
    return list(text_differences(masked(case, expected), masked(case, got)))


def stored_form(kind: str, output: str) -> str:
    if kind == "json":
        return json.dumps(strip_timing(json.loads(output)), indent=2, ensure_ascii=False) + "\n"
    return output


def report(case: Path, found: List[str], verb: str) -> None:
    print(f"{verb} [regression {case.name}]: {len(found)} difference(s) from "
          f"tests/regression/{case.name}/:", file=sys.stderr)
    for line in found[:SHOWN]:
        print(f"  {line}", file=sys.stderr)
    if len(found) > SHOWN:
        print(f"  ... and {len(found) - SHOWN} more", file=sys.stderr)


def check(cardsim: Path, case: Path) -> bool:
    expected = expected_file(case)
    if expected is None:
        print(f"FAIL [regression {case.name}]: no results_true.* (make it with scripts/update-regression.sh "
              f"{case.name})", file=sys.stderr)
        return False
    kind = expected.suffix[1:]
    got = run_case(cardsim, case)
    if kind == "json" and kind_of(got) != "json":
        print(f"FAIL [regression {case.name}]: the output is not JSON:\n{got[:400]}", file=sys.stderr)
        return False
    found = differences(case, kind, expected.read_text(), got)
    if found:
        report(case, found, "FAIL")
        print("(if the change is intended: scripts/update-regression.sh, reviewed as "
              "tests/regression/README.md says, and said in CHANGELOG.md)", file=sys.stderr)
        return False
    print(f"regression {case.name}: as stored ({expected.name})")
    return True


def update(cardsim: Path, case: Path) -> bool:
    got = run_case(cardsim, case)
    kind = kind_of(got)
    old = expected_file(case)
    target = case / f"results_true.{kind}"
    if old is not None and old != target:
        old.unlink()
        print(f"regression {case.name}: {old.name} replaced by {target.name}")
    elif old is not None:
        found = differences(case, kind, old.read_text(), got)
        if found:
            report(case, found, "UPDATED")
    target.write_text(stored_form(kind, got))
    print(f"regression {case.name}: wrote {target.relative_to(case.parent.parent.parent)}")
    return True


def main(argv: List[str]) -> int:
    if len(argv) < 3 or argv[0] not in ("check", "update"):
        print(__doc__, file=sys.stderr)
        return 2
    verb, cardsim, cases = argv[0], Path(argv[1]).resolve(), [Path(c).resolve() for c in argv[2:]]
    for case in cases:
        if not (case / "cmd").is_file():
            print(f"regression: {case} is not a case (no cmd file)", file=sys.stderr)
            return 2
    action = check if verb == "check" else update
    results = [action(cardsim, case) for case in cases]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
