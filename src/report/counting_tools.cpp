// The pages of the counter's tools (see sections.hpp): `cardsim ramp --out`
// (the derived bet ramp over the edge by true count, the predicted and the
// simulated counter's figures) and `cardsim indices --out` (each generated
// index with its crossing, and the difference of the two plays by true
// count with the fitted line).
#include <sstream>
#include <string>
#include <vector>

#include "cardsim/core/estimate.hpp"
#include "charts.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using core::Z95;
using nlohmann::json;

namespace {

// A mean {"mean"/"value", "standard_error"} scaled, with "± SE" when it has one.
std::string with_se(const json& estimate, const char* key, int digits, double scale = 1, const std::string& unit = "") {
  const json& se = estimate.at("standard_error");
  return fixed(scale * number(estimate.at(key)), digits) + unit +
         (se.is_null() ? "" : " " + pm_se(scale * number(se), digits, unit));
}

// A point with its 95% error bar (none without a standard error).
Point point_of(double x, double mean, const json& se, double scale) {
  if (se.is_null()) return Point{x, scale * mean};
  const double half = scale * Z95 * number(se);
  return Point{x, scale * mean, scale * mean - half, scale * mean + half};
}

std::string partial_banner(const json& run, const std::string& what) {
  if (!run.at("partial").get<bool>()) return "";
  return "<p class=\"banner\" id=\"banner-partial\">Partial result: interrupted before the " + what +
         " ended; every figure below is over the rounds played only.</p>\n";
}

std::string ramp_by_true_count(const json& r) {
  TextTable table;
  table.id = "ramp-by-true-count";
  table.caption = "By true count (before the deal): the rounds dealt at it, the player's edge per initial bet at one "
                  "base bet per seat, the Kelly bet (kelly fraction x bankroll x mean / variance) and the ramp's bet, "
                  "in base bets, each with its standard error (SE)";
  table.head = {"true count", "rounds", "share of rounds", "edge per initial bet", "Kelly bet", "bet", "enough rounds"};
  Series edges{"edge at the true count (left axis)", {}, Mark::points, false};
  Series bets{"the ramp's bet (right axis)", {}, Mark::steps};
  bets.right_axis = true;
  for (const json& row : r.at("by_true_count")) {
    const double tc = number(row.at("true_count"));
    const json& edge = row.at("edge_per_initial_bet");
    const json& kelly = row.at("kelly_units");
    const bool enough = row.at("enough_rounds").get<bool>();
    table.rows.push_back({fixed(tc, 0), count(row.at("rounds")), fixed(number(row.at("frequency")), 6),
                          with_se(edge, "mean", 3, 100, "%"),
                          kelly.at("value").is_null() ? "—" : with_se(kelly, "value", 2),
                          fixed(number(row.at("units")), 2), enough ? "yes" : "no"});
    if (enough) edges.points.push_back(point_of(tc, number(edge.at("mean")), edge.at("standard_error"), 100));
    bets.points.push_back(Point{tc, number(row.at("units"))});
  }
  XYChart chart;
  chart.caption = "The player's edge by true count (at least 10,000 rounds at the count), % of the initial bet with "
                  "95% error bars, and the derived ramp's bet over it";
  chart.x_title = "true count";
  chart.y_title = "player's edge (% of initial bet)";
  chart.y2_title = "bet (base bets)";
  chart.include_zero = true;
  chart.series = {edges, bets};
  return xy_chart(chart) + text_table(table);
}

}  // namespace

std::string ramp_body(const json& r) {
  const json& sizing = r.at("sizing");
  const json& run = r.at("run");
  const json& difference = r.at("difference_in_standard_errors");
  std::ostringstream out;
  out << partial_banner(run, "ramp's run") << "<p class=\"big\">Bet ramp <b id=\"ramp\">"
      << escape(r.at("ramp").at("bet_ramp").get<std::string>())
      << "</b> (true count:base bets, as --bet-ramp takes it)</p>\n<p>Rules: "
      << escape(r.at("rules").get<std::string>()) << ". Spread " << escape(sizing.at("spread").get<std::string>())
      << " base bets, bankroll " << fixed(number(sizing.at("bankroll_units")), 0) << " base bets, Kelly fraction "
      << fixed(number(sizing.at("kelly_fraction")), 2) << ". Fitted on " << count(run.at("rounds")) << " rounds (seed "
      << run.at("seed").dump() << ") and confirmed on " << count(run.at("rounds"))
      << " other rounds of the same seed.</p>\n"
      << ramp_by_true_count(r) << "<h2>Predicted and simulated</h2>\n"
      << "<p>The ramp's figures predicted on the rounds it was fitted on (which overstates the win by about "
      << fixed(number(r.at("predicted").at("fit_optimism").at("win_per_100_rounds")), 3)
      << " base bets per 100 rounds), and simulated on the other rounds. Simulated minus predicted: "
      << maybe(difference.at("win_per_round"), 2) << " standard errors in the win, "
      << maybe(difference.at("sd_per_round"), 2) << " in the SD.</p>\n"
      << counter_table(r.at("predicted"), "predicted-",
                       "Predicted: the ramp's money on the fitted rounds, per round, "
                       "in base bets; 95% intervals")
      << counter_table(r.at("simulated"), "simulated-",
                       "Simulated: the ramp played on the confirmation rounds, per "
                       "round, in base bets; 95% intervals")
      << method_details(r.at("method"));
  return out.str();
}

