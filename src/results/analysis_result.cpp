#include "cardsim/io/analysis_result.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "blackjack_keys.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/version.hpp"
#include "json_util.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

constexpr double PERCENT = 100.0;
// The post-split rules (PostSplit) in words.
constexpr std::array<const char*, 3> POST_SPLIT_TEXT{"CDZ-, decided as unsplit", "CDP1, the other pair card out",
                                                     "CDP, every pair card split so far out"};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

json number_or_null(double x) { return std::isnan(x) ? json(nullptr) : json(x); }

json dealer_json(const bj::DealerTable& table) {
  json by_upcard = json::object();
  for (const int up : UPCARD_COLUMNS) {
    json before = json::object(), after = json::object();
    for (int k = 0; k < bj::DEALER_FINALS; ++k) {
      before[FINAL_KEYS[at(k)]] = table.unconditioned[at(up)][at(k)];
      after[FINAL_KEYS[at(k)]] = table.no_blackjack[at(up)][at(k)];
    }
    by_upcard[CARD_KEYS[at(up)]] = {
        {"probability", table.upcard_probability[at(up)]}, {"before_peek", before}, {"no_blackjack", after}};
  }
  return by_upcard;
}

// How a whole-game figure was computed: exact, or approximate within its
// error bound (Blackjack Switch's exchange values, see the report).
const char* figure_method(const bj::ChartEv& chart) { return chart.error_bound > 0 ? "approximate" : "exact"; }

// The decimals of a percent that a figure within `bound` (per bet; 0: exact)
// may print: seven if exact, else down to the bound's first digit (0.03
// points: two).
int percent_decimals(double bound) {
  constexpr int EXACT_DECIMALS = 7;
  if (bound <= 0) return EXACT_DECIMALS;
  return std::clamp(static_cast<int>(-std::floor(std::log10(PERCENT * bound))), 0, EXACT_DECIMALS);
}

json strategy_ev_json(const bj::ChartEv& chart) {
  const bj::StrategyEv& ev = chart.ev;
  json by_upcard = json::object();
  for (const int up : UPCARD_COLUMNS) {
    by_upcard[CARD_KEYS[at(up)]] = {{"probability", ev.upcard_probability[at(up)]},
                                    {"ev", ev.upcard_ev[at(up)]},
                                    {"contribution", ev.upcard_contribution[at(up)]}};
  }
  json out = {{"name", chart.chart.name},
              {"method", figure_method(chart)},
              {"ev", ev.ev},
              {"house_edge_percent", percent(-ev.ev)},
              {"insurance_contribution", ev.insurance},
              {"by_upcard", by_upcard},
              {"chart", format_strategy_chart(chart.chart)}};
  // An approximate figure carries its bound (per initial bet; the up cards'
  // figures are not bounded apart).
  if (chart.error_bound > 0) out["error_bound"] = chart.error_bound;
  return out;
}

json hands_json(const bj::InitialHandTable& table) {
  json hands = json::array();
  for (int up = 1; up <= bj::CARD_VALUES; ++up) {
    for (int a = 1; a <= bj::CARD_VALUES; ++a) {
      for (int b = a; b <= bj::CARD_VALUES; ++b) {
        const bj::DecisionEvs& e = table.evs[at(a)][at(b)][at(up)];
        hands.push_back({{"cards", std::string(CARD_KEYS[at(a)]) + CARD_KEYS[at(b)]},
                         {"upcard", CARD_KEYS[at(up)]},
                         {"probability", table.probability[at(a)][at(b)][at(up)]},
                         {"stand", number_or_null(e.stand)},
                         {"hit", number_or_null(e.hit)},
                         {"double", number_or_null(e.double_down)},
                         {"split", number_or_null(e.split)},
                         {"surrender", number_or_null(e.surrender)}});
      }
    }
  }
  return hands;
}

// Appends printf-formatted text to `out`.
[[gnu::format(printf, 2, 3)]] void append_formatted(std::string& out, const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::va_list again;
  va_copy(again, args);
  const int size = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  if (size > 0) {
    const std::size_t old = out.size();
    out.resize(old + static_cast<std::size_t>(size) + 1);
    std::vsnprintf(out.data() + old, static_cast<std::size_t>(size) + 1, format, again);
    out.resize(old + static_cast<std::size_t>(size));
  }
  va_end(again);
}

