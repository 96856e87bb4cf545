#include "cardsim/io/wide_sum.hpp"

#include "cardsim/core/error.hpp"

namespace cardsim::io {

std::string wide_to_string(blackjack::WideSum value) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  std::string digits;
  for (; value != 0; value /= 10) {
    const int digit = static_cast<int>(value % 10);
    digits.push_back(static_cast<char>('0' + (negative ? -digit : digit)));
  }
  if (negative) digits.push_back('-');
  return {digits.rbegin(), digits.rend()};
}

blackjack::WideSum wide_sum_from_json(const nlohmann::json& j, const std::string& what) {
  const std::string text = j.is_string() ? j.get<std::string>() : "";
  const bool negative = !text.empty() && text[0] == '-';
  const std::size_t first = negative ? 1 : 0;
  bool valid = text.size() > first && text.find_first_not_of("0123456789", first) == std::string::npos;
  blackjack::WideSum value = 0;  // accumulated with the text's sign, so that -2^127 reads too
  for (std::size_t i = first; valid && i < text.size(); ++i) {
    const int digit = text[i] - '0';
    valid =
        !__builtin_mul_overflow(value, 10, &value) && !__builtin_add_overflow(value, negative ? -digit : digit, &value);
  }
  if (!valid) {
    throw Error(what + " must be a string of decimal digits within the 128-bit range, not " + excerpt(j.dump()));
  }
  return value;
}

}  // namespace cardsim::io
