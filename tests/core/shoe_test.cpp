// The lazy Fisher-Yates shoe: uniform, no card twice, cut card, burns,
// reshuffles, the exhaustion guard and looks ahead that change nothing; and
// the random streams.
#include "cardsim/core/shoe.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include <gtest/gtest.h>

#include "cardsim/core/rng.hpp"

namespace cardsim::core {
namespace {

std::vector<std::uint8_t> distinct_cards(int n) {
  std::vector<std::uint8_t> cards(static_cast<std::size_t>(n));
  std::iota(cards.begin(), cards.end(), std::uint8_t{0});
  return cards;
}

TEST(Shoe, NoCardDealtTwiceInAShoe) {
  Shoe shoe(distinct_cards(52), 52, 0);
  Rng rng = chunk_rng(7, StreamPurpose::test, 0);
  for (int s = 0; s < 100; ++s) {
    shoe.shuffle(rng);
    std::set<int> seen;
    while (shoe.remaining() > 0) EXPECT_TRUE(seen.insert(shoe.draw(rng)).second);
    EXPECT_EQ(seen.size(), 52u);
  }
}

// Chi-square over (position, card): each card equally likely at each position
// of a k = 10-card shoe. 100 cells; with 200,000 shoes each cell expects
// 20,000. Every shoe puts each card once in each row and column, so the
// counts are sums of random permutation matrices, whose covariance is
// 1/(k-1) times a projection of rank (k-1)^2: Pearson's sum is k/(k-1) times
// a chi-square with 81 degrees of freedom (mean 90, not 81). The test scales it
// back and takes the 0.1% and 99.9% points of chi-square(81), 47.2 and 126.1
// (a too-perfect fit is suspicious too).
void expect_uniform(const std::array<std::array<int, 10>, 10>& counts, int shoes) {
  constexpr int CARDS = 10;
  const double expected = static_cast<double>(shoes) / CARDS;
  double pearson = 0;
  for (const auto& row : counts) {
    for (const int observed : row) pearson += std::pow(observed - expected, 2) / expected;
  }
  const double chi_square = pearson * (CARDS - 1) / CARDS;
  EXPECT_LT(chi_square, 126.1);
  EXPECT_GT(chi_square, 47.2);
}

TEST(Shoe, DrawIsUniformOverPositions) {
  constexpr int CARDS = 10;
  constexpr int SHOES = 200'000;
  Shoe shoe(distinct_cards(CARDS), CARDS, 0);
  Rng rng = chunk_rng(11, StreamPurpose::test, 0);
  std::array<std::array<int, CARDS>, CARDS> counts{};
  for (int s = 0; s < SHOES; ++s) {
    shoe.shuffle(rng);
    for (int position = 0; position < CARDS; ++position) ++counts[static_cast<std::size_t>(position)][shoe.draw(rng)];
  }
  expect_uniform(counts, SHOES);
}

TEST(Shoe, CutCardComesOutAtItsPosition) {
  Shoe shoe(distinct_cards(52), 39, 0);
  Rng rng = chunk_rng(1, StreamPurpose::test, 0);
  shoe.shuffle(rng);
  for (int i = 0; i < 38; ++i) {
    shoe.draw(rng);
    EXPECT_FALSE(shoe.cut_card_out());
  }
  shoe.draw(rng);
  EXPECT_TRUE(shoe.cut_card_out());
  shoe.shuffle(rng);
  EXPECT_FALSE(shoe.cut_card_out());
  EXPECT_EQ(shoe.dealt(), 0u);
  EXPECT_EQ(shoe.shoes(), 2u);
}

TEST(Shoe, BurnCardsAreDealtAfterEachShuffle) {
  Shoe shoe(distinct_cards(52), 40, 3);
  Rng rng = chunk_rng(2, StreamPurpose::test, 0);
  shoe.shuffle(rng);
  EXPECT_EQ(shoe.dealt(), 3u);
  EXPECT_EQ(shoe.remaining(), 49u);
  std::set<int> burned(shoe.dealt_cards(), shoe.dealt_cards() + 3);
  for (int i = 0; i < 49; ++i) EXPECT_EQ(burned.count(shoe.draw(rng)), 0u);
}

TEST(Shoe, ExhaustionReshufflesTheDiscardsNotTheTable) {
  Shoe shoe(distinct_cards(20), 19, 0);
  Rng rng = chunk_rng(3, StreamPurpose::test, 0);
  shoe.shuffle(rng);
  for (int i = 0; i < 15; ++i) shoe.draw(rng);  // discards of earlier rounds
  shoe.begin_round();
  std::set<int> on_table;
  for (int i = 0; i < 5; ++i) on_table.insert(shoe.draw(rng));
  EXPECT_EQ(shoe.remaining(), 0u);
  // The round goes on: the 15 discards come back, the 5 cards on the table do not.
  std::set<int> after;
  for (int i = 0; i < 15; ++i) {
    const int card = shoe.draw(rng);
    EXPECT_EQ(on_table.count(card), 0u);
    EXPECT_TRUE(after.insert(card).second);
  }
  EXPECT_EQ(shoe.exhaustion_reshuffles(), 1u);
}

// Shoe::Lookahead: `count` cards looked at from `shoe` with `rng` are those
// that draw() would deal (a copy of the shoe draws them), and afterwards the
// shoe is as it was: the same dealt cards, position, round start and
// counters, and the same cards for every later draw (the rest of the shoe
// dealt from both with the same numbers).
void expect_look_changes_nothing(Shoe& shoe, const Rng& rng, std::size_t count) {
  const Shoe before = shoe;
  std::vector<int> looked;
  shoe.lookahead().look(rng, [&](std::uint8_t card) {
    looked.push_back(card);
    return looked.size() < count;
  });
  Shoe drawn = before;
  Rng draws = rng;
  std::vector<int> dealt;
  for (std::size_t i = 0; i < count; ++i) dealt.push_back(drawn.draw(draws));
  EXPECT_EQ(looked, dealt);

  EXPECT_EQ(shoe.dealt(), before.dealt());
  EXPECT_EQ(shoe.remaining(), before.remaining());
  EXPECT_EQ(shoe.round_start(), before.round_start());
  EXPECT_EQ(shoe.shoes(), before.shoes());
  EXPECT_EQ(shoe.exhaustion_reshuffles(), before.exhaustion_reshuffles());
  EXPECT_EQ(shoe.cut_card_out(), before.cut_card_out());
  EXPECT_TRUE(std::equal(shoe.dealt_cards(), shoe.dealt_cards() + shoe.dealt(), before.dealt_cards()));
  // Every card the round could still take, through a reshuffle of the discards.
  Shoe untouched = before;
  Rng a = rng;
  Rng b = rng;
  const std::uint32_t takeable = shoe.size() - (shoe.dealt() - shoe.round_start());
  for (std::uint32_t i = 0; i < takeable; ++i)
    ASSERT_EQ(shoe.draw(a), untouched.draw(b)) << "draw " << i << " after the look";
  EXPECT_EQ(shoe.exhaustion_reshuffles(), before.exhaustion_reshuffles() + 1);
}

// A shuffled shoe of `cards` distinct cards (cut card, burns) with `discards`
// cards dealt in earlier rounds and `on_table` in the round under way.
Shoe shoe_in_a_round(int cards, int cut_position, int burn_cards, int discards, int on_table, Rng& rng) {
  Shoe shoe(distinct_cards(cards), cut_position, burn_cards);
  shoe.shuffle(rng);
  for (int i = 0; i < discards; ++i) shoe.draw(rng);
  shoe.begin_round();
  for (int i = 0; i < on_table; ++i) shoe.draw(rng);
  return shoe;
}

TEST(Shoe, LookAheadSeesTheNextDrawsAndPutsThemBack) {
  Rng rng = chunk_rng(5, StreamPurpose::test, 0);
  const Shoe shoe = shoe_in_a_round(52, 40, 1, 10, 3, rng);
  for (const std::size_t count : {std::size_t{1}, std::size_t{7}, Shoe::MAX_LOOK_AHEAD, Shoe::MAX_LOOK_AHEAD + 5}) {
    SCOPED_TRACE("look at " + std::to_string(count) + " cards");
    Shoe copy = shoe;
    expect_look_changes_nothing(copy, rng, count);
  }
}

// A look past the last card goes on as draw() would, after a reshuffle of the
// discards (in a copy): the shoe itself is not reshuffled.
TEST(Shoe, LookAheadPastTheEndGoesOnAsDrawWould) {
  Rng rng = chunk_rng(3, StreamPurpose::test, 0);
  Shoe shoe = shoe_in_a_round(20, 19, 0, 15, 3, rng);
  ASSERT_EQ(shoe.remaining(), 2u);
  expect_look_changes_nothing(shoe, rng, 6);
}

TEST(Rng, ChunkStreamsDependOnlyOnSeedPurposeAndChunk) {
  Rng a = chunk_rng(42, StreamPurpose::blackjack_chunk, 5);
  Rng b = chunk_rng(42, StreamPurpose::blackjack_chunk, 5);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a(), b());
  Rng c = chunk_rng(42, StreamPurpose::blackjack_chunk, 6);
  Rng d = chunk_rng(42, StreamPurpose::zjh_chunk, 5);
  Rng e = chunk_rng(43, StreamPurpose::blackjack_chunk, 5);
  const auto first = chunk_rng(42, StreamPurpose::blackjack_chunk, 5)();
  EXPECT_NE(first, c());
  EXPECT_NE(first, d());
  EXPECT_NE(first, e());
}

// Rng is pcg32_oneseq for speed (a constant increment); it must give the very
// numbers of pcg32 seeded with one argument, which results were made with.
TEST(Rng, SameNumbersAsPcg32WithTheDefaultStream) {
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{42}, splitmix64(7)}) {
    Rng rng(seed);
    pcg32 reference(seed);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(rng(), reference()) << "seed " << seed << ", draw " << i;
    rng.advance(123456789);
    reference.advance(123456789);
    EXPECT_EQ(rng(), reference());
  }
}

