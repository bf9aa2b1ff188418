"""Many visitors playing a hub's app at once, through the page's own protocol, with no browser.

    .venv/bin/python benchmarks/load_visitors.py --serve --visitors 50 --ramp 30 --moves 10 --hint-every 5
    .venv/bin/python benchmarks/load_visitors.py --url http://127.0.0.1:8866 --visitors 20 --ramp 0 --moves 3

Each visitor does what a browser tab does on a play app, minus drawing it (and minus the page's static
files, which a browser caches): it GETs the page (keeping its cookies, ``_xsrf`` among them) and reads
the kernel id and the app's widget from it; asks ``/api/kernels/<id>``, opens the kernel websocket
(the ``v1.kernel.websocket.jupyter.org`` protocol JupyterLab speaks, the legacy one if refused), sends
kernel_info_request and asks the ``jupyter.widget.control`` comm for every model's state, as the
widget manager does; finds the game table (the anywidget model with a ``view`` trait under the app's
boxes); then plays moves as the table's buttons do (``{"method": "custom", "content": {"type":
"play", "action": ..., "move": ...}}``), presses Hint every K moves, presses Continue on a round's
pause and New game at a game's end, thinks between clicks, and leaves with the unload beacon's POST
``/voila/api/shutdown/<kernel>``. Bots move at once (``delay=0`` in the query): a click is answered
when the kernel's ``update`` shows the new position, which with delay=0 includes the bots' replies.

Timed: page opened (GET sent to the last byte), playable (GET sent to the table's state in hand with
the visitor to move), click (sent to the update showing the new move counter), hint (sent to the answer
in the view). A click is also split at the kernel's own timestamps (its "busy" status, the update's
header): until the kernel began it, its work, the way back; and a trivial request probes the hub four
times a second, so a slow click says whether it waited in the kernel or in the hub. A game is lost
when the visitor never became playable (a "too many visitors" 503 included), met an error (a refused
legal click, a broken socket) or waited 30 s for an answer. After the visitors left, the hub's kernel
processes (its children running ipykernel) are checked for theirs for up to ``--linger`` seconds.

Only 127.0.0.1, localhost or ::1 are accepted; every wait is bounded and ``--duration`` caps the run.
``run(Config(...))`` is the same as a library (tests/browser/test_load_visitors.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import ssl
import sys
import time
import uuid
from collections.abc import Mapping
from contextlib import AsyncExitStack, suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import httpx
from websockets.asyncio.client import connect
from websockets.typing import Origin, Subprotocol

# The script's helper modules sit beside it; a test loads this file by its path.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _load_hub import cpu_seconds, kernel_ids, listening_pid, serve, serve_several
from _load_protocol import (
    ANSWER_TIMEOUT,
    V1,
    Kernel,
    Lost,
    Table,
    answer,
    find_table,
    playable,
    read_page,
    widget_states,
)
from _load_report import describe, spread

__all__ = ["Config", "Lost", "Visitor", "describe", "main", "run"]

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
#: The apps this can play: their tables list every legal move in ``view.legal`` as full notations.
APPS = ("tindahan_play", "bastos_play", "bangkok_play", "klongs_play")
MAX_VISITORS = 100
MAX_DURATION = 1800.0
MAX_MOVES = 500
#: Seconds a page may take to arrive: a burst of visitors on two cores starts its kernels slowly.
PAGE_TIMEOUT = 300.0
# One TLS context for every visitor's client: httpx builds one per client otherwise (certificates
# loaded each time), CPU this process would take from the hub it measures; only http:// is used.
_TLS = ssl.create_default_context()


@dataclass
class Config:
    url: str
    app: str = "tindahan_play"
    visitors: int = 3
    ramp: float = 0.0
    moves: int = 3
    hint_every: int = 0
    think: tuple[float, float] = (1.0, 3.0)
    duration: float = 300.0
    query: str = "delay=0"
    seed: int = 1
    forge: int = 0  # visitors who also send one click that is not a legal move
    linger: float = 60.0  # seconds to wait for the visitors' kernels to be gone (0: not checked)
    hub_pid: int | None = None  # found from the port where not given
    hub_pids: tuple[int, ...] = ()  # several hubs behind a proxy (--serve --hubs N): all of them
    progress: bool = True

    def check(self) -> None:
        host = urlsplit(self.url).hostname
        if urlsplit(self.url).scheme != "http" or host not in LOCAL_HOSTS:
            raise ValueError(f"only http:// on 127.0.0.1, localhost or ::1, not {self.url!r}")
        if self.app not in APPS:
            raise ValueError(f"--app is one of {', '.join(APPS)}, not {self.app!r}")
        if not 1 <= self.visitors <= MAX_VISITORS:
            raise ValueError(f"--visitors is 1 to {MAX_VISITORS}")
        if not 0 < self.duration <= MAX_DURATION:
            raise ValueError(f"--duration is more than 0 and at most {MAX_DURATION:g} s")
        if not 0 <= self.ramp <= self.duration:
            raise ValueError("--ramp is 0 to --duration")
        if not 0 <= self.moves <= MAX_MOVES or self.hint_every < 0 or not 0 <= self.forge <= self.visitors:
            raise ValueError(f"--moves is 0 to {MAX_MOVES}, --hint-every 0 or more, --forge 0 to --visitors")
        if not 0 <= self.think[0] <= self.think[1] <= 60 or not 0 <= self.linger <= 600:
            raise ValueError("think times are 0 to 60 s (low <= high), --linger 0 to 600 s")


@dataclass
class Visitor:
    """One visitor's account: times in seconds, from their GET."""

    index: int
    arrived: float | None = None  # when the GET was sent, seconds from the run's start
    kernel: str | None = None
    protocol: str | None = None
    opened: float | None = None
    playable: float | None = None
    clicks: list[float] = field(default_factory=list)
    click_times: list[float] = field(default_factory=list)  # when each was sent, from the run's start
    # Each click's time in three parts: until the kernel began it (the hub passing it on, the kernel's
    # queue), the kernel's work until it made the update, the update's way back through the hub.
    click_parts: list[tuple[float, float, float]] = field(default_factory=list)
    hints: list[float] = field(default_factory=list)
    forged: float | None = None  # the refused forged click's answer
    forged_error: str | None = None  # its rule id
    refused: bool = False  # the hub's "too many visitors" page (503)
    lost: str | None = None
    cut_off: bool = False  # still playing when --duration ran out
    left: bool = False  # the shutdown POST was answered 204
    continues: int = 0  # rounds' pauses continued
    new_games: int = 0  # games finished and dealt anew


