// How `cardsim play` writes the table and reads the player's words: cards
// (inline or drawn as boxes), totals, chips, the phrases of the coach, and
// the key and word of each move. Private to src/cli (play.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cardsim/blackjack/table_game.hpp"

namespace cardsim::cli::play_text {

// How the session prints.
struct Style {
  bool color = false;    // ANSI colors (a terminal, NO_COLOR unset, TERM not dumb)
  bool unicode = false;  // suit symbols and box drawing
  bool boxes = false;    // card art in boxes, else cards on one line
  bool echo = false;     // repeat the input after the prompt (input is not a terminal)

  std::string paint(const std::string& text, const char* code) const {
    return color ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
  }
  std::string bold(const std::string& text) const { return paint(text, "1"); }
  std::string red(const std::string& text) const { return paint(text, "31"); }
  std::string green(const std::string& text) const { return paint(text, "32"); }
  std::string dim(const std::string& text) const { return paint(text, "2"); }
};

// A card inline: "Qh" (the suit a symbol with UTF-8), red for hearts and diamonds.
std::string card_text(const blackjack::TableCard& card, const Style& style);

// Cards drawn as boxes, five lines; `hidden` face-down cards at the end.
std::vector<std::string> card_art(const std::vector<blackjack::TableCard>& cards, int hidden, const Style& style);

// "16", "soft 17", "21", "blackjack", "bust (24)".
std::string total_text(const std::vector<blackjack::TableCard>& cards, bool natural);

// Chips of `money` units: "15", "7.50"; signed if `sign`.
std::string chips(std::int64_t money, std::int64_t per_chip, bool sign = false);

// "an ace", "an 8", "a 6": the dealer's up card in a sentence.
std::string upcard_phrase(int up);

// The hand as the chart sees it: "pair of 8s", "soft 18", "hard 16".
std::string hand_phrase(const blackjack::PlayerHand& hand);

// The word of a move in this phase: "double", "surrender early", "decline insurance".
const char* action_word(blackjack::Action a, blackjack::TablePhase phase);

// The key and word of each move, for prompts.
struct MoveKey {
  blackjack::Action action;
  const char* key;
  const char* word;
};
inline constexpr std::array<MoveKey, 7> MOVE_KEYS{{{blackjack::Action::hit, "h", "hit"},
                                                   {blackjack::Action::stand, "s", "stand"},
                                                   {blackjack::Action::double_down, "d", "double"},
                                                   {blackjack::Action::split, "p", "split"},
                                                   {blackjack::Action::surrender, "r", "surrender"},
                                                   {blackjack::Action::insure, "i", "insurance"},
                                                   {blackjack::Action::decline, "n", "no"}}};

// The text lowercased (ASCII).
std::string lowercase(std::string text);

// The text without the blanks around it.
std::string trim(const std::string& text);

// A move named by its key or word (h, hit, ...); y/yes answers the insurance
// and early-surrender questions.
std::optional<blackjack::Action> parse_move(const std::string& word, blackjack::TablePhase phase);

}  // namespace cardsim::cli::play_text
