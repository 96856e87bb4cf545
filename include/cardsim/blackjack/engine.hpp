// The round engine: deals and plays rounds of blackjack under one rule set and
// one strategy, into a Tally.
//
// Built once per run (tables resolved from Rules and StrategyChart), then used
// read-only by every thread: play_chunk() owns its shoe and writes only to the
// tally it is given.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/rng.hpp"

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

// The chart resolved for a rule set: table lookups only on the hot path.
class ResolvedStrategy {
 public:
  ResolvedStrategy(const Rules& rules, const StrategyChart& chart);

  // Hit, stand or double for a hand in `state` (no split, no surrender).
  Move move(DecisionPoint point, HandState state, int upcard) const {
    return moves_[static_cast<int>(point)][state][upcard];
  }
  // For a pair of `card`s that may still be split: split, or the pair row's
  // other move. `point` is first_two or split_two.
  Move pair_move(DecisionPoint point, int card, int upcard) const {
    return pair_moves_[static_cast<int>(point)][card][upcard];
  }
  // Whether the first two cards (`state`, or a pair of `pair_card` if nonzero)
  // are surrendered against `upcard` when surrender is offered.
  bool surrenders(HandState state, int pair_card, int upcard) const {
    return pair_card != 0 ? pair_surrender_[pair_card][upcard] : surrender_[state][upcard];
  }

 private:
  std::array<std::array<std::array<Move, CARD_VALUES + 1>, HAND_STATES>, DECISION_POINTS> moves_{};
  std::array<std::array<std::array<Move, CARD_VALUES + 1>, CARD_VALUES + 1>, 2> pair_moves_{};
  std::array<std::array<bool, CARD_VALUES + 1>, HAND_STATES> surrender_{};
  std::array<std::array<bool, CARD_VALUES + 1>, CARD_VALUES + 1> pair_surrender_{};
};

class Engine {
 public:
  // Throws Error if the chart lacks a cell the rules can reach.
  Engine(const Rules& rules, const StrategyChart& chart);

  // Plays `rounds` rounds from a freshly shuffled shoe with `rng`, adding to
  // `tally`. A finite shoe is reshuffled as the rules say; the last shoe of the
  // chunk ends at the round quota, before its cut card.
  void play_chunk(std::uint64_t rounds, core::Rng& rng, Tally& tally) const;

  // Plays one round dealt from `cards` in order (seat first cards, up card,
  // seat second cards, hole card in peek games, then every card drawn in play
  // order), adding to `tally`. Throws Error if the round needs more cards. For
  // tests and worked examples of the rules.
  void play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally) const;

  const Rules& rules() const { return rules_; }
  const ResolvedStrategy& strategy() const { return strategy_; }

 private:
  void play_rounds(std::uint64_t rounds, core::Rng& rng, Tally& tally) const;
  // Adds to `tally` the money wagered in the rounds played since `before`.
  void add_wagers(const Tally& before, Tally& tally) const;
  template <class CardSource>
  void play_round(CardSource& cards, core::Rng& rng, Tally& tally) const;

  Rules rules_;
  ResolvedStrategy strategy_;
  std::int64_t bet_;             // units per initial bet
  std::int64_t half_bet_;        // surrender loss and insurance stake
  std::int64_t blackjack_win_;   // units won by a blackjack
  std::array<bool, HAND_STATES> dealer_stands_{};
};

}  // namespace cardsim::blackjack
