// The counts and sums a blackjack run accumulates. Integers only, so any two
// tallies merge exactly by addition, in any order (see run/runner.hpp). Means,
// rates, standard errors and intervals are derived when reporting (io/result).
//
// Money is in units of Rules::bet_units() per initial bet (whole numbers for
// every payout). Sums of squares are exact in 64 bits for up to about 10^13
// rounds at the largest possible swing per round.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/dealer.hpp"
#include "cardsim/blackjack/rules.hpp"

namespace cardsim::blackjack {

// A named member of a tally struct. Each struct below has one table of its
// members, in the order the result JSON lists them; merge(), the JSON writer
// and the reader (io/tally_json.cpp) all walk that table, so a new field is added
// in one place.
template <class Struct, class Value = std::int64_t>
struct TallyField {
  const char* name;
  Value Struct::*member;
};

// What happened at one seat, summed over rounds.
struct SeatTally {
  std::int64_t net = 0;          // units won (+) or lost (-), insurance included
  std::int64_t net_squared = 0;  // sum over rounds of (net of the round)^2
  std::int64_t wagered = 0;      // units put at risk: bets, doubles, splits, insurance
  std::int64_t hands = 0;        // hands played, split hands included
  std::int64_t wins = 0;         // hands won (blackjacks included)
  std::int64_t losses = 0;       // hands lost (busts included)
  std::int64_t pushes = 0;       // hands tied
  std::int64_t blackjacks = 0;   // player naturals
  std::int64_t doubles = 0;      // hands doubled
  std::int64_t splits = 0;       // split actions (each adds a hand)
  std::int64_t surrenders = 0;   // hands surrendered
  std::int64_t insurances = 0;   // insurance bets taken (even money included)
  std::int64_t insurance_wins = 0;
  std::int64_t busts = 0;  // player hands busted

  void merge(const SeatTally& other);
  friend bool operator==(const SeatTally&, const SeatTally&) = default;
};
// The result JSON's "seats_fields" (a seat is a row of these).
inline constexpr auto SEAT_TALLY_FIELDS = std::to_array<TallyField<SeatTally>>({
    {"net", &SeatTally::net},
    {"net_squared", &SeatTally::net_squared},
    {"wagered", &SeatTally::wagered},
    {"hands", &SeatTally::hands},
    {"wins", &SeatTally::wins},
    {"losses", &SeatTally::losses},
    {"pushes", &SeatTally::pushes},
    {"blackjacks", &SeatTally::blackjacks},
    {"doubles", &SeatTally::doubles},
    {"splits", &SeatTally::splits},
    {"surrenders", &SeatTally::surrenders},
    {"insurances", &SeatTally::insurances},
    {"insurance_wins", &SeatTally::insurance_wins},
    {"busts", &SeatTally::busts},
});

// What happened at one true count (bucket -TRUE_COUNT_LIMIT..+TRUE_COUNT_LIMIT),
// over every round dealt at it before the deal (played or watched). `net` is the table's
// result at a flat bet of one base bet per seat, in money units, so the edge
// at this count is net / (rounds x seats x bet units).
struct TrueCountTally {
  std::int64_t rounds = 0;       // rounds dealt with this true count before the deal
  std::int64_t shoes = 0;        // shoes (shuffle to shuffle) that dealt a round at it
  std::int64_t played = 0;       // of which the counter played (wonging: the rest were watched)
  std::int64_t net = 0;          // flat-bet table net, money units
  std::int64_t net_squared = 0;  // sum over rounds of (flat-bet table net)^2
  // Insurance, by the true count when it is offered (after the deal: the up
  // card and the players' cards seen), which may differ from the bucket's
  // true count before the deal:
  std::int64_t ace_up = 0;       // rounds with an ace up at this true count
  std::int64_t ten_in_hole = 0;  // of those, the dealer's hole card was a ten (insurance wins 2:1)

