// A blackjack hand as one byte of state, and its arithmetic.
//
// Bit layout of HandState:
//   bits 0-4  the total counting every ace as 1, capped at BUST_TOTAL (22) once
//             over 21 (a busted hand stays busted whatever is added)
//   bit 5     set when the hand holds at least one ace
// The best total counts one ace as 11 when that does not bust ("soft" hands).
// All functions are constexpr and branch-light: the hot path adds a card with
// add_card() and looks decisions up by state.
#pragma once

#include <array>
#include <cstdint>

namespace cardsim::blackjack {

using HandState = std::uint8_t;

inline constexpr HandState EMPTY_HAND = 0;
inline constexpr int BUST_TOTAL = 22;
inline constexpr HandState ACE_BIT = 32;
inline constexpr HandState TOTAL_MASK = 31;
// Number of distinct HandState values (tables indexed by state have this size).
inline constexpr int HAND_STATES = 64;

constexpr int low_total(HandState s) { return s & TOTAL_MASK; }
constexpr bool has_ace(HandState s) { return (s & ACE_BIT) != 0; }
constexpr bool is_bust(HandState s) { return low_total(s) >= BUST_TOTAL; }
// Soft: an ace counts as 11 without busting.
constexpr bool is_soft(HandState s) { return has_ace(s) && low_total(s) <= 11; }
// The total that counts: low total, plus 10 for a soft hand; 22 if busted.
constexpr int best_total_computed(HandState s) { return is_soft(s) ? low_total(s) + 10 : low_total(s); }

// best_total_computed of every state, built at compile time (one load).
inline constexpr auto BEST_TOTALS = [] {
  std::array<std::uint8_t, HAND_STATES> table{};
  for (int s = 0; s < HAND_STATES; ++s) {
    table[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(best_total_computed(static_cast<HandState>(s)));
  }
  return table;
}();

constexpr int best_total(HandState s) { return BEST_TOTALS[s]; }

// The state after drawing a card of value 1..10 (ace = 1), computed.
constexpr HandState add_card_computed(HandState s, int value) {
  int low = low_total(s) + value;
  if (low > BUST_TOTAL) low = BUST_TOTAL;
  const int ace = (value == 1 || has_ace(s)) ? ACE_BIT : 0;
  return static_cast<HandState>(low | ace);
}

// Every transition of add_card_computed, [state][card value], built at compile
// time: drawing a card on the hot path is one byte load.
inline constexpr auto HAND_TRANSITIONS = [] {
  std::array<std::array<HandState, 11>, HAND_STATES> table{};
  for (int s = 0; s < HAND_STATES; ++s) {
    for (int v = 1; v <= 10; ++v) {
      table[static_cast<std::size_t>(s)][static_cast<std::size_t>(v)] = add_card_computed(static_cast<HandState>(s), v);
    }
  }
  return table;
}();

// The state after drawing a card of value 1..10 (ace = 1).
constexpr HandState add_card(HandState s, int value) { return HAND_TRANSITIONS[s][static_cast<std::size_t>(value)]; }

// The state of a hand holding exactly these two cards.
constexpr HandState two_card_hand(int first, int second) { return add_card(add_card(EMPTY_HAND, first), second); }

}  // namespace cardsim::blackjack
