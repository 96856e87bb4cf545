#!/usr/bin/env bash
# The speed table of docs/performance.md, measured on this machine: every
# benchmark of bench_blackjack as items per second (the median of the
# repetitions) and as ratios to two references measured in the same run:
# BM_DealingLimit (a bare loop dealing 5.4 cards a round from the same shoe
# with the same generator) and BM_RoundsSixDeck/1 (the plain engine: 6 decks
# S17 DAS, one seat, basic strategy), so that figures from different CPUs and
# loads can be compared.
#
#   scripts/bench-table.sh [BUILD_DIR] [REPETITIONS]
#
# BUILD_DIR defaults to build/release, REPETITIONS to 5. The table goes to
# standard output, with the CPU (lscpu) and the load average before and after.
set -euo pipefail

build=${1:-build/release}
repetitions=${2:-5}
bench="$build/bench/bench_blackjack"
if [[ ! -x $bench ]]; then
  echo "bench-table.sh: $bench not found; build it first (cmake --build --preset release --target bench_blackjack)" >&2
  exit 2
fi

cpu="$(lscpu | sed -n 's/^Model name: *//p' | head -1) (CPU family $(lscpu | sed -n 's/^CPU family: *//p' | head -1))"
cores=$(nproc)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$bench" --benchmark_repetitions="$repetitions" --benchmark_report_aggregates_only=true \
  --benchmark_format=json >"$json" 2>/dev/null
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

python3 - "$json" "$cpu" "$cores" "$load_before" "$load_after" "$repetitions" <<'EOF'
import json, sys
path, cpu, cores, load_before, load_after, repetitions = sys.argv[1:]
runs = json.load(open(path))["benchmarks"]
medians = {r["run_name"]: r["items_per_second"] for r in runs if r.get("aggregate_name") == "median"}
limit = medians.get("BM_DealingLimit")
plain = medians.get("BM_RoundsSixDeck/1")
if not limit or not plain:
    sys.exit("bench-table.sh: BM_DealingLimit or BM_RoundsSixDeck/1 missing from the run")
print(f"CPU: {cpu}, {cores} cores; medians of {repetitions} repetitions; "
      f"load average {load_before} before, {load_after} after\n")
print("| benchmark | items/s | vs BM_DealingLimit | vs BM_RoundsSixDeck/1 |")
print("|---|---|---|---|")
for name, rate in medians.items():
    print(f"| `{name}` | {rate / 1e6:.1f} M | {rate / limit:.3f} | {rate / plain:.3f} |")
EOF
