// The Engine's stacked rounds: one round dealt from given cards, for tests
// and worked examples of the rules (not the chunk loops' speed: these rounds
// are compiled apart, for the stacked card sources).
#include <cstdint>
#include <span>
#include <string>

#include "card_sources.hpp"
#include "cardsim/core/error.hpp"
#include "engine_core.hpp"
#include "engine_counting.hpp"
#include "engine_round.hpp"

namespace cardsim::blackjack {

void EngineCore::play_stacked_suited_round(std::span<const SuitedCard> cards, Tally& tally) const {
  SuitedStackedCards stacked(cards);
  core::Rng unused;
  const Tally before = tally;
  play_round<SuitedStackedCards, false, false, false>(stacked, unused, tally, nullptr);
  add_derived_counts(before, tally);
}

void EngineCore::play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally) const {
  if (rules_.spanish_bonuses)
    throw Error("stacked round: Spanish 21's bonuses need suited cards (play_stacked_suited_round)");
  StackedCards stacked(cards);
  core::Rng unused;
  const Tally before = tally;
  play_round<StackedCards, false, false, false>(stacked, unused, tally, nullptr);
  add_derived_counts(before, tally);
}

void EngineCore::play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally, int running_count,
                                    int remaining_cards) const {
  if (!counting_.enabled) throw Error("stacked counted round: counting is off");
  if (remaining_cards < 0 || remaining_cards > rules_.shoe_cards()) {
    throw Error("stacked counted round: " + std::to_string(remaining_cards) + " cards left in a shoe of " +
                std::to_string(rules_.shoe_cards()) + " (allowed: 0.." + std::to_string(rules_.shoe_cards()) + ")");
  }
  StackedCards stacked(cards, remaining_cards);
  core::Rng unused;
  const Tally before = tally;
  RoundCount count{running_count, 0, 0, 0, 0, 0};
  if (has_indices_) {
    play_round<StackedCards, true, true, false>(stacked, unused, tally, &count);
  } else {
    play_round<StackedCards, true, false, false>(stacked, unused, tally, &count);
  }
  add_derived_counts(before, tally);
}

}  // namespace cardsim::blackjack
