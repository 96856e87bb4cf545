#!/usr/bin/env bash
# Rewrites the stored expected results in tests/regression/ from a cardsim
# binary (default: build/release/cardsim). Run it only when a change of output
# is intended, and say what changed and why in CHANGELOG.md; `git diff
# tests/regression` shows every number that moved.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cardsim=$(realpath "${1:-$root/build/release/cardsim}")
[[ -x $cardsim ]] || { echo "update-regression: no cardsim at $cardsim (build it, or give its path)" >&2; exit 1; }
script=$root/tests/regression/regression.sh
for name in $(bash "$script" "$cardsim" list); do
  bash "$script" "$cardsim" print "$name" >"$root/tests/regression/$name.json"
  echo "tests/regression/$name.json"
done
