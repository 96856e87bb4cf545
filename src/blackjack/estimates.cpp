#include "cardsim/blackjack/estimates.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cardsim::blackjack {

core::MeanEstimate table_edge(const Tally& tally, const Rules& rules) {
  return core::mean_estimate(tally.table_net, tally.table_net_squared, tally.rounds, table_wager_units(rules));
}

namespace {

// The sum of controlled results, money units, of a net and its control.
double controlled_sum(std::int64_t net, WideSum control) {
  return std::ldexp(static_cast<double>((static_cast<WideSum>(net) << CONTROL_FRACTION_BITS) - control),
                    -CONTROL_FRACTION_BITS);
}
double controlled_squares(WideSum squared) {
  return std::ldexp(static_cast<double>(squared), -2 * CONTROL_FRACTION_BITS);
}

}  // namespace

core::MeanEstimate with_cycle_standard_error(core::MeanEstimate estimate, long double sum, WideSum cycle_squared,
                                             WideSum cycle_by_rounds, WideSum rounds_squared, std::int64_t cycles,
                                             double scale) {
  if (estimate.n <= 0) return estimate;
  using Real = long double;
  const auto se = core::ratio_standard_error(
      sum, static_cast<Real>(estimate.n), std::ldexp(static_cast<Real>(cycle_squared), -2 * CONTROL_CYCLE_BITS),
      std::ldexp(static_cast<Real>(cycle_by_rounds), -CONTROL_CYCLE_BITS), static_cast<Real>(rounds_squared), cycles);
  if (!se) return estimate;
  estimate.se = *se / scale;
  estimate.ci95_low = estimate.mean - core::Z95 * estimate.se;
  estimate.ci95_high = estimate.mean + core::Z95 * estimate.se;
  return estimate;
}

core::MeanEstimate controlled_counting(const core::MeanEstimate& plain, std::int64_t net, WideSum control,
                                       WideSum cycle_squared, WideSum cycle_by_rounds, WideSum rounds_squared,
                                       std::int64_t cycles, double scale) {
  if (plain.n <= 0 || cycles < 2) return plain;
  using Real = long double;
  const Real sum = static_cast<Real>(net) - std::ldexp(static_cast<Real>(control), -CONTROL_FRACTION_BITS);
  core::MeanEstimate e = plain;
  e.mean = static_cast<double>(sum / static_cast<Real>(plain.n)) / scale;
  return with_cycle_standard_error(e, sum, cycle_squared, cycle_by_rounds, rounds_squared, cycles, scale);
}

core::MeanEstimate controlled_at_true_count(const core::MeanEstimate& plain, std::int64_t net,
                                            const CountingControlTally& control, std::size_t b, std::int64_t cycles,
                                            double scale) {
  return controlled_counting(plain, net, control.control[b], control.cycle_controlled_squared[b],
                             control.cycle_controlled_by_rounds[b], control.cycle_rounds_squared[b], cycles, scale);
}

namespace {

// Whether the cycles, not the rounds, are the independent observations.
bool shoe_cycles(const ControlTally& c) { return c.cycles >= 2 && c.cycles < c.rounds; }

// A controlled estimate per round of `wager` units: the mean and the SD per
// round from the rounds' sums, the standard error from the cycles' when a
// cycle holds more than a round; else (a fresh shoe each round, an infinite
// deck) the rounds are independent and their own sums, exact to 2^-32
// units, give it.
core::MeanEstimate controlled_estimate(double sum, double sum_squared, const ControlTally& c, WideSum cycle_squared,
                                       WideSum cycle_by_rounds, double wager) {
  const core::MeanEstimate e = core::mean_estimate(sum, sum_squared, c.rounds, wager);
  if (!shoe_cycles(c)) return e;
  return with_cycle_standard_error(e, sum, cycle_squared, cycle_by_rounds, c.cycle_rounds_squared, c.cycles, wager);
}

}  // namespace

core::MeanEstimate controlled_table_edge(const Tally& tally, const Rules& rules) {
  const ControlTally& c = tally.control;
  if (c.rounds == 0) return table_edge(tally, rules);
  return controlled_estimate(controlled_sum(tally.table_net, c.table_control),
                             controlled_squares(c.table_controlled_squared), c, c.cycle_controlled_squared,
                             c.cycle_controlled_by_rounds, table_wager_units(rules));
}

