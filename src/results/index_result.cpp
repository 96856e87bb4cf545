#include "cardsim/io/index_result.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/version.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

constexpr const char* CELL_FORMS =
    "expected a cell such as 16vT (hard total), s18v2 (soft total), TTv6 (pair), R15vT (surrender) or insurance";

// One --hands cell as an index line (its plays are placeholders the chart
// replaces, except that R marks a surrender cell), checked by the index
// file parser.
bj::IndexPlay parse_cell(const std::string& item) {
  if (item == "insurance") return parse_index_plays("insurance A 0 I -", "--hands").front();
  std::string cell = item;
  const bool surrender = !cell.empty() && cell.front() == 'R';
  if (surrender) cell.erase(0, 1);
  const auto v = cell.rfind('v');
  if (v == std::string::npos || v == 0 || v + 1 == cell.size()) throw Error("--hands: '" + item + "': " + CELL_FORMS);
  std::string hand = cell.substr(0, v);
  const std::string up = cell.substr(v + 1);
  static const std::string RANKS = "A23456789T";
  if (hand.size() == 2 && hand[0] == hand[1] && RANKS.find(hand[0]) != std::string::npos) {
    hand = hand.substr(0, 1) + "," + hand.substr(1);
  }
  const std::string line = hand + " " + up + " 0 " + (surrender ? "R -" : "H S");
  try {
    return parse_index_plays(line, "--hands").front();
  } catch (const Error& e) {
    throw Error("--hands: '" + item + "': " + CELL_FORMS + " (" + e.what() + ")");
  }
}

std::string signed_index(int index) {
  char text[16];
  std::snprintf(text, sizeof text, index > 0 ? "%+d" : "%d", index);
  return text;
}

// A line's fields as format_index_plays writes them: hand, up card, index,
// at or above, below.
std::vector<std::string> line_fields(const bj::IndexPlay& play) {
  std::istringstream words(format_index_plays({play}));
  std::vector<std::string> fields;
  for (std::string w; words >> w;) fields.push_back(w);
  fields[2] = signed_index(play.index);
  return fields;
}

std::string line_text(const bj::IndexPlay& play) {
  const auto f = line_fields(play);
  return f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4];
}

std::string crossing_text(const bj::GeneratedIndex& g) {
  if (g.idle) return "idle: the rules do not offer this option (surrender or splitting)";
  if (g.never_differs) return "the two plays are the same move for every hand of the line";
  if (!g.found) return "not found: fewer than 3 true counts with enough hands";
  std::string text = "crossing " + signed_number(g.crossing, 2) + " (95% CI " + signed_number(g.crossing_ci95_low, 2) +
                     " .. " + signed_number(g.crossing_ci95_high, 2) + ")";
  if (g.extrapolated) text += ", extrapolated beyond the true counts with data";
  if (g.reversed) text += ", plays swapped (the given at-or-above play is better at low counts)";
  return text;
}

}  // namespace

IndexHands load_index_hands(const std::string& hands, const std::string& folder, InputRegistry& inputs) {
  IndexHands result;
  const std::string path = find_data_file(hands, folder, "indices", ".txt");
  if (!path.empty()) {
    result.lines = parse_index_plays(inputs.read("index list", path, hands).bytes, path);
    result.source = path;
    if (result.lines.empty()) throw Error("--hands: the index file " + path + " has no lines");
    return result;
  }
  result.from_list = true;
  result.source = hands;
  std::string items = hands;
  for (char& c : items) c = c == ',' ? ' ' : c;
  std::istringstream words(items);
  for (std::string item; words >> item;) result.lines.push_back(parse_cell(item));
  if (result.lines.empty()) {
    throw Error("--hands: '" + hands + "' is neither an index file in " + data_subfolder_text("indices") +
                " nor a list of cells; " + CELL_FORMS);
  }
  return result;
}

