#include "cardsim/blackjack/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "cardsim/blackjack/estimates.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

double rate(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

Share share(std::int64_t count, std::int64_t total) {
  if (total <= 0) return {};
  const core::Proportion p = core::proportion(static_cast<std::uint64_t>(count), static_cast<std::uint64_t>(total));
  return {*p.value, total >= 2 ? p.se : std::nullopt};
}

SeatStatistics seat_statistics(const SeatTally& s, std::int64_t rounds, std::int64_t bet_units) {
  SeatStatistics r;
  r.edge = core::mean_estimate(s.net, s.net_squared, rounds, static_cast<double>(bet_units));
  r.win = rate(s.wins, s.hands);
  r.loss = rate(s.losses, s.hands);
  r.push = rate(s.pushes, s.hands);
  r.surrender = rate(s.surrenders, s.hands);
  r.double_down = rate(s.doubles, s.hands);
  r.player_bust = rate(s.busts, s.hands);
  r.blackjack = rate(s.blackjacks, rounds);
  r.split = rate(s.splits, rounds);
  r.insurance = rate(s.insurances, rounds);
  r.hands = rate(s.hands, rounds);
  r.wagered = rate(s.wagered, rounds) / static_cast<double>(bet_units);
  return r;
}

namespace {

DealerFinalShares final_shares(const std::array<std::int64_t, DEALER_FINALS>& finals, std::int64_t rounds) {
  DealerFinalShares shares;
  for (std::size_t f = 0; f < finals.size(); ++f) shares[f] = share(finals[f], rounds);
  return shares;
}

}  // namespace

DealerStatistics dealer_statistics(const Tally& t) {
  constexpr auto BUST = static_cast<std::size_t>(DealerFinal::bust);
  DealerStatistics d;
  std::int64_t played_rounds = 0;
  std::int64_t played_busts = 0;
  std::array<std::int64_t, DEALER_FINALS> all_rounds{};
  for (std::size_t up = 1; up <= CARD_VALUES; ++up) {
    const auto& played = t.dealer_final[up];
    std::array<std::int64_t, DEALER_FINALS> every{};
    DealerUpcardStatistics& u = d.by_upcard[up];
    std::int64_t rounds = 0;
    for (std::size_t f = 0; f < every.size(); ++f) {
      every[f] = played[f] + t.dealer_final_unneeded[up][f];
      all_rounds[f] += every[f];
      u.rounds_when_played += played[f];
      rounds += every[f];
    }
    played_rounds += u.rounds_when_played;
    played_busts += played[BUST];
    for (std::size_t f = 0; f < played.size(); ++f) u.final_when_played[f] = rate(played[f], u.rounds_when_played);
    u.rounds = t.upcard_rounds[up];
    u.bust_rate_when_played = rate(played[BUST], u.rounds_when_played);
    u.played_out = final_shares(every, rounds);
  }
  d.blackjacks = t.dealer_blackjacks;
  d.blackjack_rate = rate(t.dealer_blackjacks, t.rounds);
  d.played_out = final_shares(all_rounds, t.rounds);
  d.bust_rate_when_played = rate(played_busts, played_rounds);
  return d;
}

namespace {

// The batch-means standard error of the ratio sum_y / sum_x over a run's
// chunks (core::ratio_standard_error); absent under MIN_CHUNKS_FOR_SE chunks.
std::optional<double> chunk_ratio_se(std::int64_t sum_y, std::int64_t sum_x, WideSum yy, WideSum xy, WideSum xx,
                                     std::int64_t chunks) {
  if (chunks < MIN_CHUNKS_FOR_SE) return std::nullopt;
  using Real = long double;
  return core::ratio_standard_error(static_cast<Real>(sum_y), static_cast<Real>(sum_x), static_cast<Real>(yy),
                                    static_cast<Real>(xy), static_cast<Real>(xx), chunks);
}

// The batch-means standard error of the SD per round of the counter's result
// (core::sd_standard_error over the chunks' net, net squared and rounds
// played); absent under MIN_CHUNKS_FOR_SE chunks or when the chunks' sums of
// (net squared)^2 overflowed.
std::optional<double> chunk_sd_se(const CountingTally& c, double scale) {
  const ChunkSums& k = c.chunk_sums;
  if (k.chunks < MIN_CHUNKS_FOR_SE || k.sd_overflow > 0) return std::nullopt;
  using Real = long double;
  const core::SdBatchSums sums{k.chunks,
                               static_cast<Real>(k.net_squared_squared),
                               static_cast<Real>(k.net_squared_by_net),
                               static_cast<Real>(k.net_squared_by_played),
                               static_cast<Real>(k.net_by_net),
                               static_cast<Real>(k.net_by_played),
                               static_cast<Real>(k.played_squared)};
  return core::sd_standard_error(c.rounds_played, c.net, c.net_squared, sums, scale);
}

// A standard error that needs at least two observations.
std::optional<double> with_two(double se, std::int64_t observations) {
  return observations >= 2 ? std::optional<double>(se) : std::nullopt;
}

// exp(-2 ev bankroll / variance) for a game of `ev` and `variance` per round;
// 1 if the game does not win.
double risk_of_ruin(double ev, double variance, double bankroll) {
  if (!(ev > 0) || !(variance > 0)) return 1.0;
  return std::exp(-2.0 * ev * bankroll / variance);
}

}  // namespace

CountingStatistics counting_statistics(const Tally& t, const Rules& rules, const CountingSettings& settings) {
  const CountingTally& c = t.counting;
  const ChunkSums& chunk = c.chunk_sums;
  const std::int64_t bet = rules.initial_bet_units();
  const int seats = rules.seats;
  const std::int64_t n = c.rounds_played;
  CountingStatistics r;
  r.rounds_dealt = t.rounds;
  r.rounds_played = n;
  r.share_played = rate(n, t.rounds);
  r.win = core::mean_estimate(c.net, c.net_squared, n, static_cast<double>(bet));
  const ControlTally& control = t.control;
  // (A run of fewer than two shoes has no controlled standard error: plain.)
  const bool controlled = control.rounds > 0 && control.cycles >= 2;
  if (controlled) {
    const CountingControlTally& k = control.counting;
    r.win_plain = r.win;
    r.win = controlled_counting(r.win, c.net, k.counter_control, k.counter_cycle_controlled_squared,
                                k.counter_cycle_controlled_by_played, k.counter_cycle_played_squared, control.cycles,
                                static_cast<double>(bet));
    if (r.win.se > 0) r.win_reduction = VarianceReduction{(r.win_plain->se * r.win_plain->se) / (r.win.se * r.win.se)};
  }
  const core::MeanEstimate& win = r.win;
  r.average_initial_bet = rate(c.bet_units, n) * seats;
  const auto bet_se = chunk_ratio_se(c.bet_units, n, chunk.bet_units_squared, chunk.bet_units_by_played,
                                     chunk.played_squared, chunk.chunks);
  if (bet_se) r.average_initial_bet_se = *bet_se * seats;
  r.wagered_per_round = rate(c.wagered, n) / static_cast<double>(bet);
  r.sd_se = chunk_sd_se(c, static_cast<double>(bet));
  const double average_bet = r.average_initial_bet;
  r.edge_per_initial_bet = average_bet > 0 ? win.mean / average_bet : 0.0;
  r.edge_per_initial_bet_se = with_two(average_bet > 0 ? win.se / average_bet : 0.0, n);
  r.di = win.sd > 0 ? 1000.0 * win.mean / win.sd : 0.0;
  r.di_se = with_two(win.sd > 0 ? 1000.0 * win.se / win.sd : 0.0, n);
  r.score = r.di * std::abs(r.di);
  r.score_se = with_two(win.sd > 0 ? 2.0 * std::abs(r.di) * 1000.0 * win.se / win.sd : 0.0, n);

  const double variance = win.sd * win.sd;
  if (win.mean > 0 && win.sd > 0) {
    N0Statistics n0;
    n0.rounds = variance / (win.mean * win.mean);
    n0.se = 2.0 * n0.rounds * win.se / win.mean;
    n0.ci95_low = variance / (win.ci95_high * win.ci95_high);  // ci95_high >= mean > 0
    if (win.ci95_low > 0) n0.ci95_high = variance / (win.ci95_low * win.ci95_low);
    const double per_hour = settings.rounds_per_hour;
    n0.hours = n0.rounds / per_hour;
    n0.hours_se = n0.se / per_hour;
    n0.hours_ci95_low = n0.ci95_low / per_hour;
    if (n0.ci95_high) n0.hours_ci95_high = *n0.ci95_high / per_hour;
    r.n0 = n0;
  }
  r.risk_of_ruin = {settings.bankroll, risk_of_ruin(win.mean, variance, settings.bankroll),
                    risk_of_ruin(win.ci95_high, variance, settings.bankroll),
                    risk_of_ruin(win.ci95_low, variance, settings.bankroll)};

  // By true count: every round dealt at it (watched ones too), one flat base
  // bet per seat. Insurance: the dealer's hole card under an ace.
  double sw = 0, swx = 0, swy = 0, swxx = 0, swxy = 0;
  for (std::size_t b = 0; b < c.by_true_count.size(); ++b) {
    const TrueCountTally& x = c.by_true_count[b];
    // A row for every count seen: before a deal (rounds) or when insurance
    // was offered (an ace up after the deal's cards moved the count).
    if (x.rounds == 0 && x.ace_up == 0) continue;
    const int tc = static_cast<int>(b) - TRUE_COUNT_LIMIT;
    core::MeanEstimate edge = core::mean_estimate(x.net, x.net_squared, x.rounds, static_cast<double>(bet * seats));
    const bool se_known = x.shoes >= MIN_SHOES_FOR_SE;
    std::optional<core::MeanEstimate> edge_plain;
    if (controlled && x.rounds > 0) {
      const CountingControlTally& k = control.counting;
      edge_plain = edge;
      edge = controlled_at_true_count(edge, x.net, k, b, control.cycles, static_cast<double>(bet * seats));
    }
    const Share ten = share(x.ten_in_hole, x.ace_up);
    TrueCountStatistics row;
    row.true_count = tc;
    row.rounds = x.rounds;
    row.shoes = x.shoes;
    row.frequency = rate(x.rounds, t.rounds);
    row.frequency_se = chunk_ratio_se(x.rounds, t.rounds, chunk.at_true_count_squared[b],
                                      chunk.at_true_count_by_rounds[b], chunk.rounds_squared, chunk.chunks);
    row.played = x.played;
    if (x.rounds > 0) row.edge = edge.mean;
    if (se_known) row.edge_se = with_two(edge.se, x.rounds);
    if (edge_plain) {
      row.edge_plain = edge_plain->mean;
      if (se_known) row.edge_plain_se = with_two(edge_plain->se, x.rounds);
    }
    row.ace_up = x.ace_up;
    row.ten_in_hole = ten.value;
    if (x.ace_up > 0) row.insurance_ev = 3.0 * ten.value - 1.0;
    if (ten.se) row.insurance_se = 3.0 * *ten.se;
    row.clamped = tc == -TRUE_COUNT_LIMIT || tc == TRUE_COUNT_LIMIT;
    r.by_true_count.push_back(row);
    if (std::abs(tc) <= SLOPE_TRUE_COUNT_RANGE && x.rounds >= SLOPE_MIN_ROUNDS && se_known && edge.se > 0) {
      const double w = 1.0 / (edge.se * edge.se);
      sw += w;
      swx += w * tc;
      swy += w * edge.mean;
      swxx += w * tc * tc;
      swxy += w * tc * edge.mean;
    }
  }
  const double spread = sw * swxx - swx * swx;
  if (spread > 0) {
    r.slope = {(sw * swxy - swx * swy) / spread, std::sqrt(sw / spread), (swxx * swy - swx * swxy) / spread};
  }
  return r;
}

SimStatistics sim_statistics(const Tally& t, const Rules& rules, const std::optional<CountingSettings>& counting) {
  const std::int64_t bet = rules.initial_bet_units();
  SimStatistics r;
  for (int s = 0; s < rules.seats; ++s) r.all_seats.merge(t.seats[static_cast<std::size_t>(s)]);
  r.seat_rounds = t.rounds * rules.seats;
  r.edge = table_edge(t, rules);
  r.per_seat = core::mean_estimate(r.all_seats.net, r.all_seats.net_squared, r.seat_rounds, static_cast<double>(bet));
  r.pooled = seat_statistics(r.all_seats, r.seat_rounds, bet);
  for (int s = 0; s < rules.seats; ++s)
    r.seats.push_back(seat_statistics(t.seats[static_cast<std::size_t>(s)], t.rounds, bet));
  r.dealer = dealer_statistics(t);
  if (t.control.rounds != 0) {
    if (t.control.rounds != t.rounds) {
      throw Error("a tally of " + std::to_string(t.rounds) + " rounds of which " + std::to_string(t.control.rounds) +
                  " were controlled: controlled and plain chunks do not merge (control_variate differs)");
    }
    ControlStatistics c;
    c.plain_edge = r.edge;
    r.edge = controlled_table_edge(t, rules);
    for (int s = 0; s < rules.seats; ++s) {
      c.plain_seats.push_back(r.seats[static_cast<std::size_t>(s)].edge);
      r.seats[static_cast<std::size_t>(s)].edge = controlled_seat_edge(t, rules, s);
    }
    c.reduction = variance_reduction(t);
    c.effective_rounds = static_cast<double>(t.rounds) * c.reduction.factor;
    r.control = c;
  }
  if (!rules.infinite()) r.rounds_per_shoe = rate(t.rounds, t.shoes);
  if (counting) r.counting = counting_statistics(t, rules, *counting);
  return r;
}

SideBetStatistics side_bet_statistics(const Tally& tally, std::size_t index, const SideBet& bet, const ParSheet& exact,
                                      const Rules& rules) {
  const SideBetTally& t = tally.side_bets[index];
  const double unit_bets = static_cast<double>(rules.seats) * static_cast<double>(side_bet_pays(bet).unit);
  SideBetStatistics s;
  s.bets = t.bets;
  s.player_return = core::mean_estimate(t.net, t.net_squared, tally.rounds, unit_bets);
  s.wins.assign(t.wins.begin(), t.wins.begin() + static_cast<std::ptrdiff_t>(bet.outcomes.size()));
  std::int64_t won = 0;
  for (const std::int64_t w : s.wins) won += w;
  s.losses = t.bets - won;
  s.hit_frequency = rate(won, t.bets);
  s.exact = compare_with_exact(s.player_return, exact.expected_return(), false, rules);
  for (std::size_t b = 0; b < t.by_true_count.size(); ++b) {
    const std::int64_t rounds = tally.counting.by_true_count[b].rounds;
    if (rounds == 0) continue;
    const SideBetTrueCountTally& at = t.by_true_count[b];
    s.by_true_count.push_back({static_cast<int>(b) - TRUE_COUNT_LIMIT, rounds * rules.seats,
                               core::mean_estimate(at.net, at.net_squared, rounds, unit_bets)});
  }
  return s;
}

ExactComparison compare_with_exact(const core::MeanEstimate& edge, double exact_ev, bool index_plays,
                                   const Rules& rules) {
  ExactComparison r;
  r.exact_ev = exact_ev;
  r.same_strategy = !index_plays;
  if (!index_plays && edge.has_se() && edge.se > 0) r.difference_in_se = (edge.mean - exact_ev) / edge.se;
  r.comparable = !index_plays && (rules.reshuffle == Reshuffle::every_round || rules.infinite());
  if (!index_plays && !r.comparable && edge.has_se()) {
    core::MeanEstimate effect = edge;
    effect.mean = exact_ev - edge.mean;
    effect.ci95_low = exact_ev - edge.ci95_high;
    effect.ci95_high = exact_ev - edge.ci95_low;
    r.cut_card_effect = effect;
  }
  return r;
}

}  // namespace cardsim::blackjack
