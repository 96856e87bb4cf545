// Exhaustive check of an outside blackjack hand evaluator (blackjack/hand_check.hpp).
#include "cardsim/blackjack/hand_check.hpp"

#include <algorithm>
#include <functional>

#include "cardsim/blackjack/hand.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {
namespace {

constexpr int RANKS = 13;
int value_of(int rank) { return rank >= 10 ? 10 : rank; }

void add_hand(HandList& list, const std::vector<std::uint8_t>& ranks) {
  list.ranks.insert(list.ranks.end(), ranks.begin(), ranks.end());
  list.counts.push_back(static_cast<std::uint8_t>(ranks.size()));
}

}  // namespace

const HandList& check_hands() {
  static const HandList list = [] {
    HandList hands;
    std::vector<std::uint8_t> cards;
    // Multisets in increasing rank order: extend with ranks >= the last one.
    std::function<void(int, int)> extend = [&](int from, int total) {
      if (!cards.empty()) {
        if (cards.size() >= 2) {
          add_hand(hands, cards);
          std::vector<std::uint8_t> reversed(cards.rbegin(), cards.rend());
          add_hand(hands, reversed);
        }
        for (int rank = 1; rank <= RANKS; ++rank) {
          if (total + value_of(rank) <= 21) continue;
          cards.push_back(static_cast<std::uint8_t>(rank));
          add_hand(hands, cards);
          cards.pop_back();
        }
      }
      for (int rank = from; rank <= RANKS; ++rank) {
        if (total + value_of(rank) > 21) break;
        cards.push_back(static_cast<std::uint8_t>(rank));
        extend(rank, total + value_of(rank));
        cards.pop_back();
      }
    };
    extend(1, 0);
    return hands;
  }();
  return list;
}

HandVerdict hand_verdict(std::span<const std::uint8_t> ranks) {
  int hard = 0;
  HandState state = EMPTY_HAND;
  for (const std::uint8_t rank : ranks) {
    hard += value_of(rank);
    state = add_card(state, value_of(rank));
  }
  if (is_bust(state)) return {hard, false};
  return {best_total(state), is_soft(state)};
}

std::string ranks_text(std::span<const std::uint8_t> ranks) {
  static const char* const NAMES[] = {"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
  std::string text;
  for (const std::uint8_t rank : ranks) {
    if (!text.empty()) text += ' ';
    text += rank <= RANKS ? NAMES[rank] : "?";
  }
  return text;
}

HandCheck check_hand_totals(std::span<const std::uint8_t> totals, std::span<const std::uint8_t> soft) {
  const HandList& hands = check_hands();
  if (totals.size() != hands.size() || soft.size() != hands.size()) {
    throw Error("a hand check needs " + std::to_string(hands.size()) + " totals and soft flags, not " +
                std::to_string(totals.size()) + " and " + std::to_string(soft.size()));
  }
  HandCheck check;
  check.hands = hands.size();
  std::size_t offset = 0;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    const std::span<const std::uint8_t> ranks(hands.ranks.data() + offset, hands.counts[i]);
    offset += hands.counts[i];
    const HandVerdict ours = hand_verdict(ranks);
    const HandVerdict theirs{totals[i], soft[i] != 0};
    const auto witness = [&] { return HandCheck::Witness{{ranks.begin(), ranks.end()}, ours, theirs, soft[i]}; };
    if (totals[i] < 2 || totals[i] > 31 || soft[i] > 1) {
      check.out_of_range = witness();
      return check;
    }
    const bool bust = ours.total > 21;
    const bool right =
        bust ? (theirs.total > 21 && !theirs.soft) : (theirs.total == ours.total && theirs.soft == ours.soft);
    if (right) continue;
    ++check.disagreements;
    if (ours.soft) ++check.soft_disagreements;
    if (bust) ++check.bust_disagreements;
    if (!check.first) check.first = witness();
  }
  return check;
}

}  // namespace cardsim::blackjack
