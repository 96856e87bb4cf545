#!/usr/bin/env bash
# End-to-end tests of the real `cardsim` binary: help, version, determinism of
# the JSON across thread counts, and bad input (one clear error line, a
# non-zero exit, no result file). Usage: cli_test.sh CARDSIM CASE
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case $case_name in
help)
  # Into files first: `grep -q` on a pipe closes it early, and the writer's
  # SIGPIPE would fail the pipeline under pipefail.
  "$cardsim" --help >help.txt || fail "--help exits non-zero"
  "$cardsim" sim --help >sim-help.txt || fail "sim --help exits non-zero"
  grep -q "sim" help.txt || fail "--help lists no sim"
  grep -q -- "--decks" sim-help.txt || fail "sim --help lists no --decks"
  grep -q -- "--blackjack-pays" sim-help.txt || fail "sim --help lists no --blackjack-pays"
  # Grouped, in this order, and wrapped to 80 columns (not a terminal).
  [[ $(grep -E '^[A-Z][a-z]+:$' sim-help.txt | tr '\n' ' ') == "Rules: Strategy: Counting: Run: Output: Other: Examples: " ]] ||
    fail "sim --help's groups: $(grep -E '^[A-Z][a-z]+:$' sim-help.txt | tr '\n' ' ')"
  (($(wc -L <sim-help.txt) <= 80)) || fail "sim --help has lines of $(wc -L <sim-help.txt) columns"
  grep -A3 '^Run:' sim-help.txt | grep -q -- "--rounds N" || fail "sim --help: --rounds not under Run"
  grep -q -- "--checkpoint-every DURATION$" sim-help.txt || fail "sim --help: --checkpoint-every's value name"
  ! grep -qE "(UINT|INT|TEXT|FLOAT):|DURATION:DURATION" sim-help.txt || fail "sim --help names a parser type"
  # Each command lists its own flags only: play deals until you quit, counts nothing, bets no side bet.
  "$cardsim" play --help >play-help.txt || fail "play --help"
  for flag in --rounds --chunk-rounds --wong-in --count --side-bet; do
    ! grep -q -- "$flag " play-help.txt || fail "play --help lists $flag"
  done
  grep -q -- "--seed N" play-help.txt && grep -q -- "--h17 \[BOOL\]" play-help.txt || fail "play --help lacks its flags"
  "$cardsim" analyze --help >analyze-help.txt && ! grep -q -- "--rounds" analyze-help.txt || fail "analyze --help lists --rounds"
  # Every command's examples name only flags of that command.
  # (The command an example runs: the longest run of its words that names one.)
  mapfile -t paths < <("$cardsim" docs commands | cut -f1)
  while IFS= read -r example; do
    line=${example#*$'\t'} line=${line%%$'\t'*}
    read -ra words <<<"${line#cardsim }"
    path=""
    for ((n = 1; n <= ${#words[@]}; n++)); do
      [[ " ${paths[*]/%/,} " == *" ${words[*]:0:n},"* ]] && path=${words[*]:0:n}
    done
    # shellcheck disable=SC2086
    "$cardsim" $path --help >command-help.txt || fail "$path --help"
    for flag in $(grep -oE -- ' --?[a-z0-9-]+' <<<"$line"); do
      grep -qE -- "^ +(-[a-z0-9], )?$flag( |,|$)|^ +-[a-z0-9], $flag( |$)" command-help.txt ||
        fail "the example '$line' names $flag, which \`cardsim $path\` does not have"
    done
  done < <("$cardsim" docs examples)
  ;;
wrap)
  # Every command's --help wraps at blanks to $COLUMNS (40 and 80), never
  # inside a word: the words of the unwrapped help, in order.
  export LC_ALL=C.UTF-8
  while IFS= read -r path; do
    # shellcheck disable=SC2086
    COLUMNS=1000 "$cardsim" $path --help >wide.txt || fail "cardsim $path --help"
    for columns in 40 80; do
      # shellcheck disable=SC2086
      COLUMNS=$columns "$cardsim" $path --help >"help-$columns.txt"
      check_wrapped "help-$columns.txt" "$columns" wide.txt
    done
  done < <("$cardsim" docs commands | cut -f1)
  ;;
suggest)
  # Unknown flags, commands and names: the nearest one.
  expect_error 2 "unknown flag '--deck' for \`cardsim sim\`; did you mean --decks?" "$cardsim" sim --deck 8
  expect_error 2 "unknown flag '--chunk-round' for \`cardsim compare\`; did you mean --chunk-rounds?" \
    "$cardsim" compare 6d-s17-das 6d-h17-das --chunk-round=5
  expect_error 2 "unknown flag '--rounds' for \`cardsim play\`" "$cardsim" play --rounds 5
  expect_error 2 "unknown command 'simm'; did you mean sim?" "$cardsim" simm
  expect_error 1 "'hilo' is not a count in .*; did you mean hi-lo?" "$cardsim" sim --count hilo --rounds 1k
  expect_error 1 "strategy 'basic-s17' .*; did you mean basic-s17-das?" "$cardsim" sim --strategy basic-s17 --rounds 1k
  expect_error 1 "'illustrious18' .*; did you mean illustrious18-fab4-h17 or illustrious18-fab4-s17?" \
    "$cardsim" sim --count hi-lo --indices illustrious18 --rounds 1k
  expect_error 1 "side bet 'lucky-ladys' .*; did you mean lucky-ladies?" "$cardsim" sim --side-bet lucky-ladys --rounds 1k
  expect_error 2 "'6d-h17' is neither a config file nor a rule set .*; did you mean 6d-h17-das?" \
    "$cardsim" sim --config 6d-h17 --rounds 1k
  # A shipped rule set by name, as a path would give it.
  "$cardsim" sim --config 6d-h17-das --rounds 100k --quiet --out named.json || fail "--config 6d-h17-das"
  "$cardsim" sim --config "$("$cardsim" docs data-dir)/6d-h17-das.json" --rounds 100k --quiet --out path.json ||
    fail "--config by path"
  diff <(statistics named.json) <(statistics path.json) >/dev/null || fail "the name and the path play differently"
  "$cardsim" compare 6d-s17-das 6d-h17-das --rounds 100k --chunk-rounds 5k --quiet --csv - >compare.csv ||
    fail "compare by names"
  grep -q "^6-deck H17 DAS," compare.csv || fail "compare by names: $(cat compare.csv)"
  "$cardsim" zjh exact --config teen-patti >teen.txt || fail "zjh --config teen-patti"
  ;;
version)
  # "cardsim V (commit C)", with the commit when built from a git checkout
  # (scripts/release.sh's tarball carries it in .git-revision).
  source_dir=$(dirname "$0")/../..
  "$cardsim" --version >version.txt || fail "--version exits non-zero"
  grep -Eq "^cardsim [0-9]+\.[0-9]+\.[0-9]+( \(commit [0-9a-f]{12}(-dirty)?\))?$" version.txt ||
    fail "bad --version: $(cat version.txt)"
  # -V is --version; a misspelt flag before the command is named as such, not
  # "A subcommand is required" (issue 47).
  "$cardsim" -V >v.txt 2>&1 || fail "-V exits non-zero: $(cat v.txt)"
  cmp -s v.txt version.txt || fail "-V prints '$(cat v.txt)', --version '$(cat version.txt)'"
  expect_error 2 "unknown flag '--versio' for \`cardsim\`; did you mean --version?" "$cardsim" --versio
  expect_error 2 "unknown flag '--nope' for \`cardsim\`" "$cardsim" --nope sim
  if [[ -e $source_dir/.git || -e $source_dir/.git-revision ]]; then
    grep -q "(commit " version.txt || fail "built from a checkout, --version names no commit: $(cat version.txt)"
  fi
  # The version agrees with CHANGELOG.md: its newest version section is
  # "## [V] - YYYY-MM-DD" (a real date) for this V, and every version section
  # is dated, versions and dates descending.
  v=$(sed -E 's/^cardsim ([0-9.]+).*/\1/' version.txt)
  grep -E '^## \[' "$source_dir/CHANGELOG.md" | grep -v '^## \[Unreleased\]$' >sections.txt
  [[ -s sections.txt ]] || fail "CHANGELOG.md has no version sections"
  first=$(head -1 sections.txt)
  [[ $first == "## [$v] - "* ]] || fail "CHANGELOG.md's newest version is '$first'; cardsim --version says $v"
  while read -r line; do
    [[ $line =~ ^##\ \[([0-9]+\.[0-9]+\.[0-9]+)\]\ -\ ([0-9]{4}-[0-9]{2}-[0-9]{2})$ ]] ||
      fail "CHANGELOG.md: '$line' is not '## [X.Y.Z] - YYYY-MM-DD'"
    [[ $(date -u -d "${BASH_REMATCH[2]}" +%F 2>/dev/null) == "${BASH_REMATCH[2]}" ]] || fail "CHANGELOG.md: '$line': not a date"
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}" >>versions.txt
  done <sections.txt
  cut -d' ' -f1 versions.txt | sort -V -r -c || fail "CHANGELOG.md's versions are not newest first: $(cut -d' ' -f1 versions.txt | tr '\n' ' ')"
  cut -d' ' -f2 versions.txt | sort -r -c || fail "CHANGELOG.md's dates are not newest first: $(cut -d' ' -f2 versions.txt | tr '\n' ' ')"
  [[ $(cut -d' ' -f1 versions.txt | sort -u | wc -l) -eq $(wc -l <versions.txt) ]] || fail "CHANGELOG.md lists a version twice"
  ;;
determinism)
  "$cardsim" sim --rounds 3M --chunk-rounds 500k --seats 2 --threads 1 --quiet --out one.json || fail "1 thread"
  "$cardsim" sim --rounds 3M --chunk-rounds 500k --seats 2 --threads 2 --quiet --out two.json || fail "2 threads"
  diff <(statistics one.json) <(statistics two.json) >/dev/null || fail "1 and 2 threads differ"
  "$cardsim" sim --rounds 3M --chunk-rounds 500k --seats 2 --threads 2 --seed 2 --quiet --out other.json || fail "seed 2"
  ! diff <(statistics one.json) <(statistics other.json) >/dev/null || fail "seeds 1 and 2 agree"
  grep -q '"schema_version": 3' one.json || fail "no schema_version"
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
target-se)
  # Stops after the first batch of 20 chunks whose SE is small enough; the same
  # on 1 and 2 threads; not with --shard.
  "$cardsim" sim --rounds 100M --chunk-rounds 250k --target-se 0.001 --threads 1 --quiet --out one.json || fail "1 thread"
  "$cardsim" sim --rounds 100M --chunk-rounds 250k --target-se 0.001 --threads 2 --quiet --out two.json || fail "2 threads"
  grep -q '"stopped_by": "target_se"' one.json || fail "not stopped by the target"
  grep -q '"partial": false' one.json || fail "a target-se stop is marked partial"
  grep -q '"chunks_played": 20,' one.json || fail "expected one batch of 20 chunks (SE 1.15/sqrt(5M) < 0.001)"
  # The target is on the headline's SE: the controlled one, about 18 times
  # smaller (a variance 340 times smaller): one batch where plain rounds need
  # (1.15/0.0002)^2 = 33M rounds, 330 chunks.
  "$cardsim" sim --rounds 1G --chunk-rounds 100k --target-se 0.0002 --quiet --out controlled.json || fail "controlled"
  grep -q '"chunks_played": 20,' controlled.json || fail "the controlled run did not stop after one batch"
  "$cardsim" sim --rounds 1G --chunk-rounds 100k --target-se 0.0002 --control-variate none --quiet --out plain.json ||
    fail "plain"
  python3 -c 'import json,sys; n=json.load(open("plain.json"))["run"]["chunks_played"]; sys.exit(not 300 <= n <= 400)' ||
    fail "the plain run's chunks: $(grep chunks_played plain.json)"
  diff <(statistics one.json) <(statistics two.json) >/dev/null || fail "1 and 2 threads differ"
  # The summary says where the run stopped: on the target, or on the --rounds cap.
  "$cardsim" sim --rounds 100M --chunk-rounds 250k --target-se 0.001 >summary.txt || fail "run with a summary"
  grep -q "^target SE 0.001: reached, the run stopped there$" summary.txt || fail "summary: $(cat summary.txt)"
  "$cardsim" sim --rounds 2M --chunk-rounds 250k --target-se 0.00001 --out cap.json >summary.txt || fail "capped run"
  grep -q '"stopped_by": "rounds"' cap.json || fail "the cap run did not stop by rounds"
  grep -q "^target SE 1e-05: not reached by the --rounds cap, where the run stopped$" summary.txt ||
    fail "summary: $(cat summary.txt)"
  "$cardsim" sim --rounds 1M --target-se 0.001 --shard 0/2 >/dev/null 2>err.txt && fail "--target-se with --shard accepted"
  grep -q "^error: --target-se" err.txt || fail "message: $(cat err.txt)"
  ;;
