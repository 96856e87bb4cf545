// Checking someone else's blackjack hand evaluator (a list of cards in, the
// best total and softness out) against cardsim's hand arithmetic (hand.hpp),
// on every hand a game can ask about: what `cardsim bench --evaluator` does
// before timing one. Pure computation: the evaluator comes in as its answers.
//
// The hands (check_hands()): every multiset of ranks 1..13 (ace 1, jack 11,
// queen 12, king 13) of two cards or more totalling at most 21 with aces as 1,
// once in increasing and once in decreasing rank order (a hand's order must
// not matter), and every such multiset of one card or more with one card more
// that busts it, that card last. A busted hand's verdict is right with any
// total above 21 and not soft.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cardsim::blackjack {

// The hands, one after the other (ranks), and each one's card count.
struct HandList {
  std::vector<std::uint8_t> ranks;
  std::vector<std::uint8_t> counts;
  std::size_t size() const { return counts.size(); }
};
const HandList& check_hands();

struct HandVerdict {
  int total = 0;
  bool soft = false;
};

// Cardsim's verdict: the best total (a busted hand's counts its aces as 1) and
// whether an ace counts 11.
HandVerdict hand_verdict(std::span<const std::uint8_t> ranks);

struct HandCheck {
  std::uint64_t hands = 0;
  std::uint64_t disagreements = 0;
  std::uint64_t soft_disagreements = 0;  // of them, hands cardsim calls soft
  std::uint64_t bust_disagreements = 0;  // of them, busted hands
  struct Witness {
    std::vector<std::uint8_t> ranks;
    HandVerdict ours;
    HandVerdict theirs;
    int soft_value = 0;  // the evaluator's softness as it gave it (out of range: not 0 or 1)
  };
  std::optional<Witness> first;
  std::optional<Witness> out_of_range;  // a total outside 2..31 or a softness not 0/1
  bool ok() const { return disagreements == 0 && !out_of_range; }
};

// The evaluator's answers to check_hands(), in its order: totals and soft
// flags (0 or 1). Throws cardsim::Error if their sizes differ from the hands'.
HandCheck check_hand_totals(std::span<const std::uint8_t> totals, std::span<const std::uint8_t> soft);

// "A 5 K" (A, 2..10, J, Q, K).
std::string ranks_text(std::span<const std::uint8_t> ranks);

}  // namespace cardsim::blackjack
