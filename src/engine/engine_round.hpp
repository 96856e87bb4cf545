// The round of blackjack the Engine plays (private to src/engine/): the
// deal, the players' decisions, the dealer's hand and the settlement, as the
// phases of EngineCore::Round. Every phase is inlined into play_round (and the
// chunk loops, [[gnu::flatten]], inline the round): the round's state lives in
// registers and its hands on the stack as when it was one function.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "card_sources.hpp"
#include "engine_core.hpp"
#include "engine_counting.hpp"
#include "table_hand.hpp"

namespace cardsim::blackjack {

// Out of line and cold: only the rounds that leave the dealer nothing to play
// for with a hand short of 17 call it (one in nine, 6 decks, basic strategy).
// The generator is a copy and the cards go back, so nothing the game deals or
// counts later changes. Even so the rounds pay for it (about 8% more
// instructions: 13 a round in the look, 17 in the round's own code, whose
// register allocation moves with the call; and 6-10% of their time): inlined,
// noting the hand in the round and completing it later from the next rounds'
// cards (no draws of its own), the call made by the rounds' loop after the
// round (or by an outer loop), the look passed by value in registers, or the
// look not cold, cost as much or more; see docs/performance.md.
template <class CardSource>
HandState EngineCore::play_out_unneeded(CardSource& cards, core::Rng rng, HandState dealer) const {
  cards.lookahead().look(rng, [&](std::uint8_t card) {
    dealer = add_card(dealer, card);
    return !dealer_stands_[dealer];
  });
  return dealer;
}

// One round: CardSource deals the cards (card_sources.hpp); COUNTING: the
// round is counted into `count` (which also receives the up card and hole
// card); INDEXED (counted rounds only): index plays by the current true
// count; ONE_SEAT: compiled for one seat and none of the variant settlement
// rules (EngineCore::one_seat_round); CONTROLLED: each card drawn adds its control
// term D_k (control_variate.hpp) to the seats it concerns, from the shoe's
// composition before it (`composition`, kept here card by card). A phase is a
// member function, always inlined; the round's state is its members.
template <class CardSource, bool COUNTING, bool INDEXED, bool ONE_SEAT, bool CONTROLLED>
class EngineCore::Round {
  static_assert(COUNTING || !INDEXED, "index plays need the count");
  // The composition to follow: a finite shoe's (an infinite deck's is fixed).
  static constexpr bool FOLLOWS_SHOE = CONTROLLED && !std::is_same_v<CardSource, InfiniteDeck>;
  // Suited cards: dealt when side bets or Spanish 21's bonuses need suits.
  static constexpr bool SUITED = SUITED_SOURCE<CardSource>;
  // The variant settlement rules (Free Bet, Spanish 21, Blackjack Switch) are
  // checked only in the general round: one_seat_round() sends their runs there.
  static constexpr bool VARIANTS = !ONE_SEAT;

 public:
  [[gnu::always_inline]] Round(const EngineCore& engine, CardSource& cards, core::Rng& rng, Tally& tally,
                               RoundCount* count, Composition* composition)
      : e_(engine),
        cards_(cards),
        rng_(rng),
        tally_(tally),
        count_(count),
        composition_(composition),
        values_(engine.control_values_.get()),
        seats_(ONE_SEAT ? 1 : engine.rules_.seats),
        box_shift_(VARIANTS && engine.rules_.switch_hands ? 1 : 0),
        boxes_(seats_ << box_shift_),
        peek_(engine.rules_.hole_card == HoleCard::peek) {}

  [[gnu::always_inline]] void play() {
    deal();
    offer_insurance();
    if (!dealer_blackjack_) play_hands();
    play_dealer();
    settle();
  }

 private:
  // ---- The deal ----

  // Every card comes from draw(); a counted round counts it as it comes.
  [[gnu::always_inline]] std::uint8_t draw() {
    if constexpr (FOLLOWS_SHOE) follow_reshuffle();
    const std::uint8_t card = cards_.draw(rng_);
    if constexpr (COUNTING) count_->running += e_.tags_[card];
    if constexpr (FOLLOWS_SHOE) {
      follow_drift(card);
      --composition_->count[card];
      --composition_->total;
    }
    return card;
  }

  // ---- The control variate (CONTROLLED) ----

