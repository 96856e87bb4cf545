#!/usr/bin/env bash
# The edges of a job (issue 46): an empty shard is a result that merges,
# every result cardsim writes renders, a tally read back must be possible,
# chunk streams never overlap, one output has one writer, messages are short
# and say what is allowed, and a killed run leaves nothing behind.
# Usage: edges_test.sh CARDSIM CASE
set -uo pipefail
configs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../configs" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# same_statistics A B: the two results agree but for performance and tool.
same_statistics() {
  diff <(statistics "$1" | grep -v '"git_revision"\|"version"') \
    <(statistics "$2" | grep -v '"git_revision"\|"version"') >/dev/null
}

case $case_name in
empty-shard)
  # A shard with no chunks (more shards than chunks, the job-array case) is
  # a valid, empty shard result: it says so, exits 0, and merges to the
  # whole run's result. It was a 0-byte file.
  "$cardsim" sim --rounds 1000 --shard 2/3 --out e.json >summary.txt || fail "sim --shard 2/3"
  grep -q '"empty": "no rounds' e.json || fail "no empty result: $(head -c 300 e.json)"
  grep -q '"rounds": 0,' e.json || fail "the empty shard does not say 0 rounds"
  grep -q "^shard 2/3 holds none of the run's 1 chunk" summary.txt || fail "summary: $(cat summary.txt)"
  for i in 0 1; do "$cardsim" sim --rounds 1000 --shard $i/3 --quiet --out s$i.json || fail "shard $i"; done
  "$cardsim" merge s1.json e.json s0.json --quiet --out merged.json || fail "merge"
  "$cardsim" sim --rounds 1000 --quiet --out whole.json || fail "whole"
  same_statistics merged.json whole.json || fail "the merged result differs from the whole run's"
  "$cardsim" report e.json -o e.html || fail "report of the empty shard"
  grep -q 'id="empty"' e.html || fail "the page does not say the shard is empty"
  # compare and sweep alike
  for cmd in compare sweep; do
    if [[ $cmd == compare ]]; then args=("$configs/6d-s17-das.json" "$configs/6d-h17-das.json"); else args=(--vary decks=1,2); fi
    for i in 0 1 2; do
      "$cardsim" $cmd "${args[@]}" --rounds 1000 --shard $i/3 --quiet --out $cmd$i.json 2>/dev/null || fail "$cmd shard $i"
    done
    grep -q '"empty": "no rounds' ${cmd}2.json || fail "$cmd: no empty result"
    "$cardsim" merge ${cmd}2.json ${cmd}0.json ${cmd}1.json --quiet --out ${cmd}m.json || fail "$cmd merge"
    "$cardsim" $cmd "${args[@]}" --rounds 1000 --quiet --out ${cmd}w.json 2>/dev/null || fail "$cmd whole"
    same_statistics ${cmd}m.json ${cmd}w.json || fail "$cmd: the merged result differs from the whole run's"
    "$cardsim" report ${cmd}2.json -o ${cmd}2.html || fail "$cmd: report of the empty shard"
  done
  ;;
