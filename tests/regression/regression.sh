#!/usr/bin/env bash
# Stored expected results: fixed-seed runs of cardsim whose output, timing
# fields removed, must equal the files in this folder byte for byte.
#
#   regression.sh CARDSIM check CASE   compare one case with CASE.json (ctest)
#   regression.sh CARDSIM print CASE   print one case's stripped output
#   regression.sh CARDSIM list         the case names
#
# The files change only through scripts/update-regression.sh, when a change of
# output is intended (and said in CHANGELOG.md).
set -euo pipefail
cardsim=$1
mode=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)

# The cases: NAME then the arguments. Two threads each (the results are the
# same on any number; zjh's "run" block names the count).
cases=(
  "sim-plain|sim --config configs/6d-s17-das.json --rounds 200k --chunk-rounds 50k --seed 1601"
  "sim-counting|sim --config configs/6d-s17-das-hilo.json --rounds 200k --chunk-rounds 50k --seed 1602"
  "sim-enhc-seats|sim --config configs/european-enhc.json --seats 5 --rounds 100k --chunk-rounds 25k --seed 1603"
  "compare|compare configs/6d-s17-das.json configs/6d-h17-das.json configs/8d-h17-ls.json --rounds 200k --chunk-rounds 10k --seed 1604"
  "zjh-sim|zjh sim --players 4 --deals 400k --chunk-deals 100000 --seed 1605"
)

# A result without what varies between runs of the same seed: the top-level
# "performance" object (threads, elapsed time, speed), zjh's elapsed time and
# speed, and the git revision. Textual, so that the rest is compared byte for
# byte (a JSON tool would round 64-bit sums of squares).
strip_timing() {
  sed -e '/^  "performance": {$/,/^  }/d' \
      -e '/^ *"\(elapsed_seconds\|deals_per_second\|git_revision\)": /d'
}

run_case() {
  local name=$1 spec
  for spec in "${cases[@]}"; do
    if [[ ${spec%%|*} == "$name" ]]; then
      # shellcheck disable=SC2086  # the arguments are words
      (cd "$source_dir" && "$cardsim" ${spec#*|} --threads 2 --quiet --out -) | strip_timing
      return
    fi
  done
  echo "regression: no case '$name'" >&2
  return 2
}

case $mode in
  list) for spec in "${cases[@]}"; do echo "${spec%%|*}"; done ;;
  print) run_case "$3" ;;
  check)
    got=$(mktemp)
    trap 'rm -f "$got"' EXIT
    run_case "$3" >"$got"
    if ! cmp -s "$got" "$here/$3.json"; then
      echo "FAIL [regression $3]: the output differs from tests/regression/$3.json:" >&2
      diff "$here/$3.json" "$got" | head -40 >&2
      echo "(if the change is intended: scripts/update-regression.sh, and say it in CHANGELOG.md)" >&2
      exit 1
    fi
    ;;
  *) echo "usage: regression.sh CARDSIM check|print CASE | list" >&2; exit 2 ;;
esac
