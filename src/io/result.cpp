#include "cardsim/io/result.hpp"

#include <cmath>
#include <cstdio>

#include "cardsim/core/error.hpp"
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

json estimate_json(const Estimate& e) {
  return {{"mean", e.mean}, {"standard_error", e.se}, {"ci95", {e.ci95_low, e.ci95_high}}, {"sd_per_round", e.sd}};
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
  return {{"edge", estimate_json(edge)}, {"counts", counts}, {"rates_per_hand", per_hand}, {"rates_per_round", per_round}};
}

}  // namespace

Estimate estimate(std::int64_t sum, std::int64_t sum_squared, std::int64_t n, double scale) {
  Estimate e;
  if (n <= 0) return e;
  const double count = static_cast<double>(n);
  const double mean = static_cast<double>(sum) / count;
  const double variance = n > 1 ? std::max(0.0, (static_cast<double>(sum_squared) - count * mean * mean) / (count - 1)) : 0.0;
  e.mean = mean / scale;
  e.sd = std::sqrt(variance) / scale;
  e.se = e.sd / std::sqrt(count);
  e.ci95_low = e.mean - Z95 * e.se;
  e.ci95_high = e.mean + Z95 * e.se;
  return e;
}

json tally_to_json(const bj::Tally& t) {
  json seats = json::array();
  for (const auto& s : t.seats) {
    seats.push_back({s.net, s.net_squared, s.wagered, s.hands, s.wins, s.losses, s.pushes, s.blackjacks, s.doubles,
                     s.splits, s.surrenders, s.insurances, s.insurance_wins, s.busts});
  }
  return {{"rounds", t.rounds},
          {"shoes", t.shoes},
          {"exhaustion_reshuffles", t.exhaustion_reshuffles},
          {"dealer_blackjacks", t.dealer_blackjacks},
          {"table_net", t.table_net},
          {"table_net_squared", t.table_net_squared},
          {"seats_fields", {"net", "net_squared", "wagered", "hands", "wins", "losses", "pushes", "blackjacks",
                            "doubles", "splits", "surrenders", "insurances", "insurance_wins", "busts"}},
          {"seats", seats},
          {"upcard_rounds", t.upcard_rounds},
          {"dealer_final", t.dealer_final}};
}

