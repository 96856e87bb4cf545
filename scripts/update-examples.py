#!/usr/bin/env python3
"""Runs the command examples of README.md and docs/*.md and writes their output
back (or, with --check, fails on any stale one): the docs' examples as tests.

An example is a fenced code block right after the marker line

    <!-- EXAMPLE (scripts/update-examples.py) -->

whose lines are commands ("$ cmd", continued by a trailing backslash or by
"> " lines, as a shell shows them) each followed by its output. The commands of
one page run in order, in one scratch folder of that page (a block may use the
files an earlier one wrote), with bash, stdout and stderr together, `cardsim`
on the PATH (the binary given), configs/ and examples/ beside them, and
CARDSIM_DATA_DIR set to configs/. What depends on the machine's speed or the
build (rates, seconds, thread counts, the git revision) is masked on both sides
before comparing, so a block is rewritten only when something else changed.

A line "..." (indented or not, perhaps with a note in parentheses after it)
in an output stands for any number of lines (an abridged output):
such a block is checked (its other lines in order) but not rewritten; when it
is stale the script prints the whole output for a hand edit.

Usage: scripts/update-examples.py [--check] [--page PAGE]... [CARDSIM]
  CARDSIM  the binary (build/release/cardsim)
  --check  changes nothing; lists the stale examples and exits 1 if any (the
           docs.examples test)
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Tuple

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- EXAMPLE (scripts/update-examples.py) -->"
COMMAND_TIMEOUT_S = 120

# What the machine's speed, core count or build decides, masked as "#". Each
# pattern's groups are kept, the rest of its match becomes the mask.
MASKS = [
    # rates: "58.9 M rounds/s", "3.05e+09 rounds/s", "(724634 rounds/s)", "48.4M deals/s"
    (re.compile(r"[0-9.]+(?:e[+-][0-9]+)? ?([kMG] )?(rounds|deals|hands|states|cells)/s"), r"# \2/s"),
    # durations: "(0.17 s)", "2.8 s on", "in 0.108 s", "1m57"
    (re.compile(r"\b[0-9]+(?:\.[0-9]+)? (s|ms|min)\b"), r"# \1"),
    (re.compile(r"\b[0-9]+m[0-9]+(?:\.[0-9]+)?s\b"), "#"),
    # thread counts: "on 2 threads", "8 threads"
    (re.compile(r"\b[0-9]+ (threads?)\b"), r"# \1"),
    # the version and git revision: "cardsim indices 0.2.0 (03d34684bb1a)"
    (re.compile(r"\b[0-9]+\.[0-9]+\.[0-9]+ \([0-9a-f]{7,40}(-dirty)?\)"), "# (#)"),
]


def mask(line: str) -> str:
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return line


class Example:
    """One marked block: where it is in its page and its commands with the output shown."""

    def __init__(self, page: Path, first: int, last: int, lines: List[str]):
        self.page, self.first, self.last = page, first, last  # the lines inside the fence
        self.steps: List[Tuple[List[str], List[str]]] = []  # (command lines, output lines)
        for line in lines:
            continued = self.steps and (self.steps[-1][0][-1].endswith("\\") and not self.steps[-1][1]
                                        or line.startswith("> ") and not self.steps[-1][1])
            if continued:
                self.steps[-1][0].append(line)
            elif line.startswith("$ "):
                self.steps.append(([line], []))
            elif self.steps:
                self.steps[-1][1].append(line)
            else:
                raise SystemExit(f"error: {page}:{first + 1}: an example starts with a command ($ ...), not {line!r}")

    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.first}"


def examples_of(page: Path) -> List[Example]:
    lines = page.read_text(encoding="utf-8").split("\n")
    found = []
    for i, line in enumerate(lines):
        if line.strip() != MARKER:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            raise SystemExit(f"error: {page}:{i + 1}: the example marker is not followed by a code block")
        end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), None)
        if end is None:
            raise SystemExit(f"error: {page}:{i + 2}: the example's code block is not closed")
        found.append(Example(page, i + 2, end, lines[i + 2:end]))
    return found


def command_text(command: List[str]) -> str:
    """The shell text of a command's lines ("$ " and "> " prompts removed)."""
    return "\n".join(line[2:] if line.startswith(("$ ", "> ")) else line for line in command)


