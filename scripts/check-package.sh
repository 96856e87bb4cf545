#!/usr/bin/env bash
# The Debian package as an admin installs it: builds it with CPack from a
# built build folder (cmake/Package.cmake; nothing is rebuilt when it is up to
# date), installs it into this machine with dpkg -i, runs the installed
# /usr/bin/cardsim (a million rounds with the shipped data, a named count),
# the Python package if built, and `man -w cardsim`, checks the completion, and removes the package.
# Root only (it installs into /usr); exits 0 with a message otherwise.
# Usage: scripts/check-package.sh [BUILD_DIR]   (build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
if [[ $(id -u) -ne 0 ]]; then
  echo "check-package: skipped (installs a package into /usr: run as root)"
  exit 0
fi
if dpkg-query -W -f='${Status}' cardsim 2>/dev/null | grep -q "install ok installed"; then
  echo "check-package: skipped (a cardsim package is already installed; this check would replace it)"
  exit 0
fi
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'dpkg -r cardsim >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

(cd "$build" && cpack -G DEB -B "$work" >"$work/cpack.txt" 2>&1) || fail "cpack: $(tail -20 "$work/cpack.txt")"
deb=$(ls "$work"/cardsim_*.deb) || fail "no .deb in $work"
echo "check-package: $(basename "$deb"), Depends: $(dpkg-deb -f "$deb" Depends)"
# (A minimal image may exclude /usr/share/man from every package: take ours.)
dpkg -i --path-include='/usr/share/man/man1/cardsim*' "$deb" >"$work/dpkg.txt" 2>&1 ||
  fail "dpkg -i: $(cat "$work/dpkg.txt")"

cd "$work"
env -u CARDSIM_DATA_DIR /usr/bin/cardsim sim --rounds 1M --count hi-lo --threads 2 >sim.txt 2>&1 ||
  fail "cardsim sim: $(cat sim.txt)"
grep -q "^house edge " sim.txt || fail "cardsim sim printed no house edge: $(cat sim.txt)"
grep -q ", 1000000 rounds" sim.txt || fail "not 1M rounds: $(cat sim.txt)"
if compgen -G "/usr/lib/python3/dist-packages/cardsim/_cardsim*.so" >/dev/null; then
  # The Python package (a build with CARDSIM_PYTHON), with the shipped data.
  env -u CARDSIM_DATA_DIR /usr/bin/python3 -c "import cardsim; r = cardsim.sim(count='hi-lo', rounds='1M', threads=2);
assert r['run']['rounds'] == 1000000 and r['counting']['system'] == 'hi-lo'; print('python', cardsim.__file__)" \
    >python.txt 2>&1 || fail "import cardsim: $(cat python.txt)"
  python_note="; $(cat python.txt)"
fi
page=$(man -w cardsim) || fail "man -w cardsim found no page"
[[ $page == /usr/share/man/man1/cardsim.1* ]] || fail "man -w cardsim: $page"
man -w cardsim-sim >/dev/null || fail "man -w cardsim-sim found no page"
completion=/usr/share/bash-completion/completions/cardsim
bash -c "source $completion && COMP_WORDS=(cardsim sim --count hi-) COMP_CWORD=3 && _cardsim &&
         [[ \" \${COMPREPLY[*]} \" == *' hi-lo '* ]]" || fail "$completion does not complete --count hi-lo"
dpkg -r cardsim >"$work/remove.txt" 2>&1 || fail "dpkg -r: $(cat "$work/remove.txt")"
[[ ! -e /usr/bin/cardsim && ! -e $completion ]] || fail "dpkg -r left files behind"
echo "check-package: ok ($(head -3 sim.txt | tail -1 | cut -c1-60)...; $page${python_note:-})"
