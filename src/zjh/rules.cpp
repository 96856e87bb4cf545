#include "cardsim/zjh/rules.hpp"

#include <array>
#include <string>
#include <utility>

#include "cardsim/core/error.hpp"

namespace cardsim::zjh {
namespace {

constexpr std::array<std::pair<std::string_view, TieRule>, 2> TIE_RULES = {{
    {"split", TieRule::split},
    {"suits", TieRule::suits},
}};
constexpr std::array<std::pair<std::string_view, LowStraight>, 2> LOW_STRAIGHTS = {{
    {"lowest", LowStraight::lowest},
    {"second", LowStraight::second},
}};

struct Preset {
  std::string_view name;
  Rules rules;
};
const std::array<Preset, 4> PRESETS = {{
    {"standard", Rules{}},
    {"suits", Rules{TieRule::suits, LowStraight::lowest, false, false}},
    {"leopard-killer", Rules{TieRule::split, LowStraight::lowest, true, false}},
    {"teen-patti", Rules{TieRule::split, LowStraight::second, false, true}},
}};

template <class Table>
std::string allowed(const Table& table) {
  std::string text;
  for (const auto& entry : table) {
    if (!text.empty()) text += ", ";
    text += entry.first;
  }
  return text;
}

template <class Table>
auto from_string(const Table& table, std::string_view text, std::string_view key) {
  for (const auto& entry : table) {
    if (entry.first == text) return entry.second;
  }
  throw Error("unknown " + std::string(key) + " '" + excerpt(text) + "': allowed are " + allowed(table));
}

template <class Table, class Value>
std::string_view to_text(const Table& table, Value value) {
  for (const auto& entry : table) {
    if (entry.second == value) return entry.first;
  }
  return "invalid";
}

}  // namespace

std::string_view to_string(TieRule rule) { return to_text(TIE_RULES, rule); }
std::string_view to_string(LowStraight rule) { return to_text(LOW_STRAIGHTS, rule); }
TieRule tie_rule_from_string(std::string_view text) { return from_string(TIE_RULES, text, "ties rule"); }
LowStraight low_straight_from_string(std::string_view text) { return from_string(LOW_STRAIGHTS, text, "a23 rule"); }
std::string tie_rule_names() { return allowed(TIE_RULES); }
std::string low_straight_names() { return allowed(LOW_STRAIGHTS); }

Rules preset_rules(std::string_view name) {
  for (const auto& preset : PRESETS) {
    if (preset.name == name) return preset.rules;
  }
  std::string names;
  for (const auto& n : preset_names()) names += (names.empty() ? "" : ", ") + n;
  throw Error("unknown zjh variant '" + std::string(name) + "': allowed are " + names);
}

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  for (const auto& preset : PRESETS) names.emplace_back(preset.name);
  return names;
}

std::vector<Rules> all_rule_combinations() {
  std::vector<Rules> all;
  for (const TieRule ties : {TieRule::split, TieRule::suits}) {
    for (const LowStraight a23 : {LowStraight::lowest, LowStraight::second}) {
      for (const bool special : {false, true}) {
        for (const bool straight_first : {false, true}) {
          all.push_back(Rules{ties, a23, special, straight_first});
        }
      }
    }
  }
  return all;
}

std::string describe(const Rules& rules) {
  std::string text = "ties ";
  text += rules.ties == TieRule::suits ? "broken by suits" : "split";
  text += rules.a23 == LowStraight::second ? ", A-2-3 second straight" : ", A-2-3 lowest straight";
  text += rules.special_235 ? ", 2-3-5 beats leopard" : ", no 2-3-5 rule";
  text += rules.straight_above_flush ? ", straight > flush" : ", flush > straight";
  return text;
}

}  // namespace cardsim::zjh
