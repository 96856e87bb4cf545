"""What the tests share: the cardsim binary of the same build (CARDSIM_BIN,
set by CTest), the source tree, and running the CLI for the reference."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

SOURCE_DIR = Path(__file__).resolve().parents[2]
CONFIGS = SOURCE_DIR / "configs"


@pytest.fixture(scope="session")
def cli() -> Path:
    binary = os.environ.get("CARDSIM_BIN")
    if not binary:
        pytest.fail("CARDSIM_BIN is not set: run these tests through ctest (python.*)")
    return Path(binary)


def run_cli(cli: Path, args: List[str], cwd: Path = SOURCE_DIR) -> subprocess.CompletedProcess:
    return subprocess.run([str(cli), *args], cwd=cwd, capture_output=True, text=True, check=False)


def cli_json(cli: Path, args: List[str]) -> Dict[str, Any]:
    """The JSON the CLI writes to stdout with --out - (and --quiet)."""
    done = run_cli(cli, args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_error(cli: Path, args: List[str]) -> str:
    """The CLI's one error line, without "error: "."""
    done = run_cli(cli, args)
    assert done.returncode != 0, f"cardsim {args} succeeded"
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0][len("error: "):]


# The parts of a result that differ between two runs of the same seed: how
# long it took (blackjack's are in "performance", zjh's beside the others).
TIMING = {"performance", "elapsed_seconds", "deals_per_second"}


def statistics(result: Any) -> Any:
    """A result without its timing fields, at any depth."""
    if isinstance(result, dict):
        return {key: statistics(value) for key, value in result.items() if key not in TIMING}
    if isinstance(result, list):
        return [statistics(value) for value in result]
    return result
