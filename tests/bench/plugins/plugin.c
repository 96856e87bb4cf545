/* Test plugins for `cardsim bench --evaluator` (tests/bench/CMakeLists.txt
 * builds this file several times, each with one of the defines below):
 * a right Zha Jin Hua ranker and comparator and blackjack hand evaluator
 * written in plain C, and the same with one defect each, which the check
 * must catch with the right hands, or which must end in a one-line error.
 *   A23_HIGH     A-2-3 ranked above A-K-Q (the straights' order)
 *   NO_SUITS     declares suits breaking ties, ignores them
 *   TIE_WINS     the comparator says the first hand wins a tie
 *   SOFT         a blackjack ace always counts 11 unless that busts (two aces: 22 -> 12 missed)
 *   CRASH            zjh_rank dereferences NULL on a hand holding the ace of spades
 *   HANG             zjh_rank loops forever on a hand holding the ace of spades
 *   WRONG_ABI        abi_version 2
 *   NO_SYMBOL        exports another name
 *   OUT_OF_RANGE     the comparator returns 2 for a win
 *   COMPARE          gives the comparator (both forms) instead of the ranker
 *   NO_ENTRY         gives no entry point at all
 */
#include <stddef.h>
#include <stdint.h>

#include "cardsim/evaluator_plugin.h"

#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

#ifdef NO_SUITS
#define TIES_BY_SUIT 1
#else
#define TIES_BY_SUIT 0
#endif

/* Category order (standard rules): high card, pair, straight, flush,
   straight flush, leopard. */
static uint32_t rank3(const uint8_t* cards) {
  uint8_t c[3] = {cards[0], cards[1], cards[2]};
  /* Sort high to low by index (rank, then suit). */
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (c[j] > c[i]) {
        uint8_t t = c[i];
        c[i] = c[j];
        c[j] = t;
      }
#if defined(CRASH) || defined(HANG)
  if (c[0] == 51) {
#ifdef CRASH
    volatile int* p = NULL;
    return (uint32_t)*p;
#else
    for (volatile int spin = 0;; spin = spin + 1) {
    }
#endif
  }
#endif
  int r0 = c[0] >> 2, r1 = c[1] >> 2, r2 = c[2] >> 2;
  int flush = (c[0] & 3) == (c[1] & 3) && (c[1] & 3) == (c[2] & 3);
  int a23 = r0 == 12 && r1 == 1 && r2 == 0;
  int run = (r0 == r1 + 1 && r1 == r2 + 1) || a23;
  uint32_t category, key;
  uint8_t order[3] = {c[0], c[1], c[2]};
  if (r0 == r2) {
    category = 5;
    key = (uint32_t)r0;
  } else if (run) {
    category = flush ? 4 : 2;
#ifdef A23_HIGH
    key = a23 ? 26u : 2u * (uint32_t)r0;
#else
    key = a23 ? 2u : 2u * (uint32_t)r0;
#endif
    if (a23) {
      order[0] = c[1];
      order[1] = c[2];
      order[2] = c[0];
    }
  } else if (r0 == r1 || r1 == r2) {
    category = 1;
    if (r0 == r1) {
      key = (uint32_t)(r0 * 16 + r2);
    } else {
      key = (uint32_t)(r1 * 16 + r0);
      order[0] = c[1];
      order[1] = c[2];
      order[2] = c[0];
    }
  } else {
    category = flush ? 3 : 0;
    key = (uint32_t)((r0 << 8) | (r1 << 4) | r2);
  }
  (void)order;
  return (category << 24) | (key << 8);
}

static int compare3(const uint8_t* a, const uint8_t* b) {
  uint32_t ra = rank3(a), rb = rank3(b);
#ifdef OUT_OF_RANGE
  if (ra > rb) return 2;
#endif
#ifdef TIE_WINS
  if (ra == rb) return 1;
#endif
  return (ra > rb) - (ra < rb);
}

static void compare_batch(const uint8_t* a, const uint8_t* b, size_t n, int8_t* out) {
  for (size_t i = 0; i < n; ++i) out[i] = (int8_t)compare3(a + 3 * i, b + 3 * i);
}

static void rank_batch(const uint8_t* cards, size_t n, uint32_t* ranks) {
  for (size_t i = 0; i < n; ++i) ranks[i] = rank3(cards + 3 * i);
}

static int bj_hand(const uint8_t* ranks, size_t count, int* soft) {
  int total = 0, aces = 0;
  for (size_t i = 0; i < count; ++i) {
    int v = ranks[i] >= 10 ? 10 : ranks[i];
    total += v;
    aces += v == 1;
  }
#ifdef SOFT
  /* Every ace as 11, then back to 1 one at a time while over 21, but a hand
     whose aces are all back still "soft". */
  total += 10 * aces;
  int reduced = 0;
  while (total > 21 && reduced < aces) {
    total -= 10;
    ++reduced;
  }
  *soft = aces > 0 && total <= 21;
  return total;
#else
  if (aces > 0 && total + 10 <= 21) {
    *soft = 1;
    return total + 10;
  }
  *soft = 0;
  return total;
#endif
}

static void bj_hand_batch(const uint8_t* ranks, const uint8_t* counts, size_t n, uint8_t* totals, uint8_t* soft) {
  for (size_t i = 0; i < n; ++i) {
    int s = 0;
    totals[i] = (uint8_t)bj_hand(ranks, counts[i], &s);
    soft[i] = (uint8_t)s;
    ranks += counts[i];
  }
}

static const cardsim_evaluator PLUGIN = {
#ifdef WRONG_ABI
    2u,
#else
    CARDSIM_EVALUATOR_ABI_VERSION,
#endif
    "test plugin",
    {TIES_BY_SUIT, 0, 0, 0},
#if defined(NO_ENTRY)
    NULL, NULL, NULL, NULL, NULL, NULL,
#elif defined(COMPARE)
    NULL, NULL, compare3, compare_batch, NULL, NULL,
#elif defined(OUT_OF_RANGE) || defined(TIE_WINS)
    NULL, NULL, NULL, compare_batch, NULL, NULL,
#else
    rank3, rank_batch, NULL, NULL, bj_hand, bj_hand_batch,
#endif
};

#ifdef NO_SYMBOL
EXPORT const cardsim_evaluator* my_evaluator(void) { return &PLUGIN; }
#else
EXPORT const cardsim_evaluator* cardsim_evaluator_plugin(void) { return &PLUGIN; }
#endif
