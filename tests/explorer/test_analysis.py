"""Sweeps (explorer.analysis): clear errors before any game, the same rows wherever the games run
(inline, the embedded cluster, a real Dask cluster on 127.0.0.1), no game lost to a killed worker."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")
import pandas as pd

import explorer
from explorer import analysis

SWEEP = {"game": "tindahan", "players": [3, 4], "bots": ["heuristic", "random", "random", "random"]}
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def inline() -> pd.DataFrame:
    return analysis.run(**SWEEP, games=6, seed=11, scheduler="inline", progress=False)  # type: ignore[arg-type]


@pytest.mark.parametrize(("kwargs", "says"), [
    ({"vary": {"no_such_option": [1, 2]}}, "has no rules option 'no_such_option'"),
    ({"vary": {"removed_fruits": "lanzones"}}, "needs a list of values"),
    ({"players": [2]}, "for 3-5 players, not 2"),
    ({"bots": "genius"}, "unknown bot kind 'genius'"),
    ({"bots": ["heuristic", "random"]}, "2 kinds for 4 seats"),
    ({"games": 0}, "positive number of games"),
    ({"scheduler": "localhost:8786"}, "a Dask address such as"),
])
def test_bad_sweep_arguments_are_refused_before_any_game(kwargs: dict[str, object], says: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[object] = []
    monkeypatch.setattr("explorer._sweeps.sweep.row", lambda *a: played.append(a))
    with pytest.raises(ValueError, match=says):
        analysis.run(**{**SWEEP, "games": 2, "scheduler": "inline", "progress": False, **kwargs})  # type: ignore[arg-type]
    assert played == []


def test_an_unreachable_scheduler_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "CONNECT_TIMEOUT", "2s")
    address = f"tcp://127.0.0.1:{free_port()}"
    with pytest.raises(ConnectionError, match=f"cannot reach the Dask scheduler at {address}"):
        analysis.run(**SWEEP, games=1, scheduler=address, progress=False)  # type: ignore[arg-type]


def test_rows_describe_their_games_and_replay(inline: pd.DataFrame) -> None:
    assert len(inline) == 12 and list(inline["combo"]) == [0] * 6 + [1] * 6
    for _, row in inline.iterrows():
        final = analysis.replay_row(row)
        players = int(row["players"])
        assert final.scores() == [int(row[f"score:{s}"]) for s in range(players)]
        assert len(final.actions()) == row["length"]
        assert sum(row[f"rule:{rule}"] for rule in final.RULES) == sum(final.scores())
        again = explorer.replay(final.to_record())
        assert again == final


def test_parquet_round_trip(inline: pd.DataFrame, tmp_path: Path) -> None:
    back = analysis.read(analysis.write(inline, tmp_path / "rows.parquet"))
    pd.testing.assert_frame_equal(back, inline, check_dtype=False)


def test_summary_has_intervals_and_the_report_its_charts(inline: pd.DataFrame) -> None:
    table = analysis.summary(inline)
    assert len(table) == 3 + 4
    assert ((table["low"] <= table["win share"]) & (table["win share"] <= table["high"])).all()
    pytest.importorskip("plotly")
    page = analysis.html_report(inline)
    assert page.count("plotly-graph-div") == 4
    assert not re.search(r"<script[^>]*\bsrc=", page), "the report loads nothing from elsewhere"


@pytest.fixture
def cluster() -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A Dask scheduler and two single-threaded workers on 127.0.0.1, stopped at the end."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    scheduler = subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                  "--no-dashboard"], **quiet)  # type: ignore[call-overload]
    workers = [subprocess.Popen([str(BIN / "dask"), "worker", address, "--nthreads", "1", "--no-dashboard",
                                 "--host", "127.0.0.1", "--no-nanny"], **quiet)  # type: ignore[call-overload]
               for _ in range(2)]
    try:
        from distributed import Client

        with Client(address, timeout="60s") as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=90)
        yield address, workers
    finally:
        for process in (*workers, scheduler):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.slow
def test_a_real_cluster_gives_the_inline_rows_and_loses_no_game_to_a_killed_worker(
        cluster: tuple[str, list[subprocess.Popen[bytes]]], inline: pd.DataFrame,
        monkeypatch: pytest.MonkeyPatch) -> None:
    address, workers = cluster
    same = analysis.run(**SWEEP, games=6, seed=11, scheduler=address, progress=False)  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(same, inline)

    monkeypatch.setattr(analysis, "BATCH", 2)  # many small tasks: the kill lands mid-sweep
    expected = analysis.run(**SWEEP, games=20, seed=5, scheduler="inline", progress=False)  # type: ignore[arg-type]
    seen: list[tuple[int, int]] = []

    def kill_after_the_first_batch(done: int, total: int) -> None:
        # Called as batches finish: the first one done, a worker goes, with most games still to play.
        if done and not seen:
            os.killpg(workers[0].pid, signal.SIGKILL)
            seen.append((done, total))

    rows = analysis.run(**SWEEP, games=20, seed=5, scheduler=address,  # type: ignore[arg-type]
                        progress=kill_after_the_first_batch)
    assert seen and seen[0][0] < seen[0][1] / 2, seen
    assert workers[0].wait(timeout=10) is not None
    pd.testing.assert_frame_equal(rows, expected)
