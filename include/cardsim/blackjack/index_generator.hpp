// Index plays generated for any rules and count: for each line of an index
// set (a hand against an up card and the two plays it chooses between), the
// true count at which the better of the two plays changes.
//
// Method (docs/indices.md#method):
// - Shoe states. Shoes are dealt to the run's penetration by the engine (one
//   counted round after another, the chart played); at the start of each
//   round the remaining cards and the running count are a state.
// - Exact values on each state. For each line's hand (every two-card
//   composition of it: 16 = T+6 and 9+7; pairs for pair lines) and up card,
//   the analyzer values both plays on the state's remaining cards with the
//   hand and up card removed (Analyzer::deal_from: composition-dependent
//   dealer probabilities, exact for stand, hit-then-chart, double, surrender
//   and insurance; splits exact too, docs/analyze.md#splits). No play-out: the
//   difference of the two plays on the same cards has no sampling noise of
//   its own; only the shoe states are sampled.
// - The difference is for the whole round in which that hand is dealt (a
//   dealer blackjack in a peek game ends the round before the decision: both
//   plays lose the same, the difference is 0 there), weighted by the
//   probability of dealing that hand and up card from the state, and filed
//   under the true count the counter sees at the decision (the count before
//   the round plus the hand and up card, the cards left after the deal), as
//   the engine applies index lines.
// - Per true count: the weighted mean difference with a batch-means standard
//   error over chunks (independent shoes). The index: a weighted least-squares
//   line of the difference on the true count (each count at its mean
//   unrounded value), fitted near the crossing; the crossing with its 95%
//   interval (delta method), and the whole index under the run's true count
//   rounding: the lowest true count whose fitted difference favours the
//   at-or-above play (the engine plays it at true count >= index).
// - Hands of three or more cards. A total line applies to every hand of that
//   total, as the engine plays it (16 = T,6 and 4,2,T...), where the two plays
//   are hit or stand (a D falls back to a hit): at each valued state one such
//   hand, drawn in proportion to the chance the chart hits to it
//   (Analyzer::reached_hands), is valued exactly too, weighted by their summed
//   chance: an unbiased sample of them all.
// - The exact values stand in for playing both plays out on the same cards
//   (common random numbers): check_by_playout() plays them out on a given
//   shoe, and the tests show that they agree within the play-out's SE.
#pragma once

#include <cstdint>
#include <vector>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::blackjack {

// True counts beyond +/-INDEX_TRUE_COUNT_RANGE are not fitted (too rare to
// matter, and far from linear).
inline constexpr int INDEX_TRUE_COUNT_RANGE = 15;

// How an index run is played: about `rounds` round starts (shoe states) in
// chunks of about `chunk_rounds` (each chunk deals whole shoes until it has
// at least that many), chunk c from core::chunk_rng(seed, blackjack_chunk, c).
// The shoes are dealt twice: first to count the states at each true count
// (before the deal), then to value them. A state at true count t is valued for
// each line with probability min(1, states_per_true_count / states at t)
// (0: every state), its hands weighted by the inverse of that probability
// (Horvitz-Thompson): every true count gets about the same number of valued
// states, instead of the common counts near 0 taking most of the time.
struct IndexRunPlan {
  std::uint64_t rounds = 2'000'000;
  std::uint64_t chunk_rounds = 20'000;
  std::uint64_t seed = 1;
  unsigned threads = 1;
  std::uint64_t states_per_true_count = 2'000;
};

// One true count of a line: the weighted mean difference (at-or-above play
// minus below play, per round in which the hand is dealt, per initial bet).
struct IndexBucket {
  int true_count = 0;
  std::uint64_t hands = 0;     // states x hands valued here
  double weight = 0;           // sum of deal probabilities (expected hands dealt)
  double mean_true_count = 0;  // weighted mean unrounded true count
  double difference = 0;       // weighted mean difference
  double standard_error = 0;   // batch means over chunks; 0 with fewer than 10 chunks
};

