#include "cardsim/io/report_html.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "report_charts.hpp"
#include "report_schema.hpp"
#include "report_sections.hpp"
#include "report_text.hpp"

namespace cardsim::io {
using nlohmann::json;

const char* const report::STYLE =
    "body{font-family:sans-serif;max-width:62em;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}"
    "th{background:#f2f2f2}td.l,th.l{text-align:left}caption{caption-side:top;text-align:left;padding:.3em 0;"
    "font-weight:bold}figure{margin:1.2em 0}figcaption{font-weight:bold;margin-bottom:.3em;max-width:52em}"
    "svg{max-width:100%;height:auto}svg text{font-size:12px}svg text.axis,svg text.value{font-size:11px;fill:#444}"
    "svg text.title{font-size:12px;fill:#222}.big{font-size:1.4em}"
    ".banner{border:2px solid #c0392b;background:#fdecea;padding:.6em 1em;font-weight:bold}"
    ".note{border:2px solid #b7950b;background:#fef9e7;padding:.6em 1em}"
    ".panels{display:flex;flex-wrap:wrap;gap:0 1.5em}.panels figure{margin:.5em 0}"
    "details{margin:.6em 0}summary{cursor:pointer;font-weight:bold}td small{color:#666}";

using report::Bar;
using report::BarChart;
using report::escape;
using report::fixed;
using report::HeatCell;
using report::HeatTable;
using report::Mark;
using report::NONE;
using report::Point;
using report::Series;
using report::XYChart;

namespace {

// --- numbers as the page prints them -------------------------------------

using report::count;
using report::id_attr;
using report::interval;
using report::maybe;
using report::number;
using report::percent;
using report::pm95;
using report::signed_percent;
using report::text_of;

// An edge's 95% interval in percent of the initial wager as (low, high), the
// edge itself at both ends when there is none (one round).
std::pair<double, double> edge_interval(const json& edge) {
  const json& ci = edge.at("house_edge_ci95_percent");
  const double mean = number(edge.at("house_edge_percent"));
  return ci.is_null() ? std::pair{mean, mean} : std::pair{number(ci.at(0)), number(ci.at(1))};
}

// Whether the result's exact value is that of the strategy it played (not
// with index plays, to which no exact value applies).
bool same_strategy(const json& r) { return r.at("exact").at("same_strategy").get<bool>(); }

// A paired difference against the baseline as a change of house edge in
// percentage points (positive: worse for the player) with its 95% interval.
Bar change_bar(const std::string& label, const json& difference) {
  Bar bar;
  bar.label = label;
  bar.value = number(difference.at("house_edge_change_percent"));
  const double half = 100 * Z95 * number(difference.at("standard_error"));
  bar.low = bar.value - half;
  bar.high = bar.value + half;
  bar.text = signed_percent(bar.value) + " " + pm95(half, 4);
  return bar;
}

// The rules summary with how deep a cut-card shoe is dealt, which it leaves
// out (it already says "infinite deck" and "fresh shoe each round").
std::string rules_line(const json& r) {
  const json& config = r.at("config");
  std::string line = r.at("rules_summary").get<std::string>();
  if (config.at("decks") == "infinite" || config.at("reshuffle") == "every-round") return line;
  const auto cut_card = config.at("cut_card").get<long long>();
  const double penetration = 100 * number(config.at("penetration"));
  const int digits = std::abs(penetration - std::round(penetration)) < 1e-9 ? 0 : 2;
  return line + (cut_card > 0 ? ", cut card after " + std::to_string(cut_card) + " cards"
                              : ", penetration " + fixed(penetration, digits) + "% (cut card)");
}

// --- banners ---------------------------------------------------------------

// What makes the page's figures other than those of a whole, finished run:
// an interrupted run, one shard of several, a stop at --target-se.
std::string banners(const json& r) {
  std::ostringstream out;
  const json& run = r.at("run");
  const std::string rounds = count(run.at("rounds"));
  const std::string requested = count(run.at("rounds_requested"));
  const std::string per = r.at("command") == "sim" ? "" : " per variant";
  if (run.at("partial").get<bool>()) {
    const std::string how = run.contains("stopped_by") ? run.at("stopped_by").get<std::string>() : "interrupted";
    out << "<p class=\"banner\" id=\"banner-partial\">Partial result: " << rounds << " of " << requested << " rounds"
        << per << " played (" << count(run.at("chunks_played")) << " of " << count(run.at("chunks"))
        << " chunks), stopped: " << escape(how)
        << ". Every figure below is over the rounds played only; resume from a checkpoint to finish the run.</p>\n";
  }
  if (r.contains("shard")) {
    const json& shard = r.at("shard");
    const std::string index = shard.at("index").dump();
    const std::string count = shard.at("count").dump();
    out << "<p class=\"banner\" id=\"banner-shard\">Shard " << index << "/" << count << " (numbered 0.."
        << shard.at("count").get<long long>() - 1
        << "): merge before reading. This page holds only the chunks c with c mod " << count << " = " << index << " ("
        << rounds << " of " << requested << " rounds" << per << "); run <code>cardsim merge</code> on all " << count
        << " shards for the result.</p>\n";
  }
  const bool index_plays = r.at("command") == "sim"
                               ? !same_strategy(r)
                               : std::any_of(r.at("variants").begin(), r.at("variants").end(),
                                             [](const json& v) { return !same_strategy(v.at("result")); });
  if (index_plays) {
    out << "<p class=\"note\" id=\"banner-index-plays\">Index plays: no exact value applies to a run that deviates "
           "from "
           "its chart by the count. The exact figure shown is that of the chart without the index plays, for "
           "reference, "
           "and is not compared with the simulation.</p>\n";
  }
  if (run.contains("stopped_by") && !run.at("target_se").is_null()) {
    const bool reached = run.at("stopped_by") == "target_se";
    out << "<p class=\"note\" id=\"banner-target-se\">Run with --target-se " << run.at("target_se").dump()
        << " (standard error of the " << (r.at("command") == "sim" ? "edge" : "differences") << ", per initial wager): "
        << (reached ? "stopped on reaching it after " + rounds + " of at most " + requested + " rounds" + per
                    : "not reached; stopped at " + rounds + " rounds" + per + " (" +
                          escape(run.at("stopped_by").get<std::string>()) + ")")
        << ".</p>\n";
  }
  return out.str();
}

// --- one sim result --------------------------------------------------------

std::string edge_paragraph(const json& r, const std::string& ids) {
  std::ostringstream out;
  const json& edge = r.at("edge");
  // A counting run leads with the counter's win; the house edge of one flat
  // bet per seat comes second.
  const bool counting = r.contains("counting");
  if (counting) out << report::counting_headline(r, ids);
  out << (counting ? "<p>Flat-bet house edge <b" : "<p class=\"big\">House edge <b") << id_attr(ids, "house-edge")
      << ">" << percent(number(edge.at("house_edge_percent"))) << "</b>";
  if (edge.at("standard_error").is_null()) {
    out << " (one round: no standard error).</p>\n";
  } else {
    const auto [low, high] = edge_interval(edge);
    out << ", 95% interval <span" << id_attr(ids, "house-edge-ci") << ">" << percent(low) << " .. " << percent(high)
        << "</span>; standard error " << percent(100 * number(edge.at("standard_error"))) << ", SD per round "
        << fixed(number(edge.at("sd_per_round")), 4) << " initial wagers.</p>\n";
  }
  out << "<p>Per initial wager, over every round dealt (" << count(r.at("run").at("rounds"))
      << " rounds); positive: the house wins."
      << (counting ? " One flat bet per seat in every round (index plays included): not the counter's result, "
                     "which is above and under Counting."
                   : "")
      << "</p>\n";
  const json& exact = r.at("exact");
  if (same_strategy(r)) {
    out << "<p>Exact house edge of the same strategy with a fresh shoe each round (combinatorial analysis): <b"
        << id_attr(ids, "exact-edge") << ">" << percent(number(exact.at("house_edge_percent"))) << "</b>"
        << (exact.at("comparable").get<bool>() ? "." : "; a cut-card game differs from it by the cut-card effect.")
        << "</p>\n";
  } else {
    out << "<p>No exact value applies to this run (it plays index plays). For reference only, the exact house edge of "
        << escape(exact.at("strategy").get<std::string>()) << " with a fresh shoe each round: <b"
        << id_attr(ids, "exact-edge") << ">" << percent(number(exact.at("house_edge_percent")))
        << "</b> (not compared).</p>\n";
  }
  return out.str();
}

std::string rules_table(const json& r, const std::string& ids) {
  std::ostringstream out;
  const json& run = r.at("run");
  out << "<table><caption>The game and the run</caption>"
      << "<tr><th class=\"l\">rules</th><td class=\"l\"" << id_attr(ids, "rules") << ">" << escape(rules_line(r))
      << "</td></tr>"
      << "<tr><th class=\"l\">seats</th><td class=\"l\">" << r.at("config").at("seats").dump() << "</td></tr>"
      << "<tr><th class=\"l\">strategy</th><td class=\"l\">" << escape(r.at("strategy").get<std::string>())
      << "</td></tr>"
      << "<tr><th class=\"l\">rounds</th><td class=\"l\"" << id_attr(ids, "rounds") << ">" << count(run.at("rounds"))
      << "</td></tr>"
      << "<tr><th class=\"l\">seed</th><td class=\"l\">" << run.at("seed").dump() << "</td></tr></table>\n";
  return out.str();
}

// The outcomes of the hands played (one denominator: hands, after splits),
// and the blackjacks per round in a line of their own.
std::string outcome_chart(const json& r) {
  const json& hand = r.at("outcomes").at("rates_per_hand");
  const json& round = r.at("outcomes").at("rates_per_round");
  BarChart chart;
  chart.caption = "Outcomes: share of the " + count(r.at("outcomes").at("counts").at("hands")) +
                  " hands played (after splits) won, lost, pushed, surrendered, doubled and busted";
  chart.axis_title = "% of hands played";
  for (const auto& [label, value] :
       std::vector<std::pair<std::string, double>>{{"win", number(hand.at("win"))},
                                                   {"loss", number(hand.at("loss"))},
                                                   {"push", number(hand.at("push"))},
                                                   {"surrender", number(hand.at("surrender"))},
                                                   {"double", number(hand.at("double"))},
                                                   {"player bust", number(hand.at("player_bust"))}}) {
    chart.bars.push_back(Bar{label, 100 * value, NONE, NONE, NONE, percent(100 * value, 2)});
  }
  return report::bar_chart(chart) + "<p>Player blackjacks: <b>" + percent(100 * number(round.at("blackjack")), 2) +
         "</b> of a seat's rounds; hands played per seat and round " + fixed(number(round.at("hands")), 4) + ".</p>\n";
}

constexpr const char* UPCARDS[] = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"};
constexpr const char* FINALS[] = {"17", "18", "19", "20", "21", "bust", "blackjack"};

// The dealer's hand played out in every round (dealer.played_out): a round
// that left the dealer nothing to play for is completed for the statistics.
std::string dealer_figures(const json& r) {
  const json& dealer = r.at("dealer");
  const json& by_upcard = dealer.at("by_upcard");
  const std::string every_round = "all rounds with that up card (the dealer's hand played out in every round, also "
                                  "where no player needed it)";
  BarChart chart;
  chart.caption = "Dealer bust probability by up card: share of " + every_round + ", with 95% intervals";
  chart.axis_title = "% of rounds with the up card";
  for (const char* up : UPCARDS) {
    const json& played_out = by_upcard.at(up).at("played_out");
    const double bust = 100 * number(played_out.at("final").at("bust"));
    const double half = played_out.at("bust_standard_error").is_null()
                            ? NONE
                            : 100 * Z95 * number(played_out.at("bust_standard_error"));
    chart.bars.push_back(Bar{std::string("up ") + up, bust, bust - half, bust + half, NONE, percent(bust, 2)});
  }
  std::ostringstream out;
  out << report::bar_chart(chart) << "<table class=\"dealer\"><caption>Dealer final total by up card: share of "
      << every_round << "; standard error below each share; rows sum to 1</caption><tr><th class=\"l\">up card</th>";
  for (const char* f : FINALS) out << "<th>" << f << "</th>";
  out << "<th>rounds</th></tr>";
  const auto row = [&](const std::string& name, const json& played_out, const json& standard_errors,
                       const json& rounds) {
    out << "<tr><td class=\"l\">" << name << "</td>";
    for (const char* f : FINALS) {
      out << "<td>" << fixed(number(played_out.at("final").at(f)), 4) << "<br><small>"
          << maybe(standard_errors.at(f), 4) << "</small></td>";
    }
    out << "<td>" << count(rounds) << "</td></tr>";
  };
  for (const char* up : UPCARDS) {
    const json& played_out = by_upcard.at(up).at("played_out");
    row(up, played_out, played_out.at("final_standard_error"), by_upcard.at(up).at("rounds"));
  }
  row("all", dealer.at("played_out"), dealer.at("played_out").at("final_standard_error"), r.at("run").at("rounds"));
  out << "</table>\n";
  return out.str();
}

// Each seat's house edge, when several play.
std::string seats_table(const json& r) {
  const json& seats = r.at("seats");
  if (seats.size() < 2) return "";
  std::ostringstream out;
  out << "<table><caption>House edge by seat, per initial wager of that seat, over all "
      << count(r.at("run").at("rounds")) << " rounds</caption><tr><th class=\"l\">seat</th><th>house edge</th>"
      << "<th>95% interval</th></tr>";
  for (const json& seat : seats) {
    const auto [low, high] = edge_interval(seat.at("edge"));
    out << "<tr><td class=\"l\">" << seat.at("seat").dump() << "</td><td>"
        << percent(number(seat.at("edge").at("house_edge_percent"))) << "</td><td>" << percent(low) << " .. "
        << percent(high) << "</td></tr>";
  }
  out << "</table>\n";
  return out.str();
}

// The part of the page for one sim result; `ids` prefixes its element ids.
std::string sim_section(const json& r, const std::string& ids) {
  std::string out = edge_paragraph(r, ids) + rules_table(r, ids);
  if (r.contains("counting")) out += report::counting_section(r, ids);
  if (r.contains("side_bets")) out += report::side_bets_section(r, ids);
  return out + "<h2>Outcomes and the dealer</h2>\n" + seats_table(r) + outcome_chart(r) + dealer_figures(r);
}

// --- compare and sweep -----------------------------------------------------

// Every variant's edge with its 95% interval and the exact value.
BarChart edge_bars(const json& variants, const std::string& caption) {
  BarChart chart;
  chart.caption = caption;
  chart.axis_title = "house edge (% of initial wager)";
  chart.mark_name = "exact, fresh shoe each round";
  for (const json& v : variants) {
    const json& edge = v.at("result").at("edge");
    const auto [low, high] = edge_interval(edge);
    const double exact =
        same_strategy(v.at("result")) ? number(v.at("result").at("exact").at("house_edge_percent")) : NONE;
    chart.bars.push_back(Bar{v.at("label").get<std::string>(), number(edge.at("house_edge_percent")), low, high, exact,
                             percent(number(edge.at("house_edge_percent")))});
  }
  return chart;
}

// The variants, sorted by their change against the baseline (the baseline first).
std::string variants_table(const json& r) {
  std::vector<const json*> rows;
  for (const json& v : r.at("variants")) rows.push_back(&v);
  const auto change = [](const json* v) {
    return v->at("difference").is_null() ? -INFINITY : number(v->at("difference").at("house_edge_change_percent"));
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const json* a, const json* b) { return change(a) < change(b); });
  std::ostringstream out;
  out << "<table id=\"variants\"><caption>Every variant, sorted by its change in house edge against the baseline "
         "(paired on the same cards; most favourable to the player first); percent of the initial wager, "
      << count(r.at("run").at("rounds")) << " rounds each</caption><tr><th class=\"l\">variant</th><th>house edge</th>"
      << "<th>95% interval</th><th>exact</th><th>change</th><th>paired SE</th><th>unpaired SE</th></tr>";
  for (const json* v : rows) {
    const json& edge = v->at("result").at("edge");
    const json& diff = v->at("difference");
    const auto [low, high] = edge_interval(edge);
    out << "<tr><td class=\"l\">" << escape(v->at("label").get<std::string>()) << "</td><td>"
        << percent(number(edge.at("house_edge_percent"))) << "</td><td>"
        << (edge.at("house_edge_ci95_percent").is_null() ? std::string("none (one round)")
                                                         : percent(low) + " .. " + percent(high))
        << "</td><td>"
        << (same_strategy(v->at("result")) ? percent(number(v->at("result").at("exact").at("house_edge_percent")))
                                           : std::string("none (index plays)"))
        << "</td><td class=\"change\">"
        << (diff.is_null() ? "baseline" : signed_percent(number(diff.at("house_edge_change_percent")))) << "</td><td>"
        << (diff.is_null() ? "" : percent(100 * number(diff.at("standard_error")))) << "</td><td>"
        << (diff.is_null() ? "" : percent(100 * number(diff.at("standard_error_unpaired")))) << "</td></tr>";
  }
  out << "</table>\n";
  return out.str();
}

// Each variant's whole result, folded.
std::string variant_details(const json& r) {
  std::ostringstream out;
  out << "<h2>Each variant</h2>\n";
  int i = 0;
  for (const json& v : r.at("variants")) {
    out << "<details><summary>" << escape(v.at("label").get<std::string>()) << "</summary>\n"
        << sim_section(v.at("result"), "variant-" + std::to_string(i++) + "-") << "</details>\n";
  }
  return out.str();
}

std::string compare_section(const json& r) {
  const json& variants = r.at("variants");
  const std::string chunks = count(r.at("run").at("chunks_played"));
  BarChart changes;
  changes.caption = "Change in house edge against the baseline (" + variants.at(0).at("label").get<std::string>() +
                    "), played on the same cards: percentage points of the initial wager, with 95% intervals from the "
                    "paired standard error over " +
                    chunks + " chunks (positive: worse for the player)";
  changes.axis_title = "change in house edge (percentage points)";
  for (std::size_t i = 1; i < variants.size(); ++i) {
    changes.bars.push_back(change_bar(variants[i].at("label").get<std::string>(), variants[i].at("difference")));
  }
  std::string out = "<h2>Changes against the baseline</h2>\n";
  if (!changes.bars.empty()) out += report::bar_chart(changes);
  out +=
      report::bar_chart(edge_bars(variants, "House edge of each variant over its " + count(r.at("run").at("rounds")) +
                                                " rounds, with 95% intervals (the intervals overlap even where the "
                                                "paired change above is clear)"));
  return out + variants_table(r) + variant_details(r);
}

std::string parameter_title(const std::string& key) {
  static const std::map<std::string, std::string> TITLES = {{"decks", "decks in the shoe"},
                                                            {"penetration", "penetration (share of the shoe dealt)"},
                                                            {"cut_card", "cut card (cards dealt)"},
                                                            {"h17", "dealer hits soft 17"},
                                                            {"blackjack_pays", "blackjack payout"},
                                                            {"seats", "players at the table"},
                                                            {"split_hands", "most hands by splitting"},
                                                            {"burn_cards", "cards burned"}};
  const auto it = TITLES.find(key);
  return it == TITLES.end() ? key : it->second + " (" + key + ")";
}

// The varied values of a sweep: each key's distinct values in the order the
// cells first take them, and each cell's index into them; a key whose values
// are all numbers is drawn to scale.
struct Grid {
  std::vector<std::string> keys;
  std::vector<std::vector<std::string>> values;  // [key][value index]
  std::vector<std::vector<double>> numbers;      // [key][value index], when numeric[key]
  std::vector<bool> numeric;                     // [key]
  std::vector<std::vector<std::size_t>> cell;    // [variant][key] -> value index
};
Grid grid_of(const json& r) {
  Grid g;
  g.keys = r.at("varied").get<std::vector<std::string>>();
  g.values.resize(g.keys.size());
  g.numbers.resize(g.keys.size());
  g.numeric.assign(g.keys.size(), true);
  for (const json& v : r.at("variants")) {
    std::vector<std::size_t> at;
    for (std::size_t k = 0; k < g.keys.size(); ++k) {
      const json& value = v.at("values").at(g.keys[k]);
      const std::string text = text_of(value);
      auto& seen = g.values[k];
      const auto it = std::find(seen.begin(), seen.end(), text);
      at.push_back(static_cast<std::size_t>(it - seen.begin()));
      if (it == seen.end()) {
        seen.push_back(text);
        g.numeric[k] = g.numeric[k] && value.is_number();
        g.numbers[k].push_back(value.is_number() ? number(value) : NONE);
      }
    }
    g.cell.push_back(at);
  }
  return g;
}

Point edge_point(const json& variant, double x) {
  const json& edge = variant.at("result").at("edge");
  const auto [low, high] = edge_interval(edge);
  return Point{x, number(edge.at("house_edge_percent")), low, high};
}

// House edge against key `x` with one line per combination of the keys in
// `lines`, over the cells whose `fixed_keys` take the values `fixed_at`; each
// cell's exact house edge (a fresh shoe each round) as an open diamond in its
// line's colour.
XYChart edge_against(const json& r, const Grid& g, std::size_t x, const std::vector<std::size_t>& lines,
                     const std::vector<std::size_t>& fixed_keys, const std::vector<std::size_t>& fixed_at) {
  XYChart chart;
  if (g.numeric[x]) {
    for (std::size_t k = 0; k < g.values[x].size(); ++k) chart.x_marks.emplace_back(g.numbers[x][k], g.values[x][k]);
  } else {
    chart.categories = g.values[x];
  }
  chart.x_title = parameter_title(g.keys[x]) + (g.numeric[x] ? ", to scale" : "");
  chart.y_title = "house edge (%)";
  std::map<std::vector<std::size_t>, std::size_t> series_of;
  std::vector<Series> exact;
  const json& variants = r.at("variants");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    bool in = true;
    for (std::size_t f = 0; f < fixed_keys.size(); ++f) in = in && g.cell[i][fixed_keys[f]] == fixed_at[f];
    if (!in) continue;
    std::vector<std::size_t> line_at;
    std::string name;
    for (const std::size_t k : lines) {
      line_at.push_back(g.cell[i][k]);
      name += (name.empty() ? "" : " ") + g.keys[k] + "=" + g.values[k][g.cell[i][k]];
    }
    const auto [it, added] = series_of.emplace(line_at, chart.series.size());
    if (added) {
      chart.series.push_back(Series{name, {}, Mark::points});
      exact.push_back(Series{"", {}, Mark::diamonds});
      exact.back().color = static_cast<int>(it->second);
    }
    const double at = g.numeric[x] ? g.numbers[x][g.cell[i][x]] : static_cast<double>(g.cell[i][x]);
    chart.series[it->second].points.push_back(edge_point(variants[i], at));
    const json& result = variants[i].at("result");
    if (same_strategy(result)) {
      exact[it->second].points.push_back(Point{at, number(result.at("exact").at("house_edge_percent"))});
    }
  }
  bool any_exact = false;
  for (Series& e : exact) {
    any_exact = any_exact || !e.points.empty();
    chart.series.push_back(std::move(e));
  }
  if (any_exact) {
    Series legend{"exact, fresh shoe each round", {}, Mark::diamonds};
    legend.color = 6;  // (black)
    chart.series.push_back(legend);
  }
  return chart;
}

