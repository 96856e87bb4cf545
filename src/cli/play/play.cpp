// `cardsim play`: blackjack against the dealer in the terminal, on the rules
// and shoe of the simulator (blackjack::TableGame), with a strategy coach
// (blackjack::Coach). The session: reading keys, printing the table, the
// summary; no game logic here, and the words and card pictures in play_text.
//
// Output is plain text when stdout is not a terminal (no escape codes, cards
// on one line); on a terminal the cards are drawn as boxes and hearts and
// diamonds are red unless NO_COLOR is set. Suits are symbols when the locale
// is UTF-8, else letters (s h d c). Input is one word per line, read until
// `q` or the end of input; both end the session with a summary. Lines are
// wrapped at word boundaries to the terminal's width ($COLUMNS, else the
// terminal's, else 80; terminal.hpp).
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <unistd.h>

#include "cardsim/blackjack/coach.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/table_game.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "locale.hpp"
#include "play_text.hpp"
#include "signals.hpp"
#include "terminal.hpp"

namespace cardsim::cli {
namespace {

namespace bj = blackjack;
using bj::Action;
using bj::TablePhase;
using namespace play_text;  // the words and pictures of the table (play_text.hpp)

constexpr std::int64_t DEFAULT_BANKROLL = 1000;
constexpr std::int64_t DEFAULT_BET = 10;

struct PlayOptions {
  std::shared_ptr<ConfigOptions> game = std::make_shared<ConfigOptions>();
  std::int64_t bankroll = DEFAULT_BANKROLL;
  std::int64_t bet = DEFAULT_BET;
  bool coach = false;
  bool ascii = false;
  std::string cards = "auto";
};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One coached decision, for the summary.
struct Decision {
  std::int64_t round = 0;
  std::string situation;
  Action chosen = Action::stand;
  Action recommended = Action::stand;
  TablePhase phase = TablePhase::player;
  double cost = 0;  // per bet of the hand; NaN if unknown
  std::int64_t bet = 0;
};

class Session {
 public:
  // `stop`: set by Ctrl-C (StopOnSignal); the session then ends with its summary.
  Session(const PlayOptions& options, const io::SimConfig& config, bj::StrategyChart chart, const Style& style,
          const std::atomic<bool>& stop)
      : options_(options),
        stop_(stop),
        style_(style),
        rules_(config.rules),
        game_(config.rules, bj::TableSetup{options.bankroll, options.bet, config.seed}),
        strategy_(config.rules, chart) {
    print("%s\n", style_.bold("cardsim play: " + io::describe_rules(rules_)).c_str());
    print("seed %llu, bankroll %lld, bet %lld%s\n", static_cast<unsigned long long>(config.seed),
          static_cast<long long>(options.bankroll), static_cast<long long>(options.bet),
          rules_.seats > 1 ? (" on each of " + std::to_string(rules_.seats) + " seats").c_str() : "");
    if (options.coach) {
      print("coach: strategy %s; values for a fresh shoe (the cards already dealt are not counted)\n",
            chart.name.c_str());
      std::fflush(stdout);
      coach_ = std::make_unique<bj::Coach>(rules_, chart);
    }
    print("keys: h hit, s stand, d double, p split, r surrender, i insurance, n no, ? help, q quit\n");
  }

  void run() {
    for (;;) {
      if (!game_.can_deal()) {
        print("\nYou have %s chips, less than the bets: the game is over.\n",
              chips(game_.bankroll(), per_chip()).c_str());
        break;
      }
      if (game_.rounds() > 0 || abandoned_) {
        const auto line = ask("\nEnter deals the next round, q quits: ");
        if (!line || *line == "q" || *line == "quit" || *line == "exit") break;
        if (*line == "?" || *line == "help") {
          print("Between rounds: Enter (or deal) deals, q quits.\n");
          continue;
        }
        if (!line->empty() && *line != "deal" && *line != "n" && *line != "next" && *line != "y") {
          print("'%s' is not a command here: press Enter (or type deal) to deal, q to quit.\n", line->c_str());
          continue;
        }
      }
      if (!play_round()) break;
    }
    summary();
  }

