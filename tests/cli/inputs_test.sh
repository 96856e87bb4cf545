#!/usr/bin/env bash
# Inputs are read once, at the start, and pinned (io/inputs.hpp): an output is
# never one of them (side bet tables included), a file edited or deleted
# during a run changes nothing of it, resume and merge refuse a changed input
# naming the file and work from any folder, names in a config are relative
# to the config, and an input is never read without limit.
# Usage: inputs_test.sh CARDSIM CASE
set -uo pipefail
configs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../configs" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# in/sb.json: a copy of a shipped side bet; edited_pays FILE: its pays changed.
mkdir in
cp "$configs/sidebets/perfect-pairs-25-12-6.json" in/sb.json
edited_pays() { sed -i 's/"pays": 25/"pays": 250/' "$1"; }
sim=(--rounds 40k --chunk-rounds 10k --strategy basic-s17-das --reshuffle every-round --quiet)

case $case_name in
side-bet-outputs)
  # Defect 1: compare and sweep wrote over the side bet tables they played.
  cp in/sb.json before.json
  expect_error 1 "same file as the side bet 'in/sb.json'" \
    "$cardsim" sweep --side-bet in/sb.json --strategy basic-s17-das --vary h17=false,true --rounds 20k \
    --chunk-rounds 1k --quiet --csv in/sb.json
  printf '{"name": "A", "side_bets": ["sb.json"], "strategy": "basic-s17-das"}\n' >in/a.json
  printf '{"name": "B", "side_bets": ["sb.json"], "h17": true, "strategy": "basic-s17-das"}\n' >in/b.json
  expect_error 1 "same file as the side bet 'in/sb.json'" \
    "$cardsim" compare in/a.json in/b.json --rounds 20k --chunk-rounds 1k --quiet --out in/sb.json
  expect_error 1 "same file as the side bet" "$cardsim" sim --side-bet in/sb.json "${sim[@]}" --out in/sb.json
  # analyze has no --side-bet flag; a config that names one still pins it.
  expect_error 1 "same file as the side bet" "$cardsim" analyze --config in/a.json --quiet --out in/sb.json
  cmp -s before.json in/sb.json || fail "the side bet file was changed"
  ;;
deleted-during-run)
  # Defect 2: the PAR value was read again from the file after the run; a
  # file deleted meanwhile lost the result. Now the run has all it needs.
  "$cardsim" sim --side-bet in/sb.json --rounds 4M --chunk-rounds 100k --threads 1 --reshuffle every-round \
    --strategy basic-s17-das --quiet --out r.json --checkpoint ck.json --checkpoint-every 0.1s &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  rm in/sb.json
  wait $pid || fail "the run failed once its side bet file was deleted"
  grep -q '"name": "Perfect Pairs 25/12/6"' r.json || fail "no side bet in the result"
  grep -q '"partial": false' r.json || fail "the result is partial"
  ;;
resume-pinned)
  # Defect 2: a resume read the side bet file again (an edited pay table mixed
  # two games; another folder failed). The checkpoint holds the bets.
  "$cardsim" sim --side-bet in/sb.json --rounds 20k --chunk-rounds 10k --strategy basic-s17-das --quiet \
    --out half.json --checkpoint ck.json ||
    fail "first half"
  # Resumed (nothing left to play: the result is written again) after the
  # pay table was edited, from another folder.
  edited_pays in/sb.json
  mkdir elsewhere
  (cd elsewhere && "$cardsim" sim --resume ../ck.json --quiet --out ../resumed.json) || fail "resume from elsewhere"
  statistics half.json >a.txt
  statistics resumed.json >b.txt
  cmp -s a.txt b.txt || fail "the resumed result differs from the run it continues"
  grep -q '"pays": 250' resumed.json && fail "the resumed run read the edited pay table"
  true
  ;;