// The EV table of a chart, each figure to the decimals its method allows.
void append_ev(std::string& out, const std::string& title, const bj::ChartEv& chart) {
  const bj::StrategyEv& ev = chart.ev;
  constexpr int TABLE_DECIMALS = 5;
  const int d = percent_decimals(chart.error_bound);
  // Approximate: the contributions (which sum to the EV) to the EV's decimals,
  // the EVs given the up card (a contribution over P(up)) to one fewer.
  const int table = std::min(d, TABLE_DECIMALS);
  const int given_up = chart.error_bound > 0 ? std::max(table - 1, 0) : table;
  append_formatted(out, "\n%s\n up   P(up)     EV|up      contribution\n", title.c_str());
  for (const int up : UPCARD_COLUMNS) {
    append_formatted(out, "  %s  %.6f  %+9.*f%%  %+9.*f%%\n", CARD_KEYS[at(up)], ev.upcard_probability[at(up)],
                     given_up, PERCENT * ev.upcard_ev[at(up)], table, PERCENT * ev.upcard_contribution[at(up)]);
  }
  append_formatted(out, "  expected value %+.*f%% per initial bet (house edge %.*f%%)", d, PERCENT * ev.ev, d,
                   -PERCENT * ev.ev);
  if (chart.error_bound > 0) append_formatted(out, ", approximate: within %g points", PERCENT * chart.error_bound);
  out += "\n";
}

// The config key each rule change changes, by blackjack::RuleKind.
constexpr std::array<const char*, 10> RULE_KEYS{"decks",          "h17",          "double",         "das",
                                                "split_hands",    "resplit_aces", "hit_split_aces", "surrender",
                                                "blackjack_pays", "hole_card"};

// What the changed game does, in words: "dealer hits soft 17 (H17)".
std::string change_text(const bj::RuleChange& change) {
  const bj::Rules& r = change.rules;
  switch (change.kind) {
    case bj::RuleKind::decks: return std::to_string(r.decks) + (r.decks == 1 ? " deck" : " decks");
    case bj::RuleKind::h17: return r.h17 ? "dealer hits soft 17 (H17)" : "dealer stands on soft 17 (S17)";
    case bj::RuleKind::double_rule:
      return r.double_rule == bj::DoubleRule::any    ? "double on any two cards"
             : r.double_rule == bj::DoubleRule::none ? "no doubling"
                                                     : "double on " + to_string(r.double_rule) + " only";
    case bj::RuleKind::double_after_split:
      return r.double_after_split ? "double after split (DAS)" : "no double after split";
    case bj::RuleKind::split_hands:
      return r.split_hands == 1 ? "no splitting" : "split to " + std::to_string(r.split_hands) + " hands";
    case bj::RuleKind::resplit_aces: return r.resplit_aces ? "resplit aces (RSA)" : "no resplitting aces";
    case bj::RuleKind::hit_split_aces: return r.hit_split_aces ? "hit split aces" : "one card to each split ace";
    case bj::RuleKind::surrender:
      return r.surrender == bj::Surrender::none ? "no surrender" : to_string(r.surrender) + " surrender";
    case bj::RuleKind::blackjack_pays:
      return "blackjack pays " + std::to_string(r.blackjack_pays_num) + ":" + std::to_string(r.blackjack_pays_den);
    case bj::RuleKind::hole_card:
      return r.hole_card == bj::HoleCard::peek   ? "dealer peeks (hole card)"
             : r.hole_card == bj::HoleCard::enhc ? "no hole card (ENHC), all bets lost to a blackjack"
                                                 : "no hole card, original bet only (ENHC-OBO)";
  }
  return "";
}

// One row of the rule-effects table, as the JSON, the text and the CSV give
// it: house edges and their changes from the base game in percent (points).
struct EffectRow {
  const char* rule;
  json from, to;
  std::string change;
  double house_edge, house_edge_change;            // the changed game's optimal strategy
  double base_house_edge, base_house_edge_change;  // the base game's strategy, unchanged
  double error_bound;                              // of each EV (0: exact)
};

std::vector<EffectRow> effect_rows(const SimConfig& config, const bj::AnalysisResult& r) {
  const json base = to_json(config);
  std::vector<EffectRow> rows;
  for (const bj::RuleEffect& e : r.rule_effects) {
    SimConfig changed = config;
    changed.rules = e.change.rules;
    const char* key = RULE_KEYS[static_cast<std::size_t>(e.change.kind)];
    rows.push_back({key, base.at(key), to_json(changed).at(key), change_text(e.change), percent(-e.optimal.ev),
                    percent(r.basic.ev.ev - e.optimal.ev), percent(-e.base_chart.ev),
                    percent(r.basic.ev.ev - e.base_chart.ev), e.error_bound});
  }
  return rows;
}

