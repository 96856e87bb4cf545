# Sourced by the CLI test scripts (Usage of each: SCRIPT CARDSIM CASE): the
# binary and the case from the arguments, a scratch folder to work in, and the
# helpers they share.
cardsim=$1
case_name=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# --help and play wrap to $COLUMNS: 80, whatever the terminal running the tests.
export COLUMNS=80

fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }

# The statistics of a result file: its text without the top-level
# "performance" object (threads, elapsed time), which is the only part allowed
# to differ. Textual, so that what remains is compared byte for byte (jq 1.6
# would round the tallies' 64-bit sums of squares to doubles).
statistics() { sed '/^  "performance": {$/,/^  }/d' "$1"; }

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

# wait_until CMD...: polls CMD every 0.05 s for up to 100 s (slow sanitizer builds).
wait_until() {
  local n
  for ((n = 0; n < 2000; n++)); do "$@" && return 0; sleep 0.05; done
  return 1
}

# has_chunks CHECKPOINT: the checkpoint lists at least one completed chunk.
has_chunks() { grep -q '"completed_chunks": \[$' "$1" 2>/dev/null; }

# skip WHY: the case cannot run here (ctest reports it skipped: SKIP_RETURN_CODE 77).
skip() { echo "skipped [$case_name]: $*"; exit 77; }

# stop_with SIGNAL PID: sends SIGNAL (INT, TERM) to the background job PID,
# waits for it, and fails unless it exits 128 + the signal (130 for SIGINT,
# 143 for SIGTERM: interrupted).
stop_with() {
  kill -"$1" "$2"
  wait "$2"
  local code=$? want=130
  [[ $1 == TERM ]] && want=143
  [[ $code -eq $want ]] || fail "exit $code after SIG$1, expected $want"
}

# interrupted_sim OUT: a long sim stopped with SIGINT once a chunk is done
# (seen in its checkpoint ck.json, however fast or slow the build), its
# partial result in OUT and its stderr in err.txt.
interrupted_sim() {
  "$cardsim" sim --rounds 20G --chunk-rounds 1M --threads 2 --strategy mimic-dealer --quiet --out "$1" \
    --checkpoint ck.json --checkpoint-every 0.1s 2>err.txt &
  local pid=$!
  wait_until has_chunks ck.json || fail "no chunk completed"
  stop_with INT $pid
}

# exit_after_sigint cmd...: runs the command in the background (stdout to
# out.txt, stderr to err.txt), sends it SIGINT after a second, and prints its
# exit code. (A background job ignores SIGINT until cardsim installs its
# handler: the command must reach it within the second.)
exit_after_sigint() {
  "$@" >out.txt 2>err.txt &
  local pid=$!
  sleep 1
  kill -INT $pid
  wait $pid
  echo $?
}

# check_wrapped FILE COLUMNS UNWRAPPED: FILE is UNWRAPPED's text wrapped at
# blanks to COLUMNS: the same words in the same order (none broken), and no
# line wider than COLUMNS (wide CJK characters count two) unless it is one word.
check_wrapped() {
  python3 - "$@" <<'PY' || fail "$1 is not $3 wrapped to $2 columns"
import sys, unicodedata
text, columns, unwrapped = open(sys.argv[1]).read(), int(sys.argv[2]), open(sys.argv[3]).read()
width = lambda line: sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
bad = [line for line in text.splitlines() if width(line) > columns and len(line.split()) > 1]
for line in bad[:5]:
    print(f"a line of {width(line)} columns: {line}", file=sys.stderr)
if text.split() != unwrapped.split():
    broken = next(i for i, (a, b) in enumerate(zip(text.split() + [""], unwrapped.split() + [""])) if a != b)
    print(f"other words from word {broken}: {text.split()[broken:broken + 4]} for {unwrapped.split()[broken:broken + 4]}",
          file=sys.stderr)
    sys.exit(1)
sys.exit(1 if bad else 0)
PY
}
