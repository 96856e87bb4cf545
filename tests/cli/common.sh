# Sourced by the CLI test scripts (Usage of each: SCRIPT CARDSIM CASE): the
# binary and the case from the arguments, a scratch folder to work in, and the
# helpers they share.
cardsim=$1
case_name=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

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

# exit_after_sigint cmd...: runs the command in the background (stdout to
# out.txt, stderr to err.txt), sends it SIGINT after a second, and prints its
# exit code. (A
# background job ignores SIGINT until cardsim installs its handler: the command
# must reach it within the second.)
exit_after_sigint() {
  "$@" >out.txt 2>err.txt &
  local pid=$!
  sleep 1
  kill -INT $pid
  wait $pid
  echo $?
}