@dataclass
class Tally:
    """What the progress line shows."""

    opening: int = 0
    playing: int = 0
    done: int = 0
    lost: int = 0
    clicks: int = 0
    hints: int = 0
    peak_playing: int = 0
    peak_kernels: int = 0  # the hub's kernels, preheated ones included (sampled once a second)
    peak_load: float = 0.0  # the 1-minute load average, sampled once a second
    t0: float = field(default_factory=time.perf_counter)  # the run's start

    def play(self, delta: int) -> None:
        self.playing += delta
        self.peak_playing = max(self.peak_playing, self.playing)


async def settle(table: Table, record: Visitor) -> None:
    """Until it is the visitor's turn: Continue on a round's pause and New game at the end, as the
    page's buttons do; otherwise wait for the bots."""
    for _ in range(50):
        if playable(table.state):
            return
        view = table.view
        if view.get("pause"):
            since = await table.intent({"type": "continue"})
            record.continues += 1
            await table.until(since, lambda s, _c: not s.get("view", {}).get("pause"), "continue")
        elif view.get("is_over"):
            since = await table.intent({"type": "new-game"})
            record.new_games += 1
            await table.until(since, lambda s, _c: not s.get("view", {}).get("is_over"), "new game")
        else:
            await table.until(table.updates, lambda s, _c: True, "the bots' moves")
    raise Lost("never the visitor's turn after 50 updates")


# ---- one visitor ----------------------------------------------------------------------------------


