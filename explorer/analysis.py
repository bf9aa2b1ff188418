"""Explore the rules at scale: sweeps of bot games over options, player counts and line-ups, on Dask.

>>> from explorer import analysis
>>> frame = analysis.run("tindahan", [3, 4], bots="heuristic", games=2, scheduler="inline", progress=False)
>>> len(frame), sorted(set(frame["players"]))
(4, [3, 4])
>>> analysis.replay_row(frame.iloc[0]).is_over
True

``run`` returns a pandas DataFrame, one row per game in a stable order (combination, then game):
the varied options (``option:<name>``), each seat's bot (``bot:<seat>``), score (``score:<seat>``)
and win share (``win:<seat>``: 1, or 1/k in a k-way tie), the winners, the game's length in actions
and rounds, and the points each scoring rule gave (``rule:<id>``). Seeds make every row reproducible:
:func:`replay_row` plays it again to its final state (and so its record).

By default the games run on an embedded local Dask cluster (one worker process per core); give
``scheduler="tcp://host:8786"`` to send the same sweep to an existing Dask cluster (same rows for the
same seed), or ``"inline"`` to play in this process. Dask, pandas and pyarrow come with the
``analysis`` extra (``pip install rules-explorer[analysis]``).
"""

from __future__ import annotations

import importlib
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._core.state import GameState
from ._sweeps.report import FIGURES, html_report
from ._sweeps.stats import differences, summary
from ._sweeps.sweep import Job, Plan, plan, play, play_batch

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client

__all__ = ["charts", "differences", "html_report", "read", "replay_row", "run", "summary", "write"]

#: Games per task sent to a worker: big enough to hide the scheduling cost, small enough that a lost
#: worker costs little and the progress bar moves.
BATCH = 25
#: How a sweep reports progress: a bar (True), nothing (False) or a callback(done, total).
Progress = bool | Callable[[int, int], object]
#: How long to wait for an existing scheduler before saying it cannot be reached.
CONNECT_TIMEOUT = "10s"


def run(game: str, players: int | Sequence[int], *, bots: str | Sequence[str],
        vary: Mapping[str, Sequence[Any]] | None = None, games: int = 100, seed: int = 0,
        scheduler: str | None = None, progress: Progress = True, workers: int | None = None) -> pd.DataFrame:
    """Play the sweep and return one row per game (see the module's docs for the columns).

    ``players``: an int or a list; ``bots``: a kind for every seat or one per seat; ``vary``:
    ``{option: [values]}``; ``games``: games for EACH combination of player count and varied values.
    ``workers``: processes of the embedded cluster (default: one per core).
    ``progress``: a bar on stderr (a widget in notebooks), ``False`` for none, or a callable
    ``progress(done, total)`` called as games finish. Bad arguments raise ``ValueError``/``TypeError``
    before any game is played.
    """
    pandas = _need("pandas")
    sweep = plan(game, players, bots=bots, vary=vary, games=games, seed=seed)
    if scheduler == "inline":
        rows = _inline(sweep, progress)
    else:
        with _client(scheduler, progress, workers) as client:
            rows = _on_dask(client, sweep, progress)
    frame: pd.DataFrame = pandas.DataFrame(rows)
    frame = frame.sort_values(["combo", "index"], kind="stable").reset_index(drop=True)
    frame.attrs.update({"game": game, "seed": seed, "varied": list(sweep.varied)})
    return frame


def replay_row(row: Mapping[str, Any] | Any) -> GameState:
    """The final state of the game a row describes (``.to_record()`` gives its record)."""
    players = int(row["players"])
    options = tuple((str(key).removeprefix("option:"), _value(row[key])) for key in row.keys()  # noqa: SIM118
                    if str(key).startswith("option:") and not _missing(row[key]))
    bots = tuple(str(row[f"bot:{seat}"]) for seat in range(players))
    return play(Job(str(row["game"]), players, int(row["combo"]), int(row["index"]), int(row["seed"]), bots,
                    options))


