// The page of a Zha Jin Hua result (see sections.hpp): a `zjh exact`
// result's tables by hand category (every figure an exact fraction), a `zjh
// sim` result's showdown figures with 95% intervals and standard errors.
#include <sstream>
#include <string>

#include "cardsim/core/estimate.hpp"
#include "charts.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using core::Z95;
using nlohmann::json;

namespace {

// "straight flush (顺金)": the category in English, its Chinese name beside it
// (shown without a CJK font too).
std::string category_text(const json& c) {
  return words(c.at("category").get<std::string>()) + " (" + c.at("chinese").get<std::string>() + ")";
}
std::string category_name(const json& c) { return escape(category_text(c)); }

std::string rules_text(const json& rules) {
  return "ties " + escape(rules.at("ties").get<std::string>()) + ", A-2-3 " +
         escape(rules.at("a23").get<std::string>()) + " straight, " +
         (rules.at("special_235").get<bool>() ? "2-3-5 beats a leopard" : "no 2-3-5 rule") + ", " +
         (rules.at("straight_above_flush").get<bool>() ? "straight > flush" : "flush > straight");
}

// An exact probability {"count", "fraction", "value"}: the decimal, the
// fraction under it.
std::string exact_cell(const json& p, int digits = 6) {
  return "<td>" + fixed(number(p.at("value")), digits) + "<br><small>" + escape(p.at("fraction").get<std::string>()) +
         "</small></td>";
}

// The 95% interval of a simulated proportion {"count", "value", "se"} of
// `total` (share_interval: exact at a count of 0 or of all); "—" without a
// standard error.
std::string share_ci(const json& p, const json& total) {
  if (p.at("se").is_null() || p.at("value").is_null()) return "—";
  return share_interval(number(p.at("count")), number(total), number(p.at("value")), number(p.at("se")), 6);
}

// A simulated proportion of `total`: the value (— without observations),
// and its 95% interval under it.
std::string share_cell(const json& p, const json& total, const std::string& id = "") {
  if (p.at("value").is_null()) return "<td>—</td>";
  return "<td" + id_attr("", id) + ">" + fixed(number(p.at("value")), 6) + "<br><small>" + share_ci(p, total) +
         "</small></td>";
}

std::string exact_body(const json& r) {
  std::ostringstream out;
  const json& heads_up = r.at("heads_up");
  out << "<p>Every one of the " << count(r.at("hands")) << " three-card hands and every one of the "
      << count(heads_up.at("ordered_pairs"))
      << " ordered heads-up pairs of disjoint hands, enumerated: every figure is an exact fraction (no sampling "
         "error). Rules: "
      << rules_text(r.at("rules")) << "; " << count(r.at("levels")) << " distinct strength levels.</p>\n";
  out << "<table id=\"zjh-exact\"><caption>By hand category, strongest first: the number of hands and the probability "
         "of being dealt one (of all "
      << count(r.at("hands"))
      << " hands); heads up, the probability that a hand of the category wins, ties and loses (of the pairs in which "
         "the first hand is of the category), and that the deal is won by a hand of it (of all ordered pairs); the "
         "fraction under each decimal</caption><tr><th class=\"l\">category</th><th>hands</th><th>P(hand)</th>"
         "<th>win</th><th>tie</th><th>loss</th><th>wins the deal</th></tr>";
  for (const json& c : r.at("categories")) {
    const json& h = c.at("heads_up");
    out << "<tr><td class=\"l\">" << category_name(c) << "</td><td>" << count(c.at("hands")) << "</td>"
        << exact_cell(c.at("probability")) << exact_cell(h.at("win")) << exact_cell(h.at("tie"))
        << exact_cell(h.at("loss")) << exact_cell(h.at("winning_hand")) << "</tr>";
  }
  out << "</table>\n<table id=\"zjh-heads-up\"><caption>Heads up, the first hand, of all "
      << count(heads_up.at("ordered_pairs")) << " ordered pairs</caption><tr><th class=\"l\">outcome</th>"
      << "<th>pairs</th><th>fraction</th><th>probability</th></tr>";
  for (const char* outcome : {"win", "tie", "loss"}) {
    const json& p = heads_up.at(outcome);
    out << "<tr><td class=\"l\">" << outcome << "</td><td>" << count(p.at("count")) << "</td><td>"
        << escape(p.at("fraction").get<std::string>()) << "</td><td id=\"zjh-exact-" << outcome << "\">"
        << fixed(number(p.at("value")), 12) << "</td></tr>";
  }
  out << "</table>\n";
  return out.str();
}

std::string sim_body(const json& r) {
  std::ostringstream out;
  const json& config = r.at("config");
  const json& seat = r.at("seat");
  const std::string deals = count(r.at("deals"));
  const json& run = r.at("run");
  if (run.at("partial").get<bool>()) {
    out << "<p class=\"banner\" id=\"banner-partial\">Partial result: " << deals << " of " << count(config.at("deals"))
        << " deals played (" << count(run.at("completed_chunks")) << " of " << count(r.at("chunks"))
        << " chunks), stopped: interrupted. Every figure below is over the deals played "
        << "only.</p>\n";
  }
  const json& win = seat.at("win");
  out << "<p class=\"big\">Seat 1 wins <b id=\"zjh-win\">" << maybe(win.at("value"), 6) << "</b> of the deals";
  if (!win.at("se").is_null()) {
    out << ", 95% interval <span id=\"zjh-win-ci\">" << share_ci(win, r.at("deals")) << "</span>; standard error "
        << fixed(number(win.at("se")), 6);
  }
  out << ".</p>\n<p>" << count(config.at("players")) << " players, " << deals << " deals (seed "
      << config.at("seed").dump() << "); rules: " << rules_text(config.at("rules"))
      << ". Seat 1 is the first hand dealt; every seat is alike by symmetry. A tie is a split pot that seat 1 "
         "shares.</p>\n";

  out << "<table id=\"zjh-showdown\"><caption>Seat 1's showdown, share of the " << deals
      << " deals, with standard errors and 95% intervals</caption><tr><th class=\"l\">outcome</th><th>deals</th>"
      << "<th>share</th><th>standard error</th><th>95% interval</th></tr>";
  for (const char* outcome : {"win", "tie", "loss"}) {
    const json& p = seat.at(outcome);
    out << "<tr><td class=\"l\">" << outcome << "</td><td>" << count(p.at("count")) << "</td><td>"
        << maybe(p.at("value"), 6) << "</td><td>" << maybe(p.at("se"), 6) << "</td><td>" << share_ci(p, r.at("deals"))
        << "</td></tr>";
  }
  out << "</table>\n";

  // Win by category: one denominator per bar (the deals in which seat 1
  // holds a hand of that category).
  BarChart chart;
  chart.caption = "Seat 1's win rate by the category of its hand: share of the deals in which seat 1 holds a hand "
                  "of that category, with 95% intervals";
  chart.axis_title = "% of seat 1's hands of the category that win";
  for (const json& c : seat.at("by_category")) {
    const json& p = c.at("win");
    if (p.at("value").is_null()) continue;
    const double value = 100 * number(p.at("value"));
    if (p.at("se").is_null()) {
      chart.bars.push_back(Bar{category_text(c), value, NONE, NONE, NONE, percent(value, 3)});
      continue;
    }
    const double count = number(p.at("count"));
    const double total = number(c.at("hands").at("count"));
    const auto [low, high] = share_bounds(count, total, number(p.at("value")), number(p.at("se")));
    chart.bars.push_back(Bar{
        category_text(c), value, 100 * low, 100 * high, NONE,
        percent(value, 3) + " " +
            (all_or_none(count, total) ? "(95%: " + fixed(100 * low, 3) + " .. " + fixed(100 * high, 3) + "%, exact)"
                                       : pm95(100 * Z95 * number(p.at("se")), 3))});
  }
  if (!chart.bars.empty()) out << bar_chart(chart);

  out << "<table id=\"zjh-by-category\"><caption>By the category of seat 1's hand, strongest first: its share of "
         "the "
      << deals
      << " deals, and seat 1's win, tie and loss rates in the deals where it holds that category (the 95% interval "
         "under each figure; at a count of 0, or of all, the exact Clopper-Pearson interval)</caption><tr><th "
         "class=\"l\">category</th><th>deals</th><th>share of deals</th>"
         "<th>win</th><th>tie</th><th>loss</th></tr>";
  for (const json& c : seat.at("by_category")) {
    out << "<tr><td class=\"l\">" << category_name(c) << "</td><td>" << count(c.at("hands").at("count")) << "</td>"
        << share_cell(c.at("hands"), r.at("deals")) << share_cell(c.at("win"), c.at("hands").at("count"))
        << share_cell(c.at("tie"), c.at("hands").at("count")) << share_cell(c.at("loss"), c.at("hands").at("count"))
        << "</tr>";
  }
  out << "</table>\n<table id=\"zjh-winning\"><caption>The winning hand's category: share of the " << deals
      << " deals won by a hand of each category (the 95% interval under each)</caption><tr><th class=\"l\">category"
      << "</th><th>deals</th><th>share of deals</th></tr>";
  for (const json& c : r.at("winning_category")) {
    out << "<tr><td class=\"l\">" << category_name(c) << "</td><td>" << count(c.at("deals").at("count")) << "</td>"
        << share_cell(c.at("deals"), r.at("deals")) << "</tr>";
  }
  out << "<tr><td class=\"l\">split pot (a tie for the best hand)</td><td>" << count(r.at("split_pot").at("count"))
      << "</td>" << share_cell(r.at("split_pot"), r.at("deals"), "zjh-split-pot") << "</tr>"
      << "<tr><td class=\"l\">a 2-3-5 kills a leopard</td><td>" << count(r.at("leopard_kills").at("count")) << "</td>"
      << share_cell(r.at("leopard_kills"), r.at("deals")) << "</tr></table>\n";
  return out.str();
}

}  // namespace

std::string zjh_body(const json& r) { return r.at("command") == "zjh exact" ? exact_body(r) : sim_body(r); }

}  // namespace cardsim::report