report-every-result)
  # Every result cardsim writes renders: each command, one, two, a few and
  # many rounds, one seat and seven, counting (true counts with no rounds
  # before the deal, only insurance offers: edge null), side bets, a ramp
  # with index plays and wonging, infinite decks, fresh shoes, shards and
  # their merge. (A result that the schema refuses is a writer and schema
  # that disagree.)
  ramp="1:1,2:2,3:4,4:8,5:12"
  n=0
  check() {
    n=$((n + 1))
    "$@" --quiet --out r$n.json 2>err.txt || fail "run $*: $(cat err.txt)"
    "$cardsim" report r$n.json -o r$n.html 2>err.txt || fail "report of [$*]: $(cat err.txt)"
  }
  # (Seats 1 and 7 alternate with the rounds, and the chart is given, not
  # computed: each case costs an exact analysis.)
  printf '{"decks": 1, "strategy": "basic-s17-das"}' >one-deck.json
  printf '{"decks": 2, "h17": true, "surrender": "late", "strategy": "basic-h17-das"}' >two-decks.json
  for rounds in 1 2 100 4000; do
    for seats in $((rounds == 2 || rounds == 100 ? 7 : 1)); do
      common=(--rounds $rounds --seats $seats --chunk-rounds 1000 --strategy basic-s17-das)
      check "$cardsim" sim "${common[@]}"
      check "$cardsim" sim "${common[@]}" --control-variate none --decks infinite
      check "$cardsim" sim "${common[@]}" --count hi-lo
      check "$cardsim" sim "${common[@]}" --count hi-lo --control-variate none
      check "$cardsim" sim "${common[@]}" --count hi-lo --bet-ramp $ramp --indices illustrious18-fab4-s17 --wong-in 1 \
        --side-bet 21-plus-3
      check "$cardsim" sim "${common[@]}" --reshuffle every-round --side-bet 21-plus-3 --side-bet lucky-ladies
      check "$cardsim" compare one-deck.json two-decks.json --rounds $rounds --chunk-rounds 1000
      check "$cardsim" sweep --vary decks=1,2 --vary h17=true,false "${common[@]}"
      check "$cardsim" sim "${common[@]}" --shard 1/2
    done
    check "$cardsim" zjh sim --deals $rounds
    check "$cardsim" zjh sim --deals $rounds --players 6 --config suits-and-235
    check "$cardsim" zjh sim --deals $rounds --players 17 --variant teen-patti
  done
  "$cardsim" zjh exact --json --out exact.json || fail "zjh exact"
  "$cardsim" report exact.json -o exact.html || fail "report of zjh exact"
  # The exact analyses (a chart given, the composition-dependent optimum,
  # Blackjack Switch's approximate figures), every side bet with a dealer
  # rule, a flat ramp, indices found, idle and not (and a zjh shard, merged).
  configs="$(dirname "$0")/../../configs"
  check "$cardsim" analyze --decks 1 --h17 --surrender late --strategy basic-h17-das --composition-dependent
  check "$cardsim" analyze --config "$configs/blackjack-switch-6d-h17.json"
  for bet in "$configs"/sidebets/*.json; do check "$cardsim" sidebet "$bet" --decks 1 --h17; done
  check "$cardsim" ramp --count hi-lo --spread 1-1 --bankroll 100 --rounds 100k --chunk-rounds 50k
  "$cardsim" indices --count hi-lo --hands 16vT,R15vA,insurance,TTv6,s18v2 --rounds 100k --chunk-rounds 20k \
    --states-per-count 200 --quiet --write-indices indices.txt --out indices.json || fail "indices"
  "$cardsim" report indices.json -o indices.html || fail "report of indices"
  for i in 0 1; do check "$cardsim" zjh sim --deals 20000 --chunk-deals 5000 --shard $i/2; done
  "$cardsim" merge r$((n - 1)).json r$n.json --quiet --out zjh-merged.json || fail "merge of zjh shards"
  "$cardsim" report zjh-merged.json -o zjh-merged.html || fail "report of merged zjh shards"
  ;;
zjh-chunk-bound)
  # A chunk's stream is 2^40 draws and a deal of P players takes up to 6P:
  # chunk sizes beyond it (chunks sharing random numbers) are refused; at
  # the bound exactly they play.
  expect_error 1 "chunk_deals 100000000000 is more than a chunk's random stream holds: at most 91625968981 deals of 2 players" \
    "$cardsim" zjh sim --deals 1000 --chunk-deals 1e11 --quiet --out r.json
  expect_error 1 "at most 10779525762 deals of 17 players" \
    "$cardsim" zjh sim --deals 1000 --players 17 --chunk-deals 10779525763 --quiet --out r.json
  "$cardsim" zjh sim --deals 1000 --chunk-deals 91625968981 --quiet --out r.json || fail "the largest chunk"
  ;;
two-writers)
  # One output, one writer: a second run that would write the same --out or
  # --checkpoint is refused at once, naming the run that holds it; the lock
  # goes with the run.
  "$cardsim" sim --rounds 20G --chunk-rounds 1M --threads 1 --quiet --out w.json --checkpoint ck.json \
    --checkpoint-every 0.1s 2>first.txt &
  pid=$!
  trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT  # a failed check does not leave it running
  wait_until test -e .ck.json.lock || fail "no lock file"
  expect_error 1 "--out: 'w.json' is being written by another run (pid $pid: cardsim sim, since " \
    "$cardsim" sim --rounds 1000 --quiet --out w.json
  expect_error 1 "--checkpoint: 'ck.json' is being written by another run (pid $pid: cardsim sim" \
    "$cardsim" sim --rounds 1000 --quiet --out other.json --checkpoint ck.json
  [[ ! -e other.json ]] || fail "the refused run wrote its --out"
  # (A link to the output is the same destination.)
  ln -s w.json link.json
  expect_error 1 "--out: 'link.json' is being written by another run" "$cardsim" sim --rounds 1000 --quiet --out link.json
  stop_with INT $pid
  [[ ! -e .w.json.lock && ! -e .ck.json.lock ]] || fail "lock files left: $(ls -a)"
  "$cardsim" sim --rounds 1000 --quiet --out w.json || fail "the output is free again"
  ;;
leftovers)
  # A run killed while writing leaves its temporary ".NAME.XXXXXX"; the next
  # run of the same output removes it (holding the output's lock, no live
  # writer can own one). Files of other shapes and links stay.
  printf 'half a checkpoint' >.ck.json.Ab12Cd
  printf 'not ours' >.ck.json.notours
  printf 'a longer name' >.ck.json.Ab12Cde
  ln -s /etc/hostname .ck.json.Zz99Yy
  "$cardsim" sim --rounds 2000 --chunk-rounds 1000 --quiet --out r.json --checkpoint ck.json || fail "sim"
  [[ ! -e .ck.json.Ab12Cd ]] || fail "the stale temporary is still there"
  [[ -e .ck.json.notours && -e .ck.json.Ab12Cde && -L .ck.json.Zz99Yy ]] || fail "removed what was not a temporary"
  # An input larger than cardsim reads is refused from its size, before
  # reading it (under a 300 MB address space, reading it would fail).
  truncate -s 300M big.json
  (ulimit -v 400000 && "$cardsim" sim --config big.json --rounds 10 --quiet --out r.json) >out.txt 2>err.txt
  grep -q "^error: cannot read 'big.json' (--config): it is 300 MiB, larger than 256 MiB" err.txt || fail "$(cat err.txt)"
  # A free text is bounded: a 300 kB description is not carried into the results.
  python3 -c 'import json; json.dump({"description": "d" * 300000}, open("desc.json", "w"))'
  expect_error 1 "config 'desc.json': the text of 'description' is 300000 bytes long; at most 10000" \
    "$cardsim" sim --config desc.json --rounds 10 --quiet --out r.json
  ;;
messages)
  # Every quoted value is cut (a 2 MB side bet field gives a short message),
  # merge names the key that differs, the chunk count's limit is a usage
  # error of --rounds, a range's count does not overflow, and running out of
  # memory says so.
  python3 - "$configs/sidebets/21-plus-3.json" <<'PY'
import json, sys
bet = json.load(open(sys.argv[1]))
bet["cards"] = "x" * 2_000_000
json.dump(bet, open("huge.json", "w"))
PY
  expect_error 1 "side bet 'huge.json'" "$cardsim" sidebet huge.json --quiet --out r.json
  (($(wc -c <err.txt) < 400)) || fail "a message of $(wc -c <err.txt) bytes"
  "$cardsim" sim --rounds 2000 --chunk-rounds 1000 --shard 0/2 --quiet --out a.json || fail "shard 0"
  "$cardsim" sim --rounds 2000 --chunk-rounds 1000 --shard 1/2 --decks 8 --quiet --out b.json || fail "shard 1"
  expect_error 1 "is of another run than 'a.json': their identities differ: config.decks is 8 in one and 6 in the other" \
    "$cardsim" merge a.json b.json --quiet --out m.json
  expect_error 2 "config key 'rounds' (--rounds): 1000000000000000001 rounds in chunks of 1000000 are 1000000000001 chunks; at most 16777215" \
    "$cardsim" sim --rounds 1000000000000000001 --quiet
  expect_error 2 "--vary burn_cards=0:18446744073709551615:1: the range has 1.84467440737096e+19 values; at most 1000" \
    "$cardsim" sweep --vary burn_cards=0:18446744073709551615:1 --quiet
  # 4M chunks of one round, two variants: the per-chunk sums do not fit in 1 GB.
  (ulimit -v 1000000 && "$cardsim" compare "$configs/6d-s17-das.json" "$configs/6d-h17-das.json" --rounds 4M \
    --chunk-rounds 1 --threads 1 --quiet --out r.json) >out.txt 2>err.txt
  code=$?
  [[ $code -eq 1 ]] || fail "exit $code: $(cat err.txt)"
  grep -q "^error: not enough memory for the per-chunk sums of 2 variants x 4000000 chunks" err.txt || fail "$(cat err.txt)"
  ;;
*) fail "unknown case $case_name" ;;
esac
