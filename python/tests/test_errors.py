"""Bad input raises ValueError with the CLI's message (or TypeError for a
Python argument of the wrong kind), and never ends the interpreter."""
from __future__ import annotations

import json

import pytest

import cardsim
from conftest import cli_error


def written(tmp_path, name, config):
    path = tmp_path / name
    path.write_text(json.dumps(config))
    return path


@pytest.mark.parametrize("config", [
    {"decks": 9},
    {"decks": "eight"},
    {"penetration": 1.5},
    {"surrender": "sometimes"},
    {"blackjack_pays": "3-2"},
    {"no_such_key": 1},
    {"rounds": 0},
    {"strategy": "no-such-chart"},
    {"count": "no-such-count"},
    {"seed": -1},
])
def test_sim_bad_config_has_the_cli_message(cli, tmp_path, config):
    path = written(tmp_path, "bad.json", config)
    message = cli_error(cli, ["sim", "--config", str(path), "--rounds", "1k", "--quiet"]) \
        if "rounds" not in config else cli_error(cli, ["sim", "--config", str(path), "--quiet"])
    with pytest.raises(ValueError) as from_file:
        cardsim.sim(path, **({} if "rounds" in config else {"rounds": "1k"}))
    assert str(from_file.value) == message
    # The same keys as arguments: the same message.
    with pytest.raises(ValueError) as from_keys:
        cardsim.sim(**{"rounds": "1k", **config})
    assert str(from_keys.value) == message


def test_missing_and_malformed_config_files(cli, tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(ValueError) as caught:
        cardsim.sim(missing)
    assert "missing.json" in str(caught.value)
    malformed = tmp_path / "malformed.json"
    malformed.write_text('{"decks": 6,')
    with pytest.raises(ValueError) as caught:
        cardsim.sim(malformed, rounds="1k")
    assert str(caught.value) == cli_error(cli, ["sim", "--config", str(malformed), "--rounds", "1k"])


def test_compare_and_sweep_errors(cli):
    with pytest.raises(ValueError, match="at least two"):
        cardsim.compare([{}])
    with pytest.raises(ValueError) as caught:
        cardsim.sweep(vary={"rounds": [1000, 2000]})
    assert str(caught.value) == cli_error(cli, ["sweep", "--vary", "rounds=1000,2000"])
    with pytest.raises(ValueError) as caught:
        cardsim.sweep(vary={"decks": [1, 99]}, rounds="1k")
    assert str(caught.value) == cli_error(cli, ["sweep", "--vary", "decks=1,99", "--rounds", "1k"])
    with pytest.raises(ValueError) as caught:  # a range as text, read as --vary reads it
        cardsim.sweep(vary={"penetration": "0.9:0.6:0.1"}, rounds="1k")
    assert str(caught.value) == cli_error(cli, ["sweep", "--vary", "penetration=0.9:0.6:0.1", "--rounds", "1k"])
    with pytest.raises(ValueError, match="counting"):
        cardsim.compare([{}, {"count": "hi-lo"}], rounds="1k")
    with pytest.raises(ValueError, match="at least one key"):
        cardsim.sweep(vary={})


def test_zjh_errors(cli):
    with pytest.raises(ValueError) as caught:
        cardsim.zjh.sim(players=20, deals=1000)
    assert "players" in str(caught.value)
    with pytest.raises(ValueError):
        cardsim.zjh.exact(ties="sometimes")
    with pytest.raises(ValueError):
        cardsim.zjh.exact(variant="no-such-variant")
    with pytest.raises(ValueError) as caught:
        cardsim.zjh.sim(deals="lots")
    # The CLI's "--deals: 'lots' is not a count; ..." (CLI11 names the flag, once).
    assert str(caught.value) == "deals: " + cli_error(cli, ["zjh", "sim", "--deals", "lots"]).split(": ", 1)[1]


def test_run_argument_errors():
    with pytest.raises(ValueError, match="target_se"):
        cardsim.sim(rounds="1k", target_se=-1)
    with pytest.raises(TypeError):
        cardsim.sim(42)
    with pytest.raises(TypeError):
        cardsim.sim(rounds="1k", progress="yes")
    with pytest.raises(TypeError):
        cardsim.sim(rounds="1k", threads=-1)
    with pytest.raises(ValueError, match="no table"):
        cardsim.to_frame(cardsim.sim(rounds="1k"), table="no-such-table")
    with pytest.raises(ValueError, match="not a cardsim result"):
        cardsim.to_frame({"command": "dance"})
    # The interpreter is still here, and runs.
    assert cardsim.sim(rounds="1k")["run"]["rounds"] == 1000


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_value_is_a_value_error(value):
    # Python's json writes NaN and Infinity, which JSON has not: the config is
    # refused as the CLI refuses it (issue 30: it was a RuntimeError).
    with pytest.raises(ValueError, match="config keys"):
        cardsim.sim(rounds="1k", penetration=value)


def test_too_many_threads_is_a_value_error():
    # A documented maximum, not an abort of the interpreter (issue 30).
    with pytest.raises(ValueError, match="at most 1024"):
        cardsim.sim(rounds="1k", threads=100_000)


def test_python_arguments_in_pythons_words():
    """A value JSON cannot hold, a key that is not a name, and a string
    where a list of configs is due: ValueError or TypeError naming them (they
    were a RuntimeError with raw json text, or the string's characters read
    as config files)."""
    with pytest.raises(ValueError, match=r"vary 'decks': nan is not a value of a config key"):
        cardsim.sweep(vary={"decks": [float("nan")]}, rounds="1k")
    with pytest.raises(ValueError, match=r"vary 'penetration': inf is not a value"):
        cardsim.sweep(vary={"penetration": [0.5, float("inf")]}, rounds="1k")
    with pytest.raises(TypeError, match=r"vary: a key is a config key's name \(a str\), such as 'decks', not 42"):
        cardsim.sweep(vary={42: [1]}, rounds="1k")  # type: ignore[dict-item]
    with pytest.raises(TypeError, match=r"configs must be a list of two or more configs"):
        cardsim.compare("6d-s17-das")  # type: ignore[arg-type]


def test_zjh_chunks_stay_within_their_streams():
    """A chunk of more deals than its 2^40-draw stream holds is refused from
    Python as from the CLI (6 draws at most per player and deal)."""
    with pytest.raises(ValueError, match="chunk_deals 100000000000 is more than a chunk's random stream holds: at "
                                         "most 91625968981 deals of 2 players"):
        cardsim.zjh.sim(deals=1000, chunk_deals=10**11)
    assert cardsim.zjh.sim(deals=1000, chunk_deals=91625968981)["deals"] == 1000
