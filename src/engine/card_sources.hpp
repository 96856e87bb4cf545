// The card sources the Engine's round deals from (private to src/engine/):
// the shoe of suited cards of side-bet runs, the infinite deck, and the fixed
// sequences of stacked rounds. Each answers draw(rng) with a card's value
// (1..10) and lookahead() with the cards it would deal next; the counted
// ones (core::Shoe, SuitedShoe, StackedCards) also remaining().
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"
#include "engine_core.hpp"

namespace cardsim::blackjack {

// An infinite deck (draw_infinite) with the interface of core::Shoe for the
// engine.
struct InfiniteDeck {
  std::uint8_t draw(core::Rng& rng) { return draw_infinite(rng); }
  // As core::Shoe::lookahead(): the draws from a copy of the generator.
  InfiniteDeck lookahead() const { return *this; }
  template <class Take>
  void look(core::Rng rng, Take&& take) const {
    while (take(draw_infinite(rng))) {
    }
  }
};

// The shoe of a run with side bets: a core::Shoe of suited cards (0..51,
// shoe_suited_cards(), in the order of shoe_values()) that deals their
// values, so the engine plays it as a plain shoe; the same random numbers
// deal the same values as a shoe of shoe_values(). The side bets read the
// round's suited cards afterwards (round_cards()). Only runs with side bets
// deal from it: the others pay nothing for suits.
inline constexpr auto SUITED_VALUES = [] {
  std::array<std::uint8_t, SUITED_CARDS> values{};
  for (int c = 0; c < SUITED_CARDS; ++c)
    values[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(value_of(static_cast<SuitedCard>(c)));
  return values;
}();

class SuitedShoe : public core::Shoe {
 public:
  using core::Shoe::Shoe;
  std::uint8_t draw(core::Rng& rng) { return SUITED_VALUES[core::Shoe::draw(rng)]; }
  // As core::Shoe::lookahead(), by value.
  struct Lookahead {
    core::Shoe::Lookahead suited;
    template <class Take>
    void look(core::Rng rng, Take&& take) const {
      suited.look(rng, [&](std::uint8_t card) { return take(SUITED_VALUES[card]); });
    }
  };
  Lookahead lookahead() { return {core::Shoe::lookahead()}; }
  // This round's suited cards in deal order (an exhaustion reshuffle keeps
  // them together), and how many.
  const SuitedCard* round_cards() const { return dealt_cards() + round_start(); }
  std::uint32_t round_size() const { return dealt() - round_start(); }
};

// The blackjack value of a card as `Deck` holds it.
template <class Deck>
std::uint8_t value_in(std::uint8_t card) {
  if constexpr (std::is_same_v<Deck, SuitedShoe>) return SUITED_VALUES[card];
  return card;
}

// The cards of a fresh `Deck` of `decks` decks, in its starting order.
template <class Deck>
std::vector<std::uint8_t> deck_cards(int decks, int removed_tens) {
  if constexpr (std::is_same_v<Deck, SuitedShoe>) return shoe_suited_cards(decks, removed_tens);
  return shoe_values(decks, removed_tens);
}

// A fixed sequence of cards, for play_stacked_round().
// For counted rounds it answers like a Shoe: the cards left (`remaining`
// before the deal).
class StackedCards {
 public:
  explicit StackedCards(std::span<const std::uint8_t> cards, int remaining = 0)
      : cards_(cards), remaining_(remaining) {}
  std::uint8_t draw(core::Rng& /*rng*/) {
    if (next_ == cards_.size())
      throw Error("stacked round: the round needs more than " + std::to_string(cards_.size()) + " cards");
    return cards_[next_++];
  }
  std::uint32_t remaining() const {
    return static_cast<std::uint32_t>(std::max(0, remaining_ - static_cast<int>(next_)));
  }
  // As core::Shoe::lookahead(): the cards not yet drawn; a look stops where
  // they end.
  struct Lookahead {
    std::span<const std::uint8_t> rest;
    template <class Take>
    void look(core::Rng /*rng*/, Take&& take) const {
      for (std::size_t i = 0; i < rest.size() && take(rest[i]); ++i) {
      }
    }
  };
  Lookahead lookahead() const { return {cards_.subspan(next_)}; }

 private:
  std::span<const std::uint8_t> cards_;
  int remaining_;
  std::size_t next_ = 0;
};

// Stacked suited cards (play_stacked_suited_round): deals their values, and
// answers like the suited shoe for the round's suited cards.
class SuitedStackedCards {
 public:
  explicit SuitedStackedCards(std::span<const SuitedCard> cards) : cards_(cards) {}
  std::uint8_t draw(core::Rng& /*rng*/) {
    if (next_ == cards_.size())
      throw Error("stacked round: the round needs more than " + std::to_string(cards_.size()) + " cards");
    return static_cast<std::uint8_t>(value_of(cards_[next_++]));
  }
  struct Lookahead {
    std::span<const SuitedCard> rest;
    template <class Take>
    void look(core::Rng /*rng*/, Take&& take) const {
      for (std::size_t i = 0; i < rest.size() && take(static_cast<std::uint8_t>(value_of(rest[i]))); ++i) {
      }
    }
  };
  Lookahead lookahead() const { return {cards_.subspan(next_)}; }
  const SuitedCard* round_cards() const { return cards_.data(); }
  std::uint32_t round_size() const { return static_cast<std::uint32_t>(next_); }

 private:
  std::span<const SuitedCard> cards_;
  std::size_t next_ = 0;
};

// The cards a shoe holds, by value (the control variate's p_k): the full
// shoe's at a shuffle less those dealt since (the burn cards), less each card
// drawn; after a reshuffle of the discards, the full shoe's less the round's
// cards on the table.
struct EngineCore::Composition {
  std::array<std::int32_t, CARD_VALUES + 1> full{};
  std::array<std::int32_t, CARD_VALUES + 1> count{};
  std::int32_t total = 0;
  // The drift term's sum over the cards held of ControlValues::drift (null
  // `drifts`: no drift term).
  const CardProbabilities* drifts = nullptr;
  double drift_sum = 0;

  // The shoe holds every card but those of dealt_cards()[from, to).
  template <class Deck>
  void all_but(const Deck& shoe, std::uint32_t from, std::uint32_t to) {
    count = full;
    total = static_cast<std::int32_t>(shoe.size());
    for (std::uint32_t i = from; i < to; ++i) --count[value_in<Deck>(shoe.dealt_cards()[i])];
    total -= static_cast<std::int32_t>(to - from);
    drift_sum = drifts != nullptr ? sum_of(*drifts) : 0.0;
  }
  // The sum of `per_card` over the cards held.
  double sum_of(const CardProbabilities& per_card) const {
    double sum = 0;
    for (std::size_t c = 1; c <= CARD_VALUES; ++c) sum += per_card[c] * count[c];
    return sum;
  }
};

// Whether a card source deals suited cards (round_cards()).
template <class CardSource>
inline constexpr bool SUITED_SOURCE =
    std::is_same_v<CardSource, SuitedShoe> || std::is_same_v<CardSource, SuitedStackedCards>;

}  // namespace cardsim::blackjack
