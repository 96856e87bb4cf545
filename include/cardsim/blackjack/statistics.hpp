// What a blackjack run's figures are, derived from its Tally: the edges, the
// rates, the dealer's final totals, the card counter's metrics (win, SD, DI,
// SCORE, N0, risk of ruin, the edge by true count and its slope) and the
// comparison with the exact value, as plain structs. The estimators are
// core/estimate.hpp's; io/result.hpp only converts these structs to the result
// JSON and the summary.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "cardsim/blackjack/estimates.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"

namespace cardsim::blackjack {

// part / whole, 0 without a whole: the result's rates.
double rate(std::int64_t part, std::int64_t whole);

// A share of observations with its binomial standard error sqrt(p (1 - p) /
// total) (core::proportion), observations taken as independent: 0 without
// observations, and no standard error under two.
struct Share {
  double value = 0;
  std::optional<double> se;
};
Share share(std::int64_t count, std::int64_t total);

// One seat's figures (or all seats' together) over `rounds` of its rounds.
struct SeatStatistics {
  core::MeanEstimate edge;  // net per initial wager
  // Per hand played:
  double win = 0;
  double loss = 0;
  double push = 0;
  double surrender = 0;
  double double_down = 0;
  double player_bust = 0;
  // Per round:
  double blackjack = 0;
  double split = 0;
  double insurance = 0;
  double hands = 0;
  double wagered = 0;  // in initial wagers
};
SeatStatistics seat_statistics(const SeatTally& seat, std::int64_t rounds, std::int64_t bet_units);

// The distribution of the dealer's final result (indexed by DealerFinal) over
// some rounds.
using DealerFinalShares = std::array<Share, DEALER_FINALS>;

// The dealer by up card. `played_out`: over every round, the hands no player
// needed completed for the statistics; `..._when_played`: over the rounds in
// which the dealer drew to a total or had a blackjack (they depend on the
// players' play).
struct DealerUpcardStatistics {
  std::int64_t rounds = 0;              // rounds with this up card
  std::int64_t rounds_when_played = 0;  // of which the dealer played or had a blackjack
  double bust_rate_when_played = 0;
  std::array<double, DEALER_FINALS> final_when_played{};
  DealerFinalShares played_out{};
};
struct DealerStatistics {
  std::int64_t blackjacks = 0;
  double blackjack_rate = 0;  // per round
  DealerFinalShares played_out{};
  double bust_rate_when_played = 0;
  std::array<DealerUpcardStatistics, CARD_VALUES + 1> by_upcard{};  // index = up card 1..10
};
DealerStatistics dealer_statistics(const Tally& tally);

// What the counter's metrics need besides the tally.
struct CountingSettings {
  double bankroll = 1000;        // base bets, for the risk of ruin
  double rounds_per_hour = 100;  // for the hours to N0
};

// Fewer chunks than this give no batch-means standard error: the spread of a
// handful of chunks says little about its own size.
inline constexpr std::int64_t MIN_CHUNKS_FOR_SE = 10;
// True counts whose edges the slope is fitted over (both ends included), and
// the fewest rounds a true count needs to be in the fit.
inline constexpr int SLOPE_TRUE_COUNT_RANGE = 6;
// The fewest shoes a true count must be reached in for its edge's SE: a
// shoe's rounds at one count go together, so the SE comes from the spread
// across shoes, and from fewer than this it is itself too uncertain (a count
// seen in one shoe had a controlled SE of 0).
inline constexpr std::int64_t MIN_SHOES_FOR_SE = 30;
inline constexpr std::int64_t SLOPE_MIN_ROUNDS = 100;

// One true count (before the deal) of a counting run.
struct TrueCountStatistics {
  int true_count = 0;
  std::int64_t rounds = 0;             // dealt at it, watched ones too
  std::int64_t shoes = 0;              // the shoes that dealt those rounds
  double frequency = 0;                // of all rounds dealt
  std::optional<double> frequency_se;  // batch means; absent under MIN_CHUNKS_FOR_SE chunks
  std::int64_t played = 0;
  // The flat-bet edge per initial bet of its rounds: absent without rounds,
  // its SE under two rounds or MIN_SHOES_FOR_SE shoes.
  std::optional<double> edge;
  std::optional<double> edge_se;
  // A controlled run's plain edge of the same rounds (edge is controlled),
  // and its SE (absent as edge_se is).
  std::optional<double> edge_plain;
  std::optional<double> edge_plain_se;
  // Insurance by the true count when it is offered: rounds with an ace up, the
  // share of them with a ten in the hole, and the EV per unit insured 3 p - 1
  // (absent without an ace up) with its SE (3 x the share's).
  std::int64_t ace_up = 0;
  double ten_in_hole = 0;
  std::optional<double> insurance_ev;
  std::optional<double> insurance_se;
  bool clamped = false;  // the bucket holds every count beyond +/-TRUE_COUNT_LIMIT
};

// N0 = variance / win^2 rounds (after N0 rounds the expected win is one SD of
// the result), for a winning game.
struct N0Statistics {
  double rounds = 0;
  double se = 0;  // the delta method: 2 N0 SE(win) / win (the SD is known far better)
  // N0 at the ends of the win's 95% interval (low: at its upper end); the upper
  // end is absent (unbounded) when that interval reaches 0.
  double ci95_low = 0;
  std::optional<double> ci95_high;
  // The same in hours at CountingSettings::rounds_per_hour.
  double hours = 0;
  double hours_se = 0;
  double hours_ci95_low = 0;
  std::optional<double> hours_ci95_high;
};

// The risk of ruin of a bankroll for unlimited play with a fixed ramp, by the
// diffusion approximation exp(-2 EV B / Var) (1 for a game that does not
// win); the interval takes EV at the ends of its 95% interval.
struct RiskOfRuin {
  double bankroll = 0;  // base bets
  double value = 1;
  double ci95_low = 1;
  double ci95_high = 1;
};

// The weighted least-squares line (weights 1 / SE^2) of the edge on the true
// count over true counts -SLOPE_TRUE_COUNT_RANGE..+SLOPE_TRUE_COUNT_RANGE with
// at least SLOPE_MIN_ROUNDS rounds; all 0 without two such counts.
struct EdgeSlope {
  double slope = 0;
  double se = 0;
  double intercept = 0;
};

// The card counter's figures: the money with the ramp and wonging, per round
// played, in base bets, all seats together; the true counts over every round
// dealt at a flat bet.
struct CountingStatistics {
  std::int64_t rounds_dealt = 0;
  std::int64_t rounds_played = 0;
  double share_played = 0;
  double average_initial_bet = 0;                // base bets per round played, all seats
  std::optional<double> average_initial_bet_se;  // batch means (chunks)
  double wagered_per_round = 0;                  // base bets
  // Per round played, base bets; win.sd is the SD per round of the counter's
  // result. In a controlled run the mean and SE are the controlled
  // estimate's (the SD stays the result's: the risk the player runs).
  core::MeanEstimate win;
  std::optional<core::MeanEstimate> win_plain;     // a controlled run's plain win
  std::optional<VarianceReduction> win_reduction;  // plain over controlled variance of the win's estimate
  std::optional<double> sd_se;                     // batch means and the delta method
  double edge_per_initial_bet = 0;                 // win / average initial bet
  std::optional<double> edge_per_initial_bet_se;
  double di = 0;  // desirability index 1000 win / SD (Schlesinger)
  std::optional<double> di_se;
  double score = 0;  // DI^2 with the win's sign
  std::optional<double> score_se;
  std::optional<N0Statistics> n0;  // absent for a game that does not win
  RiskOfRuin risk_of_ruin;
  std::vector<TrueCountStatistics> by_true_count;  // every count seen (dealt or insurance offered), ascending
  EdgeSlope slope;
};
CountingStatistics counting_statistics(const Tally& tally, const Rules& rules, const CountingSettings& settings);

// A controlled run's plain estimates beside the controlled ones, and the
// variance reduction (simulate.hpp).
struct ControlStatistics {
  core::MeanEstimate plain_edge;                // the table's, per initial wager
  std::vector<core::MeanEstimate> plain_seats;  // each seat's
  VarianceReduction reduction;
  double effective_rounds = 0;  // rounds x factor: the plain rounds that would give the same SE
};

// Every figure of a run derived from its tally.
struct SimStatistics {
  // The edge per initial wager of the whole table: its variance comes from the
  // table's net per round, since the seats of a round share a dealer. The
  // controlled estimate when the run was controlled (seats' edges too).
  core::MeanEstimate edge;
  std::optional<ControlStatistics> control;  // a controlled run's plain estimates and factor
  // The same per seat-round: its SD is the result's SD per round.
  core::MeanEstimate per_seat;
  SeatTally all_seats;  // the seats' tallies summed
  std::int64_t seat_rounds = 0;
  SeatStatistics pooled;              // all_seats over seat_rounds
  std::vector<SeatStatistics> seats;  // each seat (the first dealt first) over the rounds
  DealerStatistics dealer;
  std::optional<double> rounds_per_shoe;       // absent for an infinite deck
  std::optional<CountingStatistics> counting;  // if counting settings were given
};
// Throws Error for a tally whose rounds were partly controlled (a merge of
// controlled and plain chunks).
SimStatistics sim_statistics(const Tally& tally, const Rules& rules,
                             const std::optional<CountingSettings>& counting = std::nullopt);

// The simulated edge beside the exact value of the same chart with a fresh
// shoe each round (Analyzer). With a cut card the simulated edge also holds
// the cut-card effect; index plays change the play by the count, which the
// analyzer does not know: the two are then not compared.
struct ExactComparison {
  double exact_ev = 0;
  bool same_strategy = true;  // false with index plays
  // (simulated - exact) / SE of the simulated edge; absent when not the same
  // strategy or without a standard error.
  std::optional<double> difference_in_se;
  // Whether they should agree: the same strategy and a fresh shoe each round
  // (or an infinite deck).
  bool comparable = false;
  // Where they should not (the same strategy, a shoe dealt to a cut card),
  // their difference is a figure of the game, the cut-card effect: this shoe
  // game's house edge less a fresh shoe's, per initial wager (exact_ev -
  // the simulated mean; positive: the cut card costs the player), with the
  // simulated edge's SE and CI (the exact value has none). Absent without an
  // SE.
  std::optional<core::MeanEstimate> cut_card_effect;
};
ExactComparison compare_with_exact(const core::MeanEstimate& edge, double exact_ev, bool index_plays,
                                   const Rules& rules);

// One side bet of a run (Tally::side_bets[i], one unit per seat and round),
// per unit bet. Its standard errors come from the table's net on the bet per
// round (the seats of a round share the dealer's cards), rounds taken as
// independent: exact with a fresh shoe each round, close with a cut card.
struct SideBetTrueCountStatistics {
  int true_count = 0;
  std::int64_t bets = 0;
  core::MeanEstimate player_return;  // per unit bet; its sd is of the table's net per round, per seat
};
struct SideBetStatistics {
  std::int64_t bets = 0;
  core::MeanEstimate player_return;  // the player's net per unit bet (negative: the house's edge)
  double hit_frequency = 0;          // bets won / bets
  std::vector<std::int64_t> wins;    // bets won, by outcome of the pay table
  std::int64_t losses = 0;
  // The exact return of a fresh shoe (the PAR sheet of the game's decks and
  // dealer rule) beside it: comparable with a fresh shoe each round.
  ExactComparison exact;
  std::vector<SideBetTrueCountStatistics> by_true_count;  // counting runs: each true count dealt, ascending
};
// Side bet `index` of `tally`, the bet `bet` with its exact PAR sheet `exact`.
SideBetStatistics side_bet_statistics(const Tally& tally, std::size_t index, const SideBet& bet, const ParSheet& exact,
                                      const Rules& rules);

}  // namespace cardsim::blackjack