std::string format_generated_index_file(const std::vector<bj::GeneratedIndex>& lines, const std::string& header,
                                        bool with_given) {
  std::string text;
  std::istringstream header_lines(header);
  for (std::string line; std::getline(header_lines, line);) text += line.empty() ? "#\n" : "# " + line + "\n";
  text += "\n# hand      up   index  at/above  below\n";
  for (const bj::GeneratedIndex& g : lines) {
    bj::IndexPlay play = g.play;
    if (!g.found) play.index = g.given_index;
    const auto f = line_fields(play);
    char row[160];
    std::snprintf(row, sizeof row, "%-11s %-4s %-6s %-9s %-6s", f[0].c_str(), f[1].c_str(), f[2].c_str(), f[3].c_str(),
                  f[4].c_str());
    std::string comment = crossing_text(g);
    if (!g.found) comment += with_given ? "; the given index is kept" : "; index 0 written";
    if (with_given) comment += "; given " + signed_index(g.given_index);
    text += std::string(row) + " # " + comment + "\n";
  }
  return text;
}

std::string generated_index_header(const SimConfig& config, const std::string& chart_name, const bj::IndexRun& run,
                                   const IndexHands& hands) {
  return "Generated by cardsim indices " + std::string(VERSION) + " (" + GIT_REVISION +
         ") for: " + describe_rules(config.rules) + "\ncount " + config.counting.count + " (" +
         to_string(config.counting.true_count_decks) + " decks, " + to_string(config.counting.true_count_rounding) +
         "), strategy " + chart_name + "; lines: " + hands.source + "\n" + std::to_string(run.rounds) +
         " round starts in " + std::to_string(run.shoes) + " shoes, seed " + std::to_string(config.seed) +
         ". Play at_or_above at true count >= index.\nMethod: docs/indices.md (exact values on each shoe state, no "
         "play-out).";
}

json index_run_json(const SimConfig& config, const bj::IndexRun& run, const std::vector<bj::GeneratedIndex>& lines,
                    const IndexHands& hands, unsigned threads, double elapsed_seconds) {
  json result = game_result_head(INDEX_RESULT_SCHEMA_VERSION, "indices", config);
  result["hands"] = {{"source", hands.source}, {"from_list", hands.from_list}};
  result["method"] = {
      {"states", "shoes dealt to the config's penetration by the engine (the chart played, no index plays); each "
                 "round start's remaining cards and running count is a state"},
      {"values", "exact: the analyzer's composition-dependent values of both plays on the state's remaining cards "
                 "with the hand and up card out (hit and splits play on by the chart); no play-out"},
      {"difference",
       "at-or-above play minus below play, per initial bet, for the whole round in which the hand is "
       "dealt (0 when a peek finds a dealer blackjack), weighted by the probability of dealing the "
       "hand and up card from the state; for total lines where hit and stand differ, also one hand of three or "
       "more cards per state, drawn in proportion to the chance the chart hits to it"},
      {"true_count", "as the engine applies index lines: the count before the round plus the hand and up card, "
                     "the cards left after the deal (hole card included in peek games), the config's deck estimate "
                     "and rounding; mean_true_count is the unrounded value"},
      {"standard_error", "batch means over chunks (independent shoes): the ratio estimator's SE"},
      {"index", "weighted least squares of the difference on mean_true_count (weights 1/SE^2) over the true counts "
                "within 3.5 of a first fit's crossing; crossing = -intercept / slope with the delta method's SE, times "
                "sqrt(chi^2 / dof) when the fit's chi^2 "
                "exceeds its degrees of freedom; the "
                "whole index is the lowest true count whose mean_true_count is at or above the crossing (the engine "
                "plays at_or_above at true count >= index)"}};
  result["run"] = {{"seed", config.seed},      {"rounds", run.rounds},
                   {"shoes", run.shoes},       {"chunks", run.chunks},
                   {"partial", !run.complete}, {"states_per_true_count", run.states_per_true_count}};
  json out = json::array();
  for (const bj::GeneratedIndex& g : lines) {
    json buckets = json::array();
    for (const bj::IndexBucket& k : g.by_true_count) {
      buckets.push_back({{"true_count", k.true_count},
                         {"hands", k.hands},
                         {"weight", k.weight},
                         {"mean_true_count", k.mean_true_count},
                         {"difference", k.difference},
                         {"standard_error", k.standard_error > 0 ? json(k.standard_error) : json(nullptr)}});
    }
    json line = {{"line", line_text(g.play)},
                 {"given_index", g.given_index},
                 {"found", g.found},
                 {"never_differs", g.never_differs},
                 {"idle", g.idle},
                 {"by_true_count", buckets}};
    if (g.found) {
      line["index"] = g.play.index;
      line["index_ci95"] = {g.index_ci95_low, g.index_ci95_high};
      line["reversed"] = g.reversed;
      line["extrapolated"] = g.extrapolated;
      line["crossing"] = {{"value", g.crossing},
                          {"standard_error", g.crossing_se},
                          {"ci95", {g.crossing_ci95_low, g.crossing_ci95_high}}};
      line["slope"] = {{"value", g.slope}, {"standard_error", g.slope_se}};
      line["intercept"] = g.intercept;
      line["fit"] = {{"from_true_count", g.fitted_from},
                     {"to_true_count", g.fitted_to},
                     {"true_counts", g.fitted_buckets},
                     {"chi_squared", g.chi_squared},
                     {"se_scale", g.se_scale}};
    }
    out.push_back(line);
  }
  result["lines"] = out;
  result["performance"] = performance_json(threads, elapsed_seconds, static_cast<std::int64_t>(run.rounds));
  return result;
}

