#!/usr/bin/env bash
# Card counting against the published figures (issue 8), on the longer run the
# unit tests cannot afford: configs/6d-s17-das-hilo.json (6 decks, S17, DAS,
# 75% penetration, Hi-Lo, exact floored true counts, a 1-12 ramp, the
# Illustrious 18) must
#   - win: the 95% interval of the win per round above zero;
#   - show the edge rising by about 0.5 points per true count (Griffin; the
#     Wizard of Odds and Schlesinger quote "about 0.5% per true count"): the
#     fitted slope within 0.4%..0.6%;
#   - gain on insurance at true count +3 and above (pooled over those counts,
#     more than 3 SE above zero), and lose on it at 0 and below.
# Usage: scripts/check-counting.sh [ROUNDS]   (default 40M: about 1.5 s on 2 cores)
# Needs python3 to read the result JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-40M}
out=$(mktemp --suffix=.json)
trap 'rm -f "$out"' EXIT
./build/release/cardsim sim --config configs/6d-s17-das-hilo.json --rounds "$rounds" --seed 2026 --quiet --out "$out"
python3 - "$out" <<'PY'
import json, math, sys
c = json.load(open(sys.argv[1]))["counting"]
ok = True
def check(name, passed, text):
    global ok
    ok = ok and passed
    print(("ok   " if passed else "FAIL ") + name + ": " + text)
win = c["win_per_100_rounds"]
check("wins", win["ci95"][0] > 0,
      "%+.3f +/- %.3f base bets per 100 rounds (95%% CI %.3f .. %.3f), SD %.2f per 100, average bet %.2f, "
      "DI %.2f, SCORE %.1f, N0 %.0f rounds, RoR %.2f%% for %g base bets"
      % (win["mean"], 1.96 * win["standard_error"], win["ci95"][0], win["ci95"][1], c["sd_per_100_rounds"],
         c["average_initial_bet"], c["di"]["value"], c["score"]["value"], c["n0_rounds"] or 0,
         100 * c["risk_of_ruin"]["value"], c["risk_of_ruin"]["bankroll"]))
slope = c["edge_slope_per_true_count"]
check("edge by true count", 0.004 < slope["slope"] < 0.006,
      "%.3f%% +/- %.3f%% per true count (published: about 0.5%%)" % (100 * slope["slope"], 100 * slope["standard_error"]))
def insurance(rows):
    aces = sum(r["insurance"]["ace_up"] for r in rows)
    p = sum(r["insurance"]["ace_up"] * r["insurance"]["ten_in_hole"] for r in rows) / aces
    return 3 * p - 1, 3 * math.sqrt(p * (1 - p) / aces), aces
high = insurance([r for r in c["by_true_count"] if r["true_count"] >= 3])
low = insurance([r for r in c["by_true_count"] if r["true_count"] <= 0])
check("insurance at +3 and above", high[0] > 3 * high[1],
      "%+.4f +/- %.4f per unit insured over %d aces up" % high)
check("insurance at 0 and below", low[0] < -3 * low[1], "%+.4f +/- %.4f per unit insured over %d aces up" % low)
sys.exit(0 if ok else 1)
PY