  // A shoe that is empty reshuffles its discards at the next draw: it then
  // holds every card but the round's.
  [[gnu::always_inline]] void follow_reshuffle() {
    if (cards_.remaining() == 0) [[unlikely]]
      composition_->all_but(cards_, cards_.round_start(), cards_.dealt());
  }
  // The drift term of a card drawn with n cards left (before it): its effect
  // on the value of each round to come in this shoe, the rounds to come times
  // (S / n - drift(card)) / (n - 1) (ControlValues::drift), whose mean over
  // the card is zero. Per box; settle() gives it to every seat.
  [[gnu::always_inline]] void follow_drift(int card) {
    if (composition_->drifts == nullptr) return;
    const auto n = static_cast<std::size_t>(composition_->total);
    const double effect = (*composition_->drifts)[static_cast<std::size_t>(card)];
    drift_ += e_.drift_weights_[n] * (composition_->drift_sum - static_cast<double>(n) * effect);
    composition_->drift_sum -= effect;
  }
  // The expectation of value(c) over the next card c.
  template <class Value>
  [[gnu::always_inline]] double expected(Value&& value) {
    double sum = 0;
    if constexpr (FOLLOWS_SHOE) {
      follow_reshuffle();
      for (int c = 1; c <= CARD_VALUES; ++c) sum += composition_->count[static_cast<std::size_t>(c)] * value(c);
      return sum / composition_->total;
    } else {
      for (int c = 1; c <= CARD_VALUES; ++c) sum += values_->probabilities()[static_cast<std::size_t>(c)] * value(c);
      return sum;
    }
  }
  // A card whose value to hands [first, last) is value(h, card) (money
  // units; a hand it does not concern gives 0): each hand's seat gets
  // value(h, card) less its expectation before the draw.
  template <class Value>
  [[gnu::always_inline]] std::uint8_t draw_valued(int first, int last, Value&& value) {
    if constexpr (!CONTROLLED) {
      return draw();
    } else {
      std::array<double, MAX_TABLE_HANDS> before;
      for (int h = first; h < last; ++h)
        before[static_cast<std::size_t>(h)] = expected([&](int c) { return value(h, c); });
      const std::uint8_t card = draw();
      for (int h = first; h < last; ++h) {
        control_[seat_of(h)] += value(h, card) - before[static_cast<std::size_t>(h)];
      }
      return card;
    }
  }
  [[gnu::always_inline]] std::size_t seat_of(int h) const {
    return ONE_SEAT ? 0 : static_cast<std::size_t>(hands_[static_cast<std::size_t>(h)].seat >> box_shift_);
  }
  // What the hands know of the dealer (ControlValues::known).
  [[gnu::always_inline]] int known_dealer() const { return ControlValues::known(up_, peek_ ? hole_ : 0); }

  // A card to each box, the dealer's up card, a second card to each box, and
  // (peek games) the dealer's hole card. hands_[b] is box b's initial hand;
  // split hands are appended after the boxes' hands. (The hands are dealt
  // "boxes": one a seat, or two under Blackjack Switch; box b belongs to seat
  // b >> box_shift_.)
  [[gnu::always_inline]] void deal() {
    if constexpr (FOLLOWS_SHOE) {  // the values for this shoe's composition (ControlValues::at)
      if (composition_->drifts != nullptr) {
        follow_reshuffle();
        values_ = &values_->at(
            values_->coordinate_is_drift() ? composition_->drift_sum : composition_->sum_of(values_->coordinate()),
            composition_->total);
      }
    }
    for (int s = 0; s < boxes_; ++s) {
      TableHand& hand = hands_[static_cast<std::size_t>(s)];
      hand.seat = static_cast<std::uint8_t>(s);
      hand.first = draw_valued(s, s + 1, [&](int, int c) { return values_->first(c); });
    }
    up_ = draw_valued(0, boxes_,
                      [&](int h, int c) { return values_->after_up(hands_[static_cast<std::size_t>(h)].first, c); });
    for (int s = 0; s < boxes_; ++s) {
      TableHand& hand = hands_[static_cast<std::size_t>(s)];
      hand.second = draw_valued(s, s + 1, [&](int, int c) { return values_->after_second(hand.first, c, up_); });
      hand.state = two_card_hand(hand.first, hand.second);
      hand.from_split = false;
      hand.insured = false;
      hand.status = best_total(hand.state) == 21 ? HandStatus::natural : HandStatus::live;
      hand.wager = e_.bet_;
      hand.house_stake = 0;
      hand.seat_net = 0;
      if (VARIANTS && e_.rules_.spanish_bonuses) {
        hand.cards = 2;
        hand.first_suit = 0;
        hand.second_suit = 0;
        if constexpr (SUITED) {
          hand.first_suit = static_cast<std::uint8_t>(suit_of(cards_.round_cards()[s]));
          hand.second_suit = static_cast<std::uint8_t>(suit_of(cards_.round_cards()[boxes_ + 1 + s]));
        }
        hand.suits = static_cast<std::uint8_t>((1U << hand.first_suit) | (1U << hand.second_suit));
      }
    }
    hole_ = peek_ ? draw_valued(0, boxes_,
                                [&](int h, int c) {
                                  const TableHand& hand = hands_[static_cast<std::size_t>(h)];
                                  return values_->after_hole(hand.first, hand.second, up_, c);
                                })
                  : 0;
    hand_count_ = boxes_;

    ++tally_.rounds;
    ++tally_.upcard_rounds[static_cast<std::size_t>(up_)];
  }

