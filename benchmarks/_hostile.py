"""A hostile visitor of the hub, through the page's own protocol: what tests/browser/test_hostile_visitors.py
and benchmarks/hostile_visitors.py throw at a hub while an honest visitor plays on.

It is a visitor like any other: it opens pages (keeping its cookies, as a browser does) and so holds
kernels of its own; it never has the server's secrets. What it tries, each an ``attack_*`` coroutine:

- ``freeze``: the one 64-byte frame of 0xff that froze every page of the hub before issue 32;
- ``fuzz``: seeded malformed v1 and legacy frames (truncated, huge counts, overlapping offsets, bad
  UTF-8, wrong channels, deep JSON, ...: ``malformed_frames``) and well-formed hostile messages (every
  shell and control message type, a request to write a file, every trait of the game table forged with
  the wrong types, unknown comms and widgets, garbage intents: ``hostile_messages``), reconnecting
  whenever the hub closes its socket;
- ``flood``: clicks at 200 messages a second;
- ``restarts``: ``shutdown_request`` (a restart) in a loop;
- ``other_page``: another visitor's kernel, its id in hand: its websocket, model, delete and shutdown;
- ``tables``: pages opened until the hub says one visitor has enough.

Everything it receives (websocket frames, HTTP bodies) is searched for traceback text and server paths:
``Report.leaks`` must stay empty. Every wait is bounded. Only 127.0.0.1 is accepted.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import traceback
import urllib.request
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from _load_protocol import V1, decode_v1, encode_v1, find_table, read_page
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin, Subprotocol

ROOT = Path(__file__).resolve().parent.parent
#: Text that must never reach a visitor: a traceback's marks and the server's own paths.
LEAK_MARKS = ("Traceback (most recent call last)", "site-packages", '.py", line ', str(ROOT),
              "/usr/lib/python", "/root/")
#: A file the fuzzer's execute requests try to write (it must never exist).
MARKER = Path("/tmp") / f"rules-explorer-hostile-{uuid.uuid4().hex}"
#: Every message type a client may put on a kernel's shell or control channel (the messaging spec's,
#: old and new, and ipykernel 7's subshells), but shutdown_request, which ``attack_restarts`` sends.
SHELL_TYPES = ("execute_request", "inspect_request", "complete_request", "history_request",
               "is_complete_request", "comm_info_request", "kernel_info_request", "interrupt_request",
               "debug_request", "usage_request", "object_info_request", "connect_request", "apply_request",
               "clear_request", "abort_request", "create_subshell_request", "delete_subshell_request",
               "list_subshell_request", "input_reply")
CHANNELS = ("shell", "control", "stdin", "iopub")
TIMEOUT = 30.0


@dataclass
class Report:
    """What the hostile visitor did and what it got back."""

    frames: Counter[str] = field(default_factory=Counter)  # frames sent, by kind
    closed: Counter[str] = field(default_factory=Counter)  # sockets the hub closed, by its reason
    refused_opens: Counter[int] = field(default_factory=Counter)  # websocket handshakes refused, by status
    statuses: dict[str, int] = field(default_factory=dict)  # HTTP answers to the other page's kernel
    restarts_asked: int = 0
    restart_closed: str | None = None  # the reason the hub gave when the restarts stopped
    tables_opened: int = 0
    tables_refused: int = 0  # 429 "too many tables" pages
    tables_page: str = ""  # the words of that page
    freeze_closed: str | None = None
    received: int = 0  # frames and bodies received, all searched for leaks
    leaks: list[str] = field(default_factory=list)
    marker_written: bool = False
    errors: list[str] = field(default_factory=list)  # the attacker's own failures (never the hub's)

    def as_dict(self) -> dict[str, Any]:
        # Not dataclasses.asdict: it rebuilds a Counter from its items, counting the pairs.
        return {f.name: dict(getattr(self, f.name)) if isinstance(getattr(self, f.name), Counter)
                else getattr(self, f.name) for f in fields(self)}


# ---- frames ---------------------------------------------------------------------------------------


def header(msg_type: str, session: str = "hostile") -> dict[str, Any]:
    return {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": session,
            "date": "2026-12-07T00:00:00.000Z", "version": "5.3"}


def message(msg_type: str, content: Any, channel: str = "shell",
            metadata: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    return channel, {"header": header(msg_type), "parent_header": {}, "metadata": metadata or {},
                     "content": content}


def v1(channel: str, msg: dict[str, Any]) -> bytes:
    return encode_v1(channel, msg)


def v1_raw(channel: bytes, parts: list[bytes], count: int | None = None,
           offsets: list[int] | None = None) -> bytes:
    """A v1 frame built from raw pieces, with its offset count or its offsets replaced if given."""
    real = [8 * (len(parts) + 3)]
    for piece in (channel, *parts):
        real.append(real[-1] + len(piece))
    used = offsets if offsets is not None else real
    n = count if count is not None else len(used)
    table = n.to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in used)
    return table + channel + b"".join(parts)


def malformed_frames(rng: random.Random) -> Iterator[tuple[str, str, bytes | str]]:
    """Malformed frames without end, as (protocol, kind, frame): each breaks the wire format once."""
    good = json.dumps(header("comm_info_request")).encode()
    parts = [good, b"{}", b"{}", b"{}"]
    frame = v1("shell", message("comm_info_request", {})[1])
    kinds = [
        ("v1", "freeze", lambda: b"\xff" * 64),
        ("v1", "empty", lambda: b""),
        ("v1", "short count", lambda: frame[: rng.randrange(1, 8)]),
        ("v1", "truncated", lambda: frame[: rng.randrange(8, len(frame))]),
        ("v1", "huge count", lambda: rng.choice([2**64 - 1, 2**63, 2**32 + 6, 10**9]).to_bytes(8, "little")
         + frame[8:]),
        ("v1", "too few offsets", lambda: v1_raw(b"shell", parts[: rng.randrange(0, 3)])),
        ("v1", "too many buffers", lambda: v1_raw(b"shell", parts + [b"x"] * rng.randrange(17, 300))),
        ("v1", "count past the frame", lambda: v1_raw(b"shell", parts, count=rng.randrange(7, 22))),
        ("v1", "offsets backwards", lambda: v1_raw(b"shell", parts, offsets=_backwards(rng, frame))),
        ("v1", "offset past the end", lambda: v1_raw(b"shell", parts, offsets=_past_end(rng, frame))),
        ("v1", "channel not UTF-8", lambda: v1_raw(b"\xff\xfe\xfd", parts)),
        ("v1", "no such channel", lambda: v1_raw(rng.choice([b"", b"evil", b"shell\x00", b"SHELL"]), parts)),
        ("v1", "header not JSON", lambda: v1_raw(b"shell", [rng.randbytes(rng.randrange(1, 64)),
                                                            *parts[1:]])),
        ("v1", "header not an object", lambda: v1_raw(b"shell", [b"[1, 2]", *parts[1:]])),
        ("v1", "header without a type", lambda: v1_raw(b"shell", [b'{"msg_id": "x"}', *parts[1:]])),
        ("v1", "header too big", lambda: v1_raw(b"shell", [json.dumps(
            {**header("comm_msg"), "pad": "x" * 20000}).encode(), *parts[1:]])),
        ("v1", "header too deep", lambda: v1_raw(b"shell", [b"[" * 5000 + b"]" * 5000, *parts[1:]])),
        ("v1", "text frame", lambda: json.dumps({"channel": "shell", **message("comm_info_request", {})[1]})),
        ("v1", "random bytes", lambda: rng.randbytes(rng.randrange(1, 512))),
        ("legacy", "not JSON", lambda: rng.randbytes(rng.randrange(1, 64)).decode("latin-1")),
        ("legacy", "JSON list", lambda: "[1, 2, 3]"),
        ("legacy", "deep JSON", lambda: "[" * rng.randrange(10_000, 200_000)),
        ("legacy", "deep content", lambda: json.dumps(
            {"channel": "shell", **message("comm_msg", _nested(40))[1]})),
        ("legacy", "no header", lambda: json.dumps({"channel": "shell", "content": {}})),
        ("legacy", "channel not text", lambda: json.dumps({**message("comm_msg", {})[1], "channel": 7})),
        ("legacy", "binary, bad offsets", lambda: (3).to_bytes(4, "big") + rng.randbytes(40)),
        ("legacy", "binary, huge count", lambda: (2**31).to_bytes(4, "big") + b"{}"),
    ]
    while True:
        protocol, kind, make = rng.choice(kinds)
        yield protocol, kind, make()


def _backwards(rng: random.Random, frame: bytes) -> list[int]:
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    i = rng.randrange(1, count - 1)
    offsets[i], offsets[i + 1] = offsets[i + 1] + 5, offsets[i]
    return offsets


def _past_end(rng: random.Random, frame: bytes) -> list[int]:
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    offsets[-1] += rng.randrange(1, 2**40)
    return offsets


def _nested(depth: int) -> Any:
    value: Any = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def hostile_messages(rng: random.Random, table: str | None, traits: list[str]) -> Iterator[tuple[str, bytes]]:
    """Well-formed v1 frames without end, as (kind, frame), that a page never sends: every other
    message type, a write to MARKER, the table's traits forged with the wrong types, unknown comms."""
    write = (f"open({str(MARKER)!r}, 'w').write('x'); import os; os.system('touch {MARKER}')")
    wrong = [None, 1e308, -1, "x" * 5000, [], {}, [[[[]]]], {"view": None}, True, _nested(20)]
    comm = table or uuid.uuid4().hex
    makers = [
        ("a shell message type", lambda: message(rng.choice(SHELL_TYPES),
                                                 {"code": write, "silent": False, "cursor_pos": 3})),
        ("execute, to write a file", lambda: message("execute_request", {"code": write, "silent": False},
                                                     rng.choice(("shell", "control")))),
        ("a wrong channel", lambda: message("comm_info_request", {}, rng.choice(("iopub", "stdin")))),
        ("a forged trait", lambda: message("comm_msg", {"comm_id": comm, "data": {
            "method": "update", "state": {rng.choice(traits or ["view"]): rng.choice(wrong)},
            "buffer_paths": []}})),
        ("a state that is not an object", lambda: message("comm_msg", {"comm_id": comm, "data": {
            "method": "update", "state": rng.choice(wrong[1:4])}})),
        ("a garbage intent", lambda: message("comm_msg", {"comm_id": comm, "data": {
            "method": "custom", "content": rng.choice([
                *wrong, {"type": "play", "action": rng.choice(wrong)}, {"type": "no-such-intent"},
                {"type": "hint", "n": -5}])}})),
        ("an unknown comm", lambda: message("comm_msg", {"comm_id": uuid.uuid4().hex, "data": {}})),
        ("an unknown comm target", lambda: message("comm_open", {"comm_id": uuid.uuid4().hex,
                                                                 "target_name": "os.system", "data": {}})),
        ("a widget of no such class", lambda: message("comm_open", {
            "comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget", "data": {"state": {
                "_model_name": rng.choice(["Nope", "OutputModel", "__import__"]),
                "_model_module": "@jupyter-widgets/base", "_model_module_version": "2.0.0"},
                "buffer_paths": []}}, )),
        ("a method that does not exist", lambda: message("comm_msg", {"comm_id": comm, "data": {
            "method": rng.choice(["__init__", "close", "request_state", "eval", ""])}})),
    ]
    while True:
        kind, make = rng.choice(makers)
        channel, msg = make()
        yield kind, v1(channel, msg)


