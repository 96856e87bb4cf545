#!/usr/bin/env bash
# No two source files include each other, directly or round a longer loop.
# A unit is a header and the .cpp of the same name (include/cardsim/X/y.hpp
# and src/X/y.cpp are "X/y"; a header private to src/ is a unit of its own,
# except src/X/y_impl.hpp, the private half of "X/y" that the unit's rooms
# share: it belongs to "X/y"; the rooms of a layer's sources in folders of
# their own, src/engine/, src/analysis/, src/counting/ and src/table/, are blackjack's:
# src/analysis/y.cpp is "blackjack/y", with include/cardsim/blackjack/y.hpp);
# unit A depends on unit B when a file of A includes B's header. The loops of
# that graph are found by tsort (coreutils) and listed.
#
#   include_cycles_test.sh SOURCE_DIR
#
# Exit 0: no loop; 1: a loop; 77 (CTest: skipped): only the loops listed in
# KNOWN below, each with the work that removes it. When that work lands, the
# loop goes from KNOWN, and a loop that comes back fails.
set -uo pipefail
cd "$1" || exit 1

# Loops known and being removed: "UNIT UNIT" (sorted), then why.
KNOWN=(
)

# Every quoted #include as an edge "FROM TO" between units: a unit is the
# file's path under include/cardsim/ or src/ without its extension; a name
# without a folder is a file beside the includer.
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
grep -rnE --include='*.hpp' --include='*.cpp' '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' include/cardsim src |
  awk -F: '{
    file = $1; line = $0; sub(/^[^:]*:[^:]*:/, "", line)
    match(line, /"[^"]+"/); included = substr(line, RSTART + 1, RLENGTH - 2)
    from = file; sub(/^(include\/cardsim|src)\//, "", from); sub(/\.[^.\/]*$/, "", from)
    if (included ~ /^cardsim\//) { to = included; sub(/^cardsim\//, "", to) }
    else { dir = from; sub(/\/[^\/]*$/, "", dir); to = dir "/" included }
    sub(/\.[^.\/]*$/, "", to)
    sub(/^(engine|analysis|counting|table)\//, "blackjack/", from); sub(/^(engine|analysis|counting|table)\//, "blackjack/", to)
    sub(/_impl$/, "", from); sub(/_impl$/, "", to)
    if (to != from) print from, to
  }' | sort -u >"$edges"

# tsort names the units of each loop it has to break, one loop after the
# other; a loop of two units is the pair that includes each other.
loops=$(tsort "$edges" 2>&1 >/dev/null | awk '
  /input contains a loop/ { if (n) print line; line = ""; n = 0; next }
  { sub(/^tsort: /, ""); line = line (n ? " " : "") $0; n++ }
  END { if (n) print line }')
if [[ -z $loops ]]; then
  echo "include cycles: none ($(wc -l <"$edges") include edges between units)"
  exit 0
fi

status=77
while IFS= read -r loop; do
  sorted=$(tr ' ' '\n' <<<"$loop" | sort | tr '\n' ' ' | sed 's/ $//')
  why=""
  for known in "${KNOWN[@]}"; do
    [[ ${known%%|*} == "$sorted" ]] && why=${known#*|}
  done
  if [[ -n $why ]]; then
    echo "KNOWN include loop: $sorted ($why)"
  else
    echo "FAIL: include loop: $sorted" >&2
    grep -E "^($(tr ' ' '|' <<<"$sorted")) ($(tr ' ' '|' <<<"$sorted"))$" "$edges" | sed 's/ / includes /; s/^/  /' >&2
    status=1
  fi
done <<<"$loops"
[[ $status -eq 77 ]] && echo "include cycles: only the known loops above; skipped until they are gone"
exit $status
