#!/usr/bin/env bash
# scripts/setup.sh against stand-ins for dpkg-query, id, sudo and apt-get in
# a folder of their own (the only one on PATH), so that nothing is installed:
#   complete  everything installed: exits 0, runs no apt-get
#   root      as root with packages missing: apt-get update and install of
#             exactly the missing ones
#   sudo      as a user whom sudo lets: the same through sudo
#   user      as a user without sudo: prints the one apt-get command to run
#             as root, exits 1, runs nothing
#   cli       `setup.sh cli` (the README's first command) asks only for the
#             compiler, cmake, CLI11, pcg-cpp, nlohmann-json, nettle, and
#             help2man and man-db (the quickstart's `man cardsim`)
# Usage: setup_test.sh CASE SOURCE_DIR
set -uo pipefail
case_name=$1 source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL [setup.$case_name]: $*" >&2; exit 1; }

shims=$work/bin
mkdir -p "$shims"
for tool in grep cat; do ln -s "$(command -v $tool)" "$shims/$tool"; done
# dpkg-query -W -f='${Status}' PACKAGE: installed unless listed in $MISSING.
cat >"$shims/dpkg-query" <<'SHIM'
#!/bin/bash
package=${!#}
[[ " $MISSING " == *" $package "* ]] && exit 1
printf 'install ok installed'
SHIM
cat >"$shims/id" <<'SHIM'
#!/bin/bash
echo "$FAKE_UID"
SHIM
cat >"$shims/apt-get" <<'SHIM'
#!/bin/bash
echo "apt-get $*" >>"$LOG"
SHIM
cat >"$shims/sudo" <<'SHIM'
#!/bin/bash
[[ $1 == -v ]] && exit 0
echo "sudo:" >>"$LOG"
exec "$@"
SHIM
chmod +x "$shims"/*
# setup [ARGS]: setup.sh with the stand-ins; its stdout+stderr in out.txt, the commands run in log.txt.
setup() {
  : >"$work/log.txt"
  env -i PATH="$shims" LOG="$work/log.txt" MISSING="${MISSING:-}" FAKE_UID="${FAKE_UID:-0}" \
    /bin/bash "$source_dir/scripts/setup.sh" "$@" >"$work/out.txt" 2>&1
}
log() { cat "$work/log.txt"; }

case $case_name in
complete)
  setup || fail "exit $?: $(cat "$work/out.txt")"
  [[ ! -s $work/log.txt ]] || fail "ran: $(log)"
  ;;
root)
  MISSING="libcli11-dev lintian" setup || fail "exit $?: $(cat "$work/out.txt")"
  [[ $(log) == "apt-get update -qq"$'\n'"apt-get install -y -qq --no-install-recommends libcli11-dev lintian" ]] ||
    fail "ran: $(log)"
  ;;
sudo)
  MISSING="cmake" FAKE_UID=1000 setup || fail "exit $?: $(cat "$work/out.txt")"
  [[ $(log) == "sudo:"$'\n'"apt-get update -qq"$'\n'"sudo:"$'\n'"apt-get install -y -qq --no-install-recommends cmake" ]] ||
    fail "ran: $(log)"
  ;;
user)
  rm "$shims/sudo"
  MISSING="g++ nlohmann-json3-dev" FAKE_UID=1000 setup cli
  code=$?
  [[ $code == 1 ]] || fail "exit $code, expected 1: $(cat "$work/out.txt")"
  [[ ! -s $work/log.txt ]] || fail "ran: $(log)"
  grep -qx "  apt-get update && apt-get install --no-install-recommends g++ nlohmann-json3-dev" "$work/out.txt" ||
    fail "no apt-get command to run: $(cat "$work/out.txt")"
  ;;
cli)
  everything="g++ make cmake libcli11-dev libpcg-cpp-dev nlohmann-json3-dev nettle-dev help2man man-db"
  everything+=" libgtest-dev lintian python3-mypy zsh"
  MISSING=$everything setup cli || fail "exit $?: $(cat "$work/out.txt")"
  [[ $(log) == *"install -y -qq --no-install-recommends g++ make cmake libcli11-dev libpcg-cpp-dev nlohmann-json3-dev nettle-dev help2man man-db" ]] ||
    fail "setup.sh cli installs: $(log)"
  MISSING=$everything setup || fail "exit $?: $(cat "$work/out.txt")"
  [[ $(log) == *" libgtest-dev"*" zsh"*" lintian"*" python3-mypy"* ]] || fail "setup.sh installs: $(log)"
  ;;
*) fail "unknown case" ;;
esac
echo "ok: setup.$case_name"
