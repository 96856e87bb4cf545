#include "cardsim/blackjack/control_variate.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "cardsim/blackjack/dealer.hpp"

namespace cardsim::blackjack {

CardProbabilities fresh_probabilities(const Rules& rules) {
  CardProbabilities p{};
  if (rules.infinite()) {
    for (int c = 1; c <= CARD_VALUES; ++c) p[static_cast<std::size_t>(c)] = c == TEN ? 4.0 / 13 : 1.0 / 13;
    return p;
  }
  const std::vector<std::uint8_t> cards = shoe_values(rules.decks, rules.remove_tens_per_deck);
  for (const std::uint8_t card : cards) p[card] += 1;
  for (double& q : p) q /= static_cast<double>(cards.size());
  return p;
}

namespace {

constexpr bool is_blackjack(int first, int second) { return best_total(two_card_hand(first, second)) == 21; }

// Every hand state once, in an order where each state comes after every
// state a card can lead it to (low totals from 22 down).
template <class Visit>
void from_highest_total(Visit&& visit) {
  for (int total = BUST_TOTAL; total >= 0; --total) {
    visit(static_cast<HandState>(total));
    visit(static_cast<HandState>(total | ACE_BIT));
  }
}

}  // namespace

std::shared_ptr<const ControlValues> ControlValues::built_for(const Rules& rules, const ResolvedStrategy& strategy,
                                                              const CardProbabilities& p) {
  auto values = std::make_shared<ControlValues>(rules);
  values->p_ = p;
  values->build(rules, strategy);
  return values;
}

ControlValues::ControlValues(const Rules& rules, const ResolvedStrategy& strategy) : p_(fresh_probabilities(rules)) {
  build(rules, strategy);
  if (rules.infinite()) return;
  build_drift(rules, strategy);
  coordinate_ = drift_;
  build_buckets(rules, strategy);
}

ControlValues::ControlValues(const Rules& rules, const ResolvedStrategy& strategy, const CardProbabilities& coordinate)
    : p_(fresh_probabilities(rules)) {
  build(rules, strategy);
  if (rules.infinite()) return;
  build_drift(rules, strategy);
  coordinate_ = coordinate;
  coordinate_is_drift_ = coordinate == drift_;
  build_buckets(rules, strategy);
}

void ControlValues::build_drift(const Rules& rules, const ResolvedStrategy& strategy) {
  // Forward differences in the direction of each card value's share: the
  // values are polynomials in p, so a step of 1e-4 leaves a relative error of
  // about 1e-4 in each derivative (what V approximates costs variance only).
  constexpr double STEP = 1e-4;
  for (std::size_t r = 1; r <= CARD_VALUES; ++r) {
    if (p_[r] == 0) continue;
    CardProbabilities moved{};
    for (std::size_t c = 1; c <= CARD_VALUES; ++c) moved[c] = p_[c] + STEP * ((c == r ? 1.0 : 0.0) - p_[c]);
    drift_[r] = (built_for(rules, strategy, moved)->box() - box()) / STEP;
  }
}

void ControlValues::build_buckets(const Rules& rules, const ResolvedStrategy& strategy) {
  // The buckets of the coordinate x = d . (q - p) (at(); d = coordinate_,
  // the drift unless given). The shares q of a shoe dealt to n cards vary
  // about p with covariance Sigma (N - n) / (n (N - 1)), Sigma = diag(p) -
  // p p^T, so the composition expected at x is p + w x / (d . w), w = Sigma
  // d, and x's SD at half the shoe dealt is sqrt(d . w / N).
  const CardProbabilities& d = coordinate_;
  double mean = 0;
  for (std::size_t c = 1; c <= CARD_VALUES; ++c) mean += p_[c] * d[c];
  CardProbabilities w{};
  double spread = 0;
  for (std::size_t c = 1; c <= CARD_VALUES; ++c) {
    w[c] = p_[c] * (d[c] - mean);
    spread += d[c] * w[c];
  }
  if (spread <= 0) return;
  const double sd = std::sqrt(spread / rules.shoe_cards());
  coordinate_at_p_ = mean;
  buckets_per_unit_ = 1 / sd;
  for (int b = 0; b < BUCKETS; ++b) {
    const double x = (b - BUCKETS / 2) * sd;
    CardProbabilities q{};
    double total = 0;
    for (std::size_t c = 1; c <= CARD_VALUES; ++c) {
      q[c] = std::max(0.0, p_[c] + w[c] * x / spread);
      total += q[c];
    }
    for (std::size_t c = 1; c <= CARD_VALUES; ++c) q[c] /= total;
    buckets_.push_back(built_for(rules, strategy, q));
  }
}

void ControlValues::build(const Rules& rules, const ResolvedStrategy& strategy) {
  const auto expect = [&](auto&& value_of_card) {
    double sum = 0;
    for (int c = 1; c <= CARD_VALUES; ++c) sum += p_[static_cast<std::size_t>(c)] * value_of_card(c);
    return sum;
  };
  const auto score = [](HandState s, int bust_score) { return is_bust(s) ? bust_score : best_total(s); };

  // The dealer's final scores (0: bust; 22: exactly 22 under
  // dealer_22_pushes, which pushes every standing hand) from each state, then
  // a standing hand's value against each.
  std::array<std::array<double, BUST_TOTAL + 1>, HAND_STATES> finals{};
  from_highest_total([&](HandState s) {
    if (dealer_stands(s, rules.h17)) {
      finals[s][static_cast<std::size_t>(score(s, 0))] = 1;
      return;
    }
    for (int c = 1; c <= CARD_VALUES; ++c) {
      const double q = p_[static_cast<std::size_t>(c)];
      if (rules.dealer_22_pushes && low_total(s) + c == BUST_TOTAL) {
        finals[s][BUST_TOTAL] += q;
        continue;
      }
      const auto& next = finals[add_card(s, c)];
      for (std::size_t t = 0; t < next.size(); ++t) finals[s][t] += q * next[t];
    }
  });
  dealer_22_pushes_ = rules.dealer_22_pushes;
  for (int h = 0; h < HAND_STATES; ++h) {
    const int mine = score(static_cast<HandState>(h), -1);
    for (int d = 0; d < HAND_STATES; ++d) {
      double value = 0;
      double lose = 0;
      for (int t = 0; t <= BUST_TOTAL; ++t) {
        const double q = finals[static_cast<std::size_t>(d)][static_cast<std::size_t>(t)];
        value += t == BUST_TOTAL ? -q * (mine < 0) : q * ((mine > t) - (mine < t));
        lose += t == BUST_TOTAL ? q * (mine < 0) : q * (mine < t);
      }
      // Spanish 21: a player's 21 wins whatever the dealer makes.
      if (rules.player_21_wins && mine == 21) value = 1, lose = 0;
      against_[static_cast<std::size_t>(h)][static_cast<std::size_t>(d)] = value;
      lose_against_[static_cast<std::size_t>(h)][static_cast<std::size_t>(d)] = lose;
    }
  }

  const bool peek = rules.hole_card == HoleCard::peek;
  const double bet = static_cast<double>(rules.bet_units());
  const double half_bet = static_cast<double>(rules.bet_units() / 2);
  const double blackjack_win = static_cast<double>(rules.blackjack_win_units());
  const double natural_vs_blackjack = rules.blackjack_beats_blackjack ? blackjack_win : 0;

  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int hole = peek ? 1 : 0; hole <= (peek ? CARD_VALUES : 0); ++hole) {
      const auto k = ku(known(up, hole));
      ByState& stand = stand_[k];
      ByState& more = more_[k];
      ByState& lose_stand = lose_stand_[k];
      ByState& lose_more = lose_more_[k];
      for (int h = 0; h < HAND_STATES; ++h) {
        const auto state = static_cast<HandState>(h);
        if (peek) {  // the hole card is known; after a blackjack there is no play
          stand[state] = is_blackjack(up, hole) ? -1 : against_[state][two_card_hand(up, hole)];
          lose_stand[state] = is_blackjack(up, hole) ? 1 : lose_against_[state][two_card_hand(up, hole)];
        } else {  // a dealer blackjack takes the hand's whole wager
          stand[state] =
              expect([&](int c) { return is_blackjack(up, c) ? -1.0 : against_[state][two_card_hand(up, c)]; });
          lose_stand[state] =
              expect([&](int c) { return is_blackjack(up, c) ? 1.0 : lose_against_[state][two_card_hand(up, c)]; });
        }
      }
      const auto hit = [&](HandState s) { return expect([&](int c) { return more[add_card(s, c)]; }); };
      // A double's value per unit of the original wager (a rescued hand
      // loses half its doubled wager), and its chance to lose (a rescued
      // hand's stake: none).
      const auto doubled = [&](HandState s) {
        return 2 * expect([&](int c) {
                 const HandState after = add_card(s, c);
                 return rescued(rules, strategy, after, up) ? -0.5 : stand[after];
               });
      };
      const auto lose_doubled = [&](HandState s) {
        return expect([&](int c) {
          const HandState after = add_card(s, c);
          return rescued(rules, strategy, after, up) ? 0.0 : lose_stand[after];
        });
      };
      // A hand's value per unit wager after `move` on its cards `s`; with
      // `two_cards`, a free double adds the house's stake (its loss part).
      const auto play = [&](Move move, HandState s, bool two_cards) {
        switch (move) {
          case Move::hit: return hit(s);
          case Move::double_down: return doubled(s) + (two_cards && rules.free_double(s) ? lose_doubled(s) : 0.0);
          case Move::surrender: return -0.5;
          default: return stand[s];
        }
      };
      const auto lose_play = [&](Move move, HandState s) {
        switch (move) {
          case Move::hit: return expect([&](int c) { return lose_more[add_card(s, c)]; });
          case Move::double_down: return lose_doubled(s);
          case Move::surrender: return 0.0;
          default: return lose_stand[s];
        }
      };
      from_highest_total([&](HandState s) {
        const Move move = strategy.move(DecisionPoint::more_cards, s, up);
        more[s] = is_bust(s) ? -1.0 : play(move, s, false);
        lose_more[s] = is_bust(s) ? 1.0 : lose_play(move, s);
      });

      // Split hands: a hand of one card f awaiting its second is worth
      // U(f) = sum_c p(c) split_hand(f, c) per unit wager, and a resplit pair
      // two such hands. Free Bet: a hand's stake adds its chance to lose,
      // LA(f) = sum_c p(c) lose_split_hand(f, c), and a free split's new
      // hand brings a stake of one wager: a free resplit is worth 2 U + LA.
      std::array<ByCard, CARD_VALUES>& split = split_hand_[k];
      std::array<ByCard, CARD_VALUES>& lose_split = lose_split_hand_[k];
      std::array<double, CARD_VALUES> awaiting{};
      std::array<double, CARD_VALUES> lose_awaiting{};
      for (int f = 1; f <= CARD_VALUES; ++f) {
        const bool one_card_aces = f == ACE && !rules.hit_split_aces;
        const bool resplits = rules.split_hands > 2 && (f != ACE || rules.resplit_aces) &&
                              strategy.pair_move(DecisionPoint::split_two, f, up) == Move::split &&
                              2 * p_[static_cast<std::size_t>(f)] < 0.9;
        const double free = rules.free_split(f) ? 1.0 : 0.0;
        const double pf = p_[static_cast<std::size_t>(f)];
        double others = 0;
        double lose_others = 0;
        for (int c = 1; c <= CARD_VALUES; ++c) {
          if (c == f && resplits) continue;
          const HandState s = two_card_hand(f, c);
          const Move move = one_card_aces ? Move::stand : strategy.move(DecisionPoint::split_two, s, up);
          split[idx(f)][idx(c)] = play(move, s, true);
          lose_split[idx(f)][idx(c)] = lose_play(move, s);
          others += p_[static_cast<std::size_t>(c)] * split[idx(f)][idx(c)];
          lose_others += p_[static_cast<std::size_t>(c)] * lose_split[idx(f)][idx(c)];
        }
        lose_awaiting[idx(f)] = resplits ? lose_others / (1 - pf) : lose_others;
        awaiting[idx(f)] = resplits ? (others + pf * free * lose_awaiting[idx(f)]) / (1 - 2 * pf) : others;
        if (resplits) {
          split[idx(f)][idx(f)] = 2 * awaiting[idx(f)] + free * lose_awaiting[idx(f)];
          lose_split[idx(f)][idx(f)] = lose_awaiting[idx(f)];
        }
      }

      // The initial hand's two cards, per unit wager (not a natural, not surrendered).
      const auto initial = [&](int p1, int p2) {
        const HandState s = two_card_hand(p1, p2);
        if (p1 == p2 && rules.split_hands > 1) {
          const Move move = strategy.pair_move(DecisionPoint::first_two, p1, up);
          if (move == Move::split) {
            return 2 * awaiting[idx(p1)] + (rules.free_split(p1) ? lose_awaiting[idx(p1)] : 0.0);
          }
          return play(move, s, true);
        }
        return play(strategy.move(DecisionPoint::first_two, s, up), s, true);
      };
      for (int p1 = 1; p1 <= CARD_VALUES; ++p1) {
        for (int p2 = 1; p2 <= CARD_VALUES; ++p2) {
          const HandState s = two_card_hand(p1, p2);
          const bool natural = best_total(s) == 21;
          const bool surrenders = !natural && strategy.surrenders(s, p1 == p2 && rules.split_hands > 1 ? p1 : 0, up);
          const bool early = surrenders && rules.surrender == Surrender::early;
          const bool late = surrenders && rules.surrender == Surrender::late;
          if (peek) {
            double value = 0;
            if (early) {
              value = -half_bet;
            } else if (is_blackjack(up, hole)) {
              value = natural ? natural_vs_blackjack : -bet;
            } else if (natural) {
              value = blackjack_win;
            } else if (late) {
              value = -half_bet;
            } else {
              value = bet * initial(p1, p2);
            }
            after_hole_[idx(up)][idx(p1)][idx(p2)][idx(hole)] = value;
          } else {
            const double dealer_blackjack = expect([&](int c) { return is_blackjack(up, c) ? 1.0 : 0.0; });
            double value = 0;
            if (natural) {
              value = dealer_blackjack * natural_vs_blackjack + (1 - dealer_blackjack) * blackjack_win;
            } else if (early) {
              value = -half_bet;
            } else if (late) {  // no escape from a dealer blackjack
              value = -dealer_blackjack * bet - (1 - dealer_blackjack) * half_bet;
            } else {
              value = bet * initial(p1, p2);
            }
            after_second_[idx(up)][idx(p1)][idx(p2)] = value;
          }
        }
      }
    }
  }
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int p1 = 1; p1 <= CARD_VALUES; ++p1) {
      for (int p2 = 1; p2 <= CARD_VALUES; ++p2) {
        if (peek) {
          after_second_[idx(up)][idx(p1)][idx(p2)] =
              expect([&](int hole) { return after_hole_[idx(up)][idx(p1)][idx(p2)][idx(hole)]; });
        }
      }
      after_up_[idx(p1)][idx(up)] = expect([&](int p2) { return after_second_[idx(up)][idx(p1)][idx(p2)]; });
    }
  }
  for (int p1 = 1; p1 <= CARD_VALUES; ++p1)
    first_[idx(p1)] = expect([&](int up) { return after_up_[idx(p1)][idx(up)]; });
}

}  // namespace cardsim::blackjack
