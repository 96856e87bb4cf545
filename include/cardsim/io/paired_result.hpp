// The result of `cardsim compare` and `cardsim sweep` (rule variants played on
// the same cards, blackjack/paired.hpp): its JSON, its CSV and its summary.
// The subcommands and `cardsim merge` (of their shard results) build it with
// the same function, so a merged result is the single-process one.
//
// JSON layout (schema_version 2, as result.hpp): tool, command ("compare" or
// "sweep"), run (seed, rounds_requested, rounds, chunks, chunks_played,
// chunk_rounds, target_se, stopped_by, partial, pairing), varied (sweep: the
// varied keys), variants (per variant: label, values, result = a sim result
// without tool, schema_version and performance, difference against the first
// variant or null) and performance (threads, elapsed_seconds,
// rounds_per_second, setup_seconds; shards for a merged run). docs/results.md
// documents every field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/paired.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::io {

// One variant of a paired run, as the result and the run's identity name it.
struct PairedVariant {
  std::string label;
  nlohmann::json values = nlohmann::json::object();  // sweep: the varied keys' values
  SimConfig config;                                  // resolved, with the run's seed, rounds and chunk_rounds
  std::string strategy;                              // the chart played (its resolved name)
  std::string chart_fingerprint;                     // io::chart_fingerprint() of that chart
  double exact_ev = 0;                               // its exact EV with a fresh shoe (Analyzer)
  std::vector<PlayedSideBet> side_bets{};            // its side bets, as read when the run started
};

// The run around the variants (designated initializers name the fields set).
struct PairedRunInfo {
  std::string command{};              // "compare" or "sweep"
  std::vector<std::string> varied{};  // sweep: the varied keys, in --vary order
  std::uint64_t chunks = 0;           // chunks this run (or shard) was given
  double target_se = 0;               // 0: none
  run::StopReason stopped_by = run::StopReason::rounds;
  unsigned threads = 0;
  double elapsed_seconds = 0;  // playing the rounds
  double setup_seconds = 0;    // before: the variants' strategies and exact EVs
  std::uint64_t shards = 0;    // a merged run's shards (performance.shards if any)
};

// The result JSON of `run` (variant v of `run` is variants[v]; the first is
// the baseline). Each variant's figures are blackjack::sim_statistics'; the
// differences use the paired per-chunk results of the chunks played
// (blackjack::paired_difference).
nlohmann::json paired_result_json(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                                  const blackjack::PairedRun& run);

// The CSV of the same result: a header and one row per variant (docs/results.md
// lists the columns), each number as the JSON writes it.
std::string paired_result_csv(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                              const blackjack::PairedRun& run);

// The summary table of the same result: a line about the run, then one line
// per variant (edge, SE, exact edge, change with its paired SE, unpaired SE).
std::string paired_summary(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                           const blackjack::PairedRun& run);

// What makes shards parts of one compare or sweep run: {"compatibility":
// compatibility_json() (the result schema and stream version, not the git
// revision: builds that deal the same cards and write the same results merge
// each other's shards), "command", "varied", "variants": [{"label", "values",
// "config", "strategy", "chart_fingerprint", and with side bets "side_bets"
// (side_bets_identity_json)}, ...], and "inputs" if not null (the files read,
// inputs_identity_json)}; seed, rounds and chunk_rounds are in every
// variant's config.
nlohmann::json paired_run_identity(const std::string& command, const std::vector<std::string>& varied,
                                   const std::vector<PairedVariant>& variants, const nlohmann::json& inputs = nullptr);

}  // namespace cardsim::io
