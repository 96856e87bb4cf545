#include "cardsim/io/result.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "blackjack_keys.hpp"
#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/version.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

json optional_json(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }

// A standard error that needs at least two observations: null with fewer.
json standard_error_of(double se, std::int64_t observations) { return observations >= 2 ? json(se) : json(nullptr); }

// An estimate's mean, SE, 95% interval and SD per round (null but the mean
// with fewer than two rounds).
json estimate_json(const core::MeanEstimate& e) {
  const json ci95 = e.has_se() ? json{e.ci95_low, e.ci95_high} : json(nullptr);
  return {{"mean", e.mean},
          {"standard_error", standard_error_of(e.se, e.n)},
          {"ci95", ci95},
          {"sd_per_round", standard_error_of(e.sd, e.n)}};
}

// The cut-card effect (blackjack::ExactComparison): the house edge of the
// shoe game less a fresh shoe's, per initial wager and in points, with its SE
// and CI; null where there is none (a fresh shoe, index plays, no SE).
json cut_card_effect_json(const std::optional<core::MeanEstimate>& effect) {
  if (!effect) return nullptr;
  return {{"mean", effect->mean},
          {"standard_error", effect->se},
          {"ci95", {effect->ci95_low, effect->ci95_high}},
          {"points", percent(effect->mean)},
          {"se_points", percent(effect->se)},
          {"ci95_points", {percent(effect->ci95_low), percent(effect->ci95_high)}},
          {"unit", "house edge of this shoe game less a fresh shoe's, per initial wager (positive: the cut card "
                   "costs the player)"}};
}

// An edge per initial wager: estimate_json, and as the house edge in percent.
json edge_json(const core::MeanEstimate& e) {
  json edge = estimate_json(e);
  edge["unit"] = "player's net result per initial wager (negative: the house wins)";
  edge["house_edge_percent"] = percent(-e.mean);
  edge["house_edge_ci95_percent"] = e.has_se() ? json{percent(-e.ci95_high), percent(-e.ci95_low)} : json(nullptr);
  return edge;
}

json seat_json(const bj::SeatTally& s, const bj::SeatStatistics& r) {
  json counts = {{"hands", s.hands},           {"wins", s.wins},
                 {"losses", s.losses},         {"pushes", s.pushes},
                 {"blackjacks", s.blackjacks}, {"doubles", s.doubles},
                 {"splits", s.splits},         {"surrenders", s.surrenders},
                 {"insurances", s.insurances}, {"insurance_wins", s.insurance_wins},
                 {"player_busts", s.busts}};
  json per_hand = {{"win", r.win},
                   {"loss", r.loss},
                   {"push", r.push},
                   {"surrender", r.surrender},
                   {"double", r.double_down},
                   {"player_bust", r.player_bust}};
  json per_round = {{"blackjack", r.blackjack},
                    {"split", r.split},
                    {"insurance", r.insurance},
                    {"hands", r.hands},
                    {"wagered", r.wagered}};
  return {
      {"edge", edge_json(r.edge)}, {"counts", counts}, {"rates_per_hand", per_hand}, {"rates_per_round", per_round}};
}

// A figure in base bets per round as per 100 rounds (shifted in decimal).
json per_100(const std::optional<double>& x, int places) { return x ? json(shift_decimal(*x, places)) : json(nullptr); }

// The dealer's final results: shares and their binomial standard errors.
struct FinalDistribution {
  json final = json::object();
  json standard_error = json::object();
};
FinalDistribution final_distribution_json(const bj::DealerFinalShares& shares) {
  FinalDistribution d;
  for (std::size_t f = 0; f < shares.size(); ++f) {
    d.final[FINAL_KEYS[f]] = shares[f].value;
    d.standard_error[FINAL_KEYS[f]] = optional_json(shares[f].se);
  }
  return d;
}

