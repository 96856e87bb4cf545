#!/usr/bin/env bash
# The installed package as a user gets it from `cmake --install`: its files,
# an installed cardsim that finds its data from its own folder after the
# prefix has moved, with the source and build trees out of sight, and a
# project of its own built against it with find_package(cardsim).
# Usage: install_test.sh CARDSIM CASE PREFIX SOURCE_DIR BUILD_DIR VERSION
#   CARDSIM  the build tree's executable (the reference)
#   PREFIX   where the install.setup test installed this build
# Every case works on a copy of PREFIX at another path ($work/installed).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../cli/common.sh"
prefix=$3 source_dir=$4 build_dir=$5 version=$6
here=$(dirname "${BASH_SOURCE[0]}")
unset CARDSIM_DATA_DIR

installed=$work/installed
cp -a "$prefix" "$installed" || fail "cannot copy $prefix"
data=$installed/share/cardsim

# A named chart, count and index set (docs/install.md, "The data folder") on a
# short fixed-seed run.
named=(sim --strategy basic-s17-das --count hi-lo --indices illustrious18-fab4-s17 --rounds 200k --seed 3 --threads 2
       --quiet)
# A result's statistics with the names of the files played replaced by NAME
# (also where the exact value's strategy is the chart "without the index plays").
played() {
  statistics "$1" |
    sed -E 's/"(basic-s17-das|hi-lo|illustrious18-fab4-s17|only-installed)( without the index plays)?"/"NAME\2"/g'
}

case $case_name in
layout)
  for file in bin/cardsim include/cardsim/version.hpp include/cardsim/core/rng.hpp include/cardsim/io/data_dir.hpp \
              lib*/libcardsim_game.a lib*/libcardsim_io.a lib*/libcardsim_report.a lib*/libcardsim_app.a \
              include/cardsim/app/sim_job.hpp include/cardsim/report/html.hpp lib*/cmake/cardsim/cardsimConfig.cmake \
              lib*/cmake/cardsim/cardsimConfigVersion.cmake lib*/cmake/cardsim/cardsimTargets.cmake \
              share/cardsim/6d-s17-das.json share/cardsim/strategies/basic-s17-das.txt share/cardsim/counts/hi-lo.json \
              share/cardsim/indices/illustrious18-fab4-s17.txt share/cardsim/zjh/standard.json \
              share/bash-completion/completions/cardsim share/zsh/site-functions/_cardsim \
              share/fish/vendor_completions.d/cardsim.fish share/doc/cardsim/LICENSE \
              lib*/cmake/cardsim/cardsim_data_dir.cpp \
              ${CARDSIM_MAN_PAGES:+share/man/man1/cardsim.1 share/man/man1/cardsim-sim.1 share/man/man1/cardsim-zjh-deal.1}; do
    compgen -G "$installed/$file" >/dev/null || fail "not installed: $file"
  done
  # No installed file, the executable, the libraries and the Python module
  # included, names a path of the build machine (not even the prefix they
  # were installed to: the package is relocatable).
  leaks=$(grep -rlF -e "$source_dir" -e "$build_dir" -e "$prefix" "$installed")
  [[ -z $leaks ]] || fail "installed files name a build path: $leaks"
  "$installed/bin/cardsim" --version | grep -Eq "^cardsim $version( |\$)" || fail "--version is not $version"
  ;;
