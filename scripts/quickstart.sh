#!/usr/bin/env bash
# The README's first command: installs the Debian packages that building and
# running cardsim needs (scripts/setup.sh cli: the compiler, cmake, CLI11,
# pcg-cpp, nlohmann-json), builds the cardsim program alone in Release
# (preset `cli`, build/cli: no tests, benchmarks or Python module), installs
# it where it is on PATH (cmake --install --component cli: the program, its
# data, man pages and shell completions) and runs a default simulation:
# 10 million rounds of 6-deck S17 DAS blackjack with basic strategy.
# The prefix: $PREFIX if set, else /usr/local for root and ~/.local for a user.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh cli
if [[ -z ${PREFIX:-} ]]; then
  if [[ $(id -u) -eq 0 ]]; then PREFIX=/usr/local; else PREFIX=$HOME/.local; fi
fi
cmake --preset cli >/dev/null
cmake --build --preset cli -j "$(nproc)" --target cardsim cardsim_docs
cmake --install build/cli --prefix "$PREFIX" --component cli >/dev/null
echo
"$PREFIX/bin/cardsim" sim --config 6d-s17-das --rounds 10M
echo
echo "cardsim is installed in $PREFIX/bin/cardsim (its data in $PREFIX/share/cardsim)."
if [[ $(command -v cardsim || true) != "$PREFIX/bin/cardsim" ]]; then
  echo "$PREFIX/bin is not first on your PATH for cardsim; add it:  export PATH=\"$PREFIX/bin:\$PATH\""
fi
if [[ ! -e $PREFIX/share/man/man1/cardsim.1 ]]; then
  echo "No man pages were installed (help2man is missing: bash scripts/setup.sh cli installs it)."
fi
if command -v fish >/dev/null && [[ $PREFIX != /usr && $PREFIX != "$HOME/.local" ]]; then
  echo "fish reads no completions from $PREFIX; in ~/.config/fish/config.fish add:" \
    " set -p fish_complete_path $PREFIX/share/fish/vendor_completions.d"
fi
