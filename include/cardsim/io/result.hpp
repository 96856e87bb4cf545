// The result of a simulation: statistics derived from a Tally, as the result
// JSON of DESIGN.md and as a short human summary.
//
// JSON layout (schema_version 2): tool, command, config (resolved), run (seed,
// rounds, chunks, partial), strategy, edge, outcomes, dealer, shoe, seats,
// tally (raw integers, so results merge exactly) and performance (threads,
// elapsed time, rounds per second: the only part that varies between runs of
// the same seed). docs/results.md documents every field (the test
// docs.results fails when a key is missing there).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counter_estimate.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::io {

// 2: the dealer's figures over every round (dealer.played_out) and the old
// ones renamed (..._when_played); a tally field for the dealer's unneeded
// hands; per-seat house edges; null standard errors of one round.
inline constexpr int RESULT_SCHEMA_VERSION = 2;

// The estimators live in core/estimate.hpp (mean, SD, SE and 95% interval of
// a per-round quantity; null SEs for fewer than two rounds); io/ only writes
// them.
using Estimate = core::MeanEstimate;
using core::Z95;
inline Estimate estimate(std::int64_t sum, std::int64_t sum_squared, std::int64_t n, double scale) {
  return core::mean_estimate(sum, sum_squared, n, scale);
}

struct RunInfo {
  std::string strategy;            // the chart played (its resolved name)
  double exact_ev = 0;             // the chart's exact EV with a fresh shoe each round (Analyzer)
  std::uint64_t chunks = 0;        // chunks in the run
  std::uint64_t chunks_played = 0;
  unsigned threads = 0;
  double elapsed_seconds = 0;
  // Rounds this process played (a resumed run: not those its checkpoint
  // held), for rounds_per_second; -1: all the tally's rounds.
  std::int64_t rounds_played = -1;
  // A counting run's index plays as played, one index-file line each
  // (io::index_play_lines): the result's counting.index_plays.
  std::vector<std::string> index_plays;
};

// The "tool" object of every JSON cardsim writes: name, version, git revision.
nlohmann::json tool_json();

// What pieces of one run (checkpoints, shard results) must share to combine:
// {"name": "cardsim", "schema_version": RESULT_SCHEMA_VERSION,
// "stream_version": core::STREAM_VERSION}. Not the git revision: a build that
// deals the same cards and writes the same results continues a run.
nlohmann::json compatibility_json();

// A 128-bit integer as decimal digits (with '-' if negative): how results
// write sums that JSON numbers cannot hold.
std::string wide_to_string(blackjack::WideSum value);

nlohmann::json tally_to_json(const blackjack::Tally& tally);
blackjack::Tally tally_from_json(const nlohmann::json& j);

// The counter's figures (blackjack::counter_estimate) as a counting result
// writes them: average initial bet, win per round and per 100 rounds, SD,
// edge per initial bet, DI, SCORE, N0 and the hours to it (at
// k.rounds_per_hour), the risk of ruin of k.bankroll; each with its standard
// error or 95% interval (null where there is none).
nlohmann::json counter_json(const blackjack::CounterEstimate& estimate, const CountingConfig& k);

nlohmann::json sim_result_json(const SimConfig& config, const RunInfo& run, const blackjack::Tally& tally);

// The first keys of the result of a command that plays the game of `config`
// (indices, ramp): schema_version, tool, command, config (resolved) and rules
// (in words).
nlohmann::json game_result_head(int schema_version, const std::string& command, const SimConfig& config);

// A result's "performance" object: threads, elapsed_seconds, rounds_played
// and rounds_per_second (0 when no time elapsed). The only part of a result
// that varies between runs of the same seed.
nlohmann::json performance_json(unsigned threads, double elapsed_seconds, std::int64_t rounds_played);

// A few readable lines: the rules, the house edge with its 95% interval, the
// main rates and the speed.
std::string sim_summary(const nlohmann::json& result);

// How a run's "stopped_by" names a run::StopReason: "rounds", "target_se",
// "interrupted".
std::string to_string(run::StopReason reason);

}  // namespace cardsim::io