  // Insurance (by the rules, or by the count's index line) and early
  // surrender, before anything else the dealer does; then the peek.
  [[gnu::always_inline]] void offer_insurance() {
    bool insure = e_.rules_.insurance == Insurance::always;
    if constexpr (COUNTING) {
      if (up_ == ACE) {
        count_->insurance_true_count = e_.fast_true_count(running_now(), static_cast<int>(cards_.remaining()));
        const IndexedChoice& index = e_.indices_.insurance();
        if (index.active) insure = count_->insurance_true_count >= index.index ? index.at_or_above : index.below;
      }
    }
    if (e_.rules_.surrender == Surrender::early) offer_surrender(HandStatus::surrendered_early);
    if (insure && up_ == ACE) {
      for (int s = 0; s < boxes_; ++s) {
        TableHand& hand = hands_[static_cast<std::size_t>(s)];
        if (hand.status == HandStatus::surrendered_early) continue;
        hand.insured = true;
        ++tally_.seats[static_cast<std::size_t>(s >> box_shift_)].insurances;
      }
    }
    dealer_blackjack_ = peek_ && dealer_blackjack_with(hole_);
  }

  // Whether the dealer holds a blackjack with this hole card (in no-hole-card
  // games the hole card is drawn after the players' turn and this is asked then).
  [[gnu::always_inline]] bool dealer_blackjack_with(int hole_card) const {
    return best_total(two_card_hand(up_, hole_card)) == 21;
  }

  // ---- The players' decisions ----

  [[gnu::always_inline]] int pair_card(const TableHand& hand) const {
    return hand.first == hand.second && e_.rules_.split_hands > 1 ? hand.first : 0;
  }
  // Counting: the running count now, from every card seen: all drawn but the
  // hole card (face down in peek games until the dealer plays).
  [[gnu::always_inline]] int running_now() const {
    return count_->running - (peek_ ? e_.tags_[static_cast<std::size_t>(hole_)] : 0);
  }
  // An index cell's side by the true count now; a cell without an active
  // line holds the chart's choice on both sides. (Compiled only for the
  // counted card sources, which know their remaining cards; neither holds
  // more than the shoe, so the unclamped fast form applies.)
  template <class Index>
  [[gnu::always_inline]] auto by_index(const Index& index) const {
    return index.active && e_.fast_true_count_at_least(running_now(), static_cast<int>(cards_.remaining()), index.index)
               ? index.at_or_above
               : index.below;
  }
  [[gnu::always_inline]] bool surrenders(const TableHand& hand) const {
    if constexpr (INDEXED) return by_index(e_.indices_.surrender(hand.state, pair_card(hand), up_));
    return e_.strategy_.surrenders(hand.state, pair_card(hand), up_);
  }
  // Surrender as the chart (and the index plays) say; marks the hands.
  [[gnu::always_inline]] void offer_surrender(HandStatus surrendered_as) {
    for (int s = 0; s < boxes_; ++s) {
      TableHand& hand = hands_[static_cast<std::size_t>(s)];
      if (hand.status == HandStatus::live && surrenders(hand)) hand.status = surrendered_as;
    }
  }
  // The chart's move (or the index play's, by the true count now) for a hand
  // in `state` at `point`, or, if `pair` is nonzero, for a pair of `pair`s
  // that may be split.
  [[gnu::always_inline]] Move decide(DecisionPoint point, HandState state, int pair) const {
    if constexpr (INDEXED) {
      return by_index(pair != 0 ? e_.indices_.pair_move(point, pair, up_) : e_.indices_.move(point, state, up_));
    }
    return pair != 0 ? e_.strategy_.pair_move(point, pair, up_) : e_.strategy_.move(point, state, up_);
  }

