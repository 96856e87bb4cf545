#include "cardsim/blackjack/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {
namespace {

constexpr int TWENTY_ONE = 21;
constexpr int NO_NODE = -1;  // a transition that busts
constexpr double UNSET = std::numeric_limits<double>::quiet_NaN();
// Packed keys: 6 bits per card value (at most 63 copies), the up card above.
constexpr int KEY_BITS = 6;
constexpr int UPCARD_SHIFT = KEY_BITS * CARD_VALUES;
// Passes of the total-dependent optimization (each re-weights the cells by the
// reach probabilities of the previous chart); it settles in two or three.
constexpr int MAX_OPTIMIZATION_PASSES = 8;
constexpr double HALF = 0.5;

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// The chart cell that decides a hand of two or more cards by its total.
ChartAction& total_cell(StrategyChart& chart, HandState state, int upcard) {
  if (is_soft(state)) return chart.soft[idx(best_total(state))][idx(upcard)];
  return chart.hard[idx(std::max(low_total(state), HARD_MIN))][idx(upcard)];
}

// ---------------------------------------------------------------------------
// Player hands as multisets of card values with a low total of 21 or less.

struct Node {
  std::array<std::uint8_t, CARD_VALUES + 1> counts{};
  HandState state = EMPTY_HAND;
  int cards = 0;
  std::uint64_t key = 0;
  std::array<int, CARD_VALUES + 1> next{};  // node after drawing a value, or NO_NODE (bust)
};

struct HandGraph {
  std::vector<Node> nodes;
  std::array<int, CARD_VALUES + 1> single{};  // one-card nodes
  std::vector<int> by_low_total;              // node indices, low total ascending
  // Nodes of two or more cards by chart cell: [soft][best total].
  std::array<std::array<std::vector<int>, TWENTY_ONE + 1>, 2> cells;

  HandGraph() {
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

  int two_card(int a, int b) const { return nodes[idx(single[idx(a)])].next[idx(b)]; }
};

// ---------------------------------------------------------------------------
// A context: the up card and the cards out of the shoe besides the hand's own
// (the split sibling's pair card), and per-node memos.

struct Context {
  int upcard = 0;
  int pair = 0;          // split hands: the pair card split; 0 for unsplit hands
  CardCounts removed{};  // the up card, plus the sibling's pair card for split hands
  int removed_total = 0;
  bool split_hand = false;
  std::vector<double> stand_unit;     // stand, per unit bet, dealer-blackjack term excluded
  std::vector<double> stand_decided;  // free bets: the chance that standing wins or loses (no push)
  // Values of playing on at 3+ cards, [free]: with a real bet, or (free
  // splits) with a bet the house put up (it loses nothing).
  std::array<std::vector<double>, 2> more;     // by the chart
  std::array<std::vector<double>, 2> more_cd;  // optimally (composition-dependent)
};

// The dealer's final results from a composition, and the part of the busts
// at exactly 22 (zero unless dealer_22_pushes).
struct DealerOutcomes {
  DealerProbabilities p{};
  double twenty_two = 0;
};

}  // namespace

struct Analyzer::Impl {
  Rules rules;
  ShoeComposition shoe;
  int shoe_total = 0;
  DealerModel model;
  HandGraph graph;
  std::unordered_map<std::uint64_t, DealerOutcomes> dealer_cache;
  std::array<std::unique_ptr<Context>, CARD_VALUES + 1> base;
  // Split hands: [upcard][pair card][hands split - 2].
  std::array<std::array<std::array<std::unique_ptr<Context>, MAX_SPLIT_HANDS - 1>, CARD_VALUES + 1>, CARD_VALUES + 1>
      split;
  // The chart played: cells for more-card moves, and resolved for the rest.
  StrategyChart chart;
  std::optional<ResolvedStrategy> resolved;
  double payout = 1.5;
  // Split hands play composition-dependent (each decision from the exact
  // cards) instead of by the chart.
  bool split_hands_cd = false;
  // Counting tools (deal_from): a hit or double computes the dealer
  // distributions of all its next hands at once
  // (DealerModel::probabilities_with_one_more), equal to the one-by-one ones
  // up to rounding; off for a fresh shoe, whose reports stay bit for bit.
  bool batch_dealer = false;
  // reach() by up card for the current shoe and chart (empty: not yet).
  std::array<std::vector<double>, CARD_VALUES + 1> reach_memo;
  RescueTable rescues{};  // double_rescue: the engine's rescues
  double pay_678 = 1;     // spanish_bonuses: mean payout of a 6-7-8, over the suits
  double pay_777 = 1;     // and of a 7-7-7

