// Prints the number of three-card hands of each Zha Jin Hua category under the
// standard rules, from the exact enumeration (cardsim::game only).
#include <cstdio>
#include <string>

#include "cardsim/zjh/exact.hpp"

int main() {
  namespace zjh = cardsim::zjh;
  const zjh::ExactResult result = zjh::exact_heads_up(zjh::Rules{});
  for (const zjh::Category category : zjh::categories_by_strength(result.rules)) {
    std::printf("%s %llu\n", std::string(zjh::category_key(category)).c_str(),
                static_cast<unsigned long long>(result.hands[static_cast<unsigned>(category)]));
  }
  return 0;
}
