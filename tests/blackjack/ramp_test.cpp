// Derived bet ramps (blackjack/ramp.hpp): the ramp math on a table built by
// hand (expected values worked out by hand below, as fractions), plain and
// with controls; the money of a ramp on a run's rounds, and its controls,
// against the engine playing that ramp on the same seed (exact); a controlled
// ramp against plain runs; and bad sizing.
#include "cardsim/blackjack/ramp.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/counting_file.hpp"
#include "testutil/errors.hpp"

namespace cardsim::blackjack {
namespace {

constexpr std::size_t bucket(int true_count) { return static_cast<std::size_t>(true_count + TRUE_COUNT_LIMIT); }

// Several comparisons in a test: 4 SE keeps a failure by luck under 0.1%.
constexpr double TOLERANCE_SE = 4;

// One chunk holding, at each true count, n rounds with net X and net squared
// Q (money units = base bets: bet_units 1).
struct Row {
  int true_count;
  std::int64_t n, x, q;
};
ChunkByTrueCount chunk_of(const std::vector<Row>& rows) {
  ChunkByTrueCount chunk;
  for (const Row& r : rows) {
    TrueCountTally& t = chunk.by_true_count[bucket(r.true_count)];
    t.rounds = r.n;
    t.played = r.n;
    t.net = r.x;
    t.net_squared = r.q;
    chunk.rounds += r.n;
  }
  return chunk;
}

// The hand-built table, sized for spread 1-10, bankroll 1000, half Kelly:
// c = 0.5 x 1000 = 500 and, with m = X/n and v = (Q - X^2/n) / (n - 1),
//   TC -2: n 100 (too few rounds)
//   TC -1: m = -0.02, v = 25992/19999, k = 500 m / v = -99995/12996 = -7.694
//   TC  0: m = 0, k = 0 -> 1 (the spread's low)
//   TC +1: m = 0.005, v = 25999.5/19999, k = 99995/51999 = 1.923 -> 2
//   TC +2: m = 0.02, v = 12996/9999, k = 5555/722 = 7.694
//   TC +3: m = 0.01, v = 12999/9999, k = 16665/4333 = 3.846: below TC +2's,
//          so both become their mean (equal rounds), 5.770 -> 6
//   TC +4: m = 0.03, v = 12991/9999, k = 13635/1181 = 11.545 -> 10 (the cap)
//   TC +5: n 500 (too few rounds): TC +4's bet
const std::vector<Row> HAND_TABLE = {{-2, 100, -5, 120},     {-1, 20000, -400, 26000}, {0, 40000, 0, 52000},
                                     {1, 20000, 100, 26000}, {2, 10000, 200, 13000},   {3, 10000, 100, 13000},
                                     {4, 10000, 300, 13000}, {5, 500, -50, 600}};
const RampSizing HAND_SIZING{{1, 10}, 1000, 0.5};

const RampTrueCount& row_at(const KellyRamp& ramp, int true_count) {
  for (const RampTrueCount& row : ramp.rows) {
    if (row.true_count == true_count) return row;
  }
  throw Error("no row at true count " + std::to_string(true_count));
}

TEST(KellyRamp, HandBuiltTableGivesTheHandWorkedBets) {
  const KellyRamp ramp = kelly_ramp({chunk_of(HAND_TABLE)}, 1, HAND_SIZING);
  ASSERT_EQ(ramp.rows.size(), HAND_TABLE.size());
  constexpr double TOLERANCE = 1e-12;
  EXPECT_NEAR(row_at(ramp, -1).kelly_units, -99995.0 / 12996, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 0).kelly_units, 0.0, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 1).kelly_units, 99995.0 / 51999, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 2).kelly_units, 5555.0 / 722, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 3).kelly_units, 16665.0 / 4333, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 4).kelly_units, 13635.0 / 1181, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 2).variance, 12996.0 / 9999, TOLERANCE);
  // The dip at +3 pooled with +2; the rest already rise.
  const double pooled = (5555.0 / 722 + 16665.0 / 4333) / 2;
  EXPECT_NEAR(row_at(ramp, 2).kelly_units_rising, pooled, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 3).kelly_units_rising, pooled, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 1).kelly_units_rising, 99995.0 / 51999, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 4).kelly_units_rising, 13635.0 / 1181, TOLERANCE);
  // The Kelly bet's SE from the mean's alone (one chunk: no variance SE):
  // c / v x SE(m), SE(m) = sqrt(v / n): at +2, 500 / sqrt(v n).
  EXPECT_FALSE(row_at(ramp, 2).variance_se.has_value());
  EXPECT_NEAR(row_at(ramp, 2).kelly_units_se, 500 / std::sqrt(12996.0 / 9999 * 10000), TOLERANCE);
  EXPECT_FALSE(row_at(ramp, -2).enough_rounds);
  EXPECT_FALSE(row_at(ramp, 5).enough_rounds);
  EXPECT_TRUE(row_at(ramp, 4).enough_rounds);
  // The bets: 1 up to TC 0, then 2, 6, 6 and 10 from +4 on (+5 too).
  const std::vector<std::pair<int, int>> bets = {{-2, 1}, {-1, 1}, {0, 1}, {1, 2}, {2, 6}, {3, 6}, {4, 10}, {5, 10}};
  for (const auto& [tc, units] : bets) EXPECT_EQ(row_at(ramp, tc).units, units) << "true count " << tc;
  EXPECT_EQ(io::format_bet_ramp(ramp.steps), "0:1,1:2,2:6,4:10");
  // The steps read back give the same bets at every true count.
  Counting counting;
  counting.ramp = io::parse_bet_ramp(io::format_bet_ramp(ramp.steps), "test");
  for (const auto& [tc, units] : bets) EXPECT_EQ(counting.units_at(tc), units) << "true count " << tc;
  EXPECT_EQ(counting.units_at(-TRUE_COUNT_LIMIT), 1);
  EXPECT_EQ(counting.units_at(TRUE_COUNT_LIMIT), 10);
  // Plain, fitted on its own rounds the win is optimistic by c B / N: the
  // blocks inside the spread (0.5 .. 10.5) are +1's (1.923) and the pooled
  // +2/+3 (5.770); TC 0 (0) and +4 (11.545) are outside.
  EXPECT_NEAR(ramp.fit_optimism_per_round, 500.0 * 2 / 110600, TOLERANCE);
  EXPECT_FALSE(row_at(ramp, 2).result_plain.has_value());
}

