#include "cardsim/blackjack/tally.hpp"

#include <cmath>

namespace cardsim::blackjack {
namespace {

// Adds every field of `table` of `from` to `to`.
template <class Struct, class Table>
void add_fields(Struct& to, const Struct& from, const Table& table) {
  for (const auto& field : table) to.*field.member += from.*field.member;
}

}  // namespace

void SeatTally::merge(const SeatTally& o) { add_fields(*this, o, SEAT_TALLY_FIELDS); }

void TrueCountTally::merge(const TrueCountTally& o) { add_fields(*this, o, TRUE_COUNT_TALLY_FIELDS); }

void ChunkSums::merge(const ChunkSums& o) {
  chunks += o.chunks;
  sd_overflow += o.sd_overflow;
  for (const auto& field : CHUNK_SUMS_WIDE_FIELDS) {
    // Only the sum of q^2 can pass 128 bits (see net_squared_squared).
    if (__builtin_add_overflow(this->*field.member, o.*field.member, &(this->*field.member)) &&
        field.member == &ChunkSums::net_squared_squared) {
      ++sd_overflow;
    }
  }
  for (std::size_t b = 0; b < at_true_count_squared.size(); ++b) {
    at_true_count_squared[b] += o.at_true_count_squared[b];
    at_true_count_by_rounds[b] += o.at_true_count_by_rounds[b];
  }
}

void CountingTally::merge(const CountingTally& o) {
  add_fields(*this, o, COUNTING_TALLY_FIELDS);
  for (std::size_t b = 0; b < by_true_count.size(); ++b) by_true_count[b].merge(o.by_true_count[b]);
  chunk_sums.merge(o.chunk_sums);
}

void ControlTally::merge(const ControlTally& o) {
  rounds += o.rounds;
  cycles += o.cycles;
  for (std::size_t s = 0; s < seat_control.size(); ++s) {
    seat_control[s] += o.seat_control[s];
    seat_controlled_squared[s] += o.seat_controlled_squared[s];
    seat_cycle_controlled_squared[s] += o.seat_cycle_controlled_squared[s];
    seat_cycle_controlled_by_rounds[s] += o.seat_cycle_controlled_by_rounds[s];
  }
  add_fields(*this, o, CONTROL_TALLY_WIDE_FIELDS);
  counting.merge(o.counting);
}

void CountingControlTally::merge(const CountingControlTally& o) {
  for (const auto& field : COUNTING_CONTROL_BUCKET_FIELDS) {
    for (std::size_t b = 0; b < control.size(); ++b) (this->*field.member)[b] += (o.*field.member)[b];
  }
  add_fields(*this, o, COUNTING_CONTROL_COUNTER_FIELDS);
}

namespace {

// x / 2^bits rounded to the nearest whole number (x a fixed-point sum).
std::int64_t rounded_shift(WideSum x, int bits) {
  return static_cast<std::int64_t>((x + (WideSum{1} << (bits - 1))) >> bits);
}

}  // namespace

void add_counted_control_cycle(const CountedControlCycle& cycle, CountingControlTally& control) {
  constexpr int TO_CYCLE = CONTROL_FRACTION_BITS - CONTROL_CYCLE_BITS;
  for (std::size_t b = 0; b < cycle.rounds.size(); ++b) {
    if (cycle.rounds[b] == 0) continue;
    const WideSum z = rounded_shift(cycle.controlled[b], TO_CYCLE);
    const WideSum n = cycle.rounds[b];
    control.cycle_controlled_squared[b] += z * z;
    control.cycle_controlled_by_rounds[b] += z * n;
    control.cycle_rounds_squared[b] += n * n;
  }
  if (cycle.played == 0) return;
  const WideSum z = rounded_shift(cycle.counter_controlled, TO_CYCLE);
  const WideSum p = cycle.played;
  control.counter_cycle_controlled_squared += z * z;
  control.counter_cycle_controlled_by_played += z * p;
  control.counter_cycle_played_squared += p * p;
}

void add_control_cycle(const ControlCycle& cycle, int seats, double round_value, ControlTally& control) {
  if (cycle.rounds == 0) return;
  constexpr int TO_CYCLE = CONTROL_FRACTION_BITS - CONTROL_CYCLE_BITS;
  const WideSum n = cycle.rounds;
  std::int64_t net = 0;
  WideSum table_control = 0;
  for (std::size_t s = 0; s < static_cast<std::size_t>(seats); ++s) {
    net += cycle.seat_net[s];
    table_control += cycle.seat_control[s];
    const WideSum z = rounded_shift(
        (static_cast<WideSum>(cycle.seat_net[s]) << CONTROL_FRACTION_BITS) - cycle.seat_control[s], TO_CYCLE);
    control.seat_cycle_controlled_squared[s] += z * z;
    control.seat_cycle_controlled_by_rounds[s] += z * n;
  }
  const WideSum y = net;
  const WideSum z = rounded_shift((y << CONTROL_FRACTION_BITS) - table_control, TO_CYCLE);
  ++control.cycles;
  control.cycle_rounds_squared += n * n;
  control.cycle_net_squared += y * y;
  control.cycle_net_by_rounds += y * n;
  control.cycle_controlled_squared += z * z;
  control.cycle_controlled_by_rounds += z * n;
  // Centred on N x the round's value, in 2^-CONTROL_CYCLE_FOURTH_BITS units.
  const double centre = static_cast<double>(cycle.rounds) * round_value;
  const double unit = std::ldexp(1.0, CONTROL_CYCLE_FOURTH_BITS);
  const auto y_centred = static_cast<WideSum>(std::llround((static_cast<double>(net) - centre) * unit));
  const auto z_centred =
      static_cast<WideSum>(std::llround((std::ldexp(static_cast<double>(z), -CONTROL_CYCLE_BITS) - centre) * unit));
  const WideSum y2 = y_centred * y_centred;
  const WideSum z2 = z_centred * z_centred;
  control.cycle_net_fourth += y2 * y2;
  control.cycle_controlled_fourth += z2 * z2;
  control.cycle_net_squared_controlled_squared += y2 * z2;
}

void SideBetTally::merge(const SideBetTally& o) {
  add_fields(*this, o, SIDE_BET_TALLY_FIELDS);
  for (std::size_t i = 0; i < wins.size(); ++i) wins[i] += o.wins[i];
  for (std::size_t b = 0; b < by_true_count.size(); ++b) {
    by_true_count[b].net += o.by_true_count[b].net;
    by_true_count[b].net_squared += o.by_true_count[b].net_squared;
  }
}

void Tally::merge(const Tally& o) {
  add_fields(*this, o, TALLY_FIELDS);
  for (std::size_t s = 0; s < seats.size(); ++s) seats[s].merge(o.seats[s]);
  for (std::size_t up = 0; up < upcard_rounds.size(); ++up) upcard_rounds[up] += o.upcard_rounds[up];
  for (const auto& field : TALLY_DEALER_FINAL_FIELDS) {
    for (std::size_t up = 0; up < (this->*field.member).size(); ++up) {
      for (std::size_t f = 0; f < DEALER_FINALS; ++f) (this->*field.member)[up][f] += (o.*field.member)[up][f];
    }
  }
  counting.merge(o.counting);
  for (std::size_t b = 0; b < side_bets.size(); ++b) side_bets[b].merge(o.side_bets[b]);
  control.merge(o.control);
}

void add_counter_money(const PlayedBuckets& played, const BucketUnits& units, CountingTally& counted) {
  for (std::size_t b = 0; b < played.size(); ++b) {
    const PlayedBucket& p = played[b];
    const std::int64_t u = units[b];
    counted.by_true_count[b].played += p.rounds;
    counted.rounds_played += p.rounds;
    counted.bet_units += u * p.rounds;
    counted.bet_units_squared += u * u * p.rounds;
    counted.net += u * p.net;
    counted.net_squared += u * u * p.net_squared;
    counted.wagered += u * p.wagered;
  }
}

void add_chunk_sums(std::int64_t rounds_dealt, const CountingTally& before, CountingTally& counted) {
  ChunkSums& chunk = counted.chunk_sums;
  const std::int64_t dealt = rounds_dealt;
  const std::int64_t played = counted.rounds_played - before.rounds_played;
  const std::int64_t bet_units = counted.bet_units - before.bet_units;
  ++chunk.chunks;
  chunk.rounds_squared += WideSum{dealt} * dealt;
  chunk.played_squared += WideSum{played} * played;
  chunk.bet_units_squared += WideSum{bet_units} * bet_units;
  chunk.bet_units_by_played += WideSum{bet_units} * played;
  const std::int64_t net = counted.net - before.net;
  const std::int64_t net_squared = counted.net_squared - before.net_squared;
  WideSum square = 0;
  if (__builtin_mul_overflow(WideSum{net_squared}, WideSum{net_squared}, &square) ||
      __builtin_add_overflow(chunk.net_squared_squared, square, &chunk.net_squared_squared)) {
    ++chunk.sd_overflow;
  }
  chunk.net_squared_by_net += WideSum{net_squared} * net;
  chunk.net_squared_by_played += WideSum{net_squared} * played;
  chunk.net_by_net += WideSum{net} * net;
  chunk.net_by_played += WideSum{net} * played;
  for (std::size_t b = 0; b < counted.by_true_count.size(); ++b) {
    const std::int64_t here = counted.by_true_count[b].rounds - before.by_true_count[b].rounds;
    chunk.at_true_count_squared[b] += WideSum{here} * here;
    chunk.at_true_count_by_rounds[b] += WideSum{here} * dealt;
  }
}

}  // namespace cardsim::blackjack
