// The Engine's insides (private to src/engine/): its resolved tables, the
// chunk loops and the round, as one class that the public Engine
// (cardsim/blackjack/engine.hpp) holds and forwards to. Nothing here is part
// of the installed API, so the round can change without changing the ABI.
// The public methods' meaning: engine.hpp.
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
#include "cardsim/blackjack/switch_values.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"

namespace cardsim::blackjack {

class EngineCore {
 public:
  // Engine's constructor (engine.hpp), EngineSetup's parts one by one.
  EngineCore(const Rules& rules, ResolvedStrategy strategy, Counting counting, std::vector<SideBet> side_bets,
             std::shared_ptr<const ControlValues> control, std::shared_ptr<const SwitchValues> switch_values);

  // Engine's methods (engine.hpp).
  bool play_chunk(std::uint64_t rounds, core::Rng& rng, Tally& tally, const std::atomic<bool>* stop = nullptr) const;
  static constexpr std::uint64_t STOP_POLL_ROUNDS = 1024;  // Engine::STOP_POLL_ROUNDS (engine.cpp checks)
  void play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally) const;
  void play_stacked_suited_round(std::span<const SuitedCard> cards, Tally& tally) const;
  void play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally, int running_count,
                          int remaining_cards) const;
  core::Shoe make_shoe() const;
  void play_shoe_round(core::Shoe& shoe, core::Rng& rng, Tally& tally, int& running_count) const;
  const Rules& rules() const { return rules_; }
  const ResolvedStrategy& strategy() const { return strategy_; }
  const ControlValues* control_values() const { return control_values_.get(); }
  const Counting& counting() const { return counting_; }
  const std::vector<SideBet>& side_bets() const { return side_bets_; }
  int true_count_of(int running_count, int remaining_cards) const;
  bool true_count_at_least(int running_count, int remaining_cards, int index) const;

 private:
  struct TrueCountDivisor;
  int fast_true_count(int running_count, int remaining_cards) const;
  bool fast_true_count_at_least(int running_count, int remaining_cards, int index) const;
  std::int64_t true_count_numerator(int running_count, const TrueCountDivisor& d) const;
  // The counter's tables (engine_counting.cpp).
  void set_up_counting();
  // The side bets' tables (engine_side_bets.cpp), after their checks.
  void set_up_side_bets(std::vector<SideBet> side_bets);
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
  // Blackjack Switch: the values the switch decision compares, computed by
  // the analyzer for the rules and chart (null without switch_hands).
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