 private:
  std::int64_t per_chip() const { return game_.money_per_chip(); }

  // Writes as printf to stdout, wrapped to the terminal at word boundaries.
  __attribute__((format(printf, 2, 3))) void print(const char* format, ...) {
    std::va_list args;
    va_start(args, format);
    std::va_list again;
    va_copy(again, args);
    std::string text(static_cast<std::size_t>(std::vsnprintf(nullptr, 0, format, args)), '\0');
    std::vsnprintf(text.data(), text.size() + 1, format, again);
    va_end(again);
    va_end(args);
    screen_.write(text);
  }

  // A line of input, trimmed and lowercased; nullopt at the end of input.
  std::optional<std::string> ask(const std::string& prompt) {
    print("%s", prompt.c_str());
    std::fflush(stdout);
    std::string line;
    if (stop_ || !std::getline(std::cin, line) || stop_) {
      if (style_.echo || stop_) print(stop_ ? "(interrupted)" : "(end of input)");
      print("\n");
      return std::nullopt;
    }
    line = lowercase(trim(line));
    if (style_.echo) print("%s\n", line.c_str());
    return line;
  }

  std::string seat_label(int seat) const { return rules_.seats > 1 ? "Seat " + std::to_string(seat + 1) : "You"; }

  std::string hand_label(int seat, int hand) const {
    const auto& hands = game_.seats()[at(seat)].hands;
    if (hands.size() == 1) return seat_label(seat);
    const std::string number = "hand " + std::to_string(hand + 1);
    return rules_.seats > 1 ? seat_label(seat) + " " + number : "H" + number.substr(1);
  }

  // One hand or the dealer: a label, the total, a note; cards inline or boxed.
  void show(const std::string& label, const std::vector<bj::TableCard>& cards, int hidden, const std::string& total,
            const std::string& note) {
    if (style_.boxes) {
      print("%s%s%s\n", style_.bold(label).c_str(), total.empty() ? "" : (": " + total).c_str(),
            note.empty() ? "" : ("   " + note).c_str());
      for (const std::string& line : card_art(cards, hidden, style_)) print("  %s\n", line.c_str());
      return;
    }
    std::string text;
    for (const bj::TableCard& card : cards) text += card_text(card, style_) + " ";
    for (int i = 0; i < hidden; ++i) text += "?? ";
    std::string padded = label + ":";
    padded.resize(std::max<std::size_t>(padded.size() + 1, 14), ' ');
    text.erase(text.find_last_not_of(' ') + 1);
    std::string line = "  " + padded + text + (total.empty() ? "" : "  " + total) + (note.empty() ? "" : "   " + note);
    line.erase(line.find_last_not_of(' ') + 1);
    print("%s\n", line.c_str());
  }

  void show_dealer() {
    const auto& cards = game_.dealer_cards();
    if (game_.hole_card_shown()) {
      show("Dealer", cards, 0, total_text(cards, game_.dealer_blackjack()), "");
      return;
    }
    const std::vector<bj::TableCard> up(cards.begin(), cards.begin() + 1);
    // Peek games: the hole card lies face down; no hole card: it is dealt later.
    const int hidden = rules_.hole_card == bj::HoleCard::peek ? 1 : 0;
    const std::string shows =
        "shows " + (upcard_phrase(game_.upcard()) == "an ace" ? std::string("an ace") : std::to_string(game_.upcard()));
    show("Dealer", up, hidden, "", hidden == 0 ? shows + ", no hole card" : shows);
  }

