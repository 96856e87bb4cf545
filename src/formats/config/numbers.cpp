#include "cardsim/io/numbers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <system_error>

namespace cardsim::io {

double shift_decimal(double x, int places) {
  if (x == 0) return 0.0;  // also -0.0
  if (!std::isfinite(x)) return x;
  // The shortest digits that read back as x, as "d.ddde-05"; the exponent
  // moved by `places`, read back.
  char buffer[64];
  const auto printed = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::scientific);
  std::string text(buffer, printed.ptr);
  const auto e = text.find('e');
  text = text.substr(0, e + 1) + std::to_string(std::stoi(text.substr(e + 1)) + places);
  double shifted = 0;
  const auto read = std::from_chars(text.data(), text.data() + text.size(), shifted);
  if (read.ec != std::errc()) return x * std::pow(10.0, places);  // beyond a double's range
  return shifted;
}

std::string signed_number(double x, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.*f", decimals, x);
  return text;
}

int se_decimals(double se, int at_least) {
  constexpr int MOST = 12;
  if (!(se > 0) || !std::isfinite(se)) return at_least;
  return std::clamp(1 - static_cast<int>(std::floor(std::log10(se))), at_least, MOST);
}

std::string with_commas(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

}  // namespace cardsim::io
