// Whole blackjack runs for tests: chunks of a seed played on threads and
// merged, as `cardsim sim` plays them.
#pragma once

#include <cstdint>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::testutil {

// The merged tally of `rounds` rounds in chunks of `chunk_rounds` from seed
// `seed` (chunk c from core::chunk_rng(seed, blackjack_chunk, c)), on
// `threads` threads.
inline blackjack::Tally simulate(const blackjack::Engine& engine, std::uint64_t rounds, std::uint64_t seed,
                                 std::uint64_t chunk_rounds, unsigned threads = 2) {
  const run::ChunkPlan plan{rounds, chunk_rounds};
  run::RunControl control;
  return run::run_chunks<blackjack::Tally>(
             plan, run::all_chunks(plan), threads, [] { return blackjack::Tally{}; },
             [&](std::uint64_t chunk, std::uint64_t n, blackjack::Tally& tally) {
               core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::blackjack_chunk, chunk);
               engine.play_chunk(n, rng, tally);
             },
             control)
      .tally;
}

}  // namespace cardsim::testutil