// The dealer object: the final result over every round (`played_out`: the
// hands no player needed completed for the statistics) overall and by up
// card, and the older figures over the rounds in which the dealer played or
// had a blackjack (`..._when_played`), which depend on the players' play.
json dealer_json(const bj::DealerStatistics& d) {
  constexpr auto BUST = static_cast<std::size_t>(bj::DealerFinal::bust);
  json by_upcard = json::object();
  for (std::size_t up = 1; up <= bj::CARD_VALUES; ++up) {
    const bj::DealerUpcardStatistics& u = d.by_upcard[up];
    json final_when_played = json::object();
    for (std::size_t f = 0; f < u.final_when_played.size(); ++f)
      final_when_played[FINAL_KEYS[f]] = u.final_when_played[f];
    const FinalDistribution out = final_distribution_json(u.played_out);
    by_upcard[CARD_KEYS[up]] = {{"rounds", u.rounds},
                                {"rounds_when_played", u.rounds_when_played},
                                {"bust_rate_when_played", u.bust_rate_when_played},
                                {"final_when_played", final_when_played},
                                {"played_out",
                                 {{"final", out.final},
                                  {"final_standard_error", out.standard_error},
                                  {"bust_standard_error", out.standard_error[FINAL_KEYS[BUST]]}}}};
  }
  const FinalDistribution out = final_distribution_json(d.played_out);
  return {{"blackjacks", d.blackjacks},
          {"blackjack_rate", d.blackjack_rate},
          {"played_out",
           {{"bust_probability", out.final[FINAL_KEYS[BUST]]},
            {"bust_probability_standard_error", out.standard_error[FINAL_KEYS[BUST]]},
            {"final", out.final},
            {"final_standard_error", out.standard_error},
            {"note", "the dealer's hand played out in every round: in a round that left the dealer nothing to play "
                     "for, it is completed for the statistics only, from cards that go back to the shoe; shares of "
                     "all rounds, standard errors binomial (rounds as independent)"}}},
          {"bust_rate_when_played", d.bust_rate_when_played},
          {"note", "..._when_played: over the rounds in which the dealer drew to a total (some hand needed it) or had "
                   "a blackjack, so they depend on the players' play"},
          {"by_upcard", by_upcard}};
}

}  // namespace

