// Strategy chart files: text <-> StrategyChart.
//
// The format (see configs/strategies/*.txt): '#' starts a comment; three
// sections [hard], [soft] and [pairs], each a header line of dealer up cards
// "2 3 4 5 6 7 8 9 T A" and then one row per hand: the row label (hard 4..21,
// soft 12..21, pairs 2..9, T, A) and one action per up card:
//   H hit, S stand, D double else hit, Ds double else stand, P split,
//   Ph split if double after split is allowed else hit,
//   Rh, Rs, Rp surrender else hit, stand or split,
//   Hs hit two cards (a split hand's too), stand on three or more,
//   Sh stand on two cards, hit three or more.
// P, Ph and Rp belong in pair rows only, Hs and Sh in total rows only (a pair
// row serves two cards only). Every row and cell must be present. The writer
// adds a comment line explaining Hs and Sh to a chart that uses them.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/io/inputs.hpp"

namespace cardsim::io {

// Parses a chart; `source` names it in errors ("file:line: ...") and becomes
// the chart's name. Throws Error on the first problem.
blackjack::StrategyChart parse_strategy_chart(std::string_view text, const std::string& source);

// The chart as text that parse_strategy_chart reads back to the same chart.
std::string format_strategy_chart(const blackjack::StrategyChart& chart, const std::string& header_comment = "");

// The strategy value that load_strategy computes from the rules.
inline constexpr std::string_view BASIC_STRATEGY = "basic";

// The name of the basic strategy computed for `rules`, as results show it:
// "basic (computed for " + describe_rules(rules) + ")".
std::string computed_basic_name(const blackjack::Rules& rules);

// Where load_strategy gets the optimal chart of a rule set for "basic"
// (empty: blackjack::optimal_basic_strategy).
using BasicChartSource = std::function<blackjack::StrategyChart(const blackjack::Rules&)>;

// The chart named by a config's `strategy` value: a built-in name
// (hit-below-16, mimic-dealer, always-stand), "basic" (the optimal
// total-dependent strategy for `rules`, computed by blackjack::Analyzer in a
// fraction of a second, or taken from `basic` if given: a sweep computes each
// distinct one once), a chart file path (absolute, or relative to `folder`,
// that of the config naming it, or to the working folder if empty), or the
// name of a chart in the data folder's strategies/ (with or without ".txt";
// io/data_dir.hpp). A file is read through `inputs`.
blackjack::StrategyChart load_strategy(const std::string& strategy, const blackjack::Rules& rules,
                                       InputRegistry& inputs, const std::string& folder,
                                       const BasicChartSource& basic = {});
// The same through a registry of its own (a test, a one-off look-up).
blackjack::StrategyChart load_strategy(const std::string& strategy, const blackjack::Rules& rules,
                                       const std::string& folder, const BasicChartSource& basic = {});

// The chart file load_strategy() reads for `strategy`; empty for a built-in
// name (or when there is no such file).
std::string strategy_file(const std::string& strategy, const std::string& folder);

}  // namespace cardsim::io
