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

core::MeanEstimate controlled_table_edge(const Tally& tally, const Rules& rules) {
  const ControlTally& c = tally.control;
  if (c.rounds == 0) return table_edge(tally, rules);
  return core::mean_estimate(controlled_sum(tally.table_net, c.table_control),
                             controlled_squares(c.table_controlled_squared), c.rounds, table_wager_units(rules));
}

core::MeanEstimate controlled_seat_edge(const Tally& tally, const Rules& rules, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  const ControlTally& c = tally.control;
  const auto wager = static_cast<double>(rules.initial_bet_units());
  if (c.rounds == 0) {
    return core::mean_estimate(tally.seats[s].net, tally.seats[s].net_squared, tally.rounds, wager);
  }
  return core::mean_estimate(controlled_sum(tally.seats[s].net, c.seat_control[s]),
                             controlled_squares(c.seat_controlled_squared[s]), c.rounds, wager);
}

VarianceReduction variance_reduction(const Tally& tally) {
  const ControlTally& c = tally.control;
  if (c.rounds < 2) return {};
  const auto n = static_cast<double>(c.rounds);
  const double mean_y = static_cast<double>(tally.table_net) / n;
  const double mean_z = controlled_sum(tally.table_net, c.table_control) / n;
  const double y2 = static_cast<double>(tally.table_net_squared) / n;
  const double z2 = controlled_squares(c.table_controlled_squared) / n;
  const double var_y = (y2 - mean_y * mean_y) * n / (n - 1);
  const double var_z = (z2 - mean_z * mean_z) * n / (n - 1);
  if (var_y <= 0) return {};
  // No variance left (an exact V, up to the rounding of the controls): infinite.
  if (var_z <= 0) return {std::numeric_limits<double>::infinity(), 0};
  VarianceReduction r;
  r.factor = var_y / var_z;
  const double y4 = static_cast<double>(c.table_net_fourth) / n;
  const double z4 = std::ldexp(static_cast<double>(c.table_controlled_fourth), -4 * CONTROL_FOURTH_BITS) / n;
  const double y2z2 =
      std::ldexp(static_cast<double>(c.table_net_squared_controlled_squared), -2 * CONTROL_FOURTH_BITS) / n;
  const double log_variance =
      ((y4 - y2 * y2) / (y2 * y2) + (z4 - z2 * z2) / (z2 * z2) - 2 * (y2z2 - y2 * z2) / (y2 * z2)) / n;
  r.se = r.factor * std::sqrt(std::max(0.0, log_variance));
  return r;
}

}  // namespace cardsim::blackjack
