#include "cardsim/io/wide_sum.hpp"

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

}  // namespace cardsim::io
