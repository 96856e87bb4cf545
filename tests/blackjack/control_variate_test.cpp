// The control variate (blackjack/control_variate.hpp): unbiased whatever its
// values, by tests whose tolerance is in standard errors of the controlled
// estimate, which is many times smaller than the plain one's; and the plain
// tally untouched.
#include "cardsim/blackjack/control_variate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
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
  add(
      "6 decks S17 DAS", [](Rules&) {}, 10);
  add(
      "1 deck H17", [](Rules& r) { r.decks = 1, r.h17 = true; }, 5);
  add(
      "2 decks S17 no DAS", [](Rules& r) { r.decks = 2, r.double_after_split = false; }, 5);
  add(
      "8 decks H17 late surrender", [](Rules& r) { r.decks = 8, r.h17 = true, r.surrender = Surrender::late; }, 10);
  add(
      "6 decks ENHC", [](Rules& r) { r.hole_card = HoleCard::enhc; }, 10);
  add(
      "6 decks ENHC OBO", [](Rules& r) { r.hole_card = HoleCard::enhc_obo; }, 5);
  add(
      "6 decks 6:5", [](Rules& r) { r.blackjack_pays_num = 6, r.blackjack_pays_den = 5; }, 10);
  add(
      "6 decks early surrender", [](Rules& r) { r.surrender = Surrender::early; }, 5);
  add(
      "infinite deck", [](Rules& r) { r.decks = INFINITE_DECKS; }, 10);
  add(
      "6 decks 3 seats", [](Rules& r) { r.seats = 3; }, 10);
  // Free Bet and Spanish 21 as configs/ deal them. V has the dealer 22 push,
  // the free bets' house stakes, 21 always wins and the double rescue; it
  // leaves out Spanish 21's bonuses, which costs reduction (Free Bet 5,600,
  // 11.5 before its stakes were in V; Spanish 21 550, 9,100 without the
  // bonuses, 50 before the rescue and 21 were in V).
  add(
      "Free Bet 6 decks H17",
      [](Rules& r) {
        r.h17 = true, r.resplit_aces = true, r.dealer_22_pushes = true;
        r.free_double_totals = (1U << 9) | (1U << 10) | (1U << 11);
        r.free_split_pairs = 0b1111111110;
      },
      1000);
  const auto spanish21 = [](Rules& r) {
    r.remove_tens_per_deck = 4, r.h17 = true, r.resplit_aces = true, r.hit_split_aces = true;
    r.surrender = Surrender::late, r.player_21_wins = true, r.blackjack_beats_blackjack = true;
    r.double_any_cards = true, r.double_rescue = true, r.spanish_bonuses = true;
  };
  add("Spanish 21 6 decks H17", spanish21, 200);
  add(
      "Spanish 21 6 decks H17 without bonuses",
      [&](Rules& r) {
        spanish21(r);
        r.spanish_bonuses = false;
      },
      2000);
  return f;
}