json rule_effects_json(const SimConfig& config, const bj::AnalysisResult& r) {
  json effects = json::array();
  for (const EffectRow& row : effect_rows(config, r)) {
    json effect = {{"rule", row.rule},
                   {"from", row.from},
                   {"to", row.to},
                   {"change", row.change},
                   {"method", row.error_bound > 0 ? "approximate" : "exact"},
                   {"optimal", {{"house_edge_percent", row.house_edge}, {"change_percent", row.house_edge_change}}},
                   {"base_strategy",
                    {{"house_edge_percent", row.base_house_edge}, {"change_percent", row.base_house_edge_change}}}};
    if (row.error_bound > 0) effect["error_bound"] = row.error_bound;
    effects.push_back(effect);
  }
  return effects;
}

}  // namespace

json analysis_result_json(const SimConfig& config, const bj::AnalysisResult& r) {
  json result;
  result["schema_version"] = ANALYSIS_SCHEMA_VERSION;
  result["tool"] = tool_json();
  result["command"] = "analyze";
  result["config"] = to_json(config);
  result["rules"] = describe_rules(r.rules);
  result["method"] = {
      {"shoe", "fresh shoe each round, card removal of the up card and every player card"},
      {"peek", "peek games: values given no dealer blackjack where the player decides; EVs over all rounds"},
      {"splits", "exact for the strategy played, to any number of hands: the split hands' values summed over the "
                 "patterns of their second cards, the other hands' non-pair cards conditioned by inclusion-exclusion"},
      {"strategy", "total-dependent: one action per total, up card and two/3+ cards, maximizing the EV summed over "
                   "every composition reaching it (unsplit hands)"}};
  result["dealer"] = dealer_json(r.dealer);
  if (r.rules.switch_hands) {
    result["method"]["switch"] =
        "approximate: each hand valued, and the exchange decided, with the other hand's two cards left in the shoe";
  }
  result["basic_strategy"] = strategy_ev_json(r.basic);
  if (r.strategy) result["strategy"] = strategy_ev_json(*r.strategy);
  if (r.composition_dependent) {
    const bj::CompositionDependentEv& cd = *r.composition_dependent;
    json by_upcard = json::object();
    for (const int up : UPCARD_COLUMNS) by_upcard[CARD_KEYS[at(up)]] = cd.upcard_ev[at(up)];
    result["composition_dependent"] = {{"method", "exact"},
                                       {"post_split", bj::post_split_name(cd.post_split)},
                                       {"ev", cd.ev},
                                       {"house_edge_percent", percent(-cd.ev)},
                                       {"ev_by_upcard", by_upcard}};
  }
  result["initial_hands"] = hands_json(r.initial_hands);
  if (!r.rule_effects.empty()) result["rule_effects"] = rule_effects_json(config, r);
  result["performance"] = {{"elapsed_seconds", r.elapsed_seconds}, {"dealer_distributions", r.dealer_evaluations}};
  return result;
}

std::string analysis_report(const bj::AnalysisResult& r) {
  std::string out;
  append_formatted(out, "cardsim analyze: %s\n\n", describe_rules(r.rules).c_str());
  out += "Dealer final totals by up card (before the peek; bust* = bust given no blackjack)\n";
  out += " up   P(up)      17       18       19       20       21     bust  blackjack   bust*\n";
  const bj::DealerTable& d = r.dealer;
  for (const int up : UPCARD_COLUMNS) {
    const auto& p = d.unconditioned[at(up)];
    append_formatted(out, "  %s  %.6f", CARD_KEYS[at(up)], d.upcard_probability[at(up)]);
    for (int k = 0; k < bj::DEALER_FINALS; ++k) append_formatted(out, " %8.6f", p[at(k)]);
    append_formatted(out, " %8.6f\n", d.no_blackjack[at(up)][static_cast<std::size_t>(bj::DealerFinal::bust)]);
  }
  out += "\nOptimal total-dependent basic strategy for these rules\n" + format_strategy_chart(r.basic.chart);
  const char* which = r.basic.error_bound > 0 ? "Expected value" : "Exact expected value";
  append_ev(out, std::string(which) + " of the basic strategy", r.basic);
  if (r.strategy) append_ev(out, std::string(which) + " of strategy '" + r.strategy->chart.name + "'", *r.strategy);
  if (r.composition_dependent) {
    const double ev = r.composition_dependent->ev;
    append_formatted(out,
                     "\nComposition-dependent optimum (split hands: %s): %+.7f%% (%+.7f%% over the basic strategy)\n",
                     POST_SPLIT_TEXT[static_cast<std::size_t>(r.composition_dependent->post_split)], PERCENT * ev,
                     PERCENT * (ev - r.basic.ev.ev));
  }
  if (r.rules.switch_hands) {
    append_formatted(out,
                     "\nBlackjack Switch: the value is per hand (= per initial wager, both bets equal), summed over\n"
                     "the deals of both hands and the up card; the exchange is decided, and each hand valued, from\n"
                     "the hand's own cards and the up card: the other hand's cards are left in the shoe (approximate,\n"
                     "within %g points as the simulator measures it; printed to that precision).\n",
                     PERCENT * r.basic.error_bound);
  }
  append_formatted(out, "\n%s, splits included (any number of hands).\nAnalysis time %.3f s.\n",
                   r.rules.switch_hands ? "Exact but for the Switch game's values above" : "Every figure is exact",
                   r.elapsed_seconds);
  return out;
}

