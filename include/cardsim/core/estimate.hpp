// Estimates with their standard errors and intervals, as plain numbers: what
// every game reports from its integer tallies. No JSON and no text here; io/
// converts these structs, and the games and the CLI read them directly.
#pragma once

#include <cstdint>
#include <optional>

namespace cardsim::core {

// The two-sided 95% normal quantile.
inline constexpr double Z95 = 1.959963984540054;

// A proportion count / total with its binomial standard error
// sqrt(p (1 - p) / total). Without observations (total = 0) the value and the
// standard error are absent, not 0.
struct Proportion {
  std::uint64_t count = 0;
  std::uint64_t total = 0;
  std::optional<double> value;
  std::optional<double> se;
};
Proportion proportion(std::uint64_t count, std::uint64_t total);

// Mean, standard deviation per observation, standard error and 95% interval
// of a per-observation quantity, from its sum and sum of squares over n
// observations, divided by `scale`. With fewer than two observations there is
// no SD, standard error or interval (has_se() is false; the fields are 0).
struct MeanEstimate {
  double mean = 0;
  double sd = 0;
  double se = 0;
  double ci95_low = 0;
  double ci95_high = 0;
  std::int64_t n = 0;
  bool has_se() const { return n >= 2; }
};
MeanEstimate mean_estimate(std::int64_t sum, std::int64_t sum_squared, std::int64_t n, double scale);

}  // namespace cardsim::core
