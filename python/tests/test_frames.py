"""to_frame: each result kind's natural table, indexed by what its rows
describe, its shape, column names and NaN for what a row lacks."""
from __future__ import annotations

import subprocess
import sys

import pytest

import cardsim
from conftest import CONFIGS, run_cli

UPCARDS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]


@pytest.fixture(scope="module")
def sim_result():
    return cardsim.sim(rounds="100k", seed=3, threads=2)


def test_sim_by_upcard(sim_result):
    frame = cardsim.to_frame(sim_result)
    assert frame.shape == (10, len(frame.columns))
    assert frame.index.name == "upcard" and list(frame.index) == UPCARDS
    assert frame.loc["T", "rounds"] > 3 * frame.loc["9", "rounds"]  # four ten-valued ranks
    for column in ["rounds", "rounds_when_played", "bust_rate_when_played", "final_when_played.17",
                   "final_when_played.bust", "played_out.final.17", "played_out.final.bust",
                   "played_out.final_standard_error.21", "played_out.bust_standard_error"]:
        assert column in frame.columns, column
    # Every round has one up card (one seat).
    assert frame["rounds"].sum() == sim_result["run"]["rounds"]
    totals = ["17", "18", "19", "20", "21", "bust", "blackjack"]
    assert frame[[f"played_out.final.{t}" for t in totals]].sum(axis=1).round(12).eq(1).all()


def test_sim_counting_by_true_count():
    result = cardsim.sim(CONFIGS / "6d-s17-das-hilo.json", rounds="100k", threads=2)
    frame = cardsim.to_frame(result)
    assert len(frame) == len(result["counting"]["by_true_count"])
    assert frame.index.name == "true_count"
    for column in ["rounds", "played", "frequency", "edge.mean", "edge.standard_error",
                   "insurance.ev"]:
        assert column in frame.columns, column
    assert frame["rounds"].sum() == result["counting"]["rounds_dealt"]
    assert list(frame.index) == sorted(frame.index)
    assert len(cardsim.to_frame(result, table="upcard")) == 10


def test_compare_and_sweep_have_the_csv_columns(cli, tmp_path):
    result = cardsim.sweep(vary={"decks": [1, 2, 6], "h17": [False, True]}, rounds="50k", chunk_rounds=2500,
                           threads=2)
    frame = cardsim.to_frame(result)
    assert frame.shape[0] == 6
    csv = tmp_path / "sweep.csv"
    done = run_cli(cli, ["sweep", "--vary", "decks=1,2,6", "--vary", "h17=false,true", "--rounds", "50k",
                         "--chunk-rounds", "2500", "--threads", "2", "--quiet", "--csv", str(csv)])
    assert done.returncode == 0, done.stderr
    # The CSV the result carries is the CLI's, byte for byte; the frame has its columns.
    assert result.csv == csv.read_text()
    header = csv.read_text().splitlines()[0].split(",")
    assert frame.index.name == "label" and list(frame.columns) == header[1:]
    assert list(frame["decks"]) == [1, 1, 2, 2, 6, 6]
    # The baseline has no change from itself: NaN, not an empty cell.
    assert frame["change_percent"].isna().tolist() == [True] + [False] * 5
    compared = cardsim.compare([{}, {"surrender": "late"}], rounds="50k", chunk_rounds=2500, threads=2)
    assert cardsim.to_frame(compared).shape[0] == 2
    # A plain dict (a result file read back) has no CSV beside it.
    with pytest.raises(ValueError, match="--csv"):
        cardsim.to_frame(dict(compared))


def test_analyze_initial_hands():
    result = cardsim.analyze(decks=2, h17=True)
    frame = cardsim.to_frame(result)
    # 55 two-card hands (pairs of card values, unordered) against 10 up cards.
    assert frame.shape == (550, 6)
    assert list(frame.index.names) == ["upcard", "cards"]
    assert list(frame.columns) == ["probability", "double", "hit", "split", "stand", "surrender"]
    # A hand's probability given the up card: each up card's sum to 1.
    assert (frame.groupby(level="upcard")["probability"].sum() - 1).abs().max() < 1e-12
    # What the rules do not allow is NaN, in columns of numbers: no split of 9T, no surrender here.
    assert len(frame.xs("9T", level="cards")) == 10 and frame.xs("9T", level="cards")["split"].isna().all()
    assert frame["surrender"].dtype == float and frame["surrender"].isna().all()
    assert frame.loc[("A", "6T"), "hit"] < 0


def test_zjh_by_category():
    exact = cardsim.to_frame(cardsim.zjh.exact())
    assert exact.shape[0] == 6 and exact.index.name == "category" and "heads_up.win.value" in exact.columns
    assert exact.loc["leopard", "hands"] == 52
    assert exact["hands"].sum() == 22_100
    simulated = cardsim.to_frame(cardsim.zjh.sim(deals="100k", threads=2))
    assert simulated.shape[0] == 6 and simulated.index.name == "category" and "win.value" in simulated.columns and "hands.count" in simulated.columns
    assert simulated["hands.count"].sum() == 100_000


def test_pandas_is_imported_only_by_to_frame():
    code = ("import sys, cardsim; cardsim.sim(rounds='1k'); cardsim.zjh.exact(); "
            "assert 'pandas' not in sys.modules, 'pandas imported'; "
            "cardsim.to_frame(cardsim.sim(rounds='1k')); assert 'pandas' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_without_pandas_to_frame_says_how_to_get_it():
    # pandas hidden from the import system: the rest of cardsim works, to_frame says what to install.
    code = ("import sys; sys.modules['pandas'] = None; import cardsim; r = cardsim.sim(rounds='1k')\n"
            "try:\n    cardsim.to_frame(r)\nexcept ImportError as e:\n    print(e)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "cardsim.to_frame needs pandas" in done.stdout and "pip install pandas" in done.stdout, done.stdout
