// Cards of the Zha Jin Hua (three-card) games: a card is its index 0..51 in
// one 52-card deck, nothing more (no objects, no strings on the hot path).
//
// Layout: index = rank * 4 + suit, with rank 0 = deuce .. 12 = ace and suit
// 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. So card indices sort by
// rank first and, within a rank, by the suit order used as the final
// tie-break (spades > hearts > diamonds > clubs).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cardsim::zjh {

using Card = std::uint8_t;

inline constexpr unsigned DECK_SIZE = 52;
inline constexpr unsigned RANK_COUNT = 13;
inline constexpr unsigned SUIT_COUNT = 4;
inline constexpr unsigned HAND_SIZE = 3;
// A 52-card deck holds 17 hands of three cards.
inline constexpr unsigned MIN_PLAYERS = 2;
inline constexpr unsigned MAX_PLAYERS = DECK_SIZE / HAND_SIZE;
// Unordered three-card hands, C(52, 3).
inline constexpr unsigned HAND_COUNT = 22100;
// Ordered three-card deals, 52 * 51 * 50.
inline constexpr unsigned ORDERED_DEAL_COUNT = 132600;

inline constexpr unsigned ACE = 12;

using Hand = std::array<Card, HAND_SIZE>;

constexpr unsigned rank_of(Card card) { return static_cast<unsigned>(card) >> 2; }
constexpr unsigned suit_of(Card card) { return static_cast<unsigned>(card) & 3u; }
constexpr Card make_card(unsigned rank, unsigned suit) { return static_cast<Card>(rank * SUIT_COUNT + suit); }

// "A♠", "10♥", "7♦" with `unicode`, else "As", "Th", "7d". Does no I/O.
std::string card_text(Card card, bool unicode);

// Parses "As", "Th", "10h", "7d", "A♠" (rank 2..9, T or 10, J, Q, K, A; suit
// c d h s or ♣ ♦ ♥ ♠). Throws cardsim::Error naming the text otherwise.
Card parse_card(std::string_view text);

// Parses three cards separated by spaces, e.g. "As Kd 7c"; throws
// cardsim::Error for a wrong count or a repeated card.
Hand parse_hand(std::string_view text);

}  // namespace cardsim::zjh