relocated)
  "$cardsim" "${named[@]}" --out reference.json || fail "the build tree's cardsim"
  "$installed/bin/cardsim" "${named[@]}" --out installed.json || fail "the installed cardsim"
  diff <(statistics reference.json) <(statistics installed.json) >/dev/null || fail "the installed cardsim plays differently"
  # Names that exist only in the installed data: found from the executable's folder.
  cp "$data/strategies/basic-s17-das.txt" "$data/strategies/only-installed.txt"
  cp "$data/counts/hi-lo.json" "$data/counts/only-installed.json"
  cp "$data/indices/illustrious18-fab4-s17.txt" "$data/indices/only-installed.txt"
  "$installed/bin/cardsim" sim --strategy only-installed --count only-installed --indices only-installed --rounds 200k \
    --seed 3 --threads 2 --quiet --out only.json || fail "names in $data not found"
  diff <(played installed.json) <(played only.json) >/dev/null || fail "the copied files play differently"
  expect_error 1 "'only-installed' is not a count in $source_dir/configs/counts/" \
    "$cardsim" sim --count only-installed --rounds 1k
  # CARDSIM_DATA_DIR, when set, is the only folder looked in.
  mkdir -p elsewhere/counts && cp "$data/counts/hi-lo.json" elsewhere/counts/env-only.json
  env CARDSIM_DATA_DIR="$work/elsewhere" "$installed/bin/cardsim" sim --count env-only --rounds 100k --quiet \
    --out env.json || fail "CARDSIM_DATA_DIR not used"
  expect_error 1 "'hi-lo' is not a count in $work/elsewhere/counts/ " \
    env CARDSIM_DATA_DIR="$work/elsewhere" "$installed/bin/cardsim" sim --count hi-lo --rounds 1k
  expect_error 1 "not found; looked in CARDSIM_DATA_DIR=$work/missing" \
    env CARDSIM_DATA_DIR="$work/missing" "$installed/bin/cardsim" sim --count hi-lo --rounds 1k
  ;;
hidden-source)
  # A mount namespace of its own (unprivileged: a user namespace maps us to
  # root in it) where empty folders lie over the source and build trees, so
  # the installed copy cannot reach the configs/ path compiled into it.
  unshare --user --map-root-user --mount true 2>/dev/null ||
    { echo "SKIPPED: unshare --user --mount is not permitted here, so the source tree cannot be hidden"; exit 77; }
  "$cardsim" "${named[@]}" --out reference.json || fail "the build tree's cardsim"
  cp -a "$installed" nodata && rm -r nodata/share/cardsim
  unshare --user --map-root-user --mount bash -s "$source_dir" "$build_dir" "$installed/bin/cardsim" \
    "$work/nodata/bin/cardsim" "${named[@]}" <<'HIDDEN' >hidden.txt 2>&1 || fail "hidden run: $(cat hidden.txt)"
set -u
source_dir=$1 build_dir=$2 installed=$3 nodata=$4
shift 4
# The build tree first: it may lie inside the source tree.
mount -t tmpfs none "$build_dir" && mount -t tmpfs none "$source_dir" || { echo "mount failed"; exit 1; }
[[ ! -e $source_dir/configs ]] || { echo "$source_dir/configs still visible"; exit 1; }
"$installed" "$@" --out hidden.json || { echo "installed cardsim failed"; exit 1; }
# Without any data folder: a chart that needs none plays; a named count is one error naming where it looked.
"$nodata" sim --strategy basic --rounds 100k --quiet --out basic.json || { echo "--strategy basic needs data"; exit 1; }
"$nodata" sim --count hi-lo --rounds 1k >nodata-out.txt 2>nodata-err.txt
echo $? >nodata-exit.txt
HIDDEN
  diff <(statistics reference.json) <(statistics hidden.json) >/dev/null ||
    fail "the installed cardsim plays differently with the source tree hidden"
  [[ $(cat nodata-exit.txt) == 1 && ! -s nodata-out.txt && $(wc -l <nodata-err.txt) == 1 ]] ||
    fail "without data: exit $(cat nodata-exit.txt), $(cat nodata-err.txt)"
  grep -qF "looked in $work/nodata/share/cardsim, $work/nodata/bin/cardsim-data; CARDSIM_DATA_DIR is not set" \
    nodata-err.txt ||
    fail "the error does not name the folders looked in: $(cat nodata-err.txt)"
  ;;