// The counting object of the result: the counter's money with the ramp and
// wonging (per round played, in base bets), the advantage player's metrics,
// and the edge and insurance by true count (every round dealt, flat bet).
json counting_json(const CountingConfig& k, const bj::CountingStatistics& c) {
  const core::MeanEstimate& win = c.win;
  json result;
  result["system"] = k.count;
  result["true_count"] = {{"decks", to_string(k.true_count_decks)}, {"rounding", to_string(k.true_count_rounding)}};
  result["bet_ramp"] = k.bet_ramp;
  result["wong_in"] = k.has_wong_in ? json(k.wong_in) : json("none");
  result["wong_out"] = k.has_wong_out ? json(k.wong_out) : json("none");
  result["indices"] = k.indices;
  result["unit"] = "base bets (the ramp's unit), per round played, all seats together";
  result["rounds_dealt"] = c.rounds_dealt;
  result["rounds_played"] = c.rounds_played;
  result["share_played"] = c.share_played;
  result["average_initial_bet"] = c.average_initial_bet;
  result["average_initial_bet_standard_error"] = optional_json(c.average_initial_bet_se);
  result["wagered_per_round"] = c.wagered_per_round;
  const json win_se = standard_error_of(win.se, win.n);
  const json win_ci95 = win.has_se() ? json{win.ci95_low, win.ci95_high} : json(nullptr);
  result["win_per_round"] = {{"mean", win.mean}, {"standard_error", win_se}, {"ci95", win_ci95}};
  // Which estimate the win and the edges by true count are; a controlled
  // run's plain win beside, and the plain over the controlled variance.
  result["estimate"] = c.win_plain ? "controlled" : "plain";
  if (c.win_plain) {
    result["win_per_round_plain"] = {{"mean", c.win_plain->mean},
                                     {"standard_error", standard_error_of(c.win_plain->se, c.win_plain->n)}};
    result["win_variance_reduction_factor"] = c.win_reduction ? json(c.win_reduction->factor) : json(nullptr);
  }
  result["win_per_100_rounds"] = {
      {"mean", shift_decimal(win.mean, 2)},
      {"standard_error", win.has_se() ? json(shift_decimal(win.se, 2)) : json(nullptr)},
      {"ci95", win.has_se() ? json{shift_decimal(win.ci95_low, 2), shift_decimal(win.ci95_high, 2)} : json(nullptr)}};
  // One round has no spread: its SD, DI, SCORE, slope and risk of ruin are
  // null, not 0 (they need two rounds at least).
  const bool spread = win.has_se();
  const auto if_spread = [spread](const json& value) { return spread ? value : json(nullptr); };
  result["sd_per_round"] = if_spread(win.sd);
  result["sd_per_round_standard_error"] = optional_json(c.sd_se);
  result["sd_per_100_rounds"] = if_spread(shift_decimal(win.sd, 1));
  result["sd_per_100_rounds_standard_error"] = per_100(c.sd_se, 1);
  result["edge_per_initial_bet"] = {{"mean", c.edge_per_initial_bet},
                                    {"standard_error", optional_json(c.edge_per_initial_bet_se)},
                                    {"note", "win per round / average initial bet per round"}};
  result["di"] = {{"value", if_spread(c.di)},
                  {"standard_error", optional_json(c.di_se)},
                  {"definition", "desirability index: 1000 x win per round / SD per round (Schlesinger)"}};
  result["score"] = {
      {"value", if_spread(c.score)},
      {"standard_error", optional_json(c.score_se)},
      {"definition", "SCORE = DI^2 = 10^6 (win / SD)^2 with the win's sign (negative for a losing game): "
                     "the win per 100 rounds in base bets for a 10,000-base-bet bankroll bet at full "
                     "Kelly (Schlesinger)"}};
  const auto n0 = [&](const auto& field) { return c.n0 ? json(field(*c.n0)) : json(nullptr); };
  result["n0_rounds"] = n0([](const bj::N0Statistics& x) { return x.rounds; });
  result["n0_rounds_standard_error"] = n0([](const bj::N0Statistics& x) { return x.se; });
  result["n0_rounds_ci95"] = n0([](const bj::N0Statistics& x) { return json{x.ci95_low, optional_json(x.ci95_high)}; });
  result["rounds_per_hour"] = k.rounds_per_hour;
  result["hours_to_n0"] = n0([](const bj::N0Statistics& x) { return x.hours; });
  result["hours_to_n0_standard_error"] = n0([](const bj::N0Statistics& x) { return x.hours_se; });
  result["hours_to_n0_ci95"] = n0([](const bj::N0Statistics& x) {
    return json{x.hours_ci95_low, optional_json(x.hours_ci95_high)};
  });
  result["n0_definition"] = "N0 = (SD / win)^2 rounds: after N0 rounds the expected win equals one SD of the result";
  const bj::RiskOfRuin& ror = c.risk_of_ruin;
  result["risk_of_ruin"] = {
      {"bankroll", ror.bankroll},
      {"value", if_spread(ror.value)},
      {"ci95", if_spread(json{ror.ci95_low, ror.ci95_high})},
      {"formula", "RoR = exp(-2 x EV x B / Var), EV and Var per round, B the bankroll, all in base bets"},
      {"method", "Brownian-motion (diffusion) approximation for unlimited play with a fixed ramp; Don Schlesinger, "
                 "Blackjack Attack, 3rd ed. (2005); the ci95 takes EV at the ends of its 95% interval"}};

  json by_count = json::array();
  for (const bj::TrueCountStatistics& x : c.by_true_count) {
    json row = {{"true_count", x.true_count},
                {"rounds", x.rounds},
                {"shoes", x.shoes},
                {"frequency", x.frequency},
                {"frequency_standard_error", optional_json(x.frequency_se)},
                {"played", x.played},
                {"edge", {{"mean", optional_json(x.edge)}, {"standard_error", optional_json(x.edge_se)}}},
                {"insurance",
                 {{"ace_up", x.ace_up},
                  {"ten_in_hole", x.ten_in_hole},
                  {"ev", optional_json(x.insurance_ev)},
                  {"standard_error", optional_json(x.insurance_se)}}}};
    if (x.edge_plain) {
      row["edge_plain"] = {{"mean", *x.edge_plain}, {"standard_error", optional_json(x.edge_plain_se)}};
    }
    if (x.clamped) row["clamped"] = true;
    by_count.push_back(row);
  }
  result["by_true_count"] = by_count;
  result["by_true_count_note"] =
      "rounds and edge: every round dealt at the true count before the deal (watched rounds too), at one flat base "
      "bet per seat, edge per initial bet; insurance: rounds with an ace up by the true count when insurance is "
      "offered (up card and players' cards seen), ev per unit insured = 3 P(ten in the hole) - 1";
  result["edge_slope_per_true_count"] = {
      {"slope", if_spread(c.slope.slope)},
      {"standard_error", if_spread(c.slope.se)},
      {"intercept", if_spread(c.slope.intercept)},
      {"method", "weighted least squares (weights 1/SE^2) of the edge on the true count, over true counts -" +
                     std::to_string(bj::SLOPE_TRUE_COUNT_RANGE) + "..+" + std::to_string(bj::SLOPE_TRUE_COUNT_RANGE) +
                     " with at least " + std::to_string(bj::SLOPE_MIN_ROUNDS) + " rounds"}};
  return result;
}

std::vector<PlayedSideBet> played_side_bets(const SimConfig& config, std::vector<SideBetFile> files) {
  if (files.size() != config.side_bets.size()) {
    throw Error("the config names " + std::to_string(config.side_bets.size()) + " side bets; " +
                std::to_string(files.size()) + " were given");
  }
  std::vector<PlayedSideBet> played;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const bj::ParSheet exact = bj::par_sheet(files[i].bet, config.rules.decks, config.rules.h17);
    played.push_back({config.side_bets[i], std::move(files[i]), exact});
  }
  return played;
}

