"""examples/sweep_decks.py runs (with few rounds) and saves a PNG figure."""
from __future__ import annotations

import os
import subprocess
import sys

from conftest import SOURCE_DIR


def test_sweep_decks_example(tmp_path):
    figure = tmp_path / "edge.png"
    done = subprocess.run([sys.executable, str(SOURCE_DIR / "examples" / "sweep_decks.py"), "--rounds", "20k",
                           "--chunk-rounds", "1000", "--threads", "2", "--out", str(figure)],
                          capture_output=True, text=True, check=False, env={**os.environ, "MPLBACKEND": "Agg"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr  # no warning (20 chunks)
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["decks", "h17", "surrender", "house_edge_percent", "se_percent",
                                "exact_house_edge_percent"]
    assert len(lines) == 1 + 20 + 1 and lines[-1] == f"saved {figure}"
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
