#include "cardsim/io/run_identity.hpp"

#include <cstdint>
#include <cstdio>

#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
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
                            const blackjack::Counting& counting) {
  nlohmann::json identity = {{"compatibility", compatibility_json()},
                             {"command", "sim"},
                             {"config", to_json(config)},
                             {"strategy", chart.name},
                             {"chart_fingerprint", chart_fingerprint(chart)}};
  if (counting.enabled) identity["counting_fingerprint"] = fingerprint(counting_definition_json(counting).dump());
  return identity;
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
