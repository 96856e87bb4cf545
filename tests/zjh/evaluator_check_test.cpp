// The exhaustive checks of an outside evaluator (zjh/evaluator_check.hpp):
// a right ranking or comparator (from the naive reference evaluator, written
// apart from the fast one) passes; wrong ones are caught with counts worked
// out by hand, the right categories and witnesses.
#include "cardsim/zjh/evaluator_check.hpp"

#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "testutil/zjh_reference.hpp"

namespace cardsim::zjh {
namespace {

// Dense ranks of all_hands() from the reference evaluator's plain order.
std::vector<std::uint32_t> reference_ranks(const Rules& rules) {
  const auto& hands = all_hands();
  std::vector<testutil::ZjhReferenceValue> values;
  for (const Hand& h : hands) values.push_back(testutil::zjh_reference_evaluate(rules, h[0], h[1], h[2]));
  std::vector<std::size_t> order(hands.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return testutil::zjh_reference_compare_plain(rules, values[x], values[y]) < 0;
  });
  std::vector<std::uint32_t> ranks(hands.size());
  std::uint32_t rank = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k > 0 && testutil::zjh_reference_compare_plain(rules, values[order[k - 1]], values[order[k]]) != 0) ++rank;
    ranks[order[k]] = rank;
  }
  return ranks;
}

bool is_a23(const Hand& h) {
  return rank_of(h[0]) == 0 && rank_of(h[1]) == 1 && rank_of(h[2]) == ACE;  // cards in increasing order
}

TEST(EvaluatorCheck, AllHandsOnceInOrder) {
  const auto& hands = all_hands();
  ASSERT_EQ(hands.size(), HAND_COUNT);
  EXPECT_TRUE(std::is_sorted(hands.begin(), hands.end()));
  EXPECT_TRUE(std::adjacent_find(hands.begin(), hands.end()) == hands.end());
  for (const Hand& h : hands) EXPECT_TRUE(h[0] < h[1] && h[1] < h[2]);
}

TEST(EvaluatorCheck, ReferenceRankingPasses) {
  for (const char* preset : {"standard", "suits", "teen-patti", "leopard-killer"}) {
    const Rules rules = preset_rules(preset);
    const EvaluatorCheck check = check_ranks(rules, reference_ranks(rules));
    EXPECT_TRUE(check.ok()) << preset << ": " << check.disagreements;
    EXPECT_EQ(check.pairs, std::uint64_t{HAND_COUNT} * (HAND_COUNT - 1) / 2);
  }
}

