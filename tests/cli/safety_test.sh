#!/usr/bin/env bash
# Nothing lost, nothing clobbered: every output flag of every command through
# one mechanism (devices and FIFOs written in place, links followed, "-" is
# stdout), outputs never over inputs, a finished result saved when it cannot
# be written, Ctrl-C at any moment, error messages that name the problem, and
# one vocabulary in every result. Devices, FIFOs and links are made in the
# scratch folder, never in the real /dev; the device-node cases run as root
# (as CI does) and are skipped otherwise. Usage: safety_test.sh CARDSIM CASE
set -uo pipefail
configs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../configs" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Two small paired variants with a shipped chart (no strategy to compute).
printf '{"name": "A", "reshuffle": "every-round", "strategy": "basic-s17-das"}\n' >a.json
printf '{"name": "B", "reshuffle": "every-round", "h17": true, "strategy": "basic-s17-das"}\n' >b.json
sim=(--rounds 20k --chunk-rounds 5k --strategy basic-s17-das --quiet)
paired=(a.json b.json --rounds 20k --chunk-rounds 1k --quiet)

# A result, and the two shards of a compare run, for report and merge.
make_inputs() {
  "$cardsim" sim "${sim[@]}" --out result.json || fail "sim"
  for i in 0 1; do "$cardsim" compare "${paired[@]}" --shard $i/2 --out s$i.json || fail "shard $i"; done
}

# every_command OUT OTHER: every command, its first output flag to OUT and
# its second (where it has one) to OTHER; each command line is prefixed with
# "${wrap[@]}" (none by default).
wrap=()
every_command() {
  local out=$1 other=$2
  "${wrap[@]}" "$cardsim" sim "${sim[@]}" --out "$out" --checkpoint "$other" || fail "sim to $out"
  "${wrap[@]}" "$cardsim" chart --strategy basic-s17-das --out "$out" || fail "chart to $out"
  "${wrap[@]}" "$cardsim" compare "${paired[@]}" --out "$out" --csv "$other" || fail "compare to $out"
  "${wrap[@]}" "$cardsim" sweep --strategy basic-s17-das --vary h17=false,true --rounds 20k --chunk-rounds 1k --quiet \
    --out "$out" --csv "$other" || fail "sweep to $out"
  "${wrap[@]}" "$cardsim" report result.json -o "$out" || fail "report to $out"
  "${wrap[@]}" "$cardsim" analyze --quiet --out "$out" --write-chart "$other" || fail "analyze to $out"
  "${wrap[@]}" "$cardsim" merge s0.json s1.json --quiet --out "$out" --csv "$other" || fail "merge to $out"
  "${wrap[@]}" "$cardsim" zjh exact --out "$out" || fail "zjh exact to $out"
  "${wrap[@]}" "$cardsim" zjh sim -n 20k --quiet --out "$out" || fail "zjh sim to $out"
  "${wrap[@]}" "$cardsim" sidebet 21-plus-3 --quiet --out "$out" || fail "sidebet to $out"
}

# The milliseconds since the epoch.
now_ms() { echo $(($(date +%s%N) / 1000000)); }

case $case_name in
devices)
  # As root: a device node like /dev/null, made here, stays a device after
  # every command wrote every output to it (an atomic rename would have
  # replaced it with a regular file).
  [[ $(id -u) -eq 0 ]] || skip "mknod needs root"
  mknod null c 1 3 || fail "mknod"
  make_inputs
  every_command null null
  [[ -c null ]] || fail "the device became: $(ls -l null)"
  ;;
fifos)
  # A FIFO is written in place (opened, written), for every command; it stays
  # a FIFO and its reader gets each result whole.
  mkfifo pipe || fail "mkfifo"
  make_inputs
  # CMD... with a reader on the FIFO; the reader is released (a writer opened
  # and closed) if CMD never opened it.
  through_pipe() {
    cat pipe >>received.txt &
    local reader=$! code
    "$@"
    code=$?
    exec 4<>pipe
    exec 4>&-
    wait $reader
    return $code
  }
  wrap=(through_pipe)
  every_command pipe other.out
  [[ -p pipe ]] || fail "the FIFO became: $(ls -l pipe)"
  grep -q '"command": "sim"' received.txt || fail "no sim result through the FIFO"
  grep -q '"command": "zjh sim"' received.txt || fail "no zjh sim result through the FIFO"
  grep -q "<!DOCTYPE html>" received.txt || fail "no report through the FIFO"
  grep -q '"command": "sidebet"' received.txt || fail "no side bet through the FIFO"
  ;;
