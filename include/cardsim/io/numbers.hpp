// Decimal figures derived from a result's numbers, as the JSON and CSV print
// them: scaled in decimal, never in binary, so that no float noise appears.
#pragma once

#include <cstdint>
#include <string>

namespace cardsim::io {

// `x` times 10^`places`, computed on x's shortest decimal digits (the digits
// that print x): the same digits with the point moved. So a percentage shows
// the digits of its fraction: a mean of -0.0025625 is a house edge of
// 0.25625%, where -100 * x in binary gives 0.25625000000000003. Never -0.0.
double shift_decimal(double x, int places);

// A fraction as a percentage: shift_decimal(fraction, 2).
inline double percent(double fraction) { return shift_decimal(fraction, 2); }

// `x` with its sign and `decimals` decimals: "+1.25", "-0.50".
std::string signed_number(double x, int decimals);

// The decimals that show a standard error `se` to two significant digits,
// and no fewer than `at_least` (tables keep their columns): 0.0061 -> 4,
// 0.000031 -> 6; `at_least` for an SE of 0 or none. An estimate printed with
// its SE takes the SE's decimals, so that no printed SE reads 0.0000.
int se_decimals(double se, int at_least = 4);

// A whole number with commas between groups of three digits: "22,100".
std::string with_commas(std::uint64_t value);

}  // namespace cardsim::io
