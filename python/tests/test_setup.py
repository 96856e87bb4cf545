"""`pip install .` (setup.py) builds the compiled core as the quickstart does:
the unity build (CARDSIM_QUICK_BUILD) of the `cli` preset, the module alone,
and says on the terminal that it compiles (pip hides a build's output)."""
from __future__ import annotations

import importlib.util
import json

from conftest import SOURCE_DIR


def load_setup():
    # Imported, not run: setup() runs only as setuptools runs the file.
    spec = importlib.util.spec_from_file_location("cardsim_setup", SOURCE_DIR / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pip_builds_the_module_with_the_quick_build(tmp_path):
    configure, build = load_setup().cmake_commands("cmake", tmp_path, 2)
    assert configure[:5] == ["cmake", "-S", str(SOURCE_DIR), "-B", str(tmp_path)]
    assert "-DCARDSIM_QUICK_BUILD=ON" in configure and "-DCARDSIM_PYTHON=ON" in configure
    assert build == ["cmake", "--build", str(tmp_path), "--target", "_cardsim", "-j", "2"]
    # The same setting as the quickstart's preset.
    presets = json.loads((SOURCE_DIR / "CMakePresets.json").read_text())["configurePresets"]
    cli = next(preset for preset in presets if preset["name"] == "cli")
    assert cli["cacheVariables"]["CARDSIM_QUICK_BUILD"] == "ON"


def test_pip_says_that_it_compiles(capsys, monkeypatch):
    setup = load_setup()
    monkeypatch.setattr("builtins.open", lambda *args, **kwargs: (_ for _ in ()).throw(OSError("no tty")))
    setup.tell("cardsim: compiling")
    assert capsys.readouterr().out == "cardsim: compiling\n"
