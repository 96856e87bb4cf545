"""The package's face: the config keys its types name are the C++ config's,
and every public call is documented."""
from __future__ import annotations

import typing

import cardsim
from cardsim import _keys


def test_config_key_types_name_every_key():
    keys = {entry["key"] for entry in cardsim.config_keys()}
    assert set(_keys.ConfigKeys.__annotations__) == keys
    run = set(_keys.RunKeys.__annotations__)
    assert run == {"rounds", "seed", "chunk_rounds"}
    assert set(_keys.SweepKeys.__annotations__) == keys - run


def test_literal_values_are_the_allowed_ones():
    # A key whose allowed values are a list of names: its Literal lists them.
    for entry in cardsim.config_keys():
        hint = _keys.ConfigKeys.__annotations__[entry["key"]].__forward_arg__
        if hint.startswith("Literal["):
            names = [name.strip().strip("'\"") for name in hint[len("Literal["):-1].split(",")]
            for name in names:
                assert f'"{name}"' in entry["allowed"], (entry["key"], name, entry["allowed"])


def test_public_calls_are_documented():
    for name in ["sim", "analyze", "compare", "sweep", "chart", "to_frame", "config_keys"]:
        assert getattr(cardsim, name).__doc__, name
    for name in ["exact", "sim"]:
        assert getattr(cardsim.zjh, name).__doc__, name
    assert cardsim.__doc__ and cardsim.zjh.__doc__


def test_stubs_and_marker_are_beside_the_module():
    from pathlib import Path

    package = Path(cardsim.__file__).parent
    assert (package / "py.typed").exists() and (package / "_cardsim.pyi").exists()
    # The annotations resolve (typing_extensions only matters to type checkers).
    assert typing.get_type_hints(cardsim.config_keys)["return"] == typing.List[typing.Dict[str, str]]
