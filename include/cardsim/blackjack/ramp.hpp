// Optimal bet ramps: the bet at each true count that maximises the growth of
// a bankroll for a given risk (Kelly), from a counting run's result at each
// true count, and the ramp's predicted and simulated figures.
//
// The method (docs/indices.md, "Bet ramps"):
// 1. A counting run (simulate(), chunks 0..C-1 of the seed) tallies every
//    round at one base bet per seat by the true count before the deal: at
//    true count t, the mean m_t and variance v_t of a round's result (all
//    seats, base bets) with their standard errors (the variance's by batch
//    means over the chunks). Controlled (RampPlan::control, by default), m_t
//    is the controlled mean (control_variate.hpp: unbiased, its SE from the
//    shoes) and v_t stays the variance of the money a round wins.
// 2. The bet at t, in base bets per seat: Kelly-proportional to the advantage
//    over the variance, k_t = kelly_fraction x bankroll x m_t / v_t (negative
//    where the count is against the player). Over the true counts with at
//    least MIN_RAMP_ROUNDS rounds, the k_t are made non-decreasing in t
//    (weighted isotonic regression, weights the rounds: the edge rises with
//    the count, so a dip between neighbours is noise), then held within the
//    spread LOW..HIGH and rounded to the nearest whole unit (halves up). A
//    true count with fewer rounds takes the bet of the nearest one with
//    enough (the lower on a tie): its own estimate is too noisy to bet on.
// 3. Predicted figures: the counter's money at that ramp on the very rounds of
//    the counting run (add_counter_money: a round's result at u base bets is u
//    times its result at one), through the counting estimators
//    (counting_statistics: win, SD, SCORE, N0, risk of ruin, with their SEs);
//    controlled, the win is the controlled one (counter_control_at).
//    Fitted and valued on the same rounds, the predicted win is optimistic
//    (the bets follow the noise of the results they are sized on), by about
//    KellyRamp::fit_optimism_per_round; the confirmation has no such bias.
// 4. Confirmation: the ramp played by simulate() on chunks C..2C-1 of the same
//    seed (disjoint random streams, so independent of the rounds the ramp was
//    fitted on), the same rounds per chunk; the predicted and simulated win and
//    SD differ by a number of their combined standard errors.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/blackjack/tally.hpp"