  std::string result_note(const bj::PlayerHand& hand) const {
    const std::string amount = chips(hand.result, per_chip(), true);
    std::string what;
    switch (hand.status) {
      case bj::PlayedHandStatus::natural:
        what = hand.result > 0 ? "pays " + std::to_string(rules_.blackjack_pays_num) + ":" +
                                     std::to_string(rules_.blackjack_pays_den) + ","
                               : "push";
        break;
      case bj::PlayedHandStatus::surrendered:
      case bj::PlayedHandStatus::surrendered_early: what = "surrendered"; break;
      case bj::PlayedHandStatus::bust: what = "bust"; break;
      case bj::PlayedHandStatus::live:
        what = game_.dealer_blackjack() ? "dealer blackjack"
               : hand.result > 0        ? "win"
               : hand.result < 0        ? "lose"
                                        : "push";
        break;
    }
    const std::string text = what + " " + amount;
    return hand.result > 0 ? style_.green(text) : hand.result < 0 ? style_.red(text) : text;
  }

  void show_hand(int seat, int index, bool settled) {
    const bj::PlayerHand& hand = game_.hand(seat, index);
    const bool natural = hand.status == bj::PlayedHandStatus::natural;
    std::string note;
    if (settled) {
      note = result_note(hand);
    } else if (hand.doubled) {
      note = "doubled";
    } else if (hand.status == bj::PlayedHandStatus::surrendered ||
               hand.status == bj::PlayedHandStatus::surrendered_early) {
      note = "surrendered";
    }
    show(hand_label(seat, index), hand.cards, 0, total_text(hand.cards, natural), note);
  }

  void show_seat(int seat, bool settled) {
    const auto& hands = game_.seats()[at(seat)].hands;
    for (std::size_t h = 0; h < hands.size(); ++h) show_hand(seat, static_cast<int>(h), settled);
  }

  void show_table(bool settled) {
    show_dealer();
    for (int s = 0; s < rules_.seats; ++s) show_seat(s, settled);
  }

  std::string shoe_text() const {
    if (rules_.infinite()) return "infinite deck";
    return std::to_string(game_.cards_left()) + " cards left";
  }

  // Plays one round; false if the player quit.
  bool play_round() {
    const std::int64_t round = game_.rounds() + 1;
    const std::int64_t bankroll = game_.bankroll();
    game_.deal();
    abandoned_ = false;
    print("\n");
    if (game_.shuffled_this_round()) {
      print("New shoe: %d deck%s shuffled, %d card%s burned, the cut card after %d cards.\n", rules_.decks,
            rules_.decks == 1 ? "" : "s", game_.burned_this_round(), game_.burned_this_round() == 1 ? "" : "s",
            game_.cut_card_position());
    }
    print("%s\n", style_
                      .bold("Round " + std::to_string(round) + "   bankroll " + chips(bankroll, per_chip()) +
                            "   bet " + chips(game_.bet() * rules_.seats, per_chip()) + "   " + shoe_text())
                      .c_str());
    if (game_.phase() != TablePhase::between_rounds) {
      show_table(false);
      if (game_.phase() == TablePhase::player && game_.dealer_peeked()) {
        print("The dealer checks the hole card: no blackjack.\n");
      }
    }
    bool cut_was_out = false;
    while (game_.phase() != TablePhase::between_rounds) {
      if (!decide()) {
        game_.abandon_round();
        abandoned_ = true;
        print("The round is abandoned: its bets are returned and it is not counted.\n");
        return false;
      }
      if (!cut_was_out && game_.cut_card_out()) {
        cut_was_out = true;
      }
    }
    finish_round(cut_was_out || game_.cut_card_out());
    return true;
  }

  void finish_round(bool cut_out) {
    if (game_.dealer_peeked() && game_.dealer_blackjack()) {
      print("The dealer checks the hole card: blackjack.\n");
    } else if (game_.dealer_blackjack()) {
      print("The dealer's second card makes a blackjack.\n");
    }
    show_table(true);
    for (int s = 0; s < rules_.seats; ++s) {
      const bj::TableSeat& seat = game_.seats()[at(s)];
      if (seat.insured) {
        const std::string label = rules_.seats > 1 ? seat_label(s) + " insurance:" : "Insurance:";
        print("  %s %s\n", label.c_str(), chips(seat.insurance_result, per_chip(), true).c_str());
      }
    }
    const std::int64_t net = game_.last_round_net();
    print("Round %lld: %s   bankroll %s\n", static_cast<long long>(game_.rounds()),
          chips(net, per_chip(), true).c_str(), chips(game_.bankroll(), per_chip()).c_str());
    if (game_.ran_out_this_round()) print("The shoe ran out: the discards were shuffled back in.\n");
    if (cut_out && !rules_.infinite() && rules_.reshuffle == bj::Reshuffle::cut_card) {
      print("The cut card is out: the shoe is shuffled before the next round.\n");
    }
  }

