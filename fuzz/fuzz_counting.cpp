// libFuzzer target: count files and index lists (io::parse_count_system,
// io::parse_index_plays). The first byte picks the parser (and, for a count,
// the decks 1..8); any input must be rejected with cardsim::Error or read
// back to itself once written (count_system_to_json, format_index_plays).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  namespace io = cardsim::io;
  try {
    if ((data[0] & 1) == 0) {
      const int decks = 1 + (data[0] >> 1) % 8;
      const auto system = io::parse_count_system(text, "fuzz.json", decks);
      const std::string written = io::count_system_to_json(system).dump();
      if (io::count_system_to_json(io::parse_count_system(written, "again.json", decks)).dump() != written) {
        std::abort();
      }
    } else {
      const auto plays = io::parse_index_plays(text, "fuzz.txt");
      const std::string written = io::format_index_plays(plays);
      if (io::format_index_plays(io::parse_index_plays(written, "again.txt")) != written) std::abort();
    }
  } catch (const cardsim::Error&) {
  }
  return 0;
}
