#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and runs a
# default simulation (10 million rounds of 6-deck S17 DAS blackjack).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh release
./build/release/cardsim sim --config configs/6d-s17-das.json --rounds 10M
