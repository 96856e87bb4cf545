// The cards every evaluator is timed on, cardsim's and a plugin's alike
// (bench.cpp, evaluator_plugin.cpp): fixed-seed random hands (4 Mi, far larger
// than any cache: the table's cache misses show), every hand in order, random
// showdown pairs and blackjack hands. Internal to the app floor.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/core/rng.hpp"
#include "cardsim/zjh/evaluator.hpp"
#include "cardsim/zjh/evaluator_check.hpp"
#include "cardsim/zjh/showdown.hpp"

namespace cardsim::app {

inline constexpr std::uint64_t TIMING_SEED = 2024;

// Keeps a timed loop's result alive, so that the compiler cannot drop the loop.
template <class T>
void keep(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

// 2^22 random hands (cards in deal order), and 2^20 random pairs of disjoint
// hands (first hands, then second hands), from the zjh_bench stream.
struct TimingCards {
  std::vector<zjh::Hand> random;
  std::vector<zjh::Hand> first;
  std::vector<zjh::Hand> second;
  std::vector<std::uint8_t> blackjack;  // 2^20 hands of three ranks 1..13

  static const TimingCards& get() {
    static const TimingCards cards = [] {
      TimingCards c;
      core::Rng rng = core::chunk_rng(TIMING_SEED, core::StreamPurpose::zjh_bench, 0);
      zjh::Deck deck = zjh::fresh_deck();
      c.random.resize(std::size_t{1} << 22);
      for (auto& hand : c.random) {
        zjh::deal_cards(rng, deck, zjh::HAND_SIZE);
        hand = {deck[0], deck[1], deck[2]};
      }
      c.first.resize(std::size_t{1} << 20);
      c.second.resize(c.first.size());
      for (std::size_t i = 0; i < c.first.size(); ++i) {
        zjh::deal_cards(rng, deck, 2 * zjh::HAND_SIZE);
        c.first[i] = {deck[0], deck[1], deck[2]};
        c.second[i] = {deck[3], deck[4], deck[5]};
      }
      c.blackjack.resize(3 * (std::size_t{1} << 20));
      for (auto& rank : c.blackjack) rank = static_cast<std::uint8_t>(core::bounded(rng, 13) + 1);
      return c;
    }();
    return cards;
  }
};

// Cardsim's Zha Jin Hua evaluator on the timing cards: each call does one
// pass and returns the hands (or pairs) it evaluated.
class ZjhTiming {
 public:
  explicit ZjhTiming(const zjh::Rules& rules) : evaluator_(rules), cards_(TimingCards::get()) {}

  std::uint64_t ours_random() const {
    std::uint64_t sum = 0;
    for (const auto& h : cards_.random) sum += evaluator_.evaluate(h[0], h[1], h[2]);
    keep(sum);
    return cards_.random.size();
  }
  std::uint64_t ours_sequential() const {
    std::uint64_t sum = 0;
    for (int pass = 0; pass < 16; ++pass) {
      for (const auto& h : zjh::all_hands()) sum += evaluator_.evaluate(h[0], h[1], h[2]);
    }
    keep(sum);
    return 16 * zjh::all_hands().size();
  }
  std::uint64_t ours_compare() const {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < cards_.first.size(); ++i) {
      sum += evaluator_.compare(evaluator_.evaluate(cards_.first[i]), evaluator_.evaluate(cards_.second[i]));
    }
    keep(sum);
    return cards_.first.size();
  }

 private:
  zjh::Evaluator evaluator_;
  const TimingCards& cards_;
};

// One repetition of a timing: `step` (returns the units it did) over and
// over until `min_time` seconds have passed; the rate in units/s, or -1 if
// `stop` was set first.
inline double timed_rate(const std::function<std::uint64_t()>& step, double min_time, const std::atomic<bool>* stop) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::uint64_t units = 0;
  double elapsed = 0;
  do {
    if (stop != nullptr && stop->load()) return -1;
    units += step();
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < min_time);
  return static_cast<double>(units) / elapsed;
}

inline double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The repetitions' rates (non-empty) times `scale` as the results write them:
// {"median", "min", "max"}.
inline nlohmann::json rates_summary(const std::vector<double>& rates, double scale = 1) {
  return {{"median", median_of(rates) * scale},
          {"min", *std::min_element(rates.begin(), rates.end()) * scale},
          {"max", *std::max_element(rates.begin(), rates.end()) * scale}};
}

}  // namespace cardsim::app