// The same table controlled: at TC +2 the rounds' controls sum to +100 money
// units, at +3 to -100, so the controlled means are (200 - 100) / 10000 =
// 0.01 and (100 + 100) / 10000 = 0.02; the variances stay the results'.
//   TC +2: k = 500 x 0.01 / (12996/9999) = 49995/12996 = 3.847 -> 4
//   TC +3: k = 500 x 0.02 / (12999/9999) = 99990/12999 = 7.692 -> 8 (no dip now)
// Two shoes, their controlled sums y and rounds x at each count:
//   TC +2: (90, 6000), (10, 4000): residuals sum (y - 0.01 x)^2 = 30^2 + 30^2
//          = 1800, SE^2 = 1800 x 2/1 / 10000^2 = 3.6e-5
//   TC +3: (120, 5000), (80, 5000): residuals 20^2 + 20^2 = 800, SE^2 = 1.6e-5
// (the other counts' shoes have no spread: SE 0). The fit's optimism sums,
// over the rows inside the spread, frequency x d bet / d mean x SE^2 =
// n/N x (c / v x n / n_block) x SE^2; here each row is its own block.
TEST(KellyRamp, ControlledMeansGiveTheHandWorkedBets) {
  std::vector<ChunkByTrueCount> chunks = {chunk_of(HAND_TABLE), chunk_of({})};
  CountingControlTally& k = chunks[0].control;
  const auto shoes = [&](int tc, std::int64_t y1, std::int64_t x1, std::int64_t y2, std::int64_t x2) {
    const std::size_t b = bucket(tc);
    k.cycle_controlled_squared[b] = WideSum{y1 * y1 + y2 * y2} << (2 * CONTROL_CYCLE_BITS);
    k.cycle_controlled_by_rounds[b] = WideSum{y1 * x1 + y2 * x2} << CONTROL_CYCLE_BITS;
    k.cycle_rounds_squared[b] = WideSum{x1 * x1 + x2 * x2};
  };
  k.control[bucket(2)] = WideSum{100} << CONTROL_FRACTION_BITS;
  k.control[bucket(3)] = -(WideSum{100} << CONTROL_FRACTION_BITS);
  shoes(2, 90, 6000, 10, 4000);
  shoes(3, 120, 5000, 80, 5000);
  chunks[0].cycles = 2;
  const KellyRamp ramp = kelly_ramp(chunks, 1, HAND_SIZING);
  constexpr double TOLERANCE = 1e-12;
  const RampTrueCount& two = row_at(ramp, 2);
  ASSERT_TRUE(two.result_plain.has_value());
  EXPECT_NEAR(two.result_plain->mean, 0.02, TOLERANCE);
  EXPECT_NEAR(two.result.mean, 0.01, TOLERANCE);
  EXPECT_EQ(two.result.sd, two.result_plain->sd);
  EXPECT_NEAR(two.variance, 12996.0 / 9999, TOLERANCE);
  EXPECT_NEAR(two.kelly_units, 49995.0 / 12996, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 3).kelly_units, 99990.0 / 12999, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 1).kelly_units, 99995.0 / 51999, TOLERANCE);  // no control there: the plain mean
  EXPECT_NEAR(row_at(ramp, 3).kelly_units_rising, 99990.0 / 12999, TOLERANCE);
  EXPECT_EQ(io::format_bet_ramp(ramp.steps), "0:1,1:2,2:4,3:8,4:10");
  EXPECT_NEAR(two.result.se, 0.006, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 3).result.se, 0.004, TOLERANCE);
  EXPECT_NEAR(row_at(ramp, 1).result.se, 0.0, TOLERANCE);
  const double optimism = 500 / (12996.0 / 9999) * 10000 * 3.6e-5 + 500 / (12999.0 / 9999) * 10000 * 1.6e-5;
  EXPECT_NEAR(ramp.fit_optimism_per_round, optimism / 110600, TOLERANCE);
  // One shoe in all: no controlled SE, so the plain estimates.
  chunks[0].cycles = 1;
  EXPECT_FALSE(row_at(kelly_ramp(chunks, 1, HAND_SIZING), 2).result_plain.has_value());
}

