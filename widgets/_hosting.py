"""What a public host needs on top of Voila (``widgets.hub``): a Content-Security-Policy and no server
version on every response, the XSRF cookie the page-unload kernel shutdown sends back, a cap on kernels
with a clear "too many visitors" page, a cap per visitor ("too many tables"), a kernel that answers only
the page it was given to (``widgets._visitors``), and pages that never queue behind a preheated kernel
still starting.

docs/hosting.md says which settings to choose on a public host and why.
"""

from __future__ import annotations

import math
import re
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.web import OutputTransform
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from ._pool import pooled_kernels
from ._visitors import guard_of

#: Every source the pages load from, by kind. Nothing outside the page's own host ('self'), with three
#: exceptions each of which stays on the machine: ``blob:`` scripts (anywidget imports each widget's ES
#: module from a blob URL made in the page), inline styles (JupyterLab, Lumino and plotly.js add <style>
#: elements at run time; they cannot carry a nonce) and ``data:`` images and fonts (JupyterLab's icons,
#: the template's empty favicon). Inline scripts run only with the response's nonce: the ones the
#: server itself wrote into the page (SecurityHeaders), never one a widget or an output adds later.
#: 'self' covers the kernel websocket (ws://same host) in connect-src.
SOURCES: dict[str, tuple[str, ...]] = {
    "default-src": ("'none'",),
    "script-src": ("'self'", "blob:"),
    "style-src": ("'self'", "'unsafe-inline'"),
    "img-src": ("'self'", "data:", "blob:"),
    "font-src": ("'self'", "data:"),
    "connect-src": ("'self'",),
    "worker-src": ("'self'", "blob:"),
    "manifest-src": ("'self'",),
    "frame-src": ("'self'",),
    "frame-ancestors": ("'self'",),
    "base-uri": ("'self'",),
    "form-action": ("'self'",),
    "object-src": ("'none'",),
}


def content_security_policy(nonce: str) -> str:
    """The policy sent with every response; ``nonce`` lets the response's own inline scripts run."""
    parts = []
    for directive, sources in SOURCES.items():
        extra = (f"'nonce-{nonce}'",) if directive == "script-src" else ()
        parts.append(" ".join((directive, *sources, *extra)))
    return "; ".join(parts)


