// The Engine's side bets: their checks and tables, and their
// settlement at the end of a round from its suited cards.
#include <string>
#include <utility>
#include <vector>

#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/core/error.hpp"
#include "engine_core.hpp"

namespace cardsim::blackjack {

void EngineCore::set_up_side_bets(std::vector<SideBet> side_bets) {
  if (side_bets.empty()) return;
  if (rules_.infinite()) throw Error("side bets need a finite shoe (decks 1..8), not an infinite deck");
  if (rules_.switch_hands) throw Error("side bets are not dealt with Blackjack Switch (switch)");
  if (rules_.remove_tens_per_deck != 0) {
    throw Error("side bets are priced on full 52-card decks, not with " + std::to_string(rules_.remove_tens_per_deck) +
                " tens removed per deck");
  }
  if (side_bets.size() > static_cast<std::size_t>(MAX_SIDE_BETS)) {
    throw Error(std::to_string(side_bets.size()) + " side bets; a run carries at most " +
                std::to_string(MAX_SIDE_BETS));
  }
  for (const SideBet& bet : side_bets) {
    validate_side_bet(bet);
    if (bet.outcomes.size() > static_cast<std::size_t>(MAX_SIDE_BET_OUTCOMES)) {
      throw Error("side bet '" + bet.name + "' has " + std::to_string(bet.outcomes.size()) +
                  " outcomes; the simulator settles at most " + std::to_string(MAX_SIDE_BET_OUTCOMES));
    }
    side_bet_pays_.push_back(side_bet_pays(bet));
    side_bet_tables_.emplace_back(bet);
    dealer_plays_out_ = dealer_plays_out_ || bet.cards == SideBetCards::dealer_final;
  }
  side_bets_ = std::move(side_bets);
}

// The round's cards in deal order: a first card to each seat, the up card, a
// second card to each seat, the hole card (peek games), the players' draws,
// the hole card (no-hole-card games) and the dealer's hits (from
// dealer_from). (Out of line: once a round, and only with side bets.)
void EngineCore::settle_side_bets(const SuitedCard* round, std::uint32_t size, std::uint32_t dealer_from, int seats,
                                  HandState dealer, Tally& tally) const {
  const auto at = [&](int i) { return round[static_cast<std::size_t>(i)]; };
  SideBetDeal deal;
  deal.upcard = at(seats);
  deal.hole = rules_.hole_card == HoleCard::peek ? at(2 * seats + 1) : at(static_cast<int>(dealer_from) - 1);
  deal.dealer_cards = 2 + static_cast<int>(size - dealer_from);
  deal.dealer_bust = is_bust(dealer);
  for (std::size_t b = 0; b < side_bets_.size(); ++b) {
    const SideBetPays& pays = side_bet_pays_[b];
    SideBetTally& bet = tally.side_bets[b];
    std::int64_t table = 0;
    for (int s = 0; s < seats; ++s) {
      deal.player = {at(s), at(seats + 1 + s)};
      const int outcome = side_bet_tables_[b].classify(deal);
      if (outcome == NO_OUTCOME) {
        table -= pays.unit;
      } else {
        table += pays.outcomes[static_cast<std::size_t>(outcome)];
        ++bet.wins[static_cast<std::size_t>(outcome)];
      }
    }
    bet.bets += seats;
    bet.net += table;
    bet.net_squared += table * table;
  }
}

}  // namespace cardsim::blackjack
