// The index of a line from its differences by true count: a weighted
// least-squares line fitted near the crossing, the crossing with its 95%
// interval, and the whole index under the run's true count rounding.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "index_generator_impl.hpp"

namespace cardsim::blackjack::index_generation {
namespace {

constexpr double Z95 = 1.959963984540054;
// A true count enters the fit with at least this many hands valued.
constexpr std::uint64_t MIN_FIT_HANDS = 30;
// The final fit takes the true counts within this distance of the first
// fit's crossing (at least MIN_FIT_BUCKETS of them).
constexpr double FIT_HALF_WIDTH = 3.5;
constexpr int MIN_FIT_BUCKETS = 3;
constexpr int MAX_INDEX = 30;  // what an index file holds

// The true count a bucket stands for when it has no data: the middle of the
// unrounded counts the rounding maps to it.
double nominal_true_count(int tc, TrueCountRounding rounding, DeckEstimate estimate) {
  if (estimate == DeckEstimate::none || rounding == TrueCountRounding::round) return tc;
  if (rounding == TrueCountRounding::truncate) return tc == 0 ? 0.0 : tc + (tc > 0 ? HALF : -HALF);
  return tc + HALF;
}

// A weighted least-squares line y = a + b x.
struct Line {
  double a = 0, b = 0;
  double var_a = 0, var_b = 0, cov_ab = 0;
  double chi_squared = 0;
  int points = 0;
};
Line fit_line(const std::vector<const IndexBucket*>& buckets) {
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const IndexBucket* k : buckets) {
    const double w = 1 / (k->standard_error * k->standard_error);
    sw += w;
    sx += w * k->mean_true_count;
    sy += w * k->difference;
    sxx += w * k->mean_true_count * k->mean_true_count;
    sxy += w * k->mean_true_count * k->difference;
  }
  Line line;
  line.points = static_cast<int>(buckets.size());
  const double det = sw * sxx - sx * sx;
  if (det <= 0) return line;
  line.b = (sw * sxy - sx * sy) / det;
  line.a = (sxx * sy - sx * sxy) / det;
  line.var_a = sxx / det;
  line.var_b = sw / det;
  line.cov_ab = -sx / det;
  for (const IndexBucket* k : buckets) {
    const double r = (k->difference - line.a - line.b * k->mean_true_count) / k->standard_error;
    line.chi_squared += r * r;
  }
  return line;
}

}  // namespace

void fit_index(GeneratedIndex& g, TrueCountRounding rounding, DeckEstimate estimate) {
  std::vector<const IndexBucket*> usable;
  for (const IndexBucket& k : g.by_true_count) {
    if (std::abs(k.true_count) <= INDEX_TRUE_COUNT_RANGE && k.hands >= MIN_FIT_HANDS && k.standard_error > 0) {
      usable.push_back(&k);
    }
  }
  if (static_cast<int>(usable.size()) < MIN_FIT_BUCKETS) return;
  Line line = fit_line(usable);
  if (line.b == 0) return;
  // Refit near the first crossing (the difference is close to linear there,
  // not over the whole range), keeping at least MIN_FIT_BUCKETS counts.
  const double first = -line.a / line.b;
  std::vector<const IndexBucket*> near = usable;
  std::stable_sort(near.begin(), near.end(), [&](const IndexBucket* p, const IndexBucket* q) {
    return std::abs(p->mean_true_count - first) < std::abs(q->mean_true_count - first);
  });
  std::size_t keep = MIN_FIT_BUCKETS;
  while (keep < near.size() && std::abs(near[keep]->mean_true_count - first) <= FIT_HALF_WIDTH) ++keep;
  near.resize(keep);
  std::sort(near.begin(), near.end(),
            [](const IndexBucket* p, const IndexBucket* q) { return p->true_count < q->true_count; });
  line = fit_line(near);
  if (line.b == 0) return;
  g.found = true;
  // The at-or-above play must be the one better at high counts.
  if (line.b < 0) {
    g.reversed = true;
    std::swap(g.play.at_or_above, g.play.below);
    for (IndexBucket& k : g.by_true_count) k.difference = -k.difference;
    line.a = -line.a;
    line.b = -line.b;
    // (both a and b change sign: their covariance stays)
  }
  g.slope = line.b;
  g.slope_se = std::sqrt(line.var_b);
  g.intercept = line.a;
  g.chi_squared = line.chi_squared;
  g.fitted_buckets = line.points;
  g.fitted_from = near.front()->true_count;
  g.fitted_to = near.back()->true_count;
  g.crossing = -line.a / line.b;
  const double x = g.crossing;
  // A fit worse than its errors say (chi^2 above its degrees of freedom: the
  // difference is not quite straight over the fitted counts) widens the
  // interval by sqrt(chi^2 / dof) (the Birge ratio), never narrows it.
  const int dof = line.points - 2;
  g.se_scale = dof > 0 ? std::sqrt(std::max(1.0, line.chi_squared / dof)) : 1.0;
  g.crossing_se = g.se_scale * std::sqrt(std::max(0.0, line.var_a + 2 * x * line.cov_ab + x * x * line.var_b)) / line.b;
  g.crossing_ci95_low = x - Z95 * g.crossing_se;
  g.crossing_ci95_high = x + Z95 * g.crossing_se;
  g.extrapolated = x < usable.front()->mean_true_count || x > usable.back()->mean_true_count;

  // The whole index: the lowest true count whose (mean unrounded) count lies
  // at or above the crossing, where the fitted difference favours the
  // at-or-above play.
  std::array<double, TRUE_COUNT_BUCKETS> centre{};
  for (int tc = -TRUE_COUNT_LIMIT; tc <= TRUE_COUNT_LIMIT; ++tc) {
    centre[at(tc + TRUE_COUNT_LIMIT)] = nominal_true_count(tc, rounding, estimate);
  }
  for (const IndexBucket& k : g.by_true_count) {
    if (k.weight > 0) centre[at(k.true_count + TRUE_COUNT_LIMIT)] = k.mean_true_count;
  }
  auto whole_index = [&](double crossing) {
    for (int tc = -MAX_INDEX; tc <= MAX_INDEX; ++tc) {
      if (centre[at(tc + TRUE_COUNT_LIMIT)] >= crossing) return tc;
    }
    return MAX_INDEX;
  };
  g.play.index = whole_index(g.crossing);
  g.index_ci95_low = whole_index(g.crossing_ci95_low);
  g.index_ci95_high = whole_index(g.crossing_ci95_high);
}

}  // namespace cardsim::blackjack::index_generation