  // The suit of the card just drawn (suited sources), for the bonuses.
  [[gnu::always_inline]] unsigned last_suit() const {
    if constexpr (SUITED) return static_cast<unsigned>(suit_of(cards_.round_cards()[cards_.round_size() - 1]));
    return 0;
  }
  // What `hand` is worth in money units for the control variate: its wager
  // times `value` (per unit wager), plus, under Free Bet, its house stake
  // times lose() (its chance to lose: the stake is the player's only then).
  template <class Lose>
  [[gnu::always_inline]] static double staked(const TableHand& hand, double value, Lose&& lose) {
    const double wagered = static_cast<double>(hand.wager) * value;
    return VARIANTS && hand.house_stake != 0 ? wagered + static_cast<double>(hand.house_stake) * lose() : wagered;
  }
  // A card drawn to a hand (its first card is never drawn here), worth
  // value(c) to it (the control variate); under spanish_bonuses its cards and
  // suits are followed.
  template <class Value>
  [[gnu::always_inline]] int take_card(TableHand& hand, Value&& value) {
    const int h = static_cast<int>(&hand - hands_.data());
    const int card = draw_valued(h, h + 1, [&](int, int c) { return value(c); });
    hand.state = add_card(hand.state, card);
    if (VARIANTS && e_.rules_.spanish_bonuses) {
      const unsigned suit = last_suit();
      if (hand.cards == 1) hand.second_suit = static_cast<std::uint8_t>(suit);
      ++hand.cards;
      hand.suits = static_cast<std::uint8_t>(hand.suits | (1U << suit));
    }
    return card;
  }
  // A double: the wager doubles and the hand takes one card; free if the
  // house's (two cards only); under double_rescue the player may then give
  // up the hand for the original bet.
  [[gnu::always_inline]] void double_hand(TableHand& hand, bool two_cards, SeatTally& seat_tally) {
    ++seat_tally.doubles;
    if (VARIANTS && two_cards && e_.rules_.free_double(hand.state))
      hand.house_stake += hand.wager;  // the house matches the hand's bet
    hand.wager *= 2;
    const int known = known_dealer();
    take_card(hand, [&](int c) {
      const HandState after = add_card(hand.state, c);
      if (VARIANTS && ControlValues::rescued(e_.rules_, e_.strategy_, after, up_))
        return -0.5 * static_cast<double>(hand.wager);
      return staked(hand, values_->stand(known, after), [&] { return values_->lose_stand(known, after); });
    });
    if (VARIANTS && ControlValues::rescued(e_.rules_, e_.strategy_, hand.state, up_)) [[unlikely]]
      hand.status = HandStatus::rescued;
  }
  // A hand after its two-card decision `move` (not a split) takes its cards:
  // one for a double; for a hit, cards until the chart stands (it stands on 21
  // and on a bust), or doubles (double_any_cards).
  [[gnu::always_inline]] void finish_hand(TableHand& hand, Move move, SeatTally& seat_tally) {
    if (move == Move::double_down) {
      double_hand(hand, true, seat_tally);
    } else if (move == Move::hit) {
      const int known = known_dealer();
      do {
        take_card(hand, [&](int c) {
          const HandState after = add_card(hand.state, c);
          return staked(hand, values_->more(known, after), [&] { return values_->lose_more(known, after); });
        });
        move = decide(DecisionPoint::more_cards, hand.state, 0);
      } while (move == Move::hit);
      if (VARIANTS && move == Move::double_down) double_hand(hand, false, seat_tally);
    }
    const bool bust = is_bust(hand.state);
    if (bust) hand.status = HandStatus::bust;
    live_hands_ += VARIANTS ? hand.status == HandStatus::live : !bust;
  }
  // Box s's initial hand split: its hands are the initial one, then those
  // its splits append, each deciding again on its two cards (the initial
  // hand's first decision is made again: the same split).
  // (Always inlined: an out-of-line call would take the generator out of registers.)
  [[gnu::always_inline]] void play_split_seat(int s) {
    const Rules& rules = e_.rules_;
    SeatTally& seat_tally = tally_.seats[static_cast<std::size_t>(s >> box_shift_)];
    int seat_hands = 1;
    const int split_from = hand_count_;
    for (int h = s; h == s || h < hand_count_; h = h == s ? split_from : h + 1) {
      TableHand& hand = hands_[static_cast<std::size_t>(h)];
      Move move;
      for (;;) {
        if (hand.second == 0) {  // a split hand takes its second card
          const int known = known_dealer();
          hand.second = static_cast<std::uint8_t>(take_card(hand, [&](int c) {
            return staked(hand, values_->split_hand(known, hand.first, c),
                          [&] { return values_->lose_split_hand(known, hand.first, c); });
          }));
        }
        const bool split_ace = hand.from_split & (hand.first == ACE);
        const bool can_split =
            (hand.first == hand.second) & (seat_hands < rules.split_hands) & (!split_ace | rules.resplit_aces);
        move = decide(hand.from_split ? DecisionPoint::split_two : DecisionPoint::first_two, hand.state,
                      can_split ? hand.first : 0);
        if (move != Move::split) {
          if (split_ace && !rules.hit_split_aces) move = Move::stand;  // one card to each split ace
          break;
        }
        ++seat_hands;
        ++seat_tally.splits;
        TableHand& other = hands_[static_cast<std::size_t>(hand_count_++)];
        other = hand;
        other.state = add_card(EMPTY_HAND, hand.first);
        other.second = 0;
        other.from_split = true;
        other.insured = false;
        other.house_stake = VARIANTS && rules.free_split(hand.first) ? e_.bet_ : 0;  // a free split: the house's bet
        hand.state = other.state;
        hand.second = 0;
        hand.from_split = true;
        if (VARIANTS && rules.spanish_bonuses) {  // each keeps one card: the other takes the second
          other.first_suit = hand.second_suit;
          other.suits = static_cast<std::uint8_t>(1U << other.first_suit);
          hand.suits = static_cast<std::uint8_t>(1U << hand.first_suit);
          hand.cards = other.cards = 1;
        }
      }
      finish_hand(hand, move, seat_tally);
    }
  }

