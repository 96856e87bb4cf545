// Checking someone else's three-card evaluator against cardsim's exact ranking,
// exhaustively (what `cardsim bench --evaluator` and cardsim.zjh.check_evaluator
// do before timing anything). Pure computation: the evaluator under test comes
// in as its answers (ranks) or as a function (a comparator).
//
// - A ranking gives every one of the 22,100 hands a number; it is right when
//   the order of every pair of hands agrees with cardsim's Strength (ties
//   included): 244 million pairs. Under the 2-3-5 rule a rank cannot say
//   "beats a leopard only", so a ranking is checked against the Strength, in
//   which a mixed 2-3-5 is the high card it is (the exception belongs to the
//   comparison, as in Evaluator::compare).
// - A comparator says who wins the showdown of two disjoint hands; it is
//   checked on every ordered pair (about 407 million) against
//   Evaluator::compare, the 2-3-5 rule included. Disagreements are searched
//   for their cause: a pair whose two orders do not give opposite verdicts
//   (not antisymmetric) and a cycle a > b > c > a that cardsim's order does not
//   have (not transitive), each with its witness.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/evaluator.hpp"
#include "cardsim/zjh/rules.hpp"

namespace cardsim::zjh {

// Every hand once, its cards in increasing order, hands in increasing
// lexicographic order (a < b < c): the order of check_ranks' ranks.
const std::vector<Hand>& all_hands();

// One pair of hands on which the evaluator and cardsim differ. Verdicts: 1 if
// a beats b, 0 on a tie, -1 if b beats a.
struct Disagreement {
  Hand a{};
  Hand b{};
  int ours = 0;
  int theirs = 0;
};

struct EvaluatorCheck {
  std::uint64_t pairs = 0;          // pairs compared
  std::uint64_t disagreements = 0;  // pairs whose verdicts differ
  // Disagreeing pairs by category: [the category of the hand cardsim ranks
  // higher (the first one's on a tie)][the other's], fixed category order.
  std::array<std::array<std::uint64_t, CATEGORY_COUNT>, CATEGORY_COUNT> by_category{};
  std::optional<Disagreement> first;  // the first disagreement in hand order
  // A comparator's inconsistencies, with a witness: compare(a, b) and
  // compare(b, a) not opposite (ours is -theirs of the first), a cycle of
  // three hands each beating the next under the comparator (cardsim has none
  // there), and a value out of -1..1 (then the check stops at once).
  std::optional<Disagreement> asymmetric;
  std::optional<std::array<Hand, 3>> cycle;
  std::optional<Disagreement> out_of_range;  // theirs: the value returned
  bool stopped = false;                      // ended early by the stop flag

  bool ok() const { return disagreements == 0 && !asymmetric && !cycle && !out_of_range && !stopped; }
};

// A ranking: ranks[i] is the evaluator's number for all_hands()[i] (higher
// beats lower, equal ties). Throws cardsim::Error unless ranks has 22,100 values.
EvaluatorCheck check_ranks(const Rules& rules, std::span<const std::uint32_t> ranks);

// A comparator in its batch form: for i < n, results[i] = the verdict on hands
// a[3i..3i+2] and b[3i..3i+2] (1, 0, -1; anything else is out of range).
using CompareBatch = std::function<void(const Card* a, const Card* b, std::size_t n, std::int8_t* results)>;

// Checks `compare` on every ordered pair of disjoint hands. `done` (when
// given) counts the first hands finished, of 22,100; `stop` ends the check
// early (stopped = true).
EvaluatorCheck check_comparator(const Rules& rules, const CompareBatch& compare,
                                std::atomic<std::uint64_t>* done = nullptr, const std::atomic<bool>* stop = nullptr);

// "As Kd 7c".
std::string hand_text(const Hand& hand);

}  // namespace cardsim::zjh