// Lines per chart before they tangle: more are split into panels.
constexpr std::size_t MAX_LINES = 4;

// The lines of `chart` (its point series, with their exact diamonds) in
// charts of at most MAX_LINES lines each.
std::vector<XYChart> split_lines(const XYChart& chart) {
  std::vector<std::size_t> lines;
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    if (chart.series[i].mark == Mark::points) lines.push_back(i);
  }
  if (lines.size() <= MAX_LINES) return {chart};
  std::vector<XYChart> parts;
  for (std::size_t first = 0; first < lines.size(); first += MAX_LINES) {
    XYChart part = chart;
    part.series.clear();
    const std::size_t last = std::min(lines.size(), first + MAX_LINES);
    for (std::size_t k = first; k < last; ++k) part.series.push_back(chart.series[lines[k]]);
    for (const Series& s : chart.series) {
      const auto index = static_cast<std::size_t>(s.color);
      if (s.mark != Mark::diamonds || s.color < 0) continue;
      if (s.name.empty() && (index < lines[first] || index > lines[last - 1])) continue;
      Series e = s;
      if (s.name.empty()) e.color = static_cast<int>(index - lines[first]);
      part.series.push_back(e);
    }
    parts.push_back(std::move(part));
  }
  return parts;
}

// The lowest and highest 95% bound of every cell (panels on one scale).
std::pair<double, double> edge_bounds(const json& variants) {
  double low = INFINITY;
  double high = -INFINITY;
  for (const json& v : variants) {
    const Point p = edge_point(v, 0);
    low = std::min({low, p.low, p.y});
    high = std::max({high, p.high, p.y});
    if (same_strategy(v.at("result"))) {
      const double exact = number(v.at("result").at("exact").at("house_edge_percent"));
      low = std::min(low, exact);
      high = std::max(high, exact);
    }
  }
  return {low, high};
}

