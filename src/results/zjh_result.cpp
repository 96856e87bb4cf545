#include "cardsim/io/zjh_result.hpp"

#include <cstdint>
#include <string>

#include "cardsim/core/error.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/whole_number.hpp"
#include "json_util.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

json rate(std::uint64_t count, std::uint64_t total) { return proportion_json(core::proportion(count, total)); }

// An exact probability: the count, the fraction in lowest terms and its value.
json probability(std::uint64_t count, std::uint64_t total) {
  const zjh::Fraction f = zjh::make_fraction(count, total);
  return {{"count", count}, {"fraction", f.text()}, {"value", f.value()}};
}

}  // namespace

json proportion_json(const core::Proportion& p) {
  return {{"count", p.count}, {"value", json_util::or_null(p.value)}, {"se", json_util::or_null(p.se)}};
}

json zjh_tally_to_json(const zjh::SimTally& tally) {
  return {{"deals", tally.deals},
          {"seat_hands", tally.seat_hands},
          {"seat_wins", tally.seat_wins},
          {"seat_ties", tally.seat_ties},
          {"winning_hands", tally.winning_hands},
          {"split_deals", tally.split_deals},
          {"leopard_kills", tally.leopard_kills}};
}

zjh::SimTally zjh_tally_from_json(const json& j) {
  zjh::SimTally tally;
  try {
    j.at("deals").get_to(tally.deals);
    j.at("seat_hands").get_to(tally.seat_hands);
    j.at("seat_wins").get_to(tally.seat_wins);
    j.at("seat_ties").get_to(tally.seat_ties);
    j.at("winning_hands").get_to(tally.winning_hands);
    j.at("split_deals").get_to(tally.split_deals);
    j.at("leopard_kills").get_to(tally.leopard_kills);
  } catch (const json::exception& e) {
    throw Error(std::string("zjh tally JSON is malformed: ") + e.what());
  }
  return tally;
}

json zjh_sim_config_json(const zjh::SimConfig& config) {
  return {{"game", "zjh"},       {"players", config.players},         {"deals", config.deals},
          {"seed", config.seed}, {"chunk_deals", config.chunk_deals}, {"rules", zjh_rules_to_json(config.rules)}};
}

zjh::SimConfig zjh_sim_config_from_json(const json& j) {
  if (!j.is_object() || j.value("game", json()) != "zjh") throw Error("not the config of a zjh sim");
  zjh::SimConfig config;
  config.players = whole_number<unsigned>(j.at("players"), "players");
  config.deals = whole_number<std::uint64_t>(j.at("deals"), "deals");
  config.seed = whole_number<std::uint64_t>(j.at("seed"), "seed");
  config.chunk_deals = whole_number<std::uint64_t>(j.at("chunk_deals"), "chunk_deals");
  config.rules = zjh_rules_from_json(j.at("rules"));
  zjh::validate(config);
  return config;
}

json zjh_sim_report(const zjh::SimConfig& config, const zjh::SimTally& tally) {
  const zjh::SeatOutcomes seat = zjh::seat_outcomes(tally);
  json by_category = json::array();
  json winning = json::array();
  for (const zjh::Category category : zjh::categories_by_strength(config.rules)) {
    const auto c = static_cast<unsigned>(category);
    const std::uint64_t hands = tally.seat_hands[c];
    by_category.push_back({{"category", zjh::category_key(category)},
                           {"chinese", zjh::category_chinese(category)},
                           {"hands", rate(hands, tally.deals)},
                           {"win", rate(tally.seat_wins[c], hands)},
                           {"tie", rate(tally.seat_ties[c], hands)},
                           {"loss", rate(hands - tally.seat_wins[c] - tally.seat_ties[c], hands)}});
    winning.push_back({{"category", zjh::category_key(category)},
                       {"chinese", zjh::category_chinese(category)},
                       {"deals", rate(tally.winning_hands[c], tally.deals)}});
  }
  const run::ChunkPlan plan{config.deals, config.chunk_deals};
  return {{"config", zjh_sim_config_json(config)},
          {"chunks", plan.chunks()},
          {"deals", tally.deals},
          {"seat",
           {{"note", "seat 1, the first hand dealt; all seats are alike by symmetry"},
            {"win", proportion_json(seat.win)},
            {"tie", proportion_json(seat.tie)},
            {"loss", proportion_json(seat.loss)},
            {"by_category", by_category}}},
          {"winning_category", winning},
          {"split_pot", rate(tally.split_deals, tally.deals)},
          {"leopard_kills", rate(tally.leopard_kills, tally.deals)},
          {"tally", zjh_tally_to_json(tally)}};
}

