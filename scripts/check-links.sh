#!/usr/bin/env bash
# Checks that every relative link of the README and the manual leads somewhere:
# [text](path), [text](path#anchor), [text](#anchor) and ![alt](path), outside
# code blocks and code spans. The path must exist (relative to the page); an
# anchor into a Markdown page must be one of its headings, as GitHub names
# them (lower case, punctuation dropped, spaces as hyphens, -1, -2... for
# repeats). Links to web addresses are not checked. The test docs.links runs it.
# Usage: scripts/check-links.sh [PAGE.md...]
#   (default: README.md CONTRIBUTING.md CHANGELOG.md docs/*.md)
set -euo pipefail
cd "$(dirname "$0")/.."
pages=("$@")
((${#pages[@]})) || pages=(README.md CONTRIBUTING.md CHANGELOG.md docs/*.md)
export LC_ALL=C  # bytes: non-ASCII letters (炸金花) stay in anchors as they are

# links PAGE: the link targets of PAGE, one a line, as "LINE<TAB>TARGET".
links() {
  awk '
    /^ *```/ { fenced = !fenced; next }
    fenced { next }
    {
      line = $0
      gsub(/`[^`]*`/, "", line)  # code spans ([`cardsim chart`](x) keeps its target)
      while (match(line, /\]\([^) ]+\)/)) {
        print NR "\t" substr(line, RSTART + 2, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
      }
    }' "$1"
}

# anchors PAGE: the anchors of PAGE's headings, one a line.
anchors() {
  awk '
    /^ *```/ { fenced = !fenced; next }
    fenced || !/^#+ / { next }
    {
      s = $0
      sub(/^#+ +/, "", s); sub(/ +#* *$/, "", s)
      s = tolower(s)
      gsub(/[][!"#$%&'"'"'()*+,.\/:;<=>?@\\^`{|}~]/, "", s)
      gsub(/\xe2\x80\x94|\xe2\x80\x93|\xc2\xb7|\xc3\x97/, "", s)  # — – · ×
      gsub(/ /, "-", s)
      print (seen[s]++ ? s "-" seen[s] - 1 : s)
    }' "$1"
}

declare -A known  # page -> its anchors, one a line (each page read once)
bad=0
for page in "${pages[@]}"; do
  [[ -f $page ]] || { echo "error: no page $page" >&2; exit 2; }
  dir=$(dirname "$page")
  while IFS=$'\t' read -r line target; do
    case $target in
      http://* | https://* | mailto:*) continue ;;
    esac
    path=${target%%#*}
    anchor=
    [[ $target == *"#"* ]] && anchor=${target#*#}
    file=$page
    if [[ -n $path ]]; then
      file=$dir/$path
      if [[ ! -e $file ]]; then
        echo "$page:$line: link to $target: no file $file" >&2
        bad=1
        continue
      fi
    fi
    [[ -n $anchor && $file == *.md && -z ${known[$file]+set} ]] && known[$file]=$(anchors "$file")
    if [[ -n $anchor && $file == *.md ]] && ! grep -qxF -- "$anchor" <<<"${known[$file]}"; then
      echo "$page:$line: link to $target: $file has no heading with the anchor #$anchor" >&2
      bad=1
    fi
  done < <(links "$page")
done
if ((bad)); then
  echo "error: broken links (a page moved or a heading was renamed?)" >&2
  exit 1
fi
echo "ok: the links of ${#pages[@]} pages lead to existing files and headings"
