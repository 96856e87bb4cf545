// Exact split values against an independent brute force: every card of the
// round dealt one at a time in the engine's order (hole card, the first split
// hand's second cards and resplits, its draws, the next hand's...; the
// dealer's draws last), every hand settled against the dealer's exact final
// hand, on small shoes (1 and 2 decks with cards taken out, split to 2, 3
// and 4 hands) and on a full deck (split to 2). The brute force shares no
// code with the analyzer but the hand totals (hand.hpp) and the chart's
// resolution (ResolvedStrategy); its composition-dependent decisions come
// from its own recursion. Also against the exact values Eric Farmer
// published (docs/validation.md).
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/hand.hpp"

namespace cardsim::blackjack {
namespace {

constexpr double EXACT = 1e-12;

std::size_t u(int i) { return static_cast<std::size_t>(i); }

int total_of(const CardCounts& c) {
  int n = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) n += c[u(v)];
  return n;
}

std::uint64_t pack(const CardCounts& c, int extra) {
  std::uint64_t key = static_cast<std::uint64_t>(extra);
  for (int v = 1; v <= CARD_VALUES; ++v) key = key * 64 + static_cast<std::uint64_t>(c[u(v)]);
  return key;
}

// How split hands decide: the chart, or composition-dependent from a
// reference shoe (PostSplit).
enum class Play : std::uint8_t { chart, cdz, cdp1, cdp };

// The dealer's final hands from an up card and (peek) a known hole card,
// drawing from `shoe`: probabilities of 17..21, bust at 22, bust above 22
// and blackjack, by plain recursion over every drawing order.
struct DealerFinals {
  std::array<double, 5> total{};  // 17..21
  double bust22 = 0;
  double bust_more = 0;
  double blackjack = 0;
};

class BruteForce {
 public:
  BruteForce(const Rules& rules, const CardCounts& before_deal, int up, int pair, Play play, const StrategyChart* chart)
      : rules_(rules), full_(before_deal), up_(up), pair_(pair), play_(play) {
    if (chart != nullptr) strategy_.emplace(rules, *chart);
  }

  // The value of splitting, per initial bet: given no dealer blackjack in
  // peek games (as InitialHandValues), unconditioned otherwise.
  double split() {
    CardCounts shoe = full_;
    shoe[u(up_)]--;
    shoe[u(pair_)] -= 2;
    if (rules_.hole_card != HoleCard::peek) return play_round(shoe, 0);
    double value = 0, no_blackjack = 0;
    const int n = total_of(shoe);
    for (int hole = 1; hole <= CARD_VALUES; ++hole) {
      if (shoe[u(hole)] == 0) continue;
      const double p = static_cast<double>(shoe[u(hole)]) / n;
      if (best_total(two_card_hand(up_, hole)) == 21) continue;
      no_blackjack += p;
      shoe[u(hole)]--;
      value += p * play_round(shoe, hole);
      shoe[u(hole)]++;
    }
    return value / no_blackjack;
  }

  // Whether some deal of the round needed a card the shoe no longer held
  // (those deals are left out: the brute force is only compared where none is).
  bool ran_out() const { return ran_out_; }

 private:
  struct Hand {
    CardCounts cards{};
    HandState state = EMPTY_HAND;
    int count = 0;
    int wager = 1;
    int house = 0;  // the house's part of the wager (free splits and doubles)
    bool needs_second = true;
    bool done = false;
    int pairs_before = 0;  // pair cards split when it took its second card (CDP)
    bool original = false;
  };
  struct Hands {
    std::array<Hand, MAX_SPLIT_HANDS> at;
    int size = 0;
  };

  Rules rules_;
  CardCounts full_;
  int up_;
  int pair_;
  Play play_;
  std::optional<ResolvedStrategy> strategy_;
  std::unordered_map<std::uint64_t, DealerFinals> dealer_memo_;
  std::map<std::pair<std::uint64_t, int>, double> optimum_memo_;
  std::map<std::pair<std::uint64_t, int>, Move> decision_memo_;
  std::unordered_map<std::uint64_t, DealerFinals> conditioned_memo_;
  bool ran_out_ = false;  // some deal needed a card the shoe no longer held

  bool peek() const { return rules_.hole_card == HoleCard::peek; }