// Ten identical chunks: the same bets, and a variance whose batch-means SE is
// exactly 0 (no spread between the chunks); one chunk has none.
TEST(KellyRamp, VarianceStandardErrorIsBatchMeansOverTheChunks) {
  const std::vector<ChunkByTrueCount> ten(10, chunk_of(HAND_TABLE));
  const KellyRamp ramp = kelly_ramp(ten, 1, HAND_SIZING);
  ASSERT_TRUE(row_at(ramp, 2).variance_se.has_value());
  EXPECT_NEAR(*row_at(ramp, 2).variance_se, 0.0, 1e-12);
  EXPECT_NEAR(row_at(ramp, 2).kelly_units, 500 * 0.02 / ((130000 - 40.0) / 99999), 1e-12);  // n = 100000
  EXPECT_EQ(row_at(ramp, 4).units, 10);
  EXPECT_FALSE(row_at(kelly_ramp({chunk_of(HAND_TABLE)}, 1, HAND_SIZING), 2).variance_se.has_value());
}

TEST(KellyRamp, MoneyOfTheRampOnTheTableIsItsBetsTimesTheResults) {
  BucketUnits units{};
  for (int tc = -TRUE_COUNT_LIMIT; tc <= TRUE_COUNT_LIMIT; ++tc)
    units[bucket(tc)] = tc <= 0 ? 1 : tc == 1 ? 2 : tc < 4 ? 6 : 10;
  const CountingTally c = counter_tally_at({chunk_of(HAND_TABLE)}, units);
  // rounds 100 + 20000 + 40000 + 20000 + 3 x 10000 + 500; bets and nets
  // sum u n, u X and u^2 Q row by row.
  EXPECT_EQ(c.rounds_played, 110600);
  EXPECT_EQ(c.bet_units, 100 + 20000 + 40000 + 2 * 20000 + 6 * 10000 + 6 * 10000 + 10 * 10000 + 10 * 500);
  EXPECT_EQ(c.net, -5 - 400 + 0 + 2 * 100 + 6 * 200 + 6 * 100 + 10 * 300 + 10 * -50);  // 4095
  EXPECT_EQ(c.net_squared, 120 + 26000 + 52000 + 4 * 26000 + 36 * 13000 + 36 * 13000 + 100 * 13000 + 100 * 600);
  EXPECT_EQ(c.chunk_sums.chunks, 1);
  EXPECT_EQ(c.by_true_count[bucket(2)].played, 10000);
}