# ---- the visitor ----------------------------------------------------------------------------------


class Visitor:
    """A browser's worth of a visitor: one cookie jar, the pages it opened."""

    def __init__(self, base: str, report: Report) -> None:
        if urlsplit(base).hostname not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"only a hub on this machine, not {base!r}")
        self.base, self.report = base.rstrip("/"), report
        self.http = httpx.AsyncClient(trust_env=False, timeout=httpx.Timeout(TIMEOUT, read=300))
        self.refused = 0  # the status of the last websocket handshake refused (0: none)

    def seen(self, data: bytes | bytearray | str) -> None:
        """Searches what the hub sent for traceback text and server paths."""
        self.report.received += 1
        text = data if isinstance(data, str) else bytes(data).decode("utf-8", "replace")
        for mark in LEAK_MARKS:
            if mark in text:
                at = text.index(mark)
                self.report.leaks.append(text[max(0, at - 100): at + 200])

    async def page(self, app: str = "tindahan_play", query: str = "delay=0") -> tuple[int, dict[str, Any]]:
        """Opens a page: its status and, when served, its kernel id and widget outputs."""
        response = await self.http.get(f"{self.base}/voila/render/{app}.ipynb?{query}")
        self.seen(response.text)
        if response.status_code != 200:
            return response.status_code, {"text": response.text}
        page = read_page(response.text)
        return 200, {"kernel": page.kernel, "widgets": page.widgets}

    def cookie(self, url: str) -> str:
        """The Cookie header a browser sends with a request for ``url`` (each cookie only to its path)."""
        request = urllib.request.Request(url)
        self.http.cookies.jar.add_cookie_header(request)
        return request.get_header("Cookie") or ""

    async def socket(self, kernel: str, protocol: str = "v1") -> ClientConnection | None:
        """The kernel's websocket as a page opens it, or None when refused (``self.refused`` says how)."""
        host = urlsplit(self.base).netloc
        self.refused = 0
        path = f"/api/kernels/{kernel}/channels"
        try:
            return await asyncio.wait_for(connect(
                f"ws://{host}{path}?session_id={uuid.uuid4().hex}",
                origin=Origin(self.base), subprotocols=[Subprotocol(V1)] if protocol == "v1" else None,
                additional_headers={"Cookie": self.cookie(self.base + path)}, max_size=2**26,
                ping_interval=None, proxy=None, open_timeout=TIMEOUT), TIMEOUT)
        except InvalidStatus as refused:
            self.refused = refused.response.status_code
            self.report.refused_opens[self.refused] += 1
            self.seen(refused.response.body or b"")
            return None

    async def drain(self, sock: ClientConnection, seconds: float) -> str | None:
        """Reads what the hub sends for ``seconds`` (searching it); the close reason if it closed."""
        end = time.monotonic() + seconds
        try:
            while (left := end - time.monotonic()) > 0:
                with suppress(TimeoutError):
                    self.seen(await asyncio.wait_for(sock.recv(), left))
        except ConnectionClosed as closed:
            reason = closed.rcvd.reason if closed.rcvd else "closed without a reason"
            self.report.closed[reason.split(":")[0]] += 1
            return reason
        return None

    async def close(self) -> None:
        await self.http.aclose()