one-round)
  # One round has no standard error: null in the JSON (not 0), said in the
  # summary, and never "on target".
  "$cardsim" sim --rounds 1 --chunk-rounds 1 --target-se 0.5 --out one.json >summary.txt || fail "run"
  grep -q '"standard_error": 0' one.json && fail "a standard error of 0"
  grep -q '"standard_error": null' one.json || fail "no null standard error"
  grep -q '"ci95": null' one.json || fail "no null interval"
  grep -q '"stopped_by": "rounds"' one.json || fail "one round stopped on the target"
  grep -q "^house edge .* (one round: no standard error, SD n/a)$" summary.txt || fail "summary: $(cat summary.txt)"
  grep -q "exact EV =" summary.txt && fail "compared with the exact value without an SE"
  ;;
bad-input)
  # A bad flag value is a usage error (exit 2); the same value in a config file a bad input (exit 1).
  expect_error 2 "deks" "$cardsim" sim --deks 6
  expect_error 2 "'decks'.*1..8" "$cardsim" sim --decks 0 --out r.json
  expect_error 2 "'penetration'.*(0,1)" "$cardsim" sim --penetration 1.5 --out r.json
  expect_error 2 "'seats'.*1..7" "$cardsim" sim --seats 9 --out r.json
  expect_error 2 "'h17'" "$cardsim" sim --h17 maybe --out r.json
  expect_error 2 "'rounds'" "$cardsim" sim --rounds 12x --out r.json
  printf '{"decks": 9}\n' >nine.json
  expect_error 1 "'decks'.*1..8" "$cardsim" sim --config nine.json --out r.json
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
sidebet)
  # The exact PAR sheet: by name, by file, to a file and to stdout.
  "$cardsim" sidebet perfect-pairs-25-12-6 --decks 6 --out pp.json >table.txt || fail "sidebet by name"
  grep -q '"house_edge": "19/311"' pp.json || fail "not the exact 6-deck house edge 19/311"
  grep -q '"deals": "97032"' pp.json || fail "deals not 312 x 311"
  grep -q "^House edge 6.1093% (exactly 19/311)" table.txt || fail "no house edge line: $(cat table.txt)"
  grep -q "^Published 6.11% .*within its rounding" table.txt || fail "no published comparison"
  printf '{"name": "Any pair", "cards": "first_two", "outcomes": [{"name": "Pair", "kind": "pair", "pays": "21:2"}]}\n' >pair.json
  "$cardsim" sidebet pair.json --decks 1 --quiet --out - >pair-out.json || fail "sidebet by file"
  grep -q '"house_edge": "11/34"' pair-out.json || fail "1 deck pair at 21:2 is not 11/34: $(grep house_edge pair-out.json)"
  "$cardsim" sidebet buster-blackjack --h17 --quiet --out - >buster.json || fail "sidebet buster-blackjack --h17"
  grep -q '"house_edge_percent": 6.2142' buster.json || fail "Buster 6 decks H17"
  expect_error 1 "'no-such-bet' is not a file or a bet in .*lucky-ladies" "$cardsim" sidebet no-such-bet
  expect_error 2 "decks" "$cardsim" sidebet lucky-ladies --decks 9
  # --h17 takes true or false as sim's flag does, and bad values get cardsim's
  # words, not CLI11's ("The following argument was not expected", "Value
  # infinite not in range 1 to 8"; issue 47).
  "$cardsim" sidebet buster-blackjack --h17 true --quiet --out - >buster-true.json || fail "sidebet --h17 true"
  cmp -s <(statistics buster.json) <(statistics buster-true.json) || fail "--h17 true is not --h17"
  "$cardsim" sidebet buster-blackjack --h17 false --quiet --out - >buster-false.json || fail "sidebet --h17 false"
  "$cardsim" sidebet buster-blackjack --quiet --out - >buster-s17.json || fail "sidebet buster-blackjack"
  cmp -s <(statistics buster-false.json) <(statistics buster-s17.json) || fail "--h17 false is not S17"
  expect_error 2 "--decks: 'infinite' is not allowed; expected 1\.\.8 (a PAR sheet is for a finite shoe)" \
    "$cardsim" sidebet 21-plus-3 --decks infinite
  expect_error 2 "--decks: '0' is not allowed; expected 1\.\.8" "$cardsim" sidebet 21-plus-3 --decks 0
  expect_error 2 "--h17: 'maybe' is not allowed; expected true or false" "$cardsim" sidebet 21-plus-3 --h17 maybe
  printf '{"name": "x", "cards": "first_two", "outcomes": [{"name": "F", "kind": "flush", "pays": 5}]}\n' >flush.json
  expect_error 1 "outcome 'F': looks at the cards 'first_two_upcard'" "$cardsim" sidebet flush.json --out r.json
  expect_error 1 "does not exist" "$cardsim" sidebet lucky-ladies --out missing/dir/r.json
  [[ ! -e r.json ]] || fail "a result file was written despite the errors"
  ;;
