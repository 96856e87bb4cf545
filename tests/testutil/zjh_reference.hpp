// A naive, deliberately plain Zha Jin Hua evaluator used to check the fast one
// (tests) and as the baseline of the benchmarks. It builds a value with
// vectors and compares it field by field; no tables, no bit tricks.
#pragma once

#include <vector>

#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/evaluator.hpp"
#include "cardsim/zjh/rules.hpp"

namespace cardsim::testutil {

struct ZjhReferenceValue {
  zjh::Category category = zjh::Category::high_card;
  int category_strength = 0;    // 0 = weakest category under the rules
  std::vector<int> ranks;       // compared left to right, larger is better
  std::vector<int> suits;       // the suits in the same card order (used only
                                // when suits break ties), larger is better
  bool beats_leopards = false;  // a mixed-suit 2-3-5 under the 2-3-5 rule
};

ZjhReferenceValue zjh_reference_evaluate(const zjh::Rules& rules, zjh::Card a, zjh::Card b, zjh::Card c);

// > 0 if x beats y, 0 on a tie, < 0 if y beats x, with the 2-3-5 rule.
int zjh_reference_compare(const zjh::Rules& rules, const ZjhReferenceValue& x, const ZjhReferenceValue& y);

// The same without the 2-3-5 exception: a total preorder, usable for sorting.
int zjh_reference_compare_plain(const zjh::Rules& rules, const ZjhReferenceValue& x, const ZjhReferenceValue& y);

}  // namespace cardsim::testutil
