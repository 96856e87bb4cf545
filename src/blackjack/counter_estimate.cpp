#include "cardsim/blackjack/counter_estimate.hpp"

#include <algorithm>
#include <cmath>

namespace cardsim::blackjack {

std::optional<double> chunk_ratio_se(std::int64_t sum_y, std::int64_t sum_x, WideSum yy, WideSum xy, WideSum xx,
                                     std::int64_t chunks) {
  if (chunks < MIN_CHUNKS_FOR_SE || sum_x <= 0) return std::nullopt;
  using Real = long double;  // the residual sum is a small difference of large sums
  const Real r = static_cast<Real>(sum_y) / static_cast<Real>(sum_x);
  const Real residuals = static_cast<Real>(yy) - 2 * r * static_cast<Real>(xy) + r * r * static_cast<Real>(xx);
  const Real c = static_cast<Real>(chunks);
  const Real variance = std::max(Real{0}, residuals) * c / (c - 1) / (static_cast<Real>(sum_x) * static_cast<Real>(sum_x));
  return static_cast<double>(std::sqrt(variance));
}

// Over C chunks with totals x (net), q (net squared) and n (rounds played):
// the variance V = Q/N - (X/N)^2 of the sums Q, X, N has, by the delta
// method, the chunk residuals z_c = (q_c - 2 m x_c - (Q/N - 2 m^2) n_c) / N
// with m = X/N (they sum to 0); Var V = C / (C - 1) sum z_c^2, and
// SE(SD) = SE(V) / (2 SD).
std::optional<double> counter_sd_se(const CountingTally& c, double scale) {
  const ChunkSums& k = c.chunk_sums;
  if (k.chunks < MIN_CHUNKS_FOR_SE || k.sd_overflow > 0 || c.rounds_played <= 0) return std::nullopt;
  using Real = long double;
  const Real n = static_cast<Real>(c.rounds_played);
  const Real m = static_cast<Real>(c.net) / n;
  const Real a = static_cast<Real>(c.net_squared) / n - 2 * m * m;
  const Real variance = static_cast<Real>(c.net_squared) / n - m * m;
  if (!(variance > 0)) return std::nullopt;
  // sum over chunks of (q - 2 m x - a n)^2, expanded into the chunk sums
  const Real residuals = static_cast<Real>(k.net_squared_squared) + 4 * m * m * static_cast<Real>(k.net_by_net) +
                         a * a * static_cast<Real>(k.played_squared) -
                         4 * m * static_cast<Real>(k.net_squared_by_net) -
                         2 * a * static_cast<Real>(k.net_squared_by_played) +
                         4 * m * a * static_cast<Real>(k.net_by_played);
  const Real chunks = static_cast<Real>(k.chunks);
  const Real variance_se = std::sqrt(std::max(Real{0}, residuals) * chunks / (chunks - 1)) / n;
  return static_cast<double>(variance_se / (2 * std::sqrt(variance)) / static_cast<Real>(scale));
}

double risk_of_ruin(double ev, double variance, double bankroll) {
  if (!(ev > 0) || !(variance > 0)) return 1.0;
  return std::exp(-2.0 * ev * bankroll / variance);
}

std::optional<double> n0_rounds(double ev, double variance) {
  if (ev > 0 && variance > 0) return variance / (ev * ev);
  return std::nullopt;
}

CounterEstimate counter_estimate(const CountingTally& c, std::int64_t bet_units, int seats, double bankroll) {
  CounterEstimate e;
  const std::int64_t n = c.rounds_played;
  e.win = core::mean_estimate(c.net, c.net_squared, n, static_cast<double>(bet_units));
  e.sd_se = counter_sd_se(c, static_cast<double>(bet_units));
  e.average_bet = (n > 0 ? static_cast<double>(c.bet_units) / static_cast<double>(n) : 0.0) * seats;
  const ChunkSums& chunk = c.chunk_sums;
  const std::optional<double> bet_se = chunk_ratio_se(c.bet_units, n, chunk.bet_units_squared,
                                                      chunk.bet_units_by_played, chunk.played_squared, chunk.chunks);
  if (bet_se) e.average_bet_se = *bet_se * seats;
  const core::MeanEstimate& win = e.win;
  const double variance = win.sd * win.sd;
  e.di = win.sd > 0 ? 1000.0 * win.mean / win.sd : 0.0;
  e.di_se = win.sd > 0 ? 1000.0 * win.se / win.sd : 0.0;
  e.score = e.di * std::abs(e.di);
  e.score_se = win.sd > 0 ? 2.0 * std::abs(e.di) * 1000.0 * win.se / win.sd : 0.0;
  e.wins = win.mean > 0 && win.sd > 0;
  // N0's uncertainty comes almost all from the win's (d N0 / N0 = -2 d EV / EV;
  // the SD is known far better): the delta method's SE, and N0 at the ends of
  // the win's 95% interval (the upper end unbounded if that interval reaches 0).
  e.n0 = e.wins ? variance / (win.mean * win.mean) : 0.0;
  e.n0_se = e.wins ? 2.0 * e.n0 * win.se / win.mean : 0.0;
  e.n0_ci95_low = n0_rounds(win.ci95_high, variance);
  e.n0_ci95_high = n0_rounds(win.ci95_low, variance);
  e.risk_of_ruin = blackjack::risk_of_ruin(win.mean, variance, bankroll);
  e.risk_of_ruin_ci95_low = blackjack::risk_of_ruin(win.ci95_high, variance, bankroll);
  e.risk_of_ruin_ci95_high = blackjack::risk_of_ruin(win.ci95_low, variance, bankroll);
  return e;
}

}  // namespace cardsim::blackjack
