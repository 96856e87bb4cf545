// Shard results of compare and sweep and their merge, at the library level:
// the merged result of N shards equals the single-process result (JSON and
// CSV) except "performance"; missing, repeated, foreign, partial, damaged and
// mixed shard sets are rejected.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/paired.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

const std::vector<std::string> VARIED{"h17", "seats"};

// Three variants of one run; the third with three seats and 6:5 (other bet
// units), so the per-chunk results are scaled differently.
std::vector<PairedVariant> sample_variants(std::uint64_t seed = 5) {
  const json base = {{"rounds", 30'500}, {"chunk_rounds", 2'000}, {"seed", seed}};
  const auto chart = blackjack::hit_below_16_chart();
  std::vector<PairedVariant> variants;
  const std::vector<json> changes = {{{"h17", false}, {"seats", 1}},
                                     {{"h17", true}, {"seats", 1}},
                                     {{"h17", false}, {"seats", 3}, {"blackjack_pays", "6:5"}}};
  for (std::size_t v = 0; v < changes.size(); ++v) {
    json config = base;
    json values = json::object();
    for (const auto& [key, value] : changes[v].items()) {
      config[key] = value;
      if (key != "blackjack_pays") values[key] = value;
    }
    variants.push_back({"variant " + std::to_string(v), values, sim_config_from_json(config), chart.name,
                        chart_fingerprint(chart), -0.01 * static_cast<double>(v + 1)});
  }
  return variants;
}

blackjack::PairedRun play(const std::vector<PairedVariant>& variants, const std::vector<std::uint64_t>& chunks) {
  std::vector<std::unique_ptr<blackjack::Engine>> engines;
  std::vector<const blackjack::Engine*> pointers;
  for (const auto& v : variants) {
    engines.push_back(
        std::make_unique<blackjack::Engine>(blackjack::make_engine(v.config.rules, blackjack::hit_below_16_chart())));
    pointers.push_back(engines.back().get());
  }
  const SimConfig& base = variants.front().config;
  run::RunControl control;
  return blackjack::play_paired(pointers, base.seed, {base.rounds, base.chunk_rounds}, chunks, 1, control);
}

// The single-process run: its result JSON, CSV and summary.
struct Whole {
  json result;
  std::string csv;
  std::string summary;
};
Whole whole_result(const std::vector<PairedVariant>& variants) {
  const SimConfig& base = variants.front().config;
  const run::ChunkPlan plan{base.rounds, base.chunk_rounds};
  const PairedRunInfo info{
      .command = "sweep", .varied = VARIED, .chunks = plan.chunks(), .threads = 2, .elapsed_seconds = 1.0};
  const blackjack::PairedRun run = play(variants, run::shard_chunks(plan, {}));
  return {paired_result_json(variants, info, run), paired_result_csv(variants, info, run),
          paired_summary(variants, info, run)};
}

// The text of shard `shard`, as `cardsim sweep --shard` writes it.
std::string shard_text(const std::vector<PairedVariant>& variants, run::Shard shard, bool complete = true,
                       const std::string& command = "sweep") {
  const SimConfig& base = variants.front().config;
  const run::ChunkPlan plan{base.rounds, base.chunk_rounds};
  auto chunks = run::shard_chunks(plan, shard);
  const std::uint64_t assigned = chunks.size();
  if (!complete) chunks.pop_back();
  const blackjack::PairedRun run = play(variants, chunks);
  // Set-up times that differ by shard: the merge keeps the longest.
  const double setup_seconds = 0.25 + 0.125 * static_cast<double>(shard.index);
  const PairedRunInfo info{.command = command,
                           .varied = VARIED,
                           .chunks = assigned,
                           .stopped_by = complete ? run::StopReason::rounds : run::StopReason::interrupted,
                           .threads = 1,
                           .elapsed_seconds = 0.5,
                           .setup_seconds = setup_seconds};
  json result = paired_result_json(variants, info, run);
  std::vector<double> exact_ev;
  for (const auto& v : variants) exact_ev.push_back(v.exact_ev);
  add_paired_shard_info(result, paired_run_identity(command, VARIED, variants), shard, exact_ev, run);
  return result.dump(2) + "\n";
}

json without_performance(json j) {
  j.erase("performance");
  return j;
}

std::string merge_error(const std::vector<ShardFile>& files) {
  return testutil::error_message([&] { merge_shard_files(files); });
}

TEST(PairedShardMerge, MergedEqualsSingleProcessResult) {
  const auto variants = sample_variants();
  const Whole whole = whole_result(variants);
  for (const std::uint64_t count : {1u, 2u, 3u, 7u, 20u}) {  // 20 shards > 16 chunks: some are empty
    std::vector<ShardFile> files;
    for (std::uint64_t i = count; i-- > 0;) {
      files.push_back({std::to_string(i) + ".json", shard_text(variants, {i, count})});
    }
    const MergedOutput output = merge_shard_files(files);
    json merged = output.result;
    EXPECT_EQ(output.command, "sweep");
    EXPECT_EQ(without_performance(merged).dump(2), without_performance(whole.result).dump(2)) << count << " shards";
    EXPECT_EQ(output.csv, whole.csv) << count << " shards";
    EXPECT_EQ(output.summary, whole.summary) << count << " shards";
    EXPECT_EQ(merged["performance"]["shards"], count);
    EXPECT_EQ(merged["performance"]["threads"], 1);  // each shard ran on one thread: the most, not the sum
    EXPECT_EQ(merged["performance"]["setup_seconds"], 0.25 + 0.125 * static_cast<double>(count - 1));
  }
}