outputs)
  make_inputs
  # "-" is standard output for every output flag of every command; no file
  # named "-" appears.
  "$cardsim" sim "${sim[@]}" --out - >o.txt && head -c1 o.txt | grep -q '{' || fail "sim --out -"
  "$cardsim" sim "${sim[@]}" --checkpoint - >o.txt && grep -q '"format": "cardsim-checkpoint"' o.txt ||
    fail "sim --checkpoint -"
  "$cardsim" chart --strategy basic-s17-das --out - >o.txt && grep -q "^\[hard\]" o.txt || fail "chart --out -"
  "$cardsim" compare "${paired[@]}" --out - >o.txt && grep -q '"command": "compare"' o.txt || fail "compare --out -"
  "$cardsim" compare a.json b.json --rounds 20k --chunk-rounds 1k --csv - >o.txt 2>summary.txt &&
    head -1 o.txt | grep -q "^label," || fail "compare --csv -"
  grep -q "^compare: 20000 rounds per variant" summary.txt || fail "the summary is not on stderr with --csv -"
  "$cardsim" sweep --vary h17=false,true --strategy basic-s17-das --rounds 20k --chunk-rounds 1k --quiet --csv - >o.txt &&
    head -1 o.txt | grep -q "^label,h17," || fail "sweep --csv -"
  "$cardsim" report result.json -o - >o.txt && grep -q "<!DOCTYPE html>" o.txt || fail "report -o -"
  "$cardsim" analyze --quiet --out - >o.txt && grep -q '"command": "analyze"' o.txt || fail "analyze --out -"
  "$cardsim" analyze --quiet --write-chart - >o.txt && grep -q "^\[pairs\]" o.txt || fail "analyze --write-chart -"
  "$cardsim" merge s0.json s1.json --quiet --out - >o.txt && grep -q '"shards": 2' o.txt || fail "merge --out -"
  "$cardsim" merge s0.json s1.json --quiet --csv - >o.txt && head -1 o.txt | grep -q "^label," || fail "merge --csv -"
  "$cardsim" zjh exact --json --out - >o.txt && grep -q '"command": "zjh exact"' o.txt || fail "zjh exact --out -"
  "$cardsim" zjh sim -n 20k --quiet --out - >o.txt && grep -q '"command": "zjh sim"' o.txt || fail "zjh sim --out -"
  "$cardsim" sidebet 21-plus-3 --out - >o.txt 2>table.txt && grep -q '"command": "sidebet"' o.txt || fail "sidebet --out -"
  [[ -s table.txt ]] || fail "sidebet: the table is not on stderr with --out -"
  [[ ! -e ./- ]] || fail "a file named '-' was written"
  # A symbolic link is followed: the file it names is replaced, the link stays.
  mkdir data
  echo old >data/real.json
  ln -s data/real.json link.json
  "$cardsim" sim "${sim[@]}" --out link.json --checkpoint link-ck.json || fail "sim to a link"
  [[ -L link.json ]] || fail "the link was replaced by a file"
  grep -q '"command": "sim"' data/real.json || fail "the link's target was not written"
  # A link into /proc/self/fd, as /dev/stdout is: the open file is written in place.
  ln -s /proc/self/fd/1 to-stdout
  "$cardsim" sim "${sim[@]}" --out to-stdout >captured.json 2>summary.txt || fail "sim to a /proc link"
  [[ -L to-stdout ]] || fail "the /proc link was replaced"
  cmp <(statistics captured.json) <(statistics result.json) || fail "the result through /proc/self/fd/1 differs"
  # The same, not --quiet: the JSON is on stdout, so the summary goes to stderr.
  "$cardsim" sim --rounds 20k --chunk-rounds 5k --strategy basic-s17-das --out to-stdout >captured.json 2>summary.txt || fail "sim"
  head -c1 captured.json | grep -q '{' || fail "the summary went into the JSON: $(head -2 captured.json)"
  grep -q "house edge" summary.txt || fail "no summary on stderr"
  # A regular file is replaced atomically (a new inode) and keeps its permissions.
  echo old >r.json
  chmod 640 r.json
  before=$(stat -c %i r.json)
  "$cardsim" sim "${sim[@]}" --out r.json || fail "sim over a file"
  [[ $(stat -c %i r.json) != "$before" ]] || fail "not replaced atomically (same inode)"
  [[ $(stat -c %a r.json) == 640 ]] || fail "permissions not kept: $(stat -c %a r.json)"
  [[ -z $(find . -name '.*.??????') ]] || fail "a temporary was left: $(find . -name '.*.??????')"
  ;;
