#include "cardsim/io/zjh_config.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

// A rule key's field of zjh::Rules: how it is read from JSON and written.
struct RuleField {
  const char* key;
  void (*read)(zjh::Rules&, const json&);  // value checked for its kind already
  json (*write)(const zjh::Rules&);
};

const RuleField RULE_FIELDS[] = {
    {"ties", [](zjh::Rules& r, const json& v) { r.ties = zjh::tie_rule_from_string(v.get<std::string>()); },
     [](const zjh::Rules& r) { return json(zjh::to_string(r.ties)); }},
    {"a23", [](zjh::Rules& r, const json& v) { r.a23 = zjh::low_straight_from_string(v.get<std::string>()); },
     [](const zjh::Rules& r) { return json(zjh::to_string(r.a23)); }},
    {"special_235", [](zjh::Rules& r, const json& v) { r.special_235 = v.get<bool>(); },
     [](const zjh::Rules& r) { return json(r.special_235); }},
    {"straight_above_flush", [](zjh::Rules& r, const json& v) { r.straight_above_flush = v.get<bool>(); },
     [](const zjh::Rules& r) { return json(r.straight_above_flush); }},
};

const RuleField& rule_field(const std::string& key) {
  for (const RuleField& field : RULE_FIELDS) {
    if (key == field.key) return field;
  }
  throw Error("internal: zjh rule key '" + key + "' has no field");
}

// "split, suits" as {"split", "suits"}.
std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(", ", start), text.size());
    names.push_back(text.substr(start, end - start));
    start = end + 2;
  }
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

std::vector<ZjhConfigKey> make_keys() {
  const json rules = zjh_rules_to_json(zjh::Rules{});
  const std::string players = std::to_string(zjh::MIN_PLAYERS) + ".." + std::to_string(zjh::MAX_PLAYERS);  // "2..17"
  const std::vector<std::string> ties = split_names(zjh::tie_rule_names());
  const std::vector<std::string> a23 = split_names(zjh::low_straight_names());
  std::vector<ZjhConfigKey> keys = {
      {"game", false, "string", {"zjh"}, "\"zjh\"", "the game a config is for (may be left out)", ""},
      {"variant", false, "string", zjh::preset_names(), joined(zjh::preset_names()),
       "Named rule set (the base the other rule flags change)", json(ZJH_DEFAULT_VARIANT).dump()},
      {"rules",
       false,
       "object",
       {},
       "an object of the rule keys (rules.ties ...)",
       "the rules that differ from the variant's",
       ""},
      {"players",
       false,
       "integer",
       {},
       players,
       "players at the table (`zjh deal` deals to 4 unless told)",
       std::to_string(zjh::SimConfig{}.players)},
      {"ties", true, "string", ties, joined(ties),
       "Equal hands: split (share) or suits (spades > hearts > diamonds > clubs)", ""},
      {"a23", true, "string", a23, joined(a23), "A-2-3: lowest straight, or second (only below A-K-Q)", ""},
      {"special_235",
       true,
       "boolean",
       {},
       "true or false",
       "true: 2-3-5 of mixed suits beats a leopard, and only a leopard",
       ""},
      {"straight_above_flush",
       true,
       "boolean",
       {},
       "true or false",
       "true: straight beats flush (casino/teen patti)",
       ""},
  };
  for (ZjhConfigKey& key : keys) {
    if (key.rule) key.default_value = rules.at(key.key).dump();
  }
  return keys;
}

// The names of the keys of the config (rule = false) or of its "rules" (true).
std::string key_names(bool rule) {
  std::string text;
  for (const ZjhConfigKey& key : zjh_config_keys()) {
    if (key.rule == rule) text += (text.empty() ? "" : ", ") + key.key;
  }
  return text;
}

const ZjhConfigKey* find_key(const std::string& name, bool rule) {
  for (const ZjhConfigKey& key : zjh_config_keys()) {
    if (key.key == name && key.rule == rule) return &key;
  }
  return nullptr;
}

}  // namespace

const std::vector<ZjhConfigKey>& zjh_config_keys() {
  static const std::vector<ZjhConfigKey> keys = make_keys();
  return keys;
}

json zjh_config_keys_json() {
  json list = json::array();
  for (const ZjhConfigKey& key : zjh_config_keys()) {
    list.push_back({{"key", key.key},
                    {"rule", key.rule},
                    {"kind", key.kind},
                    {"allowed", key.allowed},
                    {"help", key.help},
                    {"default", key.default_value.empty() ? "null" : key.default_value}});
  }
  return list;
}

std::string zjh_config_flag(const std::string& key) {
  if (key == "game" || key == "rules") return "";
  std::string flag = key;
  for (char& c : flag) c = c == '_' ? '-' : c;
  return flag;
}

json zjh_rules_to_json(const zjh::Rules& rules) {
  json j = json::object();
  for (const RuleField& field : RULE_FIELDS) j[field.key] = field.write(rules);
  return j;
}

zjh::Rules zjh_rules_from_json(const json& j, zjh::Rules base) {
  if (!j.is_object()) throw Error("zjh rules must be a JSON object with keys " + key_names(true));
  zjh::Rules rules = base;
  for (const auto& [name, value] : j.items()) {
    const ZjhConfigKey* key = find_key(name, true);
    if (key == nullptr) throw Error("unknown zjh rules key '" + excerpt(name) + "': allowed are " + key_names(true));
    if (key->kind == "string" && !value.is_string()) {
      throw Error("rules key '" + name + "' must be a string: allowed are " + key->allowed);
    }
    if (key->kind == "boolean" && !value.is_boolean()) throw Error("rules key '" + name + "' must be true or false");
    rule_field(name).read(rules, value);
  }
  return rules;
}

ZjhGame resolve_zjh_game(const ZjhGameKeys& keys) {
  ZjhGame game;
  std::string variant = keys.variant.value_or(ZJH_DEFAULT_VARIANT);
  if (!keys.config) {
    game.rules = zjh::preset_rules(variant);
  } else {
    const json& j = *keys.config;
    const std::string& source = keys.config_name;
    for (const auto& [key, value] : j.items()) {
      if (key == "game") {
        if (value != "zjh") throw Error(source + ": key 'game' must be " + find_key("game", false)->allowed);
      } else if (key == "variant") {
        if (!value.is_string()) throw Error(source + ": key 'variant' must be a string");
        if (!keys.variant) variant = value.get<std::string>();
      } else if (find_key(key, false) == nullptr) {
        throw Error(source + ": unknown key '" + excerpt(key) + "': allowed are " + key_names(false));
      }
    }
    try {
      game.rules = zjh::preset_rules(variant);
      if (j.contains("rules")) game.rules = zjh_rules_from_json(j.at("rules"), game.rules);
    } catch (const Error& e) {
      throw Error(source + ": " + e.what());
    }
    if (j.contains("players")) {
      const std::string& allowed = find_key("players", false)->allowed;
      if (!j.at("players").is_number_unsigned()) throw Error(source + ": key 'players' must be " + allowed);
      const auto value = j.at("players").get<std::uint64_t>();
      if (value < zjh::MIN_PLAYERS || value > zjh::MAX_PLAYERS) {
        throw Error(source + ": key 'players' must be " + allowed + ", not " + std::to_string(value));
      }
      game.players = static_cast<unsigned>(value);
    }
  }
  game.rules = zjh_rules_from_json(keys.rules, game.rules);
  if (keys.players) game.players = keys.players;
  return game;
}

}  // namespace cardsim::io
