// The Engine's counting in the round (private to src/engine/): the true
// count without a division, inlined where the rounds ask it, and the state a
// counted round and a chunk's counter carry. The set-up of the divisors and
// the counter's money are in engine_counting.cpp.
#pragma once

#include <algorithm>
#include <bitset>
#include <cstdint>

#include "engine_core.hpp"

namespace cardsim::blackjack {

// true_count_of() for 0 <= remaining_cards <= the shoe's cards, inlined in
// the rounds, without branches. With x the running count in the divisor's
// units, d the divisor and D = 2d, every rounding is one floor division:
// floor(x/d) = floor(2x/D); truncated, for x < 0, ceil(x/d) = floor((2x +
// D - 2)/D); rounded half away from zero, floor((2x + d)/D) for x >= 0 and
// floor((2x + d - 1)/D) for x < 0 (the add_if_* of the divisor). Clamping
// the numerator to [-L*D, (L+1)*D) clamps the quotient to [-L, L]. The
// numerator shifted by L*D, a, is then below (2L+1)*D < 2^23 and is divided
// by one 64-bit multiplication: a / D = (a * ceil(2^F / D)) >> F is exact
// for every a < 2^N when F >= N + log2(D) (Lemire, Kaser and Kurz, "Faster
// Remainder by Direct Computation", Software: Practice and Experience 2019,
// theorem 1); with N = 23 and D < 2^17, F = 40 and the product stays below
// 2^63.
inline int EngineCore::fast_true_count(int running_count, int remaining_cards) const {
  const TrueCountDivisor& d = divisors_[static_cast<std::size_t>(remaining_cards)];
  const std::int64_t numerator = std::clamp<std::int64_t>(true_count_numerator(running_count, d), d.lowest, d.highest);
  const auto shifted = static_cast<std::uint64_t>(numerator - d.lowest);
  return static_cast<int>((shifted * d.magic) >> TRUE_COUNT_SHIFT) - TRUE_COUNT_LIMIT;
}

// The numerator of fast_true_count() before its clamp: 2x plus what the
// rounding adds. The sign picks the addend by a mask, not a branch (the
// running count's sign is a coin toss for a branch predictor).
inline std::int64_t EngineCore::true_count_numerator(int running_count, const TrueCountDivisor& d) const {
  const std::int32_t negative = running_count >> 31;  // -1 if negative, else 0
  const std::int32_t add = d.add_if_positive + (negative & (d.add_if_negative - d.add_if_positive));
  return std::int64_t{running_count} * twice_factor_ + add;
}

// Whether the true count is at least `index` (|index| < TRUE_COUNT_LIMIT),
// with no division at all: the true count is floor(numerator / D), and
// floor(n / D) >= k exactly when n >= k * D. (The clamp changes no answer for
// such an index.)
inline bool EngineCore::fast_true_count_at_least(int running_count, int remaining_cards, int index) const {
  const TrueCountDivisor& d = divisors_[static_cast<std::size_t>(remaining_cards)];
  return true_count_numerator(running_count, d) >= std::int64_t{index} * d.twice_divisor;
}

// The running count of a counted round (tag units): play_round adds each card
// as it is drawn, and reports the dealer's cards and the round's result.
struct EngineCore::RoundCount {
  int running = 0;  // before the round, then with every card drawn (hole card included)
  int upcard = 0;
  int hole = 0;
  int insurance_true_count = 0;  // with an ace up: the true count when insurance is offered
  std::int64_t net = 0;          // the table's result of the round (money units, flat bet)
  std::int64_t wagered = 0;      // the table's wagers: bets, doubles, splits, insurance
  // A controlled round's control without its drift term (the table's, 2^-32
  // money units): the counted tallies by true count and the counter's win
  // (which `ramp` sums again from those) leave the drift term out.
  std::int64_t control = 0;
};

// A counter at the table through a chunk: the running count before the next
// round (tag units), whether the counter is playing (wonging) or watching,
// and the true counts (buckets) this shoe has reached so far (each shoe adds
// one to TrueCountTally::shoes of every count it reaches).
struct EngineCore::Counter {
  int running = 0;
  bool in = true;
  std::bitset<TRUE_COUNT_BUCKETS> reached{};
};

// The rounds the counter played through a chunk, by true count bucket, at a
// flat bet of one base bet per seat (money units). The ramp's bet depends on
// the bucket alone, so the counter's money follows from these sums once per
// chunk (add_counter_money) rather than round by round: the same integers.
// A counter who never wongs plays every round: then only `wagered` is summed
// round by round, the rest is the buckets' own tally.
struct EngineCore::PlayedRounds {
  PlayedBuckets buckets{};
};

}  // namespace cardsim::blackjack
