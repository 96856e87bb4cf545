// Card counting: count systems as data, the true count, bet ramps, wonging and
// index plays (playing deviations by true count).
//
// Plain data built once per run (io/counting_file reads it from the files in
// configs/counts/ and configs/indices/); the engine resolves it into tables and
// keeps a running count per chunk. Nothing here allocates on the hot path.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"

namespace cardsim::blackjack {

// A count system: one integer tag per card value. Systems with fractional tags
// (Wong Halves) store tags multiplied by `scale` (Halves: doubled tags, scale
// 2); the running count is kept in those integer units and divided by `scale`
// only in the true count.
struct CountSystem {
  std::array<int, CARD_VALUES + 1> tags{};  // [1..10], ace = 1; [0] unused
  int scale = 1;
  // The running count at a shuffle, in tag units. Balanced systems start at 0;
  // for unbalanced ones io/counting_file sets the file's value or, by default,
  // -(tag sum of a deck) x (decks - 1) (KO's standard 4 - 4 x decks).
  int initial_running_count = 0;

  // Sum of the tags of one 52-card deck (0: balanced).
  int deck_sum() const;
  bool balanced() const { return deck_sum() == 0; }
};

// How remaining decks are estimated for the true count.
enum class DeckEstimate : std::uint8_t {
  invalid = 0,
  exact,       // remaining cards / 52
  half_deck,   // remaining cards / 52 rounded to the nearest half deck (at least 1/2)
  whole_deck,  // rounded to the nearest whole deck (at least 1)
  none,        // no division: the "true count" is the running count (unbalanced counts such as KO)
};

// How the quotient running count / decks becomes a whole true count.
enum class TrueCountRounding : std::uint8_t {
  invalid = 0,
  floor,     // toward minus infinity: +2.9 -> 2, -0.5 -> -1
  truncate,  // toward zero: -0.5 -> 0
  round,     // to the nearest, halves away from zero
};

// True counts are tallied and looked up in buckets -TRUE_COUNT_LIMIT..+TRUE_COUNT_LIMIT;
// counts beyond are clamped into the end buckets.
inline constexpr int TRUE_COUNT_LIMIT = 40;
inline constexpr int TRUE_COUNT_BUCKETS = 2 * TRUE_COUNT_LIMIT + 1;
// The true counts a ramp step, a wonging point or an index line may name
// (within the buckets).
inline constexpr int MAX_NAMED_TRUE_COUNT = 30;

// The true count before it is made whole: running / scale / decks as the
// fraction numerator / denominator (denominator > 0), the decks estimated as
// `estimate` says (see true_count()).
struct TrueCountFraction {
  int numerator = 0;
  int denominator = 1;
  double value() const { return static_cast<double>(numerator) / denominator; }
};
inline TrueCountFraction true_count_fraction(int running, int remaining_cards, int scale, DeckEstimate estimate) {
  const int remaining = remaining_cards > 1 ? remaining_cards : 1;
  int num = running;
  int den = scale;
  switch (estimate) {
    case DeckEstimate::exact:
      num *= DECK_CARDS;
      den *= remaining;
      break;
    case DeckEstimate::half_deck: {
      const int halves = (remaining + HALF_DECK_CARDS / 2) / HALF_DECK_CARDS;
      num *= 2;
      den *= halves > 1 ? halves : 1;
      break;
    }
    case DeckEstimate::whole_deck: {
      const int decks = (remaining + DECK_CARDS / 2) / DECK_CARDS;
      den *= decks > 1 ? decks : 1;
      break;
    }
    default: break;  // none: the running count itself
  }
  return {num, den};
}

// The whole true count (before clamping) for `running` (tag units) with
// `remaining_cards` left in the shoe: running / scale / decks, the decks
// estimated as `estimate` says and the quotient rounded as `rounding` says.
// Exact 32-bit integer arithmetic, no floating point (|running| x 52 stays far
// below 2^31 for any shoe and tags up to 100); inline, since the engine calls
// it every round.
inline int true_count(int running, int remaining_cards, int scale, DeckEstimate estimate, TrueCountRounding rounding) {
  const auto [num, den] = true_count_fraction(running, remaining_cards, scale, estimate);
  switch (rounding) {
    case TrueCountRounding::truncate: return num / den;
    case TrueCountRounding::round: {
      const int magnitude = (2 * (num < 0 ? -num : num) + den) / (2 * den);
      return num < 0 ? -magnitude : magnitude;
    }
    default: {  // floor
      const int quotient = num / den;
      return quotient - (num % den != 0 && num < 0);
    }
  }
}

// One step of a bet ramp: from `true_count` up, bet `units` base bets.
struct RampStep {
  int true_count = 0;
  int units = 1;
};
inline constexpr int MAX_BET_UNITS = 1000;

// What an index line plays. Moves use the chart's notation and fallbacks.
enum class IndexAction : std::uint8_t {
  invalid = 0,
  chart,              // "-": whatever the chart (and no deviation) says
  hit,                // H
  stand,              // S
  double_else_hit,    // D
  double_else_stand,  // Ds
  split,              // P (pair lines)
  surrender,          // R (surrender lines: the first two cards, when offered)
  insure,             // I (the insurance line)
};

// The kind of hand an index line is about.
enum class IndexHand : std::uint8_t { invalid = 0, hard, soft, pair, insurance };

// One index play: against `upcard`, a `hand` plays `at_or_above` when the true
// count is >= `index`, else `below`.
struct IndexPlay {
  IndexHand hand = IndexHand::invalid;
  int value = 0;   // hard or soft total, or the pair's card value (1..10); 0 for insurance
  int upcard = 0;  // 1..10
  int index = 0;
  IndexAction at_or_above = IndexAction::chart;
  IndexAction below = IndexAction::chart;
};

// Everything a counting run needs beyond the rules and the chart.
struct Counting {
  bool enabled = false;
  CountSystem system;
  DeckEstimate deck_estimate = DeckEstimate::exact;
  TrueCountRounding rounding = TrueCountRounding::floor;
  // Bet ramp: ascending true counts; the first step's units also apply below
  // it. Flat betting is one step of 1 unit.
  std::vector<RampStep> ramp{{0, 1}};
  // Wonging: with wong_in set the player watches from each shuffle and plays
  // from the first round at true count >= wong_in; with wong_out set the player
  // stops playing when the true count falls below it (and re-enters at wong_in,
  // or after the next shuffle if wong_in is unset). Watched rounds are dealt as
  // usual (the seats play them) but are not the counter's money.
  bool has_wong_in = false;
  int wong_in = 0;
  bool has_wong_out = false;
  int wong_out = 0;
  std::vector<IndexPlay> indices;

  // Units bet at true count `tc` (clamped to the bucket range).
  int units_at(int tc) const;
};

}  // namespace cardsim::blackjack
