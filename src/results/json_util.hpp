// Small JSON helpers shared by io/'s writers (internal to io/).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace cardsim::io::json_util {

// The value, or JSON null when there is none.
inline nlohmann::json or_null(const std::optional<double>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

// A CSV field (RFC 4180: quoted if it holds a comma, quote or line break). A
// text that starts as a spreadsheet formula would (=, +, -, @, tab, CR) is
// quoted with a leading apostrophe, so a spreadsheet shows it as text instead
// of running it (the OWASP advice on CSV injection); numbers are as they are.
inline std::string csv_field(const nlohmann::json& value) {
  if (!value.is_string()) return value.dump();
  std::string text = value.get<std::string>();
  const bool formula = !text.empty() && std::string("=+-@\t\r").find(text.front()) != std::string::npos;
  if (formula) text = "'" + text;
  if (!formula && text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace cardsim::io::json_util