// The house edge against key `x`: one chart with a line per combination of
// the other keys, or, past MAX_LINES lines, panels on one scale: a line per
// value of the other key with the fewest values, a panel per combination of
// the rest (and per MAX_LINES lines).
std::string edge_figures(const json& r, const Grid& g, std::size_t x, const std::string& rounds) {
  std::vector<std::size_t> others;
  std::size_t lines = 1;
  for (std::size_t k = 0; k < g.keys.size(); ++k) {
    if (k == x) continue;
    others.push_back(k);
    lines *= g.values[k].size();
  }
  const std::string what = "House edge against " + g.keys[x] + ", with 95% error bars (" + rounds +
                           " rounds per cell); open diamonds: the exact house edge of the cell";
  if (lines <= MAX_LINES) {
    XYChart chart = edge_against(r, g, x, others, {}, {});
    chart.caption = what + (others.empty() ? "" : "; one line per combination of the other parameters");
    return report::xy_chart(chart);
  }
  const auto fewest = std::min_element(others.begin(), others.end(), [&](std::size_t a, std::size_t b) {
    return g.values[a].size() < g.values[b].size();
  });
  const std::size_t line_key = *fewest;
  std::vector<std::size_t> rest = others;
  rest.erase(rest.begin() + (fewest - others.begin()));
  std::vector<std::vector<std::size_t>> panels;
  for (const auto& at : g.cell) {
    std::vector<std::size_t> key;
    for (const std::size_t k : rest) key.push_back(at[k]);
    if (std::find(panels.begin(), panels.end(), key) == panels.end()) panels.push_back(key);
  }
  std::ostringstream out;
  out << "<p>" << escape(what) << ": more than " << MAX_LINES << " lines, so one line per value of "
      << escape(g.keys[line_key]) << (rest.empty() ? "" : ", a panel per combination of the other parameters")
      << ", every panel on the same scale.</p>\n<div class=\"panels\">";
  const auto bounds = edge_bounds(r.at("variants"));
  for (const auto& panel : panels) {
    XYChart chart = edge_against(r, g, x, {line_key}, rest, panel);
    chart.width = 330;
    chart.height = 230;
    chart.y_range = bounds;
    std::string where;
    for (std::size_t f = 0; f < rest.size(); ++f) {
      where += (where.empty() ? "" : ", ") + g.keys[rest[f]] + "=" + g.values[rest[f]][panel[f]];
    }
    chart.caption = "Against " + g.keys[x] + (where.empty() ? "" : ": " + where);
    for (const XYChart& part : split_lines(chart)) out << report::xy_chart(part);
  }
  out << "</div>\n";
  return out.str();
}

