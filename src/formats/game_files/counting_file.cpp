#include "cardsim/io/counting_file.hpp"

#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/cards.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

constexpr int MAX_INDEX = 30;
using bj::CARD_NAMES;

// A card value from "A", "2".."9", "T" or "10"; 0 if none.
int card_value(const std::string& text) {
  if (text == "10") return bj::TEN;
  for (int v = 1; v <= bj::CARD_VALUES; ++v) {
    if (text == CARD_NAMES[static_cast<std::size_t>(v)]) return v;
  }
  return 0;
}

bool parse_int(const std::string& text, int& value) {
  try {
    std::size_t used = 0;
    value = std::stoi(text, &used);
    return used == text.size();
  } catch (const std::logic_error&) {
    return false;
  }
}

bj::IndexAction action_of(const std::string& text) {
  if (text == "-") return bj::IndexAction::chart;
  if (text == "H") return bj::IndexAction::hit;
  if (text == "S") return bj::IndexAction::stand;
  if (text == "D") return bj::IndexAction::double_else_hit;
  if (text == "Ds") return bj::IndexAction::double_else_stand;
  if (text == "P") return bj::IndexAction::split;
  if (text == "R") return bj::IndexAction::surrender;
  if (text == "I") return bj::IndexAction::insure;
  return bj::IndexAction::invalid;
}

}  // namespace

bj::CountSystem parse_count_system(std::string_view json_text, const std::string& source, int decks) {
  const json j = parse_json_object(json_text, "count system '" + source + "'");
  const auto fail = [&](const std::string& why) { throw Error("count system '" + source + "': " + why); };
  bj::CountSystem system;
  if (!j.contains("tags") || !j.at("tags").is_object())
    fail("expected \"tags\": {\"A\": .., \"2\": .., ..., \"T\": ..}");
  const json& tags = j.at("tags");
  for (const auto& [key, value] : tags.items()) {
    const int card = card_value(key);
    if (card == 0 || key == "10") fail("tag key '" + excerpt(key) + "': expected A, 2..9 or T");
    if (!value.is_number_integer() || value.get<int>() < -100 || value.get<int>() > 100) {
      fail("tag of " + key + " is " + excerpt(value.dump()) +
           "; expected a whole number -100..100 (fractional tags: multiply by \"scale\")");
    }
    system.tags[static_cast<std::size_t>(card)] = value.get<int>();
  }
  for (int v = 1; v <= bj::CARD_VALUES; ++v) {
    if (!tags.contains(CARD_NAMES[static_cast<std::size_t>(v)]))
      fail(std::string("no tag for ") + CARD_NAMES[static_cast<std::size_t>(v)]);
  }
  if (j.contains("scale")) {
    const json& v = j.at("scale");
    if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > 100)
      fail("\"scale\" is " + excerpt(v.dump()) + "; expected 1..100");
    system.scale = v.get<int>();
  }
  if (j.contains("initial_running_count")) {
    const json& v = j.at("initial_running_count");
    if (!v.is_number_integer() || v.get<int>() < -10000 || v.get<int>() > 10000) {
      fail("\"initial_running_count\" is " + excerpt(v.dump()) + "; expected a whole number (tag units)");
    }
    system.initial_running_count = v.get<int>();
  } else {
    system.initial_running_count = -system.deck_sum() * (decks - 1);
  }
  for (const auto& [key, value] : j.items()) {
    static const std::set<std::string> KNOWN{"name", "source", "description",          "level",
                                             "tags", "scale",  "initial_running_count"};
    if (!KNOWN.contains(key))
      fail("unknown key '" + excerpt(key) +
           "'; the keys are name, source, description, level, tags, scale, initial_running_count");
  }
  return system;
}