sim-side-bets)
  # Side bets in sim: the flag repeated, the config key, the result beside the
  # exact value, and bad side bets (one error line, no result).
  "$cardsim" sim --side-bet 21-plus-3 --side-bet buster-blackjack --rounds 200k --reshuffle every-round \
    --out r.json >summary.txt || fail "sim with side bets"
  grep -q '"side_bet": "buster-blackjack"' r.json || fail "no Buster in the result"
  grep -q '"difference_in_standard_errors"' r.json || fail "no difference in SE"
  grep -q "^side bet 21+3 (classic 9 to 1): house edge .*exact 3.239% (fresh shoe)" summary.txt ||
    fail "no 21+3 summary line: $(cat summary.txt)"
  printf '{"side_bets": ["perfect-pairs-25-12-6"], "rounds": "100k"}\n' >game.json
  "$cardsim" sim --config game.json --quiet --out c.json || fail "side_bets from the config"
  grep -q '"name": "Perfect Pairs 25/12/6"' c.json || fail "config's side bet not played"
  expect_error 1 "side bet 'no-such-bet' is not a file or a bet in .*lucky-ladies" \
    "$cardsim" sim --side-bet no-such-bet --rounds 1000 --out r2.json
  expect_error 2 "'side_bets' (--side-bet).*up to 4 side bets" "$cardsim" sim --side-bet a --side-bet b \
    --side-bet c --side-bet d --side-bet e --out r2.json
  expect_error 1 "side bets need a finite shoe" "$cardsim" sim --side-bet 21-plus-3 --decks infinite --out r2.json
  # play, ramp and indices take no --side-bet flag, and refuse side bets in a config.
  expect_error 2 "unknown flag '--side-bet' for \`cardsim play\`" "$cardsim" play --side-bet 21-plus-3
  printf '{"side_bets": ["21-plus-3"]}\n' >bets.json
  expect_error 1 "play has no side bets" "$cardsim" play --config bets.json
  expect_error 1 "ramp plays no side bets" "$cardsim" ramp --count hi-lo --config bets.json --spread 1-8 \
    --bankroll 1000
  [[ ! -e r2.json ]] || fail "a result file was written despite the errors"
  ;;
