// Tests of side bet files (io/side_bet_file): bad files are refused with one
// line naming the key, a bet written back reads to the same bet, and the PAR
// sheet's JSON carries exact counts and fractions.
#include "cardsim/io/side_bet_file.hpp"

#include <string>

#include <gtest/gtest.h>

#include "cardsim/io/result.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {

using testutil::error_message;

std::string with_outcome(const std::string& cards, const std::string& outcome) {
  return R"({"name": "test", "cards": ")" + cards + R"(", "outcomes": [)" + outcome + "]}";
}

void expect_refused(const std::string& text, const std::string& part) {
  const std::string message = error_message([&] { parse_side_bet(text, "t.json"); });
  EXPECT_NE(message.find(part), std::string::npos) << "message: '" << message << "' lacks '" << part << "'";
  EXPECT_NE(message.find("t.json"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(SideBetFile, BadFilesAreRefusedNamingTheProblem) {
  expect_refused("{", "not valid JSON");
  expect_refused(R"({"name": "x", "cards": "first_two", "outcomes": [], "extra": 1})", "unknown key 'extra'");
  expect_refused(R"({"name": "x", "cards": "two", "outcomes": [{"name": "P", "kind": "pair", "pays": 1}]})",
                 "expected one of first_two, first_two_upcard");
  expect_refused(R"({"name": "x", "cards": "first_two", "outcomes": []})", "non-empty list");
  expect_refused(with_outcome("first_two", R"({"name": "P", "kind": "pairs", "pays": 1})"), "kind 'pairs'");
  expect_refused(with_outcome("first_two", R"({"name": "P", "kind": "total", "pays": 1})"), "needs \"total\"");
  expect_refused(with_outcome("first_two", R"({"name": "P", "kind": "total", "total": 25, "pays": 1})"),
                 "\"total\" is 25; expected a whole number 2..21");
  expect_refused(with_outcome("first_two", R"({"name": "P", "kind": "pair", "total": 20, "pays": 1})"),
                 "kind pair: unknown key 'total'");
  expect_refused(with_outcome("first_two", R"({"name": "P", "kind": "pair", "pays": 0})"), "out of range");
  expect_refused(with_outcome("first_two", R"({"name": "P", "kind": "pair", "pays": "5/2"})"), "\"A:B\"");
  expect_refused(with_outcome("first_two", R"({"name": "F", "kind": "flush", "pays": 5})"),
                 "looks at the cards 'first_two_upcard' but the bet looks at 'first_two'");
  expect_refused(with_outcome("first_two_upcard", R"({"name": "Q", "kind": "card_pair", "rank": "X", "pays": 5})"),
                 "\"rank\" is \"X\"");
  expect_refused(
      with_outcome("first_two",
                   R"({"name": "Q", "kind": "card_pair", "rank": "Q", "dealer_blackjack": true, "pays": 5})"),
      "first_two_dealer_two");
  expect_refused(with_outcome("dealer_final", R"({"name": "B", "kind": "dealer_bust", "min_cards": 2, "pays": 5})"),
                 "\"min_cards\" is 2");
  expect_refused(with_outcome("first_two_upcard",
                              R"({"name": "M", "kind": "upcard_match", "suited": 2, "unsuited": 1, "pays": 5})"),
                 "1 or 2 together");
  expect_refused(R"({"name": "x", "cards": "first_two", "outcomes": [{"name": "P", "kind": "pair", "pays": 1}],
                    "published": [{"decks": 9, "house_edge_percent": "1", "source": "s"}]})",
                 "\"decks\" must be a whole number 1..8");
  expect_refused(R"({"name": "x", "cards": "first_two", "outcomes": [{"name": "P", "kind": "pair", "pays": 1}],
                    "published": [{"decks": 6, "house_edge_percent": 6.1, "source": "s"}]})",
                 "must be a string of the published digits");
}

TEST(SideBetFile, UnknownBetNamesTheShippedOnes) {
  const std::string message = error_message([] { load_side_bet("no-such-bet"); });
  EXPECT_NE(message.find("'no-such-bet' is not a file or a bet in"), std::string::npos) << message;
  EXPECT_NE(message.find("perfect-pairs-25-12-6"), std::string::npos) << message;
}

TEST(SideBetFile, EveryShippedBetReadsBackFromItsJson) {
  for (const std::string& name : shipped_side_bets()) {
    const SideBetFile file = load_side_bet(name);
    const nlohmann::json written = side_bet_to_json(file.bet);
    const SideBetFile again = parse_side_bet(written.dump(), name);
    EXPECT_EQ(side_bet_to_json(again.bet), written) << name;
    EXPECT_EQ(again.bet.outcomes.size(), file.bet.outcomes.size()) << name;
  }
}

TEST(SideBetFile, ParSheetJsonIsExact) {
  const SideBetFile file = load_side_bet("perfect-pairs-25-12-6");
  const nlohmann::json j = par_sheet_json(file, blackjack::par_sheet(file.bet, 6, false));
  EXPECT_EQ(j.at("deals"), "97032");
  EXPECT_EQ(j.at("deal_cards"), 2);
  EXPECT_EQ(j.at("house_edge"), "19/311");
  EXPECT_EQ(j.at("outcomes").at(0).at("combinations"), "1560");
  EXPECT_EQ(j.at("outcomes").at(0).at("probability"), "5/311");  // 1560 / 97032
  EXPECT_EQ(j.at("outcomes").at(3).at("name"), "Loss");
  EXPECT_EQ(j.at("outcomes").at(3).at("combinations"), "89856");
  ASSERT_EQ(j.at("published").size(), 1u);
  EXPECT_EQ(j.at("published").at(0).at("within_rounding"), true);
  // Buster's eight-deck deals pass 64 bits: 416 x 415 x ... (11 factors).
  const SideBetFile buster = load_side_bet("buster-blackjack");
  const nlohmann::json b = par_sheet_json(buster, blackjack::par_sheet(buster.bet, 8, true));
  EXPECT_GT(b.at("deals").get<std::string>().size(), 20u);
}

TEST(SideBetFile, PublishedRounding) {
  PublishedEdge p;
  p.house_edge_percent = "6.21";
  EXPECT_DOUBLE_EQ(p.percent(), 6.21);
  EXPECT_DOUBLE_EQ(p.rounding(), 0.005);
  p.house_edge_percent = "10";
  EXPECT_DOUBLE_EQ(p.rounding(), 0.5);
}

}  // namespace
}  // namespace cardsim::io
