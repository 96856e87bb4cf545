// Config parsing and validation: defaults, every kind of bad value, counts.
#include "cardsim/io/config.hpp"

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

std::string error_of(const json& j) {
  return testutil::error_message([&] { sim_config_from_json(j); });
}

TEST(Config, EmptyObjectGivesTheDefaults) {
  const SimConfig c = sim_config_from_json(json::object());
  EXPECT_EQ(c.rules.decks, 6);
  EXPECT_FALSE(c.rules.h17);
  EXPECT_EQ(c.strategy, "basic");
  EXPECT_EQ(c.rounds, 10'000'000u);
}

TEST(Config, ResolvedConfigReadsBackToTheSameConfig) {
  json j = {{"decks", "infinite"}, {"h17", true}, {"hole_card", "enhc-obo"}, {"double", "9-11"},
            {"surrender", "early"}, {"blackjack_pays", "6:5"}, {"seats", 3}, {"rounds", "2M"}};
  const SimConfig c = sim_config_from_json(j);
  EXPECT_TRUE(c.rules.infinite());
  EXPECT_EQ(c.rules.blackjack_pays_den, 5);
  EXPECT_EQ(c.rules.bet_units(), 10);
  EXPECT_EQ(c.rounds, 2'000'000u);
  EXPECT_EQ(to_json(sim_config_from_json(to_json(c))), to_json(c));
}

TEST(Config, EveryKeyIsDocumentedAndEchoed) {
  // every_key: the counting keys too (echoed by default only with counting on).
  const json resolved = to_json(SimConfig{}, /*every_key=*/true);
  EXPECT_EQ(resolved.size(), config_keys().size());
  for (const auto& key : config_keys()) EXPECT_TRUE(resolved.contains(key.key)) << key.key;
}

TEST(Config, BadInputNamesTheKeyAndWhatIsAllowed) {
  EXPECT_NE(error_of({{"deks", 6}}).find("unknown config key 'deks'"), std::string::npos);
  EXPECT_NE(error_of({{"decks", 0}}).find("'decks'"), std::string::npos);
  EXPECT_NE(error_of({{"decks", 0}}).find("1..8"), std::string::npos);
  EXPECT_NE(error_of({{"decks", 9}}).find("'decks'"), std::string::npos);
  EXPECT_NE(error_of({{"decks", "six"}}).find("'decks'"), std::string::npos);
  EXPECT_NE(error_of({{"penetration", 1.5}}).find("(0,1)"), std::string::npos);
  EXPECT_NE(error_of({{"penetration", 0}}).find("'penetration'"), std::string::npos);
  EXPECT_NE(error_of({{"seats", 9}}).find("1..7"), std::string::npos);
  EXPECT_NE(error_of({{"h17", "yes"}}).find("true or false"), std::string::npos);
  EXPECT_NE(error_of({{"surrender", "sometimes"}}).find("\"late\""), std::string::npos);
  EXPECT_NE(error_of({{"blackjack_pays", "3/2"}}).find("'blackjack_pays'"), std::string::npos);
  EXPECT_NE(error_of({{"blackjack_pays", "3:0"}}).find("'blackjack_pays'"), std::string::npos);
  EXPECT_NE(error_of({{"split_hands", 5}}).find("1..4"), std::string::npos);
  EXPECT_NE(error_of({{"rounds", 0}}).find("'rounds'"), std::string::npos);
  EXPECT_NE(error_of({{"rounds", "lots"}}).find("count"), std::string::npos);
  EXPECT_NE(error_of({{"decks", 1}, {"cut_card", 60}}).find("'cut_card'"), std::string::npos);
  EXPECT_NE(error_of({{"decks", 1}, {"penetration", 0.1}, {"burn_cards", 5}}).find("burn"), std::string::npos);
  EXPECT_NE(error_of(json::array()).find("JSON object"), std::string::npos);
}

TEST(Config, Counts) {
  EXPECT_EQ(parse_count("1000", "x"), 1000u);
  EXPECT_EQ(parse_count("1e9", "x"), 1'000'000'000u);
  EXPECT_EQ(parse_count("100M", "x"), 100'000'000u);
  EXPECT_EQ(parse_count("2.5k", "x"), 2500u);
  EXPECT_EQ(parse_count("3G", "x"), 3'000'000'000u);
  EXPECT_THROW(parse_count("0", "x"), Error);
  EXPECT_THROW(parse_count("1.5", "x"), Error);
  EXPECT_THROW(parse_count("-5", "x"), Error);
  EXPECT_THROW(parse_count("10X", "x"), Error);
  EXPECT_THROW(parse_count("", "x"), Error);
}

TEST(Config, FlagValues) {
  EXPECT_EQ(flag_value_to_json("true"), json(true));
  EXPECT_EQ(flag_value_to_json(""), json(true));  // a bare boolean flag
  EXPECT_EQ(flag_value_to_json("false"), json(false));
  EXPECT_EQ(flag_value_to_json("6"), json(6));
  EXPECT_EQ(flag_value_to_json("0.8"), json(0.8));
  EXPECT_EQ(flag_value_to_json("infinite"), json("infinite"));
  EXPECT_EQ(flag_value_to_json("3:2"), json("3:2"));
}

}  // namespace
}  // namespace cardsim::io
