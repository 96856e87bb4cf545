#!/usr/bin/env bash
# Simulator against analyzer: for several rule sets, `cardsim analyze` computes
# the basic strategy and its exact EV (fresh shoe), then `cardsim sim` plays
# that chart with a fresh shoe every round. Each simulated edge must agree with
# the exact one within 3 standard errors.
# Usage: scripts/check-analysis.sh [ROUNDS] [NAME]   (default 100M per rule set: SE ~0.012%;
#        NAME: only the checks whose name contains it, e.g. "Free Bet")
# Needs ./build/release/cardsim (cmake --preset release && cmake --build build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-100M}
only=${2:-}
cardsim=./build/release/cardsim
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A number field of a JSON object: the first "key": value at the given
# indentation (two-space indented JSON, as cardsim writes it) inside the block
# that starts at the given top-level key.
field() {  # file top_key indent key
  sed -n "/^  \"$2\": {/,/^  }/p" "$1" | grep -E "^ {$3}\"$4\":" | head -1 | cut -d: -f2 | tr -dc '0-9.eE+-'
}

# Name and rule flags of each check.
checks=(
  "6D S17 DAS LS (Cacarulo's game)|--config configs/6d-s17-das-ls-fresh.json"
  "8D H17 LS|--config configs/8d-h17-ls.json"
  "1D S17 DAS, no surrender (Hs: 12 v 3, 16 v T)|--decks 1"
  "1D H17 ENHC-OBO early surrender 6:5 insurance RSA hit split aces, 3 hands|--decks 1 --h17 true --hole-card enhc-obo --surrender early --blackjack-pays 6:5 --insurance always --split-hands 3 --resplit-aces true --hit-split-aces true"
  "2D ENHC double 9-11 no DAS LS, 3 seats|--decks 2 --hole-card enhc --double 9-11 --das false --surrender late --seats 3"
  "infinite deck H17 double 10-11 no split early surrender|--decks infinite --h17 true --double 10-11 --split-hands 1 --surrender early"
  "Free Bet 6D H17 RSA, free double 9-11, free split A-9, dealer 22 pushes|--config configs/free-bet-6d-h17.json"
  "Free Bet 1D S17, split to 2|--config configs/free-bet-6d-h17.json --decks 1 --h17 false --split-hands 2 --resplit-aces false"
  "6D S17 DAS, dealer 22 pushes alone|--dealer-22-pushes true"
  "Blackjack Switch 6D H17, 1:1, dealer 22 pushes (switch values approximate)|--config configs/blackjack-switch-6d-h17.json"
  "Spanish deck 6D H17 LS RSA hit split aces, 21 wins, blackjack beats blackjack|--remove-tens-per-deck 4 --h17 true --surrender late --resplit-aces true --hit-split-aces true --player-21-wins true --blackjack-beats-blackjack true"
  "Spanish 21 6D H17: double any cards, rescue, 21 bonuses|--config configs/spanish21-6d-h17.json"
  "Spanish 21 1D S17, split to 2|--config configs/spanish21-6d-h17.json --decks 1 --h17 false --split-hands 2 --resplit-aces false"
)
status=0
for check in "${checks[@]}"; do
  name=${check%%|*}
  [[ -z $only || $name == *"$only"* ]] || continue
  read -r -a flags <<<"${check#*|}"
  "$cardsim" analyze "${flags[@]}" --quiet --out "$work/a.json" --write-chart "$work/chart.txt"
  "$cardsim" sim "${flags[@]}" --strategy "$work/chart.txt" --reshuffle every-round --rounds "$rounds" \
    --seed 2027 --quiet --out "$work/s.json"
  exact=$(field "$work/a.json" basic_strategy 4 ev)
  mean=$(field "$work/s.json" edge 4 mean)
  se=$(field "$work/s.json" edge 4 standard_error)
  awk -v n="$name" -v m="$mean" -v s="$se" -v e="$exact" 'BEGIN {
    z = (m - e) / s
    printf "%-75s exact %+.5f%%  simulated %+.5f%% +/- %.5f%%  %+.2f SE  %s\n", n, 100*e, 100*m, 100*s, z,
           (z < -3 || z > 3) ? "FAIL" : "ok"
    exit (z < -3 || z > 3)
  }' || status=1
done
exit $status
