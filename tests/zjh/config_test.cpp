// The zjh config in io: the key table names exactly the fields the reader
// reads and the writer writes, and the one resolution keeps its order
// (variant < config < rule keys; players given < config's).
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "cardsim/io/zjh_config.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

TEST(ZjhConfig, KeyTableNamesTheRulesTheWriterWrites) {
  std::set<std::string> rule_keys;
  for (const ZjhConfigKey& key : zjh_config_keys()) {
    if (key.rule) rule_keys.insert(key.key);
  }
  std::set<std::string> written;
  const json rules = zjh_rules_to_json(zjh::Rules{});
  for (const auto& [key, value] : rules.items()) written.insert(key);
  EXPECT_EQ(rule_keys, written);
  EXPECT_EQ(zjh_config_flag("straight_above_flush"), "straight-above-flush");
  EXPECT_EQ(zjh_config_flag("rules"), "");
  // Every rule key's default is the standard variant's value, and every
  // value a string key allows is read.
  for (const ZjhConfigKey& key : zjh_config_keys()) {
    if (!key.rule) continue;
    EXPECT_EQ(json::parse(key.default_value), zjh_rules_to_json(zjh::preset_rules("standard")).at(key.key)) << key.key;
    for (const std::string& value : key.values) {
      EXPECT_EQ(zjh_rules_to_json(zjh_rules_from_json(json{{key.key, value}})).at(key.key), value) << key.key;
    }
  }
}

TEST(ZjhConfig, ResolvesVariantThenConfigThenKeys) {
  ZjhGameKeys keys;
  EXPECT_EQ(resolve_zjh_game(keys).rules, zjh::preset_rules("standard"));
  EXPECT_FALSE(resolve_zjh_game(keys).players);

  // The config's variant, its rules on top; its players.
  keys.config = json{{"game", "zjh"}, {"variant", "teen-patti"}, {"rules", {{"ties", "suits"}}}, {"players", 5u}};
  zjh::Rules expected = zjh::preset_rules("teen-patti");
  expected.ties = zjh::TieRule::suits;
  EXPECT_EQ(resolve_zjh_game(keys).rules, expected);
  EXPECT_EQ(resolve_zjh_game(keys).players, 5u);

  // A variant given wins over the config's; the config's rules still apply.
  keys.variant = "leopard-killer";
  expected = zjh::preset_rules("leopard-killer");
  expected.ties = zjh::TieRule::suits;
  EXPECT_EQ(resolve_zjh_game(keys).rules, expected);

  // Rule keys given win over the config's; players given over its players.
  keys.rules = json{{"ties", "split"}, {"straight_above_flush", true}};
  keys.players = 3;
  expected.ties = zjh::TieRule::split;
  expected.straight_above_flush = true;
  EXPECT_EQ(resolve_zjh_game(keys).rules, expected);
  EXPECT_EQ(resolve_zjh_game(keys).players, 3u);
}

TEST(ZjhConfig, ErrorsNameTheConfigAndTheKey) {
  const auto message = [](const json& config) {
    ZjhGameKeys keys;
    keys.config = config;
    keys.config_name = "config x.json";
    try {
      resolve_zjh_game(keys);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(json{{"foo", 1}}), "config x.json: unknown key 'foo': allowed are game, variant, rules, players");
  EXPECT_EQ(message(json{{"players", 18u}}), "config x.json: key 'players' must be 2..17, not 18");
  EXPECT_EQ(message(json{{"game", "bj"}}), "config x.json: key 'game' must be \"zjh\"");
  EXPECT_EQ(message(json{{"rules", {{"a23", 1}}}}),
            "config x.json: rules key 'a23' must be a string: allowed are lowest, second");
  EXPECT_EQ(message(json{{"rules", {{"tie", "split"}}}}),
            "config x.json: unknown zjh rules key 'tie': allowed are ties, a23, special_235, straight_above_flush");
}

}  // namespace
}  // namespace cardsim::io