#: Headers every response carries besides the policy: no page's address leaves with a link followed
#: from it (a page's query string may name a seed or a seat), and no response is read as another type.
FIXED_HEADERS = {"Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}

_SCRIPT_TAG = re.compile(rb"<script(?=[\s>])", re.IGNORECASE)


class SecurityHeaders(OutputTransform):
    """Puts the Content-Security-Policy on every response, and this response's nonce on each <script>
    tag of an HTML page the server writes (Voila's template has several inline scripts, some of them
    written per cell, so a list of hashes could not cover them). Scripts added later by the page itself
    (innerHTML in an output) carry no nonce and do not run."""

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        self.nonce = secrets.token_urlsafe(18)
        self.html = False

    def transform_first_chunk(self, status_code: int, headers: HTTPHeaders, chunk: bytes,
                              finishing: bool) -> tuple[int, HTTPHeaders, bytes]:
        headers["Content-Security-Policy"] = content_security_policy(self.nonce)
        headers.update(FIXED_HEADERS)
        if "Server" in headers:  # tornado names itself and its version on every response
            del headers["Server"]
        self.html = headers.get("Content-Type", "").startswith("text/html")
        if self.html:
            # The body changes (the nonce), so its length does; and a cached copy would carry an old
            # nonce the new header no longer allows: HTML pages are never answered "not modified".
            headers.pop("Etag", None)
            headers["Cache-Control"] = "no-cache, no-store, must-revalidate"
            chunk = self.transform_chunk(chunk, finishing)
            if "Content-Length" in headers:
                if finishing:
                    headers["Content-Length"] = str(len(chunk))
                else:
                    del headers["Content-Length"]
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if not self.html:
            return chunk
        return _SCRIPT_TAG.sub(b'<script nonce="' + self.nonce.encode() + b'"', chunk)


def _refusal_page(title: str, *paragraphs: str) -> str:
    """A small page in words, with a link that reloads it."""
    body = "\n".join(f"<p>{p}</p>" for p in paragraphs)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto; line-height: 1.5">
<h1>{title} right now</h1>
{body}
</body></html>
"""


#: The page a visitor gets when every kernel is taken (HTTP 503, Retry-After).
BUSY_PAGE = _refusal_page(
    "Too many visitors",
    'Every game table on this server is in use. Please try again in a minute: <a href="">reload this '
    'page</a>.',
    "Tables that stay idle are closed after a while, so a place will come free.")
#: Seconds a refused visitor is told to wait (the Retry-After header).
RETRY_AFTER = 60
#: The page a visitor gets who already holds as many tables as one visitor may (HTTP 429).
TABLES_PAGE = _refusal_page(
    "Too many tables open",
    "This browser already has {held} game tables open on this server, the most one visitor may have "
    "at once. Close a tab you no longer play in (its table closes with it), then "
    '<a href="">reload this page</a>.',
    "Tables left idle are also closed after a while.")
#: Seconds a visitor with too many tables is told to wait (closing a tab frees one at once).
TABLES_RETRY_AFTER = 10


class _GivenKernels:
    """The kernel manager as one page request sees it: the kernel Voila gives the page (a new one, or a
    preheated one with the page already run) is passed to ``given`` as soon as its id is known, which
    is before the page's first byte is sent. Everything else is the manager's own."""

    def __init__(self, manager: Any, given: Callable[[str], None]) -> None:
        self._manager, self._given = manager, given

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel: str = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._given(kernel)
        return kernel

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        rendered = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._given(rendered[2])  # (render task, rendered cells, kernel id)
        return rendered


class HostedVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler with these changes for a public host.

    - It sets the ``_xsrf`` cookie: Voila's page sends that cookie's value with its page-unload kernel
      shutdown, so the shutdown passes the XSRF check every other POST has to pass.
    - It refuses a page with BUSY_PAGE when ``max_kernels`` visitors' kernels are running (those
      being shut down and those waiting in a pool not counted) or being started, instead of starting
      yet another kernel; and with TABLES_PAGE when the visitor already holds the hub's
      ``kernels_per_client`` (``widgets._visitors``).
    - The page is given its kernel: the signed cookies that alone open that kernel's websocket, model
      and shutdown (``Guard.grant``), set before the page's first byte.
    - A preheated kernel is used only when one is ready. Voila counts a pool's refill, still starting,
      as available, so with one preheated kernel every visitor of a burst waited in line for the
      kernel started for the one before (10 pages at once: the last shown after about ten kernel
      starts); a visitor who finds no ready kernel now starts their own at once, side by side.
    """

    opening: ClassVar[int] = 0  # pages being rendered now, across every handler instance
    opening_by: ClassVar[Counter[str]] = Counter()  # the same, by client
    last_sent: ClassVar[float] = -math.inf  # time.monotonic() when the last page was sent

    @classmethod
    def visitors_busy(cls, settle: float) -> bool:
        """Whether a page is being opened, or was sent less than ``settle`` seconds ago (its browser is
        still setting it up)."""
        return cls.opening > 0 or time.monotonic() - cls.last_sent < settle

    def initialize(self, **kwargs: Any) -> None:
        self.max_kernels: int = kwargs.pop("max_kernels")
        self.pool_starting: Callable[[], int] = kwargs.pop("pool_starting", lambda: 0)
        self.client: str | None = None
        super().initialize(**kwargs)

    @property
    def kernel_manager(self) -> Any:
        manager = self.settings["kernel_manager"]
        return _GivenKernels(manager, self.give) if self.client is not None else manager

    def give(self, kernel: str) -> None:
        guard = guard_of(self.settings)
        if guard is not None and self.client is not None:
            guard.grant(self, kernel, self.client)

    def running_kernels(self) -> list[str]:
        """Kernels started or starting, not those being shut down."""
        manager = self.settings["kernel_manager"]
        return [kernel for kernel in manager.list_kernel_ids()
                if not getattr(manager.get_kernel(kernel), "shutting_down", False)]

    def visitor_kernels(self) -> int:
        """Kernels that hold a visitor's place: started or starting, not those being shut down, and not
        those of a pool (they answer no clicks; the pools' size is bounded apart). A culled kernel's
        place is free as soon as its shutdown begins: the manager lists it until its process has ended
        and its sockets are closed, which on a busy machine outlasts the process by seconds, and a
        visitor in those seconds was refused with every table free. A pool kernel being started has no
        known id yet: it is counted off, which in that instant may let in as many visitors more as
        pool kernels are being started (a core's worth), never refuse one too early."""
        pooled = pooled_kernels(getattr(self.settings["kernel_manager"], "_pools", {}))
        running = sum(1 for kernel in self.running_kernels() if kernel not in pooled)
        return max(0, running - self.pool_starting())

    def refuse(self, status: int, retry_after: int, page: str) -> None:
        self.set_status(status)
        self.set_header("Retry-After", str(retry_after))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page)

    async def get(self, path: str | None = None) -> None:
        # A page being opened counts as a kernel until it is rendered, so a burst of visitors cannot
        # all pass the check before the first of their kernels has started.
        if self.visitor_kernels() + HostedVoilaHandler.opening >= self.max_kernels:
            self.log.warning("Refused %s: %d visitors' kernels running, %d pages opening (limit %d)",
                             self.request.path, self.visitor_kernels(), HostedVoilaHandler.opening,
                             self.max_kernels)
            self.refuse(503, RETRY_AFTER, BUSY_PAGE)
            return
        guard = guard_of(self.settings)
        client = guard.client(self) if guard is not None else None
        if guard is not None and client is not None:
            held = guard.held_by(client, self.running_kernels()) + HostedVoilaHandler.opening_by[client]
            if held >= guard.limits.kernels_per_client:
                guard.tally["pages past a client's tables"] += 1
                self.log.warning("Refused %s: %s holds %d tables (limit %d)", self.request.path, client,
                                 held, guard.limits.kernels_per_client)
                self.refuse(429, TABLES_RETRY_AFTER, TABLES_PAGE.format(held=held))
                return
        self.xsrf_token  # noqa: B018  # reading it sets the _xsrf cookie (tornado)
        self._page = path
        HostedVoilaHandler.opening += 1
        if client is not None:
            HostedVoilaHandler.opening_by[client] += 1
        self.client = client
        try:
            await super().get(path)
        finally:
            HostedVoilaHandler.opening -= 1
            if client is not None:
                HostedVoilaHandler.opening_by[client] -= 1
                if HostedVoilaHandler.opening_by[client] <= 0:
                    del HostedVoilaHandler.opening_by[client]
            HostedVoilaHandler.last_sent = time.monotonic()

    def should_use_rendered_notebook(self, notebook_data: dict[str, Any], pool_size: int, template_name: str,
                                     theme: str, request_args: dict[str, Any]) -> bool:
        pool = ready_first(getattr(self.settings["kernel_manager"], "_pools", {}).get(
            getattr(self, "_page", None), []))
        if pool_size == 0 or pool == 0:
            return False
        result: bool = super().should_use_rendered_notebook(notebook_data, pool, template_name, theme,
                                                            request_args)
        return result


