// A shoe of cards dealt by lazy (incremental) Fisher-Yates.
//
// The cards live in one array; cards_[0, next_) are dealt. Drawing swaps a
// uniformly chosen undealt card into position next_ and returns it, so a draw
// costs one bounded random number and a shuffle costs nothing (Durstenfeld's
// shuffle, done one step per card dealt; any starting order gives a uniform
// permutation). Cards are small codes: blackjack values 1..10 or 0..51 indices.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "cardsim/core/rng.hpp"

namespace cardsim::core {

class Shoe {
 public:
  // A shoe holding `cards`; the cut card sits after `cut_position` cards (the
  // round in which it comes out is the last before a reshuffle), and
  // `burn_cards` are discarded after each shuffle.
  Shoe(std::vector<std::uint8_t> cards, int cut_position, int burn_cards)
      : order_(cards),
        cards_(std::move(cards)),
        size_(static_cast<std::uint32_t>(cards_.size())),
        cut_position_(static_cast<std::uint32_t>(cut_position)),
        burn_cards_(static_cast<std::uint32_t>(burn_cards)) {}

  // Gathers all cards, shuffles (lazily) and burns. Counts a shoe. The cards
  // are first put back in the shoe's original order, so that a shoe depends on
  // the random numbers alone, not on the shoes before it: rule variants given
  // the same numbers deal the same shoe (common random numbers).
  void shuffle(Rng& rng) {
    std::copy(order_.begin(), order_.end(), cards_.begin());
    next_ = 0;
    round_start_ = 0;
    ++shoes_;
    for (std::uint32_t i = 0; i < burn_cards_; ++i) draw(rng);
    round_start_ = next_;
  }

  // Marks the start of a round: cards dealt from here on are on the table, and
  // survive an exhaustion reshuffle.
  void begin_round() { round_start_ = next_; }

  // The next card. If the shoe is empty mid-round, the discards (every dealt card
  // not on the table this round) are reshuffled first: counted in
  // exhaustion_reshuffles(), so a run reports how often its rules ran dry.
  std::uint8_t draw(Rng& rng) {
    if (next_ == size_) [[unlikely]]
      reshuffle_discards();
    std::uint32_t pick = 0;
    return take(cards_.data(), next_, size_, rng, pick);
  }

  // A look at the cards draw() would deal next, which all go back (for the
  // dealer's hand that no player needed, completed for the statistics only).
  // It holds the shoe's cards and position: the shoe must not deal while a
  // Lookahead is in use.
  class Lookahead {
   public:
    // Calls take_card(card) with the cards draw() would deal next, one at a
    // time, while it returns true (a shoe that runs dry goes on as draw()
    // would, after a reshuffle of the discards, in a copy of the shoe), then
    // puts every card back where it was: the shoe is left exactly as it was
    // (order, position, counters), and `rng` is a copy, so the caller's
    // generator does not move. What is looked at changes no card the game
    // deals later.
    template <class Take>
    void look(Rng rng, Take&& take_card) const {
      // Each draw swaps the picked card with the next one; the swaps undone
      // in reverse order put every card back.
      std::array<std::uint32_t, MAX_LOOK_AHEAD> picks;
      std::size_t taken = 0;
      std::uint32_t next = next_;
      bool more = true;
      while (more && next < size_ && taken < picks.size())
        more = take_card(take(cards_, next, size_, rng, picks[taken++]));
      if (more) [[unlikely]]
        go_on_in_copy(next, rng, take_card);
      while (taken > 0) {
        --next;
        std::swap(cards_[picks[--taken]], cards_[next]);
      }
    }

   private:
    friend class Shoe;
    // The rest of a look that ran the shoe dry (or took MAX_LOOK_AHEAD cards)
    // at `next`: in a copy of the shoe, which reshuffles as draw() would.
    template <class Take>
    [[gnu::cold, gnu::noinline]] void go_on_in_copy(std::uint32_t next, Rng& rng, Take& take_card) const {
      Shoe rest(*this, next);
      while (take_card(rest.draw(rng))) {
      }
    }
    Lookahead(std::uint8_t* cards, std::uint32_t next, std::uint32_t size, std::uint32_t round_start)
        : cards_(cards), next_(next), size_(size), round_start_(round_start) {}
    std::uint8_t* cards_;
    std::uint32_t next_;
    std::uint32_t size_;
    std::uint32_t round_start_;
  };
  Lookahead lookahead() { return {cards_.data(), next_, size_, round_start_}; }
  // Cards a look takes before it goes on in a copy of the shoe.
  static constexpr std::size_t MAX_LOOK_AHEAD = 16;

  // True once the cut card has come out: reshuffle before the next round.
  bool cut_card_out() const { return next_ >= cut_position_; }

  std::uint32_t size() const { return size_; }
  std::uint32_t dealt() const { return next_; }
  std::uint32_t remaining() const { return size_ - next_; }
  // The cards dealt since the last shuffle (burns included), in deal order.
  const std::uint8_t* dealt_cards() const { return cards_.data(); }
  // Where this round's cards start in dealt_cards(): [round_start(), dealt())
  // are the cards dealt since begin_round() (0 after an exhaustion reshuffle,
  // which moves them to the front).
  std::uint32_t round_start() const { return round_start_; }
  std::uint64_t shoes() const { return shoes_; }
  std::uint64_t exhaustion_reshuffles() const { return exhaustion_reshuffles_; }

 private:
  // The shoe a look goes on in once `look` has dealt up to `next`.
  Shoe(const Lookahead& look, std::uint32_t next)
      : cards_(look.cards_, look.cards_ + look.size_),
        size_(look.size_),
        cut_position_(look.size_),
        burn_cards_(0),
        next_(next),
        round_start_(look.round_start_) {}

  // Deals the card at a uniformly chosen undealt position of `cards` (`pick`,
  // returned too) by swapping it to position `next`, which moves on (the
  // shoe must not be empty: next < size).
  static std::uint8_t take(std::uint8_t* cards, std::uint32_t& next, std::uint32_t size, Rng& rng,
                           std::uint32_t& pick) {
    pick = next + bounded(rng, size - next);
    const std::uint8_t card = cards[pick];
    cards[pick] = cards[next];
    cards[next++] = card;
    return card;
  }

  // Moves this round's cards to the front and makes every other card undealt.
  void reshuffle_discards() {
    const std::uint32_t on_table = next_ - round_start_;
    for (std::uint32_t i = 0; i < on_table; ++i) std::swap(cards_[i], cards_[round_start_ + i]);
    next_ = on_table;
    round_start_ = 0;
    ++exhaustion_reshuffles_;
  }

  std::vector<std::uint8_t> order_;  // the cards as given, restored at each shuffle
  std::vector<std::uint8_t> cards_;
  std::uint32_t size_;
  std::uint32_t cut_position_;
  std::uint32_t burn_cards_;
  std::uint32_t next_ = 0;
  std::uint32_t round_start_ = 0;
  std::uint64_t shoes_ = 0;
  std::uint64_t exhaustion_reshuffles_ = 0;
};

}  // namespace cardsim::core