json side_bets_identity_json(const std::vector<PlayedSideBet>& side_bets) {
  json list = json::array();
  for (const PlayedSideBet& b : side_bets)
    list.push_back({{"named", b.named}, {"file", side_bet_file_to_json(b.file)}});
  return list;
}

std::vector<PlayedSideBet> side_bets_from_identity(const SimConfig& config, const json& side_bets,
                                                   const std::string& source) {
  if (!side_bets.is_array() || side_bets.size() != config.side_bets.size()) {
    throw Error(source + ": its side bets do not match its config's " + std::to_string(config.side_bets.size()));
  }
  std::vector<SideBetFile> files;
  for (std::size_t i = 0; i < side_bets.size(); ++i) {
    const json& entry = side_bets[i];
    if (!entry.is_object() || entry.value("named", json()) != config.side_bets[i] || !entry.contains("file")) {
      throw Error(source + ": side bet " + std::to_string(i + 1) + " does not match its config");
    }
    files.push_back(parse_side_bet(entry.at("file").dump(), source + ", side bet '" + config.side_bets[i] + "'"));
  }
  return played_side_bets(config, std::move(files));
}

std::vector<SideBetFigures> side_bet_figures(const SimConfig& config, const std::vector<PlayedSideBet>& played,
                                             const bj::Tally& t) {
  std::vector<SideBetFigures> figures;
  for (std::size_t i = 0; i < played.size(); ++i) {
    const PlayedSideBet& b = played[i];
    figures.push_back({b.named, b.file, b.exact, bj::side_bet_statistics(t, i, b.file.bet, b.exact, config.rules),
                       static_cast<double>(bj::side_bet_pays(b.file.bet).unit * config.rules.seats)});
  }
  return figures;
}

json tool_json() { return {{"name", "cardsim"}, {"version", VERSION}, {"git_revision", GIT_REVISION}}; }

json compatibility_json() {
  return {{"name", "cardsim"}, {"schema_version", RESULT_SCHEMA_VERSION}, {"stream_version", core::STREAM_VERSION}};
}

namespace {

bj::SimStatistics statistics_of(const SimConfig& config, const bj::Tally& t) {
  std::optional<bj::CountingSettings> counting;
  if (config.counting.enabled())
    counting = bj::CountingSettings{config.counting.bankroll, config.counting.rounds_per_hour};
  return bj::sim_statistics(t, config.rules, counting);
}

// Index plays change the play by the count, which the analyzer does not know:
// the exact value is then the chart's without them, and the two are not
// compared. (A ramp or wonging changes only the counter's money, not `edge`,
// which plays every round dealt at a flat bet.)
bool plays_indices(const SimConfig& config) { return config.counting.enabled() && config.counting.indices != "none"; }

json side_bet_json(const SideBetFigures& f) {
  const bj::SideBet& bet = f.file.bet;
  const bj::SideBetStatistics& s = f.stats;
  const bj::ParSheet& x = f.exact;
  json player_return = estimate_json(s.player_return);
  player_return["unit"] = "player's net result per unit bet (negative: the house wins)";
  player_return["house_edge_percent"] = percent(-s.player_return.mean);
  player_return.erase("sd_per_round");  // of the table's round, not of one bet: exact.standard_deviation is
  json outcomes = json::array();
  for (std::size_t o = 0; o < bet.outcomes.size(); ++o) {
    const bj::SideBetOutcome& outcome = bet.outcomes[o];
    outcomes.push_back(
        {{"name", outcome.name},
         {"pays", static_cast<double>(outcome.pays_numerator) / static_cast<double>(outcome.pays_denominator)},
         {"wins", s.wins[o]},
         {"frequency", bj::rate(s.wins[o], s.bets)},
         {"exact_probability", x.probability(static_cast<int>(o))}});
  }
  json exact = {{"return", x.expected_return()},
                {"house_edge_percent", percent(x.house_edge())},
                {"hit_frequency", x.hit_frequency()},
                {"standard_deviation", x.standard_deviation()},
                {"difference_in_standard_errors", optional_json(s.exact.difference_in_se)},
                {"comparable", s.exact.comparable},
                {"cut_card_effect", cut_card_effect_json(s.exact.cut_card_effect)},
                {"method", "the exact PAR sheet (cardsim sidebet) of a fresh " + std::to_string(x.decks) +
                               "-deck shoe, by combinatorics"}};
  json one = {{"name", bet.name},     {"side_bet", f.named},     {"cards", side_bet_to_json(bet).at("cards")},
              {"bets", s.bets},       {"return", player_return}, {"hit_frequency", s.hit_frequency},
              {"outcomes", outcomes}, {"losses", s.losses},      {"loss_frequency", bj::rate(s.losses, s.bets)},
              {"exact", exact}};
  std::string note;
  if (bet.cards == bj::SideBetCards::dealer_final) {
    note = "the dealer played out every round with real cards, as the game's rules say";
  }
  if (!f.file.pays_for_decks.empty()) one["pays_for_decks"] = f.file.pays_for_decks;
  if (const std::string shoe = pays_for_decks_note(f.file, x.decks); !shoe.empty()) {
    note += (note.empty() ? "" : "; ") + shoe;
  }
  if (!note.empty()) one["note"] = note;
  return one;
}

// A side bet's return by the true count before the deal (counting runs).
json side_bet_counts_json(const SideBetFigures& f) {
  json rows = json::array();
  for (const bj::SideBetTrueCountStatistics& x : f.stats.by_true_count) {
    rows.push_back({{"true_count", x.true_count},
                    {"bets", x.bets},
                    {"return", x.player_return.mean},
                    {"standard_error", standard_error_of(x.player_return.se, x.player_return.n)}});
  }
  return {{"name", f.file.bet.name}, {"side_bet", f.named}, {"by_true_count", rows}};
}

std::int64_t rounds_played(const RunInfo& run, const bj::Tally& t) {
  return run.rounds_played >= 0 ? run.rounds_played : t.rounds;
}

// The speed: the rounds this process played over its time (0 without a time).
double rounds_per_second(const RunInfo& run, const bj::Tally& t) {
  return run.elapsed_seconds > 0 ? static_cast<double>(rounds_played(run, t)) / run.elapsed_seconds : 0.0;
}

}  // namespace

