// Checkpoint files: written and read back exactly; any damage (a cut, a
// changed digit, another build, inconsistent chunks) is rejected whole.
#include "cardsim/io/checkpoint.hpp"

#include <gtest/gtest.h>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

Checkpoint sample_checkpoint(bool sharded) {
  Checkpoint c;
  c.config = sim_config_from_json({{"rounds", 40'000}, {"chunk_rounds", 3'000}, {"seats", 2}, {"seed", 9}});
  c.chart = blackjack::hit_below_16_chart();
  c.sharded = sharded;
  c.shard = sharded ? run::Shard{1, 3} : run::Shard{};
  c.completed_chunks = sharded ? std::vector<std::uint64_t>{1, 4, 13} : std::vector<std::uint64_t>{0, 1, 2, 5, 13};
  const blackjack::Engine engine(c.config.rules, c.chart);
  const run::ChunkPlan plan{c.config.rounds, c.config.chunk_rounds};
  for (const auto chunk : c.completed_chunks) {
    core::Rng rng = core::chunk_rng(c.config.seed, core::StreamPurpose::blackjack_chunk, chunk);
    engine.play_chunk(plan.items_in(chunk), rng, c.tally);
  }
  return c;
}

std::string error_of(const std::string& text) {
  try {
    checkpoint_from_text(text, "ck.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Checkpoint, ReadsBackWhatWasWritten) {
  for (const bool sharded : {false, true}) {
    const Checkpoint c = sample_checkpoint(sharded);
    const std::string text = checkpoint_to_text(c);
    const Checkpoint back = checkpoint_from_text(text, "ck.json");
    EXPECT_EQ(to_json(back.config), to_json(c.config));
    EXPECT_EQ(back.chart.name, c.chart.name);
    EXPECT_EQ(format_strategy_chart(back.chart), format_strategy_chart(c.chart));
    EXPECT_EQ(back.sharded, sharded);
    EXPECT_EQ(back.shard, c.shard);
    EXPECT_EQ(back.completed_chunks, c.completed_chunks);
    EXPECT_EQ(back.tally, c.tally);
    EXPECT_EQ(checkpoint_to_text(back), text);
  }
}

TEST(Checkpoint, ChunkRangesAreCompact) {
  EXPECT_EQ(chunk_ranges_to_json({0, 1, 2, 5, 7, 8}).dump(), "[[0,2],[5,5],[7,8]]");
  EXPECT_EQ(chunk_ranges_from_json(json::parse("[[0,2],[5,5],[7,8]]"), 9),
            (std::vector<std::uint64_t>{0, 1, 2, 5, 7, 8}));
  for (const char* bad : {"[[2,0]]", "[[0,9]]", "[[0,2],[2,3]]", "[[3,4],[0,1]]", "[[0]]", "[[-1,2]]", "{}", "[[0,1.5]]"}) {
    EXPECT_THROW(chunk_ranges_from_json(json::parse(bad), 9), Error) << bad;
  }
}

TEST(Checkpoint, EveryTruncationIsRejected) {
  const std::string text = checkpoint_to_text(sample_checkpoint(true));
  for (std::size_t length = 0; length + 1 < text.size(); ++length) {  // the last byte is the newline
    ASSERT_NE(error_of(text.substr(0, length)), "") << "accepted a checkpoint cut at byte " << length;
  }
}

TEST(Checkpoint, ChangedDigitsAreRejected) {
  const std::string text = checkpoint_to_text(sample_checkpoint(false));
  int changed = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') continue;
    std::string damaged = text;
    damaged[i] = text[i] == '9' ? '8' : static_cast<char>(text[i] + 1);
    ASSERT_NE(error_of(damaged), "") << "accepted a change at byte " << i;
    ++changed;
  }
  EXPECT_GT(changed, 100);
}

TEST(Checkpoint, ClearErrors) {
  EXPECT_NE(error_of("{\"format\": \"cardsim-checkpoint\", ").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of("{\"schema_version\": 1}").find("not a cardsim checkpoint"), std::string::npos);
  json j = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  j["tally"]["rounds"] = 1;
  EXPECT_NE(error_of(j.dump()).find("checksum mismatch"), std::string::npos);
  // Consistent checksums but inconsistent content: each is still rejected.
  const auto resealed = [](json k) {
    k["checksum"] = json_checksum(k);
    return error_of(k.dump());
  };
  json other = j;
  other["identity"]["tool"]["git_revision"] = "0123abc";
  other["tally"] = json::parse(checkpoint_to_text(sample_checkpoint(false)))["tally"];
  EXPECT_NE(resealed(other).find("resume with the same build"), std::string::npos);
  json rounds = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  rounds["tally"]["rounds"] = 1;
  EXPECT_NE(resealed(rounds).find("rounds do not match"), std::string::npos);
  json foreign = json::parse(checkpoint_to_text(sample_checkpoint(true)));
  foreign["completed_chunks"] = json::parse("[[2,2]]");
  EXPECT_NE(resealed(foreign).find("not in shard 1/3"), std::string::npos);
  json chart = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  chart["strategy_chart"] = "[hard]\n";
  EXPECT_NE(resealed(chart).find("fingerprint"), std::string::npos);
  json version = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  version["format_version"] = 2;
  EXPECT_NE(resealed(version).find("format_version"), std::string::npos);
}

TEST(Fingerprint, IsFnv1a64) {
  EXPECT_EQ(fingerprint(""), "fnv1a64:cbf29ce484222325");
  EXPECT_EQ(fingerprint("a"), "fnv1a64:af63dc4c8601ec8c");
}

}  // namespace
}  // namespace cardsim::io
