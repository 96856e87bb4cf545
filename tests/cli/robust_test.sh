#!/usr/bin/env bash
# Resources fail cleanly and every figure is honest: a pipe whose reader
# closed it is the reader's choice (exit 0, nothing saved), SIGTERM exits 143, a FIFO with no
# reader does not hold Ctrl-C, products of pays are checked, one round has no
# spread (null and "n/a", never 0), a pay table warns on a shoe it was not
# published for, and error lines name the file or key without echoing it.
# Usage: robust_test.sh CARDSIM CASE
set -uo pipefail
configs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../configs" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

sim=(--rounds 40k --chunk-rounds 10k --strategy basic-s17-das --reshuffle every-round --quiet)

case $case_name in
sigpipe)
  # Defect 6: `--out - | head -c10` died of SIGPIPE (exit 141). Then the write
  # failed and the result was saved to a fallback file, exit 1. Now a closed
  # pipe on stdout is the reader's choice (issue 47): exit 0, nothing said,
  # nothing saved, as ripgrep does. (The reader quits at once: head -c10 could
  # take the whole result into the pipe's buffer before it quits.)
  "$cardsim" sim "${sim[@]}" --out - 2>err.txt | true
  code=${PIPESTATUS[0]}
  [[ $code -eq 0 ]] || fail "exit $code: $(cat err.txt)"
  [[ ! -s err.txt ]] || fail "said: $(cat err.txt)"
  ! ls cardsim-sim-*.json >/dev/null 2>&1 || fail "saved a fallback file: $(ls cardsim-sim-*)"
  # The same through head -c1, and with another output: that one is written.
  "$cardsim" sim "${sim[@]}" --out - --checkpoint ck.json 2>err.txt | head -c1 >/dev/null
  code=${PIPESTATUS[0]}
  [[ $code -eq 0 ]] || fail "exit $code: $(cat err.txt)"
  [[ ! -s err.txt ]] || fail "said: $(cat err.txt)"
  grep -q '"completed_chunks"' ck.json || fail "the other output was not written"
  ! ls cardsim-sim-*.json >/dev/null 2>&1 || fail "saved a fallback file: $(ls cardsim-sim-*)"
  ;;
sigterm)
  # Defect 8: SIGTERM exited 130; the convention is 128 + 15.
  "$cardsim" sim --rounds 20G --chunk-rounds 1M --threads 2 --strategy mimic-dealer --quiet --out r.json \
    --checkpoint ck.json --checkpoint-every 0.1s 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  kill -TERM $pid
  wait $pid
  code=$?
  [[ $code -eq 143 ]] || fail "exit $code after SIGTERM, expected 143"
  grep -q '"partial": true' r.json || fail "no partial result"
  ;;
fifo-no-reader)
  # Defect 7: a FIFO output with no reader blocked in open() and ignored the
  # first Ctrl-C. Now the first one ends the wait.
  mkfifo out.fifo
  "$cardsim" sim "${sim[@]}" --out out.fifo 2>err.txt &
  pid=$!
  sleep 2  # the run is over in far less; it waits for a reader
  kill -INT $pid
  for ((n = 0; n < 40; n++)); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
  kill -0 $pid 2>/dev/null && { kill -KILL $pid; fail "still waiting 2 s after Ctrl-C"; }
  wait $pid
  code=$?
  [[ $code -eq 130 ]] || fail "exit $code, expected 130: $(cat err.txt)"
  grep -q "^error: interrupted" err.txt || fail "$(cat err.txt)"
  ;;
one-round)
  # Every SD, SE, DI, SCORE and risk of ruin of one round is null (with
  # several seats too), and the summary says n/a: one round has no spread.
  "$cardsim" sim --rounds 1 --seats 3 --strategy basic-s17-das --out r.json >summary.txt || fail "sim"
  grep -q '"sd_per_round": null' r.json || fail "the table's SD of one round is not null"
  grep -q "SD n/a" summary.txt || fail "$(cat summary.txt)"
  "$cardsim" sim --rounds 1 --count hi-lo --bet-ramp 1:1,2:4 --strategy basic-s17-das --out c.json >summary.txt ||
    fail "counting sim"
  python3 - c.json <<'EOF' || fail "a statistic of one round is not null"
