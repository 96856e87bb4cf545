#!/usr/bin/env bash
# `cardsim report` for each kind of result: the page is valid HTML for HTML
# Tidy (Debian's `tidy`, installed by scripts/setup.sh: no error and no
# warning), loads nothing, and shows what that kind of result needs (a
# counting section, heat maps, small multiples, banners) with the JSON's
# numbers. The rendered page is checked in Chromium by scripts/check-report.sh.
# Usage: report_test.sh CARDSIM CASE
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
command -v tidy >/dev/null || fail "tidy is not installed (scripts/setup.sh installs it)"
printf '{"name": "S17", "reshuffle": "every-round"}\n' >s17.json
printf '{"name": "H17", "reshuffle": "every-round", "h17": true}\n' >h17.json

# report RESULT: writes RESULT.html and checks it with tidy and for loads,
# and that every "±" on it says what it is: "± 0.0210% (95%)" (the half-width
# of a 95% interval) or "± 0.0107 (SE)".
report() {
  "$cardsim" report "$1" -o "${1%.json}.html" || fail "report $1"
  tidy -q -e "${1%.json}.html" >tidy.txt 2>&1 || fail "tidy: $(head -5 tidy.txt)"
  ! grep -Eq "<script|src=|href=|url\(|@import" "${1%.json}.html" || fail "the page loads something"
  local all labelled
  all=$(grep -o "±" "${1%.json}.html" | wc -l)
  labelled=$(grep -Eo "± [0-9,.]+%? \((95%|SE)\)" "${1%.json}.html" | wc -l)
  [[ $all -eq $labelled ]] || fail "$((all - labelled)) of $all '±' unlabelled: $(grep -Eo ".{30}± [^(]{0,12}.{8}" "${1%.json}.html" | grep -Ev "\((95%|SE)\)" | head -3)"
}
# grouped NUMBER: with digit separators, as the page prints counts.
grouped() { sed -E ':a; s/^([0-9]+)([0-9]{3})/\1,\2/; ta' <<<"$1"; }
# number FILE KEY: the first value of "KEY": in FILE after the line matching
# the sed address in $from (default: the whole file).
number() { sed -n "${from:-1},\$p" "$1" | grep -m1 "\"$2\":" | cut -d: -f2 | tr -dc '0-9.eE+-'; }
# on_page PAGE TEXT: the page holds TEXT.
on_page() { grep -qF -- "$2" "$1" || fail "not on the page: $2"; }
# fmt NUMBER DIGITS: as the page prints it, from the same double (awk's
# printf; bash's reads a long double, which rounds 1.2825 the other way).
fmt() { awk -v x="$1" -v d="$2" 'BEGIN { printf "%.*f", d, x }'; }

case $case_name in
sim)
  "$cardsim" sim --rounds 200k --seed 5 --quiet --out r.json || fail "sim"
  report r.json
  on_page r.html "id=\"house-edge\">$(fmt "$(number r.json house_edge_percent)" 4)%<"
  # A cut-card game: the cut-card effect as a figure, the JSON's.
  effect=$(python3 -c 'import json, sys
e = json.load(open(sys.argv[1]))["exact"]["cut_card_effect"]
print("%s points</b> ± %.4f (SE)" % (("+" if e["points"] > 0 else "") + "%.4f" % e["points"], e["se_points"]))' r.json)
  on_page r.html "id=\"cut-card-effect\">$effect"
  on_page r.html "penetration 75% (cut card)"
  on_page r.html "<figcaption>Dealer bust probability by up card: share of all rounds with that up card"
  # The dealer over every round (dealer.played_out): the table's last row.
  on_page r.html "<td>$(fmt "$(number r.json bust_probability)" 4)<br><small>$(fmt "$(number r.json bust_probability_standard_error)" 4)</small></td><td>0.0"
  ! grep -q 'id="banner-index-plays"' r.html || fail "an index-play banner without index plays"
  [[ $(grep -o "<figure>" r.html | wc -l) -eq $(grep -o "<figure><figcaption>" r.html | wc -l) ]] || fail "a figure without a caption"
  [[ $(grep -o "<table" r.html | wc -l) -eq $(grep -o "<table[^>]*><caption>" r.html | wc -l) ]] || fail "a table without a caption"
  ! grep -q 'class="banner"' r.html || fail "a banner on a whole run"
  # One denominator per chart: the outcomes over hands, blackjacks per round apart.
  on_page r.html "<figcaption>How the $(grouped "$(number r.json hands)") hands played (after splits) ended"
  for chart in "How the" "What some of the"; do
    ! sed -n "s/.*<figcaption>$chart\(.*\)/\1/p" r.html | sed 's|</figure>.*||' | grep -q "round" ||
      fail "an outcome chart mixes hands and rounds"
  done
  # Two groups: the shares that add to 100%, then the overlapping ones; no
  # surrender bar in a game without surrender (the default).
  on_page r.html "won, lost, pushed; these add to 100%</figcaption>"
  on_page r.html "overlapping the shares above"
  grep -q '"surrender": "none"' r.json || fail "the default game has surrender"
  ! grep -q "<title>surrender</title>" r.html || fail "a surrender bar without surrender"
  on_page r.html "<title>player bust</title>"
  on_page r.html "<p>Player blackjacks: <b>"
  # A font stack that falls back to a CJK font, on every page.
  on_page r.html 'font-family:system-ui,"Noto Sans CJK SC"'
  "$cardsim" sim --rounds 20k --surrender late --quiet --out ls.json || fail "sim with surrender"
  report ls.json
  on_page ls.html "won, lost, pushed and surrendered; these add to 100%"
  on_page ls.html "<title>surrender</title>"
  ;;
side-bets)
  # Each bet's PAR sheet beside the simulated shares, the house edges; by
  # true count with counting.
  "$cardsim" sim --config "$(dirname "$0")/../../configs/6d-s17-das-hilo.json" --side-bet 21-plus-3 \
    --side-bet buster-blackjack --rounds 200k --seed 5 --quiet --out r.json || fail "sim"
  report r.json
  on_page r.html '<table id="side-bet-0"><caption>21+3 (classic 9 to 1): PAR sheet and 200,000 simulated bets'
  on_page r.html '<td class="l">Straight flush</td><td>9.00</td><td>0.00206809</td><td>+1.8613%</td>'
  on_page r.html 'id="side-bet-0-exact">3.2386%<'
  # The return column sums to the player's return: the lines' returns add
  # to -3.2386%, never a "+3.2386%" in it.
  on_page r.html '<td id="side-bet-0-return">-3.2386%</td>'
  ! grep -q '+3.2386%' r.html || fail "the side bet's house edge signed as a return"
  on_page r.html "id=\"side-bet-1-simulated\">$(fmt "$(from='/"note": "the dealer played out/' number r.json house_edge_percent)" 4)%"
  on_page r.html '<table id="side-bets-by-count"><caption>Side bets: the player'"'"'s return per unit bet by the true count'
  on_page r.html 'the dealer played out every round with real cards'
  ;;
