// The value function of the engine's martingale control variate (Henderson
// and Glynn's "approximating martingale"; docs/control-variates.md).
//
// For every card k dealt in a round the engine adds to a seat's control
//   D_k = V(s + c_k) - sum_c p_k(c) V(s + c),
// where s is what the seat's hands and the dealer's cards are just before
// the card, c_k the card dealt and p_k the composition of the shoe at that
// moment (the cards left in it; a fresh deck's for an infinite one). Each
// D_k has conditional mean exactly zero whatever V is, so the round's result
// minus the sum of its D_k is an unbiased estimate of the round's expected
// result; the closer V is to the true value, the smaller its variance.
//
// V here is the value of a state when every card is drawn from a fresh shoe's
// composition with replacement (no removal: one set of tables serves every
// depth of the shoe) and the chart is played: the dealer's hole card is part
// of the state once dealt (peek games), insurance and the variant rules'
// bonuses are left out, and split hands are valued one by one (a resplit as
// two more such hands, the limit on hands ignored). What V leaves out costs
// variance, never bias.
//
// A finite shoe's rounds to come are worth more or less as its composition
// drifts from a fresh shoe's. V follows that too: each card drawn also
// carries its first-order effect on the value of every round still to be
// dealt from the shoe before the cut card (the engine's drift term; its mean
// is zero over the next card whatever the effects are). The effects are the
// derivatives of a round's value in the shoe's shares (drift(), below).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "cardsim/blackjack/cards.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/resolved_strategy.hpp"
#include "cardsim/blackjack/rules.hpp"

namespace cardsim::blackjack {

// Whether a run controls its estimates, and with what: `exact`, the values
// below; `none`, the plain estimate alone.
enum class ControlVariate : std::uint8_t { none, exact };

// Probabilities of the card values 1..10 (index 0 unused).
using CardProbabilities = std::array<double, CARD_VALUES + 1>;

// The fresh shoe's composition under `rules` (an infinite deck: 1/13 each,
// tens 4/13), as probabilities.
CardProbabilities fresh_probabilities(const Rules& rules);

class ControlValues {
 public:
  // Values in the engine's money units (Rules::bet_units() per initial bet)
  // for the round phases, per unit wager for a hand's play.
  ControlValues(const Rules& rules, const ResolvedStrategy& strategy);
  // The same with the buckets (at()) along `coordinate` rather than these
  // values' own drift(): the variants of a paired run share the baseline's,
  // so that the variants of a round play by the buckets of one composition.
  ControlValues(const Rules& rules, const ResolvedStrategy& strategy, const CardProbabilities& coordinate);
  // Every value zero (the control then adds nothing): for tests.
  explicit ControlValues(const Rules& rules) : p_(fresh_probabilities(rules)) {}
  // `values` with other drift effects (drift(), below) and no buckets (at()):
  // for tests, which give deliberately wrong ones.
  ControlValues(const ControlValues& values, const CardProbabilities& drifts) : ControlValues(values) {
    drift_ = drifts;
    coordinate_ = drifts;
    coordinate_is_drift_ = true;
    buckets_.clear();
  }

  // What the dealer shows of the hands' opponent: the up card, and the hole
  // card once the players may act with it dealt (peek games), else 0.
  static constexpr int known(int up, int hole) { return up * (CARD_VALUES + 1) + hole; }
  static constexpr int KNOWN = (CARD_VALUES + 1) * (CARD_VALUES + 1);

  // A box's initial hand, money units: after its first card; after the up
  // card; after its second card (before the hole card); after the hole card
  // (peek games: a dealer blackjack settled, surrender taken).
  double first(int p1) const { return first_[idx(p1)]; }
  // Before its first card: the box's value as the round begins.
  double box() const {
    double sum = 0;
    for (int c = 1; c <= CARD_VALUES; ++c) sum += p_[static_cast<std::size_t>(c)] * first(c);
    return sum;
  }
  double after_up(int p1, int up) const { return after_up_[idx(p1)][idx(up)]; }
  double after_second(int p1, int p2, int up) const { return after_second_[idx(up)][idx(p1)][idx(p2)]; }
  double after_hole(int p1, int p2, int up, int hole) const {
    return after_hole_[idx(up)][idx(p1)][idx(p2)][idx(hole)];
  }

  // Per unit wager, against the dealer `known` (known()): a hand standing in
  // `state`; a hand of three or more cards in `state` played on by the chart
  // (a bust: -1); a split hand of `first` and `second` played by the chart.
  double stand(int known_dealer, HandState state) const { return stand_[ku(known_dealer)][state]; }
  double more(int known_dealer, HandState state) const { return more_[ku(known_dealer)][state]; }
  double split_hand(int known_dealer, int first, int second) const {
    return split_hand_[ku(known_dealer)][idx(first)][idx(second)];
  }
  // Per unit wager: a hand standing in `state` against a dealer's hand in
  // `dealer` (two or more cards, not a blackjack), whose play is still to come.
  double against(HandState state, HandState dealer) const { return against_[state][dealer]; }
  // The same once the dealer, in `dealer`, draws `card` (dealer_22_pushes: a
  // hard 22 pushes a standing hand).
  double against_after(HandState state, HandState dealer, int card) const {
    if (dealer_22_pushes_ && low_total(dealer) + card == BUST_TOTAL) return is_bust(state) ? -1.0 : 0.0;
    return against_[state][add_card(dealer, card)];
  }

