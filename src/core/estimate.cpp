#include "cardsim/core/estimate.hpp"

#include <algorithm>
#include <cmath>

namespace cardsim::core {

Proportion proportion(std::uint64_t count, std::uint64_t total) {
  Proportion p{count, total, std::nullopt, std::nullopt};
  if (total == 0) return p;
  const double value = static_cast<double>(count) / static_cast<double>(total);
  p.value = value;
  p.se = std::sqrt(value * (1.0 - value) / static_cast<double>(total));
  return p;
}

MeanEstimate mean_estimate(std::int64_t sum, std::int64_t sum_squared, std::int64_t n, double scale) {
  return mean_estimate(static_cast<double>(sum), static_cast<double>(sum_squared), n, scale);
}

MeanEstimate mean_estimate(double sum, double sum_squared, std::int64_t n, double scale) {
  MeanEstimate e;
  if (n <= 0) return e;
  e.n = n;
  const double count = static_cast<double>(n);
  const double mean = sum / count;
  const double variance = n > 1 ? std::max(0.0, (sum_squared - count * mean * mean) / (count - 1)) : 0.0;
  e.mean = mean / scale;
  e.sd = std::sqrt(variance) / scale;
  e.se = e.sd / std::sqrt(count);
  e.ci95_low = e.mean - Z95 * e.se;
  e.ci95_high = e.mean + Z95 * e.se;
  return e;
}

RatioEstimate ratio_estimate(std::span<const double> y, std::span<const double> x) {
  RatioEstimate r;
  double sum_x = 0;
  double sum_y = 0;
  for (std::size_t c = 0; c < x.size(); ++c) {
    sum_x += x[c];
    sum_y += y[c];
  }
  if (sum_x <= 0) return r;
  r.mean = sum_y / sum_x;
  // sum over batches of (y_c - R x_c)^2, as x_c^2 (y_c / x_c - R)^2
  double squares = 0;
  for (std::size_t c = 0; c < x.size(); ++c) {
    const double per_x = y[c] / x[c];
    squares += x[c] * x[c] * (per_x - r.mean) * (per_x - r.mean);
  }
  const auto batches = static_cast<double>(x.size());
  r.se = batches > 1 ? std::sqrt(batches / (batches - 1) * squares) / sum_x : 0.0;
  r.ci95_low = r.mean - Z95 * r.se;
  r.ci95_high = r.mean + Z95 * r.se;
  return r;
}

long double ratio_residuals(long double sum_y, long double sum_x, long double sum_y_squared, long double sum_x_y,
                            long double sum_x_squared) {
  const long double r = sum_y / sum_x;
  return std::max(0.0L, sum_y_squared - 2 * r * sum_x_y + r * r * sum_x_squared);
}

std::optional<double> ratio_standard_error(long double sum_y, long double sum_x, long double sum_y_squared,
                                           long double sum_x_y, long double sum_x_squared, std::int64_t batches) {
  if (batches < 2 || sum_x <= 0) return std::nullopt;
  using Real = long double;
  const Real c = static_cast<Real>(batches);
  const Real variance =
      ratio_residuals(sum_y, sum_x, sum_y_squared, sum_x_y, sum_x_squared) * c / (c - 1) / (sum_x * sum_x);
  return static_cast<double>(std::sqrt(variance));
}

std::optional<double> sd_standard_error(std::int64_t n, std::int64_t sum, std::int64_t sum_squared,
                                        const SdBatchSums& b, double scale) {
  if (b.batches < 2 || n <= 0) return std::nullopt;
  using Real = long double;
  const Real count = static_cast<Real>(n);
  const Real m = static_cast<Real>(sum) / count;
  const Real a = static_cast<Real>(sum_squared) / count - 2 * m * m;
  const Real variance = static_cast<Real>(sum_squared) / count - m * m;
  if (!(variance > 0)) return std::nullopt;
  // sum over batches of (q - 2 m x - a n)^2, expanded into the batch sums
  const Real residuals = b.q_q + 4 * m * m * b.x_x + a * a * b.n_n - 4 * m * b.q_x - 2 * a * b.q_n + 4 * m * a * b.x_n;
  const Real batches = static_cast<Real>(b.batches);
  const Real variance_se = std::sqrt(std::max(Real{0}, residuals) * batches / (batches - 1)) / count;
  return static_cast<double>(variance_se / (2 * std::sqrt(variance)) / static_cast<Real>(scale));
}

}  // namespace cardsim::core
