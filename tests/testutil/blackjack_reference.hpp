// Reference blackjack computations for tests: plain, slow, obviously right
// code, independent of the engine's tables.
#pragma once

#include <array>
#include <vector>

namespace cardsim::testutil {

// The value of a hand by the book: the sum counting aces as 1, plus 10 if the
// hand holds an ace and that does not pass 21.
struct NaiveHandValue {
  int total = 0;  // best total (may exceed 21: busted)
  bool soft = false;
  bool bust = false;
};
NaiveHandValue naive_hand_value(const std::vector<int>& cards);

// Probability of drawing a card of value v (1..10) from an infinite deck.
double infinite_deck_probability(int value);

// The dealer's final result from an infinite deck, given the up card:
// probabilities of 17, 18, 19, 20, 21, bust, blackjack (this order). With
// `no_blackjack` the distribution is conditioned on the dealer not having a
// blackjack (what players face after the peek) and its last entry is 0.
std::array<double, 7> infinite_dealer_final(int upcard, bool h17, bool no_blackjack);

// The exact expected value per initial bet, infinite deck, dealer peeks, of a
// player who hits hard totals below `hard_stand` and soft totals below
// `soft_stand`, never doubles, splits, surrenders or insures.
double infinite_threshold_strategy_ev(int hard_stand, int soft_stand, bool h17, double blackjack_pays);

}  // namespace cardsim::testutil
