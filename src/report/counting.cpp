// The counter's part of a sim result's page (result counting) and the side
// bets (result side_bets): see sections.hpp.
#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/core/estimate.hpp"
#include "charts.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using core::Z95;
using nlohmann::json;

namespace {

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

}  // namespace

std::string counting_headline(const json& r, const std::string& ids) {
  const json& c = r.at("counting");
  const json& win100 = c.at("win_per_100_rounds");
  std::ostringstream out;
  out << "<p class=\"big\">Counter's win <b" << id_attr(ids, "counter-win") << ">"
      << (number(win100.at("mean")) > 0 ? "+" : "") << maybe(win100.at("mean"), 3)
      << "</b> base bets per 100 rounds played";
  if (win100.at("standard_error").is_null()) {
    out << " (one round: no standard error).</p>\n";
  } else {
    out << ", 95% interval <span" << id_attr(ids, "counter-win-ci") << ">" << interval(win100.at("ci95"), 3)
        << "</span>; standard error " << maybe(win100.at("standard_error"), 3) << ".</p>\n";
  }
  const json& edge = c.at("edge_per_initial_bet");
  out << "<p>" << escape(c.at("system").get<std::string>()) << " with the bet ramp "
      << escape(c.at("bet_ramp").get<std::string>()) << ", all seats together, over the "
      << count(c.at("rounds_played")) << " rounds played; per initial bet "
      << (edge.at("mean").is_null() ? std::string("—") : signed_percent(100 * number(edge.at("mean")), 3))
      << " (win / average bet of " << maybe(c.at("average_initial_bet"), 3)
      << " base bets). Positive: the counter wins.</p>\n";
  return out.str();
}

