// Estimates with their standard errors and intervals, as plain numbers: what
// every game reports from its integer tallies. No JSON and no text here; io/
// converts these structs, and the games and the CLI read them directly.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

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
// The same from sums held as doubles (those of 128-bit or fixed-point tallies).
MeanEstimate mean_estimate(double sum, double sum_squared, std::int64_t n, double scale);

// Batch means: a run made of independent batches (cardsim's chunks, each its
// own random stream), a ratio R = sum y / sum x over them, and its standard
// error from the spread of the batches, the ratio estimator's
// sqrt(C / (C - 1) x sum over batches of (y_c - R x_c)^2) / sum x over C
// batches (Cochran, Sampling Techniques, 3rd ed., 1977, section 6.4). It
// holds where rounds within a batch are not independent (a shoe's count ties
// them), and weights a short last batch exactly.

// R with its standard error and 95% interval from each batch's totals y_c and
// x_c (the same number of each). Without a positive sum of x, everything is 0;
// with one batch, the standard error and interval are 0 too.
struct RatioEstimate {
  double mean = 0;
  double se = 0;
  double ci95_low = 0;
  double ci95_high = 0;
};
RatioEstimate ratio_estimate(std::span<const double> y, std::span<const double> x);

// The residual sum over batches of (y_c - R x_c)^2 when only sums over
// batches are kept, not the batches: sum y, sum x, and the sums over
// batches of y_c^2, x_c y_c and x_c^2 (in long double: it is a small
// difference of large sums); never negative. sum x must be positive.
long double ratio_residuals(long double sum_y, long double sum_x, long double sum_y_squared, long double sum_x_y,
                            long double sum_x_squared);
// The standard error of R from those sums. Absent with fewer than two
// batches or without a positive sum of x.
std::optional<double> ratio_standard_error(long double sum_y, long double sum_x, long double sum_y_squared,
                                           long double sum_x_y, long double sum_x_squared, std::int64_t batches);

// The standard error of the standard deviation per observation, by batch
// means and the delta method. Over all batches: n observations, their sum x
// and their sum of squares q (so V = q/n - (x/n)^2); over batches, the sums of
// the batch totals' products below. With m = x/n and a = q/n - 2 m^2, the
// batch residuals of V are z_c = (q_c - 2 m x_c - a n_c) / n (they sum to 0),
// Var V = C / (C - 1) sum z_c^2, and SE(SD) = SE(V) / (2 SD), divided by
// `scale` as the SD is. Absent with fewer than two batches, no observations
// or no spread.
struct SdBatchSums {
  std::int64_t batches = 0;
  long double q_q = 0;  // sum over batches of q_c^2
  long double q_x = 0;  // q_c x_c
  long double q_n = 0;  // q_c n_c
  long double x_x = 0;  // x_c^2
  long double x_n = 0;  // x_c n_c
  long double n_n = 0;  // n_c^2
};
std::optional<double> sd_standard_error(std::int64_t n, std::int64_t sum, std::int64_t sum_squared,
                                        const SdBatchSums& batches, double scale);

}  // namespace cardsim::core
