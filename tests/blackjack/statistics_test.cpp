// Monte Carlo against exact values (infinite deck), with fixed seeds and
// tolerances in standard errors; and determinism across threads.
#include <cmath>

#include <gtest/gtest.h>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/run/runner.hpp"
#include "testutil/blackjack_reference.hpp"

namespace cardsim::blackjack {
namespace {

Tally simulate(const Rules& rules, const StrategyChart& chart, std::uint64_t rounds, std::uint64_t seed,
               unsigned threads = 2, std::uint64_t chunk_rounds = 250'000) {
  return blackjack::simulate(Engine(rules, chart), seed, rounds, chunk_rounds, threads);
}

Rules infinite_rules(bool h17) {
  Rules rules;
  rules.decks = INFINITE_DECKS;
  rules.h17 = h17;
  return rules;
}

// 4 standard errors: 120 proportions are compared, each within 4 SE.
constexpr double DEALER_TOLERANCE_SE = 4.0;

void check_dealer_distribution(bool h17) {
  const Rules rules = infinite_rules(h17);
  // Standing on everything keeps every hand live, so the dealer always plays
  // out (except against a player's natural, which is independent of the
  // dealer's cards in an infinite deck).
  const Tally tally = simulate(rules, always_stand_chart(), 4'000'000, h17 ? 2 : 1);
  for (int up = 1; up <= CARD_VALUES; ++up) {
    SCOPED_TRACE("up card " + std::to_string(up) + (h17 ? " H17" : " S17"));
    const auto& finals = tally.dealer_final[static_cast<std::size_t>(up)];
    std::int64_t completed = 0;
    for (int f = 0; f < 6; ++f) completed += finals[static_cast<std::size_t>(f)];
    const auto exact = testutil::infinite_dealer_final(up, h17, /*no_blackjack=*/true);
    for (int f = 0; f < 6; ++f) {
      const double p = exact[static_cast<std::size_t>(f)];
      const double observed = static_cast<double>(finals[static_cast<std::size_t>(f)]) / static_cast<double>(completed);
      const double se = std::sqrt(p * (1 - p) / static_cast<double>(completed));
      EXPECT_NEAR(observed, p, DEALER_TOLERANCE_SE * se) << "final " << f;
    }
    // The dealer's blackjack rate under this up card (peeked every round).
    const double p_bj = testutil::infinite_dealer_final(up, h17, false)[6];
    const double rounds = static_cast<double>(tally.upcard_rounds[static_cast<std::size_t>(up)]);
    const double observed_bj = static_cast<double>(finals[static_cast<std::size_t>(DealerFinal::blackjack)]) / rounds;
    EXPECT_NEAR(observed_bj, p_bj, DEALER_TOLERANCE_SE * std::sqrt(p_bj * (1 - p_bj) / rounds + 1e-300));
  }
}

TEST(InfiniteDeck, DealerFinalTotalsS17) { check_dealer_distribution(false); }
TEST(InfiniteDeck, DealerFinalTotalsH17) { check_dealer_distribution(true); }

TEST(InfiniteDeck, ReferenceDealerValuesAreSane) {
  // Each distribution sums to 1; two values cross-checked with a separate
  // Python recursion: S17 up 6 busts 0.4231505, up A busts 0.1152863 before
  // the peek (0.1665246 after it).
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (const bool h17 : {false, true}) {
      double sum = 0;
      for (const double p : testutil::infinite_dealer_final(up, h17, false)) sum += p;
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
  }
  EXPECT_NEAR(testutil::infinite_dealer_final(6, false, true)[5], 0.4231505, 1e-7);
  EXPECT_NEAR(testutil::infinite_dealer_final(1, false, false)[5], 0.1152863, 1e-7);
  EXPECT_NEAR(testutil::infinite_dealer_final(1, false, true)[5], 0.1665246, 1e-7);
}

// The EV per initial bet of a fixed strategy, simulated, against the exact
// value; within 3 standard errors.
void check_strategy_ev(const StrategyChart& chart, bool h17, int hard_stand, int soft_stand, std::uint64_t seed) {
  const Rules rules = infinite_rules(h17);
  const Tally tally = simulate(rules, chart, 4'000'000, seed);
  const core::MeanEstimate edge = table_edge(tally, rules);
  const double exact = testutil::infinite_threshold_strategy_ev(hard_stand, soft_stand, h17, 1.5);
  EXPECT_NEAR(edge.mean, exact, 3 * edge.se) << chart.name << (h17 ? " H17" : " S17") << ": exact " << exact;
}

TEST(InfiniteDeck, MimicDealerEvS17) { check_strategy_ev(mimic_dealer_chart(infinite_rules(false)), false, 17, 17, 3); }
TEST(InfiniteDeck, MimicDealerEvH17) { check_strategy_ev(mimic_dealer_chart(infinite_rules(true)), true, 17, 18, 4); }
TEST(InfiniteDeck, HitBelow16EvS17) { check_strategy_ev(hit_below_16_chart(), false, 16, 16, 5); }

TEST(Determinism, SameTallyOnOneOrTwoThreadsAndInAnyChunkOrder) {
  Rules rules;  // 6 decks, cut card
  rules.seats = 3;
  rules.surrender = Surrender::late;
  rules.insurance = Insurance::always;
  const StrategyChart chart = mimic_dealer_chart(rules);
  const Tally one = simulate(rules, chart, 600'000, 77, 1, 100'000);
  const Tally two = simulate(rules, chart, 600'000, 77, 2, 100'000);
  EXPECT_EQ(one, two);
  EXPECT_EQ(one.rounds, 600'000);
  // Another seed gives other cards.
  EXPECT_NE(one, simulate(rules, chart, 600'000, 78, 2, 100'000));
}

TEST(Shoe, RoundsPerShoeFollowsPenetration) {
  Rules rules;
  rules.decks = 1;
  rules.penetration = 0.5;
  rules.seats = 7;
  const Tally tally = simulate(rules, mimic_dealer_chart(rules), 200'000, 9);
  // 26 cards per shoe, about 5.9 cards per seat-round with 7 seats -> the cut
  // card comes out in the first or second round; mid-round exhaustion is rare
  // but possible with 7 seats and one deck.
  const double rounds_per_shoe = static_cast<double>(tally.rounds) / static_cast<double>(tally.shoes);
  EXPECT_GT(rounds_per_shoe, 1.0);
  EXPECT_LT(rounds_per_shoe, 2.0);
  rules.reshuffle = Reshuffle::every_round;
  EXPECT_EQ(simulate(rules, mimic_dealer_chart(rules), 10'000, 9).shoes, 10'000);
}

}  // namespace
}  // namespace cardsim::blackjack
