#include "cardsim/io/report_html.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/result.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string fixed(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  return buffer;
}

std::string text_of(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

// End `end` (0 low, 1 high) of an edge's 95% interval in percent; the house
// edge itself when there is none (one round).
double house_edge_ci_end(const json& edge, std::size_t end) {
  const json& ci = edge.at("house_edge_ci95_percent");
  return ci.is_null() ? edge.at("house_edge_percent").get<double>() : ci.at(end).get<double>();
}

// A horizontal bar chart: one bar per (label, value in [0, max]).
std::string bar_chart(const std::string& title, const std::vector<std::pair<std::string, double>>& bars,
                      double max_value, const std::string& unit_suffix, int digits) {
  constexpr int ROW = 22;
  constexpr int LABEL = 90;
  constexpr int WIDTH = 420;
  const int height = ROW * static_cast<int>(bars.size()) + 10;
  std::ostringstream svg;
  svg << "<figure><figcaption>" << escape(title) << "</figcaption><svg role=\"img\" width=\"" << LABEL + WIDTH + 90
      << "\" height=\"" << height << "\" xmlns=\"http://www.w3.org/2000/svg\">";
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const double value = bars[i].second;
    const double width = max_value > 0 ? std::clamp(value / max_value, 0.0, 1.0) * WIDTH : 0.0;
    const int y = static_cast<int>(i) * ROW + 5;
    svg << "<text x=\"0\" y=\"" << y + 15 << "\">" << escape(bars[i].first) << "</text>"
        << "<rect x=\"" << LABEL << "\" y=\"" << y << "\" width=\"" << fixed(width, 1)
        << "\" height=\"16\" fill=\"#4a7ab5\"/>"
        << "<text class=\"value\" x=\"" << fixed(LABEL + width + 6, 1) << "\" y=\"" << y + 15 << "\">"
        << fixed(value, digits) << unit_suffix << "</text>";
  }
  svg << "</svg></figure>\n";
  return svg.str();
}

// Points with 95% error bars: house edge (%) against one varied value.
std::string error_bar_chart(const std::string& title, const std::vector<std::string>& labels,
                            const std::vector<double>& means, const std::vector<double>& lows,
                            const std::vector<double>& highs) {
  constexpr int WIDTH = 560;
  constexpr int HEIGHT = 260;
  constexpr int LEFT = 70;
  constexpr int BOTTOM = 40;
  double lo = *std::min_element(lows.begin(), lows.end());
  double hi = *std::max_element(highs.begin(), highs.end());
  if (hi - lo < 1e-9) {
    lo -= 0.5;
    hi += 0.5;
  }
  const double pad = 0.08 * (hi - lo);
  lo -= pad;
  hi += pad;
  const auto y_of = [&](double v) { return 10 + (HEIGHT - BOTTOM - 10) * (hi - v) / (hi - lo); };
  const double step = labels.size() > 1 ? static_cast<double>(WIDTH - LEFT - 30) / static_cast<double>(labels.size() - 1) : 0.0;
  const auto x_of = [&](std::size_t i) { return LEFT + 15 + step * static_cast<double>(i); };
  std::ostringstream svg;
  svg << "<figure><figcaption>" << escape(title) << "</figcaption><svg role=\"img\" width=\"" << WIDTH
      << "\" height=\"" << HEIGHT << "\" xmlns=\"http://www.w3.org/2000/svg\">"
      << "<line x1=\"" << LEFT << "\" y1=\"10\" x2=\"" << LEFT << "\" y2=\"" << HEIGHT - BOTTOM
      << "\" stroke=\"#888\"/><line x1=\"" << LEFT << "\" y1=\"" << HEIGHT - BOTTOM << "\" x2=\"" << WIDTH
      << "\" y2=\"" << HEIGHT - BOTTOM << "\" stroke=\"#888\"/>";
  for (int t = 0; t <= 4; ++t) {
    const double v = lo + (hi - lo) * t / 4.0;
    svg << "<text class=\"axis\" x=\"" << LEFT - 6 << "\" y=\"" << fixed(y_of(v) + 4, 1) << "\" text-anchor=\"end\">"
        << fixed(v, 3) << "%</text>";
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const double x = x_of(i);
    svg << "<line x1=\"" << fixed(x, 1) << "\" y1=\"" << fixed(y_of(lows[i]), 1) << "\" x2=\"" << fixed(x, 1)
        << "\" y2=\"" << fixed(y_of(highs[i]), 1) << "\" stroke=\"#333\"/>"
        << "<circle cx=\"" << fixed(x, 1) << "\" cy=\"" << fixed(y_of(means[i]), 1) << "\" r=\"4\" fill=\"#c0392b\"/>"
        << "<text class=\"axis\" x=\"" << fixed(x, 1) << "\" y=\"" << HEIGHT - BOTTOM + 16
        << "\" text-anchor=\"middle\">" << escape(labels[i]) << "</text>";
  }
  svg << "</svg></figure>\n";
  return svg.str();
}