  explicit Impl(const Rules& r) : rules(r), shoe(ShoeComposition::of(r)), shoe_total(shoe.total()), model(r.h17) {
    payout = static_cast<double>(r.blackjack_pays_num) / r.blackjack_pays_den;
    // A free bet's values leave out the no-hole-card blackjack terms.
    if (r.free_bets() && r.hole_card != HoleCard::peek) throw Error("the analyzer's free bets need a peek game");
    if (r.remove_tens_per_deck != 0 && shoe.infinite) throw Error("removed tens need a finite shoe");
    // The rescue's value leaves out the no-hole-card blackjack terms.
    if (r.double_rescue && r.hole_card != HoleCard::peek) throw Error("the analyzer's double rescue needs a peek game");
    rescues = double_rescue_table(r);
    // The 6-7-8 and 7-7-7 bonuses by suit: the player's three cards are a
    // random three of the shoe's cards of their values (the suits of the
    // other cards seen are not looked at). A 6, 7 and 8 have independent
    // suits; three 7s are three of the shoe's 4d sevens, d of each suit.
    const auto pay = [](double suited, double spades) {
      return bonus_21_pay(Bonus21::spades_678_777) * spades +
             bonus_21_pay(Bonus21::suited_678_777) * (suited - spades) +
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

  // Spanish 21's bonus payout of standing on `node` with an undoubled bet (1
  // for no bonus): by its cards, or the mean over the suits of a 6-7-8 / 7-7-7.
  double bonus_pay(const Node& node) const {
    if (!rules.spanish_bonuses || best_total(node.state) != TWENTY_ONE) return 1.0;
    if (node.cards == 3) {
      if (node.counts[7] == 3) return pay_777;
      if (node.counts[6] == 1 && node.counts[7] == 1 && node.counts[8] == 1) return pay_678;
      return 1.0;
    }
    return bonus_21_pay(bonus_21(node.cards, false, 0));
  }

  bool peek() const { return rules.hole_card == HoleCard::peek; }

  Context& base_context(int up) {
    auto& c = base[idx(up)];
    if (!c) c = make_context(up, 0);
    return *c;
  }
  Context& split_context(int up, int pair, int hands) {
    auto& c = split[idx(up)][idx(pair)][idx(hands - 2)];
    if (!c) c = make_context(up, pair, hands - 1);
    return *c;
  }
  // A context for hands against `up`; for split hands of `pair`, with
  // `siblings` more pair cards out (the other split hands' first cards).
  std::unique_ptr<Context> make_context(int up, int pair, int siblings = 0) {
    auto c = std::make_unique<Context>();
    c->upcard = up;
    c->removed[idx(up)]++;
    c->removed_total = 1;
    if (pair != 0) {
      c->removed[idx(pair)] += siblings;
      c->removed_total += siblings;
      c->split_hand = true;
      c->pair = pair;
    }
    const std::size_t n = graph.nodes.size();
    c->stand_unit.assign(n, UNSET);
    c->stand_decided.assign(n, UNSET);
    for (auto& values : c->more) values.assign(n, UNSET);
    for (auto& values : c->more_cd) values.assign(n, UNSET);
    return c;
  }
  // Forgets the memos that depend on the chart (`shoe_too`: and those that
  // depend on the shoe, every one).
  void forget_values(bool shoe_too) {
    auto clear = [shoe_too](std::unique_ptr<Context>& c) {
      if (!c) return;
      for (auto& values : c->more) std::fill(values.begin(), values.end(), UNSET);
      if (shoe_too) {
        std::fill(c->stand_unit.begin(), c->stand_unit.end(), UNSET);
        std::fill(c->stand_decided.begin(), c->stand_decided.end(), UNSET);
        for (auto& values : c->more_cd) std::fill(values.begin(), values.end(), UNSET);
      }
    };
    for (auto& c : base) clear(c);
    for (auto& row : split) {
      for (auto& hands : row) {
        for (auto& c : hands) clear(c);
      }
    }
    for (auto& r : reach_memo) r.clear();
  }

  // Hands are dealt from `remaining` from now on.
  void use_shoe(const CardCounts& remaining) {
    shoe.infinite = false;
    shoe.counts = remaining;
    shoe_total = shoe.total();
    batch_dealer = true;
    dealer_cache.clear();
    forget_values(true);
  }

  // --- probabilities --------------------------------------------------------

  // Remaining count of `value` and of all cards once ctx and `node` are out.
  int left(const Context& ctx, const Node& node, int value) const {
    return shoe.counts[idx(value)] - ctx.removed[idx(value)] - node.counts[idx(value)];
  }
  int left_total(const Context& ctx, const Node& node) const { return shoe_total - ctx.removed_total - node.cards; }

  double draw(const Context& ctx, const Node& node, int value, int extra = 0) const {
    if (shoe.infinite) return static_cast<double>(shoe.counts[idx(value)]) / shoe_total;
    const int l = left(ctx, node, value);
    const int all = left_total(ctx, node) - extra;
    return l > 0 && all > 0 ? static_cast<double>(l) / all : 0.0;
  }

  // Probability of a dealer blackjack (the hole card completing it) given the
  // cards out, plus one more card `also` (0: none).
  double blackjack(const Context& ctx, const Node& node, int also = 0) const {
    const int need = ctx.upcard == ACE ? TEN : ctx.upcard == TEN ? ACE : 0;
    if (need == 0) return 0.0;
    if (shoe.infinite) return static_cast<double>(shoe.counts[idx(need)]) / shoe_total;
    const int l = left(ctx, node, need) - (also == need ? 1 : 0);
    const int all = left_total(ctx, node) - (also != 0 ? 1 : 0);
    return l > 0 && all > 0 ? static_cast<double>(l) / all : 0.0;
  }

  // What a hand with `wager` loses to a dealer blackjack during play: peek
  // games settled it before play (0); ENHC: the whole wager; OBO: the original
  // bet, charged once per seat (to the unsplit hand; at the split for splits).
  double blackjack_result(const Context& ctx, double wager) const {
    switch (rules.hole_card) {
      case HoleCard::enhc: return -wager;
      case HoleCard::enhc_obo: return ctx.split_hand ? 0.0 : -1.0;
      default: return 0.0;
    }
  }

  // The dealer cache's key for the cards out in `ctx` plus `node`'s.
  std::uint64_t dealer_key(const Context& ctx, const Node& node) const {
    std::uint64_t key = std::uint64_t(ctx.upcard) << UPCARD_SHIFT;
    if (!shoe.infinite) {
      for (int v = 1; v <= CARD_VALUES; ++v) {
        key += std::uint64_t(ctx.removed[idx(v)] + node.counts[idx(v)]) << (KEY_BITS * (v - 1));
      }
    }
    return key;
  }

  // With batch_dealer: the dealer distributions of `n` and of every hand one
  // card on, in one pass, into the cache (unless the next hands are there).
  // (Not under dealer_22_pushes: the batch has no 22s; dealer() computes them.)
  void prefetch_next_hands(const Context& ctx, int n) {
    if (!batch_dealer || rules.dealer_22_pushes) return;
    const Node& node = graph.nodes[idx(n)];
    const std::uint64_t key = dealer_key(ctx, node);
    bool cached = true;
    for (int v = 1; v <= CARD_VALUES && cached; ++v) {
      if (node.next[idx(v)] != NO_NODE)
        cached = dealer_cache.contains(key + (std::uint64_t{1} << (KEY_BITS * (v - 1))));
    }
    if (cached) return;
    CardCounts removed = ctx.removed;
    for (int v = 1; v <= CARD_VALUES; ++v) removed[idx(v)] += node.counts[idx(v)];
    const auto all = model.probabilities_with_one_more(shoe, removed, ctx.upcard);
    dealer_cache.emplace(key, DealerOutcomes{all[0], 0});
    for (int v = 1; v <= CARD_VALUES; ++v) {
      if (node.next[idx(v)] == NO_NODE) continue;
      dealer_cache.emplace(key + (std::uint64_t{1} << (KEY_BITS * (v - 1))), DealerOutcomes{all[idx(v)], 0});
    }
  }

  const DealerOutcomes& dealer(const Context& ctx, const Node& node) {
    const std::uint64_t key = dealer_key(ctx, node);
    auto it = dealer_cache.find(key);
    if (it != dealer_cache.end()) return it->second;
    CardCounts removed = ctx.removed;
    for (int v = 1; v <= CARD_VALUES; ++v) removed[idx(v)] += node.counts[idx(v)];
    DealerOutcomes outcomes;
    outcomes.p =
        model.probabilities(shoe, removed, ctx.upcard, rules.dealer_22_pushes ? &outcomes.twenty_two : nullptr);
    return dealer_cache.emplace(key, outcomes).first->second;
  }

  // --- values ---------------------------------------------------------------
  // All values are the player's expected result per initial bet for this hand,
  // in the joint form for peek games (E[result x 1{no dealer blackjack}]).

  double stand_unit(Context& ctx, int n) {
    double& memo = ctx.stand_unit[idx(n)];
    if (!std::isnan(memo)) return memo;
    const Node& node = graph.nodes[idx(n)];
    const DealerOutcomes& d = dealer(ctx, node);
    const DealerProbabilities& p = d.p;
    const int total = best_total(node.state);
    double value =
        add_stand_results(p[static_cast<std::size_t>(DealerFinal::bust)] - d.twenty_two, total, p);  // 22 pushes
    if (sure_win(total)) value = 1 - p[static_cast<std::size_t>(DealerFinal::blackjack)];
    memo = value;
    return value;
  }
  // Whether a hand of `total` wins against every dealer hand but a blackjack
  // (player_21_wins).
  bool sure_win(int total) const { return rules.player_21_wins && total == TWENTY_ONE; }
  // The chance that standing is won or lost (joint form: a dealer blackjack
  // counts as neither): what a free bet's loss changes.
  double stand_decided(Context& ctx, int n) {
    double& memo = ctx.stand_decided[idx(n)];
    if (!std::isnan(memo)) return memo;
    const Node& node = graph.nodes[idx(n)];
    const DealerOutcomes& d = dealer(ctx, node);
    const int total = best_total(node.state);
    double value = d.p[static_cast<std::size_t>(DealerFinal::bust)] - d.twenty_two;
    for (int k = 0; k < 5; ++k) value += total != 17 + k ? d.p[idx(k)] : 0.0;
    if (sure_win(total)) value = 1 - d.p[static_cast<std::size_t>(DealerFinal::blackjack)];
    memo = value;
    return value;
  }
  // Standing with `wager` of which `free` is the house's (free bets, peek
  // games only): a win pays the wager, a loss costs wager - free.
  // A bonus 21 (spanish_bonuses, an undoubled bet) wins its payout instead of
  // the bet: its stand_unit is all wins (no hand beats a 21).
  double stand(Context& ctx, int n, double wager, double free = 0) {
    const double bonus = wager == 1 ? bonus_pay(graph.nodes[idx(n)]) : 1.0;
    if (free != 0) return (wager - HALF * free) * bonus * stand_unit(ctx, n) + HALF * free * stand_decided(ctx, n);
    return wager * bonus * stand_unit(ctx, n) + blackjack(ctx, graph.nodes[idx(n)]) * blackjack_result(ctx, wager);
  }
  // Busting after `node` drew `card`.
  double bust(const Context& ctx, int n, int card, double wager, double free = 0) const {
    const double bj = blackjack(ctx, graph.nodes[idx(n)], card);
    return -(wager - free) * (1 - bj) + bj * blackjack_result(ctx, wager);
  }
  // Doubling a hand whose bet is real (free = 0) or the house's (free = 1, a
  // free split hand); a free double (two cards) adds the house's bet. Under
  // double_rescue a hand that did not bust is given up for the original bet
  // where the engine's rescue table says so (composition-dependent values:
  // where that is worth more).
  double double_down(Context& ctx, int n, int free = 0) {
    prefetch_next_hands(ctx, n);
    const Node& node = graph.nodes[idx(n)];
    const double house = free + (node.cards == 2 && rules.free_double(node.state) ? 1 : 0);
    double value = 0;
    for (int v = 1; v <= CARD_VALUES; ++v) {
      const double p = draw(ctx, node, v);
      if (p == 0) continue;
      const int next = node.next[idx(v)];
      if (next == NO_NODE) {
        value += p * bust(ctx, n, v, 2, house);
        continue;
      }
      double doubled = stand(ctx, next, 2, house);
      if (rules.double_rescue) {
        // Joint form: the original bet lost, given no dealer blackjack.
        const double rescued = -(1 - blackjack(ctx, graph.nodes[idx(next)]));
        const bool rescue = split_hands_cd ? rescued > doubled : rescues[graph.nodes[idx(next)].state][idx(ctx.upcard)];
        if (rescue) doubled = rescued;
      }
      value += p * doubled;
    }
    return value;
  }
  // Hit once, then play on by `play` (more or more_cd); `free`: the hand's
  // bet is the house's.
  template <class PlayOn>
  double hit(Context& ctx, int n, PlayOn play_on, int free = 0) {
    prefetch_next_hands(ctx, n);
    const Node& node = graph.nodes[idx(n)];
    double value = 0;
    for (int v = 1; v <= CARD_VALUES; ++v) {
      const double p = draw(ctx, node, v);
      if (p == 0) continue;
      const int next = node.next[idx(v)];
      if (next == NO_NODE) {
        value += p * bust(ctx, n, v, 1, free);
      } else if (best_total(graph.nodes[idx(next)].state) == TWENTY_ONE) {
        value += p * stand(ctx, next, 1, free);
      } else {
        value += p * play_on(next);
      }
    }
    return value;
  }
  double hit_by_chart(Context& ctx, int n, int free = 0) {
    return hit(
        ctx, n, [&](int next) { return more(ctx, next, free); }, free);
  }
  // The move at three or more cards by the chart's cell (as the engine
  // resolves it; read from `chart`, which the optimization changes cell by cell).
  Move more_move(HandState s, int upcard) {
    if (best_total(s) >= TWENTY_ONE) return Move::stand;
    return chart_move(rules, total_cell(chart, s, upcard), DecisionPoint::more_cards, s);
  }
  // Playing on at three or more cards by the chart's cell.
  double more(Context& ctx, int n, int free = 0) {
    double& memo = ctx.more[idx(free)][idx(n)];
    if (!std::isnan(memo)) return memo;
    const Move move = more_move(graph.nodes[idx(n)].state, ctx.upcard);
    const double value = move == Move::hit           ? hit_by_chart(ctx, n, free)
                         : move == Move::double_down ? double_down(ctx, n, free)
                                                     : stand(ctx, n, 1, free);
    ctx.more[idx(free)][idx(n)] = value;
    return value;
  }
  // Whether a hand of three or more cards in `s` may double (double_any_cards).
  bool can_double_more(HandState s) const {
    return rules.double_any_cards && best_total(s) < TWENTY_ONE && double_allowed(rules.double_rule, s);
  }
  // Playing on at three or more cards, each decision from the exact cards.
  double more_cd(Context& ctx, int n, int free = 0) {
    double& memo = ctx.more_cd[idx(free)][idx(n)];
    if (!std::isnan(memo)) return memo;
    double value = stand(ctx, n, 1, free);
    const HandState s = graph.nodes[idx(n)].state;
    if (best_total(s) < TWENTY_ONE) {
      value = std::max(value, hit(
                                  ctx, n, [&](int next) { return more_cd(ctx, next, free); }, free));
    }
    if (can_double_more(s)) value = std::max(value, double_down(ctx, n, free));
    ctx.more_cd[idx(free)][idx(n)] = value;
    return value;
  }

  // A split hand of two cards that is not split again, by the chart; `free`:
  // its bet is the house's (a free split).
  double split_hand_value(Context& ctx, int n, int free = 0) {
    const HandState s = graph.nodes[idx(n)].state;
    const bool split_aces = ctx.pair == ACE;
    if (best_total(s) == TWENTY_ONE || (split_aces && !rules.hit_split_aces)) return stand(ctx, n, 1, free);
    if (split_hands_cd) {
      double best =
          std::max(stand(ctx, n, 1, free), hit(
                                               ctx, n, [&](int next) { return more_cd(ctx, next, free); }, free));
      if (rules.double_after_split && double_allowed(rules.double_rule, s)) {
        best = std::max(best, double_down(ctx, n, free));
      }
      return best;
    }
    switch (resolved->move(DecisionPoint::split_two, s, ctx.upcard)) {
      case Move::hit: return hit_by_chart(ctx, n, free);
      case Move::double_down: return double_down(ctx, n, free);
      default: return stand(ctx, n, 1, free);
    }
  }

  // The value of splitting a pair of `pair` against `up` and playing the
  // split hands by the chart (joint form; see the header for the method).
  double split_value(int up, int pair) {
    const bool can_resplit = pair != ACE || rules.resplit_aces;
    const int max_hands = can_resplit ? rules.split_hands : 2;
    const int start = graph.single[idx(pair)];
    const Node& one = graph.nodes[idx(start)];

    // With h hands split, the shoe lacks the up card and h pair cards: q[h] is
    // the chance that a hand's second card pairs it again, non_pair[h] the
    // value of a hand whose second card does not, pair_again[h] the value of
    // a pair that may not be split again. A free split: those are the values
    // of the hands the splits add (the house's bets); real_* are those of the
    // original hand, which keeps the player's bet.
    const int free = rules.free_split(pair) ? 1 : 0;
    std::array<double, MAX_SPLIT_HANDS + 1> q{}, non_pair{}, pair_again{}, real_non_pair{}, real_pair_again{};
    for (int h = 2; h <= max_hands; ++h) {
      Context& ctx = split_context(up, pair, h);
      prefetch_next_hands(ctx, start);
      for (int f = free; f >= 0; --f) {
        auto& non_pair_value = f == free ? non_pair : real_non_pair;
        auto& pair_again_value = f == free ? pair_again : real_pair_again;
        double sum = 0;
        for (int v = 1; v <= CARD_VALUES; ++v) {
          const double p = draw(ctx, one, v);
          if (p == 0 || (v == pair && h < max_hands)) {
            if (v == pair) q[idx(h)] = p;
            continue;
          }
          const double value = split_hand_value(ctx, one.next[idx(v)], f);
          if (v == pair) {
            q[idx(h)] = p;
            pair_again_value[idx(h)] = value;
          } else {
            sum += p * value;
          }
        }
        non_pair_value[idx(h)] = q[idx(h)] < 1 ? sum / (1 - q[idx(h)]) : 0.0;
      }
    }

    // A chain over (hands split h, hands waiting for a second card k): each
    // waiting hand draws the pair card with probability q[h] (split again if
    // h < max_hands) or ends with h hands split. The order in which hands draw
    // does not change the counts.
    using Mass = std::array<std::array<double, MAX_SPLIT_HANDS + 2>, MAX_SPLIT_HANDS + 2>;
    Mass mass{};
    mass[2][2] = 1;
    std::array<double, MAX_SPLIT_HANDS + 1> non_pair_hands{}, pair_hands{};
    for (bool waiting = true; waiting;) {
      waiting = false;
      Mass next{};
      for (int h = 2; h <= max_hands; ++h) {
        next[idx(h)][0] += mass[idx(h)][0];
        for (int k = 1; k <= h; ++k) {
          const double m = mass[idx(h)][idx(k)];
          if (m == 0) continue;
          waiting = true;
          const double qh = q[idx(h)];
          non_pair_hands[idx(h)] += m * (1 - qh);
          next[idx(h)][idx(k - 1)] += m * (1 - qh);
          if (h < max_hands) {
            next[idx(h + 1)][idx(k + 1)] += m * qh;
          } else {
            pair_hands[idx(h)] += m * qh;
            next[idx(h)][idx(k - 1)] += m * qh;
          }
        }
      }
      mass = next;
    }
    double value = 0;
    for (int h = 2; h <= max_hands; ++h) {
      value += non_pair_hands[idx(h)] * non_pair[idx(h)] + pair_hands[idx(h)] * pair_again[idx(h)];
    }
    if (free != 0) {
      // One hand of the split is the original, with the player's bet. The
      // engine plays it first: it draws its second cards (and is resplit)
      // before any other hand draws, so it ends at h hands split with the
      // chance of h - 2 pairs in a row and then a non-pair (or, at the most
      // hands, a pair it may not split).
      double reach = 1;
      for (int h = 2; h <= max_hands; ++h) {
        const double qh = q[idx(h)];
        value += reach * (1 - qh) * (real_non_pair[idx(h)] - non_pair[idx(h)]);
        if (h == max_hands) value += reach * qh * (real_pair_again[idx(h)] - pair_again[idx(h)]);
        reach *= qh;
      }
    }
    // ENHC-OBO: a dealer blackjack takes the seat's one original bet.
    if (rules.hole_card == HoleCard::enhc_obo) value -= blackjack(split_context(up, pair, 2), one);
    return value;
  }

  // --- the initial hand -------------------------------------------------------

  double insurance(const Context& ctx, int n) const {
    if (rules.insurance != Insurance::always || ctx.upcard != ACE) return 0.0;
    const double bj = blackjack(ctx, graph.nodes[idx(n)]);
    return bj - HALF * (1 - bj);
  }
  // Surrendering the initial hand, for the whole round (not joint form).
  double surrender_value(const Context& ctx, int n) const {
    if (rules.surrender == Surrender::early) return -HALF;
    const double bj = blackjack(ctx, graph.nodes[idx(n)]);
    return -HALF * (1 - bj) - bj + insurance(ctx, n);
  }
  // What every non-surrender play of a non-natural initial hand adds to its
  // joint value for the whole round: the dealer blackjack of peek games and
  // insurance.
  double round_offset(const Context& ctx, int n) const {
    return (peek() ? -blackjack(ctx, graph.nodes[idx(n)]) : 0.0) + insurance(ctx, n);
  }
  double natural_value(const Context& ctx, int n) const {
    if (rules.blackjack_beats_blackjack) return payout + insurance(ctx, n);
    return (1 - blackjack(ctx, graph.nodes[idx(n)])) * payout + insurance(ctx, n);
  }

  // The round's value of an initial hand (first <= second) by the chart.
  double initial_value(int up, int first, int second) {
    Context& ctx = base_context(up);
    const int n = graph.two_card(first, second);
    const HandState s = graph.nodes[idx(n)].state;
    if (best_total(s) == TWENTY_ONE) return natural_value(ctx, n);
    const int pair = first == second && rules.split_hands > 1 ? first : 0;
    if (rules.surrender != Surrender::none && resolved->surrenders(s, pair, up)) return surrender_value(ctx, n);
    const Move move = pair != 0 ? resolved->pair_move(DecisionPoint::first_two, pair, up)
                                : resolved->move(DecisionPoint::first_two, s, up);
    const double offset = round_offset(ctx, n);
    switch (move) {
      case Move::hit: return offset + hit_by_chart(ctx, n);
      case Move::double_down: return offset + double_down(ctx, n);
      case Move::split: return offset + split_value(up, pair);
      default: return offset + stand(ctx, n, 1);
    }
  }

  double initial_probability(int up, int first, int second) const {
    CardCounts removed{};
    removed[idx(up)] = 1;
    const double p1 = shoe.draw_probability(first, removed, 1);
    removed[idx(first)]++;
    const double p2 = shoe.draw_probability(second, removed, 2);
    return (first == second ? 1.0 : 2.0) * p1 * p2;
  }

  // The decision values of the initial hand (first, second) against `up`
  // (see InitialHandValues).
  // The start of a hand's values against `up`: every value unset, the dealer
  // blackjack's probability, and the scale of the joint-form values (peek
  // games: given no dealer blackjack, dividing by its complement; otherwise 1).
  struct ValuesStart {
    Context& ctx;
    InitialHandValues values;
    double scale;
  };
  ValuesStart start_values(int up, int n) {
    Context& ctx = base_context(up);
    InitialHandValues values;
    values.evs = DecisionEvs{UNSET, UNSET, UNSET, UNSET, UNSET};
    const double bj = blackjack(ctx, graph.nodes[idx(n)]);
    values.dealer_blackjack = bj;
    return {ctx, values, peek() && bj < 1 ? 1 / (1 - bj) : 1.0};
  }

  InitialHandValues hand_values(int up, int first, int second) {
    const int n = graph.two_card(first, second);
    const HandState s = graph.nodes[idx(n)].state;
    auto [ctx, values, scale] = start_values(up, n);
    DecisionEvs& e = values.evs;
    const double bj = values.dealer_blackjack;
    if (best_total(s) == TWENTY_ONE) {
      e.stand = payout * (peek() || rules.blackjack_beats_blackjack ? 1.0 : 1 - bj);
      return values;
    }
    e.stand = scale * stand(ctx, n, 1);
    e.hit = scale * hit_by_chart(ctx, n);
    if (double_allowed(rules.double_rule, s)) e.double_down = scale * double_down(ctx, n);
    if (first == second && rules.split_hands > 1) e.split = scale * split_value(up, first);
    // Early surrender, and late surrender given no blackjack, is half the bet.
    if (rules.surrender == Surrender::early || (rules.surrender == Surrender::late && peek())) {
      e.surrender = -HALF;
    } else if (rules.surrender == Surrender::late) {
      e.surrender = -HALF * (1 - bj) - bj;
    }
    return values;
  }

  // The node holding exactly `cards`, or NO_NODE (busted, or no cards).
  int node_of(const CardCounts& cards) const {
    int n = 0;
    for (int v = 1; v <= CARD_VALUES && n != NO_NODE; ++v) {
      for (int k = 0; k < cards[idx(v)] && n != NO_NODE; ++k) n = graph.nodes[idx(n)].next[idx(v)];
    }
    return n == 0 ? NO_NODE : n;
  }

  // Stand and hit (then the chart) of a hand of three or more cards, given
  // no dealer blackjack in peek games (see InitialHandValues).
  InitialHandValues more_card_values(int up, int n) {
    auto [ctx, values, scale] = start_values(up, n);
    DecisionEvs& e = values.evs;
    e.stand = scale * stand(ctx, n, 1);
    if (best_total(graph.nodes[idx(n)].state) < TWENTY_ONE) e.hit = scale * hit_by_chart(ctx, n);
    return values;
  }

  // --- Blackjack Switch --------------------------------------------------------

  // The value per bet of the two-card hand (first <= second) against `up`
  // played by the chart, given no dealer blackjack (peek games): an A+T is
  // paid as a natural if `natural`, else it is a 21 that stands.
  double played_value(int up, int first, int second, bool natural) {
    const int n = graph.two_card(first, second);
    const HandState s = graph.nodes[idx(n)].state;
    if (best_total(s) == TWENTY_ONE && natural) return payout;
    auto [ctx, values, scale] = start_values(up, n);  // (switch_values: a peek game)
    if (best_total(s) == TWENTY_ONE) return scale * stand(ctx, n, 1);
    const int pair = first == second && rules.split_hands > 1 ? first : 0;
    if (rules.surrender == Surrender::late && resolved->surrenders(s, pair, up)) return -HALF;
    const Move move = pair != 0 ? resolved->pair_move(DecisionPoint::first_two, pair, up)
                                : resolved->move(DecisionPoint::first_two, s, up);
    switch (move) {
      case Move::hit: return scale * hit_by_chart(ctx, n);
      case Move::double_down: return scale * double_down(ctx, n);
      case Move::split: return scale * split_value(up, pair);
      default: return scale * stand(ctx, n, 1);
    }
  }

  SwitchValues switch_values(const StrategyChart& c) {
    if (!peek()) throw Error("the analyzer's Blackjack Switch needs a peek game");
    use_chart(c);
    SwitchValues v;
    for (int up = 1; up <= CARD_VALUES; ++up) {
      for (int a = 1; a <= CARD_VALUES; ++a) {
        for (int b = a; b <= CARD_VALUES; ++b) {
          v.dealt[idx(a)][idx(b)][idx(up)] = v.dealt[idx(b)][idx(a)][idx(up)] = played_value(up, a, b, true);
          v.switched[idx(a)][idx(b)][idx(up)] = v.switched[idx(b)][idx(a)][idx(up)] = played_value(up, a, b, false);
        }
      }
    }
    return v;
  }

  // The Switch game's value per hand (Analyzer::evaluate): every deal of the
  // first cards a1, a2, the up card and the second cards b1, b2, in the
  // engine's order, without replacement; a dealer blackjack (its chance from
  // the five cards out) takes each hand but a natural, which pushes; else the
  // arrangement the engine picks, valued by SwitchValues.
  StrategyEv evaluate_switch(const StrategyChart& c) {
    const SwitchValues v = switch_values(c);
    StrategyEv result;
    CardCounts removed{};
    auto p_next = [&](int value, int out) { return shoe.draw_probability(value, removed, out); };
    auto natural = [](int a, int b) { return best_total(two_card_hand(a, b)) == TWENTY_ONE; };
    for (int up = 1; up <= CARD_VALUES; ++up) {
      const double pu = p_next(up, 0);
      const int need = up == ACE ? TEN : up == TEN ? ACE : 0;
      ++removed[idx(up)];
      double ev = 0;
      for (int a1 = 1; a1 <= CARD_VALUES; ++a1) {
        const double p1 = p_next(a1, 1);
        ++removed[idx(a1)];
        for (int a2 = 1; a2 <= CARD_VALUES; ++a2) {
          const double p2 = p1 * p_next(a2, 2);
          ++removed[idx(a2)];
          for (int b1 = 1; b1 <= CARD_VALUES; ++b1) {
            const double p3 = p2 * p_next(b1, 3);
            ++removed[idx(b1)];
            for (int b2 = 1; b2 <= CARD_VALUES; ++b2) {
              const double p = p3 * p_next(b2, 4);
              if (p == 0) continue;
              ++removed[idx(b2)];
              const double bj = need != 0 ? p_next(need, 5) : 0.0;
              --removed[idx(b2)];
              const double with_blackjack = (natural(a1, b1) ? 0.0 : -1.0) + (natural(a2, b2) ? 0.0 : -1.0);
              const double played = v.switches(a1, b1, a2, b2, up)
                                        ? v.switched[idx(a1)][idx(b2)][idx(up)] + v.switched[idx(a2)][idx(b1)][idx(up)]
                                        : v.dealt[idx(a1)][idx(b1)][idx(up)] + v.dealt[idx(a2)][idx(b2)][idx(up)];
              ev += p * (bj * with_blackjack + (1 - bj) * played);
            }
            --removed[idx(b1)];
          }
          --removed[idx(a2)];
        }
        --removed[idx(a1)];
      }
      --removed[idx(up)];
      ev *= HALF;  // per hand: two hands of one bet each
      result.upcard_probability[idx(up)] = pu;
      result.upcard_ev[idx(up)] = ev;
      result.upcard_contribution[idx(up)] = pu * ev;
      result.ev += pu * ev;
    }
    return result;
  }

  void use_chart(const StrategyChart& c) {
    chart = c;
    resolved.emplace(rules, chart);
    forget_values(false);
  }

  StrategyEv evaluate(const StrategyChart& c) {
    if (rules.switch_hands) return evaluate_switch(c);
    use_chart(c);
    StrategyEv result;
    for (int up = 1; up <= CARD_VALUES; ++up) {
      CardCounts none{};
      const double pu = shoe.draw_probability(up, none, 0);
      double ev = 0, ins = 0;
      for (int a = 1; a <= CARD_VALUES; ++a) {
        for (int b = a; b <= CARD_VALUES; ++b) {
          const double p = initial_probability(up, a, b);
          if (p == 0) continue;
          ev += p * initial_value(up, a, b);
          const int n = graph.two_card(a, b);
          const bool early_out =
              rules.surrender == Surrender::early && best_total(graph.nodes[idx(n)].state) < TWENTY_ONE &&
              resolved->surrenders(graph.nodes[idx(n)].state, a == b && rules.split_hands > 1 ? a : 0, up);
          if (!early_out) ins += p * insurance(base_context(up), n);
        }
      }
      result.upcard_probability[idx(up)] = pu;
      result.upcard_ev[idx(up)] = ev;
      result.upcard_contribution[idx(up)] = pu * ev;
      result.ev += pu * ev;
      result.insurance += pu * ins;
    }
    return result;
  }

  // --- the optimal total-dependent chart -------------------------------------

  // Probability of reaching each node of 3+ cards in the base context of `up`
  // when unsplit hands play `chart` (split hands are not counted).
  std::vector<double> reach(int up) {
    Context& ctx = base_context(up);
    std::vector<double> r(graph.nodes.size(), 0.0);
    auto spread = [&](int n, double w) {
      const Node& node = graph.nodes[idx(n)];
      for (int v = 1; v <= CARD_VALUES; ++v) {
        const int next = node.next[idx(v)];
        if (next != NO_NODE) r[idx(next)] += w * draw(ctx, node, v);
      }
    };
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        const double p = initial_probability(up, a, b);
        const int n = graph.two_card(a, b);
        const HandState s = graph.nodes[idx(n)].state;
        if (p == 0 || best_total(s) == TWENTY_ONE) continue;
        const int pair = a == b && rules.split_hands > 1 ? a : 0;
        if (rules.surrender != Surrender::none && resolved->surrenders(s, pair, up)) continue;
        const Move move = pair != 0 ? resolved->pair_move(DecisionPoint::first_two, pair, up)
                                    : resolved->move(DecisionPoint::first_two, s, up);
        if (move == Move::hit) spread(n, p);
      }
    }
    for (const int n : graph.by_low_total) {
      const Node& node = graph.nodes[idx(n)];
      if (node.cards < 3 || r[idx(n)] == 0 || best_total(node.state) == TWENTY_ONE) continue;
      if (more_move(node.state, up) == Move::hit) spread(n, r[idx(n)]);
    }
    return r;
  }