async def reader(visitor: Visitor, sock: ClientConnection) -> str | None:
    """Reads a socket until it closes: the reason."""
    return await visitor.drain(sock, 1e9)


async def attack_freeze(visitor: Visitor, kernel: str) -> None:
    sock = await visitor.socket(kernel)
    if sock is None:
        return
    await sock.send(b"\xff" * 64)
    visitor.report.frames["freeze"] += 1
    visitor.report.freeze_closed = await visitor.drain(sock, 10)


async def attack_fuzz(visitor: Visitor, kernel: str, table: str | None, traits: list[str], seed: int,
                      frames: int, rate: float, malformed: float) -> None:
    """``frames`` frames at ``rate`` a second: a share of malformed ones (each closes the socket, which
    is opened again as the hub allows), the rest hostile but well formed."""
    rng = random.Random(seed)
    bad = malformed_frames(rng)
    hostile = hostile_messages(rng, table, traits)
    socks: dict[str, ClientConnection | None] = {"v1": None, "legacy": None}
    readers: dict[str, asyncio.Task[str | None]] = {}
    sent = 0
    while sent < frames:
        if rng.random() < malformed:
            protocol, kind, frame = next(bad)
        else:
            protocol, (kind, frame) = "v1", next(hostile)
        sock = socks[protocol]
        if sock is None or (protocol in readers and readers[protocol].done()):
            sock = socks[protocol] = await visitor.socket(kernel, protocol)
            if sock is None:  # opened too often: the hub's limit; wait as a visitor must
                await asyncio.sleep(3.1)
                continue
            readers[protocol] = asyncio.create_task(reader(visitor, sock))
        with suppress(ConnectionClosed):
            await sock.send(frame)
        visitor.report.frames[kind] += 1
        sent += 1
        await asyncio.sleep(1 / rate)
    for protocol, sock in socks.items():
        if sock is not None:
            with suppress(Exception):
                await asyncio.wait_for(sock.close(), 5)
        if protocol in readers:
            with suppress(Exception):
                await asyncio.wait_for(readers[protocol], 5)


