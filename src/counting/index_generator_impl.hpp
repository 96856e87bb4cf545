// The index generator's inside (blackjack/index_generator.hpp), shared by the
// files that each compute one thing:
//   index_generator.cpp             the run: shoe states dealt, lines valued on
//                                   them, sums by true count
//   index_generator_lines.cpp       a line as two plays on its hands; a play's
//                                   value for the round
//   index_generator_fit.cpp         the fitted crossing, its interval, the whole index
//   index_generator_deviations.cpp  a chart's candidate deviations, and the one
//                                   kept of each cell
//   index_generator_playout.cpp     the play-out check of the exact values
// Not installed: a private header of the blackjack layer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "cardsim/blackjack/index_generator.hpp"

namespace cardsim::blackjack::index_generation {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

inline constexpr double HALF = 0.5;
inline constexpr double INSURANCE_WIN = 1.0;  // per initial bet: half a bet insured at 2:1

// What a hand can do at its first decision, as the generator values it.
enum class Play : std::uint8_t { stand, hit, double_down, split, surrender, insure, no_insurance };

// The play a chart's move is.
Play play_of(Move move);

// A line resolved: its hands (two-card compositions, first <= second) and
// for each the play at or above the index and below it.
struct Comparison {
  int upcard = 0;
  bool insurance = false;
  struct Hand {
    int first = 0;
    int second = 0;
    Play high = Play::stand;
    Play low = Play::stand;
  };
  std::vector<Hand> hands;
  // Total lines whose two plays differ at three or more cards (hit or stand):
  // hands of three or more cards of the total count too.
  bool more_cards = false;
  bool soft = false;
  int total = 0;
  Play more_high = Play::stand;
  Play more_low = Play::stand;
};

// Whether pairs may be split (else pair lines are idle).
bool splits_allowed(const Rules& rules);

// The two-card hands a line is about: pairs for pair lines; for totals every
// other two-card hand of that total and softness (pairs too when splitting is
// off, since pair lines are then idle and the total decides); every hand for
// insurance.
std::vector<std::pair<int, int>> line_hands(const Rules& rules, const IndexPlay& line);

// Whether the rules never use the line (as the engine has it): a surrender
// line without surrender, a pair line without splitting.
bool idle_line(const Rules& rules, const IndexPlay& line);

// The line's hands and plays under these rules and this chart.
Comparison resolve_line(const Rules& rules, const ResolvedStrategy& strategy, const IndexPlay& line);

// The value of `play` for the whole round in which the hand is dealt, per
// initial bet (insurance apart): peek games lose a dealer blackjack before
// anyone plays, so a play's value is (1 - bj) x its value given no blackjack
// - bj; no-hole-card games' values already hold the blackjack.
double round_value(const Rules& rules, const InitialHandValues& hand, Play play);

// Fits the line's differences and sets the crossing, its interval and the
// whole index.
void fit_index(GeneratedIndex& g, TrueCountRounding rounding, DeckEstimate estimate);

}  // namespace cardsim::blackjack::index_generation