  // The players' turn when the dealer has no blackjack: Blackjack Switch's
  // exchange, late surrender, then each box's hand by the chart.
  [[gnu::always_inline]] void play_hands() {
    // Blackjack Switch: each seat exchanges its hands' second cards when the
    // analyzer's values of the exchanged hands sum higher; a 21 made so is
    // not a natural.
    if (VARIANTS && e_.rules_.switch_hands) [[unlikely]] {
      for (int b = 0; b < boxes_; b += 2) {
        TableHand& one = hands_[static_cast<std::size_t>(b)];
        TableHand& two = hands_[static_cast<std::size_t>(b + 1)];
        if (!e_.switch_values_->switches(one.first, one.second, two.first, two.second, up_)) continue;
        std::swap(one.second, two.second);
        for (TableHand* hand : {&one, &two}) {
          hand->state = two_card_hand(hand->first, hand->second);
          hand->status = HandStatus::live;
        }
      }
    }
    if (e_.rules_.surrender == Surrender::late) offer_surrender(HandStatus::surrendered);
    for (int s = 0; s < boxes_; ++s) {
      TableHand& hand = hands_[static_cast<std::size_t>(s)];
      if (hand.status != HandStatus::live) continue;
      const Move move = decide(DecisionPoint::first_two, hand.state, pair_card(hand));
      if (move == Move::split) [[unlikely]] {
        play_split_seat(s);
      } else {
        finish_hand(hand, move, tally_.seats[static_cast<std::size_t>(s >> box_shift_)]);
      }
    }
  }

  // ---- The dealer ----

