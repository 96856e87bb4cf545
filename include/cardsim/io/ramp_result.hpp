// `cardsim ramp`: a bet spread from text, and a derived bet ramp
// (blackjack/ramp.hpp) as a JSON result and a readable summary.
//
// JSON layout (schema_version 1): tool, command "ramp", config (resolved),
// rules, sizing (spread, bankroll, Kelly fraction), method, ramp (the
// --bet-ramp text and its steps), by_true_count (each true count's rounds,
// result per round with SE, variance with SE, Kelly bet with SE and the bet),
// predicted and simulated (the counter's figures, as a counting result's
// "counting" object writes them), difference_in_standard_errors, run (seed,
// rounds, the chunks fitted and confirmed, partial) and performance.
// docs/indices.md ("Bet ramps") documents the fields.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/ramp.hpp"
#include "cardsim/io/config.hpp"

namespace cardsim::io {

inline constexpr int RAMP_RESULT_SCHEMA_VERSION = 1;

// Parses a spread "LOW-HIGH" in base bets ("1-12"); throws Error if it is
// not two whole numbers joined by '-', or (blackjack::validate_spread) unless
// 1 <= LOW <= HIGH <= MAX_BET_UNITS.
blackjack::BetSpread parse_bet_spread(const std::string& text);

// The result JSON of a finished derive_ramp() for `config` (its rules, count
// and seed; its bankroll is the sizing's), with performance.
nlohmann::json ramp_result_json(const SimConfig& config, const blackjack::RampPlan& plan, const blackjack::RampRun& run,
                                unsigned threads, double elapsed_seconds);

// What `cardsim ramp` prints, from the result JSON: the table by true count,
// the ramp as --bet-ramp, and the predicted and simulated figures side by side.
std::string ramp_summary(const nlohmann::json& result);

}  // namespace cardsim::io
