#!/usr/bin/env bash
# The shell completions and the man pages the build generated (cmake/Docs.cmake),
# all from the one command tree that --help shows, so they must agree with it.
# Usage: docs_test.sh CARDSIM CASE BUILD_DIR
#   completion  sources BUILD_DIR/completion/cardsim in a clean bash and checks
#               what it offers: the commands, every flag each --help lists,
#               enumerated values, named charts/counts/index sets/side bets/
#               rule sets (without cardsim on PATH)
#   zsh, fish   the zsh and fish completions offer the same (with a stand-in
#               for zsh's compadd; fish's own `complete -C`)
#   man         a page per command; each renders with man, in UTF-8, lists its
#               flags and its examples, and names no parser types
#   results     docs/results.md names every key of every command's result JSON
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../cli/common.sh"
build_dir=$3
cardsim=$(realpath "$cardsim")
data=$("$cardsim" docs data-dir) || fail "cardsim docs data-dir"

# The flags a command's --help lists ("  -c, --config FILE|NAME ...",
# "      --decks N ..."), one a line, sorted.
help_flags() {
  # shellcheck disable=SC2086
  "$cardsim" $1 --help | grep -E '^ {2}(-[A-Za-z0-9], )?--|^ {6}--' | sed -E 's/^ +//; s/^(-[A-Za-z0-9]), /\1\n/; s/ .*//' |
    sort -u
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
  # (cardsim is not on PATH: the names come from the completion's own tables.)
  complete() { (cd cwd && env -i PATH=/usr/bin:/bin bash --norc --noprofile ../complete.sh cardsim "$@"); }
  # expect "WORDS..." LINE...: the completion of the last word (empty after a
  # trailing space) offers exactly the lines.
  expect() {
    local words=() line=$1; shift
    read -ra words <<<"$line"
    [[ -z $line || $line == *" " ]] && words+=("")
    diff <(complete "${words[@]}") <(printf '%s\n' "$@" | sort) >diff.txt || fail "completing '$line': $(cat diff.txt)"
  }
  # Each alone: the commands; a prefix; zjh's commands.
  expect "" sim chart compare sweep report zjh analyze play merge sidebet indices ramp bench
  expect "s" sim sweep sidebet
  expect "i" indices
  expect "r" report ramp
  expect "zjh " deal exact sim
  # Enumerated config keys (KEYS in src/formats/config/config_keys.cpp), with the flag=value form.
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
  # Rule sets by name (and config files).
  expect "sim --config 6d-h" 6d-h17-das
  expect "compare 6d-s17-das-" 6d-s17-das-hilo 6d-s17-das-ls-fresh
  expect "zjh exact --config teen" teen-patti
  # Names added to the data folder ($CARDSIM_DATA_DIR) besides the shipped ones.
  mkdir -p mydata/counts && touch mydata/counts/my-count.json
  diff <(cd cwd && env -i PATH=/usr/bin:/bin CARDSIM_DATA_DIR="$work/mydata" bash --norc --noprofile ../complete.sh \
           cardsim sim --count my-) <(echo my-count) >diff.txt || fail "CARDSIM_DATA_DIR's names: $(cat diff.txt)"
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
zsh | fish)
  # The same offers as the bash completion, from the zsh and fish completions
  # (without cardsim on PATH): per command its flags (those of --help), and
  # commands, values and names.
  command -v "$case_name" >/dev/null || fail "no $case_name (Debian package $case_name; scripts/setup.sh installs it)"
  if [[ $case_name == zsh ]]; then
    script=$build_dir/completion/_cardsim
    # zsh's compadd, _files and compset stand-ins: what is offered, the current word's prefix only.
    cat >complete.zsh <<COMPLETE
