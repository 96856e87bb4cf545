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
  MeanEstimate e;
  if (n <= 0) return e;
  e.n = n;
  const double count = static_cast<double>(n);
  const double mean = static_cast<double>(sum) / count;
  const double variance =
      n > 1 ? std::max(0.0, (static_cast<double>(sum_squared) - count * mean * mean) / (count - 1)) : 0.0;
  e.mean = mean / scale;
  e.sd = std::sqrt(variance) / scale;
  e.se = e.sd / std::sqrt(count);
  e.ci95_low = e.mean - Z95 * e.se;
  e.ci95_high = e.mean + Z95 * e.se;
  return e;
}

}  // namespace cardsim::core
