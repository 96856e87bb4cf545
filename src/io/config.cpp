#include "cardsim/io/config.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "config_impl.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;
using namespace config_detail;  // the key table and the enum names (config_keys.cpp)

namespace {

// True counts that wonging and index lines may name.
constexpr int MAX_INDEX_TRUE_COUNT = bj::MAX_NAMED_TRUE_COUNT;

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

// A free-bet set as read_free_set reads it: "none", or its runs "a-b" and
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

std::string format_bet_ramp(const std::vector<bj::RampStep>& steps) {
  std::string text;
  for (const bj::RampStep& step : steps) {
    if (!text.empty()) text += ',';
    text += std::to_string(step.true_count) + ":" + std::to_string(step.units);
  }
  return text;
}

std::vector<bj::RampStep> parse_bet_ramp(const std::string& text, const std::string& what) {
  if (text == "flat") return {{0, 1}};
  std::vector<bj::RampStep> steps;
  std::string token;
  const auto fail = [&](const std::string& why) {
    throw Error(what + ": \"" + excerpt(text) + "\" is not a bet ramp (" + why +
                "); expected \"flat\" or steps \"TC:UNITS\" separated by commas, true counts ascending, units "
                "1.." +
                std::to_string(bj::MAX_BET_UNITS) + ", e.g. \"1:1,2:2,3:4,4:8,5:12\"");
  };
  const auto add = [&](const std::string& step) {
    const auto colon = step.find(':');
    if (colon == std::string::npos) fail("'" + excerpt(step) + "' has no ':'");
    int tc = 0;
    int units = 0;
    try {
      std::size_t used_tc = 0;
      std::size_t used_units = 0;
      tc = std::stoi(step.substr(0, colon), &used_tc);
      units = std::stoi(step.substr(colon + 1), &used_units);
      if (used_tc != colon || used_units != step.size() - colon - 1) fail("'" + excerpt(step) + "' is not TC:UNITS");
    } catch (const std::logic_error&) {
      fail("'" + excerpt(step) + "' is not TC:UNITS");
    }
    if (tc < -MAX_INDEX_TRUE_COUNT || tc > MAX_INDEX_TRUE_COUNT)
      fail("true count " + std::to_string(tc) + " outside -30..30");
    if (units < 1 || units > bj::MAX_BET_UNITS) fail(std::to_string(units) + " units");
    if (!steps.empty() && tc <= steps.back().true_count) fail("true counts must ascend");
    steps.push_back({tc, units});
  };
  for (const char c : text) {
    if (c == ',' || c == ' ') {
      if (!token.empty()) add(token);
      token.clear();
    } else {
      token += c;
    }
  }
  if (!token.empty()) add(token);
  if (steps.empty()) fail("no steps");
  return steps;
}

std::uint64_t parse_count(std::string_view text, const std::string& what) {
  const std::string s(text);
  const auto fail = [&]() -> std::uint64_t {
    throw Error(what + ": '" + excerpt(s) +
                "' is not a count; expected a whole number >= 1 such as 1000000, 1_000_000, 1e9, 2.5M or 100k");
  };
  const auto too_large = [&]() -> std::uint64_t {
    throw Error(what + ": '" + excerpt(s) + "' is too large; at most 10^18 (1e18)");
  };
  // Digits (with '_' or ',' between them) and a decimal point, read exactly
  // as an integer mantissa and a count of fraction digits: no binary rounding.
  std::size_t i = 0;
  std::uint64_t mantissa = 0;
  int fraction_digits = 0;
  bool digits = false;
  bool point = false;
  for (; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '.' && !point) {
      point = true;
    } else if ((ch == '_' || ch == ',') && digits && i + 1 < s.size() &&
               std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
      continue;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      if (mantissa > MAX_COUNT) return too_large();
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(ch - '0');
      digits = true;
      if (point) ++fraction_digits;
    } else {
      break;
    }
  }
  if (!digits) return fail();
  int exponent = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && s[i] == '+') ++i;
    if (i == s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return fail();
    for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i) {
      exponent = exponent * 10 + (s[i] - '0');
      if (exponent > 40) return too_large();
    }
  }
  // One suffix: k, M, G (or B), T for 10^3, 10^6, 10^9, 10^12.
  if (i + 1 == s.size()) {
    switch (s[i]) {
      case 'k':
      case 'K':
        exponent += 3;
        ++i;
        break;
      case 'M':
      case 'm':
        exponent += 6;
        ++i;
        break;
      case 'G':
      case 'g':
      case 'B':
      case 'b':
        exponent += 9;
        ++i;
        break;
      case 'T':
      case 't':
        exponent += 12;
        ++i;
        break;
      default: break;
    }
  }
  if (i != s.size()) return fail();
  exponent -= fraction_digits;
  for (; exponent < 0; ++exponent) {
    if (mantissa % 10 != 0) return fail();
    mantissa /= 10;
  }
  for (; exponent > 0; --exponent) {
    if (mantissa > MAX_COUNT / 10) return too_large();
    mantissa *= 10;
  }
  if (mantissa == 0) return fail();
  if (mantissa > MAX_COUNT) return too_large();
  return mantissa;
}

