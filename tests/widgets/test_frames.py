"""Kernel websocket frames are checked before the server reads them (widgets._frames, issue 32): every
frame a Jupyter client sends passes as jupyter_server itself would read it; every malformed one, from
the 64 bytes that froze the hub to thousands drawn by a seeded fuzzer and random mutations of good
frames, is refused with a FrameError saying why, never another exception, and with work bounded by the
frame's own length."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)

from widgets._connection import HUB_FRAMES
from widgets._frames import FrameError, Limits, check_legacy, check_v1

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def hostile() -> ModuleType:
    """benchmarks/_hostile.py, the hostile visitor's frame makers (a script folder, loaded by path)."""
    sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location("_hostile", BENCHMARKS / "_hostile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def message(msg_type: str = "comm_msg", content: Any = None, buffers: int = 0) -> dict[str, Any]:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": "s",
                       "date": "2026-12-07T00:00:00.000Z", "version": "5.3"},
            "parent_header": {}, "metadata": {"version": "2.1.0"},
            "content": content if content is not None else {"comm_id": "c", "data": {"method": "update"}},
            "buffers": [bytes([n]) * (n + 3) for n in range(buffers)]}


def v1_frame(msg: dict[str, Any], channel: str = "shell") -> bytes:
    parts = [json.dumps(msg[key]).encode() for key in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1([*parts, *msg["buffers"]], channel)


@pytest.mark.parametrize("buffers", [0, 1, 5])
@pytest.mark.parametrize("channel", ["shell", "control", "stdin"])
def test_a_client_s_v1_frames_pass_as_the_server_reads_them(channel: str, buffers: int) -> None:
    frame = v1_frame(message(buffers=buffers), channel)
    checked = check_v1(frame, HUB_FRAMES)
    server_channel, server_parts = deserialize_msg_from_ws_v1(frame)
    assert checked.channel == server_channel == channel
    assert checked.parts == server_parts
    assert checked.header["msg_type"] == "comm_msg"


def test_a_client_s_legacy_frames_pass_as_the_server_reads_them() -> None:
    msg = message()
    text = json.dumps({**{k: v for k, v in msg.items() if k != "buffers"}, "channel": "control"})
    checked = check_legacy(text)
    assert checked.channel == "control" and checked.message is not None
    assert checked.message["content"] == msg["content"] and checked.message["buffers"] == []
    with_buffers = message(buffers=2)
    binary = serialize_binary_message({**with_buffers, "channel": "shell"})
    checked = check_legacy(binary)
    assert checked.message is not None and checked.message["buffers"] == with_buffers["buffers"]
    assert checked.message["buffers"] == deserialize_binary_message(binary)["buffers"]


def test_the_frame_that_froze_the_hub_is_refused_by_its_own_numbers() -> None:
    with pytest.raises(FrameError, match="states 1000000\\+ offsets; 6 to 22 are allowed"):
        check_v1(b"\xff" * 64, HUB_FRAMES)
    # The generous limits (a JupyterLab on Binder) refuse it just the same.
    with pytest.raises(FrameError, match="offsets"):
        check_v1(b"\xff" * 64)


@pytest.mark.parametrize(("frame", "says"), [
    (b"", "no room for its offset count"),
    ((6).to_bytes(8, "little"), "need 56 bytes"),
    ("{}", "binary, not text"),
])
def test_short_and_wrong_kinds_say_why(frame: bytes | str, says: str) -> None:
    with pytest.raises(FrameError, match=says):
        check_v1(frame)


def test_what_the_server_would_trip_on_is_a_frame_error() -> None:
    good = v1_frame(message())
    count = int.from_bytes(good[:8], "little")
    offsets = [int.from_bytes(good[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]

    def with_offsets(new: list[int]) -> bytes:
        return good[:8] + b"".join(o.to_bytes(8, "little") for o in new) + good[8 * (count + 1):]

    backwards = list(offsets)
    backwards[2], backwards[3] = backwards[3], backwards[2]
    cases = {
        "go backwards": with_offsets(backwards),
        "is not the frame's end": with_offsets([*offsets[:-1], offsets[-1] + 1]),
        "does not start where": with_offsets([offsets[0] + 1, *offsets[1:]]),
        "no channel named 'iopub'": v1_frame(message(), "iopub"),
        "header is not a JSON object": v1_frame({**message(), "header": [1, 2]}),
        "names no message type": v1_frame({**message(), "header": {"msg_id": "x"}}),
    }
    for says, frame in cases.items():
        with pytest.raises(FrameError, match=says):
            check_v1(frame, HUB_FRAMES)
    deep = {**message(), "header": {"msg_type": "x", "pad": json.loads("[" * 40 + "]" * 40)}}
    with pytest.raises(FrameError, match="nests deeper than 32"):
        check_v1(v1_frame(deep), HUB_FRAMES)
    with pytest.raises(FrameError, match="not JSON"):
        check_legacy("[" * 100_000)
    with pytest.raises(FrameError, match="content is not an object"):
        check_legacy(json.dumps({**message(), "content": "x", "buffers": None, "channel": "shell"}))


def test_thousands_of_fuzzed_frames_are_refused_with_a_reason() -> None:
    """The hostile visitor's own generator, seeded: every kind of malformed frame, thousands of times."""
    frames = hostile().malformed_frames(random.Random(32))
    kinds: set[str] = set()
    for _ in range(4000):
        protocol, kind, frame = next(frames)
        kinds.add(kind)
        with pytest.raises(FrameError) as refused:
            (check_v1 if protocol == "v1" else check_legacy)(frame, HUB_FRAMES)
        assert str(refused.value), kind
    assert len(kinds) >= 25, sorted(kinds)


def test_random_mutations_of_good_frames_pass_or_are_refused_never_crash() -> None:
    """Flipped bytes, truncations and splices of good frames: each is either refused with a FrameError or
    read into parts that lie within the frame and are what the server itself reads."""
    rng = random.Random(7)
    passed = refused = 0
    for _ in range(3000):
        frame = bytearray(v1_frame(message(buffers=rng.randrange(3))))
        for _ in range(rng.randrange(1, 4)):
            if not frame:
                break
            at = rng.randrange(len(frame))
            match rng.randrange(3):
                case 0:
                    frame[at] = rng.randrange(256)
                case 1:
                    del frame[at:]
                case _:
                    frame[at:at] = rng.randbytes(rng.randrange(1, 16))
        try:
            checked = check_v1(bytes(frame), Limits())
        except FrameError:
            refused += 1
            continue
        passed += 1
        channel, parts = deserialize_msg_from_ws_v1(bytes(frame))
        assert (checked.channel, checked.parts) == (channel, parts)
    assert passed > 0 and refused > 1000, (passed, refused)
