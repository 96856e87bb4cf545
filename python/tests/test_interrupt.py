"""Ctrl-C and progress: a long run stops after the chunks in progress with
KeyboardInterrupt, its partial result on the exception; a progress callback
sees the rounds done, and its exception stops the run the same way."""
from __future__ import annotations

import os
import signal
import threading

import pytest

import cardsim

# A run far too long to finish: only an interruption ends it.
LONG = {"rounds": "20G", "chunk_rounds": "1M", "strategy": "mimic-dealer", "threads": 2, "seed": 5}


def interrupt_after_first_chunk():
    """A progress callback and a timer thread that sends SIGINT to this
    process once a chunk has been completed (however slow the build)."""
    started = threading.Event()

    def progress(done, total):
        if done > 0:
            started.set()

    def send():
        if started.wait(120):
            os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(0.0, send).start()
    return progress


def test_ctrl_c_stops_sim_with_partial_result():
    with pytest.raises(KeyboardInterrupt) as caught:
        cardsim.sim(progress=interrupt_after_first_chunk(), **LONG)
    partial = caught.value.partial
    assert partial is not None
    assert partial["run"]["partial"] is True
    rounds = partial["run"]["rounds"]
    # Whole chunks only, at least one, far from all of them.
    assert rounds > 0 and rounds % 1_000_000 == 0 and rounds < 20_000_000_000
    assert partial["run"]["chunks_played"] == rounds // 1_000_000
    assert partial["tally"]["rounds"] == rounds


def test_ctrl_c_stops_compare():
    with pytest.raises(KeyboardInterrupt) as caught:
        cardsim.compare([{"h17": False}, {"h17": True}], rounds="20G", chunk_rounds="1M", threads=2,
                        progress=interrupt_after_first_chunk())
    partial = caught.value.partial
    assert partial["run"]["stopped_by"] == "interrupted" and partial["run"]["partial"] is True
    assert partial["run"]["rounds"] % 1_000_000 == 0 and partial["run"]["rounds"] > 0


def test_ctrl_c_stops_zjh_sim():
    with pytest.raises(KeyboardInterrupt) as caught:
        cardsim.zjh.sim(deals="20G", chunk_deals=1_000_000, threads=2, progress=interrupt_after_first_chunk())
    partial = caught.value.partial
    assert partial["run"]["partial"] is True and partial["deals"] % 1_000_000 == 0


def test_progress_callback_sees_every_round():
    calls = []
    result = cardsim.sim(rounds="400k", chunk_rounds="100k", threads=2, progress=lambda d, t: calls.append((d, t)))
    assert calls, "the callback was never called"
    assert all(total == 400_000 for _, total in calls)
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[-1] == 400_000
    assert result["run"]["rounds"] == 400_000


def test_progress_bar_on_stderr(capfd):
    cardsim.sim(rounds="200k", chunk_rounds="100k", threads=2, progress=True)
    out, err = capfd.readouterr()
    assert out == ""
    assert "100.0%" in err and "200,000/200,000 rounds" in err


def test_progress_exception_stops_the_run():
    class Enough(Exception):
        pass

    def progress(done, total):
        if done > 0:
            raise Enough("seen enough")

    with pytest.raises(Enough) as caught:
        cardsim.sim(progress=progress, **LONG)
    assert caught.value.partial["run"]["partial"] is True


def test_ctrl_c_stops_a_sweep_set_up():
    # Issue 30: a sweep's set-up (a basic strategy and an exact EV per cell)
    # could not be stopped (16.5 s); it stops between its jobs now.
    import time
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        cardsim.sweep(vary={"decks": [1, 2, 3, 4, 5, 6, 7, 8], "penetration": [0.5, 0.6, 0.7, 0.8],
                            "h17": [False, True], "das": [False, True]}, rounds=1000, threads=2)
    assert time.monotonic() - start < 10
