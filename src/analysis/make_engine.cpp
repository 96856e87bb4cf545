// make_engine (engine.hpp): the analyzer's part of building an Engine, done
// before the engine is built, so that the engine never calls the analyzer.
#include <memory>
#include <utility>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

Engine make_engine(const Rules& rules, const StrategyChart& chart, EngineSetup setup, ControlVariate control) {
  validate(rules);
  ResolvedStrategy strategy(rules, chart);
  if (rules.switch_hands && !setup.switch_values) {
    setup.switch_values = std::make_shared<const SwitchValues>(Analyzer(rules).switch_values(chart));
  }
  if (control == ControlVariate::exact) {
    if (setup.control) throw Error("make_engine: ControlVariate::exact with control values given; pass one of them");
    setup.control = std::make_shared<const ControlValues>(rules, strategy);
  }
  return Engine(rules, std::move(strategy), std::move(setup));
}

}  // namespace cardsim::blackjack
