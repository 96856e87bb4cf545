#!/usr/bin/env bash
# `cardsim bench` and evaluator plugins (issue 44). No timing is asserted:
# the figures belong to the benchmarks; what is checked is that the suite runs
# and writes a result the report's schema takes, that a right plugin passes,
# that wrong ones are caught with the right hands and counts, and that broken
# ones end in one-line errors while cardsim survives.
# Usage: bench_test.sh CARDSIM CASE PLUGINS   (PLUGINS: the built test plugins' folder)
set -uo pipefail
plugins=$3
source "$(dirname "${BASH_SOURCE[0]}")/../cli/common.sh"

quick=(--repetitions 1 --min-time 0.01)
# bench_with PLUGIN [flags...]: the plugin's check and timing, the suite cut to its reference.
bench_with() {
  local plugin=$1
  shift
  "$cardsim" bench --filter '^dealing$' "${quick[@]}" --evaluator "$plugins/libplugin_$plugin.so" "$@"
}
# json_is FILE JQ-FILTER: the filter is true of the file.
json_is() { [[ $(jq -r "$2" "$1") == true ]] || fail "$1: not ($2): $(jq -c "$2" "$1" 2>&1 | head -c 300)"; }

case $case_name in
suite)
  # The issue's test-suite run: the dealing case once, its JSON schema-checked
  # (by the report, which refuses a field not of its kind) and its fields.
  "$cardsim" bench --filter dealing --repetitions 1 --out b.json >summary.txt || fail "bench --filter dealing"
  json_is b.json '.command == "bench" and .schema_version == 1 and (.cases | length) == 1'
  json_is b.json '.cases[0].name == "dealing" and .cases[0].unit == "rounds" and .cases[0].repetitions == 1'
  json_is b.json '(.cases[0].ratio.median - 1 | fabs) < 1e-9 and .reference.rate > 0'
  json_is b.json '(.machine.cpu | length) > 0 and .machine.cores >= 1 and (.machine.compiler | startswith("GCC"))'
  json_is b.json '.interrupted == false and .settings.repetitions == 1'
  grep -q "^cardsim .* bench on .* (Release" summary.txt || fail "no header: $(cat summary.txt)"
  grep -q "^dealing " summary.txt || fail "no dealing line: $(cat summary.txt)"
  "$cardsim" report b.json -o b.html || fail "report of a bench result"
  grep -q 'id="cases"' b.html && grep -q 'id="case-dealing"' b.html || fail "the page has no cases table"
  # Every case of the suite, once, briefly: each writes its figures.
  "$cardsim" bench --repetitions 1 --min-time 0 --quiet --out all.json || fail "the whole suite"
  json_is all.json '[.cases[].name] == ["dealing","hand-eval/table","hand-eval/naive","round/plain/1-thread","round/controlled/1-thread","round/plain/all-threads","round/controlled/all-threads","zjh-eval/random","zjh-eval/sequential","zjh-sim/2-players","analysis/6-decks"]'
  json_is all.json '[.cases[] | .rate.median > 0 and .ratio.median > 0] | all'
  "$cardsim" report all.json -o all.html || fail "report of the whole suite"
  ;;
filter)
  "$cardsim" bench --filter 'zjh-eval' "${quick[@]}" --out f.json >/dev/null || fail "--filter zjh-eval"
  json_is f.json '[.cases[].name] == ["zjh-eval/random", "zjh-eval/sequential"]'
  expect_error 1 "--filter 'nothing' matches no case; the cases are dealing, hand-eval/table" \
    "$cardsim" bench --filter nothing
  expect_error 1 "--filter '(' is no regular expression" "$cardsim" bench --filter '('
  ;;