def run(command: List[str], folder: Path, env: dict) -> List[str]:
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command_text(command)], cwd=folder, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=COMMAND_TIMEOUT_S, check=False)
    text = done.stdout.decode("utf-8", errors="replace")
    if done.returncode != 0:
        print(f"warning: `{command_text(command)}` exited {done.returncode}", file=sys.stderr)
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n") if text else []


def elided(line: str) -> bool:
    """A line "...", indented or not, perhaps with a note in parentheses after it."""
    return re.fullmatch(r"\s*\.\.\.(\s+\(.*\))?\s*", line) is not None


def shown_output(shown: List[str]) -> List[str]:
    """The output lines shown, without the blank lines that part it from the next command."""
    end = len(shown)
    while end > 0 and not shown[end - 1].strip():
        end -= 1
    return shown[:end]


def matches(shown: List[str], output: List[str]) -> bool:
    """Whether the output shown (with "..." for any lines) is the output, masked."""
    shown = shown_output(shown)
    if not any(elided(line) for line in shown):
        return [mask(line) for line in shown] == [mask(line) for line in output]
    pattern = "".join(r"(?:[^\n]*\n)*?" if elided(line) else re.escape(mask(line) + "\n") for line in shown)
    return re.fullmatch(pattern, "".join(mask(line) + "\n" for line in output)) is not None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--page", action="append", help="only this page (README.md, docs/x.md)")
    parser.add_argument("cardsim", nargs="?", default=str(ROOT / "build/release/cardsim"))
    args = parser.parse_args()
    cardsim = Path(args.cardsim).resolve()
    if not os.access(cardsim, os.X_OK):
        print(f"error: {args.cardsim} is not an executable; build cardsim first (scripts/build.sh)", file=sys.stderr)
        return 2
    pages = [ROOT / p for p in args.page] if args.page else [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    stale = hand_edits = 0
    with tempfile.TemporaryDirectory() as scratch:
        bin_dir = Path(scratch) / "bin"
        bin_dir.mkdir()
        (bin_dir / "cardsim").symlink_to(cardsim)
        env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": scratch, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "CARDSIM_DATA_DIR": str(ROOT / "configs"), "COLUMNS": "80", "TERM": "dumb"}
        for page in pages:
            examples = examples_of(page)
            if not examples:
                continue
            folder = Path(scratch) / page.name
            folder.mkdir()
            for name in ["configs", "examples"]:
                (folder / name).symlink_to(ROOT / name)
            lines = page.read_text(encoding="utf-8").split("\n")
            # Run in page order, rewrite from the end so that line numbers stay right.
            results = []
            for example in examples:
                results.append((example, [(command, shown, run(command, folder, env))
                                          for command, shown in example.steps]))
            for example, steps in reversed(results):
                if all(matches(shown, output) for _, shown, output in steps):
                    continue
                stale += 1
                abridged = any(elided(line) for _, shown, _ in steps for line in shown)
                hand_edits += abridged
                if args.check or abridged:
                    print(f"{example.where()}: the example is stale{' (abridged: edit it by hand)' if abridged else ''}:",
                          file=sys.stderr)
                    for command, shown, output in steps:
                        if not matches(shown, output):
                            print(f"  {command_text(command)}", file=sys.stderr)
                            for line in difference(shown, output):
                                print(f"    {line}", file=sys.stderr)
                    continue
                block = []
                for n, (command, shown, output) in enumerate(steps):
                    block += command + output
                    if n + 1 < len(steps) and shown and not shown[-1].strip():
                        block.append("")  # (as the page parted it from the next command)
                lines[example.first:example.last] = block
                print(f"updated {example.where()}")
            if not args.check:
                page.write_text("\n".join(lines), encoding="utf-8")
    if stale and (args.check or hand_edits):
        print(f"error: {stale} example(s) are stale; run scripts/update-examples.py, edit the abridged ones by hand "
              "and commit the result", file=sys.stderr)
        return 1
    return 0


def difference(shown: List[str], output: List[str]) -> List[str]:
    import difflib
    return list(difflib.unified_diff(shown, output, "shown", "output", n=1, lineterm=""))[:40]


if __name__ == "__main__":
    sys.exit(main())