  double play_round(CardCounts& shoe, int hole) {
    Hands hands{};
    for (int i = 0; i < 2; ++i) {
      Hand& h = hands.at[u(i)];
      h.cards[u(pair_)] = 1;
      h.state = add_card(EMPTY_HAND, pair_);
      h.count = 1;
      h.house = i == 0 || !rules_.free_split(pair_) ? 0 : 1;
      h.original = i == 0;
    }
    hands.size = 2;
    return play(shoe, hole, hands, 0);
  }

  int max_hands() const { return pair_ != ACE || rules_.resplit_aces ? rules_.split_hands : 2; }

  // Every way the round goes on from hand `h` of `hands`, each card drawn
  // from `shoe` (both changed and restored on the way).
  double play(CardCounts& shoe, int hole, Hands& hands, int h) {
    if (h == hands.size) return settle(shoe, hole, hands);
    Hand& hand = hands.at[u(h)];
    if (hand.done) return play(shoe, hole, hands, h + 1);
    const int n = total_of(shoe);
    if (n == 0) ran_out_ = true;
    double value = 0;
    auto each_card = [&](auto&& then) {
      for (int v = 1; v <= CARD_VALUES; ++v) {
        if (shoe[u(v)] == 0) continue;
        const double p = static_cast<double>(shoe[u(v)]) / n;
        shoe[u(v)]--;
        const Hand before = hand;
        value += p * then(v);
        hand = before;
        shoe[u(v)]++;
      }
    };
    if (hand.needs_second) {
      each_card([&](int v) {
        if (v == pair_ && hands.size < max_hands()) {
          Hand& added = hands.at[u(hands.size++)];  // a new hand with the drawn pair card
          added = hand;
          added.original = false;
          added.house = rules_.free_split(pair_) ? 1 : 0;
          const double result = play(shoe, hole, hands, h);
          --hands.size;
          return result;
        }
        hand.cards[u(v)]++;
        hand.state = add_card(hand.state, v);
        hand.count++;
        hand.needs_second = false;
        hand.pairs_before = hands.size - 2;
        if (best_total(hand.state) == 21 || (pair_ == ACE && !rules_.hit_split_aces)) hand.done = true;
        return play(shoe, hole, hands, h);
      });
      return value;
    }
    const Move move = decide(hand);
    if (move == Move::stand) {
      hand.done = true;
      const double result = play(shoe, hole, hands, h + 1);
      hand.done = false;
      return result;
    }
    each_card([&](int v) {
      if (move == Move::double_down) {
        if (hand.count == 2 && rules_.free_double(hand.state)) hand.house += hand.wager;
        hand.wager *= 2;
        hand.done = true;
      }
      hand.cards[u(v)]++;
      hand.state = add_card(hand.state, v);
      hand.count++;
      if (is_bust(hand.state) || best_total(hand.state) == 21) hand.done = true;
      return play(shoe, hole, hands, h);
    });
    return value;
  }

  // The move of `hand` (never looking at the real shoe).
  Move decide(const Hand& hand) {
    const bool two = hand.count == 2;
    if (play_ == Play::chart) {
      return strategy_->move(two ? DecisionPoint::split_two : DecisionPoint::more_cards, hand.state, up_);
    }
    // Composition-dependent: the move that is best from the reference shoe
    // (the shoe before the deal less the up card, the hand's cards and the
    // pair cards the rule lets it count), among the moves allowed here.
    CardCounts ref = full_;
    ref[u(up_)]--;
    const int extra = play_ == Play::cdz ? 0 : play_ == Play::cdp1 ? 1 : 1 + hand.pairs_before;
    ref[u(pair_)] -= extra;
    for (int v = 1; v <= CARD_VALUES; ++v) ref[u(v)] -= hand.cards[u(v)];
    const bool may_double = two && rules_.double_after_split && double_allowed(rules_.double_rule, hand.state);
    const int free = hand.house > 0 && hand.wager == 1 ? 1 : 0;
    const std::pair<std::uint64_t, int> key{pack(ref, free), (two ? 64 : 0) + static_cast<int>(hand.state)};
    if (auto it = decision_memo_.find(key); it != decision_memo_.end()) return it->second;
    Move best = Move::stand;
    double value = stand_value(ref, hand.state, 1, free);
    const double hit = hit_value(ref, hand.state, free);
    if (hit > value) {
      value = hit;
      best = Move::hit;
    }
    if (may_double && double_value(ref, hand.state, hand.count, free) > value) best = Move::double_down;
    decision_memo_.emplace(key, best);
    return best;
  }

  // --- the composition-dependent reference values (conditioned on no dealer
  //     blackjack in peek games; the ratio to the joint values is the same for
  //     every move, so the decisions are those of the joint values) ----------

