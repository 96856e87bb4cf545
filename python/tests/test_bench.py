"""cardsim.bench and cardsim.zjh.check_evaluator (issue 44): the suite's
result is the CLI's, a plugin is checked as the CLI checks it, and a Python
ranker is checked exhaustively: a right one passes, a wrong one is caught
with the count of pairs worked out by hand."""
from __future__ import annotations

from pathlib import Path
from typing import Tuple

import pytest

import cardsim

from conftest import cli  # noqa: F401  (the fixture)


def plugin(cli: Path, name: str) -> Path:  # noqa: F811
    built = cli.parent / "tests" / "bench" / "plugins" / f"libplugin_{name}.so"
    if not built.exists():
        pytest.skip(f"{built} not built")
    return built


def test_bench_result(cli: Path) -> None:  # noqa: F811
    result = cardsim.bench(filter="^dealing$|hand-eval/table", repetitions=1, min_time=0)
    assert result["command"] == "bench" and result["schema_version"] == 1
    assert [c["name"] for c in result["cases"]] == ["dealing", "hand-eval/table"]
    assert abs(result["cases"][0]["ratio"]["median"] - 1) < 1e-9
    assert result["machine"]["cores"] >= 1 and not result["interrupted"]


def test_bench_errors_in_python_words() -> None:
    with pytest.raises(ValueError, match="filter 'nothing' matches no case"):
        cardsim.bench(filter="nothing")
    with pytest.raises(ValueError, match="repetitions must be 1 to 1000"):
        cardsim.bench(repetitions=0)


def test_bench_plugin(cli: Path) -> None:  # noqa: F811
    good = cardsim.bench(filter="^dealing$", repetitions=1, min_time=0, evaluator=plugin(cli, "good"))
    assert good["evaluator"]["passed"]
    assert [c["entry"] for c in good["evaluator"]["checks"]] == ["zjh_rank", "bj_hand"]
    wrong = cardsim.bench(filter="^dealing$", repetitions=1, min_time=0, evaluator=plugin(cli, "a23_high"))
    assert not wrong["evaluator"]["passed"] and wrong["evaluator"]["checks"][0]["disagreements"] == 39_776
    with pytest.raises(ValueError, match=r"crashed \(SIGSEGV\) while checking zjh_rank"):
        cardsim.bench(filter="^dealing$", repetitions=1, min_time=0, evaluator=plugin(cli, "crash"))


def ranker(a23_high: bool = False):
    """A plain Python ranker for the standard rules (ties split)."""
    def rank(cards: Tuple[int, int, int]) -> int:
        c = sorted(cards, reverse=True)
        r = [card // 4 for card in c]
        flush = len({card % 4 for card in c}) == 1
        a23 = r == [12, 1, 0]
        run = (r[0] == r[1] + 1 and r[1] == r[2] + 1) or a23
        if r[0] == r[2]:
            category, key = 5, r[0]
        elif run:
            category, key = (4 if flush else 2), ((26 if a23_high else 2) if a23 else 2 * r[0])
        elif r[0] == r[1] or r[1] == r[2]:
            pair, kicker = (r[0], r[2]) if r[0] == r[1] else (r[1], r[0])
            category, key = 1, pair * 16 + kicker
        else:
            category, key = (3 if flush else 0), (r[0] << 8) | (r[1] << 4) | r[2]
        return (category << 16) | key
    return rank


def test_check_evaluator_right() -> None:
    result = cardsim.zjh.check_evaluator(ranker())
    check = result["check"]
    assert check["passed"] and check["pairs"] == 244_193_950 and check["disagreements"] == 0
    timing = result["timing"]
    assert timing["evaluator"] > 0 and timing["empty_function"] > timing["evaluator"] and timing["cardsim"] > 0


def test_check_evaluator_wrong() -> None:
    # A-2-3 above A-K-Q: 4 x 44 straight-flush pairs and 60 x 660 straight pairs.
    check = cardsim.zjh.check_evaluator(ranker(a23_high=True), timing=False)["check"]
    assert not check["passed"] and check["disagreements"] == 176 + 39_600
    assert {(b["higher"], b["lower"]): b["pairs"] for b in check["by_category"]} == {
        ("straight", "straight"): 39_600, ("straight_flush", "straight_flush"): 176}
    assert check["first"]["a"] == "2c 3c 4c" and check["first"]["b"] == "2c 3c Ac"
    # Under rules where suits break ties, the same ranker ties what cardsim orders.
    suits = cardsim.zjh.check_evaluator(ranker(), ties="suits", timing=False)["check"]
    assert not suits["passed"] and suits["rules"].startswith("ties broken by suits")


def test_check_evaluator_bad_ranks() -> None:
    with pytest.raises(TypeError, match="returned str"):
        cardsim.zjh.check_evaluator(lambda cards: "high")
    with pytest.raises(ValueError, match="returned -1"):
        cardsim.zjh.check_evaluator(lambda cards: -1)