std::vector<bj::IndexPlay> parse_index_plays(std::string_view text, const std::string& source) {
  std::vector<bj::IndexPlay> plays;
  std::set<std::tuple<int, int, int, bool>> seen;  // hand kind, value, up card, surrender line
  std::istringstream lines{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const auto fail = [&](const std::string& why) { throw Error(source + ":" + std::to_string(number) + ": " + why); };
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    if (w.size() != 5)
      fail("expected HAND UP INDEX AT_OR_ABOVE BELOW, e.g. \"16 T 0 S H\"; got " + std::to_string(w.size()) +
           " fields");
    bj::IndexPlay play;
    const std::string& hand = w[0];
    int value = 0;
    if (hand == "insurance") {
      play.hand = bj::IndexHand::insurance;
    } else if (hand.size() >= 3 && hand.find(',') != std::string::npos) {
      const auto comma = hand.find(',');
      const int first = card_value(hand.substr(0, comma));
      if (first == 0 || first != card_value(hand.substr(comma + 1)))
        fail("hand '" + excerpt(hand) + "': a pair is two equal cards such as 8,8 or T,T");
      play.hand = bj::IndexHand::pair;
      play.value = first;
    } else if (hand.size() >= 2 && hand[0] == 's' && parse_int(hand.substr(1), value) && value >= 13 && value <= 20) {
      play.hand = bj::IndexHand::soft;
      play.value = value;
    } else if (parse_int(hand, value) && value >= bj::HARD_MIN && value <= 20) {
      play.hand = bj::IndexHand::hard;
      play.value = value;
    } else {
      fail("hand '" + excerpt(hand) +
           "': expected a hard total 4..20, a soft total s13..s20, a pair such as 8,8, or insurance");
    }
    play.upcard = card_value(w[1]);
    if (play.upcard == 0) fail("up card '" + excerpt(w[1]) + "': expected 2..9, T or A");
    if (play.hand == bj::IndexHand::insurance && play.upcard != bj::ACE) fail("insurance is against an A");
    if (!parse_int(w[2], play.index) || play.index < -MAX_INDEX || play.index > MAX_INDEX) {
      fail("index '" + excerpt(w[2]) + "': expected a whole true count -30..30");
    }
    play.at_or_above = action_of(w[3]);
    play.below = action_of(w[4]);
    for (const auto action : {play.at_or_above, play.below}) {
      if (action == bj::IndexAction::invalid)
        fail("action '" + excerpt(action == play.at_or_above ? w[3] : w[4]) + "': expected H, S, D, Ds, P, R, I or -");
    }
    const auto either = [&](bj::IndexAction a) { return play.at_or_above == a || play.below == a; };
    const auto only = [&](std::initializer_list<bj::IndexAction> allowed) {
      for (const auto action : {play.at_or_above, play.below}) {
        bool ok = action == bj::IndexAction::chart;
        for (const auto a : allowed) ok = ok || action == a;
        if (!ok) return false;
      }
      return true;
    };
    const bool surrender_line = either(bj::IndexAction::surrender);
    if (play.hand == bj::IndexHand::insurance) {
      if (!only({bj::IndexAction::insure})) fail("an insurance line plays I (insure) or - (do not insure)");
    } else if (surrender_line) {
      if (!only({bj::IndexAction::surrender})) fail("a surrender line plays R (surrender) or - (do not surrender)");
    } else if (either(bj::IndexAction::insure)) {
      fail("I (insure) belongs on the insurance line");
    } else if (either(bj::IndexAction::split) && play.hand != bj::IndexHand::pair) {
      fail("P (split) belongs on pair lines");
    }
    if (play.at_or_above == play.below) fail("the same play at or above the index and below it");
    const auto key = std::make_tuple(static_cast<int>(play.hand), play.value, play.upcard, surrender_line);
    if (!seen.insert(key).second) fail("a second line for " + excerpt(hand) + " against " + excerpt(w[1]));
    plays.push_back(play);
  }
  return plays;
}

json count_system_to_json(const bj::CountSystem& system) {
  json tags = json::object();
  for (int v = 1; v <= bj::CARD_VALUES; ++v) {
    tags[CARD_NAMES[static_cast<std::size_t>(v)]] = system.tags[static_cast<std::size_t>(v)];
  }
  return {{"tags", tags}, {"scale", system.scale}, {"initial_running_count", system.initial_running_count}};
}

std::vector<std::string> index_play_lines(const std::vector<bj::IndexPlay>& plays) {
  std::vector<std::string> lines;
  std::istringstream text(format_index_plays(plays));
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  return lines;
}

