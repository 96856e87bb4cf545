// Shard results (`cardsim sim --shard i/N`) and their merge (`cardsim merge`).
//
// A shard result is a normal result JSON (io::sim_result_json, with run.chunks
// counting the shard's chunks) plus a "shard" object:
//   index, count     the shard (chunk c belongs to shard c mod count)
//   assignment       that rule, in words
//   identity         io::run_identity() of the run
//   exact_ev         the chart's exact EV (so the merged result need not redo it)
//   checksum         io::json_checksum() of {"shard": the rest of this object,
//                    "tally": the result's tally}
// merge_shards() checks that the shards belong to one run, none is missing,
// repeated, partial or damaged, adds their tallies and builds the result the
// single-process run writes, identical to it except "performance".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/tally.hpp"
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
};

// Reads a shard result file's text; throws Error naming `source` if it is not
// valid JSON, not a shard result, partial, damaged (checksum) or inconsistent
// (its tally's rounds differ from its chunks').
ShardResult shard_result_from_text(std::string_view text, const std::string& source);

// The merged result JSON of all shards of one run (in any order). Throws Error
// if they are of different runs, or a shard is missing or given twice.
// "performance": threads summed, elapsed_seconds the longest shard's.
nlohmann::json merge_shards(const std::vector<ShardResult>& shards);

}  // namespace cardsim::io
