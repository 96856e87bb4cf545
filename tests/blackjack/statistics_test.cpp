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
  return blackjack::simulate(make_engine(rules, chart), seed, rounds, chunk_rounds, threads);
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

// The shoe's figures, worked out from the rules alone. Surrendering every
// hand (late surrender, Rh in every cell) makes every round deal exactly two
// cards to each seat and two to the dealer, whatever they are: a natural is
// paid at once, a dealer's blackjack ends the round, and no surrendered hand
// needs the dealer to draw (the dealer's hand completed for the statistics
// is a look, not a deal). So the cards dealt are known round by round, and
// so is every shuffle: each chunk starts a shoe; a shoe burns its burn cards
// and ends after the round in which the cut card comes out (the cards dealt,
// burns included, reach the cut card's position); a round that needs more
// cards than are left reshuffles the discards (the cards of the round stay
// on the table) and goes on. Counted here by that rule, round by round.
struct ShoeFigures {
  std::int64_t shoes = 0;
  std::int64_t exhaustion_reshuffles = 0;
};

ShoeFigures shoe_figures_by_rule(const Rules& rules, std::int64_t rounds, std::int64_t chunk_rounds) {
  const int cards = rules.shoe_cards();
  const int cut = rules.cut_card_position();
  const int per_round = 2 * rules.seats + 2;
  ShoeFigures figures;
  for (std::int64_t first = 0; first < rounds; first += chunk_rounds) {
    int dealt = 0;
    for (std::int64_t r = first; r < std::min(rounds, first + chunk_rounds); ++r) {
      if (r == first || dealt >= cut || rules.reshuffle == Reshuffle::every_round) {
        ++figures.shoes;
        dealt = rules.burn_cards;
      }
      if (dealt + per_round > cards) {  // dry mid-round: the round's cards so far stay on the table
        ++figures.exhaustion_reshuffles;
        dealt = per_round;
      } else {
        dealt += per_round;
      }
    }
  }
  return figures;
}

StrategyChart surrender_everything() {
  StrategyChart chart = always_stand_chart();
  chart.name = "surrender everything";
  for (ChartRows* rows : {&chart.hard, &chart.soft, &chart.pairs}) {
    for (auto& row : *rows) row.fill(ChartAction::surrender_else_hit);
  }
  return chart;
}

TEST(Shoe, ShufflesFollowFromTheCutCardBurnCardsAndSeats) {
  struct Case {
    int decks;
    int seats;
    double penetration;
    int cut_card;  // 0: by penetration
    int burn_cards;
    int remove_tens_per_deck;
    const char* what;
  };
  const std::vector<Case> cases{
      {1, 1, 0.5, 0, 1, 0, "cut card at 26: 7 rounds a shoe"},
      {1, 1, 0.75, 41, 1, 0, "cut card at 41 reached by the last card of round 10 exactly"},
      {1, 1, 0.75, 42, 1, 0, "one card later: an 11th round"},
      {6, 7, 0.75, 0, 1, 0, "cut card at 234, 16 cards a round: 15 rounds"},
      {8, 2, 0.8, 0, 0, 0, "8 decks, 80% rounds to 333 cards, no burn card"},
      {2, 3, 0.75, 60, 3, 0, "3 burn cards before the rounds"},
      {6, 1, 0.6, 0, 1, 4, "48-card Spanish decks: the cut card at 173"},
      {1, 7, 0.95, 0, 0, 0, "a 1-deck shoe that runs dry every third round, never reaching the cut card"},
  };
  constexpr std::int64_t ROUNDS = 100'000;
  constexpr std::int64_t CHUNK_ROUNDS = 30'000;  // 4 chunks, the last of 10,000 rounds
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Rules rules;
    rules.decks = c.decks;
    rules.seats = c.seats;
    rules.penetration = c.penetration;
    rules.cut_card = c.cut_card;
    rules.burn_cards = c.burn_cards;
    rules.remove_tens_per_deck = c.remove_tens_per_deck;
    rules.surrender = Surrender::late;
    const Tally tally = simulate(rules, surrender_everything(), ROUNDS, 9, 2, CHUNK_ROUNDS);
    const ShoeFigures expected = shoe_figures_by_rule(rules, ROUNDS, CHUNK_ROUNDS);
    EXPECT_EQ(tally.shoes, expected.shoes);
    EXPECT_EQ(tally.exhaustion_reshuffles, expected.exhaustion_reshuffles);
    // The premise: no hand drew, doubled or split.
    for (int seat = 0; seat < c.seats; ++seat) {
      const auto& t = tally.seats[static_cast<std::size_t>(seat)];
      EXPECT_EQ(t.hands, ROUNDS);
      EXPECT_EQ(t.doubles + t.splits + t.busts, 0);
      EXPECT_GT(t.surrenders, ROUNDS * 8 / 10);
    }
  }
  // The rule by hand for the first case: 25 cards after the burn card at 4 a
  // round make 7 rounds a shoe (the 7th reaches card 29), so 70 rounds in one
  // chunk take 10 shoes.
  Rules one_deck;
  one_deck.decks = 1;
  one_deck.penetration = 0.5;
  EXPECT_EQ(shoe_figures_by_rule(one_deck, 70, 70).shoes, 10);
}

TEST(Shoe, EveryRoundReshuffleDealsEachRoundFromAFreshShoe) {
  Rules rules;
  rules.reshuffle = Reshuffle::every_round;
  EXPECT_EQ(simulate(rules, mimic_dealer_chart(rules), 10'000, 9).shoes, 10'000);
}

}  // namespace
}  // namespace cardsim::blackjack