  void merge(const TrueCountTally& other);
  friend bool operator==(const TrueCountTally&, const TrueCountTally&) = default;
};
// The result JSON's "by_true_count_fields" after the true count itself.
inline constexpr auto TRUE_COUNT_TALLY_FIELDS = std::to_array<TallyField<TrueCountTally>>({
    {"rounds", &TrueCountTally::rounds},
    {"shoes", &TrueCountTally::shoes},
    {"played", &TrueCountTally::played},
    {"net", &TrueCountTally::net},
    {"net_squared", &TrueCountTally::net_squared},
    {"ace_up", &TrueCountTally::ace_up},
    {"ten_in_hole", &TrueCountTally::ten_in_hole},
});

// A sum that may pass 64 bits: squares of per-chunk totals over many chunks.
__extension__ typedef __int128 WideSum;

// Each chunk's totals squared and multiplied, summed over chunks, for
// batch-means standard errors. The count ties the rounds of a shoe together,
// so quantities that follow it (the bet, how often each true count comes) vary
// more than independent rounds would say; chunks are independent replications
// (each its own random stream, starting from a fresh shoe), so the spread of
// their totals measures it.
struct ChunkSums {
  std::int64_t chunks = 0;
  WideSum rounds_squared = 0;       // (rounds dealt)^2
  WideSum played_squared = 0;       // (rounds the counter played)^2
  WideSum bet_units_squared = 0;    // (base bets per seat)^2
  WideSum bet_units_by_played = 0;  // base bets per seat x rounds played
  // For the SD of the counter's result per round, with x the net and q the
  // net squared summed over the chunk's played rounds (money units) and n the
  // rounds played: sums of q^2, q x, q n, x^2 and x n. Only q^2 can pass 128
  // bits (at the largest bets, chunks and chunk counts): `sd_overflow` then
  // counts the chunks whose q^2 did not fit, and the SD's SE is not given.
  WideSum net_squared_squared = 0;
  WideSum net_squared_by_net = 0;
  WideSum net_squared_by_played = 0;
  WideSum net_by_net = 0;
  WideSum net_by_played = 0;
  std::int64_t sd_overflow = 0;
  // By true count before the deal (as by_true_count): (rounds dealt at it)^2,
  // and rounds dealt at it x rounds dealt.
  std::array<WideSum, TRUE_COUNT_BUCKETS> at_true_count_squared{};
  std::array<WideSum, TRUE_COUNT_BUCKETS> at_true_count_by_rounds{};

  void merge(const ChunkSums& other);
  friend bool operator==(const ChunkSums&, const ChunkSums&) = default;
};
// The wide sums of ChunkSums (written as decimal strings); chunks,
// sd_overflow and the by-true-count arrays are handled apart.
inline constexpr auto CHUNK_SUMS_WIDE_FIELDS = std::to_array<TallyField<ChunkSums, WideSum>>({
    {"rounds_squared", &ChunkSums::rounds_squared},
    {"played_squared", &ChunkSums::played_squared},
    {"bet_units_squared", &ChunkSums::bet_units_squared},
    {"bet_units_by_played", &ChunkSums::bet_units_by_played},
    {"net_squared_squared", &ChunkSums::net_squared_squared},
    {"net_squared_by_net", &ChunkSums::net_squared_by_net},
    {"net_squared_by_played", &ChunkSums::net_squared_by_played},
    {"net_by_net", &ChunkSums::net_by_net},
    {"net_by_played", &ChunkSums::net_by_played},
});

// The control variate's sums (blackjack/control_variate.hpp), zero unless the
// engine controls its rounds. A round's control (the sum of its D_k, money
// units) enters rounded to a whole number of 2^-CONTROL_FRACTION_BITS units,
// so that tallies still merge exactly in any order; the rounding moves an
// estimate by less than 2^-33 units a round. The controlled result of a
// round is its net minus its control.
inline constexpr int CONTROL_FRACTION_BITS = 32;
// The fourth powers (for the variance reduction factor's standard error) take
// the controlled result to 2^-CONTROL_FOURTH_BITS units.
inline constexpr int CONTROL_FOURTH_BITS = 12;
// A cycle is a shoe, from its shuffle to the next (a round when every round
// has a fresh shoe or an infinite deck; a chunk's last shoe ends with the
// chunk). Cycles are independent, the rounds of a shoe are not (its
// composition drifts, and the controlled results follow the drift), so the
// controlled estimates' standard errors come from the cycles' totals (the
// regenerative method: a ratio estimator over cycles). A cycle's controlled
// total enters in whole 2^-CONTROL_CYCLE_BITS units.
inline constexpr int CONTROL_CYCLE_BITS = 16;
// The fourth powers of cycle totals (the variance reduction factor's
// standard error), centred on the cycle's rounds x the value of a round
// before its first card, in 2^-CONTROL_CYCLE_FOURTH_BITS units.
inline constexpr int CONTROL_CYCLE_FOURTH_BITS = 6;
// The control variate's sums of a counted run (zero without counting), as
// CountingTally's: by true count before the deal (every round dealt, flat
// bet: the table's controls, and over cycles, with Z_b the cycle's
// controlled total at that count in 2^-16 units and N_b its rounds there,
// Z_b^2, Z_b N_b and N_b^2), and the counter's money (the rounds played, at
// the ramp's bets: the sum of bets x control, and over cycles Z^2, Z P and
// P^2 with Z the cycle's bets x controlled results, P its rounds played).
struct CountingControlTally {
  std::array<WideSum, TRUE_COUNT_BUCKETS> control{};                     // 2^-32 units
  std::array<WideSum, TRUE_COUNT_BUCKETS> cycle_controlled_squared{};    // 2^-32 units
  std::array<WideSum, TRUE_COUNT_BUCKETS> cycle_controlled_by_rounds{};  // 2^-16 units
  std::array<WideSum, TRUE_COUNT_BUCKETS> cycle_rounds_squared{};
  WideSum counter_control = 0;                     // 2^-32 units
  WideSum counter_cycle_controlled_squared = 0;    // 2^-32 units
  WideSum counter_cycle_controlled_by_played = 0;  // 2^-16 units
  WideSum counter_cycle_played_squared = 0;