namespace cardsim::blackjack {

// Fewer rounds than this at a true count: its bet is its neighbour's (step 2).
inline constexpr std::int64_t MIN_RAMP_ROUNDS = 10'000;

// The smallest and largest bet, in base bets per seat: "1-12" is 1..12.
struct BetSpread {
  int low = 1;
  int high = 1;
};

// How a ramp is sized.
struct RampSizing {
  BetSpread spread;
  double bankroll = 0;          // base bets, > 0
  double kelly_fraction = 0.5;  // of the Kelly bet, in (0, 1]
};

// Each throws Error naming the value and what is allowed: a spread needs
// 1 <= low <= high <= MAX_BET_UNITS, a bankroll a finite number > 0, a Kelly
// fraction a number in (0, 1].
void validate_spread(const BetSpread& spread);
void validate_bankroll(double bankroll);
void validate_kelly_fraction(double fraction);
void validate(const RampSizing& sizing);

// One true count of the counting run and its bet.
struct RampTrueCount {
  int true_count = 0;
  std::int64_t rounds = 0;  // rounds dealt at this true count (before the deal)
  double frequency = 0;     // of all rounds dealt
  // A round's result at one base bet per seat (all seats, base bets): mean
  // (plain: SE as independent rounds; controlled: the controlled mean, SE
  // from the shoes), SD (the plain result's).
  core::MeanEstimate result;
  // A controlled run's plain result.
  std::optional<core::MeanEstimate> result_plain;
  double variance = 0;                // result.sd^2
  std::optional<double> variance_se;  // batch means over chunks; absent under MIN_CHUNKS_FOR_SE chunks
  double kelly_units = 0;             // kelly_fraction x bankroll x mean / variance (0 if mean <= 0)
  double kelly_units_se = 0;          // delta method from the mean's and the variance's SEs
  bool enough_rounds = false;         // rounds >= MIN_RAMP_ROUNDS: its bet is its own
  double kelly_units_rising = 0;      // kelly_units made non-decreasing (step 2); 0 without enough rounds
  int units = 1;                      // the bet: within the spread, whole
};

// A derived ramp: every true count seen, ascending, and the ramp as the steps
// of a bet ramp (Counting::ramp; the first step's units also below it).
struct KellyRamp {
  std::vector<RampTrueCount> rows;
  std::vector<RampStep> steps;
  // About how much the win per round (base bets) valued on the rounds the
  // ramp was fitted on overstates the ramp's true win (step 3): over the
  // blocks of equal rising Kelly bets whose bet lies strictly inside the
  // spread (their bets follow the noise of their own rounds' results), the
  // sum of frequency_t x d bet / d m_t x SE(m_t)^2, with d bet / d m_t =
  // kelly_fraction x bankroll / v_t x rounds_t / rounds of the block. Plain,
  // SE(m_t)^2 = v_t / rounds_t: kelly_fraction x bankroll x B / rounds, B the
  // blocks; controlled, as many times less as the means' variance.
  double fit_optimism_per_round = 0;
};

// One chunk of a counting run as the ramp needs it: the rounds dealt and the
// tally by true count (every round at one base bet per seat); a controlled
// run's control sums (Tally::control.counting, zero when plain) and shoes
// (its cycles).
struct ChunkByTrueCount {
  std::int64_t rounds = 0;
  std::array<TrueCountTally, TRUE_COUNT_BUCKETS> by_true_count{};
  CountingControlTally control{};
  std::int64_t cycles = 0;
};

// Steps 1-2: the ramp from the counting run's `chunks` (in chunk order) with
// `bet_units` money units per base bet. Throws Error for an invalid `sizing`.
KellyRamp kelly_ramp(const std::vector<ChunkByTrueCount>& chunks, std::int64_t bet_units, const RampSizing& sizing);

// The counting tally (counter's money, chunk sums and the by-true-count
// tally) of a counter who bets `units` base bets per seat by bucket on every
// round of `chunks`: what Engine::play_chunk gives for the same rounds at that
// ramp, except `wagered` (not in the by-true-count tally: 0).
CountingTally counter_tally_at(const std::vector<ChunkByTrueCount>& chunks, const BucketUnits& units);

// The control sums of that counter on a controlled run's `chunks`: its
// rounds, the controls by true count and the counter's at `units` (exactly
// what a controlled Engine::play_chunk gives for the same rounds at that
// ramp), and the sums over cycles, each cycle a chunk (batch means: the ramp
// was not known when the shoes were dealt, and chunks, each whole shoes from
// its own stream, are independent too). Empty (a plain prediction) for plain
// chunks or fewer than MIN_CHUNKS_FOR_SE of them.
ControlTally counter_control_at(const std::vector<ChunkByTrueCount>& chunks, const BucketUnits& units);

// What derive_ramp() plays.
struct RampPlan {
  std::uint64_t seed = 1;
  std::uint64_t rounds = 0;        // of the counting run, and again of the confirmation
  std::uint64_t chunk_rounds = 1;  // rounds per chunk
  unsigned threads = 0;            // 0: all cores
  RampSizing sizing;
  double rounds_per_hour = CountingSettings{}.rounds_per_hour;  // for the hours to N0
  ControlVariate control = ControlVariate::exact;               // both runs' rounds
};

struct RampRun {
  KellyRamp ramp;
  std::uint64_t chunks = 0;                 // C: the counting run is chunks 0..C-1, the confirmation C..2C-1
  Tally measured;                           // the counting run
  CountingTally predicted;                  // the ramp's money on the counting run's rounds (counter_tally_at)
  ControlTally predicted_control;           // its control sums (counter_control_at; empty when plain)
  CountingStatistics predicted_statistics;  // its figures (wagered_per_round unknown: 0)
  Tally confirmed;                          // the ramp played on chunks C..2C-1
  CountingStatistics confirmed_statistics;
  // (simulated - predicted) / sqrt(SE_sim^2 + SE_pred^2) of the win per round
  // and of its SD (absent without both SEs).
  double win_difference_in_se = 0;
  std::optional<double> sd_difference_in_se;
  bool complete = false;  // both runs played every chunk (not stopped)
};

// Steps 1-4 for `rules` played by `chart` and counted as `counting` says (its
// system, true count and index plays; its ramp is replaced, and wonging is an
// Error: the ramp bets every round). Progress: control.run.items_done counts
// the rounds of both runs; a stop request ends the run with complete = false.
RampRun derive_ramp(const Rules& rules, const StrategyChart& chart, const Counting& counting, const RampPlan& plan,
                    SimulationControl& control);

}  // namespace cardsim::blackjack