TEST(PairedShardMerge, ReadsBackWhatWasWritten) {
  const auto variants = sample_variants();
  const PairedShardResult shard = paired_shard_result_from_text(shard_text(variants, {1, 3}), "s.json");
  EXPECT_EQ(shard.shard, (run::Shard{1, 3}));
  ASSERT_EQ(shard.tallies.size(), variants.size());
  const blackjack::PairedRun run = play(variants, run::shard_chunks({30'500, 2'000}, {1, 3}));
  for (std::size_t v = 0; v < variants.size(); ++v) {
    EXPECT_EQ(shard.tallies[v], run.tallies[v]);
    EXPECT_EQ(shard.exact_ev[v], variants[v].exact_ev);
    for (std::size_t i = 0; i < run.chunks_played.size(); ++i) {
      EXPECT_EQ(shard.chunk_nets[v][i], run.chunk_nets[v][run.chunks_played[i]]);
    }
  }
}

TEST(PairedShardMerge, RejectsMissingRepeatedForeignPartialMixedAndDamagedShards) {
  const auto variants = sample_variants();
  const std::string s0 = shard_text(variants, {0, 3});
  const std::string s1 = shard_text(variants, {1, 3});
  const std::string s2 = shard_text(variants, {2, 3});
  EXPECT_EQ(merge_error({{"a", s0}, {"b", s1}, {"c", s2}}), "");
  EXPECT_NE(merge_error({{"a", s0}, {"c", s2}}).find("1 of 3 shards missing: 1"), std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"b", s1}, {"b2", s1}, {"c", s2}}).find("shard 1/3 is given twice"),
            std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"x", shard_text(sample_variants(6), {1, 3})}, {"c", s2}}).find("another run"),
            std::string::npos);
  auto fewer = sample_variants();
  fewer.pop_back();
  EXPECT_NE(merge_error({{"a", s0}, {"x", shard_text(fewer, {1, 3})}, {"c", s2}}).find("another run"),
            std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"x", shard_text(variants, {1, 4})}, {"c", s2}}).find("one of 4 shards"),
            std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"p", shard_text(variants, {1, 3}, false)}, {"c", s2}}).find("partial"),
            std::string::npos);
  EXPECT_NE(merge_error({{"a", s0}, {"t", s1.substr(0, s1.size() / 2)}, {"c", s2}}).find("'t' is not valid JSON"),
            std::string::npos);
  // A compare shard among sweep shards, and a sim shard.
  EXPECT_NE(merge_error({{"a", s0}, {"x", shard_text(variants, {1, 3}, true, "compare")}, {"c", s2}})
                .find("cannot merge shards of different commands: 'a' is a sweep shard, 'x' a compare shard"),
            std::string::npos);
  const SimConfig& config = variants.front().config;
  const RunInfo sim_info{.strategy = "chart", .chunks = 6, .chunks_played = 6, .threads = 1, .elapsed_seconds = 0.5};
  json sim = sim_result_json(config, sim_info, blackjack::Tally{});
  add_shard_info(sim, run_identity(config, blackjack::hit_below_16_chart()), {1, 3}, 0);
  EXPECT_NE(merge_error({{"a", s0}, {"sim", sim.dump()}, {"c", s2}}).find("'sim' a sim shard"), std::string::npos);
  EXPECT_THROW(shard_result_from_text(s1, "s1"), Error);                  // a sweep shard is not a sim shard
  EXPECT_THROW(paired_shard_result_from_text(sim.dump(), "sim"), Error);  // nor the reverse
  // Per-chunk nets that do not add up to the tallies, resealed so that the
  // checksum passes.
  json inconsistent = json::parse(s1);
  json& net = inconsistent["shard"]["chunk_table_net"][0][0];
  net = net.get<std::int64_t>() + 2;
  seal_shard_result(inconsistent);
  EXPECT_NE(merge_error({{"a", s0}, {"i", inconsistent.dump()}, {"c", s2}}).find("do not match"), std::string::npos);
}

TEST(PairedShardMerge, EveryChangedChunkNetDigitIsRejected) {
  const std::string text = shard_text(sample_variants(), {1, 3});
  const std::size_t nets = text.find("\"chunk_table_net\"");
  testutil::expect_each_digit_change_rejected(text, nets, text.find("\"count\"", nets), [](const std::string& damaged) {
    paired_shard_result_from_text(damaged, "d");
  });
}

}  // namespace
}  // namespace cardsim::io
