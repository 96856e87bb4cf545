// The control variate (blackjack/control_variate.hpp): unbiased whatever its
// values, by tests whose tolerance is in standard errors of the controlled
// estimate, which is many times smaller than the plain one's; and the plain
// tally untouched.
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/control_variate.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/tally_json.hpp"

namespace cardsim::blackjack {
namespace {

// Many comparisons at once: 4 SE keeps the chance that any fails by luck
// under 0.2% over the whole file.
constexpr double TOLERANCE_SE = 4;

struct Controlled {
  core::MeanEstimate plain;
  core::MeanEstimate controlled;
  VarianceReduction reduction;
  Tally tally;
};

Controlled play(const Engine& engine, std::uint64_t rounds, std::uint64_t seed = 2026) {
  Controlled c;
  c.tally = simulate(engine, seed, rounds, 100'000, 2);
  c.plain = table_edge(c.tally, engine.rules());
  c.controlled = controlled_table_edge(c.tally, engine.rules());
  c.reduction = variance_reduction(c.tally);
  return c;
}

// Fresh shoe each round, the analyzer's optimal chart: the controlled edge
// against the chart's exact value.
struct Family {
  std::string name;
  Rules rules;
  double least_factor;  // the reduction this V gives at least (measured well above it)
};

Rules base() {
  Rules r;
  r.decks = 6;
  r.h17 = false;
  r.double_after_split = true;
  r.reshuffle = Reshuffle::every_round;
  return r;
}

std::vector<Family> families() {
  std::vector<Family> f;
  const auto add = [&](std::string name, auto change, double least) {
    Rules r = base();
    change(r);
    f.push_back({std::move(name), r, least});
  };
  add("6 decks S17 DAS", [](Rules&) {}, 10);
  add("1 deck H17", [](Rules& r) { r.decks = 1, r.h17 = true; }, 5);
  add("2 decks S17 no DAS", [](Rules& r) { r.decks = 2, r.double_after_split = false; }, 5);
  add("8 decks H17 late surrender", [](Rules& r) { r.decks = 8, r.h17 = true, r.surrender = Surrender::late; }, 10);
  add("6 decks ENHC", [](Rules& r) { r.hole_card = HoleCard::enhc; }, 10);
  add("6 decks ENHC OBO", [](Rules& r) { r.hole_card = HoleCard::enhc_obo; }, 5);
  add("6 decks 6:5", [](Rules& r) { r.blackjack_pays_num = 6, r.blackjack_pays_den = 5; }, 10);
  add("6 decks early surrender", [](Rules& r) { r.surrender = Surrender::early; }, 5);
  add("infinite deck", [](Rules& r) { r.decks = INFINITE_DECKS; }, 10);
  return f;
}

TEST(ControlVariate, FreshShoeAgreesWithExactValues) {
  for (const Family& family : families()) {
    SCOPED_TRACE(family.name);
    Analyzer analyzer(family.rules);
    const StrategyChart chart = analyzer.optimal_chart();
    const double exact = analyzer.evaluate(chart).ev;
    const Engine engine(family.rules, chart, Counting{}, {}, ControlVariate::exact);
    const Controlled run = play(engine, 400'000);
    std::printf("%-28s factor %.1f +/- %.1f  controlled %.5f%% +/- %.5f%%  exact %.5f%%  (%.2f SE)\n",
                family.name.c_str(), run.reduction.factor, run.reduction.se, 100 * run.controlled.mean,
                100 * run.controlled.se, 100 * exact, (run.controlled.mean - exact) / run.controlled.se);
    EXPECT_NEAR(run.controlled.mean, exact, TOLERANCE_SE * run.controlled.se);
    EXPECT_NEAR(run.plain.mean, exact, TOLERANCE_SE * run.plain.se);
    EXPECT_GT(run.reduction.factor, family.least_factor);
  }
}

}  // namespace
}  // namespace cardsim::blackjack