interrupt)
  # Signalled once a chunk is done (seen in the periodic checkpoint), however
  # fast or slow (sanitizers) the build: before that, Ctrl-C ends the run at
  # once with nothing to write (safety_test.sh interrupt-one-chunk).
  interrupted_sim partial.json
  grep -q "^error: interrupted after" err.txt || fail "no interruption message: $(cat err.txt)"
  grep -q '"partial": true' partial.json || fail "partial result not written or not marked"
  ;;
shard)
  # Shards merged in any order = the single-process run; bad shard sets are
  # rejected with one error line and no output file.
  run=(--rounds 3M --chunk-rounds 250k --seats 2 --quiet)
  "$cardsim" sim "${run[@]}" --threads 2 --out whole.json || fail "whole run"
  for i in 0 1 2; do "$cardsim" sim "${run[@]}" --threads 1 --shard $i/3 --out shard$i.json || fail "shard $i"; done
  grep -q '"assignment": "chunk c belongs to shard c mod count"' shard1.json || fail "no shard object"
  "$cardsim" merge shard2.json shard0.json shard1.json --quiet --out merged.json || fail "merge"
  diff <(statistics whole.json) <(statistics merged.json) >/dev/null || fail "merged shards differ from the whole run"
  "$cardsim" merge shard0.json shard1.json shard2.json --out - >stdout.json 2>/dev/null || fail "merge to stdout"
  grep -q '"shards": 3' stdout.json || fail "merge to stdout: no shard count"
  expect_error 1 "1 of 3 shards missing: 2" "$cardsim" merge shard0.json shard1.json --out m.json
  expect_error 1 "shard 1/3 is given twice" "$cardsim" merge shard0.json shard1.json shard1.json shard2.json --out m.json
  "$cardsim" sim "${run[@]}" --seed 2 --shard 1/3 --out foreign.json || fail "foreign shard"
  expect_error 1 "another run" "$cardsim" merge shard0.json foreign.json shard2.json --out m.json
  head -c 2000 shard1.json >truncated.json
  expect_error 1 "'truncated.json' is not valid JSON" "$cardsim" merge shard0.json truncated.json shard2.json --out m.json
  sed 's/"rounds": 1000000,/"rounds": 1000001,/' shard1.json >edited.json
  cmp -s shard1.json edited.json && fail "the edit changed nothing"
  expect_error 1 "checksum mismatch" "$cardsim" merge shard0.json edited.json shard2.json --out m.json
  expect_error 1 "not a shard result" "$cardsim" merge shard0.json whole.json shard2.json --out m.json
  expect_error 2 "shard" "$cardsim" sim --shard 3/3 --out m.json
  [[ ! -e m.json ]] || fail "merge wrote a file despite the errors"
  ;;