  int blackjack_card() const { return up_ == ACE ? TEN : up_ == TEN ? ACE : 0; }

  // The dealer's finals from `shoe` (peek: given the hole card is not the
  // blackjack card; ENHC: with its blackjacks).
  DealerFinals dealer_given_no_blackjack(const CardCounts& shoe) {
    const int need = blackjack_card();
    if (!peek() || need == 0) return dealer(shoe, 0);
    const std::uint64_t key = pack(shoe, 0);
    if (auto it = conditioned_memo_.find(key); it != conditioned_memo_.end()) return it->second;
    DealerFinals out;
    const int n = total_of(shoe);
    double mass = 0;
    CardCounts s = shoe;
    for (int hole = 1; hole <= CARD_VALUES; ++hole) {
      if (hole == need || s[u(hole)] == 0) continue;
      const double p = static_cast<double>(s[u(hole)]) / n;
      mass += p;
      s[u(hole)]--;
      const DealerFinals d = dealer(s, hole);
      s[u(hole)]++;
      for (std::size_t k = 0; k < 5; ++k) out.total[k] += p * d.total[k];
      out.bust22 += p * d.bust22;
      out.bust_more += p * d.bust_more;
    }
    for (double& t : out.total) t /= mass;
    out.bust22 /= mass;
    out.bust_more /= mass;
    return conditioned_memo_.emplace(key, out).first->second;
  }

  // The chance that the next card is `v` (peek: given no dealer blackjack).
  double next_card(const CardCounts& shoe, int v) const {
    const int need = blackjack_card();
    const int n = total_of(shoe);
    if (shoe[u(v)] == 0) return 0;
    if (!peek() || need == 0) return static_cast<double>(shoe[u(v)]) / n;
    // P(v next and the hole is not `need`) / P(hole is not `need`).
    const double not_need = 1 - static_cast<double>(shoe[u(need)]) / n;
    const double both =
        static_cast<double>(shoe[u(v)]) / n * (1 - static_cast<double>(shoe[u(need)] - (v == need ? 1 : 0)) / (n - 1));
    return both / not_need;
  }

  // Settling one hand of `wager` bets (of which `house` are the house's)
  // standing on `state` against the dealer's finals. A dealer blackjack
  // (no-hole-card games) takes every wager (ENHC), or under OBO the original
  // bet of an unsplit hand (a split seat's one bet is charged apart).
  double settle_hand(HandState state, int wager, int house, const DealerFinals& d, bool unsplit = false) const {
    const int loss = wager - house;
    const double on_blackjack = rules_.hole_card == HoleCard::enhc       ? -wager
                                : rules_.hole_card == HoleCard::enhc_obo ? (unsplit ? -1.0 : 0.0)
                                                                         : 0.0;
    if (is_bust(state)) return -loss * (1.0 - d.blackjack) + d.blackjack * on_blackjack;
    const int t = best_total(state);
    double value = d.bust_more * wager + d.bust22 * (rules_.dealer_22_pushes ? 0 : wager);
    for (int k = 0; k < 5; ++k) value += (t > 17 + k ? wager : t < 17 + k ? -loss : 0) * d.total[u(k)];
    return value + d.blackjack * on_blackjack;
  }

  double stand_value(const CardCounts& ref, HandState state, int wager, int free) {
    return settle_hand(state, wager, free * wager, dealer_given_no_blackjack(ref), play_ == Play::cdz);
  }

  double double_value(const CardCounts& ref, HandState state, int count, int free) {
    double value = 0;
    const int house = free + (count == 2 && rules_.free_double(state) ? 1 : 0);
    CardCounts s = ref;
    for (int v = 1; v <= CARD_VALUES; ++v) {
      const double p = next_card(s, v);
      if (p == 0) continue;
      s[u(v)]--;
      value += p * settle_hand(add_card(state, v), 2, house, dealer_given_no_blackjack(s), play_ == Play::cdz);
      s[u(v)]++;
    }
    return value;
  }

  double hit_value(const CardCounts& ref, HandState state, int free) {
    double value = 0;
    CardCounts s = ref;
    for (int v = 1; v <= CARD_VALUES; ++v) {
      const double p = next_card(s, v);
      if (p == 0) continue;
      s[u(v)]--;
      value += p * optimum(s, add_card(state, v), free);
      s[u(v)]++;
    }
    return value;
  }