  // No hole card yet in no-hole-card games; draws only while some hand still
  // needs the dealer's total.
  // A card the dealer draws in play, worth to each live hand its wager times
  // its value against the dealer's new hand.
  [[gnu::always_inline]] int dealer_draw() {
    return draw_valued(0, hand_count_, [&](int h, int c) {
      const TableHand& hand = hands_[static_cast<std::size_t>(h)];
      if (hand.status != HandStatus::live) return 0.0;
      return staked(hand, values_->against_after(hand.state, dealer_, c),
                    [&] { return values_->lose_against_after(hand.state, dealer_, c); });
    });
  }
  // The hole card of a no-hole-card game, worth to each hand what it settles
  // against a dealer blackjack, or its value against the dealer's two cards.
  [[gnu::always_inline]] int enhc_hole_card() {
    const bool original_bets_only = e_.rules_.hole_card == HoleCard::enhc_obo;
    return draw_valued(0, hand_count_, [&](int h, int c) {
      const TableHand& hand = hands_[static_cast<std::size_t>(h)];
      const bool blackjack = dealer_blackjack_with(c);
      const auto wager = static_cast<double>(hand.wager);
      switch (hand.status) {
        case HandStatus::live:
        case HandStatus::bust:
          if (blackjack) return original_bets_only ? (h == hand.seat ? -static_cast<double>(e_.bet_) : 0.0) : -wager;
          return wager * values_->against(hand.state, two_card_hand(up_, c));
        case HandStatus::natural:
          return static_cast<double>(blackjack && !e_.rules_.blackjack_beats_blackjack ? 0 : e_.blackjack_win_);
        case HandStatus::surrendered: return blackjack ? -wager : -static_cast<double>(e_.half_bet_);
        default: return 0.0;
      }
    });
  }

  [[gnu::always_inline]] void play_dealer() {
    const Rules& rules = e_.rules_;
    if (!peek_) {
      hole_ = enhc_hole_card();
      dealer_blackjack_ = dealer_blackjack_with(hole_);
    }
    dealer_ = two_card_hand(up_, hole_);
    if constexpr (SUITED) dealer_from_ = cards_.round_size();
    auto& finals = tally_.dealer_final[static_cast<std::size_t>(up_)];
    if (dealer_blackjack_) {
      ++tally_.dealer_blackjacks;
      ++finals[static_cast<std::size_t>(DealerFinal::blackjack)];
    } else if (live_hands_ > 0) {
      if (VARIANTS && rules.dealer_22_pushes) [[unlikely]] {
        // A bust comes from a hard total (a soft one cannot bust on one card):
        // the exact total is the last hard total plus the last card.
        int last_hard = 0;
        int last_card = 0;
        while (!e_.dealer_stands_[dealer_]) {
          last_hard = low_total(dealer_);
          last_card = dealer_draw();
          dealer_ = add_card(dealer_, last_card);
        }
        dealer_22_ = is_bust(dealer_) && last_hard + last_card == BUST_TOTAL;
      } else {
        while (!e_.dealer_stands_[dealer_]) dealer_ = add_card(dealer_, dealer_draw());
      }
      ++finals[DEALER_FINAL_OF[dealer_]];
    } else if (SUITED && e_.dealer_plays_out_) {
      // A bet on the dealer's final hand is on: the dealer plays out with real
      // cards, as that game's rules say (a hand no player needed, as below).
      while (!e_.dealer_stands_[dealer_]) dealer_ = add_card(dealer_, draw());
      ++tally_.dealer_final_unneeded[static_cast<std::size_t>(up_)][DEALER_FINAL_OF[dealer_]];
    } else {
      // No hand needs the dealer: the hand is completed for the statistics
      // only, in dealer_final_unneeded (unless a stacked round's cards end).
      const HandState completed = e_.dealer_stands_[dealer_] ? dealer_ : e_.play_out_unneeded(cards_, rng_, dealer_);
      if (e_.dealer_stands_[completed])
        ++tally_.dealer_final_unneeded[static_cast<std::size_t>(up_)][DEALER_FINAL_OF[completed]];
    }
  }

  // ---- The settlement ----

