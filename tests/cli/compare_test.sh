#!/usr/bin/env bash
# End-to-end tests of `cardsim compare` and `cardsim sweep`.
# Usage: compare_test.sh CARDSIM CASE
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

printf '{"name": "S17", "reshuffle": "every-round"}\n' >s17.json
printf '{"name": "S17 again", "reshuffle": "every-round"}\n' >same.json
printf '{"name": "H17", "reshuffle": "every-round", "h17": true}\n' >h17.json
for f in s17 h17; do sed 's/}$/, "strategy": "basic-s17-das"}/' $f.json >f$f.json; done
printf '{"name": "LS 2 seats", "surrender": "late", "seats": 2, "strategy": "basic-s17-das"}\n' >fls2.json

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
variants)
  # Free Bet's rules as sweep axes on the same cards: every cell's exact edge is
  # `cardsim analyze`'s for its rules, and `play` refuses them with one line.
  free_bet=$(dirname "${BASH_SOURCE[0]}")/../../configs/free-bet-6d-h17.json
  "$cardsim" sweep --config "$free_bet" --vary dealer_22_pushes=false,true --vary free_double=none,9-11 \
    --reshuffle every-round --rounds 200k --chunk-rounds 10k --quiet --csv s.csv || fail "run"
  [[ $(wc -l <s.csv) -eq 5 ]] || fail "expected a header and 4 rows: $(cat s.csv)"
  row=$(grep '^dealer_22_pushes=true free_double=9-11,true,9-11,200000,' s.csv) || fail "no Free Bet row: $(cat s.csv)"
  "$cardsim" analyze --config "$free_bet" --quiet --out a.json || fail "analyze"
  grep -q '"ev": -0.0101967' a.json || fail "analyze: $(grep '"ev"' a.json | head -2)"
  [[ $(cut -d, -f9 <<<"$row") == 1.01967* ]] || fail "sweep's exact edge for Free Bet: $row"
  expect_error 1 "the table game does not deal the variant rules" "$cardsim" play --config "$free_bet"
  ;;
setup)
  # The set-up analyzes each distinct game once, on all threads (here one chart
  # for both payouts and both penetrations, one exact EV per payout), and every
  # cell gets what it would alone: the exact edge of `cardsim analyze` for its
  # rules and a strategy named for them.
  "$cardsim" sweep --decks 1 --vary blackjack-pays=3:2,6:5 --vary penetration=0.6,0.8 --rounds 20k --chunk-rounds 1k \
    --threads 2 --quiet --out s.json --csv s.csv || fail "run"
  grep -Eq '^    "setup_seconds": [0-9.e-]+,?$' s.json || fail "no performance.setup_seconds"
  for pays in 3:2 6:5; do
    "$cardsim" analyze --decks 1 --blackjack-pays $pays --quiet --out a.json || fail "analyze $pays"
    exact=$(sed -n '/^  "basic_strategy": {/,/^  }/p' a.json | grep '^    "house_edge_percent"' | cut -d: -f2 | tr -dc '0-9.eE+-')
    rows=$(grep -c "^blackjack_pays=$pays penetration=0.[68],$pays,0.[68],\([^,]*,\)\{5\}$exact," s.csv)
    [[ $rows -eq 2 ]] || fail "$pays: $rows rows with the exact edge $exact: $(cat s.csv)"
    named=$(grep -c "^        \"strategy\": \"basic (computed for 1 deck, S17, DAS, blackjack pays $pays)\",$" s.json)
    [[ $named -eq 2 ]] || fail "$pays: $named cells name their strategy for their rules"
  done
  # Ctrl-C during the set-up (16 games to analyze) stops it at once: exit 130,
  # one line, no result.
  code=$(exit_after_sigint "$cardsim" sweep --vary decks=1,2,6,8 --vary h17=false,true --vary surrender=none,late \
    --rounds 20k --quiet --out never.json)
  [[ $code -eq 130 ]] || fail "exit $code after SIGINT during the set-up, expected 130"
  grep -q "^error: interrupted; nothing was written" err.txt || fail "message: $(cat err.txt)"
  [[ ! -e never.json ]] || fail "a result was written"
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
  grep -q "^error: result .*: not a cardsim result" err.txt || fail "message: $(cat err.txt)"
  [[ ! -e bad.html ]] || fail "a page was written for a bad input"
  ;;
shard)
  # One process against 3 shards (1 thread each) merged in another order: the
  # same JSON byte for byte except "performance", and the same CSV; for
  # compare (variants with other seat counts) and for sweep.
  # Shipped charts, not computed ones: every process would compute each.
  run=(fs17.json fh17.json fls2.json --rounds 200k --chunk-rounds 10k --quiet)
  "$cardsim" compare "${run[@]}" --threads 2 --out whole.json --csv whole.csv || fail "compare"
  for i in 0 1 2; do "$cardsim" compare "${run[@]}" --threads 1 --shard $i/3 --out c$i.json || fail "compare shard $i"; done
  grep -q '"assignment": "chunk c belongs to shard c mod count"' c1.json || fail "no shard object"
  "$cardsim" merge c2.json c0.json c1.json --quiet --out merged.json --csv merged.csv || fail "merge compare"
  cmp <(statistics whole.json) <(statistics merged.json) || fail "merged compare shards differ from the whole run"
  cmp whole.csv merged.csv || fail "merged compare CSV differs"
  grep -q '"shards": 3' merged.json || fail "no shard count in performance"
  grep -q '"command": "compare"' merged.json || fail "merged result is not a compare result"
  sweep=(--strategy basic-s17-das --reshuffle every-round --vary h17=false,true --vary blackjack-pays=3:2,6:5 --rounds 200k --chunk-rounds 10k --quiet)
  "$cardsim" sweep "${sweep[@]}" --threads 2 --out whole.json --csv whole.csv || fail "sweep"
  for i in 0 1 2; do "$cardsim" sweep "${sweep[@]}" --threads 1 --shard $i/3 --out s$i.json || fail "sweep shard $i"; done
  "$cardsim" merge s1.json s2.json s0.json --out merged.json --csv merged.csv >summary.txt || fail "merge sweep"
  cmp <(statistics whole.json) <(statistics merged.json) || fail "merged sweep shards differ from the whole run"
  cmp whole.csv merged.csv || fail "merged sweep CSV differs"
  grep -q "^sweep: 200000 rounds per variant, seed 1, 20 of 20 chunks" summary.txt || fail "summary: $(cat summary.txt)"
  ;;
