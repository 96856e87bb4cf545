// A strategy chart resolved for a rule set: the moves the engine plays and
// the analyzer values, read from tables on the hot path. The chart's
// fallbacks (D = double else hit...) and the rules' limits (which hands may
// double, whether a pair may be split) are applied once here; the engine and
// the analyzer both include this header (neither includes the other for it).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"

namespace cardsim::blackjack {

// A concrete decision, once the chart's fallbacks are resolved.
enum class Move : std::uint8_t { hit, stand, double_down, split, surrender };

// When a decision is made; each has its own resolved table.
enum class DecisionPoint : std::uint8_t {
  first_two = 0,   // the first two cards of the round
  split_two = 1,   // two cards of a split hand (DAS applies; no surrender)
  more_cards = 2,  // three or more cards (hit or stand only)
};
inline constexpr int DECISION_POINTS = 3;

// The move a chart cell `action` stands for at `point` on a hand in `state`,
// with the chart's fallbacks where the rules forbid a double (splits and
// surrenders are decided apart: a split action gives stand). Three or more
// cards double only on D+ / Ds+ under double_any_cards.
Move chart_move(const Rules& rules, ChartAction action, DecisionPoint point, HandState state);

// Double-down rescue (Rules::double_rescue): [state][up card], whether a
// doubled hand in `state` is surrendered for the original bet against the up
// card. Played by the rule "rescue when standing is worth less than half the
// doubled wager lost", by the dealer's probabilities for a fresh shoe given
// no dealer blackjack (the player's own cards not removed); all false
// without the rule.
using RescueTable = std::array<std::array<bool, CARD_VALUES + 1>, HAND_STATES>;
RescueTable double_rescue_table(const Rules& rules);

// The chart resolved for a rule set: table lookups only on the hot path.
class ResolvedStrategy {
 public:
  ResolvedStrategy(const Rules& rules, const StrategyChart& chart);

  // Hit, stand or double for a hand in `state` (no split, no surrender).
  Move move(DecisionPoint point, HandState state, int upcard) const {
    return moves_[static_cast<std::size_t>(point)][state][static_cast<std::size_t>(upcard)];
  }
  // For a pair of `card`s that may still be split: split, or the pair row's
  // other move. `point` is first_two or split_two.
  Move pair_move(DecisionPoint point, int card, int upcard) const {
    return pair_moves_[static_cast<std::size_t>(point)][static_cast<std::size_t>(card)]
                      [static_cast<std::size_t>(upcard)];
  }
  // Whether the first two cards (`state`, or a pair of `pair_card` if nonzero)
  // are surrendered against `upcard` when surrender is offered.
  bool surrenders(HandState state, int pair_card, int upcard) const {
    const auto up = static_cast<std::size_t>(upcard);
    return pair_card != 0 ? pair_surrender_[static_cast<std::size_t>(pair_card)][up] : surrender_[state][up];
  }
  // Whether a doubled hand in `state` is rescued against `upcard`
  // (double_rescue_table).
  bool rescues(HandState state, int upcard) const { return rescue_[state][static_cast<std::size_t>(upcard)]; }

 private:
  std::array<std::array<std::array<Move, CARD_VALUES + 1>, HAND_STATES>, DECISION_POINTS> moves_{};
  RescueTable rescue_{};
  std::array<std::array<std::array<Move, CARD_VALUES + 1>, CARD_VALUES + 1>, 2> pair_moves_{};
  std::array<std::array<bool, CARD_VALUES + 1>, HAND_STATES> surrender_{};
  std::array<std::array<bool, CARD_VALUES + 1>, CARD_VALUES + 1> pair_surrender_{};
};

// An index play resolved for one decision: the move at a true count >= index,
// and below it. Inactive cells (no index, or the same move either way) hold
// the chart's move on both sides and cost no true count.
// Four bytes each, so that the tables stay small in the cache.
struct IndexedMove {
  bool active = false;
  std::int8_t index = 0;  // true counts of index lines are within +/-30
  Move at_or_above = Move::stand;
  Move below = Move::stand;
};
struct IndexedChoice {  // surrender or insure, or not
  bool active = false;
  std::int8_t index = 0;
  bool at_or_above = false;
  bool below = false;
};

// A counting run's index plays resolved for a rule set and chart, by decision
// point like ResolvedStrategy: "-" (chart) cells take the chart's move, and the
// chart's fallbacks (D = double else hit...) apply where a move is not allowed.
class ResolvedIndices {
 public:
  ResolvedIndices() = default;
  // Throws Error for a line the rules can never use (a pair line without
  // splitting, a surrender line without surrender...).
  ResolvedIndices(const Rules& rules, const ResolvedStrategy& strategy, const std::vector<IndexPlay>& plays);

  const IndexedMove& move(DecisionPoint point, HandState state, int upcard) const {
    return moves_[static_cast<std::size_t>(point)][state][static_cast<std::size_t>(upcard)];
  }
  const IndexedMove& pair_move(DecisionPoint point, int card, int upcard) const {
    return pair_moves_[static_cast<std::size_t>(point)][static_cast<std::size_t>(card)]
                      [static_cast<std::size_t>(upcard)];
  }
  const IndexedChoice& surrender(HandState state, int pair_card, int upcard) const {
    const auto up = static_cast<std::size_t>(upcard);
    return pair_card != 0 ? pair_surrender_[static_cast<std::size_t>(pair_card)][up] : surrender_[state][up];
  }
  // Insurance by the count: active when an index line says so.
  const IndexedChoice& insurance() const { return insurance_; }

 private:
  std::array<std::array<std::array<IndexedMove, CARD_VALUES + 1>, HAND_STATES>, DECISION_POINTS> moves_{};
  std::array<std::array<std::array<IndexedMove, CARD_VALUES + 1>, CARD_VALUES + 1>, 2> pair_moves_{};
  std::array<std::array<IndexedChoice, CARD_VALUES + 1>, HAND_STATES> surrender_{};
  std::array<std::array<IndexedChoice, CARD_VALUES + 1>, CARD_VALUES + 1> pair_surrender_{};
  IndexedChoice insurance_{};
};

}  // namespace cardsim::blackjack
