// Dealing one Zha Jin Hua game from one 52-card deck and ranking its hands.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "cardsim/core/rng.hpp"
#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/evaluator.hpp"

namespace cardsim::zjh {

using Deck = std::array<Card, DECK_SIZE>;

// A deck in index order 0..51.
Deck fresh_deck();

// Deals `count` cards (<= 52) to the front of `deck` by incremental
// Fisher-Yates: card i is swapped with a uniformly chosen card among the
// positions i..51 (Durstenfeld's shuffle, stopped after `count` steps), one
// unbiased bounded random number (core::bounded, Lemire's method) per card.
// `deck` may hold any permutation (the previous deal's order): the dealt
// cards are a uniform random sequence of distinct cards either way, so a deck
// is never reset between deals.
inline void deal_cards(core::Rng& rng, Deck& deck, unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    const unsigned j = i + core::bounded(rng, DECK_SIZE - i);
    std::swap(deck[i], deck[j]);
  }
}

// One seat's hand after a showdown.
struct SeatResult {
  Hand cards{};  // as dealt
  Strength strength = 0;
  Category category = Category::high_card;
  unsigned place = 1;  // 1 = winner; seats that tie share a place
};

// One dealt and ranked game.
struct Game {
  std::vector<SeatResult> seats;  // seat 0 is the first player
  std::vector<unsigned> ranking;  // seat indices, best first (ties by seat)
  unsigned winners = 0;           // seats with place 1 (> 1: a split pot)
  bool leopard_killed = false;    // a mixed 2-3-5 won over a leopard
};

// Ranks already dealt hands (players = hands.size(), 2..17, distinct cards).
Game rank_hands(const Evaluator& evaluator, const std::vector<Hand>& hands);

// Deals one game of `players` (2..17, else cardsim::Error) hands from a fresh
// deck with the stream core::chunk_rng(seed, zjh_chunk, 0): seat p gets the
// cards 3p, 3p+1, 3p+2 of the deal, so this is the first deal of chunk 0 of
// `cardsim zjh sim` with the same seed and players.
Game deal_game(const Evaluator& evaluator, unsigned players, std::uint64_t seed);

// Throws cardsim::Error unless 2 <= players <= 17.
void check_players(unsigned players);

}  // namespace cardsim::zjh
