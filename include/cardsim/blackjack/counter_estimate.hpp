// The card counter's figures from a CountingTally: the win per round and its
// SD with standard errors, the average bet, and the advantage player's metrics
// (DI, SCORE, N0, risk of ruin). What a counting result reports (io/result's
// "counting" object) and what a derived bet ramp predicts (blackjack/ramp.hpp):
// one set of estimators for both. Plain numbers; io/ writes them.
#pragma once

#include <cstdint>
#include <optional>

#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"

namespace cardsim::blackjack {

// Fewer chunks than this give no batch-means standard error: the spread of a
// handful of chunks says little about its own size.
inline constexpr std::int64_t MIN_CHUNKS_FOR_SE = 10;

// The batch-means standard error of the ratio sum(y) / sum(x) over `chunks`
// chunks, from the chunks' sums of y^2, x y and x^2: the ratio estimator's
// sqrt(C / (C - 1) x sum over chunks of (y_c - R x_c)^2) / sum(x), R the
// ratio (Cochran, Sampling Techniques, 3rd ed., 1977, section 6.4); absent
// with fewer than MIN_CHUNKS_FOR_SE chunks or sum(x) <= 0.
std::optional<double> chunk_ratio_se(std::int64_t sum_y, std::int64_t sum_x, WideSum yy, WideSum xy, WideSum xx,
                                     std::int64_t chunks);

// The batch-means standard error of the SD per round of the counter's result
// in `c` (`scale` money units per base bet), by the delta method over the
// chunks (see the .cpp); absent under MIN_CHUNKS_FOR_SE chunks, when the sums
// of q^2 overflowed or the variance is 0.
std::optional<double> counter_sd_se(const CountingTally& c, double scale);

// The risk of ruin of a bankroll of `bankroll` base bets for a game of `ev`
// and `variance` per round (base bets): the Brownian-motion (diffusion)
// approximation for unlimited play, exp(-2 ev bankroll / variance); 1 if the
// game does not win (Schlesinger, Blackjack Attack, 3rd ed., 2005).
double risk_of_ruin(double ev, double variance, double bankroll);

// N0 = variance / ev^2 rounds for a game of `ev` per round; absent when the
// game does not win (N0 is then unbounded).
std::optional<double> n0_rounds(double ev, double variance);

// The counter's money per round played, in base bets, all seats together.
struct CounterEstimate {
  core::MeanEstimate win;                 // win per round played; SE as independent rounds
  std::optional<double> sd_se;            // SE of win.sd: batch means over chunks (counter_sd_se)
  double average_bet = 0;                 // initial base bets per round, all seats
  std::optional<double> average_bet_se;   // batch means (chunk_ratio_se)
  double di = 0;                          // desirability index 1000 win / SD
  double di_se = 0;
  double score = 0;                       // DI^2 with the win's sign
  double score_se = 0;
  bool wins = false;                      // win > 0 and SD > 0: N0 finite, risk of ruin < 1
  double n0 = 0;                          // (SD / win)^2 rounds, when `wins`
  double n0_se = 0;                       // delta method: 2 N0 SE(win) / win
  std::optional<double> n0_ci95_low;      // N0 at the win's upper 95% end
  std::optional<double> n0_ci95_high;     // ...at its lower end (absent: unbounded)
  double risk_of_ruin = 1;                // for `bankroll` base bets
  double risk_of_ruin_ci95_low = 1;       // with the win at its upper 95% end
  double risk_of_ruin_ci95_high = 1;      // ...at its lower end
};

// The figures of counting tally `c`: `bet_units` money units per base bet,
// `seats` seats, the risk of ruin for `bankroll` base bets.
CounterEstimate counter_estimate(const CountingTally& c, std::int64_t bet_units, int seats, double bankroll);

}  // namespace cardsim::blackjack