json control_variate_json(const bj::SimStatistics& stats) {
  if (!stats.control) return {{"method", "none"}, {"headline", "plain"}};
  const bj::ControlStatistics& c = *stats.control;
  return {
      {"method", "exact"},
      {"headline", "controlled"},
      {"values", "the chart's values for a fresh shoe's card probabilities without removal, the hole card known once "
                 "dealt; a cut-card shoe's cards also carry their first-order effect on the rounds to come "
                 "(docs/control-variates.md)"},
      {"variance_reduction_factor",
       {{"mean", c.reduction.factor > 0 ? json(c.reduction.factor) : json(nullptr)},
        {"standard_error",
         c.reduction.factor > 0 && std::isfinite(c.reduction.factor) ? json(c.reduction.se) : json(nullptr)}}},
      {"effective_rounds", c.reduction.factor > 0 ? json(c.effective_rounds) : json(nullptr)}};
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

namespace {

// The result of no rounds (an empty shard: a run of fewer chunks than
// shards): what identifies the run, the (empty) tally and no figures.
json empty_result_json(const SimConfig& config, const RunInfo& run, const bj::Tally& t) {
  json result = game_result_head(RESULT_SCHEMA_VERSION, "sim", config);
  result.erase("rules");
  result["rules_summary"] = describe_rules(config.rules);
  result["run"] = {
      {"seed", config.seed},      {"rounds_requested", config.rounds},    {"rounds", 0},
      {"chunks", run.chunks},     {"chunks_played", run.chunks_played},   {"chunk_rounds", config.chunk_rounds},
      {"partial", run.partial()}, {"bet_units", config.rules.bet_units()}};
  result["strategy"] = run.strategy;
  result["empty"] = EMPTY_RESULT_NOTE;
  result["tally"] = tally_to_json(t);
  result["performance"] = performance_json(run.threads, run.elapsed_seconds, 0);
  return result;
}

}  // namespace

json sim_result_json(const SimConfig& config, const RunInfo& run, const bj::Tally& t) {
  if (t.rounds == 0) return empty_result_json(config, run, t);
  const bj::Rules& rules = config.rules;
  const bj::SimStatistics stats = statistics_of(config, t);

  json edge = edge_json(stats.edge);
  edge["estimate"] = stats.control ? "controlled" : "plain";
  // (Of the seats' rounds, but of two rounds at least: the seats of one round are not its spread.)
  edge["sd_per_round"] = standard_error_of(stats.per_seat.sd, t.rounds >= 2 ? stats.per_seat.n : 0);

  json pooled_seats = seat_json(stats.all_seats, stats.pooled);
  json outcomes = {{"counts", pooled_seats["counts"]},
                   {"rates_per_hand", pooled_seats["rates_per_hand"]},
                   {"rates_per_round", pooled_seats["rates_per_round"]}};
  outcomes["counts"]["rounds"] = t.rounds;
  outcomes["counts"]["seat_rounds"] = stats.seat_rounds;

  json shoe = {{"shoes", t.shoes},
               {"rounds_per_shoe", optional_json(stats.rounds_per_shoe)},
               {"exhaustion_reshuffles", t.exhaustion_reshuffles}};

  json seat_list = json::array();
  for (std::size_t s = 0; s < stats.seats.size(); ++s) {
    json one = seat_json(t.seats[s], stats.seats[s]);
    one["seat"] = s + 1;  // as the table numbers them: 1 is dealt first
    if (stats.control) {  // sd_per_round stays the SD of the seat's result, as in a plain run
      one["edge_plain"] = edge_json(stats.control->plain_seats[s]);
      one["edge"]["sd_per_round"] = one["edge_plain"]["sd_per_round"];
    }
    seat_list.push_back(one);
  }

  json result;
  result["schema_version"] = RESULT_SCHEMA_VERSION;
  result["tool"] = tool_json();
  result["command"] = "sim";
  result["config"] = to_json(config);
  result["rules_summary"] = describe_rules(rules);
  result["run"] = {
      {"seed", config.seed},      {"rounds_requested", config.rounds},  {"rounds", t.rounds},
      {"chunks", run.chunks},     {"chunks_played", run.chunks_played}, {"chunk_rounds", config.chunk_rounds},
      {"partial", run.partial()}, {"bet_units", rules.bet_units()}};
  if (run.target_se > 0) {
    result["run"]["target_se"] = run.target_se;
    result["run"]["stopped_by"] = to_string(run.stopped_by);
  }
  result["strategy"] = run.strategy;
  result["edge"] = edge;
  result["control_variate"] = control_variate_json(stats);
  if (stats.control) {
    result["edge_plain"] = edge_json(stats.control->plain_edge);
    result["edge_plain"].erase("sd_per_round");  // edge's, of one seat
  }
  // The exact value of the same chart and rules, from the combinatorial
  // analyzer, which deals from a fresh shoe each round (blackjack::
  // compare_with_exact).
  const bool index_plays = plays_indices(config);
  const bj::ExactComparison exact = bj::compare_with_exact(stats.edge, run.exact_ev, index_plays, rules);
  result["exact"] = {{"mean", exact.exact_ev},
                     {"house_edge_percent", percent(-exact.exact_ev)},
                     {"strategy", index_plays ? run.strategy + " without the index plays" : run.strategy},
                     {"same_strategy", exact.same_strategy},
                     {"difference_in_standard_errors", optional_json(exact.difference_in_se)},
                     {"method", "combinatorial analysis (cardsim analyze), fresh shoe each round, per initial wager"},
                     {"comparable", exact.comparable},
                     {"cut_card_effect", cut_card_effect_json(exact.cut_card_effect)}};
  result["outcomes"] = outcomes;
  result["dealer"] = dealer_json(stats.dealer);
  result["shoe"] = shoe;
  result["seats"] = seat_list;
  const std::vector<SideBetFigures> side_bets = side_bet_figures(config, run.side_bets, t);
  if (!side_bets.empty()) {
    result["side_bets"] = json::array();
    for (const SideBetFigures& f : side_bets) result["side_bets"].push_back(side_bet_json(f));
  }
  if (stats.counting) {
    result["counting"] = counting_json(config.counting, *stats.counting);
    result["counting"]["index_plays"] = run.index_plays;
    if (!side_bets.empty()) {
      result["counting"]["side_bets"] = json::array();
      for (const SideBetFigures& f : side_bets) result["counting"]["side_bets"].push_back(side_bet_counts_json(f));
      result["counting"]["side_bets_note"] =
          "each side bet's return per unit bet by the true count before the deal, every round dealt (one unit per "
          "seat), standard errors from the table's net on the bet per round";
    }
  }
  result["tally"] = tally_to_json(t);
  result["performance"] = performance_json(run.threads, run.elapsed_seconds, rounds_played(run, t));
  if (stats.control) {
    result["performance"]["effective_rounds_per_second"] =
        result["performance"]["rounds_per_second"].get<double>() * stats.control->reduction.factor;
  }
  if (run.mpi_ranks > 1) result["performance"]["mpi_ranks"] = run.mpi_ranks;
  if (run.shards > 0) result["performance"]["shards"] = run.shards;
  return result;
}

namespace {

// printf-formatted text appended to `out`.
[[gnu::format(printf, 2, 3)]] void append(std::string& out, const char* format, ...) {
  char line[512];
  std::va_list args;
  va_start(args, format);
  std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  out += line;
}

}  // namespace

std::string sim_summary(const SimConfig& config, const RunInfo& run, const bj::Tally& t) {
  const bj::SimStatistics stats = statistics_of(config, t);
  const core::MeanEstimate& edge = stats.edge;
  const bj::SeatStatistics& hand = stats.pooled;
  std::string out;
  append(out, "%s%s\n", run.partial() ? "PARTIAL RESULT: " : "", describe_rules(config.rules).c_str());
  append(out, "strategy %s, %lld rounds, seed %llu\n", excerpt(run.strategy, 200).c_str(),
         static_cast<long long>(t.rounds), static_cast<unsigned long long>(config.seed));
  // A counting run's edge is of every round dealt at a flat bet, not the counter's.
  const char* every_round = stats.counting ? "; every round dealt, one flat bet per seat" : "";
  if (!edge.has_se()) {
    append(out, "house edge %.4f%% (one round: no standard error, SD n/a)%s\n", percent(-edge.mean), every_round);
  } else {
    // The SE to two significant digits, the estimate and its CI to the same.
    const int d = se_decimals(100 * edge.se);
    append(out, "house edge %.*f%%, SE %.*f%% (95%% CI %.*f%% .. %.*f%%), SD %.4f per round%s\n", d,
           percent(-edge.mean), d, 100.0 * edge.se, d, percent(-edge.ci95_high), d, percent(-edge.ci95_low),
           stats.per_seat.sd, every_round);
  }
  if (stats.control && stats.control->plain_edge.has_se()) {
    const bj::ControlStatistics& c = *stats.control;
    const int d = se_decimals(100 * c.plain_edge.se);
    append(out,
           "  (controlled estimate; plain %.*f%%, SE %.*f%%; control variate: variance %.4g times smaller (SE %.2g), "
           "worth %.3g plain rounds)\n",
           d, percent(-c.plain_edge.mean), d, 100.0 * c.plain_edge.se, c.reduction.factor, c.reduction.se,
           c.effective_rounds);
  }
  if (run.target_se > 0) {
    append(out, "target SE %g: %s\n", run.target_se,
           run.stopped_by == run::StopReason::target_se ? "reached, the run stopped there"
           : run.stopped_by == run::StopReason::rounds  ? "not reached by the --rounds cap, where the run stopped"
                                                        : "not reached before the run was interrupted");
  }
  const bool index_plays = plays_indices(config);
  const bj::ExactComparison exact = bj::compare_with_exact(edge, run.exact_ev, index_plays, config.rules);
  if (!exact.same_strategy) {
    append(out, "exact house edge %.4f%% of %s without the index plays (not compared: the simulated edge plays them)\n",
           percent(-exact.exact_ev), excerpt(run.strategy, 200).c_str());
  } else {
    // A fresh shoe (or an infinite deck): the two should agree, and their
    // difference in SEs is the check. A cut-card game: their difference is
    // the cut-card effect, a figure of the game with its SE and CI.
    char compared[64] = "";
    if (exact.comparable && exact.difference_in_se) {
      std::snprintf(compared, sizeof compared, "; simulated EV - exact EV = %+.2f SE", *exact.difference_in_se);
    }
    append(out, "exact house edge %.4f%% of the strategy played (fresh shoe each round)%s\n", percent(-exact.exact_ev),
           compared);
    if (exact.cut_card_effect) {
      const core::MeanEstimate& effect = *exact.cut_card_effect;
      const int d = se_decimals(100 * effect.se);
      append(out,
             "cut-card effect %+.*f points, SE %.*f (95%% CI %+.*f .. %+.*f): this shoe game's house edge less a "
             "fresh shoe's\n",
             d, percent(effect.mean), d, 100 * effect.se, d, percent(effect.ci95_low), d, percent(effect.ci95_high));
    }
  }
  append(out,
         "hands: win %.2f%%  loss %.2f%%  push %.2f%%  bust %.2f%%; blackjack %.2f%% of rounds; dealer bust %.2f%%\n",
         100 * hand.win, 100 * hand.loss, 100 * hand.push, 100 * hand.player_bust, 100 * hand.blackjack,
         100 * stats.dealer.played_out[static_cast<std::size_t>(bj::DealerFinal::bust)].value);
  if (stats.counting) {
    const CountingConfig& k = config.counting;
    const bj::CountingStatistics& c = *stats.counting;
    append(out, "counting %s (%s decks, %s), ramp %s, indices %s; played %.1f%% of rounds\n", k.count.c_str(),
           to_string(k.true_count_decks).c_str(), to_string(k.true_count_rounding).c_str(), k.bet_ramp.c_str(),
           k.indices.c_str(), 100 * c.share_played);
    if (c.win.has_se()) {
      const int d = se_decimals(100 * c.win.se, 3);
      append(out,
             "win %+.*f base bets per 100 rounds, SE %.*f (95%% CI %+.*f .. %+.*f), SD %.2f per 100; average bet "
             "%.2f; DI %.2f, SCORE %.1f\n",
             d, shift_decimal(c.win.mean, 2), d, shift_decimal(c.win.se, 2), d, shift_decimal(c.win.ci95_low, 2), d,
             shift_decimal(c.win.ci95_high, 2), shift_decimal(c.win.sd, 1), c.average_initial_bet, c.di, c.score);
      if (c.win_plain && c.win_reduction) {
        const int p = se_decimals(100 * c.win_plain->se, 3);
        append(out, "  (controlled estimate; plain %+.*f, SE %.*f; variance %.1f times smaller)\n", p,
               shift_decimal(c.win_plain->mean, 2), p, shift_decimal(c.win_plain->se, 2), c.win_reduction->factor);
      }
    } else {
      append(out,
             "win %+.3f base bets per 100 rounds (one round: no SE); SD n/a; average bet %.2f; DI n/a, SCORE n/a; "
             "risk of ruin n/a\n",
             shift_decimal(c.win.mean, 2), c.average_initial_bet);
    }
    if (c.win.has_se() && !c.n0) {
      append(out, "no advantage: N0 undefined, risk of ruin 100%% for any bankroll\n");
    } else if (c.win.has_se()) {
      char upper[32] = "unbounded";
      if (c.n0->ci95_high) std::snprintf(upper, sizeof upper, "%.0f", *c.n0->ci95_high);
      append(out,
             "N0 %.0f rounds (95%% CI %.0f .. %s; %.0f hours at %g rounds/h); risk of ruin %.2f%% for %g base bets "
             "(exp(-2 EV B / Var))\n",
             c.n0->rounds, c.n0->ci95_low, upper, c.n0->hours, k.rounds_per_hour, 100 * c.risk_of_ruin.value,
             c.risk_of_ruin.bankroll);
    }
  }
  for (const SideBetFigures& f : side_bet_figures(config, run.side_bets, t)) {
    const core::MeanEstimate& r = f.stats.player_return;
    // As the main bet's lines: the check in SEs for a fresh shoe, the
    // cut-card effect for a shoe dealt to a cut card.
    const bj::ExactComparison& bet_exact = f.stats.exact;
    char compared[96] = "";
    if (bet_exact.comparable && bet_exact.difference_in_se) {
      std::snprintf(compared, sizeof compared, "; simulated - exact = %+.2f SE", *bet_exact.difference_in_se);
    } else if (bet_exact.cut_card_effect) {
      const int d = se_decimals(100 * bet_exact.cut_card_effect->se, 3);
      std::snprintf(compared, sizeof compared, "; cut-card effect %+.*f points, SE %.*f", d,
                    percent(bet_exact.cut_card_effect->mean), d, 100 * bet_exact.cut_card_effect->se);
    }
    const int d = se_decimals(100 * r.se, 3);
    char se[32] = " (n/a: one round)";
    if (r.has_se()) std::snprintf(se, sizeof se, ", SE %.*f%%", d, 100.0 * r.se);
    append(out, "side bet %s: house edge %.*f%%%s, hits %.3f%% of bets; exact %.3f%% (fresh shoe)%s\n",
           excerpt(f.file.bet.name).c_str(), d, percent(-r.mean), se, 100 * f.stats.hit_frequency,
           percent(f.exact.house_edge()), compared);
    std::string by_count;
    for (const bj::SideBetTrueCountStatistics& x : f.stats.by_true_count) {
      if (std::abs(x.true_count) > bj::SLOPE_TRUE_COUNT_RANGE || x.player_return.n < bj::SLOPE_MIN_ROUNDS) continue;
      char cell[32];
      std::snprintf(cell, sizeof cell, " %+d:%+.1f", x.true_count, percent(x.player_return.mean));
      by_count += cell;
    }
    if (!by_count.empty()) append(out, "  return %% by true count:%s\n", by_count.c_str());
  }
  append(out, "speed %.1f M rounds/s on %u thread%s (%.2f s)", rounds_per_second(run, t) / 1e6, run.threads,
         run.threads == 1 ? "" : "s", run.elapsed_seconds);
  if (stats.control && stats.control->reduction.factor > 0) {
    append(out, "; effective %.3g rounds/s (rounds/s x variance reduction)",
           rounds_per_second(run, t) * stats.control->reduction.factor);
  }
  out += "\n";
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
