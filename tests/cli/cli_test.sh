#!/usr/bin/env bash
# End-to-end tests of the real `cardsim` binary: help, version, determinism of
# the JSON across thread counts, and bad input (one clear error line, a
# non-zero exit, no result file). Usage: cli_test.sh CARDSIM CASE
set -uo pipefail
cardsim=$1
case_name=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }

# expect_error EXIT_CODE PATTERN cmd...: the command exits EXIT_CODE and prints
# exactly one line on stderr, "error: ..." matching PATTERN, and nothing on stdout.
expect_error() {
  local want=$1 pattern=$2; shift 2
  "$@" >out.txt 2>err.txt
  local got=$?
  [[ $got -eq $want ]] || fail "exit $got, expected $want: $* ($(cat err.txt))"
  [[ $(wc -l <err.txt) -eq 1 ]] || fail "expected one error line, got: $(cat err.txt)"
  grep -q "^error: .*$pattern" err.txt || fail "error line does not match '$pattern': $(cat err.txt)"
  [[ ! -s out.txt ]] || fail "unexpected stdout: $(head -3 out.txt)"
}

# The statistics of a result file: everything but the "performance" object
# (threads, elapsed time), which is the only part allowed to differ.
statistics() { sed '/"performance": {/,/}/d' "$1"; }

case $case_name in
help)
  "$cardsim" --help | grep -q "sim" || fail "--help lists no sim"
  "$cardsim" sim --help | grep -q -- "--decks" || fail "sim --help lists no --decks"
  "$cardsim" sim --help | grep -q -- "--blackjack-pays" || fail "sim --help lists no --blackjack-pays"
  ;;
version)
  "$cardsim" --version | grep -Eq "^cardsim [0-9]+\.[0-9]+\.[0-9]+" || fail "bad --version"
  ;;
determinism)
  "$cardsim" sim --rounds 3M --chunk-rounds 500k --seats 2 --threads 1 --quiet --out one.json || fail "1 thread"
  "$cardsim" sim --rounds 3M --chunk-rounds 500k --seats 2 --threads 2 --quiet --out two.json || fail "2 threads"
  diff <(statistics one.json) <(statistics two.json) >/dev/null || fail "1 and 2 threads differ"
  "$cardsim" sim --rounds 3M --chunk-rounds 500k --seats 2 --threads 2 --seed 2 --quiet --out other.json || fail "seed 2"
  ! diff <(statistics one.json) <(statistics other.json) >/dev/null || fail "seeds 1 and 2 agree"
  grep -q '"schema_version": 1' one.json || fail "no schema_version"
  grep -q '"rounds": 3000000' one.json || fail "rounds not echoed"
  ;;
stdout)
  "$cardsim" sim --rounds 100k --out - >result.json 2>summary.txt || fail "run"
  head -c1 result.json | grep -q '{' || fail "stdout is not JSON"
  grep -q "house edge" summary.txt || fail "no summary on stderr"
  "$cardsim" sim --rounds 100k >summary.txt 2>/dev/null || fail "run"
  grep -q "house edge .*95% CI" summary.txt || fail "no summary on stdout"
  ;;
config)
  printf '{"decks": 2, "h17": true, "surrender": "late", "rounds": "200k"}\n' >game.json
  "$cardsim" sim --config game.json --decks 4 --quiet --out r.json || fail "run"
  grep -q '"decks": 4' r.json || fail "flag did not override the file"
  grep -q '"h17": true' r.json || fail "file key lost"
  grep -q '"rounds": 200000' r.json || fail "rounds from file lost"
  ;;
chart)
  # A chart written by `cardsim chart` reads back and plays exactly as the original.
  "$cardsim" chart --h17 --out h17.txt || fail "chart"
  grep -q "^\[pairs\]" h17.txt || fail "no [pairs] section"
  "$cardsim" sim --h17 --rounds 300k --quiet --out a.json || fail "sim basic"
  "$cardsim" sim --h17 --strategy h17.txt --rounds 300k --quiet --out b.json || fail "sim chart file"
  diff <(statistics a.json | grep -v '"strategy"') <(statistics b.json | grep -v '"strategy"') >/dev/null ||
    fail "the written chart plays differently"
  ;;
bad-input)
  expect_error 2 "deks" "$cardsim" sim --deks 6
  expect_error 1 "'decks'.*1..8" "$cardsim" sim --decks 0 --out r.json
  expect_error 1 "'penetration'.*(0,1)" "$cardsim" sim --penetration 1.5 --out r.json
  expect_error 1 "'seats'.*1..7" "$cardsim" sim --seats 9 --out r.json
  expect_error 1 "'h17'" "$cardsim" sim --h17 maybe --out r.json
  expect_error 1 "'rounds'" "$cardsim" sim --rounds 12x --out r.json
  printf '{"decks": 6, "hit_soft_17": true}\n' >unknown.json
  expect_error 1 "unknown config key 'hit_soft_17'" "$cardsim" sim --config unknown.json --out r.json
  printf '{"decks": "6"}\n' >wrongtype.json
  expect_error 1 "'decks'" "$cardsim" sim --config wrongtype.json --out r.json
  printf '{"decks": 6,,}\n' >broken.json
  expect_error 1 "not valid JSON" "$cardsim" sim --config broken.json --out r.json
  printf '[hard]\n2 3 4 5 6 7 8 9 T A\n4 H H H H H H H H H\n' >chart.txt
  expect_error 1 "chart.txt:3: .*9 actions" "$cardsim" sim --strategy chart.txt --out r.json
  expect_error 1 "not a named strategy" "$cardsim" sim --strategy nothing-like-this --out r.json
  expect_error 1 "does not exist" "$cardsim" sim --rounds 1000 --out missing/dir/r.json
  [[ ! -e r.json ]] || fail "a result file was written despite the errors"
  ;;
interrupt)
  "$cardsim" sim --rounds 20G --chunk-rounds 1M --threads 2 --quiet --out partial.json 2>err.txt &
  pid=$!
  sleep 1
  kill -INT $pid
  wait $pid
  code=$?
  [[ $code -eq 130 ]] || fail "exit $code after SIGINT, expected 130"
  grep -q "^error: interrupted after" err.txt || fail "no interruption message: $(cat err.txt)"
  grep -q '"partial": true' partial.json || fail "partial result not written or not marked"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok: $case_name"
