#!/usr/bin/env bash
# Fuzzes cardsim's parsers with libFuzzer (clang, ASan + UBSan): the config
# JSON, the strategy chart text, the result/shard/checkpoint readers, side bet
# files, count files and index lists, and the report's result JSON; and the
# command line itself with tests/cli/fuzz_cli.py (every kind of input file
# mutated and handed to the command that reads it, on the ASan + UBSan build).
# Usage: scripts/fuzz.sh [SECONDS=60] [TARGET...]
#   SECONDS  how long each fuzzer runs (cli: 50 cases a second of it)
#   TARGET   fuzz_config, fuzz_chart, fuzz_result, fuzz_sidebet, fuzz_counting,
#            fuzz_report, cli (all by default)
# Builds the `fuzz` preset (build/fuzz); starts from the seeds in configs/ and
# fuzz/seeds/, keeps what it finds in build/fuzz/corpus/TARGET. A crash leaves
# the input in build/fuzz/crash-* and makes the script fail; rerun it with
# build/fuzz/fuzz/TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(fuzz_config fuzz_chart fuzz_result fuzz_sidebet fuzz_counting fuzz_report cli)
bash scripts/setup.sh
cmake --preset fuzz >/dev/null
build_targets=("${targets[@]/#cli/cardsim}")
cmake --build --preset fuzz -j "$(nproc)" --target "${build_targets[@]}"
for target in "${targets[@]}"; do
  case $target in
    fuzz_config) seeds=(configs fuzz/seeds/config) ;;
    fuzz_chart) seeds=(configs/strategies fuzz/seeds/chart) ;;
    fuzz_result) seeds=(fuzz/seeds/result) ;;
    fuzz_sidebet) seeds=(configs/sidebets) ;;
    fuzz_counting) seeds=(fuzz/seeds/counting) ;;
    fuzz_report) seeds=(fuzz/seeds/report) ;;
    cli)
      # Thousands of mutated inputs through the real binary (ASan + UBSan).
      python3 tests/cli/fuzz_cli.py build/fuzz/cardsim configs --cases $((seconds * 50)) --timeout 60 \
        --seed "${FUZZ_SEED:-$RANDOM}" || { echo "fuzz.sh: cli FAILED" >&2; exit 1; }
      continue
      ;;
    *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
  esac
  corpus=build/fuzz/corpus/$target
  mkdir -p "$corpus"
  log=build/fuzz/$target.log
  if ! "build/fuzz/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -print_final_stats=1 -artifact_prefix=build/fuzz/ "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz.sh: $target FAILED (log: $log)" >&2
    exit 1
  fi
  runs=$(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  echo "fuzz.sh: $target ok: ${runs:-?} inputs in ${seconds} s, corpus $(ls "$corpus" | wc -l) files"
done
