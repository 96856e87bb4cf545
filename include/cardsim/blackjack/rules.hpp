// The rules of a blackjack game: shoe, dealer, player options and payouts.
// Plain data; validate() below is the one place that says which rules go
// together: io/config's reader (sim_config_from_json), the Engine and the
// Analyzer all call it.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cardsim/blackjack/cards.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

// When the shoe is reshuffled.
enum class Reshuffle : std::uint8_t {
  invalid = 0,
  cut_card,     // after the round in which the cut card came out
  every_round,  // a fresh shoe each round (what exact analyses assume)
};

// What the dealer does about a blackjack.
enum class HoleCard : std::uint8_t {
  invalid = 0,
  peek,      // American: hole card dealt, dealer checks under an ace or ten
  enhc,      // European no hole card: dealer blackjack takes all bets (doubles, splits)
  enhc_obo,  // no hole card, dealer blackjack takes the original bet only
};

// Which two-card hands may be doubled (hard totals; soft hands only under `any`).
enum class DoubleRule : std::uint8_t {
  invalid = 0,
  any,  // any first two cards
  nine_to_eleven,
  ten_to_eleven,
  none,
};

enum class Surrender : std::uint8_t {
  invalid = 0,
  none,
  late,   // after the dealer checks for blackjack (peek), half the bet back
  early,  // before the dealer checks, against an ace or ten too
};

enum class Insurance : std::uint8_t {
  invalid = 0,
  never,
  always,  // insure every hand against an ace (on a blackjack: even money)
};

// The value of `decks` that means an infinite deck: cards drawn with
// replacement, each value with probability 1/13 (ten 4/13).
inline constexpr int INFINITE_DECKS = 0;
inline constexpr int MAX_DECKS = 8;
inline constexpr int MAX_SEATS = 7;
inline constexpr int MAX_SPLIT_HANDS = 4;

struct Rules {
  // Shoe
  int decks = 6;  // 1..8, or INFINITE_DECKS
  // Ten-valued cards taken out of each deck (finite shoes): 4 is the Spanish
  // 48-card deck (no ten pips); the tens go in the order 10, J, Q, K.
  int remove_tens_per_deck = 0;
  double penetration = 0.75;  // fraction of the shoe dealt before the cut card, (0,1)
  int cut_card = 0;           // cards before the cut card; overrides penetration if > 0
  int burn_cards = 1;         // burned after each shuffle
  Reshuffle reshuffle = Reshuffle::cut_card;
  // Table
  int seats = 1;  // 1..7, all playing the same strategy
  // Dealer
  bool h17 = false;  // dealer hits soft 17
  HoleCard hole_card = HoleCard::peek;
  // Player
  DoubleRule double_rule = DoubleRule::any;
  bool double_after_split = true;
  int split_hands = 4;  // most hands a seat may hold by splitting, 1..4 (1 = no split)
  bool resplit_aces = false;
  bool hit_split_aces = false;  // false: one card to each split ace
  Surrender surrender = Surrender::none;
  Insurance insurance = Insurance::never;
  // Payout of a blackjack, blackjack_pays_num : blackjack_pays_den (3:2).
  int blackjack_pays_num = 3;
  int blackjack_pays_den = 2;
  // Free Bet Blackjack (docs/variants.md). A dealer total of exactly 22 (three
  // or more cards) pushes every hand still live; naturals are paid before.
  bool dealer_22_pushes = false;
  // Hard two-card totals the house doubles for free (bit t: hard total t,
  // 4..20), where doubling is allowed (`double_rule`, DAS after a split), and
  // pairs it splits for free (bit v: a pair of value v, 1..10), resplits
  // included. A free bet wins like a real one and loses nothing: a hand's
  // loss is its wager less the free part. Peek games only (validated).
  std::uint32_t free_double_totals = 0;
  std::uint32_t free_split_pairs = 0;
  // Spanish 21's settlement rules: a player's 21 of any cards (not a natural)
  // wins against every dealer hand but a blackjack, a dealer 22 included; a
  // player's blackjack is paid against a dealer's blackjack too.
  bool player_21_wins = false;
  bool blackjack_beats_blackjack = false;
  // Spanish 21's doubling: a hand of three or more cards may be doubled too
  // (the totals `double_rule` allows; split hands under double_after_split,
  // which it needs: validated), and after any double the player may "rescue"
  // a hand that did not bust: surrender it for the original bet (half the
  // doubled wager). Rescue needs a peek game (validated).
  bool double_any_cards = false;
  bool double_rescue = false;
  // Spanish 21's bonus 21s (docs/variants.md), paid instead of even money on
  // a winning 21 that was not doubled (split hands included): five cards
  // 3:2, six 2:1, seven or more 3:1; a three-card 6-7-8 or 7-7-7 3:2 of
  // mixed suits, 2:1 suited, 3:1 in spades. The suits need the suited shoe.
  bool spanish_bonuses = false;
  // Blackjack Switch (docs/variants.md): each seat plays two hands of one
  // bet each and, when the dealer has no blackjack, may exchange their second
  // cards; a 21 made by the exchange is not a natural. Peek games, no early
  // surrender, no insurance, no side bets (validated).
  bool switch_hands = false;