  // Chooses the cells of up card `up` for hard and soft totals, then pairs.
  void optimize_upcard(int up) {
    Context& ctx = base_context(up);
    const std::vector<double> weight = reach(up);
    const bool can_surrender = rules.surrender != Surrender::none;

    // Cells in an order where hitting always leads to decided cells.
    std::vector<std::pair<int, int>> order;  // (soft, best total)
    for (int t = HARD_MAX; t >= 11; --t) order.emplace_back(0, t);
    for (int t = SOFT_MAX; t >= SOFT_MIN; --t) order.emplace_back(1, t);
    for (int t = 10; t >= HARD_MIN; --t) order.emplace_back(0, t);

    enum Option { STAND, HIT, DOUBLE, SURRENDER, OPTIONS };
    for (const auto& [soft, total] : order) {
      ChartAction& cell = soft ? chart.soft[idx(total)][idx(up)] : chart.hard[idx(total)][idx(up)];
      if (total == TWENTY_ONE) {
        cell = ChartAction::stand;
        continue;
      }
      const auto& nodes = graph.cells[idx(soft)][idx(total)];
      bool can_double = false;
      bool can_double_later = false;        // double_any_cards: 3+ card hands may double
      std::array<double, OPTIONS> first{};  // summed over two-card hands, whole-round values
      std::array<double, OPTIONS> later{};  // summed over 3+ card hands (stand, hit, double)
      double mass = 0;
      auto add_hands = [&](bool with_pairs) {
        for (const int n : nodes) {
          const Node& node = graph.nodes[idx(n)];
          if (node.cards == 2) {
            int a = 0, b = 0;
            for (int v = 1; v <= CARD_VALUES; ++v) {
              for (int k = 0; k < node.counts[idx(v)]; ++k) (a == 0 ? a : b) = v;
            }
            const bool pair = a == b && rules.split_hands > 1;
            if (pair && !with_pairs) continue;
            const double p = initial_probability(up, a, b);
            if (p == 0) continue;
            mass += p;
            const double offset = round_offset(ctx, n);
            first[STAND] += p * (offset + stand(ctx, n, 1));
            first[HIT] += p * (offset + hit_by_chart(ctx, n));
            if (double_allowed(rules.double_rule, node.state)) {
              can_double = true;
              first[DOUBLE] += p * (offset + double_down(ctx, n));
            }
            if (can_surrender) first[SURRENDER] += p * surrender_value(ctx, n);
          } else if (weight[idx(n)] > 0) {
            const double w = weight[idx(n)];
            mass += w;
            later[STAND] += w * stand(ctx, n, 1);
            later[HIT] += w * hit_by_chart(ctx, n);
            if (can_double_more(node.state)) {
              can_double_later = true;
              later[DOUBLE] += w * double_down(ctx, n);
            }
          }
        }
      };
      add_hands(false);
      if (mass == 0) add_hands(true);  // a cell only pairs reach (hard 4, soft 12): post-split use

      struct Candidate {
        ChartAction action;
        int two_cards;
        int more_cards;
        bool allowed;
      };
      // Hs and Sh last: a tie keeps the plainer action. D+ doubles 3+ card
      // hands too (double_any_cards); Ds+ only differs from it where the rules
      // forbid the double, for two cards as for more, so it is never better.
      const bool double_any = rules.double_any_cards && (can_double || can_double_later);
      const std::array<Candidate, 9> candidates{{
          {ChartAction::stand, STAND, STAND, true},
          {ChartAction::hit, HIT, HIT, true},
          {ChartAction::double_else_hit, DOUBLE, HIT, can_double},
          {ChartAction::double_else_stand, DOUBLE, STAND, can_double},
          {ChartAction::surrender_else_hit, SURRENDER, HIT, can_surrender},
          {ChartAction::surrender_else_stand, SURRENDER, STAND, can_surrender},
          {ChartAction::hit_two_stand_more, HIT, STAND, true},
          {ChartAction::stand_two_hit_more, STAND, HIT, true},
          {ChartAction::double_any_else_hit, DOUBLE, DOUBLE, double_any},
      }};
      double best = -std::numeric_limits<double>::infinity();
      for (const Candidate& c : candidates) {
        if (!c.allowed) continue;
        const double value = first[idx(c.two_cards)] + later[idx(c.more_cards)];
        if (value > best + 1e-15) {
          best = value;
          cell = c.action;
        }
      }
      // The cell is decided: values of playing on through it are now final.
      for (const int n : nodes) {
        for (auto& values : ctx.more) values[idx(n)] = UNSET;
      }
    }

    // Pairs: split against the best other play of the two cards.
    resolved.emplace(rules, chart);
    for (int pair = 1; pair <= CARD_VALUES; ++pair) {
      const int n = graph.two_card(pair, pair);
      const HandState s = graph.nodes[idx(n)].state;
      const double offset = round_offset(ctx, n);
      const double stand_value = offset + stand(ctx, n, 1);
      const double hit_value = offset + hit_by_chart(ctx, n);
      double best = std::max(stand_value, hit_value);
      ChartAction action = hit_value > stand_value ? ChartAction::hit : ChartAction::stand;
      if (rules.split_hands > 1) {
        const double split_ev = offset + split_value(up, pair);
        if (split_ev > best) {
          best = split_ev;
          action = ChartAction::split;
        }
      }
      const ChartAction fallback = action;
      if (double_allowed(rules.double_rule, s)) {
        const double dbl = offset + double_down(ctx, n);
        if (dbl > best) {
          best = dbl;
          action = hit_value > stand_value ? ChartAction::double_else_hit : ChartAction::double_else_stand;
        }
      }
      if (can_surrender && surrender_value(ctx, n) > best) {
        action = fallback == ChartAction::split ? ChartAction::surrender_else_split
                 : fallback == ChartAction::hit ? ChartAction::surrender_else_hit
                                                : ChartAction::surrender_else_stand;
      }
      chart.pairs[idx(pair)][idx(up)] = action;
    }
  }

