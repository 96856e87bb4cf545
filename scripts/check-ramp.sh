#!/usr/bin/env bash
# The calibration of `cardsim ramp` (docs/indices.md, "Calibration"): over
# SEEDS seeds, the ramp derived on chunks 0..C-1 and confirmed on C..2C-1, the
# differences (simulated - predicted) / combined SE of the win and of the SD
# must have a mean near 0 and an SD near 1 (honest standard errors; checked),
# and the prediction's excess over the simulation of the size fit_optimism
# says (printed side by side). Both estimates are run: plain
# (--control-variate none) and controlled (the default); for the controlled,
# the spread of the predicted variance reduction factor over the seeds is
# printed beside its mean stated SE.
# Usage: scripts/check-ramp.sh [SEEDS] [ROUNDS] [CHUNK_ROUNDS] [-- more ramp flags]
#   (default 40 seeds of 2M rounds in chunks of 100k, Hi-Lo 1-12, bankroll 1000:
#    about a minute on 2 cores)
# Needs python3 to read the result JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
positional=()
while [[ $# -gt 0 && $1 != -- ]]; do
  positional+=("$1")
  shift
done
[[ ${1:-} == -- ]] && shift
seeds=${positional[0]:-40}
rounds=${positional[1]:-2M}
chunk_rounds=${positional[2]:-100k}
flags=("$@")
[[ ${#flags[@]} -gt 0 ]] || flags=(--count hi-lo)
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
for estimate in none exact; do
  for seed in $(seq 1 "$seeds"); do
    ./build/release/cardsim ramp "${flags[@]}" --spread 1-12 --bankroll 1000 --rounds "$rounds" \
      --chunk-rounds "$chunk_rounds" --seed "$seed" --control-variate "$estimate" --quiet \
      --out "$folder/$estimate-$seed.json"
  done
done
python3 - "$folder" "$seeds" <<'PY'
import glob, json, math, statistics, sys
folder, seeds = sys.argv[1], int(sys.argv[2])
ok = True
for estimate in ("none", "exact"):
    runs = [json.load(open(f"{folder}/{estimate}-{s}.json")) for s in range(1, seeds + 1)]
    z_win = [r["difference_in_standard_errors"]["win_per_round"] for r in runs]
    z_sd = [r["difference_in_standard_errors"]["sd_per_round"] for r in runs if r["difference_in_standard_errors"]["sd_per_round"] is not None]
    excess = [r["predicted"]["win_per_100_rounds"]["mean"] - r["simulated"]["win_per_100_rounds"]["mean"] for r in runs]
    optimism = statistics.mean(r["predicted"]["fit_optimism"]["win_per_100_rounds"] for r in runs)
    se = statistics.mean(r["simulated"]["win_per_100_rounds"]["standard_error"] for r in runs)
    factor = [r["simulated"].get("win_variance_reduction_factor") for r in runs]
    predicted = [(r["predicted"].get("win_variance_reduction_factor"),
                  r["predicted"].get("win_variance_reduction_factor_standard_error")) for r in runs]
    predicted = [(f, e) for f, e in predicted if f is not None and e is not None]
    name = "controlled" if estimate == "exact" else "plain"
    sd_z = (f"SD z mean {statistics.mean(z_sd):+.2f}, SD {statistics.stdev(z_sd):.2f}" if len(z_sd) >= 2
            else "no SD z (under 10 chunks)")
    print(f"{name}: win z mean {statistics.mean(z_win):+.2f}, SD {statistics.stdev(z_win):.2f} "
          f"({min(z_win):+.2f} .. {max(z_win):+.2f}); {sd_z}; "
          f"prediction above simulation by {statistics.mean(excess):.4f} +/- {statistics.stdev(excess) / math.sqrt(seeds):.4f} "
          f"per 100 rounds, fit_optimism {optimism:.4f}; the win's SE {se:.4f} per 100 rounds"
          + (f"; win variance reduction {statistics.mean(factor):.1f}" if factor[0] is not None else ""))
    if len(predicted) >= 2:
        f = [x for x, _ in predicted]
        print(f"  predicted win variance reduction: mean {statistics.mean(f):.1f}, spread over the seeds "
              f"{statistics.stdev(f):.1f}, mean stated SE {statistics.mean(e for _, e in predicted):.1f}")
    # The SD of n z-scores is 1 within about 1/sqrt(2(n-1)) (one SE); allow 3.
    tolerance = 3 / math.sqrt(2 * (seeds - 1))
    if abs(statistics.stdev(z_win) - 1) > tolerance or abs(statistics.mean(z_win)) > 3 / math.sqrt(seeds) + 0.5:
        ok = False
        print(f"FAIL {name}: the win's differences are not within their standard errors (SD of z within {tolerance:.2f} of 1)")
print("ok" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