zjh-jobs)
  # zjh sim runs as a job as sim does: shards (an empty one too) merge to the
  # single-process run, an interrupted run resumes to it, a resume takes no
  # game or run keys, and the shards are refused as blackjack's are.
  zjh_statistics() { grep -vE '"(deals_per_second|elapsed_seconds|threads|git_revision)":' "$1"; }
  run=(zjh sim --players 3 --deals 300k --chunk-deals 50k --seed 4 --quiet)
  "$cardsim" "${run[@]}" --threads 2 --out whole.json || fail "whole run"
  for i in 0 1 2 3 4 5 6; do "$cardsim" "${run[@]}" --threads 1 --shard $i/7 --out shard$i.json || fail "shard $i"; done
  grep -q '"deals": 0,' shard6.json || fail "shard 6 of 7 (6 chunks) is not empty"
  "$cardsim" merge shard6.json shard2.json shard0.json shard1.json shard3.json shard5.json shard4.json --quiet \
    --out merged.json || fail "merge"
  diff <(zjh_statistics whole.json) <(zjh_statistics merged.json) >/dev/null || fail "merged shards differ"
  expect_error 1 "1 of 7 shards missing: 3" "$cardsim" merge shard0.json shard1.json shard2.json shard4.json \
    shard5.json shard6.json --out m.json
  sed 's/"split_deals": \([0-9]*\)/"split_deals": 1\1/' shard1.json >edited.json
  expect_error 1 "checksum mismatch" "$cardsim" merge shard0.json edited.json --out m.json
  "$cardsim" sim --rounds 1000 --shard 0/2 --quiet --out blackjack.json || fail "a blackjack shard"
  expect_error 1 "cannot merge shards of different commands" "$cardsim" merge shard0.json blackjack.json --out m.json
  # Interrupted (after a periodic checkpoint), resumed to the whole run's result.
  long=(zjh sim --players 3 --deals 100M --chunk-deals 1M --seed 4 --quiet)
  "$cardsim" "${long[@]}" --threads 2 --checkpoint ck.json --checkpoint-every 0.2s --out partial.json 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  stop_with INT $pid
  grep -q "resume with --resume ck.json" err.txt || fail "$(cat err.txt)"
  expect_error 1 "--resume takes the game, the run and the shard from the checkpoint" \
    "$cardsim" zjh sim --resume ck.json --players 4
  "$cardsim" zjh sim --resume ck.json --threads 1 --quiet --out resumed.json || fail "resume"
  "$cardsim" "${long[@]}" --threads 2 --out uninterrupted.json || fail "the uninterrupted run"
  diff <(zjh_statistics uninterrupted.json) <(zjh_statistics resumed.json) >/dev/null || fail "the resumed run differs"
  [[ ! -e m.json ]] || fail "merge wrote a file despite the errors"
  ;;
checkpoint)
  # Interrupted with SIGTERM, resumed: the same statistics as an uninterrupted run.
  # Each interruption waits for a periodic checkpoint, so the signal handler is in
  # place and some chunks are done, however fast or slow (sanitizers) the build.
  run=(--rounds 40M --chunk-rounds 250k --quiet)
  "$cardsim" sim "${run[@]}" --threads 2 --checkpoint ck.json --checkpoint-every 0.2s --out partial.json 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  stop_with TERM $pid
  grep -q "resume with --resume ck.json" err.txt || fail "no resume hint: $(cat err.txt)"
  grep -q '"partial": true' partial.json || fail "partial result not written"
  grep -q '"format": "cardsim-checkpoint"' ck.json || fail "no checkpoint on SIGTERM"
  cp ck.json ck-copy.json
  # Damaged checkpoints are rejected before anything runs.
  head -c 1500 ck.json >cut.json
  expect_error 1 "'cut.json' is not valid JSON" "$cardsim" sim --resume cut.json --out r.json
  sed 's/"rounds": \([0-9]\)/"rounds": 9\1/' ck.json >edited.json
  expect_error 1 "checksum mismatch" "$cardsim" sim --resume edited.json --out r.json
  expect_error 1 "give no --config" "$cardsim" sim --resume ck.json --decks 2 --out r.json
  expect_error 2 "duration" "$cardsim" sim --checkpoint c.json --checkpoint-every 5x --out r.json
  [[ ! -e r.json ]] || fail "a result was written despite the errors"
  # Resume on one thread (the checkpoint keeps being updated), interrupt
  # again, resume again on two: identical to the uninterrupted run.
  "$cardsim" sim --resume ck.json --threads 1 --checkpoint-every 0.2s --out resumed.json 2>/dev/null &
  pid=$!
  checkpoint_changed() { ! cmp -s ck.json ck-copy.json; }
  wait_until checkpoint_changed || fail "the resumed run did not update its checkpoint"
  stop_with INT $pid
  "$cardsim" sim --resume ck.json --threads 2 --quiet --out resumed.json || fail "resume"
  grep -q '"partial": false' resumed.json || fail "resumed result is partial"
  "$cardsim" sim "${run[@]}" --threads 2 --out whole.json || fail "whole run"
  diff <(statistics whole.json) <(statistics resumed.json) >/dev/null || fail "resumed run differs from the whole run"
  # A finished checkpoint resumes to the same result without playing.
  "$cardsim" sim --resume ck.json --quiet --out again.json || fail "resume a finished checkpoint"
  grep -q '"rounds_played": 0' again.json || fail "a finished checkpoint played rounds"
  diff <(statistics whole.json) <(statistics again.json) >/dev/null || fail "finished checkpoint differs"
  # A shard's checkpoint resumes to the shard's result.
  "$cardsim" sim --rounds 3M --chunk-rounds 250k --shard 1/2 --quiet --checkpoint sck.json --out s1.json || fail "shard"
  "$cardsim" sim --resume sck.json --quiet --out s1-again.json || fail "resume shard"
  diff <(statistics s1.json) <(statistics s1-again.json) >/dev/null || fail "shard resume differs"
  ;;
