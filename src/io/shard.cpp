#include "cardsim/io/shard.hpp"

#include <algorithm>
#include <map>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {
json checked_part(const json& shard, const json& tally) {
  json rest = shard;
  rest.erase("checksum");
  return {{"shard", rest}, {"tally", tally}};
}
}  // namespace

void add_shard_info(json& result, const json& identity, const run::Shard& shard, double exact_ev) {
  json info = {{"index", shard.index},
               {"count", shard.count},
               {"assignment", SHARD_ASSIGNMENT},
               {"identity", identity},
               {"exact_ev", exact_ev}};
  info["checksum"] = fingerprint(checked_part(info, result.at("tally")).dump());
  result["shard"] = info;
}

ShardResult shard_result_from_text(std::string_view text, const std::string& source) {
  const std::string where = "shard '" + source + "'";
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) throw Error(where + " is not valid JSON (truncated or damaged)");
  if (!j.is_object() || !j.contains("shard") || !j.at("shard").is_object()) {
    throw Error(where + " is not a shard result (no \"shard\" object: written without --shard?)");
  }
  try {
    const json& info = j.at("shard");
    if (!info.contains("checksum") || !info.at("checksum").is_string() || !j.contains("tally") ||
        info.at("checksum").get<std::string>() != fingerprint(checked_part(info, j.at("tally")).dump())) {
      throw Error(where + ": checksum mismatch: the file is corrupted or was edited");
    }
    if (j.at("schema_version") != RESULT_SCHEMA_VERSION) {
      throw Error(where + " has schema_version " + j.at("schema_version").dump() + "; this cardsim reads " +
                  std::to_string(RESULT_SCHEMA_VERSION));
    }
    ShardResult shard;
    shard.source = source;
    shard.identity = info.at("identity");
    shard.shard = {info.at("index").get<std::uint64_t>(), info.at("count").get<std::uint64_t>()};
    if (shard.shard.count == 0 || shard.shard.count > run::MAX_SHARDS || shard.shard.index >= shard.shard.count) {
      throw Error(where + ": bad shard " + run::to_string(shard.shard));
    }
    if (j.at("run").at("partial").get<bool>()) {
      throw Error(where + " (shard " + run::to_string(shard.shard) +
                  ") is partial: it was interrupted; rerun or resume that shard");
    }
    shard.exact_ev = info.at("exact_ev").get<double>();
    shard.tally = tally_from_json(j.at("tally"));
    const SimConfig config = sim_config_from_json(shard.identity.at("config"));
    const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
    if (shard.tally.rounds < 0 ||
        static_cast<std::uint64_t>(shard.tally.rounds) != run::items_in(plan, run::shard_chunks(plan, shard.shard))) {
      throw Error(where + ": its tally's rounds do not match the chunks of shard " + run::to_string(shard.shard));
    }
    const json& performance = j.at("performance");
    shard.threads = performance.at("threads").get<unsigned>();
    shard.elapsed_seconds = performance.at("elapsed_seconds").get<double>();
    return shard;
  } catch (const json::exception& e) {
    throw Error(where + " is malformed: " + e.what());
  } catch (const Error& e) {
    const std::string message = e.what();
    if (message.rfind(where, 0) == 0) throw;
    throw Error(where + ": " + message);
  }
}

json merge_shards(const std::vector<ShardResult>& shards) {
  if (shards.empty()) throw Error("no shards to merge");
  const ShardResult& first = shards.front();
  const std::uint64_t count = first.shard.count;
  std::map<std::uint64_t, const ShardResult*> by_index;
  for (const ShardResult& s : shards) {
    if (s.identity != first.identity) {
      throw Error("shard '" + s.source + "' is of another run than '" + first.source +
                  "' (config, seed, rounds, chunk_rounds, strategy or cardsim build differ)");
    }
    if (s.shard.count != count) {
      throw Error("shard '" + s.source + "' is one of " + std::to_string(s.shard.count) + " shards, '" +
                  first.source + "' one of " + std::to_string(count));
    }
    const auto [it, inserted] = by_index.emplace(s.shard.index, &s);
    if (!inserted) {
      throw Error("shard " + run::to_string(s.shard) + " is given twice: '" + it->second->source + "' and '" +
                  s.source + "'");
    }
  }
  if (by_index.size() != count) {
    std::string missing;
    std::size_t listed = 0;
    for (std::uint64_t i = 0; i < count && listed < 10; ++i) {
      if (by_index.count(i) == 0) {
        missing += (missing.empty() ? "" : ", ") + std::to_string(i);
        ++listed;
      }
    }
    const std::uint64_t absent = count - by_index.size();
    throw Error(std::to_string(absent) + " of " + std::to_string(count) + " shards missing: " + missing +
                (absent > listed ? ", ..." : ""));
  }

  blackjack::Tally tally{};
  unsigned threads = 0;
  double elapsed = 0;
  for (const auto& [index, s] : by_index) {
    tally.merge(s->tally);
    threads += s->threads;
    elapsed = std::max(elapsed, s->elapsed_seconds);
  }
  const SimConfig config = sim_config_from_json(first.identity.at("config"));
  const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
  const RunInfo info{first.identity.at("strategy").get<std::string>(), first.exact_ev, plan.chunks(), plan.chunks(),
                     threads, elapsed};
  json result = sim_result_json(config, info, tally);
  result["tool"] = first.identity.at("tool");  // the build that played the chunks
  result["performance"]["shards"] = count;
  return result;
}

}  // namespace cardsim::io
