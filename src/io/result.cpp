#include "cardsim/io/result.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/version.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

constexpr std::array<const char*, bj::CARD_VALUES + 1> UPCARD_KEYS{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T"};
constexpr std::array<const char*, bj::DEALER_FINALS> FINAL_KEYS{"17", "18", "19", "20", "21", "bust", "blackjack"};

double ratio(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// An estimate that may be absent (null).
json optional_json(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }

// A standard error that needs at least two observations: null with fewer.
json standard_error_of(double se, std::int64_t observations) {
  return observations >= 2 ? json(se) : json(nullptr);
}

// An estimate's mean, SE, 95% interval and SD per round (null but the mean
// with fewer than two rounds).
json estimate_json(const Estimate& e) {
  const json ci95 = e.has_se() ? json{e.ci95_low, e.ci95_high} : json(nullptr);
  return {{"mean", e.mean},
          {"standard_error", standard_error_of(e.se, e.n)},
          {"ci95", ci95},
          {"sd_per_round", standard_error_of(e.sd, e.n)}};
}

// An edge per initial wager: estimate_json, and as the house edge in percent.
json edge_json(const Estimate& e) {
  json edge = estimate_json(e);
  edge["unit"] = "player's net result per initial wager (negative: the house wins)";
  edge["house_edge_percent"] = percent(-e.mean);
  edge["house_edge_ci95_percent"] = e.has_se() ? json{percent(-e.ci95_high), percent(-e.ci95_low)} : json(nullptr);
  return edge;
}

json seat_json(const bj::SeatTally& s, std::int64_t rounds, std::int64_t bet) {
  const Estimate edge = estimate(s.net, s.net_squared, rounds, static_cast<double>(bet));
  json counts = {{"hands", s.hands},           {"wins", s.wins},
                 {"losses", s.losses},         {"pushes", s.pushes},
                 {"blackjacks", s.blackjacks}, {"doubles", s.doubles},
                 {"splits", s.splits},         {"surrenders", s.surrenders},
                 {"insurances", s.insurances}, {"insurance_wins", s.insurance_wins},
                 {"player_busts", s.busts}};
  json per_hand = {{"win", ratio(s.wins, s.hands)},       {"loss", ratio(s.losses, s.hands)},
                   {"push", ratio(s.pushes, s.hands)},    {"surrender", ratio(s.surrenders, s.hands)},
                   {"double", ratio(s.doubles, s.hands)}, {"player_bust", ratio(s.busts, s.hands)}};
  json per_round = {{"blackjack", ratio(s.blackjacks, rounds)}, {"split", ratio(s.splits, rounds)},
                    {"insurance", ratio(s.insurances, rounds)}, {"hands", ratio(s.hands, rounds)},
                    {"wagered", ratio(s.wagered, rounds) / static_cast<double>(bet)}};
  return {{"edge", edge_json(edge)}, {"counts", counts}, {"rates_per_hand", per_hand}, {"rates_per_round", per_round}};
}

// True counts whose edges the slope is fitted over (both ends included), and
// the fewest rounds a true count needs to be in the fit.
constexpr int SLOPE_TRUE_COUNT_RANGE = 6;
constexpr std::int64_t SLOPE_MIN_ROUNDS = 100;

}  // namespace

json counter_json(const bj::CounterEstimate& e, const CountingConfig& k) {
  const Estimate& win = e.win;
  const std::int64_t n = win.n;
  const auto in_hours = [&](const std::optional<double>& rounds) {
    return rounds ? json(*rounds / k.rounds_per_hour) : json(nullptr);
  };
  json result;
  result["average_initial_bet"] = e.average_bet;
  result["average_initial_bet_standard_error"] = optional_json(e.average_bet_se);
  const auto win_per_100 = [](const json& x) { return x.is_null() ? x : json(shift_decimal(x.get<double>(), 2)); };
  const json win_se = standard_error_of(win.se, n);
  const json win_ci95 = win.has_se() ? json{win.ci95_low, win.ci95_high} : json(nullptr);
  result["win_per_round"] = {{"mean", win.mean}, {"standard_error", win_se}, {"ci95", win_ci95}};
  result["win_per_100_rounds"] = {
      {"mean", shift_decimal(win.mean, 2)},
      {"standard_error", win_per_100(win_se)},
      {"ci95", win.has_se() ? json{shift_decimal(win.ci95_low, 2), shift_decimal(win.ci95_high, 2)} : json(nullptr)}};
  result["sd_per_round"] = win.sd;
  result["sd_per_round_standard_error"] = optional_json(e.sd_se);
  result["sd_per_100_rounds"] = shift_decimal(win.sd, 1);
  result["sd_per_100_rounds_standard_error"] = e.sd_se ? json(shift_decimal(*e.sd_se, 1)) : json(nullptr);
  result["edge_per_initial_bet"] = {
      {"mean", e.average_bet > 0 ? win.mean / e.average_bet : 0.0},
      {"standard_error", standard_error_of(e.average_bet > 0 ? win.se / e.average_bet : 0.0, n)},
      {"note", "win per round / average initial bet per round"}};
  result["di"] = {{"value", e.di},
                  {"standard_error", standard_error_of(e.di_se, n)},
                  {"definition", "desirability index: 1000 x win per round / SD per round (Schlesinger)"}};
  result["score"] = {{"value", e.score},
                     {"standard_error", standard_error_of(e.score_se, n)},
                     {"definition", "SCORE = DI^2 = 10^6 (win / SD)^2 with the win's sign (negative for a losing game): "
                                    "the win per 100 rounds in base bets for a 10,000-base-bet bankroll bet at full "
                                    "Kelly (Schlesinger)"}};
  const json n0_ci95 = {optional_json(e.n0_ci95_low), optional_json(e.n0_ci95_high)};
  result["n0_rounds"] = e.wins ? json(e.n0) : json(nullptr);
  result["n0_rounds_standard_error"] = e.wins ? json(e.n0_se) : json(nullptr);
  result["n0_rounds_ci95"] = e.wins ? n0_ci95 : json(nullptr);
  result["rounds_per_hour"] = k.rounds_per_hour;
  result["hours_to_n0"] = e.wins ? json(e.n0 / k.rounds_per_hour) : json(nullptr);
  result["hours_to_n0_standard_error"] = e.wins ? json(e.n0_se / k.rounds_per_hour) : json(nullptr);
  result["hours_to_n0_ci95"] = e.wins ? json{in_hours(e.n0_ci95_low), in_hours(e.n0_ci95_high)} : json(nullptr);
  result["n0_definition"] = "N0 = (SD / win)^2 rounds: after N0 rounds the expected win equals one SD of the result";
  result["risk_of_ruin"] = {
      {"bankroll", k.bankroll},
      {"value", e.risk_of_ruin},
      {"ci95", {e.risk_of_ruin_ci95_low, e.risk_of_ruin_ci95_high}},
      {"formula", "RoR = exp(-2 x EV x B / Var), EV and Var per round, B the bankroll, all in base bets"},
      {"method", "Brownian-motion (diffusion) approximation for unlimited play with a fixed ramp; Don Schlesinger, "
                 "Blackjack Attack, 3rd ed. (2005); the ci95 takes EV at the ends of its 95% interval"}};
  return result;
}

namespace {

// The counting object of the result: the counter's money with the ramp and
// wonging (per round played, in base bets), the advantage player's metrics,
// and the edge and insurance by true count (every round dealt, flat bet).
json counting_json(const SimConfig& config, const bj::Tally& t) {
  const CountingConfig& k = config.counting;
  const bj::CountingTally& c = t.counting;
  const std::int64_t bet = config.rules.bet_units();
  const int seats = config.rules.seats;
  const std::int64_t n = c.rounds_played;
  const bj::ChunkSums& chunk = c.chunk_sums;

  json result = counter_json(bj::counter_estimate(c, bet, seats, k.bankroll), k);
  result["system"] = k.count;
  result["true_count"] = {{"decks", to_string(k.true_count_decks)}, {"rounding", to_string(k.true_count_rounding)}};
  result["bet_ramp"] = k.bet_ramp;
  result["wong_in"] = k.has_wong_in ? json(k.wong_in) : json("none");
  result["wong_out"] = k.has_wong_out ? json(k.wong_out) : json("none");
  result["indices"] = k.indices;
  result["unit"] = "base bets (the ramp's unit), per round played, all seats together";
  result["rounds_dealt"] = t.rounds;
  result["rounds_played"] = n;
  result["share_played"] = ratio(n, t.rounds);
  result["wagered_per_round"] = ratio(c.wagered, n) / static_cast<double>(bet);

  // By true count: every round dealt at it (watched ones too), one flat base
  // bet per seat. Insurance: the dealer's hole card under an ace.
  json by_count = json::array();
  double sw = 0, swx = 0, swy = 0, swxx = 0, swxy = 0;
  for (std::size_t b = 0; b < c.by_true_count.size(); ++b) {
    const bj::TrueCountTally& x = c.by_true_count[b];
    // A row for every count seen: before a deal (rounds) or when insurance
    // was offered (an ace up after the deal's cards moved the count).
    if (x.rounds == 0 && x.ace_up == 0) continue;
    const int tc = static_cast<int>(b) - bj::TRUE_COUNT_LIMIT;
    const Estimate edge = estimate(x.net, x.net_squared, x.rounds, static_cast<double>(bet * seats));
    const double p = ratio(x.ten_in_hole, x.ace_up);
    const double insurance_se = 3.0 * std::sqrt(p * (1 - p) / static_cast<double>(std::max<std::int64_t>(x.ace_up, 1)));
    json row = {{"true_count", tc},
                {"rounds", x.rounds},
                {"frequency", ratio(x.rounds, t.rounds)},
                {"frequency_standard_error", optional_json(bj::chunk_ratio_se(x.rounds, t.rounds,
                                                                              chunk.at_true_count_squared[b],
                                                                              chunk.at_true_count_by_rounds[b],
                                                                              chunk.rounds_squared, chunk.chunks))},
                {"played", x.played},
                {"edge", {{"mean", x.rounds > 0 ? json(edge.mean) : json(nullptr)},
                          {"standard_error", standard_error_of(edge.se, x.rounds)}}},
                {"insurance", {{"ace_up", x.ace_up},
                               {"ten_in_hole", p},
                               {"ev", x.ace_up > 0 ? json(3.0 * p - 1.0) : json(nullptr)},
                               {"standard_error", standard_error_of(insurance_se, x.ace_up)}}}};
    if (tc == -bj::TRUE_COUNT_LIMIT || tc == bj::TRUE_COUNT_LIMIT) row["clamped"] = true;
    by_count.push_back(row);
    if (std::abs(tc) <= SLOPE_TRUE_COUNT_RANGE && x.rounds >= SLOPE_MIN_ROUNDS && edge.se > 0) {
      const double w = 1.0 / (edge.se * edge.se);
      sw += w;
      swx += w * tc;
      swy += w * edge.mean;
      swxx += w * tc * tc;
      swxy += w * tc * edge.mean;
    }
  }
  result["by_true_count"] = by_count;
  result["by_true_count_note"] =
      "rounds and edge: every round dealt at the true count before the deal (watched rounds too), at one flat base "
      "bet per seat, edge per initial bet; insurance: rounds with an ace up by the true count when insurance is "
      "offered (up card and players' cards seen), ev per unit insured = 3 P(ten in the hole) - 1";
  const double spread = sw * swxx - swx * swx;
  result["edge_slope_per_true_count"] = {
      {"slope", spread > 0 ? (sw * swxy - swx * swy) / spread : 0.0},
      {"standard_error", spread > 0 ? std::sqrt(sw / spread) : 0.0},
      {"intercept", spread > 0 ? (swxx * swy - swx * swxy) / spread : 0.0},
      {"method", "weighted least squares (weights 1/SE^2) of the edge on the true count, over true counts -" +
                     std::to_string(SLOPE_TRUE_COUNT_RANGE) + "..+" + std::to_string(SLOPE_TRUE_COUNT_RANGE) +
                     " with at least " + std::to_string(SLOPE_MIN_ROUNDS) + " rounds"}};
  return result;
}

// The distribution of the dealer's final result (17..21, bust, blackjack) of
// `rounds` rounds with the counts `finals`: proportions and their binomial
// standard errors sqrt(p (1 - p) / rounds), rounds taken as independent (null
// under two rounds).
struct FinalDistribution {
  json final = json::object();
  json standard_error = json::object();
};
FinalDistribution final_distribution(const std::array<std::int64_t, bj::DEALER_FINALS>& finals, std::int64_t rounds) {
  FinalDistribution d;
  for (std::size_t f = 0; f < finals.size(); ++f) {
    const double p = ratio(finals[f], rounds);
    d.final[FINAL_KEYS[f]] = p;
    d.standard_error[FINAL_KEYS[f]] =
        standard_error_of(std::sqrt(p * (1 - p) / static_cast<double>(std::max<std::int64_t>(rounds, 1))), rounds);
  }
  return d;
}

// The dealer object: the final result over every round (`played_out`: the
// hands no player needed completed for the statistics) overall and by up
// card, and the older figures over the rounds in which the dealer played or
// had a blackjack (`..._when_played`), which depend on the players' play.
json dealer_json(const bj::Tally& t) {
  constexpr auto BUST = static_cast<std::size_t>(bj::DealerFinal::bust);
  json by_upcard = json::object();
  std::int64_t played_rounds = 0;
  std::int64_t played_busts = 0;
  std::array<std::int64_t, bj::DEALER_FINALS> all_rounds{};
  for (std::size_t up = 1; up <= bj::CARD_VALUES; ++up) {
    const auto& played = t.dealer_final[up];
    std::array<std::int64_t, bj::DEALER_FINALS> every{};
    std::int64_t when_played = 0;
    std::int64_t rounds = 0;
    for (std::size_t f = 0; f < every.size(); ++f) {
      every[f] = played[f] + t.dealer_final_unneeded[up][f];
      all_rounds[f] += every[f];
      when_played += played[f];
      rounds += every[f];
    }
    played_rounds += when_played;
    played_busts += played[BUST];
    json final_when_played = json::object();
    for (std::size_t f = 0; f < played.size(); ++f) final_when_played[FINAL_KEYS[f]] = ratio(played[f], when_played);
    const FinalDistribution out = final_distribution(every, rounds);
    by_upcard[UPCARD_KEYS[up]] = {{"rounds", t.upcard_rounds[up]},
                                  {"rounds_when_played", when_played},
                                  {"bust_rate_when_played", ratio(played[BUST], when_played)},
                                  {"final_when_played", final_when_played},
                                  {"played_out", {{"final", out.final},
                                                  {"final_standard_error", out.standard_error},
                                                  {"bust_standard_error", out.standard_error[FINAL_KEYS[BUST]]}}}};
  }
  const FinalDistribution out = final_distribution(all_rounds, t.rounds);
  return {{"blackjacks", t.dealer_blackjacks},
          {"blackjack_rate", ratio(t.dealer_blackjacks, t.rounds)},
          {"played_out",
           {{"bust_probability", out.final[FINAL_KEYS[BUST]]},
            {"bust_probability_standard_error", out.standard_error[FINAL_KEYS[BUST]]},
            {"final", out.final},
            {"final_standard_error", out.standard_error},
            {"note", "the dealer's hand played out in every round: in a round that left the dealer nothing to play "
                     "for, it is completed for the statistics only, from cards that go back to the shoe; shares of "
                     "all rounds, standard errors binomial (rounds as independent)"}}},
          {"bust_rate_when_played", ratio(played_busts, played_rounds)},
          {"note", "..._when_played: over the rounds in which the dealer drew to a total (some hand needed it) or had "
                   "a blackjack, so they depend on the players' play"},
          {"by_upcard", by_upcard}};
}

}  // namespace

std::string wide_to_string(bj::WideSum value) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  std::string digits;
  for (; value != 0; value /= 10) {
    const int digit = static_cast<int>(value % 10);
    digits.push_back(static_cast<char>('0' + (negative ? -digit : digit)));
  }
  if (negative) digits.push_back('-');
  return {digits.rbegin(), digits.rend()};
}

