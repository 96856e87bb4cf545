#!/usr/bin/env bash
# Configures and builds cardsim in Release (build/release), with the tests and
# benchmarks. Usage: scripts/build.sh [preset]   (release, debug, asan, tsan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