counting)
  "$cardsim" sim --config "$(dirname "$0")/../../configs/6d-s17-das-hilo.json" --rounds 300k --seed 5 --quiet --out r.json ||
    fail "sim"
  report r.json
  on_page r.html "id=\"win-per-100\">$(fmt "$(from='/"win_per_100_rounds"/' number r.json mean)" 3)<"
  # Controlled by default: said, with the plain win of the same rounds.
  on_page r.html "win per 100 rounds (controlled estimate)"
  plain=$(from='/"win_per_round_plain"/' number r.json mean)
  [[ -n $plain ]] || fail "no win_per_round_plain in a counting result"
  on_page r.html "<td>$(awk -v x="$plain" 'BEGIN { printf "%.3f", 100 * x }')</td>"
  # The page leads with the counter's win, the flat-bet house edge after it.
  win=$(fmt "$(from='/"win_per_100_rounds"/' number r.json mean)" 3)
  [[ $win == -* ]] || win="+$win"
  on_page r.html "<p class=\"big\">Counter's win <b id=\"counter-win\">$win</b> base bets per 100 rounds played"
  [[ $(grep -c 'class="big"' r.html) -eq 1 ]] || fail "more than one headline"
  on_page r.html "<p>Flat-bet house edge <b id=\"house-edge\">"
  on_page r.html "id=\"score\">$(fmt "$(from='/"score"/' number r.json value)" 1)<"
  on_page r.html "id=\"di\">$(fmt "$(from='/"di": {/' number r.json value)" 2)<"
  on_page r.html "<figcaption>Player's edge by true count"
  on_page r.html 'id="banner-index-plays">Index plays: no exact value applies'
  on_page r.html "without the index plays with a fresh shoe each round"
  # The index plays as played (counting.index_plays), one row each, also
  # after a merge of shards.
  plays() { sed -n '/"index_plays": \[/,/\]/p' "$1" | grep -c '^ *"[^"]*",\?$'; }
  [[ $(plays r.json) -eq 22 ]] || fail "expected the 22 plays of illustrious18-fab4-s17 in the JSON, got $(plays r.json)"
  rows=$(sed -n 's/.*<table id="index-plays">\(.*\)/\1/p' r.html | sed 's|</table>.*||' | grep -o '<tr><td' | wc -l)
  [[ $rows -eq 22 ]] || fail "index plays listed: $rows rows, expected 22"
  on_page r.html '<td class="l">16</td><td class="l">T</td><td>0</td><td class="l">stand</td><td class="l">hit</td>'
  for i in 0 1; do
    "$cardsim" sim --config "$(dirname "$0")/../../configs/6d-s17-das-hilo.json" --rounds 40k --chunk-rounds 10k --shard $i/2 \
      --quiet --out s$i.json || fail "shard $i"
  done
  "$cardsim" merge s1.json s0.json --quiet --out m.json || fail "merge"
  cmp <(sed -n '/"index_plays": \[/,/\]/p' r.json) <(sed -n '/"index_plays": \[/,/\]/p' m.json) ||
    fail "the merged shards' index plays differ from the run's"
  on_page r.html "<figcaption>True-count frequency"
  grep -q '<path d="M[^"]*" fill="none" stroke="[^"]*" stroke-width="2"' r.html || fail "no ramp drawn"
  ;;
