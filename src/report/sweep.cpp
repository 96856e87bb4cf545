// The sweep's part of the page (see sections.hpp): the house edge
// against each varied parameter (numeric values to scale, each cell's exact
// edge drawn, panels past MAX_LINES lines), the cut-card effect against the
// shoe's depth, heat maps of two parameters, small multiples of three or
// more, every cell.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cardsim/core/estimate.hpp"
#include "charts.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using core::Z95;
using nlohmann::json;

namespace {

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
  return it == TITLES.end() ? words(key) : it->second;
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

// What a chart draws of each cell: `point` (its estimate at x with a 95%
// interval; none if the cell lacks it) and `exact` (an open diamond in the
// line's colour; none if the cell has no exact value), against y_title.
struct Measure {
  std::string y_title;
  std::optional<Point> (*point)(const json& result, double x);
  std::optional<double> (*exact)(const json& result);
  std::string exact_legend;
};

std::optional<Point> edge_point(const json& result, double x) {
  const json& edge = result.at("edge");
  const auto [low, high] = edge_interval(edge);
  return Point{x, number(edge.at("house_edge_percent")), low, high};
}

std::optional<double> exact_edge(const json& result) {
  if (!same_strategy(result)) return std::nullopt;
  return number(result.at("exact").at("house_edge_percent"));
}

const Measure HOUSE_EDGE{"house edge (%)", edge_point, exact_edge, "exact, fresh shoe each round"};

// A cut-card game's house edge less a fresh shoe's (exact.cut_card_effect,
// percentage points), with its 95% interval.
const json* cut_card_effect(const json& result) {
  if (!result.contains("exact") || !result.at("exact").is_object()) return nullptr;
  const json& exact = result.at("exact");
  if (!exact.contains("cut_card_effect") || !exact.at("cut_card_effect").is_object()) return nullptr;
  return &exact.at("cut_card_effect");
}

std::optional<Point> effect_point(const json& result, double x) {
  const json* effect = cut_card_effect(result);
  if (effect == nullptr) return std::nullopt;
  Point p{x, number(effect->at("points"))};
  const json& ci = effect->at("ci95_points");
  if (ci.is_array() && ci.size() == 2) {
    p.low = number(ci.at(0));
    p.high = number(ci.at(1));
  }
  return p;
}

const Measure CUT_CARD_EFFECT{"cut-card effect (points)", effect_point,
                              [](const json&) -> std::optional<double> { return std::nullopt; }, ""};

// `measure` against key `x` with one line per combination of the keys in
// `lines`, over the cells whose `fixed_keys` take the values `fixed_at`.
XYChart chart_against(const json& r, const Grid& g, const Measure& measure, std::size_t x,
                      const std::vector<std::size_t>& lines, const std::vector<std::size_t>& fixed_keys,
                      const std::vector<std::size_t>& fixed_at) {
  XYChart chart;
  if (g.numeric[x]) {
    for (std::size_t k = 0; k < g.values[x].size(); ++k) chart.x_marks.emplace_back(g.numbers[x][k], g.values[x][k]);
  } else {
    chart.categories = g.values[x];
  }
  chart.x_title = parameter_title(g.keys[x]) + (g.numeric[x] ? ", to scale" : "");
  chart.y_title = measure.y_title;
  std::map<std::vector<std::size_t>, std::size_t> series_of;
  std::vector<Series> exact;
  const json& variants = r.at("variants");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    bool in = true;
    for (std::size_t f = 0; f < fixed_keys.size(); ++f) in = in && g.cell[i][fixed_keys[f]] == fixed_at[f];
    if (!in) continue;
    const json& result = variants[i].at("result");
    const double at = g.numeric[x] ? g.numbers[x][g.cell[i][x]] : static_cast<double>(g.cell[i][x]);
    const std::optional<Point> point = measure.point(result, at);
    if (!point) continue;
    std::vector<std::size_t> line_at;
    std::string name;
    for (const std::size_t k : lines) {
      line_at.push_back(g.cell[i][k]);
      name += (name.empty() ? "" : ", ") + words(g.keys[k]) + "=" + g.values[k][g.cell[i][k]];
    }
    const auto [it, added] = series_of.emplace(line_at, chart.series.size());
    if (added) {
      chart.series.push_back(Series{name, {}, Mark::points});
      exact.push_back(Series{"", {}, Mark::diamonds});
      exact.back().color = static_cast<int>(it->second);
    }
    chart.series[it->second].points.push_back(*point);
    if (const std::optional<double> y = measure.exact(result)) exact[it->second].points.push_back(Point{at, *y});
  }
  bool any_exact = false;
  for (Series& e : exact) {
    any_exact = any_exact || !e.points.empty();
    chart.series.push_back(std::move(e));
  }
  if (any_exact) {
    Series legend{measure.exact_legend, {}, Mark::diamonds};
    legend.color = 6;  // (black)
    chart.series.push_back(legend);
  }
  return chart;
}

