// Blackjack side bets: a bet as plain data (its outcomes, their pays, and the
// cards it looks at), the classifier that says which outcome a deal wins, and
// the exact PAR sheet of a bet for a fresh shoe, by combinatorics.
//
// A side bet is read from a file (configs/sidebets/*.json, io/side_bet_file);
// a new pay table is a new file. Its outcomes are tried in order and the
// first that the deal matches is paid ("first match"): the kinds are
// predicates that may overlap (a straight flush is also a flush and a
// straight), and the file lists the better hands first. A deal that matches
// none loses the bet. The same classify() serves the exact PAR sheet here and,
// per seat and round, a simulated game.
//
// Cards with suits: a SuitedCard is its index 0..51 in one deck,
//   index = rank * 4 + suit,
// rank 0 = ace, 1..8 = two..nine, 9 = ten, 10 = jack, 11 = queen, 12 = king;
// suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (diamonds and hearts
// red). Its blackjack value is rank + 1 for ranks 0..9 and 10 for faces.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/tally.hpp"

namespace cardsim::blackjack {

using SuitedCard = std::uint8_t;
inline constexpr int SUITED_CARDS = RANKS * SUITS;
inline constexpr int QUEEN_RANK = 11;

constexpr int rank_of(SuitedCard card) { return card >> 2; }
constexpr int suit_of(SuitedCard card) { return card & 3; }
constexpr bool is_red(SuitedCard card) { return suit_of(card) == 1 || suit_of(card) == 2; }
// The blackjack value 1..10 (ace = 1, ten and faces = 10).
constexpr int value_of(SuitedCard card) { return rank_of(card) < TEN ? rank_of(card) + 1 : TEN; }
constexpr SuitedCard suited_card(int rank, int suit) { return static_cast<SuitedCard>(rank * SUITS + suit); }

// Which cards a bet looks at, in the order they are dealt. Each includes the
// one before it, except dealer_final.
enum class SideBetCards : std::uint8_t {
  invalid = 0,
  first_two,             // the seat's first two cards
  first_two_upcard,      // and the dealer's up card
  first_two_dealer_two,  // and the dealer's up and hole cards
  dealer_final,          // the dealer's final hand, played out whatever the players did
};

// What an outcome asks of a deal. "Rank" is one of the 13 ranks (a king and a
// queen are not a pair); a "total" is the blackjack total of the first two
// cards (an ace counts 11 unless that passes 21); a "low total" counts every
// ace as 1.
enum class OutcomeKind : std::uint8_t {
  invalid = 0,
  // The first two cards.
  pair,             // same rank
  mixed_pair,       // same rank, one red and one black
  colored_pair,     // same rank and colour, different suits
  perfect_pair,     // identical cards: same rank and suit
  total,            // total == `total`
  suited_total,     // total == `total`, same suit
  ranked_total,     // total == `total`, same rank
  matched_total,    // total == `total`, identical cards
  low_total_under,  // low total < `total`
  low_total_over,   // low total > `total`
  card_pair,        // both cards of rank `rank` (and suit `suit` if set)
  holds_card,       // at least one card of rank `rank` (and suit `suit` if set)
  // The first two cards and the dealer's up card, as a three-card poker hand
  // (an ace plays high or low in a straight: A-2-3 and Q-K-A, not K-A-2).
  flush,           // same suit
  straight,        // three consecutive ranks
  straight_flush,  // both
  trips,           // three of a rank
  suited_trips,    // three identical cards
  upcard_match,    // exactly `suited` first-two cards identical to the up card and
                   // `unsuited` of its rank in another suit
  // The dealer's final hand.
  dealer_bust,  // the dealer busts holding min_cards..max_cards cards (up card included)
};

// One line of a pay table.
struct SideBetOutcome {
  std::string name;  // as printed, e.g. "Perfect pair"
  OutcomeKind kind = OutcomeKind::invalid;
  int total = 0;                  // total, suited/ranked/matched_total, low_total_under/over
  int rank = -1;                  // card_pair, holds_card: 0..12
  int suit = -1;                  // card_pair, holds_card: 0..3, or -1 for any suit
  int suited = 0;                 // upcard_match
  int unsuited = 0;               // upcard_match
  int min_cards = 0;              // dealer_bust
  int max_cards = 0;              // dealer_bust; 0 = no upper limit
  bool dealer_blackjack = false;  // the dealer's up and hole cards must also be a blackjack
  // Pays pays_numerator : pays_denominator to one (the stake is returned too).
  std::int64_t pays_numerator = 0;
  std::int64_t pays_denominator = 1;
};

struct SideBet {
  std::string name;
  SideBetCards cards = SideBetCards::invalid;
  std::vector<SideBetOutcome> outcomes;  // tried in order; the first match pays
};

// The cards that `outcome` looks at (the smallest SideBetCards that holds them).
SideBetCards cards_needed(const SideBetOutcome& outcome);

// Throws cardsim::Error naming the outcome and the limit if the bet is not
// well formed: no outcomes, an invalid kind or parameter, a pay that is not
// positive, or an outcome that looks at cards beyond `cards`.
void validate_side_bet(const SideBet& bet);

// The cards of one seat's side bet in one round. Fields a bet does not look
// at are ignored (for dealer_final, only dealer_cards and dealer_bust).
struct SideBetDeal {
  std::array<SuitedCard, 2> player{};  // the seat's first two cards
  SuitedCard upcard = 0;
  SuitedCard hole = 0;
  int dealer_cards = 0;      // cards in the dealer's final hand, up card included
  bool dealer_bust = false;  // the dealer's final hand passed 21
};

// Whether the deal is an instance of `outcome` (its kind and its
// dealer_blackjack condition).
bool matches(const SideBetOutcome& outcome, const SideBetDeal& deal);

// The index of the first outcome of `bet` that the deal matches, or
// NO_OUTCOME if none (the bet loses). No allocation; safe to call per round.
inline constexpr int NO_OUTCOME = -1;
int classify(const SideBet& bet, const SideBetDeal& deal);

// The exact PAR sheet of a bet for a fresh shoe of `decks` decks (1..8).
//
// A deal is an ordered sequence of the cards the bet looks at, drawn without
// replacement: the first two cards (2), with the up card (3), with the hole
// card (4), dealt from the full shoe; for dealer_final, the first
// `deal_cards` cards the dealer could take (up card, hole card, hits), where
// deal_cards is the most cards a dealer hand can hold in this shoe, so that
// every dealer hand is a prefix of the same number of deals. The dealer's
// hand is dealt from the full shoe, no player card removed (as the published
// figures assume). `deals` is then shoe x (shoe - 1) x ... (deal_cards
// factors) and the combinations of the outcomes and of the loss sum to it.
// Counts are exact 128-bit integers (they pass 64 bits for the dealer's
// hands: 416^11 for eight decks).
struct ParSheet {
  int decks = 0;
  bool h17 = false;  // used by dealer_final only
  int deal_cards = 0;
  WideSum deals = 0;
  std::vector<WideSum> combinations;  // per outcome of the bet, in its order
  WideSum losses = 0;                 // deals that match no outcome
  // The exact net result over all deals in units of 1/pay_unit of a bet (the
  // least common multiple of the pays' denominators): sum of combinations x
  // pay minus losses. House edge = -net_units / (deals x pay_unit).
  std::int64_t pay_unit = 1;
  std::vector<std::int64_t> pay_units;  // per outcome: its pay x pay_unit
  WideSum net_units = 0;

