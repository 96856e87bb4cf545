// Zha Jin Hua's config: the key table (the one place that names each key of a
// zjh config, its kind, allowed values, meaning and default; the CLI makes its
// rule flags from it, Python lists it, docs/zjh.md prints it), the reader of
// a config and its rules, and the one resolution of a game's rules: the
// variant, then a config's "rules", then the rule keys given on top.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/zjh/rules.hpp"

namespace cardsim::io {

// The variant a game starts from when none is named.
inline constexpr const char* ZJH_DEFAULT_VARIANT = "standard";

// One key of a zjh config: {"game", "variant", "rules": {the rule keys}, "players"}.
struct ZjhConfigKey {
  std::string key;                  // "ties"
  bool rule = false;                // a key of the config's "rules" object (and a rule flag of every zjh command)
  std::string kind;                 // "string", "boolean", "integer" or "object"
  std::vector<std::string> values;  // the values a string key takes ("split", "suits"); empty for the others
  std::string allowed;              // the allowed values, as the error messages say them
  std::string help;                 // what it means (the flag's help)
  std::string default_value;        // JSON text ("\"split\"", "false", "2"), "" for none
};

// Every key, in the order of docs/zjh.md: game, variant, rules, players, then
// the rule keys (ties, a23, special_235, straight_above_flush).
const std::vector<ZjhConfigKey>& zjh_config_keys();

// The keys as a JSON list of {"key", "rule", "kind", "allowed", "help",
// "default"} (the default as JSON text, "null" for none), for Python.
nlohmann::json zjh_config_keys_json();

// The command-line flag of a key, without "--": the key with dashes for
// underscores ("special-235"); "" for a key that has none (game, rules).
std::string zjh_config_flag(const std::string& key);

// {"ties": "split", "a23": "lowest", "special_235": false,
//  "straight_above_flush": false}
nlohmann::json zjh_rules_to_json(const zjh::Rules& rules);

// Reads the rule keys present in `j` over `base` (absent keys keep base's
// value). An unknown key, a wrong type or an unknown value is a cardsim::Error
// that names the key and the allowed values.
zjh::Rules zjh_rules_from_json(const nlohmann::json& j, zjh::Rules base = {});

// What a front end names a game by: the CLI's flags, cardsim.zjh's arguments.
struct ZjhGameKeys {
  std::optional<nlohmann::json> config;             // a config object (a file's, or a dict), if any
  std::string config_name = "config";               // the config in messages: "config FILE"
  std::optional<std::string> variant;               // given: wins over the config's "variant"
  nlohmann::json rules = nlohmann::json::object();  // rule keys given: win over the config's "rules"
  std::optional<unsigned> players;                  // given: wins over the config's "players"
};

// A game resolved: its rules and its players, if named (the command's default otherwise).
struct ZjhGame {
  zjh::Rules rules;
  std::optional<unsigned> players;
};

// Resolves a game in the one order: the variant (given, else the config's,
// else ZJH_DEFAULT_VARIANT) < the config's "rules" < the rule keys given; the
// players given, else the config's. An unknown key, a wrong type or value of
// the config is a cardsim::Error that begins with `config_name` and names the
// key; of the rule keys given, one that names the key.
ZjhGame resolve_zjh_game(const ZjhGameKeys& keys);

}  // namespace cardsim::io
