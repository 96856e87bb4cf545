#include "cardsim/io/zjh_checkpoint.hpp"

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/checkpoint.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/io/whole_number.hpp"
#include "cardsim/io/zjh_config.hpp"
#include "cardsim/io/zjh_result.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {
constexpr const char* ZJH_CHECKPOINT_FORMAT = "cardsim-zjh-checkpoint";

// What a zjh job's pieces must share to combine: the zjh result schema and
// the stream version (what a seed deals), not the git revision.
json zjh_compatibility_json() {
  return {{"name", "cardsim"},
          {"game", "zjh"},
          {"schema_version", ZJH_SCHEMA_VERSION},
          {"stream_version", core::STREAM_VERSION}};
}
}  // namespace

json zjh_run_identity(const zjh::SimConfig& config, const json& inputs) {
  json identity = {
      {"compatibility", zjh_compatibility_json()}, {"command", "zjh sim"}, {"config", zjh_sim_config_json(config)}};
  if (!inputs.is_null()) identity["inputs"] = inputs;
  return identity;
}

std::string zjh_checkpoint_to_text(const ZjhCheckpoint& checkpoint) {
  const run::ChunkPlan plan{checkpoint.config.deals, checkpoint.config.chunk_deals};
  json j;
  j["format"] = ZJH_CHECKPOINT_FORMAT;
  j["format_version"] = ZJH_CHECKPOINT_FORMAT_VERSION;
  j["identity"] = zjh_run_identity(checkpoint.config, checkpoint.inputs);
  j["shard"] = checkpoint.sharded ? json{{"index", checkpoint.shard.index}, {"count", checkpoint.shard.count}} : json();
  j["chunks"] = run::shard_chunks(plan, checkpoint.shard).size();
  j["completed_chunks"] = chunk_ranges_to_json(checkpoint.completed_chunks);
  j["tally"] = zjh_tally_to_json(checkpoint.tally);
  j["checksum"] = json_checksum(j);
  return j.dump(1) + "\n";
}

ZjhCheckpoint zjh_checkpoint_from_text(std::string_view text, const std::string& source) {
  const std::string where = "checkpoint '" + source + "'";
  check_json_depth(text, where);
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) throw Error(where + " is not valid JSON (truncated or damaged)");
  if (!j.is_object() || j.value("format", json()) != ZJH_CHECKPOINT_FORMAT) {
    throw Error(where + " is not a checkpoint of `cardsim zjh sim`");
  }
  verify_json_checksum(j, where);
  return read_named(where, [&] {
    if (j.at("format_version") != ZJH_CHECKPOINT_FORMAT_VERSION) {
      throw Error(where + " has format_version " + excerpt(j.at("format_version").dump()) + "; this cardsim reads " +
                  std::to_string(ZJH_CHECKPOINT_FORMAT_VERSION));
    }
    const json& identity = j.at("identity");
    if (identity.at("compatibility") != zjh_compatibility_json()) {
      throw Error(where + " was written by a cardsim that deals other cards or writes other results; resume with a "
                          "build of the same versions");
    }
    ZjhCheckpoint checkpoint;
    checkpoint.config = zjh_sim_config_from_json(identity.at("config"));
    checkpoint.inputs = identity.value("inputs", json());
    if (zjh_run_identity(checkpoint.config, checkpoint.inputs) != identity) {
      throw Error(where + ": its identity does not match its config");
    }
    const json& shard = j.at("shard");
    checkpoint.sharded = !shard.is_null();
    if (checkpoint.sharded) {
      checkpoint.shard = {whole_number<std::uint64_t>(shard.at("index"), where + ": shard index"),
                          whole_number<std::uint64_t>(shard.at("count"), where + ": shard count")};
    }
    if (checkpoint.shard.count == 0 || checkpoint.shard.count > run::MAX_SHARDS ||
        checkpoint.shard.index >= checkpoint.shard.count) {
      throw Error(where + ": bad shard " + excerpt(shard.dump()));
    }
    const run::ChunkPlan plan{checkpoint.config.deals, checkpoint.config.chunk_deals};
    checkpoint.completed_chunks = chunk_ranges_from_json(j.at("completed_chunks"), plan.chunks());
    for (const auto c : checkpoint.completed_chunks) {
      if (c % checkpoint.shard.count != checkpoint.shard.index) {
        throw Error(where + ": chunk " + std::to_string(c) + " is not in shard " + run::to_string(checkpoint.shard));
      }
    }
    checkpoint.tally = zjh_tally_from_json(j.at("tally"));
    if (checkpoint.tally.deals != run::items_in(plan, checkpoint.completed_chunks)) {
      throw Error(where + ": the tally's deals do not match its completed chunks");
    }
    if (const std::string problem = zjh::tally_problem(checkpoint.tally, checkpoint.config.players); !problem.empty()) {
      throw Error(where + ": its tally is impossible: " + problem +
                  " (the file was edited, or not written by cardsim)");
    }
    return checkpoint;
  });
}

void add_zjh_shard_info(json& result, const json& identity, const run::Shard& shard) {
  result["shard"] = {
      {"index", shard.index}, {"count", shard.count}, {"assignment", SHARD_ASSIGNMENT}, {"identity", identity}};
  seal_shard_result(result);
}

}  // namespace cardsim::io
