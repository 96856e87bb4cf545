#include "cardsim/io/analysis_result.hpp"

#include <array>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "blackjack_keys.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/version.hpp"

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

// How a whole-game figure was computed: exact, except Blackjack Switch's
// exchange values (see the report).
const char* figure_method(const bj::Rules& rules) { return rules.switch_hands ? "approximate" : "exact"; }

json strategy_ev_json(const bj::ChartEv& chart, const bj::Rules& rules) {
  const bj::StrategyEv& ev = chart.ev;
  json by_upcard = json::object();
  for (const int up : UPCARD_COLUMNS) {
    by_upcard[CARD_KEYS[at(up)]] = {{"probability", ev.upcard_probability[at(up)]},
                                    {"ev", ev.upcard_ev[at(up)]},
                                    {"contribution", ev.upcard_contribution[at(up)]}};
  }
  return {{"name", chart.chart.name},
          {"method", figure_method(rules)},
          {"ev", ev.ev},
          {"house_edge_percent", percent(-ev.ev)},
          {"insurance_contribution", ev.insurance},
          {"by_upcard", by_upcard},
          {"chart", format_strategy_chart(chart.chart)}};
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
[[gnu::format(printf, 2, 3)]] void append(std::string& out, const char* format, ...) {
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

void append_ev(std::string& out, const std::string& title, const bj::StrategyEv& ev) {
  append(out, "\n%s\n up   P(up)     EV|up      contribution\n", title.c_str());
  for (const int up : UPCARD_COLUMNS) {
    append(out, "  %s  %.6f  %+9.5f%%  %+9.5f%%\n", CARD_KEYS[at(up)], ev.upcard_probability[at(up)],
           PERCENT * ev.upcard_ev[at(up)], PERCENT * ev.upcard_contribution[at(up)]);
  }
  append(out, "  expected value %+.7f%% per initial bet (house edge %.7f%%)\n", PERCENT * ev.ev, -PERCENT * ev.ev);
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
  result["basic_strategy"] = strategy_ev_json(r.basic, r.rules);
  if (r.strategy) result["strategy"] = strategy_ev_json(*r.strategy, r.rules);
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
  result["performance"] = {{"elapsed_seconds", r.elapsed_seconds}, {"dealer_distributions", r.dealer_evaluations}};
  return result;
}

std::string analysis_report(const bj::AnalysisResult& r) {
  std::string out;
  append(out, "cardsim analyze: %s\n\n", describe_rules(r.rules).c_str());
  out += "Dealer final totals by up card (before the peek; bust* = bust given no blackjack)\n";
  out += " up   P(up)      17       18       19       20       21     bust  blackjack   bust*\n";
  const bj::DealerTable& d = r.dealer;
  for (const int up : UPCARD_COLUMNS) {
    const auto& p = d.unconditioned[at(up)];
    append(out, "  %s  %.6f", CARD_KEYS[at(up)], d.upcard_probability[at(up)]);
    for (int k = 0; k < bj::DEALER_FINALS; ++k) append(out, " %8.6f", p[at(k)]);
    append(out, " %8.6f\n", d.no_blackjack[at(up)][static_cast<std::size_t>(bj::DealerFinal::bust)]);
  }
  out += "\nOptimal total-dependent basic strategy for these rules\n" + format_strategy_chart(r.basic.chart);
  append_ev(out, "Exact expected value of the basic strategy", r.basic.ev);
  if (r.strategy) append_ev(out, "Exact expected value of strategy '" + r.strategy->chart.name + "'", r.strategy->ev);
  if (r.composition_dependent) {
    const double ev = r.composition_dependent->ev;
    append(out, "\nComposition-dependent optimum (split hands: %s): %+.7f%% (%+.7f%% over the basic strategy)\n",
           POST_SPLIT_TEXT[static_cast<std::size_t>(r.composition_dependent->post_split)], PERCENT * ev,
           PERCENT * (ev - r.basic.ev.ev));
  }
  if (r.rules.switch_hands) {
    append(out, "\nBlackjack Switch: the value is per hand (= per initial wager, both bets equal), summed over\n"
                "the deals of both hands and the up card; the exchange is decided, and each hand valued, from\n"
                "the hand's own cards and the up card: the other hand's cards are left in the shoe (approximate).\n");
  }
  append(out, "\n%s, splits included (any number of hands).\nAnalysis time %.3f s.\n",
         r.rules.switch_hands ? "Exact but for the exchange values above" : "Every figure is exact", r.elapsed_seconds);
  return out;
}

std::string analysis_chart_file(const bj::AnalysisResult& r) {
  return format_strategy_chart(
      r.basic.chart, "Computed by cardsim analyze " + std::string(VERSION) + " for: " + describe_rules(r.rules) +
                         "\nExact EV " + std::to_string(PERCENT * r.basic.ev.ev) + "% per initial bet (fresh shoe).");
}

}  // namespace cardsim::io
