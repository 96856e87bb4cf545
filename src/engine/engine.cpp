#include "cardsim/blackjack/engine.hpp"

#include <memory>
#include <utility>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "engine_core.hpp"

namespace cardsim::blackjack {

EngineCore::EngineCore(const Rules& rules, ResolvedStrategy strategy, Counting counting, std::vector<SideBet> side_bets,
                       std::shared_ptr<const ControlValues> control, std::shared_ptr<const SwitchValues> switch_values)
    : rules_((validate(rules), rules)),
      strategy_(std::move(strategy)),
      switch_values_(rules.switch_hands ? std::move(switch_values) : nullptr),
      bet_(rules.bet_units()),
      half_bet_(bet_ / 2),
      blackjack_win_(rules.blackjack_win_units()),
      counting_(std::move(counting)) {
  if (rules_.switch_hands && !switch_values_) {
    throw Error("Blackjack Switch (switch) needs the analyzer's switch values (EngineSetup::switch_values; "
                "make_engine computes them)");
  }
  for (std::size_t b = 0; b < BONUS_21_PAYS.size(); ++b)
    bonus_21_units_[b] = bet_ * BONUS_21_PAYS[b].num / BONUS_21_PAYS[b].den;
  for (int s = 0; s < HAND_STATES; ++s) {
    const auto state = static_cast<HandState>(s);
    dealer_stands_[state] = dealer_stands(state, rules.h17);
  }
  if (counting_.enabled) set_up_counting();  // engine_counting.cpp
  set_up_side_bets(std::move(side_bets));    // engine_side_bets.cpp
  if (control) control_by(std::move(control));
}

void EngineCore::control_by(std::shared_ptr<const ControlValues> values) {
  control_values_ = std::move(values);
  drift_weights_.clear();
  if (!control_values_ || rules_.infinite() || rules_.reshuffle == Reshuffle::every_round) return;
  // The rounds a shoe deals: a pilot of plain rounds on a stream of its own
  // (the same for every run of these rules, so every thread, shard and rank
  // uses the same figure; any figure leaves the estimates unbiased).
  constexpr std::uint64_t PILOT_ROUNDS = 20'000;
  EngineCore plain(*this);
  plain.control_values_.reset();
  auto tally = std::make_unique<Tally>();
  core::Rng rng = core::chunk_rng(0, core::StreamPurpose::control_pilot, 0);
  plain.play_chunk(PILOT_ROUNDS, rng, *tally);
  // The last shoe is cut short at the round quota: half a shoe on average.
  const double rounds_per_shoe = static_cast<double>(tally->rounds) / (static_cast<double>(tally->shoes) - 0.5);
  if (rounds_per_shoe <= 1) return;
  // A shoe's rounds start while the cut card is in: about (cut - burn) / m
  // rounds and a half for m cards a round; a card drawn with n left (this
  // round's cards yet to come taken as half a round) leaves about
  // (n - behind the cut) / m rounds to start after this one.
  const int cut = rules_.cut_card_position();
  const int behind_cut = rules_.shoe_cards() - cut;
  const double rounds_per_card = (rounds_per_shoe - 0.5) / (cut - rules_.burn_cards);
  drift_weights_.assign(static_cast<std::size_t>(rules_.shoe_cards()) + 1, 0.0);
  for (int n = behind_cut + 1; n <= rules_.shoe_cards(); ++n)
    drift_weights_[static_cast<std::size_t>(n)] =
        (n - behind_cut) * rounds_per_card / (static_cast<double>(n) * (n - 1));
}

core::Shoe EngineCore::make_shoe() const {
  if (rules_.infinite()) throw Error("an infinite deck has no shoe to look at");
  return core::Shoe(shoe_values(rules_.decks, rules_.remove_tens_per_deck), rules_.cut_card_position(),
                    rules_.burn_cards);
}

// The public Engine: its constructor builds the core, its methods forward.
static_assert(EngineCore::STOP_POLL_ROUNDS == Engine::STOP_POLL_ROUNDS);

Engine::Engine(const Rules& rules, ResolvedStrategy strategy, EngineSetup setup)
    : core_(std::make_shared<const EngineCore>(rules, std::move(strategy), std::move(setup.counting),
                                               std::move(setup.side_bets), std::move(setup.control),
                                               std::move(setup.switch_values))) {}

bool Engine::play_chunk(std::uint64_t rounds, core::Rng& rng, Tally& tally, const std::atomic<bool>* stop) const {
  return core_->play_chunk(rounds, rng, tally, stop);
}
void Engine::play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally) const {
  core_->play_stacked_round(cards, tally);
}
void Engine::play_stacked_suited_round(std::span<const SuitedCard> cards, Tally& tally) const {
  core_->play_stacked_suited_round(cards, tally);
}
void Engine::play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally, int running_count,
                                int remaining_cards) const {
  core_->play_stacked_round(cards, tally, running_count, remaining_cards);
}
core::Shoe Engine::make_shoe() const { return core_->make_shoe(); }
void Engine::play_shoe_round(core::Shoe& shoe, core::Rng& rng, Tally& tally, int& running_count) const {
  core_->play_shoe_round(shoe, rng, tally, running_count);
}
const Rules& Engine::rules() const { return core_->rules(); }
const ResolvedStrategy& Engine::strategy() const { return core_->strategy(); }
const ControlValues* Engine::control_values() const { return core_->control_values(); }
const Counting& Engine::counting() const { return core_->counting(); }
const std::vector<SideBet>& Engine::side_bets() const { return core_->side_bets(); }
int Engine::true_count_of(int running_count, int remaining_cards) const {
  return core_->true_count_of(running_count, remaining_cards);
}
bool Engine::true_count_at_least(int running_count, int remaining_cards, int index) const {
  return core_->true_count_at_least(running_count, remaining_cards, index);
}

}  // namespace cardsim::blackjack