def forged_action(view: Mapping[str, Any]) -> str:
    """A click the engine refuses: a card in hand that is not a legal move (the table lets a learner
    click one to read why), else a notation that names nothing."""
    legal = set(view.get("legal") or [])
    hand = view.get("hand")
    cards = [c for c in hand if isinstance(c, str) and c not in legal] if isinstance(hand, list) else []
    return cards[0] if cards else "forged-move"


async def visit(cfg: Config, index: int, tally: Tally, record: Visitor) -> None:
    rng = random.Random(cfg.seed * 1_000_003 + index)
    base = cfg.url.rstrip("/")
    query = cfg.query if "seed=" in cfg.query else "&".join(
        q for q in (cfg.query, urlencode({"seed": rng.randrange(2**31)})) if q)
    started = time.perf_counter()
    record.arrived = started - tally.t0
    playing = False
    tally.opening += 1
    async with AsyncExitStack() as stack:
        http = await stack.enter_async_context(httpx.AsyncClient(
            verify=_TLS, trust_env=False, timeout=httpx.Timeout(ANSWER_TIMEOUT, read=PAGE_TIMEOUT)))
        try:
            async with http.stream("GET", f"{base}/voila/render/{cfg.app}.ipynb?{query}") as response:
                body = (await response.aread()).decode("utf-8", "replace")
            record.opened = time.perf_counter() - started
            if response.status_code == 503:
                record.refused = True
                raise Lost("refused: too many visitors (503)")
            if response.status_code != 200:
                raise Lost(f"page answered {response.status_code}")
            page = read_page(body)
            record.kernel = page.kernel
            xsrf = http.cookies.get("_xsrf") or ""
            sockets: list[Kernel] = []
            stack.push_async_callback(leave, http, base, page.kernel, xsrf, record, sockets)
            # The widget manager asks for the kernel's model before it connects.
            info = await http.get(f"{base}{page.base}api/kernels/{page.kernel}")
            if info.status_code != 200:
                raise Lost(f"/api/kernels/{page.kernel} answered {info.status_code}")
            cookie = "; ".join(f"{c.name}={c.value}" for c in http.cookies.jar)
            session = uuid.uuid4().hex
            host = urlsplit(base).netloc
            socket = await asyncio.wait_for(connect(
                f"ws://{host}{page.base}api/kernels/{page.kernel}/channels?session_id={session}",
                origin=Origin(base), subprotocols=[Subprotocol(V1)], additional_headers={"Cookie": cookie},
                max_size=2**26, ping_interval=None, proxy=None, open_timeout=ANSWER_TIMEOUT), ANSWER_TIMEOUT)
            kernel = Kernel(socket, session)
            sockets.append(kernel)
            record.protocol = "v1" if kernel.v1 else "legacy"
            await answer(await kernel.send("kernel_info_request", {}, reply=True), "kernel_info_request")
            states = await widget_states(kernel)
            model = find_table(states, page.widgets)
            if model is None:
                raise Lost("no game table among the page's widgets")
            table = Table(kernel, model, states[model].get("state", {}))
            await settle(table, record)
            record.playable = time.perf_counter() - started
            tally.opening -= 1
            tally.play(+1)
            playing = True
            if index < cfg.forge:
                await forge(table, rng, cfg, record)
            for move in range(1, cfg.moves + 1):
                await think(rng, cfg)
                action = rng.choice(list(table.view["legal"]))
                if cfg.hint_every and move % cfg.hint_every == 0:
                    action = await hint(table, record) or action
                    tally.hints += 1
                    await think(rng, cfg)
                await click(table, action, record, tally.t0)
                tally.clicks += 1
                if move < cfg.moves:
                    await settle(table, record)
        except asyncio.CancelledError:
            record.cut_off = True
            if record.playable is None:
                record.lost = "cut off by --duration before playable"
        except Lost as exc:
            record.lost = str(exc)
        except Exception as exc:  # any other failure is this visitor's loss, reported
            record.lost = f"{type(exc).__name__}: {exc}"
        finally:
            if playing:
                tally.play(-1)
            else:
                tally.opening -= 1
            if record.lost:
                tally.lost += 1
            else:
                tally.done += 1


