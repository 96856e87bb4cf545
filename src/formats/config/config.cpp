// Reads a config object into a SimConfig (sim_config_from_json): each key's
// value read and range-checked, one key at a time. The relations between keys
// are config_checks.cpp's, the text grammars (counts, bet ramps)
// config_values.cpp's, writing a config back config_writer.cpp's.
#include "cardsim/io/config.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/error.hpp"
#include "config_impl.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;
using namespace config_detail;  // the key table, the enum names, the relations check (config_impl.hpp)

namespace {

[[noreturn]] void bad_value(const std::string& key, const json& value) {
  throw BadConfigValue(
      key, key_and_flag(key) + ": " + excerpt(value.dump()) + " is not allowed; expected " + key_info(key).allowed);
}

// The value of `key` read by `read`, whose Error becomes a BadConfigValue.
template <class Read>
auto read_as_key(const std::string& key, Read read) {
  try {
    return read();
  } catch (const BadConfigValue&) {
    throw;
  } catch (const Error& e) {
    throw BadConfigValue(key, e.what());
  }
}

std::int64_t read_int(const json& j, const std::string& key, std::int64_t lo, std::int64_t hi) {
  const json& v = j.at(key);
  if (!v.is_number_integer()) bad_value(key, v);
  const auto value = v.get<std::int64_t>();
  if (value < lo || value > hi) bad_value(key, v);
  return value;
}

bool read_bool(const json& j, const std::string& key) {
  const json& v = j.at(key);
  if (!v.is_boolean()) bad_value(key, v);
  return v.get<bool>();
}

std::string read_string(const json& j, const std::string& key) {
  const json& v = j.at(key);
  if (!v.is_string()) bad_value(key, v);
  return v.get<std::string>();
}

template <class Enum, std::size_t N>
Enum read_enum(const json& j, const std::string& key, const EnumNames<Enum, N>& names) {
  const json& v = j.at(key);
  if (v.is_string()) {
    for (const auto& [value, name] : names) {
      if (v.get<std::string>() == name) return value;
    }
  }
  bad_value(key, v);
}

std::uint64_t read_count(const json& j, const std::string& key) {
  const json& v = j.at(key);
  if (v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() > 0)) {
    const auto value = v.get<std::uint64_t>();
    if (value == 0) bad_value(key, v);
    return value;
  }
  if (v.is_number_float() || v.is_string()) {
    return read_as_key(key,
                       [&] { return parse_count(v.is_string() ? v.get<std::string>() : v.dump(), key_and_flag(key)); });
  }
  bad_value(key, v);
}

// The free-bet sets (bit v for each value v): "none", "all" (free_split), or
// items separated by commas, each a value or a range "a-b"; a JSON integer
// or an array of values too. Values are totals 4..20 (free_double) or pair
// cards A, 2..9, T (free_split).
constexpr int FREE_DOUBLE_MIN = 4;
constexpr int FREE_DOUBLE_MAX = 20;

int free_value_of(const std::string& text, bool cards) {
  if (cards && (text == "A" || text == "a")) return bj::ACE;
  if (cards && (text == "T" || text == "t")) return bj::TEN;
  if (text.empty() || text.size() > 2 || text.find_first_not_of("0123456789") != std::string::npos) return -1;
  const int value = std::stoi(text);
  if (cards) return value >= 2 && value <= 9 ? value : -1;
  return value >= FREE_DOUBLE_MIN && value <= FREE_DOUBLE_MAX ? value : -1;
}

std::uint32_t read_free_set(const json& j, const std::string& key, bool cards) {
  const json& v = j.at(key);
  std::vector<std::string> items;
  if (v.is_number_integer()) {
    items.push_back(std::to_string(v.get<std::int64_t>()));
  } else if (v.is_array()) {
    for (const json& item : v) {
      if (item.is_number_integer()) {
        items.push_back(std::to_string(item.get<std::int64_t>()));
      } else if (item.is_string()) {
        items.push_back(item.get<std::string>());
      } else {
        bad_value(key, v);
      }
    }
  } else if (v.is_string()) {
    const std::string text = v.get<std::string>();
    if (text == "none") return 0;
    if (cards && text == "all") return ((1U << (bj::CARD_VALUES + 1)) - 1) & ~1U;
    std::string item;
    for (const char c : text + ",") {
      if (c == ',') {
        items.push_back(item);
        item.clear();
      } else if (c != ' ') {
        item += c;
      }
    }
  } else {
    bad_value(key, v);
  }
  std::uint32_t set = 0;
  for (const std::string& item : items) {
    const auto dash = item.find('-', 1);
    const int from = free_value_of(item.substr(0, dash), cards);
    const int to = dash == std::string::npos ? from : free_value_of(item.substr(dash + 1), cards);
    if (from < 0 || to < from) bad_value(key, v);
    for (int value = from; value <= to; ++value) set |= 1U << value;
  }
  if (set == 0) bad_value(key, v);
  return set;
}

}  // namespace

