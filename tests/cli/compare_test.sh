#!/usr/bin/env bash
# End-to-end tests of `cardsim compare` and `cardsim sweep`.
# Usage: compare_test.sh CARDSIM CASE
set -uo pipefail
cardsim=$1
case_name=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }
statistics() { sed '/"performance": {/,/}/d' "$1"; }

printf '{"name": "S17", "reshuffle": "every-round"}\n' >s17.json
printf '{"name": "S17 again", "reshuffle": "every-round"}\n' >same.json
printf '{"name": "H17", "reshuffle": "every-round", "h17": true}\n' >h17.json

case $case_name in
self)
  # A variant against itself: a difference of exactly zero, with zero SE.
  "$cardsim" compare s17.json same.json --rounds 2M --quiet --out r.json || fail "run"
  difference=$(sed -n '/"difference": {/,/"variance_reduction"/p' r.json)
  grep -q '"mean": 0.0,' <<<"$difference" || fail "difference not zero: $difference"
  grep -q '"standard_error": 0.0,' <<<"$difference" || fail "paired SE not zero: $difference"
  ;;
target-se)
  # Stops in whole batches of chunks once the SE is small enough; the same on
  # 1 and 2 threads.
  "$cardsim" compare s17.json h17.json --rounds 100M --target-se 0.0002 --threads 1 --quiet --out one.json || fail "1 thread"
  "$cardsim" compare s17.json h17.json --rounds 100M --target-se 0.0002 --threads 2 --quiet --out two.json || fail "2 threads"
  grep -q '"stopped_by": "target_se"' one.json || fail "did not stop by the target"
  diff <(statistics one.json) <(statistics two.json) >/dev/null || fail "1 and 2 threads differ"
  ;;
sweep)
  "$cardsim" sweep --reshuffle every-round --vary h17=false,true --vary blackjack-pays=3:2,6:5 --rounds 400k --chunk-rounds 20k \
    --quiet --out s.json --csv s.csv || fail "run"
  [[ $(wc -l <s.csv) -eq 5 ]] || fail "expected a header and 4 rows: $(cat s.csv)"
  head -1 s.csv | grep -q '^label,h17,blackjack_pays,rounds,house_edge_percent' || fail "CSV header: $(head -1 s.csv)"
  grep -q '^"h17=true blackjack_pays=6:5",true,6:5,400000,' s.csv || grep -q '^h17=true blackjack_pays=6:5,true,6:5,400000,' s.csv ||
    fail "no row for h17=true 6:5: $(cat s.csv)"
  "$cardsim" sweep --vary penetration=0.6:0.9:0.1 --rounds 200k --chunk-rounds 10k --quiet --csv p.csv || fail "range"
  [[ $(wc -l <p.csv) -eq 5 ]] || fail "0.6:0.9:0.1 should give 4 cells: $(cat p.csv)"
  ;;
report)
  # The page holds the JSON's numbers, and nothing that would load from a network.
  "$cardsim" sim --rounds 300k --quiet --out r.json || fail "sim"
  "$cardsim" report r.json -o r.html || fail "report"
  edge=$(sed -n '/^  "edge": {/,/^  }/p' r.json | grep '"house_edge_percent"' | cut -d: -f2 | tr -dc '0-9.eE+-')
  grep -q "id=\"house-edge\">$(printf '%.4f' "$edge")%<" r.html || fail "house edge $edge not on the page"
  grep -q "<svg" r.html || fail "no chart"
  ! grep -Eq "<script|src=|href=" r.html || fail "the page loads something"
  "$cardsim" sweep --vary h17=false,true --rounds 200k --chunk-rounds 10k --quiet --out s.json || fail "sweep"
  "$cardsim" report s.json -o s.html || fail "sweep report"
  grep -q "House edge against h17" s.html || fail "no edge-by-parameter chart"
  "$cardsim" report s17.json -o bad.html 2>err.txt && fail "a config accepted as a result"
  grep -q "^error: not a cardsim result" err.txt || fail "message: $(cat err.txt)"
  [[ ! -e bad.html ]] || fail "a page was written for a bad input"
  ;;
bad-input)
  "$cardsim" compare s17.json >/dev/null 2>err.txt && fail "one config accepted"
  "$cardsim" sweep --vary decks >/dev/null 2>err.txt && fail "--vary without values accepted"
  grep -q "^error: --vary 'decks': expected KEY=VALUES" err.txt || fail "message: $(cat err.txt)"
  "$cardsim" sweep --vary colour=red >/dev/null 2>err.txt && fail "unknown key accepted"
  grep -q "^error: --vary 'colour'" err.txt || fail "message: $(cat err.txt)"
  "$cardsim" sweep --vary decks=1,9 --out r.json >/dev/null 2>err.txt && fail "9 decks accepted"
  grep -q "^error: config key 'decks'" err.txt || fail "message: $(cat err.txt)"
  "$cardsim" sweep --count hi-lo --vary h17=false,true --out r.json >/dev/null 2>err.txt && fail "counting accepted"
  grep -q "^error: variant .*counting" err.txt || fail "message: $(cat err.txt)"
  [[ ! -e r.json ]] || fail "a result was written despite the error"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok: $case_name"
