#!/usr/bin/env bash
# Generated index plays against the published ones (issue 21): `cardsim
# indices` on configs/6d-s17-das-hilo.json (6 decks, S17, DAS, 75%
# penetration, Hi-Lo with exact floored true counts) with late surrender (so
# that the Fab 4 lines are not idle), for the Illustrious 18 and Fab 4, and the
# same for H17. Every generated index must be within one true count of the
# published one (the shipped configs/indices/illustrious18-fab4-{s17,h17}.txt:
# Schlesinger, Blackjack Attack, 3rd ed., as printed by the Wizard of Odds;
# the H17 file names its sources); the table shows each crossing with its 95%
# interval and says which cells differ.
# Usage: scripts/check-indices.sh [s17|h17|both] [ROUNDS] [STATES_PER_COUNT]
#   (defaults both, 2M round starts, 2000 states per true count: about 2.5
#   CPU-minutes per game, so about 1.3 minutes each on 2 idle cores)
# Needs python3 to read the result JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-both}
rounds=${2:-2M}
states=${3:-2000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for game in s17 h17; do
  [[ $games == both || $games == "$game" ]] || continue
  flags=(--config configs/6d-s17-das-hilo.json --surrender late --rounds "$rounds" --chunk-rounds 20k --seed 2026
         --states-per-count "$states" --hands "illustrious18-fab4-$game" --quiet)
  [[ $game == h17 ]] && flags+=(--h17)
  start=$(date +%s.%N)
  ./build/release/cardsim indices "${flags[@]}" --write-indices "$work/$game.txt" --out "$work/$game.json"
  end=$(date +%s.%N)
  python3 - "$work/$game.json" "$game" "$start" "$end" <<'PY' || status=1
import json, sys
r = json.load(open(sys.argv[1]))
game, seconds = sys.argv[2], float(sys.argv[4]) - float(sys.argv[3])
print("%s: %s; %d round starts in %d shoes, %.0f s wall on %d threads"
      % (game.upper(), r["rules"], r["run"]["rounds"], r["run"]["shoes"], seconds, r["performance"]["threads"]))
print("  %-18s %9s %9s  %-24s %s" % ("line (generated)", "published", "generated", "crossing (95% CI)", ""))
exact = within = 0
for line in r["lines"]:
    published = line["given_index"]
    if not line["found"]:
        print("  %-18s %+9d %9s  not found" % (line["line"], published, "-"))
        continue
    generated = line["index"]
    c = line["crossing"]
    diff = generated - published
    exact += diff == 0
    within += abs(diff) <= 1
    note = "" if diff == 0 else ("differs by %+d" % diff)
    if line["reversed"]: note += " (plays swapped)"
    print("  %-18s %+9d %+9d  %+.2f (%+.2f .. %+.2f)  %s"
          % (line["line"], published, generated, c["value"], c["ci95"][0], c["ci95"][1], note))
n = len(r["lines"])
ok = within == n
print(("ok   " if ok else "FAIL ") + "%s: %d of %d exactly as published, %d within one true count" % (game, exact, n, within))
sys.exit(0 if ok else 1)
PY
done
exit $status
