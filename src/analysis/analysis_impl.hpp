// The combinatorial analyzer's inside (blackjack/analysis.hpp), shared by the
// files that each compute one thing:
//   analysis_hands.cpp     the hand graph, contexts, draw and dealer probabilities
//   analysis_values.cpp    stand, hit, double and playing on, by the chart or optimally
//   analysis_split.cpp     the value of splitting a pair
//   analysis_strategy.cpp  initial hands, a chart's exact EV, the composition-dependent optimum
//   analysis_chart.cpp     the optimal total-dependent chart
//   analysis_switch.cpp    Blackjack Switch
//   analysis.cpp           the Analyzer's public calls
// Not installed: a private header of the blackjack layer.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/resolved_strategy.hpp"

namespace cardsim::blackjack {
namespace analysis {

inline constexpr int TWENTY_ONE = 21;
inline constexpr int NO_NODE = -1;  // a transition that busts
inline constexpr double UNSET = std::numeric_limits<double>::quiet_NaN();
// Packed keys: 6 bits per card value (at most 63 copies), the up card above.
inline constexpr int KEY_BITS = 6;
inline constexpr int UPCARD_SHIFT = KEY_BITS * CARD_VALUES;
inline constexpr double HALF = 0.5;
// Split hands are valued with up to 2 N - 4 more pair cards out than the two
// split (N = MAX_SPLIT_HANDS; analysis_split.cpp).
inline constexpr int MAX_EXTRA_PAIRS = 2 * MAX_SPLIT_HANDS - 4;
// Whose decisions a split hand follows: slot 0, the chart or (composition-
// dependent) the unsplit hand's; slot 1 + m, the optimum with m more pair
// cards out than the two split.
inline constexpr int POLICY_SLOTS = MAX_SPLIT_HANDS;

inline std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// Player hands as multisets of card values with a low total of 21 or less.
struct Node {
  std::array<std::uint8_t, CARD_VALUES + 1> counts{};
  HandState state = EMPTY_HAND;
  int cards = 0;
  std::uint64_t key = 0;
  std::array<int, CARD_VALUES + 1> next{};  // node after drawing a value, or NO_NODE (bust)
};

// Every hand (about 3,000) and its transitions, built once.
struct HandGraph {
  std::vector<Node> nodes;
  std::array<int, CARD_VALUES + 1> single{};  // one-card nodes
  std::vector<int> by_low_total;              // node indices, low total ascending
  // Nodes of two or more cards by chart cell: [soft][best total].
  std::array<std::array<std::vector<int>, TWENTY_ONE + 1>, 2> cells;

  HandGraph();
  int two_card(int a, int b) const { return nodes[idx(single[idx(a)])].next[idx(b)]; }
};

// A per-node memo, allocated when first used (most contexts use few).
template <class T>
class NodeMemo {
 public:
  NodeMemo(T unset, std::size_t nodes) : unset_(unset), nodes_(nodes) {}
  T& operator[](int n) {
    if (values_.empty()) values_.assign(nodes_, unset_);
    return values_[idx(n)];
  }
  void clear() { values_ = std::vector<T>(); }

 private:
  T unset_;
  std::size_t nodes_;
  std::vector<T> values_;
};

// A context: the up card and the cards out of the shoe besides the hand's own
// (for split hands: the other pair cards), and per-node memos. Values by
// [free]: with a real bet, or (free splits) with a bet the house put up (it
// loses nothing).
struct Context {
  explicit Context(std::size_t nodes)
      : stand_unit(UNSET, nodes),
        stand_decided(UNSET, nodes),
        more{NodeMemo<double>(UNSET, nodes), NodeMemo<double>(UNSET, nodes)},
        more_cd{NodeMemo<double>(UNSET, nodes), NodeMemo<double>(UNSET, nodes)},
        cd_move{NodeMemo<Move>(Move::stand, nodes), NodeMemo<Move>(Move::stand, nodes)},
        policy{make_policy(nodes)} {}

