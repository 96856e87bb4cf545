// Shard results (`cardsim sim|compare|sweep --shard i/N`) and their merge
// (`cardsim merge`).
//
// A shard result of `sim` is a normal result JSON (io::sim_result_json, with
// run.chunks counting the shard's chunks) plus a "shard" object:
//   index, count     the shard (chunk c belongs to shard c mod count)
//   assignment       that rule, in words
//   identity         io::run_identity() of the run: its config, chart and
//                    counting, and compatibility_json() (the result schema
//                    and stream version, not the git revision)
//   exact_ev         the chart's exact EV (so the merged result need not redo it)
//   checksum         fingerprint() of {"shard": the rest of this object,
//                    "tally": the result's tally}
// A shard result of `compare` or `sweep` is their result JSON
// (io::paired_result_json, run.chunks counting the shard's chunks) plus a
// "shard" object of the same design:
//   index, count, assignment  as above
//   identity         io::paired_run_identity() of the run (command, varied,
//                    every variant's label, values, config and chart)
//   exact_ev         [variant]: each chart's exact EV
//   chunk_table_net  [variant][i]: the table's net (bet units) in the shard's
//                    i-th chunk (ascending), from which the merge rebuilds the
//                    paired differences exactly
//   checksum         fingerprint() of {"shard": the rest of this object,
//                    "tallies": [each variant's result.tally]}
// The merges check that the shards belong to one run (equal identities: so
// shards written by different builds of the same schema and stream version
// merge), none is missing, repeated, partial or damaged, add their tallies and
// build the result the single-process run writes, identical to it except
// "performance" (and "tool", the merging build's).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/paired.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/run/shard.hpp"

namespace cardsim::io {

inline constexpr const char* SHARD_ASSIGNMENT = "chunk c belongs to shard c mod count";

// Adds the "shard" object to `result` (a sim result of shard `shard`).
void add_shard_info(nlohmann::json& result, const nlohmann::json& identity, const run::Shard& shard, double exact_ev);

// One shard result as read back.
struct ShardResult {
  std::string source;  // the file, for messages
  nlohmann::json identity;
  run::Shard shard;
  double exact_ev = 0;
  blackjack::Tally tally;
  unsigned threads = 0;
  double elapsed_seconds = 0;
  std::vector<std::string> index_plays;  // counting.index_plays (RunInfo::index_plays)
  std::vector<PlayedSideBet> side_bets;  // from its identity
};

// Reads a shard result file's text; throws Error naming `source` if it is not
// valid JSON, not a shard result, partial, damaged (checksum) or inconsistent
// (its tally's rounds differ from its chunks').
ShardResult shard_result_from_text(std::string_view text, const std::string& source);

// The merged run of all shards of one run (in any order): its config, its
// RunInfo and the tally of every chunk, from which sim_result_json and
// sim_summary build the single-process result. Throws Error if they are of
// different runs, or a shard is missing or given twice. RunInfo: threads
// the most one shard used, elapsed_seconds the longest shard's, shards their
// count, side_bets those of the identity.
struct MergedSim {
  SimConfig config;
  RunInfo info;
  blackjack::Tally tally;
};
MergedSim merge_sim_shards(const std::vector<ShardResult>& shards);
// sim_result_json of merge_sim_shards.
nlohmann::json merge_shards(const std::vector<ShardResult>& shards);

// Adds the "shard" object to `result` (a compare or sweep result of shard
// `shard`, played as `run`; exact_ev[v] is variant v's exact EV).
void add_paired_shard_info(nlohmann::json& result, const nlohmann::json& identity, const run::Shard& shard,
                           const std::vector<double>& exact_ev, const blackjack::PairedRun& run);

// One compare or sweep shard result as read back.
struct PairedShardResult {
  std::string source;  // the file, for messages
  nlohmann::json identity;
  run::Shard shard;
  std::vector<double> exact_ev;                                 // [variant]
  std::vector<blackjack::Tally> tallies;                        // [variant]
  std::vector<std::vector<std::int64_t>> chunk_nets;            // [variant][i]: the shard's i-th chunk
  std::vector<std::vector<blackjack::WideSum>> chunk_controls;  // [variant][i]: its control sum (0: plain)
  // [variant][i][bet]: the table's net on each side bet in the shard's i-th
  // chunk ("chunk_side_net", written only with side bets; zeros without).
  std::vector<std::vector<std::array<std::int64_t, blackjack::MAX_SIDE_BETS>>> chunk_side_nets;
  unsigned threads = 0;
  double elapsed_seconds = 0;
  double setup_seconds = 0;
};

// Reads a compare or sweep shard result file's text; throws Error naming
// `source` as shard_result_from_text does, and if its variants disagree with
// its identity or its per-chunk nets with its tallies.
PairedShardResult paired_shard_result_from_text(std::string_view text, const std::string& source);

// The merged compare or sweep run of all shards of one run (in any order);
// throws Error as merge_sim_shards does. PairedRunInfo as merge_sim_shards
// fills RunInfo, and setup_seconds the longest shard's.
struct MergedPaired {
  std::vector<PairedVariant> variants;
  PairedRunInfo info;
  blackjack::PairedRun run;
};
MergedPaired merge_paired_shard_results(const std::vector<PairedShardResult>& shards);
// paired_result_json of merge_paired_shard_results.
nlohmann::json merge_paired_shards(const std::vector<PairedShardResult>& shards);

// A shard result file: its name (for messages) and its text.
struct ShardFile {
  std::string source;
  std::string text;
};

// What `cardsim merge` writes: the merged result of `files`, all shards of one
// `sim`, `compare`, `sweep` or `zjh sim` run (the command is read from each file's
// identity), its summary and (compare and sweep) its CSV, as the command
// itself writes them. Throws Error if any file is not a valid shard result,
// or if they are of different commands, or as the merges above do.
struct MergedOutput {
  std::string command;  // "sim", "compare", "sweep" or "zjh sim"
  nlohmann::json result;
  std::string summary;
  std::string csv;  // compare and sweep
};
MergedOutput merge_shard_files(const std::vector<ShardFile>& files);

// The summary of a shard that holds none of the run's chunks (`plan`): one
// line saying so, that its result is an empty one and merge takes it.
// `per`: what the rounds are counted per (" per variant" for compare and sweep).
std::string empty_shard_summary(const run::Shard& shard, const run::ChunkPlan& plan, const std::string& per = "");

// Sets result["shard"]["checksum"] for the rest of the shard result `result`
// (of any command): what add_shard_info and add_paired_shard_info do last.
void seal_shard_result(nlohmann::json& result);

}  // namespace cardsim::io