const char* const STYLE =
    "body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}"
    "th{background:#f2f2f2}td.l,th.l{text-align:left}figure{margin:1em 0}figcaption{font-weight:bold}"
    "svg text{font-size:12px}svg text.axis{font-size:11px;fill:#555}.big{font-size:1.4em}";

// The part of the page for one sim result.
std::string sim_section(const json& r) {
  std::ostringstream out;
  const json& edge = r.at("edge");
  out << "<p class=\"big\">House edge <b id=\"house-edge\">" << fixed(edge.at("house_edge_percent").get<double>(), 4)
      << "%</b>";
  if (edge.at("standard_error").is_null()) {
    out << " (one round: no standard error).</p>\n";
  } else {
    out << ", 95% interval <span id=\"house-edge-ci\">" << fixed(edge.at("house_edge_ci95_percent")[0].get<double>(), 4)
        << "% .. " << fixed(edge.at("house_edge_ci95_percent")[1].get<double>(), 4) << "%</span>; standard error "
        << fixed(100 * edge.at("standard_error").get<double>(), 4) << "%, SD per round "
        << fixed(edge.at("sd_per_round").get<double>(), 4) << ".</p>\n";
  }
  if (r.contains("counting")) {
    out << "<p>The house edge is that of every round dealt, one flat bet per seat (index plays included), not the "
           "counter's result.</p>\n";
  }
  if (r.contains("exact")) {
    const json& exact = r.at("exact");
    const bool same = exact.at("same_strategy").get<bool>();
    out << "<p>Exact house edge of " << (same ? "the same strategy" : escape(exact.at("strategy").get<std::string>()))
        << " with a fresh shoe each round: <b id=\"exact-edge\">" << fixed(exact.at("house_edge_percent").get<double>(), 4)
        << "%</b>" << (same ? "." : " (not compared: the simulated edge plays the index plays too).") << "</p>\n";
  }
  out << "<table><tr><th class=\"l\">rules</th><td class=\"l\">" << escape(r.at("rules_summary").get<std::string>())
      << "</td></tr><tr><th class=\"l\">strategy</th><td class=\"l\">" << escape(r.at("strategy").get<std::string>())
      << "</td></tr><tr><th class=\"l\">rounds</th><td class=\"l\" id=\"rounds\">" << r.at("run").at("rounds").dump()
      << "</td></tr><tr><th class=\"l\">seed</th><td class=\"l\">" << r.at("run").at("seed").dump() << "</td></tr></table>\n";
  const json& hand = r.at("outcomes").at("rates_per_hand");
  const json& round = r.at("outcomes").at("rates_per_round");
  out << bar_chart("Outcomes (% of hands; blackjack: % of rounds)",
                   {{"win", 100 * hand.at("win").get<double>()},
                    {"loss", 100 * hand.at("loss").get<double>()},
                    {"push", 100 * hand.at("push").get<double>()},
                    {"surrender", 100 * hand.at("surrender").get<double>()},
                    {"double", 100 * hand.at("double").get<double>()},
                    {"player bust", 100 * hand.at("player_bust").get<double>()},
                    {"blackjack", 100 * round.at("blackjack").get<double>()}},
                   60.0, "%", 2);
  // The dealer's hand played out in every round (dealer.played_out).
  const json& dealer = r.at("dealer");
  std::vector<std::pair<std::string, double>> busts;
  for (const char* up : {"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"}) {
    busts.emplace_back("up " + std::string(up),
                       100 * dealer.at("by_upcard").at(up).at("played_out").at("final").at("bust").get<double>());
  }
  out << bar_chart("Dealer bust probability by up card (%), every round", busts, 50.0, "%", 2);
  out << "<table><caption>The dealer's final total by up card, every round (a hand no player needed is completed "
         "for the statistics)</caption><tr><th class=\"l\">up card</th>";
  for (const char* f : {"17", "18", "19", "20", "21", "bust", "blackjack"}) out << "<th>" << f << "</th>";
  out << "</tr>";
  for (const char* up : {"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"}) {
    out << "<tr><td class=\"l\">" << up << "</td>";
    for (const char* f : {"17", "18", "19", "20", "21", "bust", "blackjack"}) {
      out << "<td>" << fixed(dealer.at("by_upcard").at(up).at("played_out").at("final").at(f).get<double>(), 4) << "</td>";
    }
    out << "</tr>";
  }
  out << "</table>\n";
  return out.str();
}

