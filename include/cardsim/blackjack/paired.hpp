// Paired runs of rule variants with common random numbers.
//
// Every variant plays every chunk of the run from the same stream (and, by
// core/rng.hpp's per-shoe strides, the same shoes), so the differences between
// variants come from the rules, not from the cards. The difference of two edges
// is estimated from the per-chunk differences, whose spread is far smaller than
// that of two independent runs.
#pragma once

#include <cstdint>
#include <vector>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::blackjack {

// What a paired run produced: each variant's tally, and each variant's result
// per chunk in initial wagers per seat (the pooled edge's numerator, so that
// variants with other bet units or seat counts compare).
struct PairedRun {
  std::vector<Tally> tallies;                   // [variant]
  std::vector<std::vector<double>> chunk_wins;  // [variant][chunk]: net / (bet units x seats), summed over the chunk
  std::vector<std::uint64_t> chunk_rounds;      // [chunk]: rounds every variant played in it
  std::vector<std::uint64_t> chunks_played;     // ascending
};

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
};
PairedDifference paired_difference(const PairedRun& run, std::size_t variant, std::size_t baseline,
                                   double variant_se, double baseline_se);

}  // namespace cardsim::blackjack
