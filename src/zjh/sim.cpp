#include "cardsim/zjh/sim.hpp"

#include <algorithm>
#include <string>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/zjh/showdown.hpp"

namespace cardsim::zjh {
namespace {

template <class Array>
void add(Array& into, const Array& from) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
}

// One showdown of `players` hands dealt to the front of `deck` into `tally`.
// With the 2-3-5 rule the keys are lifted only when a leopard is present,
// which is the case exactly when the best plain strength is a leopard
// (leopards are the top levels), so the common path pays one compare.
template <unsigned Players>
inline void play_deal(const Evaluator& evaluator, const Deck& deck, unsigned players, bool special_235,
                      SimTally& tally) {
  const unsigned count = Players > 0 ? Players : players;
  std::array<Strength, MAX_PLAYERS> strength;
  Strength best = 0;
  for (unsigned p = 0; p < count; ++p) {
    strength[p] = evaluator.evaluate(deck[HAND_SIZE * p], deck[HAND_SIZE * p + 1], deck[HAND_SIZE * p + 2]);
    best = std::max(best, strength[p]);
  }
  const auto seat_category = static_cast<unsigned>(evaluator.category(strength[0]));
  ++tally.seat_hands[seat_category];

  std::uint32_t best_key = best;
  std::uint32_t seat_key = strength[0];
  unsigned winners = 0;
  Strength winning = best;
  if (special_235 && evaluator.is_leopard(best)) [[unlikely]] {
    best_key = 0;
    for (unsigned p = 0; p < count; ++p) best_key = std::max(best_key, evaluator.showdown_key(strength[p], true));
    seat_key = evaluator.showdown_key(strength[0], true);
    for (unsigned p = 0; p < count; ++p) winners += evaluator.showdown_key(strength[p], true) == best_key ? 1u : 0u;
    if (best_key >= evaluator.levels()) {
      ++tally.leopard_kills;
      winning = static_cast<Strength>(best_key - evaluator.levels());
    }
  } else {
    for (unsigned p = 0; p < count; ++p) winners += strength[p] == best ? 1u : 0u;
  }
  ++tally.winning_hands[static_cast<unsigned>(evaluator.category(winning))];
  if (winners > 1) ++tally.split_deals;
  if (seat_key == best_key) {
    if (winners == 1) {
      ++tally.seat_wins[seat_category];
    } else {
      ++tally.seat_ties[seat_category];
    }
  }
}

template <unsigned Players>
void play_deals(const Evaluator& evaluator, unsigned players, core::Rng& rng, std::uint64_t deals, SimTally& tally) {
  const unsigned cards = (Players > 0 ? Players : players) * HAND_SIZE;
  const bool special_235 = evaluator.rules().special_235;
  Deck deck = fresh_deck();
  for (std::uint64_t d = 0; d < deals; ++d) {
    deal_cards(rng, deck, cards);
    play_deal<Players>(evaluator, deck, players, special_235, tally);
  }
  tally.deals += deals;
}

}  // namespace

std::uint64_t max_chunk_deals(unsigned players) {
  return core::max_chunk_units(DRAWS_PER_CARD * HAND_SIZE * std::uint64_t{players});
}

void validate(const SimConfig& config) {
  check_players(config.players);
  if (config.deals == 0) throw Error("deals must be at least 1");
  if (config.chunk_deals == 0) throw Error("chunk_deals must be at least 1");
  if (const std::uint64_t most = max_chunk_deals(config.players); config.chunk_deals > most) {
    throw Error("chunk_deals " + std::to_string(config.chunk_deals) +
                " is more than a chunk's random stream holds: " + "at most " + std::to_string(most) + " deals of " +
                std::to_string(config.players) + " players (2^" + std::to_string(core::CHUNK_STRIDE_LOG2) +
                " draws, up to " + std::to_string(DRAWS_PER_CARD * HAND_SIZE * config.players) + " a deal)");
  }
  const run::ChunkPlan plan{config.deals, config.chunk_deals};
  if (plan.chunks() > core::MAX_CHUNKS) {
    throw Error("deals / chunk_deals gives " + std::to_string(plan.chunks()) + " chunks; at most " +
                std::to_string(core::MAX_CHUNKS) + " are allowed: raise chunk_deals");
  }
}

