#!/usr/bin/env bash
# Rewrites the stored expected results of tests/regression/ (README.md there)
# from a cardsim binary, printing every difference it overwrites. Run it only
# when a change of results is intended; review the differences as
# tests/regression/README.md says and name them in CHANGELOG.md.
#
#   scripts/update-regression.sh [--cardsim PATH] [CASE...]
#
# PATH defaults to build/release/cardsim; without CASEs, every case folder.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cardsim=$root/build/release/cardsim
if [[ ${1:-} == --cardsim ]]; then
  cardsim=${2:?"update-regression: --cardsim needs a path"}
  shift 2
fi
[[ -x $cardsim ]] || { echo "update-regression: no cardsim at $cardsim (build it, or give --cardsim PATH)" >&2; exit 1; }
store=$root/tests/regression
cases=()
if [[ $# -eq 0 ]]; then
  for cmd in "$store"/*/cmd; do cases+=("$(dirname "$cmd")"); done
else
  for name; do cases+=("$store/${name%/}"); done
fi
exec /usr/bin/python3 "$store/regression.py" update "$cardsim" "${cases[@]}"