async def think(rng: random.Random, cfg: Config) -> None:
    await asyncio.sleep(rng.uniform(*cfg.think))


def moved(state: Mapping[str, Any], before: int) -> bool:
    return int(state.get("view", {}).get("move_number") or 0) != before


async def click(table: Table, action: str, record: Visitor, t0: float) -> None:
    before = table.move
    sent, wall = time.perf_counter(), time.time()
    since = await table.intent({"type": "play", "action": action, "move": before}, track=True)
    msg_id = table.kernel.last_id
    try:
        arrived = await table.until(since, lambda s, c: moved(s, before) or bool(c.get("error")),
                                    f"the click on {action}")
    finally:
        began = table.kernel.tracked.pop(msg_id, None)
    if table.move == before:
        raise Lost(f"legal click {action} refused: {table.state.get('error')}")
    record.clicks.append(arrived.perf - sent)
    record.click_times.append(sent - t0)
    if began is not None and arrived.made is not None:
        record.click_parts.append((began - wall, arrived.made - began, arrived.wall - arrived.made))


async def hint(table: Table, record: Visitor) -> str | None:
    """Press Hint; returns the best suggestion's move (the visitor plays it, as "Play it" does)."""
    asked = int(table.view.get("hints", {}).get("asked") or 0)
    sent = time.perf_counter()
    since = await table.intent({"type": "hint"})
    arrived = await table.until(
        since, lambda s, _c: int(s.get("view", {}).get("hints", {}).get("asked") or 0) > asked, "the hint")
    answered = table.view.get("hints", {}).get("hint") or {}
    if not answered.get("items") or table.state.get("error"):
        raise Lost(f"the hint was not answered: {table.state.get('error')}")
    record.hints.append(arrived.perf - sent)
    best = answered["items"][0].get("action")
    return best if isinstance(best, str) and best in table.view.get("legal", []) else None


async def forge(table: Table, rng: random.Random, cfg: Config, record: Visitor) -> None:
    """One click the engine must refuse: an error in the view, the position unchanged, the kernel alive."""
    await think(rng, cfg)
    before = table.move
    action = forged_action(table.view)
    sent = time.perf_counter()
    since = await table.intent({"type": "play", "action": action, "move": before})
    arrived = await table.until(since, lambda _s, c: bool(c.get("error")), f"the forged click {action}")
    error = table.state.get("error") or {}
    if table.move != before or not error.get("message"):
        raise Lost(f"forged click {action} was not refused: {error}")
    record.forged, record.forged_error = arrived.perf - sent, str(error.get("rule"))


async def leave(http: httpx.AsyncClient, base: str, kernel: str, xsrf: str, record: Visitor,
                sockets: list[Kernel]) -> None:
    """Voila's unload handler: the beacon (a multipart form POST carrying the _xsrf cookie's value),
    then the kernel websocket closed."""
    with suppress(Exception):
        beacon = http.post(f"{base}/voila/api/shutdown/{kernel}", files={"_xsrf": (None, xsrf)},
                           headers={"Origin": base})
        response = await asyncio.wait_for(beacon, 15)
        record.left = response.status_code == 204
    for connection in sockets:
        await connection.close()


# ---- the run ------------------------------------------------------------------------------------


def hubs_kernels(hubs: tuple[int, ...]) -> set[str]:
    return set().union(*(kernel_ids(hub) for hub in hubs))


async def progress(tally: Tally, started: float, hubs: tuple[int, ...], show: bool) -> None:
    while True:
        await asyncio.sleep(1.0)
        kernels = len(hubs_kernels(hubs))
        tally.peak_kernels = max(tally.peak_kernels, kernels)
        tally.peak_load = max(tally.peak_load, os.getloadavg()[0])
        if not show:
            continue
        print(f"[{time.perf_counter() - started:5.0f} s] opening {tally.opening:3d}  "
              f"playing {tally.playing:3d}  done {tally.done:3d}  lost {tally.lost:3d} | "
              f"clicks {tally.clicks:4d}  hints {tally.hints:3d}  kernels {kernels:3d}  "
              f"load {os.getloadavg()[0]:.1f}",
              file=sys.stderr, flush=True)