compare)
  "$cardsim" compare s17.json h17.json --rounds 200k --chunk-rounds 10k --quiet --out r.json || fail "compare"
  report r.json
  change=$(fmt "$(number r.json house_edge_change_percent)" 4)
  on_page r.html "<figcaption>Change in house edge against the baseline (S17)"
  on_page r.html "+$change% ± "
  # Controlled by default: said, and the plain change of the same rounds beside it.
  on_page r.html "controlled estimates"
  plain=$(from=$(grep -n '"difference_plain"' r.json | head -1 | cut -d: -f1) number r.json house_edge_change_percent)
  [[ -n $plain ]] || fail "no difference_plain in the compare result"
  on_page r.html "<td>$([[ $plain == -* ]] || echo +)$(fmt "$plain" 4)%</td>"
  # The changes come first, the absolute edges after.
  [[ $(grep -o "<figcaption>[A-Z][a-z]*" r.html | head -2 | tr '\n' ' ') == "<figcaption>Change <figcaption>House " ]] ||
    fail "the paired changes are not the main chart"
  ;;
sweep2)
  "$cardsim" sweep --reshuffle every-round --vary h17=false,true --vary decks=1,6 --rounds 100k --chunk-rounds 5k --quiet \
    --out r.json || fail "sweep"
  report r.json
  [[ $(grep -c '<table class="heat">' r.html) -eq 2 ]] || fail "expected heat maps of the edge and of the change"
  on_page r.html "<th class=\"l\">h17 \\ decks</th><th>1</th><th>6</th>"
  on_page r.html "<figcaption>House edge against h17, with 95% error bars"
  on_page r.html ">decks=6</text>"
  ! grep -q "Small multiples" r.html || fail "small multiples for two parameters"
  # Every heat map has a colour scale with its ends' values.
  [[ $(grep -c '<p class="scale">Colour scale: ' r.html) -eq 2 ]] || fail "a heat map without a colour scale"
  on_page r.html "(white: 0)</p>"
  ! grep -q "Cut-card effect" r.html || fail "a cut-card effect chart for fresh shoes"
  ;;
