// The dealing limit: what a round of the standard game would cost if it only
// dealt its cards. A bare loop dealing 5.4 cards a round (5, 5, 6, 5, 6; the
// game deals about 5.5) from the same shoe as the engine (6 decks, cut card at
// 75%, one burn card, each shoe from its own point of the stream) with the
// same generator. Rounds' speeds as a share of this one are comparable
// between machines: `cardsim bench` and bench/blackjack_bench.cpp divide by it.
#pragma once

#include <cstdint>

#include "cardsim/blackjack/cards.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"

namespace cardsim::blackjack {

class DealingLimit {
 public:
  explicit DealingLimit(std::uint64_t seed)
      : shoe_(shoe_values(Rules{}.decks), Rules{}.cut_card_position(), Rules{}.burn_cards),
        rng_(core::chunk_rng(seed, core::StreamPurpose::blackjack_chunk, 0)),
        next_shoe_(rng_),
        stride_(rng_.jump_of(std::uint64_t{1} << core::SHOE_STRIDE_LOG2)) {}

  // Deals `rounds` rounds; returns a checksum of the cards (for the caller to
  // keep, so that the loop is not optimised away).
  std::uint64_t deal(std::uint64_t rounds) {
    std::uint64_t sum = 0;
    for (std::uint64_t r = 0; r < rounds; ++r, ++round_) {
      if (round_ == 0 || shoe_.cut_card_out()) {
        rng_ = next_shoe_;
        next_shoe_.jump(stride_);
        shoe_.shuffle(rng_);
      }
      shoe_.begin_round();
      const int cards = round_ % 5 == 2 || round_ % 5 == 4 ? 6 : 5;
      for (int i = 0; i < cards; ++i) sum += shoe_.draw(rng_);
    }
    return sum;
  }

 private:
  core::Shoe shoe_;
  core::Rng rng_;
  core::Rng next_shoe_;
  core::Rng::Jump stride_;
  std::uint64_t round_ = 0;
};

}  // namespace cardsim::blackjack
