// Paired runs (common random numbers): a variant against itself differs by
// exactly zero, known rule effects match the exact differences within 3
// standard errors, pairing shrinks the standard error, and the result does not
// depend on the thread count.
#include "cardsim/blackjack/paired.hpp"

#include <memory>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/estimates.hpp"
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

  void add(const Rules& r, ControlVariate control = ControlVariate::none) {
    // One fixed chart for every variant, so that the differences come from the
    // rules alone (and the exact values are those of the chart played).
    const StrategyChart chart = io::load_strategy("basic-s17-das", r, "");
    rules.push_back(r);
    engines.push_back(std::make_unique<Engine>(make_engine(r, chart, {}, control)));
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

// Controlled variants (control variates from each one's exact values): the
// controlled difference against the exact one within 4 of its own standard
// errors, which are many times smaller than the plain paired ones; the plain
// difference and every tally are those of a plain paired run.
TEST(Paired, ControlledDifferencesMatchTheExactOnesAndAreMorePrecise) {
  Variants plain;
  Variants controlled;
  Rules h17 = fresh_shoe();
  h17.h17 = true;
  Rules six_five = fresh_shoe();
  six_five.blackjack_pays_num = 6;
  six_five.blackjack_pays_den = 5;
  for (const Rules& r : {fresh_shoe(), h17, six_five}) {
    plain.add(r);
    controlled.add(r, ControlVariate::exact);
  }
  const PairedRun p = play(plain, 1'000'000, 2);
  const PairedRun c = play(controlled, 1'000'000, 2);
  for (std::size_t v = 1; v < 3; ++v) {
    SCOPED_TRACE("variant " + std::to_string(v));
    const double exact = controlled.exact[v] - controlled.exact[0];
    const auto se = [&](std::size_t u) { return controlled_table_edge(c.tallies[u], controlled.rules[u]).se; };
    const auto d = paired_difference(c, v, 0, se(v), se(0));
    EXPECT_NEAR(d.mean, exact, 4 * d.se);
    const auto plain_d = paired_difference(p, v, 0, edge_se(p, plain.rules[v], v), edge_se(p, plain.rules[0], 0));
    std::printf("variant %zu: controlled %.5f%% +/- %.5f%%, plain %.5f%% +/- %.5f%%, exact %.5f%%\n", v, 100 * d.mean,
                100 * d.se, 100 * plain_d.mean, 100 * plain_d.se, 100 * exact);
    EXPECT_LT(d.se * 3, plain_d.se);  // measured: 6 to 20 times smaller
    // The plain difference of the controlled run is the plain run's, bit for bit.
    const auto again = paired_plain_difference(c, v, 0, edge_se(c, plain.rules[v], v), edge_se(c, plain.rules[0], 0));
    EXPECT_EQ(again.mean, plain_d.mean);
    EXPECT_EQ(again.se, plain_d.se);
  }
  EXPECT_EQ(c.chunk_nets, p.chunk_nets);
  for (std::size_t v = 0; v < 3; ++v) {
    Tally without_control = c.tallies[v];
    without_control.control = {};
    EXPECT_EQ(without_control, p.tallies[v]);
  }
}

}  // namespace
}  // namespace cardsim::blackjack