// A-2-3 moved from the lowest straight to above A-K-Q: the 4 A-2-3 straight
// flushes disagree with the 44 other straight flushes, the 60 A-2-3
// straights with the 660 other straights, nothing else.
TEST(EvaluatorCheck, MovedStraightCountedByCategory) {
  const Rules rules;
  std::vector<std::uint32_t> ranks = reference_ranks(rules);
  const auto& hands = all_hands();
  std::uint32_t top = 0;
  for (std::uint32_t& r : ranks) r *= 2;
  const Evaluator evaluator(rules);
  // The rank of the strongest straight and straight flush (A-K-Q), plus one.
  for (const Category category : {Category::straight, Category::straight_flush}) {
    top = 0;
    for (std::size_t i = 0; i < hands.size(); ++i) {
      if (evaluator.category(evaluator.evaluate(hands[i])) == category) top = std::max(top, ranks[i]);
    }
    for (std::size_t i = 0; i < hands.size(); ++i) {
      if (is_a23(hands[i]) && evaluator.category(evaluator.evaluate(hands[i])) == category) ranks[i] = top + 1;
    }
  }
  const EvaluatorCheck check = check_ranks(rules, ranks);
  EXPECT_EQ(check.disagreements, 176u + 39'600u);
  const auto s = static_cast<unsigned>(Category::straight);
  const auto sf = static_cast<unsigned>(Category::straight_flush);
  EXPECT_EQ(check.by_category[s][s], 39'600u);
  EXPECT_EQ(check.by_category[sf][sf], 176u);
  ASSERT_TRUE(check.first);
  // The first in hand order: 4-3-2 of clubs beats the A-2-3 of clubs.
  EXPECT_EQ(hand_text(check.first->a), "2c 3c 4c");
  EXPECT_EQ(hand_text(check.first->b), "2c 3c Ac");
  EXPECT_EQ(check.first->ours, 1);
  EXPECT_EQ(check.first->theirs, -1);
}

TEST(EvaluatorCheck, RankingNeedsEveryHand) {
  const std::vector<std::uint32_t> few(100);
  EXPECT_THROW(check_ranks(Rules{}, few), Error);
}

// The comparators below answer from the reference evaluator (its ranks and
// its 2-3-5 flags, computed once per hand), with a defect.
CompareBatch reference_comparator(const Rules& rules, std::function<int(const Hand&, const Hand&, int)> defect) {
  struct Table {
    std::vector<std::uint32_t> ranks;
    std::vector<bool> leopard;
    std::vector<bool> killer;
    std::vector<std::int32_t> index = std::vector<std::int32_t>(DECK_SIZE * DECK_SIZE * DECK_SIZE, -1);
  };
  auto table = std::make_shared<Table>();
  table->ranks = reference_ranks(rules);
  const auto& hands = all_hands();
  for (std::size_t i = 0; i < hands.size(); ++i) {
    const Hand& h = hands[i];
    const auto v = testutil::zjh_reference_evaluate(rules, h[0], h[1], h[2]);
    table->leopard.push_back(v.category == Category::leopard);
    table->killer.push_back(v.beats_leopards);
    table->index[(h[0] * DECK_SIZE + h[1]) * DECK_SIZE + h[2]] = static_cast<std::int32_t>(i);
  }
  return [table, defect](const Card* a, const Card* b, std::size_t n, std::int8_t* out) {
    for (std::size_t i = 0; i < n; ++i) {
      const Hand x{a[3 * i], a[3 * i + 1], a[3 * i + 2]};
      const Hand y{b[3 * i], b[3 * i + 1], b[3 * i + 2]};
      const auto ix = static_cast<std::size_t>(table->index[(x[0] * DECK_SIZE + x[1]) * DECK_SIZE + x[2]]);
      const auto iy = static_cast<std::size_t>(table->index[(y[0] * DECK_SIZE + y[1]) * DECK_SIZE + y[2]]);
      int v = (table->ranks[ix] > table->ranks[iy]) - (table->ranks[ix] < table->ranks[iy]);
      if (table->leopard[ix] && table->killer[iy]) v = -1;
      if (table->killer[ix] && table->leopard[iy]) v = 1;
      out[i] = static_cast<std::int8_t>(defect(x, y, v));
    }
  };
}

TEST(EvaluatorCheck, ComparatorWithTheTwoThreeFiveRule) {
  // The reference with the 2-3-5 rule: right on all 22,100 x C(49, 3)
  // ordered pairs of disjoint hands (its intended cycle is no defect).
  const Rules rules = preset_rules("leopard-killer");
  std::atomic<std::uint64_t> done{0};
  const EvaluatorCheck check =
      check_comparator(rules, reference_comparator(rules, [](const Hand&, const Hand&, int v) { return v; }), &done);
  EXPECT_TRUE(check.ok()) << check.disagreements;
  EXPECT_EQ(check.pairs, 407'170'400u);
  EXPECT_EQ(done.load(), HAND_COUNT);
}

TEST(EvaluatorCheck, ComparatorThatIsNotAntisymmetric) {
  // A tie called a win for the first hand: every tied pair disagrees, both
  // ways round, and the witness says 1 and 1.
  const Rules rules;
  const EvaluatorCheck check = check_comparator(
      rules, reference_comparator(rules, [](const Hand&, const Hand&, int v) { return v == 0 ? 1 : v; }));
  EXPECT_GT(check.disagreements, 0u);
  ASSERT_TRUE(check.asymmetric);
  EXPECT_EQ(check.asymmetric->theirs, 1);
  EXPECT_EQ(check.asymmetric->ours, 1);
  EXPECT_FALSE(check.ok());
}

TEST(EvaluatorCheck, ComparatorWithACycle) {
  // The weakest hand (2c 3d 5c under the standard rules) said to beat the
  // strongest leopard: a cycle leopard > x > weakest > leopard through any
  // hand x between them.
  const Rules rules;
  const Hand weakest{0, 5, 12};      // 2c 3d 5c
  const Hand strongest{48, 49, 50};  // Ac Ad Ah
  const auto defect = [weakest, strongest](const Hand& x, const Hand& y, int v) {
    if (x == weakest && y == strongest) return 1;
    if (x == strongest && y == weakest) return -1;
    return v;
  };
  const EvaluatorCheck check = check_comparator(rules, reference_comparator(rules, defect));
  EXPECT_EQ(check.disagreements, 2u);
  EXPECT_FALSE(check.asymmetric);
  ASSERT_TRUE(check.cycle);
  const auto& c = *check.cycle;
  EXPECT_TRUE(std::find(c.begin(), c.end(), weakest) != c.end());
  EXPECT_TRUE(std::find(c.begin(), c.end(), strongest) != c.end());
}

TEST(EvaluatorCheck, ComparatorOutOfRangeStopsAtOnce) {
  const Rules rules;
  const EvaluatorCheck check = check_comparator(
      rules, reference_comparator(rules, [](const Hand&, const Hand&, int v) { return v > 0 ? 2 : v; }));
  ASSERT_TRUE(check.out_of_range);
  EXPECT_EQ(check.out_of_range->theirs, 2);
  EXPECT_LT(check.pairs, 100'000u);  // the first hand's batch only
}

}  // namespace
}  // namespace cardsim::zjh
