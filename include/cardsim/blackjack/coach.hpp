// The strategy coach of `cardsim play`: for the decision a TableGame waits for,
// the action a strategy chart plays (with the engine's fallbacks) and the
// expected value of every legal action, so that a mistake can be priced.
//
// Values are per bet of the hand deciding (insurance: per initial bet), for a
// fresh shoe each round, as everywhere in the analyzer:
// - a seat's first decision on its first two cards: the analyzer's exact
//   initial-hand table (Analyzer::initial_hand_table), playing on by the chart;
// - any other hand (three or more cards, split hands): DecisionEvaluator, the
//   same fresh shoe minus the up card and the hand's own cards; a resplit's
//   value is not computed (NaN);
// - insurance: the exact chance of a ten in the hole with the up card and the
//   seat's two cards out of a fresh shoe.
// The cards dealt earlier from the same shoe are not taken into account: the
// chart is a basic strategy, not a count.
#pragma once

#include <array>
#include <memory>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/decision_ev.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/table_game.hpp"

namespace cardsim::blackjack {

// The chart's answer to the decision `game` waits for, as Engine plays it:
// surrender first where the chart says R and surrender is offered, pairs by
// the pair rows while they may be split, one card to split aces, a double the
// chips cannot cover played as the chart's hit-or-stand for the total.
// `insure` answers insurance (Engine: rules.insurance == always).
// Precondition: game.phase() is not between_rounds.
Action chart_action(const TableGame& game, const ResolvedStrategy& strategy, bool insure);

// Advice on one decision.
struct Advice {
  Action recommended = Action::stand;  // the chart's action; never insurance
  // The expected value of each action (index: Action), NaN where it is not
  // allowed or not computed.
  std::array<double, ACTIONS> ev{};
  // True when the values come from the analyzer's initial-hand table (or the
  // insurance formula), false for the DecisionEvaluator's.
  bool initial_hand = false;

  double value(Action a) const { return ev[static_cast<std::size_t>(a)]; }
  // ev(recommended) - ev(chosen): what `chosen` costs in expectation, per bet
  // of the hand; NaN if either is not known.
  double cost(Action chosen) const { return value(recommended) - value(chosen); }
};

class Coach {
 public:
  // Builds the analyzer's initial-hand table for `rules` and `chart` (0.1-1 s).
  // Throws Error if the chart lacks a cell the rules can reach.
  Coach(const Rules& rules, const StrategyChart& chart);
  ~Coach();

  // Advice on the decision `game` waits for (not between rounds).
  Advice advise(const TableGame& game) const;
  const ResolvedStrategy& strategy() const { return evaluator_.strategy(); }

 private:
  Rules rules_;
  DecisionEvaluator evaluator_;
  std::unique_ptr<InitialHandTable> table_;
};

}  // namespace cardsim::blackjack
