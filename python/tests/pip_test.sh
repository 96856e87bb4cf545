#!/usr/bin/env bash
# `pip install .` as a user does it, offline: a fresh venv of Debian's python3
# (--system-site-packages: Debian's setuptools, wheel, pybind11, numpy and
# pandas), `pip install --no-build-isolation --no-deps --no-index` of a copy
# of the source tree, then, from another folder, the installed package: it is
# the venv's (not the build tree's), finds its data in the package, plays as
# the cardsim binary does, ships its stubs (py.typed), makes frames with pandas
# and without pandas says what to install. The module is this build's
# (CARDSIM_PYTHON_MODULE: setup.py packages it instead of running CMake
# again; scripts/release.sh builds the wheel with CMake).
# Usage: pip_test.sh SOURCE_DIR MODULE CARDSIM
set -euo pipefail
source_dir=$1 module=$2 cardsim=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL [python.pip]: $*" >&2; exit 1; }
# The sources without build folders (a clean checkout's files).
mkdir "$work/src"
(cd "$source_dir" && tar --exclude=./build --exclude=./.git --exclude='./out*' --exclude=__pycache__ -cf - .) |
  tar -xf - -C "$work/src"
/usr/bin/python3 -m venv --system-site-packages "$work/venv" || fail "python3 -m venv (Debian: python3-venv)"
python=$work/venv/bin/python
CARDSIM_PYTHON_MODULE=$module "$python" -m pip install --no-build-isolation --no-deps --no-index "$work/src" \
  >"$work/pip.txt" 2>&1 || fail "pip install: $(tail -20 "$work/pip.txt")"
mkdir "$work/elsewhere"
cd "$work/elsewhere"
env -u PYTHONPATH -u CARDSIM_DATA_DIR "$python" - "$work/venv" <<'PY' >out.txt 2>&1 || fail "$(cat out.txt)"
import importlib.metadata, pathlib, sys
import cardsim
venv = pathlib.Path(sys.argv[1]).resolve()
where = pathlib.Path(cardsim.__file__).resolve()
assert venv in where.parents, f"cardsim imported from {where}, not the venv {venv}"
assert (where.parent / "py.typed").is_file() and (where.parent / "__init__.pyi").is_file(), "no stubs installed"
assert (where.parent / "data" / "counts").is_dir(), "no data in the package"
assert importlib.metadata.version("cardsim") == cardsim.__version__, (importlib.metadata.version("cardsim"), cardsim.__version__)
r = cardsim.sim(count="hi-lo", rounds="200k", seed=3, threads=1)
assert r["run"]["rounds"] == 200000 and r["counting"]["system"] == "hi-lo"
frame = cardsim.to_frame(r)
assert len(frame) > 0
print(cardsim.__version__, r["edge"]["house_edge_percent"])
PY
# The same run by the cardsim binary: the same edge.
read -r version edge <out.txt
"$cardsim" sim --count hi-lo --rounds 200k --seed 3 --threads 1 --quiet --out r.json || fail "cardsim sim"
grep -q "\"house_edge_percent\": $edge,\?$" r.json || fail "the venv's cardsim gave $edge, the binary $(grep -m1 house_edge_percent r.json)"
# Without pandas (a venv without Debian's packages): import works, to_frame says what to install.
/usr/bin/python3 -m venv "$work/bare"
env -u PYTHONPATH "$work/bare/bin/python" -c "
import sys; sys.path.insert(0, '$(dirname "$(dirname "$(env -u PYTHONPATH "$python" -c 'import cardsim; print(cardsim.__file__)')")")')
import cardsim
try:
    cardsim.to_frame({'command': 'sim'})
except ImportError as e:
    assert 'needs pandas' in str(e) and 'pip install pandas' in str(e), e
else:
    raise SystemExit('to_frame without pandas raised nothing')
" >bare.txt 2>&1 || fail "without pandas: $(cat bare.txt)"
echo "python.pip: cardsim $version installed in a fresh venv; house edge $edge% as the binary's"