std::string variants_section(const json& r) {
  std::ostringstream out;
  const json& variants = r.at("variants");
  out << "<table id=\"variants\"><tr><th class=\"l\">variant</th><th>house edge</th><th>95% interval</th>"
         "<th>exact</th><th>change</th><th>paired SE</th><th>unpaired SE</th></tr>";
  for (const auto& v : variants) {
    const json& edge = v.at("result").at("edge");
    const json& diff = v.at("difference");
    out << "<tr><td class=\"l\">" << escape(v.at("label").get<std::string>()) << "</td><td>"
        << fixed(edge.at("house_edge_percent").get<double>(), 4) << "%</td><td>"
        << (edge.at("house_edge_ci95_percent").is_null()
                ? std::string("none (one round)")
                : fixed(house_edge_ci_end(edge, 0), 4) + "% .. " + fixed(house_edge_ci_end(edge, 1), 4) + "%")
        << "</td><td>"
        << fixed(v.at("result").at("exact").at("house_edge_percent").get<double>(), 4) << "%</td><td>"
        << (diff.is_null() ? "baseline" : fixed(diff.at("house_edge_change_percent").get<double>(), 4) + "%")
        << "</td><td>" << (diff.is_null() ? "" : fixed(100 * diff.at("standard_error").get<double>(), 4) + "%")
        << "</td><td>" << (diff.is_null() ? "" : fixed(100 * diff.at("standard_error_unpaired").get<double>(), 4) + "%")
        << "</td></tr>";
  }
  out << "</table>\n";
  // The edge against each varied key (sweeps), or against the variant (compare).
  std::vector<std::string> keys = r.contains("varied") ? r.at("varied").get<std::vector<std::string>>() : std::vector<std::string>{};
  if (keys.empty()) keys.push_back("");
  for (const auto& key : keys) {
    std::vector<std::string> labels;
    std::vector<double> means, lows, highs;
    for (const auto& v : variants) {
      labels.push_back(key.empty() ? v.at("label").get<std::string>() : text_of(v.at("values").at(key)));
      const json& edge = v.at("result").at("edge");
      means.push_back(edge.at("house_edge_percent").get<double>());
      lows.push_back(house_edge_ci_end(edge, 0));
      highs.push_back(house_edge_ci_end(edge, 1));
    }
    out << error_bar_chart(key.empty() ? "House edge by variant, with 95% intervals"
                                       : "House edge against " + key + ", with 95% intervals (every cell)",
                           labels, means, lows, highs);
  }
  for (const auto& v : variants) {
    out << "<h3>" << escape(v.at("label").get<std::string>()) << "</h3>\n" << sim_section(v.at("result"));
  }
  return out.str();
}

}  // namespace

std::string report_html(const json& result) {
  if (!result.is_object() || !result.contains("schema_version") || !result.contains("command")) {
    throw Error("not a cardsim result: expected a JSON object with a schema_version and a command");
  }
  if (result.at("schema_version") != RESULT_SCHEMA_VERSION) {
    throw Error("a result of schema_version " + result.at("schema_version").dump() + "; this cardsim reports " +
                std::to_string(RESULT_SCHEMA_VERSION) + " (run it again with this cardsim, or report it with the one "
                "that wrote it)");
  }
  const std::string command = result.at("command").get<std::string>();
  if (command != "sim" && command != "compare" && command != "sweep") {
    throw Error("cannot report a '" + excerpt(command) + "' result; expected sim, compare or sweep");
  }
  try {
    std::ostringstream page;
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cardsim " << escape(command)
         << " report</title><style>" << STYLE << "</style></head><body>\n<h1>cardsim " << escape(command) << " report</h1>\n";
    page << (command == "sim" ? sim_section(result) : variants_section(result));
    page << "<p><small>cardsim " << escape(result.at("tool").at("version").get<std::string>()) << " ("
         << escape(result.at("tool").at("git_revision").get<std::string>()) << ")</small></p>\n</body></html>\n";
    return page.str();
  } catch (const json::exception& e) {
    throw Error(std::string("malformed cardsim result: ") + e.what());
  }
}

}  // namespace cardsim::io