shard-errors)
  # Incomplete, repeated, foreign, edited and mixed shard sets are refused with
  # one error line and no output; options that cannot be sharded too.
  run=(fs17.json fh17.json --rounds 60k --chunk-rounds 10k --quiet)
  # Started as several MPI ranks (the launcher's environment): refused, not
  # played K times over.
  OMPI_COMM_WORLD_SIZE=2 expect_error 1 "compare does not split its work across MPI ranks" \
    "$cardsim" compare "${run[@]}" --out m.json
  OMPI_COMM_WORLD_SIZE=3 expect_error 1 "sweep does not split its work across MPI ranks" \
    "$cardsim" sweep --vary h17=false,true --rounds 60k --quiet --out m.json
  [[ ! -e m.json ]] || fail "a result was written under MPI ranks"
  for i in 0 1 2; do "$cardsim" compare "${run[@]}" --shard $i/3 --out c$i.json 2>/dev/null || fail "shard $i"; done
  expect_error 1 "1 of 3 shards missing: 2" "$cardsim" merge c0.json c1.json --out m.json
  expect_error 1 "shard 1/3 is given twice" "$cardsim" merge c0.json c1.json c1.json c2.json --out m.json
  "$cardsim" compare "${run[@]}" --seed 2 --shard 1/3 --out seed2.json 2>/dev/null || fail "seed 2"
  expect_error 1 "'seed2.json' is of another run" "$cardsim" merge c0.json seed2.json c2.json --out m.json
  "$cardsim" compare fs17.json fls2.json --rounds 60k --chunk-rounds 10k --quiet --shard 1/3 --out ls.json 2>/dev/null ||
    fail "other variants"
  expect_error 1 "'ls.json' is of another run" "$cardsim" merge c0.json ls.json c2.json --out m.json
  "$cardsim" compare "${run[@]}" --shard 1/4 --out four.json 2>/dev/null || fail "1/4"
  expect_error 1 "one of 4 shards" "$cardsim" merge c0.json four.json c2.json --out m.json
  "$cardsim" sim --strategy basic-s17-das --rounds 60k --chunk-rounds 10k --quiet --shard 1/3 --out sim1.json ||
    fail "sim shard"
  "$cardsim" sim --strategy basic-s17-das --rounds 60k --chunk-rounds 10k --quiet --shard 0/1 --out sim-all.json ||
    fail "sim shard 0/1"
  expect_error 1 "cannot merge shards of different commands: 'c0.json' is a compare shard, 'sim1.json' a sim shard" \
    "$cardsim" merge c0.json sim1.json c2.json --out m.json
  "$cardsim" sweep --strategy basic-s17-das --vary h17=false,true --rounds 60k --chunk-rounds 10k --quiet --shard 1/3 --out sweep1.json 2>/dev/null ||
    fail "sweep shard"
  expect_error 1 "'sweep1.json' a sweep shard" "$cardsim" merge c0.json sweep1.json c2.json --out m.json
  # One chunk's net changed by a digit (its tallies unchanged).
  awk '/"chunk_table_net"/ { table = 1 } table && !done && /^ *-?[0-9]+,?$/ { sub(/[0-9]/, "&7"); done = 1 } { print }' \
    c1.json >edited.json
  cmp -s c1.json edited.json && fail "the edit changed nothing"
  expect_error 1 "'edited.json': checksum mismatch" "$cardsim" merge c0.json edited.json c2.json --out m.json
  head -c 3000 c1.json >cut.json
  expect_error 1 "'cut.json' is not valid JSON" "$cardsim" merge c0.json cut.json c2.json --out m.json
  "$cardsim" compare "${run[@]}" --out whole.json 2>/dev/null || fail "whole"
  expect_error 1 "'whole.json' is not a shard result" "$cardsim" merge c0.json whole.json c2.json --out m.json
  expect_error 1 "--csv is for the shards of compare and sweep" "$cardsim" merge sim-all.json --csv m.csv
  expect_error 1 "--target-se .* does not combine with --shard" "$cardsim" compare "${run[@]}" --target-se 0.001 --shard 0/3 --out m.json
  expect_error 1 "--csv with --shard" "$cardsim" sweep --vary h17=false,true --shard 0/3 --csv m.csv
  expect_error 2 "shard" "$cardsim" compare "${run[@]}" --shard 3/3 --out m.json
  [[ ! -e m.json && ! -e m.csv ]] || fail "a file was written despite the errors"
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
