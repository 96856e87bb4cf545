#include "cardsim/io/report_html.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/result.hpp"
#include "report_charts.hpp"
#include "report_schema.hpp"

namespace cardsim::io {
using nlohmann::json;
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

const char* const STYLE =
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

// --- numbers as the page prints them -------------------------------------

double number(const json& value) { return value.get<double>(); }
std::string percent(double value, int digits = 4) { return fixed(value, digits) + "%"; }
std::string signed_percent(double value, int digits = 4) {
  return std::string(value > 0 ? "+" : "").append(percent(value, digits));
}
// A number that may be null (no estimate: one round, no advantage...).
std::string maybe(const json& value, int digits, double scale = 1, const std::string& unit = "") {
  return value.is_null() ? std::string("—") : fixed(scale * number(value), digits) + unit;
}
std::string interval(const json& ci, int digits, double scale = 1, const std::string& unit = "") {
  if (ci.is_null()) return "—";
  const std::string high =
      ci.at(1).is_null() ? std::string("unbounded") : fixed(scale * number(ci.at(1)), digits) + unit;
  return fixed(scale * number(ci.at(0)), digits) + unit + " .. " + high;
}
std::string text_of(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }
std::string id_attr(const std::string& prefix, const std::string& name) {
  return prefix.empty() && name.empty() ? "" : " id=\"" + prefix + name + "\"";
}

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
  bar.text = signed_percent(bar.value) + " ± " + fixed(half, 4);
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
  const std::string rounds = run.at("rounds").dump();
  const std::string requested = run.at("rounds_requested").dump();
  const std::string per = r.at("command") == "sim" ? "" : " per variant";
  if (run.at("partial").get<bool>()) {
    const std::string how = run.contains("stopped_by") ? run.at("stopped_by").get<std::string>() : "interrupted";
    out << "<p class=\"banner\" id=\"banner-partial\">Partial result: " << rounds << " of " << requested << " rounds"
        << per << " played (" << run.at("chunks_played").dump() << " of " << run.at("chunks").dump()
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
  out << "<p class=\"big\">House edge <b" << id_attr(ids, "house-edge") << ">"
      << percent(number(edge.at("house_edge_percent"))) << "</b>";
  if (edge.at("standard_error").is_null()) {
    out << " (one round: no standard error).</p>\n";
  } else {
    const auto [low, high] = edge_interval(edge);
    out << ", 95% interval <span" << id_attr(ids, "house-edge-ci") << ">" << percent(low) << " .. " << percent(high)
        << "</span>; standard error " << percent(100 * number(edge.at("standard_error"))) << ", SD per round "
        << fixed(number(edge.at("sd_per_round")), 4) << " initial wagers.</p>\n";
  }
  out << "<p>Per initial wager, over every round dealt (" << r.at("run").at("rounds").dump()
      << " rounds); positive: the house wins."
      << (r.contains("counting") ? " One flat bet per seat in every round (index plays included): not the counter's "
                                   "result, which is under Counting."
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
      << "<tr><th class=\"l\">rounds</th><td class=\"l\"" << id_attr(ids, "rounds") << ">" << run.at("rounds").dump()
      << "</td></tr>"
      << "<tr><th class=\"l\">seed</th><td class=\"l\">" << run.at("seed").dump() << "</td></tr></table>\n";
  return out.str();
}

std::string outcome_chart(const json& r) {
  const json& hand = r.at("outcomes").at("rates_per_hand");
  const json& round = r.at("outcomes").at("rates_per_round");
  BarChart chart;
  chart.caption = "Outcomes: share of the " + r.at("outcomes").at("counts").at("hands").dump() +
                  " hands played (after splits) won, lost, pushed...; blackjack: share of the " +
                  r.at("run").at("rounds").dump() + " rounds";
  chart.axis_title = "% of hands (blackjack: % of rounds)";
  for (const auto& [label, value] :
       std::vector<std::pair<std::string, double>>{{"win", number(hand.at("win"))},
                                                   {"loss", number(hand.at("loss"))},
                                                   {"push", number(hand.at("push"))},
                                                   {"surrender", number(hand.at("surrender"))},
                                                   {"double", number(hand.at("double"))},
                                                   {"player bust", number(hand.at("player_bust"))},
                                                   {"blackjack", number(round.at("blackjack"))}}) {
    chart.bars.push_back(Bar{label, 100 * value, NONE, NONE, NONE, percent(100 * value, 2)});
  }
  return report::bar_chart(chart);
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
    out << "<td>" << rounds.dump() << "</td></tr>";
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
      << r.at("run").at("rounds").dump() << " rounds</caption><tr><th class=\"l\">seat</th><th>house edge</th>"
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

// The bet of a ramp ("flat" or "TC:UNITS,...") at true count `tc`, in base
// bets: the last step at or below it, the first step's below them all.
double ramp_bet(const std::vector<std::pair<int, double>>& steps, int tc) {
  double bet = steps.empty() ? 1.0 : steps.front().second;
  for (const auto& [at, units] : steps) {
    if (tc >= at) bet = units;
  }
  return bet;
}
std::vector<std::pair<int, double>> parse_ramp(const std::string& ramp) {
  std::vector<std::pair<int, double>> steps;
  if (ramp == "flat") return steps;
  std::istringstream in(ramp);
  std::string step;
  try {
    while (std::getline(in, step, ',')) {
      const auto colon = step.find(':');
      steps.emplace_back(std::stoi(step.substr(0, colon)), std::stod(step.substr(colon + 1)));
    }
  } catch (const std::logic_error&) {
    throw Error("counting/bet_ramp: '" + excerpt(ramp) + "' is not a bet ramp (steps TC:UNITS,... or flat)");
  }
  return steps;
}

// The index plays as played (counting.index_plays: index-file lines
// "HAND UP INDEX AT_OR_ABOVE BELOW").
std::string index_plays_table(const json& c) {
  const json plays = c.value("index_plays", json::array());
  if (plays.empty()) return "";
  static const std::map<std::string, std::string> ACTIONS = {{"H", "hit"},
                                                             {"S", "stand"},
                                                             {"D", "double (else hit)"},
                                                             {"Ds", "double (else stand)"},
                                                             {"P", "split"},
                                                             {"R", "surrender"},
                                                             {"I", "insure"},
                                                             {"-", "—"}};
  const auto action = [](const std::string& code) {
    const auto it = ACTIONS.find(code);
    return it == ACTIONS.end() ? code : it->second;
  };
  std::ostringstream out;
  out << "<table id=\"index-plays\"><caption>Index plays (" << escape(c.at("indices").get<std::string>()) << ", "
      << plays.size()
      << "): at a true count at or above the index the first play, below it the second; "
         "&quot;—&quot;: the chart's play (on surrender and insurance lines: do not)</caption>"
         "<tr><th class=\"l\">hand</th><th class=\"l\">up card</th><th>index</th><th class=\"l\">at or above</th>"
         "<th class=\"l\">below</th></tr>";
  for (const json& play : plays) {
    std::istringstream fields(play.get<std::string>());
    std::string hand, up, index, above, below;
    fields >> hand >> up >> index >> above >> below;
    out << "<tr><td class=\"l\">" << escape(hand) << "</td><td class=\"l\">" << escape(up) << "</td><td>"
        << escape(index) << "</td><td class=\"l\">" << escape(action(above)) << "</td><td class=\"l\">"
        << escape(action(below)) << "</td></tr>";
  }
  out << "</table>\n";
  return out.str();
}

std::string counting_section(const json& r, const std::string& ids) {
  const json& c = r.at("counting");
  std::ostringstream out;
  out << "<h2>Counting</h2>\n<p>" << escape(c.at("system").get<std::string>()) << ", true count from "
      << escape(c.at("true_count").at("decks").get<std::string>()) << " decks remaining, "
      << escape(c.at("true_count").at("rounding").get<std::string>()) << "; bet ramp "
      << escape(c.at("bet_ramp").get<std::string>()) << " (true count:base bets); wong in "
      << escape(text_of(c.at("wong_in"))) << ", out " << escape(text_of(c.at("wong_out"))) << "; index plays "
      << escape(c.at("indices").get<std::string>()) << ". Played " << c.at("rounds_played").dump() << " of "
      << c.at("rounds_dealt").dump() << " rounds dealt.</p>\n";

  // The counter's figures with their standard errors.
  const auto row = [&](const std::string& name, const std::string& id, const std::string& value, const std::string& se,
                       const std::string& ci) {
    out << "<tr><th class=\"l\">" << name << "</th><td" << id_attr(id.empty() ? "" : ids, id) << ">" << value
        << "</td><td>" << se << "</td><td>" << ci << "</td></tr>";
  };
  out << "<table id=\"" << ids
      << "counting\"><caption>The counter's result, per round played, all seats together, in "
         "base bets (the ramp's unit); 95% intervals</caption>"
         "<tr><th class=\"l\">quantity</th><th>value</th><th>standard error</th><th>95% interval</th></tr>";
  const json& win100 = c.at("win_per_100_rounds");
  row("win per 100 rounds", "win-per-100", maybe(win100.at("mean"), 3), maybe(win100.at("standard_error"), 3),
      interval(win100.at("ci95"), 3));
  row("SD per 100 rounds", "sd-per-100", maybe(c.at("sd_per_100_rounds"), 2),
      maybe(c.at("sd_per_100_rounds_standard_error"), 2), "");
  row("average initial bet", "", maybe(c.at("average_initial_bet"), 3),
      maybe(c.at("average_initial_bet_standard_error"), 3), "");
  const json& edge = c.at("edge_per_initial_bet");
  row("edge per initial bet (win / average bet)", "", maybe(edge.at("mean"), 3, 100, "%"),
      maybe(edge.at("standard_error"), 3, 100, "%"), "");
  row("DI (desirability index)", "di", maybe(c.at("di").at("value"), 2), maybe(c.at("di").at("standard_error"), 2), "");
  row("SCORE", "score", maybe(c.at("score").at("value"), 1), maybe(c.at("score").at("standard_error"), 1), "");
  row("N0 (rounds)", "n0", maybe(c.at("n0_rounds"), 0), maybe(c.at("n0_rounds_standard_error"), 0),
      interval(c.at("n0_rounds_ci95"), 0));
  row("hours to N0 at " + c.at("rounds_per_hour").dump() + " rounds/hour", "", maybe(c.at("hours_to_n0"), 1),
      maybe(c.at("hours_to_n0_standard_error"), 1), interval(c.at("hours_to_n0_ci95"), 1));
  const json& ror = c.at("risk_of_ruin");
  row("risk of ruin, bankroll " + ror.at("bankroll").dump() + " base bets", "risk-of-ruin",
      maybe(ror.at("value"), 2, 100, "%"), "", interval(ror.value("ci95", json()), 2, 100, "%"));
  out << "</table>\n";

  // Edge and frequency by true count, the ramp drawn over the frequencies.
  const json& by_tc = c.at("by_true_count");
  const double dealt = number(c.at("rounds_dealt"));
  const double min_rounds = std::max(100.0, 0.001 * dealt);
  Series edges{"edge at the true count", {}, Mark::points, false};
  Series frequency{"rounds dealt at the true count", {}, Mark::bars};
  for (const json& b : by_tc) {
    const double tc = number(b.at("true_count"));
    frequency.points.push_back(Point{tc, 100 * number(b.at("frequency"))});
    const json& se = b.at("edge").at("standard_error");
    if (number(b.at("rounds")) >= min_rounds && !se.is_null()) {
      const double mean = 100 * number(b.at("edge").at("mean"));
      edges.points.push_back(Point{tc, mean, mean - 100 * Z95 * number(se), mean + 100 * Z95 * number(se)});
    }
  }
  XYChart edge_chart;
  edge_chart.caption =
      "Player's edge by true count (before the deal): every round dealt at that count, one flat bet per "
      "seat, % of the initial bet, with 95% error bars; counts with at least " +
      fixed(min_rounds, 0) + " rounds. Dashed: the weighted least-squares line, slope " +
      fixed(100 * number(c.at("edge_slope_per_true_count").at("slope")), 3) + "% ± " +
      fixed(100 * number(c.at("edge_slope_per_true_count").at("standard_error")), 3) + "% (SE) per true count";
  edge_chart.x_title = "true count";
  edge_chart.y_title = "player's edge (% of initial bet)";
  edge_chart.include_zero = true;
  const json& slope = c.at("edge_slope_per_true_count");
  if (!slope.at("slope").is_null() && !edges.points.empty()) {
    Series fit{"fitted line", {}, Mark::line, true, true};
    for (const double tc : {edges.points.front().x, edges.points.back().x}) {
      fit.points.push_back(Point{tc, 100 * (number(slope.at("intercept")) + number(slope.at("slope")) * tc)});
    }
    edge_chart.series.push_back(edges);
    edge_chart.series.push_back(fit);
  } else {
    edge_chart.series.push_back(edges);
  }
  out << report::xy_chart(edge_chart);

  out << index_plays_table(c);

  const auto steps = parse_ramp(c.at("bet_ramp").get<std::string>());
  Series ramp{"bet ramp (right axis)", {}, Mark::steps};
  ramp.right_axis = true;
  for (const Point& p : frequency.points) ramp.points.push_back(Point{p.x, ramp_bet(steps, static_cast<int>(p.x))});
  XYChart histogram;
  histogram.caption = "True-count frequency: share of the " + c.at("rounds_dealt").dump() +
                      " rounds dealt at each true count (before the deal), with the bet ramp drawn over it";
  histogram.x_title = "true count";
  histogram.y_title = "% of rounds dealt";
  histogram.y2_title = "bet (base bets)";
  histogram.series = {frequency, ramp};
  out << report::xy_chart(histogram);
  return out.str();
}

// The side bets (result side_bets): each bet's PAR sheet (the exact
// probability, pay and share of the return of each line, a fresh shoe) beside
// the simulated share of bets of each line, and the simulated house edge
// against the exact one; with counting, the return by true count.
std::string side_bets_section(const json& r, const std::string& ids) {
  std::ostringstream out;
  out << "<h2>Side bets</h2>\n<p>Every seat bets one unit on each side bet every round. The PAR sheet is exact (a "
         "fresh shoe of "
      << escape(text_of(r.at("config").at("decks")))
      << " decks, by combinatorics: <code>cardsim sidebet</code>); the simulated figures are this run's.</p>\n";
  std::size_t i = 0;
  for (const json& bet : r.at("side_bets")) {
    const json& exact = bet.at("exact");
    const std::string id = ids + "side-bet-" + std::to_string(i++);
    out << "<table id=\"" << id << "\"><caption>" << escape(bet.at("name").get<std::string>()) << ": PAR sheet and "
        << bet.at("bets").dump() << " simulated bets</caption><tr><th class=\"l\">outcome</th><th>pays</th>"
        << "<th>probability (exact)</th><th>return (exact)</th><th>share of bets (simulated)</th></tr>";
    for (const json& o : bet.at("outcomes")) {
      const double p = number(o.at("exact_probability"));
      out << "<tr><td class=\"l\">" << escape(o.at("name").get<std::string>()) << "</td><td>"
          << fixed(number(o.at("pays")), 2) << "</td><td>" << fixed(p, 8) << "</td><td>"
          << signed_percent(100 * p * number(o.at("pays"))) << "</td><td>" << fixed(number(o.at("frequency")), 8)
          << "</td></tr>";
    }
    const double loss = 1 - number(exact.at("hit_frequency"));
    out << "<tr><td class=\"l\">loss</td><td>-1</td><td>" << fixed(loss, 8) << "</td><td>"
        << signed_percent(-100 * loss) << "</td><td>" << fixed(number(bet.at("loss_frequency")), 8) << "</td></tr>"
        << "<tr><th class=\"l\">house edge</th><td></td><td></td><td" << id_attr(id, "-exact") << ">"
        << percent(number(exact.at("house_edge_percent"))) << "</td><td" << id_attr(id, "-simulated") << ">"
        << percent(number(bet.at("return").at("house_edge_percent")));
    if (!bet.at("return").at("standard_error").is_null()) {
      out << " &plusmn; " << percent(100 * core::Z95 * number(bet.at("return").at("standard_error")));
    }
    out << "</td></tr></table>\n<p>";
    const json& difference = exact.at("difference_in_standard_errors");
    if (!difference.is_null()) out << "Simulated minus exact: " << fixed(number(difference), 2) << " standard errors";
    out << (exact.at("comparable").get<bool>()
                ? "; with a fresh shoe each round the two agree."
                : "; a cut-card game differs from the exact value by the cut-card effect.")
        << " Hit frequency " << percent(100 * number(bet.at("hit_frequency")), 3) << " (exact "
        << percent(100 * number(exact.at("hit_frequency")), 3) << "), standard deviation of a unit bet "
        << fixed(number(exact.at("standard_deviation")), 4) << ".";
    if (bet.contains("note")) out << " " << escape(bet.at("note").get<std::string>()) << ".";
    out << "</p>\n";
  }
  if (r.contains("counting") && r.at("counting").contains("side_bets")) {
    // The true counts -6..+10 dealt, each bet's return per unit (a standard
    // error under it).
    constexpr int LOWEST = -6, HIGHEST = 10;
    out << "<table id=\"" << ids
        << "side-bets-by-count\"><caption>Side bets: the player's return per unit bet by the "
           "true count before the deal (standard error below)</caption><tr><th class=\"l\">true count</th>";
    for (const json& bet : r.at("counting").at("side_bets"))
      out << "<th>" << escape(bet.at("name").get<std::string>()) << "</th>";
    out << "</tr>";
    for (int tc = LOWEST; tc <= HIGHEST; ++tc) {
      std::ostringstream row;
      bool any = false;
      for (const json& bet : r.at("counting").at("side_bets")) {
        row << "<td>";
        for (const json& x : bet.at("by_true_count")) {
          if (x.at("true_count").get<int>() != tc) continue;
          any = true;
          row << signed_percent(100 * number(x.at("return")), 2) << "<br><small>"
              << maybe(x.at("standard_error"), 2, 100, "%") << "</small>";
        }
        row << "</td>";
      }
      if (any) out << "<tr><td class=\"l\">" << (tc > 0 ? "+" : "") << tc << "</td>" << row.str() << "</tr>";
    }
    out << "</table>\n";
  }
  return out.str();
}

// The part of the page for one sim result; `ids` prefixes its element ids.
std::string sim_section(const json& r, const std::string& ids) {
  std::string out = edge_paragraph(r, ids) + rules_table(r, ids);
  if (r.contains("counting")) out += counting_section(r, ids);
  if (r.contains("side_bets")) out += side_bets_section(r, ids);
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
      << r.at("run").at("rounds").dump() << " rounds each</caption><tr><th class=\"l\">variant</th><th>house edge</th>"
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
  const std::string chunks = r.at("run").at("chunks_played").dump();
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
      report::bar_chart(edge_bars(variants, "House edge of each variant over its " + r.at("run").at("rounds").dump() +
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
// cells first take them, and each cell's index into them.
struct Grid {
  std::vector<std::string> keys;
  std::vector<std::vector<std::string>> values;  // [key][value index]
  std::vector<std::vector<std::size_t>> cell;    // [variant][key] -> value index
};
Grid grid_of(const json& r) {
  Grid g;
  g.keys = r.at("varied").get<std::vector<std::string>>();
  g.values.resize(g.keys.size());
  for (const json& v : r.at("variants")) {
    std::vector<std::size_t> at;
    for (std::size_t k = 0; k < g.keys.size(); ++k) {
      const std::string value = text_of(v.at("values").at(g.keys[k]));
      auto& seen = g.values[k];
      const auto it = std::find(seen.begin(), seen.end(), value);
      at.push_back(static_cast<std::size_t>(it - seen.begin()));
      if (it == seen.end()) seen.push_back(value);
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
// `lines`, over the cells whose `fixed_keys` take the values `fixed_at`.
XYChart edge_against(const json& r, const Grid& g, std::size_t x, const std::vector<std::size_t>& lines,
                     const std::vector<std::size_t>& fixed_keys, const std::vector<std::size_t>& fixed_at) {
  XYChart chart;
  chart.categories = g.values[x];
  chart.x_title = parameter_title(g.keys[x]);
  chart.y_title = "house edge (%)";
  std::map<std::vector<std::size_t>, std::size_t> series_of;
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
    if (added) chart.series.push_back(Series{name, {}, Mark::points});
    chart.series[it->second].points.push_back(edge_point(variants[i], static_cast<double>(g.cell[i][x])));
  }
  return chart;
}

std::string sweep_section(const json& r) {
  const Grid g = grid_of(r);
  const json& variants = r.at("variants");
  const std::string rounds = r.at("run").at("rounds").dump();
  std::ostringstream out;
  out << "<h2>House edge against each varied parameter</h2>\n";
  for (std::size_t x = 0; x < g.keys.size(); ++x) {
    std::vector<std::size_t> others;
    for (std::size_t k = 0; k < g.keys.size(); ++k) {
      if (k != x) others.push_back(k);
    }
    XYChart chart = edge_against(r, g, x, others, {}, {});
    chart.caption = "House edge against " + g.keys[x] + ", with 95% error bars (" + rounds + " rounds per cell)" +
                    (others.empty() ? "" : "; one line per combination of the other parameters");
    out << report::xy_chart(chart);
  }
  if (g.keys.size() == 2) {
    // Rows: the first key's values; columns: the second's.
    HeatTable edge_table;
    HeatTable change_table;
    edge_table.caption = "House edge (% of initial wager) of each cell, ± its 95% half-interval";
    change_table.caption = "Change in house edge against the baseline (" +
                           variants.at(0).at("label").get<std::string>() +
                           "), percentage points ± 1.96 paired SE; blue: better for the player";
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
      edge_table.cells[row][column] = {
          value, percent(value, 3) + (se.is_null() ? "" : " ± " + fixed(100 * Z95 * number(se), 3))};
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
    double low = INFINITY;
    double high = -INFINITY;
    for (const json& v : variants) {
      const Point p = edge_point(v, 0);
      low = std::min(low, p.low);
      high = std::max(high, p.high);
    }
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
        << "95% error bars.</p>\n<div class=\"panels\">";
    for (const auto& panel : panels) {
      XYChart chart = edge_against(r, g, 0, {1}, rest, panel);
      chart.width = 330;
      chart.height = 230;
      chart.y_range = std::pair{low, high};
      for (std::size_t f = 0; f < rest.size(); ++f) {
        chart.caption += (chart.caption.empty() ? "" : ", ") + g.keys[rest[f]] + "=" + g.values[rest[f]][panel[f]];
      }
      out << report::xy_chart(chart);
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
  if (result.at("schema_version") != RESULT_SCHEMA_VERSION) {
    throw Error("a result of schema_version " + excerpt(result.at("schema_version").dump()) +
                "; this cardsim reports " + std::to_string(RESULT_SCHEMA_VERSION) +
                " (run it again with this cardsim, or report it with the one "
                "that wrote it)");
  }
  const json& command_value = result.at("command");
  const std::string command = command_value.is_string() ? command_value.get<std::string>() : command_value.dump();
  if (command != "sim" && command != "compare" && command != "sweep") {
    throw Error("command: cannot report a '" + excerpt(command) + "' result; expected sim, compare or sweep");
  }
  // A result file is data from anywhere: every field the page shows is of
  // its kind before anything is built from it.
  report::check_result_schema(result);
  try {
    std::ostringstream page;
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cardsim " << escape(command)
         << " report</title><style>" << STYLE << "</style></head><body>\n<h1>cardsim " << escape(command)
         << " report</h1>\n"
         << banners(result);
    if (command == "sim") {
      page << sim_section(result, "");
    } else {
      page << "<p>" << result.at("variants").size() << " variants, " << result.at("run").at("rounds").dump()
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
