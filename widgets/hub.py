"""Serve the Voila app hub (./dev hub): ``python -m widgets.hub [--port N] [--theme dark] [--pool-size N]``.

Voila is started so that closed pages leave no kernels behind (the page-unload shutdown sends the XSRF
token every POST needs, and kernels left idle, open tab or not, are culled), a public host stays up
(kernels capped, with a "too many visitors" page past the cap; a strict Content-Security-Policy; no
tracebacks shown to visitors but with ``--debug``: ``widgets._hosting``, docs/hosting.md), no single
visitor can take it down (every websocket frame checked before it is read, per-visitor limits, a kernel
that answers only its own page, no traceback over the websocket: ``widgets._connection``,
``widgets._visitors``), nothing is fetched from outside the machine (our template drops the lab
template's CDN stylesheets), widget updates go out at once (TCP_NODELAY on the kernel websockets), and
the play apps
and the hub page open on kernels that already ran them (a pool of preheated kernels per page; each
visitor still gets a kernel of their own). Pages load only the JupyterLab extensions an app draws with
(``LAB_EXTENSIONS``), not every one
installed. ``/`` redirects to the hub notebook.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from traitlets.config import Config

from . import _template_cache
from ._connection import CLASS_NAME as HUB_CONNECTION
from ._pool import auto_max_kernels, auto_pool_size, host_size, install_gate
from ._thinking import ENV as THINKING_ENV
from ._thinking import slots_for
from ._visitors import CLIENT_KEYS, SETTING, Guard, VisitorLimits

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SHARE = Path(__file__).resolve().parent / "share"
HUB = "index.ipynb"
#: The pages Voila runs ahead of their visitors: the hub and the four play apps (the pages people
#: open most and wait on); walkthroughs start their kernel when opened.
PREHEATED = (HUB, "tindahan_play.ipynb", "bastos_play.ipynb", "bangkok_play.ipynb", "klongs_play.ipynb")
#: Preheated kernels kept per page when no size is given: "auto" sizes the pools from the host's cores
#: and memory (widgets._pool.auto_pool_size: 20 a page on 2 cores and 24 GB), so that a burst of
#: visitors each find a kernel that already ran the page.
DEFAULT_POOL_SIZE = "auto"
#: Visitors' kernels at most (warm ones waiting in a pool not counted) before a visitor is shown "too
#: many visitors, try again in a minute": "auto" is what three quarters of the host's memory holds
#: beside the pools, at most 60 a core (widgets._pool.auto_max_kernels: 104 on 2 cores and 24 GB).
DEFAULT_MAX_KERNELS = "auto"
#: Minutes without a message before a kernel is shut down, its page open or not: a learner who left a
#: tab open must not hold one of the DEFAULT_MAX_KERNELS for ever. The page then no longer answers
#: (reloading it deals a new game).
DEFAULT_CULL_IDLE_MINUTES = 20.0
#: The addresses the hub may listen on: the loopback only, or every interface (the loopback included:
#: a preheated kernel asks its hub for its visitor's request on 127.0.0.1, whatever the hub listens on,
#: so a hub on one other address alone would never hand its preheated pages their visitors' URLs).
LISTEN = ("127.0.0.1", "0.0.0.0")
#: Seconds to wait for a cell's outputs once its kernel replied (voila_config).
IOPUB_TIMEOUT = 60
#: The JupyterLab extensions a Voila page loads. Voila loads every installed one by default, and the
#: pages then log an error for each that cannot run outside JupyterLab (jupytext's: "Failed to create
#: module", "#RUNTIME-012") and a version warning for each shared JupyterLab module it was built
#: against. The apps need the widget managers (JupyterLab's registers the ipywidgets controls, Voila's
#: own runs them), anywidget (every table) and plotly's renderer (the score charts). binder/'s server
#: configuration lists the same (tests/notebooks/test_binder.py compares).
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8", "anywidget",
                  "jupyterlab-plotly")


def voila_argv(port: int, theme: str, root: Path = NOTEBOOKS, *, pool_size: int = 1,
               nodelay: bool = True, cull_idle_minutes: float = DEFAULT_CULL_IDLE_MINUTES,
               debug: bool = False, ip: str = LISTEN[0]) -> list[str]:
    """The command-line configuration both the hub and the browser tests start Voila with.

    ``pool_size`` preheated kernels per page of PREHEATED (0: none); ``nodelay=False`` leaves Nagle's
    algorithm on, for benchmarks that compare; kernels idle ``cull_idle_minutes`` are shut down, their
    page open or not (checked every minute, or more often for shorter times); ``debug`` shows a failing
    cell's traceback on the page (never on a public host: it shows the server's paths and code);
    ``ip`` is one of LISTEN (a hub behind a proxy on another machine listens on every interface).
    ``nodelay=False`` also leaves out the hub's connection class (its frame checks and limits with it).
    """
    idle = max(1, round(cull_idle_minutes * 60))
    argv = [
        str(root),
        "--no-browser",
        f"--Voila.ip={ip}",
        f"--port={port}",
        "--Voila.port_retries=0",  # a taken port is an error, not a hub on another port nobody expects
        "--template=rules-explorer",
        f"--theme={theme}",
        f"--MappingKernelManager.cull_interval={min(60, max(1, idle // 4))}",
        f"--MappingKernelManager.cull_idle_timeout={idle}",
        "--MappingKernelManager.cull_connected=True",
        f"--VoilaConfiguration.show_tracebacks={debug}",
    ]
    if nodelay:
        argv.append(f"--Voila.kernel_websocket_connection_class={HUB_CONNECTION}")
    if pool_size > 0:
        argv += ["--preheat_kernel=True", f"--pool_size={pool_size}"]
    return argv


def voila_config(pool_size: int = 1, secure_cookies: bool = False) -> Config:
    """What the command line cannot say: a pool only for the pages of PREHEATED ("default" covers
    every other notebook: none), the JupyterLab extensions pages load (LAB_EXTENSIONS), how long
    a page waits for its outputs (IOPUB_TIMEOUT), and the server's own cookies (``_xsrf`` and the
    visitor's name) sent to this site alone (SameSite), and only over TLS with ``secure_cookies``."""
    pools = {"default": {"pool_size": 0}} | {page: {"pool_size": pool_size} for page in PREHEATED}
    config = Config()
    config.VoilaKernelManager.kernel_pools_config = pools if pool_size > 0 else {}
    # Seconds the page's renderer waits for a cell's outputs after the kernel said the cell ran. At
    # nbclient's 4 s, a busy host (ten visitors' kernels starting on two cores) lost the cell's last
    # outputs, the app's widget among them: the page came without its table, and never showed one.
    config.VoilaExecutor.iopub_timeout = IOPUB_TIMEOUT
    config.VoilaConfiguration.extension_allowlist = list(LAB_EXTENSIONS)
    # The XSRF cookie is read by the page's own script (its unload shutdown sends it back): not
    # HttpOnly, but Strict, so no other site's page or link makes the browser send it.
    config.Voila.tornado_settings = {"xsrf_cookie_kwargs": {"samesite": "Strict", "secure": secure_cookies}}
    config.IdentityProvider.cookie_options = {"samesite": "Lax", "secure": secure_cookies}
    return config