  StrategyChart optimal_chart(const std::string& name) {
    StrategyChart start = mimic_dealer_chart(rules);
    use_chart(start);
    for (int pass = 0; pass < MAX_OPTIMIZATION_PASSES; ++pass) {
      const StrategyChart before = chart;
      for (int up = 1; up <= CARD_VALUES; ++up) optimize_upcard(up);
      use_chart(chart);
      if (chart.hard == before.hard && chart.soft == before.soft && chart.pairs == before.pairs) break;
    }
    chart.name = name;
    return chart;
  }
};

// ---------------------------------------------------------------------------

Analyzer::Analyzer(const Rules& rules)
    : rules_(rules),
      shoe_(ShoeComposition::of(rules)),
      dealer_(dealer_table(rules)),
      impl_(std::make_unique<Impl>(rules)) {}

Analyzer::~Analyzer() = default;

StrategyEv Analyzer::evaluate(const StrategyChart& chart) { return impl_->evaluate(chart); }

SwitchValues Analyzer::switch_values(const StrategyChart& chart) { return impl_->switch_values(chart); }

StrategyChart Analyzer::optimal_chart(const std::string& name) { return impl_->optimal_chart(name); }

std::size_t Analyzer::dealer_evaluations() const { return impl_->dealer_cache.size(); }

InitialHandTable Analyzer::initial_hand_table(const StrategyChart& chart) {
  Impl& m = *impl_;
  m.use_chart(chart);
  InitialHandTable table;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        table.probability[idx(a)][idx(b)][idx(up)] = m.initial_probability(up, a, b);
        table.evs[idx(a)][idx(b)][idx(up)] = m.hand_values(up, a, b).evs;
      }
    }
  }
  return table;
}

