// Shard and rank assignment: every chunk is played by exactly one shard and
// rank; parsing of "i/N".
#include "cardsim/run/shard.hpp"

#include <map>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"

namespace cardsim::run {
namespace {

TEST(Shard, ParsesIndexOverCount) {
  EXPECT_EQ(parse_shard("0/1"), (Shard{0, 1}));
  EXPECT_EQ(parse_shard("7/16"), (Shard{7, 16}));
  EXPECT_EQ(to_string(parse_shard("3/4")), "3/4");
  for (const char* bad : {"", "1", "4/4", "5/4", "0/0", "-1/4", "1/-4", "a/4", "1/4x", "1/ 4", "1//4", "0/2000000"}) {
    EXPECT_THROW(parse_shard(bad), Error) << bad;
  }
}

TEST(Shard, ChunkBelongsToShardChunkModCount) {
  const ChunkPlan plan{10'500, 1'000};  // 11 chunks, the last of 500 rounds
  EXPECT_EQ(shard_chunks(plan, {1, 4}), (std::vector<std::uint64_t>{1, 5, 9}));
  EXPECT_EQ(shard_chunks(plan, {0, 1}), all_chunks(plan));
  EXPECT_TRUE(shard_chunks(plan, {15, 20}).empty());
  EXPECT_EQ(items_in(plan, shard_chunks(plan, {2, 4})), 1'000u + 1'000u + 500u);
}

TEST(Shard, ShardsAndRanksPartitionTheChunks) {
  for (const std::uint64_t total : {1u, 7u, 64u, 1000u}) {
    const ChunkPlan plan{total * 10 - 3, 10};
    for (std::uint64_t count = 1; count <= 9; ++count) {
      for (int ranks = 1; ranks <= 4; ++ranks) {
        std::map<std::uint64_t, int> times;
        std::uint64_t items = 0;
        for (std::uint64_t s = 0; s < count; ++s) {
          const auto chunks = shard_chunks(plan, {s, count});
          for (int r = 0; r < ranks; ++r) {
            for (const auto c : rank_chunks(chunks, r, ranks)) ++times[c];
            items += items_in(plan, rank_chunks(chunks, r, ranks));
          }
        }
        ASSERT_EQ(times.size(), plan.chunks());
        for (const auto& [chunk, n] : times) ASSERT_EQ(n, 1) << "chunk " << chunk;
        ASSERT_EQ(items, plan.total_items);
      }
    }
  }
}

TEST(Shard, MissingChunksAreTheRest) {
  EXPECT_EQ(missing_chunks({1, 3, 5, 7, 9}, {3, 9}), (std::vector<std::uint64_t>{1, 5, 7}));
  EXPECT_TRUE(missing_chunks({1, 3}, {1, 3}).empty());
  EXPECT_EQ(missing_chunks({0, 1}, {}), (std::vector<std::uint64_t>{0, 1}));
}

}  // namespace
}  // namespace cardsim::run