merge-pinned)
  # Defect 2: merge mixed shards played with different pay tables; now it
  # refuses, naming the file. Shards of the same files merge from anywhere.
  printf '{"side_bets": ["sb.json"], "strategy": "basic-s17-das", "reshuffle": "every-round"}\n' >in/game.json
  "$cardsim" sim --config in/game.json --rounds 40k --chunk-rounds 10k --quiet --shard 0/2 --out s0.json || fail "s0"
  "$cardsim" sim --config in/game.json --rounds 40k --chunk-rounds 10k --quiet --shard 1/2 --out s1.json || fail "s1"
  mkdir elsewhere
  (cd elsewhere && "$cardsim" merge ../s0.json ../s1.json --quiet --out ../merged.json) || fail "merge from elsewhere"
  "$cardsim" sim --config in/game.json --rounds 40k --chunk-rounds 10k --quiet --out whole.json || fail "whole"
  statistics whole.json >a.txt
  statistics merged.json | grep -v '"shards"' >b.txt
  grep -v '"shards"' a.txt >a2.txt
  cmp -s a2.txt b.txt || fail "the merged result differs from the whole run"
  edited_pays in/sb.json
  "$cardsim" sim --config in/game.json --rounds 40k --chunk-rounds 10k --quiet --shard 1/2 --out s1b.json || fail "s1b"
  expect_error 1 "shard 's1b.json' is of another run than 's0.json': side bet 'sb.json' differs" \
    "$cardsim" merge s0.json s1b.json --out m.json
  ;;
config-relative)
  # Defect 9: side bets named in a config were found from the working folder,
  # charts from the config's. Now every name in a config is relative to it.
  printf '{"side_bets": ["sb.json"], "rounds": "20k", "reshuffle": "every-round", "strategy": "basic-s17-das"}\n' \
    >in/game.json
  cp "$configs/sidebets/over-13.json" sb.json  # another bet of the same name here
  "$cardsim" sim --config in/game.json --quiet --out r.json || fail "sim"
  grep -q '"name": "Perfect Pairs 25/12/6"' r.json || fail "the side bet was not found beside the config"
  "$cardsim" sim --config in/game.json --side-bet sb.json --quiet --out r2.json || fail "sim with the flag"
  grep -q '"name": "Over 13"' r2.json || fail "a flag's file name is not relative to the working folder"
  ;;
limits)
  # Defect 9: merge read /dev/zero without limit; an input is read up to 256 MiB.
  expect_error 1 "cannot read '/dev/zero' (shard): larger than 256 MiB" "$cardsim" merge /dev/zero --out m.json
  [[ ! -e m.json ]] || fail "a result was written"
  ;;
threads)
  # Defect 9 and 4: --threads has a maximum (a usage error above it), and a
  # result says how many threads ran (one a chunk at most), merged too.
  expect_error 2 "threads.*1024" "$cardsim" sim "${sim[@]}" --threads 100000 --out r.json
  "$cardsim" sim "${sim[@]}" --threads 64 --out r.json || fail "sim"
  grep -q '"threads": 4$' r.json || fail "4 chunks ran on 64 threads: $(grep '"threads"' r.json)"
  for i in 0 1; do "$cardsim" sim "${sim[@]}" --threads 3 --shard $i/2 --out s$i.json || fail "shard $i"; done
  "$cardsim" merge s0.json s1.json --quiet --out m.json || fail "merge"
  grep -q '"threads": 2$' m.json || fail "a merge adds the shards' threads: $(grep '"threads"' m.json)"
  ;;
thread-limit)
  # Defect 4: a thread the system cannot start was an abort (SIGABRT); now it
  # is one error line and exit 1. An address-space limit (which binds root
  # too) leaves room for a few hundred 8 MiB thread stacks, not 1000.
  limit() { (ulimit -v 2000000 && ulimit -s 8192 && exec "$@"); }
  limit "$cardsim" --version >/dev/null 2>&1 || skip "this build cannot run under an address-space limit (sanitizers)"
  limit "$cardsim" sim --rounds 1000 --chunk-rounds 1 --strategy basic-s17-das --quiet --threads 1000 --out r.json \
    >out.txt 2>err.txt
  code=$?
  [[ $code -eq 1 ]] || fail "exit $code: $(cat err.txt)"
  grep -q "^error: cannot start thread [0-9]* of 1000: .*; ask for fewer threads" err.txt || fail "$(cat err.txt)"
  [[ $(wc -l <err.txt) -eq 1 ]] || fail "more than one line: $(cat err.txt)"
  ;;
*) fail "unknown case" ;;
esac