json zjh_exact_report(const zjh::ExactResult& result) {
  json categories = json::array();
  for (const zjh::Category category : zjh::categories_by_strength(result.rules)) {
    const auto c = static_cast<unsigned>(category);
    const std::uint64_t pairs = result.wins[c] + result.ties[c] + result.losses[c];
    categories.push_back({{"category", zjh::category_key(category)},
                          {"chinese", zjh::category_chinese(category)},
                          {"hands", result.hands[c]},
                          {"probability", probability(result.hands[c], zjh::HAND_COUNT)},
                          {"heads_up",
                           {{"pairs", pairs},
                            {"win", probability(result.wins[c], pairs)},
                            {"tie", probability(result.ties[c], pairs)},
                            {"loss", probability(result.losses[c], pairs)},
                            {"winning_hand", probability(result.winning_deals(category), zjh::ORDERED_PAIR_COUNT)}}}});
  }
  return {{"rules", zjh_rules_to_json(result.rules)},
          {"hands", zjh::HAND_COUNT},
          {"levels", result.levels},
          {"categories", categories},
          {"heads_up",
           {{"ordered_pairs", zjh::ORDERED_PAIR_COUNT},
            {"win", probability(result.total_wins(), zjh::ORDERED_PAIR_COUNT)},
            {"tie", probability(result.total_ties(), zjh::ORDERED_PAIR_COUNT)},
            {"loss", probability(result.total_losses(), zjh::ORDERED_PAIR_COUNT)}}}};
}

namespace {

json zjh_header(const char* command) {
  return {{"schema_version", ZJH_SCHEMA_VERSION}, {"tool", tool_json()}, {"command", command}};
}

}  // namespace

json zjh_sim_result_json(const zjh::SimConfig& config, const zjh::SimTally& tally, const ZjhRunInfo& run) {
  json j = zjh_header("zjh sim");
  j.update(zjh_sim_report(config, tally));
  const auto played = static_cast<double>(tally.deals);
  j["run"] = {{"threads", run.threads},
              {"partial", !run.complete},
              {"completed_chunks", run.completed_chunks},
              {"elapsed_seconds", run.elapsed_seconds},
              {"deals_per_second", run.elapsed_seconds > 0 ? played / run.elapsed_seconds : 0.0}};
  return j;
}

json zjh_exact_result_json(const zjh::ExactResult& result, double elapsed_seconds) {
  json j = zjh_header("zjh exact");
  j.update(zjh_exact_report(result));
  j["elapsed_seconds"] = elapsed_seconds;
  return j;
}

json zjh_deal_json(const zjh::Game& game, const zjh::Rules& rules, unsigned players, std::uint64_t seed,
                   std::uint32_t levels) {
  json seats = json::array();
  json winners = json::array();
  for (std::size_t s = 0; s < game.seats.size(); ++s) {
    const auto& seat = game.seats[s];
    json cards = json::array();
    for (const zjh::Card card : seat.cards) cards.push_back(zjh::card_text(card, false));
    seats.push_back({{"seat", s + 1},
                     {"cards", cards},
                     {"category", zjh::category_key(seat.category)},
                     {"chinese", zjh::category_chinese(seat.category)},
                     {"strength", seat.strength},
                     {"place", seat.place}});
    if (seat.place == 1) winners.push_back(s + 1);
  }
  json ranking = json::array();
  for (const unsigned s : game.ranking) ranking.push_back(s + 1);
  json j = zjh_header("zjh deal");
  j.update({{"config", {{"game", "zjh"}, {"players", players}, {"seed", seed}, {"rules", zjh_rules_to_json(rules)}}},
            {"levels", levels},
            {"seats", seats},
            {"ranking", ranking},
            {"winners", winners},
            {"leopard_killed", game.leopard_killed}});
  return j;
}

}  // namespace cardsim::io
