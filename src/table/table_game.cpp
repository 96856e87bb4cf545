#include "cardsim/blackjack/table_game.hpp"

#include <optional>
#include <utility>

#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {
namespace {

// The stream of display faces: a salt mixed with the seed, unrelated to the
// dealing stream (chunk_rng), so faces never change the cards dealt.
constexpr std::uint64_t FACE_STREAM_SALT = 0x66616365'73747265ULL;  // "facestre"

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool is_blackjack(int up, int hole) { return (up == ACE && hole == TEN) || (up == TEN && hole == ACE); }

}  // namespace

// Where cards come from, and their display faces.
struct TableGame::Source {
  core::Rng rng;
  // As Engine::play_rounds: every shoe (every round of an infinite deck) deals
  // from its own piece of the stream, SHOE_STRIDE_LOG2 apart (core/rng.hpp).
  core::Rng next_shoe;
  core::Rng::Jump shoe_stride{};
  std::optional<core::Shoe> shoe;  // finite shoes
  bool stacked = false;
  std::vector<std::uint8_t> cards;  // stacked games
  std::size_t next = 0;
  bool started = false;  // the first shuffle happened
  std::uint64_t exhaustion_seen = 0;
  core::Rng face_rng;
  // Faces of each (rank, suit) left in a finite shoe, index (rank - 1) * SUITS + suit.
  std::array<int, RANKS * SUITS> faces_left{};
  bool track_faces = false;
  int decks = 1;

  void start_stream() {
    rng = next_shoe;
    next_shoe.jump(shoe_stride);
  }

  void refill_faces() { faces_left.fill(decks); }
  void remove_face(const TableCard& card) {
    int& left = faces_left[at((card.rank - 1) * SUITS + card.suit)];
    if (left > 0) --left;
  }

  // A face for a card of `value`: uniform over the faces of that value left
  // (finite shoes) or over all faces of that value.
  TableCard face(std::uint8_t value) {
    const int first_rank = value;
    const int last_rank = value < TEN ? value : RANKS;
    int total = 0;
    if (track_faces) {
      for (int r = first_rank; r <= last_rank; ++r) {
        for (int s = 0; s < SUITS; ++s) total += faces_left[at((r - 1) * SUITS + s)];
      }
      if (total == 0) {
        refill_faces();
        return face(value);
      }
    } else {
      total = (last_rank - first_rank + 1) * SUITS;
    }
    auto pick = static_cast<int>(core::bounded(face_rng, static_cast<std::uint32_t>(total)));
    for (int r = first_rank; r <= last_rank; ++r) {
      for (int s = 0; s < SUITS; ++s) {
        const int weight = track_faces ? faces_left[at((r - 1) * SUITS + s)] : 1;
        if (pick < weight) {
          const TableCard card{value, static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(s)};
          if (track_faces) remove_face(card);
          return card;
        }
        pick -= weight;
      }
    }
    return TableCard{value, static_cast<std::uint8_t>(first_rank), SPADES};  // unreachable
  }
};

TableGame::TableGame(const Rules& rules, const TableSetup& setup)
    : rules_(rules),
      source_(std::make_unique<Source>()),
      money_per_chip_(rules.bet_units()),
      bet_(setup.bet * rules.bet_units()),
      half_bet_(bet_ / 2),
      blackjack_win_(setup.bet * rules.blackjack_win_units()),
      bankroll_(setup.bankroll * rules.bet_units()) {
  if (setup.bet < 1) throw Error("the bet must be at least 1 chip");
  if (setup.bankroll < 0) throw Error("the bankroll cannot be negative");
  if (rules.seats < 1 || rules.seats > MAX_SEATS) throw Error("seats must be 1.." + std::to_string(MAX_SEATS));
  if (rules.settlement_variants() || rules.remove_tens_per_deck != 0) {
    throw Error("the table game does not deal the variant rules (dealer_22_pushes, free_double, free_split, "
                "remove_tens_per_deck, player_21_wins, blackjack_beats_blackjack, double_any_cards, double_rescue, "
                "spanish_bonuses) yet; use `cardsim sim` or `cardsim analyze` for them");
  }
  if (rules.switch_hands) {
    throw Error("the table game does not deal Blackjack Switch (switch) yet; use `cardsim sim` or `cardsim analyze`");
  }
  Source& src = *source_;
  src.rng = core::chunk_rng(setup.seed, core::StreamPurpose::blackjack_chunk, 0);
  src.next_shoe = src.rng;
  src.shoe_stride = src.rng.jump_of(std::uint64_t{1} << core::SHOE_STRIDE_LOG2);
  src.face_rng = core::Rng(core::splitmix64(setup.seed ^ FACE_STREAM_SALT));
  if (!rules.infinite()) {
    src.shoe.emplace(shoe_values(rules.decks), rules.cut_card_position(), rules.burn_cards);
    src.track_faces = true;
    src.decks = rules.decks;
    src.refill_faces();
  }
}

