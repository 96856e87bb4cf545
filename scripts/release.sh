#!/usr/bin/env bash
# A release of the committed tree (HEAD) into DIST (default dist/):
#   cardsim-V.tar.gz          the sources (git archive of HEAD, prefix cardsim-V/,
#                             with .git-revision: `cardsim --version` names the commit)
#   cardsim_V_ARCH.deb, libcardsim-dev_V_ARCH.deb, python3-cardsim_V_ARCH.deb
#                             the Debian packages, checked by scripts/check-package.sh
#                             (lintian; as root also installed, used and removed)
#   cardsim-V-cpXY-cpXY-linux_ARCH.whl
#                             the Python wheel, built from the unpacked tarball (so the
#                             tarball is known to build) with pip --no-build-isolation
#                             (offline, with Debian's setuptools, wheel and pybind11)
#   SHA256SUMS                sha256sum of each (`sha256sum -c SHA256SUMS` in DIST)
# V is CMakeLists.txt's project version; CHANGELOG.md must have a dated section
# "## [V] - YYYY-MM-DD" first (the Debian changelog is made from it), and the
# tree no uncommitted change (--allow-dirty builds anyway, from HEAD).
# Usage: scripts/release.sh [--allow-dirty] [DIST]
set -euo pipefail
cd "$(dirname "$0")/.."
allow_dirty=0
if [[ ${1:-} == --allow-dirty ]]; then allow_dirty=1; shift; fi
dist=${1:-dist}
fail() { echo "release: $*" >&2; exit 1; }

version=$(sed -nE 's/^project\(cardsim VERSION ([0-9.]+).*/\1/p' CMakeLists.txt)
[[ -n $version ]] || fail "CMakeLists.txt names no project(cardsim VERSION ...)"
first=$(grep -Em1 '^## \[[0-9]' CHANGELOG.md || true)
[[ $first =~ ^##\ \[$version\]\ -\ [0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] ||
  fail "CHANGELOG.md's newest version section is '$first', not '## [$version] - YYYY-MM-DD': date this version first"
git rev-parse --git-dir >/dev/null 2>&1 || fail "not a git checkout (a release is made from a commit)"
if [[ -n $(git status --porcelain --untracked-files=no) ]]; then
  ((allow_dirty)) || fail "uncommitted changes (commit them, or --allow-dirty to release HEAD without them)"
  echo "release: uncommitted changes are not in the release (it is made from HEAD)" >&2
fi
revision=$(git rev-parse --short=12 HEAD)
mkdir -p "$dist"
dist=$(realpath "$dist")
rm -f "$dist"/cardsim-"$version".tar.gz "$dist"/*.deb "$dist"/cardsim-"$version"-*.whl "$dist"/SHA256SUMS
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "release: cardsim $version, commit $revision, into $dist" >&2

# The source tarball: HEAD's files and its revision, reproducibly (the
# commit's time, gzip -n).
echo "$revision" >"$work/.git-revision"
git archive --format=tar --prefix="cardsim-$version/" --add-file="$work/.git-revision" HEAD |
  gzip -9n >"$dist/cardsim-$version.tar.gz"
echo "release: cardsim-$version.tar.gz" >&2

# The Debian packages, from the unpacked tarball (its deb preset; unpacked
# under build/ so that a compiler cache with its base folder above the
# checkout finds the objects of an earlier build).
rm -rf build/release-src
mkdir -p build/release-src
tar -xzf "$dist/cardsim-$version.tar.gz" -C build/release-src
src=$(realpath "build/release-src/cardsim-$version")
bash "$src/scripts/check-package.sh" "$dist" || fail "the Debian packages failed their check"

# The wheel, from the same sources and the same build folder (the module
# rebuilt for the venv's python; a venv of Debian's python3 with its
# setuptools, wheel and pybind11: no download).
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
CARDSIM_CMAKE_BUILD_DIR="$src/build/deb" "$work/venv/bin/python" -m pip wheel --no-build-isolation --no-deps \
  --no-index -w "$dist" "$src" >"$work/wheel.txt" 2>&1 || fail "pip wheel: $(tail -20 "$work/wheel.txt")"
ls "$dist"/cardsim-"$version"-*.whl >/dev/null || fail "no wheel in $dist"

(cd "$dist" && sha256sum cardsim-"$version".tar.gz ./*.deb cardsim-"$version"-*.whl | sed 's| \./| |' >SHA256SUMS)
echo "release: done:" >&2
(cd "$dist" && ls -l cardsim-"$version".tar.gz ./*.deb cardsim-"$version"-*.whl SHA256SUMS) >&2
