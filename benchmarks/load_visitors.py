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
in the view). A game is lost when the visitor never became playable (a "too many visitors" 503
included), met an error (a refused legal click, a broken socket) or waited 30 s for an answer.

Only 127.0.0.1, localhost or ::1 are accepted; every wait is bounded and ``--duration`` caps the run.
``run(Config(...))`` is the same as a library (tests/browser/test_load_visitors.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import socket
import ssl
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import AsyncExitStack, contextmanager, suppress
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin, Subprotocol

ROOT = Path(__file__).resolve().parent.parent
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
#: The apps this can play: their tables list every legal move in ``view.legal`` as full notations.
APPS = ("tindahan_play", "bastos_play", "bangkok_play", "klongs_play")
MAX_VISITORS = 100
MAX_DURATION = 1800.0
MAX_MOVES = 500
#: Seconds a click, a hint, a Continue or the kernel's first answers may take before the game counts
#: as lost.
ANSWER_TIMEOUT = 30.0
#: Seconds a page may take to arrive: a burst of visitors on two cores starts its kernels slowly.
PAGE_TIMEOUT = 300.0
V1 = "v1.kernel.websocket.jupyter.org"
MIME_WIDGET = "application/vnd.jupyter.widget-view+json"
_CONFIG = re.compile(r'<script[^>]*\bid="jupyter-config-data"[^>]*>(.*?)</script>', re.S)
_OUTPUT = re.compile(r'<script[^>]*type="application/vnd\.voila\.cell-output\+json"[^>]*>(.*?)</script>',
                     re.S)
_MODEL_REF = "IPY_MODEL_"
# One TLS context for every visitor's client: httpx builds one per client otherwise (certificates
# loaded each time), CPU this process would take from the hub it measures; only http:// is used.
_TLS = ssl.create_default_context()


class Lost(Exception):
    """The visitor's game is lost: the reason is the message."""


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


# ---- the kernel websocket: Jupyter messages in either protocol ------------------------------------


def encode_v1(channel: str, msg: Mapping[str, Any]) -> bytes:
    """A message in the v1 websocket protocol (jupyter_server's serialize_msg_to_ws_v1)."""
    parts = [json.dumps(msg[key]).encode() for key in ("header", "parent_header", "metadata", "content")]
    chan = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(chan))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + chan + b"".join(parts)


def decode_v1(frame: bytes) -> tuple[str, dict[str, Any]]:
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    channel = frame[offsets[0]:offsets[1]].decode()
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(1, count - 1)]
    keys = ("header", "parent_header", "metadata", "content")
    msg: dict[str, Any] = {key: json.loads(part) for key, part in zip(keys, parts, strict=False)}
    msg["buffers"] = parts[4:]
    return channel, msg


def decode_legacy(frame: str | bytes) -> tuple[str, dict[str, Any]]:
    if isinstance(frame, str):
        msg: dict[str, Any] = json.loads(frame)
    else:  # a message with binary buffers: offsets, the JSON, the buffers
        count = int.from_bytes(frame[:4], "big")
        offsets = [int.from_bytes(frame[4 * (i + 1): 4 * (i + 2)], "big") for i in range(count)]
        msg = json.loads(frame[offsets[0]: offsets[1] if count > 1 else None])
    return str(msg.get("channel", "")), msg


@dataclass(frozen=True)
class Arrival:
    """When a message arrived here (both clocks), and when the kernel made it (its header's date)."""

    perf: float
    wall: float
    made: float | None


def header_time(header: Mapping[str, Any]) -> float | None:
    """A message header's date as epoch seconds (the kernel's clock is this machine's)."""
    with suppress(KeyError, TypeError, ValueError):
        return datetime.fromisoformat(str(header["date"]).replace("Z", "+00:00")).timestamp()
    return None


