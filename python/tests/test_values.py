"""cardsim from Python gives the right figures, not only the CLI's: exact
values against published ones, simulations against exact values within a
stated number of standard errors (fixed seeds), and Zha Jin Hua's counts
against combinatorics. test_identity shows Python and the CLI agree; these
would fail on a wrong engine or analyzer behind both."""
from __future__ import annotations

from math import comb, sqrt

import cardsim

# Simulated against exact: within this many standard errors (each test is
# one fixed-seed draw; 4 SE is passed by chance with probability 0.99994).
K_SE = 4


def test_analyze_gives_published_edges():
    # Griffin, The Theory of Blackjack: infinite deck, S17, double any two, no
    # DAS, no resplit, one card to split aces: -0.690223% with the optimal
    # basic strategy (docs/validation.md; the analyzer is exact here).
    griffin = cardsim.analyze(decks="infinite", das=False, split_hands=2)
    assert abs(griffin["basic_strategy"]["ev"] - -0.00690223) < 2e-7
    # Cacarulo: 6 decks S17 DAS, split to 4, late surrender, the total-dependent
    # chart standing on 16 v T with 3+ cards: -0.3317036%, to all its digits
    # (exact split values).
    cacarulo = cardsim.analyze(decks=6, surrender="late", strategy="cacarulo-6d-s17-das-ls")
    assert abs(cacarulo["strategy"]["ev"] - -0.003317036) < 5e-10
    # Wizard of Odds, appendix 9: 1 deck S17 DAS, resplit to 4 but aces, the
    # composition-dependent optimum: +0.1839%, by an approximate split method;
    # the exact value (CDP1) is 0.0008 points lower (docs/validation.md).
    wizard = cardsim.analyze(decks=1, composition_dependent=True)
    assert abs(wizard["composition_dependent"]["ev"] - 0.001839) < 1e-5


def test_fresh_shoe_simulation_agrees_with_the_exact_edge():
    # A fresh shoe every round is what the analyzer values exactly; 6:5 and
    # H17 move the edge 1.6 points from the 3:2 S17 game, which a wrong payout
    # or dealer rule would miss by far more than 4 SE (0.4 points at 1M rounds).
    for keys in [dict(decks=6), dict(decks=1, h17=True, blackjack_pays="6:5", surrender="late")]:
        exact = cardsim.analyze(**keys)["basic_strategy"]["ev"]
        result = cardsim.sim(**keys, reshuffle="every-round", rounds="1M", chunk_rounds="100k", seed=31, threads=2)
        edge = result["edge"]
        assert abs(edge["mean"] - exact) < K_SE * edge["standard_error"], (keys, edge, exact)
        # The result's own exact figure is the analyzer's, and comparable (a fresh shoe).
        assert result["exact"]["comparable"] and abs(result["exact"]["mean"] - exact) < 1e-12
        assert abs(result["exact"]["difference_in_standard_errors"]) < K_SE


def test_control_variate_same_cards_far_tighter():
    # The controlled estimate (the default) and the plain one come from the
    # same cards: the plain one is what control_variate="none" reports, and
    # the controlled one agrees with it within the plain SE while its own SE
    # is over 10 times smaller (6 decks, cut card: a factor of about 340).
    run = dict(decks=6, rounds="1M", chunk_rounds="100k", seed=33, threads=2)
    on = cardsim.sim(**run)
    off = cardsim.sim(**run, control_variate="none")
    assert on["edge"]["estimate"] == "controlled" and off["edge"]["estimate"] == "plain"
    assert all(on["edge_plain"][k] == off["edge"][k] for k in on["edge_plain"]), (on["edge_plain"], off["edge"])
    factor = on["control_variate"]["variance_reduction_factor"]
    assert factor["mean"] > 100 and factor["standard_error"] < factor["mean"] / 10
    assert on["edge"]["standard_error"] < off["edge"]["standard_error"] / 10
    assert abs(on["edge"]["mean"] - off["edge"]["mean"]) < K_SE * off["edge"]["standard_error"]


def test_dealer_finals_agree_with_the_exact_dealer_table():
    # Infinite deck (every card independent): the dealer's played-out final
    # totals by up card (every round, the dealer's blackjacks included)
    # against the analyzer's distribution before the peek, each within K_SE of
    # its own standard error.
    result = cardsim.sim(decks="infinite", rounds="600k", chunk_rounds="100k", seed=32, threads=2)
    exact = cardsim.analyze(decks="infinite")["dealer"]
    checked = 0
    for up, row in result["dealer"]["by_upcard"].items():
        played = row["played_out"]
        for final in ["17", "18", "19", "20", "21", "bust", "blackjack"]:
            p = exact[up]["before_peek"][final]
            if p == 0:  # no blackjack under a 2..9
                assert played["final"][final] == 0, (up, final)
                continue
            se = played["final_standard_error"][final]
            assert abs(played["final"][final] - p) < K_SE * se, (up, final, played["final"][final], p, se)
            checked += 1
    assert checked == 62  # 10 up cards x 6 finals, and blackjack under T and A


def test_zjh_exact_counts_are_the_combinatorial_ones():
    # Standard rules: 22,100 three-card hands of 52 cards; 13 ranks of
    # leopards (4 each), 12 straights (A-2-3 up to Q-K-A) in 4^3 suit
    # patterns, 4 of them flushes; flushes C(13,3) a suit less the straight
    # ones; pairs 13 x C(4,2) x 48 kickers.
    exact = cardsim.zjh.exact()
    counts = {row["category"]: row["hands"] for row in exact["categories"]}
    straight_flushes = 12 * 4
    expected = {
        "leopard": 13 * comb(4, 3),
        "straight_flush": straight_flushes,
        "flush": 4 * comb(13, 3) - straight_flushes,
        "straight": 12 * 4**3 - straight_flushes,
        "pair": 13 * comb(4, 2) * 48,
    }
    expected["high_card"] = comb(52, 3) - sum(expected.values())
    assert counts == expected
    assert exact["hands"] == comb(52, 3) == 22_100
    # Heads up: each hand against every disjoint hand, 22,100 x C(49,3) ordered
    # pairs. A leopard loses only to a higher leopard: the 4 leopards of rank
    # i (0 = twos) meet 4 x (12 - i) higher ones, 16 x (0 + ... + 12) = 1248.
    leopard = next(row for row in exact["categories"] if row["category"] == "leopard")
    assert leopard["heads_up"]["pairs"] == 52 * comb(49, 3)
    assert leopard["heads_up"]["loss"]["count"] == 16 * sum(range(13))
    assert leopard["heads_up"]["tie"]["count"] == 0


def test_zjh_simulation_agrees_with_the_exact_category_frequencies():
    exact = {row["category"]: row["probability"]["value"] for row in cardsim.zjh.exact()["categories"]}
    deals = 400_000
    result = cardsim.zjh.sim(players=2, deals=deals, chunk_deals=100_000, seed=33, threads=2)
    for row in result["seat"]["by_category"]:
        p = exact[row["category"]]
        se = sqrt(p * (1 - p) / deals)
        assert abs(row["hands"]["value"] - p) < K_SE * se, (row["category"], row["hands"], p, se)
