"""Which visitor holds which kernel, and how much one visitor may take (the hub's per-visitor limits).

A public hub is used by many visitors at once, one of whom may be hostile. What one visitor may do is
bounded here, each bound with a hub setting (``widgets.hub``; docs/hosting.md, "Threat model"):

- **A kernel answers only its own page.** The page that was given a kernel gets a signed cookie naming
  it, scoped to that kernel's own paths (its websocket and model, ``/api/kernels/<id>``, and its unload
  shutdown, ``/voila/api/shutdown/<id>``): the browser sends it only there, nobody else holds it, and a
  kernel id alone (a bearer token until now) opens nothing. Cookies, not a token in the page's script,
  because Voila's and JupyterLab's front ends then need no change, and one cookie per kernel path, not
  one list per browser, because two pages opened at once would each overwrite the other's list.
- **Kernels per client.** A client is a browser (a signed cookie the first page sets) or, behind a
  proxy that says so, the visitor's address (``--client-key forwarded``: the last address of
  ``X-Forwarded-For``, the one the proxy appended). One client may hold ``kernels_per_client`` visitors'
  kernels at once; past that it is told so at once (HTTP 429 and a page in words), never queued.
- **Messages per second** per websocket (a token bucket: ``message_burst`` at once, then
  ``messages_per_second``), **websockets per kernel**, and **kernel restarts per page**: past any of
  them the socket closes with a reason and the kernel carries on (the restarts: is not restarted again).
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from jupyter_server.utils import url_path_join

#: The tornado setting that holds the hub's Guard (absent: a plain Jupyter server, no per-visitor limits).
SETTING = "rules_explorer_guard"
#: The signed cookie that names a browser (its value: a random id).
CLIENT_COOKIE = "rules_explorer_client"
#: The signed cookies that name the kernel a page was given, by the path each is scoped to: the
#: kernel's model and websocket, and its unload shutdown. (Two names: tornado keeps one cookie per name
#: in a response, so a second path under the same name would replace the first.)
PAGE_COOKIES = {"api/kernels": "rules_explorer_kernel", "voila/api/shutdown": "rules_explorer_leave"}
#: Days a client cookie lasts (a page cookie lasts the browser session: its kernel does not outlive it).
CLIENT_DAYS = 7
ClientKey = Literal["cookie", "forwarded"]
CLIENT_KEYS: tuple[ClientKey, ...] = ("cookie", "forwarded")


class Handler(Protocol):
    """What this module needs of a tornado request handler."""

    @property
    def request(self) -> Any: ...
    @property
    def settings(self) -> dict[str, Any]: ...
    @property
    def base_url(self) -> str: ...
    def get_signed_cookie(self, name: str, value: str | None = None, max_age_days: float = 31,
                          min_version: int | None = None) -> bytes | None: ...
    def set_signed_cookie(self, name: str, value: str | bytes, expires_days: float | None = 30,
                          version: int | None = None, **kwargs: Any) -> None: ...


@dataclass(frozen=True)
class VisitorLimits:
    """The hub's per-visitor limits (docs/hosting.md says why each default)."""

    messages_per_second: float = 20.0
    message_burst: int = 100
    sockets_per_kernel: int = 4
    socket_opens_per_minute: float = 20.0  # after a burst of socket_opens_burst
    socket_opens_burst: int = 10
    restarts_per_page: int = 2
    kernels_per_client: int = 6
    client_key: ClientKey = "cookie"
    secure_cookies: bool = False

    def describe(self) -> str:
        """The limits in the hub's settings line."""
        client = "browser" if self.client_key == "cookie" else "address"
        return (f"{self.kernels_per_client} tables a {client}, "
                f"{self.messages_per_second:g} messages a second a page (bursts of {self.message_burst}), "
                f"{self.restarts_per_page} kernel restarts a page")