async def probe(base: str, lags: list[float]) -> None:
    """A trivial request to the hub four times a second (a kernel that does not exist: 404 at once,
    no kernel asked): how long the hub's one event loop, which also forwards every visitor's kernel
    messages, takes to answer while it renders pages and starts kernels."""
    async with httpx.AsyncClient(verify=_TLS, trust_env=False, timeout=ANSWER_TIMEOUT) as http:
        while True:
            sent = time.perf_counter()
            with suppress(httpx.HTTPError):
                await http.get(f"{base}/api/kernels/{uuid.uuid4()}")
                lags.append(time.perf_counter() - sent)
            await asyncio.sleep(0.25)


async def run(cfg: Config) -> dict[str, Any]:
    """Run the visitors; the report (see ``describe``)."""
    cfg.check()
    port = urlsplit(cfg.url).port or 80
    found = cfg.hub_pid if cfg.hub_pid is not None else listening_pid(port)
    hubs = cfg.hub_pids or ((found,) if found else ())
    load_before = os.getloadavg()
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    hub_cpu_before = sum(cpu_seconds(hub) for hub in hubs) if hubs else None
    tally = Tally()
    started = tally.t0
    records = [Visitor(i) for i in range(cfg.visitors)]
    ticker = asyncio.create_task(progress(tally, started, hubs, cfg.progress))
    lags: list[float] = []
    prober = asyncio.create_task(probe(cfg.url.rstrip("/"), lags))

    async def arrive(i: int) -> None:
        if cfg.visitors > 1:
            await asyncio.sleep(cfg.ramp * i / (cfg.visitors - 1))
        await visit(cfg, i, tally, records[i])

    tasks = [asyncio.create_task(arrive(i)) for i in range(cfg.visitors)]
    _done, pending = await asyncio.wait(tasks, timeout=cfg.duration)
    for task in pending:  # past --duration: each still leaves (its shutdown POST) on the way out
        task.cancel()
    if pending:
        await asyncio.wait(pending, timeout=30)
    for i, task in enumerate(tasks):
        if task in pending and not records[i].cut_off:
            records[i].cut_off = True
            records[i].lost = records[i].lost or "cut off by --duration before it came"
    elapsed = time.perf_counter() - started
    hub_cpu = (sum(cpu_seconds(hub) for hub in hubs) - hub_cpu_before
               if hubs and hub_cpu_before is not None else None)
    ticker.cancel()
    prober.cancel()
    load_after = os.getloadavg()
    left, gone_after = await linger(cfg, hubs, {r.kernel for r in records if r.kernel})
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "config": {**asdict(cfg), "think": list(cfg.think)},
        "seconds": round(elapsed, 1),
        "opened": spread([r.opened for r in records if r.opened is not None]),
        "playable": spread([r.playable for r in records if r.playable is not None]),
        "click": spread([t for r in records for t in r.clicks]),
        **clicks_by_arrivals(records),
        **{f"click_{name}": spread([p[i] for r in records for p in r.click_parts])
           for i, name in enumerate(("to_kernel", "in_kernel", "back"))},
        "hint": spread([t for r in records for t in r.hints]),
        "hub_lag": spread(lags),
        "forged": spread([r.forged for r in records if r.forged is not None]),
        "lost": sum(1 for r in records if r.lost),
        "refused": sum(1 for r in records if r.refused),
        "cut_off": sum(1 for r in records if r.cut_off),
        "peak_playing": tally.peak_playing,
        "peak_kernels": tally.peak_kernels if hubs else None,
        "kernels_left": left,
        "kernels_gone_after": gone_after,
        "load_before": list(load_before),
        "load_after": list(load_after),
        "load_peak": round(tally.peak_load, 2),
        "generator_cpu": round(cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime
                               - cpu_before.ru_stime, 2),
        "hub_cpu": round(hub_cpu, 2) if hub_cpu is not None else None,
        "visitors": [asdict(r) for r in records],
    }