counting-files)
  # A counting run whose count system and index plays are files named by
  # relative paths: a checkpoint carries what they held, so the run resumes
  # from another folder (and from a config in another folder), and shards
  # that counted with different file contents do not merge.
  mkdir -p game/counts elsewhere
  printf '{"tags": {"A": -1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0, "T": -1}}\n' >game/counts/mine.json
  printf '16 T 0 S H\n15 T 4 S H\ninsurance A 3 I -\n' >game/plays.txt
  run=(--count game/counts/mine.json --indices game/plays.txt --bet-ramp 1:1,2:4 --rounds 12M --chunk-rounds 250k --quiet)
  "$cardsim" sim "${run[@]}" --threads 1 --checkpoint ck.json --checkpoint-every 0.1s --out partial.json 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  stop_with TERM $pid
  grep -q '"count_system"' ck.json || fail "the checkpoint holds no count system"
  (cd elsewhere && "$cardsim" sim --resume ../ck.json --threads 2 --quiet --out ../resumed.json) || fail "resume elsewhere"
  "$cardsim" sim "${run[@]}" --threads 2 --out whole.json || fail "whole run"
  diff <(statistics whole.json) <(statistics resumed.json) >/dev/null || fail "resumed run differs from the whole run"
  # A count file relative to the config's folder.
  printf '{"count": "counts/mine.json", "rounds": "1M", "chunk_rounds": "250k"}\n' >game/config.json
  "$cardsim" sim --config game/config.json --quiet --checkpoint ck2.json --out c.json || fail "config run"
  "$cardsim" sim --resume ck2.json --quiet --out c2.json || fail "resume a config-relative count file"
  diff <(statistics c.json) <(statistics c2.json) >/dev/null || fail "config-relative resume differs"
  # The same path, other contents: another run.
  shards=(--count game/counts/mine.json --rounds 1M --chunk-rounds 250k --quiet)
  "$cardsim" sim "${shards[@]}" --shard 0/2 --out s0.json || fail "shard 0"
  sed 's/"7": 0/"7": 1/' game/counts/mine.json >tmp.json && mv tmp.json game/counts/mine.json
  "$cardsim" sim "${shards[@]}" --shard 1/2 --out s1.json || fail "shard 1"
  expect_error 1 "'s1.json' is of another run" "$cardsim" merge s0.json s1.json --out m.json
  ;;
indices)
  # A reduced generation (two cells, few states per true count): the index
  # file it writes loads with --indices, the JSON holds the differences by
  # true count with their standard errors; bad input is one error line.
  # --out writes the result JSON, as every command's; --write-indices the
  # index file.
  run=(indices --count hi-lo --rounds 200k --chunk-rounds 10k --states-per-count 300)
  "$cardsim" "${run[@]}" --hands 16vT,insurance --quiet --write-indices gen.txt --out gen.json || fail "indices"
  grep -Eq '^16 +T +(-1|0|\+1) +S +H ' gen.txt || fail "16 v T not at 0 +/- 1: $(grep '^16' gen.txt)"
  grep -Eq '^insurance +A +\+3 +I ' gen.txt || fail "insurance not at +3: $(grep '^insurance' gen.txt)"
  grep -q '"command": "indices"' gen.json || fail "not an indices result"
  grep -q '"standard_error"' gen.json && grep -q '"by_true_count"' gen.json || fail "no differences by true count"
  "$cardsim" sim --count hi-lo --indices gen.txt --rounds 200k --quiet --out sim.json || fail "--indices gen.txt"
  grep -q '"indices": "gen.txt"' sim.json || fail "the sim did not play the generated file"
  # An index file as --hands: its lines, the file an input (no output may replace it).
  printf '16 T 0 S H\n12 4 0 S H\n' >mine.txt
  "$cardsim" "${run[@]}" --hands mine.txt --write-indices - >gen2.txt 2>table.txt || fail "--hands FILE"
  grep -Eq '^12 +4 ' gen2.txt || fail "no 12 v 4 line"
  grep -q 'given' table.txt || fail "no given index in the table"
  expect_error 1 "same file" "$cardsim" "${run[@]}" --hands mine.txt --write-indices mine.txt
  expect_error 1 "same file" "$cardsim" "${run[@]}" --hands mine.txt --out mine.txt
  expect_error 2 "unknown flag '--json' for \`cardsim indices\`" "$cardsim" "${run[@]}" --json gen.json
  expect_error 1 "'23vT'.*16vT" "$cardsim" "${run[@]}" --hands 23vT
  expect_error 1 "16vZ" "$cardsim" "${run[@]}" --hands 16vZ
  expect_error 1 "nosuch" "$cardsim" indices --count nosuch --hands 16vT --rounds 10k
  expect_error 1 "needs a count" "$cardsim" indices --hands 16vT --rounds 10k
  # The count grammar of every command (io::parse_count), with 0 for every state.
  "$cardsim" indices --count hi-lo --rounds 2_000 --chunk-rounds 1k --states-per-count 0 --hands 16vT --quiet \
    --out small.json || fail "--rounds 2_000 --states-per-count 0"
  grep -q '"rounds": 2000,' small.json && grep -q '"states_per_true_count": 0' small.json || fail "2_000 rounds, 0 states"
  expect_error 2 "--states-per-count: '1x' is not a count; expected a whole number" \
    "$cardsim" indices --count hi-lo --states-per-count 1x
  [[ ! -e out.json ]] || fail "a result file after an error"
  ;;