  // The best of standing and hitting a hand of three or more cards.
  double optimum(const CardCounts& ref, HandState state, int free) {
    const DealerFinals d = dealer_given_no_blackjack(ref);
    const double stand = settle_hand(state, 1, free, d, play_ == Play::cdz);
    if (is_bust(state)) return stand;
    if (best_total(state) == 21) return stand;
    const std::pair<std::uint64_t, int> key{pack(ref, free), static_cast<int>(state)};
    if (auto it = optimum_memo_.find(key); it != optimum_memo_.end()) return it->second;
    const double value = std::max(stand, hit_value(ref, state, free));
    optimum_memo_.emplace(key, value);
    return value;
  }

  // --- the round's end ---------------------------------------------------------

  DealerFinals dealer(const CardCounts& shoe, int hole) {
    const std::uint64_t key = pack(shoe, hole);
    if (auto it = dealer_memo_.find(key); it != dealer_memo_.end()) return it->second;
    DealerFinals out;
    CardCounts s = shoe;
    std::function<void(HandState, int, int, int, double)> draw = [&](HandState state, int cards, int hard_before,
                                                                     int last, double p) {
      const int t = best_total(state);
      const bool stands = is_bust(state) || t >= 18 || (t == 17 && !(rules_.h17 && is_soft(state)));
      if (cards >= 2 && stands) {
        if (is_bust(state)) {
          (hard_before + last == 22 ? out.bust22 : out.bust_more) += p;
        } else if (t == 21 && cards == 2) {
          out.blackjack += p;
        } else {
          out.total[u(t - 17)] += p;
        }
        return;
      }
      const int n = total_of(s);
      if (n == 0) ran_out_ = true;
      for (int v = 1; v <= CARD_VALUES; ++v) {
        if (s[u(v)] == 0) continue;
        const double pv = static_cast<double>(s[u(v)]) / n;
        s[u(v)]--;
        draw(add_card(state, v), cards + 1, low_total(state), v, p * pv);
        s[u(v)]++;
      }
    };
    if (hole != 0) {
      draw(two_card_hand(up_, hole), 2, low_total(add_card(EMPTY_HAND, up_)), hole, 1.0);
    } else {
      draw(add_card(EMPTY_HAND, up_), 1, 0, up_, 1.0);
    }
    return dealer_memo_.emplace(key, out).first->second;
  }