  bool infinite() const { return decks == INFINITE_DECKS; }
  int deck_cards() const { return DECK_CARDS - remove_tens_per_deck; }
  int shoe_cards() const { return decks * deck_cards(); }
  // Cards dealt before the cut card comes out (finite shoes).
  int cut_card_position() const;
  // The money unit: an initial bet is bet_units() units, chosen so that every
  // payout (blackjack p:q, half-bet surrender and insurance) is a whole number
  // of units: lcm(2, q).
  std::int64_t bet_units() const;
  // Units paid for a blackjack on a bet of bet_units().
  std::int64_t blackjack_win_units() const { return bet_units() * blackjack_pays_num / blackjack_pays_den; }
  // Whether doubling a two-card hand in `state` is free (a hard total of
  // free_double_totals), and splitting a pair of `value`s.
  bool free_double(HandState state) const {
    return !is_soft(state) && !is_bust(state) && ((free_double_totals >> low_total(state)) & 1U) != 0;
  }
  bool free_split(int value) const { return ((free_split_pairs >> value) & 1U) != 0; }
  // Hands each seat is dealt (2 under switch_hands), and the units of a seat's
  // initial wager: one bet on each. Edges are per initial wager, which under
  // switch_hands is also per hand (both bets are equal).
  int hands_per_seat() const { return switch_hands ? 2 : 1; }
  std::int64_t initial_bet_units() const { return bet_units() * hands_per_seat(); }
  // Whether any free bet rule is on (free doubles or free splits).
  bool free_bets() const { return free_double_totals != 0 || free_split_pairs != 0; }
  // Whether any rule of the variant games changes how hands are settled
  // or dealt (Free Bet, Spanish 21, Blackjack Switch): the engine plays them
  // in its general round.
  bool settlement_variants() const {
    return dealer_22_pushes || free_bets() || player_21_wins || blackjack_beats_blackjack || double_any_cards ||
           double_rescue || spanish_bonuses || switch_hands;
  }

  bool operator==(const Rules&) const = default;
};

// Whether a two-card hand in `state` may be doubled under `rule`: any two
// cards, or hard 9-11 / 10-11 only (soft hands of those totals may not).
// The engine, the analyzer and the table game all ask this one function.
bool double_allowed(DoubleRule rule, HandState state);

// Whether a hand of two cards in `state` may be doubled, `after_split` or
// not: the double rule, and after a split double_after_split too. (Three or
// more cards: double_any_cards, which needs double_after_split, on the same
// totals.) The engine, the analyzer and the table game all ask this.
inline bool may_double_after_split(const Rules& rules, bool after_split, HandState state) {
  return (!after_split || rules.double_after_split) && double_allowed(rules.double_rule, state);
}

