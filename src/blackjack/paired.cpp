#include "cardsim/blackjack/paired.hpp"

#include <algorithm>
#include <cmath>

#include "cardsim/core/estimate.hpp"
#include "cardsim/core/rng.hpp"

namespace cardsim::blackjack {

double PairedRun::chunk_controlled_win(std::size_t v, std::uint64_t c) const {
  const WideSum controlled = (static_cast<WideSum>(chunk_nets[v][c]) << CONTROL_FRACTION_BITS) - chunk_controls[v][c];
  return std::ldexp(static_cast<double>(controlled), -CONTROL_FRACTION_BITS) / wager_units[v];
}

PairedRun empty_paired_run(const std::vector<double>& wager_units, std::uint64_t chunks) {
  PairedRun run;
  run.tallies.assign(wager_units.size(), Tally{});
  run.chunk_nets.assign(wager_units.size(), std::vector<std::int64_t>(chunks, 0));
  run.chunk_controls.assign(wager_units.size(), std::vector<WideSum>(chunks, 0));
  run.chunk_side_nets.assign(wager_units.size(), std::vector<std::array<std::int64_t, MAX_SIDE_BETS>>(chunks));
  run.wager_units = wager_units;
  run.chunk_rounds.assign(chunks, 0);
  return run;
}

void merge_paired(PairedRun& run, const PairedRun& part) {
  for (std::size_t v = 0; v < run.tallies.size(); ++v) {
    run.tallies[v].merge(part.tallies[v]);
    for (const auto c : part.chunks_played) {
      run.chunk_nets[v][c] = part.chunk_nets[v][c];
      run.chunk_controls[v][c] = part.chunk_controls[v][c];
      run.chunk_side_nets[v][c] = part.chunk_side_nets[v][c];
    }
  }
  for (const auto c : part.chunks_played) run.chunk_rounds[c] = part.chunk_rounds[c];
  run.chunks_played.insert(run.chunks_played.end(), part.chunks_played.begin(), part.chunks_played.end());
  std::sort(run.chunks_played.begin(), run.chunks_played.end());
}

PairedRun play_paired(const std::vector<const Engine*>& engines, std::uint64_t seed, const run::ChunkPlan& plan,
                      const std::vector<std::uint64_t>& chunks, unsigned threads, run::RunControl& control) {
  const std::size_t variants = engines.size();
  std::vector<double> wager_units;
  for (const Engine* engine : engines) wager_units.push_back(table_wager_units(engine->rules()));
  PairedRun result = empty_paired_run(wager_units, plan.chunks());
  // Each chunk writes only its own slots of chunk_nets and chunk_rounds, so
  // the threads share no mutable state; the tallies are per thread and merged.
  struct Tallies {
    std::vector<Tally> per_variant;
    void merge(const Tallies& other) {
      for (std::size_t v = 0; v < per_variant.size(); ++v) per_variant[v].merge(other.per_variant[v]);
    }
  };
  auto outcome = run::run_chunks<Tallies>(
      plan, chunks, threads, [&] { return Tallies{std::vector<Tally>(variants)}; },
      [&](std::uint64_t chunk, std::uint64_t rounds, Tallies& tallies) {
        for (std::size_t v = 0; v < variants; ++v) {
          Tally chunk_tally;
          core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::blackjack_chunk, chunk);
          engines[v]->play_chunk(rounds, rng, chunk_tally);
          result.chunk_nets[v][chunk] = chunk_tally.table_net;
          result.chunk_controls[v][chunk] = chunk_tally.control.table_control;
          for (std::size_t b = 0; b < chunk_tally.side_bets.size(); ++b)
            result.chunk_side_nets[v][chunk][b] = chunk_tally.side_bets[b].net;
          tallies.per_variant[v].merge(chunk_tally);
        }
        result.chunk_rounds[chunk] = rounds;
      },
      control);
  result.tallies = std::move(outcome.tally.per_variant);
  result.chunks_played = std::move(outcome.completed_chunks);
  return result;
}

