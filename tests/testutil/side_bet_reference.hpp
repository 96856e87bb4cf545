// Reference side bet evaluations for tests: every physical card of a small
// shoe dealt in every order, each deal judged by plain code written from the
// bets' rules, independent of blackjack/side_bet's classifier and counting.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cardsim::testutil {

// A physical card: rank 1 (ace) .. 13 (king) and a suit letter c, d, h, s.
struct PlainCard {
  int rank = 0;
  char suit = 'c';
};

// The name of the category a deal falls in ("" for a loss).
using PlainJudge = std::function<std::string(const std::vector<PlainCard>& deal)>;

// Deals every ordered sequence of `cards` distinct physical cards of a
// `decks`-deck shoe and counts the deals of each category `judge` names.
std::map<std::string, std::uint64_t> enumerate_deals(int decks, int cards, const PlainJudge& judge);

// Judges by the rules as a dealer would state them.
// Perfect Pairs on cards 0, 1: "perfect", "colored", "mixed" or "".
std::string plain_perfect_pairs(const std::vector<PlainCard>& deal);
// Three-card poker on cards 0..2: "suited_trips", "straight_flush", "trips",
// "straight", "flush" or "" (the best hand).
std::string plain_three_card_poker(const std::vector<PlainCard>& deal);
// Match the Dealer on cards 0, 1 against the up card 2: "S<suited>U<unsuited>" or "".
std::string plain_match_the_dealer(const std::vector<PlainCard>& deal);
// Lucky Ladies on the player's cards 0, 1 and the dealer's 2, 3: "qh_pair_bj",
// "qh_pair", "matched_20", "suited_20", "any_20" or "".
std::string plain_lucky_ladies(const std::vector<PlainCard>& deal);

// The dealer's hand from a shoe of `decks` decks, every ordered sequence of
// card values (A..T) drawn without replacement until the dealer stands: the
// number of ordered sequences of each final hand, keyed by the number of
// cards in it and whether it busted ("bust 5", "stand 3"). Counts are of the
// hands' own cards (not completed to a common length).
std::map<std::string, std::uint64_t> enumerate_dealer_hands(int decks, bool h17);

}  // namespace cardsim::testutil