void Analyzer::use_chart(const StrategyChart& chart) { impl_->use_chart(chart); }

void Analyzer::deal_from(const CardCounts& remaining) {
  int total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    if (remaining[idx(v)] < 0 || remaining[idx(v)] > shoe_.counts[idx(v)]) {
      throw Error("analysis: a remaining shoe holds 0.." + std::to_string(shoe_.counts[idx(v)]) + " cards of value " +
                  std::to_string(v) + ", not " + std::to_string(remaining[idx(v)]));
    }
    total += remaining[idx(v)];
  }
  if (total < 3) throw Error("analysis: a remaining shoe needs at least 3 cards, not " + std::to_string(total));
  impl_->use_shoe(remaining);
}

InitialHandValues Analyzer::initial_hand(int first, int second, int upcard) {
  if (!impl_->resolved) throw Error("analysis: initial_hand() needs a chart (use_chart)");
  return impl_->hand_values(upcard, std::min(first, second), std::max(first, second));
}

std::vector<ReachedHand> Analyzer::reached_hands(int upcard, bool soft, int total) {
  Impl& m = *impl_;
  if (!m.resolved) throw Error("analysis: reached_hands() needs a chart (use_chart)");
  std::vector<double>& reach = m.reach_memo[idx(upcard)];
  if (reach.empty()) reach = m.reach(upcard);
  std::vector<ReachedHand> hands;
  if (total < 0 || total > TWENTY_ONE) return hands;
  for (const int n : m.graph.cells[soft ? 1 : 0][idx(total)]) {
    const Node& node = m.graph.nodes[idx(n)];
    if (node.cards < 3 || reach[idx(n)] <= 0) continue;
    ReachedHand hand;
    for (int v = 1; v <= CARD_VALUES; ++v) hand.cards[idx(v)] = node.counts[idx(v)];
    hand.card_count = node.cards;
    hand.probability = reach[idx(n)];
    hands.push_back(hand);
  }
  return hands;
}

