// Exhaustive checks of an outside evaluator against cardsim's ranking
// (zjh/evaluator_check.hpp).
#include "cardsim/zjh/evaluator_check.hpp"

#include <string>

#include "cardsim/core/error.hpp"

namespace cardsim::zjh {
namespace {

int sign(long long difference) { return (difference > 0) - (difference < 0); }

std::uint64_t card_mask(const Hand& hand) {
  return (std::uint64_t{1} << hand[0]) | (std::uint64_t{1} << hand[1]) | (std::uint64_t{1} << hand[2]);
}

// Cardsim's side of the checks: every hand's strength, category and cards.
struct Truth {
  explicit Truth(const Rules& rules) : evaluator(rules) {
    const auto& hands = all_hands();
    strength.resize(hands.size());
    category.resize(hands.size());
    mask.resize(hands.size());
    for (std::size_t i = 0; i < hands.size(); ++i) {
      strength[i] = evaluator.evaluate(hands[i]);
      category[i] = static_cast<std::uint8_t>(evaluator.category(strength[i]));
      mask[i] = card_mask(hands[i]);
    }
  }
  Evaluator evaluator;
  std::vector<Strength> strength;
  std::vector<std::uint8_t> category;
  std::vector<std::uint64_t> mask;
};

// Counts the disagreement on hands i, j (verdicts ours, theirs from i's side).
void record(EvaluatorCheck& check, const Truth& truth, std::size_t i, std::size_t j, int ours, int theirs) {
  ++check.disagreements;
  const std::size_t higher = ours >= 0 ? i : j;
  const std::size_t lower = ours >= 0 ? j : i;
  ++check.by_category[truth.category[higher]][truth.category[lower]];
  if (!check.first) check.first = Disagreement{all_hands()[i], all_hands()[j], ours, theirs};
}

}  // namespace

const std::vector<Hand>& all_hands() {
  static const std::vector<Hand> hands = [] {
    std::vector<Hand> all;
    all.reserve(HAND_COUNT);
    for (unsigned a = 0; a < DECK_SIZE; ++a) {
      for (unsigned b = a + 1; b < DECK_SIZE; ++b) {
        for (unsigned c = b + 1; c < DECK_SIZE; ++c) all.push_back({Card(a), Card(b), Card(c)});
      }
    }
    return all;
  }();
  return hands;
}

std::string hand_text(const Hand& hand) {
  return card_text(hand[0], false) + " " + card_text(hand[1], false) + " " + card_text(hand[2], false);
}

EvaluatorCheck check_ranks(const Rules& rules, std::span<const std::uint32_t> ranks) {
  if (ranks.size() != HAND_COUNT) {
    throw Error("a ranking must give all " + std::to_string(HAND_COUNT) + " hands a rank, not " +
                std::to_string(ranks.size()));
  }
  const Truth truth(rules);
  EvaluatorCheck check;
  const std::size_t n = ranks.size();
  check.pairs = static_cast<std::uint64_t>(n) * (n - 1) / 2;
  for (std::size_t i = 0; i < n; ++i) {
    const long long si = truth.strength[i];
    const long long ri = ranks[i];
    for (std::size_t j = i + 1; j < n; ++j) {
      const int ours = sign(si - truth.strength[j]);
      const int theirs = sign(ri - static_cast<long long>(ranks[j]));
      if (ours != theirs) [[unlikely]] {
        record(check, truth, i, j, ours, theirs);
      }
    }
  }
  return check;
}

EvaluatorCheck check_comparator(const Rules& rules, const CompareBatch& compare, std::atomic<std::uint64_t>* done,
                                const std::atomic<bool>* stop) {
  const Truth truth(rules);
  const auto& hands = all_hands();
  const std::size_t n = hands.size();
  EvaluatorCheck check;
  std::vector<Card> a_cards;
  std::vector<Card> b_cards;
  std::vector<std::int8_t> results;
  std::vector<std::uint32_t> others;
  // The first disagreements, searched for a cycle afterwards.
  constexpr std::size_t CYCLE_SEARCHES = 8;
  constexpr std::uint64_t ASYMMETRY_PROBES = 1000;
  std::vector<std::pair<std::size_t, std::size_t>> searched;
  auto verdict = [&](std::size_t i, std::size_t j) {
    std::int8_t out = 0;
    compare(hands[i].data(), hands[j].data(), 1, &out);
    return static_cast<int>(out);
  };
  auto ours_of = [&](std::size_t i, std::size_t j) {
    const int c = truth.evaluator.compare(truth.strength[i], truth.strength[j]);
    return sign(c);
  };
  auto out_of_range = [&](std::size_t i, std::size_t j, int theirs) {
    if (theirs >= -1 && theirs <= 1) return false;
    check.out_of_range = Disagreement{hands[i], hands[j], ours_of(i, j), theirs};
    return true;
  };

  for (std::size_t i = 0; i < n; ++i) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
      check.stopped = true;
      return check;
    }
    others.clear();
    for (std::size_t j = 0; j < n; ++j) {
      if ((truth.mask[i] & truth.mask[j]) == 0) others.push_back(static_cast<std::uint32_t>(j));
    }
    a_cards.resize(others.size() * HAND_SIZE);
    b_cards.resize(others.size() * HAND_SIZE);
    for (std::size_t k = 0; k < others.size(); ++k) {
      for (unsigned c = 0; c < HAND_SIZE; ++c) {
        a_cards[k * HAND_SIZE + c] = hands[i][c];
        b_cards[k * HAND_SIZE + c] = hands[others[k]][c];
      }
    }
    results.assign(others.size(), 0);
    compare(a_cards.data(), b_cards.data(), others.size(), results.data());
    check.pairs += others.size();
    for (std::size_t k = 0; k < others.size(); ++k) {
      const std::size_t j = others[k];
      const int theirs = results[k];
      const int ours = ours_of(i, j);
      if (ours == theirs) [[likely]] {
        continue;
      }
      if (out_of_range(i, j, theirs)) return check;
      record(check, truth, i, j, ours, theirs);
      if (!check.asymmetric && check.disagreements <= ASYMMETRY_PROBES) {
        const int back = verdict(j, i);
        if (out_of_range(j, i, back)) return check;
        if (back != -theirs) check.asymmetric = Disagreement{hands[i], hands[j], back, theirs};
      }
      if (searched.size() < CYCLE_SEARCHES && theirs != 0) {
        searched.emplace_back(theirs > 0 ? i : j, theirs > 0 ? j : i);
      }
    }
    if (done != nullptr) done->fetch_add(1, std::memory_order_relaxed);
  }

  // A cycle: the comparator says a beats b; look for c with b beating c and c
  // beating a under the comparator, where cardsim does not say the same.
  for (const auto& [a, b] : searched) {
    if (check.cycle) break;
    for (std::size_t c = 0; c < n && !check.cycle; ++c) {
      if ((truth.mask[c] & (truth.mask[a] | truth.mask[b])) != 0) continue;
      const int bc = verdict(b, c);
      if (out_of_range(b, c, bc)) return check;
      if (bc <= 0) continue;
      const int ca = verdict(c, a);
      if (out_of_range(c, a, ca)) return check;
      if (ca <= 0) continue;
      const bool cardsim_cycles = ours_of(a, b) > 0 && ours_of(b, c) > 0 && ours_of(c, a) > 0;
      if (!cardsim_cycles) check.cycle = std::array<Hand, 3>{hands[a], hands[b], hands[c]};
    }
  }
  return check;
}

}  // namespace cardsim::zjh
