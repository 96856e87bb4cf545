#include "cardsim/blackjack/ramp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

#include "cardsim/blackjack/estimates.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"

namespace cardsim::blackjack {
namespace {

// A number as an error message quotes it.
std::string number_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

constexpr std::size_t bucket_of(int true_count) { return static_cast<std::size_t>(true_count + TRUE_COUNT_LIMIT); }
constexpr int true_count_of(std::size_t bucket) { return static_cast<int>(bucket) - TRUE_COUNT_LIMIT; }

// A Kelly bet in whole base bets within the spread: the nearest whole number
// (halves up), at least low (also for a negative bet), at most high.
int whole_units(double kelly_units, const BetSpread& spread) {
  const double nearest = std::floor(kelly_units + 0.5);
  if (!(nearest >= spread.low)) return spread.low;  // (NaN too)
  if (nearest >= spread.high) return spread.high;
  return static_cast<int>(nearest);
}

// The ramp's bet in every bucket from the rows' own bets: a bucket without
// enough rounds takes the bet of the nearest bucket with enough (the lower on
// a tie), and the buckets beyond +/-MAX_NAMED_TRUE_COUNT that of the last one
// within (the steps then name only true counts a bet ramp may name).
BucketUnits bucket_units(const std::array<int, TRUE_COUNT_BUCKETS>& own,
                         const std::array<bool, TRUE_COUNT_BUCKETS>& enough) {
  if (std::none_of(enough.begin(), enough.end(), [](bool e) { return e; })) {
    throw Error("no true count was dealt " + std::to_string(MIN_RAMP_ROUNDS) +
                " times or more, too few to size a bet on; play more rounds (--rounds)");
  }
  BucketUnits units{};
  const auto lowest = static_cast<std::ptrdiff_t>(bucket_of(-MAX_NAMED_TRUE_COUNT));
  const auto highest = static_cast<std::ptrdiff_t>(bucket_of(MAX_NAMED_TRUE_COUNT));
  for (std::ptrdiff_t b = 0; b < TRUE_COUNT_BUCKETS; ++b) {
    const std::ptrdiff_t named = std::clamp(b, lowest, highest);
    for (std::ptrdiff_t d = 0;; ++d) {
      const std::ptrdiff_t below = named - d;
      const std::ptrdiff_t above = named + d;
      if (below >= 0 && enough[static_cast<std::size_t>(below)]) {
        units[static_cast<std::size_t>(b)] = own[static_cast<std::size_t>(below)];
        break;
      }
      if (above < TRUE_COUNT_BUCKETS && enough[static_cast<std::size_t>(above)]) {
        units[static_cast<std::size_t>(b)] = own[static_cast<std::size_t>(above)];
        break;
      }
    }
  }
  return units;
}

// The steps of a ramp that bets units[b] in bucket b: one where the bet
// changes, after a first step one true count below the first change (its
// units also apply below it); one step at 0 if the bet never changes.
std::vector<RampStep> ramp_steps(const BucketUnits& units) {
  std::vector<RampStep> steps;
  for (std::size_t b = 1; b < units.size(); ++b) {
    if (units[b] != units[b - 1]) steps.push_back({true_count_of(b), static_cast<int>(units[b])});
  }
  const int first = steps.empty() ? 0 : steps.front().true_count - 1;
  steps.insert(steps.begin(), RampStep{first, static_cast<int>(units.front())});
  return steps;
}

// The non-decreasing sequence closest to `values` in weighted least squares
// (isotonic regression), by pooling adjacent violators (Barlow, Bartholomew,
// Bremner and Brunk, Statistical Inference under Order Restrictions, 1972):
// a run of values that falls is replaced by its weighted mean.
std::vector<double> non_decreasing(const std::vector<double>& values, const std::vector<double>& weights) {
  struct Block {
    double weighted_sum;
    double weight;
    std::size_t size;
  };
  std::vector<Block> blocks;
  for (std::size_t i = 0; i < values.size(); ++i) {
    blocks.push_back({weights[i] * values[i], weights[i], 1});
    while (blocks.size() > 1) {
      const Block& last = blocks.back();
      const Block& before = blocks[blocks.size() - 2];
      if (before.weighted_sum / before.weight <= last.weighted_sum / last.weight) break;
      const Block pooled{before.weighted_sum + last.weighted_sum, before.weight + last.weight, before.size + last.size};
      blocks.pop_back();
      blocks.back() = pooled;
    }
  }
  std::vector<double> fitted;
  for (const Block& block : blocks) fitted.insert(fitted.end(), block.size, block.weighted_sum / block.weight);
  return fitted;
}

// The batch-means SE of the SD of a round's result at bucket `b` over the
// chunks (core::sd_standard_error, `scale` money units per base bet); absent
// under MIN_CHUNKS_FOR_SE chunks.
std::optional<double> sd_standard_error_at(const std::vector<ChunkByTrueCount>& chunks, std::size_t b, double scale) {
  const auto count = static_cast<std::int64_t>(chunks.size());
  if (count < MIN_CHUNKS_FOR_SE) return std::nullopt;
  using Real = long double;
  core::SdBatchSums sums{.batches = count};
  TrueCountTally all;
  for (const ChunkByTrueCount& chunk : chunks) {
    const TrueCountTally& t = chunk.by_true_count[b];
    all.merge(t);
    const auto n = static_cast<Real>(t.rounds);
    const auto x = static_cast<Real>(t.net);
    const auto q = static_cast<Real>(t.net_squared);
    sums.q_q += q * q;
    sums.q_x += q * x;
    sums.q_n += q * n;
    sums.x_x += x * x;
    sums.x_n += x * n;
    sums.n_n += n * n;
  }
  return core::sd_standard_error(all.rounds, all.net, all.net_squared, sums, scale);
}

// (b - a) / sqrt(se_a^2 + se_b^2): how far apart two independent estimates are.
double difference_in_se(double a, double se_a, double b, double se_b) {
  const double se = std::sqrt(se_a * se_a + se_b * se_b);
  return se > 0 ? (b - a) / se : 0.0;
}

}  // namespace

void validate_spread(const BetSpread& spread) {
  if (spread.low < 1 || spread.high < spread.low || spread.high > MAX_BET_UNITS) {
    throw Error("spread " + std::to_string(spread.low) + "-" + std::to_string(spread.high) +
                " is not allowed; expected LOW-HIGH base bets with 1 <= LOW <= HIGH <= " +
                std::to_string(MAX_BET_UNITS) + ", e.g. 1-12");
  }
}

void validate_bankroll(double bankroll) {
  if (!(bankroll > 0) || !std::isfinite(bankroll)) {
    throw Error("bankroll " + number_text(bankroll) + " is not allowed; expected a number of base bets > 0, e.g. 1000");
  }
}

void validate_kelly_fraction(double fraction) {
  if (!(fraction > 0 && fraction <= 1)) {
    throw Error("Kelly fraction " + number_text(fraction) +
                " is not allowed; expected a number in (0, 1], e.g. 0.5 (half Kelly) or 1 (full Kelly)");
  }
}

void validate(const RampSizing& sizing) {
  validate_spread(sizing.spread);
  validate_bankroll(sizing.bankroll);
  validate_kelly_fraction(sizing.kelly_fraction);
}

CountingTally counter_tally_at(const std::vector<ChunkByTrueCount>& chunks, const BucketUnits& units) {
  CountingTally counted;
  for (const ChunkByTrueCount& chunk : chunks) {
    const CountingTally before = counted;
    PlayedBuckets played{};
    for (std::size_t b = 0; b < chunk.by_true_count.size(); ++b) {
      TrueCountTally dealt = chunk.by_true_count[b];
      dealt.played = 0;  // add_counter_money counts the rounds this ramp plays
      counted.by_true_count[b].merge(dealt);
      played[b] = {dealt.rounds, dealt.net, dealt.net_squared, 0};
    }
    add_counter_money(played, units, counted);
    add_chunk_sums(chunk.rounds, before, counted);
  }
  return counted;
}

ControlTally counter_control_at(const std::vector<ChunkByTrueCount>& chunks, const BucketUnits& units) {
  ControlTally control;
  const bool controlled =
      std::any_of(chunks.begin(), chunks.end(), [](const ChunkByTrueCount& c) { return c.cycles > 0; });
  if (!controlled || static_cast<std::int64_t>(chunks.size()) < MIN_CHUNKS_FOR_SE) return control;
  for (const ChunkByTrueCount& chunk : chunks) {
    CountedControlCycle cycle;  // the chunk, as a cycle
    CountingControlTally& k = control.counting;
    for (std::size_t b = 0; b < units.size(); ++b) {
      const TrueCountTally& dealt = chunk.by_true_count[b];
      const WideSum unit = units[b];
      const WideSum controlled_total =
          (static_cast<WideSum>(dealt.net) << CONTROL_FRACTION_BITS) - chunk.control.control[b];
      k.control[b] += chunk.control.control[b];
      k.counter_control += unit * chunk.control.control[b];
      cycle.controlled[b] = controlled_total;
      cycle.rounds[b] = dealt.rounds;
      cycle.counter_controlled += unit * controlled_total;
      cycle.played += dealt.rounds;
    }
    add_counted_control_cycle(cycle, k);
    control.rounds += chunk.rounds;
    ++control.cycles;
  }
  return control;
}

KellyRamp kelly_ramp(const std::vector<ChunkByTrueCount>& chunks, std::int64_t bet_units, const RampSizing& sizing) {
  validate(sizing);
  std::array<TrueCountTally, TRUE_COUNT_BUCKETS> all{};
  std::int64_t rounds = 0;
  CountingControlTally control;  // a controlled run's, over its shoes
  std::int64_t cycles = 0;
  for (const ChunkByTrueCount& chunk : chunks) {
    rounds += chunk.rounds;
    for (std::size_t b = 0; b < all.size(); ++b) all[b].merge(chunk.by_true_count[b]);
    control.merge(chunk.control);
    cycles += chunk.cycles;
  }
  const double scale = sizing.kelly_fraction * sizing.bankroll;
  KellyRamp ramp;
  std::array<int, TRUE_COUNT_BUCKETS> own{};
  std::array<bool, TRUE_COUNT_BUCKETS> enough{};
  for (std::size_t b = 0; b < all.size(); ++b) {
    if (all[b].rounds == 0) continue;
    RampTrueCount row;
    row.true_count = true_count_of(b);
    row.rounds = all[b].rounds;
    row.frequency = static_cast<double>(row.rounds) / static_cast<double>(rounds);
    row.result = core::mean_estimate(all[b].net, all[b].net_squared, row.rounds, static_cast<double>(bet_units));
    if (cycles >= 2) {  // (as counting_statistics: fewer than two shoes have no controlled SE)
      row.result_plain = row.result;
      row.result = controlled_at_true_count(row.result, all[b].net, control, b, cycles, static_cast<double>(bet_units));
    }
    row.variance = row.result.sd * row.result.sd;
    if (const std::optional<double> sd_se = sd_standard_error_at(chunks, b, static_cast<double>(bet_units))) {
      row.variance_se = 2 * row.result.sd * *sd_se;
    }
    if (row.variance > 0) {
      // k = c m / v: dk = (c / v) dm - (k / v) dv, the two errors independent.
      row.kelly_units = scale * row.result.mean / row.variance;
      const double from_mean = scale / row.variance * row.result.se;
      const double from_variance = row.variance_se ? row.kelly_units / row.variance * *row.variance_se : 0.0;
      row.kelly_units_se = std::sqrt(from_mean * from_mean + from_variance * from_variance);
    }
    row.enough_rounds = row.rounds >= MIN_RAMP_ROUNDS;
    enough[b] = row.enough_rounds;
    ramp.rows.push_back(row);
  }
  // The bets rise with the count: the Kelly bets of the true counts with
  // enough rounds made non-decreasing (weighted by rounds), then whole units.
  std::vector<double> kelly;
  std::vector<double> weights;
  for (const RampTrueCount& row : ramp.rows) {
    if (!row.enough_rounds) continue;
    kelly.push_back(row.kelly_units);
    weights.push_back(static_cast<double>(row.rounds));
  }
  const std::vector<double> rising = non_decreasing(kelly, weights);
  // The rounds of each row's block of equal rising bets.
  std::vector<double> block_rounds(rising.size());
  for (std::size_t first = 0, last = 0; first < rising.size(); first = last) {
    double sum = 0;
    for (last = first; last < rising.size() && rising[last] == rising[first]; ++last) sum += weights[last];
    std::fill(block_rounds.begin() + static_cast<std::ptrdiff_t>(first),
              block_rounds.begin() + static_cast<std::ptrdiff_t>(last), sum);
  }
  std::size_t next = 0;
  double optimism = 0;  // times the rounds (fit_optimism_per_round)
  for (RampTrueCount& row : ramp.rows) {
    if (!row.enough_rounds) continue;
    const double in_block = block_rounds[next];
    row.kelly_units_rising = rising[next++];
    own[bucket_of(row.true_count)] = whole_units(row.kelly_units_rising, sizing.spread);
    const bool inside =
        row.kelly_units_rising > sizing.spread.low - 0.5 && row.kelly_units_rising < sizing.spread.high + 0.5;
    if (inside && row.variance > 0) {
      const auto n = static_cast<double>(row.rounds);
      optimism += scale / row.variance * n * n / in_block * row.result.se * row.result.se;
    }
  }
  ramp.fit_optimism_per_round = optimism / static_cast<double>(rounds);
  const BucketUnits units = bucket_units(own, enough);
  for (RampTrueCount& row : ramp.rows) row.units = static_cast<int>(units[bucket_of(row.true_count)]);
  ramp.steps = ramp_steps(units);
  return ramp;
}

RampRun derive_ramp(const Rules& rules, const StrategyChart& chart, const Counting& counting, const RampPlan& plan,
                    SimulationControl& control) {
  validate(plan.sizing);
  if (!counting.enabled) throw Error("a bet ramp needs a count");
  if (counting.has_wong_in || counting.has_wong_out) {
    throw Error("a derived ramp bets every round: remove wong_in and wong_out (--wong-in, --wong-out)");
  }
  const run::ChunkPlan chunk_plan{plan.rounds, plan.chunk_rounds};
  RampRun run;
  run.chunks = chunk_plan.chunks();
  if (2 * run.chunks > core::MAX_CHUNKS) {
    throw Error("a ramp plays its rounds twice (fit and confirmation): rounds / chunk_rounds must be under " +
                std::to_string(core::MAX_CHUNKS / 2) + " chunks; raise chunk_rounds");
  }

  // 1. The counting run at a flat bet, each chunk's tally by true count kept.
  Counting flat = counting;
  flat.ramp = {{0, 1}};
  const Engine measuring = make_engine(rules, chart, {.counting = flat}, plan.control);
  std::vector<ChunkByTrueCount> chunks(run.chunks);
  control.on_chunk = [&chunks](std::uint64_t chunk, const Tally& part) {
    // Each chunk its own element: no lock.
    chunks[chunk] = {part.rounds, part.counting.by_true_count, part.control.counting, part.control.cycles};
  };
  const SimulationResult fitted = simulate(measuring, {plan.seed, chunk_plan, std::nullopt, 0}, plan.threads, control);
  control.on_chunk = nullptr;
  run.measured = fitted.tally;
  if (fitted.stopped_by == run::StopReason::interrupted) return run;

  // 2-3. The ramp and its money on the same rounds.
  const std::int64_t bet_units = rules.initial_bet_units();
  run.ramp = kelly_ramp(chunks, bet_units, plan.sizing);
  Counting ramped = counting;
  ramped.ramp = run.ramp.steps;
  BucketUnits units{};
  for (std::size_t b = 0; b < units.size(); ++b) units[b] = ramped.units_at(true_count_of(b));
  run.predicted = counter_tally_at(chunks, units);
  run.predicted_control = counter_control_at(chunks, units);
  const CountingSettings settings{plan.sizing.bankroll, plan.rounds_per_hour};
  Tally predicted{};
  predicted.rounds = run.measured.rounds;
  predicted.counting = run.predicted;
  predicted.control = run.predicted_control;
  run.predicted_statistics = counting_statistics(predicted, rules, settings);
  if (auto& reduction = run.predicted_statistics.win_reduction; reduction && predicted.control.cycles > 5) {
    // The controlled variance comes from the chunks' batch means: nu = c - 1
    // degrees of freedom, the chunk sums (many rounds each) near normal; the
    // plain one, from every round, is far sharper. So the factor is the true
    // one over chi^2_nu / nu: on average high by nu / (nu - 2) (12% at 20
    // chunks), its SD sqrt(2 / (nu - 4)) of its mean. Measured
    // (scripts/check-ramp.sh, 40 seeds of 20 chunks): spread 32.2 over the
    // seeds, stated 29.8. (Over shoes, heavy-tailed, such an SE would be too
    // small: the counting run's factor has none.)
    reduction->se = reduction->factor * std::sqrt(2.0 / static_cast<double>(predicted.control.cycles - 5));
  }

  // 4. The ramp played on chunks C..2C-1: a plan of C full chunks and then the
  // counting run's rounds, so chunk C + j plays as many rounds as chunk j.
  const run::ChunkPlan doubled{run.chunks * plan.chunk_rounds + plan.rounds, plan.chunk_rounds};
  std::vector<std::uint64_t> later(run.chunks);
  std::iota(later.begin(), later.end(), run.chunks);
  const Engine confirming = make_engine(rules, chart, {.counting = ramped}, plan.control);
  const SimulationResult confirmed = simulate(confirming, {plan.seed, doubled, later, 0}, plan.threads, control);
  run.confirmed = confirmed.tally;
  run.confirmed_statistics = counting_statistics(run.confirmed, rules, settings);
  run.complete = confirmed.stopped_by != run::StopReason::interrupted;

  const CountingStatistics& p = run.predicted_statistics;
  const CountingStatistics& s = run.confirmed_statistics;
  run.win_difference_in_se = difference_in_se(p.win.mean, p.win.se, s.win.mean, s.win.se);
  if (p.sd_se && s.sd_se) run.sd_difference_in_se = difference_in_se(p.win.sd, *p.sd_se, s.win.sd, *s.sd_se);
  return run;
}

}  // namespace cardsim::blackjack