void SimTally::merge(const SimTally& other) {
  deals += other.deals;
  add(seat_hands, other.seat_hands);
  add(seat_wins, other.seat_wins);
  add(seat_ties, other.seat_ties);
  add(winning_hands, other.winning_hands);
  split_deals += other.split_deals;
  leopard_kills += other.leopard_kills;
}

SeatOutcomes seat_outcomes(const SimTally& tally) {
  std::uint64_t wins = 0;
  std::uint64_t ties = 0;
  for (unsigned c = 0; c < CATEGORY_COUNT; ++c) {
    wins += tally.seat_wins[c];
    ties += tally.seat_ties[c];
  }
  return {core::proportion(wins, tally.deals), core::proportion(ties, tally.deals),
          core::proportion(tally.deals - wins - ties, tally.deals)};
}

void play_chunk(const Evaluator& evaluator, unsigned players, std::uint64_t seed, std::uint64_t chunk,
                std::uint64_t deals, SimTally& tally) {
  core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::zjh_chunk, chunk);
  if (players == 2) {
    play_deals<2>(evaluator, players, rng, deals, tally);
  } else {
    play_deals<0>(evaluator, players, rng, deals, tally);
  }
}

run::RunOutcome<SimTally> play_chunks(const SimConfig& config, const std::vector<std::uint64_t>& chunks,
                                      unsigned threads, run::RunControl& control, const ChunkDone& on_chunk) {
  validate(config);
  const Evaluator evaluator(config.rules);
  const run::ChunkPlan plan{config.deals, config.chunk_deals};
  return run::run_chunks<SimTally>(
      plan, chunks, run::resolve_threads(threads), [] { return SimTally{}; },
      [&](std::uint64_t chunk, std::uint64_t deals, SimTally& tally) {
        if (!on_chunk) {
          play_chunk(evaluator, config.players, config.seed, chunk, deals, tally);
          return;
        }
        SimTally part;
        play_chunk(evaluator, config.players, config.seed, chunk, deals, part);
        tally.merge(part);
        on_chunk(chunk, part);
      },
      control);
}

run::RunOutcome<SimTally> run_sim(const SimConfig& config, unsigned threads, run::RunControl& control) {
  return play_chunks(config, run::all_chunks({config.deals, config.chunk_deals}), threads, control);
}

std::string tally_problem(const SimTally& t, unsigned players) {
  std::uint64_t hands = 0;
  std::uint64_t winning = 0;
  for (std::size_t c = 0; c < CATEGORY_COUNT; ++c) {
    hands += t.seat_hands[c];
    winning += t.winning_hands[c];
    if (t.seat_wins[c] + t.seat_ties[c] > t.seat_hands[c] || t.seat_wins[c] > t.seat_hands[c]) {
      return "seat_wins and seat_ties of category " + std::to_string(c) + " are more than its seat_hands";
    }
  }
  std::uint64_t ties = 0;
  for (const std::uint64_t n : t.seat_ties) ties += n;
  if (hands != t.deals)
    return "seat_hands add up to " + std::to_string(hands) + ", not the deals (" + std::to_string(t.deals) + ")";
  if (winning != t.deals) {
    return "winning_hands add up to " + std::to_string(winning) + ", not the deals (" + std::to_string(t.deals) + ")";
  }
  if (t.split_deals > t.deals) return "split_deals are more than the deals";
  if (ties > t.split_deals) return "seat_ties are more than the split deals (a tie shares first place)";
  if (t.leopard_kills > t.deals) return "leopard_kills are more than the deals";
  if (players < 2 && t.deals > 0) return "a deal needs two players at least";
  return "";
}

}  // namespace cardsim::zjh
