#include "cardsim/blackjack/analysis_dealer.hpp"

#include <algorithm>
#include <map>

#include "cardsim/blackjack/dealer.hpp"
#include "cardsim/blackjack/hand.hpp"

namespace cardsim::blackjack {
namespace {

// Bits per value in a packed multiset key (at most 63 copies of a value).
constexpr int KEY_BITS = 6;

// A dealer's two-card 21 is a natural; otherwise as dealer_final().
DealerFinal final_of(HandState s, int cards) {
  return cards == 2 && best_total(s) == 21 ? DealerFinal::blackjack : dealer_final(s);
}

// Depth-first walk over every drawing order of the dealer from `state`,
// counting the orders of each final multiset (keyed by its packed counts).
struct OrderCounter {
  bool h17;
  std::map<std::uint64_t, std::pair<double, DealerFinal>> finals;
  CardCounts drawn{};

  void walk(HandState state, int cards, std::uint64_t key) {
    if (cards >= 2 && dealer_stands(state, h17)) {
      auto [it, inserted] = finals.try_emplace(key, 0.0, final_of(state, cards));
      it->second.first += 1;
      return;
    }
    for (int v = 1; v <= CARD_VALUES; ++v) {
      walk(add_card(state, v), cards + 1, key + (std::uint64_t{1} << (KEY_BITS * (v - 1))));
    }
  }
};

}  // namespace

ShoeComposition ShoeComposition::standard(int decks, int removed_tens) {
  ShoeComposition shoe;
  shoe.infinite = decks == INFINITE_DECKS;
  const int n = shoe.infinite ? 1 : decks;
  for (int v = 1; v <= CARD_VALUES; ++v)
    shoe.counts[static_cast<std::size_t>(v)] = n * (v == TEN ? TENS_PER_DECK - removed_tens : CARDS_PER_VALUE);
  return shoe;
}

int ShoeComposition::total() const {
  int sum = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) sum += counts[static_cast<std::size_t>(v)];
  return sum;
}

double ShoeComposition::draw_probability(int value, const CardCounts& removed, int removed_total) const {
  const auto v = static_cast<std::size_t>(value);
  if (infinite) return static_cast<double>(counts[v]) / DECK_CARDS;
  const int left = counts[v] - removed[v];
  const int all = total() - removed_total;
  return left > 0 && all > 0 ? static_cast<double>(left) / all : 0.0;
}

DealerModel::DealerModel(bool h17) : h17_(h17) {
  for (int up = 1; up <= CARD_VALUES; ++up) {
    OrderCounter counter{h17, {}, {}};
    counter.walk(add_card(EMPTY_HAND, up), 1, 0);
    auto& outcomes = outcomes_[static_cast<std::size_t>(up)];
    auto& parts = parts_[static_cast<std::size_t>(up)];
    for (const auto& [key, value] : counter.finals) {
      Outcome o;
      o.orders = value.first;
      o.final = value.second;
      o.first_part = static_cast<std::uint32_t>(parts.size());
      int cards = 0;
      int total = up;  // every ace as 1: a bust's exact total (a bust is hard)
      for (int v = 1; v <= CARD_VALUES; ++v) {
        const int m = static_cast<int>((key >> (KEY_BITS * (v - 1))) & ((1U << KEY_BITS) - 1));
        if (m == 0) continue;
        parts.push_back({static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(m)});
        cards += m;
        total += v * m;
        max_multiplicity_ = std::max(max_multiplicity_, m);
      }
      o.part_count = static_cast<std::uint8_t>(parts.size() - o.first_part);
      o.cards = static_cast<std::uint8_t>(cards);
      o.twenty_two = o.final == DealerFinal::bust && total == BUST_TOTAL;
      max_cards_ = std::max(max_cards_, cards);
      outcomes.push_back(o);
    }
  }
}

DealerProbabilities DealerModel::probabilities(const ShoeComposition& shoe, const CardCounts& removed, int upcard,
                                               double* twenty_two) const {
  // falling[v][k]: the number of ordered ways to draw k cards of value v (or,
  // for an infinite deck, p_v^k); inverse[k]: 1 over the ordered ways to draw
  // any k cards (1 for an infinite deck).
  constexpr int MAX_K = 24;
  std::array<std::array<double, MAX_K>, CARD_VALUES + 1> falling{};
  std::array<double, MAX_K> inverse{};
  const int kmax = std::min(MAX_K - 1, std::max(max_cards_, max_multiplicity_));
  int removed_total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) removed_total += removed[static_cast<std::size_t>(v)];
  const int left_total = shoe.total() - removed_total;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    auto& f = falling[static_cast<std::size_t>(v)];
    const double p = shoe.draw_probability(v, removed, removed_total);
    const int left = shoe.counts[static_cast<std::size_t>(v)] - removed[static_cast<std::size_t>(v)];
    f[0] = 1;
    for (int k = 1; k <= kmax; ++k) {
      f[static_cast<std::size_t>(k)] = shoe.infinite ? f[static_cast<std::size_t>(k - 1)] * p
                                                     : f[static_cast<std::size_t>(k - 1)] * std::max(0, left - (k - 1));
    }
  }
  inverse[0] = 1;
  for (int k = 1; k <= kmax; ++k) {
    const int ways = left_total - (k - 1);
    inverse[static_cast<std::size_t>(k)] =
        shoe.infinite ? 1.0 : (ways > 0 ? inverse[static_cast<std::size_t>(k - 1)] / ways : 0.0);
  }

  DealerProbabilities result{};
  if (twenty_two != nullptr) *twenty_two = 0;
  const auto& outcomes = outcomes_[static_cast<std::size_t>(upcard)];
  const auto& parts = parts_[static_cast<std::size_t>(upcard)];
  for (const Outcome& o : outcomes) {
    double p = o.orders * inverse[o.cards];
    for (std::uint32_t i = o.first_part; i < o.first_part + o.part_count; ++i) {
      p *= falling[parts[i].value][parts[i].multiplicity];
    }
    result[static_cast<std::size_t>(o.final)] += p;
    if (twenty_two != nullptr && o.twenty_two) *twenty_two += p;
  }
  return result;
}

