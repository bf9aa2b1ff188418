"""What a public host needs on top of Voila (``widgets.hub``): a Content-Security-Policy on every response,
the XSRF cookie the page-unload kernel shutdown sends back, a cap on kernels with a clear "too many
visitors" page, and pages that never queue behind a preheated kernel still starting.

docs/hosting.md says which settings to choose on a public host and why.
"""

from __future__ import annotations

import math
import re
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.web import OutputTransform
from voila.tornado.handler import TornadoVoilaHandler

from ._pool import pooled_kernels

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


#: The page a visitor gets when every kernel is taken (HTTP 503, Retry-After).
BUSY_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Too many visitors</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto; line-height: 1.5">
<h1>Too many visitors right now</h1>
<p>Every game table on this server is in use. Please try again in a minute:
<a href="">reload this page</a>.</p>
<p>Tables that stay idle are closed after a while, so a place will come free.</p>
</body></html>
"""
#: Seconds a refused visitor is told to wait (the Retry-After header).
RETRY_AFTER = 60


class HostedVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler with three changes for a public host.

    - It sets the ``_xsrf`` cookie: Voila's page sends that cookie's value with its page-unload kernel
      shutdown, so the shutdown passes the XSRF check every other POST has to pass.
    - It refuses a page with BUSY_PAGE when ``max_kernels`` visitors' kernels are running (those
      being shut down and those waiting in a pool not counted) or being started, instead of starting
      yet another kernel.
    - A preheated kernel is used only when one is ready. Voila counts a pool's refill, still starting,
      as available, so with one preheated kernel every visitor of a burst waited in line for the
      kernel started for the one before (10 pages at once: the last shown after about ten kernel
      starts); a visitor who finds no ready kernel now starts their own at once, side by side.
    """

    opening: ClassVar[int] = 0  # pages being rendered now, across every handler instance
    last_sent: ClassVar[float] = -math.inf  # time.monotonic() when the last page was sent

    @classmethod
    def visitors_busy(cls, settle: float) -> bool:
        """Whether a page is being opened, or was sent less than ``settle`` seconds ago (its browser is
        still setting it up)."""
        return cls.opening > 0 or time.monotonic() - cls.last_sent < settle

    def initialize(self, **kwargs: Any) -> None:
        self.max_kernels: int = kwargs.pop("max_kernels")
        self.pool_starting: Callable[[], int] = kwargs.pop("pool_starting", lambda: 0)
        super().initialize(**kwargs)

    def visitor_kernels(self) -> int:
        """Kernels that hold a visitor's place: started or starting, not those being shut down, and not
        those of a pool (they answer no clicks; the pools' size is bounded apart). A culled kernel's
        place is free as soon as its shutdown begins: the manager lists it until its process has ended
        and its sockets are closed, which on a busy machine outlasts the process by seconds, and a
        visitor in those seconds was refused with every table free. A pool kernel being started has no
        known id yet: it is counted off, which in that instant may let in as many visitors more as
        pool kernels are being started (a core's worth), never refuse one too early."""
        manager = self.kernel_manager
        pooled = pooled_kernels(getattr(manager, "_pools", {}))
        running = sum(1 for kernel in manager.list_kernel_ids() if kernel not in pooled
                      and not getattr(manager.get_kernel(kernel), "shutting_down", False))
        return max(0, running - self.pool_starting())

    async def get(self, path: str | None = None) -> None:
        # A page being opened counts as a kernel until it is rendered, so a burst of visitors cannot
        # all pass the check before the first of their kernels has started.
        if self.visitor_kernels() + HostedVoilaHandler.opening >= self.max_kernels:
            self.log.warning("Refused %s: %d visitors' kernels running, %d pages opening (limit %d)",
                             self.request.path, self.visitor_kernels(), HostedVoilaHandler.opening,
                             self.max_kernels)
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(BUSY_PAGE)
            return
        self.xsrf_token  # noqa: B018  # reading it sets the _xsrf cookie (tornado)
        self._page = path
        HostedVoilaHandler.opening += 1
        try:
            await super().get(path)
        finally:
            HostedVoilaHandler.opening -= 1
            HostedVoilaHandler.last_sent = time.monotonic()

    def should_use_rendered_notebook(self, notebook_data: dict[str, Any], pool_size: int, template_name: str,
                                     theme: str, request_args: dict[str, Any]) -> bool:
        pool = ready_first(getattr(self.kernel_manager, "_pools", {}).get(getattr(self, "_page", None), []))
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


def hosted_handlers(handlers: Sequence[tuple[Any, ...]], max_kernels: int,
                    pool_starting: Callable[[], int] = lambda: 0) -> list[tuple[Any, ...]]:
    """Voila's handler list with its page handler replaced by HostedVoilaHandler; ``pool_starting()``
    is how many pool kernels are being started now (``PreheatGate.starting``)."""
    out = []
    for spec in handlers:
        if len(spec) >= 2 and spec[1] is TornadoVoilaHandler:
            kwargs = dict(spec[2]) if len(spec) > 2 else {}
            out.append((spec[0], HostedVoilaHandler, {**kwargs, "max_kernels": max_kernels,
                                                              "pool_starting": pool_starting}, *spec[3:]))
        else:
            out.append(spec)
    return out