same-file)
  # An output that is an input, or another output, is refused before anything
  # runs, with one line naming both flags; the input is untouched.
  make_inputs
  printf '{"rounds": "10G", "chunk_rounds": "5k", "strategy": "basic-s17-das"}\n' >c.json
  cp c.json c-copy.json
  expect_error 1 "--out 'c.json' is the same file as --config 'c.json'" "$cardsim" sim --config c.json --out c.json
  expect_error 1 "--out './c.json' is the same file as --config 'c.json'" "$cardsim" sim --config c.json --out ./c.json
  ln c.json hard.json
  expect_error 1 "--out 'hard.json' is the same file as --config 'c.json'" "$cardsim" sim --config c.json --out hard.json
  ln -s c.json soft.json
  expect_error 1 "--checkpoint 'soft.json' is the same file as --config" \
    "$cardsim" sim --config c.json --checkpoint soft.json
  cmp -s c.json c-copy.json || fail "the config was changed"
  "$cardsim" chart --strategy basic-s17-das --out mine.txt || fail "chart"
  cp mine.txt mine-copy.txt
  expect_error 1 "--out 'mine.txt' is the same file as the strategy chart 'mine.txt'" "$cardsim" chart --strategy mine.txt --out mine.txt
  expect_error 1 "--write-chart 'mine.txt' is the same file as the strategy chart 'mine.txt'" \
    "$cardsim" analyze --strategy mine.txt --write-chart mine.txt
  cmp -s mine.txt mine-copy.txt || fail "the chart was changed"
  printf '{"tags": {"A": -1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0, "T": -1}}\n' >count.json
  printf '16 T 0 S H\n' >plays.txt
  expect_error 1 "--out 'count.json' is the same file as the count 'count.json'" \
    "$cardsim" sim --strategy basic-s17-das --count count.json --out count.json
  expect_error 1 "--checkpoint 'plays.txt' is the same file as the index list 'plays.txt'" \
    "$cardsim" sim --strategy basic-s17-das --count count.json --indices plays.txt --checkpoint plays.txt
  "$cardsim" sim "${sim[@]}" --checkpoint ck.json --out r.json || fail "checkpoint"
  expect_error 1 "--out 'ck.json' is the same file as the checkpoint 'ck.json'" "$cardsim" sim --resume ck.json --out ck.json
  # ... but a resumed checkpoint goes on being updated in place.
  "$cardsim" sim --resume ck.json --quiet --out r2.json || fail "resume"
  expect_error 1 "--out 's1.json' is the same file as the shard 's1.json'" "$cardsim" merge s0.json s1.json --out s1.json
  expect_error 1 "--csv 's0.json' is the same file as the shard 's0.json'" "$cardsim" merge s0.json s1.json --csv s0.json
  expect_error 1 "--out 'result.json' is the same file as the result 'result.json'" \
    "$cardsim" report result.json -o result.json
  expect_error 1 "--csv 'b.json' is the same file as the config 'b.json'" "$cardsim" compare a.json b.json --csv b.json
  expect_error 1 "--out 'c.json' is the same file as --config 'c.json'" \
    "$cardsim" sweep --config c.json --vary h17=false,true --out c.json
  cp "$configs/sidebets/over-13.json" bet.json
  expect_error 1 "--out 'bet.json' is the same file as the side bet 'bet.json'" "$cardsim" sidebet bet.json --out bet.json
  printf '{"variant": "standard"}\n' >zjh.json
  expect_error 1 "--out 'zjh.json' is the same file as --config 'zjh.json'" "$cardsim" zjh exact --config zjh.json --out zjh.json
  # Two outputs of one command that are one file: by name, by ./name, by a
  # link; "-" twice.
  expect_error 1 "--out 'x.json' and --csv './x.json' are the same file" \
    "$cardsim" compare a.json b.json --out x.json --csv ./x.json
  ln -s x.json to-x.json
  touch x.json
  expect_error 1 "--out 'x.json' and --checkpoint 'to-x.json' are the same file" \
    "$cardsim" sim --strategy basic-s17-das --out x.json --checkpoint to-x.json
  expect_error 1 "--out '-' and --csv '-' are the same file" "$cardsim" merge s0.json s1.json --out - --csv -
  [[ ! -s x.json ]] || fail "x.json was written"
  ;;
