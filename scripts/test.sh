#!/usr/bin/env bash
# The README's second command (and what .ci/run calls): installs what is
# missing, builds, and runs the whole test suite with CTest.
# Usage: scripts/test.sh [preset]   (release by default; asan, tsan, debug)
#
# With the default preset the release build has MPI on (so the suite includes
# cli.mpi: mpirun -n 2 against one process), and then come the batch-run
# checks (a few minutes; CARDSIM_EXTRA_CHECKS=0 skips them):
#   - clang-format: the C++ sources formatted as .clang-format says;
#   - the Debian packages (cardsim, libcardsim-dev, python3-cardsim) from the
#     `deb` preset (no MPI): lintian, and as root dpkg -i, the installed
#     program, module, man page and CMake package, dpkg -r (scripts/check-package.sh);
#   - ThreadSanitizer on the threaded runner and checkpoint journal (test_run);
#   - clang ASan + UBSan on the parser, checkpoint, shard and merge tests;
#   - a short libFuzzer run of each parser (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
bash scripts/setup.sh
if [[ $preset == release ]]; then
  cmake --preset release -DCARDSIM_MPI=ON >/dev/null
fi
bash scripts/build.sh "$preset"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
ctest --preset "$preset" | tee "$summary"

if [[ $preset == release && ${CARDSIM_EXTRA_CHECKS:-1} != 0 ]]; then
  echo "== clang-format: every C++ source as .clang-format says (scripts/check-format.sh)"
  bash scripts/check-format.sh
  echo "== Debian packages: the deb preset, cpack -G DEB, lintian, dpkg -i, cardsim, python3, man, find_package, dpkg -r"
  bash scripts/check-package.sh
  echo "== ThreadSanitizer: the runner (test_run)"
  cmake --preset tsan >/dev/null
  cmake --build --preset tsan -j "$(nproc)" --target test_run
  ctest --preset tsan -R '^(Runner|Shard)\.'
  echo "== clang ASan + UBSan: config, chart, checkpoint, shard and merge tests"
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz -j "$(nproc)" --target test_io_batch test_run
  ctest --preset fuzz -R '^(Checkpoint|ChunkRanges|Fingerprint|ShardMerge|PairedShardMerge|TallyCheck|CountingDefinition|Shard|Runner)\.'
  echo "== libFuzzer: each parser for ${CARDSIM_FUZZ_SECONDS:-20} s"
  bash scripts/fuzz.sh "${CARDSIM_FUZZ_SECONDS:-20}"
fi

# The main suite's count once more as the last line, after the extra checks:
# "N passed, N failed" (from CTest's "... tests failed out of T").
if line=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$summary"); then
  failed=$(sed -E 's/.* ([0-9]+) tests? failed out of .*/\1/' <<<"$line")
  total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$line")
  echo "ctest: $((total - failed)) passed, $failed failed"
fi
