// Paired runs (common random numbers): a variant against itself differs by
// exactly zero, known rule effects match the exact differences within 3
// standard errors, pairing shrinks the standard error, and the result does not
// depend on the thread count.
#include "cardsim/blackjack/paired.hpp"

#include <memory>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::blackjack {
namespace {

struct Variants {
  std::vector<Rules> rules;
  std::vector<std::unique_ptr<Engine>> engines;
  std::vector<double> exact;

  void add(const Rules& r) {
    // One fixed chart for every variant, so that the differences come from the
    // rules alone (and the exact values are those of the chart played).
    const StrategyChart chart = io::load_strategy("basic-s17-das", r, "");
    rules.push_back(r);
    engines.push_back(std::make_unique<Engine>(r, chart));
    exact.push_back(Analyzer(r).evaluate(chart).ev);
  }
  std::vector<const Engine*> pointers() const {
    std::vector<const Engine*> out;
    for (const auto& e : engines) out.push_back(e.get());
    return out;
  }
};

double edge_se(const PairedRun& run, const Rules& rules, std::size_t v) { return table_edge(run.tallies[v], rules).se; }

PairedRun play(const Variants& variants, std::uint64_t rounds, unsigned threads) {
  const run::ChunkPlan plan{rounds, 50'000};
  run::RunControl control;
  return play_paired(variants.pointers(), 2026, plan, run::all_chunks(plan), threads, control);
}

Rules fresh_shoe() {
  Rules rules;
  rules.reshuffle = Reshuffle::every_round;
  return rules;
}

TEST(Paired, AVariantAgainstItselfDiffersByExactlyZero) {
  Variants variants;
  variants.add(Rules{});
  variants.add(Rules{});
  const PairedRun run = play(variants, 500'000, 2);
  EXPECT_EQ(run.tallies[0], run.tallies[1]);
  const auto d = paired_difference(run, 1, 0, edge_se(run, variants.rules[1], 1), edge_se(run, variants.rules[0], 0));
  EXPECT_EQ(d.mean, 0.0);
  EXPECT_EQ(d.se, 0.0);
}

TEST(Paired, KnownRuleEffectsMatchTheExactDifferences) {
  Variants variants;
  variants.add(fresh_shoe());
  Rules h17 = fresh_shoe();
  h17.h17 = true;
  variants.add(h17);
  Rules six_five = fresh_shoe();
  six_five.blackjack_pays_num = 6;
  six_five.blackjack_pays_den = 5;
  variants.add(six_five);
  Rules surrender = fresh_shoe();
  surrender.surrender = Surrender::late;
  variants.add(surrender);
  const PairedRun run = play(variants, 2'000'000, 2);
  // The published sizes (in house edge): H17 about +0.2 points, 6:5 about
  // +1.36, late surrender about -0.07 to -0.09 in 6 decks.
  const double published_house_edge_change[] = {0, 0.2, 1.36, -0.08};
  for (std::size_t v = 1; v < 4; ++v) {
    SCOPED_TRACE("variant " + std::to_string(v));
    const auto d = paired_difference(run, v, 0, edge_se(run, variants.rules[v], v), edge_se(run, variants.rules[0], 0));
    const double exact = variants.exact[v] - variants.exact[0];
    EXPECT_NEAR(d.mean, exact, 3 * d.se);
    EXPECT_NEAR(-100 * exact, published_house_edge_change[v], 0.03);
    // Pairing: the same cards make the difference at least 5 times more precise.
    EXPECT_LT(d.se * 5, d.se_unpaired);
  }
}

TEST(Paired, SameResultOnOneOrTwoThreads) {
  Variants variants;
  variants.add(Rules{});
  Rules h17;
  h17.h17 = true;
  variants.add(h17);
  const PairedRun one = play(variants, 300'000, 1);
  const PairedRun two = play(variants, 300'000, 2);
  EXPECT_EQ(one.tallies, two.tallies);
  EXPECT_EQ(one.chunk_nets, two.chunk_nets);
  EXPECT_EQ(one.chunks_played, two.chunks_played);
}

TEST(Paired, AVariantsTallyIsThatOfAPlainRun) {
  Variants variants;
  Rules h17;
  h17.h17 = true;
  variants.add(Rules{});
  variants.add(h17);
  const PairedRun run = play(variants, 200'000, 2);
  EXPECT_EQ(run.tallies[1], simulate(*variants.engines[1], 2026, 200'000, 50'000, 1));
}

}  // namespace
}  // namespace cardsim::blackjack