checks)
  # Checked before the run (a 10G-round run would not end): one line, exit 1.
  touch afile
  expect_error 1 "cannot write 'afile/r.json': 'afile' is a file, not a folder" \
    "$cardsim" sim --rounds 10G --strategy mimic-dealer --out afile/r.json
  expect_error 1 "cannot write 'missing/r.json': folder 'missing' does not exist" \
    "$cardsim" sim --rounds 10G --strategy mimic-dealer --out missing/r.json
  mkdir folder
  expect_error 1 "cannot write 'folder': it is a folder" "$cardsim" sim --rounds 10G --strategy mimic-dealer --out folder
  long=$(printf 'n%.0s' {1..300})
  expect_error 1 "the file name is 305 bytes long; folder '.' allows at most 255" \
    "$cardsim" sim --rounds 10G --strategy mimic-dealer --out "$long.json"
  expect_error 1 "--csv: cannot write 'afile/x.csv': 'afile' is a file" \
    "$cardsim" compare a.json b.json --rounds 10G --csv afile/x.csv
  [[ -z $(find . -name r.json -o -name x.csv -o -name "$long.json") ]] || fail "files were written: $(ls)"
  ;;
fallback)
  # A finished run is never lost: when the result cannot be written, the
  # summary still comes and the complete result is saved to a fallback file
  # that the error line names (exit 1).
  "$cardsim" sim --rounds 20k --chunk-rounds 5k --strategy basic-s17-das --quiet --out expected.json || fail "sim"
  # The folder is gone by the end (removed while the process was in it).
  mkdir gone tmp
  (cd gone && rmdir ../gone && TMPDIR="$work/tmp" "$cardsim" sim --rounds 20k --chunk-rounds 5k --strategy basic-s17-das --out r.json \
    >"$work/summary.txt" 2>"$work/err.txt")
  code=$?
  [[ $code -eq 1 ]] || fail "exit $code"
  grep -q "house edge" summary.txt || fail "no summary"
  [[ $(wc -l <err.txt) -eq 1 ]] || fail "expected one error line: $(cat err.txt)"
  saved=$(sed -n "s|^error: --out: cannot write 'r.json': No such file or directory; the result was saved to '\(.*\)'$|\1|p" err.txt)
  [[ $saved == "$work/tmp/cardsim-sim-"*.json ]] || fail "error line: $(cat err.txt)"
  cmp <(statistics "$saved") <(statistics expected.json) || fail "the saved result differs from the run's"
  # Interrupted, with the output's folder removed meanwhile: the partial
  # result is saved too (here in the current folder), exit 130.
  mkdir out
  "$cardsim" sim --rounds 10G --chunk-rounds 1M --threads 2 --strategy mimic-dealer --quiet --out out/r.json \
    --checkpoint ck.json --checkpoint-every 0.1s 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  rm -r out
  stop_with INT $pid
  grep -q "^error: interrupted after .*; --out: cannot write 'out/r.json': .*; the result was saved to 'cardsim-sim-" err.txt ||
    fail "error line: $(cat err.txt)"
  grep -q '"partial": true' cardsim-sim-*.json || fail "the partial result was not saved"
  # As root, a full device (made here with /dev/full's numbers): no space left.
  [[ $(id -u) -eq 0 ]] || skip "the rest needs root (mknod)"
  mknod full c 1 7 || fail "mknod"
  mkdir full-test && cd full-test
  "$cardsim" sweep --strategy basic-s17-das --vary h17=false,true --rounds 20k --chunk-rounds 1k --quiet --csv ../full \
    2>err.txt
  code=$?
  [[ $code -eq 1 ]] || fail "exit $code"
  grep -q "^error: --csv: cannot write '../full': No space left on device; the result was saved to 'cardsim-sweep-" err.txt ||
    fail "error line: $(cat err.txt)"
  grep -q '"command": "sweep"' cardsim-sweep-*.json || fail "no sweep result saved"
  [[ -c ../full ]] || fail "the device was replaced"
  ;;