  double probability(int outcome) const;  // NO_OUTCOME: the loss
  double expected_return() const;         // per unit bet (negative: the house's edge)
  double house_edge() const { return -expected_return(); }
  double hit_frequency() const;       // probability that the bet wins
  double standard_deviation() const;  // of the result of one unit bet
};

// classify() by one table lookup, for the simulator's rounds: the outcome of
// every deal the bet can tell apart, computed by classify() when built
// (milliseconds; a test checks every entry). Keyed by the cards the bet looks
// at: the first two (52^2 entries), and the up card (52^3), and whether the
// up and hole cards are a blackjack (2 x 52^3: no outcome looks at the hole
// card otherwise); for the dealer's final hand, its number of cards and
// whether it busted.
class SideBetTable {
 public:
  explicit SideBetTable(const SideBet& bet);
  // classify(bet, deal). No allocation.
  int classify(const SideBetDeal& deal) const { return outcomes_[key(deal)]; }

  // Dealer hands of more cards share the last entry (none holds as many).
  static constexpr int MAX_DEALER_CARDS = 31;

 private:
  std::size_t key(const SideBetDeal& deal) const {
    const std::size_t two = std::size_t{deal.player[0]} * SUITED_CARDS + deal.player[1];
    switch (cards_) {
      case SideBetCards::first_two: return two;
      case SideBetCards::first_two_upcard: return two * SUITED_CARDS + deal.upcard;
      case SideBetCards::first_two_dealer_two: {
        const bool blackjack = (value_of(deal.upcard) == ACE && value_of(deal.hole) == TEN) ||
                               (value_of(deal.upcard) == TEN && value_of(deal.hole) == ACE);
        return (two * SUITED_CARDS + deal.upcard) * 2 + blackjack;
      }
      default:
        return static_cast<std::size_t>(deal.dealer_cards < MAX_DEALER_CARDS ? deal.dealer_cards : MAX_DEALER_CARDS) *
                   2 +
               deal.dealer_bust;
    }
  }
  SideBetCards cards_;
  std::vector<std::int8_t> outcomes_;
};

// A bet's pays in whole money units: `unit` units are one unit bet (the
// least common multiple of the pays' denominators) and outcome i wins
// outcomes[i] units (its pay x unit). The PAR sheet and the simulator both
// settle in these units.
// The most a bet pays in its pay units (1 / the least common multiple of its
// pays' denominators of a unit bet), and the largest such unit:
// validate_side_bet refuses more, so that a round's net on a bet, all seats,
// squared, stays far inside the 64-bit sums of a tally.
inline constexpr std::int64_t MAX_PAY_UNITS = 1'000'000;

struct SideBetPays {
  std::int64_t unit = 1;
  std::vector<std::int64_t> outcomes;
};
SideBetPays side_bet_pays(const SideBet& bet);

// The suited cards of a fresh shoe of `decks` decks in the order of
// shoe_values(decks, removed_tens) (deck by deck, rank by rank, the four
// suits of a rank together, each deck without its first `removed_tens`
// ten-valued cards): with none removed position i holds card i % 52; always
// value_of() of position i is shoe_values(decks, removed_tens)[i]. A shoe of
// these, dealt with the same random numbers, deals the same values as one of
// shoe_values(): the simulator deals from it when a side bet or Spanish 21's
// bonuses need the cards' suits.
std::vector<SuitedCard> shoe_suited_cards(int decks, int removed_tens = 0);

// Computes the PAR sheet. Milliseconds for the shipped bets; throws
// cardsim::Error for decks outside 1..8 or a bet validate_side_bet refuses.
// `h17` is the dealer's rule for dealer_final bets (ignored by the others).
ParSheet par_sheet(const SideBet& bet, int decks, bool h17);

// A reduced fraction a/b of two 128-bit integers (b > 0).
struct ExactFraction {
  WideSum numerator = 0;
  WideSum denominator = 1;
};
ExactFraction reduced_fraction(WideSum numerator, WideSum denominator);

}  // namespace cardsim::blackjack