json flag_value_to_json(const std::string& text) {
  if (text == "true" || text.empty()) return true;
  if (text == "false") return false;
  // Decimal numbers only: stod would also read "0x10", "inf" and "nan".
  const bool decimal = text.find_first_not_of("0123456789+-.eE") == std::string::npos &&
                       text.find_first_of("0123456789") != std::string::npos;
  if (!decimal) return text;
  try {
    std::size_t used = 0;
    if (text.front() != '-' && text.front() != '+') {
      const unsigned long long whole = std::stoull(text, &used);
      if (used == text.size()) return static_cast<std::uint64_t>(whole);
    }
    const long long integer = std::stoll(text, &used);
    if (used == text.size()) return integer;
  } catch (const std::exception&) {
  }
  try {
    std::size_t used = 0;
    const double number = std::stod(text, &used);
    if (used == text.size()) return number;
  } catch (const std::exception&) {
  }
  return text;
}

void check_json_depth(std::string_view text, const std::string& what) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > MAX_JSON_DEPTH) {
        throw Error(what + " nests objects and lists deeper than " + std::to_string(MAX_JSON_DEPTH) +
                    " levels; no cardsim file does");
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

json parse_json_object(std::string_view text, const std::string& what) {
  check_json_depth(text, what);
  // The keys seen in each object being read, innermost last, and the key
  // each one is under (for the message).
  struct Level {
    std::set<std::string> keys;
    std::string last_key;
  };
  std::vector<Level> levels;
  const json::parser_callback_t check_keys = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) levels.emplace_back();
    if (event == json::parse_event_t::object_end && !levels.empty()) levels.pop_back();
    if (event == json::parse_event_t::key && !levels.empty()) {
      const std::string key = parsed.get<std::string>();
      if (!levels.back().keys.insert(key).second) {
        std::string where;
        for (std::size_t l = 0; l + 1 < levels.size(); ++l) where += (where.empty() ? "" : ".") + levels[l].last_key;
        throw Error(what + ": key '" + excerpt(key) + "' is given twice" +
                    (where.empty() ? "" : " in '" + excerpt(where) + "'") + "; give each key once");
      }
      levels.back().last_key = key;
    }
    return true;
  };
  json j;
  try {
    j = json::parse(text, check_keys);
  } catch (const json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 9: ...;
    // last read: 'TOKEN'; expected ...": without the tag, TOKEN cut.
    std::string message = e.what();
    if (const auto tag = message.find("] "); message.front() == '[' && tag != std::string::npos)
      message.erase(0, tag + 2);
    const std::string opening = "last read: '";
    if (const auto from = message.find(opening); from != std::string::npos) {
      const auto start = from + opening.size();
      auto end = message.find("'; expected ", start);
      if (end == std::string::npos) end = message.size() - 1;
      if (end > start) message.replace(start, end - start, excerpt(message.substr(start, end - start), 40));
    }
    throw Error(what + " is not valid JSON: " + message);
  } catch (const json::exception& e) {
    // A number beyond a double, such as 1e999 (out_of_range.406).
    std::string message = e.what();
    if (const auto tag = message.find("] "); message.front() == '[' && tag != std::string::npos)
      message.erase(0, tag + 2);
    throw Error(what + " is not valid JSON: " + excerpt(message));
  }
  if (!j.is_object()) {
    throw Error(what + " is a JSON " + std::string(j.type_name()) +
                "; expected a JSON object of keys and values, {\"key\": value, ...}");
  }
  return j;
}

