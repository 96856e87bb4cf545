"""Every Python example of docs/python.md runs, and prints what the page shows.

The page's ```python blocks run in order, as one session (an example uses the
names an earlier one made), in a scratch folder with the source tree's configs/
beside it: a block of ">>>" lines as a doctest (its output compared with the
page's, runs of spaces compared as one), a block of plain code as a script. And
the shell lines that run this build's module (`$ PYTHONPATH=build/release/python
/usr/bin/python3 -c '...'`) print what the page shows after them."""
from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

from conftest import SOURCE_DIR

PAGE = SOURCE_DIR / "docs" / "python.md"


def python_blocks(page: Path) -> List[Tuple[int, str]]:
    """The ```python blocks of `page`: (line number of the fence, text)."""
    blocks = []
    for match in re.finditer(r"^```python\n(.*?)^```$", page.read_text(encoding="utf-8"), re.S | re.M):
        blocks.append((page.read_text(encoding="utf-8").count("\n", 0, match.start()) + 1, match.group(1)))
    return blocks


def test_page_has_examples():
    blocks = python_blocks(PAGE)
    assert len(blocks) >= 5, blocks
    assert sum(">>> " in text for _, text in blocks) >= 4


def test_python_examples_run(tmp_path, monkeypatch):
    (tmp_path / "configs").symlink_to(SOURCE_DIR / "configs")
    monkeypatch.chdir(tmp_path)
    session: Dict[str, Any] = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    failures = []
    for line, text in python_blocks(PAGE):
        name = f"{PAGE.name}:{line}"
        if ">>> " in text:
            test = parser.get_doctest(text, session, name, str(PAGE), line)
            outcome = runner.run(test, out=failures.append, clear_globs=False)
            session.update(test.globs)
            if outcome.failed:
                break
        else:
            exec(compile(text, name, "exec"), session)  # pylint: disable=exec-used
    assert not failures, "".join(failures)
    assert os.path.exists("ck.json")  # (the checkpoint example wrote its file here)


ONE_LINER = re.compile(r"^\$ PYTHONPATH=build/release/python /usr/bin/python3 -c '([^']*)'\n((?:[^$`\n][^\n]*\n)*)", re.M)


def test_python_one_liners(tmp_path):
    text = PAGE.read_text(encoding="utf-8")
    found = ONE_LINER.findall(text)
    assert found, "no one-liner on the page"
    for code, shown in found:
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False)
        assert done.returncode == 0, (code, done.stderr)
        assert done.stdout == shown, (code, done.stdout, shown)
