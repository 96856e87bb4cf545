#pragma once
// Private to the rooms of io/config.hpp, each one job:
//   config.cpp          the reader: each key's value read and range-checked
//   config_checks.cpp   the relations between keys, after reading
//   config_keys.cpp     the key table and the names of enum values
//   config_values.cpp   the text grammars: counts, bet ramps, a flag's text
//   config_json.cpp     the text of a JSON file holding one object
//   config_writer.cpp   a config written back, and the rules described
// Shared here: the names of the enum values a config may give, the table of
// keys, how an error names a key, and the relations check.

#include <array>
#include <string>
#include <utility>

#include "cardsim/io/config.hpp"

namespace cardsim::io::config_detail {

// The string names of each enum, in the order of its values; entry 0 (invalid)
// has no name, so no string maps to it.
template <class Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, const char*>, N>;

inline constexpr EnumNames<blackjack::Reshuffle, 2> RESHUFFLE_NAMES{
    {{blackjack::Reshuffle::cut_card, "cut-card"}, {blackjack::Reshuffle::every_round, "every-round"}}};
inline constexpr EnumNames<blackjack::ControlVariate, 2> CONTROL_VARIATE_NAMES{
    {{blackjack::ControlVariate::exact, "exact"}, {blackjack::ControlVariate::none, "none"}}};
inline constexpr EnumNames<blackjack::HoleCard, 3> HOLE_CARD_NAMES{{{blackjack::HoleCard::peek, "peek"},
                                                                    {blackjack::HoleCard::enhc, "enhc"},
                                                                    {blackjack::HoleCard::enhc_obo, "enhc-obo"}}};
inline constexpr EnumNames<blackjack::DoubleRule, 4> DOUBLE_NAMES{{{blackjack::DoubleRule::any, "any"},
                                                                   {blackjack::DoubleRule::nine_to_eleven, "9-11"},
                                                                   {blackjack::DoubleRule::ten_to_eleven, "10-11"},
                                                                   {blackjack::DoubleRule::none, "none"}}};
inline constexpr EnumNames<blackjack::Surrender, 3> SURRENDER_NAMES{{{blackjack::Surrender::none, "none"},
                                                                     {blackjack::Surrender::late, "late"},
                                                                     {blackjack::Surrender::early, "early"}}};
inline constexpr EnumNames<blackjack::Insurance, 2> INSURANCE_NAMES{
    {{blackjack::Insurance::never, "never"}, {blackjack::Insurance::always, "always"}}};
inline constexpr EnumNames<blackjack::DeckEstimate, 4> DECK_ESTIMATE_NAMES{
    {{blackjack::DeckEstimate::exact, "exact"},
     {blackjack::DeckEstimate::half_deck, "half-deck"},
     {blackjack::DeckEstimate::whole_deck, "whole-deck"},
     {blackjack::DeckEstimate::none, "none"}}};
inline constexpr EnumNames<blackjack::TrueCountRounding, 3> ROUNDING_NAMES{
    {{blackjack::TrueCountRounding::floor, "floor"},
     {blackjack::TrueCountRounding::truncate, "truncate"},
     {blackjack::TrueCountRounding::round, "round"}}};
template <class Enum, std::size_t N>
inline std::string names_of(const EnumNames<Enum, N>& names) {
  std::string out;
  for (const auto& [value, name] : names) out += (out.empty() ? "" : ", ") + std::string("\"") + name + "\"";
  return out;
}

template <class Enum, std::size_t N>
inline std::string name_of(const EnumNames<Enum, N>& names, Enum value) {
  for (const auto& [v, name] : names) {
    if (v == value) return name;
  }
  return "invalid";
}

// True counts that wonging, bet ramps and index lines may name.
inline constexpr int MAX_INDEX_TRUE_COUNT = blackjack::MAX_NAMED_TRUE_COUNT;

// The counting keys: given without a count they would do nothing.
inline constexpr std::array<const char*, 9> COUNTING_KEYS{
    "true_count_decks", "true_count_rounding", "bet_ramp",        "wong_in", "wong_out",
    "indices",          "bankroll_units",      "rounds_per_hour", "count"};

// The table entry of `key` (an undocumented key is an internal error).
const ConfigKey& key_info(const std::string& key);

// "config key 'decks' (--decks)"; name and description have no flag.
std::string key_and_flag(const std::string& key);

// Throws for keys that do not go together (`j` the config as given, `config`
// as read from it): counting keys without a count (Error), rules that
// blackjack::validate refuses (Error, in config keys and flags), side bets or
// a count the rules cannot have, a control variate with counting, chunks
// beyond what a chunk's stream holds (BadConfigValue or Error).
void check_key_relations(const nlohmann::json& j, const SimConfig& config);

}  // namespace cardsim::io::config_detail
