// Exact dealer probabilities for a shoe composition: the first layer of the
// combinatorial analyzer (blackjack/analysis.hpp).
//
// A shoe is counts of card values 1..10 (finite decks, drawn without
// replacement) or an infinite deck (each value with a fixed probability). The
// dealer's play from an up card is enumerated once per dealer rule as the set
// of *multisets* of cards the dealer can draw (hole card included) before
// standing, each with its number of valid drawing orders and its final result.
// The probability of a multiset D given the remaining counts m (M cards) is
//   orders(D) * prod_v m_v (m_v - 1) ... (m_v - D_v + 1) / (M (M - 1) ... (M - |D| + 1))
// since every order of the same cards is equally likely (exchangeability).
// A distribution is a sum over a few hundred multisets: no recursion, no
// allocation, about a microsecond per up card and composition.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/tally.hpp"

namespace cardsim::blackjack {

// Counts of cards by value, index 1..10 (ace = 1, ten = 10); index 0 unused.
using CardCounts = std::array<int, CARD_VALUES + 1>;

// What the cards are drawn from: a finite shoe's counts, or an infinite deck.
struct ShoeComposition {
  bool infinite = false;
  CardCounts counts{};  // finite: cards of each value in the full shoe

  // `decks` standard decks (4 of each value 1..9 and 16 tens per deck, less
  // `removed_tens`), or an infinite deck for INFINITE_DECKS.
  static ShoeComposition standard(int decks, int removed_tens = 0);
  // The shoe of a rule set: its decks less its removed tens.
  static ShoeComposition of(const Rules& rules) { return standard(rules.decks, rules.remove_tens_per_deck); }
  int total() const;
  // Probability that the next card is `value` once the cards in `removed`
  // (`removed_total` of them) are gone. Infinite decks ignore the removal.
  double draw_probability(int value, const CardCounts& removed, int removed_total) const;
};

// Probabilities of the dealer's final results, indexed by DealerFinal:
// 17, 18, 19, 20, 21, bust, blackjack.
using DealerProbabilities = std::array<double, DEALER_FINALS>;

// The dealer's play of one rule (S17 or H17) for every up card, as the
// multisets of drawn cards described above. Built once (a few milliseconds);
// read-only afterwards.
class DealerModel {
 public:
  explicit DealerModel(bool h17);

  // The dealer's final-result distribution for `upcard`, the hole card and
  // every draw taken from `shoe` minus `removed` (which must include the up
  // card itself and any player cards). Not conditioned on the peek: a two-card
  // 21 is reported as blackjack. If `twenty_two` is given, it receives the
  // part of the bust probability where the dealer's total is exactly 22
  // (dealer_22_pushes).
  DealerProbabilities probabilities(const ShoeComposition& shoe, const CardCounts& removed, int upcard,
                                    double* twenty_two = nullptr) const;

  // The distributions for `removed` and for `removed` plus one more card of
  // each value: [0] is probabilities(shoe, removed, upcard), [v] that with a
  // card of value v also removed (all 0 if none is left). One pass over the
  // multisets (a removed card of value v scales a multiset holding m of them
  // and k cards in all by (left_v - m) / left_v x left / (left - k)): about
  // the cost of two calls of probabilities() instead of eleven. The same
  // values up to rounding (not bit for bit).
  std::array<DealerProbabilities, CARD_VALUES + 1> probabilities_with_one_more(const ShoeComposition& shoe,
                                                                               const CardCounts& removed,
                                                                               int upcard) const;

  // One final hand of the dealer from an up card: the cards drawn after the
  // up card (hole card and hits) by value, how many drawing orders of them
  // the dealer's rule allows (each ends the hand on its last card), and how
  // the hand ends.
  struct Hand {
    CardCounts drawn{};
    int cards = 0;  // drawn cards; the hand holds cards + 1
    std::int64_t orders = 0;
    DealerFinal final = DealerFinal::bust;
  };
  // Every final hand from `upcard`, whatever the shoe holds (a hand that needs
  // more cards of a value than a shoe has simply has no way to be dealt).
  std::vector<Hand> hands(int upcard) const;

  // Number of distinct drawn multisets for `upcard` (for tests and benchmarks).
  std::size_t multisets(int upcard) const { return outcomes_[static_cast<std::size_t>(upcard)].size(); }
  bool h17() const { return h17_; }

 private:
  // One multiset: its final result, its number of cards, how many drawing
  // orders reach it, and its (value, multiplicity) pairs in `parts_`.
  struct Outcome {
    double orders = 0;
    std::uint32_t first_part = 0;
    std::uint8_t part_count = 0;
    std::uint8_t cards = 0;
    DealerFinal final = DealerFinal::bust;
    bool twenty_two = false;  // a bust at exactly 22
  };
  struct Part {
    std::uint8_t value = 0;
    std::uint8_t multiplicity = 0;
  };
  bool h17_;
  int max_cards_ = 0;         // most cards in a multiset
  int max_multiplicity_ = 0;  // most copies of one value in a multiset
  std::array<std::vector<Outcome>, CARD_VALUES + 1> outcomes_;
  std::array<std::vector<Part>, CARD_VALUES + 1> parts_;
};

// `p` conditioned on the dealer not having blackjack (what the player faces
// after a peek); entry blackjack becomes 0. Unchanged if p[blackjack] is 0.
DealerProbabilities condition_on_no_blackjack(const DealerProbabilities& p);

// Standing on `total` (17..21 of the dealer, in order, from `value`): adds
// p of each dealer total `total` beats and takes away p of each it loses to.
// The bust and blackjack terms are the caller's (they differ by rule).
inline double add_stand_results(double value, int total, const DealerProbabilities& p) {
  for (int k = 0; k < 5; ++k) {
    const int dealer_total = 17 + k;
    value += (total > dealer_total ? 1.0 : total < dealer_total ? -1.0 : 0.0) * p[static_cast<std::size_t>(k)];
  }
  return value;
}

// The dealer table of a rule set for a fresh shoe: for each up card 1..10 its
// probability and the dealer's final results, the shoe minus only the up card.
struct DealerTable {
  std::array<double, CARD_VALUES + 1> upcard_probability{};
  std::array<DealerProbabilities, CARD_VALUES + 1> unconditioned{};  // before the peek
  std::array<DealerProbabilities, CARD_VALUES + 1> no_blackjack{};   // given no dealer blackjack
};
DealerTable dealer_table(const Rules& rules);

}  // namespace cardsim::blackjack
