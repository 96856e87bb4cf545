// Exact combinatorial analysis of blackjack for a fresh shoe each round: the
// expected value of every decision for every player hand against every up
// card (with card removal), the exact expected value of a strategy chart, and
// the optimal total-dependent basic strategy of a rule set.
//
// Semantics are the engine's (src/engine/) so that simulated and exact
// values compare: the same chart fallbacks (D, Ds, Ph, Rh, Rs, Rp), double
// rules on two-card hard totals, one card to split aces unless hit_split_aces,
// A+T after a split is 21 not blackjack, peek / ENHC / ENHC-OBO settlement,
// early and late surrender, insurance `always`, the blackjack payout ratio.
//
// Method (see docs/analyze.md#method):
// - Player hands are multisets of card values (about 3,000 with a total of 21
//   or less), a transition graph built once. Every probability removes the up
//   card and every player card seen; dealer distributions come from
//   DealerModel and are cached by (up card, removed cards).
// - Peek games use the joint form E[result x 1{no dealer blackjack}]: the
//   player's draws are unconditioned and each dealer distribution keeps its
//   blackjack term; this is exact (the hole card is exchangeable with the
//   player's draws) and makes decisions given "no blackjack" exact too.
// - Every value is exact for the strategy played, splits included (any
//   number of resplits): a split's value is a sum over the ways its second
//   cards fall (pair card, other card, any card at the most hands), each
//   hand valued with the pair cards out and the other hands' non-pair cards
//   conditioned away by inclusion-exclusion (Farmer's method; docs/analyze.md
//   has the derivation and sources). Split hands play the chart, or in the
//   composition-dependent optimum decide as PostSplit says.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cardsim/blackjack/analysis_dealer.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/switch_values.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

// The exact value of one strategy: overall and by dealer up card.
struct StrategyEv {
  double ev = 0;  // per initial bet, the player's expectation (negative: house edge)
  std::array<double, CARD_VALUES + 1> upcard_probability{};
  // Expectation given the up card (1..10), all player hands weighted.
  std::array<double, CARD_VALUES + 1> upcard_ev{};
  // upcard_probability * upcard_ev: the up card's share of `ev`.
  std::array<double, CARD_VALUES + 1> upcard_contribution{};
  // Insurance's share of `ev` (insurance: always), included in the above.
  double insurance = 0;
};

// The expected values of the decisions on one initial two-card hand against
// one up card, per initial bet. Peek games: given that the dealer has no
// blackjack (when the player decides); no-hole-card games: unconditioned
// (dealer blackjack losses included). Each value plays on by the chart the
// table was made with. NaN where the move is not allowed.
struct DecisionEvs {
  double stand = 0;
  double hit = 0;
  double double_down = 0;
  double split = 0;
  double surrender = 0;
};

// The expected value of each decision, for every two-card hand (first <=
// second card value) against every up card.
struct InitialHandTable {
  // [first][second][upcard], first <= second; other cells unused.
  std::array<std::array<std::array<DecisionEvs, CARD_VALUES + 1>, CARD_VALUES + 1>, CARD_VALUES + 1> evs{};
  // Probability of the hand (as an unordered pair) given the up card.
  std::array<std::array<std::array<double, CARD_VALUES + 1>, CARD_VALUES + 1>, CARD_VALUES + 1> probability{};
};

// The decision values of one initial hand (Analyzer::initial_hand).
struct InitialHandValues {
  DecisionEvs evs;              // as InitialHandTable::evs
  double dealer_blackjack = 0;  // probability of a dealer blackjack given the up card and the hand
};

// A hand of three or more cards that hitting by the chart reaches
// (Analyzer::reached_hands).
struct ReachedHand {
  CardCounts cards{};  // the hand's cards by value
  int card_count = 0;
  double probability = 0;  // of dealing and drawing it, hitting by the chart, given the up card
};

// Blackjack Switch (Rules::switch_hands): the bound on the error of the
// game's EV per initial wager (Analyzer::evaluate values each hand, and
// decides the exchange, with the other hand's cards left in the shoe). Not
// derived: measured, the simulator playing the same decisions on 1, 2, 6 and 8
// decks, 200-400M rounds each (docs/variants.md#blackjack-switch): the largest
// difference plus 3 standard errors is 0.026 points, so 0.03 points.
inline constexpr double SWITCH_EV_ERROR_BOUND = 0.0003;

// What a split hand's decisions know in the composition-dependent optimum
// (the names of the field: Farmer, MGP, k_c; docs/analyze.md). Each is a
// strategy of its own, whose value is computed exactly. Unsplit hands decide
// from their exact cards and the up card in all three; pairs are split when
// that is worth most, and resplit whenever allowed.
enum class PostSplit : std::uint8_t {
  cdz,   // "CDZ-": as the same cards unsplit (the shoe less the up card and the hand)
  cdp1,  // "CDP1": the shoe less the up card, the hand and the other pair card split (every split hand)
  cdp,   // "CDP": the shoe less the up card, the hand and every pair card split when the hand is played
};
inline constexpr std::array<const char*, 3> POST_SPLIT_NAMES{"cdz", "cdp1", "cdp"};
inline const char* post_split_name(PostSplit rule) { return POST_SPLIT_NAMES[static_cast<std::size_t>(rule)]; }
// The rule of a name of POST_SPLIT_NAMES; throws Error naming the ones allowed.
inline PostSplit post_split_from_name(const std::string& name) {
  for (std::size_t k = 0; k < POST_SPLIT_NAMES.size(); ++k) {
    if (name == POST_SPLIT_NAMES[k]) return static_cast<PostSplit>(k);
  }
  throw Error("post_split: '" + name + "' is not a post-split rule; expected cdz, cdp1 or cdp");
}