// Rules that do not go together, the first found by check_rules() (in this
// order). `value` is the hard total of free_double_not_doublable.
enum class RulesConflict : std::uint8_t {
  none = 0,
  tens_removed_from_infinite_deck,  // remove_tens_per_deck with decks INFINITE_DECKS
  cut_card_outside_shoe,            // cut_card_position() not in 1..shoe_cards() - 1
  burn_cards_reach_cut_card,        // burn_cards >= cut_card_position()
  free_bets_without_peek,           // free_double / free_split, hole_card not peek
  double_any_cards_without_das,     // double_any_cards without double_after_split
  rescue_without_peek,              // double_rescue, hole_card not peek
  rescue_with_free_bets,            // double_rescue with free_double / free_split
  bonuses_without_finite_shoe,      // spanish_bonuses (suits) with an infinite deck
  switch_without_peek,              // switch_hands, hole_card not peek
  switch_with_early_surrender,      // switch_hands, surrender early
  switch_with_insurance,            // switch_hands, insurance not never
  switch_with_bonuses,              // switch_hands with spanish_bonuses
  free_split_without_splits,        // free_split_pairs with split_hands 1
  free_double_not_doublable,        // a free_double total the double rule forbids
};
struct RulesProblem {
  RulesConflict conflict = RulesConflict::none;
  int value = 0;
};
RulesProblem check_rules(const Rules& rules);

// The Error validate() throws: what() says what is wrong in the rules' own
// terms; problem() lets a reader of rules (io/config) say it in its own
// (config keys and flags).
class RulesError : public Error {
 public:
  RulesError(RulesProblem problem, const std::string& message) : Error(message), problem_(problem) {}
  RulesProblem problem() const { return problem_; }

 private:
  RulesProblem problem_;
};

// Throws RulesError for the first conflict of check_rules(); the one place
// that says which rules go together (single values out of range are the
// reader's: io/config).
void validate(const Rules& rules);

// Spanish 21's bonus 21s (Rules::spanish_bonuses), by what the hand holds.
enum class Bonus21 : std::uint8_t {
  none = 0,
  five_cards,      // 3:2
  six_cards,       // 2:1
  seven_cards,     // seven or more: 3:1
  mixed_678_777,   // a three-card 6-7-8 or 7-7-7 of mixed suits: 3:2
  suited_678_777,  // of one suit, not spades: 2:1
  spades_678_777,  // of spades: 3:1
};
inline constexpr int BONUS_21_KINDS = 7;
// The bonus's payout per unit bet, as p:q.
struct Payout {
  int num = 1;
  int den = 1;
};
inline constexpr std::array<Payout, BONUS_21_KINDS> BONUS_21_PAYS{
    {{1, 1}, {3, 2}, {2, 1}, {3, 1}, {3, 2}, {2, 1}, {3, 1}}};
// The payout of bonus `b` per unit bet.
constexpr double bonus_21_pay(Bonus21 b) {
  const Payout p = BONUS_21_PAYS[static_cast<std::size_t>(b)];
  return static_cast<double>(p.num) / p.den;
}
// The bonus of a 21 of `cards` cards, where a three-card hand of 6-7-8 or
// 7-7-7 is `sevens_or_678` and its suits are `suits` (bit s for suit s,
// bit 3 spades); none for any other hand.
constexpr Bonus21 bonus_21(int cards, bool sevens_or_678, unsigned suits) {
  if (cards >= 7) return Bonus21::seven_cards;
  if (cards == 6) return Bonus21::six_cards;
  if (cards == 5) return Bonus21::five_cards;
  if (cards != 3 || !sevens_or_678) return Bonus21::none;
  if (suits == 8U) return Bonus21::spades_678_777;
  return (suits & (suits - 1)) == 0 ? Bonus21::suited_678_777 : Bonus21::mixed_678_777;
}

}  // namespace cardsim::blackjack