InitialHandValues Analyzer::more_card_hand(const CardCounts& cards, int upcard) {
  Impl& m = *impl_;
  if (!m.resolved) throw Error("analysis: more_card_hand() needs a chart (use_chart)");
  const int n = m.node_of(cards);
  if (n == NO_NODE || m.graph.nodes[idx(n)].cards < 3) {
    throw Error("analysis: more_card_hand() takes a hand of three or more cards that is not busted");
  }
  return m.more_card_values(upcard, n);
}

CompositionDependentEv Analyzer::composition_dependent(const StrategyChart& chart) {
  Impl& m = *impl_;
  if (m.rules.switch_hands) throw Error("the composition-dependent optimum is not computed for Blackjack Switch");
  m.use_chart(chart);
  CompositionDependentEv result;
  m.split_hands_cd = true;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    Context& ctx = m.base_context(up);
    CardCounts none{};
    const double pu = m.shoe.draw_probability(up, none, 0);
    double ev = 0;
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        const double p = m.initial_probability(up, a, b);
        if (p == 0) continue;
        const int n = m.graph.two_card(a, b);
        const HandState s = m.graph.nodes[idx(n)].state;
        if (best_total(s) == TWENTY_ONE) {
          ev += p * m.natural_value(ctx, n);
          continue;
        }
        const double offset = m.round_offset(ctx, n);
        double best = std::max(m.stand(ctx, n, 1), m.hit(ctx, n, [&](int next) { return m.more_cd(ctx, next); }));
        if (double_allowed(m.rules.double_rule, s)) best = std::max(best, m.double_down(ctx, n));
        if (a == b && m.rules.split_hands > 1) best = std::max(best, m.split_value(up, a));
        best += offset;
        if (m.rules.surrender != Surrender::none) best = std::max(best, m.surrender_value(ctx, n));
        ev += p * best;
      }
    }
    result.upcard_ev[idx(up)] = ev;
    result.ev += pu * ev;
  }
  m.split_hands_cd = false;
  return result;
}

StrategyChart optimal_basic_strategy(const Rules& rules) {
  Analyzer analyzer(rules);
  return analyzer.optimal_chart("basic");
}

// (Fields are reset, not copied: a field added to Rules is kept, so it can
// only make fewer rule sets equal, never wrongly more.)
Rules analysis_rules(const Rules& rules) {
  const Rules defaults;
  Rules r = rules;
  r.penetration = defaults.penetration;
  r.cut_card = defaults.cut_card;
  r.burn_cards = defaults.burn_cards;
  r.reshuffle = defaults.reshuffle;
  r.seats = defaults.seats;
  return r;
}

Rules strategy_rules(const Rules& rules) {
  const Rules defaults;
  Rules r = analysis_rules(rules);
  r.blackjack_pays_num = defaults.blackjack_pays_num;
  r.blackjack_pays_den = defaults.blackjack_pays_den;
  return r;
}

}  // namespace cardsim::blackjack
