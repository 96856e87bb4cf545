// The search for a chart's deviations (`cardsim indices --hands`): the
// candidate lines of each cell (every other play against the chart's), and
// once fitted, the one line kept of each cell.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "cardsim/core/error.hpp"
#include "index_generator_impl.hpp"

namespace cardsim::blackjack {
using namespace index_generation;  // the generator's inside (index_generator_impl.hpp)

std::vector<IndexPlay> candidate_deviations(const Rules& rules, const StrategyChart& chart,
                                            const std::vector<IndexPlay>& cells) {
  const ResolvedStrategy strategy(rules, chart);
  std::vector<IndexPlay> lines;
  auto action_of = [](Play play) {
    switch (play) {
      case Play::hit: return IndexAction::hit;
      case Play::double_down: return IndexAction::double_else_hit;
      case Play::split: return IndexAction::split;
      default: return IndexAction::stand;
    }
  };
  for (IndexPlay cell : cells) {
    if (cell.hand == IndexHand::insurance) {
      cell.at_or_above = IndexAction::insure;
      cell.below = IndexAction::chart;
      lines.push_back(cell);
      continue;
    }
    const auto hands = line_hands(rules, cell);
    if (hands.empty()) {
      throw Error("no two-card hand is a " + std::string(cell.hand == IndexHand::soft ? "soft " : "") +
                  std::to_string(cell.value) + (splits_allowed(rules) ? " other than a pair" : ""));
    }
    if (cell.at_or_above == IndexAction::surrender) {
      cell.below = IndexAction::chart;
      lines.push_back(cell);
      continue;
    }
    const auto [a, b] = hands.front();
    const HandState s = two_card_hand(a, b);
    const bool pair = cell.hand == IndexHand::pair;
    const Play chart_play = play_of(pair ? strategy.pair_move(DecisionPoint::first_two, a, cell.upcard)
                                         : strategy.move(DecisionPoint::first_two, s, cell.upcard));
    std::vector<Play> options{Play::stand, Play::hit};
    if (std::any_of(hands.begin(), hands.end(), [&](const auto& h) {
          return double_allowed(rules.double_rule, two_card_hand(h.first, h.second));
        })) {
      options.push_back(Play::double_down);
    }
    if (pair) options.push_back(Play::split);
    for (const Play option : options) {
      if (option == chart_play) continue;
      IndexPlay line = cell;
      line.at_or_above = action_of(option);
      line.below = action_of(chart_play);
      lines.push_back(line);
    }
  }
  return lines;
}

std::vector<GeneratedIndex> choose_deviations(const std::vector<GeneratedIndex>& candidates) {
  // Keyed by the cell (hand, value, up card, surrender line); the first line
  // of a cell keeps its place.
  using Key = std::tuple<int, int, int, bool>;
  std::map<Key, std::size_t> chosen;
  std::vector<Key> order;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const GeneratedIndex& g = candidates[i];
    const bool surrender = g.play.at_or_above == IndexAction::surrender || g.play.below == IndexAction::surrender;
    const Key key{static_cast<int>(g.play.hand), g.play.value, g.play.upcard, surrender};
    if (!g.found || g.extrapolated) continue;
    const auto it = chosen.find(key);
    if (it == chosen.end()) {
      chosen.emplace(key, i);
      order.push_back(key);
    } else if (std::abs(g.crossing) < std::abs(candidates[it->second].crossing)) {
      it->second = i;
    }
  }
  std::vector<GeneratedIndex> result;
  for (const Key& key : order) {
    result.push_back(candidates[chosen.at(key)]);
    // A cell's candidate lines are the generator's own: which way round one
    // was written says nothing to the user.
    result.back().reversed = false;
  }
  return result;
}

}  // namespace cardsim::blackjack
