#!/usr/bin/env bash
# The Debian packages as a distribution ships them (cmake/Package.cmake):
#  1. builds them: the `deb` preset (build/deb: Release, no MPI, no tests or
#     benchmarks, prefix /usr, CARDSIM_DEBIAN=ON, the Python module), then
#     cpack -G DEB: cardsim_V_ARCH.deb (program, data, man pages, completions),
#     libcardsim-dev_V_ARCH.deb (headers, static libraries, CMake package) and
#     python3-cardsim_V_ARCH.deb (the module);
#  2. lintian on each, where lintian is installed: any error or warning fails
#     (informational tags are counted, not failed: .comment sections, bindnow
#     and fortify, the charts' .txt files in /usr/share/cardsim);
#  3. as root (it installs into /usr; skipped otherwise): dpkg -i of the three,
#     the installed /usr/bin/cardsim (a million rounds with the shipped data,
#     a named count), `import cardsim` in /usr/bin/python3, `man -w`, the bash
#     completion, a CMake consumer of the -dev package (find_package(cardsim)),
#     then dpkg -r of the three and nothing left behind.
# Usage: scripts/check-package.sh [OUTDIR]   (the .debs stay in OUTDIR if given)
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
out=${1:-$work/debs}
mkdir -p "$out"
out=$(realpath "$out")
packages=(python3-cardsim libcardsim-dev cardsim)  # (removed in this order)
installed=0
cleanup() {
  if ((installed)); then dpkg -r "${packages[@]}" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# 1. Build.
cmake --preset deb >"$work/configure.txt" 2>&1 || fail "cmake --preset deb: $(tail -20 "$work/configure.txt")"
cmake --build --preset deb -j "$(nproc)" >"$work/build.txt" 2>&1 || fail "build: $(tail -20 "$work/build.txt")"
rm -f "$out"/*.deb
(cd build/deb && cpack -G DEB -B "$out" >"$work/cpack.txt" 2>&1) || fail "cpack: $(tail -20 "$work/cpack.txt")"
rm -rf "$out/_CPack_Packages"
debs=()
for p in cardsim libcardsim-dev python3-cardsim; do
  deb=$(ls "$out"/${p}_*.deb 2>/dev/null) || fail "no ${p}_*.deb in $out"
  debs+=("$deb")
  echo "check-package: $(basename "$deb"): Depends: $(dpkg-deb -f "$deb" Depends)"
done
dpkg-deb -f "${debs[0]}" Depends | grep -qi mpi && fail "cardsim depends on MPI"

# 2. lintian (exit 0: no error and no warning; informational tags are
# counted, not failed).
if command -v lintian >/dev/null; then
  if ! lintian --tag-display-limit 0 --fail-on error,warning "${debs[@]}" >"$work/lintian.txt" 2>&1; then
    grep -vE '^(N:|running with root)' "$work/lintian.txt" >&2 || true
    fail "lintian failed on the packages (above)"
  fi
  lintian --tag-display-limit 0 -I "${debs[@]}" 2>/dev/null | grep -E '^I: ' >"$work/info.txt" || true
  echo "check-package: lintian: no errors, no warnings ($(wc -l <"$work/info.txt") informational tags:" \
    "$(sed -E 's/^I: [^:]*: ([^ ]*).*/\1/' "$work/info.txt" | sort -u | tr '\n' ' ')"
else
  echo "check-package: lintian is not installed: not run (scripts/setup.sh installs it)"
fi

# 3. Install, use, remove.
if [[ $(id -u) -ne 0 ]]; then
  echo "check-package: the install check skipped (installs into /usr: run as root)"
  exit 0
fi
for p in "${packages[@]}"; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    echo "check-package: the install check skipped (the package $p is installed; this check would replace it)"
    exit 0
  fi
done
# (A minimal image may exclude /usr/share/man and /usr/share/doc from every package: take ours.)
installed=1
dpkg -i --path-include='/usr/share/man/man1/cardsim*' --path-include='/usr/share/doc/*cardsim*' "${debs[@]}" \
  >"$work/dpkg.txt" 2>&1 || fail "dpkg -i: $(cat "$work/dpkg.txt")"

cd "$work"
env -u CARDSIM_DATA_DIR /usr/bin/cardsim sim --rounds 1M --count hi-lo --threads 2 >sim.txt 2>&1 ||
  fail "cardsim sim: $(cat sim.txt)"
grep -q "^house edge " sim.txt || fail "cardsim sim printed no house edge: $(cat sim.txt)"
grep -q ", 1000000 rounds" sim.txt || fail "not 1M rounds: $(cat sim.txt)"
env -u CARDSIM_DATA_DIR /usr/bin/python3 -c "import cardsim; r = cardsim.sim(count='hi-lo', rounds='1M', threads=2);
assert r['run']['rounds'] == 1000000 and r['counting']['system'] == 'hi-lo'; print('python', cardsim.__file__)" \
  >python.txt 2>&1 || fail "import cardsim: $(cat python.txt)"
page=$(man -w cardsim) || fail "man -w cardsim found no page"
[[ $page == /usr/share/man/man1/cardsim.1.gz ]] || fail "man -w cardsim: $page"
man -w cardsim-sim >/dev/null || fail "man -w cardsim-sim found no page"
completion=/usr/share/bash-completion/completions/cardsim
bash -c "source $completion && COMP_WORDS=(cardsim sim --count hi-) COMP_CWORD=3 && _cardsim &&
         [[ \" \${COMPREPLY[*]} \" == *' hi-lo '* ]]" || fail "$completion does not complete --count hi-lo"
for p in cardsim libcardsim-dev python3-cardsim; do
  [[ -s /usr/share/doc/$p/copyright && -s /usr/share/doc/$p/changelog.gz ]] || fail "$p: no copyright or changelog.gz"
done
# The -dev package: a CMake project that links cardsim::cardsim and plays.
mkdir consumer
cat >consumer/CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.25)
project(consumer LANGUAGES CXX)
find_package(cardsim 0.2 REQUIRED)
add_executable(consumer main.cpp)
target_link_libraries(consumer PRIVATE cardsim::cardsim)
EOF
cat >consumer/main.cpp <<'EOF'
#include <cstdio>
#include "cardsim/version.hpp"
int main() { std::printf("cardsim %s\n", cardsim::VERSION); }
EOF
(cmake -S consumer -B consumer/build -DCMAKE_BUILD_TYPE=Release && cmake --build consumer/build) >consumer.txt 2>&1 ||
  fail "a consumer of libcardsim-dev: $(tail -20 consumer.txt)"
consumer/build/consumer >consumer-run.txt || fail "the consumer did not run"
installed=0
dpkg -r "${packages[@]}" >remove.txt 2>&1 || fail "dpkg -r: $(cat remove.txt)"
[[ ! -e /usr/bin/cardsim && ! -e $completion && ! -e /usr/include/cardsim && ! -e /usr/lib/python3/dist-packages/cardsim ]] ||
  fail "dpkg -r left files behind"
echo "check-package: ok ($(head -3 sim.txt | tail -1 | cut -c1-60)...; $page; $(cat python.txt); $(cat consumer-run.txt))"
