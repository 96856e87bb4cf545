// The exhaustive check of an outside blackjack hand evaluator
// (blackjack/hand_check.hpp): the naive reference (a vector summed with the
// ace adjusted) passes on every hand; a wrong softness, a soft bust and a
// total out of range are caught with their hands.
#include "cardsim/blackjack/hand_check.hpp"

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "testutil/blackjack_reference.hpp"

namespace cardsim::blackjack {
namespace {

// Answers to check_hands() from `evaluate` (ranks 1..13 -> total, soft).
template <class F>
std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> answers(F evaluate) {
  const HandList& hands = check_hands();
  std::vector<std::uint8_t> totals, soft;
  std::size_t offset = 0;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    std::vector<int> values;
    for (std::size_t c = 0; c < hands.counts[i]; ++c) values.push_back(std::min<int>(hands.ranks[offset + c], 10));
    offset += hands.counts[i];
    const auto [total, is_soft] = evaluate(values);
    totals.push_back(static_cast<std::uint8_t>(total));
    soft.push_back(is_soft ? 1 : 0);
  }
  return {totals, soft};
}

std::pair<int, bool> naive(const std::vector<int>& values) {
  const auto v = testutil::naive_hand_value(values);
  return {v.total, v.soft};
}

TEST(HandCheck, TheHands) {
  const HandList& hands = check_hands();
  std::size_t offset = 0;
  bool twenty_one_aces = false, reversed = false;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    const std::span<const std::uint8_t> cards(hands.ranks.data() + offset, hands.counts[i]);
    offset += hands.counts[i];
    ASSERT_GE(cards.size(), 2u);
    int before_last = 0;
    for (std::size_t c = 0; c + 1 < cards.size(); ++c) before_last += std::min<int>(cards[c], 10);
    // Every hand could be dealt: its cards before the last total at most 21.
    EXPECT_LE(before_last, 21);
    twenty_one_aces = twenty_one_aces || (cards.size() == 21 && cards[0] == 1);
    reversed = reversed || (cards.size() == 2 && cards[0] == 13 && cards[1] == 1);
  }
  EXPECT_EQ(offset, hands.ranks.size());
  EXPECT_TRUE(twenty_one_aces);
  EXPECT_TRUE(reversed);  // K A as well as A K
  EXPECT_GT(hands.size(), 10'000u);
}

TEST(HandCheck, NaiveReferencePasses) {
  const auto [totals, soft] = answers(naive);
  const HandCheck check = check_hand_totals(totals, soft);
  EXPECT_TRUE(check.ok()) << check.disagreements;
  EXPECT_EQ(check.hands, check_hands().size());
}

TEST(HandCheck, VerdictsOfKnownHands) {
  const std::vector<std::uint8_t> soft17{1, 6}, hard17{1, 6, 10}, blackjack{13, 1}, bust{10, 6, 13}, aces{1, 1};
  EXPECT_EQ(hand_verdict(soft17).total, 17);
  EXPECT_TRUE(hand_verdict(soft17).soft);
  EXPECT_EQ(hand_verdict(hard17).total, 17);
  EXPECT_FALSE(hand_verdict(hard17).soft);
  EXPECT_EQ(hand_verdict(blackjack).total, 21);
  EXPECT_EQ(hand_verdict(bust).total, 26);
  EXPECT_EQ(hand_verdict(aces).total, 12);
  EXPECT_TRUE(hand_verdict(aces).soft);
  EXPECT_EQ(ranks_text(bust), "10 6 K");
}

TEST(HandCheck, WrongSoftnessCaught) {
  // "Soft" whenever the hand holds an ace: A 6 K (hard 17) is the kind caught.
  auto [totals, soft] = answers([](const std::vector<int>& v) {
    auto [total, is_soft] = naive(v);
    const bool ace = std::find(v.begin(), v.end(), 1) != v.end();
    return std::pair<int, bool>{total, ace && total <= 21};
  });
  const HandCheck check = check_hand_totals(totals, soft);
  EXPECT_FALSE(check.ok());
  EXPECT_GT(check.disagreements, 0u);
  EXPECT_EQ(check.soft_disagreements, 0u);  // only hands cardsim calls hard
  ASSERT_TRUE(check.first);
  EXPECT_FALSE(check.first->ours.soft);
  EXPECT_TRUE(check.first->theirs.soft);
}

TEST(HandCheck, BustAnyTotalAbove21ButNotSoft) {
  // A busted hand may say 22 (capped) as well as its hard total.
  auto [totals, soft] = answers([](const std::vector<int>& v) {
    auto [total, is_soft] = naive(v);
    return std::pair<int, bool>{total > 21 ? 22 : total, is_soft};
  });
  EXPECT_TRUE(check_hand_totals(totals, soft).ok());
  // A soft bust is wrong.
  auto [totals2, soft2] = answers([](const std::vector<int>& v) {
    auto [total, is_soft] = naive(v);
    return std::pair<int, bool>{total, total > 21 || is_soft};
  });
  const HandCheck check = check_hand_totals(totals2, soft2);
  EXPECT_GT(check.bust_disagreements, 0u);
  EXPECT_EQ(check.bust_disagreements, check.disagreements);
}

TEST(HandCheck, OutOfRange) {
  auto [totals, soft] = answers(naive);
  totals[5] = 40;
  const HandCheck check = check_hand_totals(totals, soft);
  ASSERT_TRUE(check.out_of_range);
  EXPECT_EQ(check.out_of_range->theirs.total, 40);
  // A softness out of range is reported as given.
  totals[5] = 12;
  soft[7] = 5;
  ASSERT_TRUE(check_hand_totals(totals, soft).out_of_range);
  EXPECT_EQ(check_hand_totals(totals, soft).out_of_range->soft_value, 5);
  totals.pop_back();
  EXPECT_THROW(check_hand_totals(totals, soft), Error);
}

}  // namespace
}  // namespace cardsim::blackjack