def voila_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` with our template directory on JUPYTER_PATH, so Voila finds ``rules-explorer``."""
    out = dict(os.environ if env is None else env)
    out["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(SHARE), out.get("JUPYTER_PATH", "")) if p)
    return out


def _pool_size(text: str) -> int | str:
    if text == "auto":
        return text
    size = int(text)
    if size < 0:
        raise argparse.ArgumentTypeError(f"a pool size is 0 or more, not {size}")
    return size


def _at_least(minimum: float, kind: type[int] | type[float] = int, auto: bool = False) -> Any:
    def parse(text: str) -> int | float | str:
        if auto and text == "auto":
            return text
        value = kind(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is less than {minimum}")
        return value
    return parse


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="./dev hub", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8866")))
    parser.add_argument("--ip", choices=LISTEN, default=LISTEN[0],
                        help="listen on the loopback only (default), or on every interface for a proxy on "
                             "another machine (docs/hosting.md: firewall the port to the proxy alone)")
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--pool-size", type=_pool_size,
                        default=_pool_size(os.environ.get("POOL_SIZE", DEFAULT_POOL_SIZE)),
                        help="preheated kernels kept ready per play app and for the hub page "
                             "(default auto: from the host's cores and memory, or $POOL_SIZE; 0 turns "
                             "preheating off)")
    parser.add_argument("--nagle", action="store_true",
                        help="leave Nagle's algorithm on (slower clicks; for benchmarks that compare)")
    parser.add_argument("--max-kernels", type=_at_least(1, auto=True), default=DEFAULT_MAX_KERNELS,
                        help="visitors' kernels at most (warm pool kernels not counted); past it a visitor "
                             "gets a 'too many visitors, try again in a minute' page (default auto: what "
                             "three quarters of the host's memory holds beside the pools, at most 60 a core)")
    parser.add_argument("--cull-idle", type=_at_least(0.01, float), default=DEFAULT_CULL_IDLE_MINUTES,
                        metavar="MINUTES", help="shut down a kernel idle this long, its page open or not "
                                                f"(default {DEFAULT_CULL_IDLE_MINUTES:g})")
    parser.add_argument("--searches", type=_at_least(1, auto=True), default="auto", metavar="N",
                        help="hints and strong-bot moves that may search at once, from all visitors "
                             "together (default auto: one core fewer than the host has, at least 1); "
                             "others wait their turn, with a smaller budget while some wait")
    limits = VisitorLimits()
    parser.add_argument("--kernels-per-client", type=_at_least(1), default=limits.kernels_per_client,
                        metavar="N", help="tables one visitor may hold at once; past it they are asked to "
                                          f"close one (default {limits.kernels_per_client})")
    parser.add_argument("--client-key", choices=CLIENT_KEYS, default=limits.client_key,
                        help="what a visitor is: their browser (a signed cookie; default), or, behind a "
                             "proxy that appends it to X-Forwarded-For, their address")
    parser.add_argument("--messages-per-second", type=_at_least(1, float), default=limits.messages_per_second,
                        metavar="N", help="messages one page may send a second, after a burst of "
                                          f"--message-burst (default {limits.messages_per_second:g}); past "
                                          "it the page's connection is closed, saying why")
    parser.add_argument("--message-burst", type=_at_least(1), default=limits.message_burst, metavar="N",
                        help=f"messages one page may send at once (default {limits.message_burst})")
    parser.add_argument("--socket-opens-per-minute", type=_at_least(1, float),
                        default=limits.socket_opens_per_minute, metavar="N",
                        help="times one page may open its connection a minute, after a burst of "
                             f"{limits.socket_opens_burst} (default {limits.socket_opens_per_minute:g})")
    parser.add_argument("--restarts-per-page", type=_at_least(0), default=limits.restarts_per_page,
                        metavar="N", help="kernel restarts one page may ask for "
                                          f"(default {limits.restarts_per_page})")
    parser.add_argument("--secure-cookies", action="store_true",
                        help="send cookies over HTTPS only (behind a TLS proxy)")
    parser.add_argument("--debug", action="store_true",
                        help="show a failing cell's traceback on the page (never on a public host)")
    args = parser.parse_args(argv)
    host = host_size()
    pool_size = auto_pool_size(host, len(PREHEATED)) if args.pool_size == "auto" else int(args.pool_size)
    pooled = pool_size * len(PREHEATED)
    max_kernels = auto_max_kernels(host, pooled) if args.max_kernels == "auto" else int(args.max_kernels)
    searches = slots_for(host.cores) if args.searches == "auto" else int(args.searches)
    guard = Guard(VisitorLimits(
        messages_per_second=args.messages_per_second, message_burst=args.message_burst,
        restarts_per_page=args.restarts_per_page, kernels_per_client=args.kernels_per_client,
        socket_opens_per_minute=args.socket_opens_per_minute,
        client_key=args.client_key, secure_cookies=args.secure_cookies), tracebacks=args.debug)
    os.environ.update(voila_env())
    # The kernels' shared thinking slots (widgets._thinking): a folder of this process's own.
    slots = tempfile.mkdtemp(prefix="rules-explorer-searches-")
    atexit.register(shutil.rmtree, slots, ignore_errors=True)
    os.environ[THINKING_ENV] = f"{slots}:{searches}"

    from jupyter_server.utils import url_path_join
    from tornado.web import RedirectHandler
    from voila.app import Voila

    from ._hosting import HostedVoilaHandler, SecurityHeaders, hosted_handlers

    class HubVoila(Voila):  # type: ignore[misc]
        def init_handlers(self) -> list[tuple[object, ...]]:
            # Voila calls this once its tornado application exists: the policy goes on every response.
            self.app.add_transform(SecurityHeaders)
            self.app.settings[SETTING] = guard
            app.append(self)
            hub = url_path_join(self.server_url, "voila/render", HUB)
            handlers = hosted_handlers(super().init_handlers(), max_kernels, lambda: gate.starting)
            return [(self.server_url, RedirectHandler, {"url": hub}), *handlers]

    # Pool kernels warm up a core's worth at a time, after the pages being opened (widgets._pool).
    app: list[Any] = []  # the running Voila, once it is (its kernel manager holds the pools)
    _template_cache.install()  # each page's render no longer compiles the templates again
    gate = install_gate(host.cores, HostedVoilaHandler.visitors_busy,
                        lambda: getattr(app[0].kernel_manager, "_pools", {}) if app else {})
    where = "" if args.ip == LISTEN[0] else ", listening on every interface"
    print(f"Rules Explorer app hub: http://127.0.0.1:{args.port}/{where}  (Ctrl+C stops it)\n"
          f"  {pool_size} preheated kernels per page for {len(PREHEATED)} pages, {max_kernels} visitors' "
          f"kernels at most, {searches} search{'es' if searches > 1 else ''} at once ({host}; --pool-size, "
          "--max-kernels and --searches change them)\n"
          f"  Each visitor: {guard.limits.describe()} (--kernels-per-client, --messages-per-second, "
          "--restarts-per-page)", flush=True)
    argv = voila_argv(args.port, args.theme, pool_size=pool_size, nodelay=not args.nagle,
                      cull_idle_minutes=args.cull_idle, debug=args.debug, ip=args.ip)
    sys.exit(HubVoila.launch_instance(argv=argv, config=voila_config(pool_size, args.secure_cookies)))


if __name__ == "__main__":
    main()