TableGame::TableGame(const Rules& rules, const TableSetup& setup, std::vector<std::uint8_t> cards)
    : TableGame(rules, setup) {
  Source& src = *source_;
  src.shoe.reset();
  src.track_faces = false;
  src.stacked = true;
  src.cards = std::move(cards);
  for (const std::uint8_t v : src.cards) {
    if (v < 1 || v > TEN) throw Error("stacked cards must be values 1..10");
  }
}

TableGame::~TableGame() = default;
TableGame::TableGame(TableGame&&) noexcept = default;
TableGame& TableGame::operator=(TableGame&&) noexcept = default;

TableCard TableGame::draw() {
  Source& src = *source_;
  std::uint8_t value = 0;
  if (src.stacked) {
    if (src.next == src.cards.size()) {
      throw Error("stacked game: the round needs more than " + std::to_string(src.cards.size()) + " cards");
    }
    value = src.cards[src.next++];
  } else if (rules_.infinite()) {
    value = draw_infinite(src.rng);
  } else {
    value = src.shoe->draw(src.rng);
    if (src.shoe->exhaustion_reshuffles() != src.exhaustion_seen) {
      // The discards went back in: every face is in the shoe again but those
      // on the table.
      src.exhaustion_seen = src.shoe->exhaustion_reshuffles();
      ran_out_this_round_ = true;
      src.refill_faces();
      for (const TableCard& card : dealer_) src.remove_face(card);
      for (const TableSeat& seat : seats_) {
        for (const PlayerHand& hand : seat.hands) {
          for (const TableCard& card : hand.cards) src.remove_face(card);
        }
      }
    }
  }
  return src.face(value);
}

void TableGame::start_shoe() {
  Source& src = *source_;
  shuffled_this_round_ = false;
  burned_this_round_ = 0;
  ran_out_this_round_ = false;
  if (!src.stacked && rules_.infinite()) src.start_stream();
  if (!src.shoe) return;
  // As Engine::play_chunk: shuffle before the first round, after the round in
  // which the cut card came out, or every round.
  if (!src.started || rules_.reshuffle == Reshuffle::every_round || src.shoe->cut_card_out()) {
    src.started = true;
    src.start_stream();
    src.shoe->shuffle(src.rng);
    src.refill_faces();
    shuffled_this_round_ = true;
    burned_this_round_ = static_cast<int>(src.shoe->dealt());
    for (int i = 0; i < burned_this_round_; ++i) src.face(src.shoe->dealt_cards()[i]);
  }
  src.shoe->begin_round();
}

bool TableGame::can_deal() const { return phase_ == TablePhase::between_rounds && available() >= bet_ * rules_.seats; }

