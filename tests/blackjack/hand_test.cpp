// Every two- and three-card hand against the naive reference.
#include "cardsim/blackjack/hand.hpp"

#include <gtest/gtest.h>

#include "testutil/blackjack_reference.hpp"

namespace cardsim::blackjack {
namespace {

void expect_matches_reference(const std::vector<int>& cards) {
  HandState state = EMPTY_HAND;
  for (const int c : cards) state = add_card(state, c);
  const auto reference = testutil::naive_hand_value(cards);
  SCOPED_TRACE(::testing::PrintToString(cards));
  EXPECT_EQ(is_bust(state), reference.bust);
  if (!reference.bust) {
    EXPECT_EQ(best_total(state), reference.total);
    EXPECT_EQ(is_soft(state), reference.soft);
  }
}

TEST(Hand, EveryTwoCardHandMatchesReference) {
  for (int a = 1; a <= 10; ++a) {
    for (int b = 1; b <= 10; ++b) {
      expect_matches_reference({a, b});
      EXPECT_EQ(two_card_hand(a, b), add_card(add_card(EMPTY_HAND, a), b));
    }
  }
}

TEST(Hand, EveryThreeCardHandMatchesReference) {
  for (int a = 1; a <= 10; ++a) {
    for (int b = 1; b <= 10; ++b) {
      for (int c = 1; c <= 10; ++c) expect_matches_reference({a, b, c});
    }
  }
}

TEST(Hand, BustedHandStaysBusted) {
  HandState state = two_card_hand(10, 10);
  state = add_card(state, 5);
  ASSERT_TRUE(is_bust(state));
  for (int v = 1; v <= 10; ++v) EXPECT_TRUE(is_bust(add_card(state, v)));
}

TEST(Hand, SoftHandTurnsHard) {
  const HandState soft_17 = two_card_hand(1, 6);
  EXPECT_TRUE(is_soft(soft_17));
  EXPECT_EQ(best_total(soft_17), 17);
  const HandState hard_17 = add_card(add_card(soft_17, 5), 5);  // A,6,5,5
  EXPECT_FALSE(is_soft(hard_17));
  EXPECT_EQ(best_total(hard_17), 17);
}

}  // namespace
}  // namespace cardsim::blackjack