  double settle(const CardCounts& shoe, int hole, const Hands& hands) {
    const DealerFinals d = dealer(shoe, hole);
    double value = 0;
    for (int i = 0; i < hands.size; ++i) {
      const Hand& h = hands.at[u(i)];
      value += settle_hand(h.state, h.wager, h.house, d);
    }
    if (rules_.hole_card == HoleCard::enhc_obo) value -= d.blackjack;  // the one original bet
    return value;
  }
};

// --- the cases -------------------------------------------------------------------

PostSplit post_split_of(Play play) {
  return play == Play::cdz ? PostSplit::cdz : play == Play::cdp1 ? PostSplit::cdp1 : PostSplit::cdp;
}

const char* play_name(Play play) {
  switch (play) {
    case Play::chart: return "chart";
    case Play::cdz: return "CDZ-";
    case Play::cdp1: return "CDP1";
    default: return "CDP";
  }
}

// The analyzer's split value of `pair` against `up` with hands dealt from
// `before_deal` (its rules' shoe must hold it), by the chart or composition-
// dependent, against the brute force.
double expect_split_exact(const Rules& rules, const CardCounts& before_deal, int up, int pair, Play play,
                          const std::string& label) {
  Analyzer analyzer(rules);
  const StrategyChart chart = analyzer.optimal_chart();
  analyzer.deal_from(before_deal);
  double exact = 0;
  if (play == Play::chart) {
    analyzer.use_chart(chart);
    exact = analyzer.initial_hand(pair, pair, up).evs.split;
  } else {
    exact = analyzer.composition_dependent_hand(pair, pair, up, post_split_of(play)).evs.split;
  }
  BruteForce brute(rules, before_deal, up, pair, play, &chart);
  EXPECT_NEAR(exact, brute.split(), EXACT) << label << ": " << pair << "s v " << up << ", " << play_name(play);
  EXPECT_FALSE(brute.ran_out()) << label << ": choose a shoe that cannot run out";
  return exact;
}

CardCounts counts(std::initializer_list<int> ace_to_ten) {
  CardCounts c{};
  int v = 1;
  for (const int n : ace_to_ten) c[u(v++)] = n;
  return c;
}

CardCounts full_deck() { return counts({4, 4, 4, 4, 4, 4, 4, 4, 4, 16}); }

// Eric Farmer's published values (blackjackinfo.com, "Software update with new
// split EVs", page 5): the shoe A..T = 0 4 4 2 0 0 2 0 0 7, S17, double any two
// (soft too), DAS, resplit to 4 hands (not aces), CDZ-; 2-2 against a 7.
TEST(SplitExact, FarmersSmallShoeCdz) {
  Rules rules;
  rules.decks = 1;
  const CardCounts shoe = counts({0, 4, 4, 2, 0, 0, 2, 0, 0, 7});
  Analyzer analyzer(rules);
  analyzer.deal_from(shoe);
  const DecisionEvs e = analyzer.composition_dependent_hand(2, 2, 7, PostSplit::cdz).evs;
  // Published to 9 decimals of a percent.
  constexpr double PRINTED = 0.5e-11;
  EXPECT_NEAR(e.stand, -0.61639194139, PRINTED);
  EXPECT_NEAR(e.hit, -0.13266733267, PRINTED);
  EXPECT_NEAR(e.double_down, -1.23278388278, PRINTED);
  EXPECT_NEAR(e.split, -0.76210220335, PRINTED);
  // (No brute force here: this shoe can run out of cards mid-round.)
}

// Eric Farmer (blackjacktheforum.com, "MGP's BJCA", page 2): one deck, S17,
// no DAS, no resplit, CDZ-: splitting 2-2 against a 6 is worth
// 0.1189818683947885 of the initial bet.
TEST(SplitExact, FarmersOneDeckDeucesAgainstSixCdz) {
  Rules rules;
  rules.decks = 1;
  rules.double_after_split = false;
  rules.split_hands = 2;
  Analyzer analyzer(rules);
  EXPECT_NEAR(analyzer.composition_dependent_hand(2, 2, 6, PostSplit::cdz).evs.split, 0.1189818683947885, 1e-14);
  expect_split_exact(rules, full_deck(), 6, 2, Play::cdz, "one deck");
}

// A full deck, one split (two hands): every strategy, a peek game with a
// blackjack possible, H17, no hole card.
TEST(SplitExact, FullDeckOneSplit) {
  Rules rules;
  rules.decks = 1;
  rules.split_hands = 2;
  expect_split_exact(rules, full_deck(), TEN, 8, Play::chart, "one deck S17 DAS");
  rules.h17 = true;
  expect_split_exact(rules, full_deck(), 9, 9, Play::cdp1, "one deck H17 DAS");
  rules.hole_card = HoleCard::enhc;
  expect_split_exact(rules, full_deck(), ACE, 7, Play::cdz, "one deck H17 DAS ENHC");
}

// Decks with 31 cards out (few small cards: the brute force's time grows
// with the ways a hand can draw): resplits to 4 hands by the chart and by each
// composition-dependent rule, on hands where the four play differently.
TEST(SplitExact, ShortDeckEveryPolicy) {
  Rules rules;
  rules.decks = 1;
  for (const auto& [shoe, pair, up] : {std::tuple{counts({1, 1, 0, 1, 1, 1, 2, 4, 2, 8}), 8, 8},
                                       std::tuple{counts({1, 2, 1, 1, 1, 4, 1, 1, 1, 8}), 6, 8}}) {
    std::vector<double> values;
    for (const Play play : {Play::chart, Play::cdz, Play::cdp1, Play::cdp}) {
      values.push_back(expect_split_exact(rules, shoe, up, pair, play, "S17 DAS split to 4"));
    }
    // The rules differ here (so that each is tested, not the same one four times).
    for (std::size_t i = 1; i < values.size(); ++i) EXPECT_GT(std::abs(values[i] - values[i - 1]), 1e-4) << i;
  }
}

// The rules that change a split, each by the chart and a composition-
// dependent rule, on short shoes.
TEST(SplitExact, ShortDeckRules) {
  const CardCounts shoe = counts({1, 1, 0, 1, 1, 3, 2, 2, 2, 8});
  Rules rules;
  rules.decks = 1;
  rules.split_hands = 3;
  rules.h17 = true;
  rules.double_after_split = false;
  expect_split_exact(rules, shoe, 7, 6, Play::chart, "H17 no DAS split to 3");
  expect_split_exact(rules, shoe, 7, 6, Play::cdp, "H17 no DAS split to 3");
  const CardCounts aces = counts({4, 1, 0, 1, 1, 1, 2, 1, 2, 8});
  rules.split_hands = 4;
  rules.resplit_aces = true;
  rules.hit_split_aces = true;
  expect_split_exact(rules, aces, 5, ACE, Play::chart, "H17 RSA hit split aces");
  expect_split_exact(rules, aces, 5, ACE, Play::cdp1, "H17 RSA hit split aces");
  const CardCounts eights = counts({2, 1, 0, 1, 1, 1, 2, 4, 2, 8});
  rules.hole_card = HoleCard::enhc;
  expect_split_exact(rules, eights, TEN, 8, Play::chart, "ENHC");
  expect_split_exact(rules, eights, TEN, 8, Play::cdz, "ENHC");
  rules.hole_card = HoleCard::enhc_obo;
  expect_split_exact(rules, eights, ACE, 8, Play::chart, "ENHC OBO");
  expect_split_exact(rules, eights, ACE, 8, Play::cdp1, "ENHC OBO");
}

// Free Bet: the splits after the first are the house's bets (free doubles
// too), a dealer 22 pushes; the original hand keeps the player's bet.
TEST(SplitExact, ShortDeckFreeSplits) {
  const CardCounts shoe = counts({1, 1, 0, 1, 1, 1, 2, 4, 2, 8});
  Rules rules;
  rules.decks = 1;
  rules.h17 = true;
  rules.dealer_22_pushes = true;
  rules.free_split_pairs = 0x3FE;  // aces to nines
  rules.free_double_totals = (1U << 9) | (1U << 10) | (1U << 11);
  expect_split_exact(rules, shoe, 6, 8, Play::chart, "Free Bet");
  expect_split_exact(rules, shoe, 6, 8, Play::cdp1, "Free Bet");
}

// Two decks with 78 cards out, pair cards for every resplit.
TEST(SplitExact, ShortTwoDecks) {
  const CardCounts shoe = counts({1, 1, 0, 1, 1, 1, 2, 6, 3, 10});
  Rules rules;
  rules.decks = 2;
  expect_split_exact(rules, shoe, 9, 8, Play::chart, "two decks");
  expect_split_exact(rules, shoe, 9, 8, Play::cdp, "two decks");
}

// Longer: bigger shoes with more small cards (minutes, so disabled; run it
// with test_analysis --gtest_also_run_disabled_tests
// --gtest_filter='SplitExact.DISABLED_*'; docs/analyze.md#splits).
TEST(SplitExact, DISABLED_ReducedDeckResplits) {
  const CardCounts shoe = counts({4, 1, 1, 1, 2, 3, 2, 4, 1, 5});
  Rules rules;
  rules.decks = 1;
  for (const Play play : {Play::chart, Play::cdz, Play::cdp1, Play::cdp}) {
    expect_split_exact(rules, shoe, 6, 8, play, "S17 DAS split to 4");
  }
  rules.split_hands = 3;
  rules.h17 = true;
  rules.double_after_split = false;
  expect_split_exact(rules, shoe, 7, 6, Play::chart, "H17 no DAS split to 3");
  expect_split_exact(rules, shoe, 7, 6, Play::cdp, "H17 no DAS split to 3");
  rules.split_hands = 4;
  rules.resplit_aces = true;
  rules.hit_split_aces = true;
  expect_split_exact(rules, shoe, 5, ACE, Play::chart, "H17 RSA hit split aces");
  expect_split_exact(rules, shoe, 5, ACE, Play::cdp1, "H17 RSA hit split aces");
  rules.hole_card = HoleCard::enhc;
  expect_split_exact(rules, shoe, TEN, 8, Play::chart, "ENHC");
  expect_split_exact(rules, shoe, TEN, 8, Play::cdz, "ENHC");
  rules.hole_card = HoleCard::enhc_obo;
  expect_split_exact(rules, shoe, ACE, 8, Play::chart, "ENHC OBO");
  expect_split_exact(rules, shoe, ACE, 8, Play::cdp1, "ENHC OBO");
}

TEST(SplitExact, DISABLED_ReducedTwoDecksResplits) {
  const CardCounts shoe = counts({2, 2, 1, 2, 2, 2, 2, 6, 3, 12});
  Rules rules;
  rules.decks = 2;
  expect_split_exact(rules, shoe, 9, 8, Play::chart, "two decks");
  expect_split_exact(rules, shoe, 9, 8, Play::cdp, "two decks");
  expect_split_exact(rules, shoe, 4, 9, Play::cdz, "two decks");
  expect_split_exact(rules, shoe, 6, TEN, Play::cdp1, "two decks");
}
}  // namespace
}  // namespace cardsim::blackjack
