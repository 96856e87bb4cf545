#include "cardsim/blackjack/engine.hpp"

#include <memory>
#include <utility>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

Engine::Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting)
    : rules_((validate(rules), rules)),
      strategy_(rules, chart),
      bet_(rules.bet_units()),
      half_bet_(bet_ / 2),
      blackjack_win_(rules.blackjack_win_units()),
      counting_(counting) {
  for (std::size_t b = 0; b < BONUS_21_PAYS.size(); ++b)
    bonus_21_units_[b] = bet_ * BONUS_21_PAYS[b].num / BONUS_21_PAYS[b].den;
  if (rules_.switch_hands) {
    switch_values_ = std::make_shared<const SwitchValues>(Analyzer(rules_).switch_values(chart));
  }
  for (int s = 0; s < HAND_STATES; ++s) {
    const auto state = static_cast<HandState>(s);
    dealer_stands_[state] = dealer_stands(state, rules.h17);
  }
  if (counting_.enabled) set_up_counting();  // engine_counting.cpp
}

namespace {
const Counting& no_counting() {
  static const Counting none{};
  return none;
}
}  // namespace

Engine::Engine(const Rules& rules, const StrategyChart& chart) : Engine(rules, chart, no_counting()) {}

Engine::Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting, std::vector<SideBet> side_bets,
               ControlVariate control)
    : Engine(rules, chart, counting, std::move(side_bets), std::shared_ptr<const ControlValues>{}) {
  if (control == ControlVariate::exact) control_by(std::make_shared<const ControlValues>(rules_, strategy_));
}

Engine::Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting, std::vector<SideBet> side_bets,
               std::shared_ptr<const ControlValues> values)
    : Engine(rules, chart, counting, std::move(side_bets)) {
  if (values) control_by(std::move(values));
}

void Engine::control_by(std::shared_ptr<const ControlValues> values) { control_values_ = std::move(values); }

core::Shoe Engine::make_shoe() const {
  if (rules_.infinite()) throw Error("an infinite deck has no shoe to look at");
  return core::Shoe(shoe_values(rules_.decks, rules_.remove_tens_per_deck), rules_.cut_card_position(),
                    rules_.burn_cards);
}

}  // namespace cardsim::blackjack
