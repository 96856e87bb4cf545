/* cardsim's evaluator plugin interface (C99; no C++ needed).
 *
 * A plugin is a shared library that exports one function,
 *
 *     const cardsim_evaluator* cardsim_evaluator_plugin(void);
 *
 * returning a description of the evaluators it implements. `cardsim bench
 * --evaluator ./libmine.so` loads it (dlopen, in a child process), checks
 * every entry point it provides exhaustively against cardsim's exact rankings,
 * then times it beside cardsim's own evaluators on the same cards.
 * docs/bench.md walks through writing one; examples/evaluator-plugin/ is one.
 *
 * Cards
 *   Zha Jin Hua (three-card hands): a card is its index 0..51 in one deck,
 *   rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit 0 = clubs, 1 = diamonds,
 *   2 = hearts, 3 = spades (cardsim/zjh/cards.hpp). A hand's three cards are
 *   distinct and come in any order.
 *   Blackjack: a card is its rank 1..13 (1 = ace, 11 = jack, 12 = queen,
 *   13 = king); suits do not matter.
 *
 * Entry points (any may be NULL; at least one must be given)
 *   zjh_rank           the hand's strength: higher beats lower, equal ties.
 *                      Any uint32_t values; only their order is checked. Under
 *                      the 2-3-5 rule a rank cannot say "beats a leopard only":
 *                      rank a mixed 2-3-5 as the high card it is (cardsim's own
 *                      Evaluator does the same and applies the exception when it
 *                      compares); a comparator implements the rule in full.
 *   zjh_compare        who wins the showdown of two disjoint hands: 1 if a beats
 *                      b, 0 on a tie, -1 if b beats a (nothing else).
 *   bj_hand            a blackjack hand's best total (an ace counts 11 when that
 *                      does not bust the hand; a busted hand's total counts every
 *                      ace as 1) and whether it is soft (an ace counts 11).
 *   Each has a batch form (n hands a call) so that call overhead does not
 *   dominate the timing; when both are given the check and the timing use the
 *   batch form, and the single form is checked on a sample.
 *
 * ABI: `abi_version` must be CARDSIM_EVALUATOR_ABI_VERSION; a later version of
 * this header that changes the struct changes the number, and cardsim refuses
 * a plugin of another version with a one-line error.
 */
#ifndef CARDSIM_EVALUATOR_PLUGIN_H
#define CARDSIM_EVALUATOR_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CARDSIM_EVALUATOR_ABI_VERSION 1u
#define CARDSIM_EVALUATOR_SYMBOL "cardsim_evaluator_plugin"

/* The Zha Jin Hua rule set the plugin implements (cardsim/zjh/rules.hpp). */
typedef struct cardsim_zjh_rules {
  int ties_by_suit;         /* 0: equal ranks tie; 1: spades > hearts > diamonds > clubs break ties */
  int a23_second;           /* 0: A-2-3 is the lowest straight; 1: second only to A-K-Q */
  int special_235;          /* 1: a mixed-suit 2-3-5 beats a leopard, and only a leopard */
  int straight_above_flush; /* 1: straight > flush (casino / teen patti order) */
} cardsim_zjh_rules;

typedef struct cardsim_evaluator {
  uint32_t abi_version; /* CARDSIM_EVALUATOR_ABI_VERSION */
  const char* name;     /* for the report, e.g. "weights 100/10/1" */
  cardsim_zjh_rules zjh_rules;

  uint32_t (*zjh_rank)(const uint8_t cards[3]);
  /* cards: 3 * n cards, hand i at cards[3 * i]; ranks: n values. */
  void (*zjh_rank_batch)(const uint8_t* cards, size_t n, uint32_t* ranks);

  int (*zjh_compare)(const uint8_t a[3], const uint8_t b[3]);
  /* a, b: 3 * n cards each; results: n values of -1, 0, 1. */
  void (*zjh_compare_batch)(const uint8_t* a, const uint8_t* b, size_t n, int8_t* results);

  /* Returns the best total, sets *soft to 0 or 1. */
  int (*bj_hand)(const uint8_t* ranks, size_t count, int* soft);
  /* n hands; hand i has counts[i] cards, the hands' cards one after the other
     in `ranks`; totals and soft: n values each. */
  void (*bj_hand_batch)(const uint8_t* ranks, const uint8_t* counts, size_t n, uint8_t* totals, uint8_t* soft);
} cardsim_evaluator;

typedef const cardsim_evaluator* (*cardsim_evaluator_plugin_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* CARDSIM_EVALUATOR_PLUGIN_H */
