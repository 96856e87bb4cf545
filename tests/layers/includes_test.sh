#!/usr/bin/env bash
# The include rules of the layers (DESIGN.md): the game layers (core,
# blackjack, zjh, run) include no nlohmann_json, no CLI11, nothing of io/ and
# not the generated version.hpp; io/ includes no CLI11. Lists every offending
# line. Usage: includes_test.sh SOURCE_DIR
set -uo pipefail
cd "$1" || exit 1
status=0
# check LABEL PATTERN FOLDER...: no file under FOLDERs has an #include matching PATTERN.
check() {
  local label=$1 pattern=$2; shift 2
  local hits
  hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($pattern)" "$@")
  if [[ -n $hits ]]; then
    echo "FAIL: $label:" >&2
    echo "$hits" >&2
    status=1
  fi
}
game=(src/core src/blackjack src/zjh src/run include/cardsim/core include/cardsim/blackjack include/cardsim/zjh
      include/cardsim/run)
check "the game layers include JSON, CLI11, io/ or version.hpp" \
  'nlohmann/|CLI/|cardsim/io/|cardsim/version\.hpp' "${game[@]}"
check "io/ includes CLI11" 'CLI/' src/io include/cardsim/io
[[ $status -eq 0 ]] && echo "layers: includes ok"
exit $status