  std::string prompt_text() const {
    const int seat = game_.current_seat();
    std::string who = rules_.seats > 1 ? seat_label(seat) + ": " : "";
    std::string question;
    switch (game_.phase()) {
      case TablePhase::insurance:
        question = game_.hand(seat, 0).status == bj::PlayedHandStatus::natural
                       ? "Even money (insurance, " + chips(game_.bet() / 2, per_chip()) + ")?"
                       : "Insurance (" + chips(game_.bet() / 2, per_chip()) + ") against the ace?";
        break;
      case TablePhase::early_surrender: question = "Surrender early, before the dealer checks for blackjack?"; break;
      default: {
        const auto& hands = game_.seats()[at(seat)].hands;
        if (hands.size() > 1 || rules_.seats > 1) {
          who = hand_label(seat, game_.current_hand()) + " (" +
                total_text(game_.hand(seat, game_.current_hand()).cards, false) + "): ";
        }
        question = "Your move?";
      }
    }
    std::string keys;
    const bj::ActionSet legal = game_.legal_actions();
    for (const MoveKey& m : MOVE_KEYS) {
      if (!legal.contains(m.action)) continue;
      if (!keys.empty()) keys += "  ";
      keys += std::string("[") + m.key + "] " + m.word;
    }
    return who + question + " " + keys + " > ";
  }

  void explain_moves() {
    std::string text;
    const bj::ActionSet legal = game_.legal_actions();
    for (const MoveKey& m : MOVE_KEYS) {
      if (!legal.contains(m.action)) continue;
      text += std::string(text.empty() ? "" : ", ") + m.key + " or " + m.word;
    }
    print("Allowed now: %s; q quits.\n", text.c_str());
  }

  // Asks for one decision and plays it; false if the player quit.
  bool decide() {
    for (;;) {
      const auto line = ask(prompt_text());
      if (!line || *line == "q" || *line == "quit" || *line == "exit") return false;
      if (line->empty() || *line == "?" || *line == "help") {
        explain_moves();
        continue;
      }
      const std::optional<Action> move = parse_move(*line, game_.phase());
      if (!move) {
        print("'%s' is not a move. ", line->c_str());
        explain_moves();
        continue;
      }
      const std::string why = game_.why_not(*move);
      if (!why.empty()) {
        print("You cannot %s: %s. ", action_word(*move, game_.phase()), why.c_str());
        explain_moves();
        continue;
      }
      play(*move);
      return true;
    }
  }

  std::string situation() const {
    const int seat = game_.current_seat();
    const std::string against = " against " + upcard_phrase(game_.upcard());
    switch (game_.phase()) {
      case TablePhase::insurance: {
        const auto& hand = game_.hand(seat, 0);
        return hand.status == bj::PlayedHandStatus::natural ? "even money on a blackjack"
                                                            : "insurance with " + hand_phrase(hand);
      }
      case TablePhase::early_surrender: return hand_phrase(game_.hand(seat, 0)) + against + ", before the peek";
      default: return hand_phrase(game_.hand(seat, game_.current_hand())) + against;
    }
  }

