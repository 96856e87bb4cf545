// The estimates of a blackjack run from its tally: the table's edge per
// initial wager, plain or controlled (Tally::control, control_variate.hpp),
// each seat's controlled edge, the headline (what --target-se checks) and
// the control variate's variance reduction factor.
#pragma once

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"

namespace cardsim::blackjack {

// The bet units of one initial wager on every seat of `rules`' table.
inline double table_wager_units(const Rules& rules) {
  return static_cast<double>(rules.initial_bet_units() * rules.seats);
}

// The edge per initial wager of the whole table (all seats) in `tally`, with
// its standard error (the plain estimate).
core::MeanEstimate table_edge(const Tally& tally, const Rules& rules);

// The controlled estimates of a controlled run (tally.control.rounds > 0,
// Engine with ControlVariate::exact): the mean of the rounds' controlled
// results (net less control) per initial wager, the table's and seat
// `seat`'s. Without control they are the plain ones: controlled_table_edge
// is the headline, what a target standard error is checked against.
core::MeanEstimate controlled_table_edge(const Tally& tally, const Rules& rules);
core::MeanEstimate controlled_seat_edge(const Tally& tally, const Rules& rules, int seat);

// `estimate` (a mean per round of `scale` units over its n rounds, their
// controlled sum `sum` in money units) with its standard error from the
// run's cycles (ControlTally: each shoe's controlled total, 2^-16 units,
// squared and times its rounds, and its rounds squared, summed): the
// regenerative ratio estimator's. Unchanged with fewer than two cycles.
core::MeanEstimate with_cycle_standard_error(core::MeanEstimate estimate, long double sum, WideSum cycle_squared,
                                             WideSum cycle_by_rounds, WideSum rounds_squared, std::int64_t cycles,
                                             double scale);

// A controlled counting estimate per round of `scale` units (the counter's
// win, or the flat-bet result at one true count): `plain`'s mean less the
// controls (`control`, 2^-32 units, over its n rounds, whose net is `net`
// money units), its standard error from `cycles` cycles
// (with_cycle_standard_error, the cycles' sums from CountingControlTally);
// the SD stays the plain one's. `plain` itself without rounds or with fewer
// than two cycles.
core::MeanEstimate controlled_counting(const core::MeanEstimate& plain, std::int64_t net, WideSum control,
                                       WideSum cycle_squared, WideSum cycle_by_rounds, WideSum rounds_squared,
                                       std::int64_t cycles, double scale);
// The same at true count bucket `b` (its net `net`) of `control`'s counting
// sums over `cycles` cycles.
core::MeanEstimate controlled_at_true_count(const core::MeanEstimate& plain, std::int64_t net,
                                            const CountingControlTally& control, std::size_t b, std::int64_t cycles,
                                            double scale);

// The variance reduction factor of a controlled run, with its standard error.
struct VarianceReduction {
  double factor = 0;
  double se = 0;
};
// The variance reduction factor of a controlled run: the plain variance of the
// table's round result over its controlled variance (both sample variances of
// the same rounds), and its standard error by the delta method from the
// fourth moments (taken about zero: a round's mean is a hundredth of its SD).
// The effective rounds of a controlled run are its rounds times the factor.
// Zero without control (or with fewer than two rounds); infinite when no
// variance is left (an exact V: an infinite deck without resplits).
VarianceReduction variance_reduction(const Tally& tally);

}  // namespace cardsim::blackjack
