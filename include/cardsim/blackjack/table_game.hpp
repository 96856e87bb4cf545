// Blackjack at a table, one decision at a time: the state machine behind
// `cardsim play`. No I/O: the caller shows the state, asks legal_actions(),
// and calls act().
//
// The rules are the engine's (src/engine/), played in the same order
// with the same cards, so that a game whose every decision follows a chart
// settles exactly as Engine does (tests/blackjack/table_game_test.cpp checks
// whole chunks against Engine::play_chunk):
//   deal: a card to each seat, the up card, a second card to each seat, the
//   hole card (peek games); early surrender (against an ace or ten, before
//   anything else); insurance against an ace (even money on a natural); the
//   peek (peek games, up card ace or ten); each seat's hands in turn, split
//   hands in the order they were split off, one card to split aces unless
//   hit_split_aces, A+T after a split is 21; the dealer's second card (no
//   hole card games) and the dealer's draws, only while some hand needs them;
//   settlement as Engine (ENHC, ENHC-OBO, late and early surrender).
// Differences from the simulated players: the player decides (insurance is
// offered against every ace; the config's `insurance` key is what simulated
// players do), and a double, split or insurance needs the chips to cover it.
//
// Money is in units of Rules::bet_units() per chip (money_per_chip()), so every
// payout is a whole number of units.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"

namespace cardsim::blackjack {

// A card on the table: its blackjack value and, for display only, a face. The
// simulator deals values; faces (which ten is a jack, the suits) are drawn
// from a separate stream of the seed, never from the dealing stream, among the
// faces of that value still in the shoe, so a shoe never shows more copies of
// a card than it holds.
struct TableCard {
  std::uint8_t value = 0;  // 1..10, ace = 1
  std::uint8_t rank = 0;   // 1..13: ace, 2..10, jack, queen, king
  std::uint8_t suit = 0;   // SPADES, HEARTS, DIAMONDS, CLUBS
};
inline constexpr std::uint8_t SPADES = 0;
inline constexpr std::uint8_t HEARTS = 1;
inline constexpr std::uint8_t DIAMONDS = 2;
inline constexpr std::uint8_t CLUBS = 3;

// What the player can do. `insure` and `decline` answer the insurance and
// early-surrender questions; `surrender` is also the answer "yes" to early
// surrender.
enum class Action : std::uint8_t { hit, stand, double_down, split, surrender, insure, decline };
inline constexpr int ACTIONS = 7;

// A set of actions, one bit per Action.
class ActionSet {
 public:
  void add(Action a) { bits_ = static_cast<std::uint8_t>(bits_ | bit(a)); }
  bool contains(Action a) const { return (bits_ & bit(a)) != 0; }
  bool empty() const { return bits_ == 0; }

 private:
  static std::uint8_t bit(Action a) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(a)); }
  std::uint8_t bits_ = 0;
};

// Where the game is.
enum class TablePhase : std::uint8_t {
  between_rounds,   // deal() starts the next round
  early_surrender,  // current_seat() may surrender before the dealer checks: surrender or decline
  insurance,        // current_seat() may insure against the dealer's ace: insure or decline
  player,           // the current hand decides: hit, stand, double, split, surrender
};

enum class PlayedHandStatus : std::uint8_t { live, bust, surrendered, surrendered_early, natural };

// One hand of a seat.
struct PlayerHand {
  std::vector<TableCard> cards;
  HandState state = EMPTY_HAND;
  PlayedHandStatus status = PlayedHandStatus::live;
  bool from_split = false;
  bool doubled = false;
  bool finished = false;    // no more decisions (stood, busted, doubled, 21, ...)
  std::int64_t wager = 0;   // money units at risk on this hand
  std::int64_t result = 0;  // money units won (+) or lost (-), once settled
};

// One seat's part of the round.
struct TableSeat {
  // hands[0] is the initial hand (after a split, its first half); split hands
  // follow in the order they were split off, which is the order of play.
  std::vector<PlayerHand> hands;
  bool insured = false;
  std::int64_t insurance_result = 0;  // money units, once settled
  std::int64_t net = 0;               // the seat's result this round, insurance included
};

// The table's setup: chips and the seed of the shoe.
struct TableSetup {
  std::int64_t bankroll = 1000;  // chips
  std::int64_t bet = 10;         // chips per seat per round
  std::uint64_t seed = 1;        // the shoe: the stream of chunk 0 of a `sim` run with this seed
};

class TableGame {
 public:
  // A game dealt from the rules' shoe, shuffled with core::chunk_rng(seed,
  // blackjack_chunk, 0): the cards of chunk 0 of `cardsim sim` with the same
  // seed and rules, as long as the decisions are the same. Throws Error for a
  // bet < 1 or a bankroll < 0.
  TableGame(const Rules& rules, const TableSetup& setup);
  // A game dealt from `cards` in order (deal order as above, then every card
  // drawn in play order), with no shuffles, burns or cut card; a round that
  // needs more cards throws Error. For tests and worked examples.
  TableGame(const Rules& rules, const TableSetup& setup, std::vector<std::uint8_t> cards);
  ~TableGame();
  TableGame(TableGame&&) noexcept;
  TableGame& operator=(TableGame&&) noexcept;

