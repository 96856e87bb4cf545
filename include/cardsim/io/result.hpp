// The result of a simulation as the result JSON (docs/results.md) and as a short
// human summary. The figures are computed in the blackjack layer
// (blackjack/statistics.hpp, from the Tally); this file only converts them.
//
// JSON layout (schema_version 3): tool, command, config (resolved), run (seed,
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

#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/tally_json.hpp"  // tally_to_json, tally_from_json, for the users of results
#include "cardsim/io/wide_sum.hpp"    // wide_to_string, for the users of results
#include "cardsim/run/runner.hpp"

namespace cardsim::io {

// 2: the dealer's figures over every round (dealer.played_out) and the old
// ones renamed (..._when_played); a tally field for the dealer's unneeded
// hands; per-seat house edges; null standard errors of one round.
// 3: by true count, the shoes that reached the count (a tally field); the
// count's edge SEs null under blackjack::MIN_SHOES_FOR_SE shoes.
inline constexpr int RESULT_SCHEMA_VERSION = 3;
// The version of `cardsim bench`'s result (app/bench.hpp; docs/results.md).
inline constexpr int BENCH_SCHEMA_VERSION = 1;

// The 95% normal quantile of the intervals the results and reports print.
using core::Z95;

// A side bet as a run plays it: as the config names it, its file as read when
// the run started, and its exact PAR sheet for the run's shoe, computed then:
// nothing about it is read again after the run.
struct PlayedSideBet {
  std::string named;
  SideBetFile file;
  blackjack::ParSheet exact;
};

// The side bets `files` of `config` (in the order of config.side_bets) with
// their exact PAR sheets for its decks and dealer rule.
std::vector<PlayedSideBet> played_side_bets(const SimConfig& config, std::vector<SideBetFile> files);

// As a run identity carries them (io/run_identity.hpp): [{"named": the name in
// the config, "file": side_bet_file_to_json()}], so that a resumed or merged
// run plays and reports the very bets of the run that started it...
nlohmann::json side_bets_identity_json(const std::vector<PlayedSideBet>& side_bets);
// ... and back (the PAR sheets computed again from them, not from a file);
// throws Error naming `source`.
std::vector<PlayedSideBet> side_bets_from_identity(const SimConfig& config, const nlohmann::json& side_bets,
                                                   const std::string& source);

// The run around a tally, as the result JSON and the summary name it. Build it
// with designated initializers, naming the fields set:
//   io::RunInfo{.strategy = chart.name, .exact_ev = ev, .chunks = n, .chunks_played = n}
struct RunInfo {
  std::string strategy{};    // the chart played (its resolved name)
  double exact_ev = 0;       // the chart's exact EV with a fresh shoe each round (Analyzer)
  std::uint64_t chunks = 0;  // chunks in the run (or the shard)
  std::uint64_t chunks_played = 0;
  unsigned threads = 0;
  double elapsed_seconds = 0;
  // Rounds this process played (a resumed run: not those its checkpoint
  // held), for rounds_per_second; ALL_ROUNDS: all the tally's rounds.
  static constexpr std::int64_t ALL_ROUNDS = -1;
  std::int64_t rounds_played = ALL_ROUNDS;
  // A counting run's index plays as played, one index-file line each
  // (io::index_play_lines): the result's counting.index_plays.
  std::vector<std::string> index_plays{};
  // --target-se (0: none; then run.target_se and run.stopped_by are not
  // written) and what stopped the run.
  double target_se = 0;
  run::StopReason stopped_by = run::StopReason::rounds;
  unsigned mpi_ranks = 0;    // an MPI run's ranks (performance.mpi_ranks if more than 1)
  std::uint64_t shards = 0;  // a merged run's shards (performance.shards if any)
  // The side bets played (config.side_bets, loaded with the run).
  std::vector<PlayedSideBet> side_bets{};

  // Fewer chunks played than the run has: a partial result.
  bool partial() const { return chunks_played < chunks; }
};

// The "tool" object of every JSON cardsim writes: name, version, git revision.
nlohmann::json tool_json();

// What pieces of one run (checkpoints, shard results) must share to combine:
// {"name": "cardsim", "schema_version": RESULT_SCHEMA_VERSION,
// "stream_version": core::STREAM_VERSION}. Not the git revision: a build that
// deals the same cards and writes the same results continues a run.
nlohmann::json compatibility_json();

// What the "empty" key of a result of no rounds says (an empty shard).
inline constexpr const char* EMPTY_RESULT_NOTE =
    "no rounds: this shard holds none of the run's chunks (the run has fewer chunks than shards), so it has no "
    "figures; cardsim merge combines it with the other shards";

// The result JSON of a run of `config` that played `tally`; its figures are
// blackjack::sim_statistics' and compare_with_exact's. A tally of no rounds
// (an empty shard) gives the run's head, "empty" (EMPTY_RESULT_NOTE), the
// tally and the performance, without figures.
nlohmann::json sim_result_json(const SimConfig& config, const RunInfo& run, const blackjack::Tally& tally);

// The "counting" object of a result: what `k` played (system, true count,
// ramp, wonging, index set), the counter's figures of `c` (average bet, win
// and SD with their standard errors, DI, SCORE, N0, risk of ruin for
// c.risk_of_ruin.bankroll) and the edge and insurance by true count.
nlohmann::json counting_json(const CountingConfig& k, const blackjack::CountingStatistics& c);

// The "control_variate" object of a result: which estimate the headline is
// (method exact or none) and, for a controlled run, the values used, the
// variance reduction factor of the table's result with its SE, and the plain
// rounds it is worth.
nlohmann::json control_variate_json(const blackjack::SimStatistics& stats);

// The first keys of the result of a command that plays the game of `config`
// (indices, ramp): schema_version, tool, command, config (resolved) and rules
// (in words).
nlohmann::json game_result_head(int schema_version, const std::string& command, const SimConfig& config);

// A "performance" object: threads, elapsed_seconds, rounds_played and
// rounds_per_second (0 when no time elapsed): the only part of a result that
// varies between runs of the same seed.
nlohmann::json performance_json(unsigned threads, double elapsed_seconds, std::int64_t rounds_played);

// A few readable lines about the same run: the rules, the house edge with its
// 95% interval, the exact value, the main rates, the counter's figures and
// the speed.
std::string sim_summary(const SimConfig& config, const RunInfo& run, const blackjack::Tally& tally);

// One side bet of a run (SimConfig::side_bets): its file, its exact PAR sheet
// for the game's decks and dealer rule, and its simulated figures
// (blackjack::side_bet_statistics), as the result reports them.
struct SideBetFigures {
  std::string named;  // as the config names it
  SideBetFile file;
  blackjack::ParSheet exact;
  blackjack::SideBetStatistics stats;
  double table_units = 1;  // pay units of one unit bet on every seat
};
// Each of the side bets `played` of a run of `config` in `tally`.
std::vector<SideBetFigures> side_bet_figures(const SimConfig& config, const std::vector<PlayedSideBet>& played,
                                             const blackjack::Tally& tally);

// How a run's "stopped_by" names a run::StopReason: "rounds", "target_se",
// "interrupted".
std::string to_string(run::StopReason reason);

}  // namespace cardsim::io
