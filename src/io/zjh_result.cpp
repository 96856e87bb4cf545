#include "cardsim/io/zjh_result.hpp"

#include <cmath>
#include <cstdint>
#include <string>

#include "cardsim/core/error.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

// A rate with its binomial standard error sqrt(p(1-p)/n); null when n = 0.
json rate(std::uint64_t count, std::uint64_t total) {
  if (total == 0) return {{"count", count}, {"value", nullptr}, {"se", nullptr}};
  const double p = static_cast<double>(count) / static_cast<double>(total);
  return {{"count", count}, {"value", p}, {"se", std::sqrt(p * (1.0 - p) / static_cast<double>(total))}};
}

// An exact probability: the count, the fraction in lowest terms and its value.
json probability(std::uint64_t count, std::uint64_t total) {
  const zjh::Fraction f = zjh::make_fraction(count, total);
  return {{"count", count}, {"fraction", f.text()}, {"value", f.value()}};
}

}  // namespace

json zjh_rules_to_json(const zjh::Rules& rules) {
  return {{"ties", zjh::to_string(rules.ties)},
          {"a23", zjh::to_string(rules.a23)},
          {"special_235", rules.special_235},
          {"straight_above_flush", rules.straight_above_flush}};
}

zjh::Rules zjh_rules_from_json(const json& j, zjh::Rules base) {
  if (!j.is_object()) throw Error("zjh rules must be a JSON object with keys ties, a23, special_235, straight_above_flush");
  zjh::Rules rules = base;
  for (const auto& [key, value] : j.items()) {
    if (key == "ties" || key == "a23") {
      if (!value.is_string()) {
        throw Error("rules key '" + key + "' must be a string: allowed are " +
                    (key == "ties" ? zjh::tie_rule_names() : zjh::low_straight_names()));
      }
      const auto text = value.get<std::string>();
      if (key == "ties") {
        rules.ties = zjh::tie_rule_from_string(text);
      } else {
        rules.a23 = zjh::low_straight_from_string(text);
      }
    } else if (key == "special_235" || key == "straight_above_flush") {
      if (!value.is_boolean()) throw Error("rules key '" + key + "' must be true or false");
      (key == "special_235" ? rules.special_235 : rules.straight_above_flush) = value.get<bool>();
    } else {
      throw Error("unknown zjh rules key '" + excerpt(key) +
                  "': allowed are ties, a23, special_235, straight_above_flush");
    }
  }
  return rules;
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

json zjh_sim_report(const zjh::SimConfig& config, const zjh::SimTally& tally) {
  std::uint64_t wins = 0, ties = 0;
  for (unsigned c = 0; c < zjh::CATEGORY_COUNT; ++c) {
    wins += tally.seat_wins[c];
    ties += tally.seat_ties[c];
  }
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
  return {{"config",
           {{"game", "zjh"},
            {"players", config.players},
            {"deals", config.deals},
            {"seed", config.seed},
            {"chunk_deals", config.chunk_deals},
            {"rules", zjh_rules_to_json(config.rules)}}},
          {"chunks", plan.chunks()},
          {"deals", tally.deals},
          {"seat",
           {{"note", "seat 1, the first hand dealt; all seats are alike by symmetry"},
            {"win", rate(wins, tally.deals)},
            {"tie", rate(ties, tally.deals)},
            {"loss", rate(tally.deals - wins - ties, tally.deals)},
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

}  // namespace cardsim::io
