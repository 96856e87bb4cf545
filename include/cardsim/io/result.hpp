// The result of a simulation: statistics derived from a Tally, as the result
// JSON of DESIGN.md and as a short human summary.
//
// JSON layout (schema_version 2): tool, command, config (resolved), run (seed,
// rounds, chunks, partial), strategy, edge, outcomes, dealer, shoe, seats,
// tally (raw integers, so results merge exactly) and performance (threads,
// elapsed time, rounds per second: the only part that varies between runs of
// the same seed). README.md documents every field.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/tally.hpp"
#include "cardsim/io/config.hpp"

namespace cardsim::io {

// 2: the dealer's figures over every round (dealer.played_out) and the old
// ones renamed (..._when_played); a tally field for the dealer's unneeded
// hands; per-seat house edges; null standard errors of one round.
inline constexpr int RESULT_SCHEMA_VERSION = 2;

// Mean, standard error and 95% interval of a per-round quantity, from its
// sum and sum of squares over n rounds, divided by `scale`. With fewer than
// two rounds there is no SD, standard error or interval (has_se() is false;
// the fields are 0 and the JSON writes null).
struct Estimate {
  double mean = 0;
  double sd = 0;  // per round
  double se = 0;
  double ci95_low = 0;
  double ci95_high = 0;
  std::int64_t n = 0;  // rounds
  bool has_se() const { return n >= 2; }
};
Estimate estimate(std::int64_t sum, std::int64_t sum_squared, std::int64_t n, double scale);

// The two-sided 95% normal quantile.
inline constexpr double Z95 = 1.959963984540054;

struct RunInfo {
  std::string strategy;            // the chart played (its resolved name)
  double exact_ev = 0;             // the chart's exact EV with a fresh shoe each round (Analyzer)
  std::uint64_t chunks = 0;        // chunks in the run
  std::uint64_t chunks_played = 0;
  unsigned threads = 0;
  double elapsed_seconds = 0;
};

// The "tool" object of every JSON cardsim writes: name, version, git revision.
nlohmann::json tool_json();

// A 128-bit integer as decimal digits (with '-' if negative): how results
// write sums that JSON numbers cannot hold.
std::string wide_to_string(blackjack::WideSum value);

nlohmann::json tally_to_json(const blackjack::Tally& tally);
blackjack::Tally tally_from_json(const nlohmann::json& j);

nlohmann::json sim_result_json(const SimConfig& config, const RunInfo& run, const blackjack::Tally& tally);

// A few readable lines: the rules, the house edge with its 95% interval, the
// main rates and the speed.
std::string sim_summary(const nlohmann::json& result);

}  // namespace cardsim::io
