// The library call that runs a blackjack simulation: chunks on threads, an
// optional hook per finished chunk (a checkpoint journal, progress), batches
// until a target standard error, and interruption. `cardsim sim`, the tests
// and the benchmarks all run through it; compare and sweep (paired.hpp) use
// the same batch loop.
//
// A run is the chunks of a ChunkPlan; chunk c plays its rounds from
// core::chunk_rng(seed, blackjack_chunk, c) and a fresh shoe (Engine::
// play_chunk), whoever plays it, so the merged tally of a set of chunks is the
// same on any number of threads, shards or processes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/estimates.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::blackjack {

// What to play.
struct SimulationPlan {
  std::uint64_t seed = 1;
  run::ChunkPlan chunks;  // the whole run: its rounds and rounds per chunk
  // The chunks to play, ascending (a shard's, a rank's, those a checkpoint
  // lacks); absent: every chunk of the run.
  std::optional<std::vector<std::uint64_t>> only;
  // Stop once the standard error of the edge per initial wager (the table's,
  // all seats) is at most this, checked between batches of
  // run::TARGET_SE_BATCH_CHUNKS chunks in chunk order; 0: play every chunk.
  double target_se = 0;
};

// How a caller follows and steers a run.
struct SimulationControl {
  // Rounds played so far (a progress bar polls it) and the stop flag (a
  // signal handler sets it: workers abandon the chunk they hold within
  // Engine::STOP_POLL_ROUNDS rounds and stop; only whole chunks are results).
  run::RunControl run;
  // Called after each finished chunk with that chunk's tally alone, from the
  // worker thread that played it (so it must be thread-safe): a checkpoint
  // journal records it. Empty: chunks play straight into each thread's tally.
  std::function<void(std::uint64_t chunk, const Tally& chunk_tally)> on_chunk;
};

struct SimulationResult {
  Tally tally;                                  // the chunks played, merged
  std::vector<std::uint64_t> completed_chunks;  // ascending
  run::StopReason stopped_by = run::StopReason::rounds;
};

// Plays `plan` with `engine` (the rules, chart and counting) on `threads`
// threads (0: all cores). Returns when every chunk is played, the target is
// met or control.run.stop_requested was set (stopped_by says which); an
// exception in a worker is rethrown here.
SimulationResult simulate(const Engine& engine, const SimulationPlan& plan, unsigned threads,
                          SimulationControl& control);

// simulate() without hooks: the merged tally of every chunk of `rounds` rounds
// in chunks of `chunk_rounds` from `seed`.
Tally simulate(const Engine& engine, std::uint64_t seed, std::uint64_t rounds, std::uint64_t chunk_rounds,
               unsigned threads);

}  // namespace cardsim::blackjack