  // Free Bet: a hand's house stake (the free bets in its wager) is the
  // player's only when the hand loses, so a hand is worth wager x its value
  // above plus stake x its chance to lose, these (a surrendered or rescued
  // hand: 0). A split hand's second card, where a free double also adds its
  // stake, is in split_hand().
  double lose_stand(int known_dealer, HandState state) const { return lose_stand_[ku(known_dealer)][state]; }
  double lose_more(int known_dealer, HandState state) const { return lose_more_[ku(known_dealer)][state]; }
  double lose_split_hand(int known_dealer, int first, int second) const {
    return lose_split_hand_[ku(known_dealer)][idx(first)][idx(second)];
  }
  double lose_against_after(HandState state, HandState dealer, int card) const {
    if (dealer_22_pushes_ && low_total(dealer) + card == BUST_TOTAL) return is_bust(state) ? 1.0 : 0.0;
    return lose_against_[state][add_card(dealer, card)];
  }

  const CardProbabilities& probabilities() const { return p_; }

  // Whether a doubled hand that its card made `after` is given up for the
  // original bet (Rules::double_rescue, as the engine plays it).
  static bool rescued(const Rules& rules, const ResolvedStrategy& strategy, HandState after, int up) {
    return rules.double_rescue && !is_bust(after) && strategy.rescues(after, up);
  }

  // Finite shoes (0 for an infinite deck and for the all-zero values): the
  // derivative of a box's value before its first card, money units, in the
  // shoe's composition towards card value `card`: with the shares q near the
  // fresh shoe's p, box(q) ~ box() + sum_c drift(c) (q(c) - p(c)). Drawing
  // card c from a shoe of n cards whose counts give sum_r drift(r) count(r) =
  // S then moves the value of each round to come by (S / n - drift(c)) / (n - 1).
  double drift(int card) const { return drift_[static_cast<std::size_t>(card)]; }
  const CardProbabilities& drifts() const { return drift_; }

  // The direction of the buckets' coordinate: drifts() unless built with
  // another (coordinate_is_drift()).
  const CardProbabilities& coordinate() const { return coordinate_; }
  bool coordinate_is_drift() const { return coordinate_is_drift_; }
  // The values a round dealt from a shoe holding `coordinate_sum` (the sum
  // of coordinate() over its cards) in `cards` cards plays by, chosen at the
  // deal by its coordinate x = sum_c coordinate(c) (q(c) - p(c)) for the
  // shoe's shares q: the values built for the composition expected at the
  // nearest of BUCKETS values of x (a bucket), or these values themselves
  // where there are none (an infinite deck, the all-zero values).
  const ControlValues& at(double coordinate_sum, double cards) const {
    if (buckets_.empty()) return *this;
    const double bucket = (coordinate_sum / cards - coordinate_at_p_) * buckets_per_unit_ + BUCKETS / 2;
    return *buckets_[static_cast<std::size_t>(std::clamp(bucket, 0.0, double{BUCKETS - 1}) + 0.5)];
  }
  // The buckets: x from -4 to +4 SDs of its spread at half the shoe dealt,
  // one SD apart.
  static constexpr int BUCKETS = 9;

 private:
  // Fills every table from p_.
  void build(const Rules& rules, const ResolvedStrategy& strategy);
  // drift_ from forward differences of box().
  void build_drift(const Rules& rules, const ResolvedStrategy& strategy);
  // buckets_ along coordinate_.
  void build_buckets(const Rules& rules, const ResolvedStrategy& strategy);
  // The values (no drift effects, no buckets) for card probabilities `p`.
  static std::shared_ptr<const ControlValues> built_for(const Rules& rules, const ResolvedStrategy& strategy,
                                                        const CardProbabilities& p);

  static std::size_t idx(int card) { return static_cast<std::size_t>(card - 1); }
  static std::size_t ku(int known_dealer) { return static_cast<std::size_t>(known_dealer); }
  using ByCard = std::array<double, CARD_VALUES>;
  using ByState = std::array<double, HAND_STATES>;

  CardProbabilities p_{};
  CardProbabilities drift_{};
  // at(): the values by bucket of the coordinate.
  CardProbabilities coordinate_{};
  bool coordinate_is_drift_ = true;
  std::vector<std::shared_ptr<const ControlValues>> buckets_;
  double coordinate_at_p_ = 0;
  double buckets_per_unit_ = 0;
  ByCard first_{};
  std::array<ByCard, CARD_VALUES> after_up_{};
  std::array<std::array<ByCard, CARD_VALUES>, CARD_VALUES> after_second_{};
  std::array<std::array<std::array<ByCard, CARD_VALUES>, CARD_VALUES>, CARD_VALUES> after_hole_{};
  std::array<ByState, KNOWN> stand_{};
  std::array<ByState, KNOWN> more_{};
  std::array<std::array<ByCard, CARD_VALUES>, KNOWN> split_hand_{};
  std::array<ByState, HAND_STATES> against_{};
  std::array<ByState, KNOWN> lose_stand_{};
  std::array<ByState, KNOWN> lose_more_{};
  std::array<std::array<ByCard, CARD_VALUES>, KNOWN> lose_split_hand_{};
  std::array<ByState, HAND_STATES> lose_against_{};
  bool dealer_22_pushes_ = false;
};

}  // namespace cardsim::blackjack
