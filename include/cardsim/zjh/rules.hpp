// The rule variants of Zha Jin Hua (炸金花, three-card poker), as one plain
// struct and a few named presets (io/zjh_config.hpp reads and writes it as JSON).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cardsim::zjh {

// What happens when two hands have the same ranks in the same category.
enum class TieRule : std::uint8_t {
  invalid = 0,
  split,  // "split": the hands tie (the pot is shared)
  suits,  // "suits": compare suits, spades > hearts > diamonds > clubs
};

// Where the straight A-2-3 ranks among the straights.
enum class LowStraight : std::uint8_t {
  invalid = 0,
  lowest,  // "lowest": A-2-3 is the lowest straight (the ace counts low)
  second,  // "second": A-2-3 ranks second, only below A-K-Q (teen patti)
};

// One rule set. Every field is a config key (the name in quotes) and a CLI flag.
struct Rules {
  TieRule ties = TieRule::split;          // "ties"
  LowStraight a23 = LowStraight::lowest;  // "a23"
  bool special_235 = false;               // "special_235": 2-3-5 of mixed suits
                                          //   beats a leopard, and only a leopard
  bool straight_above_flush = false;      // "straight_above_flush": casino/teen
                                          //   patti order; default flush > straight
  friend bool operator==(const Rules&, const Rules&) = default;
};

std::string_view to_string(TieRule rule);
std::string_view to_string(LowStraight rule);
// Throw cardsim::Error naming the value and the allowed ones.
TieRule tie_rule_from_string(std::string_view text);
LowStraight low_straight_from_string(std::string_view text);
// The allowed values, for messages: "split, suits" and "lowest, second".
std::string tie_rule_names();
std::string low_straight_names();

// The named presets: "standard" (the defaults), "suits" (standard with suits
// breaking ties), "leopard-killer" (standard with the 2-3-5 rule), "teen-patti"
// (straight above flush, A-2-3 second). Throws cardsim::Error listing them for
// any other name.
Rules preset_rules(std::string_view name);
std::vector<std::string> preset_names();

// All 16 combinations of the four variants (for tests and tables).
std::vector<Rules> all_rule_combinations();

// One line for humans: "ties split, A-2-3 lowest, 2-3-5 rule off, flush > straight".
std::string describe(const Rules& rules);

}  // namespace cardsim::zjh