interrupt-setup)
  # Ctrl-C while the sweep's cells are being set up (a basic strategy and an
  # exact EV each, about 0.3 s a cell here): the process ends at once, exit
  # 130, one line, nothing written.
  "$cardsim" sweep --vary decks=1:8:1 --vary h17=false,true --vary das=false,true --vary surrender=none,late,early \
    --rounds 1M --out r.json --csv r.csv 2>err.txt &
  pid=$!
  sleep 1
  start=$(now_ms)
  stop_with INT $pid
  took=$(($(now_ms) - start))
  ((took < 1000)) || fail "took $took ms to stop"
  [[ $(cat err.txt) == "error: interrupted; nothing was written" ]] || fail "message: $(cat err.txt)"
  [[ ! -e r.json && ! -e r.csv ]] || fail "something was written"
  ;;
interrupt-twice)
  # Ctrl-C does not wait for the chunk in progress (issue 30: 4M rounds of 7
  # seats were seconds): the stop flag is polled every 1024 rounds, the chunk
  # is abandoned, the result of the chunks completed is written at once, and
  # the checkpoint resumes to the uninterrupted run's result. A second Ctrl-C
  # while stopping ends the process at once without writing the result.
  run=(--rounds 8M --chunk-rounds 4M --seats 7 --strategy mimic-dealer --threads 1 --quiet)
  "$cardsim" sim "${run[@]}" --checkpoint ck.json --checkpoint-every 0.05s --out r.json 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  start=$(now_ms)
  stop_with INT $pid
  ((  $(now_ms) - start < 2000 )) || fail "the stop took $(($(now_ms) - start)) ms"
  grep -q "^error: interrupted after 4000000 of 8000000 rounds" err.txt || fail "message: $(cat err.txt)"
  grep -q '"partial": true' r.json || fail "no partial result"
  [[ -z $(find . -name '.*.??????') ]] || fail "a temporary was left: $(find . -name '.*.??????')"
  "$cardsim" sim --resume ck.json --quiet --out resumed.json || fail "resume"
  "$cardsim" sim "${run[@]}" --out whole.json || fail "whole run"
  cmp <(statistics resumed.json) <(statistics whole.json) || fail "resumed run differs"
  ;;
interrupt-one-chunk)
  # A run of one chunk honours Ctrl-C: part of a chunk is not a result, so it
  # ends at once saying so (the periodic checkpoint shows the run started).
  "$cardsim" sim --rounds 16M --chunk-rounds 16M --seats 7 --strategy mimic-dealer --quiet --out r.json \
    --checkpoint ck.json --checkpoint-every 0.05s 2>err.txt &
  pid=$!
  wait_until test -s ck.json || fail "the run did not start"
  stop_with INT $pid
  grep -q "^error: interrupted before the first chunk (16000000 rounds) was completed: no result to write" err.txt ||
    fail "message: $(cat err.txt)"
  [[ ! -e r.json ]] || fail "a result was written"
  "$cardsim" zjh sim -n 50G --chunk-deals 50000000000 --out z.json 2>err.txt &
  pid=$!
  sleep 1
  stop_with INT $pid
  grep -q "^error: interrupted before the first chunk (50000000000 deals) was completed" err.txt ||
    fail "zjh message: $(cat err.txt)"
  [[ ! -e z.json ]] || fail "a zjh result was written"
  ;;
quiet)
  # --quiet stays quiet on Ctrl-C: one error line, no summary.
  "$cardsim" sim --rounds 10G --chunk-rounds 1M --threads 2 --strategy mimic-dealer --quiet --out r.json \
    --checkpoint ck.json --checkpoint-every 0.1s >out.txt 2>err.txt &
  pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  stop_with TERM $pid
  [[ ! -s out.txt ]] || fail "stdout: $(cat out.txt)"
  [[ $(wc -l <err.txt) -eq 1 ]] && grep -q "^error: interrupted after" err.txt || fail "stderr: $(cat err.txt)"
  grep -q '"partial": true' r.json || fail "no partial result"
  ;;