sweep-cut-card)
  # A cut-card sweep over the shoe's depth: the cut-card effect against it
  # (a chart, a line per value of the other key, every cell a point).
  "$cardsim" sweep --vary penetration=0.5,0.75,0.85 --vary h17=false,true --rounds 60k --chunk-rounds 10k --quiet \
    --out r.json || fail "sweep"
  report r.json
  on_page r.html "<h2>Cut-card effect against penetration</h2>"
  on_page r.html "<figcaption>Cut-card effect against penetration: the simulated house edge less the exact one"
  chart=$(sed -n '/<h2>Cut-card effect against penetration/,/<\/svg>/p' r.html)
  grep -q ">h17=true</text>" <<<"$chart" || fail "no line for h17=true"
  # 6 cells and the legend's 2 marks
  [[ $(grep -o "<circle" <<<"$chart" | wc -l) -eq 8 ]] || fail "not 6 points in the cut-card effect chart"
  ;;
sweep3)
  "$cardsim" sweep --reshuffle every-round --vary h17=false,true --vary decks=1,6 --vary surrender=none,late --rounds 40k \
    --chunk-rounds 2k --quiet --out r.json || fail "sweep"
  report r.json
  on_page r.html "<h2>Small multiples</h2>"
  on_page r.html "<figcaption>surrender=late</figcaption>"
  ! grep -q '<table class="heat">' r.html || fail "heat maps for three parameters"
  # The cells sorted by their change: the printed changes ascend.
  sed -n '/<table id="variants">/,/<\/table>/p' r.html | grep -o '<td class="change">[+-][0-9.]*%</td>' | tr -dc '0-9.+\n-' >changes.txt
  [[ $(wc -l <changes.txt) -eq 7 ]] || fail "expected 7 changes: $(cat changes.txt)"
  sort -g -c changes.txt || fail "cells not sorted by change: $(tr '\n' ' ' <changes.txt)"
  ;;
sweep-scale)
  # Numeric values to scale (decks 1, 2, 4, 6, 8 at their distances, each
  # value a tick), the exact edge of each cell drawn (open diamonds), and
  # charts of more than 4 lines split into panels.
  "$cardsim" sweep --reshuffle every-round --vary decks=1,2,4,6,8 --vary h17=false,true --vary surrender=none,late \
    --rounds 20k --chunk-rounds 5k --quiet --out r.json || fail "sweep"
  report r.json
  on_page r.html ">decks in the shoe, to scale</text>"
  # The first chart (against decks): its tick labels' x positions.
  sed -n '0,/<\/svg>/p' r.html | grep -o '<text class="axis" x="[0-9.]*" y="[0-9.]*" text-anchor="middle">[0-9]</text>' |
    sed -E 's/.*x="([0-9.]+)".*>([0-9])<.*/\2 \1/' >ticks.txt
  [[ $(cut -d' ' -f1 ticks.txt | tr '\n' ' ') == "1 2 4 6 8 " ]] || fail "decks ticks: $(tr '\n' ' ' <ticks.txt)"
  awk '{ x[$1] = $2 } END { r = (x[8] - x[1]) / (x[2] - x[1]); exit !(r > 6.99 && r < 7.01) }' ticks.txt ||
    fail "decks not to scale: $(tr '\n' ' ' <ticks.txt)"
  diamonds=$(grep -o 'fill="white" fill-opacity="0.6"' r.html | wc -l)
  [[ $diamonds -ge 20 ]] || fail "exact values: $diamonds diamonds for 20 cells"
  # No chart with more than 4 lines (a line: a polyline through points).
  max=$(awk 'BEGIN { RS = "</svg>" } { n = gsub(/<polyline/, ""); if (n > m) m = n } END { print m + 0 }' r.html)
  [[ $max -le 4 ]] || fail "a chart with $max lines"
  on_page r.html "more than 4 lines, so one line per value of"
  ;;