namespace {

bj::WideSum wide_from_json(const json& j, const std::string& what) {
  const std::string text = j.is_string() ? j.get<std::string>() : "";
  const bool negative = !text.empty() && text[0] == '-';
  const std::size_t first = negative ? 1 : 0;
  bool valid = text.size() > first && text.find_first_not_of("0123456789", first) == std::string::npos;
  bj::WideSum value = 0;  // accumulated with the text's sign, so that -2^127 reads too
  for (std::size_t i = first; valid && i < text.size(); ++i) {
    const int digit = text[i] - '0';
    valid = !__builtin_mul_overflow(value, 10, &value) &&
            !__builtin_add_overflow(value, negative ? -digit : digit, &value);
  }
  if (!valid) {
    throw Error("tally: " + what + " must be a string of decimal digits within the 128-bit range, not " + j.dump());
  }
  return value;
}

// A table's field names as a JSON array (after `first`, if given).
template <class Table>
json field_names(const Table& table, const char* first = nullptr) {
  json names = json::array();
  if (first != nullptr) names.push_back(first);
  for (const auto& field : table) names.push_back(field.name);
  return names;
}

// Writes every field of `table` of `from` into the object `j`, and reads them back.
template <class Struct, class Table>
void write_fields(json& j, const Struct& from, const Table& table) {
  for (const auto& field : table) j[field.name] = from.*field.member;
}
template <class Struct, class Table>
void read_fields(const json& j, Struct& to, const Table& table) {
  for (const auto& field : table) j.at(field.name).get_to(to.*field.member);
}

json chunk_sums_json(const bj::ChunkSums& c) {
  json rows = json::array();
  for (std::size_t b = 0; b < c.at_true_count_squared.size(); ++b) {
    if (c.at_true_count_squared[b] == 0 && c.at_true_count_by_rounds[b] == 0) continue;
    rows.push_back({static_cast<int>(b) - bj::TRUE_COUNT_LIMIT, wide_to_string(c.at_true_count_squared[b]),
                    wide_to_string(c.at_true_count_by_rounds[b])});
  }
  json j = {{"chunks", c.chunks},
            {"sd_overflow", c.sd_overflow},
            {"by_true_count_fields", {"true_count", "rounds_squared", "rounds_by_chunk_rounds"}},
            {"by_true_count", rows}};
  for (const auto& [name, member] : bj::CHUNK_SUMS_WIDE_FIELDS) j[name] = wide_to_string(c.*member);
  return j;
}

bj::ChunkSums chunk_sums_from_json(const json& j) {
  bj::ChunkSums c;
  c.chunks = j.at("chunks").get<std::int64_t>();
  if (c.chunks < 0) throw Error("tally: chunk_sums.chunks must not be negative");
  for (const auto& [name, member] : bj::CHUNK_SUMS_WIDE_FIELDS) {
    c.*member = wide_from_json(j.at(name), std::string("chunk_sums.") + name);
  }
  c.sd_overflow = j.at("sd_overflow").get<std::int64_t>();
  if (c.sd_overflow < 0) throw Error("tally: chunk_sums.sd_overflow must not be negative");
  for (const json& row : j.at("by_true_count")) {
    if (!row.is_array() || row.size() != 3 || !row[0].is_number_integer() ||
        row[0].get<std::int64_t>() < -bj::TRUE_COUNT_LIMIT || row[0].get<std::int64_t>() > bj::TRUE_COUNT_LIMIT) {
      throw Error("tally: a chunk_sums.by_true_count row needs 3 fields and a true count within +/-" +
                  std::to_string(bj::TRUE_COUNT_LIMIT));
    }
    const auto b = static_cast<std::size_t>(row[0].get<std::int64_t>() + bj::TRUE_COUNT_LIMIT);
    c.at_true_count_squared[b] = wide_from_json(row[1], "chunk_sums.by_true_count");
    c.at_true_count_by_rounds[b] = wide_from_json(row[2], "chunk_sums.by_true_count");
  }
  return c;
}

// The counting part of a tally (only written when counting was on, so that a
// run without counting writes the tally it always did). By true count: rows
// [true count, rounds, played, net, net_squared, ace_up, ten_in_hole] for the
// counts that occurred.
json counting_tally_json(const bj::CountingTally& c) {
  json rows = json::array();
  for (std::size_t b = 0; b < c.by_true_count.size(); ++b) {
    const bj::TrueCountTally& x = c.by_true_count[b];
    if (x == bj::TrueCountTally{}) continue;
    json row = {static_cast<int>(b) - bj::TRUE_COUNT_LIMIT};
    for (const auto& field : bj::TRUE_COUNT_TALLY_FIELDS) row.push_back(x.*field.member);
    rows.push_back(row);
  }
  json j = {{"by_true_count_fields", field_names(bj::TRUE_COUNT_TALLY_FIELDS, "true_count")},
            {"by_true_count", rows},
            {"chunk_sums", chunk_sums_json(c.chunk_sums)}};
  write_fields(j, c, bj::COUNTING_TALLY_FIELDS);
  return j;
}

bj::CountingTally counting_tally_from_json(const json& j) {
  bj::CountingTally c;
  read_fields(j, c, bj::COUNTING_TALLY_FIELDS);
  constexpr std::size_t ROW = bj::TRUE_COUNT_TALLY_FIELDS.size() + 1;  // the true count, then the fields
  for (const json& row : j.at("by_true_count")) {
    const auto v = row.get<std::vector<std::int64_t>>();
    if (v.size() != ROW || v[0] < -bj::TRUE_COUNT_LIMIT || v[0] > bj::TRUE_COUNT_LIMIT) {
      throw Error("tally: a by_true_count row needs " + std::to_string(ROW) + " fields and a true count within +/-" +
                  std::to_string(bj::TRUE_COUNT_LIMIT));
    }
    bj::TrueCountTally& x = c.by_true_count[static_cast<std::size_t>(v[0] + bj::TRUE_COUNT_LIMIT)];
    for (std::size_t f = 0; f < bj::TRUE_COUNT_TALLY_FIELDS.size(); ++f) x.*bj::TRUE_COUNT_TALLY_FIELDS[f].member = v[f + 1];
  }
  c.chunk_sums = chunk_sums_from_json(j.at("chunk_sums"));
  return c;
}

}  // namespace