// A counting run replayed at another ramp on the same rounds is what the
// engine plays at that ramp on the same seed, integer for integer (but
// `wagered`, which the by-true-count tally does not hold).
TEST(KellyRamp, MoneyOnTheSameRoundsEqualsTheEngineAtThatRamp) {
  io::SimConfig config;
  config.counting.count = "hi-lo";
  config.counting.indices = "illustrious18-fab4-s17";
  const Counting counting = io::load_counting(config, "");
  const StrategyChart chart = optimal_basic_strategy(config.rules);
  constexpr std::uint64_t SEED = 11;
  constexpr std::uint64_t ROUNDS = 600'000;
  constexpr std::uint64_t CHUNK_ROUNDS = 50'000;
  std::vector<ChunkByTrueCount> chunks(ROUNDS / CHUNK_ROUNDS);
  SimulationControl control;
  control.on_chunk = [&](std::uint64_t chunk, const Tally& part) {
    chunks[chunk] = {part.rounds, part.counting.by_true_count};
  };
  const Engine flat = make_engine(config.rules, chart, {.counting = counting});
  simulate(flat, {SEED, {ROUNDS, CHUNK_ROUNDS}, std::nullopt, 0}, 2, control);

  Counting ramped = counting;
  ramped.ramp = io::parse_bet_ramp("-1:1,1:2,2:4,3:8,5:12", "test");
  BucketUnits units{};
  for (int tc = -TRUE_COUNT_LIMIT; tc <= TRUE_COUNT_LIMIT; ++tc) units[bucket(tc)] = ramped.units_at(tc);
  CountingTally predicted = counter_tally_at(chunks, units);
  const Tally played = simulate(make_engine(config.rules, chart, {.counting = ramped}), SEED, ROUNDS, CHUNK_ROUNDS, 2);
  EXPECT_EQ(predicted.wagered, 0);
  predicted.wagered = played.counting.wagered;
  EXPECT_TRUE(predicted == played.counting);
  EXPECT_EQ(predicted.net, played.counting.net);
  EXPECT_EQ(predicted.chunk_sums.net_squared_squared, played.counting.chunk_sums.net_squared_squared);
  EXPECT_TRUE(counter_control_at(chunks, units).empty());  // plain chunks: a plain prediction

  // Controlled: the same money, and the controls by true count and the
  // counter's at that ramp are the controlled engine's, to the last 2^-32
  // unit; the cycles are the chunks.
  std::vector<ChunkByTrueCount> controlled(chunks.size());
  control.on_chunk = [&](std::uint64_t chunk, const Tally& part) {
    controlled[chunk] = {part.rounds, part.counting.by_true_count, part.control.counting, part.control.cycles};
  };
  simulate(make_engine(config.rules, chart, {.counting = counting}, ControlVariate::exact),
           {SEED, {ROUNDS, CHUNK_ROUNDS}, std::nullopt, 0}, 2, control);
  const ControlTally predicted_control = counter_control_at(controlled, units);
  const Tally played_controlled = simulate(
      make_engine(config.rules, chart, {.counting = ramped}, ControlVariate::exact), SEED, ROUNDS, CHUNK_ROUNDS, 2);
  EXPECT_EQ(counter_tally_at(controlled, units).net, played.counting.net);
  EXPECT_TRUE(predicted_control.counting.control == played_controlled.control.counting.control);
  EXPECT_TRUE(predicted_control.counting.counter_control == played_controlled.control.counting.counter_control);
  EXPECT_NE(predicted_control.counting.counter_control, 0);
  EXPECT_EQ(predicted_control.rounds, played_controlled.control.rounds);
  EXPECT_EQ(predicted_control.cycles, static_cast<std::int64_t>(chunks.size()));
}

