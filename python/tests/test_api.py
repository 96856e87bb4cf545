"""The package's face: the config keys its types name are the C++ config's,
their defaults are what a run uses, every key given as a keyword reaches the
run, and every public call is documented."""
from __future__ import annotations

import json
import typing

import pytest

import cardsim
from cardsim import _keys
from conftest import CONFIGS, cli_error, cli_json, statistics


def test_config_key_types_name_every_key():
    keys = {entry["key"] for entry in cardsim.config_keys()}
    assert set(_keys.ConfigKeys.__annotations__) == keys
    run = set(_keys.RunKeys.__annotations__)
    assert run == {"rounds", "seed", "chunk_rounds", "control_variate"}
    assert set(_keys.SweepKeys.__annotations__) == keys - run


def test_literal_values_are_the_allowed_ones():
    # A key whose allowed values are a list of names: its Literal lists them.
    for entry in cardsim.config_keys():
        hint = _keys.ConfigKeys.__annotations__[entry["key"]].__forward_arg__
        if hint.startswith("Literal["):
            names = [name.strip().strip("'\"") for name in hint[len("Literal["):-1].split(",")]
            for name in names:
                assert f'"{name}"' in entry["allowed"], (entry["key"], name, entry["allowed"])


def test_defaults_are_what_a_run_uses():
    # config_keys() says each key's default (JSON text): a run given no key
    # echoes exactly those, for every key it echoes.
    defaults = {entry["key"]: json.loads(entry["default"]) for entry in cardsim.config_keys()}
    echoed = cardsim.sim(rounds=1000, chunk_rounds=1000, threads=1)["config"]
    for key, value in echoed.items():
        if key in ("rounds", "chunk_rounds"):
            continue
        assert value == defaults[key], (key, value, defaults[key])
    assert echoed["rounds"] == 1000 and defaults["rounds"] == 10_000_000


def test_keys_given_as_keywords_reach_the_run():
    keys = dict(decks=2, penetration=0.6, burn_cards=2, seats=3, h17=True, double="9-11", das=False, split_hands=3,
                resplit_aces=True, hit_split_aces=True, surrender="late", insurance="always", blackjack_pays="6:5",
                strategy="mimic-dealer", seed=5)
    result = cardsim.sim(rounds=3000, chunk_rounds=1000, threads=1, **keys)
    for key, value in keys.items():
        assert result["config"][key] == value, key
    # and the game played them: 3 seats a round, a mimic-dealer player never
    # doubles or splits, insurance taken against every ace.
    tally = result["tally"]
    fields = tally["seats_fields"]
    seats = [dict(zip(fields, seat)) for seat in tally["seats"]]
    assert all(seat["hands"] == 3000 for seat in seats[:3]) and all(seat["hands"] == 0 for seat in seats[3:])
    assert sum(seat["doubles"] + seat["splits"] for seat in seats) == 0
    assert sum(seat["insurances"] for seat in seats) == 3 * tally["upcard_rounds"][1]


def test_public_calls_are_documented():
    for name in ["sim", "analyze", "compare", "sweep", "chart", "to_frame", "config_keys"]:
        assert getattr(cardsim, name).__doc__, name
    for name in ["exact", "sim", "config_keys"]:
        assert getattr(cardsim.zjh, name).__doc__, name
    assert cardsim.__doc__ and cardsim.zjh.__doc__


def test_stubs_and_marker_are_beside_the_module():
    from pathlib import Path

    package = Path(cardsim.__file__).parent
    assert (package / "py.typed").exists() and (package / "_cardsim.pyi").exists()
    # The annotations resolve (typing_extensions only matters to type checkers).
    assert typing.get_type_hints(cardsim.config_keys)["return"] == typing.List[typing.Dict[str, str]]


def test_zjh_rule_key_types_name_every_rule_key():
    keys = cardsim.zjh.config_keys()
    rules = {entry["key"] for entry in keys if entry["rule"]}
    assert set(_keys.ZjhRuleKeys.__annotations__) == rules == {"ties", "a23", "special_235", "straight_above_flush"}
    assert [entry["key"] for entry in keys if not entry["rule"]] == ["game", "variant", "rules", "players"]
    for entry in keys:
        if not entry["rule"]:
            continue
        hint = _keys.ZjhRuleKeys.__annotations__[entry["key"]].__forward_arg__
        if hint.startswith("Literal["):
            names = [name.strip().strip("'\"") for name in hint[len("Literal["):-1].split(",")]
            assert ", ".join(names) == entry["allowed"], (entry["key"], names, entry["allowed"])
        else:
            assert hint == "bool" and entry["kind"] == "boolean", entry