baseline)
  "$cardsim" bench --filter 'dealing|hand-eval' "${quick[@]}" --quiet --out old.json || fail "the baseline run"
  "$cardsim" bench --filter 'dealing|hand-eval' "${quick[@]}" --baseline old.json >summary.txt || fail "--baseline"
  grep -q "^against the baseline (.*): ratio to the dealing limit then -> now" summary.txt || fail "$(cat summary.txt)"
  grep -Eq "^  hand-eval/table +[0-9.e+-]+ -> [0-9.e+-]+ +\([+-][0-9.]+%\)" summary.txt || fail "$(cat summary.txt)"
  # A baseline is read like any result from elsewhere.
  "$cardsim" sim --rounds 1000 --quiet --out sim.json || fail "sim"
  expect_error 1 "--baseline: not a bench result" "$cardsim" bench --filter dealing "${quick[@]}" --baseline sim.json
  jq '.cases[0].ratio.median = "fast"' old.json >bad.json
  expect_error 1 '--baseline: cases\[0\].ratio.median is not a positive number' \
    "$cardsim" bench --filter dealing "${quick[@]}" --baseline bad.json
  ;;
interrupt)
  # Ctrl-C keeps what has been measured: the repetitions done, in the result.
  "$cardsim" bench --filter 'dealing|hand-eval' --repetitions 1000 --min-time 0.02 --out i.json 2>err.txt &
  pid=$!
  sleep 1.5
  stop_with INT $pid
  json_is i.json '.interrupted == true and .cases[0].name == "dealing" and .cases[0].repetitions >= 1'
  "$cardsim" report i.json -o i.html || fail "report of an interrupted bench"
  ;;
bad-input)
  expect_error 2 "repetitions" "$cardsim" bench --repetitions 0
  expect_error 2 "min-time" "$cardsim" bench --min-time -1
  expect_error 1 "cannot read 'nowhere.so' (evaluator): No such file" "$cardsim" bench --evaluator nowhere.so
  expect_error 1 "cannot" "$cardsim" bench --filter dealing "${quick[@]}" --out missing/dir/b.json
  [[ ! -e missing ]] || fail "an output folder was made"
  ;;
good)
  # A right ranker and blackjack evaluator: right on every pair and hand, then timed.
  bench_with good --out g.json >summary.txt || fail "a right plugin: $(cat summary.txt)"
  grep -q "^  zjh_rank: right on all 244,193,950 pairs$" summary.txt || fail "$(cat summary.txt)"
  grep -Eq "^  bj_hand: right on all [0-9,]+ hands$" summary.txt || fail "$(cat summary.txt)"
  grep -q "^  timing zjh_rank on random hands: evaluator .* M hands/s, cardsim .* M/s: .*x cardsim's speed$" \
    summary.txt || fail "no timing: $(cat summary.txt)"
  grep -q "^  timing bj_hand on random three-card hands" summary.txt || fail "no bj timing: $(cat summary.txt)"
  json_is g.json '.evaluator.passed == true and .evaluator.abi_version == 1 and (.evaluator.timings | length) == 3'
  json_is g.json '[.evaluator.checks[].entry] == ["zjh_rank", "bj_hand"]'
  "$cardsim" report g.json -o g.html || fail "report with an evaluator"
  grep -q 'id="check-zjh_rank"' g.html && grep -q 'id="timings"' g.html || fail "the page lacks the evaluator"
  ;;
compare)
  # A comparator, checked on every ordered pair of disjoint hands: 22,100 x C(49, 3).
  bench_with compare >summary.txt || fail "a right comparator: $(cat summary.txt)"
  grep -q "^  zjh_compare: right on all 407,170,400 pairs$" summary.txt || fail "$(cat summary.txt)"
  grep -q "^  timing zjh_compare on random showdowns" summary.txt || fail "no timing: $(cat summary.txt)"
  ;;
