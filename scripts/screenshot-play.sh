#!/usr/bin/env bash
# Makes docs/images/play.png, the README's picture of `cardsim play`: a
# session typed into a terminal (a pseudo-terminal from `script`, so cardsim
# draws its boxes and colours as on a real one), its ANSI colours turned into
# HTML and the page rendered by headless Chromium (scripts/setup.sh installs
# it). The keys are typed one at a time, after cardsim has had time to print
# its prompt, so that their echo lands where a player's would.
# Usage: scripts/screenshot-play.sh [OUT.png]   (default docs/images/play.png)
# Environment: CARDSIM (default ./build/release/cardsim).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs/images/play.png}")
cardsim=$(realpath "${CARDSIM:-./build/release/cardsim}")
for tool in chromium script; do
  command -v $tool >/dev/null || { echo "screenshot-play: $tool is missing" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Seed 21, late surrender, the coach on: stand on 14 against a 10 (a mistake the
# coach prices), Enter for the next round, hit 12 against an 8 (right), quit.
keys=(s '' h q)
{
  sleep 3
  for key in "${keys[@]}"; do printf '%s\n' "$key"; sleep 1; done
} | TERM=xterm-256color LANG=C.UTF-8 script -q -e -c "$cardsim play --seed 21 --coach --surrender late" /dev/null >"$work/tty.txt"

# The transcript as a page: the colours cardsim uses (bold 1, dim 2, red 31,
# green 32, each closed by 0) as spans, the rest escaped.
{
  cat <<'HEAD'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { margin: 0; background: #1e1e1e; }
pre { margin: 0; padding: 14px 18px; white-space: pre-wrap; color: #d4d4d4; font: 15px/normal "DejaVu Sans Mono", monospace; }
.b { font-weight: bold; color: #ffffff; } .d { color: #8a8a8a; } .r { color: #f14c4c; } .g { color: #23d18b; }
</style></head><body><pre>
HEAD
  tr -d '\r' <"$work/tty.txt" |
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' \
      -e 's/\x1b\[1m/<span class="b">/g' -e 's/\x1b\[2m/<span class="d">/g' \
      -e 's/\x1b\[31m/<span class="r">/g' -e 's/\x1b\[32m/<span class="g">/g' -e 's/\x1b\[0m/<\/span>/g'
  echo '</pre></body></html>'
} >"$work/play.html"
if grep -q $'\x1b' "$work/play.html"; then
  echo "screenshot-play: an escape code the page does not know: $(grep -o $'\x1b\\[[0-9;]*[a-zA-Z]' "$work/play.html" | sort -u | cat -v)" >&2
  exit 1
fi
lines=$(grep -c '' "$work/play.html")
chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$work/profile" --hide-scrollbars \
  --window-size=1000,$((lines * 35 / 2 + 110)) --screenshot="$out" "file://$work/play.html" >/dev/null 2>&1
echo "screenshot-play: $out ($lines lines)"