namespace {

// A conflict of bj::validate in config keys and flags.
std::string conflict_message(bj::RulesProblem p, const bj::Rules& r) {
  using enum bj::RulesConflict;
  switch (p.conflict) {
    case tens_removed_from_infinite_deck:
      return "config key 'remove_tens_per_deck' (--remove-tens-per-deck): removing tens needs a finite shoe; 'decks' "
             "is \"infinite\"";
    case cut_card_outside_shoe:
      return "the cut card falls at card " + std::to_string(p.value) + " of a " + std::to_string(r.shoe_cards()) +
             "-card shoe; penetration or cut_card must put it inside the shoe";
    case burn_cards_reach_cut_card:
      return "config key 'burn_cards': " + std::to_string(r.burn_cards) + " burn cards reach the cut card at card " +
             std::to_string(p.value) + "; expected fewer";
    case free_bets_without_peek:
      return "config keys 'free_double' and 'free_split' (Free Bet) need hole_card \"peek\", not \"" +
             to_string(r.hole_card) + "\"";
    case double_any_cards_without_das:
      return "config key 'double_any_cards' (--double-any-cards): needs das true (a split hand's later doubles "
             "follow it); 'das' is false";
    case rescue_without_peek:
      return "config key 'double_rescue' (--double-rescue): needs hole_card \"peek\", not \"" + to_string(r.hole_card) +
             "\"";
    case rescue_with_free_bets:
      return "config key 'double_rescue' (--double-rescue): does not combine with 'free_double' or 'free_split'";
    case bonuses_without_finite_shoe:
      return "config key 'spanish_bonuses' (--spanish-bonuses): the suited bonuses need a finite shoe; 'decks' is "
             "\"infinite\"";
    case switch_without_peek:
      return "config key 'switch' (--switch): Blackjack Switch needs hole_card \"peek\", not \"" +
             to_string(r.hole_card) + "\" (the hands are exchanged after the peek)";
    case switch_with_early_surrender:
      return "config key 'switch' (--switch): Blackjack Switch takes surrender \"none\" or \"late\", not \"early\"";
    case switch_with_insurance:
      return "config key 'switch' (--switch): Blackjack Switch takes insurance \"never\", not \"" +
             to_string(r.insurance) + "\"";
    case switch_with_bonuses:
      return "config key 'spanish_bonuses' (--spanish-bonuses): no Spanish 21 bonuses with Blackjack Switch "
             "('switch'): an exchange moves the cards the bonuses look at";
    case free_split_without_splits:
      return "config key 'free_split' (--free-split): free splits need splitting; 'split_hands' is 1";
    case free_double_not_doublable:
      return "config key 'free_double' (--free-double): hard " + std::to_string(p.value) +
             " may not be doubled under double \"" + to_string(r.double_rule) +
             "\"; expected totals the double rule allows";
    default: return "the rules do not go together";
  }
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
  if (!k.enabled()) {
    for (const char* key : COUNTING_KEYS) {
      const json defaults = to_json(SimConfig{}, true);
      if (j.contains(key) && std::string(key) != "count" && j.at(key) != defaults.at(key)) {
        throw Error(std::string("config key '") + key +
                    "' needs a count system: give 'count' (--count), e.g. \"hi-lo\"");
      }
    }
  }

  // Relations between keys: the rules' own by bj::validate (said here in
  // config keys and flags), then those of the side bets and the count.
  try {
    bj::validate(r);
  } catch (const bj::RulesError& e) {
    throw Error(conflict_message(e.problem(), r));
  }
  if (!c.side_bets.empty() && r.infinite()) {
    throw Error("config key 'side_bets' (--side-bet): side bets need a finite shoe; 'decks' is \"infinite\"");
  }
  if (!c.side_bets.empty() && r.remove_tens_per_deck != 0) {
    throw Error(
        "config key 'side_bets' (--side-bet): side bets are priced on full 52-card decks; 'remove_tens_per_deck' is " +
        std::to_string(r.remove_tens_per_deck) + " (expected 0 with side bets)");
  }
  if (!c.side_bets.empty() && r.switch_hands)
    throw Error("config key 'side_bets' (--side-bet): no side bets with Blackjack Switch ('switch')");
  if (k.enabled() && r.infinite()) {
    throw Error("config key 'count' (--count): card counting needs a finite shoe; 'decks' is \"infinite\"");
  }
  if (k.enabled() && c.control_variate == bj::ControlVariate::exact) {
    throw BadConfigValue("control_variate", "config key 'control_variate' (--control-variate): \"exact\" does not "
                                            "combine with counting yet; expected \"none\" with 'count'");
  }
  if (c.chunk_rounds > core::MAX_SHOES_PER_CHUNK) {
    throw BadConfigValue("chunk_rounds",
                         "config key 'chunk_rounds' (--chunk-rounds): " + std::to_string(c.chunk_rounds) +
                             " is not allowed; expected at most " + std::to_string(core::MAX_SHOES_PER_CHUNK) +
                             " (a chunk's stream holds that many shoes)");
  }
  if (c.rounds / c.chunk_rounds >= core::MAX_CHUNKS) {
    throw Error("rounds / chunk_rounds must be under 16777216 chunks; raise chunk_rounds");
  }
  return c;
}

SimConfig saved_sim_config_from_json(const json& j) {
  SimConfig c = sim_config_from_json(j);
  if (!j.contains("control_variate")) c.control_variate = bj::ControlVariate::none;
  return c;
}

bj::ControlVariate control_variate_of(const SimConfig& config) {
  if (config.control_variate) return *config.control_variate;
  return config.counting.enabled() ? bj::ControlVariate::none : bj::ControlVariate::exact;
}

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
  j["control_variate"] = to_string(control_variate_of(c));
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