def ready_first(pool: list[Any]) -> int:
    """How many of a Voila kernel pool's tasks are ready (started without an error); moves the first
    ready one to the front, where Voila takes its kernel from."""
    ready = [task for task in pool if task.done() and not task.cancelled() and task.exception() is None]
    if ready:
        pool.remove(ready[0])
        pool.insert(0, ready[0])
    return len(ready)


class _OwnPageOnly:
    """A kernel's own REST handler (its model, its delete, its unload shutdown) that answers only the
    page that was given the kernel: anyone else is told there is no such kernel (404), which is also
    what a page whose kernel has gone is told (the page's guard then says "This table has closed")."""

    settings: dict[str, Any]
    path_args: list[str]
    path_kwargs: dict[str, str]

    def prepare(self) -> Awaitable[None] | None:
        guard = guard_of(self.settings)
        kernel = self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")
        if guard is not None and not guard.owns(self, kernel):  # type: ignore[arg-type]
            guard.tally["kernel requests of another page"] += 1
            raise web.HTTPError(404, "no such kernel")
        result: Awaitable[None] | None = super().prepare()  # type: ignore[misc]
        return result


class OwnKernelHandler(_OwnPageOnly, KernelHandler):  # type: ignore[misc]
    """``/api/kernels/<id>``: the page's check that its kernel is there, and a delete."""


