// Strategy chart files: the shipped charts parse, write/read round trips, and
// malformed charts are rejected with a line number.
#include "cardsim/io/strategy_file.hpp"

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
namespace bj = blackjack;

std::string shipped(const std::string& name) { return read_file(data_dir() + "/strategies/" + name + ".txt"); }

std::string error_of(const std::string& text) {
  return testutil::error_message([&] { parse_strategy_chart(text, "chart.txt"); });
}

TEST(StrategyFile, ShippedChartsParseAndRoundTrip) {
  for (const char* name : {"basic-s17-das", "basic-h17-das", "cacarulo-6d-s17-das-ls"}) {
    SCOPED_TRACE(name);
    const bj::StrategyChart chart = parse_strategy_chart(shipped(name), name);
    const bj::StrategyChart again = parse_strategy_chart(format_strategy_chart(chart), name);
    EXPECT_EQ(chart.hard, again.hard);
    EXPECT_EQ(chart.soft, again.soft);
    EXPECT_EQ(chart.pairs, again.pairs);
  }
}

TEST(StrategyFile, TwoOrMoreCardCellsRoundTripWithTheirLegend) {
  bj::StrategyChart chart = parse_strategy_chart(shipped("basic-s17-das"), "s17");
  const std::string legend = "# Hs: hit two cards, stand on three or more; Sh: stand on two cards, hit three or more\n";
  EXPECT_EQ(format_strategy_chart(chart).find(legend), std::string::npos);  // said only where used
  chart.hard[16][10] = bj::ChartAction::hit_two_stand_more;
  chart.soft[18][1] = bj::ChartAction::stand_two_hit_more;
  const std::string text = format_strategy_chart(chart, "a comment");
  EXPECT_NE(text.find("# a comment\n" + legend), std::string::npos);
  EXPECT_NE(text.find("\n16   S   S   S   S   S   H   H   Rh  Hs  Rh\n"), std::string::npos);
  const bj::StrategyChart again = parse_strategy_chart(text, "again");
  EXPECT_EQ(again.hard, chart.hard);
  EXPECT_EQ(again.soft, chart.soft);
  EXPECT_EQ(again.pairs, chart.pairs);
  EXPECT_EQ(format_strategy_chart(again, "a comment"), text);
}

TEST(StrategyFile, CellsMeanWhatTheyShow) {
  const bj::StrategyChart chart = parse_strategy_chart(shipped("basic-s17-das"), "s17");
  EXPECT_EQ(chart.hard[16][10], bj::ChartAction::surrender_else_hit);  // 16 v T
  EXPECT_EQ(chart.hard[11][1], bj::ChartAction::hit);                  // 11 v A (S17)
  EXPECT_EQ(chart.soft[18][3], bj::ChartAction::double_else_stand);    // A7 v 3
  EXPECT_EQ(chart.pairs[1][10], bj::ChartAction::split);               // A,A v T
  EXPECT_EQ(chart.pairs[2][2], bj::ChartAction::split_if_das_else_hit);
  const bj::StrategyChart h17 = parse_strategy_chart(shipped("basic-h17-das"), "h17");
  EXPECT_EQ(h17.hard[11][1], bj::ChartAction::double_else_hit);  // 11 v A (H17)
}

TEST(StrategyFile, BuiltInStrategies) {
  bj::Rules rules;
  EXPECT_EQ(load_strategy("hit-below-16", rules, "").hard[15][7], bj::ChartAction::hit);
  EXPECT_EQ(load_strategy("hit-below-16", rules, "").hard[16][7], bj::ChartAction::stand);
  EXPECT_EQ(load_strategy("mimic-dealer", rules, "").soft[17][7], bj::ChartAction::stand);
  rules.h17 = true;
  EXPECT_EQ(load_strategy("mimic-dealer", rules, "").soft[17][7], bj::ChartAction::hit);
  EXPECT_EQ(load_strategy("basic", rules, "").name, "basic (computed for 6 decks, H17, DAS, blackjack pays 3:2)");
  EXPECT_EQ(load_strategy("basic-h17-das", rules, "").name, "basic-h17-das");
  EXPECT_THROW(load_strategy("no-such-strategy", rules, ""), Error);
}

TEST(StrategyFile, MalformedChartsAreRejected) {
  std::string chart = shipped("basic-s17-das");
  // A missing row.
  std::string missing = chart;
  missing.erase(missing.find("\n13 "), missing.find("\n14 ") - missing.find("\n13 "));
  EXPECT_NE(error_of(missing).find("row 13 of [hard] is missing"), std::string::npos);
  // A missing cell.
  std::string short_row = chart;
  const auto row = short_row.find("\n14 ");
  short_row.erase(short_row.find('\n', row + 1) - 4, 4);
  EXPECT_NE(error_of(short_row).find("has 9 actions"), std::string::npos);
  // An unknown action, a split outside the pair rows, an unknown section.
  EXPECT_NE(error_of("[hard]\n2 3 4 5 6 7 8 9 T A\n4 H H H H H H H H H X\n").find("'X'"), std::string::npos);
  EXPECT_NE(error_of("[hard]\n2 3 4 5 6 7 8 9 T A\n4 H H H H H H H H H P\n").find("not an action"), std::string::npos);
  EXPECT_NE(error_of("[hand]\n").find("unknown section"), std::string::npos);
  // Hs and Sh in total rows only (a pair row decides two cards only).
  EXPECT_EQ(error_of("[pairs]\n2 3 4 5 6 7 8 9 T A\n8 P P P P P P P P Hs P\n"),
            "chart.txt:3: 'Hs' (row 8, up card T) is not an action; allowed: H S D Ds P Ph Rh Rs Rp");
  EXPECT_EQ(error_of("[soft]\n2 3 4 5 6 7 8 9 T A\n18 S S S S S S S S S Hx\n"),
            "chart.txt:3: 'Hx' (row 18, up card A) is not an action of [soft]; allowed: H S D Ds Hs Sh D+ Ds+ Rh Rs");
  EXPECT_NE(error_of("[hard]\n2 3 4 5 6 7 8 9 T A\n4 H H H H H H H H H H\n").find("chart.txt"), std::string::npos);
}

}  // namespace
}  // namespace cardsim::io
