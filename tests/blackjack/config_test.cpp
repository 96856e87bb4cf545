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
  json j = {{"decks", "infinite"}, {"h17", true},          {"hole_card", "enhc-obo"},
            {"double", "9-11"},    {"surrender", "early"}, {"blackjack_pays", "6:5"},
            {"seats", 3},          {"rounds", "2M"}};
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
  // One grammar with zjh's --deals: digit separators, read exactly.
  EXPECT_EQ(parse_count("1_000_000", "x"), 1'000'000u);
  EXPECT_EQ(parse_count("1,000", "x"), 1'000u);
  EXPECT_EQ(parse_count("2.5M", "x"), 2'500'000u);
  EXPECT_EQ(parse_count("12345678901234567", "x"), 12'345'678'901'234'567u);  // a double would round it
  EXPECT_EQ(parse_count("1e18", "x"), MAX_COUNT);
  EXPECT_THROW(parse_count("2e18", "x"), Error);
  EXPECT_THROW(parse_count("_1000", "x"), Error);
  EXPECT_THROW(parse_count("1__000", "x"), Error);
  EXPECT_THROW(parse_count("1e", "x"), Error);
  EXPECT_THROW(parse_count("1kk", "x"), Error);
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

TEST(Config, FlagValuesAreDecimalNumbersOrText) {
  // Above 2^63: still a whole number (a seed may be up to 2^64-1).
  const json big = flag_value_to_json("18446744073709551615");
  EXPECT_TRUE(big.is_number_unsigned());
  EXPECT_EQ(big.get<std::uint64_t>(), 18446744073709551615u);
  EXPECT_EQ(sim_config_from_json({{"seed", big}}).seed, 18446744073709551615u);
  EXPECT_EQ(flag_value_to_json("-1"), json(-1));
  EXPECT_TRUE(flag_value_to_json("1e3").is_number_float());
  // stod would read these as numbers (16, infinity, NaN): they stay text.
  EXPECT_EQ(flag_value_to_json("0x10"), json("0x10"));
  EXPECT_EQ(flag_value_to_json("inf"), json("inf"));
  EXPECT_EQ(flag_value_to_json("nan"), json("nan"));
}

TEST(Config, SeedsAreWholeDecimalNumbersSaidSo) {
  for (const json& seed : {flag_value_to_json("0x10"), flag_value_to_json("1e3"), flag_value_to_json("-1"),
                           flag_value_to_json("18446744073709551616")}) {
    const std::string message = error_of({{"seed", seed}});
    EXPECT_NE(message.find("config key 'seed' (--seed)"), std::string::npos) << message;
    EXPECT_NE(message.find("0..18446744073709551615 (2^64-1) in decimal digits"), std::string::npos) << message;
  }
}

TEST(Config, CountsTooLargeSaySo) {
  EXPECT_EQ(parse_count("1e18", "x"), MAX_COUNT);
  const std::string message = testutil::error_message([] { parse_count("1e30", "rounds"); });
  EXPECT_NE(message.find("'1e30' is too large; at most 10^18"), std::string::npos) << message;
  EXPECT_NE(error_of({{"rounds", 1e30}}).find("too large"), std::string::npos);
}

TEST(Config, BadValuesNameTheirKey) {
  try {
    sim_config_from_json({{"decks", 9}});
    FAIL() << "9 decks accepted";
  } catch (const BadConfigValue& e) {
    EXPECT_EQ(e.key, "decks");
  }
  try {
    sim_config_from_json({{"rounds", "12x"}});
    FAIL() << "12x rounds accepted";
  } catch (const BadConfigValue& e) {
    EXPECT_EQ(e.key, "rounds");
  }
  // Keys without a flag name none.
  EXPECT_EQ(error_of({{"name", 5}}), "config key 'name': 5 is not allowed; expected any text");
}

TEST(Config, ErrorsQuoteAnExcerptOfTheInput) {
  const std::string long_text(500, 'x');
  const std::string message = error_of({{"strategy", 7}, {"decks", long_text}});
  EXPECT_LT(message.size(), 200u) << message;
  EXPECT_NE(message.find(std::string(EXCERPT_CHARS - 1, 'x') + "..."), std::string::npos) << message;
  EXPECT_EQ(error_of({{"h17", "a\nb"}}).find('\n'), std::string::npos);
}

TEST(Config, JsonObjectsRefuseDuplicateKeysArraysAndNumbers) {
  const auto error = [](const std::string& text) {
    return testutil::error_message([&] { parse_json_object(text, "config 'c.json'"); });
  };
  EXPECT_EQ(parse_json_object(R"({"decks": 2, "h17": true})", "c"), json({{"decks", 2}, {"h17", true}}));
  EXPECT_EQ(error(R"({"decks": 2, "decks": 4})"), "config 'c.json': key 'decks' is given twice; give each key once");
  EXPECT_EQ(error(R"({"rules": {"ties": "split", "ties": "suits"}})"),
            "config 'c.json': key 'ties' is given twice in 'rules'; give each key once");
  // The same key in two objects is no duplicate.
  EXPECT_NO_THROW(parse_json_object(R"({"a": {"x": 1}, "b": {"x": 2}})", "c"));
  EXPECT_NE(error("[1, 2]").find("config 'c.json' is a JSON array; expected a JSON object"), std::string::npos);
  EXPECT_NE(error("42").find("config 'c.json' is a JSON number"), std::string::npos);
  const std::string broken = error(R"({"decks": )" + std::string(300, 'q') + "}");
  EXPECT_EQ(broken.find("config 'c.json' is not valid JSON: parse error at line 1"), 0u) << broken;
  EXPECT_EQ(broken.find(std::string(41, 'q')), std::string::npos) << broken;
}

}  // namespace
}  // namespace cardsim::io
