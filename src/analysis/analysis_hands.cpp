// The analyzer's ground floor: the graph of player hands, the contexts that
// hold per-hand memos, and the probabilities of the next card and of the
// dealer's results for any cards out (cached by composition).
#include "analysis_impl.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

using analysis::idx;
using analysis::KEY_BITS;
using analysis::NO_NODE;

analysis::HandGraph::HandGraph() {
  std::unordered_map<std::uint64_t, int> index;
  nodes.push_back(Node{});
  index[0] = 0;
  // Each multiset once: cards added in non-decreasing value order.
  std::vector<int> last_value{1};
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (int v = last_value[i]; v <= CARD_VALUES; ++v) {
      const HandState s = add_card(nodes[i].state, v);
      if (is_bust(s)) break;
      Node n = nodes[i];
      n.counts[idx(v)]++;
      n.state = s;
      n.cards++;
      n.key += std::uint64_t{1} << (KEY_BITS * (v - 1));
      index[n.key] = static_cast<int>(nodes.size());
      nodes.push_back(n);
      last_value.push_back(v);
    }
  }
  for (Node& n : nodes) {
    for (int v = 1; v <= CARD_VALUES; ++v) {
      const auto it = index.find(n.key + (std::uint64_t{1} << (KEY_BITS * (v - 1))));
      n.next[idx(v)] = is_bust(add_card(n.state, v)) || it == index.end() ? NO_NODE : it->second;
    }
  }
  for (int v = 1; v <= CARD_VALUES; ++v) single[idx(v)] = nodes[0].next[idx(v)];
  by_low_total.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) by_low_total[i] = static_cast<int>(i);
  std::stable_sort(by_low_total.begin(), by_low_total.end(),
                   [&](int a, int b) { return low_total(nodes[idx(a)].state) < low_total(nodes[idx(b)].state); });
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    if (n.cards >= 2) cells[is_soft(n.state) ? 1 : 0][idx(best_total(n.state))].push_back(static_cast<int>(i));
  }
}

Analyzer::Impl::Impl(const Rules& r) : rules(r), shoe(ShoeComposition::of(r)), shoe_total(shoe.total()), model(r.h17) {
  payout = static_cast<double>(r.blackjack_pays_num) / r.blackjack_pays_den;
  // Free bets' and the rescue's values leave out the no-hole-card blackjack
  // terms: validate() refuses them without a peek.
  validate(r);
  rescues = double_rescue_table(r);
  // The 6-7-8 and 7-7-7 bonuses by suit: the player's three cards are a
  // random three of the shoe's cards of their values (the suits of the
  // other cards seen are not looked at). A 6, 7 and 8 have independent
  // suits; three 7s are three of the shoe's 4d sevens, d of each suit.
  const auto pay = [](double suited, double spades) {
    return bonus_21_pay(Bonus21::spades_678_777) * spades + bonus_21_pay(Bonus21::suited_678_777) * (suited - spades) +
           bonus_21_pay(Bonus21::mixed_678_777) * (1 - suited);
  };
  constexpr double ONE_SUIT = 1.0 / SUITS / SUITS / SUITS;  // one given suit for three independent cards
  pay_678 = pay(SUITS * ONE_SUIT, ONE_SUIT);
  pay_777 = pay_678;
  if (!shoe.infinite) {
    const double d = shoe.counts[7] / static_cast<double>(SUITS);  // sevens of each suit
    const double n = shoe.counts[7];
    const double spades = d * (d - 1) * (d - 2) / (n * (n - 1) * (n - 2));
    pay_777 = pay(SUITS * spades, spades);
  }
}

// --- contexts ------------------------------------------------------------------

analysis::Context& Analyzer::Impl::base_context(int up) {
  auto& c = base[idx(up)];
  if (!c) c = make_context(up, 0);
  return *c;
}

analysis::Context& Analyzer::Impl::split_context(int up, int pair, int extra) {
  auto& c = split[idx(up)][idx(pair)][idx(extra)];
  if (!c) c = make_context(up, pair, extra + 1);
  return *c;
}

std::unique_ptr<analysis::Context> Analyzer::Impl::make_context(int up, int pair, int others) {
  auto c = std::make_unique<Context>(graph.nodes.size());
  c->upcard = up;
  c->removed[idx(up)]++;
  c->removed_total = 1;
  if (pair != 0) {
    c->removed[idx(pair)] += others;
    c->removed_total += others;
    c->split_hand = true;
    c->pair = pair;
  }
  return c;
}

void Analyzer::Impl::forget_values(bool shoe_too) {
  auto clear = [shoe_too](std::unique_ptr<Context>& c) {
    if (!c) return;
    for (auto& values : c->more) values.clear();
    if (shoe_too) {
      c->stand_unit.clear();
      c->stand_decided.clear();
      for (auto& values : c->more_cd) values.clear();
      for (auto& moves : c->cd_move) moves.clear();
      for (auto& slot : c->policy) {
        for (auto& values : slot) values.clear();
      }
    }
  };
  for (auto& c : base) clear(c);
  for (auto& row : split) {
    for (auto& extras : row) {
      for (auto& c : extras) clear(c);
    }
  }
  for (auto& r : reach_memo) r.clear();
}

void Analyzer::Impl::use_shoe(const CardCounts& remaining) {
  shoe.infinite = false;
  shoe.counts = remaining;
  shoe_total = shoe.total();
  batch_dealer = true;
  dealer_cache.clear();
  forget_values(true);
}

void Analyzer::Impl::use_chart(const StrategyChart& c) {
  chart = c;
  resolved.emplace(rules, chart);
  forget_values(false);
}

// --- probabilities -----------------------------------------------------------------

void Analyzer::Impl::prefetch_next_hands(const Context& ctx, int n) {
  if (!batch_dealer || rules.dealer_22_pushes) return;
  const Node& from = at(n);
  const std::uint64_t key = dealer_key(ctx, from);
  bool cached = true;
  for (int v = 1; v <= CARD_VALUES && cached; ++v) {
    if (from.next[idx(v)] != NO_NODE) cached = dealer_cache.contains(key + (std::uint64_t{1} << (KEY_BITS * (v - 1))));
  }
  if (cached) return;
  CardCounts removed = ctx.removed;
  for (int v = 1; v <= CARD_VALUES; ++v) removed[idx(v)] += from.counts[idx(v)];
  const auto all = model.probabilities_with_one_more(shoe, removed, ctx.upcard);
  dealer_cache.emplace(key, DealerOutcomes{all[0], 0});
  for (int v = 1; v <= CARD_VALUES; ++v) {
    if (from.next[idx(v)] == NO_NODE) continue;
    dealer_cache.emplace(key + (std::uint64_t{1} << (KEY_BITS * (v - 1))), DealerOutcomes{all[idx(v)], 0});
  }
}

const analysis::DealerOutcomes& Analyzer::Impl::dealer(const Context& ctx, const Node& n) {
  const std::uint64_t key = dealer_key(ctx, n);
  auto it = dealer_cache.find(key);
  if (it != dealer_cache.end()) return it->second;
  CardCounts removed = ctx.removed;
  for (int v = 1; v <= CARD_VALUES; ++v) removed[idx(v)] += n.counts[idx(v)];
  DealerOutcomes outcomes;
  outcomes.p = model.probabilities(shoe, removed, ctx.upcard, rules.dealer_22_pushes ? &outcomes.twenty_two : nullptr);
  return dealer_cache.emplace(key, outcomes).first->second;
}

}  // namespace cardsim::blackjack