import json, sys
c = json.load(open(sys.argv[1]))["counting"]
for value in (c["sd_per_round"], c["sd_per_100_rounds"], c["di"]["value"], c["score"]["value"],
              c["risk_of_ruin"]["value"], c["risk_of_ruin"]["ci95"], c["edge_slope_per_true_count"]["standard_error"]):
    assert value is None, value
EOF
  grep -q "DI n/a, SCORE n/a; risk of ruin n/a" summary.txt || fail "$(cat summary.txt)"
  ;;
pays-for-decks)
  # Every shipped pay table says the shoes it was published for; another
  # shoe gets a warning on stderr and a note in the JSON.
  for f in "$configs"/sidebets/*.json; do grep -q '"pays_for_decks"' "$f" || fail "$f has no pays_for_decks"; done
  "$cardsim" sidebet match-the-dealer-4-19 --decks 6 --quiet --out p.json 2>err.txt || fail "sidebet"
  grep -q "^warning: side bet 'Match the Dealer 4/19 (two decks)': its pays were published for 2 decks, not 6" \
    err.txt || fail "no warning: $(cat err.txt)"
  grep -q '"note": "side bet .*published for 2 decks, not 6' p.json || fail "no note in the JSON"
  "$cardsim" sidebet match-the-dealer-4-19 --decks 2 --quiet --out p2.json 2>err.txt || fail "sidebet at 2 decks"
  [[ ! -s err.txt ]] || fail "a warning at the published shoe: $(cat err.txt)"
  "$cardsim" sim --side-bet match-the-dealer-4-19 "${sim[@]}" --out r.json 2>err.txt || fail "sim"
  grep -q "^warning: .*published for 2 decks, not 6" err.txt || fail "no warning from sim: $(cat err.txt)"
  grep -q '"note": "side bet .*published for 2 decks, not 6' r.json || fail "no note in the sim result"
  ;;
overflow)
  # Defect 5: four A:B pays with B near 10^6 overflowed their common unit
  # (a return of -4e-6, SE "-0.0"); a sweep of 8 x 256 cells wrapped to none.
  cat >huge.json <<'EOF'
{"name": "Huge", "cards": "first_two", "outcomes": [
  {"name": "a", "kind": "perfect_pair", "pays": "7:999983"}, {"name": "b", "kind": "colored_pair", "pays": "5:999979"},
  {"name": "c", "kind": "mixed_pair", "pays": "3:999961"}, {"name": "d", "kind": "total", "total": 20, "pays": "2:999959"}]}
EOF
  expect_error 1 "side bet 'Huge': its pays' denominators need a unit of more than 1000000" \
    "$cardsim" sim --side-bet huge.json "${sim[@]}" --out r.json
  # 8 axes of 256 values: 2^64 cells, which wrapped to 0 ("no variants to play").
  axes=()
  for key in decks remove_tens_per_deck penetration cut_card burn_cards seats split_hands bankroll_units; do
    axes+=(--vary "$key=1:256:1")
  done
  expect_error 1 "the sweep has more than 1000 cells (256 x 256 x ...)" "$cardsim" sweep --quiet "${axes[@]}" \
    --out r.json
  ;;
messages)
  # Defect 8: messages that name the file or key, never echo a file, never
  # say "internal", and keep control characters off the terminal.
  printf '{"rounds": 1e999}\n' >big.json
  expect_error 1 "config 'big.json'" "$cardsim" sim --config big.json --out r.json
  grep -q internal err.txt && fail "internal: $(cat err.txt)"
  printf 'root:x:0:0:root:/root:/bin/bash\nsecret line\n' >shadow.txt
  expect_error 1 "shadow.txt" "$cardsim" sim --strategy shadow.txt --rounds 1000 --out r.json
  grep -q "root:x" err.txt && fail "the chart parser echoed the file: $(cat err.txt)"
  printf '{"name": "A\\u001b[31mred\\nline", "reshuffle": "every-round", "strategy": "basic-s17-das"}\n' >a.json
  printf '{"name": "B", "reshuffle": "every-round", "h17": true, "strategy": "basic-s17-das"}\n' >b.json
  "$cardsim" compare a.json b.json --rounds 20k --chunk-rounds 1k >summary.txt 2>&1 || fail "compare"
  grep -q $'\x1b' summary.txt && fail "an escape sequence reached the terminal"
  grep -q '^line' summary.txt && fail "a newline in a name broke the summary"
  true
  ;;
*) fail "unknown case" ;;
esac
