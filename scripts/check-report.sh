#!/usr/bin/env bash
# Looks at `cardsim report` pages as a reader would: renders a sim, a counting
# run, a compare, a 2-parameter and a 3-parameter sweep (numeric values to
# scale, panels past 4 lines), a partial (interrupted) result, a shard, and
# Zha Jin Hua's zjh sim and zjh exact results in headless Chromium (Debian's `chromium`,
# which scripts/setup.sh installs), checks that the rendered text holds the
# result JSON's key numbers as the page prints them, and saves a PNG
# screenshot of the top of each page.
# Usage: scripts/check-report.sh [OUTDIR]   (default: a new temporary folder)
# Environment: CARDSIM (default ./build/release/cardsim).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
out=$(realpath "$out")
cardsim=$(realpath "${CARDSIM:-./build/release/cardsim}")
for tool in chromium python3; do
  command -v $tool >/dev/null || { echo "check-report: $tool is missing (scripts/setup.sh installs chromium)" >&2; exit 1; }
done

# render NAME: NAME.html -> NAME.dom (the DOM after layout) and NAME.png.
render() {
  local flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
               --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)")
  local page="file://$out/$1.html"
  chromium "${flags[@]}" --dump-dom "$page" >"$out/$1.dom" 2>/dev/null
  chromium "${flags[@]}" --window-size=1000,1100 --force-device-scale-factor=0.75 --hide-scrollbars \
    --screenshot="$out/$1.png" "$page" >/dev/null 2>&1
}
# run NAME ARGS...: cardsim ARGS --out NAME.json, then its report, rendered.
run() {
  local name=$1; shift
  echo "check-report: $name: cardsim $*" >&2
  "$cardsim" "$@" --quiet --out "$out/$name.json"
  "$cardsim" report "$out/$name.json" -o "$out/$name.html"
  render "$name"
}

run sim sim --rounds 5M --seed 7
run counting sim --config configs/6d-s17-das-hilo.json --rounds 5M --chunk-rounds 250k --seed 7
run compare compare configs/6d-s17-das.json configs/6d-h17-das.json configs/8d-h17-ls.json --rounds 4M --chunk-rounds 50k
run sweep2 sweep --vary h17=false,true --vary blackjack-pays=3:2,6:5 --reshuffle every-round --rounds 2M --chunk-rounds 50k
run sweep3 sweep --vary decks=1,2,4,6,8 --vary h17=false,true --vary surrender=none,late --reshuffle every-round \
  --rounds 500k --chunk-rounds 25k
run shard sim --rounds 4M --chunk-rounds 250k --shard 2/8
run zjhsim zjh sim --players 3 --deals 2M --chunk-deals 100000 --seed 7
echo "check-report: zjhexact: cardsim zjh exact --json" >&2
"$cardsim" zjh exact --json --out "$out/zjhexact.json"
"$cardsim" report "$out/zjhexact.json" -o "$out/zjhexact.html"
render zjhexact
# An interrupted run: stopped once its checkpoint holds a finished chunk.
echo "check-report: partial: cardsim sim interrupted" >&2
rm -f "$out/partial.ck"
"$cardsim" sim --rounds 20G --chunk-rounds 1M --threads 2 --quiet --out "$out/partial.json" \
  --checkpoint "$out/partial.ck" --checkpoint-every 0.1s 2>/dev/null &
pid=$!
for _ in $(seq 600); do grep -q '"completed_chunks": \[$' "$out/partial.ck" 2>/dev/null && break; sleep 0.1; done
kill -INT $pid
wait $pid || true
"$cardsim" report "$out/partial.json" -o "$out/partial.html"
render partial

# The checks: each page's rendered text (tags dropped, entities decoded)
# holds the numbers of its JSON as printed with the page's precision.
python3 - "$out" <<'PY'
import html, json, re, sys

out = sys.argv[1]
Z95 = 1.959963984540054
failures = []

def text_of(name):
    dom = open(f"{out}/{name}.dom", encoding="utf-8").read()
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", dom)))

def f(value, digits):  # as the page prints numbers: digit separators, never -0
    text = format(value, f",.{digits}f")
    return text[1:] if re.fullmatch(r"-0\.?0*", text) else text

def expect(name, text, wanted, what):
    if wanted not in text:
        failures.append(f"{name}: {what}: '{wanted}' is not on the rendered page")

def sim_checks(name, r, text):
    edge = r["edge"]
    expect(name, text, f(edge["house_edge_percent"], 4) + "%", "house edge")
    lo, hi = edge["house_edge_ci95_percent"]
    expect(name, text, f"{f(lo, 4)}% .. {f(hi, 4)}%", "95% interval")
    expect(name, text, f(100 * edge["standard_error"], 4) + "%", "standard error")
    expect(name, text, f(r["exact"]["house_edge_percent"], 4) + "%", "exact edge")
    expect(name, text, f"{r['run']['rounds']:,}", "rounds")
    expect(name, text, "penetration", "penetration in the rules line")
    for up, d in r["dealer"]["by_upcard"].items():
        expect(name, text, f(100 * d["played_out"]["final"]["bust"], 2) + "%", f"dealer bust probability, up {up}")
    played_out = r["dealer"]["played_out"]
    expect(name, text, f"{f(played_out['final']['bust'], 4)} {f(played_out['final_standard_error']['bust'], 4)}",
           "dealer bust over all rounds with its SE")
    expect(name, text, f(100 * r["outcomes"]["rates_per_hand"]["win"], 2) + "%", "win rate")