SimConfig sim_config_from_json(const json& j) {
  if (!j.is_object())
    throw Error("a config must be a JSON object of keys and values, not a JSON " + std::string(j.type_name()));
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (const auto& k : config_keys()) known = known || k.key == key;
    if (!known) {
      std::string all;
      for (const auto& k : config_keys()) all += (all.empty() ? "" : ", ") + k.key;
      throw Error("unknown config key '" + excerpt(key) + "'; the keys are: " + all);
    }
  }
  SimConfig c;
  bj::Rules& r = c.rules;
  if (j.contains("name")) c.name = read_string(j, "name");
  if (j.contains("description")) c.description = read_string(j, "description");
  if (j.contains("decks")) {
    const json& v = j.at("decks");
    if (v.is_string() && v.get<std::string>() == "infinite")
      r.decks = bj::INFINITE_DECKS;
    else
      r.decks = static_cast<int>(read_int(j, "decks", 1, bj::MAX_DECKS));
  }
  if (j.contains("remove_tens_per_deck")) {
    r.remove_tens_per_deck = static_cast<int>(read_int(j, "remove_tens_per_deck", 0, bj::TENS_PER_DECK));
  }
  if (j.contains("penetration")) {
    const json& v = j.at("penetration");
    if (!v.is_number() || !(v.get<double>() > 0 && v.get<double>() < 1)) bad_value("penetration", v);
    r.penetration = v.get<double>();
  }
  const int shoe_cards = r.infinite() ? std::numeric_limits<int>::max() : r.shoe_cards();
  if (j.contains("cut_card")) r.cut_card = static_cast<int>(read_int(j, "cut_card", 0, shoe_cards - 1));
  if (j.contains("burn_cards")) r.burn_cards = static_cast<int>(read_int(j, "burn_cards", 0, 52));
  if (j.contains("reshuffle")) r.reshuffle = read_enum(j, "reshuffle", RESHUFFLE_NAMES);
  if (j.contains("seats")) r.seats = static_cast<int>(read_int(j, "seats", 1, bj::MAX_SEATS));
  if (j.contains("h17")) r.h17 = read_bool(j, "h17");
  if (j.contains("hole_card")) r.hole_card = read_enum(j, "hole_card", HOLE_CARD_NAMES);
  if (j.contains("double")) r.double_rule = read_enum(j, "double", DOUBLE_NAMES);
  if (j.contains("das")) r.double_after_split = read_bool(j, "das");
  if (j.contains("split_hands")) r.split_hands = static_cast<int>(read_int(j, "split_hands", 1, bj::MAX_SPLIT_HANDS));
  if (j.contains("resplit_aces")) r.resplit_aces = read_bool(j, "resplit_aces");
  if (j.contains("hit_split_aces")) r.hit_split_aces = read_bool(j, "hit_split_aces");
  if (j.contains("surrender")) r.surrender = read_enum(j, "surrender", SURRENDER_NAMES);
  if (j.contains("insurance")) r.insurance = read_enum(j, "insurance", INSURANCE_NAMES);
  if (j.contains("blackjack_pays")) {
    const std::string text = read_string(j, "blackjack_pays");
    const auto colon = text.find(':');
    int p = 0;
    int q = 0;
    try {
      std::size_t used_p = 0;
      std::size_t used_q = 0;
      if (colon == std::string::npos) bad_value("blackjack_pays", j.at("blackjack_pays"));
      p = std::stoi(text.substr(0, colon), &used_p);
      q = std::stoi(text.substr(colon + 1), &used_q);
      if (used_p != colon || used_q != text.size() - colon - 1) p = 0;
    } catch (const std::logic_error&) {
      p = 0;
    }
    if (p < 1 || p > 100 || q < 1 || q > 100) bad_value("blackjack_pays", j.at("blackjack_pays"));
    r.blackjack_pays_num = p;
    r.blackjack_pays_den = q;
  }
  if (j.contains("dealer_22_pushes")) r.dealer_22_pushes = read_bool(j, "dealer_22_pushes");
  if (j.contains("player_21_wins")) r.player_21_wins = read_bool(j, "player_21_wins");
  if (j.contains("blackjack_beats_blackjack")) r.blackjack_beats_blackjack = read_bool(j, "blackjack_beats_blackjack");
  if (j.contains("free_double")) r.free_double_totals = read_free_set(j, "free_double", false);
  if (j.contains("free_split")) r.free_split_pairs = read_free_set(j, "free_split", true);
  if (j.contains("double_any_cards")) r.double_any_cards = read_bool(j, "double_any_cards");
  if (j.contains("double_rescue")) r.double_rescue = read_bool(j, "double_rescue");
  if (j.contains("spanish_bonuses")) r.spanish_bonuses = read_bool(j, "spanish_bonuses");
  if (j.contains("switch")) r.switch_hands = read_bool(j, "switch");
  if (j.contains("strategy")) {
    c.strategy = read_string(j, "strategy");
    if (c.strategy.empty()) bad_value("strategy", j.at("strategy"));
  }
  if (j.contains("rounds")) c.rounds = read_count(j, "rounds");
  if (j.contains("seed")) {
    const json& v = j.at("seed");
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) bad_value("seed", v);
    c.seed = v.get<std::uint64_t>();
  }
  if (j.contains("chunk_rounds")) c.chunk_rounds = read_count(j, "chunk_rounds");
  if (j.contains("control_variate")) c.control_variate = read_enum(j, "control_variate", CONTROL_VARIATE_NAMES);

  // Card counting.
  CountingConfig& k = c.counting;
  if (j.contains("count")) {
    k.count = read_string(j, "count");
    if (k.count.empty()) bad_value("count", j.at("count"));
  }
  if (j.contains("true_count_decks")) k.true_count_decks = read_enum(j, "true_count_decks", DECK_ESTIMATE_NAMES);
  if (j.contains("true_count_rounding")) k.true_count_rounding = read_enum(j, "true_count_rounding", ROUNDING_NAMES);
  if (j.contains("bet_ramp")) {
    k.bet_ramp = read_string(j, "bet_ramp");
    k.ramp = read_as_key("bet_ramp", [&] { return parse_bet_ramp(k.bet_ramp, key_and_flag("bet_ramp")); });
  }
  const auto read_wong = [&](const std::string& key, bool& has, int& value) {
    if (!j.contains(key)) return;
    const json& v = j.at(key);
    if (v.is_string() && v.get<std::string>() == "none") return;
    value = static_cast<int>(read_int(j, key, -MAX_INDEX_TRUE_COUNT, MAX_INDEX_TRUE_COUNT));
    has = true;
  };
  read_wong("wong_in", k.has_wong_in, k.wong_in);
  read_wong("wong_out", k.has_wong_out, k.wong_out);
  if (k.has_wong_in && k.has_wong_out && k.wong_out > k.wong_in) bad_value("wong_out", j.at("wong_out"));
  if (j.contains("indices")) {
    k.indices = read_string(j, "indices");
    if (k.indices.empty()) bad_value("indices", j.at("indices"));
  }
  const auto read_positive = [&](const std::string& key, double& value) {
    if (!j.contains(key)) return;
    const json& v = j.at(key);
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) bad_value(key, v);
    value = v.get<double>();
  };
  read_positive("bankroll_units", k.bankroll);
  if (j.contains("side_bets")) {
    const json& v = j.at("side_bets");
    if (v.is_string() && v.get<std::string>() != "none") c.side_bets = {v.get<std::string>()};
    if (v.is_array()) {
      for (const json& bet : v) {
        if (!bet.is_string() || bet.get<std::string>().empty()) bad_value("side_bets", v);
        c.side_bets.push_back(bet.get<std::string>());
      }
    }
    if ((!v.is_string() && !v.is_array()) || (v.is_string() && v.get<std::string>().empty()) ||
        c.side_bets.size() > static_cast<std::size_t>(bj::MAX_SIDE_BETS)) {
      bad_value("side_bets", v);
    }
  }
  read_positive("rounds_per_hour", k.rounds_per_hour);
  check_key_relations(j, c);
  return c;
}

bj::ControlVariate control_variate_of(const SimConfig& config) {
  return config.control_variate.value_or(bj::ControlVariate::exact);
}

}  // namespace cardsim::io
