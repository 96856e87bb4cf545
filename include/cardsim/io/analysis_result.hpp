// The result of `cardsim analyze` (blackjack::analyze): its JSON, its text
// report and the chart file it writes. Conversion only; the analysis lives in
// blackjack/analyze.hpp.
//
// JSON layout (schema_version ANALYSIS_SCHEMA_VERSION): tool, command
// ("analyze"), config (resolved), rules (described), method, dealer (by up
// card: probability, before_peek, no_blackjack), basic_strategy and strategy
// (name, ev, house_edge_percent, insurance_contribution, by_upcard, chart),
// composition_dependent (if computed), initial_hands, rule_effects (if
// computed), performance (elapsed
// time, dealer distributions). docs/results.md ("analyze") documents every
// field.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analyze.hpp"
#include "cardsim/io/config.hpp"

namespace cardsim::io {

// Version of the JSON layout of `analyze`.
inline constexpr int ANALYSIS_SCHEMA_VERSION = 1;

// The result JSON of `result`, the analysis of `config`'s rules.
nlohmann::json analysis_result_json(const SimConfig& config, const blackjack::AnalysisResult& result);

// The readable report: the dealer table, the basic strategy chart, the EVs by
// up card of each chart, the composition-dependent optimum if computed, and
// the analysis time.
std::string analysis_report(const blackjack::AnalysisResult& result);

// The effect of each single rule change (result.rule_effects, in the JSON's
// "rule_effects"): the readable table, and the CSV (a header, then one row per
// change: rule, from, to, change, method, the house edge and its change in
// percent with the changed game's optimal strategy and with the base's).
std::string rule_effects_report(const SimConfig& config, const blackjack::AnalysisResult& result);
std::string rule_effects_csv(const SimConfig& config, const blackjack::AnalysisResult& result);

// The computed basic strategy as a chart file, with a header naming the rules
// and its exact EV.
std::string analysis_chart_file(const blackjack::AnalysisResult& result);

}  // namespace cardsim::io
