#!/usr/bin/env bash
# Checks the C++ sources (tracked *.cpp and *.hpp) against .clang-format with
# Debian's clang-format: lists every file it would change, with the number of
# lines that differ, and exits 1 if there is any (0 when all are formatted).
# Usage: scripts/check-format.sh [--fix]   (--fix rewrites the files in place)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "error: clang-format not found; run scripts/setup.sh" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
elif [[ $# -gt 0 ]]; then
  echo "usage: scripts/check-format.sh [--fix]" >&2
  exit 2
fi
differ=0 lines=0
for file in "${files[@]}"; do
  n=$(clang-format "$file" | diff "$file" - | grep -c '^[<>]' || true)
  if ((n > 0)); then
    echo "$file: $n lines differ"
    differ=$((differ + 1)) lines=$((lines + n))
  fi
done
if ((differ > 0)); then
  echo "check-format: $differ of ${#files[@]} files are not formatted ($lines lines differ);" \
       "scripts/check-format.sh --fix formats them" >&2
  exit 1
fi
echo "check-format: all ${#files[@]} files formatted"
