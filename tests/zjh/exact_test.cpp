// Exact enumeration: category counts, strength levels and the heads-up
// probabilities, asserted with integer arithmetic.
#include "cardsim/zjh/exact.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "cardsim/io/zjh_result.hpp"
#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/rules.hpp"
#include "testutil/zjh_reference.hpp"

namespace cardsim::zjh {
namespace {

std::uint64_t count(const std::array<std::uint64_t, CATEGORY_COUNT>& a, Category c) {
  return a[static_cast<unsigned>(c)];
}

TEST(ZjhExact, CategoryCountsLevelsAndHeadsUpTiesUnderEveryVariant) {
  for (const Rules& rules : all_rule_combinations()) {
    SCOPED_TRACE(describe(rules));
    const ExactResult r = exact_heads_up(rules);
    EXPECT_EQ(count(r.hands, Category::leopard), 52u);
    EXPECT_EQ(count(r.hands, Category::straight_flush), 48u);
    EXPECT_EQ(count(r.hands, Category::flush), 1096u);
    EXPECT_EQ(count(r.hands, Category::straight), 720u);
    EXPECT_EQ(count(r.hands, Category::pair), 3744u);
    EXPECT_EQ(count(r.hands, Category::high_card), 16440u);
    for (unsigned c = 0; c < CATEGORY_COUNT; ++c) {
      EXPECT_EQ(r.wins[c] + r.ties[c] + r.losses[c], r.hands[c] * DISJOINT_HAND_COUNT);
    }
    // Win = loss by symmetry (each ordered pair is the other's reverse).
    EXPECT_EQ(r.total_wins(), r.total_losses());
    EXPECT_EQ(r.total_wins() + r.total_ties() + r.total_losses(), ORDERED_PAIR_COUNT);
    if (rules.ties == TieRule::split) {
      EXPECT_EQ(r.levels, 741u);
      // Exactly 1083/978775, in integers: ties * 978775 == 1083 * pairs.
      EXPECT_EQ(r.total_ties() * 978775u, 1083u * ORDERED_PAIR_COUNT);
      EXPECT_EQ(make_fraction(r.total_ties(), ORDERED_PAIR_COUNT), (Fraction{1083, 978775}));
      EXPECT_EQ(2 * r.total_wins() * 978775u, (978775u - 1083u) * ORDERED_PAIR_COUNT);
    } else {
      EXPECT_EQ(r.levels, HAND_COUNT);
      EXPECT_EQ(r.total_ties(), 0u);  // two disjoint hands never tie on suits
    }
  }
}

TEST(ZjhExact, HandOddsMatchBruteForceWithTheReference) {
  Rules rules;
  rules.special_235 = true;
  for (const TieRule ties : {TieRule::split, TieRule::suits}) {
    rules.ties = ties;
    const Evaluator evaluator(rules);
    const ExactAnalysis analysis(evaluator);
    const std::vector<std::string> hands = {"2h 3d 5c", "Ah Ad Ac", "2c 2d 2s", "Ks Qd 4c", "Ah 2h 3h",
                                            "5s 5d 9c", "Ad 5d 3d", "4s 3d 2c", "As Kd Qc", "7h 5d 2c"};
    for (const auto& text : hands) {
      SCOPED_TRACE(text);
      const Hand hand = parse_hand(text);
      const auto mine = testutil::zjh_reference_evaluate(rules, hand[0], hand[1], hand[2]);
      HandOdds brute;
      for (unsigned x = 0; x < DECK_SIZE; ++x) {
        for (unsigned y = x + 1; y < DECK_SIZE; ++y) {
          for (unsigned z = y + 1; z < DECK_SIZE; ++z) {
            bool shared = false;
            for (const Card c : hand) shared = shared || c == x || c == y || c == z;
            if (shared) continue;
            const auto theirs = testutil::zjh_reference_evaluate(rules, static_cast<Card>(x), static_cast<Card>(y),
                                                                 static_cast<Card>(z));
            const int cmp = testutil::zjh_reference_compare(rules, mine, theirs);
            (cmp > 0 ? brute.wins : cmp == 0 ? brute.ties : brute.losses) += 1;
          }
        }
      }
      const HandOdds fast = analysis.odds(hand);
      EXPECT_EQ(fast.wins, brute.wins);
      EXPECT_EQ(fast.ties, brute.ties);
      EXPECT_EQ(fast.losses, brute.losses);
    }
  }
}

TEST(ZjhExact, ReportCarriesExactFractions) {
  const auto report = io::zjh_exact_report(exact_heads_up(Rules{}));
  EXPECT_EQ(report.at("heads_up").at("tie").at("fraction"), "1083/978775");
  EXPECT_EQ(report.at("levels"), 741);
  EXPECT_EQ(report.at("categories").at(0).at("category"), "leopard");
  EXPECT_EQ(report.at("categories").at(0).at("hands"), 52);
}

}  // namespace
}  // namespace cardsim::zjh