namespace {

// The paired difference of the chunk results win(v, c) of two variants.
template <class ChunkWin>
PairedDifference difference_by_chunks(const PairedRun& run, ChunkWin win, std::size_t variant, std::size_t baseline,
                                      double variant_se, double baseline_se) {
  // D = sum_c (w_vc - w_bc) / R over the chunks played, R their rounds: the
  // ratio estimator over chunks, with y_c the chunk's difference and x_c its
  // rounds (exact weights for a short last chunk).
  std::vector<double> differences;
  std::vector<double> rounds;
  for (const auto c : run.chunks_played) {
    differences.push_back(win(variant, c) - win(baseline, c));
    rounds.push_back(static_cast<double>(run.chunk_rounds[c]));
  }
  if (rounds.empty()) return {};  // nothing played (a chunk has at least one round)
  const core::RatioEstimate r = core::ratio_estimate(differences, rounds);
  const double se_unpaired = std::sqrt(variant_se * variant_se + baseline_se * baseline_se);
  return {.mean = r.mean,
          .se = r.se,
          .ci95_low = r.ci95_low,
          .ci95_high = r.ci95_high,
          .se_unpaired = se_unpaired,
          .variance_reduction = r.se > 0 ? (se_unpaired * se_unpaired) / (r.se * r.se) : 0.0};
}

}  // namespace

PairedDifference paired_difference(const PairedRun& run, std::size_t variant, std::size_t baseline, double variant_se,
                                   double baseline_se) {
  return difference_by_chunks(
      run, [&](std::size_t v, std::uint64_t c) { return run.chunk_controlled_win(v, c); }, variant, baseline,
      variant_se, baseline_se);
}

PairedDifference paired_plain_difference(const PairedRun& run, std::size_t variant, std::size_t baseline,
                                         double variant_se, double baseline_se) {
  return difference_by_chunks(
      run, [&](std::size_t v, std::uint64_t c) { return run.chunk_win(v, c); }, variant, baseline, variant_se,
      baseline_se);
}

PairedDifference paired_side_bet_difference(const PairedRun& run, std::size_t bet, std::size_t variant,
                                            std::size_t baseline, double variant_units, double baseline_units,
                                            double variant_se, double baseline_se) {
  const auto win = [&](std::size_t v, std::uint64_t c) {
    return static_cast<double>(run.chunk_side_nets[v][c][bet]) / (v == variant ? variant_units : baseline_units);
  };
  return difference_by_chunks(run, win, variant, baseline, variant_se, baseline_se);
}

CompareResult compare(const std::vector<const Engine*>& engines, const SimulationPlan& plan, unsigned threads,
                      run::RunControl& control) {
  std::vector<double> wager_units;
  for (const Engine* engine : engines) wager_units.push_back(table_wager_units(engine->rules()));
  CompareResult result{empty_paired_run(wager_units, plan.chunks.chunks()), run::StopReason::rounds};
  const std::vector<std::uint64_t> chunks = plan.only ? *plan.only : run::all_chunks(plan.chunks);
  result.stopped_by = run::run_batches(
      chunks, plan.target_se > 0,
      [&](const std::vector<std::uint64_t>& batch) {
        const PairedRun part = play_paired(engines, plan.seed, plan.chunks, batch, threads, control);
        merge_paired(result.run, part);
        return part.chunks_played.size() == batch.size();
      },
      [&] {
        double worst = 0;
        for (std::size_t v = 0; v < engines.size(); ++v) {
          const double se = controlled_table_edge(result.run.tallies[v], engines[v]->rules()).se;
          worst = std::max(worst,
                           v == 0 ? (engines.size() == 1 ? se : 0.0) : paired_difference(result.run, v, 0, se, se).se);
        }
        return worst <= plan.target_se;
      });
  return result;
}

}  // namespace cardsim::blackjack