  // Hand by hand into each box's initial hand's seat_net, then seat by seat
  // (insurance) into the tally; the side bets last.
  [[gnu::always_inline]] void settle() {
    const Rules& rules = e_.rules_;
    // What a played hand is compared with: the dealer's total, 0 if busted
    // (every standing hand beats it), 22 for a blackjack (every hand loses to
    // it). A busted hand scores -1: it loses whatever the dealer has.
    const int dealer_score = dealer_blackjack_ ? BUST_TOTAL : DEALER_SCORES[dealer_];
    // A dealer blackjack (in peek games it ends the round before anyone
    // plays) takes every wager of a hand that is neither a natural nor
    // surrendered; under OBO only one original bet per seat, charged to the
    // seat's initial hand hands_[seat], while its split hands and doubles are
    // returned (pushes).
    const bool original_bets_only = rules.hole_card == HoleCard::enhc_obo;
    for (int h = 0; h < hand_count_; ++h) {
      const TableHand& hand = hands_[static_cast<std::size_t>(h)];
      const std::size_t seat = ONE_SEAT ? 0 : hand.seat;  // the box
      SeatTally& seat_tally = tally_.seats[seat >> box_shift_];
      std::int64_t result = 0;
      if (hand.status == HandStatus::live || hand.status == HandStatus::bust) [[likely]] {
        const int difference = PLAYER_SCORES[hand.state] - dealer_score;
        result = hand.wager * ((difference > 0) - (difference < 0));
        if (VARIANTS && dealer_22_ && hand.status == HandStatus::live) result = 0;
        if (VARIANTS && rules.player_21_wins && hand.status == HandStatus::live && best_total(hand.state) == 21 &&
            !dealer_blackjack_) [[unlikely]] {
          result = hand.wager;
        }
        if (VARIANTS && rules.spanish_bonuses && result > 0 && hand.wager == e_.bet_ && best_total(hand.state) == 21)
            [[unlikely]] {
          result = e_.bonus_21_units_[static_cast<std::size_t>(bonus_of(hand))];
        }
        if (original_bets_only && dealer_blackjack_) result = h == hand.seat ? -e_.bet_ : 0;
        seat_tally.busts += hand.status == HandStatus::bust;
        seat_tally.wins += result > 0;
        seat_tally.losses += result < 0;  // a lost hand, even if its bets were all free
        if (VARIANTS && result < 0) result += hand.house_stake;
      } else if (hand.status == HandStatus::natural) {
        ++seat_tally.blackjacks;
        result = dealer_blackjack_ && !(VARIANTS && rules.blackjack_beats_blackjack) ? 0 : e_.blackjack_win_;
        seat_tally.wins += result > 0;
      } else if (VARIANTS && hand.status == HandStatus::rescued) {  // counted as a surrender
        ++seat_tally.surrenders;
        result = -hand.wager / 2;
      } else {  // surrendered: counted apart, not as a loss
        ++seat_tally.surrenders;
        // Late surrender in a no-hole-card game does not escape a dealer blackjack.
        result = hand.status == HandStatus::surrendered && dealer_blackjack_ ? -hand.wager : -e_.half_bet_;
      }
      hands_[seat].seat_net += result;
      if constexpr (COUNTING) count_->wagered += hand.wager;
    }

    std::int64_t table = 0;
    [[maybe_unused]] std::int64_t table_control = 0;
    [[maybe_unused]] std::int64_t round_control = 0;  // without the drift term: the count's tallies
    [[maybe_unused]] const double seat_drift = drift_ * (1 << box_shift_);
    for (int s = 0; s < seats_; ++s) {
      SeatTally& seat_tally = tally_.seats[static_cast<std::size_t>(s)];
      std::int64_t seat_net = 0;
      for (int b = s << box_shift_; b < (s + 1) << box_shift_; ++b) {  // the seat's boxes
        TableHand& initial = hands_[static_cast<std::size_t>(b)];
        if (initial.insured) {
          seat_tally.insurance_wins += dealer_blackjack_;
          initial.seat_net += dealer_blackjack_ ? e_.bet_ : -e_.half_bet_;  // half a bet at 2:1
          if constexpr (COUNTING) count_->wagered += e_.half_bet_;
        }
        seat_net += initial.seat_net;
      }
      seat_tally.net += seat_net;
      seat_tally.net_squared += seat_net * seat_net;
      table += seat_net;
      if constexpr (CONTROLLED) {
        if constexpr (COUNTING) round_control += std::llround(control_[static_cast<std::size_t>(s)] * CONTROL_ONE);
        const std::int64_t control = std::llround((control_[static_cast<std::size_t>(s)] + seat_drift) * CONTROL_ONE);
        const WideSum controlled = static_cast<WideSum>(seat_net) * CONTROL_ONE_INT - control;
        tally_.control.seat_control[static_cast<std::size_t>(s)] += control;
        tally_.control.seat_controlled_squared[static_cast<std::size_t>(s)] += controlled * controlled;
        table_control += control;
      }
    }
    if constexpr (CONTROLLED) settle_control(table, table_control);
    // (hands, pushes, wagers and the table's net: add_derived_counts)
    if (seats_ > 1) tally_.table_net_squared += table * table;
    if constexpr (COUNTING) {
      count_->upcard = up_;
      count_->hole = hole_;
      count_->net = table;
      if constexpr (CONTROLLED) count_->control = round_control;
    }
    if constexpr (SUITED) {
      if (!e_.side_bets_.empty())
        e_.settle_side_bets(cards_.round_cards(), cards_.round_size(), dealer_from_, seats_, dealer_, tally_);
    }
  }

