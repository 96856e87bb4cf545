#include "cardsim/io/checkpoint.hpp"

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/io/whole_number.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {
constexpr const char* CHECKPOINT_FORMAT = "cardsim-checkpoint";
}  // namespace

json chunk_ranges_to_json(const std::vector<std::uint64_t>& chunks) {
  json ranges = json::array();
  for (std::size_t i = 0; i < chunks.size();) {
    std::size_t j = i;
    while (j + 1 < chunks.size() && chunks[j + 1] == chunks[j] + 1) ++j;
    ranges.push_back({chunks[i], chunks[j]});
    i = j + 1;
  }
  return ranges;
}

std::vector<std::uint64_t> chunk_ranges_from_json(const json& ranges, std::uint64_t limit) {
  if (!ranges.is_array()) throw Error("chunk ranges must be an array of [first, last] pairs");
  std::vector<std::uint64_t> chunks;
  for (const json& range : ranges) {
    if (!range.is_array() || range.size() != 2 || !range[0].is_number_unsigned() || !range[1].is_number_unsigned()) {
      throw Error("a chunk range must be [first, last] with whole numbers, not " + excerpt(range.dump()));
    }
    const auto first = range[0].get<std::uint64_t>();
    const auto last = range[1].get<std::uint64_t>();
    if (first > last || last >= limit || (!chunks.empty() && first <= chunks.back())) {
      throw Error("chunk range " + excerpt(range.dump()) + " is out of order or beyond chunk " +
                  std::to_string(limit - 1));
    }
    for (std::uint64_t c = first; c <= last; ++c) chunks.push_back(c);
  }
  return chunks;
}

std::string checkpoint_to_text(const Checkpoint& checkpoint) {
  const run::ChunkPlan plan{checkpoint.config.rounds, checkpoint.config.chunk_rounds};
  json j;
  j["format"] = CHECKPOINT_FORMAT;
  j["format_version"] = CHECKPOINT_FORMAT_VERSION;
  j["identity"] =
      run_identity(checkpoint.config, checkpoint.chart, checkpoint.counting, checkpoint.side_bets, checkpoint.inputs);
  j["strategy_chart"] = format_strategy_chart(checkpoint.chart);
  j["counting"] = counting_definition_json(checkpoint.counting);
  j["shard"] = checkpoint.sharded ? json{{"index", checkpoint.shard.index}, {"count", checkpoint.shard.count}} : json();
  j["chunks"] = run::shard_chunks(plan, checkpoint.shard).size();
  j["completed_chunks"] = chunk_ranges_to_json(checkpoint.completed_chunks);
  j["tally"] = tally_to_json(checkpoint.tally);
  j["checksum"] = json_checksum(j);
  return j.dump(1) + "\n";
}

Checkpoint checkpoint_from_text(std::string_view text, const std::string& source) {
  const std::string where = "checkpoint '" + source + "'";
  check_json_depth(text, where);
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) throw Error(where + " is not valid JSON (truncated or damaged)");
  if (!j.is_object() || j.value("format", json()) != CHECKPOINT_FORMAT) {
    throw Error(where + " is not a cardsim checkpoint");
  }
  verify_json_checksum(j, where);
  return read_named(where, [&] {
    if (j.at("format_version") != CHECKPOINT_FORMAT_VERSION) {
      throw Error(where + " has format_version " + excerpt(j.at("format_version").dump()) + "; this cardsim reads " +
                  std::to_string(CHECKPOINT_FORMAT_VERSION));
    }
    const json& identity = j.at("identity");
    const json& written_by = identity.at("compatibility");
    if (written_by != compatibility_json()) {
      throw Error(where + " was written by a cardsim of result schema " +
                  excerpt(written_by.at("schema_version").dump()) + " and stream version " +
                  excerpt(written_by.at("stream_version").dump()) + "; this one has " +
                  std::to_string(RESULT_SCHEMA_VERSION) + " and " + std::to_string(core::STREAM_VERSION) +
                  ": resume with a build of the same versions");
    }
    Checkpoint checkpoint;
    checkpoint.config = sim_config_from_json(identity.at("config"));
    const std::string chart_text = j.at("strategy_chart").get<std::string>();
    if (fingerprint(chart_text) != identity.at("chart_fingerprint")) {
      throw Error(where + ": the strategy chart does not match its fingerprint");
    }
    checkpoint.chart = parse_strategy_chart(chart_text, identity.at("strategy").get<std::string>());
    checkpoint.counting = counting_from_definition(checkpoint.config, j.at("counting"), "counting");
    checkpoint.side_bets =
        side_bets_from_identity(checkpoint.config, identity.value("side_bets", json::array()), where);
    checkpoint.inputs = identity.value("inputs", json());
    if (run_identity(checkpoint.config, checkpoint.chart, checkpoint.counting, checkpoint.side_bets,
                     checkpoint.inputs) != identity) {
      throw Error(where + ": its identity does not match its config, chart and counting");
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
    const run::ChunkPlan plan{checkpoint.config.rounds, checkpoint.config.chunk_rounds};
    checkpoint.completed_chunks = chunk_ranges_from_json(j.at("completed_chunks"), plan.chunks());
    for (const auto c : checkpoint.completed_chunks) {
      if (c % checkpoint.shard.count != checkpoint.shard.index) {
        throw Error(where + ": chunk " + std::to_string(c) + " is not in shard " + run::to_string(checkpoint.shard));
      }
    }
    checkpoint.tally = tally_from_json(j.at("tally"));
    if (checkpoint.tally.rounds < 0 ||
        static_cast<std::uint64_t>(checkpoint.tally.rounds) != run::items_in(plan, checkpoint.completed_chunks)) {
      throw Error(where + ": the tally's rounds do not match its completed chunks");
    }
    check_tally_possible(checkpoint.tally, checkpoint.config.rules, where);
    return checkpoint;
  });
}

}  // namespace cardsim::io