async def attack_flood(visitor: Visitor, kernel: str, table: str | None, rate: float, seconds: float) -> None:
    """Clicks (forged: a card nobody holds) at ``rate`` a second for ``seconds``, reconnecting as the
    hub allows."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sock = await visitor.socket(kernel)
        if sock is None:
            await asyncio.sleep(3.1)
            continue
        task = asyncio.create_task(reader(visitor, sock))
        while not task.done() and time.monotonic() < end:
            channel, msg = message("comm_msg", {"comm_id": table or "x", "data": {
                "method": "custom", "content": {"type": "play", "action": "durian-99", "move": 0}}})
            with suppress(ConnectionClosed):
                await sock.send(v1(channel, msg))
                visitor.report.frames["flood"] += 1
            await asyncio.sleep(1 / rate)
        with suppress(Exception):
            await asyncio.wait_for(sock.close(), 5)
        with suppress(Exception):
            await asyncio.wait_for(task, 5)


async def attack_restarts(visitor: Visitor, kernel: str, times: int) -> None:
    """``shutdown_request`` with a restart, ``times`` times or until the hub says no more."""
    for _ in range(times):
        sock = await visitor.socket(kernel)
        if sock is None:
            await asyncio.sleep(3.1)
            continue
        channel, msg = message("shutdown_request", {"restart": True}, "control")
        await sock.send(v1(channel, msg))
        visitor.report.restarts_asked += 1
        reason = await visitor.drain(sock, 8)  # the kernel goes, and the restarter brings it back
        if reason and "restarted" in reason:
            visitor.report.restart_closed = reason
            return
        with suppress(Exception):
            await asyncio.wait_for(sock.close(), 5)


async def attack_other_page(visitor: Visitor, victim: str) -> None:
    """Another visitor's kernel, its id in hand, with this visitor's own cookies and XSRF token."""
    report = visitor.report
    xsrf = visitor.http.cookies.get("_xsrf") or ""
    sock = await visitor.socket(victim)
    report.statuses["websocket"] = 101 if sock is not None else visitor.refused
    if sock is not None:
        await sock.close()
    model = await visitor.http.get(f"{visitor.base}/api/kernels/{victim}")
    report.statuses["kernel model"] = model.status_code
    visitor.seen(model.text)
    headers = {"Origin": visitor.base, "X-XSRFToken": xsrf}
    delete = await visitor.http.delete(f"{visitor.base}/api/kernels/{victim}", headers=headers)
    report.statuses["kernel delete"] = delete.status_code
    shutdown = await visitor.http.post(f"{visitor.base}/voila/api/shutdown/{victim}",
                                       files={"_xsrf": (None, xsrf)}, headers={"Origin": visitor.base})
    report.statuses["unload shutdown"] = shutdown.status_code
    host = urlsplit(visitor.base).netloc
    try:  # the preheated kernels' own socket, as if forwarded by a proxy from outside
        query = await connect(f"ws://{host}/voila/query/{victim}", origin=Origin(visitor.base),
                              additional_headers={"X-Forwarded-For": "203.0.113.9"}, proxy=None,
                              open_timeout=TIMEOUT)
        report.statuses["request-info socket"] = 101
        await query.close()
    except InvalidStatus as refused:
        report.statuses["request-info socket"] = refused.response.status_code


async def attack_tables(visitor: Visitor, app: str, most: int) -> list[str]:
    """Opens pages with one browser's cookies until the hub refuses one (at most ``most``); their kernels."""
    kernels = []
    for n in range(most):
        status, page = await visitor.page(app, f"delay=0&seed={n + 1}")
        if status == 429:
            visitor.report.tables_refused += 1
            visitor.report.tables_page = page["text"]
            break
        if status == 200:
            visitor.report.tables_opened += 1
            kernels.append(page["kernel"])
    return kernels


