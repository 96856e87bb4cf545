// Strategy charts: what to do with each hand against each dealer up card.
//
// A chart has three parts, each by dealer up card 1..10 (ace = 1):
//   hard totals 4..21, soft totals 12..21, and pairs (two equal card values
//   1..10, looked up before the totals while a split is still possible).
// Each cell is a ChartAction, the usual chart notation with its fallbacks:
// the first letter is what the cell does with two cards where the rules allow
// it, the second (lower case) what it does otherwise, which includes every hand
// of three or more cards (only hit or stand is left there). So D (double, else
// hit) hits a three-card hand, Rs (surrender, else stand) stands on it, and Hs
// (hit two cards, else stand) hits a two-card 16 and stands on a three-card
// one. Under double_any_cards (Spanish 21) a hand of three or more cards may
// double too: D+ and Ds+ double it (D and Ds still double two cards only).
// io/strategy_file reads and writes the text form.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cardsim/blackjack/rules.hpp"

namespace cardsim::blackjack {

enum class ChartAction : std::uint8_t {
  invalid = 0,            // an empty cell; a valid chart has none in its rows
  hit,                    // H
  stand,                  // S
  double_else_hit,        // D
  double_else_stand,      // Ds
  split,                  // P  (pair rows only)
  split_if_das_else_hit,  // Ph (pair rows only)
  surrender_else_hit,     // Rh
  surrender_else_stand,   // Rs
  surrender_else_split,   // Rp (pair rows only)
  hit_two_stand_more,     // Hs: hit two cards, stand on three or more (total rows only)
  stand_two_hit_more,     // Sh: stand on two cards, hit three or more (total rows only)
  // Under double_any_cards (Spanish 21): double at any number of cards where
  // the rules allow it, else hit / stand (total rows only). D and Ds double
  // two cards only, as everywhere.
  double_any_else_hit,    // D+
  double_any_else_stand,  // Ds+
};

inline constexpr int HARD_MIN = 4;
inline constexpr int HARD_MAX = 21;
inline constexpr int SOFT_MIN = 12;
inline constexpr int SOFT_MAX = 21;

// Indexed [total][upcard] and [pair card][upcard]; rows and columns outside the
// ranges above are unused (invalid).
using ChartRows = std::array<std::array<ChartAction, CARD_VALUES + 1>, HARD_MAX + 1>;

struct StrategyChart {
  std::string name;  // for the result JSON: a file path or a named strategy
  ChartRows hard{};
  ChartRows soft{};
  ChartRows pairs{};  // rows 1..10 used (1 = aces)
};

// `hit-below-16`: hit every total under 16, stand on 16 or more; never double,
// split or surrender.
StrategyChart hit_below_16_chart();
// `mimic-dealer`: play like the dealer of `rules` (hit below 17, and soft 17
// under H17); never double, split or surrender.
StrategyChart mimic_dealer_chart(const Rules& rules);
// Stand on everything (a test and analysis helper: every hand stays live).
StrategyChart always_stand_chart();

}  // namespace cardsim::blackjack