namespace {

// What the result says of a line besides its index.
std::string line_notes(const json& line) {
  std::string notes;
  const auto add = [&](const char* key, const char* text) {
    if (line.contains(key) && line.at(key).get<bool>()) notes += (notes.empty() ? "" : "; ") + std::string(text);
  };
  if (!line.at("found").get<bool>()) notes = "not found: the given index kept";
  add("never_differs", "the two plays are worth the same everywhere");
  add("idle", "the rules never use it");
  add("reversed", "the plays were swapped");
  add("extrapolated", "the crossing lies outside the true counts fitted");
  return notes;
}

// The difference of the line's two plays by true count, with its fitted line.
std::string line_chart(const json& line) {
  Series differences{"difference", {}, Mark::points, false};
  for (const json& b : line.at("by_true_count")) {
    if (b.at("hands") == 0) continue;
    differences.points.push_back(
        point_of(number(b.at("true_count")), number(b.at("difference")), b.at("standard_error"), 100));
  }
  XYChart chart;
  chart.caption = line.at("line").get<std::string>();
  chart.x_title = "true count";
  chart.y_title = "difference (% of initial bet)";
  chart.include_zero = true;
  chart.width = 330;
  chart.height = 230;
  chart.series.push_back(differences);
  if (line.at("found").get<bool>()) {
    Series fit{"fitted line", {}, Mark::line, true, true};
    for (const char* end : {"from_true_count", "to_true_count"}) {
      const double tc = number(line.at("fit").at(end));
      fit.points.push_back(Point{tc, 100 * (number(line.at("intercept")) + number(line.at("slope").at("value")) * tc)});
    }
    chart.series.push_back(fit);
  }
  return xy_chart(chart);
}

}  // namespace

std::string indices_body(const json& r) {
  const json& run = r.at("run");
  TextTable table;
  table.id = "indices";
  table.caption =
      "Each line generated: the index (the whole true count at or above which the first play is the "
      "better), the whole indices at the ends of the crossing's 95% interval, the crossing (where the "
      "fitted difference is 0) and the slope of the difference per true count, each with its standard error (SE)";
  table.head = {
      "line", "given index", "index", "95% interval", "crossing", "slope (% per true count)", "true counts fitted",
      "notes"};
  std::string charts;
  for (const json& line : r.at("lines")) {
    const bool found = line.at("found").get<bool>();
    table.rows.push_back({escape(line.at("line").get<std::string>()), fixed(number(line.at("given_index")), 0),
                          found ? fixed(number(line.at("index")), 0) : "—",
                          found ? interval(line.at("index_ci95"), 0) : "—",
                          found ? with_se(line.at("crossing"), "value", 2) : "—",
                          found ? with_se(line.at("slope"), "value", 3, 100) : "—",
                          found ? fixed(number(line.at("fit").at("from_true_count")), 0) + " .. " +
                                      fixed(number(line.at("fit").at("to_true_count")), 0)
                                : "—",
                          escape(line_notes(line))});
    charts += line_chart(line);
  }
  std::ostringstream out;
  out << partial_banner(run, "indices' run") << "<p>Rules: " << escape(r.at("rules").get<std::string>())
      << ". Lines from " << escape(r.at("hands").at("source").get<std::string>()) << "; " << count(run.at("rounds"))
      << " round starts in " << count(run.at("shoes")) << " shoes, " << count(run.at("chunks")) << " chunks (seed "
      << run.at("seed").dump()
      << "). The difference is the first play's value minus the second's, per initial bet, for the whole round, "
         "exact on each state's remaining cards.</p>\n"
      << text_table(table) << "<h2>The difference by true count</h2>\n<p>Each line's difference (first play minus "
      << "second, % of the initial bet) at each true count with 95% error bars; dashed: the fitted line, which "
         "crosses 0 at the index.</p>\n<div class=\"panels\">"
      << charts << "</div>\n"
      << method_details(r.at("method"));
  return out.str();
}

}  // namespace cardsim::report