  bool empty() const { return *this == CountingControlTally{}; }
  void merge(const CountingControlTally& other);
  friend bool operator==(const CountingControlTally&, const CountingControlTally&) = default;
};
// Its arrays (by true count) and its counter's sums.
inline constexpr auto COUNTING_CONTROL_BUCKET_FIELDS =
    std::to_array<TallyField<CountingControlTally, std::array<WideSum, TRUE_COUNT_BUCKETS>>>({
        {"control", &CountingControlTally::control},
        {"cycle_controlled_squared", &CountingControlTally::cycle_controlled_squared},
        {"cycle_controlled_by_rounds", &CountingControlTally::cycle_controlled_by_rounds},
        {"cycle_rounds_squared", &CountingControlTally::cycle_rounds_squared},
    });
inline constexpr auto COUNTING_CONTROL_COUNTER_FIELDS = std::to_array<TallyField<CountingControlTally, WideSum>>({
    {"counter_control", &CountingControlTally::counter_control},
    {"counter_cycle_controlled_squared", &CountingControlTally::counter_cycle_controlled_squared},
    {"counter_cycle_controlled_by_played", &CountingControlTally::counter_cycle_controlled_by_played},
    {"counter_cycle_played_squared", &CountingControlTally::counter_cycle_played_squared},
});

struct ControlTally {
  std::int64_t rounds = 0;                                   // rounds played with the control
  std::array<WideSum, MAX_SEATS> seat_control{};             // sum of controls, 2^-32 units
  std::array<WideSum, MAX_SEATS> seat_controlled_squared{};  // sum of (controlled result)^2, 2^-64 units
  WideSum table_control = 0;                                 // the table's (all seats), 2^-32 units
  WideSum table_controlled_squared = 0;                      // 2^-64 units
  WideSum table_net_fourth = 0;                              // sum of (table net)^4, money units
  WideSum table_controlled_fourth = 0;                       // sum of (controlled)^4, 2^-48 units
  WideSum table_net_squared_controlled_squared = 0;          // sum of net^2 (controlled)^2, 2^-24 units
  // Over cycles, with N a cycle's rounds, Y its table net (money units) and Z
  // its table controlled total (2^-16 units); Y' and Z' centred (above):
  std::int64_t cycles = 0;
  WideSum cycle_rounds_squared = 0;                  // N^2
  WideSum cycle_net_squared = 0;                     // Y^2
  WideSum cycle_net_by_rounds = 0;                   // Y N
  WideSum cycle_controlled_squared = 0;              // Z^2, 2^-32 units
  WideSum cycle_controlled_by_rounds = 0;            // Z N, 2^-16 units
  WideSum cycle_net_fourth = 0;                      // Y'^4, 2^-24 units
  WideSum cycle_controlled_fourth = 0;               // Z'^4, 2^-24 units
  WideSum cycle_net_squared_controlled_squared = 0;  // Y'^2 Z'^2, 2^-24 units
  // Each seat's controlled cycle totals Z_s (2^-16 units): Z_s^2 and Z_s N.
  std::array<WideSum, MAX_SEATS> seat_cycle_controlled_squared{};
  std::array<WideSum, MAX_SEATS> seat_cycle_controlled_by_rounds{};
  CountingControlTally counting{};  // counted runs

