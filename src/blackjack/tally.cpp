#include "cardsim/blackjack/tally.hpp"

namespace cardsim::blackjack {

void SeatTally::merge(const SeatTally& o) {
  net += o.net;
  net_squared += o.net_squared;
  wagered += o.wagered;
  hands += o.hands;
  wins += o.wins;
  losses += o.losses;
  pushes += o.pushes;
  blackjacks += o.blackjacks;
  doubles += o.doubles;
  splits += o.splits;
  surrenders += o.surrenders;
  insurances += o.insurances;
  insurance_wins += o.insurance_wins;
  busts += o.busts;
}

void TrueCountTally::merge(const TrueCountTally& o) {
  rounds += o.rounds;
  played += o.played;
  net += o.net;
  net_squared += o.net_squared;
  ace_up += o.ace_up;
  ten_in_hole += o.ten_in_hole;
}

void ChunkSums::merge(const ChunkSums& o) {
  chunks += o.chunks;
  rounds_squared += o.rounds_squared;
  played_squared += o.played_squared;
  bet_units_squared += o.bet_units_squared;
  bet_units_by_played += o.bet_units_by_played;
  sd_overflow += o.sd_overflow;
  if (__builtin_add_overflow(net_squared_squared, o.net_squared_squared, &net_squared_squared)) ++sd_overflow;
  net_squared_by_net += o.net_squared_by_net;
  net_squared_by_played += o.net_squared_by_played;
  net_by_net += o.net_by_net;
  net_by_played += o.net_by_played;
  for (std::size_t b = 0; b < at_true_count_squared.size(); ++b) {
    at_true_count_squared[b] += o.at_true_count_squared[b];
    at_true_count_by_rounds[b] += o.at_true_count_by_rounds[b];
  }
}

void CountingTally::merge(const CountingTally& o) {
  rounds_played += o.rounds_played;
  bet_units += o.bet_units;
  bet_units_squared += o.bet_units_squared;
  net += o.net;
  net_squared += o.net_squared;
  wagered += o.wagered;
  for (std::size_t b = 0; b < by_true_count.size(); ++b) by_true_count[b].merge(o.by_true_count[b]);
  chunk_sums.merge(o.chunk_sums);
}

void Tally::merge(const Tally& o) {
  rounds += o.rounds;
  shoes += o.shoes;
  exhaustion_reshuffles += o.exhaustion_reshuffles;
  dealer_blackjacks += o.dealer_blackjacks;
  table_net += o.table_net;
  table_net_squared += o.table_net_squared;
  for (std::size_t s = 0; s < seats.size(); ++s) seats[s].merge(o.seats[s]);
  for (std::size_t up = 0; up < upcard_rounds.size(); ++up) {
    upcard_rounds[up] += o.upcard_rounds[up];
    for (std::size_t f = 0; f < dealer_final[up].size(); ++f) {
      dealer_final[up][f] += o.dealer_final[up][f];
      dealer_final_unneeded[up][f] += o.dealer_final_unneeded[up][f];
    }
  }
  counting.merge(o.counting);
}

}  // namespace cardsim::blackjack