async def table_of(visitor: Visitor, kernel: str, widgets: list[str]) -> tuple[str | None, list[str]]:
    """The game table's model id and trait names, as the page's widget manager learns them."""
    sock = await visitor.socket(kernel)
    if sock is None:
        return None, []
    comm = uuid.uuid4().hex
    for channel, msg in (message("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                               "data": {}}, metadata={"version": "1.0.0"}),
                         message("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})):
        await sock.send(v1(channel, msg))
    end = time.monotonic() + TIMEOUT
    with suppress(TimeoutError, ConnectionClosed):
        while time.monotonic() < end:
            frame = await asyncio.wait_for(sock.recv(), end - time.monotonic())
            visitor.seen(frame)
            if isinstance(frame, bytes) and b"update_states" in frame:
                _channel, msg = decode_v1(frame)
                states = msg["content"]["data"]["states"]
                table = find_table(states, widgets)
                await sock.close()
                return table, sorted(states.get(table, {}).get("state", {})) if table else []
    await sock.close()
    return None, []


# ---- the whole attack -----------------------------------------------------------------------------


@dataclass
class Plan:
    """How much of each attack (the defaults: what tests/browser/test_hostile_visitors.py runs)."""

    app: str = "tindahan_play"
    seed: int = 1
    frames: int = 600  # fuzzed frames
    malformed: float = 0.3  # the share of them malformed (each costs a socket, opened again as allowed)
    rate: float = 15.0  # fuzzed frames a second
    flood_rate: float = 200.0  # flooded clicks a second
    flood_seconds: float = 10.0
    restarts: int = 5  # restarts asked for (the hub allows a page 2 by default)
    tables: int = 12  # pages opened at most, to find the hub's limit per visitor


def say(what: str) -> None:
    """A progress line on standard error (the report goes to standard output)."""
    print(f"[hostile {time.strftime('%H:%M:%S')}] {what}", file=sys.stderr, flush=True)


async def attack(base: str, plan: Plan) -> Report:
    """Every attack above, by one hostile visitor (and a victim page it did not open)."""
    report = Report()
    me, victim = Visitor(base, report), Visitor(base, Report())
    try:
        pages = []
        for n in range(3):  # the fuzz's, the flood's and the restarts' own pages
            status, page = await me.page(plan.app, f"delay=0&seed={n + 1}")
            if status != 200:
                report.errors.append(f"page {n} answered {status}")
                return report
            pages.append(page)
        kernels = [page["kernel"] for page in pages]
        say(f"pages open: {kernels}")
        table, traits = await table_of(me, kernels[0], pages[0]["widgets"])
        flood_table, _traits = await table_of(me, kernels[1], pages[1]["widgets"])
        say("the freezing frame")
        await attack_freeze(me, kernels[0])
        status, theirs = await victim.page(plan.app)
        if status == 200:
            say("another page's kernel")
            await attack_other_page(me, theirs["kernel"])
            mine = await victim.http.get(f"{victim.base}/api/kernels/{theirs['kernel']}")
            report.statuses["the victim's own model"] = mine.status_code
        say("fuzz, flood and restarts")
        await asyncio.gather(
            attack_fuzz(me, kernels[0], table, traits, plan.seed, plan.frames, plan.rate, plan.malformed),
            attack_flood(me, kernels[1], flood_table, plan.flood_rate, plan.flood_seconds),
            attack_restarts(me, kernels[2], plan.restarts))
        say("tables until refused")
        await attack_tables(me, plan.app, plan.tables)
        say("done")
    except Exception as exc:  # the attacker's own failure, reported (never a hub's answer)
        report.errors.append(f"{type(exc).__name__}: {exc}")
        traceback.print_exc()
    finally:
        await me.close()
        await victim.close()
        report.marker_written = MARKER.exists()
    return report


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="One hostile visitor of a hub on this machine; prints "
                                                 "its report as JSON (hostile_visitors.py runs it)")
    parser.add_argument("--url", required=True)
    for name, value in asdict(Plan()).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    args = vars(parser.parse_args())
    url = args.pop("url")
    report = asyncio.run(attack(url, Plan(**args)))
    print(json.dumps(report.as_dict()))


if __name__ == "__main__":
    main()