// A controlled ramp (the default) against plain runs: its counting run deals
// and tallies what a plain one does (the plain means by true count are the
// plain run's), its controlled means are many times more precise, and the
// ramp's controlled win agrees with a plain run of ten times the rounds at
// that ramp (another seed), the tolerance 4 combined SE.
TEST(KellyRamp, ControlledRampAgreesWithPlainRunsAndIsSharper) {
  io::SimConfig config;
  config.rules.reshuffle = Reshuffle::cut_card;
  config.counting.count = "hi-lo";
  const Counting counting = io::load_counting(config, "");
  const StrategyChart chart = optimal_basic_strategy(config.rules);
  RampPlan plan{21, 1'000'000, 50'000, 2, {{1, 12}, 1000, 0.5}};
  SimulationControl control;
  const RampRun controlled = derive_ramp(config.rules, chart, counting, plan, control);
  plan.control = ControlVariate::none;
  const RampRun plain = derive_ramp(config.rules, chart, counting, plan, control);
  ASSERT_TRUE(controlled.complete && plain.complete);
  Tally measured = controlled.measured;
  measured.control = {};
  EXPECT_TRUE(measured == plain.measured);
  int compared = 0;
  for (const RampTrueCount& row : controlled.ramp.rows) {
    if (row.true_count < -2 || row.true_count > 4) continue;
    const RampTrueCount& same = row_at(plain.ramp, row.true_count);
    ASSERT_TRUE(row.result_plain.has_value());
    EXPECT_EQ(row.result_plain->mean, same.result.mean);
    EXPECT_EQ(row.variance, same.variance);
    EXPECT_NEAR(row.result.mean, same.result.mean, TOLERANCE_SE * std::hypot(row.result.se, same.result.se));
    EXPECT_LT(row.result.se, same.result.se / 5) << "true count " << row.true_count;
    ++compared;
  }
  EXPECT_EQ(compared, 7);
  EXPECT_LT(controlled.ramp.fit_optimism_per_round, plain.ramp.fit_optimism_per_round / 5);
  const CountingStatistics& confirmed = controlled.confirmed_statistics;
  ASSERT_TRUE(confirmed.win_plain && controlled.predicted_statistics.win_plain);
  EXPECT_LT(confirmed.win.se, confirmed.win_plain->se / 3);

  Counting ramped = counting;
  ramped.ramp = controlled.ramp.steps;
  const Tally long_plain = simulate(make_engine(config.rules, chart, {.counting = ramped}), 22, 10'000'000, 500'000, 2);
  const CountingStatistics p = counting_statistics(long_plain, config.rules, CountingSettings{});
  EXPECT_NEAR(confirmed.win.mean, p.win.mean, TOLERANCE_SE * std::hypot(confirmed.win.se, p.win.se));
}

TEST(KellyRamp, BadSizingIsRefusedWithTheLimits) {
  EXPECT_EQ(testutil::error_message([] {
              validate_spread({12, 1});
            }),
            "spread 12-1 is not allowed; expected LOW-HIGH base bets with 1 <= LOW <= HIGH <= 1000, e.g. 1-12");
  EXPECT_NE(testutil::error_message([] { validate_spread({0, 4}); }), "");
  EXPECT_NE(testutil::error_message([] { validate_spread({1, 1001}); }), "");
  EXPECT_EQ(testutil::error_message([] { validate_spread({1, 1}); }), "");
  EXPECT_EQ(testutil::error_message([] { validate_bankroll(0); }),
            "bankroll 0 is not allowed; expected a number of base bets > 0, e.g. 1000");
  EXPECT_NE(testutil::error_message([] { validate_bankroll(-5); }), "");
  EXPECT_NE(testutil::error_message([] { validate_bankroll(INFINITY); }), "");
  EXPECT_NE(testutil::error_message([] { validate_kelly_fraction(0); }), "");
  EXPECT_NE(testutil::error_message([] { validate_kelly_fraction(1.01); }), "");
  EXPECT_NE(testutil::error_message([] { validate_kelly_fraction(NAN); }), "");
  EXPECT_EQ(testutil::error_message([] { validate_kelly_fraction(1); }), "");
  // A table with no true count dealt often enough has no ramp.
  EXPECT_NE(testutil::error_message([] {
              kelly_ramp({chunk_of({{1, 100, 5, 120}})}, 1, HAND_SIZING);
            }).find("no true count was dealt 10000 times"),
            std::string::npos);
  // Wonging: the derived ramp bets every round.
  Counting wonging;
  wonging.enabled = true;
  wonging.has_wong_in = true;
  SimulationControl control;
  EXPECT_NE(testutil::error_message([&] {
              derive_ramp(Rules{}, optimal_basic_strategy(Rules{}), wonging, {1, 1000, 1000, 1, HAND_SIZING}, control);
            }).find("remove wong_in and wong_out"),
            std::string::npos);
}

}  // namespace
}  // namespace cardsim::blackjack
