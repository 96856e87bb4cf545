// How `cardsim play` writes the table and reads the player's words
// (play_text.hpp).
#include "play_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cardsim::cli::play_text {
namespace {

namespace bj = blackjack;
using bj::Action;
using bj::TablePhase;

constexpr int PERCENT_DIGITS = 100;  // chips shown with two decimals when not whole

std::string rank_text(int rank) {
  static const char* const NAMES[] = {"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
  return NAMES[rank];
}

std::string suit_text(int suit, bool unicode) {
  static const char* const SYMBOLS[] = {"\u2660", "\u2665", "\u2666", "\u2663"};
  static const char* const LETTERS[] = {"s", "h", "d", "c"};
  return unicode ? SYMBOLS[suit] : LETTERS[suit];
}

bool red_suit(int suit) { return suit == bj::HEARTS || suit == bj::DIAMONDS; }

}  // namespace

std::string card_text(const bj::TableCard& card, const Style& style) {
  const std::string text = rank_text(card.rank) + suit_text(card.suit, style.unicode);
  return red_suit(card.suit) ? style.red(text) : text;
}

std::vector<std::string> card_art(const std::vector<bj::TableCard>& cards, int hidden, const Style& style) {
  const std::string h = style.unicode ? "\u2500\u2500\u2500\u2500\u2500" : "-----";
  const std::string v = style.unicode ? "\u2502" : "|";
  const std::string top = style.unicode ? "\u250c" + h + "\u2510" : "+" + h + "+";
  const std::string bottom = style.unicode ? "\u2514" + h + "\u2518" : "+" + h + "+";
  const std::string back = style.unicode ? "\u2591\u2591\u2591\u2591\u2591" : "#####";
  std::vector<std::string> lines(5);
  for (const bj::TableCard& card : cards) {
    std::string rank = rank_text(card.rank);
    const std::string suit = suit_text(card.suit, style.unicode);
    auto paint = [&](const std::string& text) { return red_suit(card.suit) ? style.red(text) : text; };
    const std::string pad(2 - rank.size(), ' ');
    lines[0] += top;
    lines[1] += v + paint(rank + pad) + "   " + v;
    lines[2] += v + "  " + paint(suit) + "  " + v;
    lines[3] += v + "   " + paint(pad + rank) + v;
    lines[4] += bottom;
  }
  for (int i = 0; i < hidden; ++i) {
    lines[0] += top;
    for (std::size_t l = 1; l <= 3; ++l) lines[l] += v + style.dim(back) + v;
    lines[4] += bottom;
  }
  return lines;
}

std::string total_text(const std::vector<bj::TableCard>& cards, bool natural) {
  if (natural) return "blackjack";
  int low = 0;
  bool ace = false;
  for (const bj::TableCard& card : cards) {
    low += card.value;
    ace = ace || card.value == bj::ACE;
  }
  if (low > 21) return "bust (" + std::to_string(low) + ")";
  if (ace && low + 10 <= 21) return low + 10 == 21 ? "21" : "soft " + std::to_string(low + 10);
  return std::to_string(low);
}

std::string chips(std::int64_t money, std::int64_t per_chip, bool sign) {
  const std::int64_t magnitude = money < 0 ? -money : money;
  const std::int64_t whole = magnitude / per_chip;
  const std::int64_t rest = magnitude % per_chip;
  std::string text = std::to_string(whole);
  if (rest != 0) {
    const auto cents = static_cast<std::int64_t>(
        std::llround(static_cast<double>(rest) * PERCENT_DIGITS / static_cast<double>(per_chip)));
    text += cents < 10 ? ".0" : ".";
    text += std::to_string(cents);
  }
  if (money < 0) return "-" + text;
  return sign && money > 0 ? "+" + text : text;
}

std::string upcard_phrase(int up) {
  if (up == bj::ACE) return "an ace";
  if (up == 8) return "an 8";
  return "a " + std::to_string(up);
}

std::string hand_phrase(const bj::PlayerHand& hand) {
  if (hand.cards.size() == 2 && hand.cards[0].value == hand.cards[1].value) {
    const int v = hand.cards[0].value;
    return v == bj::ACE ? "pair of aces" : "pair of " + std::to_string(v) + "s";
  }
  return (bj::is_soft(hand.state) ? "soft " : "hard ") + std::to_string(bj::best_total(hand.state));
}

const char* action_word(Action a, TablePhase phase) {
  switch (a) {
    case Action::hit: return "hit";
    case Action::stand: return "stand";
    case Action::double_down: return "double";
    case Action::split: return "split";
    case Action::surrender: return phase == TablePhase::early_surrender ? "surrender early" : "surrender";
    case Action::insure: return "insure";
    case Action::decline:
      return phase == TablePhase::insurance         ? "decline insurance"
             : phase == TablePhase::early_surrender ? "not surrender"
                                                    : "decline";
  }
  return "?";
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::optional<Action> parse_move(const std::string& word, TablePhase phase) {
  for (const MoveKey& m : MOVE_KEYS) {
    if (word == m.key || word == m.word) return m.action;
  }
  if (word == "double-down" || word == "doubledown") return Action::double_down;
  if (word == "insure" || word == "even-money" || word == "even") return Action::insure;
  if (word == "decline") return Action::decline;
  if (word == "y" || word == "yes") {
    if (phase == TablePhase::insurance) return Action::insure;
    if (phase == TablePhase::early_surrender) return Action::surrender;
  }
  return std::nullopt;
}

}  // namespace cardsim::cli::play_text
