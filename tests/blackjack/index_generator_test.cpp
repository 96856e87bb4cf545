// The index generator (blackjack/index_generator): a reduced run of a few
// lines checks the sign of the difference far from the published index and
// the crossing near it; the exact values it files agree with playing the two
// plays out on the same cards (common random numbers); threads do not change
// the result. Fixed seeds; tolerances in standard errors.
#include "cardsim/blackjack/index_generator.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/run/runner.hpp"
#include "testutil/errors.hpp"

namespace cardsim::blackjack {
namespace {

// Far from a crossing a bucket's difference must be this many SEs from 0.
constexpr double SIGN_SIGMAS = 4;
// A play-out mean must be within this many SEs of the exact value.
constexpr double PLAYOUT_SIGMAS = 4;

Counting hilo() {
  Counting counting;
  counting.enabled = true;
  const std::string path = io::data_dir() + "/counts/hi-lo.json";
  counting.system = io::parse_count_system(io::read_file(path), path, Rules{}.decks);
  return counting;
}

IndexPlay line(const std::string& text) { return io::parse_index_plays(text, "test").front(); }

const IndexBucket& bucket(const GeneratedIndex& g, int tc) {
  for (const IndexBucket& k : g.by_true_count) {
    if (k.true_count == tc) return k;
  }
  throw Error("no bucket at true count " + std::to_string(tc));
}

// One reduced run shared by the tests (6 decks S17 DAS, Hi-Lo floored): 16 v T
// stand/hit and insurance; 400 valued states per true count.
class ReducedRun : public ::testing::Test {
 protected:
  static IndexRun run(unsigned threads) {
    const Rules rules;
    const IndexRunPlan plan{300'000, 10'000, 7, threads, 400};
    run::RunControl control;
    return generate_indices(rules, optimal_basic_strategy(rules), hilo(),
                            {line("16 T 0 S H"), line("insurance A 0 I -")}, plan, control);
  }
  static void SetUpTestSuite() { result_ = new IndexRun(run(2)); }
  static void TearDownTestSuite() { delete result_; }
  static const IndexRun* result_;
};
const IndexRun* ReducedRun::result_ = nullptr;

TEST_F(ReducedRun, StandOn16vTIsBetterAtHighCountsAndHittingAtLowCounts) {
  const GeneratedIndex& g = result_->lines[0];
  ASSERT_TRUE(g.found);
  EXPECT_FALSE(g.reversed);  // stand is the at-or-above play
  const IndexBucket& high = bucket(g, 6);
  const IndexBucket& low = bucket(g, -4);
  EXPECT_GT(high.difference, SIGN_SIGMAS * high.standard_error) << high.difference << " +/- " << high.standard_error;
  EXPECT_LT(low.difference, -SIGN_SIGMAS * low.standard_error) << low.difference << " +/- " << low.standard_error;
  // Published (Schlesinger): 0. The crossing within one true count of it.
  EXPECT_NEAR(g.crossing, 0.0, 1.0);
  EXPECT_LT(g.crossing_ci95_low, g.crossing);
  EXPECT_GT(g.crossing_ci95_high, g.crossing);
}

TEST_F(ReducedRun, InsuranceIsGoodAtHighCountsAndBadAtLowCounts) {
  const GeneratedIndex& g = result_->lines[1];
  ASSERT_TRUE(g.found);
  const IndexBucket& high = bucket(g, 6);
  const IndexBucket& low = bucket(g, -3);
  EXPECT_GT(high.difference, SIGN_SIGMAS * high.standard_error);
  EXPECT_LT(low.difference, -SIGN_SIGMAS * low.standard_error);
  // Published: +3; the exact break-even (one in three tens left) is near +3.
  EXPECT_NEAR(g.crossing, 3.0, 1.0);
  EXPECT_EQ(g.play.index, 3);
}

TEST_F(ReducedRun, OneThreadGivesTheSameResult) {
  const IndexRun one = run(1);
  ASSERT_EQ(one.lines.size(), result_->lines.size());
  EXPECT_EQ(one.rounds, result_->rounds);
  for (std::size_t l = 0; l < one.lines.size(); ++l) {
    ASSERT_EQ(one.lines[l].by_true_count.size(), result_->lines[l].by_true_count.size());
    for (std::size_t b = 0; b < one.lines[l].by_true_count.size(); ++b) {
      EXPECT_EQ(one.lines[l].by_true_count[b].difference, result_->lines[l].by_true_count[b].difference);
    }
    EXPECT_EQ(one.lines[l].crossing, result_->lines[l].crossing);
  }
}

// A ten-rich two-deck remainder (true count about +7).
CardCounts ten_rich() {
  CardCounts c{};
  c[1] = 8;
  for (int v = 2; v <= 6; ++v) c[static_cast<std::size_t>(v)] = 4;
  for (int v = 7; v <= 9; ++v) c[static_cast<std::size_t>(v)] = 8;
  c[10] = 42;
  return c;
}

struct PlayoutCase {
  const char* line;
  int first;
  int second;
};

TEST(IndexGenerator, ExactDifferencesAgreeWithPlayingBothPlaysOutOnTheSameCards) {
  // Without surrender for the move lines (with it, basic strategy surrenders
  // 16 v T before the line's stand or hit is asked), with it for the
  // surrender line. The pair without resplitting: the analyzer's split value
  // is exact for one split, and approximate with resplits (it ignores the
  // other split hands' cards; README, "Generating indices": on this shoe T,T
  // v 6 with up to 4 hands plays out 0.017 +/- 0.002 above it).
  Rules surrender;
  surrender.surrender = Surrender::late;
  const std::vector<PlayoutCase> cases = {{"16 T 0 S H", 10, 6},       {"16 T 0 S H", 9, 7},    {"11 A 0 D H", 5, 6},
                                          {"12 2 0 S H", 10, 2},       {"T,T 6 0 P S", 10, 10}, {"15 T 0 R -", 10, 5},
                                          {"insurance A 0 I -", 10, 9}};
  std::uint64_t seed = 1;
  for (const PlayoutCase& c : cases) {
    const IndexPlay played = line(c.line);
    Rules rules = played.at_or_above == IndexAction::surrender ? surrender : Rules{};
    if (played.hand == IndexHand::pair) rules.split_hands = 2;
    const PlayoutCheck check =
        check_by_playout(rules, optimal_basic_strategy(rules), played, ten_rich(), c.first, c.second, 60'000, seed++);
    EXPECT_GT(check.standard_error, 0) << c.line;
    std::printf("%-18s %d,%d: exact %+.4f, play-out %+.4f +/- %.4f (%+.1f SE)\n", c.line, c.first, c.second,
                check.exact, check.mean, check.standard_error, (check.mean - check.exact) / check.standard_error);
    EXPECT_NEAR(check.mean, check.exact, PLAYOUT_SIGMAS * check.standard_error)
        << c.line << " with " << c.first << "," << c.second << ": play-out " << check.mean << " +/- "
        << check.standard_error << ", exact " << check.exact;
  }
}

TEST(IndexGenerator, NeedsACountAndLeavesLinesTheRulesDoNotOfferIdle) {
  const Rules rules;
  const StrategyChart chart = optimal_basic_strategy(rules);
  run::RunControl control;
  const IndexRunPlan plan{10'000, 10'000, 1, 1, 100};
  EXPECT_NE(testutil::error_message([&] {
              generate_indices(rules, chart, Counting{}, {line("16 T 0 S H")}, plan, control);
            }).find("needs a count"),
            std::string::npos);
  // Without surrender (the default rules) a surrender line is idle, not an error.
  const IndexRun idle = generate_indices(rules, chart, hilo(), {line("15 T 0 R -")}, plan, control);
  ASSERT_EQ(idle.lines.size(), 1U);
  EXPECT_TRUE(idle.lines[0].idle);
  EXPECT_FALSE(idle.lines[0].found);
}

}  // namespace
}  // namespace cardsim::blackjack