json tool_json() { return {{"name", "cardsim"}, {"version", VERSION}, {"git_revision", GIT_REVISION}}; }

json compatibility_json() {
  return {{"name", "cardsim"}, {"schema_version", RESULT_SCHEMA_VERSION}, {"stream_version", core::STREAM_VERSION}};
}

json tally_to_json(const bj::Tally& t) {
  json seats = json::array();
  for (const auto& s : t.seats) {
    json row = json::array();
    for (const auto& field : bj::SEAT_TALLY_FIELDS) row.push_back(s.*field.member);
    seats.push_back(row);
  }
  json j = {{"seats_fields", field_names(bj::SEAT_TALLY_FIELDS)}, {"seats", seats}, {"upcard_rounds", t.upcard_rounds}};
  write_fields(j, t, bj::TALLY_FIELDS);
  write_fields(j, t, bj::TALLY_DEALER_FINAL_FIELDS);
  if (!t.counting.empty()) j["counting"] = counting_tally_json(t.counting);
  return j;
}

bj::Tally tally_from_json(const json& j) {
  try {
    bj::Tally t;
    read_fields(j, t, bj::TALLY_FIELDS);
    const json& seats = j.at("seats");
    if (seats.size() != t.seats.size()) throw Error("tally: expected " + std::to_string(t.seats.size()) + " seats");
    for (std::size_t i = 0; i < t.seats.size(); ++i) {
      const auto v = seats.at(i).get<std::vector<std::int64_t>>();
      if (v.size() != bj::SEAT_TALLY_FIELDS.size()) {
        throw Error("tally: a seat needs " + std::to_string(bj::SEAT_TALLY_FIELDS.size()) + " fields");
      }
      for (std::size_t f = 0; f < v.size(); ++f) t.seats[i].*bj::SEAT_TALLY_FIELDS[f].member = v[f];
    }
    t.upcard_rounds = j.at("upcard_rounds").get<decltype(t.upcard_rounds)>();
    read_fields(j, t, bj::TALLY_DEALER_FINAL_FIELDS);
    if (j.contains("counting")) t.counting = counting_tally_from_json(j.at("counting"));
    return t;
  } catch (const json::exception& e) {
    throw Error(std::string("malformed tally: ") + e.what());
  }
}