void TableGame::deal() {
  if (phase_ != TablePhase::between_rounds) throw Error("a round is in progress");
  if (!can_deal()) throw Error("not enough chips for the bets");
  start_shoe();
  round_ = Tally{};
  seats_.assign(at(rules_.seats), TableSeat{});
  dealer_.clear();
  hole_shown_ = peeked_ = dealer_blackjack_ = dealer_played_ = false;
  on_table_ = bet_ * rules_.seats;

  // The deal, in the engine's order.
  for (TableSeat& seat : seats_) {
    PlayerHand hand;
    hand.cards.push_back(draw());
    hand.wager = bet_;
    seat.hands.push_back(std::move(hand));
  }
  dealer_.push_back(draw());
  for (TableSeat& seat : seats_) {
    PlayerHand& hand = seat.hands.front();
    hand.cards.push_back(draw());
    hand.state = two_card_hand(hand.cards[0].value, hand.cards[1].value);
    if (best_total(hand.state) == 21) {
      hand.status = PlayedHandStatus::natural;
      hand.finished = true;
    }
  }
  dealer_state_ = add_card(EMPTY_HAND, upcard());
  if (rules_.hole_card == HoleCard::peek) {
    dealer_.push_back(draw());
    dealer_state_ = add_card(dealer_state_, dealer_[1].value);
  }
  ++round_.rounds;
  ++round_.upcard_rounds[at(upcard())];
  step_ = Step::early_surrender;
  seat_ = 0;
  hand_ = 0;
  advance();
}

bool TableGame::early_surrender_phase() const {
  return rules_.surrender == Surrender::early && (upcard() == ACE || upcard() == TEN);
}

bool TableGame::split_aces_stand(const PlayerHand& hand) const {
  return hand.from_split && hand.cards.front().value == ACE && !rules_.hit_split_aces;
}

bool TableGame::can_split(const TableSeat& seat, const PlayerHand& hand) const {
  const bool split_ace = hand.from_split && hand.cards.front().value == ACE;
  return hand.cards.size() == 2 && hand.cards[0].value == hand.cards[1].value &&
         static_cast<int>(seat.hands.size()) < rules_.split_hands && (!split_ace || rules_.resplit_aces) &&
         available() >= bet_;
}

bool TableGame::can_double(const PlayerHand& hand) const {
  return hand.cards.size() == 2 && may_double_after_split(rules_, hand.from_split, hand.state) &&
         available() >= hand.wager;
}

bool TableGame::can_surrender(const TableSeat& seat, const PlayerHand& hand) const {
  return rules_.surrender != Surrender::none && !early_surrender_phase() && seat.hands.size() == 1 &&
         !hand.from_split && hand.cards.size() == 2;
}

void TableGame::advance() {
  const int seat_count = rules_.seats;
  for (;;) {
    switch (step_) {
      case Step::early_surrender:
        if (early_surrender_phase()) {
          for (; seat_ < seat_count; ++seat_) {
            if (seats_[at(seat_)].hands.front().status == PlayedHandStatus::live) {
              phase_ = TablePhase::early_surrender;
              return;
            }
          }
        }
        step_ = Step::insurance;
        seat_ = 0;
        break;
      case Step::insurance:
        if (upcard() == ACE) {
          for (; seat_ < seat_count; ++seat_) {
            if (seats_[at(seat_)].hands.front().status != PlayedHandStatus::surrendered_early &&
                available() >= half_bet_) {
              phase_ = TablePhase::insurance;
              return;
            }
          }
        }
        step_ = Step::peek;
        break;
      case Step::peek:
        step_ = Step::players;
        seat_ = 0;
        hand_ = 0;
        if (rules_.hole_card == HoleCard::peek && (upcard() == ACE || upcard() == TEN)) {
          peeked_ = true;
          if (is_blackjack(upcard(), dealer_[1].value)) {
            dealer_blackjack_ = true;
            step_ = Step::dealer;
          }
        }
        break;
      case Step::players: {
        if (seat_ == seat_count) {
          step_ = Step::dealer;
          break;
        }
        TableSeat& seat = seats_[at(seat_)];
        if (hand_ == static_cast<int>(seat.hands.size())) {
          ++seat_;
          hand_ = 0;
          break;
        }
        PlayerHand& hand = seat.hands[at(hand_)];
        if (hand.cards.size() == 1) {  // a split hand takes its second card
          hand.cards.push_back(draw());
          hand.state = add_card(hand.state, hand.cards.back().value);
        }
        if (!hand.finished && (hand.status != PlayedHandStatus::live || best_total(hand.state) == 21 ||
                               (split_aces_stand(hand) && !can_split(seat, hand)))) {
          hand.finished = true;
        }
        if (hand.finished) {
          ++hand_;
          break;
        }
        phase_ = TablePhase::player;
        return;
      }
      case Step::dealer:
        play_dealer();
        settle();
        return;
      case Step::done: return;
    }
  }
}