  bool empty() const { return *this == ControlTally{}; }
  void merge(const ControlTally& other);
  friend bool operator==(const ControlTally&, const ControlTally&) = default;
};
// ControlTally's table sums (rounds and the seat arrays apart).
inline constexpr auto CONTROL_TALLY_WIDE_FIELDS = std::to_array<TallyField<ControlTally, WideSum>>({
    {"table_control", &ControlTally::table_control},
    {"table_controlled_squared", &ControlTally::table_controlled_squared},
    {"table_net_fourth", &ControlTally::table_net_fourth},
    {"table_controlled_fourth", &ControlTally::table_controlled_fourth},
    {"table_net_squared_controlled_squared", &ControlTally::table_net_squared_controlled_squared},
    {"cycle_rounds_squared", &ControlTally::cycle_rounds_squared},
    {"cycle_net_squared", &ControlTally::cycle_net_squared},
    {"cycle_net_by_rounds", &ControlTally::cycle_net_by_rounds},
    {"cycle_controlled_squared", &ControlTally::cycle_controlled_squared},
    {"cycle_controlled_by_rounds", &ControlTally::cycle_controlled_by_rounds},
    {"cycle_net_fourth", &ControlTally::cycle_net_fourth},
    {"cycle_controlled_fourth", &ControlTally::cycle_controlled_fourth},
    {"cycle_net_squared_controlled_squared", &ControlTally::cycle_net_squared_controlled_squared},
});
// A cycle's totals (money units; controls in 2^-32 units), as the engine
// closes it: its rounds, each seat's net and control.
struct ControlCycle {
  std::int64_t rounds = 0;
  std::array<std::int64_t, MAX_SEATS> seat_net{};
  std::array<WideSum, MAX_SEATS> seat_control{};
};
// Adds a closed cycle of `seats` seats to `control`'s cycle sums; `round_value`
// is the value of a round before its first card (money units), the centre of
// the fourth powers. A cycle without rounds adds nothing.
void add_control_cycle(const ControlCycle& cycle, int seats, double round_value, ControlTally& control);
// A counted cycle's totals: by true count before the deal the table's
// controlled results (2^-32 units) and rounds, and the counter's bets x
// controlled results (2^-32 units) and rounds played.
struct CountedControlCycle {
  std::array<WideSum, TRUE_COUNT_BUCKETS> controlled{};
  std::array<std::int64_t, TRUE_COUNT_BUCKETS> rounds{};
  WideSum counter_controlled = 0;
  std::int64_t played = 0;
};
// Adds a closed counted cycle to `control`'s cycle sums.
void add_counted_control_cycle(const CountedControlCycle& cycle, CountingControlTally& control);

// The counter's money: the rounds played, with the ramp's bets (an integer
// number of base bets per round, every seat the same). All sums in money
// units (Rules::bet_units() per base bet); zero when counting is off.
// Exact while rounds x (largest round result)^2 < 9.2e18: with bets up to
// MAX_BET_UNITS that is over 10^10 rounds for one seat at 3:2.
struct CountingTally {
  std::int64_t rounds_played = 0;
  std::int64_t bet_units = 0;          // sum of base bets per round (per seat)
  std::int64_t bet_units_squared = 0;  // sum of their squares
  std::int64_t net = 0;                // all seats, insurance included
  std::int64_t net_squared = 0;        // sum over played rounds of (net of the round)^2
  std::int64_t wagered = 0;            // bets, doubles, splits and insurance actually put at risk
  std::array<TrueCountTally, TRUE_COUNT_BUCKETS> by_true_count{};
  ChunkSums chunk_sums{};