core::MeanEstimate controlled_seat_edge(const Tally& tally, const Rules& rules, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  const ControlTally& c = tally.control;
  const auto wager = static_cast<double>(rules.initial_bet_units());
  if (c.rounds == 0) {
    return core::mean_estimate(tally.seats[s].net, tally.seats[s].net_squared, tally.rounds, wager);
  }
  return controlled_estimate(controlled_sum(tally.seats[s].net, c.seat_control[s]),
                             controlled_squares(c.seat_controlled_squared[s]), c, c.seat_cycle_controlled_squared[s],
                             c.seat_cycle_controlled_by_rounds[s], wager);
}

namespace {

// sum over cycles of (x - R n)^2 for the ratio R = sum x / rounds, from the
// sums of x, x^2 and x n (x in 2^-bits units).
double cycle_residuals(double sum, WideSum squared, WideSum by_rounds, const ControlTally& c, int bits) {
  using Real = long double;
  return static_cast<double>(core::ratio_residuals(
      sum, static_cast<Real>(c.rounds), std::ldexp(static_cast<Real>(squared), -2 * bits),
      std::ldexp(static_cast<Real>(by_rounds), -bits), static_cast<Real>(c.cycle_rounds_squared)));
}

// The factor var_y / var_z over n observations (cycles or rounds), with its
// standard error by the delta method on its logarithm from the observations'
// second moments y2, z2 and fourth y4, z4, y2z2; infinite when no variance
// is left (an exact V, up to the rounding of the controls).
VarianceReduction reduction_of(double var_y, double var_z, double y2, double z2, double y4, double z4, double y2z2,
                               double n) {
  if (var_y <= 0) return {};
  if (var_z <= 0) return {std::numeric_limits<double>::infinity(), 0};
  const double log_variance =
      ((y4 - y2 * y2) / (y2 * y2) + (z4 - z2 * z2) / (z2 * z2) - 2 * (y2z2 - y2 * z2) / (y2 * z2)) / n;
  const double factor = var_y / var_z;
  return {factor, factor * std::sqrt(std::max(0.0, log_variance))};
}

}  // namespace

// The factor is the ratio of the plain and controlled variances of the
// cycles' totals about their means (the ratio of the two estimators'
// variances); its SE by the delta method from the cycles' fourth powers
// (centred near the mean: on the rounds x the value of a round before its
// first card). When the rounds are the cycles, from the rounds alike.
VarianceReduction variance_reduction(const Tally& tally) {
  const ControlTally& c = tally.control;
  if (c.rounds < 2) return {};
  if (shoe_cycles(c)) {
    const double var_y =
        cycle_residuals(static_cast<double>(tally.table_net), c.cycle_net_squared, c.cycle_net_by_rounds, c, 0);
    const double var_z = cycle_residuals(controlled_sum(tally.table_net, c.table_control), c.cycle_controlled_squared,
                                         c.cycle_controlled_by_rounds, c, CONTROL_CYCLE_BITS);
    const auto n = static_cast<double>(c.cycles);
    constexpr int FOURTH = 4 * CONTROL_CYCLE_FOURTH_BITS;
    return reduction_of(var_y, var_z, var_y / n, var_z / n,
                        std::ldexp(static_cast<double>(c.cycle_net_fourth), -FOURTH) / n,
                        std::ldexp(static_cast<double>(c.cycle_controlled_fourth), -FOURTH) / n,
                        std::ldexp(static_cast<double>(c.cycle_net_squared_controlled_squared), -FOURTH) / n, n);
  }
  const auto n = static_cast<double>(c.rounds);
  const double mean_y = static_cast<double>(tally.table_net) / n;
  const double mean_z = controlled_sum(tally.table_net, c.table_control) / n;
  const double y2 = static_cast<double>(tally.table_net_squared) / n;
  const double z2 = controlled_squares(c.table_controlled_squared) / n;
  return reduction_of(
      (y2 - mean_y * mean_y) * n / (n - 1), (z2 - mean_z * mean_z) * n / (n - 1), y2, z2,
      static_cast<double>(c.table_net_fourth) / n,
      std::ldexp(static_cast<double>(c.table_controlled_fourth), -4 * CONTROL_FOURTH_BITS) / n,
      std::ldexp(static_cast<double>(c.table_net_squared_controlled_squared), -2 * CONTROL_FOURTH_BITS) / n, n);
}

}  // namespace cardsim::blackjack