ramp)
  # A ramp fitted on 2M rounds (20 chunks of 100k), then played on chunks
  # 20..39: the simulated win and SD agree with the predicted ones within 3
  # combined SEs (the prediction, valued on its own rounds, is optimistic by
  # about 0.5 SE at this size), and they are not the same rounds (an exact
  # match would mean the confirmation replayed the fitted chunks).
  run=(ramp --count hi-lo --spread 1-12 --bankroll 1000 --rounds 2M --chunk-rounds 100k)
  "$cardsim" "${run[@]}" --out ramp.json >summary.txt || fail "ramp"
  grep -q '"command": "ramp"' ramp.json || fail "not a ramp result"
  # within OBJECT KEY: the number after "KEY": in the top-level object OBJECT.
  within() { sed -n "/^  \"$1\": {/,/^  }/p" ramp.json | grep -m1 "^    \"$2\": " | sed -E 's/.*: ([^,]*),?$/\1/'; }
  for key in win_per_round sd_per_round; do
    z=$(within difference_in_standard_errors $key)
    awk -v z="$z" 'BEGIN { exit !(z != "" && z != "null" && z > -3 && z < 3) }' || fail "$key: $z SE apart"
  done
  [[ $(within predicted sd_per_round) != "$(within simulated sd_per_round)" ]] || fail "the same rounds twice"
  grep -q '"confirmation_chunks": \[' ramp.json || fail "no confirmation chunks"
  tr -d ' \n' <ramp.json | grep -q '"confirmation_chunks":\[20,39\]' || fail "confirmation not on chunks 20..39"
  # The ramp as printed is a --bet-ramp the sim plays.
  ramp=$(sed -n 's/^--bet-ramp //p' summary.txt)
  [[ -n $ramp ]] && grep -q "\"bet_ramp\": \"$ramp\"" ramp.json || fail "no --bet-ramp line: $(cat summary.txt)"
  "$cardsim" sim --count hi-lo --bet-ramp "$ramp" --rounds 200k --quiet --out sim.json || fail "sim --bet-ramp $ramp"
  grep -q "SCORE" summary.txt && grep -q "risk of ruin" summary.txt || fail "no SCORE or risk of ruin"
  # --help shows ramp's own default chunk size (not sim's), the one a run without
  # --chunk-rounds plays.
  "$cardsim" ramp --help >ramp-help.txt || fail "ramp --help"
  shown=$(grep -A1 -- "--chunk-rounds N" ramp-help.txt | sed -nE 's/.*\(default ([0-9]+)\).*/\1/p')
  "$cardsim" ramp --count hi-lo --spread 1-8 --bankroll 1000 --rounds 2M --quiet --out default-chunks.json ||
    fail "ramp without --chunk-rounds"
  tr -d ' \n' <default-chunks.json | grep -q "\"chunk_rounds\":$shown," || fail "ramp --help says chunk rounds '$shown'"
  # Bad input: one line, exit 2.
  expect_error 2 "--spread: spread 12-1 is not allowed; expected LOW-HIGH" "$cardsim" "${run[@]}" --spread 12-1
  expect_error 2 "--spread: '1to12' is not a spread" "$cardsim" "${run[@]}" --spread 1to12
  expect_error 2 "--bankroll: bankroll 0 is not allowed; expected a number of base bets > 0" "$cardsim" "${run[@]}" --bankroll 0
  expect_error 2 "--bankroll: bankroll -50 is not allowed" "$cardsim" "${run[@]}" --bankroll -50
  expect_error 2 "--bankroll: 'lots' is not a number" "$cardsim" "${run[@]}" --bankroll lots
  expect_error 2 "--kelly-fraction: Kelly fraction 0 is not allowed; expected a number in (0, 1]" \
    "$cardsim" "${run[@]}" --kelly-fraction 0
  expect_error 2 "--kelly-fraction: Kelly fraction 1.5 is not allowed" "$cardsim" "${run[@]}" --kelly-fraction 1.5
  expect_error 2 "spread is required" "$cardsim" ramp --count hi-lo --bankroll 1000
  expect_error 2 "give it instead of --bankroll-units" "$cardsim" "${run[@]}" --bankroll-units 500
  expect_error 1 "needs a count" "$cardsim" ramp --spread 1-12 --bankroll 1000
  expect_error 1 "remove wong_in and wong_out" "$cardsim" "${run[@]}" --wong-in 1
  [[ ! -e out.json ]] || fail "a result file after an error"
  ;;
