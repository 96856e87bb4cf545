"""cardsim from Python gives the CLI's result: for the same config and seed,
the same JSON as `cardsim ... --out -` but for the timing fields, byte for
byte in the tallies (the results are compared as parsed JSON: integers
exactly, and doubles from the same shortest decimal text)."""
from __future__ import annotations

import json

import cardsim
from conftest import CONFIGS, SOURCE_DIR, cli_json, run_cli, statistics

ROUNDS = "200k"
SMALL = ["--rounds", ROUNDS, "--chunk-rounds", "50k", "--threads", "2", "--quiet", "--out", "-"]


def test_sim_keys_as_flags(cli):
    python = cardsim.sim(decks=8, h17=True, surrender="late", rounds=ROUNDS, chunk_rounds="50k", seed=7, threads=2)
    reference = cli_json(cli, ["sim", "--decks", "8", "--h17", "--surrender", "late", "--seed", "7", *SMALL])
    assert statistics(python) == statistics(reference)
    assert python["tally"] == reference["tally"]
    assert python["run"]["rounds"] == 200_000


def test_sim_counting_config_file_on_other_threads(cli):
    # A config file with a count, a ramp and index plays; 1 thread against
    # the CLI's 2: the chunks, not the threads, decide the cards.
    config = CONFIGS / "6d-s17-das-hilo.json"
    python = cardsim.sim(config, rounds=ROUNDS, chunk_rounds="50k", seed=3, threads=1)
    reference = cli_json(cli, ["sim", "--config", str(config), "--seed", "3", *SMALL])
    assert statistics(python) == statistics(reference)
    assert python["counting"]["system"] == "hi-lo"


def test_sim_dict_config_equals_file(tmp_path):
    config = json.loads((CONFIGS / "8d-h17-ls.json").read_text())
    from_dict = cardsim.sim(config, rounds=ROUNDS, seed=5, threads=2)
    from_file = cardsim.sim(CONFIGS / "8d-h17-ls.json", rounds=ROUNDS, seed=5, threads=2)
    assert statistics(from_dict) == statistics(from_file)


def test_sim_target_se(cli):
    python = cardsim.sim(rounds="2M", chunk_rounds="10k", seed=2, target_se=0.005, threads=2)
    reference = cli_json(cli, ["sim", "--rounds", "2M", "--chunk-rounds", "10k", "--seed", "2", "--target-se", "0.005",
                               "--threads", "2", "--quiet", "--out", "-"])
    assert statistics(python) == statistics(reference)
    assert python["run"]["stopped_by"] == "target_se"


def test_compare(cli):
    configs = [CONFIGS / "6d-s17-das.json", CONFIGS / "6d-h17-das.json"]
    python = cardsim.compare(configs, rounds=ROUNDS, seed=4, chunk_rounds="10k", threads=2)
    reference = cli_json(cli, ["compare", *map(str, configs), "--rounds", ROUNDS, "--seed", "4", "--chunk-rounds",
                               "10k", "--threads", "2", "--quiet", "--out", "-"])
    assert statistics(python) == statistics(reference)
    assert [v["label"] for v in python["variants"]] == [v["label"] for v in reference["variants"]]


def test_sweep(cli):
    python = cardsim.sweep(vary={"decks": [1, 6], "h17": [False, True]}, surrender="late", rounds=ROUNDS, seed=9,
                           chunk_rounds="10k", threads=2)
    reference = cli_json(cli, ["sweep", "--vary", "decks=1,6", "--vary", "h17=false,true", "--surrender", "late",
                               "--rounds", ROUNDS, "--seed", "9", "--chunk-rounds", "10k", "--threads", "2", "--quiet",
                               "--out", "-"])
    assert statistics(python) == statistics(reference)
    assert len(python["variants"]) == 4


def test_sweep_axes_as_text(cli):
    # Text is read as the CLI reads --vary: a numeric range (both ends) and a list.
    python = cardsim.sweep(vary={"penetration": "0.6:0.8:0.1", "surrender": "none,late"}, rounds=ROUNDS, seed=9,
                           chunk_rounds="10k", threads=2)
    reference = cli_json(cli, ["sweep", "--vary", "penetration=0.6:0.8:0.1", "--vary", "surrender=none,late",
                               "--rounds", ROUNDS, "--seed", "9", "--chunk-rounds", "10k", "--threads", "2", "--quiet",
                               "--out", "-"])
    assert statistics(python) == statistics(reference)
    assert [v["values"] for v in python["variants"]] == [
        {"penetration": p, "surrender": s} for p in (0.6, 0.7, 0.8) for s in ("none", "late")]


def test_analyze(cli):
    config = CONFIGS / "1d-65.json"
    python = cardsim.analyze(config, strategy="mimic-dealer", composition_dependent=True)
    reference = cli_json(cli, ["analyze", "--config", str(config), "--strategy", "mimic-dealer",
                               "--composition-dependent", "--quiet", "--out", "-"])
    assert statistics(python) == statistics(reference)
    assert python["strategy"]["name"] == "mimic-dealer" and "composition_dependent" in python


def test_analyze_rule_effects(cli):
    python = cardsim.analyze(decks=1, split_hands=2, rule_effects=True, threads=2)
    reference = cli_json(cli, ["analyze", "--decks", "1", "--split-hands", "2", "--rule-effects", "--threads", "1",
                               "--quiet", "--out", "-"])
    assert statistics(python) == statistics(reference)
    frame = cardsim.to_frame(python, "rule_effects")
    assert list(frame.index.names) == ["rule", "to"] and len(frame) == len(python["rule_effects"]) == 21
    # Blackjack paid 6:5 instead of 3:2 costs 0.3 bets on each player natural the dealer does not match.
    naturals = 2 * (4 / 52) * (16 / 51) * (1 - 2 * (3 / 50) * (15 / 49))
    assert abs(frame.loc[("blackjack_pays", "6:5"), "optimal.change_percent"] - 30 * naturals) < 1e-10


def test_chart(cli):
    done = run_cli(cli, ["chart", "--decks", "1", "--h17"])
    assert done.returncode == 0, done.stderr
    assert cardsim.chart(decks=1, h17=True) == done.stdout


def test_zjh_sim(cli):
    python = cardsim.zjh.sim(players=3, deals="300k", chunk_deals=100_000, seed=11, threads=2, ties="suits")
    reference = cli_json(cli, ["zjh", "sim", "--players", "3", "--deals", "300k", "--chunk-deals", "100000", "--seed",
                               "11", "--threads", "2", "--ties", "suits", "--quiet", "--out", "-"])
    assert statistics(python) == statistics(reference)


def test_zjh_exact(cli):
    config = CONFIGS / "zjh" / "teen-patti.json"
    python = cardsim.zjh.exact(config, ties="suits")
    reference = cli_json(cli, ["zjh", "exact", "--json", "--config", str(config), "--ties", "suits"])
    assert statistics(python) == statistics(reference)
    assert python["rules"]["ties"] == "suits" and python["rules"]["a23"] == "second"


def test_version_is_the_cli_version(cli):
    done = run_cli(cli, ["--version"])
    assert done.stdout.split()[1] == cardsim.__version__
    assert SOURCE_DIR.joinpath("configs").is_dir()