  // The table's controlled result into the control tally: its square and
  // the fourth powers of the variance reduction factor's standard error.
  static constexpr double CONTROL_ONE = 0x1p32;  // 2^CONTROL_FRACTION_BITS
  static constexpr std::int64_t CONTROL_ONE_INT = std::int64_t{1} << CONTROL_FRACTION_BITS;
  [[gnu::always_inline]] void settle_control(std::int64_t table, std::int64_t table_control) {
    static_assert(CONTROL_FRACTION_BITS == 32);
    ControlTally& t = tally_.control;
    const WideSum controlled = static_cast<WideSum>(table) * CONTROL_ONE_INT - table_control;
    ++t.rounds;
    t.table_control += table_control;
    t.table_controlled_squared += controlled * controlled;
    // The controlled result to 2^-CONTROL_FOURTH_BITS units, rounded.
    const auto coarse =
        static_cast<std::int64_t>((controlled + (WideSum{1} << (CONTROL_FRACTION_BITS - CONTROL_FOURTH_BITS - 1))) >>
                                  (CONTROL_FRACTION_BITS - CONTROL_FOURTH_BITS));
    const WideSum net_squared = static_cast<WideSum>(table) * table;
    const WideSum coarse_squared = static_cast<WideSum>(coarse) * coarse;
    t.table_net_fourth += net_squared * net_squared;
    t.table_controlled_fourth += coarse_squared * coarse_squared;
    t.table_net_squared_controlled_squared += net_squared * coarse_squared;
  }

  const EngineCore& e_;
  CardSource& cards_;
  core::Rng& rng_;
  Tally& tally_;
  [[maybe_unused]] RoundCount* count_;
  [[maybe_unused]] Composition* composition_;
  [[maybe_unused]] const ControlValues* values_;
  [[maybe_unused]] std::array<double, ONE_SEAT ? 1 : MAX_SEATS> control_{};  // the seats' controls this round
  [[maybe_unused]] double drift_ = 0;  // the round's drift term, per box (follow_drift)
  const int seats_;
  const int box_shift_;
  const int boxes_;
  const bool peek_;
  int up_ = 0;
  int hole_ = 0;
  int hand_count_ = 0;
  int live_hands_ = 0;  // hands still needing the dealer's total
  bool dealer_blackjack_ = false;
  bool dealer_22_ = false;  // dealer_22_pushes: the dealer drew to exactly 22
  HandState dealer_ = EMPTY_HAND;
  std::uint32_t dealer_from_ = 0;                 // side bets: where the dealer's hits start in the round's cards
  std::array<TableHand, MAX_TABLE_HANDS> hands_;  // not zeroed: see TableHand
};

template <class CardSource, bool COUNTING, bool INDEXED, bool ONE_SEAT, bool CONTROLLED>
inline void EngineCore::play_round(CardSource& cards, core::Rng& rng, Tally& tally, RoundCount* count,
                                   Composition* composition) const {
  Round<CardSource, COUNTING, INDEXED, ONE_SEAT, CONTROLLED>(*this, cards, rng, tally, count, composition).play();
}

}  // namespace cardsim::blackjack
