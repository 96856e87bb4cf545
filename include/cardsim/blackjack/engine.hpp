// The round engine: deals and plays rounds of blackjack under one rule set and
// one strategy, into a Tally.
//
// Built once per run (tables resolved from Rules and StrategyChart), then used
// read-only by every thread: play_chunk() owns its shoe and writes only to the
// tally it is given.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "cardsim/blackjack/control_variate.hpp"
#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/resolved_strategy.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"

namespace cardsim::blackjack {

struct SwitchValues;  // analysis.hpp

class Engine {
 public:
  // Throws Error if the chart lacks a cell the rules can reach, or if
  // `counting` is enabled for an infinite deck or has an unusable index line.
  Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting);
  // No counting.
  Engine(const Rules& rules, const StrategyChart& chart);
  // With side bets: every seat bets one unit on each of `side_bets` every
  // round, settled into Tally::side_bets in this order. The shoe then deals
  // suited cards (shoe_suited_cards: the same values from the same random
  // numbers); a bet on the dealer's final hand (SideBetCards::dealer_final,
  // Buster Blackjack) makes the dealer play out every round with real cards,
  // as that game's rules say. Empty: the rounds of the other constructor,
  // which carry no suits and cost nothing for them. Throws Error for more
  // than MAX_SIDE_BETS bets, a bet of more than MAX_SIDE_BET_OUTCOMES
  // outcomes or one validate_side_bet refuses, or an infinite deck.
  Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting, std::vector<SideBet> side_bets);
  // The same, its rounds controlled by `control` (control_variate.hpp):
  // ControlVariate::exact adds each round's control to Tally::control
  // (counted rounds' too: Tally::control.counting); every other field of the
  // tally is the same as without it.
  Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting, std::vector<SideBet> side_bets,
         ControlVariate control);
  // The same with the control's values V given (any V gives unbiased
  // estimates: tests give deliberately wrong ones); null: not controlled.
  Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting, std::vector<SideBet> side_bets,
         std::shared_ptr<const ControlValues> values);

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

  const Rules& rules() const { return rules_; }
  const ResolvedStrategy& strategy() const { return strategy_; }
  // The control variate's values (null: rounds not controlled).
  const ControlValues* control_values() const { return control_values_.get(); }
  const Counting& counting() const { return counting_; }
  const std::vector<SideBet>& side_bets() const { return side_bets_; }
  // The true count (clamped to +/-TRUE_COUNT_LIMIT) for a running count and
  // the cards left in the shoe, as the counting config converts it.
  int true_count_of(int running_count, int remaining_cards) const;
  // Whether true_count_of(running_count, remaining_cards) >= index, for
  // |index| < TRUE_COUNT_LIMIT (as index lines are), without dividing.
  bool true_count_at_least(int running_count, int remaining_cards, int index) const;

 private:
  struct TrueCountDivisor;
  int fast_true_count(int running_count, int remaining_cards) const;
  bool fast_true_count_at_least(int running_count, int remaining_cards, int index) const;
  std::int64_t true_count_numerator(int running_count, const TrueCountDivisor& d) const;
  // The counter's tables (engine_counting.cpp).
  void set_up_counting();
  struct RoundCount;    // the running count handed to a counted round (engine_counting.hpp)
  struct Counter;       // a counter's state through a chunk (engine_counting.hpp)
  struct PlayedRounds;  // the counter's rounds of a chunk by true count (engine_counting.hpp)
  struct Composition;   // a controlled round's shoe (card_sources.hpp)
  // The chunk loops (engine_chunk.cpp). ONE_SEAT: compiled for rules_.seats == 1.
  // Deck: core::Shoe, or the suited shoe of side bets (card_sources.hpp).
  // CONTROLLED: the control variate's rounds.
  template <bool COUNTING, bool INDEXED, bool ONE_SEAT, class Deck = core::Shoe, bool CONTROLLED = false>
  [[gnu::flatten]] bool play_rounds(std::uint64_t rounds, core::Rng& rng, Tally& tally,
                                    const std::atomic<bool>* stop) const;
  // CONTROLLED: with the shoe's `composition`, and the control's sums of the
  // shoe so far in `cycle`.
  template <bool INDEXED, bool ONE_SEAT, class Deck, bool CONTROLLED = false>
  [[gnu::always_inline]] void play_counted_round(Deck& shoe, core::Rng& rng, Tally& tally, Counter& counter,
                                                 PlayedRounds& played, Composition* composition = nullptr,
                                                 CountedControlCycle* cycle = nullptr) const;
  // Settles every seat's side bets of a round (engine_side_bets.cpp) from its suited cards `round`
  // (`size` of them, in deal order; the dealer's hits from `dealer_from` on)
  // and the dealer's final hand `dealer`.
  void settle_side_bets(const SuitedCard* round, std::uint32_t size, std::uint32_t dealer_from, int seats,
                        HandState dealer, Tally& tally) const;
  void add_counter_money(const PlayedRounds& played, const CountingTally& before, Tally& tally) const;
  // Adds to `tally` the counts that follow from others (hands, pushes, money
  // wagered, the table's net) for the rounds played since `before`.
  void add_derived_counts(const Tally& before, Tally& tally) const;
  // The dealer's hand `dealer` (short of 17) of a round that did not need it,
  // drawn to the end for the statistics only, from the cards `cards` would
  // deal next, which go back (its lookahead()), with a copy of the generator.
  // (A stacked round's cards may end first: the hand is then returned short.)
  template <class CardSource>
  [[gnu::cold, gnu::noinline]] HandState play_out_unneeded(CardSource& cards, core::Rng rng, HandState dealer) const;
  // COUNTING: the round is counted into `count` (which also receives the up
  // card and hole card); without it `count` is unused. INDEXED (counted rounds
  // only): index plays by the current true count. A round that leaves the
  // dealer nothing to play for completes the dealer's hand apart
  // (play_out_unneeded) into tally.dealer_final_unneeded.
  // Whether rounds play in the one-seat round, compiled apart (its seat loops
  // vanish): one seat and none of the variant settlement rules, which only the
  // general round (ONE_SEAT false) checks, so the standard game pays nothing
  // for them.
  bool one_seat_round() const { return rules_.seats == 1 && !rules_.settlement_variants(); }
  // The round, phase by phase: deal, decisions, dealer, settlement
  // (engine_round.hpp).
  // CONTROLLED: each card's control term goes into the seats' controls,
  // with the shoe's composition kept in `composition` (card_sources.hpp).
  template <class CardSource, bool COUNTING, bool INDEXED, bool ONE_SEAT, bool CONTROLLED = false>
  class Round;
  template <class CardSource, bool COUNTING, bool INDEXED, bool ONE_SEAT, bool CONTROLLED = false>
  [[gnu::always_inline]] void play_round(CardSource& cards, core::Rng& rng, Tally& tally, RoundCount* count,
                                         Composition* composition = nullptr) const;

  Rules rules_;
  ResolvedStrategy strategy_;
  // Blackjack Switch: the values the switch decision compares, computed once
  // by the analyzer for the rules and chart (null without switch_hands).
  std::shared_ptr<const SwitchValues> switch_values_;
  std::int64_t bet_;                                           // units per initial bet
  std::int64_t half_bet_;                                      // surrender loss and insurance stake
  std::int64_t blackjack_win_;                                 // units won by a blackjack
  std::array<std::int64_t, BONUS_21_KINDS> bonus_21_units_{};  // units won by each bonus 21 (spanish_bonuses)
  std::array<bool, HAND_STATES> dealer_stands_{};
  // The control variate's values (null: rounds not controlled), set by
  // control_by.
  std::shared_ptr<const ControlValues> control_values_;
  void control_by(std::shared_ptr<const ControlValues> values);
  // The control's drift term (a finite shoe dealt to a cut card), by the
  // cards n left in the shoe before a draw: the rounds still to start in
  // this shoe after the current one over n (n - 1) (ControlValues::drift).
  // The rounds to come are expected from the cards left before the cut card,
  // at a rate measured by a pilot run in control_by. Empty: no drift term.
  std::vector<double> drift_weights_;
  Counting counting_;
  std::vector<SideBet> side_bets_;
  std::vector<SideBetPays> side_bet_pays_;     // [bet]
  std::vector<SideBetTable> side_bet_tables_;  // [bet]
  bool dealer_plays_out_ = false;              // a side bet on the dealer's final hand is on
  ResolvedIndices indices_;
  bool has_indices_ = false;
  bool wongs_ = false;                       // the counter may sit out rounds (wong in or out)
  std::array<int, CARD_VALUES + 1> tags_{};  // the count's tags, [0] = 0
  BucketUnits ramp_units_{};                 // base bets by true count bucket
  // The true count's division without a divide instruction (fast_true_count),
  // by remaining cards. With d the divisor (scale x decks estimate, in the
  // units of the running count x twice_factor_ / 2) and D = 2d: the
  // Lemire-Kaser-Kurz magic number ceil(2^TRUE_COUNT_SHIFT / D), what the
  // rounding adds to twice the numerator, and the numerator's clamp
  // [-L*D, (L+1)*D - 1] for true counts within +/-TRUE_COUNT_LIMIT = L.
  static constexpr int TRUE_COUNT_SHIFT = 40;
  static constexpr int TRUE_COUNT_DIVISOR_BITS = 17;  // D < 2^17: see fast_true_count
  struct TrueCountDivisor {
    std::uint64_t magic = 0;
    std::int32_t add_if_positive = 0;
    std::int32_t add_if_negative = 0;
    std::int32_t twice_divisor = 2;  // D
    std::int32_t lowest = 0;
    std::int32_t highest = 0;
  };
  std::array<TrueCountDivisor, MAX_DECKS * DECK_CARDS + 1> divisors_{};
  int twice_factor_ = 2;
};

}  // namespace cardsim::blackjack
