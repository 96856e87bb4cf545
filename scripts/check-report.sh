#!/usr/bin/env bash
# Renders `cardsim report` pages in headless Chromium (Debian's `chromium`,
# installed here if missing) and checks the numbers on the rendered page
# against the result JSON: the house edge, its interval, the exact edge and the
# rounds of a sim; every variant's house edge of a sweep. Also saves PNG
# screenshots next to the pages for a look.
# Usage: scripts/check-report.sh [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
cardsim=${CARDSIM:-./build/release/cardsim}
if ! command -v chromium >/dev/null || ! command -v python3 >/dev/null; then
  sudo=(); [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium python3 >/dev/null
fi
render() {  # render PAGE.html -> the DOM after layout, and a screenshot
  local flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
               --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)")
  chromium "${flags[@]}" --dump-dom "file://$(realpath "$1")" 2>/dev/null
  chromium "${flags[@]}" --window-size=1000,1600 --screenshot="${1%.html}.png" "file://$(realpath "$1")" >/dev/null 2>&1
}
# The value of a top-level JSON number at PATH (e.g. .edge.house_edge_percent),
# printed as the page prints it.
value() {
  python3 - "$1" "$2" <<'PY'
import json, sys
value = json.load(open(sys.argv[1]))
for key in sys.argv[2].strip('[]').split(']['):
    value = value[int(key)] if key.isdigit() else value[key.strip("'")]
print('%.4f' % value if isinstance(value, float) else value)
PY
}

"$cardsim" sim --rounds 5M --seed 7 --quiet --out "$out/sim.json"
"$cardsim" report "$out/sim.json" -o "$out/sim.html"
dom=$(render "$out/sim.html")
for check in "house-edge:$(value "$out/sim.json" "['edge']['house_edge_percent']")%" \
             "exact-edge:$(value "$out/sim.json" "['exact']['house_edge_percent']")%" \
             "rounds:$(value "$out/sim.json" "['run']['rounds']")"; do
  id=${check%%:*}; want=${check#*:}
  grep -q "id=\"$id\">$want<" <<<"$dom" || { echo "FAIL: #$id is not $want on the rendered sim page"; exit 1; }
done
lo=$(value "$out/sim.json" "['edge']['house_edge_ci95_percent'][0]"); hi=$(value "$out/sim.json" "['edge']['house_edge_ci95_percent'][1]")
grep -q "id=\"house-edge-ci\">$lo% .. $hi%<" <<<"$dom" || { echo "FAIL: interval $lo .. $hi not on the page"; exit 1; }

"$cardsim" sweep --vary h17=false,true --vary blackjack-pays=3:2,6:5 --reshuffle every-round --rounds 2M \
  --chunk-rounds 50k --quiet --out "$out/sweep.json"
"$cardsim" report "$out/sweep.json" -o "$out/sweep.html"
dom=$(render "$out/sweep.html")
for i in 0 1 2 3; do
  want=$(value "$out/sweep.json" "['variants'][$i]['result']['edge']['house_edge_percent']")
  grep -q ">$want%<" <<<"$dom" || { echo "FAIL: variant $i's house edge $want% not on the rendered sweep page"; exit 1; }
done
echo "ok: the rendered pages show the JSON's numbers (pages and screenshots in $out)"