std::string format_index_plays(const std::vector<bj::IndexPlay>& plays) {
  const auto card = [](int value) { return std::string(CARD_NAMES[static_cast<std::size_t>(value)]); };
  const auto action = [](bj::IndexAction a) -> std::string {
    switch (a) {
      case bj::IndexAction::hit: return "H";
      case bj::IndexAction::stand: return "S";
      case bj::IndexAction::double_else_hit: return "D";
      case bj::IndexAction::double_else_stand: return "Ds";
      case bj::IndexAction::split: return "P";
      case bj::IndexAction::surrender: return "R";
      case bj::IndexAction::insure: return "I";
      default: return "-";
    }
  };
  std::string text;
  for (const bj::IndexPlay& play : plays) {
    std::string hand;
    switch (play.hand) {
      case bj::IndexHand::insurance: hand = "insurance"; break;
      case bj::IndexHand::pair: hand = card(play.value) + "," + card(play.value); break;
      case bj::IndexHand::soft: hand = "s" + std::to_string(play.value); break;
      default: hand = std::to_string(play.value); break;
    }
    text += hand + " " + card(play.upcard) + " " + std::to_string(play.index) + " " + action(play.at_or_above) + " " +
            action(play.below) + "\n";
  }
  return text;
}

bj::Counting make_counting(const SimConfig& config, const bj::CountSystem& system, std::vector<bj::IndexPlay> indices) {
  const CountingConfig& k = config.counting;
  bj::Counting counting;
  counting.enabled = k.enabled();
  if (!counting.enabled) return counting;
  counting.system = system;
  counting.deck_estimate = k.true_count_decks;
  counting.rounding = k.true_count_rounding;
  counting.ramp = k.ramp;
  counting.has_wong_in = k.has_wong_in;
  counting.wong_in = k.wong_in;
  counting.has_wong_out = k.has_wong_out;
  counting.wong_out = k.wong_out;
  counting.indices = std::move(indices);
  return counting;
}

json counting_definition_json(const bj::Counting& counting) {
  if (!counting.enabled) return nullptr;
  return {{"count_system", count_system_to_json(counting.system)},
          {"index_plays", format_index_plays(counting.indices)}};
}

bj::Counting counting_from_definition(const SimConfig& config, const json& definition, const std::string& source) {
  const CountingConfig& k = config.counting;
  if (definition.is_null() != !k.enabled()) {
    throw Error(source + ": the config's count is '" + k.count + "' but the counting definition is " +
                (definition.is_null() ? "missing" : "present"));
  }
  if (definition.is_null()) return {};
  if (!definition.is_object() || !definition.contains("count_system") || !definition.contains("index_plays") ||
      !definition.at("index_plays").is_string()) {
    throw Error(source + ": the counting definition needs \"count_system\" and \"index_plays\"");
  }
  const bj::CountSystem system = parse_count_system(definition.at("count_system").dump(), source, config.rules.decks);
  std::vector<bj::IndexPlay> indices = parse_index_plays(definition.at("index_plays").get<std::string>(), source);
  if (k.indices == "none" && !indices.empty()) throw Error(source + ": index plays without an index set in the config");
  return make_counting(config, system, std::move(indices));
}

bj::Counting load_counting(const SimConfig& config, const std::string& folder) {
  InputRegistry inputs;
  return load_counting(config, inputs, folder, folder);
}

bj::Counting load_counting(const SimConfig& config, InputRegistry& inputs, const std::string& count_folder,
                           const std::string& indices_folder) {
  const CountingConfig& k = config.counting;
  if (!k.enabled()) return {};
  const std::string count_path = find_data_file(k.count, count_folder, "counts", ".json");
  if (count_path.empty()) {
    throw Error("config key 'count' (--count): '" + excerpt(k.count) + "' is not a count in " +
                data_subfolder_text("counts") +
                " (hi-lo, ko, hi-opt-1, hi-opt-2, omega-2, zen, wong-halves) or a count file" +
                did_you_mean(k.count, data_names("counts", ".json")));
  }
  const bj::CountSystem system =
      parse_count_system(inputs.read("count", count_path, k.count).bytes, count_path, config.rules.decks);
  std::vector<bj::IndexPlay> indices;
  if (k.indices != "none") {
    const std::string index_path = find_data_file(k.indices, indices_folder, "indices", ".txt");
    if (index_path.empty()) {
      throw Error("config key 'indices' (--indices): '" + excerpt(k.indices) + "' is not an index set in " +
                  data_subfolder_text("indices") + " or an index file" +
                  did_you_mean(k.indices, data_names("indices", ".txt")));
    }
    indices = parse_index_plays(inputs.read("index list", index_path, k.indices).bytes, index_path);
    if (indices.empty()) {
      throw Error(index_path + ": no index plays (lines such as \"16 T 0 S H\"); for no index plays, set indices "
                               "(--indices) to \"none\"");
    }
  }
  return make_counting(config, system, std::move(indices));
}

}  // namespace cardsim::io
