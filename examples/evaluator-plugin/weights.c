/* A Zha Jin Hua evaluator as popular tutorials write it, as a cardsim plugin:
 * each hand gets a weight
 *
 *     category x 100 + highest rank x 10 + middle rank x 1 + suit / 100
 *
 * (ranks 2..14, the ace 14; for a pair, the pair's rank first; the suit of the
 * highest card, clubs 1 .. spades 4, breaks ties), and higher weights win.
 * `cardsim bench --evaluator ./libweights.so` checks it against cardsim's exact
 * ranking on every pair of the 22,100 hands, then times it beside cardsim's
 * table; docs/bench.md shows what the check finds. The blackjack entry point
 * is the usual "count aces as 11, then 1 while over 21".
 *
 * Build: cc -O2 -shared -fPIC -I<cardsim's include folder> weights.c -o libweights.so
 * (or with CMake: this folder's CMakeLists.txt).
 */
#include <stddef.h>
#include <stdint.h>

#include "cardsim/evaluator_plugin.h"

enum { HIGH_CARD = 1, PAIR, STRAIGHT, FLUSH, STRAIGHT_FLUSH, LEOPARD };

static double weight(const uint8_t* cards) {
  int rank[3], suit[3];
  for (int i = 0; i < 3; ++i) {
    rank[i] = cards[i] / 4 + 2; /* 2..14 */
    suit[i] = cards[i] % 4 + 1; /* clubs 1, diamonds 2, hearts 3, spades 4 */
  }
  /* Highest rank first. */
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      if (rank[j] > rank[i] || (rank[j] == rank[i] && suit[j] > suit[i])) {
        int r = rank[i], s = suit[i];
        rank[i] = rank[j], suit[i] = suit[j];
        rank[j] = r, suit[j] = s;
      }
    }
  }
  int flush = suit[0] == suit[1] && suit[1] == suit[2];
  int straight = rank[0] == rank[1] + 1 && rank[1] == rank[2] + 1;
  int category = HIGH_CARD;
  if (rank[0] == rank[2]) {
    category = LEOPARD;
  } else if (straight && flush) {
    category = STRAIGHT_FLUSH;
  } else if (flush) {
    category = FLUSH;
  } else if (straight) {
    category = STRAIGHT;
  } else if (rank[0] == rank[1] || rank[1] == rank[2]) {
    category = PAIR;
    if (rank[1] == rank[2]) { /* the pair's rank first */
      int r = rank[0];
      rank[0] = rank[2];
      rank[2] = r;
      rank[1] = rank[0];
    }
  }
  return category * 100 + rank[0] * 10 + rank[1] + suit[0] / 100.0;
}

static uint32_t zjh_rank(const uint8_t cards[3]) { return (uint32_t)(weight(cards) * 100 + 0.5); }

static void zjh_rank_batch(const uint8_t* cards, size_t n, uint32_t* ranks) {
  for (size_t i = 0; i < n; ++i) ranks[i] = zjh_rank(cards + 3 * i);
}

static int bj_hand(const uint8_t* ranks, size_t count, int* soft) {
  int total = 0, aces_as_11 = 0;
  for (size_t i = 0; i < count; ++i) {
    int v = ranks[i] >= 10 ? 10 : ranks[i];
    if (v == 1) {
      v = 11;
      ++aces_as_11;
    }
    total += v;
  }
  while (total > 21 && aces_as_11 > 0) {
    total -= 10;
    --aces_as_11;
  }
  *soft = aces_as_11 > 0;
  return total;
}

static const cardsim_evaluator WEIGHTS = {
    CARDSIM_EVALUATOR_ABI_VERSION,
    "tutorial weights (category x 100 + ranks x 10/1 + suit / 100)",
    {1, 0, 0, 0}, /* ties broken by suit, A-2-3 lowest, no 2-3-5 rule, flush > straight */
    zjh_rank,
    zjh_rank_batch,
    NULL,
    NULL,
    bj_hand,
    NULL,
};

__attribute__((visibility("default"))) const cardsim_evaluator* cardsim_evaluator_plugin(void) { return &WEIGHTS; }
