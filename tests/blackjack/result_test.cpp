// The sim result's figures that a reader could misread, from tallies built by
// hand: each seat's own house edge, standard errors of one round, the exact
// comparison of a run with index plays, and what a --target-se summary says.
#include "cardsim/io/result.hpp"

#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/tally.hpp"
#include "cardsim/io/numbers.hpp"

namespace cardsim::blackjack {
namespace {
using nlohmann::json;

// Two seats over 4 rounds (2 money units per bet): seat 1 nets +2, -2, +2, +2
// (sum 4, squares 16), seat 2 -2, -2, -2, +3 (sum -3, squares 21).
Tally two_seats() {
  Tally t;
  t.rounds = 4;
  t.upcard_rounds[5] = 4;
  t.dealer_final[5][static_cast<std::size_t>(DealerFinal::bust)] = 4;
  t.seats[0].net = 4;
  t.seats[0].net_squared = 16;
  t.seats[1].net = -3;
  t.seats[1].net_squared = 21;
  t.table_net = 1;
  t.table_net_squared = 0 + 16 + 0 + 25;
  return t;
}

io::SimConfig config_with_seats(int seats) {
  io::SimConfig config;
  config.rules.seats = seats;
  return config;
}

TEST(Result, EachSeatCarriesItsNumberHouseEdgeAndStandardError) {
  const json r = io::sim_result_json(config_with_seats(2), io::RunInfo{}, two_seats());
  const json& seats = r.at("seats");
  ASSERT_EQ(seats.size(), 2U);
  struct Expected {
    int seat;
    double sum;
    double squares;
  };
  for (const Expected e : {Expected{1, 4, 16}, Expected{2, -3, 21}}) {
    const json& seat = seats[static_cast<std::size_t>(e.seat - 1)];
    EXPECT_EQ(seat.at("seat"), e.seat);
    const double mean = e.sum / 4 / 2;  // per round, per bet of 2 units
    const double sd = std::sqrt((e.squares - 4 * (e.sum / 4) * (e.sum / 4)) / 3) / 2;
    const json& edge = seat.at("edge");
    EXPECT_NEAR(edge.at("mean").get<double>(), mean, 1e-12);
    EXPECT_NEAR(edge.at("house_edge_percent").get<double>(), -100 * mean, 1e-12);
    EXPECT_NEAR(edge.at("standard_error").get<double>(), sd / 2, 1e-12);
    EXPECT_NEAR(edge.at("house_edge_ci95_percent")[0].get<double>(), -100 * (mean + io::Z95 * sd / 2), 1e-9);
    EXPECT_NEAR(edge.at("house_edge_ci95_percent")[1].get<double>(), -100 * (mean - io::Z95 * sd / 2), 1e-9);
  }
}

// One round has no spread to measure: its standard errors, intervals and SD
// are null (not 0, which would claim an exact figure), the exact value is not
// compared in standard errors, and the summary says why.
TEST(Result, OneRoundHasNoStandardError) {
  Tally t;
  t.rounds = 1;
  t.upcard_rounds[10] = 1;
  t.dealer_final[10][static_cast<std::size_t>(DealerFinal::total_20)] = 1;
  t.seats[0].net = -2;
  t.seats[0].net_squared = 4;
  t.table_net = -2;
  t.table_net_squared = 4;
  const json r = io::sim_result_json(config_with_seats(1), io::RunInfo{}, t);
  EXPECT_EQ(r.at("edge").at("mean"), -1.0);
  for (const char* key : {"standard_error", "ci95", "house_edge_ci95_percent", "sd_per_round"}) {
    EXPECT_TRUE(r.at("edge").at(key).is_null()) << key;
    EXPECT_TRUE(r.at("seats")[0].at("edge").at(key).is_null()) << key;
  }
  EXPECT_TRUE(r.at("exact").at("difference_in_standard_errors").is_null());
  EXPECT_TRUE(r.at("dealer").at("played_out").at("bust_probability_standard_error").is_null());
  const std::string summary =
      io::sim_summary(config_with_seats(1), io::RunInfo{.threads = 1, .elapsed_seconds = 1.0}, t);
  EXPECT_NE(summary.find("(one round: no standard error, SD n/a)"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("exact EV ="), std::string::npos) << summary;
}

// A shoe dealt to a cut card is a different game from a fresh shoe each
// round: the difference from the exact value is the cut-card effect, a
// figure with the simulated edge's SE and CI (not a check in SEs); a fresh
// shoe keeps the check and has no such figure.
TEST(Result, CutCardEffectIsAFigureOfTheShoeGame) {
  const Tally t = two_seats();
  io::SimConfig shoe = config_with_seats(2);
  const io::RunInfo run{.exact_ev = -0.004, .threads = 1, .elapsed_seconds = 1.0};
  const json r = io::sim_result_json(shoe, run, t);
  const json& edge = r.at("edge");
  const json& effect = r.at("exact").at("cut_card_effect");
  ASSERT_TRUE(effect.is_object()) << r.at("exact");
  EXPECT_NEAR(effect.at("mean").get<double>(), -0.004 - edge.at("mean").get<double>(), 1e-15);
  EXPECT_EQ(effect.at("standard_error"), edge.at("standard_error"));
  EXPECT_NEAR(effect.at("ci95")[0].get<double>(), -0.004 - edge.at("ci95")[1].get<double>(), 1e-15);
  EXPECT_NEAR(effect.at("points").get<double>(), 100 * effect.at("mean").get<double>(), 1e-12);
  std::string summary = io::sim_summary(shoe, run, t);
  EXPECT_NE(summary.find("\ncut-card effect "), std::string::npos) << summary;
  EXPECT_EQ(summary.find("exact EV ="), std::string::npos) << summary;

  io::SimConfig fresh = shoe;
  fresh.rules.reshuffle = Reshuffle::every_round;
  EXPECT_TRUE(io::sim_result_json(fresh, run, t).at("exact").at("cut_card_effect").is_null());
  summary = io::sim_summary(fresh, run, t);
  EXPECT_EQ(summary.find("cut-card effect"), std::string::npos) << summary;
  EXPECT_NE(summary.find("simulated EV - exact EV = "), std::string::npos) << summary;
}

// Every printed SE shows two significant digits: none reads 0.0000.
TEST(Result, StandardErrorsPrintTwoSignificantDigits) {
  EXPECT_EQ(io::se_decimals(0.0061), 4);
  EXPECT_EQ(io::se_decimals(0.000031), 6);
  EXPECT_EQ(io::se_decimals(0.00073), 5);
  EXPECT_EQ(io::se_decimals(0.16), 4);  // at least the table's four
  EXPECT_EQ(io::se_decimals(0.16, 1), 2);
  EXPECT_EQ(io::se_decimals(0.0), 4);  // none: the table's
}

// Index plays change the play by the count, which the analyzer's exact value
// (the chart alone) does not: no difference in SE, and the label says so.
// A ramp or wonging without index plays keeps the comparison: `edge` is every
// round dealt, played by the chart at a flat bet.
TEST(Result, ExactValueOfTheChartIsNotComparedWithIndexPlays) {
  Tally t = two_seats();
  t.seats[1] = SeatTally{};
  t.table_net = 4;
  t.table_net_squared = 16;
  io::SimConfig config = config_with_seats(1);
  config.counting.count = "hi-lo";
  config.counting.indices = "illustrious18-fab4-s17";
  io::RunInfo info;
  info.strategy = "basic";
  info.exact_ev = -0.005;
  const json indexed = io::sim_result_json(config, info, t).at("exact");
  EXPECT_FALSE(indexed.at("same_strategy").get<bool>());
  EXPECT_FALSE(indexed.at("comparable").get<bool>());
  EXPECT_EQ(indexed.at("strategy"), "basic without the index plays");
  EXPECT_TRUE(indexed.at("difference_in_standard_errors").is_null());

  config.counting.indices = "none";
  config.counting.has_wong_in = true;
  config.counting.wong_in = 1;
  const json wonging = io::sim_result_json(config, info, t).at("exact");
  EXPECT_TRUE(wonging.at("same_strategy").get<bool>());
  EXPECT_EQ(wonging.at("strategy"), "basic");
  EXPECT_FALSE(wonging.at("difference_in_standard_errors").is_null());
}

// The summary line of a --target-se run: where it stopped.
TEST(Result, TargetSummarySaysWhereTheRunStopped) {
  const io::SimConfig config = config_with_seats(1);
  io::RunInfo info{.threads = 1, .elapsed_seconds = 1.0, .target_se = 0.001};
  const auto summary = [&](run::StopReason stopped_by) {
    info.stopped_by = stopped_by;
    return io::sim_summary(config, info, two_seats());
  };
  EXPECT_NE(summary(run::StopReason::target_se).find("target SE 0.001: reached, the run stopped there\n"),
            std::string::npos);
  EXPECT_NE(summary(run::StopReason::rounds)
                .find("target SE 0.001: not reached by the --rounds cap, where the run stopped\n"),
            std::string::npos);
  EXPECT_NE(summary(run::StopReason::interrupted).find("target SE 0.001: not reached before the run was interrupted\n"),
            std::string::npos);
  const json r = io::sim_result_json(config, info, two_seats());
  EXPECT_EQ(r.at("run").at("target_se"), 0.001);
  EXPECT_EQ(r.at("run").at("stopped_by"), "interrupted");
  info.target_se = 0;  // no target: neither the line nor the keys
  EXPECT_EQ(summary(run::StopReason::rounds).find("target SE"), std::string::npos);
  EXPECT_FALSE(io::sim_result_json(config, info, two_seats()).at("run").contains("stopped_by"));
}

}  // namespace
}  // namespace cardsim::blackjack
