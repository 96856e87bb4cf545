"""The type stubs (__init__.pyi and zjh.pyi, written by python/stubs.py;
_cardsim.pyi by hand) against what users write: `mypy --strict` (Debian's
python3-mypy) accepts the documented examples (typing/documented.py) and
rejects each misspelt key and wrong type of typing/misspelt.py, on the line
marked "# error"; and against the package itself: mypy.stubtest finds every
function of the compiled module and the Python layer as the stubs say."""
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


def test_stubs_match_the_compiled_module(tmp_path: Path) -> None:
    # pandas has no stubs in Debian: not followed.
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nignore_missing_imports = True\n")
    # The package as PYTHONPATH has it (the build tree's), imported and read by mypy.
    path = os.pathsep.join(str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
    env = dict(os.environ, PYTHONPATH=path, MYPYPATH=path)
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", "cardsim", "--mypy-config-file", str(config),
                           "--allowlist", str(HERE / "stubtest-allowlist.txt")],
                          capture_output=True, text=True, cwd=tmp_path, env=env, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_compiled_functions_take_the_stubs_parameters() -> None:
    # stubtest cannot see a pybind11 function's parameters; pybind11 writes
    # them as the first line of its docstring, "name(a: T, b: U) -> R".
    import ast
    import importlib

    compiled = importlib.import_module("cardsim._cardsim")
    stub = Path(compiled.__file__).with_name("_cardsim.pyi")
    checked = 0
    for node in ast.parse(stub.read_text()).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        first = getattr(compiled, node.name).__doc__.splitlines()[0]
        runtime = re.findall(r"[(,] *(\w+):", first.split(" -> ")[0])
        assert [a.arg for a in node.args.args] == runtime, f"{node.name}: stub {ast.unparse(node.args)}, runtime {first}"
        checked += 1
    assert checked >= 10
