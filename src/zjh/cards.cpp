#include "cardsim/zjh/cards.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "cardsim/core/error.hpp"

namespace cardsim::zjh {
namespace {

constexpr std::array<std::string_view, RANK_COUNT> RANK_TEXT = {"2", "3",  "4", "5", "6", "7", "8",
                                                                "9", "10", "J", "Q", "K", "A"};
constexpr std::string_view RANK_LETTERS = "23456789TJQKA";
// By suit index: clubs, diamonds, hearts, spades.
constexpr std::array<std::string_view, SUIT_COUNT> SUIT_SYMBOLS = {"♣", "♦", "♥", "♠"};
constexpr std::string_view SUIT_LETTERS = "cdhs";

}  // namespace

std::string card_text(Card card, bool unicode) {
  const unsigned rank = rank_of(card);
  const unsigned suit = suit_of(card);
  if (unicode) return std::string(RANK_TEXT[rank]) + std::string(SUIT_SYMBOLS[suit]);
  return std::string{RANK_LETTERS[rank], SUIT_LETTERS[suit]};
}

Card parse_card(std::string_view text) {
  const auto fail = [&] {
    return Error("card '" + std::string(text) +
                 "' is not a card: write a rank (2..9, T or 10, J, Q, K, A) and a suit "
                 "(c d h s or ♣ ♦ ♥ ♠), e.g. As or 10h");
  };
  std::string_view rest = text;
  unsigned rank = 0;
  if (rest.starts_with("10")) {
    rank = 8;
    rest.remove_prefix(2);
  } else if (!rest.empty()) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0])));
    const auto at = RANK_LETTERS.find(letter);
    if (at == std::string_view::npos) throw fail();
    rank = static_cast<unsigned>(at);
    rest.remove_prefix(1);
  } else {
    throw fail();
  }
  for (unsigned suit = 0; suit < SUIT_COUNT; ++suit) {
    if (rest == SUIT_SYMBOLS[suit]) return make_card(rank, suit);
    if (rest.size() == 1 && std::tolower(static_cast<unsigned char>(rest[0])) == SUIT_LETTERS[suit]) {
      return make_card(rank, suit);
    }
  }
  throw fail();
}

Hand parse_hand(std::string_view text) {
  Hand hand{};
  unsigned count = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (text[pos] == ' ') {
      ++pos;
      continue;
    }
    const std::size_t end = std::min(text.find(' ', pos), text.size());
    if (count == HAND_SIZE) {
      throw Error("hand '" + std::string(text) + "' has more than 3 cards");
    }
    hand[count++] = parse_card(text.substr(pos, end - pos));
    pos = end;
  }
  if (count != HAND_SIZE) throw Error("hand '" + std::string(text) + "' has fewer than 3 cards");
  if (hand[0] == hand[1] || hand[0] == hand[2] || hand[1] == hand[2]) {
    throw Error("hand '" + std::string(text) + "' repeats a card; one deck has each card once");
  }
  return hand;
}

}  // namespace cardsim::zjh
