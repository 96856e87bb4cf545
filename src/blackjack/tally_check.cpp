// tally_problem(): whether a tally read back from a file could have been
// played (blackjack/tally.hpp). Every relation below holds by construction in
// the engine (Engine::add_derived_counts, the round's settlement, the
// counting and control sums); a file edited and resealed breaks one of them.
#include <algorithm>
#include <cstdint>
#include <string>

#include "cardsim/blackjack/tally.hpp"

namespace cardsim::blackjack {
namespace {

using Wide = WideSum;

// A 128-bit sum in decimal (signed division: each remainder has x's sign).
std::string text(Wide x) {
  const bool negative = x < 0;
  std::string digits;
  do {
    const int digit = static_cast<int>(x % 10);
    digits.push_back(static_cast<char>('0' + (negative ? -digit : digit)));
    x /= 10;
  } while (x != 0);
  if (negative) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

// A problem found: the first one is kept.
class Problems {
 public:
  // `field` (its value `value`) must not be negative.
  void not_negative(const std::string& field, Wide value) {
    if (value < 0) add(field + " is " + text(value) + ", a count or sum of squares below 0");
  }
  // `field` (value `value`) is at most `limit`, what `what` allows.
  void at_most(const std::string& field, Wide value, Wide limit, const std::string& what) {
    not_negative(field, value);
    if (value > limit) add(field + " is " + text(value) + ", more than " + what + " (" + text(limit) + ")");
  }
  // `field` (value `value`) equals `expected`, which `what` says it must.
  void equal(const std::string& field, Wide value, Wide expected, const std::string& what) {
    if (value != expected) add(field + " is " + text(value) + ", not " + text(expected) + " (" + what + ")");
  }
  // Cauchy-Schwarz: sum^2 <= count x squares, for `count` terms whose sum is
  // `sum` and sum of squares `squares` (in long double: the products of
  // 128-bit sums may not fit; the slack covers rounding only).
  void squares_hold_sum(const std::string& squares_field, long double squares, long double sum, long double count) {
    if (squares < 0) {
      add(squares_field + " is below 0");
    } else if (sum * sum > count * squares * (1 + 1e-12L) + 1) {
      add(squares_field + " is too small for its sum over " + text(static_cast<Wide>(count)) +
          " terms (a sum of squares is at least the square of the sum over the count)");
    }
  }
  void add(std::string problem) {
    if (first_.empty()) first_ = std::move(problem);
  }
  const std::string& first() const { return first_; }

 private:
  std::string first_;
};

constexpr long double TWO_32 = 4294967296.0L;

void check_seats(const Tally& t, const Rules& rules, Problems& p) {
  const Wide boxes = Wide{t.rounds} * rules.hands_per_seat();  // initial hands of a seat
  const std::int64_t bet = rules.bet_units();
  Wide net = 0;
  for (std::size_t s = 0; s < t.seats.size(); ++s) {
    const SeatTally& x = t.seats[s];
    const std::string seat = "seats[" + std::to_string(s) + "].";
    if (s >= static_cast<std::size_t>(rules.seats)) {
      if (!(x == SeatTally{})) {
        p.add("seats[" + std::to_string(s) + "] is not empty, but the game has " + std::to_string(rules.seats) +
              " seats");
      }
      continue;
    }
    for (const auto& field : SEAT_TALLY_FIELDS) {
      if (field.member != &SeatTally::net) p.not_negative(seat + field.name, x.*field.member);
    }
    p.equal(seat + "hands", x.hands, boxes + x.splits, "every round deals each box a hand, each split one more");
    p.equal(seat + "wins + losses + pushes + surrenders", Wide{x.wins} + x.losses + x.pushes + x.surrenders, x.hands,
            "each hand is won, lost, pushed or surrendered");
    p.equal(seat + "wagered", x.wagered, Wide{bet} * (x.hands + x.doubles) + Wide{bet / 2} * x.insurances,
            "a bet per hand, another per double, half one per insurance");
    p.at_most(seat + "doubles", x.doubles, x.hands, "its hands");
    p.at_most(seat + "busts", x.busts, x.losses, "its losses");
    p.at_most(seat + "blackjacks", x.blackjacks, boxes, "its initial hands");
    p.at_most(seat + "surrenders", x.surrenders, x.hands, "its hands");
    p.at_most(seat + "insurances", x.insurances, boxes, "its initial hands");
    p.at_most(seat + "insurance_wins", x.insurance_wins,
              std::min(Wide{x.insurances}, Wide{t.dealer_blackjacks} * rules.hands_per_seat()),
              "its insurances and the dealer's blackjacks");
    p.squares_hold_sum(seat + "net_squared", static_cast<long double>(x.net_squared), static_cast<long double>(x.net),
                       static_cast<long double>(t.rounds));
    net += x.net;
  }
  p.equal("table_net", t.table_net, net, "the seats' nets added up");
  if (rules.seats == 1) p.equal("table_net_squared", t.table_net_squared, t.seats[0].net_squared, "one seat's");
  p.squares_hold_sum("table_net_squared", static_cast<long double>(t.table_net_squared),
                     static_cast<long double>(t.table_net), static_cast<long double>(t.rounds));
}

// `field` "[index]" (appended, not inserted: GCC 12 warns of `"a" + string&&`).
std::string indexed(const char* field, std::size_t index) {
  std::string name = field;
  name += '[';
  name += std::to_string(index);
  name += ']';
  return name;
}

void check_dealer(const Tally& t, Problems& p) {
  p.at_most("dealer_blackjacks", t.dealer_blackjacks, t.rounds, "the rounds");
  p.equal("upcard_rounds[0]", t.upcard_rounds[0], 0, "no card is worth 0");
  Wide rounds = 0;
  for (std::size_t up = 1; up < t.upcard_rounds.size(); ++up) {
    p.not_negative(indexed("upcard_rounds", up), t.upcard_rounds[up]);
    rounds += t.upcard_rounds[up];
    Wide finals = 0;
    for (std::size_t f = 0; f < DEALER_FINALS; ++f) {
      p.not_negative(indexed("dealer_final", up), t.dealer_final[up][f]);
      p.not_negative(indexed("dealer_final_unneeded", up), t.dealer_final_unneeded[up][f]);
      finals += Wide{t.dealer_final[up][f]} + t.dealer_final_unneeded[up][f];
    }
    p.equal(indexed("dealer_final", up) + " and dealer_final_unneeded", finals, t.upcard_rounds[up],
            "the dealer's hand is played out once in every round with that up card");
  }
  p.equal("upcard_rounds", rounds, t.rounds, "every round has an up card");
}

void check_counting(const Tally& t, Problems& p) {
  const CountingTally& c = t.counting;
  if (c.empty()) return;
  for (const auto& field : COUNTING_TALLY_FIELDS) {
    if (field.member != &CountingTally::net) p.not_negative("counting." + std::string(field.name), c.*field.member);
  }
  p.at_most("counting.rounds_played", c.rounds_played, t.rounds, "the rounds dealt");
  Wide dealt = 0;
  Wide played = 0;
  Wide ace_up = 0;
  for (std::size_t b = 0; b < c.by_true_count.size(); ++b) {
    const TrueCountTally& x = c.by_true_count[b];
    const std::string at = "counting.by_true_count[" + std::to_string(static_cast<int>(b) - TRUE_COUNT_LIMIT) + "].";
    p.not_negative(at + "rounds", x.rounds);
    p.at_most(at + "shoes", x.shoes, x.rounds, "its rounds");
    p.at_most(at + "shoes", x.shoes, t.shoes, "the shoes dealt");
    p.at_most(at + "played", x.played, x.rounds, "its rounds");
    p.at_most(at + "ten_in_hole", x.ten_in_hole, x.ace_up, "its rounds with an ace up");
    p.squares_hold_sum(at + "net_squared", static_cast<long double>(x.net_squared), static_cast<long double>(x.net),
                       static_cast<long double>(x.rounds));
    dealt += x.rounds;
    played += x.played;
    ace_up += x.ace_up;
  }
  p.equal("counting.by_true_count rounds", dealt, t.rounds, "every round is dealt at one true count");
  p.equal("counting.by_true_count played", played, c.rounds_played, "the rounds played");
  p.equal("counting.by_true_count ace_up", ace_up, t.upcard_rounds[1], "the rounds with an ace up");
  p.at_most("counting.rounds_played", c.rounds_played, c.bet_units, "the base bets (one at least a round)");
  p.squares_hold_sum("counting.bet_units_squared", static_cast<long double>(c.bet_units_squared),
                     static_cast<long double>(c.bet_units), static_cast<long double>(c.rounds_played));
  p.squares_hold_sum("counting.net_squared", static_cast<long double>(c.net_squared), static_cast<long double>(c.net),
                     static_cast<long double>(c.rounds_played));
  p.not_negative("counting.chunk_sums.chunks", c.chunk_sums.chunks);
  p.at_most("counting.chunk_sums.sd_overflow", c.chunk_sums.sd_overflow, c.chunk_sums.chunks, "the chunks");
  p.squares_hold_sum("counting.chunk_sums.rounds_squared", static_cast<long double>(c.chunk_sums.rounds_squared),
                     static_cast<long double>(t.rounds), static_cast<long double>(c.chunk_sums.chunks));
}

void check_side_bets(const Tally& t, const Rules& rules, Problems& p) {
  for (std::size_t i = 0; i < t.side_bets.size(); ++i) {
    const SideBetTally& b = t.side_bets[i];
    if (b == SideBetTally{}) continue;
    const std::string at = "side_bets[" + std::to_string(i) + "].";
    p.equal(at + "bets", b.bets, Wide{t.rounds} * rules.seats, "one bet by every seat every round");
    Wide won = 0;
    for (const std::int64_t w : b.wins) {
      p.not_negative(at + "wins", w);
      won += w;
    }
    p.at_most(at + "wins", won, b.bets, "its bets");
    p.squares_hold_sum(at + "net_squared", static_cast<long double>(b.net_squared), static_cast<long double>(b.net),
                       static_cast<long double>(t.rounds));
  }
}

void check_control(const Tally& t, const Rules& rules, Problems& p) {
  const ControlTally& c = t.control;
  if (c.empty()) return;
  p.equal("control.rounds", c.rounds, t.rounds, "a controlled run controls every round");
  p.at_most("control.cycles", c.cycles, c.rounds, "its rounds (a cycle is a shoe of one round or more)");
  if (c.rounds > 0 && c.cycles == 0) p.add("control.cycles is 0 for " + text(c.rounds) + " rounds");
  Wide control = 0;
  const auto seats = static_cast<std::size_t>(rules.seats);
  const auto rounds = static_cast<long double>(c.rounds);
  for (std::size_t s = 0; s < c.seat_control.size(); ++s) {
    const std::string at = "control.seat_control[" + std::to_string(s) + "]";
    if (s >= seats) {
      if (c.seat_control[s] != 0 || c.seat_controlled_squared[s] != 0) p.add(at + ": a seat the game does not have");
      continue;
    }
    control += c.seat_control[s];
    // The seat's controlled results, net - control, in 2^-32 units; their squares in 2^-64.
    const long double controlled =
        static_cast<long double>(t.seats[s].net) * TWO_32 - static_cast<long double>(c.seat_control[s]);
    p.squares_hold_sum("control.seat_controlled_squared[" + std::to_string(s) + "]",
                       static_cast<long double>(c.seat_controlled_squared[s]), controlled, rounds);
  }
  p.equal("control.table_control", c.table_control, control, "the seats' controls added up");
  const long double controlled = static_cast<long double>(t.table_net) * TWO_32 - static_cast<long double>(control);
  p.squares_hold_sum("control.table_controlled_squared", static_cast<long double>(c.table_controlled_squared),
                     controlled, rounds);
  const auto cycles = static_cast<long double>(c.cycles);
  p.squares_hold_sum("control.cycle_rounds_squared", static_cast<long double>(c.cycle_rounds_squared), rounds, cycles);
  p.at_most("control.cycle_rounds_squared", c.cycle_rounds_squared, Wide{c.rounds} * c.rounds, "the rounds squared");
  p.squares_hold_sum("control.cycle_net_squared", static_cast<long double>(c.cycle_net_squared),
                     static_cast<long double>(t.table_net), cycles);
  for (const auto& field : CONTROL_TALLY_WIDE_FIELDS) {
    const bool square = std::string(field.name).find("squared") != std::string::npos ||
                        std::string(field.name).find("fourth") != std::string::npos;
    if (square) p.not_negative("control." + std::string(field.name), c.*field.member);
  }
}

}  // namespace

std::string tally_problem(const Tally& t, const Rules& rules) {
  Problems p;
  p.not_negative("rounds", t.rounds);
  p.not_negative("shoes", t.shoes);
  p.not_negative("exhaustion_reshuffles", t.exhaustion_reshuffles);
  if (!p.first().empty()) return p.first();
  check_dealer(t, p);
  check_seats(t, rules, p);
  check_counting(t, p);
  check_side_bets(t, rules, p);
  check_control(t, rules, p);
  return p.first();
}

}  // namespace cardsim::blackjack
