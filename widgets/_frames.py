"""What a kernel websocket frame from a browser must look like before the server reads it.

jupyter_server 2.21.1 trusts the frame's own numbers: ``deserialize_msg_from_ws_v1`` reads the first 8
bytes as a count of offsets and builds that list on the server's one event loop, so 64 bytes of 0xff
(a count of 2**64 - 1) froze every page of the hub and grew it by 15 MB a second. Here every number a
frame states is checked against the frame itself first, in time and memory bounded by the frame's
length, and a frame that fails says why (``FrameError``): the connection closes that visitor's socket
with the reason, and nobody else notices.

The two wire formats (jupyter_server's ``services/kernels/connection/base.py``):

- **v1** (``v1.kernel.websocket.jupyter.org``, what JupyterLab and Voila pages speak): an 8-byte
  little-endian count N of offsets, N 8-byte offsets, then the channel name and the message's parts
  (header, parent header, metadata, content, binary buffers...). The first offset is where the
  channel starts (just past the table), each part runs to the next offset, the last offset is the
  frame's end: N = 2 + parts.
- **legacy**: a text frame holding one JSON message with its ``channel``, or a binary one (a 4-byte
  big-endian count, 4-byte offsets, the JSON, the buffers).
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

#: The channels a client may write to (iopub is the kernel's to write, never a client's).
CHANNELS = frozenset({"shell", "control", "stdin"})
#: The parts every message has before its binary buffers.
MESSAGE_PARTS = 4


class FrameError(ValueError):
    """A frame that breaks the wire format; ``str()`` says what is wrong, in words for the log and for
    the websocket's close reason (at most 123 bytes, the protocol's limit)."""


@dataclass(frozen=True)
class Limits:
    """How big a frame's parts may be. The defaults suit any Jupyter client (a JupyterLab served with
    this connection class, on Binder); the hub passes tighter ones (widgets' comm messages only)."""

    buffers: int = 256  # binary buffers after the content
    header_bytes: int = 64 * 1024  # the header, the parent header and the metadata, each
    depth: int = 64  # nesting of a legacy frame's JSON


@dataclass(frozen=True)
class Frame:
    """A checked frame: its channel, its header (read), and what to forward as it came."""

    channel: str
    header: dict[str, Any]
    parts: list[bytes] | None  # v1: header, parent header, metadata, content, buffers (raw)
    message: dict[str, Any] | None  # legacy: the whole message, read, without its channel


def check_v1(frame: bytes | str, limits: Limits = Limits()) -> Frame:
    """``frame`` as a v1 message, or FrameError saying what is wrong with it. Reads only the offset
    table (after checking that it fits in the frame) and the header."""
    if not isinstance(frame, bytes):
        raise FrameError("a v1 frame is binary, not text")
    size = len(frame)
    if size < 8:
        raise FrameError(f"a v1 frame of {size} bytes has no room for its offset count")
    count = int.from_bytes(frame[:8], "little")
    least, most = 2 + MESSAGE_PARTS, 2 + MESSAGE_PARTS + limits.buffers
    if not least <= count <= most:
        raise FrameError(f"a v1 frame states {min(count, 10**6)}{'+' if count > 10**6 else ''} offsets; "
                         f"{least} to {most} are allowed")
    table_end = 8 * (count + 1)
    if table_end > size:
        raise FrameError(f"the frame's {count} offsets need {table_end} bytes; it has {size}")
    offsets = struct.unpack_from(f"<{count}Q", frame, 8)
    if offsets[0] != table_end:
        raise FrameError("the channel does not start where the offset table ends")
    if any(later < earlier for earlier, later in pairwise(offsets)):
        raise FrameError("the frame's offsets go backwards")
    if offsets[-1] != size:
        raise FrameError(f"the last offset ({offsets[-1]}) is not the frame's end ({size})")
    channel = _text(frame[offsets[0]:offsets[1]], "channel name")
    if channel not in CHANNELS:
        raise FrameError(f"no channel named {channel[:20]!r}")
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(1, count - 1)]
    for name, part in zip(("header", "parent header", "metadata"), parts, strict=False):
        if len(part) > limits.header_bytes:
            raise FrameError(f"the {name} is {len(part)} bytes; at most {limits.header_bytes}")
    header = _header(_json(parts[0], "header", limits.depth))
    return Frame(channel, header, parts, None)