def test_zjh_defaults_are_what_a_run_uses():
    # The rule keys' defaults are the rules a run given none plays (the
    # standard variant), the players' default the players of a sim.
    defaults = {entry["key"]: json.loads(entry["default"]) for entry in cardsim.zjh.config_keys()}
    result = cardsim.zjh.sim(deals=1000, chunk_deals=1000, threads=1)
    assert result["config"]["rules"] == {key: defaults[key] for key in result["config"]["rules"]}
    assert result["config"]["players"] == defaults["players"] == 2
    assert defaults["variant"] == "standard" and defaults["game"] is None
    assert cardsim.zjh.exact(variant="standard")["rules"] == result["config"]["rules"]


def test_configs_are_found_by_name_as_the_cli_finds_them(cli):
    # A rule set's name (io::config_path, which --config uses too) is the
    # shipped file, in every call that takes a config.
    run = dict(rounds=2000, chunk_rounds=1000, threads=1)
    by_name = cardsim.sim("6d-h17-das", **run)
    assert statistics(by_name) == statistics(cardsim.sim(CONFIGS / "6d-h17-das.json", **run))
    assert by_name["config"] == cli_json(cli, ["sim", "--config", "6d-h17-das", "--rounds", "2000", "--chunk-rounds",
                                               "1000", "-t", "1", "--out", "-", "--quiet"])["config"]
    assert statistics(cardsim.analyze("6d-h17-das")) == statistics(cardsim.analyze(CONFIGS / "6d-h17-das.json"))
    assert cardsim.chart("6d-h17-das") == cardsim.chart(CONFIGS / "6d-h17-das.json")
    compared = cardsim.compare(["6d-s17-das", "6d-h17-das"], rounds="2k", chunk_rounds=100, threads=1)
    by_cli = cli_json(cli, ["compare", "6d-s17-das", "6d-h17-das", "--rounds", "2k", "--chunk-rounds", "100", "-t", "1",
                            "--out", "-", "--quiet"])
    assert [v["label"] for v in compared["variants"]] == [v["label"] for v in by_cli["variants"]] == [
        "6-deck S17 DAS", "6-deck H17 DAS"]
    swept = cardsim.sweep("6d-h17-das", vary={"decks": [1, 2]}, rounds="2k", chunk_rounds=100, threads=1)
    assert all(variant["result"]["config"]["h17"] for variant in swept["variants"])
    teen_patti = cardsim.zjh.exact("teen-patti")
    assert statistics(teen_patti) == statistics(cardsim.zjh.exact(CONFIGS / "zjh" / "teen-patti.json"))
    assert cardsim.zjh.sim("teen-patti", deals=1000, threads=1)["config"]["rules"] == teen_patti["rules"]
    # An unknown name: the CLI's message (without CLI11's "--config: ").
    with pytest.raises(ValueError) as caught:
        cardsim.sim("6d-h17-dass")
    assert str(caught.value) in cli_error(cli, ["sim", "--config", "6d-h17-dass"])
    assert "did you mean 6d-h17-das?" in str(caught.value)
    with pytest.raises(ValueError, match="did you mean teen-patti"):
        cardsim.zjh.exact("teen-pati")


def test_help_lists_every_key_with_its_type_and_default():
    # help() of a call that takes config keys shows the keys table, generated
    # from config_keys() (the CLI flags' table): a line per key.
    import pydoc

    def help_lines(call):
        return [line.split() for line in pydoc.render_doc(call, renderer=pydoc.plaintext).splitlines()]

    blackjack = cardsim.config_keys()
    for call, keys in [(cardsim.sim, blackjack), (cardsim.analyze, blackjack), (cardsim.chart, blackjack),
                       (cardsim.sweep, [k for k in blackjack if k["key"] in _keys.SweepKeys.__annotations__]),
                       (cardsim.zjh.exact, [k for k in cardsim.zjh.config_keys() if k["rule"]]),
                       (cardsim.zjh.sim, [k for k in cardsim.zjh.config_keys() if k["rule"]])]:
        lines = help_lines(call)
        for key in keys:
            assert [key["key"], key["kind"], key["default"]] in [line[:3] for line in lines], (call, key["key"])
