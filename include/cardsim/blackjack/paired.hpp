// Paired runs of rule variants with common random numbers.
//
// Every variant plays every chunk of the run from the same stream (and, by
// core/rng.hpp's per-shoe strides, the same shoes), so the differences between
// variants come from the rules, not from the cards. The difference of two edges
// is estimated from the per-chunk differences, whose spread is far smaller than
// that of two independent runs.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::blackjack {

// What a paired run produced: each variant's tally, and each variant's net per
// chunk (exact integers: what shard results carry and merge back).
struct PairedRun {
  std::vector<Tally> tallies;                         // [variant]
  std::vector<std::vector<std::int64_t>> chunk_nets;  // [variant][chunk]: the table's net in bet units
  // [variant][chunk][bet]: the table's net on each side bet (Tally::side_bets,
  // the bet's pay units; zeros without side bets).
  std::vector<std::vector<std::array<std::int64_t, MAX_SIDE_BETS>>> chunk_side_nets;
  std::vector<double> wager_units;           // [variant]: table_wager_units() of its rules
  std::vector<std::uint64_t> chunk_rounds;   // [chunk]: rounds every variant played in it
  std::vector<std::uint64_t> chunks_played;  // ascending

  // [variant][chunk]: the sum of the control terms of the table's rounds
  // (Tally::control.table_control, 2^-CONTROL_FRACTION_BITS money units);
  // zeros for a variant played plain.
  std::vector<std::vector<WideSum>> chunk_controls;

  // Variant v's result in chunk c in initial wagers per seat (the pooled
  // edge's numerator, so that variants with other bet units or seat counts
  // compare).
  double chunk_win(std::size_t v, std::uint64_t c) const {
    return static_cast<double>(chunk_nets[v][c]) / wager_units[v];
  }
  // The same controlled (net - controls): chunk_win() for a plain variant.
  double chunk_controlled_win(std::size_t v, std::uint64_t c) const;
  // Whether a variant played controlled rounds.
  bool controlled(std::size_t v) const { return tallies[v].control.rounds != 0; }
};

// A paired run of variants with these wager units (table_wager_units of each
// one's rules) over a plan of `chunks` chunks, none played.
PairedRun empty_paired_run(const std::vector<double>& wager_units, std::uint64_t chunks);

// Adds `part` (other chunks of the same run, variants and plan) to `run`;
// chunks_played stays ascending.
void merge_paired(PairedRun& run, const PairedRun& part);

// Plays `chunks` of `plan` for every engine, chunk c of every variant from
// core::chunk_rng(seed, blackjack_chunk, c): the same stream a plain `sim` of
// that seed uses, so variant v's tally equals that of `cardsim sim` with v's
// config, seed and chunking. Threads only decide who plays a chunk.
PairedRun play_paired(const std::vector<const Engine*>& engines, std::uint64_t seed, const run::ChunkPlan& plan,
                      const std::vector<std::uint64_t>& chunks, unsigned threads, run::RunControl& control);

// The difference (variant - baseline) of the edges per initial wager, with its
// standard error from the paired per-chunk differences, and for comparison the
// standard error two independent runs of the same size would have.
struct PairedDifference {
  double mean = 0;
  double se = 0;
  double ci95_low = 0;
  double ci95_high = 0;
  double se_unpaired = 0;
  // (se_unpaired / se)^2: how many times the rounds two independent runs
  // would need for the paired standard error; 0 without one.
  double variance_reduction = 0;
};
// The controlled chunk results (chunk_controlled_win) when a variant was
// controlled, else the plain ones; paired_plain_difference always the plain.
PairedDifference paired_difference(const PairedRun& run, std::size_t variant, std::size_t baseline, double variant_se,
                                   double baseline_se);
PairedDifference paired_plain_difference(const PairedRun& run, std::size_t variant, std::size_t baseline,
                                         double variant_se, double baseline_se);

// The same for side bet `bet` of both variants (the bets at the same place
// of their side_bets; pay tables of one bet on the same cards), per unit bet:
// `variant_units` and `baseline_units` are the pay units of one unit bet on
// every seat (side_bet_pays(bet).unit x seats), the SEs each one's own.
PairedDifference paired_side_bet_difference(const PairedRun& run, std::size_t bet, std::size_t variant,
                                            std::size_t baseline, double variant_units, double baseline_units,
                                            double variant_se, double baseline_se);

// What compare and sweep call: plays `plan` for every engine (the first is the
// baseline), paired, in one go or, with plan.target_se, in batches
// (run::run_batches, as simulate()) until the standard error of every
// difference from the baseline is at most the target (of the edge itself
// when there is one variant).
struct CompareResult {
  PairedRun run;
  run::StopReason stopped_by = run::StopReason::rounds;
};
CompareResult compare(const std::vector<const Engine*>& engines, const SimulationPlan& plan, unsigned threads,
                      run::RunControl& control);

}  // namespace cardsim::blackjack