  int upcard = 0;
  int pair = 0;          // split hands: the pair card split; 0 for unsplit hands
  CardCounts removed{};  // the up card, plus the other pair cards for split hands
  int removed_total = 0;
  bool split_hand = false;
  NodeMemo<double> stand_unit;     // stand, per unit bet, dealer-blackjack term excluded
  NodeMemo<double> stand_decided;  // free bets: the chance that standing wins or loses (no push)
  // Playing on at 3+ cards by the chart, and optimally (composition-
  // dependent) with the optimum's move.
  std::array<NodeMemo<double>, 2> more;
  std::array<NodeMemo<double>, 2> more_cd;
  std::array<NodeMemo<Move>, 2> cd_move;
  // Split hands, composition-dependent: playing on at 3+ cards by the
  // decisions of policy slot s (POLICY_SLOTS), [s][free].
  std::array<std::array<NodeMemo<double>, 2>, POLICY_SLOTS> policy;

 private:
  static std::array<std::array<NodeMemo<double>, 2>, POLICY_SLOTS> make_policy(std::size_t nodes) {
    const NodeMemo<double> empty(UNSET, nodes);
    return {{{empty, empty}, {empty, empty}, {empty, empty}, {empty, empty}}};
  }
};

// The dealer's final results from a composition, and the part of the busts
// at exactly 22 (zero unless dealer_22_pushes).
struct DealerOutcomes {
  DealerProbabilities p{};
  double twenty_two = 0;
};

}  // namespace analysis

struct Analyzer::Impl {
  using Node = analysis::Node;
  using Context = analysis::Context;
  using DealerOutcomes = analysis::DealerOutcomes;

  Rules rules;
  ShoeComposition shoe;
  int shoe_total = 0;
  DealerModel model;
  analysis::HandGraph graph;
  std::unordered_map<std::uint64_t, DealerOutcomes> dealer_cache;
  std::array<std::unique_ptr<Context>, CARD_VALUES + 1> base;
  // Split hands: [upcard][pair card][pair cards out beyond the two split].
  std::array<std::array<std::array<std::unique_ptr<Context>, analysis::MAX_EXTRA_PAIRS + 1>, CARD_VALUES + 1>,
             CARD_VALUES + 1>
      split;
  // The chart played: cells for more-card moves, and resolved for the rest.
  StrategyChart chart;
  std::optional<ResolvedStrategy> resolved;
  double payout = 1.5;
  // Split hands play composition-dependent, deciding as this rule says,
  // instead of by the chart (composition_dependent()).
  std::optional<PostSplit> post_split;
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

  explicit Impl(const Rules& r);

  bool peek() const { return rules.hole_card == HoleCard::peek; }
  const Node& at(int n) const { return graph.nodes[analysis::idx(n)]; }

  // --- contexts and probabilities (analysis_hands.cpp) -------------------------

  Context& base_context(int up);
  // Split hands of `pair` against `up` with `extra` more pair cards out than
  // the two split (0 .. MAX_EXTRA_PAIRS).
  Context& split_context(int up, int pair, int extra);
  // A context for hands against `up`; for split hands of `pair`, with
  // `others` more pair cards out (besides the hand's own first card).
  std::unique_ptr<Context> make_context(int up, int pair, int others = 0);
  // Forgets the memos that depend on the chart (`shoe_too`: and those that
  // depend on the shoe, every one).
  void forget_values(bool shoe_too);
  // Hands are dealt from `remaining` from now on.
  void use_shoe(const CardCounts& remaining);
  void use_chart(const StrategyChart& c);

