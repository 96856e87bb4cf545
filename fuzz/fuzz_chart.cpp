// libFuzzer target: strategy chart text (io::parse_strategy_chart). Any input
// must either be rejected with cardsim::Error or give a chart whose formatted
// text parses back to the same text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cardsim/core/error.hpp"
#include "cardsim/io/strategy_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto chart = cardsim::io::parse_strategy_chart(text, "fuzz.txt");
    const std::string formatted = cardsim::io::format_strategy_chart(chart);
    if (cardsim::io::format_strategy_chart(cardsim::io::parse_strategy_chart(formatted, "again.txt")) != formatted) {
      std::abort();
    }
  } catch (const cardsim::Error&) {
  }
  return 0;
}