std::array<DealerProbabilities, CARD_VALUES + 1> DealerModel::probabilities_with_one_more(const ShoeComposition& shoe,
                                                                                          const CardCounts& removed,
                                                                                          int upcard) const {
  std::array<DealerProbabilities, CARD_VALUES + 1> result{};
  if (shoe.infinite) {  // a removed card changes nothing
    result[0] = probabilities(shoe, removed, upcard);
    for (int v = 1; v <= CARD_VALUES; ++v) result[static_cast<std::size_t>(v)] = result[0];
    return result;
  }
  // The same products as probabilities() (so [0] is the same to the bit),
  // then each multiset's share of every one-more-card distribution.
  constexpr int MAX_K = 24;
  std::array<std::array<double, MAX_K>, CARD_VALUES + 1> falling{};
  std::array<std::array<double, MAX_K>, CARD_VALUES + 1> ratio{};  // (left_v - m) / left_v
  std::array<double, MAX_K> inverse{};
  std::array<double, MAX_K> total_ratio{};  // left / (left - k)
  const int kmax = std::min(MAX_K - 1, std::max(max_cards_, max_multiplicity_));
  int removed_total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) removed_total += removed[static_cast<std::size_t>(v)];
  const int left_total = shoe.total() - removed_total;
  std::array<int, CARD_VALUES + 1> left{};
  for (int v = 1; v <= CARD_VALUES; ++v) {
    const auto u = static_cast<std::size_t>(v);
    left[u] = shoe.counts[u] - removed[u];
    falling[u][0] = 1;
    for (int m = 0; m <= kmax; ++m) {
      const auto k = static_cast<std::size_t>(m);
      if (m > 0) falling[u][k] = falling[u][k - 1] * std::max(0, left[u] - (m - 1));
      ratio[u][k] = left[u] > 0 ? static_cast<double>(left[u] - m) / left[u] : 0.0;
    }
  }
  inverse[0] = 1;
  for (int k = 0; k <= kmax; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (k > 0) inverse[i] = left_total - (k - 1) > 0 ? inverse[i - 1] / (left_total - (k - 1)) : 0.0;
    total_ratio[i] = left_total - k > 0 ? static_cast<double>(left_total) / (left_total - k) : 0.0;
  }
  const auto& outcomes = outcomes_[static_cast<std::size_t>(upcard)];
  const auto& parts = parts_[static_cast<std::size_t>(upcard)];
  // shared[final]: the sum every one-more distribution gets (factor 1 for
  // the values a multiset lacks); the parts' corrections go to their value.
  DealerProbabilities shared{};
  for (const Outcome& o : outcomes) {
    double p = o.orders * inverse[o.cards];
    for (std::uint32_t i = o.first_part; i < o.first_part + o.part_count; ++i) {
      p *= falling[parts[i].value][parts[i].multiplicity];
    }
    const double base = p * total_ratio[o.cards];
    const auto f = static_cast<std::size_t>(o.final);
    result[0][f] += p;
    shared[f] += base;
    for (std::uint32_t i = o.first_part; i < o.first_part + o.part_count; ++i) {
      result[parts[i].value][f] += base * (ratio[parts[i].value][parts[i].multiplicity] - 1);
    }
  }
  for (int v = 1; v <= CARD_VALUES; ++v) {
    auto& r = result[static_cast<std::size_t>(v)];
    if (left[static_cast<std::size_t>(v)] <= 0) {
      r = DealerProbabilities{};
      continue;
    }
    for (std::size_t f = 0; f < r.size(); ++f) r[f] = std::max(0.0, r[f] + shared[f]);
  }
  return result;
}

std::vector<DealerModel::Hand> DealerModel::hands(int upcard) const {
  const auto& outcomes = outcomes_[static_cast<std::size_t>(upcard)];
  const auto& parts = parts_[static_cast<std::size_t>(upcard)];
  std::vector<Hand> result;
  result.reserve(outcomes.size());
  for (const Outcome& o : outcomes) {
    Hand hand;
    hand.cards = o.cards;
    hand.orders = static_cast<std::int64_t>(o.orders);  // a whole number below 2^53
    hand.final = o.final;
    for (std::uint32_t i = o.first_part; i < o.first_part + o.part_count; ++i) {
      hand.drawn[parts[i].value] = parts[i].multiplicity;
    }
    result.push_back(hand);
  }
  return result;
}

DealerProbabilities condition_on_no_blackjack(const DealerProbabilities& p) {
  const auto bj = static_cast<std::size_t>(DealerFinal::blackjack);
  if (p[bj] <= 0) return p;
  DealerProbabilities q = p;
  const double keep = 1 - p[bj];
  for (double& x : q) x /= keep;
  q[bj] = 0;
  return q;
}

DealerTable dealer_table(const Rules& rules) {
  const ShoeComposition shoe = ShoeComposition::of(rules);
  const DealerModel model(rules.h17);
  DealerTable table;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    const auto u = static_cast<std::size_t>(up);
    CardCounts removed{};
    table.upcard_probability[u] = shoe.draw_probability(up, removed, 0);
    removed[u] = 1;
    table.unconditioned[u] = model.probabilities(shoe, removed, up);
    table.no_blackjack[u] = condition_on_no_blackjack(table.unconditioned[u]);
  }
  return table;
}

}  // namespace cardsim::blackjack
