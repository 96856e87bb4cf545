#include "cardsim/blackjack/simulate.hpp"

#include <utility>

#include "cardsim/core/rng.hpp"

namespace cardsim::blackjack {

SimulationResult simulate(const Engine& engine, const SimulationPlan& plan, unsigned threads,
                          SimulationControl& control) {
  const std::vector<std::uint64_t> chunks = plan.only ? *plan.only : run::all_chunks(plan.chunks);
  threads = run::resolve_threads(threads);
  // Each chunk plays into a tally of its own, merged once it is whole: a stop
  // (polled within the chunk) abandons a chunk, which is no result.
  const auto play_chunk = [&](std::uint64_t chunk, std::uint64_t rounds, Tally& tally) {
    core::Rng rng = core::chunk_rng(plan.seed, core::StreamPurpose::blackjack_chunk, chunk);
    Tally part{};
    if (!engine.play_chunk(rounds, rng, part, &control.run.stop_requested)) return false;
    tally.merge(part);
    if (control.on_chunk) control.on_chunk(chunk, part);
    return true;
  };
  SimulationResult result;
  result.stopped_by = run::run_batches(
      chunks, plan.target_se > 0,
      [&](const std::vector<std::uint64_t>& batch) {
        const run::RunOutcome<Tally> part = run::run_chunks<Tally>(
            plan.chunks, batch, threads, [] { return Tally{}; }, play_chunk, control.run);
        result.tally.merge(part.tally);
        result.completed_chunks.insert(result.completed_chunks.end(), part.completed_chunks.begin(),
                                       part.completed_chunks.end());
        return part.complete;
      },
      [&] {
        const core::MeanEstimate edge = controlled_table_edge(result.tally, engine.rules());
        return edge.has_se() && edge.se <= plan.target_se;
      });
  return result;
}

Tally simulate(const Engine& engine, std::uint64_t seed, std::uint64_t rounds, std::uint64_t chunk_rounds,
               unsigned threads) {
  SimulationControl control;
  return simulate(engine, SimulationPlan{seed, run::ChunkPlan{rounds, chunk_rounds}, std::nullopt, 0}, threads, control)
      .tally;
}

}  // namespace cardsim::blackjack