class OwnShutdownHandler(_OwnPageOnly, VoilaShutdownKernelHandler):  # type: ignore[misc]
    """``/voila/api/shutdown/<id>``: the page's unload beacon."""


class HubKernelWebsocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """``/api/kernels/<id>/channels``: the kernel's websocket opens only for the page that was given the
    kernel (404 for anyone else, as for a kernel that is gone), not more often than the hub allows
    (429), and while the kernel has fewer than ``sockets_per_kernel`` open (429). Refusals are a
    status and a line of text: the server's HTML error page needs settings Voila does not have."""

    async def pre_get(self) -> None:
        guard = guard_of(self.settings)
        kernel = self.kernel_id
        if guard is not None:
            if not guard.owns(self, kernel):
                guard.tally["sockets to another page's kernel"] += 1
                self.log.warning("Kernel %s: refused a websocket without its page's cookie", kernel)
                raise web.HTTPError(404, "no such kernel")
            if not guard.may_open(kernel):
                guard.tally["socket opens"] += 1
                self.log.warning("Kernel %s: refused a websocket: opened too often", kernel)
                raise web.HTTPError(429, "this page opened its connection too often; wait a little")
            if guard.sockets[kernel] >= guard.limits.sockets_per_kernel:
                guard.tally["sockets per kernel"] += 1
                self.log.warning("Kernel %s: refused a websocket: %d open, the limit", kernel,
                                 guard.sockets[kernel])
                raise web.HTTPError(429, "this page has too many connections open")
        await super().pre_get()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        reason = error.log_message if isinstance(error, web.HTTPError) and error.log_message else ""
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(reason or self._reason)


class LoopbackRequestInfo(RequestInfoSocketHandler):  # type: ignore[misc]
    """``/voila/query/<id>``: the socket a preheated kernel opens to its own hub on 127.0.0.1 to learn its
    visitor's request. Nobody else may open it (one that did would take the kernel's place and keep the
    visitor's page presets from it): only the loopback, and nothing a proxy forwarded."""

    def prepare(self) -> None:
        if self.request.remote_ip not in LOOPBACK or "X-Forwarded-For" in self.request.headers:
            raise web.HTTPError(404)


#: The loopback addresses a preheated kernel reaches its hub from.
LOOPBACK = frozenset({"127.0.0.1", "::1"})
#: Voila's handlers the hub serves in its own way.
REPLACED: dict[type, type] = {KernelHandler: OwnKernelHandler, VoilaShutdownKernelHandler: OwnShutdownHandler,
                              VoilaKernelWebsocketHandler: HubKernelWebsocket,
                              RequestInfoSocketHandler: LoopbackRequestInfo}


def hosted_handlers(handlers: Sequence[tuple[Any, ...]], max_kernels: int,
                    pool_starting: Callable[[], int] = lambda: 0) -> list[tuple[Any, ...]]:
    """Voila's handler list with its page handler replaced by HostedVoilaHandler and the kernel's own
    handlers by REPLACED's; ``pool_starting()`` is how many pool kernels are being started now
    (``PreheatGate.starting``)."""
    out = []
    for spec in handlers:
        if len(spec) >= 2 and spec[1] is TornadoVoilaHandler:
            kwargs = dict(spec[2]) if len(spec) > 2 else {}
            out.append((spec[0], HostedVoilaHandler, {**kwargs, "max_kernels": max_kernels,
                                                              "pool_starting": pool_starting}, *spec[3:]))
        elif len(spec) >= 2 and spec[1] in REPLACED:
            out.append((spec[0], REPLACED[spec[1]], *spec[2:]))
        else:
            out.append(spec)
    return out
