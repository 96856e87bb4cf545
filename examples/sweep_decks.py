#!/usr/bin/env python3
"""House edge against the number of decks, for S17/H17 and with or without
late surrender: one paired sweep (every cell on the same cards), plotted with
95% error bars.

    PYTHONPATH=build/release/python python3 examples/sweep_decks.py --rounds 50M --out edge-by-decks.png

Prints the table (pandas) and saves the figure (matplotlib, Agg: no display
needed). docs/python.md shows the figure of a run of 50M rounds per cell;
examples/sweep_decks.ipynb is the same as a notebook (it imports this file).
"""
from __future__ import annotations

import argparse
from typing import Optional, Tuple

import matplotlib

import cardsim

DECKS = [1, 2, 4, 6, 8]
COLUMNS = ["decks", "h17", "surrender", "house_edge_percent", "se_percent", "exact_house_edge_percent"]


def sweep_table(rounds: str, chunk_rounds: Optional[str] = None, seed: int = 1, threads: int = 0
                ) -> Tuple["cardsim.PairedResult", "pandas.DataFrame"]:
    """The sweep decks x H17 x surrender and its table (one row per cell)."""
    result = cardsim.sweep(vary={"decks": DECKS, "h17": [False, True], "surrender": ["none", "late"]},
                           rounds=rounds, chunk_rounds=chunk_rounds, seed=seed, threads=threads)
    return result, cardsim.to_frame(result)


def plot_edges(table: "pandas.DataFrame", rounds: int) -> "matplotlib.figure.Figure":
    """The house edge against the decks, one line per rule pair, with the
    95% confidence intervals of the CSV as error bars."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5))
    for (h17, surrender), cells in table.groupby(["h17", "surrender"], sort=False):
        label = f"{'H17' if h17 else 'S17'}, {'late surrender' if surrender == 'late' else 'no surrender'}"
        edge = cells["house_edge_percent"]
        interval = [edge - cells["ci95_low_percent"], cells["ci95_high_percent"] - edge]  # the 95% CI
        axes.errorbar(cells["decks"], edge, yerr=interval, marker="o", capsize=3, label=label)
    axes.set(xlabel="decks", ylabel="house edge (% of the initial wager)", xticks=DECKS,
             title=f"Blackjack house edge by decks, DAS 3:2 basic strategy\n"
                   f"{rounds:,} rounds per cell, paired sweep, 95% error bars")
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    return figure


def main() -> None:
    matplotlib.use("Agg")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="10M", help="rounds per cell (default 10M)")
    parser.add_argument("--chunk-rounds", default=None, help="rounds per chunk (default 100000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=0, help="0: every core")
    parser.add_argument("--out", default="edge-by-decks.png", help="the figure (PNG)")
    args = parser.parse_args()

    result, table = sweep_table(args.rounds, args.chunk_rounds, args.seed, args.threads)
    print(table[COLUMNS].to_string(index=False))
    plot_edges(table, result["run"]["rounds"]).savefig(args.out, dpi=110)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