bj::Tally tally_from_json(const json& j) {
  try {
    bj::Tally t;
    t.rounds = j.at("rounds").get<std::int64_t>();
    t.shoes = j.at("shoes").get<std::int64_t>();
    t.exhaustion_reshuffles = j.at("exhaustion_reshuffles").get<std::int64_t>();
    t.dealer_blackjacks = j.at("dealer_blackjacks").get<std::int64_t>();
    t.table_net = j.at("table_net").get<std::int64_t>();
    t.table_net_squared = j.at("table_net_squared").get<std::int64_t>();
    const json& seats = j.at("seats");
    if (seats.size() != t.seats.size()) throw Error("tally: expected " + std::to_string(t.seats.size()) + " seats");
    for (std::size_t i = 0; i < t.seats.size(); ++i) {
      const auto v = seats.at(i).get<std::vector<std::int64_t>>();
      if (v.size() != 14) throw Error("tally: a seat needs 14 fields");
      auto& s = t.seats[i];
      std::int64_t* fields[] = {&s.net,    &s.net_squared, &s.wagered,    &s.hands,      &s.wins,
                                &s.losses, &s.pushes,      &s.blackjacks, &s.doubles,    &s.splits,
                                &s.surrenders, &s.insurances, &s.insurance_wins, &s.busts};
      for (std::size_t f = 0; f < v.size(); ++f) *fields[f] = v[f];
    }
    t.upcard_rounds = j.at("upcard_rounds").get<decltype(t.upcard_rounds)>();
    t.dealer_final = j.at("dealer_final").get<decltype(t.dealer_final)>();
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
  json edge = estimate_json(pooled);
  edge["unit"] = "player's net result per initial wager (negative: the house wins)";
  edge["house_edge_percent"] = -100.0 * pooled.mean;
  edge["house_edge_ci95_percent"] = {-100.0 * pooled.ci95_high, -100.0 * pooled.ci95_low};
  edge["sd_per_round"] = estimate(all.net, all.net_squared, seat_rounds, static_cast<double>(bet)).sd;

  json pooled_seats = seat_json(all, seat_rounds, bet);
  json outcomes = {{"counts", pooled_seats["counts"]},
                   {"rates_per_hand", pooled_seats["rates_per_hand"]},
                   {"rates_per_round", pooled_seats["rates_per_round"]}};
  outcomes["counts"]["rounds"] = t.rounds;
  outcomes["counts"]["seat_rounds"] = seat_rounds;

  json by_upcard = json::object();
  std::int64_t dealer_completed = 0;
  std::int64_t dealer_busts = 0;
  for (int up = 1; up <= bj::CARD_VALUES; ++up) {
    const auto& finals = t.dealer_final[static_cast<std::size_t>(up)];
    std::int64_t completed = 0;
    for (const auto f : finals) completed += f;
    json distribution = json::object();
    for (std::size_t f = 0; f < finals.size(); ++f) distribution[FINAL_KEYS[f]] = ratio(finals[f], completed);
    const auto busts = finals[static_cast<std::size_t>(bj::DealerFinal::bust)];
    dealer_completed += completed;
    dealer_busts += busts;
    by_upcard[UPCARD_KEYS[static_cast<std::size_t>(up)]] = {
        {"rounds", t.upcard_rounds[static_cast<std::size_t>(up)]},
        {"completed", completed},
        {"bust_rate", ratio(busts, completed)},
        {"final", distribution}};
  }
  json dealer = {{"blackjacks", t.dealer_blackjacks},
                 {"blackjack_rate", ratio(t.dealer_blackjacks, t.rounds)},
                 {"bust_rate", ratio(dealer_busts, dealer_completed)},
                 {"note", "final totals count the rounds in which the dealer's hand was completed or was a blackjack"},
                 {"by_upcard", by_upcard}};

  json shoe = {{"shoes", t.shoes},
               {"rounds_per_shoe", rules.infinite() ? json(nullptr) : json(ratio(t.rounds, t.shoes))},
               {"exhaustion_reshuffles", t.exhaustion_reshuffles}};

  json seat_list = json::array();
  for (int s = 0; s < seats; ++s) seat_list.push_back(seat_json(t.seats[static_cast<std::size_t>(s)], t.rounds, bet));

  const bool partial = run.chunks_played < run.chunks;
  json result;
  result["schema_version"] = RESULT_SCHEMA_VERSION;
  result["tool"] = {{"name", "cardsim"}, {"version", VERSION}, {"git_revision", GIT_REVISION}};
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
  result["exact"] = {
      {"mean", run.exact_ev},
      {"house_edge_percent", -100.0 * run.exact_ev},
      {"difference_in_standard_errors", pooled.se > 0 ? (pooled.mean - run.exact_ev) / pooled.se : 0.0},
      {"method", "combinatorial analysis (cardsim analyze), fresh shoe each round, per initial wager"},
      {"comparable", rules.reshuffle == bj::Reshuffle::every_round || rules.infinite()}};
  result["outcomes"] = outcomes;
  result["dealer"] = dealer;
  result["shoe"] = shoe;
  result["seats"] = seat_list;
  result["tally"] = tally_to_json(t);
  result["performance"] = {{"threads", run.threads},
                           {"elapsed_seconds", run.elapsed_seconds},
                           {"rounds_per_second", run.elapsed_seconds > 0 ? static_cast<double>(t.rounds) / run.elapsed_seconds : 0.0}};
  return result;
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
  const auto ci = edge.at("house_edge_ci95_percent");
  std::snprintf(line, sizeof line, "house edge %.4f%% +/- %.4f%% (95%% CI %.4f%% .. %.4f%%), SD %.4f per round\n",
                edge.at("house_edge_percent").get<double>(), 100.0 * Z95 * edge.at("standard_error").get<double>(),
                ci[0].get<double>(), ci[1].get<double>(), edge.at("sd_per_round").get<double>());
  out += line;
  const json& exact = r.at("exact");
  std::snprintf(line, sizeof line, "exact house edge %.4f%% (fresh shoe each round%s); simulated - exact = %+.2f SE\n",
                exact.at("house_edge_percent").get<double>(),
                exact.at("comparable").get<bool>() ? "" : "; a cut-card game differs by the cut-card effect",
                -exact.at("difference_in_standard_errors").get<double>());
  out += line;
  std::snprintf(line, sizeof line,
                "hands: win %.2f%%  loss %.2f%%  push %.2f%%  bust %.2f%%; blackjack %.2f%% of rounds; dealer bust %.2f%%\n",
                100 * hand.at("win").get<double>(), 100 * hand.at("loss").get<double>(),
                100 * hand.at("push").get<double>(), 100 * hand.at("player_bust").get<double>(),
                100 * round.at("blackjack").get<double>(), 100 * r.at("dealer").at("bust_rate").get<double>());
  out += line;
  std::snprintf(line, sizeof line, "speed %.1f M rounds/s on %u thread%s (%.2f s)\n",
                perf.at("rounds_per_second").get<double>() / 1e6, perf.at("threads").get<unsigned>(),
                perf.at("threads").get<unsigned>() == 1 ? "" : "s", perf.at("elapsed_seconds").get<double>());
  out += line;
  return out;
}

}  // namespace cardsim::io
