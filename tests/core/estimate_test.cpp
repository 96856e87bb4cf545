// The estimators of core/estimate.hpp against figures worked by hand, and the
// two input forms of the batch-means ratio estimator (batch totals, sums over
// batches) against each other.
#include "cardsim/core/estimate.hpp"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/core/rng.hpp"

namespace cardsim::core {
namespace {

constexpr double EXACT = 1e-14;

TEST(Estimate, RatioOfThreeBatchesWorkedByHand) {
  // R = 6 / 8; residuals y - R x = -0.5, 1.5, -1 (squares 3.5); Var = 3/2 x 3.5 / 8^2.
  const std::vector<double> y{1, 3, 2};
  const std::vector<double> x{2, 2, 4};
  const RatioEstimate r = ratio_estimate(y, x);
  const double se = std::sqrt(1.5 * 3.5) / 8;
  EXPECT_NEAR(r.mean, 0.75, EXACT);
  EXPECT_NEAR(r.se, se, EXACT);
  EXPECT_NEAR(r.ci95_low, 0.75 - Z95 * se, EXACT);
  EXPECT_NEAR(r.ci95_high, 0.75 + Z95 * se, EXACT);
  // The same from sums over batches: y^2 14, x y 16, x^2 24.
  const auto from_sums = ratio_standard_error(6, 8, 14, 16, 24, 3);
  ASSERT_TRUE(from_sums.has_value());
  EXPECT_NEAR(*from_sums, se, EXACT);
}

TEST(Estimate, RatioNeedsTwoBatchesAndAPositiveDenominator) {
  const std::vector<double> one{3};
  const std::vector<double> two{2};
  const RatioEstimate r = ratio_estimate(one, two);
  EXPECT_EQ(r.mean, 1.5);
  EXPECT_EQ(r.se, 0);
  EXPECT_FALSE(ratio_standard_error(3, 2, 9, 6, 4, 1).has_value());
  EXPECT_FALSE(ratio_standard_error(0, 0, 0, 0, 0, 5).has_value());
  EXPECT_EQ(ratio_estimate(std::vector<double>{}, std::vector<double>{}).mean, 0);
}

TEST(Estimate, RatioFromBatchTotalsEqualsRatioFromSums) {
  Rng rng = chunk_rng(16, StreamPurpose::test, 0);
  std::vector<double> y, x;
  long double sy = 0, sx = 0, yy = 0, xy = 0, xx = 0;
  for (int c = 0; c < 50; ++c) {
    const auto n = static_cast<double>(1000 + bounded(rng, 500));
    const double total = static_cast<double>(bounded(rng, 2000)) - 900.0;
    x.push_back(n);
    y.push_back(total);
    sx += n;
    sy += total;
    yy += static_cast<long double>(total) * total;
    xy += static_cast<long double>(total) * n;
    xx += static_cast<long double>(n) * n;
  }
  const RatioEstimate r = ratio_estimate(y, x);
  const auto from_sums = ratio_standard_error(sy, sx, yy, xy, xx, 50);
  ASSERT_TRUE(from_sums.has_value());
  EXPECT_NEAR(*from_sums, r.se, 1e-12 * r.se);
}

TEST(Estimate, SdStandardErrorIsTheDeltaMethodOverBatches) {
  // Four batches of (n, x = sum, q = sum of squares); the residuals of the
  // variance computed one by one, against the expanded sums.
  struct Batch {
    double n, x, q;
  };
  const std::vector<Batch> batches{{10, 4, 30}, {12, -6, 40}, {9, 1, 21}, {11, 3, 35}};
  double n = 0, x = 0, q = 0;
  SdBatchSums sums;
  for (const Batch& b : batches) {
    n += b.n;
    x += b.x;
    q += b.q;
    sums.q_q += b.q * b.q;
    sums.q_x += b.q * b.x;
    sums.q_n += b.q * b.n;
    sums.x_x += b.x * b.x;
    sums.x_n += b.x * b.n;
    sums.n_n += b.n * b.n;
  }
  sums.batches = 4;
  const double m = x / n;
  const double a = q / n - 2 * m * m;
  const double variance = q / n - m * m;
  double z2 = 0;
  for (const Batch& b : batches) {
    const double z = (b.q - 2 * m * b.x - a * b.n) / n;
    z2 += z * z;
  }
  const double scale = 2;
  const double expected = std::sqrt(4.0 / 3.0 * z2) / (2 * std::sqrt(variance)) / scale;
  const auto se = sd_standard_error(42, 2, 126, sums, scale);
  ASSERT_TRUE(se.has_value());
  EXPECT_NEAR(*se, expected, 1e-12);
  sums.batches = 1;
  EXPECT_FALSE(sd_standard_error(42, 2, 126, sums, scale).has_value());
}

}  // namespace
}  // namespace cardsim::core