XYChart edge_against(const json& r, const Grid& g, std::size_t x, const std::vector<std::size_t>& lines,
                     const std::vector<std::size_t>& fixed_keys, const std::vector<std::size_t>& fixed_at) {
  return chart_against(r, g, HOUSE_EDGE, x, lines, fixed_keys, fixed_at);
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
    const Point p = *edge_point(v.at("result"), 0);
    low = std::min({low, p.low, p.y});
    high = std::max({high, p.high, p.y});
    if (const std::optional<double> exact = exact_edge(v.at("result"))) {
      low = std::min(low, *exact);
      high = std::max(high, *exact);
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
  const std::string what = "House edge against " + words(g.keys[x]) + ", with 95% error bars (" + rounds +
                           " rounds per cell); open diamonds: the exact house edge of the cell";
  if (lines <= MAX_LINES) {
    XYChart chart = edge_against(r, g, x, others, {}, {});
    chart.caption = what + (others.empty() ? "" : "; one line per combination of the other parameters");
    return xy_chart(chart);
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
      << escape(words(g.keys[line_key])) << (rest.empty() ? "" : ", a panel per combination of the other parameters")
      << ", every panel on the same scale.</p>\n<div class=\"panels\">";
  const auto bounds = edge_bounds(r.at("variants"));
  for (const auto& panel : panels) {
    XYChart chart = edge_against(r, g, x, {line_key}, rest, panel);
    chart.width = 330;
    chart.height = 230;
    chart.y_range = bounds;
    std::string where;
    for (std::size_t f = 0; f < rest.size(); ++f) {
      where += (where.empty() ? "" : ", ") + words(g.keys[rest[f]]) + "=" + g.values[rest[f]][panel[f]];
    }
    chart.caption = "Against " + words(g.keys[x]) + (where.empty() ? "" : ": " + where);
    for (const XYChart& part : split_lines(chart)) out << xy_chart(part);
  }
  out << "</div>\n";
  return out.str();
}

// The cut-card effect against the shoe's depth (penetration or cut card,
// when the sweep varies it and its cells are cut-card games with an exact
// fresh-shoe value): how much dealing deeper moves the game from a fresh
// shoe, a line per combination of the other keys (MAX_LINES lines a chart).
std::string effect_figures(const json& r, const Grid& g, const std::string& rounds) {
  std::ostringstream out;
  for (std::size_t x = 0; x < g.keys.size(); ++x) {
    if ((g.keys[x] != "penetration" && g.keys[x] != "cut_card") || !g.numeric[x]) continue;
    std::vector<std::size_t> others;
    for (std::size_t k = 0; k < g.keys.size(); ++k) {
      if (k != x) others.push_back(k);
    }
    XYChart chart = chart_against(r, g, CUT_CARD_EFFECT, x, others, {}, {});
    if (chart.series.empty()) continue;
    chart.include_zero = true;
    chart.caption = "Cut-card effect against " + words(g.keys[x]) +
                    ": the simulated house edge less the exact one of a fresh shoe each round, percentage points, "
                    "with 95% error bars (" +
                    rounds + " rounds per cell); 0: no effect" +
                    (others.empty() ? "" : "; one line per combination of the other parameters");
    out << "<h2>Cut-card effect against " << escape(words(g.keys[x])) << "</h2>\n";
    for (const XYChart& part : split_lines(chart)) out << xy_chart(part);
  }
  return out.str();
}

}  // namespace

std::string sweep_section(const json& r) {
  const Grid g = grid_of(r);
  const json& variants = r.at("variants");
  const std::string rounds = count(r.at("run").at("rounds"));
  std::ostringstream out;
  out << "<h2>House edge against each varied parameter</h2>\n";
  for (std::size_t x = 0; x < g.keys.size(); ++x) out << edge_figures(r, g, x, rounds);
  out << effect_figures(r, g, rounds);
  if (g.keys.size() == 2) {
    // Rows: the first key's values; columns: the second's.
    HeatTable edge_table;
    HeatTable change_table;
    edge_table.caption = "House edge (% of initial wager) of each cell, with the half-width of its 95% interval";
    change_table.caption =
        "Change in house edge against the baseline (" + variant_label(r, variants.at(0)) +
        "), percentage points, with the half-width of its 95% interval from the paired SE (1.96 SE); blue: better "
        "for the player" +
        std::string(controlled_changes(r) ? "; controlled estimates (docs/control-variates.md)" : "");
    for (HeatTable* t : {&edge_table, &change_table}) {
      t->corner = words(g.keys[0]) + " \\ " + words(g.keys[1]);
      t->scale_unit = "%";
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
    out << heat_table(edge_table) << heat_table(change_table);
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
    out << "<h2>Small multiples</h2>\n<p>House edge against " << escape(words(g.keys[0])) << ", one line per value of "
        << escape(words(g.keys[1]))
        << ", one panel per combination of the other parameters; every panel on the same scale, "
        << "95% error bars, open diamonds the exact house edges.</p>\n<div class=\"panels\">";
    for (const auto& panel : panels) {
      XYChart chart = edge_against(r, g, 0, {1}, rest, panel);
      chart.width = 330;
      chart.height = 230;
      chart.y_range = bounds;
      for (std::size_t f = 0; f < rest.size(); ++f) {
        chart.caption +=
            (chart.caption.empty() ? "" : ", ") + words(g.keys[rest[f]]) + "=" + g.values[rest[f]][panel[f]];
      }
      for (const XYChart& part : split_lines(chart)) out << xy_chart(part);
    }
    out << "</div>\n";
  }
  out << "<h2>Every cell</h2>\n" << variants_table(r) << variant_details(r);
  return out.str();
}

}  // namespace cardsim::report