std::string sweep_section(const json& r) {
  const Grid g = grid_of(r);
  const json& variants = r.at("variants");
  const std::string rounds = count(r.at("run").at("rounds"));
  std::ostringstream out;
  out << "<h2>House edge against each varied parameter</h2>\n";
  for (std::size_t x = 0; x < g.keys.size(); ++x) out << edge_figures(r, g, x, rounds);
  if (g.keys.size() == 2) {
    // Rows: the first key's values; columns: the second's.
    HeatTable edge_table;
    HeatTable change_table;
    edge_table.caption = "House edge (% of initial wager) of each cell, with the half-width of its 95% interval";
    change_table.caption =
        "Change in house edge against the baseline (" + variants.at(0).at("label").get<std::string>() +
        "), percentage points, with the half-width of its 95% interval from the paired SE (1.96 SE); blue: better "
        "for the player";
    for (HeatTable* t : {&edge_table, &change_table}) {
      t->corner = g.keys[0] + " \\ " + g.keys[1];
      t->rows = g.values[0];
      t->columns = g.values[1];
      t->cells.assign(g.values[0].size(), std::vector<HeatCell>(g.values[1].size()));
    }
    change_table.diverging = true;
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const json& edge = variants[i].at("result").at("edge");
      const json& diff = variants[i].at("difference");
      const std::size_t row = g.cell[i][0];
      const std::size_t column = g.cell[i][1];
      const double value = number(edge.at("house_edge_percent"));
      const json& se = edge.at("standard_error");
      edge_table.cells[row][column] = {value,
                                       percent(value, 3) + (se.is_null() ? "" : " " + pm95(100 * Z95 * number(se), 3))};
      if (diff.is_null()) {
        change_table.cells[row][column] = {0.0, "baseline"};
      } else {
        const Bar change = change_bar("", diff);
        change_table.cells[row][column] = {change.value, change.text};
      }
    }
    out << report::heat_table(edge_table) << report::heat_table(change_table);
  } else if (g.keys.size() > 2) {
    // Small multiples: one panel per combination of the keys past the
    // second, each the edge against the first key with a line per value of
    // the second, all on the same y scale.
    const auto bounds = edge_bounds(variants);
    std::vector<std::size_t> rest;
    for (std::size_t k = 2; k < g.keys.size(); ++k) rest.push_back(k);
    std::vector<std::vector<std::size_t>> panels;
    for (const auto& at : g.cell) {
      std::vector<std::size_t> key;
      for (const std::size_t k : rest) key.push_back(at[k]);
      if (std::find(panels.begin(), panels.end(), key) == panels.end()) panels.push_back(key);
    }
    out << "<h2>Small multiples</h2>\n<p>House edge against " << escape(g.keys[0]) << ", one line per value of "
        << escape(g.keys[1]) << ", one panel per combination of the other parameters; every panel on the same scale, "
        << "95% error bars, open diamonds the exact house edges.</p>\n<div class=\"panels\">";
    for (const auto& panel : panels) {
      XYChart chart = edge_against(r, g, 0, {1}, rest, panel);
      chart.width = 330;
      chart.height = 230;
      chart.y_range = bounds;
      for (std::size_t f = 0; f < rest.size(); ++f) {
        chart.caption += (chart.caption.empty() ? "" : ", ") + g.keys[rest[f]] + "=" + g.values[rest[f]][panel[f]];
      }
      for (const XYChart& part : split_lines(chart)) out << report::xy_chart(part);
    }
    out << "</div>\n";
  }
  out << "<h2>Every cell</h2>\n" << variants_table(r) << variant_details(r);
  return out.str();
}

}  // namespace