class Kernel:
    """One visitor's kernel websocket: sends requests, routes replies and comm messages, and notes
    when the kernel began each tracked request (its "busy" status), to split a click's time."""

    def __init__(self, socket: ClientConnection, session: str) -> None:
        self.socket = socket
        self.session = session
        self.v1 = socket.subprotocol == V1
        self.replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.comms: dict[str, Callable[[dict[str, Any], Arrival], None]] = {}
        self.tracked: dict[str, float | None] = {}  # msg_id -> when the kernel began it
        self.broken: BaseException | None = None
        self.last_id = ""
        self.reader = asyncio.create_task(self._read())

    async def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None,
                   reply: bool = False, track: bool = False) -> asyncio.Future[dict[str, Any]] | None:
        if self.broken is not None:
            raise Lost(f"kernel websocket closed: {self.broken!r}")
        msg_id = self.last_id = uuid.uuid4().hex
        if track:
            self.tracked[msg_id] = None
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": self.session,
                  "date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()), "version": "5.3"}
        msg = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content}
        future: asyncio.Future[dict[str, Any]] | None = None
        if reply:
            future = self.replies[msg_id] = asyncio.get_running_loop().create_future()
        if self.v1:
            await self.socket.send(encode_v1("shell", msg))
        else:
            await self.socket.send(json.dumps({**msg, "channel": "shell", "buffers": []}))
        return future

    async def comm_msg(self, comm_id: str, data: dict[str, Any], track: bool = False) -> None:
        await self.send("comm_msg", {"comm_id": comm_id, "data": data}, track=track)

    async def _read(self) -> None:
        try:
            async for frame in self.socket:
                perf, wall = time.perf_counter(), time.time()  # before decoding: the answer is here
                if self.v1 and isinstance(frame, bytes):
                    channel, msg = decode_v1(frame)
                else:
                    channel, msg = decode_legacy(frame)
                parent = msg.get("parent_header", {}).get("msg_id")
                header = msg.get("header", {})
                kind = header.get("msg_type")
                future = self.replies.pop(parent, None) if channel in ("shell", "control") else None
                if future is not None and not future.done():
                    future.set_result(msg)
                elif kind == "status" and parent in self.tracked and msg.get("content", {}).get(
                        "execution_state") == "busy":
                    self.tracked[parent] = header_time(header)
                elif kind == "comm_msg":
                    content = msg.get("content", {})
                    handler = self.comms.get(content.get("comm_id", ""))
                    if handler is not None:
                        handler(content.get("data", {}), Arrival(perf, wall, header_time(header)))
        except Exception as exc:  # a broken socket is the visitor's loss, not the generator's
            self.broken = exc
        else:
            self.broken = ConnectionError("closed by the server")
        for future in self.replies.values():
            if not future.done():
                future.set_exception(Lost(f"kernel websocket closed: {self.broken!r}"))

    async def close(self) -> None:
        with suppress(Exception):
            await asyncio.wait_for(self.socket.close(), 5)
        self.reader.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await self.reader


async def answer(future: asyncio.Future[Any] | None, what: str, timeout: float = ANSWER_TIMEOUT) -> Any:
    if future is None:
        raise Lost(f"no reply expected for {what}")
    try:
        return await asyncio.wait_for(future, timeout)
    except TimeoutError:
        raise Lost(f"no answer to {what} within {timeout:g} s") from None