  bool empty() const { return *this == CountingTally{}; }
  void merge(const CountingTally& other);
  friend bool operator==(const CountingTally&, const CountingTally&) = default;
};
// CountingTally's counts and sums (by_true_count and chunk_sums apart).
inline constexpr auto COUNTING_TALLY_FIELDS = std::to_array<TallyField<CountingTally>>({
    {"rounds_played", &CountingTally::rounds_played},
    {"bet_units", &CountingTally::bet_units},
    {"bet_units_squared", &CountingTally::bet_units_squared},
    {"net", &CountingTally::net},
    {"net_squared", &CountingTally::net_squared},
    {"wagered", &CountingTally::wagered},
});

// Side bets a run may carry, and the outcomes of one that it tallies apart
// (Engine refuses more).
inline constexpr int MAX_SIDE_BETS = 4;
inline constexpr int MAX_SIDE_BET_OUTCOMES = 16;

// One side bet's results at one true count before the deal (counting runs):
// the table's money on the bet, in the bet's pay units; its bets are the
// rounds dealt at that count (CountingTally::by_true_count) x seats.
struct SideBetTrueCountTally {
  std::int64_t net = 0;
  std::int64_t net_squared = 0;  // sum over rounds of (the table's net on the bet in the round)^2

  friend bool operator==(const SideBetTrueCountTally&, const SideBetTrueCountTally&) = default;
};

// One side bet (Engine's side_bets()[i]), one unit on it at every seat every
// round. Money in the bet's pay units (blackjack::side_bet_pays: `unit` of
// them are one unit bet), so every pay is a whole number.
struct SideBetTally {
  std::int64_t bets = 0;         // units bet: rounds x seats
  std::int64_t net = 0;          // the players' net on the bet (pay units)
  std::int64_t net_squared = 0;  // sum over rounds of (the table's net on the bet in the round)^2
  std::array<std::int64_t, MAX_SIDE_BET_OUTCOMES> wins{};  // bets won, by outcome of the pay table
  std::array<SideBetTrueCountTally, TRUE_COUNT_BUCKETS> by_true_count{};

