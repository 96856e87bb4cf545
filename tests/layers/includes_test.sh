#!/usr/bin/env bash
# The include rules of the layers (CONTRIBUTING.md, "Layout"). Lists every
# offending line. Usage: includes_test.sh SOURCE_DIR
#
# Which layer may include which (src/LAYER and include/cardsim/LAYER alike;
# a layer whose sources are in rooms of their own: the blackjack layer is
# src/blackjack, src/engine, src/analysis, src/counting, src/table and
# include/cardsim/blackjack; the io layer src/formats, src/results and
# include/cardsim/io, as folders() below lists):
#   core       core only: cards, shoes and random numbers know no game
#   run        core, run: the chunk scheduler runs any game's chunks
#   blackjack  core, run, blackjack (its chunk loops use run/)
#   zjh        core, run, zjh
#   io         the game layers and io (the formats)
#   report     the game layers, io and report (the HTML report)
#   app        the game layers, io and app (the jobs)
#   cli        anything (as python/ does)
# and besides: the game layers (core, run, blackjack, zjh) include no
# nlohmann_json, CLI11 or the generated version.hpp; io/ includes no CLI11;
# nothing outside src/cli includes a file of src/cli; no file reaches into
# another folder by a relative path ("../run/x.hpp"), which the rules above,
# written for "cardsim/LAYER/", would not see: another layer's public header
# is "cardsim/LAYER/x.hpp", its private headers are its own.
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
# folders LAYER...: the folders of the layers (src/ rooms and the public headers).
folders() {
  local layer
  for layer; do
    case $layer in
      blackjack) echo "src/blackjack src/engine src/analysis src/counting src/table include/cardsim/blackjack" ;;
      io) echo "src/formats src/results include/cardsim/io" ;;
      *) echo "src/$layer include/cardsim/$layer" ;;
    esac
  done
}
game=(core run blackjack zjh)
# shellcheck disable=SC2046  # the folders are words
check "the game layers include JSON, CLI11 or version.hpp" 'nlohmann/|CLI/|cardsim/version\.hpp' $(folders "${game[@]}")
check "io/, report/ or app/ includes CLI11" 'CLI/' $(folders io report app)
check "io includes the report or the jobs" 'cardsim/(report|app)/' $(folders io)
check "report includes the jobs" 'cardsim/app/' $(folders report)
check "app includes the report" 'cardsim/report/' $(folders app)
check "core includes another layer" 'cardsim/(run|blackjack|zjh|io|report|app)/' $(folders core)
check "run includes a game or io" 'cardsim/(blackjack|zjh|io|report|app)/' $(folders run)
check "blackjack includes zjh or io" 'cardsim/(zjh|io|report|app)/' $(folders blackjack)
check "zjh includes blackjack or io" 'cardsim/(blackjack|io|report|app)/' $(folders zjh)
check "a library file includes the CLI's" 'cli/|\.\./cli/' $(folders "${game[@]}" io report app)
check "a file includes another folder's by a relative path" '\.\./' src include
[[ $status -eq 0 ]] && echo "layers: includes ok"
exit $status