std::string counter_table(const json& c, const std::string& ids, const std::string& caption) {
  std::ostringstream out;
  // The counter's figures with their standard errors.
  const auto row = [&](const std::string& name, const std::string& id, const std::string& value, const std::string& se,
                       const std::string& ci) {
    out << "<tr><th class=\"l\">" << name << "</th><td" << id_attr(id.empty() ? "" : ids, id) << ">" << value
        << "</td><td>" << se << "</td><td>" << ci << "</td></tr>";
  };
  out << "<table id=\"" << ids << "counting\"><caption>" << escape(caption)
      << "</caption><tr><th class=\"l\">quantity</th><th>value</th><th>standard error</th><th>95% interval</th></tr>";
  const json& win100 = c.at("win_per_100_rounds");
  const bool controlled =
      c.contains("estimate") && c.at("estimate") == "controlled" && c.contains("win_per_round_plain");
  row(controlled ? "win per 100 rounds (controlled estimate)" : "win per 100 rounds", "win-per-100",
      maybe(win100.at("mean"), 3), maybe(win100.at("standard_error"), 3), interval(win100.at("ci95"), 3));
  if (controlled) {  // the plain win of the same rounds, per 100 rounds
    const json& plain = c.at("win_per_round_plain");
    row("win per 100 rounds, plain (the same rounds without the control variate)", "", maybe(plain.at("mean"), 3, 100),
        maybe(plain.at("standard_error"), 3, 100), "");
  }
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
  row("hours to N0 at " + count(c.at("rounds_per_hour")) + " rounds/hour", "", maybe(c.at("hours_to_n0"), 1),
      maybe(c.at("hours_to_n0_standard_error"), 1), interval(c.at("hours_to_n0_ci95"), 1));
  const json& ror = c.at("risk_of_ruin");
  row("risk of ruin, bankroll " + count(ror.at("bankroll")) + " base bets", "risk-of-ruin",
      maybe(ror.at("value"), 2, 100, "%"), "", interval(ror.value("ci95", json()), 2, 100, "%"));
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
      << escape(c.at("indices").get<std::string>()) << ". Played " << count(c.at("rounds_played")) << " of "
      << count(c.at("rounds_dealt")) << " rounds dealt.</p>\n";

  out << counter_table(c, ids,
                       "The counter's result, per round played, all seats together, in base bets (the ramp's unit); "
                       "95% intervals");

  // Edge and frequency by true count, the ramp drawn over the frequencies.
  const json& by_tc = c.at("by_true_count");
  const double dealt = number(c.at("rounds_dealt"));
  const double min_rounds = std::max(100.0, 0.001 * dealt);
  Series edges{"edge at the true count", {}, Mark::points, false};
  Series frequency{"rounds dealt at the true count", {}, Mark::bars};
  for (const json& b : by_tc) {
    const double tc = number(b.at("true_count"));
    frequency.points.push_back(Point{tc, 100 * number(b.at("frequency"))});
    // (A true count with no rounds before the deal, only insurance offers after it, has no edge.)
    const json& se = b.at("edge").at("standard_error");
    if (number(b.at("rounds")) >= min_rounds && !se.is_null() && !b.at("edge").at("mean").is_null()) {
      const double mean = 100 * number(b.at("edge").at("mean"));
      edges.points.push_back(Point{tc, mean, mean - 100 * Z95 * number(se), mean + 100 * Z95 * number(se)});
    }
  }
  XYChart edge_chart;
  const json& slope = c.at("edge_slope_per_true_count");
  const bool fitted = !slope.at("slope").is_null() && !slope.at("standard_error").is_null();
  edge_chart.caption =
      "Player's edge by true count (before the deal): every round dealt at that count, one flat bet per "
      "seat, % of the initial bet, with 95% error bars; counts with at least " +
      fixed(min_rounds, 0) + " rounds." +
      (fitted ? " Dashed: the weighted least-squares line, slope " + fixed(100 * number(slope.at("slope")), 3) +
                    "% ± " + fixed(100 * number(slope.at("standard_error")), 3) + "% (SE) per true count"
              : " No line is fitted: too few rounds for a slope");
  edge_chart.x_title = "true count";
  edge_chart.y_title = "player's edge (% of initial bet)";
  edge_chart.include_zero = true;
  if (fitted && !slope.at("intercept").is_null() && !edges.points.empty()) {
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
  histogram.caption = "True-count frequency: share of the " + count(c.at("rounds_dealt")) +
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
        << count(bet.at("bets")) << " simulated bets</caption><tr><th class=\"l\">outcome</th><th>pays</th>"
        << "<th>probability (exact)</th><th>return (exact)</th><th>share of bets (simulated)</th></tr>";
    for (const json& o : bet.at("outcomes")) {
      const double p = number(o.at("exact_probability"));
      out << "<tr><td class=\"l\">" << escape(o.at("name").get<std::string>()) << "</td><td>"
          << fixed(number(o.at("pays")), 2) << "</td><td>" << fixed(p, 8) << "</td><td>"
          << signed_percent(100 * p * number(o.at("pays"))) << "</td><td>" << fixed(number(o.at("frequency")), 8)
          << "</td></tr>";
    }
    const double loss = 1 - number(exact.at("hit_frequency"));
    // The return column sums to the player's return: minus the house edge.
    const double edge = number(exact.at("house_edge_percent"));
    out << "<tr><td class=\"l\">loss</td><td>-1</td><td>" << fixed(loss, 8) << "</td><td>"
        << signed_percent(-100 * loss) << "</td><td>" << fixed(number(bet.at("loss_frequency")), 8) << "</td></tr>"
        << "<tr><th class=\"l\">player's return (the sum)</th><td></td><td></td><td" << id_attr(id, "-return") << ">"
        << signed_percent(-edge) << "</td><td></td></tr></table>\n<p>House edge (positive: the house wins): exact <b"
        << id_attr(id, "-exact") << ">" << percent(edge) << "</b>, simulated <b" << id_attr(id, "-simulated") << ">"
        << percent(number(bet.at("return").at("house_edge_percent")));
    if (!bet.at("return").at("standard_error").is_null()) {
      out << " " << escape(pm95(100 * Z95 * number(bet.at("return").at("standard_error")), 4, "%"));
    }
    out << "</b>. ";
    const json& difference = exact.at("difference_in_standard_errors");
    if (!difference.is_null()) out << "Simulated minus exact: " << fixed(number(difference), 2) << " standard errors. ";
    out << (exact.at("comparable").get<bool>() ? "With a fresh shoe each round the two agree."
                                               : "A cut-card game differs from the exact value by the cut-card effect.")
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

}  // namespace cardsim::report