  void play(Action move) {
    const TablePhase phase = game_.phase();
    const int seat = game_.current_seat();
    const int hand = game_.current_hand();
    const std::size_t hands_before = game_.seats()[at(seat)].hands.size();
    Decision decision;
    decision.round = game_.rounds() + 1;
    decision.situation = situation();
    decision.chosen = move;
    decision.phase = phase;
    decision.recommended = bj::chart_action(game_, strategy_, false);
    decision.cost = std::nan("");
    decision.bet = game_.hand(seat, hand).wager;
    std::optional<bj::Advice> advice;
    if (coach_) {
      advice = coach_->advise(game_);
      decision.recommended = advice->recommended;
      decision.cost = advice->cost(move);
    }
    ++decisions_;
    if (move != decision.recommended) mistakes_.push_back(decision);

    game_.act(move);

    // What the move changed: the acting seat's hands (a split shows both).
    if (phase == TablePhase::player) {
      const auto& hands = game_.seats()[at(seat)].hands;
      show_hand(seat, hand, false);
      if (hands.size() > hands_before) show_hand(seat, static_cast<int>(hands.size()) - 1, false);
    }
    if (advice) coach_line(decision, *advice);
    if (game_.phase() == TablePhase::player &&
        (game_.current_seat() != seat || game_.current_hand() != hand || phase != TablePhase::player)) {
      // The next hand to play (a split hand's second card, the next seat).
      if (phase != TablePhase::player && game_.dealer_peeked())
        print("The dealer checks the hole card: no blackjack.\n");
      if (game_.current_seat() != seat || game_.current_hand() != hand) {
        show_hand(game_.current_seat(), game_.current_hand(), false);
      }
    }
  }

  void coach_line(const Decision& d, const bj::Advice& advice) {
    std::string values;
    for (const MoveKey& m : MOVE_KEYS) {
      const double ev = advice.value(m.action);
      if (std::isnan(ev)) continue;
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%s%s %+.3f", values.empty() ? "" : ", ", action_word(m.action, d.phase),
                    ev);
      values += buffer;
    }
    const char* per = d.phase == TablePhase::player ? "per bet of the hand" : "per initial bet";
    if (d.chosen == d.recommended) {
      print("coach: %s: %s is right\n       EV %s: %s\n", d.situation.c_str(), action_word(d.chosen, d.phase), per,
            values.c_str());
      return;
    }
    std::string cost = "its cost is not computed (a resplit)";
    if (!std::isnan(d.cost)) {
      char buffer[160];
      std::snprintf(buffer, sizeof buffer, "it costs %.3f bets (%.2f chips) in expected value", d.cost,
                    cost_in_chips(d));
      cost = buffer;
      if (d.cost < 0) cost += " (for these exact cards the deviation is better; the chart is total-dependent)";
    }
    print("coach: %s: %s: the strategy says %s, you chose %s; %s\n       EV %s: %s\n", d.situation.c_str(),
          style_.red("mistake").c_str(), action_word(d.recommended, d.phase), action_word(d.chosen, d.phase),
          cost.c_str(), per, values.c_str());
  }

  // A mistake's expected cost in chips: d.cost is in bets of the hand (d.bet money units).
  double cost_in_chips(const Decision& d) const {
    return d.cost * static_cast<double>(d.bet) / static_cast<double>(per_chip());
  }