std::string report_html(const json& result) {
  if (!result.is_object() || !result.contains("schema_version") || !result.contains("command")) {
    throw Error("not a cardsim result: expected a JSON object with a schema_version and a command");
  }
  const json& command_value = result.at("command");
  const std::string command = command_value.is_string() ? command_value.get<std::string>() : command_value.dump();
  const bool zjh = command == "zjh sim" || command == "zjh exact";
  if (command == "zjh deal") {
    throw Error("command: a 'zjh deal' result is one deal, with no statistics to report (cardsim zjh deal prints "
                "it); report takes the results of sim, compare, sweep, zjh sim and zjh exact");
  }
  if (command != "sim" && command != "compare" && command != "sweep" && !zjh) {
    throw Error("command: cannot report a '" + excerpt(command) +
                "' result; expected sim, compare, sweep, zjh sim or zjh exact");
  }
  // (Zha Jin Hua's results have a schema of their own: io/zjh_result.hpp.)
  const int expected = zjh ? ZJH_SCHEMA_VERSION : RESULT_SCHEMA_VERSION;
  if (result.at("schema_version") != expected) {
    throw Error("a " + excerpt(command) + " result of schema_version " + excerpt(result.at("schema_version").dump()) +
                "; this cardsim reports " + command + " results of schema_version " + std::to_string(expected) +
                " (run it again with this cardsim, or report it with the one that wrote it)");
  }
  // A result file is data from anywhere: every field the page shows is of
  // its kind before anything is built from it.
  report::check_result_schema(result);
  try {
    std::ostringstream page;
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cardsim " << escape(command)
         << " report</title><style>" << report::STYLE << "</style></head><body>\n<h1>cardsim " << escape(command)
         << " report</h1>\n"
         << (zjh ? std::string() : banners(result));
    if (zjh) {
      page << report::zjh_body(result);
    } else if (command == "sim") {
      page << sim_section(result, "");
    } else {
      page << "<p>" << result.at("variants").size() << " variants, " << count(result.at("run").at("rounds"))
           << " rounds each on the same cards (common random numbers), seed " << result.at("run").at("seed").dump()
           << "; baseline: " << escape(result.at("variants").at(0).at("label").get<std::string>()) << " ("
           << escape(rules_line(result.at("variants").at(0).at("result"))) << ").</p>\n"
           << (command == "compare" ? compare_section(result) : sweep_section(result));
    }
    page << "<p><small>cardsim " << escape(result.at("tool").at("version").get<std::string>()) << " ("
         << escape(result.at("tool").at("git_revision").get<std::string>()) << ")</small></p>\n</body></html>\n";
    return page.str();
  } catch (const json::exception& e) {
    throw Error(std::string("malformed cardsim result: ") + e.what());
  } catch (const std::logic_error& e) {  // a bet ramp that is not numbers
    throw Error(std::string("malformed cardsim result: ") + e.what());
  }
}

}  // namespace cardsim::io
