"""What one visitor may take from the hub (widgets._visitors) and what the hub's websocket lets out
(widgets._connection.Scrubber), issue 32: a kernel answers only the page its signed cookie names; a
client holds a few tables; a page sends so many messages, opens its socket so often and restarts its
kernel so often; a traceback or standard-error output reaches the visitor as one plain sentence while
the log keeps it, and widget updates pass untouched."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from tornado.httputil import HTTPHeaders
from tornado.web import create_signed_value, decode_signed_value

from widgets import _connection, _visitors
from widgets._connection import PLAIN, Scrubber
from widgets._visitors import CLIENT_COOKIE, PAGE_COOKIES, Guard, TokenBucket, VisitorLimits

SECRET = b"s" * 32


class Request:
    def __init__(self, cookies: dict[str, str], headers: dict[str, str] | None = None) -> None:
        self.cookies, self.headers, self.remote_ip = cookies, HTTPHeaders(headers or {}), "127.0.0.1"


class Handler:
    """Enough of a tornado handler: the cookies a browser sends for one request, the ones set on it."""

    def __init__(self, cookies: dict[str, str] | None = None, headers: dict[str, str] | None = None) -> None:
        self.request = Request(cookies or {}, headers)
        self.settings: dict[str, Any] = {"cookie_secret": SECRET}
        self.base_url = "/"
        self.set: list[tuple[str, str, dict[str, Any]]] = []

    def get_signed_cookie(self, name: str, value: str | None = None, max_age_days: float = 31,
                          min_version: int | None = None) -> bytes | None:
        raw = self.request.cookies.get(name)
        return None if raw is None else decode_signed_value(SECRET, name, raw, max_age_days=max_age_days)

    def set_signed_cookie(self, name: str, value: str | bytes, expires_days: float | None = 30,
                          version: int | None = None, **kwargs: Any) -> None:
        self.set.append((name, create_signed_value(SECRET, name, value).decode(), kwargs))


def browser_sends(handler: Handler, path: str) -> dict[str, str]:
    """The cookies a browser would send back with a request for ``path`` (each only to its own path)."""
    return {name: value for name, value, options in handler.set
            if path == options["path"] or path.startswith(options["path"].rstrip("/") + "/")}


def test_a_kernel_answers_only_the_page_it_was_given_to() -> None:
    guard = Guard()
    page = Handler()
    client = guard.client(page)
    guard.grant(page, "kernel-a", client)
    # The cookies are scoped to the kernel's own paths, signed, HttpOnly and SameSite=Strict.
    paths = {options["path"]: (name, options) for name, _value, options in page.set
             if name in PAGE_COOKIES.values()}
    assert set(paths) == {"/api/kernels/kernel-a", "/voila/api/shutdown/kernel-a"}
    assert all(o["httponly"] and o["samesite"] == "Strict" for _n, o in paths.values())
    for path in ("/api/kernels/kernel-a/channels", "/api/kernels/kernel-a", "/voila/api/shutdown/kernel-a"):
        assert guard.owns(Handler(browser_sends(page, path)), "kernel-a"), path
    # Another kernel's id, with this page's cookies: not its owner; nor a forged or unsigned cookie.
    assert not guard.owns(Handler(browser_sends(page, "/api/kernels/kernel-b/channels")), "kernel-b")
    stolen = browser_sends(page, "/api/kernels/kernel-a")
    assert not guard.owns(Handler(stolen), "kernel-b")
    assert not guard.owns(Handler({"rules_explorer_kernel": "kernel-b"}), "kernel-b")
    # A kernel cookie does not pass as a client cookie (the signature names the cookie).
    assert Handler({CLIENT_COOKIE: stolen["rules_explorer_kernel"]}).get_signed_cookie(CLIENT_COOKIE) is None


def test_a_client_is_its_browser_or_behind_a_proxy_its_address() -> None:
    guard = Guard()
    first = Handler()
    client = guard.client(first)
    assert client.startswith("browser ") and [n for n, _v, _o in first.set] == [CLIENT_COOKIE]
    again = Handler({CLIENT_COOKIE: first.set[0][1]})
    assert guard.client(again) == client and again.set == []
    assert guard.client(Handler()) != client  # another browser
    by_address = Guard(VisitorLimits(client_key="forwarded"))
    proxied = Handler(headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.7"})
    assert by_address.client(proxied) == "address 203.0.113.7"  # the address the proxy appended


def test_tables_held_count_only_running_kernels() -> None:
    guard = Guard()
    for kernel, client in (("a", "x"), ("b", "x"), ("c", "y")):
        guard.owners[kernel] = client
    guard.restarts["a"] = 2
    assert guard.held_by("x", ["a", "b", "c"]) == 2
    assert guard.held_by("x", ["b", "c"]) == 1  # "a" has ended: forgotten
    assert "a" not in guard.owners and "a" not in guard.restarts


def test_a_bucket_gives_its_burst_then_its_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(_visitors.time, "monotonic", lambda: now[0])
    bucket = TokenBucket(rate=20, burst=100)
    assert all(bucket.take() for _ in range(100)) and not bucket.take()
    now[0] += 0.5
    assert sum(bucket.take() for _ in range(50)) == 10


def test_restarts_and_socket_opens_stop_at_their_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(_visitors.time, "monotonic", lambda: now[0])
    guard = Guard(VisitorLimits(restarts_per_page=2, socket_opens_burst=10, socket_opens_per_minute=20))
    assert [guard.may_restart("k") for _ in range(3)] == [True, True, False]
    assert sum(guard.may_open("k") for _ in range(15)) == 10
    now[0] += 3.0  # one more a three seconds
    assert [guard.may_open("k"), guard.may_open("k")] == [True, False]
    assert guard.may_open("other kernel")


def v1_parts(msg_type: str, content: dict[str, Any]) -> list[bytes]:
    msg = {"header": {"msg_id": "m", "msg_type": msg_type, "session": "s", "username": "",
                      "date": "2026-12-07T00:00:00Z", "version": "5.3"},
           "parent_header": {}, "metadata": {}, "content": content}
    return [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]


def test_tracebacks_and_stderr_reach_the_visitor_as_a_plain_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(_connection.time, "monotonic", lambda: now[0])
    kept: list[tuple[str, str]] = []
    scrubber = Scrubber(lambda what, text: kept.append((what, text)))
    traceback = ["\x1b[31mTypeError\x1b[0m", 'File "/srv/.venv/lib/python3.11/site-packages/x.py", line 9']
    error = scrubber.scrubbed(v1_parts("error", {"ename": "TypeError", "evalue": "x",
                                                 "traceback": traceback}))
    assert json.loads(error[3]) == {"ename": "Error", "evalue": PLAIN, "traceback": [PLAIN]}
    assert kept[0][0] == "error" and "site-packages" in kept[0][1] and "\x1b" not in kept[0][1]
    stderr = v1_parts("stream", {"name": "stderr", "text": "No such comm: /srv/secret"})
    assert json.loads(scrubber.scrubbed(stderr)[3]) == {"name": "stderr", "text": PLAIN + "\n"}
    assert scrubber.scrubbed(stderr) is None  # once every few seconds; the rest is dropped
    now[0] += 20
    assert scrubber.scrubbed(stderr) is not None
    # stdout passes, unless it carries a traceback; widget updates pass without being read.
    stdout = v1_parts("stream", {"name": "stdout", "text": "hello"})
    assert scrubber.scrubbed(stdout) == stdout
    leaked = v1_parts("stream", {"name": "stdout", "text": "Traceback (most recent call last):\n ..."})
    now[0] += 20
    assert PLAIN in json.loads(scrubber.scrubbed(leaked)[3])["text"]
    update = v1_parts("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {"x": "stream"}}})
    assert scrubber.scrubbed(update) is update
    # The legacy protocol's messages, read, the same.
    legacy = {"header": {"msg_type": "error"}, "content": {"traceback": traceback}}
    assert scrubber.scrubbed(legacy)["content"]["evalue"] == PLAIN
    # The log takes a line a second at most; the rest are counted in the next.
    logged = [text for _what, text in kept if text]
    assert len(logged) < len(kept)


def test_the_scrubbed_v1_message_still_serialises() -> None:
    scrubber = Scrubber(lambda what, text: None)
    parts = scrubber.scrubbed(v1_parts("error", {"ename": "E", "evalue": "v", "traceback": ["t"]}))
    frame = serialize_msg_to_ws_v1(parts, "iopub")
    assert PLAIN.encode() in frame and b'"t"' not in frame