std::string rule_effects_report(const SimConfig& config, const bj::AnalysisResult& r) {
  const std::vector<EffectRow> rows = effect_rows(config, r);
  // Exact: four decimals of a point; Switch: the decimals a difference of
  // two figures within the bound allows.
  constexpr int EXACT_POINT_DECIMALS = 4;
  const int d = r.basic.error_bound > 0 ? percent_decimals(2 * r.basic.error_bound) : EXACT_POINT_DECIMALS;
  std::string out;
  append_formatted(out, "cardsim analyze --rule-effects: %s\n", describe_rules(r.rules).c_str());
  append_formatted(out, "House edge %.*f%% with its optimal basic strategy (%s, fresh shoe each round).\n",
                   percent_decimals(r.basic.error_bound), -PERCENT * r.basic.ev.ev,
                   r.basic.error_bound > 0 ? "approximate" : "exact");
  out += "Change in house edge from each single rule change, in points (+: the house gains):\n";
  out += "'optimal' plays the changed game's own optimal strategy, 'base strategy' this game's unchanged.\n\n";
  int width = 0;
  for (const EffectRow& row : rows) width = std::max(width, static_cast<int>(row.change.size()));
  append_formatted(out, "  %-15s %-*s %9s %14s\n", "rule", width, "changed to", "optimal", "base strategy");
  for (const EffectRow& row : rows) {
    append_formatted(out, "  %-15s %-*s %+9.*f %+14.*f\n", row.rule, width, row.change.c_str(), d,
                     row.house_edge_change, d, row.base_house_edge_change);
  }
  if (r.basic.error_bound > 0) {
    append_formatted(out, "\nBlackjack Switch: each house edge within %g points, so each change within %g.\n",
                     PERCENT * r.basic.error_bound, 2 * PERCENT * r.basic.error_bound);
  }
  append_formatted(out, "\n%zu rule changes analyzed in %.1f s.\n", rows.size(), r.elapsed_seconds);
  return out;
}

std::string rule_effects_csv(const SimConfig& config, const bj::AnalysisResult& r) {
  std::string csv = "rule,from,to,change,method,house_edge_percent,change_percent,base_strategy_house_edge_percent,"
                    "base_strategy_change_percent\n";
  for (const EffectRow& row : effect_rows(config, r)) {
    for (const json& field : {json(row.rule), row.from, row.to, json(row.change)})
      csv += json_util::csv_field(field) + ",";
    csv += std::string(row.error_bound > 0 ? "approximate" : "exact");
    for (const double x : {row.house_edge, row.house_edge_change, row.base_house_edge, row.base_house_edge_change}) {
      csv += ',';
      csv += json(x).dump();
    }
    csv += "\n";
  }
  return csv;
}

std::string analysis_chart_file(const bj::AnalysisResult& r) {
  std::string ev = "Exact EV " + std::to_string(PERCENT * r.basic.ev.ev) + "% per initial bet (fresh shoe).";
  if (r.basic.error_bound > 0) {
    ev.clear();
    const int d = percent_decimals(r.basic.error_bound);
    append_formatted(ev, "EV %+.*f%% per initial bet (fresh shoe; approximate, within %g points).", d,
                     PERCENT * r.basic.ev.ev, PERCENT * r.basic.error_bound);
  }
  return format_strategy_chart(r.basic.chart, "Computed by cardsim analyze " + std::string(VERSION) +
                                                  " for: " + describe_rules(r.rules) + "\n" + ev);
}

}  // namespace cardsim::io