def charts(frame: pd.DataFrame) -> list[Any]:
    """Plotly figures of a sweep: scores per combination, win share per seat with intervals, game
    length, points by scoring rule (needs plotly, in the ``app`` extra)."""
    return [make(frame) for make in FIGURES]


def write(frame: pd.DataFrame, path: str | Path) -> Path:
    """Save a sweep's rows as Parquet (the sweep's seed and varied options travel in its metadata)."""
    path = Path(path)
    frame.to_parquet(path, index=False)
    return path


def read(path: str | Path) -> pd.DataFrame:
    """Rows saved by :func:`write`."""
    pandas = _need("pandas")
    frame: pd.DataFrame = pandas.read_parquet(Path(path))
    return frame


# ---- Dask -----------------------------------------------------------------------------------------

@contextmanager
def _client(scheduler: str | None, progress: Progress, workers: int | None = None) -> Iterator[Client]:
    distributed = _need("distributed")
    cluster = None
    if scheduler is None:
        workers = max(1, os.cpu_count() or 1) if workers is None else workers
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           dashboard_address="127.0.0.1:0", host="127.0.0.1")
        client = distributed.Client(cluster)
        where = f"{workers} local worker(s)"
    elif not isinstance(scheduler, str) or not scheduler.startswith(("tcp://", "tls://", "ws://", "wss://")):
        raise ValueError(f"scheduler: None (a local cluster), 'inline' or a Dask address such as "
                         f"'tcp://host:8786', not {scheduler!r}")
    else:
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise ConnectionError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        where = f"scheduler {scheduler}"
    if progress is True:
        print(f"Dask: {where}; dashboard {client.dashboard_link}", file=sys.stderr)
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _on_dask(client: Client, sweep: Plan, progress: Progress) -> list[dict[str, Any]]:
    distributed = _need("distributed")
    batches = list(_batches(sweep.jobs))
    # pure=False: two batches with equal jobs are still two pieces of work. Dask retries a batch whose
    # worker died (up to distributed's allowed-failures), so a lost worker loses no game.
    futures = client.map(play_batch, batches, rules=sweep.rules, pure=False)
    rows: list[dict[str, Any]] = []
    bar = _bar(len(sweep.jobs), progress)
    try:
        for future in distributed.as_completed(futures):
            done = future.result()
            rows.extend(done)
            if bar is not None:
                bar.update(len(done))
    finally:
        if bar is not None:
            bar.close()
    return rows


def _batches(jobs: Sequence[Job]) -> Iterator[list[Job]]:
    for start in range(0, len(jobs), BATCH):
        yield list(jobs[start:start + BATCH])


def _inline(sweep: Plan, progress: Progress) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    bar = _bar(len(sweep.jobs), progress)
    for batch in _batches(sweep.jobs):
        rows.extend(play_batch(batch, sweep.rules))
        if bar is not None:
            bar.update(len(batch))
    if bar is not None:
        bar.close()
    return rows


class _Callback:
    """A progress callback dressed as the bit of a tqdm bar the loops use."""

    def __init__(self, report: Callable[[int, int], object], total: int) -> None:
        self.report, self.total, self.done = report, total, 0
        report(0, total)

    def update(self, n: int) -> None:
        self.done += n
        self.report(self.done, self.total)

    def close(self) -> None:
        pass


def _bar(total: int, progress: Progress) -> Any:
    if progress is False:
        return None
    if callable(progress):
        return _Callback(progress, total)
    from tqdm.auto import tqdm  # a widget bar in notebooks, a text bar in terminals

    return tqdm(total=total, desc="games", unit="game", file=sys.stderr)


def _missing(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _value(value: Any) -> Any:
    """An option's value as stored in a row (JSON text for lists and dicts) back to the value."""
    if isinstance(value, str) and value[:1] in "[{":
        return json.loads(value)
    if hasattr(value, "item"):  # numpy scalars from a DataFrame row
        return value.item()
    return value


def _need(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"explorer.analysis needs {module}: "
                          "pip install 'rules-explorer[analysis]'") from None
