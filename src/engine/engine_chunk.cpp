// The Engine's chunk loops: play_chunk picks the compiled round (counted or
// not, index plays or not, one seat or the general round, plain or suited
// shoe), play_rounds deals them shoe after shoe, and play_counted_round
// carries the counter from round to round. The round itself: engine_round.hpp.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "card_sources.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"
#include "engine_core.hpp"
#include "engine_counting.hpp"
#include "engine_round.hpp"

namespace cardsim::blackjack {

namespace {
// What a chunk's rounds need of the compiled round: counted, with index plays
// checked, the one-seat round (its seat loops vanish: 15% of a round's time),
// suited cards (side bets, Spanish bonuses; core::Shoe else), controlled.
struct RoundKind {
  bool counting = false;
  bool indexed = false;
  bool one_seat = false;
  bool suited = false;
  bool controlled = false;
  bool operator==(const RoundKind&) const = default;
};
}  // namespace

bool EngineCore::play_chunk(std::uint64_t rounds, core::Rng& rng, Tally& tally, const std::atomic<bool>* stop) const {
  using Loop = bool (EngineCore::*)(std::uint64_t, core::Rng&, Tally&, const std::atomic<bool>*) const;
  struct Compiled {
    RoundKind kind;
    Loop play;
  };
  // The compiled chunk loops, one per kind of round a run can need (each kind
  // is a round of its own in the binary; a kind not listed is never needed).
  static constexpr std::array<Compiled, 14> LOOPS{{
      // counting, indexed, one_seat, suited, controlled
      {{false, false, true, false, false}, &EngineCore::play_rounds<false, false, true>},
      {{false, false, false, false, false}, &EngineCore::play_rounds<false, false, false>},
      {{true, false, true, false, false}, &EngineCore::play_rounds<true, false, true>},
      {{true, false, false, false, false}, &EngineCore::play_rounds<true, false, false>},
      {{true, true, true, false, false}, &EngineCore::play_rounds<true, true, true>},
      {{true, true, false, false, false}, &EngineCore::play_rounds<true, true, false>},
      {{false, false, false, true, false}, &EngineCore::play_rounds<false, false, false, SuitedShoe>},
      {{true, false, false, true, false}, &EngineCore::play_rounds<true, false, false, SuitedShoe>},
      {{true, true, false, true, false}, &EngineCore::play_rounds<true, true, false, SuitedShoe>},
      {{false, false, true, false, true}, &EngineCore::play_rounds<false, false, true, core::Shoe, true>},
      {{false, false, false, false, true}, &EngineCore::play_rounds<false, false, false, core::Shoe, true>},
      {{false, false, false, true, true}, &EngineCore::play_rounds<false, false, false, SuitedShoe, true>},
      {{true, true, false, false, true}, &EngineCore::play_rounds<true, true, false, core::Shoe, true>},
      {{true, true, false, true, true}, &EngineCore::play_rounds<true, true, false, SuitedShoe, true>},
  }};
  RoundKind kind;
  kind.counting = counting_.enabled;
  kind.controlled = control_values_ != nullptr;
  kind.suited = !side_bets_.empty() || rules_.spanish_bonuses;
  // Controlled counted rounds always check index plays (none is a no-op) and
  // keep their seat loops, as suited rounds do.
  kind.indexed = kind.counting && (has_indices_ || kind.controlled);
  kind.one_seat = one_seat_round() && !kind.suited && !(kind.counting && kind.controlled);
  const auto loop = std::find_if(LOOPS.begin(), LOOPS.end(), [&](const Compiled& c) { return c.kind == kind; });
  if (loop == LOOPS.end()) throw Error("internal: no compiled round for this run");
  const Tally before = tally;
  const bool played = (this->*loop->play)(rounds, rng, tally, stop);
  if (!played) return false;
  add_derived_counts(before, tally);
  // (Apart from the rounds' code on purpose: folded into add_counter_money,
  // inlined there, it slowed counted rounds by 1.6%.)
  if (counting_.enabled) add_chunk_sums(static_cast<std::int64_t>(rounds), before.counting, tally.counting);
  return true;
}

// Counts that follow from others, added up once per chunk rather than hand by
// hand (the same integers): every seat plays every round, so its hands are
// the rounds plus its splits; each hand is won, lost, pushed or surrendered;
// each hand's wager is a bet, or two if doubled, and insurance is half a bet;
// (Blackjack Switch: every seat is dealt two hands each round)
// the table's net is the seats' nets, and with one seat the table is the seat.
void EngineCore::add_derived_counts(const Tally& before, Tally& tally) const {
  const std::int64_t rounds = tally.rounds - before.rounds;
  for (std::size_t s = 0; s < static_cast<std::size_t>(rules_.seats); ++s) {
    SeatTally& seat = tally.seats[s];
    const SeatTally& was = before.seats[s];
    const std::int64_t hands = rounds * rules_.hands_per_seat() + (seat.splits - was.splits);
    seat.hands += hands;
    seat.pushes += hands - (seat.wins - was.wins) - (seat.losses - was.losses) - (seat.surrenders - was.surrenders);
    seat.wagered += bet_ * (hands + (seat.doubles - was.doubles)) + half_bet_ * (seat.insurances - was.insurances);
    tally.table_net += seat.net - was.net;
  }
  if (rules_.seats == 1) tally.table_net_squared += tally.seats[0].net_squared - before.seats[0].net_squared;
}

template <bool COUNTING, bool INDEXED, bool ONE_SEAT, class Deck, bool CONTROLLED>
bool EngineCore::play_rounds(std::uint64_t rounds, core::Rng& rng_state, Tally& tally,
                             const std::atomic<bool>* stop) const {
  const auto stop_now = [stop](std::uint64_t r) {
    return stop != nullptr && r % STOP_POLL_ROUNDS == STOP_POLL_ROUNDS - 1 && stop->load(std::memory_order_relaxed);
  };
  // A local copy of the generator: its address never escapes, so it can stay in
  // registers instead of being reloaded after every store to a card or tally.
  core::Rng rng = rng_state;
  // Every shoe (every round of an infinite deck) starts at its own point of the
  // chunk's stream, SHOE_STRIDE_LOG2 apart: see core/rng.hpp.
  core::Rng next_shoe = rng;
  const core::Rng::Jump shoe_stride = rng.jump_of(std::uint64_t{1} << core::SHOE_STRIDE_LOG2);
  auto start_shoe = [&] {
    rng = next_shoe;
    next_shoe.jump(shoe_stride);
  };
  // CONTROLLED: each shoe (each round of an infinite deck) is a cycle of the
  // control's standard errors (ControlTally): its totals since it began.
  [[maybe_unused]] ControlCycle cycle_start;
  [[maybe_unused]] CountedControlCycle counted_cycle;  // a counted shoe's control sums so far
  [[maybe_unused]] const double round_value =
      CONTROLLED ? control_values_->box() * rules_.seats * rules_.hands_per_seat() : 0.0;
  const auto open_cycle = [&] {
    cycle_start.rounds = tally.control.rounds;
    for (std::size_t s = 0; s < static_cast<std::size_t>(rules_.seats); ++s) {
      cycle_start.seat_net[s] = tally.seats[s].net;
      cycle_start.seat_control[s] = tally.control.seat_control[s];
    }
  };
  const auto close_cycle = [&] {
    ControlCycle cycle;
    cycle.rounds = tally.control.rounds - cycle_start.rounds;
    for (std::size_t s = 0; s < static_cast<std::size_t>(rules_.seats); ++s) {
      cycle.seat_net[s] = tally.seats[s].net - cycle_start.seat_net[s];
      cycle.seat_control[s] = tally.control.seat_control[s] - cycle_start.seat_control[s];
    }
    add_control_cycle(cycle, rules_.seats, round_value, tally.control);
    if constexpr (COUNTING) {
      add_counted_control_cycle(counted_cycle, tally.control.counting);
      counted_cycle = {};
    }
  };
  if (rules_.infinite()) {  // never counted (the constructor refuses it)
    InfiniteDeck deck;
    for (std::uint64_t r = 0; r < rounds; ++r) {
      if (stop_now(r)) return false;
      start_shoe();
      if constexpr (CONTROLLED) open_cycle();
      play_round<InfiniteDeck, false, false, ONE_SEAT, CONTROLLED>(deck, rng, tally, nullptr);
      if constexpr (CONTROLLED) close_cycle();
    }
  } else {
    const std::vector<std::uint8_t> cards = deck_cards<Deck>(rules_.decks, rules_.remove_tens_per_deck);
    [[maybe_unused]] Composition composition;
    if constexpr (CONTROLLED) {
      for (const std::uint8_t card : cards) ++composition.full[value_in<Deck>(card)];
      if (!drift_weights_.empty()) composition.drifts = &control_values_->drifts();
    }
    Deck shoe(cards, rules_.cut_card_position(), rules_.burn_cards);
    const bool every_round = rules_.reshuffle == Reshuffle::every_round;
    [[maybe_unused]] Counter counter;
    [[maybe_unused]] PlayedRounds played;
    [[maybe_unused]] const CountingTally counted_before = COUNTING ? tally.counting : CountingTally{};
    for (std::uint64_t r = 0; r < rounds; ++r) {
      if (stop_now(r)) return false;
      if (r == 0 || every_round || shoe.cut_card_out()) {
        start_shoe();
        shoe.shuffle(rng);
        if constexpr (CONTROLLED) {
          if (r > 0) close_cycle();
          open_cycle();
          composition.all_but(shoe, 0, shoe.dealt());  // less the burn cards
        }
        if constexpr (COUNTING) counter = Counter{counting_.system.initial_running_count, !counting_.has_wong_in};
      }
      shoe.begin_round();
      if constexpr (COUNTING) {
        play_counted_round<INDEXED, ONE_SEAT, Deck, CONTROLLED>(shoe, rng, tally, counter, played, &composition,
                                                                &counted_cycle);
      } else {
        play_round<Deck, false, false, ONE_SEAT, CONTROLLED>(shoe, rng, tally, nullptr, &composition);
      }
    }
    if constexpr (CONTROLLED) {
      if (rounds > 0) close_cycle();
    }
    if constexpr (COUNTING) add_counter_money(played, counted_before, tally);
    tally.shoes += static_cast<std::int64_t>(shoe.shoes());
    tally.exhaustion_reshuffles += static_cast<std::int64_t>(shoe.exhaustion_reshuffles());
  }
  rng_state = rng;
  return true;
}

// One round with a counter at the table: the true count before the deal sets
// the bet and wonging decides whether the round is the counter's money; after
// it every card of the round (hole card included, burn cards never) goes into
// the running count. The seats play every round, so the cards dealt are the
// same whatever the ramp and wonging do: the flat-bet tally is that of every
// round; the counter's rounds go to `played`, its money to tally.counting at
// the end of the chunk (add_counter_money).
template <bool INDEXED, bool ONE_SEAT, class Deck, bool CONTROLLED>
inline void EngineCore::play_counted_round(Deck& shoe, core::Rng& rng, Tally& tally, Counter& counter,
                                           PlayedRounds& played, [[maybe_unused]] Composition* composition,
                                           [[maybe_unused]] CountedControlCycle* cycle) const {
  const int tc = fast_true_count(counter.running, static_cast<int>(shoe.remaining()));
  if (wongs_) {
    if (counter.in && counting_.has_wong_out && tc < counting_.wong_out) {
      counter.in = false;
    } else if (!counter.in && counting_.has_wong_in && tc >= counting_.wong_in) {
      counter.in = true;
    }
  }

  const std::uint64_t reshuffles_before = shoe.exhaustion_reshuffles();
  RoundCount count{counter.running, 0, 0, 0, 0, 0};
  [[maybe_unused]] std::array<std::int64_t, MAX_SIDE_BETS> side_nets{};
  if constexpr (std::is_same_v<Deck, SuitedShoe>) {
    for (std::size_t b = 0; b < side_bets_.size(); ++b) side_nets[b] = tally.side_bets[b].net;
  }
  play_round<Deck, true, INDEXED, ONE_SEAT, CONTROLLED>(shoe, rng, tally, &count, composition);
  if constexpr (std::is_same_v<Deck, SuitedShoe>) {  // each side bet's table net, by the true count
    for (std::size_t b = 0; b < side_bets_.size(); ++b) {
      const std::int64_t net = tally.side_bets[b].net - side_nets[b];
      SideBetTrueCountTally& at = tally.side_bets[b].by_true_count[static_cast<std::size_t>(tc + TRUE_COUNT_LIMIT)];
      at.net += net;
      at.net_squared += net * net;
    }
  }

  CountingTally& counted = tally.counting;
  const std::int64_t net = count.net;
  const auto b = static_cast<std::size_t>(tc + TRUE_COUNT_LIMIT);
  TrueCountTally& bucket = counted.by_true_count[b];
  ++bucket.rounds;
  if (!counter.reached[b]) {
    counter.reached[b] = true;
    ++bucket.shoes;
  }
  bucket.net += net;
  bucket.net_squared += net * net;
  if (count.upcard == ACE) {
    TrueCountTally& at_insurance =
        counted.by_true_count[static_cast<std::size_t>(count.insurance_true_count + TRUE_COUNT_LIMIT)];
    ++at_insurance.ace_up;
    at_insurance.ten_in_hole += count.hole == TEN;
  }
  if constexpr (CONTROLLED) {  // the controlled result by true count, and the counter's at the ramp's bet
    const WideSum controlled = (static_cast<WideSum>(net) << CONTROL_FRACTION_BITS) - count.control;
    CountingControlTally& control = tally.control.counting;
    control.control[b] += count.control;
    cycle->controlled[b] += controlled;
    ++cycle->rounds[b];
    if (counter.in) {
      control.counter_control += static_cast<WideSum>(ramp_units_[b]) * count.control;
      cycle->counter_controlled += static_cast<WideSum>(ramp_units_[b]) * controlled;
      ++cycle->played;
    }
  }
  if (counter.in) {
    PlayedBucket& mine = played.buckets[b];
    mine.wagered += count.wagered;
    if (wongs_) {
      ++mine.rounds;
      mine.net += net;
      mine.net_squared += net * net;
    }
  }

  // Every card of the round is seen now. After a mid-round reshuffle of the
  // discards the count starts again from the cards on the table.
  counter.running = count.running;
  if (shoe.exhaustion_reshuffles() != reshuffles_before) [[unlikely]] {
    counter.running = counting_.system.initial_running_count;
    const std::uint8_t* dealt = shoe.dealt_cards();
    for (std::uint32_t i = shoe.round_start(); i < shoe.dealt(); ++i)
      counter.running += tags_[value_in<Deck>(dealt[i])];
  }
}

void EngineCore::play_shoe_round(core::Shoe& shoe, core::Rng& rng, Tally& tally, int& running_count) const {
  if (!counting_.enabled) throw Error("a counted shoe round needs counting on");
  if (rules_.spanish_bonuses) throw Error("a counted shoe round deals no suits: Spanish 21's bonuses need them");
  Counter counter{running_count, true};
  PlayedRounds played;  // the counter's money: not wanted here
  shoe.begin_round();
  if (one_seat_round()) {
    play_counted_round<false, true>(shoe, rng, tally, counter, played);
  } else {
    play_counted_round<false, false>(shoe, rng, tally, counter, played);
  }
  running_count = counter.running;
}

}  // namespace cardsim::blackjack