// The composition-dependent optimum: every decision taken from the player's
// exact cards (split hands: as `post_split` says).
struct CompositionDependentEv {
  double ev = 0;
  std::array<double, CARD_VALUES + 1> upcard_ev{};
  PostSplit post_split = PostSplit::cdp1;
};

class Analyzer {
 public:
  // Builds the hand graph and the dealer model for `rules` (a few ms). Only the
  // rules that change expectations are used: decks, dealer, player options,
  // payouts; seats, penetration and reshuffling are not (fresh shoe each round,
  // the EV per seat does not depend on the number of seats).
  explicit Analyzer(const Rules& rules);
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  const Rules& rules() const { return rules_; }
  const ShoeComposition& shoe() const { return shoe_; }
  const DealerTable& dealer() const { return dealer_; }

  // The exact expected value of playing `chart`. Throws Error if the chart
  // has an empty cell. Under switch_hands,
  // the Switch game's value per hand (= per initial wager): the sum over the
  // deals of both hands' four cards and the up card of the dealer blackjack's
  // result, else of the arrangement SwitchValues::switches picks, valued by
  // SwitchValues (whose values leave the other hand's cards in the shoe: the
  // analyzer's one approximation, within SWITCH_EV_ERROR_BOUND, above).
  StrategyEv evaluate(const StrategyChart& chart);
  // Blackjack Switch: the values of every two-card hand played by `chart`
  // (SwitchValues). Peek games only (Error otherwise).
  SwitchValues switch_values(const StrategyChart& chart);

  // The optimal total-dependent chart for the rules: each cell chosen to
  // maximize the expectation summed over every card composition that reaches
  // it, by probability of reaching it (for unsplit hands; split hands play the
  // same chart). Named `name`. Pairs are split where that is worth more, the
  // split hands playing the chart being optimized.
  StrategyChart optimal_chart(const std::string& name = "basic");

  // Decision EVs of every initial hand, continuing with `chart`.
  InitialHandTable initial_hand_table(const StrategyChart& chart);

  // The composition-dependent optimum: each decision from the hand's exact
  // cards, split hands deciding as `post_split` says; pairs split when that
  // beats every other move. `chart` is played only where the rules force a
  // chart move (none today). Not for Blackjack Switch (Error).
  CompositionDependentEv composition_dependent(const StrategyChart& chart, PostSplit post_split = PostSplit::cdp1);
  // The values of the initial hand (first, second) against `upcard` as
  // initial_hand() gives them, but each move then played composition-
  // dependent (split hands by `post_split`); from the shoe of deal_from()
  // (else the fresh shoe). Needs no chart.
  InitialHandValues composition_dependent_hand(int first, int second, int upcard,
                                               PostSplit post_split = PostSplit::cdp1);

  // For counting tools (the index generator): from now on every value is for
  // hands dealt from `remaining`, the cards left in the shoe before a round's
  // deal (the hand and up card still among them), instead of a fresh shoe;
  // shoe() and dealer() still describe the fresh shoe. Forgets every cached
  // value. Throws Error unless each count is within the full shoe's and at
  // least 3 cards remain.
  void deal_from(const CardCounts& remaining);
  // Hands played on after their first decision follow `chart` (as evaluate()
  // and initial_hand_table() set it). Throws Error if a cell is empty.
  void use_chart(const StrategyChart& chart);
  // The values of the initial hand (first, second) against `upcard`, as
  // initial_hand_table() gives them, from the shoe of deal_from() (else the
  // fresh shoe) and the chart of the last use_chart(), evaluate() or
  // initial_hand_table(). Throws Error if no chart was set. The split value
  // resplits whenever allowed (as the engine does when the chart splits).
  InitialHandValues initial_hand(int first, int second, int upcard);

  // Every hand of three or more cards, soft or hard with best total `total`,
  // that the chart reaches against `upcard` by hitting (from two-card hands
  // it hits; hands it splits, doubles or surrenders are not followed), with
  // its probability given the up card; from the shoe of deal_from() and the
  // chart of the last use_chart(). Throws Error if no chart was set.
  std::vector<ReachedHand> reached_hands(int upcard, bool soft, int total);
  // Stand and hit (then the chart) of a hand of three or more cards against
  // `upcard`, as initial_hand() values two-card hands (double, split and
  // surrender NaN). Throws Error for a busted hand or fewer than three cards.
  InitialHandValues more_card_hand(const CardCounts& cards, int upcard);

  // Dealer distributions computed so far (cache size; for benchmarks).
  std::size_t dealer_evaluations() const;

 private:
  struct Impl;
  Rules rules_;
  ShoeComposition shoe_;
  DealerTable dealer_;
  std::unique_ptr<Impl> impl_;
};

// The optimal total-dependent basic strategy for `rules`, named "basic":
// Analyzer(rules).optimal_chart(). About 0.1-0.3 s on one core.
StrategyChart optimal_basic_strategy(const Rules& rules);

// `rules` with the fields the analysis does not read (penetration, cut card,
// burn cards, reshuffling, seats) at their defaults: rule sets with equal
// analysis_rules give every chart the same exact EV (Analyzer::evaluate).
Rules analysis_rules(const Rules& rules);
// analysis_rules with the blackjack payout at its default too: rule sets with
// equal strategy_rules have the same optimal chart (a natural is not a
// decision, so its payout changes no cell).
Rules strategy_rules(const Rules& rules);

}  // namespace cardsim::blackjack
