"""examples/sweep_decks.py and the notebook examples/sweep_decks.ipynb run
(with few rounds), show the table and save a PNG figure; the table's exact
column is the analyzer's edge of each cell and each simulated edge is within
4 standard errors of it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import cardsim
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
    rows = [line.split() for line in lines[1:-1]]
    assert [(int(r[0]), r[1], r[2]) for r in rows] == [
        (d, h, s) for d in [1, 2, 4, 6, 8] for h in ["False", "True"] for s in ["none", "late"]]
    for decks, h17, surrender, edge, se, exact in rows:
        if decks in ("1", "6"):  # the analyzer's value of the cell, as printed (6 significant digits)
            analyzed = cardsim.analyze(decks=int(decks), h17=h17 == "True", surrender=surrender)
            assert abs(float(exact) - analyzed["basic_strategy"]["house_edge_percent"]) < 1e-4, (decks, h17, surrender)
        # The cells are cut-card games: the exact fresh-shoe edge differs by the
        # cut-card effect (under 0.2 points), far inside 4 SE of 20,000 rounds.
        assert abs(float(edge) - float(exact)) < 4 * float(se), (decks, h17, surrender, edge, se, exact)


def test_sweep_decks_notebook(tmp_path):
    # Debian's jupyter-nbconvert runs the notebook in Debian's python3
    # kernel (python3-ipykernel), in a copy beside a copy of the script.
    for name in ["sweep_decks.ipynb", "sweep_decks.py"]:
        shutil.copy(SOURCE_DIR / "examples" / name, tmp_path / name)
    env = {key: value for key, value in os.environ.items() if key != "MPLBACKEND"}  # the kernel's inline backend
    env.update(CARDSIM_ROUNDS="20k", CARDSIM_CHUNK_ROUNDS="1000", JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               IPYTHONDIR=str(tmp_path / "ipython"), PYDEVD_DISABLE_FILE_VALIDATION="1")
    done = subprocess.run(["jupyter-nbconvert", "--to", "notebook", "--execute", "--output", "executed.ipynb",
                           "sweep_decks.ipynb"], cwd=tmp_path, capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr
    executed = json.loads((tmp_path / "executed.ipynb").read_text())
    outputs = [output for cell in executed["cells"] if cell["cell_type"] == "code" for output in cell["outputs"]]
    assert not [output for output in outputs if output["output_type"] == "error"]
    assert any("image/png" in output.get("data", {}) for output in outputs), "no figure shown"
    assert any("exact_house_edge_percent" in "".join(output.get("data", {}).get("text/plain", []))
               for output in outputs), "no table shown"
    assert (tmp_path / "edge-by-decks.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