consumer)
  # A copy of the project outside the source tree, built against the copy of
  # the installed tree; nothing in its build may name the source or build tree.
  cp -r "$here/consumer" project
  cp "$data/strategies/cacarulo-6d-s17-das-ls.txt" "$data/strategies/only-installed.txt"
  cmake -S project -B build -DCMAKE_PREFIX_PATH="$installed" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="${CXX:-c++}" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >configure.txt 2>&1 ||
    fail "configure: $(tail -20 configure.txt)"
  grep -qF "cardsim $version found, data in $data" configure.txt || fail "package: $(grep cardsim configure.txt)"
  cmake --build build -j 2 >build.txt 2>&1 || fail "build: $(tail -30 build.txt)"
  # (The compile and link commands, the headers each object depends on, the
  # executables: they name the installed package's data folder, not the
  # source tree.)
  leaks=$(grep -rlF -e "$source_dir" -e "$build_dir" build)
  [[ -z $leaks ]] || fail "the consumer's build names the cardsim source or build tree: $leaks"
  compgen -G "build/CMakeFiles/consumer.dir/*.d" >/dev/null || fail "no dependency files to check"
  # Cacarulo's published figure for his chart: 6 decks S17 DAS LS, -0.3317036%
  # (the analyzer agrees to 0.0002 points; tests/blackjack/analysis_test.cpp
  # allows 0.002).
  # The data folder: the package's cardsim_DATA_DIR (set before main by
  # cardsim_data_dir.cpp), wherever the program lies; set_data_dir() (the
  # program's third argument) instead; $CARDSIM_DATA_DIR over both.
  build/consumer 6d-s17-das-ls-fresh.json only-installed >consumer.txt || fail "consumer: $(cat consumer.txt)"
  grep -qx "cardsim $version" consumer.txt || fail "version: $(cat consumer.txt)"
  grep -qx "data $data" consumer.txt || fail "data folder: $(cat consumer.txt)"
  cp -r "$data" mine
  build/consumer 6d-s17-das-ls-fresh.json only-installed "$work/mine" >mine.txt || fail "consumer: $(cat mine.txt)"
  grep -qx "data $work/mine" mine.txt || fail "set_data_dir: $(cat mine.txt)"
  env CARDSIM_DATA_DIR="$data" build/consumer 6d-s17-das-ls-fresh.json only-installed "$work/mine" >env.txt ||
    fail "consumer: $(cat env.txt)"
  grep -qx "data $data" env.txt || fail "CARDSIM_DATA_DIR: $(cat env.txt)"
  # A missing data folder: the library's error reaches the program as a cardsim::Error.
  expect_error 1 "data folder .* was not found; looked in CARDSIM_DATA_DIR=$work/none" \
    env CARDSIM_DATA_DIR="$work/none" build/consumer 6d-s17-das-ls-fresh.json only-installed
  awk '$1 == "house_edge_percent" { d = $2 - 0.3317036; ok = (d < 0.002 && d > -0.002) } END { exit !ok }' \
    consumer.txt || fail "house edge not within 0.002 points of 0.3317036%: $(cat consumer.txt)"
  # The three-card hands by category: C(52,3) = 22,100 split by combinatorics.
  build/consumer_game >game.txt || fail "consumer_game"
  diff game.txt - <<'COUNTS' || fail "hands by category: $(cat game.txt)"
leopard 52
straight_flush 48
flush 1096
straight 720
pair 3744
high_card 16440
COUNTS
  ;;
python)
  # The Python package (python/) where `cmake --install` put it: Debian's
  # dist-packages path under the prefix. It finds the installed data from its
  # own folder (a chart only the installed data has) and plays what the
  # installed cardsim plays.
  package=$installed/lib/python3/dist-packages/cardsim
  for file in __init__.py zjh.py _keys.py _progress.py _cardsim.pyi py.typed; do
    [[ -e $package/$file ]] || fail "not installed: $package/$file"
  done
  compgen -G "$package/_cardsim*.so" >/dev/null || fail "not installed: the compiled module in $package"
  cp "$data/strategies/basic-s17-das.txt" "$data/strategies/only-installed.txt"
  "$installed/bin/cardsim" sim --strategy only-installed --rounds 200k --seed 3 --threads 2 --quiet --out cli.json ||
    fail "the installed cardsim"
  PYTHONPATH=$installed/lib/python3/dist-packages /usr/bin/python3 - "$installed" >python.txt 2>&1 <<'PYTHON' ||