void TableGame::play_dealer() {
  const int up = upcard();
  if (rules_.hole_card != HoleCard::peek) {
    dealer_.push_back(draw());
    dealer_state_ = add_card(dealer_state_, dealer_[1].value);
    dealer_blackjack_ = is_blackjack(up, dealer_[1].value);
  }
  hole_shown_ = true;
  int live_hands = 0;
  for (const TableSeat& seat : seats_) {
    for (const PlayerHand& hand : seat.hands) live_hands += hand.status == PlayedHandStatus::live;
  }
  auto& finals = round_.dealer_final[at(up)];
  if (dealer_blackjack_) {
    ++round_.dealer_blackjacks;
    ++finals[static_cast<std::size_t>(DealerFinal::blackjack)];
  } else if (live_hands > 0) {
    while (!dealer_stands(dealer_state_, rules_.h17)) {
      dealer_.push_back(draw());
      dealer_state_ = add_card(dealer_state_, dealer_.back().value);
    }
    dealer_played_ = true;
    ++finals[static_cast<std::size_t>(dealer_final(dealer_state_))];
  } else {
    complete_unneeded_dealer();
  }
}

// As Engine::play_out_unneeded: the dealer's hand of a round that did
// not need it, completed for the statistics only from cards that go back (and
// a copy of the generator), into round_.dealer_final_unneeded. The table shows
// the dealer's hand as it is; a stacked game whose cards end first tallies
// nothing.
void TableGame::complete_unneeded_dealer() {
  Source& src = *source_;
  HandState dealer = dealer_state_;
  auto take = [&](std::uint8_t card) {
    dealer = add_card(dealer, card);
    return !dealer_stands(dealer, rules_.h17);
  };
  if (!dealer_stands(dealer, rules_.h17)) {
    if (src.stacked) {
      for (std::size_t i = src.next; i < src.cards.size() && take(src.cards[i]); ++i) {
      }
    } else if (rules_.infinite()) {
      core::Rng rng = src.rng;
      while (take(draw_infinite(rng))) {
      }
    } else {
      src.shoe->lookahead().look(src.rng, take);
    }
  }
  if (dealer_stands(dealer, rules_.h17))
    ++round_.dealer_final_unneeded[at(upcard())][static_cast<std::size_t>(dealer_final(dealer))];
}

