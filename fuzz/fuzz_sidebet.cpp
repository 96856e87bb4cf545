// libFuzzer target: side bet files (io::parse_side_bet). Any input must be
// rejected with cardsim::Error or give a bet that side_bet_file_to_json
// writes and parse_side_bet reads back to the same JSON (what checkpoints
// and shard results carry), and whose pay units are checked (no overflow).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/side_bet_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const cardsim::io::SideBetFile file = cardsim::io::parse_side_bet(text, "fuzz.json");
    const nlohmann::json written = cardsim::io::side_bet_file_to_json(file);
    if (cardsim::io::side_bet_file_to_json(cardsim::io::parse_side_bet(written.dump(), "again.json")) != written) {
      std::abort();
    }
    const cardsim::blackjack::SideBetPays pays = cardsim::blackjack::side_bet_pays(file.bet);
    for (const auto pay : pays.outcomes) {
      if (pay <= 0 || pay > cardsim::blackjack::MAX_PAY_UNITS) std::abort();
    }
  } catch (const cardsim::Error&) {
  }
  return 0;
}