std::string format_index_table(const std::vector<bj::GeneratedIndex>& lines, bool with_given) {
  std::string text = with_given ? "line                 index  given  crossing (95% CI)        slope/TC   fit\n"
                                : "line                 index  crossing (95% CI)        slope/TC   fit\n";
  for (const bj::GeneratedIndex& g : lines) {
    char row[200];
    char given_column[16] = " ";  // the given index right-aligned in 5 columns
    if (with_given) std::snprintf(given_column, sizeof given_column, " %5s ", signed_index(g.given_index).c_str());
    const std::string given = given_column;
    if (!g.found) {
      std::snprintf(row, sizeof row, "%-20s %5s%s %s\n", line_text(g.play).c_str(), "-", given.c_str(),
                    crossing_text(g).c_str());
    } else {
      const std::string ci = signed_number(g.crossing, 2) + " (" + signed_number(g.crossing_ci95_low, 2) + " .. " +
                             signed_number(g.crossing_ci95_high, 2) + ")";
      std::snprintf(row, sizeof row, "%-20s %5s%s %-24s %+.5f  TC %+d..%+d, chi2 %.1f/%d%s%s\n",
                    line_text(g.play).c_str(), signed_index(g.play.index).c_str(), given.c_str(), ci.c_str(), g.slope,
                    g.fitted_from, g.fitted_to, g.chi_squared, std::max(0, g.fitted_buckets - 2),
                    g.extrapolated ? ", extrapolated" : "", g.reversed ? ", swapped" : "");
    }
    text += row;
  }
  return text;
}

std::string index_summary(const json& result, const std::vector<bj::GeneratedIndex>& lines, bool with_given) {
  const json& count = result.at("config");
  const json& perf = result.at("performance");
  char speed[200];
  std::snprintf(speed, sizeof speed, "%llu round starts in %llu shoes, %.1f s on %u threads (%.0f rounds/s)\n",
                result.at("run").at("rounds").get<unsigned long long>(),
                result.at("run").at("shoes").get<unsigned long long>(), perf.at("elapsed_seconds").get<double>(),
                perf.at("threads").get<unsigned>(), perf.at("rounds_per_second").get<double>());
  return "cardsim indices: " + result.at("rules").get<std::string>() + "; count " +
         count.at("count").get<std::string>() + " (" + count.at("true_count_decks").get<std::string>() + " decks, " +
         count.at("true_count_rounding").get<std::string>() + ")\n" + format_index_table(lines, with_given) + speed;
}

}  // namespace cardsim::io