// Settlement exactly as Engine::play_round's, into round_, then the bankroll.
void TableGame::settle() {
  const int dealer_total = is_bust(dealer_state_) ? 0 : best_total(dealer_state_);
  std::int64_t table = 0;
  for (int s = 0; s < rules_.seats; ++s) {
    TableSeat& seat = seats_[at(s)];
    SeatTally& seat_tally = round_.seats[at(s)];
    std::int64_t net = 0;
    for (std::size_t h = 0; h < seat.hands.size(); ++h) {
      PlayerHand& hand = seat.hands[h];
      ++seat_tally.hands;
      seat_tally.wagered += hand.wager;
      std::int64_t result = 0;
      switch (hand.status) {
        case PlayedHandStatus::natural:
          ++seat_tally.blackjacks;
          result = dealer_blackjack_ ? 0 : blackjack_win_;
          break;
        case PlayedHandStatus::surrendered: result = dealer_blackjack_ ? -hand.wager : -half_bet_; break;
        case PlayedHandStatus::surrendered_early: result = -half_bet_; break;
        case PlayedHandStatus::bust:
          ++seat_tally.busts;
          result = -hand.wager;
          break;
        case PlayedHandStatus::live: {
          const int difference = best_total(hand.state) - dealer_total;
          result = hand.wager * ((difference > 0) - (difference < 0));
          break;
        }
      }
      const bool surrendered =
          hand.status == PlayedHandStatus::surrendered || hand.status == PlayedHandStatus::surrendered_early;
      const bool lost_to_blackjack = dealer_blackjack_ && hand.status != PlayedHandStatus::natural;
      if (lost_to_blackjack && !surrendered) {
        result = rules_.hole_card == HoleCard::enhc_obo ? (h == 0 ? -bet_ : 0) : -hand.wager;
      }
      // Surrendered hands are counted apart; under OBO a split hand returned
      // at a dealer blackjack is a push, as in the engine.
      seat_tally.surrenders += surrendered;
      seat_tally.wins += !surrendered && result > 0;
      seat_tally.pushes += !surrendered && result == 0;
      seat_tally.losses += !surrendered && result < 0;
      hand.result = result;
      net += result;
    }
    if (seat.insured) {
      seat_tally.wagered += half_bet_;
      seat_tally.insurance_wins += dealer_blackjack_;
      seat.insurance_result = dealer_blackjack_ ? bet_ : -half_bet_;
      net += seat.insurance_result;
    }
    seat.net = net;
    seat_tally.net += net;
    seat_tally.net_squared += net * net;
    table += net;
  }
  round_.table_net += table;
  round_.table_net_squared += table * table;
  tally_.merge(round_);
  bankroll_ += table;
  on_table_ = 0;
  last_round_net_ = table;
  phase_ = TablePhase::between_rounds;
  step_ = Step::done;
}

ActionSet TableGame::legal_actions() const {
  ActionSet set;
  switch (phase_) {
    case TablePhase::between_rounds: break;
    case TablePhase::early_surrender:
      set.add(Action::surrender);
      set.add(Action::decline);
      break;
    case TablePhase::insurance:
      set.add(Action::insure);
      set.add(Action::decline);
      break;
    case TablePhase::player: {
      const TableSeat& seat = seats_[at(seat_)];
      const PlayerHand& hand = seat.hands[at(hand_)];
      set.add(Action::stand);
      if (can_split(seat, hand)) set.add(Action::split);
      if (split_aces_stand(hand)) break;
      set.add(Action::hit);
      if (can_double(hand)) set.add(Action::double_down);
      if (can_surrender(seat, hand)) set.add(Action::surrender);
      break;
    }
  }
  return set;
}

std::string TableGame::why_not(Action action) const {
  if (legal_actions().contains(action)) return "";
  switch (phase_) {
    case TablePhase::between_rounds: return "no round in progress: deal first";
    case TablePhase::early_surrender: return "first answer early surrender: surrender or decline";
    case TablePhase::insurance: return "first answer insurance: insure or decline";
    case TablePhase::player: break;
  }
  const TableSeat& seat = seats_[at(seat_)];
  const PlayerHand& hand = seat.hands[at(hand_)];
  const bool split_ace = hand.from_split && hand.cards.front().value == ACE;
  switch (action) {
    case Action::insure:
    case Action::decline: return "insurance is offered only against a dealer's ace, before play";
    case Action::hit: return "split aces take one card each at this table";
    case Action::double_down:
      if (split_ace && !rules_.hit_split_aces) return "split aces take one card each at this table";
      if (hand.cards.size() != 2) return "you can double only on your first two cards";
      if (hand.from_split && !rules_.double_after_split) return "this table allows no double after a split";
      switch (rules_.double_rule) {
        case DoubleRule::nine_to_eleven: return "this table allows doubling on hard 9, 10 and 11 only";
        case DoubleRule::ten_to_eleven: return "this table allows doubling on hard 10 and 11 only";
        case DoubleRule::none: return "this table allows no doubling";
        default: break;
      }
      return "not enough chips to double";
    case Action::split:
      if (hand.cards.size() != 2 || hand.cards[0].value != hand.cards[1].value) {
        return "you can split only two cards of the same value";
      }
      if (rules_.split_hands <= 1) return "this table allows no splitting";
      if (static_cast<int>(seat.hands.size()) >= rules_.split_hands) {
        return "this table allows at most " + std::to_string(rules_.split_hands) + " hands by splitting";
      }
      if (split_ace && !rules_.resplit_aces) return "split aces cannot be split again at this table";
      return "not enough chips to split";
    case Action::surrender:
      if (rules_.surrender == Surrender::none) return "this table offers no surrender";
      if (early_surrender_phase()) return "early surrender was offered before the dealer checked; it is past";
      return "you can surrender only as the first decision on your first two cards";
    case Action::stand: break;
  }
  return "not allowed now";
}

