#!/usr/bin/env bash
# The bash completion and the man pages the build generated (cmake/Docs.cmake).
# Usage: docs_test.sh CARDSIM CASE BUILD_DIR
#   completion  sources BUILD_DIR/completion/cardsim in a clean bash and checks
#               what it offers: the commands, every flag each --help lists,
#               enumerated values, named charts/counts/index sets/side bets
#   man         a page per command; each renders with man and lists its flags
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../cli/common.sh"
build_dir=$3
cardsim=$(realpath "$cardsim")
data=$("$cardsim" docs data-dir) || fail "cardsim docs data-dir"

# The flags a command's --help lists ("  -c,--config TEXT:FILE ..."), one a line, sorted.
help_flags() {
  # shellcheck disable=SC2086
  "$cardsim" $1 --help | grep -E '^  -' | sed -E 's/^  ([^ ]*).*/\1/' | tr ',' '\n' | sort -u
}
commands() { "$cardsim" docs commands | cut -f1; }

case $case_name in
completion)
  script=$build_dir/completion/cardsim
  [[ -f $script ]] || fail "no $script"
  # complete WORDS...: what the completion offers for the last word, sorted, one a line.
  cat >complete.sh <<COMPLETE
source '$script' || exit 1
COMP_WORDS=("\$@"); COMP_CWORD=\$((\$# - 1)); COMPREPLY=()
_cardsim
printf '%s\n' "\${COMPREPLY[@]}" | sort
COMPLETE
  # (In a folder of its own: flags that take a file complete its files too.)
  mkdir cwd
  complete() { (cd cwd && env -i PATH="$PATH" bash --norc --noprofile ../complete.sh "$cardsim" "$@"); }
  # expect "WORDS..." LINE...: the completion of the last word (empty after a
  # trailing space) offers exactly the lines.
  expect() {
    local words=() line=$1; shift
    read -ra words <<<"$line"
    [[ -z $line || $line == *" " ]] && words+=("")
    diff <(complete "${words[@]}") <(printf '%s\n' "$@" | sort) >diff.txt || fail "completing '$line': $(cat diff.txt)"
  }
  # Each alone: the commands; a prefix; zjh's commands.
  expect "" sim chart compare sweep report zjh analyze play merge sidebet indices ramp
  expect "s" sim sweep sidebet
  expect "i" indices
  expect "r" report ramp
  expect "zjh " deal exact sim
  # Enumerated config keys (KEYS in src/io/config.cpp), with the flag=value form.
  expect "sim --reshuffle " cut-card every-round
  expect "sim --hole-card e" enhc enhc-obo
  expect "sweep --surrender " none late early
  expect "sim --decks " infinite 1 2 3 4 5 6 7 8
  expect "sim --decks = " infinite 1 2 3 4 5 6 7 8
  expect "analyze --h17 " true false
  expect "sim --blackjack-pays " 3:2 6:5
  # CLI11 sets and ranges in the type names.
  expect "play --cards " auto box line
  expect "zjh sim --variant " standard suits leopard-killer teen-patti
  expect "sidebet --decks " 1 2 3 4 5 6 7 8
  # Names in the data folder, as the binary finds it, with the built-in names.
  mapfile -t counts < <(cd "$data/counts" && ls -- *.json | sed 's/\.json$//')
  ((${#counts[@]} >= 7)) || fail "expected the 7 shipped counts in $data/counts"
  expect "sim --count " none "${counts[@]}"
  expect "sim --count hi-" hi-lo hi-opt-1 hi-opt-2
  expect "sim --indices illustrious18-fab4-" illustrious18-fab4-s17 illustrious18-fab4-h17
  expect "indices --hands illustrious18-fab4-" illustrious18-fab4-s17 illustrious18-fab4-h17
  expect "sim --strategy basic-" basic-s17-das basic-h17-das
  expect "sidebet perfect-pairs-" perfect-pairs-25-12-6 perfect-pairs-30-10-5
  # A flag that takes a file name completes files; one that takes no value does not stop the positionals.
  touch cwd/result-a.json
  expect "report result-" result-a.json
  expect "merge --quiet result-" result-a.json
  # Every flag of every command's --help, and nothing else.
  while IFS= read -r path; do
    # shellcheck disable=SC2086
    diff <(complete $path -) <(help_flags "$path") >diff.txt ||
      fail "completing 'cardsim $path -' differs from its --help: $(cat diff.txt)"
  done < <(commands)
  ;;
man)
  [[ -d $build_dir/man/man1 ]] || skip "no man pages (help2man not installed)"
  command -v man >/dev/null || skip "no man (Debian package man-db)"
  while IFS= read -r path; do
    page=cardsim${path:+-${path// /-}}
    file=$build_dir/man/man1/$page.1
    [[ -f $file ]] || fail "no man page $page.1"
    MANWIDTH=200 man -l "$file" >page.txt 2>err.txt || fail "man $page: $(cat err.txt)"
    grep -q "^NAME" page.txt && grep -q "^SYNOPSIS" page.txt || fail "$page: no NAME or SYNOPSIS"
    # Every flag of its --help is on the page (man may hyphenate words, not flags at this width).
    missing=$(comm -23 <(help_flags "$path") <(grep -oE -- '-{1,2}[A-Za-z0-9][A-Za-z0-9-]*' page.txt | sort -u))
    [[ -z $missing ]] || fail "$page does not list: $missing"
  done < <(commands)
  grep -q "CARDSIM_DATA_DIR" <(MANWIDTH=200 man -l "$build_dir/man/man1/cardsim.1") || fail "cardsim(1) has no ENVIRONMENT"
  ;;
*) fail "unknown case" ;;
esac
