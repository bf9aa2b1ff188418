"""The hub's kernel websocket: every frame a browser sends is checked before the server reads it, every
visitor's socket keeps to its limits, no traceback reaches a visitor, and every frame goes out at once.

One class, because jupyter_server lets a server name one: ``--Voila.kernel_websocket_connection_class=
widgets._connection.HubConnection`` (Binder's Jupyter server: ``--ServerApp.kernel_websocket_connection_
class=...``). What it adds to jupyter_server's own connection, in the order a frame meets it:

1. **The page's own kernel only** (the hub): the websocket opens only with the signed cookie the page
   was given with its kernel, not too often, and a kernel takes a few websockets at most
   (``widgets._hosting.HubKernelWebsocket`` asks ``widgets._visitors`` before the handshake).
2. **Messages per second** (the hub): a token bucket per socket; past it the socket closes with the
   reason ("too many messages"), the kernel and everyone else carry on.
3. **The frame checked before it is read** (``widgets._frames``): jupyter_server trusts a v1 frame's
   own offset count, and one frame of 64 bytes 0xff froze the whole hub. A malformed frame closes that
   socket with the reason.
4. **Kernel restarts** (the hub): a ``shutdown_request`` restarts the visitor's kernel (the server's
   restarter brings it back), a kernel start's CPU each time; a page may ask a few times, then its
   socket is closed instead.
5. **No traceback out** (the hub, but with ``--debug``): an ``error`` message or standard-error output
   from the kernel (what a visitor's malformed comm message makes ipywidgets or ipykernel write, with
   the server's paths and source lines) reaches the browser as one plain sentence (``Scrubber``); the
   log keeps the original. (Binder's JupyterLab, where the one visitor runs their own code, shows its
   tracebacks as usual.)
6. **TCP_NODELAY** (always): measured (STACK.md, 2026-12-01), the server writes the kernel's "busy"
   status first, Nagle's algorithm then holds the widget's update until the browser acknowledges the
   first frame, and browsers delay that by about 40 ms: most of a click's 50 ms.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import socket
import time
from collections.abc import Callable
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from ._frames import Frame, FrameError, Limits, check_legacy, check_v1
from ._visitors import TokenBucket, guard_of

#: What Voila's command line names to use this connection class.
CLASS_NAME = f"{__name__}.HubConnection"
#: The server log line each connection writes, naming the socket's TCP_NODELAY as read back from it
#: (the browser tests look for it: the setting is in force on the served sockets, not just configured).
LOG_LINE = "Kernel websocket %s: TCP_NODELAY=%d"
#: The log line for a visitor's socket closed by a limit or a malformed frame (tests count them).
CLOSED_LINE = "Kernel %s: closed a visitor's websocket (%s): %s"
#: The log line for kernel output kept from a visitor (tests and the benchmark count them).
KEPT_LINE = "Kernel %s: kept %s output from the visitor (the log has it, the page a plain sentence): %s"
V1 = "v1.kernel.websocket.jupyter.org"
#: The hub's frame limits: its pages send widgets' comm messages, whose headers are small and which
#: carry a few binary buffers at most (JupyterLab on Binder keeps the generous defaults).
HUB_FRAMES = Limits(buffers=16, header_bytes=16 * 1024, depth=32)
#: What a visitor reads instead of a traceback or standard-error output.
PLAIN = ("Something went wrong on the server while it handled this page's last message. It has been "
         "noted there; the table itself is unchanged.")
#: Seconds between two plain sentences for standard-error output on one socket (the rest is dropped:
#: ipykernel writes a traceback in many small pieces).
STDERR_EVERY = 10.0
#: Characters of kept output the log takes per message.
LOG_CHARS = 4000
#: Seconds between two log lines of kept output on one socket (the others are counted in the next).
LOG_EVERY = 1.0
#: Terminal colours in IPython's tracebacks, left out of the log.
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: What marks a traceback in output that is not on standard error.
TRACEBACK_MARKS = ("Traceback (most recent call last)", 'File "/', "site-packages")


class HubConnection(ZMQChannelsWebsocketConnection):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.guard = guard_of(self.websocket_handler.settings)
        self.frame_limits = HUB_FRAMES if self.guard is not None else Limits()
        self.bucket: TokenBucket | None = self.guard.bucket() if self.guard is not None else None
        self.refused = False  # this socket was closed by a limit: whatever it still sends is dropped
        self.counted = False  # this socket counts towards its kernel's websockets
        # The hub's visitors get no traceback (but with --debug); a JupyterLab on Binder, where the one
        # visitor runs their own code, shows its tracebacks as usual.
        self.scrubber = Scrubber(self.kept) if self.guard is not None and not self.guard.tracebacks else None

    # ---- opening -------------------------------------------------------------------------------------

    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]  # as its parent says
        # The handler's stream exists once the websocket is open, which is when connect() runs.
        handler = self.websocket_handler
        handler.set_nodelay(True)
        stream = getattr(handler.ws_connection, "stream", None)
        sock = getattr(stream, "socket", None)
        if isinstance(sock, socket.socket):
            self.log.info(LOG_LINE, self.kernel_id, sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        if self.guard is not None and not self.counted:
            self.guard.sockets[self.kernel_id] += 1
            self.counted = True
        result: asyncio.Future[None] | None = super().connect()
        return result

    def disconnect(self) -> None:  # type: ignore[override]  # the parent's is not a coroutine either
        if self.guard is not None and self.counted:
            self.counted = False
            self.guard.sockets[self.kernel_id] -= 1
            if self.guard.sockets[self.kernel_id] <= 0:
                del self.guard.sockets[self.kernel_id]
        super().disconnect()  # type: ignore[no-untyped-call]

    # ---- from the browser ----------------------------------------------------------------------------

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        """jupyter_server's own, with every frame checked before it is read, and the hub's limits."""
        if not self.channels or self.refused:
            return  # closed, or being closed: nothing more from this socket reaches the kernel
        if self.bucket is not None and not self.bucket.take():
            rate = self.bucket.rate
            self.close_for("messages per second", f"too many messages: {rate:g} a second at most")
            return
        try:
            frame = (check_v1 if self.subprotocol == V1 else check_legacy)(incoming_msg, self.frame_limits)
        except FrameError as error:
            self.close_for("malformed frame", f"malformed message: {error}")
            return
        if frame.channel not in self.channels:
            self.log.warning("Kernel %s: no such channel %r", self.kernel_id, frame.channel)
            return
        kind = frame.header["msg_type"]
        allowed = self.multi_kernel_manager.allowed_message_types
        if allowed and kind not in allowed:
            self.log.warning('Kernel %s: ignored a message of type "%s", which is not allowed',
                             self.kernel_id, kind[:64])
            return
        guard = self.guard
        if kind == "shutdown_request" and guard is not None and not guard.may_restart(self.kernel_id):
            limit = guard.limits.restarts_per_page
            self.close_for("kernel restarts", f"this page restarted its kernel {limit} times, the limit")
            return
        self.forward(frame)

    def forward(self, frame: Frame) -> None:
        stream = self.channels[frame.channel]
        if frame.parts is not None:
            self.session.send_raw(stream, frame.parts)
        else:
            assert frame.message is not None
            self.session.send(stream, frame.message)

    def close_for(self, kind: str, reason: str) -> None:
        """Closes this socket (policy violation, 1008) saying why; the kernel carries on."""
        self.refused = True
        if self.guard is not None:
            self.guard.tally[kind] += 1
        self.log.warning(CLOSED_LINE, self.kernel_id, kind, reason)
        # A close reason is at most 123 bytes.
        self.websocket_handler.close(1008, reason.encode("ascii", "replace")[:123].decode("ascii"))

    # ---- to the browser ------------------------------------------------------------------------------

    def kept(self, what: str, text: str) -> None:
        if self.guard is not None:
            self.guard.tally["outputs kept"] += 1
        if text:
            self.log.warning(KEPT_LINE, self.kernel_id, what, text)

    def _on_zmq_reply(self, stream: Any, msg_list: Any) -> None:
        if self.refused:
            return  # the kernel's answers to a socket this connection closed
        if self.scrubber is not None and getattr(stream, "channel", None) == "iopub":
            msg_list = self.scrubber.scrubbed(msg_list)
            if msg_list is None:
                return
        super()._on_zmq_reply(stream, msg_list)  # type: ignore[no-untyped-call]


class Scrubber:
    """What one socket's visitor gets of the kernel's iopub output: any traceback or standard-error
    output becomes PLAIN (once every STDERR_EVERY seconds; ipykernel writes a traceback in many small
    pieces), and the original goes to ``kept(what, text)`` for the log, a line a second at most (a
    visitor's flood of bad messages must not fill the host's disk: the others are counted in the
    next line; ``text`` is empty for those)."""

    def __init__(self, kept: Callable[[str, str], None]) -> None:
        self.kept = kept
        self.stderr_said = -math.inf
        self.logged_at = -math.inf
        self.unlogged = 0

    def scrubbed(self, msg: Any) -> Any:
        """``msg`` (v1: its raw parts; legacy: the message read) with any traceback or standard-error
        output replaced by PLAIN, or None to send nothing."""
        if isinstance(msg, dict):
            kind = msg.get("header", {}).get("msg_type")
            if kind not in ("error", "stream"):
                return msg
            content = self.plain_content(kind, msg.get("content", {}))
            return None if content is None else {**msg, "content": content}
        head = msg[0] if msg else b""
        if b'"error"' not in head and b'"stream"' not in head:  # widget updates pass without a read
            return msg
        kind = json.loads(head).get("msg_type")
        if kind not in ("error", "stream"):
            return msg
        content = self.plain_content(kind, json.loads(msg[3]))
        return None if content is None else [*msg[:3], json.dumps(content).encode(), *msg[4:]]

    def plain_content(self, kind: str, content: dict[str, Any]) -> dict[str, Any] | None:
        """The content a visitor gets for an ``error`` or ``stream`` message's ``content``."""
        if kind == "error":
            said = "\n".join(str(line) for line in content.get("traceback", [])) or str(content.get("evalue"))
            self.keep("error", said)
            return {"ename": "Error", "evalue": PLAIN, "traceback": [PLAIN]}
        text = str(content.get("text", ""))
        if content.get("name") != "stderr" and not any(mark in text for mark in TRACEBACK_MARKS):
            return content
        self.keep(str(content.get("name", "stream")), text)
        now = time.monotonic()
        if now - self.stderr_said < STDERR_EVERY:
            return None
        self.stderr_said = now
        return {"name": "stderr", "text": PLAIN + "\n"}

    def keep(self, what: str, text: str) -> None:
        now = time.monotonic()
        if now - self.logged_at < LOG_EVERY:
            self.unlogged += 1
            self.kept(what, "")
            return
        more = f" ({self.unlogged} more since the last line)" if self.unlogged else ""
        self.logged_at, self.unlogged = now, 0
        self.kept(what + more, _ANSI.sub("", text)[:LOG_CHARS])