def variant_checks(name, r, text):
    for v in r["variants"]:
        edge = v["result"]["edge"]
        expect(name, text, f(edge["house_edge_percent"], 4) + "%", v["label"] + " house edge")
        d = v["difference"]
        if d is not None:
            change = d["house_edge_change_percent"]
            expect(name, text, ("+" if change > 0 else "") + f(change, 4) + "%", v["label"] + " change")
            expect(name, text, f(100 * d["standard_error"], 4) + "%", v["label"] + " paired SE")
            if r["command"] == "compare" or len(r["varied"]) == 2:  # the change chart; the heat map
                expect(name, text, "± " + f(100 * Z95 * d["standard_error"], 4), v["label"] + " change's 95% half-interval")

for name in ["sim", "counting", "compare", "sweep2", "sweep3", "shard", "partial"]:
    r = json.load(open(f"{out}/{name}.json"))
    text = text_of(name)
    if r["command"] == "sim":
        sim_checks(name, r, text)
    else:
        variant_checks(name, r, text)

r, text = json.load(open(f"{out}/counting.json")), text_of("counting")
c = r["counting"]
for what, value, digits in [("win per 100 rounds", c["win_per_100_rounds"]["mean"], 3),
                            ("its SE", c["win_per_100_rounds"]["standard_error"], 3),
                            ("SD per 100 rounds", c["sd_per_100_rounds"], 2),
                            ("DI", c["di"]["value"], 2), ("DI's SE", c["di"]["standard_error"], 2),
                            ("SCORE", c["score"]["value"], 1), ("SCORE's SE", c["score"]["standard_error"], 1),
                            ("N0", c["n0_rounds"], 0), ("N0's SE", c["n0_rounds_standard_error"], 0)]:
    expect("counting", text, f(value, digits), what)
expect("counting", text, f(100 * c["risk_of_ruin"]["value"], 2) + "%", "risk of ruin")
expect("counting", text, "Player's edge by true count", "edge by true count")
expect("counting", text, "bet ramp", "the ramp over the histogram")
expect("counting", text, "Index plays: no exact value applies", "index-play banner")
for line in c["index_plays"]:
    hand, up, index = line.split()[:3]
    expect("counting", text, f" {hand} {up} {index} ", "index play " + line)

r, text = json.load(open(f"{out}/sweep2.json")), text_of("sweep2")
expect("sweep2", text, "h17 \\ blackjack_pays", "heat map")
for v in r["variants"]:
    e = v["result"]["edge"]
    expect("sweep2", text, f"{f(e['house_edge_percent'], 3)}% ± {f(100 * Z95 * e['standard_error'], 3)}", v["label"] + " heat cell")
expect("sweep3", text_of("sweep3"), "Small multiples", "small multiples")

r, text = json.load(open(f"{out}/shard.json")), text_of("shard")
s = r["shard"]
expect("shard", text, f"Shard {s['index']}/{s['count']} (numbered 0..{s['count'] - 1}): merge before reading", "shard banner")
r, text = json.load(open(f"{out}/partial.json")), text_of("partial")
run = r["run"]
expect("partial", text, f"Partial result: {run['rounds']:,} of {run['rounds_requested']:,} rounds played "
       f"({run['chunks_played']:,} of {run['chunks']:,} chunks)", "partial banner")

# The counting page leads with the counter's win.
c = json.load(open(f"{out}/counting.json"))["counting"]
win = c["win_per_100_rounds"]
lo, hi = win["ci95"]
expect("counting", text_of("counting"), f"Counter's win {'+' if win['mean'] > 0 else ''}{f(win['mean'], 3)} base bets "
       f"per 100 rounds played, 95% interval {f(lo, 3)} .. {f(hi, 3)}", "the counter's win as the headline")
expect("counting", text_of("counting"), f"standard error {f(win['standard_error'], 3)}.", "the counter's win's SE")
# Every "±" says what it is.
for name in ["sim", "counting", "compare", "sweep2", "sweep3", "shard", "partial", "zjhsim"]:
    text = text_of(name)
    bare = len(re.findall("±", text)) - len(re.findall(r"± [0-9,.]+%? \((?:95%|SE)\)", text))
    if bare:
        failures.append(f"{name}: {bare} '±' without (95%) or (SE)")
# Zha Jin Hua: seat 1's showdown with its 95% intervals; the exact tables.
r, text = json.load(open(f"{out}/zjhsim.json")), text_of("zjhsim")
for outcome in ["win", "tie", "loss"]:
    p = r["seat"][outcome]
    half = Z95 * p["se"]
    expect("zjhsim", text, f"{outcome} {p['count']:,} {f(p['value'], 6)} {f(p['se'], 6)} "
           f"{f(p['value'] - half, 6)} .. {f(p['value'] + half, 6)}", f"seat 1 {outcome} with its SE and 95% interval")
for c in r["seat"]["by_category"]:
    expect("zjhsim", text, f"{c['category'].replace('_', ' ')} ({c['chinese']}) {c['hands']['count']:,} {f(c['hands']['value'], 6)}",
           f"{c['category']} share of deals")
r, text = json.load(open(f"{out}/zjhexact.json")), text_of("zjhexact")
for c in r["categories"]:
    h = c["heads_up"]
    expect("zjhexact", text, f"{c['category'].replace('_', ' ')} ({c['chinese']}) {c['hands']:,} {f(c['probability']['value'], 6)} "
           f"{c['probability']['fraction']} {f(h['win']['value'], 6)} {h['win']['fraction']}", c["category"] + " row")
expect("zjhexact", text, f"{r['heads_up']['tie']['fraction']} {f(r['heads_up']['tie']['value'], 12)}", "heads-up tie")

for failure in failures:
    print("FAIL:", failure)
if failures:
    sys.exit(1)
PY
echo "ok: the rendered pages show their JSON's numbers; pages, JSON and screenshots in $out"
