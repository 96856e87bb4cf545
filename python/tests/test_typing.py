"""The type stubs (__init__.pyi and zjh.pyi, written by python/stubs.py)
against what users write: `mypy --strict` (Debian's python3-mypy) accepts the
documented examples (typing/documented.py) and rejects each misspelt key and
wrong type of typing/misspelt.py, on the line marked "# error"."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "typing"


def mypy(path: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    # The package as PYTHONPATH has it (the build tree's), on mypy's path.
    env = dict(os.environ, MYPYPATH=os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
                           "--no-error-summary", str(path)], capture_output=True, text=True, env=env, check=False)


@pytest.fixture(scope="module", autouse=True)
def has_mypy() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.fail("mypy is not installed for this Python (Debian: python3-mypy; scripts/setup.sh installs it)")


def test_documented_examples_pass(tmp_path: Path) -> None:
    done = mypy(HERE / "documented.py", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_misspelt_keys_and_wrong_types_fail(tmp_path: Path) -> None:
    source = (HERE / "misspelt.py").read_text().splitlines()
    expected = {n for n, line in enumerate(source, 1) if line.endswith("# error")}
    done = mypy(HERE / "misspelt.py", tmp_path)
    reported = {int(m.group(1)) for m in re.finditer(r"misspelt\.py:(\d+): error", done.stdout)}
    assert reported == expected, done.stdout
