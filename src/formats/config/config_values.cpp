// The text grammars of config values (config.hpp): counts ("1e9", "2.5M",
// "1_000_000"), bet ramps ("1:1,2:2,3:4"), and what a command-line flag's text
// stands for in JSON.
#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cardsim/core/error.hpp"
#include "config_impl.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using config_detail::MAX_INDEX_TRUE_COUNT;
using nlohmann::json;

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

}  // namespace cardsim::io