async def linger(cfg: Config, hubs: tuple[int, ...], kernels: set[str]) -> tuple[int | None, float | None]:
    """How many of the visitors' kernels the hub still runs ``cfg.linger`` s after they left, and
    after how many seconds none was left ((None, None): not checked). It stops once none is left: a
    kernel shut down does not come back."""
    if not cfg.linger or not hubs or not kernels:
        return None, None
    started = time.monotonic()
    while True:
        left = len(hubs_kernels(hubs) & kernels)
        waited = time.monotonic() - started
        if left == 0:
            return 0, round(waited, 1)
        if waited >= cfg.linger:
            return left, None
        await asyncio.sleep(1.0)


def clicks_by_arrivals(records: list[Visitor]) -> dict[str, dict[str, float | int | None]]:
    """Clicks sent while another visitor was between their GET and a playable table (the hub
    rendering a page, a kernel starting or handing over), and the others: where a click's time goes
    up under load."""
    opening = [(r.arrived, r.arrived + (r.playable if r.playable is not None else r.opened or 0.0))
               for r in records if r.arrived is not None]
    busy: list[float] = []
    quiet: list[float] = []
    for r in records:
        for sent, took in zip(r.click_times, r.clicks, strict=True):
            during = any(start <= sent <= end for start, end in opening)
            (busy if during else quiet).append(took)
    return {"click_while_opening": spread(busy), "click_no_opening": spread(quiet)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running hub, http://127.0.0.1:PORT")
    where.add_argument("--serve", action="store_true", help="start python -m widgets.hub on a free port")
    parser.add_argument("--hub-arg", action="append", default=[], metavar="ARG",
                        help="passed to the hub with --serve (--hub-arg=--pool-size=4); repeatable")
    parser.add_argument("--hubs", type=int, default=1, metavar="N",
                        help="with --serve: N hubs behind HAProxy serving docs/haproxy.cfg "
                             "(default 1: no proxy)")
    parser.add_argument("--app", default="tindahan_play", choices=APPS)
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="seconds over which visitors arrive (0: at once)")
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--hint-every", type=int, default=0, metavar="K",
                        help="press Hint before every K-th move")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("LOW", "HIGH"),
                        help="seconds between clicks, uniform (default 1 3)")
    parser.add_argument("--duration", type=float, default=300.0, help="hard cap in seconds (at most 1800)")
    parser.add_argument("--query", default="delay=0", help="the page's query (a seed per visitor is added)")
    parser.add_argument("--forge", type=int, default=0, metavar="N",
                        help="the first N visitors also send one click that is not a legal move")
    parser.add_argument("--linger", type=float, default=60.0,
                        help="seconds to wait for the visitors' kernels to be gone (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the report here")
    args = parser.parse_args(argv)

    cfg = Config(url=args.url or "http://127.0.0.1", app=args.app, visitors=args.visitors, ramp=args.ramp,
                 moves=args.moves, hint_every=args.hint_every, think=(args.think[0], args.think[1]),
                 duration=args.duration, query=args.query, seed=args.seed, forge=args.forge,
                 linger=args.linger)
    try:
        cfg.check()  # before a hub is started for nothing
    except ValueError as exc:
        parser.error(str(exc))

    def go(url: str, pids: tuple[int, ...], banner: str | None = None) -> int:
        cfg.url, cfg.hub_pids = url, pids
        report = asyncio.run(run(cfg))
        report["hub"] = banner
        print(describe(report))
        if args.json:
            args.json.write_text(json.dumps(report, indent=1))
        return 1 if report["lost"] else 0

    if args.url:
        return go(args.url, ())
    if args.hubs > 1:
        with serve_several(args.hubs, args.hub_arg) as (url, pids, banner):
            return go(url, pids, banner)
    with serve(args.hub_arg) as (url, pid, banner):
        return go(url, (pid,), banner)


if __name__ == "__main__":
    sys.exit(main())