  // Starts a round: shuffles when the shoe needs it (first round, the cut card
  // came out, or reshuffle every round), bets `bet` chips per seat, deals, and
  // plays on to the first decision (or settles at once). Throws Error between
  // rounds only and if the bankroll cannot cover the bets (see can_deal()).
  void deal();
  bool can_deal() const;

  TablePhase phase() const { return phase_; }
  // The actions allowed now (empty between rounds).
  ActionSet legal_actions() const;
  // Why `action` is not allowed now, in a sentence; empty if it is.
  std::string why_not(Action action) const;
  // Plays `action` and the game on to the next decision or the round's end.
  // Throws Error (with why_not()) if it is not allowed.
  void act(Action action);
  // Ends the round in progress without settling it: every chip on the table is
  // returned and nothing is counted (quitting mid-round).
  void abandon_round();

  // The seat and hand deciding now (phase early_surrender, insurance, player).
  int current_seat() const { return seat_; }
  int current_hand() const { return hand_; }
  const std::vector<TableSeat>& seats() const { return seats_; }
  const PlayerHand& hand(int seat, int index) const;

  // The dealer's cards: the up card first; the hole card (peek games) is dealt
  // but face down until hole_card_shown().
  const std::vector<TableCard>& dealer_cards() const { return dealer_; }
  int upcard() const { return dealer_.empty() ? 0 : dealer_.front().value; }
  bool hole_card_shown() const { return hole_shown_; }
  HandState dealer_state() const { return dealer_state_; }
  // The dealer looked under an ace or ten this round (peek games).
  bool dealer_peeked() const { return peeked_; }
  bool dealer_blackjack() const { return dealer_blackjack_; }
  // The dealer drew to a total this round (some hand needed it).
  bool dealer_played() const { return dealer_played_; }

  // Chips in money units: the settled bankroll (chips on the table are not yet
  // taken from it) and the chips on the table this round.
  std::int64_t bankroll() const { return bankroll_; }
  std::int64_t on_table() const { return on_table_; }
  std::int64_t money_per_chip() const { return money_per_chip_; }
  std::int64_t bet() const { return bet_; }  // money units per seat and round
  // The last settled round's net over all seats, in money units.
  std::int64_t last_round_net() const { return last_round_net_; }

  // Everything the engine counts, over the settled rounds, in money units
  // (with a bet of one chip, exactly Engine's units).
  Tally tally() const;
  std::int64_t rounds() const { return tally_.rounds; }

  // The shoe. cards_left() is -1 for an infinite deck or a stacked game.
  int cards_left() const;
  int shoe_cards() const;
  int cut_card_position() const;
  bool cut_card_out() const;
  // This round began with a shuffle (a new shoe); burned cards, if any.
  bool shuffled_this_round() const { return shuffled_this_round_; }
  int burned_this_round() const { return burned_this_round_; }
  // The discards were reshuffled mid-round this round (the shoe ran out).
  bool ran_out_this_round() const { return ran_out_this_round_; }

  const Rules& rules() const { return rules_; }

 private:
  struct Source;
  TableCard draw();
  void start_shoe();
  void advance();
  bool early_surrender_phase() const;
  bool can_split(const TableSeat& seat, const PlayerHand& hand) const;
  bool can_double(const PlayerHand& hand) const;
  bool can_surrender(const TableSeat& seat, const PlayerHand& hand) const;
  bool split_aces_stand(const PlayerHand& hand) const;
  std::int64_t available() const { return bankroll_ - on_table_; }
  void play_dealer();
  void complete_unneeded_dealer();
  void settle();

  Rules rules_;
  std::unique_ptr<Source> source_;
  std::int64_t money_per_chip_;
  std::int64_t bet_;
  std::int64_t half_bet_;
  std::int64_t blackjack_win_;
  std::int64_t bankroll_;
  std::int64_t on_table_ = 0;
  std::int64_t last_round_net_ = 0;
  Tally tally_;  // settled rounds
  Tally round_;  // the round in progress, merged into tally_ when it is settled

  TablePhase phase_ = TablePhase::between_rounds;
  // Where the round is, past the phases that ask the player.
  enum class Step : std::uint8_t { early_surrender, insurance, peek, players, dealer, done };
  Step step_ = Step::done;
  int seat_ = 0;
  int hand_ = 0;
  std::vector<TableSeat> seats_;
  std::vector<TableCard> dealer_;
  HandState dealer_state_ = EMPTY_HAND;
  bool hole_shown_ = false;
  bool peeked_ = false;
  bool dealer_blackjack_ = false;
  bool dealer_played_ = false;
  bool shuffled_this_round_ = false;
  int burned_this_round_ = 0;
  bool ran_out_this_round_ = false;
};

}  // namespace cardsim::blackjack
