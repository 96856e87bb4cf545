#!/usr/bin/env bash
# Installs the Debian packages cardsim builds with, if any is missing.
# Idempotent: when everything is installed it changes nothing and asks no server.
set -euo pipefail

packages=(
  build-essential cmake git
  libcli11-dev        # command-line parsing
  libpcg-cpp-dev      # PCG random number generators
  nlohmann-json3-dev  # JSON
  nettle-dev          # SHA-256 of the inputs a run reads
  libgtest-dev        # GoogleTest
  libbenchmark-dev    # Google Benchmark
  libopenmpi-dev openmpi-bin  # MPI build and its test (mpirun -n 2)
  clang libclang-rt-dev       # libFuzzer and clang's sanitizers (scripts/fuzz.sh)
  tidy                # HTML validity of `cardsim report` pages (tests/cli/report_test.sh)
  chromium            # renders the report pages (scripts/check-report.sh)
  clang-format        # scripts/check-format.sh (.clang-format)
  help2man            # the man pages, from --help (cmake/Docs.cmake)
  man-db              # `man`: the Debian package check (scripts/test.sh)
  python3-dev pybind11-dev python3-pybind11  # the Python module (python/, docs/python.md)
  python3-numpy python3-pandas python3-pytest python3-matplotlib  # its tables, tests and example
  jupyter-nbconvert python3-ipykernel  # the example notebook, run by the tests
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
echo "setup: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