def check_legacy(frame: bytes | str, limits: Limits = Limits()) -> Frame:
    """``frame`` as a legacy (JSON) message, or FrameError saying what is wrong with it."""
    if isinstance(frame, str):
        message = _json(frame.encode("utf-8", "surrogatepass"), "message", limits.depth)
        buffers: list[bytes] = []
    else:
        message, buffers = _legacy_binary(frame, limits)
    if not isinstance(message, dict):
        raise FrameError("a message is a JSON object")
    channel = message.pop("channel", None)
    if channel is None:
        channel = "shell"  # as jupyter_server assumes
    if not isinstance(channel, str) or channel not in CHANNELS:
        raise FrameError(f"no channel named {str(channel)[:20]!r}")
    for key in ("header", "parent_header", "metadata", "content"):
        if not isinstance(message.get(key, {}), dict):
            raise FrameError(f"the message's {key.replace('_', ' ')} is not an object")
    header = _header(message.get("header"))
    message["buffers"] = buffers
    return Frame(channel, header, None, message)


def _legacy_binary(frame: bytes, limits: Limits) -> tuple[Any, list[bytes]]:
    size = len(frame)
    if size < 4:
        raise FrameError(f"a binary frame of {size} bytes has no room for its part count")
    count = int.from_bytes(frame[:4], "big")
    if not 1 <= count <= 1 + limits.buffers:
        raise FrameError(f"a binary frame states {count} parts; 1 to {1 + limits.buffers} are allowed")
    table_end = 4 * (count + 1)
    if table_end > size:
        raise FrameError(f"the frame's {count} offsets need {table_end} bytes; it has {size}")
    offsets = [*struct.unpack_from(f">{count}I", frame, 4), size]
    if offsets[0] != table_end:
        raise FrameError("the message does not start where the offset table ends")
    if any(later < earlier for earlier, later in pairwise(offsets)):
        raise FrameError("the frame's offsets go backwards")
    message = _json(frame[offsets[0]:offsets[1]], "message", limits.depth)
    return message, [frame[offsets[i]:offsets[i + 1]] for i in range(1, count)]


def _text(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FrameError(f"the {what} is not UTF-8") from None


def _json(raw: bytes, what: str, depth: int) -> Any:
    """``raw`` read as JSON. The C decoder itself stops at Python's recursion limit, so even a frame
    of nothing but brackets costs one linear pass; the depth is then checked on what was read."""
    try:
        value = json.loads(_text(raw, what))
    except (ValueError, RecursionError):
        raise FrameError(f"the {what} is not JSON (or nests too deeply)") from None
    if _deeper_than(value, depth):
        raise FrameError(f"the {what} nests deeper than {depth} levels")
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests containers more than ``limit`` deep (iteratively: no recursion)."""
    level: list[Any] = [value]
    for _ in range(limit + 1):
        inner: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                inner.extend(item.values())
            elif isinstance(item, list):
                inner.extend(item)
        level = [item for item in inner if isinstance(item, dict | list)]
        if not level:
            return False
    return True


def _header(header: Any) -> dict[str, Any]:
    if not isinstance(header, Mapping):
        raise FrameError("the header is not a JSON object")
    kind = header.get("msg_type")
    if not isinstance(kind, str) or not kind or len(kind) > 64:
        raise FrameError("the header names no message type")
    if not isinstance(header.get("msg_id", ""), str) or not isinstance(header.get("session", ""), str):
        raise FrameError("the header's msg_id and session are not text")
    return dict(header)
