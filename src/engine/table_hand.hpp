// The hands of a round the Engine plays and the tables that settle them
// (private to src/engine/, for engine_round.hpp).
#pragma once

#include <array>
#include <cstdint>

#include "cardsim/blackjack/dealer.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/rules.hpp"

namespace cardsim::blackjack {

// One hand at the table during a round.
// (rescued: a doubled hand surrendered for its original bet, double_rescue.)
enum class HandStatus : std::uint8_t { live, bust, surrendered, surrendered_early, natural, rescued };

// Trivially constructible on purpose: a round's array of hands is not zeroed,
// each hand is set in full when it is dealt (zeroing it was 15% of a round).
struct TableHand {
  HandState state;
  std::uint8_t seat;    // the box (the seat, but under Blackjack Switch)
  std::uint8_t first;   // first card's value
  std::uint8_t second;  // second card's value (0: a split hand waiting for it)
  bool from_split;
  bool insured;  // seat's insurance bet (initial hands only)
  HandStatus status;
  std::int64_t wager;
  std::int64_t house_stake;  // the free bets in `wager` (Free Bet): a loss costs wager - house_stake
  std::int64_t seat_net;     // the seat's net this round (initial hands only)
  // Spanish 21's bonuses (set only under spanish_bonuses): the hand's cards,
  // the suits of its first two (0..3), and a bit per suit of all its cards.
  std::uint8_t cards;
  std::uint8_t first_suit;
  std::uint8_t second_suit;
  std::uint8_t suits;
};

inline constexpr int MAX_TABLE_HANDS = MAX_SEATS * 2 * MAX_SPLIT_HANDS;  // two boxes a seat under Switch

// The bonus of a hand (spanish_bonuses followed): a three-card 21 without an
// ace whose first two cards are 6-8, different or both 7, is a 6-7-8 or 7-7-7
// (the third card makes 21).
inline Bonus21 bonus_of(const TableHand& hand) {
  const auto six_to_eight = [](int card) { return card >= 6 && card <= 8; };
  const bool pattern = hand.cards == 3 && !has_ace(hand.state) && six_to_eight(hand.first) &&
                       six_to_eight(hand.second) && (hand.first != hand.second || hand.first == 7);
  return bonus_21(hand.cards, pattern, hand.suits);
}

// How a dealer's hand that stood or busted ended, by state (one load, no
// branch; states under 17 never reach the table).
inline constexpr auto DEALER_FINAL_OF = [] {
  std::array<std::uint8_t, HAND_STATES> table{};
  for (int s = 0; s < HAND_STATES; ++s) {
    table[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(dealer_final(static_cast<HandState>(s)));
  }
  return table;
}();

// What a hand is compared with at settlement, by state: its best total, and
// for a busted hand -1 (player: loses to anything) or 0 (dealer: loses to any
// standing hand). One load and a subtraction instead of branches on busts.
constexpr std::array<std::int8_t, HAND_STATES> settlement_scores(int bust_score) {
  std::array<std::int8_t, HAND_STATES> table{};
  for (int s = 0; s < HAND_STATES; ++s) {
    const auto state = static_cast<HandState>(s);
    table[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(is_bust(state) ? bust_score : best_total(state));
  }
  return table;
}
inline constexpr auto PLAYER_SCORES = settlement_scores(-1);
inline constexpr auto DEALER_SCORES = settlement_scores(0);

}  // namespace cardsim::blackjack