  void merge(const SideBetTally& other);
  friend bool operator==(const SideBetTally&, const SideBetTally&) = default;
};
// SideBetTally's sums (wins and by_true_count apart).
inline constexpr auto SIDE_BET_TALLY_FIELDS = std::to_array<TallyField<SideBetTally>>({
    {"bets", &SideBetTally::bets},
    {"net", &SideBetTally::net},
    {"net_squared", &SideBetTally::net_squared},
});

// What a counter played at one true count (before the deal) through a chunk,
// at one base bet per seat (money units): the rounds, their net and net
// squared, and the wagers (bets, doubles, splits, insurance).
struct PlayedBucket {
  std::int64_t rounds = 0;
  std::int64_t net = 0;
  std::int64_t net_squared = 0;
  std::int64_t wagered = 0;
};
using PlayedBuckets = std::array<PlayedBucket, TRUE_COUNT_BUCKETS>;
// A bet ramp resolved by bucket: base bets per seat at each true count.
using BucketUnits = std::array<std::int64_t, TRUE_COUNT_BUCKETS>;

// Adds to `counted` the counter's money of the rounds in `played` (one chunk
// at a flat bet) at `units` base bets per seat by bucket: rounds played, bet
// sums, net, net squared and wagered, scaled exactly (a round's net at u base
// bets is u times its net at one), and each bucket's `played`. The engine
// adds every chunk's money so; a ramp's money on rounds played at another
// ramp follows the same way (blackjack/ramp.hpp).
void add_counter_money(const PlayedBuckets& played, const BucketUnits& units, CountingTally& counted);

// Adds one chunk to counted.chunk_sums: the chunk's totals (what `counted`
// gained since `before`: rounds played, bets, net, net squared, rounds by
// true count), squared and multiplied, with `rounds_dealt` rounds dealt.
void add_chunk_sums(std::int64_t rounds_dealt, const CountingTally& before, CountingTally& counted);

struct Tally {
  std::int64_t rounds = 0;
  std::int64_t shoes = 0;                  // shuffles (a fresh shoe each chunk counts)
  std::int64_t exhaustion_reshuffles = 0;  // mid-round reshuffles of the discards
  std::int64_t dealer_blackjacks = 0;
  // The whole table's net per round (all seats), for the pooled edge's variance.
  std::int64_t table_net = 0;
  std::int64_t table_net_squared = 0;
  std::array<SeatTally, MAX_SEATS> seats{};
  // Rounds by dealer up card (index = card value 1..10, 0 unused).
  std::array<std::int64_t, CARD_VALUES + 1> upcard_rounds{};
  // Dealer's final hand by up card, over the rounds in which the dealer's hand
  // was completed (some player hand still needed it) or was a blackjack.
  std::array<std::array<std::int64_t, DEALER_FINALS>, CARD_VALUES + 1> dealer_final{};
  // The same over the other rounds, those that left the dealer nothing to play
  // for (every hand busted, surrendered or a natural): the dealer's hand
  // completed for the statistics only, from cards that all went back to the
  // shoe (Shoe::Lookahead), so the game is dealt as if it had not been. With
  // dealer_final: the dealer's hand played out in every round.
  std::array<std::array<std::int64_t, DEALER_FINALS>, CARD_VALUES + 1> dealer_final_unneeded{};
  // Card counting (all zero when counting is off). The fields above are the
  // same with counting on: every round at a flat bet of one base bet per seat
  // (index plays included), whatever the ramp and wonging do with the money.
  CountingTally counting{};
  // Side bets (all zero without them), in the order the run's engine lists them.
  std::array<SideBetTally, MAX_SIDE_BETS> side_bets{};
  // The control variate (zero when the run is not controlled).
  ControlTally control{};

  void merge(const Tally& other);
  friend bool operator==(const Tally&, const Tally&) = default;
};
// Tally's counts and sums (seats, the arrays and counting apart).
inline constexpr auto TALLY_FIELDS = std::to_array<TallyField<Tally>>({
    {"rounds", &Tally::rounds},
    {"shoes", &Tally::shoes},
    {"exhaustion_reshuffles", &Tally::exhaustion_reshuffles},
    {"dealer_blackjacks", &Tally::dealer_blackjacks},
    {"table_net", &Tally::table_net},
    {"table_net_squared", &Tally::table_net_squared},
});
// The dealer's final hands by up card.
using DealerFinals = std::array<std::array<std::int64_t, DEALER_FINALS>, CARD_VALUES + 1>;
inline constexpr auto TALLY_DEALER_FINAL_FIELDS = std::to_array<TallyField<Tally, DealerFinals>>({
    {"dealer_final", &Tally::dealer_final},
    {"dealer_final_unneeded", &Tally::dealer_final_unneeded},
});

// What is impossible in `tally`, a tally of a run of `rules` read back from
// a file (a checkpoint, a shard): "" if nothing. A checksum only catches
// accidents (its hash is public); this checks that the tally could have been
// played: counts not negative and within their totals (blackjacks and
// insurance wins within the rounds, busts within the losses, at most the
// rounds at each true count...), each hand won, lost, pushed or surrendered,
// a seat's hands its rounds and splits and its wagers its hands, doubles and
// insurances, the seats' nets the table's, the rounds by up card, by dealer
// final and by true count adding up to the rounds, sums of squares no smaller
// than Cauchy-Schwarz allows of their sums, side bets placed every round by
// every seat, and the control's sums those of the rounds (its seats' adding
// up to the table's, cycles within the rounds). What the message names is a
// field of the tally JSON (io/tally_json.cpp).
std::string tally_problem(const Tally& tally, const Rules& rules);

}  // namespace cardsim::blackjack