TEST(ControlVariate, FreshShoeAgreesWithExactValues) {
  for (const Family& family : families()) {
    SCOPED_TRACE(family.name);
    Analyzer analyzer(family.rules);
    const StrategyChart chart = analyzer.optimal_chart();
    const double exact = analyzer.evaluate(chart).ev;
    const Engine engine = make_engine(family.rules, chart, {}, ControlVariate::exact);
    const Controlled run = play(engine, 400'000);
    std::printf("%-28s factor %.1f +/- %.1f  controlled %.5f%% +/- %.5f%%  exact %.5f%%  (%.2f SE)\n",
                family.name.c_str(), run.reduction.factor, run.reduction.se, 100 * run.controlled.mean,
                100 * run.controlled.se, 100 * exact, (run.controlled.mean - exact) / run.controlled.se);
    EXPECT_NEAR(run.controlled.mean, exact, TOLERANCE_SE * run.controlled.se);
    EXPECT_NEAR(run.plain.mean, exact, TOLERANCE_SE * run.plain.se);
    EXPECT_GT(run.reduction.factor, family.least_factor);
  }
}

// An infinite deck without resplits: V is then the chart's exact value
// (insurance is not taken), every round's controlled result is V's value of
// the empty table, and the estimate is the exact value up to the rounding of
// each round's control to 2^-32 units: the sharpest test there is.
TEST(ControlVariate, InfiniteDeckIsNearlyExact) {
  Rules rules = base();
  rules.decks = INFINITE_DECKS;
  rules.split_hands = 2;  // no resplits: the split values are exact too
  Analyzer analyzer(rules);
  const StrategyChart chart = analyzer.optimal_chart();
  const double exact = analyzer.evaluate(chart).ev;
  const Engine engine = make_engine(rules, chart, {}, ControlVariate::exact);
  const Controlled run = play(engine, 200'000);
  EXPECT_NEAR(run.controlled.mean, exact, 1e-10);
  EXPECT_LT(run.controlled.se, 1e-10);
  EXPECT_GT(run.reduction.factor, 1e12);
  // With resplits V values a resplit as two hands of the same value: nearly exact.
  rules.split_hands = 4;
  Analyzer resplits(rules);
  const StrategyChart resplit_chart = resplits.optimal_chart();
  const Controlled four = play(make_engine(rules, resplit_chart, {}, ControlVariate::exact), 200'000);
  EXPECT_NEAR(four.controlled.mean, resplits.evaluate(resplit_chart).ev, TOLERANCE_SE * four.controlled.se);
  EXPECT_GT(four.reduction.factor, 10'000);
}

// Deliberately wrong values: all zeros (the control adds nothing: the plain
// estimate exactly), and another rule set's (1 deck, H17, no hole card, 6:5:
// the hole card's slots hold nothing for a peek game) still unbiased, with
// far less reduction (a wrong enough V even adds variance).
TEST(ControlVariate, WrongValuesStayUnbiased) {
  const Rules rules = base();
  Analyzer analyzer(rules);
  const StrategyChart chart = analyzer.optimal_chart();
  const double exact = analyzer.evaluate(chart).ev;

  const Engine zeros = make_engine(rules, chart, {.control = std::make_shared<const ControlValues>(rules)});
  const Controlled none = play(zeros, 200'000);
  EXPECT_EQ(none.controlled.mean, none.plain.mean);
  EXPECT_NEAR(none.reduction.factor, 1, 1e-9);

  Rules other = rules;
  other.decks = 1, other.h17 = true, other.hole_card = HoleCard::enhc;
  other.blackjack_pays_num = 6, other.blackjack_pays_den = 5;
  const auto wrong =
      std::make_shared<const ControlValues>(other, ResolvedStrategy(other, Analyzer(other).optimal_chart()));
  const Engine engine = make_engine(rules, chart, {.control = wrong});
  const Controlled run = play(engine, 1'000'000);
  const Engine right = make_engine(rules, chart, {}, ControlVariate::exact);
  const Controlled good = play(right, 1'000'000);
  EXPECT_NEAR(run.controlled.mean, exact, TOLERANCE_SE * run.controlled.se);
  EXPECT_LT(run.reduction.factor, good.reduction.factor / 10);
  // The same cards: the plain tallies agree, the controls do not.
  EXPECT_EQ(run.tally.seats, good.tally.seats);
}

// Cut-card games: the controlled estimate against a plain run of 20 times
// the rounds (another seed); the shoe's composition drifts from a fresh
// shoe's, which costs reduction, never bias. V follows it two ways: the drift
// term (ControlValues::drift) and the values by bucket of the shoe's
// composition (ControlValues::at). Without either (zero effects, no buckets)
// and with every effect's sign flipped (no buckets) the estimate stays
// unbiased, the flipped one with the least reduction.
TEST(ControlVariate, CutCardGamesAgreeWithLongPlainRuns) {
  for (const int decks : {1, 6}) {
    SCOPED_TRACE(std::to_string(decks) + " decks");
    Rules rules = base();
    rules.decks = decks;
    rules.reshuffle = Reshuffle::cut_card;
    const StrategyChart chart = Analyzer(rules).optimal_chart();
    const auto values = std::make_shared<const ControlValues>(rules, ResolvedStrategy(rules, chart));
    CardProbabilities flipped = values->drifts();
    for (double& effect : flipped) effect = -effect;
    const Controlled controlled = play(make_engine(rules, chart, {}, ControlVariate::exact), 1'000'000, 7);
    const Controlled wrong = play(
        make_engine(rules, chart, {.control = std::make_shared<const ControlValues>(*values, flipped)}), 1'000'000, 7);
    const Controlled none = play(
        make_engine(rules, chart, {.control = std::make_shared<const ControlValues>(*values, CardProbabilities{})}),
        1'000'000, 7);
    const Controlled plain = play(make_engine(rules, chart), 20'000'000, 8);
    for (const Controlled* run : {&controlled, &wrong, &none}) {
      EXPECT_NEAR(run->controlled.mean, plain.plain.mean,
                  TOLERANCE_SE * std::hypot(run->controlled.se, plain.plain.se));
    }
    std::printf("%d decks: factor %.1f, without the drift term and buckets %.1f, drift flipped %.1f\n", decks,
                controlled.reduction.factor, none.reduction.factor, wrong.reduction.factor);
    // Measured (1M rounds): 6 decks 593, 176 without the drift term and the
    // buckets, 71 flipped; one deck 58, 37, 27.
    EXPECT_GT(controlled.reduction.factor, decks == 1 ? 48 : 450);
    EXPECT_LT(none.reduction.factor, controlled.reduction.factor * (decks == 1 ? 0.8 : 0.5));
    EXPECT_LT(wrong.reduction.factor, none.reduction.factor);
    EXPECT_EQ(wrong.tally.seats, controlled.tally.seats);  // the same cards
  }
}

// The spread of `runs` estimates over the SE they report (the root of their
// mean square): 1 if the SEs are honest, within about 1/sqrt(2 (runs - 1))
// for Gaussian estimates (0.05 with 200 runs).
double spread_over_se(const std::vector<core::MeanEstimate>& runs) {
  const double n = static_cast<double>(runs.size());
  double mean = 0, squares = 0, se2 = 0;
  for (const core::MeanEstimate& r : runs) mean += r.mean / n;
  for (const core::MeanEstimate& r : runs) {
    squares += (r.mean - mean) * (r.mean - mean);
    se2 += r.se * r.se / n;
  }
  return std::sqrt(squares / (n - 1)) / std::sqrt(se2);
}

// The controlled standard errors of a cut-card game hold: the rounds of a
// shoe follow its composition's drift together, so the SE comes from the
// shoes' totals (ControlTally's cycles); from the rounds taken as
// independent the SE was 1.41 times too small for the table and 1.29 for
// the seat (8 decks, 2 seats), 1.66 with one seat. The spread of 200 runs'
// estimates over the SE they report is 1 within 0.15, three SDs of the
// ratio (200 runs: 0.05), for 6 decks, one deck and 8 decks with two seats.
TEST(ControlVariate, CutCardStandardErrorsMatchTheSpreadOfRuns) {
  struct Game {
    std::string name;
    int decks;
    bool h17;
    int seats;
  };
  for (const Game& game :
       {Game{"6 decks S17", 6, false, 1}, Game{"1 deck S17", 1, false, 1}, Game{"8 decks H17, 2 seats", 8, true, 2}}) {
    Rules rules = base();
    rules.decks = game.decks;
    rules.h17 = game.h17;
    rules.seats = game.seats;
    rules.reshuffle = Reshuffle::cut_card;
    const Engine engine = make_engine(rules, Analyzer(rules).optimal_chart(), {}, ControlVariate::exact);
    constexpr int RUNS = 200;
    std::vector<core::MeanEstimate> table, seat;
    for (int run = 0; run < RUNS; ++run) {
      const Tally tally = simulate(engine, 100 + static_cast<std::uint64_t>(run), 20'000, 10'000, 2);
      EXPECT_GT(tally.control.cycles, 300);
      table.push_back(controlled_table_edge(tally, rules));
      seat.push_back(controlled_seat_edge(tally, rules, 0));
    }
    std::printf("%s: spread / SE %.3f (table), %.3f (seat)\n", game.name.c_str(), spread_over_se(table),
                spread_over_se(seat));
    EXPECT_NEAR(spread_over_se(table), 1.0, 0.15) << game.name;
    EXPECT_NEAR(spread_over_se(seat), 1.0, 0.15) << game.name;
  }
}

// The plain tally is the same with the control on or off (the same cards,
// the same play): only Tally::control differs. And the control's sums merge
// exactly: one thread or two, the same tally.
TEST(ControlVariate, PlainTallyUnchangedAndMergeExact) {
  Rules rules = base();
  rules.reshuffle = Reshuffle::cut_card;
  rules.seats = 2;
  const StrategyChart chart = Analyzer(rules).optimal_chart();
  const Engine controlled = make_engine(rules, chart, {}, ControlVariate::exact);
  const Engine plain = make_engine(rules, chart);
  Tally with = simulate(controlled, 5, 300'000, 50'000, 1);
  const Tally without = simulate(plain, 5, 300'000, 50'000, 1);
  EXPECT_EQ(with.control.rounds, 300'000);
  EXPECT_EQ(simulate(controlled, 5, 300'000, 50'000, 2), with);
  with.control = {};
  EXPECT_EQ(with, without);
}

TEST(ControlVariate, TallyJsonRoundTrip) {
  const Rules rules = base();
  const Engine engine = make_engine(rules, Analyzer(rules).optimal_chart(), {}, ControlVariate::exact);
  const Tally tally = simulate(engine, 3, 20'000, 10'000, 1);
  ASSERT_FALSE(tally.control.empty());
  EXPECT_EQ(io::tally_from_json(io::tally_to_json(tally)), tally);
  EXPECT_FALSE(io::tally_to_json(simulate(make_engine(rules, Analyzer(rules).optimal_chart()), 3, 20'000, 10'000, 1))
                   .contains("control"));
}

TEST(ControlVariate, MixedTallyRefused) {
  const Rules rules = base();
  const StrategyChart chart = Analyzer(rules).optimal_chart();
  Tally mixed = simulate(make_engine(rules, chart, {}, ControlVariate::exact), 3, 20'000, 10'000, 1);
  mixed.merge(simulate(make_engine(rules, chart), 4, 20'000, 10'000, 1));
  EXPECT_THROW(sim_statistics(mixed, rules), Error);
}

// A counter at the table: Hi-Lo (exact decks, floored), a 1-12 ramp and the
// Illustrious 18 and Fab 4, 6 decks cut at 75%: V knows neither the count
// nor the index plays, which costs reduction, never bias.
Counting hilo_ramp() {
  Counting counting;
  counting.enabled = true;
  const std::string count = io::data_dir() + "/counts/hi-lo.json";
  counting.system = io::parse_count_system(io::read_file(count), count, 6);
  counting.ramp = {{1, 1}, {2, 2}, {3, 4}, {4, 8}, {5, 12}};
  const std::string indices = io::data_dir() + "/indices/illustrious18-fab4-s17.txt";
  counting.indices = io::parse_index_plays(io::read_file(indices), indices);
  return counting;
}

Rules counted_game() {
  Rules rules = base();
  rules.reshuffle = Reshuffle::cut_card;
  return rules;
}

// Counted rounds controlled: every plain tally (counting's included) as
// without the control; the counter's win and the edge by true count
// against a plain run of 15 times the rounds (another seed).
TEST(ControlVariate, CountedRunsAgreeWithLongPlainRuns) {
  const Rules rules = counted_game();
  const StrategyChart chart = Analyzer(rules).optimal_chart();
  const Engine controlled = make_engine(rules, chart, {.counting = hilo_ramp()}, ControlVariate::exact);
  const Engine plain = make_engine(rules, chart, {.counting = hilo_ramp()});
  Tally with = simulate(controlled, 21, 1'000'000, 100'000, 2);
  const Tally long_plain = simulate(plain, 22, 15'000'000, 500'000, 2);
  const CountingStatistics c = counting_statistics(with, rules, CountingSettings{});
  const CountingStatistics p = counting_statistics(long_plain, rules, CountingSettings{});
  ASSERT_TRUE(c.win_plain && c.win_reduction);
  EXPECT_NEAR(c.win.mean, p.win.mean, TOLERANCE_SE * std::hypot(c.win.se, p.win.se));
  EXPECT_GT(c.win_reduction->factor, 8);  // measured 17.5 with 4M rounds
  EXPECT_EQ(c.win.sd, c.win_plain->sd);   // the SD is the result's
  int compared = 0;
  for (const TrueCountStatistics& x : c.by_true_count) {
    if (x.true_count < -2 || x.true_count > 4) continue;
    for (const TrueCountStatistics& y : p.by_true_count) {
      if (y.true_count != x.true_count) continue;
      ASSERT_TRUE(x.edge_plain_se && x.edge && y.edge && x.edge_se && y.edge_se);
      EXPECT_NEAR(*x.edge, *y.edge, TOLERANCE_SE * std::hypot(*x.edge_se, *y.edge_se)) << "true count " << x.true_count;
      EXPECT_LT(*x.edge_se, *x.edge_plain_se / 3) << "true count " << x.true_count;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 7);
  // The same cards and play: every tally but the control's, and the same
  // with two threads.
  EXPECT_EQ(simulate(controlled, 21, 1'000'000, 100'000, 1), with);
  with.control = {};
  EXPECT_EQ(with, simulate(plain, 21, 1'000'000, 100'000, 2));
}

// A counted controlled tally (its control.counting sums) survives the JSON
// of results, checkpoints and shards.
TEST(ControlVariate, CountedTallyJsonRoundTrip) {
  const Rules rules = counted_game();
  const Engine engine =
      make_engine(rules, Analyzer(rules).optimal_chart(), {.counting = hilo_ramp()}, ControlVariate::exact);
  const Tally tally = simulate(engine, 26, 40'000, 10'000, 1);
  ASSERT_FALSE(tally.control.counting.empty());
  EXPECT_EQ(io::tally_from_json(io::tally_to_json(tally)), tally);
}

// Zero values: the counted run's controlled figures are the plain ones
// exactly; another rule set's values stay unbiased.
TEST(ControlVariate, CountedRunsWithWrongValuesStayUnbiased) {
  const Rules rules = counted_game();
  const StrategyChart chart = Analyzer(rules).optimal_chart();
  const Engine zeros =
      make_engine(rules, chart, {.counting = hilo_ramp(), .control = std::make_shared<const ControlValues>(rules)});
  const CountingStatistics none =
      counting_statistics(simulate(zeros, 23, 300'000, 100'000, 2), rules, CountingSettings{});
  ASSERT_TRUE(none.win_plain);
  EXPECT_EQ(none.win.mean, none.win_plain->mean);

  Rules other = rules;
  other.decks = 1, other.h17 = true, other.hole_card = HoleCard::enhc;
  const auto wrong =
      std::make_shared<const ControlValues>(other, ResolvedStrategy(other, Analyzer(other).optimal_chart()));
  const CountingStatistics run = counting_statistics(
      simulate(make_engine(rules, chart, {.counting = hilo_ramp(), .control = wrong}), 24, 1'000'000, 100'000, 2),
      rules, CountingSettings{});
  const CountingStatistics plain =
      counting_statistics(simulate(make_engine(rules, chart, {.counting = hilo_ramp()}), 25, 10'000'000, 500'000, 2),
                          rules, CountingSettings{});
  EXPECT_NEAR(run.win.mean, plain.win.mean, TOLERANCE_SE * std::hypot(run.win.se, plain.win.se));
}

// The counter's controlled SE holds: the rounds of a shoe share its drift
// (and the bets follow the count), so it comes from the shoes' totals. The
// spread of 200 runs' controlled wins over the SE they report: 1 within
// 0.15, three SDs of the ratio. So do the edges by true count at every count
// that has an SE in all 200 runs (33 to 470 shoes a run; measured 0.94 to
// 1.13): 1 within 0.2 each, four SDs, as 13 counts are checked.
TEST(ControlVariate, CountedStandardErrorsMatchTheSpreadOfRuns) {
  const Rules rules = counted_game();
  const Engine engine =
      make_engine(rules, Analyzer(rules).optimal_chart(), {.counting = hilo_ramp()}, ControlVariate::exact);
  constexpr int RUNS = 200;
  std::vector<core::MeanEstimate> wins;
  std::map<int, std::vector<core::MeanEstimate>> at_count;
  for (int run = 0; run < RUNS; ++run) {
    const Tally tally = simulate(engine, 300 + static_cast<std::uint64_t>(run), 20'000, 10'000, 2);
    const CountingStatistics c = counting_statistics(tally, rules, CountingSettings{});
    wins.push_back(c.win);
    for (const TrueCountStatistics& x : c.by_true_count) {
      if (x.edge_se) at_count[x.true_count].push_back({.mean = *x.edge, .se = *x.edge_se});
    }
  }
  EXPECT_NEAR(spread_over_se(wins), 1.0, 0.15);
  int checked = 0;
  for (const auto& [true_count, edges] : at_count) {
    if (edges.size() < RUNS) continue;
    EXPECT_NEAR(spread_over_se(edges), 1.0, 0.2) << "true count " << true_count;
    ++checked;
  }
  EXPECT_GE(checked, 13);
}

// A true count reached in fewer than MIN_SHOES_FOR_SE shoes has no SE (its
// rounds go together within a shoe: one shoe's rounds gave a controlled SE
// of 0); the shoes are counted whatever the run, controlled or not.
TEST(ControlVariate, RareTrueCountsHaveNoStandardError) {
  const Rules rules = counted_game();
  const StrategyChart chart = Analyzer(rules).optimal_chart();
  for (const ControlVariate control : {ControlVariate::none, ControlVariate::exact}) {
    const Tally tally = simulate(make_engine(rules, chart, {.counting = hilo_ramp()}, control), 7, 20'000, 10'000, 2);
    const CountingStatistics c = counting_statistics(tally, rules, CountingSettings{});
    int rare = 0, common = 0;
    for (const TrueCountStatistics& x : c.by_true_count) {
      if (x.rounds == 0) continue;
      EXPECT_GE(x.shoes, 1);
      EXPECT_LE(x.shoes, std::min(x.rounds, tally.shoes));
      const bool enough = x.shoes >= MIN_SHOES_FOR_SE && x.rounds >= 2;
      EXPECT_EQ(x.edge_se.has_value(), enough) << "true count " << x.true_count << ", " << x.shoes << " shoes";
      if (control == ControlVariate::exact) {
        EXPECT_EQ(x.edge_plain_se.has_value(), enough);
      }
      (enough ? common : rare) += 1;
    }
    EXPECT_GE(rare, 2);
    EXPECT_GE(common, 10);
  }
}

}  // namespace
}  // namespace cardsim::blackjack