json sim_result_json(const SimConfig& config, const RunInfo& run, const bj::Tally& t) {
  const bj::Rules& rules = config.rules;
  const std::int64_t bet = rules.bet_units();
  const int seats = rules.seats;

  bj::SeatTally all;
  for (int s = 0; s < seats; ++s) all.merge(t.seats[static_cast<std::size_t>(s)]);
  const std::int64_t seat_rounds = t.rounds * seats;

  // The pooled edge is per initial wager over all seats; its variance comes
  // from the table's net per round, since the seats of a round share a dealer.
  const Estimate pooled = estimate(t.table_net, t.table_net_squared, t.rounds, static_cast<double>(bet * seats));
  json edge = edge_json(pooled);
  const Estimate per_seat = estimate(all.net, all.net_squared, seat_rounds, static_cast<double>(bet));
  edge["sd_per_round"] = standard_error_of(per_seat.sd, per_seat.n);

  json pooled_seats = seat_json(all, seat_rounds, bet);
  json outcomes = {{"counts", pooled_seats["counts"]},
                   {"rates_per_hand", pooled_seats["rates_per_hand"]},
                   {"rates_per_round", pooled_seats["rates_per_round"]}};
  outcomes["counts"]["rounds"] = t.rounds;
  outcomes["counts"]["seat_rounds"] = seat_rounds;

  json dealer = dealer_json(t);

  json shoe = {{"shoes", t.shoes},
               {"rounds_per_shoe", rules.infinite() ? json(nullptr) : json(ratio(t.rounds, t.shoes))},
               {"exhaustion_reshuffles", t.exhaustion_reshuffles}};

  json seat_list = json::array();
  for (int s = 0; s < seats; ++s) {
    json one = seat_json(t.seats[static_cast<std::size_t>(s)], t.rounds, bet);
    one["seat"] = s + 1;  // as the table numbers them: 1 is dealt first
    seat_list.push_back(one);
  }

  const bool partial = run.chunks_played < run.chunks;
  json result;
  result["schema_version"] = RESULT_SCHEMA_VERSION;
  result["tool"] = tool_json();
  result["command"] = "sim";
  result["config"] = to_json(config);
  result["rules_summary"] = describe_rules(rules);
  result["run"] = {{"seed", config.seed},
                   {"rounds_requested", config.rounds},
                   {"rounds", t.rounds},
                   {"chunks", run.chunks},
                   {"chunks_played", run.chunks_played},
                   {"chunk_rounds", config.chunk_rounds},
                   {"partial", partial},
                   {"bet_units", bet}};
  result["strategy"] = run.strategy;
  result["edge"] = edge;
  // The exact value of the same chart and rules, from the combinatorial
  // analyzer, which deals from a fresh shoe each round: with a cut card the
  // simulated edge also holds the cut-card effect, so the two differ by it.
  // Index plays change the play by the count, which the analyzer does not
  // know: the exact value is then the chart's without them, and the two are
  // not compared. (A ramp or wonging changes only the counter's money, not
  // `edge`, which plays every round dealt at a flat bet.)
  const bool index_plays = config.counting.enabled() && config.counting.indices != "none";
  const bool compared = !index_plays && pooled.has_se() && pooled.se > 0;
  result["exact"] = {
      {"mean", run.exact_ev},
      {"house_edge_percent", percent(-run.exact_ev)},
      {"strategy", index_plays ? run.strategy + " without the index plays" : run.strategy},
      {"same_strategy", !index_plays},
      {"difference_in_standard_errors", compared ? json((pooled.mean - run.exact_ev) / pooled.se) : json(nullptr)},
      {"method", "combinatorial analysis (cardsim analyze), fresh shoe each round, per initial wager"},
      {"comparable", !index_plays && (rules.reshuffle == bj::Reshuffle::every_round || rules.infinite())}};
  result["outcomes"] = outcomes;
  result["dealer"] = dealer;
  result["shoe"] = shoe;
  result["seats"] = seat_list;
  if (config.counting.enabled()) {
    result["counting"] = counting_json(config, t);
    result["counting"]["index_plays"] = run.index_plays;
  }
  result["tally"] = tally_to_json(t);
  const std::int64_t played = run.rounds_played >= 0 ? run.rounds_played : t.rounds;
  result["performance"] = performance_json(run.threads, run.elapsed_seconds, played);
  return result;
}