TEST(Rng, ChunkStreamsAreConsecutivePiecesOfOneSequence) {
  Rng chunk0 = chunk_rng(9, StreamPurpose::test, 0);
  chunk0.advance(std::uint64_t{1} << CHUNK_STRIDE_LOG2);
  Rng chunk1 = chunk_rng(9, StreamPurpose::test, 1);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(chunk0(), chunk1());
}

TEST(Rng, JumpEqualsAdvance) {
  Rng jumped = chunk_rng(3, StreamPurpose::test, 2);
  Rng advanced = jumped;
  const Rng::Jump jump = jumped.jump_of(std::uint64_t{1} << SHOE_STRIDE_LOG2);
  for (int shoe = 0; shoe < 5; ++shoe) {
    jumped.jump(jump);
    advanced.advance(std::uint64_t{1} << SHOE_STRIDE_LOG2);
    EXPECT_EQ(jumped, advanced);
  }
  // And a jump is a real move: the next numbers differ from the unjumped stream's.
  Rng start = chunk_rng(3, StreamPurpose::test, 2);
  EXPECT_NE(start(), jumped());
}

// Lemire's bounded draw: uniform over [0, range), also for a range that does
// not divide 2^32. Chi-square with 12 degrees of freedom; 99.9% point 32.9.
TEST(Rng, BoundedIsUniform) {
  constexpr std::uint32_t RANGE = 13;
  constexpr int DRAWS = 1'300'000;
  Rng rng = chunk_rng(5, StreamPurpose::test, 0);
  std::array<int, RANGE> counts{};
  for (int i = 0; i < DRAWS; ++i) {
    const auto v = bounded(rng, RANGE);
    ASSERT_LT(v, RANGE);
    ++counts[v];
  }
  double chi_square = 0;
  for (const int c : counts) chi_square += std::pow(c - DRAWS / double{RANGE}, 2) / (DRAWS / double{RANGE});
  EXPECT_LT(chi_square, 32.9);
  EXPECT_EQ(bounded(rng, 1), 0u);
}

}  // namespace
}  // namespace cardsim::core