zjh-sim)
  # Zha Jin Hua: seat 1's showdown with 95% intervals, by category.
  "$cardsim" zjh sim --players 3 --deals 300k --chunk-deals 50000 --seed 5 --quiet --out r.json || fail "zjh sim"
  report r.json
  win=$(from='/^    "win": {/' number r.json value)
  on_page r.html "<b id=\"zjh-win\">$(fmt "$win" 6)</b> of the deals"
  se=$(from='/^    "win": {/' number r.json se)
  on_page r.html "<span id=\"zjh-win-ci\">$(awk -v p="$win" -v s="$se" 'BEGIN { printf "%.6f .. %.6f", p - 1.959963984540054 * s, p + 1.959963984540054 * s }')</span>"
  on_page r.html "leopard (豹子)"
  on_page r.html "straight flush (顺金)"
  on_page r.html "Zha Jin Hua (炸金花)"
  ! grep -q "straight_flush\|high_card" r.html || fail "a snake_case label"
  on_page r.html '<table id="zjh-by-category"><caption>'
  on_page r.html "share of the 300,000 deals"
  # No 2-3-5 rule: no leopard kills, a count of 0 with the exact 95% bound
  # 1 - 0.025^(1/300000) = 0.0000123, never "0 .. 0".
  on_page r.html "<td>0.000000<br><small>0.000000 .. 0.000012</small></td>"
  ! grep -q "0.000000 .. 0.000000" r.html || fail "a zero interval"
  ;;
zjh-exact)
  "$cardsim" zjh exact --json --out r.json || fail "zjh exact"
  report r.json
  # Published: heads up, the first hand ties with probability 1083/978775.
  on_page r.html '<td>1083/978775</td><td id="zjh-exact-tie">0.001106485147</td>'
  on_page r.html '<td class="l">leopard (豹子)</td><td>52</td><td>0.002353<br><small>1/425</small></td>'
  on_page r.html "407,170,400 ordered heads-up pairs"
  ;;
zjh-deal)
  # One deal has nothing to report: refused with what report takes.
  "$cardsim" zjh deal --json --seed 3 >r.json || fail "zjh deal"
  "$cardsim" report r.json -o r.html 2>err.txt && fail "a deal reported"
  grep -q "a 'zjh deal' result is one deal, with no statistics to report" err.txt || fail "message: $(cat err.txt)"
  [[ ! -e r.html ]] || fail "a page was written"
  ;;
partial)
  interrupted_sim r.json
  report r.json
  played=$(number r.json rounds_played)
  on_page r.html "id=\"banner-partial\">Partial result: $(grouped "$played") of 20,000,000,000 rounds played"
  ;;
shard)
  "$cardsim" sim --rounds 200k --chunk-rounds 10k --shard 1/4 --quiet --out r.json || fail "shard"
  report r.json
  on_page r.html "id=\"banner-shard\">Shard 1/4 (numbered 0..3): merge before reading"
  on_page r.html "(50,000 of 200,000 rounds)"
  ;;
target-se)
  "$cardsim" sim --rounds 20M --chunk-rounds 100k --target-se 0.004 --quiet --out r.json || fail "sim"
  report r.json
  on_page r.html "id=\"banner-target-se\">Run with --target-se 0.004"
  on_page r.html "stopped on reaching it after $(grouped "$(number r.json rounds_played)") of at most 20,000,000 rounds"
  ;;