json game_result_head(int schema_version, const std::string& command, const SimConfig& config) {
  return {{"schema_version", schema_version},
          {"tool", tool_json()},
          {"command", command},
          {"config", to_json(config)},
          {"rules", describe_rules(config.rules)}};
}

json performance_json(unsigned threads, double elapsed_seconds, std::int64_t rounds_played) {
  return {{"threads", threads},
          {"elapsed_seconds", elapsed_seconds},
          {"rounds_played", rounds_played},
          {"rounds_per_second", elapsed_seconds > 0 ? static_cast<double>(rounds_played) / elapsed_seconds : 0.0}};
}

std::string sim_summary(const json& r) {
  char line[512];
  std::string out;
  const json& edge = r.at("edge");
  const json& hand = r.at("outcomes").at("rates_per_hand");
  const json& round = r.at("outcomes").at("rates_per_round");
  const json& perf = r.at("performance");
  std::snprintf(line, sizeof line, "%s%s\n", r.at("run").at("partial").get<bool>() ? "PARTIAL RESULT: " : "",
                r.at("rules_summary").get<std::string>().c_str());
  out += line;
  std::snprintf(line, sizeof line, "strategy %s, %lld rounds, seed %llu\n", r.at("strategy").get<std::string>().c_str(),
                static_cast<long long>(r.at("run").at("rounds").get<std::int64_t>()),
                static_cast<unsigned long long>(r.at("run").at("seed").get<std::uint64_t>()));
  out += line;
  // A counting run's edge is of every round dealt at a flat bet, not the counter's.
  const char* every_round = r.contains("counting") ? "; every round dealt, one flat bet per seat" : "";
  if (edge.at("standard_error").is_null()) {
    std::snprintf(line, sizeof line, "house edge %.4f%% (one round: no standard error)%s\n",
                  edge.at("house_edge_percent").get<double>(), every_round);
  } else {
    const auto ci = edge.at("house_edge_ci95_percent");
    std::snprintf(line, sizeof line, "house edge %.4f%% +/- %.4f%% (95%% CI %.4f%% .. %.4f%%), SD %.4f per round%s\n",
                  edge.at("house_edge_percent").get<double>(), 100.0 * Z95 * edge.at("standard_error").get<double>(),
                  ci[0].get<double>(), ci[1].get<double>(), edge.at("sd_per_round").get<double>(), every_round);
  }
  out += line;
  const json& run = r.at("run");
  if (run.contains("stopped_by")) {
    const std::string by = run.at("stopped_by").get<std::string>();
    std::snprintf(line, sizeof line, "target SE %g: %s\n", run.at("target_se").get<double>(),
                  by == "target_se" ? "reached, the run stopped there"
                  : by == "rounds"  ? "not reached by the --rounds cap, where the run stopped"
                                    : "not reached before the run was interrupted");
    out += line;
  }
  const json& exact = r.at("exact");
  const json& difference = exact.at("difference_in_standard_errors");
  if (!exact.at("same_strategy").get<bool>()) {
    std::snprintf(line, sizeof line, "exact house edge %.4f%% of %s (not compared: the simulated edge plays them)\n",
                  exact.at("house_edge_percent").get<double>(), exact.at("strategy").get<std::string>().c_str());
  } else {
    char compared[64] = "";
    if (!difference.is_null()) std::snprintf(compared, sizeof compared, "; simulated EV - exact EV = %+.2f SE", difference.get<double>());
    std::snprintf(line, sizeof line, "exact house edge %.4f%% (fresh shoe each round%s)%s\n",
                  exact.at("house_edge_percent").get<double>(),
                  exact.at("comparable").get<bool>() ? "" : "; a cut-card game differs by the cut-card effect", compared);
  }
  out += line;
  std::snprintf(line, sizeof line,
                "hands: win %.2f%%  loss %.2f%%  push %.2f%%  bust %.2f%%; blackjack %.2f%% of rounds; dealer bust %.2f%%\n",
                100 * hand.at("win").get<double>(), 100 * hand.at("loss").get<double>(),
                100 * hand.at("push").get<double>(), 100 * hand.at("player_bust").get<double>(),
                100 * round.at("blackjack").get<double>(),
                100 * r.at("dealer").at("played_out").at("bust_probability").get<double>());
  out += line;
  if (r.contains("counting")) {
    const json& c = r.at("counting");
    std::snprintf(line, sizeof line, "counting %s (%s decks, %s), ramp %s, indices %s; played %.1f%% of rounds\n",
                  c.at("system").get<std::string>().c_str(), c.at("true_count").at("decks").get<std::string>().c_str(),
                  c.at("true_count").at("rounding").get<std::string>().c_str(),
                  c.at("bet_ramp").get<std::string>().c_str(), c.at("indices").get<std::string>().c_str(),
                  100 * c.at("share_played").get<double>());
    out += line;
    const json& win = c.at("win_per_100_rounds");
    const json& win_se = win.at("standard_error");
    char plus_minus[48] = "(one round: no SE)";
    if (!win_se.is_null()) std::snprintf(plus_minus, sizeof plus_minus, "+/- %.3f", Z95 * win_se.get<double>());
    std::snprintf(line, sizeof line,
                  "win %+.3f %s base bets per 100 rounds (95%% CI), SD %.2f per 100; average bet %.2f; "
                  "DI %.2f, SCORE %.1f\n",
                  win.at("mean").get<double>(), plus_minus,
                  c.at("sd_per_100_rounds").get<double>(), c.at("average_initial_bet").get<double>(),
                  c.at("di").at("value").get<double>(), c.at("score").at("value").get<double>());
    out += line;
    if (c.at("n0_rounds").is_null()) {
      std::snprintf(line, sizeof line, "no advantage: N0 undefined, risk of ruin 100%% for any bankroll\n");
    } else {
      const json& range = c.at("n0_rounds_ci95");
      char upper[32] = "unbounded";
      if (!range[1].is_null()) std::snprintf(upper, sizeof upper, "%.0f", range[1].get<double>());
      std::snprintf(line, sizeof line,
                    "N0 %.0f rounds (95%% CI %.0f .. %s; %.0f hours at %g rounds/h); risk of ruin %.2f%% for %g "
                    "base bets (exp(-2 EV B / Var))\n",
                    c.at("n0_rounds").get<double>(), range[0].get<double>(), upper, c.at("hours_to_n0").get<double>(),
                    c.at("rounds_per_hour").get<double>(), 100 * c.at("risk_of_ruin").at("value").get<double>(),
                    c.at("risk_of_ruin").at("bankroll").get<double>());
    }
    out += line;
  }
  std::snprintf(line, sizeof line, "speed %.1f M rounds/s on %u thread%s (%.2f s)\n",
                perf.at("rounds_per_second").get<double>() / 1e6, perf.at("threads").get<unsigned>(),
                perf.at("threads").get<unsigned>() == 1 ? "" : "s", perf.at("elapsed_seconds").get<double>());
  out += line;
  return out;
}

std::string to_string(run::StopReason reason) {
  switch (reason) {
    case run::StopReason::rounds: return "rounds";
    case run::StopReason::target_se: return "target_se";
    case run::StopReason::interrupted: return "interrupted";
  }
  return "interrupted";
}

}  // namespace cardsim::io