messages)
  # Each names the real problem, in one line; usage errors exit 2.
  printf '[{"decks": 6}]\n' >array.json
  expect_error 1 "config 'array.json' is a JSON array; expected a JSON object" "$cardsim" sim --config array.json
  printf '6\n' >number.json
  expect_error 1 "config 'number.json' is a JSON number" "$cardsim" sim --config number.json
  printf '{"decks": 2, "h17": true, "decks": 4}\n' >twice.json
  expect_error 1 "config 'twice.json': key 'decks' is given twice" "$cardsim" sim --config twice.json
  expect_error 1 "key 'decks' is given twice" "$cardsim" compare twice.json a.json
  "$cardsim" sim --strategy mimic-dealer --seed 18446744073709551615 --rounds 1000 --quiet --out max.json || fail "the largest seed"
  grep -q '"seed": 18446744073709551615' max.json || fail "seed 2^64-1 not echoed"
  for seed in 18446744073709551616 0x10 1e3 -1; do
    expect_error 2 "'seed' (--seed): .* is not allowed; expected a whole number 0..18446744073709551615 (2^64-1) in decimal digits" \
      "$cardsim" sim --seed "$seed" --rounds 1000
  done
  expect_error 2 "'-1' is not a seed" "$cardsim" zjh deal --seed -1
  expect_error 2 "'-1' is not a seed" "$cardsim" zjh sim --seed -1
  expect_error 2 "'rounds' (--rounds): '1e+30' is too large; at most 10^18" "$cardsim" sim --rounds 1e30
  expect_error 2 "penetration=0.9:0.6:0.1: .* this one descends" "$cardsim" sweep --vary penetration=0.9:0.6:0.1
  expect_error 2 "'0' is not a standard error; expected a number > 0" "$cardsim" sim --target-se 0
  expect_error 2 "'0' is not a standard error" "$cardsim" compare a.json b.json --target-se 0
  expect_error 2 "unknown command 'simm'; did you mean sim?" "$cardsim" simm --rounds 10
  expect_error 2 "unknown zjh command 'exac'; did you mean exact?" "$cardsim" zjh exac
  expect_error 2 "unknown command 'frobnicate'. The commands are: sim," "$cardsim" frobnicate
  "$cardsim" >out.txt 2>err.txt
  code=$?
  [[ $code -eq 2 ]] || fail "bare cardsim: exit $code"
  head -1 err.txt | grep -q "^usage: cardsim COMMAND" || fail "bare cardsim: no usage line: $(head -1 err.txt)"
  grep -q "^  sim  " err.txt || fail "bare cardsim: no list of commands"
  expect_error 2 "config key 'decks' (--decks): 9 is not allowed" "$cardsim" sim --decks 9
  expect_error 2 "config key 'chunk_rounds' (--chunk-rounds)" "$cardsim" sim --chunk-rounds 100M
  printf '{"name": 5}\n' >name.json
  expect_error 1 "config key 'name': 5 is not allowed; expected any text$" "$cardsim" sim --config name.json
  ! grep -q -- "--name" err.txt || fail "names a --name flag"
  # An input's bytes are quoted cut (about 80 characters), control characters escaped.
  printf '{"decks": "%s"}\n' "$(printf 'x%.0s' {1..5000})" >long.json
  expect_error 1 "config key 'decks'" "$cardsim" sim --config long.json
  (($(wc -c <err.txt) < 300)) || fail "the input was echoed whole: $(wc -c <err.txt) bytes"
  printf '[hard]\n2 3 4 5 6 7 8 9 T A\n4 H H H H H H H H H \001X\n' >ctrl.txt
  expect_error 1 "ctrl.txt:3: '\\\\x01X' (row 4, up card A) is not an action" "$cardsim" sim --strategy ctrl.txt
  printf '{"decks": "%s\n' "$(printf 'q%.0s' {1..5000})" >broken.json
  expect_error 1 "config 'broken.json' is not valid JSON" "$cardsim" sim --config broken.json
  (($(wc -c <err.txt) < 400)) || fail "the broken input was echoed whole: $(wc -c <err.txt) bytes"
  : >empty.txt
  expect_error 1 "empty.txt: no index plays" "$cardsim" sim --strategy mimic-dealer --count hi-lo --indices empty.txt
  ;;
