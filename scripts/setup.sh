#!/usr/bin/env bash
# Installs the Debian packages cardsim needs, if any is missing.
# Usage: scripts/setup.sh [cli|all]
#   cli  what building and running the cardsim program needs (the README's
#        first command, scripts/quickstart.sh)
#   all  everything the test suite and the batch-run checks need too
#        (scripts/test.sh; the default)
# Idempotent: when everything is installed it changes nothing and asks no
# server. As root it runs apt-get; as a user, sudo apt-get when sudo lets them;
# otherwise it prints the one apt-get command to run as root and exits 1.
set -euo pipefail

# Building and running the command-line program.
cli=(
  g++ make cmake      # the compiler and the build (C++20: GCC 12)
  libcli11-dev        # command-line parsing
  libpcg-cpp-dev      # PCG random number generators
  nlohmann-json3-dev  # JSON
  nettle-dev          # SHA-256 of the inputs a run reads
  help2man man-db     # the man pages, from --help (cmake/Docs.cmake), and `man` to read them
)
# The tests, benchmarks, Python package, packages and checks.
rest=(
  git                 # the commit in --version, the man pages' date
  libgtest-dev        # GoogleTest
  libbenchmark-dev    # Google Benchmark
  libopenmpi-dev openmpi-bin  # MPI build and its test (mpirun -n 2)
  clang libclang-rt-dev       # libFuzzer and clang's sanitizers (scripts/fuzz.sh)
  tidy                # HTML validity of `cardsim report` pages (tests/cli/report_test.sh)
  chromium            # renders the report pages (scripts/check-report.sh)
  clang-format        # scripts/check-format.sh (.clang-format)
  zsh fish            # the zsh and fish completions' test (tests/cli/cli_test.sh)
  dpkg-dev lintian    # the Debian packages (dpkg-shlibdeps) and their check (scripts/check-package.sh)
  python3-dev pybind11-dev python3-pybind11  # the Python module (python/, docs/python.md)
  python3-numpy python3-pandas python3-pytest python3-matplotlib  # its tables, tests and example
  python3-setuptools python3-wheel python3-venv  # pip install . in a venv (python.pip)
  python3-mypy        # the stubs against the documented examples (python.typing)
  jupyter-nbconvert python3-ipykernel  # the example notebook, run by the tests
)

case ${1:-all} in
cli) packages=("${cli[@]}") ;;
all) packages=("${cli[@]}" "${rest[@]}") ;;
*) echo "usage: scripts/setup.sh [cli|all]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

install=(apt-get install -y -qq --no-install-recommends "${missing[@]}")
if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null && sudo -v; then  # (sudo -v: may this user? asks the password)
  sudo=(sudo)
else
  echo "setup: these Debian packages are missing: ${missing[*]}" >&2
  echo "setup: install them as root (then run this again):" >&2
  echo "  apt-get update && apt-get install --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" "${install[@]}" >/dev/null
