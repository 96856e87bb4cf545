#!/usr/bin/env bash
# The README's second command (and what .ci/run calls): installs what is
# missing, builds, and runs the whole test suite with CTest.
# Usage: scripts/test.sh [preset]   (release by default; asan, tsan, debug)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
bash scripts/setup.sh
bash scripts/build.sh "$preset"
ctest --preset "$preset"
