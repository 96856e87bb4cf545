#!/usr/bin/env bash
# The published check of issue 2: 6 decks, S17, DAS, late surrender, fresh
# shoe each round, total-dependent basic strategy standing on hard 16 v 10
# with 3+ cards. Exact EV: -0.3317036% (Cacarulo). The simulated edge must
# agree within 3 standard errors.
# Usage: scripts/check-cacarulo.sh [ROUNDS]   (default 400M: SE about 0.006%)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-400M}
exact=-0.003317036
out=$(mktemp --suffix=.json)
trap 'rm -f "$out"' EXIT
./build/release/cardsim sim --config configs/6d-s17-das-ls-fresh.json --rounds "$rounds" --seed 2026 --quiet --out "$out"
# The top-level "edge" object of the result (two-space indented JSON).
edge_field() { sed -n '/^  "edge": {/,/^  }/p' "$out" | grep "\"$1\"" | head -1 | cut -d: -f2 | tr -dc '0-9.eE+-'; }
mean=$(edge_field mean)
se=$(edge_field standard_error)
awk -v m="$mean" -v s="$se" -v e="$exact" 'BEGIN {
  z = (m - e) / s
  printf "simulated %.5f%% +/- %.5f%% (SE), exact %.5f%%, difference %.2f SE\n", 100*m, 100*s, 100*e, z
  if (z < -3 || z > 3) { print "FAIL: more than 3 standard errors apart"; exit 1 }
  print "ok: within 3 standard errors"
}'