analyze)
  # The dealer table, the basic strategy chart and the EVs by up card, with
  # the JSON's numbers.
  "$cardsim" analyze --decks 6 --quiet --out r.json || fail "analyze"
  report r.json
  on_page r.html "<b id=\"analyze-edge\">$(fmt "$(from='/"basic_strategy"/' number r.json house_edge_percent)" 4)%</b>"
  on_page r.html '<table id="analyze-dealer"><caption>'
  on_page r.html "<td>$(fmt "$(from='/"before_peek"/' number r.json 17)" 6)</td>"
  on_page r.html '<table class="chart"><caption>basic'
  on_page r.html '<td class="l">16</td>'
  on_page r.html '<table id="analyze-ev"><caption>'
  on_page r.html "<figcaption>Expected value of "
  # With --rule-effects (a stored real result: fuzz/seeds/report), the table
  # of the changes with the JSON's figures: blackjack paid 6:5, one deck.
  cp "$(dirname "$0")/../../fuzz/seeds/report/analyze-rules.json" e.json
  report e.json
  on_page e.html '<table id="rule-effects"><caption>'
  six_five=$(python3 -c 'import json, sys
e = [x for x in json.load(open(sys.argv[1]))["rule_effects"] if x["to"] == "6:5"][0]
print("%+.4f%%</td><td>%+.4f%%" % (e["optimal"]["change_percent"], e["base_strategy"]["change_percent"]))' e.json)
  on_page e.html "<td class=\"l\">blackjack pays 6:5</td><td>"
  on_page e.html "$six_five"
  ;;
sidebet)
  # A PAR sheet: every line, the return column summing to minus the edge.
  "$cardsim" sidebet 21-plus-3 --quiet --out r.json || fail "sidebet"
  report r.json
  on_page r.html '<b id="sidebet-edge">3.2386%</b>'
  on_page r.html '<b id="sidebet-return">-3.2386%</b>'
  on_page r.html '<td class="l">Straight flush</td>'
  on_page r.html '<table id="sidebet-par"><caption>'
  on_page r.html "<figcaption>Each outcome's return"
  ! grep -q "straight_flush\|suited_trips" r.html || fail "a snake_case label"
  ;;
ramp)
  "$cardsim" ramp --count hi-lo --spread 1-8 --bankroll 1000 --rounds 400k --chunk-rounds 20k --quiet --out r.json ||
    fail "ramp"
  report r.json
  ramp=$(sed -n '/^  "ramp": {/,/^  }/p' r.json | grep -m1 '"bet_ramp":' | cut -d'"' -f4)
  on_page r.html "<b id=\"ramp\">$ramp</b>"
  on_page r.html '<table id="ramp-by-true-count"><caption>'
  # (the predicted counter's win per 100 rounds: its first "mean")
  win=$(from=$(awk '/^  "predicted": \{/ { p = 1 } p && /"win_per_100_rounds": \{/ { print NR; exit }' r.json) number r.json mean)
  on_page r.html "id=\"predicted-win-per-100\">$(fmt "$win" 3)<"
  on_page r.html 'id="simulated-win-per-100">'
  on_page r.html "<figcaption>The player's edge by true count"
  ;;
indices)
  "$cardsim" indices --count hi-lo --hands 16vT,12v4 --rounds 200k --chunk-rounds 10k --states-per-count 300 \
    --quiet --write-indices gen.txt --out r.json || fail "indices"
  report r.json
  on_page r.html '<table id="indices"><caption>'
  on_page r.html '<td class="l">16 T '
  [[ $(grep -c '<figcaption>1[62] ' r.html) -eq 2 ]] || fail "expected a chart per line"
  ;;
kinds)
  # What report refuses names every kind it takes.
  printf '{"schema_version": 1, "command": "play"}\n' >r.json
  expect_error 1 "cannot report a 'play' result; expected sim, compare, sweep, zjh sim, zjh exact, bench, analyze, sidebet, ramp or indices" \
    "$cardsim" report r.json -o r.html
  ;;
*) fail "unknown case" ;;
esac