class TokenBucket:
    """``burst`` at once, refilled at ``rate`` a second."""

    __slots__ = ("_at", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self._tokens, self._at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


@dataclass
class Guard:
    """The hub's record of its visitors: who holds which kernel, and what each page has used up.
    One per hub process, in the tornado settings under SETTING; it lives on the event loop (no locks)."""

    limits: VisitorLimits = field(default_factory=VisitorLimits)
    tracebacks: bool = False  # kernels' tracebacks go to the visitor (--debug), not only to the log
    owners: dict[str, str] = field(default_factory=dict)  # kernel id -> client
    restarts: Counter[str] = field(default_factory=Counter)  # kernel id -> restarts asked
    sockets: Counter[str] = field(default_factory=Counter)  # kernel id -> websockets open
    opens: dict[str, TokenBucket] = field(default_factory=dict)  # kernel id -> websocket opens allowed
    #: What was refused or kept from a visitor, by kind (for the tests and the benchmark).
    tally: Counter[str] = field(default_factory=Counter)

    # ---- clients ------------------------------------------------------------------------------------

    def client(self, handler: Handler) -> str:
        """The client making ``handler``'s request; a browser without a client cookie is given one."""
        if self.limits.client_key == "forwarded":
            forwarded = handler.request.headers.get("X-Forwarded-For", "")
            address = forwarded.rsplit(",", 1)[-1].strip() if forwarded else ""
            return f"address {address or handler.request.remote_ip}"
        signed = handler.get_signed_cookie(CLIENT_COOKIE, max_age_days=CLIENT_DAYS)
        if signed:
            return f"browser {signed.decode('ascii', 'replace')}"
        made = secrets.token_urlsafe(16)
        handler.set_signed_cookie(CLIENT_COOKIE, made, expires_days=CLIENT_DAYS, path="/", httponly=True,
                                  samesite="Lax", secure=self.limits.secure_cookies)
        return f"browser {made}"

    def held_by(self, client: str, running: Iterable[str]) -> int:
        """How many of the ``running`` kernels ``client`` holds (forgetting kernels no longer running)."""
        alive = set(running)
        for kernel in [k for k in self.owners if k not in alive]:
            self.forget(kernel)
        return sum(1 for owner in self.owners.values() if owner == client)

    # ---- pages and their kernels --------------------------------------------------------------------

    def grant(self, handler: Handler, kernel: str, client: str) -> None:
        """Give ``handler``'s page the kernel ``kernel``: the signed cookies its own requests for that
        kernel will carry (set before the page's first byte is sent)."""
        self.owners[kernel] = client
        for prefix, name in PAGE_COOKIES.items():
            handler.set_signed_cookie(name, kernel, expires_days=None,
                                      path=url_path_join(handler.base_url, prefix, kernel), httponly=True,
                                      samesite="Strict", secure=self.limits.secure_cookies)

    def owns(self, handler: Handler, kernel: str) -> bool:
        """Whether ``handler``'s request comes from the page that was given ``kernel``."""
        for name in PAGE_COOKIES.values():
            signed = handler.get_signed_cookie(name, max_age_days=CLIENT_DAYS)
            if signed is not None and signed.decode("ascii", "replace") == kernel:
                return True
        return False

    def forget(self, kernel: str) -> None:
        self.owners.pop(kernel, None)
        self.restarts.pop(kernel, None)
        self.opens.pop(kernel, None)

    # ---- what one page may use ----------------------------------------------------------------------

    def may_restart(self, kernel: str) -> bool:
        """Counts a restart ``kernel``'s page asks for; whether it is within the limit."""
        self.restarts[kernel] += 1
        return self.restarts[kernel] <= self.limits.restarts_per_page

    def may_open(self, kernel: str) -> bool:
        """Counts a websocket ``kernel``'s page opens; whether it is within the limit (a page opens one,
        and a few more after lost connections; a visitor reconnecting in a loop costs the hub a kernel
        handshake each time)."""
        bucket = self.opens.get(kernel)
        if bucket is None:
            per_second = self.limits.socket_opens_per_minute / 60
            bucket = self.opens[kernel] = TokenBucket(per_second, self.limits.socket_opens_burst)
        return bucket.take()

    def bucket(self) -> TokenBucket:
        """A new websocket's message allowance."""
        return TokenBucket(self.limits.messages_per_second, self.limits.message_burst)


def guard_of(settings: dict[str, Any]) -> Guard | None:
    """The hub's Guard in a tornado application's ``settings``, if this server is the hub."""
    guard = settings.get(SETTING)
    return guard if isinstance(guard, Guard) else None