void TableGame::act(Action action) {
  const std::string reason = why_not(action);
  if (!reason.empty()) throw Error(reason);
  switch (phase_) {
    case TablePhase::between_rounds: return;
    case TablePhase::early_surrender:
      if (action == Action::surrender) {
        PlayerHand& hand = seats_[at(seat_)].hands.front();
        hand.status = PlayedHandStatus::surrendered_early;
        hand.finished = true;
      }
      ++seat_;
      advance();
      return;
    case TablePhase::insurance:
      if (action == Action::insure) {
        seats_[at(seat_)].insured = true;
        on_table_ += half_bet_;
        ++round_.seats[at(seat_)].insurances;
      }
      ++seat_;
      advance();
      return;
    case TablePhase::player: break;
  }
  TableSeat& seat = seats_[at(seat_)];
  PlayerHand& hand = seat.hands[at(hand_)];
  SeatTally& seat_tally = round_.seats[at(seat_)];
  switch (action) {
    case Action::stand: hand.finished = true; break;
    case Action::surrender:
      hand.status =
          rules_.surrender == Surrender::early ? PlayedHandStatus::surrendered_early : PlayedHandStatus::surrendered;
      hand.finished = true;
      break;
    case Action::hit:
    case Action::double_down:
      if (action == Action::double_down) {
        ++seat_tally.doubles;
        on_table_ += hand.wager;
        hand.wager *= 2;
        hand.doubled = true;
        hand.finished = true;
      }
      hand.cards.push_back(draw());
      hand.state = add_card(hand.state, hand.cards.back().value);
      if (is_bust(hand.state)) {
        hand.status = PlayedHandStatus::bust;
        hand.finished = true;
      } else if (best_total(hand.state) == 21) {
        hand.finished = true;
      }
      break;
    case Action::split: {
      ++seat_tally.splits;
      on_table_ += bet_;
      PlayerHand other;
      other.cards.push_back(hand.cards[1]);
      other.state = add_card(EMPTY_HAND, hand.cards[1].value);
      other.from_split = true;
      other.wager = hand.wager;
      hand.cards.pop_back();
      hand.state = other.state;
      hand.from_split = true;
      seat.hands.push_back(std::move(other));  // `hand` is not used after this
      break;
    }
    case Action::insure:
    case Action::decline: break;
  }
  advance();
}

void TableGame::abandon_round() {
  if (phase_ == TablePhase::between_rounds) return;
  on_table_ = 0;
  round_ = Tally{};
  phase_ = TablePhase::between_rounds;
  step_ = Step::done;
}

const PlayerHand& TableGame::hand(int seat, int index) const { return seats_.at(at(seat)).hands.at(at(index)); }

Tally TableGame::tally() const {
  Tally copy = tally_;
  if (source_->shoe) {
    copy.shoes = static_cast<std::int64_t>(source_->shoe->shoes());
    copy.exhaustion_reshuffles = static_cast<std::int64_t>(source_->shoe->exhaustion_reshuffles());
  }
  return copy;
}

int TableGame::cards_left() const {
  const Source& src = *source_;
  if (src.stacked) return static_cast<int>(src.cards.size() - src.next);
  if (!src.shoe) return -1;
  return static_cast<int>(src.shoe->remaining());
}

int TableGame::shoe_cards() const { return rules_.infinite() ? 0 : rules_.shoe_cards(); }

int TableGame::cut_card_position() const { return rules_.infinite() ? 0 : rules_.cut_card_position(); }

bool TableGame::cut_card_out() const { return source_->shoe && source_->shoe->cut_card_out(); }

}  // namespace cardsim::blackjack
