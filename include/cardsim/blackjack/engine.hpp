// The round engine: deals and plays rounds of blackjack under one rule set and
// one strategy, into a Tally.
//
// Built once per run (tables resolved from Rules and a ResolvedStrategy), then
// used read-only by every thread: play_chunk() owns its shoe and writes only to
// the tally it is given. A copy shares the built tables (they never change).
// The round, its chunk loops and tables are private to src/engine/
// (engine_core.hpp), so that they change without changing this header.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "cardsim/blackjack/control_variate.hpp"
#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/resolved_strategy.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/switch_values.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"

namespace cardsim::blackjack {

class EngineCore;  // src/engine/engine_core.hpp

// What an Engine plays besides its rules and strategy.
struct EngineSetup {
  // The counter's bets and index plays (counting.hpp); off by default.
  Counting counting{};
  // Side bets: every seat bets one unit on each every round, settled into
  // Tally::side_bets in this order. The shoe then deals suited cards
  // (shoe_suited_cards: the same values from the same random numbers); a bet
  // on the dealer's final hand (SideBetCards::dealer_final, Buster Blackjack)
  // makes the dealer play out every round with real cards, as that game's
  // rules say. None: rounds that carry no suits and cost nothing for them.
  std::vector<SideBet> side_bets{};
  // The control variate's values V (control_variate.hpp): each round's
  // control goes into Tally::control (counted rounds' too:
  // Tally::control.counting); every other field of the tally is the same as
  // without it. Any V gives unbiased estimates (tests give deliberately wrong
  // ones). Null: rounds not controlled.
  std::shared_ptr<const ControlValues> control{};
  // Blackjack Switch's values (switch_values.hpp), which the switch decision
  // reads: required under Rules::switch_hands, else unused.
  std::shared_ptr<const SwitchValues> switch_values{};
};

class Engine {
 public:
  // The rounds of `rules` played by `strategy` (resolved for these rules),
  // with what `setup` adds. Throws Error if the rules are invalid, Switch's
  // values are missing under switch_hands, the counting is enabled for an
  // infinite deck or has an unusable index line, or the side bets are more
  // than MAX_SIDE_BETS, a bet has more than MAX_SIDE_BET_OUTCOMES outcomes or
  // is one validate_side_bet refuses, or are dealt from an infinite deck.
  // (make_engine, below, resolves a chart and computes the analyzer's part.)
  Engine(const Rules& rules, ResolvedStrategy strategy, EngineSetup setup = {});

  // Plays `rounds` rounds from a freshly shuffled shoe with `rng`, adding to
  // `tally`. A finite shoe is reshuffled as the rules say; the last shoe of the
  // chunk ends at the round quota, before its cut card. `stop` (if not null)
  // is polled every STOP_POLL_ROUNDS rounds: once it is set the chunk is
  // abandoned and play_chunk returns false (`tally` then holds part of a
  // chunk, which is no result: the caller throws it away).
  bool play_chunk(std::uint64_t rounds, core::Rng& rng, Tally& tally, const std::atomic<bool>* stop = nullptr) const;

  // Rounds between two looks at play_chunk's stop flag: a few milliseconds
  // of the slowest rounds (7 seats, 4 side bets), a negligible cost.
  static constexpr std::uint64_t STOP_POLL_ROUNDS = 1024;

  // Plays one round dealt from `cards` in order (seat first cards, up card,
  // seat second cards, hole card in peek games, then every card drawn in play
  // order), adding to `tally`. Throws Error if the round needs more cards. For
  // tests and worked examples of the rules.
  void play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally) const;
  // The same from suited cards (0..51, side_bet.hpp), so that the suits
  // count: Spanish 21's 6-7-8 / 7-7-7 bonuses (play_stacked_round refuses
  // spanish_bonuses) and side bets.
  void play_stacked_suited_round(std::span<const SuitedCard> cards, Tally& tally) const;
  // The same with counting on (index plays only: no bet, no counting tally):
  // the running count before the round is `running_count` (tag units) and the
  // shoe holds `remaining_cards` before the deal (0..the shoe's cards, else
  // Error).
  void play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally, int running_count,
                          int remaining_cards) const;

  // For tools that look at the shoe between rounds (the index generator): a
  // shoe of the rules' cards, cut card and burn cards, not yet shuffled
  // (finite shoes only; Error for an infinite deck)...
  core::Shoe make_shoe() const;
  // ... and one counted round dealt from it, as play_chunk() plays it with
  // counting on but no index plays (the caller shuffles the shoe when its cut
  // card is out): the round goes into `tally` and every card seen into
  // `running_count` (tag units; after a mid-round reshuffle of the discards
  // it restarts from the cards on the table). Error unless counting is on.
  void play_shoe_round(core::Shoe& shoe, core::Rng& rng, Tally& tally, int& running_count) const;

  const Rules& rules() const;
  const ResolvedStrategy& strategy() const;
  // The control variate's values (null: rounds not controlled).
  const ControlValues* control_values() const;
  const Counting& counting() const;
  const std::vector<SideBet>& side_bets() const;
  // The true count (clamped to +/-TRUE_COUNT_LIMIT) for a running count and
  // the cards left in the shoe, as the counting config converts it.
  int true_count_of(int running_count, int remaining_cards) const;
  // Whether true_count_of(running_count, remaining_cards) >= index, for
  // |index| < TRUE_COUNT_LIMIT (as index lines are), without dividing.
  bool true_count_at_least(int running_count, int remaining_cards, int index) const;

 private:
  std::shared_ptr<const EngineCore> core_;
};

// An Engine of `rules` playing `chart`, with what the analyzer computes
// first: Blackjack Switch's values under switch_hands, and under
// ControlVariate::exact the control's exact values (setup.control must then
// be null). Throws Error as Engine's constructor does, and if the chart lacks
// a cell the rules can reach. Defined with the analyzer (src/analysis/).
Engine make_engine(const Rules& rules, const StrategyChart& chart, EngineSetup setup = {},
                   ControlVariate control = ControlVariate::none);

}  // namespace cardsim::blackjack