vocabulary)
  # zjh says run.partial as the other results do.
  "$cardsim" zjh sim -n 20k --quiet --out z.json || fail "zjh sim"
  grep -q '"partial": false' z.json || fail "zjh: no run.partial"
  ! grep -q '"complete"' z.json || fail "zjh still says complete"
  # No -0.0: a variant against itself differs by exactly zero.
  "$cardsim" compare a.json a.json --rounds 20k --chunk-rounds 1k --quiet --out self.json --csv self.csv || fail "self"
  grep -q '"house_edge_change_percent": 0.0,' self.json || fail "no zero change"
  ! grep -q -- '-0\.0\b' self.json self.csv || fail "a -0.0: $(grep -- '-0\.0\b' self.json self.csv | head -3)"
  # No float noise: a percentage shows the digits of its fraction (here a mean
  # of -0.00354, which -100 x mean in binary makes 0.35400000000000004): plain
  # rounds, whose means are ratios of integers (a controlled mean has all its digits).
  for rules in 6d-s17-das 6d-h17-das; do
    /usr/bin/python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c["control_variate"] = "none"
json.dump(c, open(sys.argv[2], "w"))' "$configs/$rules.json" "plain-$rules.json"
  done
  "$cardsim" compare plain-6d-s17-das.json plain-6d-h17-das.json --rounds 200k --chunk-rounds 10k --seed 7 \
    --quiet --out noise.json --csv noise.csv || fail "compare"
  grep -q '"mean": -0.00354,' noise.json || fail "the fixture changed: no mean of -0.00354"
  grep -q '"house_edge_percent": 0.354,' noise.json || fail "noise: $(grep -m1 house_edge_percent noise.json)"
  grep -q '^6-deck S17 DAS,200000,0.354,' noise.csv || fail "CSV noise: $(sed -n 2p noise.csv)"
  # A CSV text that would start a spreadsheet formula is quoted as text.
  n=0
  for label in '=1+2' '+cmd' '-x' '@SUM(A1)'; do
    printf '{"name": "%s", "reshuffle": "every-round", "strategy": "basic-s17-das"}\n' "$label" >"f$((++n)).json"
  done
  "$cardsim" compare a.json f1.json f2.json f3.json f4.json --rounds 20k --chunk-rounds 1k --quiet --csv f.csv || fail "f"
  for label in '=1+2' '+cmd' '-x' '@SUM(A1)'; do
    grep -qF "\"'$label\"," f.csv || fail "label $label not quoted: $(cat f.csv)"
  done
  grep -q '^A,' f.csv || fail "a plain label was quoted"
  # The summary and the JSON agree on the sign of simulated EV - exact EV (a
  # fresh shoe), and of the cut-card effect (a cut card).
  "$cardsim" sim --rounds 20k --strategy basic-s17-das --reshuffle every-round --out r.json >summary.txt || fail "sim"
  json=$(sed -n 's/^ *"difference_in_standard_errors": \(.*\),$/\1/p' r.json)
  want=$(printf '%+.2f' "$json")
  grep -q "simulated EV - exact EV = $want SE" summary.txt || fail "JSON $json, summary: $(grep exact summary.txt)"
  "$cardsim" sim --rounds 20k --strategy basic-s17-das --out c.json >summary.txt || fail "sim, cut card"
  python3 - c.json summary.txt <<'PY' || fail "the cut-card effect: JSON and summary differ: $(grep cut-card summary.txt)"
import json, re, sys
effect = json.load(open(sys.argv[1]))["exact"]["cut_card_effect"]
shown = re.search(r"^cut-card effect ([-+][0-9.]+) points, SE ([0-9.]+) ", open(sys.argv[2]).read(), re.M)
for text, value in zip(shown.groups(), (effect["points"], effect["se_points"])):
    assert abs(float(text) - value) <= 0.5 * 10 ** -len(text.split(".")[1]) + 1e-12, (text, value)
PY
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok: $case_name"
