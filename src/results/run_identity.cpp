#include "cardsim/io/run_identity.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::io {

std::string fingerprint(std::string_view text) {
  // FNV-1a, 64 bits (Fowler, Noll, Vo): offset basis and prime of the spec.
  constexpr std::uint64_t FNV_OFFSET_BASIS = 0xcbf29ce484222325ULL;
  constexpr std::uint64_t FNV_PRIME = 0x100000001b3ULL;
  std::uint64_t hash = FNV_OFFSET_BASIS;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= FNV_PRIME;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::string("fnv1a64:") + hex;
}

std::string chart_fingerprint(const blackjack::StrategyChart& chart) {
  return fingerprint(format_strategy_chart(chart));
}

nlohmann::json run_identity(const SimConfig& config, const blackjack::StrategyChart& chart,
                            const blackjack::Counting& counting, const std::vector<PlayedSideBet>& side_bets,
                            const nlohmann::json& inputs) {
  nlohmann::json identity = {{"compatibility", compatibility_json()},
                             {"command", "sim"},
                             {"config", to_json(config)},
                             {"strategy", chart.name},
                             {"chart_fingerprint", chart_fingerprint(chart)}};
  if (counting.enabled) identity["counting_fingerprint"] = fingerprint(counting_definition_json(counting).dump());
  if (!side_bets.empty()) identity["side_bets"] = side_bets_identity_json(side_bets);
  if (!inputs.is_null()) identity["inputs"] = inputs;
  return identity;
}

namespace {

// The differences listed at most, the rest counted.
constexpr std::size_t DIFFERENCES_LISTED = 3;

// Adds to `found` (up to DIFFERENCES_LISTED; `count` counts them all) each
// place where `a` and `b` differ, as "config.decks is 6 in one and 8 in the
// other": objects and lists are walked down to the values that differ.
void list_differences(const nlohmann::json& a, const nlohmann::json& b, const std::string& path,
                      std::vector<std::string>& found, std::size_t& count) {
  if (a == b) return;
  const auto child = [&](const std::string& key) { return path.empty() ? key : path + "." + key; };
  if (a.is_object() && b.is_object()) {
    for (const auto& [key, value] : a.items()) {
      if (b.contains(key)) {
        list_differences(value, b.at(key), child(excerpt(key, 40)), found, count);
      } else if (++count <= DIFFERENCES_LISTED) {
        found.push_back(child(excerpt(key, 40)) + " is in one and not the other");
      }
    }
    for (const auto& [key, value] : b.items()) {
      if (!a.contains(key) && ++count <= DIFFERENCES_LISTED) {
        found.push_back(child(excerpt(key, 40)) + " is in one and not the other");
      }
    }
    return;
  }
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      list_differences(a[i], b[i], path + "[" + std::to_string(i) + "]", found, count);
    }
    return;
  }
  if (++count <= DIFFERENCES_LISTED) {
    found.push_back((path.empty() ? std::string("the identity") : path) + " is " + excerpt(a.dump(), 40) +
                    " in one and " + excerpt(b.dump(), 40) + " in the other");
  }
}

}  // namespace

std::string identity_difference(const nlohmann::json& mine, const nlohmann::json& theirs) {
  const auto inputs_of = [](const nlohmann::json& identity) {
    return identity.is_object() ? identity.value("inputs", nlohmann::json::array()) : nlohmann::json::array();
  };
  if (const std::string inputs = inputs_difference(inputs_of(mine), inputs_of(theirs)); !inputs.empty()) {
    return inputs;
  }
  nlohmann::json a = mine;
  nlohmann::json b = theirs;
  if (a.is_object()) a.erase("inputs");
  if (b.is_object()) b.erase("inputs");
  if (a == b) return {};
  std::vector<std::string> found;
  std::size_t count = 0;
  list_differences(a, b, "", found, count);
  std::string text;
  for (const std::string& d : found) text += (text.empty() ? "" : "; ") + d;
  if (count > found.size()) text += "; and " + std::to_string(count - found.size()) + " more";
  return "their identities differ: " + (text.empty() ? std::string("in their layout") : text);
}

std::string json_checksum(const nlohmann::json& object, const std::string& checksum_key) {
  nlohmann::json rest = object;
  rest.erase(checksum_key);
  return fingerprint(rest.dump());
}

void verify_json_checksum(const nlohmann::json& object, const std::string& source, const std::string& checksum_key) {
  if (!object.is_object() || !object.contains(checksum_key) || !object.at(checksum_key).is_string()) {
    throw Error(source + ": no checksum: not written by this cardsim, or damaged");
  }
  if (object.at(checksum_key).get<std::string>() != json_checksum(object, checksum_key)) {
    throw Error(source + ": checksum mismatch: the file is corrupted or was edited");
  }
}

}  // namespace cardsim::io
