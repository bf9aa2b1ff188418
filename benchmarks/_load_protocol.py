"""The page protocol of the load generator (benchmarks/load_visitors.py): a Voila page's kernel id and
widgets, the kernel websocket in Jupyter's messaging protocol (v1, or the legacy JSON one), the widget
manager's request for every model's state, and the game table's model kept current from the kernel's
updates. What a browser tab's JupyterLab services and ipywidgets manager do, without drawing.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from websockets.asyncio.client import ClientConnection

#: Seconds a click, a hint, a Continue or the kernel's first answers may take before the game counts
#: as lost.
ANSWER_TIMEOUT = 30.0
V1 = "v1.kernel.websocket.jupyter.org"
MIME_WIDGET = "application/vnd.jupyter.widget-view+json"
_CONFIG = re.compile(r'<script[^>]*\bid="jupyter-config-data"[^>]*>(.*?)</script>', re.S)
_OUTPUT = re.compile(r'<script[^>]*type="application/vnd\.voila\.cell-output\+json"[^>]*>(.*?)</script>',
                     re.S)
_MODEL_REF = "IPY_MODEL_"


class Lost(Exception):
    """The visitor's game is lost: the reason is the message."""




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