compadd() { local a; for a in "\$@"; do [[ \$a == -- ]] || reply+=("\$a"); done; }
_files() { reply+=(*(N)); }
compset() { return 0; }
typeset -a reply
source '$script' >/dev/null 2>&1
reply=()
words=(\$@); CURRENT=\$#
[[ \${words[CURRENT]} == __empty__ ]] && words[CURRENT]=''
_cardsim
for r in \$reply; do [[ \$r == \${words[CURRENT]#*=}* ]] && print -r -- \$r; done | sort -u
COMPLETE
    complete() { (cd cwd && env -i PATH=/usr/bin:/bin zsh -f ../complete.zsh cardsim "$@"); }
  else
    script=$build_dir/completion/cardsim.fish
    complete() {
      local line="cardsim $*"
      line=${line% __empty__}
      [[ ${*: -1} == __empty__ ]] && line+=" "
      (cd cwd && env -i PATH=/usr/bin:/bin HOME="$work" fish --no-config -c "source '$script'; complete -C '$line'" |
        cut -f1 | sort -u)
    }
  fi
  [[ -f $script ]] || fail "no $script"
  mkdir cwd
  expect() {
    local words=() line=$1; shift
    read -ra words <<<"$line"
    [[ -z $line || $line == *" " ]] && words+=(__empty__)
    diff <(complete "${words[@]}") <(printf '%s\n' "$@" | sort) >diff.txt || fail "completing '$line': $(cat diff.txt)"
  }
  expect "" sim chart compare sweep report zjh analyze play merge sidebet indices ramp bench
  expect "s" sim sweep sidebet
  expect "zjh " deal exact sim
  expect "sim --reshuffle " cut-card every-round
  expect "sim --decks " infinite 1 2 3 4 5 6 7 8
  expect "zjh sim --variant " standard suits leopard-killer teen-patti
  expect "sim --count hi-" hi-lo hi-opt-1 hi-opt-2
  expect "sim --strategy basic-" basic-s17-das basic-h17-das
  expect "sim --config 6d-h" 6d-h17-das
  expect "sidebet perfect-pairs-" perfect-pairs-25-12-6 perfect-pairs-30-10-5
  # Every flag of every command's --help, and nothing else.
  while IFS= read -r path; do
    # shellcheck disable=SC2086
    diff <(complete $path - | grep '^-') <(help_flags "$path") >diff.txt ||
      fail "$case_name: completing 'cardsim $path -' differs from its --help: $(cat diff.txt)"
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
  # In UTF-8 (help2man in a C locale wrote '?'), with the examples of --help,
  # and value names a reader knows, not the parser's types.
  MANWIDTH=200 man -l "$build_dir/man/man1/cardsim-zjh.1" >zjh.txt
  grep -q "^ *cardsim-zjh - Zha Jin Hua (炸金花, three-card poker)" zjh.txt || fail "cardsim-zjh(1)'s NAME: $(head -5 zjh.txt)"
  MANWIDTH=200 man -l "$build_dir/man/man1/cardsim-sim.1" >sim.txt
  grep -A1 "^EXAMPLES" sim.txt | grep -q "cardsim sim --config 6d-h17-das --rounds 100M" || fail "cardsim-sim(1) has no EXAMPLES"
  grep -q -- "--checkpoint-every DURATION$" sim.txt || fail "cardsim-sim(1): --checkpoint-every's value"
  ! grep -rqE "(UINT|INT|TEXT|FLOAT):|DURATION:DURATION" "$build_dir/man/man1" || fail "a man page names a parser type"
  # At 80 columns: the exit codes as src/cli/signals.hpp gives them (128 + the
  # signal), the footer's version and date apart, and each example a command
  # to copy: on one line, or on lines ending with " \" (never broken mid-command).
  MANWIDTH=80 man -l "$build_dir/man/man1/cardsim.1" >cardsim.txt 2>/dev/null
  grep -qE '^ +130 +.*SIGINT' cardsim.txt || fail "cardsim(1): 130 is not SIGINT's: $(grep -A14 '^EXIT' cardsim.txt)"
  grep -qE '^ +143 +.*SIGTERM' cardsim.txt || fail "cardsim(1): 143 is not SIGTERM's: $(grep -A14 '^EXIT' cardsim.txt)"
  ! grep -qE '^ +130 +.*SIGTERM' cardsim.txt || fail "cardsim(1) says SIGTERM exits 130"
  footer=$(grep -v '^ *$' cardsim.txt | tail -1)
  [[ $footer =~ ^cardsim\ [0-9][^\ ]*\ {2,}[A-Z][a-z]+\ [0-9]{4}\ {2,}CARDSIM\(1\)$ ]] ||
    fail "cardsim(1)'s footer does not read 'cardsim VERSION  DATE  CARDSIM(1)': '$footer'"
  examples=0
  while IFS= read -r line; do
    path=${line%%$'\t'*} rest=${line#*$'\t'}  # (tab is whitespace to read: an empty path would vanish)
    command=${rest%%$'\t'*}
    page=cardsim${path:+-${path// /-}}
    # (The page's lines joined where they end with " \"; man prints '-' as is in UTF-8.)
    MANWIDTH=80 man -l "$build_dir/man/man1/$page.1" 2>/dev/null | sed -e ':a' -e '/ \\$/{N;s/ \\\n *\([^ ]\)/ \1/;ba' -e '}' >joined.txt
    grep -qF -- "$command" joined.txt || fail "$page(1) at 80 columns breaks the example '$command': $(grep -A2 -F -- "${command:0:20}" joined.txt)"
    examples=$((examples + 1))
  done < <("$cardsim" docs examples)
  ((examples > 10)) || fail "only $examples examples checked"
  ;;
results)
  # Every JSON a command writes, with the options that add keys (counting and
  # index plays, --target-se, shards and a merge, the composition-dependent
  # optimum, a side bet on the dealer's hand, side bets in sim).
  page=$(dirname "${BASH_SOURCE[0]}")/../../docs/results.md
  cfg=$data
  run() { "$cardsim" "$@" >/dev/null 2>err.txt || fail "cardsim $*: $(cat err.txt)"; }
  # (An infinite deck where the keys do not depend on it: its strategy is computed fastest.)
  small=(--decks infinite --rounds 200k --chunk-rounds 10k --quiet)
  echo '{"decks": "infinite"}' >s17.json
  echo '{"decks": "infinite", "h17": true}' >h17.json
  run sim "${small[@]}" --out sim.json
  run sim --config "$cfg/6d-s17-das-hilo.json" --rounds 200k --chunk-rounds 10k --quiet --out counting.json \
    --side-bet 21-plus-3 --side-bet buster-blackjack
  run sim --decks infinite --rounds 2M --chunk-rounds 10k --quiet --target-se 0.01 --out target-se.json
  run sim "${small[@]}" --shard 0/2 --out sim-0.json
  run sim "${small[@]}" --shard 1/2 --out sim-1.json
  run merge sim-0.json sim-1.json --quiet --out sim-merged.json
  run sim --decks infinite --rounds 10k --chunk-rounds 10k --quiet --shard 1/2 --out sim-empty.json  # an empty shard
  run compare s17.json h17.json --rounds 200k --chunk-rounds 10k --quiet --target-se 0.01 --out compare.json
  run sweep "${small[@]}" --vary h17=false,true --shard 0/2 --out sweep-0.json
  run analyze --decks infinite --composition-dependent --strategy basic-s17-das --quiet --out analyze.json
  run zjh sim --deals 100k --quiet --out zjh-sim.json
  "$cardsim" zjh exact --json >zjh-exact.json || fail "zjh exact"
  "$cardsim" zjh deal --json >zjh-deal.json || fail "zjh deal"
  run sidebet perfect-pairs-25-12-6 --quiet --out sidebet.json
  run sidebet buster-blackjack --h17 --quiet --out sidebet-dealer.json
  run indices --count hi-lo --rounds 100k --chunk-rounds 5k --states-per-count 200 --hands 16vT,insurance --quiet \
    --out indices.json --write-indices indices.txt
  grep -q '"crossing"' indices.json || fail "indices found no line: no crossing keys to check"
  run ramp --count hi-lo --spread 1-12 --bankroll 1000 --rounds 400k --chunk-rounds 20k --quiet --out ramp.json
  # bench: the reference alone, with a wrong evaluator of each kind (the test
  # plugins, when built beside: their keys of a failed check).
  plugins=$(dirname "$cardsim")/tests/bench/plugins
  for plugin in a23_high soft; do
    evaluator=()
    [[ -f $plugins/libplugin_$plugin.so ]] && evaluator=(--evaluator "$plugins/libplugin_$plugin.so")
    "$cardsim" bench --filter '^dealing$' --repetitions 1 --min-time 0 "${evaluator[@]}" --quiet \
      --out "bench-$plugin.json" 2>/dev/null
    [[ -s bench-$plugin.json ]] || fail "bench wrote no result"
  done
  # The key names (and the names listed by *_fields arrays) of each file,
  # outside the config, a shard's identity and the side bet as read
  # (documented in config.md, scale.md, sidebets.md). The files
  # are nlohmann_json's dump(2): a key's depth is its indent / 2.
  awk '
    fields && /^ *\]/ { fields = 0; next }
    fields { gsub(/[ ",]/, ""); print; next }
    match($0, /^ *"[^"]+": /) {
      d = (index($0, "\"") - 1) / 2
      key = substr($0, 2 * d + 2); key = substr(key, 1, index(key, "\"") - 1)
      path[d] = key
      for (i = 0; i < d; i++) if (path[i] == "config" || path[i] == "identity" || path[i] == "side_bet") next
      print key
      if (key ~ /_fields$/ && /\[$/) fields = 1
    }' ./*.json | sort -u >keys.txt
  (($(wc -l <keys.txt) > 200)) || fail "expected over 200 distinct keys, got $(wc -l <keys.txt)"
  # A key is named when it is in backquotes on the page: `key`, or in a list such as `17`..`21`.
  missing=$(while IFS= read -r key; do grep -qF "\`$key\`" "$page" || echo "$key"; done <keys.txt)
  [[ -z $missing ]] || fail "docs/results.md does not name these result keys: ${missing//$'\n'/ }"
  ;;
*) fail "unknown case" ;;
esac