  // Remaining count of `value` and of all cards once ctx and `node` are out.
  int left(const Context& ctx, const Node& n, int value) const {
    return shoe.counts[analysis::idx(value)] - ctx.removed[analysis::idx(value)] - n.counts[analysis::idx(value)];
  }
  int left_total(const Context& ctx, const Node& n) const { return shoe_total - ctx.removed_total - n.cards; }
  // (The few small functions of every value are defined here to be inlined.)
  double draw(const Context& ctx, const Node& n, int value, int extra = 0) const {
    using analysis::idx;
    if (shoe.infinite) return static_cast<double>(shoe.counts[idx(value)]) / shoe_total;
    const int l = left(ctx, n, value);
    const int all = left_total(ctx, n) - extra;
    return l > 0 && all > 0 ? static_cast<double>(l) / all : 0.0;
  }
  // Probability of a dealer blackjack (the hole card completing it) given the
  // cards out, plus one more card `also` (0: none).
  double blackjack(const Context& ctx, const Node& n, int also = 0) const {
    using analysis::idx;
    const int need = ctx.upcard == ACE ? TEN : ctx.upcard == TEN ? ACE : 0;
    if (need == 0) return 0.0;
    if (shoe.infinite) return static_cast<double>(shoe.counts[idx(need)]) / shoe_total;
    const int l = left(ctx, n, need) - (also == need ? 1 : 0);
    const int all = left_total(ctx, n) - (also != 0 ? 1 : 0);
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
  std::uint64_t dealer_key(const Context& ctx, const Node& n) const {
    using analysis::idx;
    std::uint64_t key = std::uint64_t(ctx.upcard) << analysis::UPCARD_SHIFT;
    if (!shoe.infinite) {
      for (int v = 1; v <= CARD_VALUES; ++v) {
        key += std::uint64_t(ctx.removed[idx(v)] + n.counts[idx(v)]) << (analysis::KEY_BITS * (v - 1));
      }
    }
    return key;
  }
  // With batch_dealer: the dealer distributions of `n` and of every hand one
  // card on, in one pass, into the cache (unless the next hands are there).
  // (Not under dealer_22_pushes: the batch has no 22s; dealer() computes them.)
  void prefetch_next_hands(const Context& ctx, int n);
  const DealerOutcomes& dealer(const Context& ctx, const Node& n);

  // --- values (analysis_values.cpp) --------------------------------------------
  // All values are the player's expected result per initial bet for this hand,
  // in the joint form for peek games (E[result x 1{no dealer blackjack}]).

  // Spanish 21's bonus payout of standing on `node` with an undoubled bet (1
  // for no bonus): by its cards, or the mean over the suits of a 6-7-8 / 7-7-7.
  double bonus_pay(const Node& n) const;
  // Whether a hand of `total` wins against every dealer hand but a blackjack
  // (player_21_wins).
  bool sure_win(int total) const { return rules.player_21_wins && total == analysis::TWENTY_ONE; }
  double stand_unit(Context& ctx, int n);
  // The chance that standing is won or lost (joint form: a dealer blackjack
  // counts as neither): what a free bet's loss changes.
  double stand_decided(Context& ctx, int n);
  // Standing with `wager` of which `free` is the house's (free bets, peek
  // games only): a win pays the wager, a loss costs wager - free.
  // A bonus 21 (spanish_bonuses, an undoubled bet) wins its payout instead of
  // the bet: its stand_unit is all wins (no hand beats a 21).
  double stand(Context& ctx, int n, double wager, double free = 0);
  // Busting after `node` drew `card`.
  double bust(const Context& ctx, int n, int card, double wager, double free = 0) const;
  // Doubling a hand whose bet is real (free = 0) or the house's (free = 1, a
  // free split hand); a free double (two cards) adds the house's bet. Under
  // double_rescue a hand that did not bust is given up for the original bet
  // where the engine's rescue table says so, or, if `decide_at` is given,
  // where that is worth more in that context (composition-dependent play).
  double double_down(Context& ctx, int n, int free = 0, Context* decide_at = nullptr);
  // Hit once, then play on by `play` (more or more_cd); `free`: the hand's
  // bet is the house's.
  template <class PlayOn>
  double hit(Context& ctx, int n, PlayOn play_on, int free = 0);
  double hit_by_chart(Context& ctx, int n, int free = 0);
  double hit_cd(Context& ctx, int n, int free = 0);
  // The move at three or more cards by the chart's cell (as the engine
  // resolves it; read from `chart`, which the optimization changes cell by cell).
  Move more_move(HandState s, int upcard);
  // Playing on at three or more cards by the chart's cell.
  double more(Context& ctx, int n, int free = 0);
  // Whether a hand of three or more cards in `s` may double (double_any_cards).
  bool can_double_more(HandState s) const;
  // Playing on at three or more cards, each decision from the exact cards
  // (the move taken in ctx.cd_move).
  double more_cd(Context& ctx, int n, int free = 0);
  // A split hand of two cards that is not split again, by the chart; `free`:
  // its bet is the house's (a free split).
  double split_hand_value(Context& ctx, int n, int free = 0);
  // The same, composition-dependent: each decision the best in context `ref`
  // (the policy of slot `slot`), valued in `ctx`.
  double split_hand_policy(Context& ctx, Context& ref, int slot, int n, int free);
  // Playing on at three or more cards by the decisions that are best in `ref`.
  double more_policy(Context& ctx, Context& ref, int slot, int n, int free);

  // --- splitting (analysis_split.cpp) --------------------------------------------

  // The value of splitting a pair of `pair` against `up` (joint form),
  // resplitting whenever allowed, the split hands played by the chart or
  // (post_split) composition-dependent; exact (analysis_split.cpp).
  double split_value(int up, int pair);
  // The policy slot of a split hand played with `pairs_before` pair cards
  // split before it (besides the two), and the context its decisions come from.
  int policy_slot(int pairs_before) const;
  Context& policy_context(int up, int pair, int slot);
  // A split hand of two cards (node n) played on by the policy of `slot`.
  double split_hand(Context& ctx, int slot, int n, int free);

  // --- initial hands and whole strategies (analysis_strategy.cpp) ----------------

  double insurance(const Context& ctx, int n) const;
  // Surrendering the initial hand, for the whole round (not joint form).
  double surrender_value(const Context& ctx, int n) const;
  // What every non-surrender play of a non-natural initial hand adds to its
  // joint value for the whole round: the dealer blackjack of peek games and
  // insurance.
  double round_offset(const Context& ctx, int n) const;
  double natural_value(const Context& ctx, int n) const;
  // The chart's first move on the initial hand (first <= second) in `s`
  // against `up`, surrender aside; `pair`: the pair card if it may be split.
  Move first_move(HandState s, int pair, int up) const;
  // The round's value of an initial hand (first <= second) by the chart.
  double initial_value(int up, int first, int second);
  double initial_probability(int up, int first, int second) const;
  // The start of a hand's values against `up`: every value unset, the dealer
  // blackjack's probability, and the scale of the joint-form values (peek
  // games: given no dealer blackjack, dividing by its complement; otherwise 1).
  struct ValuesStart {
    Context& ctx;
    InitialHandValues values;
    double scale;
  };
  ValuesStart start_values(int up, int n);
  // The decision values of the initial hand (first, second) against `up`
  // (see InitialHandValues): playing on by the chart, or with post_split
  // composition-dependent.
  InitialHandValues hand_values(int up, int first, int second);
  // The node holding exactly `cards`, or NO_NODE (busted, or no cards).
  int node_of(const CardCounts& cards) const;
  // Stand and hit (then the chart) of a hand of three or more cards, given
  // no dealer blackjack in peek games (see InitialHandValues).
  InitialHandValues more_card_values(int up, int n);
  StrategyEv evaluate(const StrategyChart& c);
  CompositionDependentEv composition_dependent(const StrategyChart& c, PostSplit rule);

  // --- the optimal total-dependent chart (analysis_chart.cpp) --------------------

  // Probability of reaching each node of 3+ cards in the base context of `up`
  // when unsplit hands play `chart` (split hands are not counted).
  std::vector<double> reach(int up);
  // Chooses the cells of up card `up` for hard and soft totals, then pairs.
  void optimize_upcard(int up);
  StrategyChart optimal_chart(const std::string& name);

  // --- Blackjack Switch (analysis_switch.cpp) ------------------------------------

  // The value per bet of the two-card hand (first <= second) against `up`
  // played by the chart, given no dealer blackjack (peek games): an A+T is
  // paid as a natural if `natural`, else it is a 21 that stands.
  double played_value(int up, int first, int second, bool natural);
  SwitchValues switch_values(const StrategyChart& c);
  // The Switch game's value per hand (Analyzer::evaluate).
  StrategyEv evaluate_switch(const StrategyChart& c);
};

template <class PlayOn>
double Analyzer::Impl::hit(Context& ctx, int n, PlayOn play_on, int free) {
  using analysis::idx;
  prefetch_next_hands(ctx, n);
  const Node& from = at(n);
  double value = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    const double p = draw(ctx, from, v);
    if (p == 0) continue;
    const int next = from.next[idx(v)];
    if (next == analysis::NO_NODE) {
      value += p * bust(ctx, n, v, 1, free);
    } else if (best_total(at(next).state) == analysis::TWENTY_ONE) {
      value += p * stand(ctx, next, 1, free);
    } else {
      value += p * play_on(next);
    }
  }
  return value;
}

}  // namespace cardsim::blackjack