async def widget_states(kernel: Kernel) -> dict[str, dict[str, Any]]:
    """Every model's state, asked as ipywidgets' manager asks (the control comm's request_states)."""
    comm = uuid.uuid4().hex
    got: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

    def on_msg(data: dict[str, Any], _arrived: Arrival) -> None:
        if data.get("method") == "update_states" and not got.done():
            got.set_result(data)

    kernel.comms[comm] = on_msg
    await kernel.send("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                      metadata={"version": "1.0.0"})
    await kernel.comm_msg(comm, {"method": "request_states"})
    data = await answer(got, "request_states")
    del kernel.comms[comm]
    await kernel.send("comm_close", {"comm_id": comm, "data": {}})
    states: dict[str, dict[str, Any]] = data.get("states", {})
    return states


def find_table(states: Mapping[str, Mapping[str, Any]], roots: list[str]) -> str | None:
    """The game table's model under the page's widgets: an anywidget model with a ``view`` trait,
    found through the boxes' children (the play app's table sits in a VBox of the app's VBox)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo and len(seen) <= len(states):
        model = todo.pop(0)
        if model in seen or model not in states:
            continue
        seen.add(model)
        state = states[model].get("state", {})
        if "view" in state and state.get("_model_module") == "anywidget":
            return model
        for value in state.values():
            refs = value if isinstance(value, list) else [value]
            todo += [r.removeprefix(_MODEL_REF) for r in refs
                     if isinstance(r, str) and r.startswith(_MODEL_REF)]
    return None


class Table:
    """The table's model as the page holds it, kept current from the kernel's ``update`` messages;
    ``until`` waits for an update that makes a condition true and says when that update arrived."""

    def __init__(self, kernel: Kernel, model: str, state: dict[str, Any]) -> None:
        self.kernel, self.model, self.state = kernel, model, dict(state)
        self.updates = 0
        self._waiters: list[tuple[int, Callable[[dict[str, Any], dict[str, Any]], bool],
                                  asyncio.Future[Arrival]]] = []
        kernel.comms[model] = self._on_msg

    @property
    def view(self) -> dict[str, Any]:
        view = self.state.get("view")
        return view if isinstance(view, dict) else {}

    @property
    def move(self) -> int:
        return int(self.view.get("move_number") or 0)

    def _on_msg(self, data: dict[str, Any], arrived: Arrival) -> None:
        if data.get("method") not in ("update", "echo_update"):
            return
        change = data.get("state", {})
        self.state.update(change)
        self.updates += 1
        for since, test, future in list(self._waiters):
            if self.updates > since and not future.done() and test(self.state, change):
                future.set_result(arrived)

    async def intent(self, content: dict[str, Any], track: bool = False) -> int:
        """Send what a table button sends; returns the update count to wait from."""
        since = self.updates
        await self.kernel.comm_msg(self.model, {"method": "custom", "content": content}, track=track)
        return since

    async def until(self, since: int, test: Callable[[dict[str, Any], dict[str, Any]], bool], what: str,
                    timeout: float = ANSWER_TIMEOUT) -> Arrival:
        future: asyncio.Future[Arrival] = asyncio.get_running_loop().create_future()
        entry = (since, test, future)
        self._waiters.append(entry)
        try:
            while True:
                if self.kernel.broken is not None:
                    raise Lost(f"kernel websocket closed waiting for {what}: {self.kernel.broken!r}")
                with suppress(TimeoutError):
                    # Woken at least once a second, so a socket that broke meanwhile is noticed.
                    return await asyncio.wait_for(asyncio.shield(future), min(1.0, timeout))
                timeout -= 1.0
                if timeout <= 0:
                    raise Lost(f"no answer to {what} within {ANSWER_TIMEOUT:g} s")
        finally:
            self._waiters.remove(entry)
            future.cancel()


def playable(state: Mapping[str, Any]) -> bool:
    """The visitor's turn with moves to make, as the table draws it (its legal cards, not busy)."""
    view = state.get("view") if isinstance(state.get("view"), dict) else {}
    assert isinstance(view, dict)
    learners = view.get("learners", [view.get("seat")])
    return (bool(view.get("legal")) and not state.get("busy") and not view.get("pause")
            and not view.get("is_over") and view.get("current_player") in learners
            and view.get("timeline", {}).get("mode", "play") == "play")


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


@dataclass
class Page:
    kernel: str
    base: str  # the server's base path
    widgets: list[str]  # the model ids of the page's widget outputs


def read_page(html: str) -> Page:
    config = _CONFIG.search(html)
    if config is None:
        raise Lost("the page has no jupyter-config-data")
    data = json.loads(config.group(1))
    widgets = []
    for output in _OUTPUT.finditer(html):
        with suppress(ValueError, AttributeError):
            model = json.loads(output.group(1)).get("data", {}).get(MIME_WIDGET, {}).get("model_id")
            if isinstance(model, str):
                widgets.append(model)
    if not data.get("kernelId") or not widgets:
        raise Lost("the page has no kernel id or no widget output")
    return Page(str(data["kernelId"]), str(data.get("baseUrl") or "/"), widgets)


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


# ---- the hub's processes (Linux /proc) ------------------------------------------------------------


def _stat(pid: int | str) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU time of ``pid`` (with ``children``: plus its running children's)."""
    tick = os.sysconf("SC_CLK_TCK")
    own = _stat(pid)
    total = (int(own[11]) + int(own[12])) / tick if own else 0.0
    if children:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            fields = _stat(stat.parent.name)
            if fields and int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


def kernel_ids(server: int) -> set[str]:
    """The ids of the kernels the process ``server`` runs (its children running ipykernel), as
    tests/browser/conftest.py reads them."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        fields = _stat(stat.parent.name)
        try:
            cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if fields and int(fields[1]) == server and any(b"ipykernel" in part for part in cmdline):
            found |= {part.decode().rsplit("kernel-", 1)[-1].removesuffix(".json")
                      for part in cmdline if part.endswith(b".json")}
    return found


def listening_pid(port: int) -> int | None:
    """The process listening on ``port`` (to find a running hub's kernels), if this user can see it."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                cols = line.split()
                if len(cols) > 9 and cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(f"socket:[{cols[9]}]")
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        with suppress(OSError):
            for fd in fd_dir.iterdir():
                with suppress(OSError):
                    if os.readlink(fd) in inodes:
                        return int(fd_dir.parent.name)
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve(hub_args: list[str]) -> Iterator[tuple[str, int, str]]:
    """``python -m widgets.hub`` on a free port, until its kernels are at rest: its URL, pid and the
    settings it printed (pool and cap, which it sizes from the host)."""
    port = free_port()
    started = time.monotonic()
    log = ROOT / "test-artifacts" / f"load-visitors-{port}.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("w") as out:
        hub = subprocess.Popen([sys.executable, "-m", "widgets.hub", "--port", str(port), *hub_args],
                               cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 240
        while True:
            if hub.poll() is not None:
                raise RuntimeError(f"the hub exited ({hub.returncode}): see {log}")
            with suppress(httpx.HTTPError):
                if httpx.get(base + "/voila/api/contents", timeout=5, trust_env=False).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not answer within 240 s: see {log}")
            time.sleep(0.5)
        answered = time.monotonic() - started
        at_rest(hub.pid)
        banner = " ".join(line.strip() for line in log.read_text().splitlines()[:2])
        print(f"hub answered after {answered:.0f} s, at rest after {time.monotonic() - started:.0f} s: "
              f"{banner}", file=sys.stderr, flush=True)
        yield base, hub.pid, banner
    finally:
        hub.terminate()
        try:
            hub.wait(timeout=20)
        except subprocess.TimeoutExpired:
            hub.kill()
            hub.wait(timeout=10)


def at_rest(pid: int, limit: float = 300.0) -> None:
    """Until the hub and its kernels (the preheated pool starting) take under 0.15 CPU-s a second for
    3 s running: visitors must not be measured against the hub's own start."""
    deadline, quiet = time.monotonic() + limit, 0
    last = cpu_seconds(pid, children=True)
    while quiet < 3 and time.monotonic() < deadline:
        time.sleep(1.0)
        now = cpu_seconds(pid, children=True)
        quiet = quiet + 1 if now - last < 0.15 else 0
        last = now


# ---- the run ------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float | None:
    """Linear interpolation between the closest ranks (q from 0 to 100); None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    at = (len(ordered) - 1) * q / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def spread(values: list[float]) -> dict[str, float | int | None]:
    return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
            "max": max(values) if values else None}


async def progress(tally: Tally, started: float, hub: int | None, show: bool) -> None:
    while True:
        await asyncio.sleep(1.0)
        kernels = len(kernel_ids(hub)) if hub else 0
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
    hub = cfg.hub_pid if cfg.hub_pid is not None else listening_pid(port)
    load_before = os.getloadavg()
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    hub_cpu_before = cpu_seconds(hub) if hub else None
    tally = Tally()
    started = tally.t0
    records = [Visitor(i) for i in range(cfg.visitors)]
    ticker = asyncio.create_task(progress(tally, started, hub, cfg.progress))
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
    hub_cpu = cpu_seconds(hub) - hub_cpu_before if hub and hub_cpu_before is not None else None
    ticker.cancel()
    prober.cancel()
    load_after = os.getloadavg()
    left, gone_after = await linger(cfg, hub, {r.kernel for r in records if r.kernel})
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
        "peak_kernels": tally.peak_kernels if hub else None,
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


async def linger(cfg: Config, hub: int | None, kernels: set[str]) -> tuple[int | None, float | None]:
    """How many of the visitors' kernels the hub still runs ``cfg.linger`` s after they left, and
    after how many seconds none was left ((None, None): not checked). It stops once none is left: a
    kernel shut down does not come back."""
    if not cfg.linger or hub is None or not kernels:
        return None, None
    started = time.monotonic()
    while True:
        left = len(kernel_ids(hub) & kernels)
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


def describe(report: dict[str, Any]) -> str:
    cfg = report["config"]

    def row(name: str, key: str, unit: float, suffix: str) -> str:
        s = report[key]

        def fmt(v: float | None) -> str:
            return "-" if v is None else f"{v * unit:.{0 if unit > 1 else 2}f}{suffix}"
        return (f"{name:<13} p50 {fmt(s['p50']):>9}  p95 {fmt(s['p95']):>9}  max {fmt(s['max']):>9}"
                f"  (n={s['n']})")

    lost = [r for r in report["visitors"] if r["lost"]]
    reasons: dict[str, int] = {}
    for r in lost:
        reasons[r["lost"][:80]] = reasons.get(r["lost"][:80], 0) + 1
    lines = [
        f"{cfg['visitors']} visitors of {cfg['app']} at {cfg['url']} (ramp {cfg['ramp']:g} s, "
        f"{cfg['moves']} moves, hint every {cfg['hint_every'] or '-'}, "
        f"think {cfg['think'][0]:g}-{cfg['think'][1]:g} s, "
        f"query {cfg['query']}): {report['seconds']} s",
        *([f"hub           {report['hub']}"] if report.get("hub") else []),
        row("page opened", "opened", 1, " s"), row("playable", "playable", 1, " s"),
        row("click", "click", 1000, " ms"),
        row(" .. opening", "click_while_opening", 1000, " ms") + "  another visitor's page was opening",
        row(" .. none", "click_no_opening", 1000, " ms") + "  no page was opening",
        row(" .. to kernel", "click_to_kernel", 1000, " ms") + "  until the kernel began it",
        row(" .. in kernel", "click_in_kernel", 1000, " ms") + "  until it made the update",
        row(" .. back", "click_back", 1000, " ms") + "  until the update arrived here",
        row("hint", "hint", 1, " s"),
        row("hub answers", "hub_lag", 1000, " ms") + "  a trivial request (404), 4 a second",
    ]
    if report["forged"]["n"]:
        lines.append(row("forged click", "forged", 1000, " ms"))
    lines += [
        f"lost games    {report['lost']} of {cfg['visitors']} ({report['refused']} refused with 503; "
        f"{report['cut_off']} cut off by --duration)"
        + "".join(f"\n    {n} x {why}" for why, n in reasons.items()),
        f"peak playing  {report['peak_playing']} visitors at once; the hub ran at most "
        f"{report['peak_kernels'] if report['peak_kernels'] is not None else '-'} kernels (pool included)",
        "kernels left  " + ("not checked" if report["kernels_left"] is None else
                            f"0 of the visitors' kernels, all gone {report['kernels_gone_after']:g} s "
                            "after the last visitor left" if report["kernels_left"] == 0 else
                            f"{report['kernels_left']} of the visitors' kernels {cfg['linger']:g} s after "
                            "they left"),
        "load average  before " + " ".join(f"{x:.2f}" for x in report["load_before"])
        + "   after " + " ".join(f"{x:.2f}" for x in report["load_after"])
        + f"  (1, 5, 15 min); 1-min peak during the run {report['load_peak']:.2f}",
        f"CPU           this generator {report['generator_cpu']} s; the hub's server process "
        + ("-" if report["hub_cpu"] is None else f"{report['hub_cpu']} s") + " (kernels not counted)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running hub, http://127.0.0.1:PORT")
    where.add_argument("--serve", action="store_true", help="start python -m widgets.hub on a free port")
    parser.add_argument("--hub-arg", action="append", default=[], metavar="ARG",
                        help="passed to the hub with --serve (--hub-arg=--pool-size=4); repeatable")
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

    def go(url: str, pid: int | None, banner: str | None = None) -> int:
        cfg.url, cfg.hub_pid = url, pid
        report = asyncio.run(run(cfg))
        report["hub"] = banner
        print(describe(report))
        if args.json:
            args.json.write_text(json.dumps(report, indent=1))
        return 1 if report["lost"] else 0

    if args.url:
        return go(args.url, None)
    with serve(args.hub_arg) as (url, pid, banner):
        return go(url, pid, banner)


if __name__ == "__main__":
    sys.exit(main())
