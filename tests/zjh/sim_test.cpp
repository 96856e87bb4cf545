// Monte Carlo showdowns: determinism across thread counts and agreement with
// the exact heads-up values.
#include "cardsim/zjh/sim.hpp"

#include <cmath>
#include <numeric>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/showdown.hpp"

namespace cardsim::zjh {
namespace {

SimTally run(const SimConfig& config, unsigned threads) {
  run::RunControl control;
  const auto outcome = run_sim(config, threads, control);
  EXPECT_TRUE(outcome.complete);
  return outcome.tally;
}

TEST(ZjhSim, OneAndTwoThreadsGiveByteIdenticalJson) {
  for (const unsigned players : {2u, 5u, 17u}) {
    SimConfig config;
    config.players = players;
    config.deals = 300'007;
    config.chunk_deals = 37'000;
    config.seed = 2024;
    config.rules.special_235 = true;
    const std::string one = io::zjh_sim_report(config, run(config, 1)).dump(2);
    const std::string two = io::zjh_sim_report(config, run(config, 2)).dump(2);
    EXPECT_EQ(one, two);
    const SimTally tally = run(config, 2);
    EXPECT_EQ(tally.deals, config.deals);
    EXPECT_EQ(std::accumulate(tally.seat_hands.begin(), tally.seat_hands.end(), std::uint64_t{0}), config.deals);
    EXPECT_EQ(std::accumulate(tally.winning_hands.begin(), tally.winning_hands.end(), std::uint64_t{0}), config.deals);
    EXPECT_EQ(io::zjh_tally_from_json(io::zjh_tally_to_json(tally)), tally);
  }
  // A different seed gives different numbers.
  SimConfig a, b;
  a.deals = b.deals = 10'000;
  b.seed = a.seed + 1;
  EXPECT_NE(run(a, 1), run(b, 1));
}

// |observed - expected| <= 3 standard errors of the expected proportion.
void expect_within_3se(std::uint64_t observed, std::uint64_t trials, std::uint64_t numerator, std::uint64_t denominator,
                       const char* what) {
  const double p = static_cast<double>(numerator) / static_cast<double>(denominator);
  if (trials == 0) return;
  if (numerator == 0) {
    EXPECT_EQ(observed, 0u) << what;
    return;
  }
  const double n = static_cast<double>(trials);
  const double se = std::sqrt(p * (1 - p) / n);
  const double estimate = static_cast<double>(observed) / n;
  EXPECT_LE(std::abs(estimate - p), 3 * se)
      << what << ": " << estimate << " vs exact " << p << " (se " << se << ", n " << trials << ")";
}

TEST(ZjhSim, HeadsUpMonteCarloAgreesWithExactWithin3StandardErrors) {
  Rules killer;
  killer.special_235 = true;
  killer.ties = TieRule::suits;
  for (const Rules& rules : {Rules{}, killer}) {
    SCOPED_TRACE(describe(rules));
    SimConfig config;
    config.rules = rules;
    config.players = 2;
    config.deals = 4'000'000;
    config.chunk_deals = 500'000;
    config.seed = 6;
    const SimTally tally = run(config, 2);
    const ExactResult exact = exact_heads_up(rules);
    std::uint64_t wins = 0, ties = 0;
    for (unsigned c = 0; c < CATEGORY_COUNT; ++c) {
      SCOPED_TRACE(category_key(static_cast<Category>(c)));
      const std::uint64_t pairs = exact.hands[c] * DISJOINT_HAND_COUNT;
      expect_within_3se(tally.seat_hands[c], tally.deals, exact.hands[c], HAND_COUNT, "category");
      expect_within_3se(tally.seat_wins[c], tally.seat_hands[c], exact.wins[c], pairs, "win");
      expect_within_3se(tally.seat_ties[c], tally.seat_hands[c], exact.ties[c], pairs, "tie");
      expect_within_3se(tally.winning_hands[c], tally.deals, exact.winning_deals(static_cast<Category>(c)),
                        ORDERED_PAIR_COUNT, "winning category");
      wins += tally.seat_wins[c];
      ties += tally.seat_ties[c];
    }
    expect_within_3se(wins, tally.deals, exact.total_wins(), ORDERED_PAIR_COUNT, "win overall");
    expect_within_3se(ties, tally.deals, exact.total_ties(), ORDERED_PAIR_COUNT, "tie overall");
    expect_within_3se(tally.split_deals, tally.deals, exact.total_ties(), ORDERED_PAIR_COUNT, "split pots");
  }
}

TEST(ZjhSim, RejectsBadConfig) {
  SimConfig config;
  config.players = 18;
  run::RunControl control;
  EXPECT_THROW(run_sim(config, 1, control), Error);
  config.players = 2;
  config.deals = 0;
  EXPECT_THROW(run_sim(config, 1, control), Error);
}

// Chunks never share random numbers: a chunk of the most deals allowed fits
// in its 2^40-draw stream, one more deal is refused, and deals really take
// no more draws than the bound says (measured by the generator's distance).
TEST(ZjhSim, ChunksStayWithinTheirStreams) {
  for (const unsigned players : {2u, 6u, 17u}) {
    const std::uint64_t most = max_chunk_deals(players);
    const std::uint64_t per_deal = DRAWS_PER_CARD * HAND_SIZE * players;
    EXPECT_LE(most * per_deal, std::uint64_t{1} << core::CHUNK_STRIDE_LOG2);
    EXPECT_GT((most + 1) * per_deal, std::uint64_t{1} << core::CHUNK_STRIDE_LOG2);
    SimConfig config;
    config.players = players;
    config.chunk_deals = most;
    EXPECT_NO_THROW(validate(config));
    config.chunk_deals = most + 1;
    try {
      validate(config);
      ADD_FAILURE() << "chunk_deals " << most + 1 << " accepted for " << players << " players";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("chunk_deals " + std::to_string(most + 1) + " is more than"),
                std::string::npos)
          << e.what();
    }
    // 100,000 deals: the draws taken are the cards dealt (Lemire's
    // rejections are too rare to see), well within the bound.
    core::Rng rng = core::chunk_rng(7, core::StreamPurpose::test, 0);
    const core::Rng start = rng;
    Deck deck = fresh_deck();
    constexpr std::uint64_t DEALS = 100'000;
    for (std::uint64_t d = 0; d < DEALS; ++d) deal_cards(rng, deck, players * HAND_SIZE);
    const std::uint64_t draws = rng - start;
    EXPECT_GE(draws, DEALS * players * HAND_SIZE);
    EXPECT_LE(draws, DEALS * per_deal / DRAWS_PER_CARD + 10);
  }
}

}  // namespace
}  // namespace cardsim::zjh
