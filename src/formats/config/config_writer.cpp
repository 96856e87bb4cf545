// A SimConfig written back: as a config object (to_json, every key as
// sim_config_from_json reads it) and as a short description of the rules.
#include <cstdint>
#include <string>

#include "cardsim/io/config.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

// A free-bet set as the reader (config.cpp, read_free_set) reads it: "none", or its runs "a-b" and
// single values separated by commas (pair cards as A, 2..9, T).
std::string free_set_text(std::uint32_t set, bool cards) {
  if (set == 0) return "none";
  const auto name = [&](int value) -> std::string {
    if (cards && value == bj::ACE) return "A";
    if (cards && value == bj::TEN) return "T";
    return std::to_string(value);
  };
  std::string text;
  for (int value = 0; value < 32; ++value) {
    if (((set >> value) & 1U) == 0) continue;
    int last = value;
    while (last + 1 < 32 && ((set >> (last + 1)) & 1U) != 0) ++last;
    text += (text.empty() ? "" : ",") + name(value) + (last > value ? "-" + name(last) : "");
    value = last;
  }
  return text;
}

}  // namespace

json to_json(const SimConfig& c, bool every_key) {
  const bj::Rules& r = c.rules;
  json j;
  j["name"] = c.name;
  j["description"] = c.description;
  j["decks"] = r.infinite() ? json("infinite") : json(r.decks);
  if (r.remove_tens_per_deck != 0 || every_key) j["remove_tens_per_deck"] = r.remove_tens_per_deck;
  j["penetration"] = r.penetration;
  j["cut_card"] = r.cut_card;
  j["burn_cards"] = r.burn_cards;
  j["reshuffle"] = to_string(r.reshuffle);
  j["seats"] = r.seats;
  j["h17"] = r.h17;
  j["hole_card"] = to_string(r.hole_card);
  j["double"] = to_string(r.double_rule);
  j["das"] = r.double_after_split;
  j["split_hands"] = r.split_hands;
  j["resplit_aces"] = r.resplit_aces;
  j["hit_split_aces"] = r.hit_split_aces;
  j["surrender"] = to_string(r.surrender);
  j["insurance"] = to_string(r.insurance);
  j["blackjack_pays"] = std::to_string(r.blackjack_pays_num) + ":" + std::to_string(r.blackjack_pays_den);
  // The variant keys are written only when set (or `every_key`), so that a
  // config without them echoes what it always did.
  if (r.dealer_22_pushes || every_key) j["dealer_22_pushes"] = r.dealer_22_pushes;
  if (r.player_21_wins || every_key) j["player_21_wins"] = r.player_21_wins;
  if (r.blackjack_beats_blackjack || every_key) j["blackjack_beats_blackjack"] = r.blackjack_beats_blackjack;
  if (r.free_double_totals != 0 || every_key) j["free_double"] = free_set_text(r.free_double_totals, false);
  if (r.free_split_pairs != 0 || every_key) j["free_split"] = free_set_text(r.free_split_pairs, true);
  if (r.double_any_cards || every_key) j["double_any_cards"] = r.double_any_cards;
  if (r.double_rescue || every_key) j["double_rescue"] = r.double_rescue;
  if (r.spanish_bonuses || every_key) j["spanish_bonuses"] = r.spanish_bonuses;
  if (r.switch_hands || every_key) j["switch"] = r.switch_hands;
  j["strategy"] = c.strategy;
  j["rounds"] = c.rounds;
  j["seed"] = c.seed;
  j["chunk_rounds"] = c.chunk_rounds;
  if (c.control_variate || every_key) j["control_variate"] = to_string(control_variate_of(c));
  const CountingConfig& k = c.counting;
  if (k.enabled() || every_key) {
    j["count"] = k.count;
    j["true_count_decks"] = to_string(k.true_count_decks);
    j["true_count_rounding"] = to_string(k.true_count_rounding);
    j["bet_ramp"] = k.bet_ramp;
    j["wong_in"] = k.has_wong_in ? json(k.wong_in) : json("none");
    j["wong_out"] = k.has_wong_out ? json(k.wong_out) : json("none");
    j["indices"] = k.indices;
    j["bankroll_units"] = k.bankroll;
    j["rounds_per_hour"] = k.rounds_per_hour;
  }
  if (!c.side_bets.empty() || every_key) j["side_bets"] = c.side_bets;
  return j;
}

std::string describe_rules(const bj::Rules& r) {
  std::string s = r.infinite() ? "infinite deck" : std::to_string(r.decks) + (r.decks == 1 ? " deck" : " decks");
  if (r.remove_tens_per_deck != 0) s += " of " + std::to_string(r.deck_cards()) + " cards";
  s += r.h17 ? ", H17" : ", S17";
  if (r.double_rule != bj::DoubleRule::any) s += ", double " + to_string(r.double_rule);
  s += r.double_after_split ? ", DAS" : ", no DAS";
  if (r.split_hands != bj::MAX_SPLIT_HANDS) s += ", split to " + std::to_string(r.split_hands);
  if (r.resplit_aces) s += ", RSA";
  if (r.hit_split_aces) s += ", hit split aces";
  if (r.surrender != bj::Surrender::none) s += ", " + to_string(r.surrender) + " surrender";
  if (r.hole_card != bj::HoleCard::peek)
    s += ", " + std::string(r.hole_card == bj::HoleCard::enhc ? "ENHC" : "ENHC-OBO");
  s += ", blackjack pays " + std::to_string(r.blackjack_pays_num) + ":" + std::to_string(r.blackjack_pays_den);
  if (r.dealer_22_pushes) s += ", dealer 22 pushes";
  if (r.player_21_wins) s += ", player 21 wins";
  if (r.blackjack_beats_blackjack) s += ", blackjack beats blackjack";
  if (r.free_double_totals != 0) s += ", free double " + free_set_text(r.free_double_totals, false);
  if (r.free_split_pairs != 0) s += ", free split " + free_set_text(r.free_split_pairs, true);
  if (r.double_any_cards) s += ", double any cards";
  if (r.double_rescue) s += ", double rescue";
  if (r.spanish_bonuses) s += ", 21 bonuses";
  if (r.switch_hands) s += ", switch";
  if (r.seats > 1) s += ", " + std::to_string(r.seats) + " seats";
  if (r.reshuffle == bj::Reshuffle::every_round) s += ", fresh shoe each round";
  return s;
}

}  // namespace cardsim::io
