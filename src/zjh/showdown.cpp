#include "cardsim/zjh/showdown.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "cardsim/core/error.hpp"

namespace cardsim::zjh {

Deck fresh_deck() {
  Deck deck{};
  std::iota(deck.begin(), deck.end(), Card{0});
  return deck;
}

void check_players(unsigned players) {
  if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw Error("players must be between 2 and 17 (a 52-card deck holds 17 hands of three), not " +
                std::to_string(players));
  }
}

Game rank_hands(const Evaluator& evaluator, const std::vector<Hand>& hands) {
  check_players(static_cast<unsigned>(hands.size()));
  Game game;
  game.seats.resize(hands.size());
  bool leopard = false;
  for (std::size_t s = 0; s < hands.size(); ++s) {
    SeatResult& seat = game.seats[s];
    seat.cards = hands[s];
    seat.strength = evaluator.evaluate(hands[s]);
    if (seat.strength == INVALID_STRENGTH) throw Error("a hand repeats a card");
    seat.category = evaluator.category(seat.strength);
    leopard = leopard || evaluator.is_leopard(seat.strength);
  }
  std::vector<std::uint32_t> keys(hands.size());
  for (std::size_t s = 0; s < hands.size(); ++s) {
    keys[s] = evaluator.showdown_key(game.seats[s].strength, leopard);
  }
  for (std::size_t s = 0; s < hands.size(); ++s) {
    const auto better = std::count_if(keys.begin(), keys.end(), [&](std::uint32_t k) { return k > keys[s]; });
    game.seats[s].place = 1 + static_cast<unsigned>(better);
    if (better == 0) {
      ++game.winners;
      if (keys[s] >= evaluator.levels()) game.leopard_killed = true;
    }
  }
  game.ranking.resize(hands.size());
  std::iota(game.ranking.begin(), game.ranking.end(), 0u);
  std::stable_sort(game.ranking.begin(), game.ranking.end(), [&](unsigned x, unsigned y) { return keys[x] > keys[y]; });
  return game;
}

Game deal_game(const Evaluator& evaluator, unsigned players, std::uint64_t seed) {
  check_players(players);
  core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::zjh_chunk, 0);
  Deck deck = fresh_deck();
  deal_cards(rng, deck, players * HAND_SIZE);
  std::vector<Hand> hands(players);
  for (unsigned p = 0; p < players; ++p) {
    hands[p] = {deck[HAND_SIZE * p], deck[HAND_SIZE * p + 1], deck[HAND_SIZE * p + 2]};
  }
  return rank_hands(evaluator, hands);
}

}  // namespace cardsim::zjh
