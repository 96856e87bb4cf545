"""Checkpoints, resume, shards and merge from Python: the library's one job
layer (io::SimJob) under both front ends, so a Python run can stop and
resume, or be split in shards, and end with the CLI's result; its checkpoint
file is the CLI's, byte for byte, and either front end resumes the other's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardsim
from conftest import CONFIGS, cli_json, run_cli, statistics

CONFIG = str(CONFIGS / "6d-s17-das-hilo.json")  # a count, a ramp and index plays: the checkpoint holds them
RUN = {"rounds": "6M", "chunk_rounds": "10k", "seed": 11}
FLAGS = ["--config", CONFIG, "--rounds", "6M", "--chunk-rounds", "10k", "--seed", "11", "--threads", "2", "--quiet"]


@pytest.fixture(scope="module")
def reference(cli, tmp_path_factory):
    """The CLI's uninterrupted run: its result and its last checkpoint's bytes."""
    folder = tmp_path_factory.mktemp("cli")
    done = run_cli(cli, ["sim", *FLAGS, "--out", str(folder / "r.json"), "--checkpoint", str(folder / "ck.json")])
    assert done.returncode == 0, done.stderr
    return json.loads((folder / "r.json").read_text()), (folder / "ck.json").read_bytes()


class StopAfterFirstChunks(Exception):
    pass


def stop_early(done: int, total: int) -> None:
    if done >= 40_000:
        raise StopAfterFirstChunks


def test_checkpoint_equals_the_clis(reference, tmp_path):
    result, checkpoint = reference
    python = cardsim.sim(CONFIG, threads=1, checkpoint=tmp_path / "ck.json", **RUN)
    assert (tmp_path / "ck.json").read_bytes() == checkpoint
    assert statistics(python) == statistics(result)


def test_interrupted_run_resumes_to_the_clis_result(reference, tmp_path):
    result, checkpoint = reference
    ck = tmp_path / "ck.json"
    with pytest.raises(StopAfterFirstChunks) as stopped:
        cardsim.sim(CONFIG, threads=1, checkpoint=ck, progress=stop_early, **RUN)
    partial = stopped.value.partial
    assert 0 < partial["run"]["rounds"] < 6_000_000
    saved = json.loads(ck.read_text())
    assert saved["tally"]["rounds"] == partial["run"]["rounds"]
    resumed = cardsim.sim(resume=ck, threads=2)
    assert statistics(resumed) == statistics(result)
    assert ck.read_bytes() == checkpoint  # the resumed run goes on updating its checkpoint


def test_cli_resumes_a_python_checkpoint(cli, reference, tmp_path):
    result, _ = reference
    ck = tmp_path / "ck.json"
    with pytest.raises(StopAfterFirstChunks):
        cardsim.sim(CONFIG, threads=1, checkpoint=ck, progress=stop_early, **RUN)
    resumed = cli_json(cli, ["sim", "--resume", str(ck), "--quiet", "--out", "-"])
    assert statistics(resumed) == statistics(result)


def test_python_resumes_a_cli_checkpoint(reference, tmp_path):
    result, checkpoint = reference
    # The CLI's finished checkpoint: nothing is left to play, the result is the run's.
    (tmp_path / "ck.json").write_bytes(checkpoint)
    resumed = cardsim.sim(resume=tmp_path / "ck.json", checkpoint=tmp_path / "again.json")
    assert statistics(resumed) == statistics(result)
    assert resumed["performance"]["rounds_per_second"] == 0 or resumed["performance"]["rounds_per_second"] is None


def test_shards_merge_to_the_clis_result(cli, reference, tmp_path):
    result, _ = reference
    files = []
    for i in range(3):
        shard = cardsim.sim(CONFIG, shard=(i, 3), threads=1, **RUN)
        assert shard["shard"]["index"] == i
        files.append(tmp_path / f"shard{i}.json")
        files[-1].write_text(json.dumps(shard, indent=2))
    assert statistics(cardsim.merge(files)) == statistics(result)
    # A shard of the CLI merges with the Python ones: the same run identity.
    done = run_cli(cli, ["sim", *FLAGS, "--shard", "1/3", "--out", str(tmp_path / "cli1.json")])
    assert done.returncode == 0, done.stderr
    merged = cli_json(cli, ["merge", str(files[0]), str(tmp_path / "cli1.json"), str(files[2]), "--quiet", "--out", "-"])
    assert statistics(merged) == statistics(result)


def test_merge_refuses_a_missing_shard(tmp_path):
    files = []
    for i in range(2):
        files.append(tmp_path / f"shard{i}.json")
        files[-1].write_text(json.dumps(cardsim.sim(shard=(i, 3), rounds="30k", chunk_rounds="10k")))
    with pytest.raises(ValueError, match="shard"):
        cardsim.merge(files)


def test_bad_job_arguments(tmp_path):
    ck = tmp_path / "ck.json"
    cardsim.sim(rounds="20k", chunk_rounds="10k", checkpoint=ck)
    with pytest.raises(ValueError, match="resume takes the config and shard from the checkpoint"):
        cardsim.sim(resume=ck, decks=2)
    with pytest.raises(ValueError, match="does not combine"):
        cardsim.sim(rounds="20k", target_se=0.01, checkpoint=tmp_path / "x.json")
    with pytest.raises(TypeError, match=r"shard must be a tuple \(i, n\)"):
        cardsim.sim(rounds="20k", shard="0/2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shard"):
        cardsim.sim(rounds="20k", shard=(2, 2))
    with pytest.raises(ValueError, match="checkpoint_every"):
        cardsim.sim(rounds="20k", checkpoint=tmp_path / "y.json", checkpoint_every=0)
    # An output never overwrites an input: the checkpoint is not the config file.
    config = tmp_path / "config.json"
    config.write_text('{"rounds": "20k", "chunk_rounds": "10k"}')
    with pytest.raises(ValueError, match="same file as"):
        cardsim.sim(config, checkpoint=config)
    assert json.loads(config.read_text()) == {"rounds": "20k", "chunk_rounds": "10k"}


def test_compare_shards_merge_to_the_whole_run(cli, tmp_path):
    configs = [CONFIGS / "6d-s17-das.json", CONFIGS / "6d-h17-das.json"]
    run = {"rounds": "400k", "seed": 4, "chunk_rounds": "10k", "threads": 2}
    whole = cardsim.compare(configs, **run)
    files = []
    for i in range(2):
        shard = cardsim.compare(configs, shard=(i, 2), **run)
        assert shard.csv == ""  # a shard's rows would hold one shard's figures
        files.append(tmp_path / f"shard{i}.json")
        files[-1].write_text(json.dumps(shard))
    merged = cardsim.merge(files)
    assert statistics(merged) == statistics(whole)
    assert merged.csv == whole.csv
    # A CLI shard merges with a Python one: the configs are inputs of both identities.
    done = run_cli(cli, ["compare", *map(str, configs), "--rounds", "400k", "--seed", "4", "--chunk-rounds", "10k",
                         "--shard", "1/2", "--quiet", "--out", str(tmp_path / "cli1.json")])
    assert done.returncode == 0, done.stderr
    mixed = cardsim.merge([files[0], tmp_path / "cli1.json"])
    assert statistics(mixed) == statistics(whole)


def test_an_empty_shard_is_a_result_that_merges(cli, tmp_path):
    """More shards than chunks (the job-array case): the empty shard is a
    result with no rounds, byte for byte the CLI's, and the shards merge to
    the whole run (it raised a bare AssertionError)."""
    run = {"rounds": "20k", "chunk_rounds": "10k", "seed": 3}
    files = []
    for i in range(3):
        shard = cardsim.sim(shard=(i, 3), threads=1, **run)
        files.append(tmp_path / f"s{i}.json")
        files[-1].write_text(json.dumps(shard, indent=2))
    empty = json.loads(files[2].read_text())
    assert empty["run"]["rounds"] == 0 and empty["empty"].startswith("no rounds")
    flags = ["--rounds", "20k", "--chunk-rounds", "10k", "--seed", "3", "--quiet"]
    cli_empty = cli_json(cli, ["sim", *flags, "--shard", "2/3", "--out", "-"])
    assert statistics(cli_empty) == statistics(empty)
    whole = cli_json(cli, ["sim", *flags, "--out", "-"])
    assert statistics(cardsim.merge(files)) == statistics(whole)
    # The results themselves merge as their files do (dicts, or files and dicts).
    assert statistics(cardsim.merge([json.loads(f.read_text()) for f in files])) == statistics(whole)
    assert statistics(cardsim.merge([files[0], json.loads(files[1].read_text()), files[2]])) == statistics(whole)
    with pytest.raises(ValueError, match=r"shards\[1\] \(a dict\)"):
        cardsim.merge([files[0], {"not": "a shard"}, files[2]])
    with pytest.warns(UserWarning, match="only 2 chunks"):  # the run's, not the shard's 0
        paired = cardsim.compare([CONFIGS / "6d-s17-das.json", CONFIGS / "6d-h17-das.json"], shard=(2, 3), **run)
    assert paired["run"]["rounds"] == 0 and paired["variants"][1]["difference"] is None


def test_paths_are_checked_before_the_run(tmp_path):
    """A checkpoint path the system cannot hold (a NUL) is refused before
    anything is played (it was refused after the whole run)."""
    watched = []
    with pytest.raises(ValueError, match="a file name cannot hold a NUL character"):
        cardsim.sim(rounds="20M", checkpoint="a\x00b.json", progress=lambda done, total: watched.append(done))
    assert not watched or max(watched) == 0


def test_zjh_sim_shards_and_resumes_as_the_cli(cli, tmp_path):
    """zjh sim is a job as sim is: Python's shards are the CLI's (they merge
    with each other), and Python resumes a CLI checkpoint to the CLI's result."""
    flags = ["zjh", "sim", "--players", "3", "--deals", "300k", "--chunk-deals", "50k", "--seed", "4", "--quiet"]
    run = {"players": 3, "deals": "300k", "chunk_deals": "50k", "seed": 4}
    whole = cli_json(cli, [*flags, "--out", "-"])
    files = []
    for i in range(3):
        if i == 1:  # one shard from the CLI
            done = run_cli(cli, [*flags, "--shard", "1/3", "--out", str(tmp_path / "s1.json")])
            assert done.returncode == 0, done.stderr
            files.append(tmp_path / "s1.json")
            continue
        files.append(tmp_path / f"s{i}.json")
        files[-1].write_text(json.dumps(cardsim.zjh.sim(shard=(i, 3), threads=1, **run), indent=2))
    cli_shard = json.loads(files[1].read_text())
    py_shard = cardsim.zjh.sim(shard=(1, 3), threads=2, **run)
    assert {k: v for k, v in py_shard.items() if k not in ("run", "tool")} == \
        {k: v for k, v in cli_shard.items() if k not in ("run", "tool")}
    merged = cardsim.merge(files)
    assert {k: v for k, v in merged.items() if k not in ("run", "tool")} == \
        {k: v for k, v in whole.items() if k not in ("run", "tool")}
    # A finished CLI checkpoint resumes in Python to the same result.
    done = run_cli(cli, [*flags, "--checkpoint", str(tmp_path / "ck.json"), "--out", str(tmp_path / "r.json")])
    assert done.returncode == 0, done.stderr
    resumed = cardsim.zjh.sim(resume=tmp_path / "ck.json", checkpoint=tmp_path / "ck2.json")
    assert {k: v for k, v in resumed.items() if k not in ("run", "tool")} == \
        {k: v for k, v in whole.items() if k not in ("run", "tool")}
    assert (tmp_path / "ck2.json").read_bytes() == (tmp_path / "ck.json").read_bytes()
    with pytest.raises(ValueError, match="resume takes the game, the run and the shard from the checkpoint"):
        cardsim.zjh.sim(resume=tmp_path / "ck.json", deals="1M")