wrong-ranks)
  # A-2-3 above A-K-Q: each of the 4 A-2-3 straight flushes against the 44
  # other straight flushes, each of the 60 A-2-3 straights against the 660
  # other straights: 176 + 39,600 pairs, and nothing else.
  bench_with a23_high --out w.json >summary.txt 2>err.txt
  [[ $? -eq 1 ]] || fail "a wrong plugin must exit 1"
  grep -q "error: the evaluator .* failed its check" err.txt || fail "$(cat err.txt)"
  grep -q "^  zjh_rank: WRONG on 39,776 of 244,193,950 pairs$" summary.txt || fail "$(cat summary.txt)"
  grep -q "^    by category (cardsim's higher > lower: pairs): straight > straight: 39,600; straight_flush > straight_flush: 176$" \
    summary.txt || fail "$(cat summary.txt)"
  grep -q "^    first: 2c 3c 4c against 2c 3c Ac: cardsim says the first wins, the evaluator the second wins$" \
    summary.txt || fail "$(cat summary.txt)"
  grep -q "not timed" summary.txt || fail "a failing plugin was timed"
  json_is w.json '.evaluator.passed == false and (.evaluator.timings | length) == 0'
  # --time-anyway times it all the same.
  bench_with a23_high --time-anyway >summary.txt 2>/dev/null
  grep -q "^  timing zjh_rank" summary.txt || fail "--time-anyway: $(cat summary.txt)"
  # Suits ignored where the declared rules break ties by them: only pairs of one category.
  bench_with no_suits >summary.txt 2>/dev/null
  grep -q "^  zjh_rank: WRONG on" summary.txt || fail "$(cat summary.txt)"
  grep "by category" summary.txt | grep -Eq "(straight_flush|[^_]straight|flush|pair|high_card|leopard) > " ||
    fail "$(cat summary.txt)"
  ! grep "by category" summary.txt | grep -Eq "pair > high_card|flush > straight;" || fail "across categories: $(cat summary.txt)"
  ;;
wrong-compare)
  # A tie called a win for the first hand: not antisymmetric, with the witness.
  bench_with tie_wins >summary.txt 2>/dev/null
  grep -q "^  zjh_compare: WRONG on" summary.txt || fail "$(cat summary.txt)"
  grep -q "^    not antisymmetric: .* gives 1, the other way round 1$" summary.txt || fail "$(cat summary.txt)"
  expect_error 1 "its zjh_compare returned 2 for .* against .*, not -1, 0 or 1" bench_with out_of_range
  ;;
wrong-bj)
  bench_with soft >summary.txt 2>/dev/null
  grep -q "^  bj_hand: WRONG on" summary.txt || fail "$(cat summary.txt)"
  grep -Eq "^    first: .*A.*: cardsim [0-9]+ hard, the evaluator [0-9]+ soft$" summary.txt || fail "$(cat summary.txt)"
  ;;
broken)
  # Each broken plugin: one line, exit 1, and cardsim itself survives.
  expect_error 1 "crashed (SIGSEGV) while checking zjh_rank" bench_with crash
  expect_error 1 "did not finish within 2 s (--timeout) while checking zjh_rank" bench_with hang --timeout 2
  expect_error 1 "its ABI version is 2, this cardsim reads version 1" bench_with wrong_abi
  expect_error 1 "it does not export cardsim_evaluator_plugin()" bench_with no_symbol
  expect_error 1 "it gives no entry point" bench_with no_entry
  echo "not a library" >fake.so
  expect_error 1 "cannot load it: " "$cardsim" bench --evaluator ./fake.so
  # No process of the hanging plugin is left behind.
  ! pgrep -f "libplugin_hang" >/dev/null || fail "the hanging plugin's process survived"
  ;;
example)
  # The worked example (examples/evaluator-plugin/weights.c), as docs/bench.md shows it.
  "$cardsim" bench --filter '^dealing$' "${quick[@]}" --evaluator "$plugins/libweights.so" --time-anyway \
    --out x.json >summary.txt 2>err.txt
  [[ $? -eq 1 ]] || fail "the tutorial weights pass? $(cat summary.txt)"
  grep -q "^  zjh_rank: WRONG on" summary.txt || fail "$(cat summary.txt)"
  grep -Eq "^  bj_hand: right on all [0-9,]+ hands$" summary.txt || fail "$(cat summary.txt)"
  grep -q "^  timing zjh_rank on random hands" summary.txt || fail "$(cat summary.txt)"
  "$cardsim" report x.json -o x.html || fail "report of the example"
  ;;
*) fail "unknown case" ;;
esac
exit 0
