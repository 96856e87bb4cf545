// The expected values of standing, hitting and doubling any hand, by its cards,
// against an up card: what the analyzer's initial-hand table gives for two-card
// hands, for hands of three or more cards and split hands too.
//
// The fresh-shoe approximation: every card still to come is drawn from a full
// shoe minus the up card and this hand's own cards; the other hands at the
// table and the cards of earlier rounds are not removed. (The analyzer makes
// the same assumption for every value it reports.) Within it the values are
// exact: dealer distributions by DealerModel for each composition reached.
#pragma once

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/analysis_dealer.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"

namespace cardsim::blackjack {

class DecisionEvaluator {
 public:
  // Throws Error if the chart lacks a cell the rules can reach.
  DecisionEvaluator(const Rules& rules, const StrategyChart& chart);

  // The values of the hand holding `hand` (counts of each card value) against
  // `upcard`, per bet of the hand: stand; hit, then hit or stand as the
  // chart's three-card cells say (its D and Ds fall back to hit and stand);
  // double (NaN unless `may_double`); split and surrender are NaN. Peek games:
  // given that the dealer has no blackjack (the player decides after the
  // peek); no-hole-card games: the dealer's blackjack included, taking every
  // wager of the hand (ENHC) or, under ENHC-OBO, one original bet if
  // `original_bet` (the seat's first hand) and nothing otherwise.
  // Does not check that the hand is reachable; a busted hand is all NaN.
  DecisionEvs evaluate(const CardCounts& hand, int upcard, bool may_double, bool original_bet) const;

  // The probability that the dealer's hole (or second) card makes a blackjack
  // with `upcard`, with `upcard` and the `seen` cards out of a fresh shoe.
  double dealer_blackjack_probability(const CardCounts& seen, int upcard) const;

  const ResolvedStrategy& strategy() const { return strategy_; }

 private:
  friend struct DecisionWalk;
  Rules rules_;
  ResolvedStrategy strategy_;
  ShoeComposition shoe_;
  DealerModel dealer_;
};

}  // namespace cardsim::blackjack
