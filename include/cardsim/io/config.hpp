// Simulation configs: JSON <-> SimConfig, with validation.
//
// A config is one flat JSON object; every key is optional, has a default, and
// has a CLI flag of the same name (underscores as dashes) that overrides the
// file. Unknown keys, wrong types and impossible values are errors naming the
// key and what is allowed. config_keys() lists them all, for --help and docs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/control_variate.hpp"
#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::io {

// A config key's value is not allowed (a wrong type, a value out of range):
// the message names the key and what is allowed; `key` is the key, so that
// a caller can tell a bad command-line flag (a usage error) from a bad file.
class BadConfigValue : public Error {
 public:
  BadConfigValue(std::string key_name, const std::string& message) : Error(message), key(std::move(key_name)) {}
  std::string key;
};

// The counting keys (all off by default). The count system and the index
// plays are named here and read from their files by io/counting_file.
struct CountingConfig {
  // "none" (off), a count in configs/counts/ ("hi-lo", "ko", ...) or a count file.
  std::string count = "none";
  blackjack::DeckEstimate true_count_decks = blackjack::DeckEstimate::exact;
  blackjack::TrueCountRounding true_count_rounding = blackjack::TrueCountRounding::floor;
  std::string bet_ramp = "flat";  // as given; parsed into `ramp`
  std::vector<blackjack::RampStep> ramp{{0, 1}};
  bool has_wong_in = false;
  int wong_in = 0;
  bool has_wong_out = false;
  int wong_out = 0;
  // "none", a set in configs/indices/ ("illustrious18-fab4-s17", ...) or an index file.
  std::string indices = "none";
  double bankroll = 1000;        // key bankroll_units: in base bets, for the risk of ruin
  double rounds_per_hour = 100;  // rounds played per hour, for hours to N0

  bool enabled() const { return count != "none"; }
};

struct SimConfig {
  std::string name;         // free text, echoed in the result
  std::string description;  // free text
  blackjack::Rules rules;
  // "basic", "hit-below-16", "mimic-dealer", "always-stand", the name of a
  // chart in configs/strategies/, or a chart file path.
  std::string strategy = "basic";
  std::uint64_t rounds = 10'000'000;
  std::uint64_t seed = 1;
  // Rounds per chunk, the unit of work and of random streams: part of what a
  // seed means (changing it changes the cards dealt).
  std::uint64_t chunk_rounds = 1'000'000;
  // The headline estimate (control_variate key); absent: exact
  // (control_variate_of). Echoed only when set: `sim` sets it
  // (resolved) for its result; the other commands play no controlled rounds.
  std::optional<blackjack::ControlVariate> control_variate;
  CountingConfig counting;
  // Side bets every seat places, one unit on each, every round: names in
  // configs/sidebets/ or side bet files (io/side_bet_file), at most
  // blackjack::MAX_SIDE_BETS. Empty: none.
  std::vector<std::string> side_bets;
};

// The control variate a run plays with: the config's, else exact.
blackjack::ControlVariate control_variate_of(const SimConfig& config);

// One documented config key.
struct ConfigKey {
  std::string key;
  std::string kind;     // "integer", "number", "boolean", "string", "count", "list" (of strings)
  std::string allowed;  // the allowed values, as the error messages say them
  std::string help;
};
const std::vector<ConfigKey>& config_keys();

// The command-line flag of config key `key`, without "--": the key with
// dashes for underscores, and for a list key the flag of one item, given
// once per item ("side_bets": "side-bet").
std::string config_flag(const std::string& key);

// Reads and validates a config object (missing keys keep their defaults).
// Throws BadConfigValue for a bad value of one key, Error for the rest.
SimConfig sim_config_from_json(const nlohmann::json& j);
// The resolved config, every key present, as sim_config_from_json reads it.
// The counting keys are written only when counting is on, and side_bets only
// when there are some (or `every_key`), so that a run without them echoes the
// config it always did.
nlohmann::json to_json(const SimConfig& config, bool every_key = false);

// Parses a bet ramp: "flat", or steps "TC:UNITS" separated by commas or
// spaces, true counts ascending, e.g. "1:1,2:2,3:4,4:8,5:12" (the first step's
// units also apply below it). Throws Error naming `what` on a bad ramp.
std::vector<blackjack::RampStep> parse_bet_ramp(const std::string& text, const std::string& what);

// A ramp as parse_bet_ramp() reads it: "TC:UNITS" steps joined by commas,
// e.g. "1:1,2:2,3:4".
std::string format_bet_ramp(const std::vector<blackjack::RampStep>& steps);

// The largest count parse_count() accepts.
inline constexpr std::uint64_t MAX_COUNT = 1'000'000'000'000'000'000;

// Parses a count such as "1000", "1_000_000" or "1,000,000" ('_' and ',' only
// between digits), "1e9", "2.5e6", "100M", "10k", "2G" (k, M, G or B, T = 10^3,
// 10^6, 10^9, 10^12), exactly (no binary rounding); throws Error naming `what`
// if it is not a whole positive number or is above MAX_COUNT ("too large").
// The one count grammar of every command: blackjack's rounds, zjh's deals.
std::uint64_t parse_count(std::string_view text, const std::string& what);

// The value a command-line flag's text stands for in JSON: true/false, a
// number written in decimal (an integer up to 2^64-1, else a double), or else
// the string itself ("0x10", "inf" stay strings). Validation happens in
// sim_config_from_json.
nlohmann::json flag_value_to_json(const std::string& text);

// The longest text a JSON file cardsim reads may hold in one value (a name,
// a description, a source): such texts are echoed in every result.
inline constexpr std::size_t MAX_TEXT_BYTES = 10'000;

// Parses the text of a JSON file that must hold one object (a config, a count
// system), named `what` in messages ("config 'game.json'"). Throws Error if it
// is not valid JSON (the parser's message, the text it quotes cut by
// excerpt()), is not an object (naming what it is), has a key twice in one
// object (JSON parsers would silently keep one of them), or a text longer
// than MAX_TEXT_BYTES.
nlohmann::json parse_json_object(std::string_view text, const std::string& what);

// The deepest nesting of objects and lists a file cardsim reads may have (its
// own files nest a few levels): deeper is refused before parsing, as a
// structure 100,000 levels deep would exhaust the stack of the code that
// walks it.
inline constexpr int MAX_JSON_DEPTH = 64;

// Throws Error "`what` nests objects and lists deeper than MAX_JSON_DEPTH
// levels" if `text` (JSON) does; a scan of the bytes, outside strings.
void check_json_depth(std::string_view text, const std::string& what);

std::string to_string(blackjack::Reshuffle value);
std::string to_string(blackjack::HoleCard value);
std::string to_string(blackjack::ControlVariate value);
std::string to_string(blackjack::DoubleRule value);
std::string to_string(blackjack::Surrender value);
std::string to_string(blackjack::Insurance value);
std::string to_string(blackjack::DeckEstimate value);
std::string to_string(blackjack::TrueCountRounding value);

// A short description of the rules, e.g. "6 decks, S17, DAS, 3:2, late surrender".
std::string describe_rules(const blackjack::Rules& rules);

}  // namespace cardsim::io