  void summary() {
    const bj::Tally tally = game_.tally();
    bj::SeatTally all;
    for (int s = 0; s < rules_.seats; ++s) all.merge(tally.seats[at(s)]);
    const std::int64_t start = options_.bankroll * per_chip();
    print("\n%s\n", style_.bold("Session summary").c_str());
    print("  rounds %lld, hands %lld: won %lld, lost %lld, pushed %lld, surrendered %lld; blackjacks %lld\n",
          static_cast<long long>(tally.rounds), static_cast<long long>(all.hands), static_cast<long long>(all.wins),
          static_cast<long long>(all.losses), static_cast<long long>(all.pushes),
          static_cast<long long>(all.surrenders), static_cast<long long>(all.blackjacks));
    print("  net %s, bankroll %s (started with %s)\n", chips(game_.bankroll() - start, per_chip(), true).c_str(),
          chips(game_.bankroll(), per_chip()).c_str(), chips(start, per_chip()).c_str());
    print("  mistakes against the strategy: %zu of %lld decisions\n", mistakes_.size(),
          static_cast<long long>(decisions_));
    if (!coach_) return;
    double total_bets = 0;
    double total_chips = 0;
    for (const Decision& d : mistakes_) {
      std::string cost = "cost not computed";
      if (!std::isnan(d.cost)) {
        char buffer[96];
        const double money = cost_in_chips(d);
        std::snprintf(buffer, sizeof buffer, "cost %.3f bets (%.2f chips)", d.cost, money);
        cost = buffer;
        total_bets += d.cost * static_cast<double>(d.bet) / static_cast<double>(game_.bet());
        total_chips += money;
      }
      print("    round %lld, %s: %s instead of %s, %s\n", static_cast<long long>(d.round), d.situation.c_str(),
            action_word(d.chosen, d.phase), action_word(d.recommended, d.phase), cost.c_str());
    }
    print("  expected cost of the mistakes: %.3f initial bets (%.2f chips)\n", total_bets, total_chips);
  }

  const PlayOptions& options_;
  const std::atomic<bool>& stop_;
  Style style_;
  bj::Rules rules_;
  bj::TableGame game_;
  bj::ResolvedStrategy strategy_;
  std::unique_ptr<bj::Coach> coach_;
  std::vector<Decision> mistakes_;
  std::int64_t decisions_ = 0;
  bool abandoned_ = false;
  WrappedOutput screen_;
};

void run_play(const PlayOptions& options) {
  io::InputRegistry inputs;
  const io::SimConfig config = resolve_config(*options.game, inputs);
  if (config.counting.enabled()) {
    throw Error("play does not count for you: counting (count '" + config.counting.count + "') is for `cardsim sim`");
  }
  if (!config.side_bets.empty()) {
    throw Error("play has no side bets: side bets (side_bets, --side-bet) are for `cardsim sim`");
  }
  if (options.bet < 1) throw Error("--bet must be at least 1 chip");
  if (options.bankroll < options.bet * config.rules.seats) {
    throw Error("--bankroll " + std::to_string(options.bankroll) + " does not cover a round's bets (" +
                std::to_string(options.bet) + " x " + std::to_string(config.rules.seats) + " seats)");
  }
  const bj::StrategyChart chart = resolve_strategy(*options.game, config, inputs);
  Style style;
  const bool out_terminal = ::isatty(STDOUT_FILENO) == 1;
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  style.color =
      out_terminal && (no_color == nullptr || *no_color == '\0') && !(term != nullptr && std::string(term) == "dumb");
  style.unicode = !options.ascii && utf8_locale();
  style.boxes = options.cards == "box" || (options.cards == "auto" && out_terminal);
  style.echo = ::isatty(STDIN_FILENO) != 1;
  std::atomic<bool> stop{false};
  Session session(options, config, chart, style, stop);
  {
    const StopOnSignal stop_on_signal(stop);
    session.run();
  }
  if (stop) throw Interrupted("interrupted: the session ended with its summary");
}

}  // namespace

void setup_play(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* command = app.add_subcommand("play", "Play blackjack against the dealer in the terminal, with a coach");
  add_config_options(*command, options->game, RULE_KEYS | STRATEGY_KEYS | SEED_KEY);  // no count, no side bets
  command->add_option("--bankroll", options->bankroll, "Chips to start with")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
  command->add_option("--bet", options->bet, "Chips bet on each seat each round")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}));
  command->add_flag(
      "--coach", options->coach,
      "After each decision, say whether it matched the strategy (basic for these rules) and its cost in EV");
  command->add_flag("--ascii", options->ascii,
                    "Letters for suits (s h d c) and ASCII card boxes even on a UTF-8 terminal");
  command->add_option("--cards", options->cards, "Card display: box (card art), line, or auto (box on a terminal)")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "box", "line"}));
  command->callback([options] { run_play(*options); });
}

}  // namespace cardsim::cli
