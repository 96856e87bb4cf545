// Shard results and merge, at the library level: the merged result of N
// shards equals the single-process result except "performance"; foreign,
// missing, repeated, partial and damaged shards are rejected.
#include <gtest/gtest.h>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

constexpr double EXACT_EV = -0.0123;

SimConfig sample_config(std::uint64_t seed = 5) {
  return sim_config_from_json({{"rounds", 30'500}, {"chunk_rounds", 2'000}, {"seats", 3}, {"seed", seed}});
}

blackjack::Tally play(const SimConfig& config, const std::vector<std::uint64_t>& chunks) {
  const blackjack::Engine engine = blackjack::make_engine(config.rules, blackjack::hit_below_16_chart());
  blackjack::SimulationControl control;
  return blackjack::simulate(engine, {config.seed, {config.rounds, config.chunk_rounds}, chunks, 0}, 1, control).tally;
}

// The text of shard `shard` of the run of `config`, as `cardsim sim --shard` writes it.
std::string shard_text(const SimConfig& config, run::Shard shard, bool complete = true) {
  const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
  auto chunks = run::shard_chunks(plan, shard);
  const std::uint64_t assigned = chunks.size();
  if (!complete) chunks.pop_back();
  const auto chart = blackjack::hit_below_16_chart();
  const RunInfo info{.strategy = chart.name,
                     .exact_ev = EXACT_EV,
                     .chunks = assigned,
                     .chunks_played = chunks.size(),
                     .threads = 1,
                     .elapsed_seconds = 0.5};
  json result = sim_result_json(config, info, play(config, chunks));
  add_shard_info(result, run_identity(config, chart), shard, EXACT_EV);
  return result.dump(2) + "\n";
}

json without_performance(json j) {
  j.erase("performance");
  return j;
}

std::string merge_error(const std::vector<std::pair<std::string, std::string>>& files) {
  return testutil::error_message([&] {
    std::vector<ShardResult> shards;
    for (const auto& [name, text] : files) shards.push_back(shard_result_from_text(text, name));
    merge_shards(shards);
  });
}

TEST(ShardMerge, MergedEqualsSingleProcessResult) {
  const SimConfig config = sample_config();
  const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
  const auto chart = blackjack::hit_below_16_chart();
  const RunInfo info{.strategy = chart.name,
                     .exact_ev = EXACT_EV,
                     .chunks = plan.chunks(),
                     .chunks_played = plan.chunks(),
                     .threads = 2,
                     .elapsed_seconds = 1.0};
  const blackjack::Tally tally = play(config, run::all_chunks(plan));
  const json whole = sim_result_json(config, info, tally);
  // The summary without its last line (the speed: threads and time differ).
  const auto without_speed = [](const std::string& summary) { return summary.substr(0, summary.rfind("speed ")); };
  for (const std::uint64_t count : {1u, 2u, 3u, 7u, 20u}) {  // 20 shards > 16 chunks: some are empty
    std::vector<ShardResult> shards;
    for (std::uint64_t i = count; i-- > 0;) {
      shards.push_back(shard_result_from_text(shard_text(config, {i, count}), std::to_string(i).append(".json")));
    }
    const json merged = merge_shards(shards);
    EXPECT_EQ(without_performance(merged).dump(2), without_performance(whole).dump(2)) << count << " shards";
    const MergedSim structs = merge_sim_shards(shards);
    EXPECT_EQ(structs.tally, tally);
    EXPECT_EQ(without_speed(sim_summary(structs.config, structs.info, structs.tally)),
              without_speed(sim_summary(config, info, tally)))
        << count << " shards";
    EXPECT_EQ(merged["performance"]["shards"], count);
  }
}

TEST(ShardMerge, RejectsMissingRepeatedForeignPartialAndDamagedShards) {
  const SimConfig config = sample_config();
  const std::string s0 = shard_text(config, {0, 3});
  const std::string s1 = shard_text(config, {1, 3});
  const std::string s2 = shard_text(config, {2, 3});
  EXPECT_EQ(merge_error({{"a", s0}, {"b", s1}, {"c", s2}}), "");
  EXPECT_NE(merge_error({{"a", s0}, {"c", s2}}).find("1 of 3 shards missing: 1"), std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"b", s1}, {"b2", s1}, {"c", s2}}).find("shard 1/3 is given twice"),
            std::string::npos);
  const std::string foreign = shard_text(sample_config(6), {1, 3});
  EXPECT_NE(merge_error({{"a", s0}, {"x", foreign}, {"c", s2}}).find("another run"), std::string::npos);
  const std::string other_count = shard_text(config, {1, 4});
  EXPECT_NE(merge_error({{"a", s0}, {"x", other_count}, {"c", s2}}).find("one of 4 shards"), std::string::npos);
  const std::string partial = shard_text(config, {1, 3}, false);
  EXPECT_NE(merge_error({{"a", s0}, {"p", partial}, {"c", s2}}).find("partial"), std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"t", s1.substr(0, s1.size() / 2)}, {"c", s2}}).find("'t' is not valid JSON"),
            std::string::npos);
  json plain = json::parse(s1);
  plain.erase("shard");
  EXPECT_NE(merge_error({{"a", s0}, {"n", plain.dump()}, {"c", s2}}).find("not a shard result"), std::string::npos);
}

// A count that is not a whole number its type holds (a float, a negative
// thread count, one beyond 2^64) is refused by name, never cast: nlohmann
// would read 1.5 as 1, -1 as 2^64-1, and a float out of range is undefined.
TEST(ShardMerge, CountsThatAreNotWholeNumbersAreRejected) {
  const SimConfig config = sample_config();
  const std::string s0 = shard_text(config, {0, 2});
  const json s1 = json::parse(shard_text(config, {1, 2}));
  const std::vector<std::pair<json::json_pointer, json>> damages = {
      {"/shard/index"_json_pointer, 1.5},        {"/shard/count"_json_pointer, -773640.5},
      {"/shard/count"_json_pointer, 1e300},      {"/performance/threads"_json_pointer, -773640.5},
      {"/performance/threads"_json_pointer, -1}, {"/performance/threads"_json_pointer, 4294967296ULL},
  };
  for (const auto& [where, value] : damages) {
    json damaged = s1;
    damaged[where] = value;
    seal_shard_result(damaged);
    const std::string message = merge_error({{"a", s0}, {"b", damaged.dump()}});
    EXPECT_NE(message.find("expected a whole number from 0 to"), std::string::npos)
        << where.to_string() << " = " << value.dump() << ": " << message;
    EXPECT_EQ(message.rfind("shard 'b': ", 0), 0U) << message;
  }
}

TEST(ShardMerge, EveryChangedTallyDigitIsRejected) {
  const std::string text = shard_text(sample_config(), {1, 3});
  const std::size_t tally = text.find("\"tally\"");
  testutil::expect_each_digit_change_rejected(text, tally, text.find('}', tally),
                                              [](const std::string& damaged) { shard_result_from_text(damaged, "d"); });
}

}  // namespace
}  // namespace cardsim::io