zjh-counts)
  # Every count flag of zjh sim reads the one count grammar (io::parse_count),
  # as blackjack's do: the spellings of 20000 give the plain number's result
  # (all but its timings, in "run").
  zjh_statistics() { grep -vE '"(deals_per_second|elapsed_seconds)":' "$1"; }
  run=(zjh sim --players 3 --seed 3 --threads 2 --quiet)
  "$cardsim" "${run[@]}" --deals 60000 --chunk-deals 20000 --out plain.json || fail "plain counts"
  grep -q '"chunk_deals": 20000,' plain.json || fail "no chunk_deals 20000: $(grep chunk_deals plain.json)"
  for spelling in 20k 2e4 20_000 20,000; do
    "$cardsim" "${run[@]}" --deals 60k --chunk-deals "$spelling" --out spelt.json || fail "--chunk-deals $spelling"
    diff <(zjh_statistics plain.json) <(zjh_statistics spelt.json) >/dev/null || fail "--chunk-deals $spelling differs"
  done
  expect_error 2 "--chunk-deals: '1x' is not a count; expected a whole number" "$cardsim" "${run[@]}" --chunk-deals 1x
  expect_error 2 "--chunk-deals: '0' is not a count" "$cardsim" "${run[@]}" --chunk-deals 0
  # (A chunk's stream holds 2^40 draws, a deal of 3 players up to 18: at most 2^40 / 18 deals.)
  expect_error 1 "chunk_deals 2000000000000 is more than a chunk's random stream holds: at most 61083979320 deals of 3 players" \
    "$cardsim" "${run[@]}" --chunk-deals 2T
  [[ ! -e out.json ]] || fail "a result file after an error"
  ;;
rule-effects)
  # analyze --rule-effects: the table, the JSON and the CSV say the same
  # figures; the threads change nothing but the time; --csv needs the table.
  run=(analyze --decks 1 --split-hands 2 --rule-effects)
  "$cardsim" "${run[@]}" --threads 2 --out two.json --csv effects.csv >table.txt || fail "analyze --rule-effects"
  "$cardsim" "${run[@]}" --threads 1 --quiet --out one.json || fail "analyze --rule-effects --threads 1"
  diff <(statistics one.json) <(statistics two.json) >/dev/null || fail "1 and 2 threads differ"
  python3 - two.json effects.csv table.txt <<'PY' || fail "table, JSON and CSV disagree"
import csv, json, sys
effects = json.load(open(sys.argv[1]))["rule_effects"]
rows = list(csv.DictReader(open(sys.argv[2])))
table = [line.split() for line in open(sys.argv[3]) if line.startswith("  ") and not line.startswith("  rule ")]
assert len(effects) == len(rows) == len(table) == 21, (len(effects), len(rows), len(table))
for e, r, t in zip(effects, rows, table):
    assert r["rule"] == e["rule"] == t[0] and r["change"] == e["change"], (r, e, t)
    assert float(r["change_percent"]) == e["optimal"]["change_percent"], (r, e)
    assert float(r["base_strategy_change_percent"]) == e["base_strategy"]["change_percent"], (r, e)
    assert f'{e["optimal"]["change_percent"]:+.4f}' == t[-2] and f'{e["base_strategy"]["change_percent"]:+.4f}' == t[-1], t
    assert e["optimal"]["change_percent"] <= e["base_strategy"]["change_percent"] + 1e-10, e
PY
  expect_error 2 "--csv requires --rule-effects" "$cardsim" analyze --csv effects.csv
  ;;
mpi)
  # Two MPI ranks (an -DCARDSIM_MPI=ON build) give the single-process result;
  # under mpirun a shard still splits over the ranks.
  mpi=("${MPIEXEC:-mpirun}" --allow-run-as-root --oversubscribe -n 2)
  run=(--rounds 4M --chunk-rounds 250k --seats 2 --quiet)
  "$cardsim" sim "${run[@]}" --threads 2 --out one.json || fail "single process"
  "${mpi[@]}" "$cardsim" sim "${run[@]}" --threads 1 --out ranks.json || fail "mpirun -n 2"
  grep -q '"mpi_ranks": 2' ranks.json || fail "not run on 2 ranks"
  diff <(statistics one.json) <(statistics ranks.json) >/dev/null || fail "2 ranks differ from one process"
  "${mpi[@]}" "$cardsim" sim "${run[@]}" --threads 1 --shard 0/2 --out s0.json || fail "mpirun shard 0"
  "$cardsim" sim "${run[@]}" --threads 2 --shard 1/2 --out s1.json || fail "shard 1"
  "$cardsim" merge s0.json s1.json --quiet --out merged.json || fail "merge"
  diff <(statistics one.json) <(statistics merged.json) >/dev/null || fail "MPI shard + shard differ from one process"
  # A bad input: every rank meets it, rank 0 alone prints it, once.
  "${mpi[@]}" "$cardsim" sim --decks 9 --out bad.json 2>err.txt && fail "--decks 9 accepted"
  [[ $(grep -c "^error:" err.txt) -eq 1 ]] || fail "expected one error line: $(cat err.txt)"
  grep -q "^error: config key 'decks' (--decks): 9 is not allowed" err.txt || fail "message: $(cat err.txt)"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok: $case_name"
