#!/usr/bin/env bash
# Regenerates the parts of docs/ that come from the code, between the markers
#   <!-- BEGIN GENERATED: NAME (scripts/update-docs.sh) -->
#   <!-- END GENERATED: NAME -->
# (the text around them is written by hand):
#   docs/cli.md     cli          every command's --help, from the built cardsim
#   docs/config.md  config-keys  the config key table (`cardsim docs config-keys`:
#                                io::config_keys() in src/formats/config/config_keys.cpp, with the defaults)
#   docs/zjh.md     zjh-config-keys  Zha Jin Hua's config keys (`cardsim docs zjh-config-keys`:
#                                io::zjh_config_keys() in src/formats/config/zjh_config.cpp)
# and the Python package's type stubs, python/cardsim/__init__.pyi and zjh.pyi
# (python/stubs.py, from python/cardsim/_keys.py); then, without --check, the
# examples of README.md and docs/ (scripts/update-examples.py: it runs them,
# a minute or two; its own test is docs.examples).
# Usage: scripts/update-docs.sh [--check] [CARDSIM]   (CARDSIM: build/release/cardsim)
#   --check  changes nothing; lists the stale pages and exits 1 if any (the
#            docs.generated test)
set -euo pipefail
export COLUMNS=80  # --help wraps to $COLUMNS: the pages' width, whatever the terminal's
cd "$(dirname "$0")/.."
check=0
if [[ ${1:-} == --check ]]; then check=1; shift; fi
cardsim=${1:-build/release/cardsim}
[[ -x $cardsim ]] || { echo "error: $cardsim is not an executable; build cardsim first (scripts/build.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every command's --help as a section with a text block, cardsim's first.
cli() {
  local line path
  while IFS= read -r line; do
    path=${line%%$'\t'*}  # ("" for cardsim itself)
    # shellcheck disable=SC2086  # the path's words are the command's words
    printf '### `cardsim%s`\n\n```text\n%s\n```\n\n' "${path:+ $path}" "$("$cardsim" $path --help)"
  done < <("$cardsim" docs commands)
}
config_keys() { "$cardsim" docs config-keys; }
zjh_config_keys() { "$cardsim" docs zjh-config-keys; }

# replace PAGE NAME: PAGE with the block NAME replaced by the output of the
# generator NAME (cli, config_keys, zjh_config_keys), written to $work/PAGE.
replace() {
  local page=$1 name=$2 begin end
  begin="<!-- BEGIN GENERATED: $name (scripts/update-docs.sh) -->"
  end="<!-- END GENERATED: $name -->"
  if ! grep -qxF "$begin" "$page" || ! grep -qxF "$end" "$page"; then
    echo "error: $page has no block $name" >&2
    exit 1
  fi
  local content
  content=$("${name//-/_}")  # (without its trailing blank lines)
  printf '%s\n' "$content" >"$work/block"
  mkdir -p "$work/$(dirname "$page")"
  awk -v begin="$begin" -v end="$end" -v block="$work/block" '
    $0 == begin { print; print ""; while ((getline line < block) > 0) print line; print ""; skip = 1; next }
    $0 == end { skip = 0 }
    !skip' "$page" >"$work/$page"
}

stale=0
for entry in docs/cli.md:cli docs/config.md:config-keys docs/zjh.md:zjh-config-keys; do
  page=${entry%%:*}
  replace "$page" "${entry#*:}"
  if ! cmp -s "$page" "$work/$page"; then
    if ((check)); then
      echo "$page is stale: its generated part differs from what $cardsim prints:" >&2
      diff -u "$page" "$work/$page" | head -20 >&2
      stale=1
    else
      cp "$work/$page" "$page"
      echo "updated $page"
    fi
  fi
done
stub_args=()
((check)) && stub_args=(--check)
/usr/bin/python3 python/stubs.py "${stub_args[@]}" || stale=1
if ((stale)); then
  echo "error: generated docs are stale; run scripts/update-docs.sh and commit the result" >&2
  exit 1
fi
if ((!check)); then
  /usr/bin/python3 scripts/update-examples.py "$cardsim"
fi
