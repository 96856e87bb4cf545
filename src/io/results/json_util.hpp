// Small JSON helpers shared by io/'s writers (internal to io/).
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

namespace cardsim::io::json_util {

// The value, or JSON null when there is none.
inline nlohmann::json or_null(const std::optional<double>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

}  // namespace cardsim::io::json_util