// The generated index of one line.
struct GeneratedIndex {
  IndexPlay play;              // the line with the generated index (plays swapped if `reversed`)
  int given_index = 0;         // the line's index as it was given
  bool found = false;          // a line could be fitted (at least 3 true counts with data)
  bool reversed = false;       // the given at-or-above play is better at low counts: the plays were swapped
  bool extrapolated = false;   // the crossing lies outside the true counts with data
  bool never_differs = false;  // the two plays are the same move for every hand of the line
  bool idle = false;           // the rules never use the line (surrender or splitting not offered)
  double crossing = 0;         // unrounded true count where the fitted difference is 0
  double crossing_se = 0;      // delta method, times se_scale
  double crossing_ci95_low = 0;
  double crossing_ci95_high = 0;
  int index_ci95_low = 0;  // the whole index at the ends of the crossing's interval
  int index_ci95_high = 0;
  double slope = 0;  // fitted difference per true count
  double slope_se = 0;
  double intercept = 0;
  int fitted_from = 0;  // the true counts of the fit (both ends included)
  int fitted_to = 0;
  double chi_squared = 0;  // of the fit, with fitted_buckets - 2 degrees of freedom
  double se_scale = 1;     // sqrt(max(1, chi_squared / (fitted_buckets - 2))): applied to crossing_se
  int fitted_buckets = 0;
  std::vector<IndexBucket> by_true_count;  // every true count with data, ascending
};

struct IndexRun {
  std::vector<GeneratedIndex> lines;
  std::uint64_t rounds = 0;  // round starts valued
  std::uint64_t shoes = 0;
  std::uint64_t chunks = 0;
  std::uint64_t states_per_true_count = 0;  // as planned
  bool complete = false;                    // every chunk played (not stopped)
};

// Generates the index of every line of `lines` (their `index` fields are
// ignored) for `rules` played by `chart` and counted as `counting` says
// (system, deck estimate, rounding; its ramp, wonging and index plays are not
// used). Lines whose option the rules do not offer (surrender, splitting) are
// idle (GeneratedIndex::idle, not fitted); counting off and an infinite deck
// are an Error. Threads only decide who
// plays a chunk: the result depends on the plan, not the thread count.
IndexRun generate_indices(const Rules& rules, const StrategyChart& chart, const Counting& counting,
                          const std::vector<IndexPlay>& lines, const IndexRunPlan& plan, run::RunControl& control);

// The index lines of every decision of `cells` with the plays chosen by the
// chart (docs/indices.md): for a hand against an up card, one line per play other
// than the chart's (each compared with the chart's play), to be generated and
// then reduced by choose_deviations(). `cells` are lines whose plays are
// ignored; surrender lines (at_or_above == surrender) give one surrender line,
// insurance lines one insurance line.
std::vector<IndexPlay> candidate_deviations(const Rules& rules, const StrategyChart& chart,
                                            const std::vector<IndexPlay>& cells);

// From generated candidate lines, per hand and up card (and surrender line
// apart) the deviation whose crossing is nearest to true count 0 among those
// found and not extrapolated; cells with none are left out.
std::vector<GeneratedIndex> choose_deviations(const std::vector<GeneratedIndex>& candidates);

// A check of the exact values by playing out (docs/indices.md#validation): the mean difference
// (at-or-above minus below, per round) of `line` for the hand `first`,
// `second` against the line's up card dealt from `remaining`, over `rounds`
// play-outs with common random numbers (both plays get the same shuffled rest
// of the shoe), and the analyzer's exact value of the same difference.
struct PlayoutCheck {
  double exact = 0;
  double mean = 0;
  double standard_error = 0;
  std::uint64_t rounds = 0;
};
PlayoutCheck check_by_playout(const Rules& rules, const StrategyChart& chart, const IndexPlay& line,
                              const CardCounts& remaining, int first, int second, std::uint64_t rounds,
                              std::uint64_t seed);

}  // namespace cardsim::blackjack