import json, sys
import cardsim
assert cardsim.__file__.startswith(sys.argv[1] + "/"), cardsim.__file__
result = cardsim.sim(strategy="only-installed", rounds="200k", seed=3, threads=2)
del result["performance"]
print(json.dumps(result, sort_keys=True))
PYTHON
    fail "the installed Python package: $(cat python.txt)"
  /usr/bin/python3 -c 'import json, sys; r = json.load(open("cli.json")); del r["performance"]; print(json.dumps(r, sort_keys=True))' \
    >cli.txt
  diff cli.txt python.txt >/dev/null || fail "the installed package plays differently from the installed cardsim"
  ;;
fish)
  # fish finds the installed completion: under ~/.local (the quickstart as a
  # user: fish reads ~/.local/share/fish/vendor_completions.d), and under any
  # other prefix once fish_complete_path names it (docs/install.md, "Shell completions").
  command -v fish >/dev/null || skip "no fish"
  # offers HOME FISH-COMMANDS: what fish completes for "cardsim si", sorted, on a
  # line (with cardsim on PATH: fish loads no completion for a missing command).
  offers() {
    (cd "$work" && env -i PATH="$installed/bin:/usr/bin:/bin" HOME="$1" fish -c "$2; complete -C 'cardsim si'" |
      cut -f1 | sort | tr '\n' ' ')
  }
  mkdir -p "$work/home/.local" "$work/nobody"
  cp -a "$installed/share" "$work/home/.local/share"
  [[ $(offers "$work/home" true) == "sidebet sim " ]] || fail "fish does not find ~/.local's completion: $(offers "$work/home" true)"
  [[ $(offers "$work/nobody" true) == "" ]] || fail "fish completes cardsim without an installed completion"
  # (The line docs/install.md gives for /usr/local, with this prefix.)
  line=$(grep -oE "set -p fish_complete_path [^\`]*" "$source_dir/docs/install.md" | head -1)
  [[ -n $line ]] || fail "docs/install.md gives no fish_complete_path line"
  line=${line//\/usr\/local/$installed}
  [[ $(offers "$work/nobody" "$line") == "sidebet sim " ]] || fail "'$line' does not make fish find it"
  ;;
package-depends)
  # Every system library the exported targets link by name ($<LINK_ONLY:nettle>)
  # comes from a Debian package that libcardsim-dev depends on (cmake/Package.cmake),
  # or a consumer of the .deb fails to link on a clean machine.
  command -v dpkg >/dev/null || skip "not a Debian system (no dpkg)"
  depends=$(sed -nE 's/^set\(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "(.*)"\)$/\1/p' "$build_dir/CPackConfig.cmake")
  [[ -n $depends ]] || fail "no CPACK_DEBIAN_DEV_PACKAGE_DEPENDS in $build_dir/CPackConfig.cmake"
  libraries=$(grep -ohE '\$<LINK_ONLY:[A-Za-z0-9_+.-]+>' "$installed"/lib*/cmake/cardsim/cardsimTargets.cmake |
    sed -E 's/^\$<LINK_ONLY:(.*)>$/\1/' | grep -v :: | sort -u)
  [[ -n $libraries ]] || fail "the exported targets link no system library by name (nettle was expected)"
  for library in $libraries; do
    # (The shared library, else the static one: glibc's libdl is only libdl.a.)
    file=$("${CXX:-c++}" -print-file-name="lib$library.so")
    [[ $file == /* ]] || file=$("${CXX:-c++}" -print-file-name="lib$library.a")
    package=$(dpkg -S "$(realpath -s "$file")" 2>/dev/null | cut -d: -f1 | head -1)
    [[ -n $package ]] || fail "no Debian package ships $file (lib$library)"
    # libc6-dev is build-essential: a package need not depend on it (Debian policy 4.2).
    [[ $package == libc6-dev ]] && continue
    [[ ", $depends," == *", $package"[\ ,]* ]] || fail "libcardsim-dev's Depends ($depends) lacks $package (for -l$library)"
  done
  ;;
*) fail "unknown case" ;;
esac
