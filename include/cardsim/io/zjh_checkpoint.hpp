// The files of a `zjh sim` job besides its result: its run identity, its
// checkpoint (`zjh sim --checkpoint FILE`, continued by `--resume FILE`) and
// its shard results (`--shard i/N`, combined by `cardsim merge`), built as
// blackjack's are (io/checkpoint.hpp, io/shard.hpp) and checked the same way:
// a checksum for accidents, then that the pieces belong to one run and that
// their tallies could have been played.
//
// Checkpoint (one JSON object): format "cardsim-zjh-checkpoint",
// format_version 1, identity (zjh_run_identity), shard ({index, count} or
// null), chunks (the shard's), completed_chunks ([first, last] ranges),
// tally (zjh_tally_to_json), checksum (json_checksum of the rest).
// Shard result: the `zjh sim` result of the shard's chunks plus "shard":
// index, count, assignment, identity, checksum (fingerprint of the shard
// object and the tally, as blackjack's).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/run/shard.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::io {

inline constexpr int ZJH_CHECKPOINT_FORMAT_VERSION = 1;

// {"compatibility": compatibility_json() with the zjh schema, "command":
// "zjh sim", "config": zjh_sim_config_json(config)} and, if not null,
// "inputs": the files the run read (inputs_identity_json()).
nlohmann::json zjh_run_identity(const zjh::SimConfig& config, const nlohmann::json& inputs = nullptr);

struct ZjhCheckpoint {
  zjh::SimConfig config;
  nlohmann::json inputs;  // the files the run read (null: none said)
  run::Shard shard;       // 0/1 unless sharded
  bool sharded = false;
  std::vector<std::uint64_t> completed_chunks;  // ascending, all in the shard
  zjh::SimTally tally;                          // of the completed chunks
};

std::string zjh_checkpoint_to_text(const ZjhCheckpoint& checkpoint);
// Throws Error naming `source` for a file that is not such a checkpoint, is
// damaged (checksum), of another build's streams, or inconsistent (chunks out
// of the shard, deals that do not match the chunks, an impossible tally).
ZjhCheckpoint zjh_checkpoint_from_text(std::string_view text, const std::string& source);

// Adds the "shard" object to `result` (a zjh sim result of shard `shard`).
void add_zjh_shard_info(nlohmann::json& result, const nlohmann::json& identity, const run::Shard& shard);

}  // namespace cardsim::io
