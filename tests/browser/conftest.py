"""Real-browser fixtures: Voila serving the notebooks on 127.0.0.1, Debian's Chromium driven by Playwright.

Browser tests skip, saying why, where no Chromium is found, except when RULES_EXPLORER_REQUIRE_BROWSER
is set (CI sets it: there they must run). Every page records the requests it makes; a request for
anything outside the machine fails the test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

import explorer
from widgets._connection import LOG_LINE

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def find_chromium() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if find_chromium() is not None:
        return
    reason = "no Chromium found (set CHROMIUM=/path or `apt-get install chromium`)"
    if os.environ.get("RULES_EXPLORER_REQUIRE_BROWSER"):
        raise pytest.UsageError(f"browser tests are required here but {reason}")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=reason))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


# Each served hub's process and log file, by base URL, for tests that look at what it runs.
SERVERS: dict[str, subprocess.Popen[bytes]] = {}
LOGS: dict[str, Path] = {}


#: Preheated kernels per page of the hubs the tests serve, unless a test's options say otherwise: the
#: hub's own default (sized from the host: 10 a page here) would spend the first minute or two of every
#: browser test module warming 50 kernels.
TEST_POOL_SIZE = 1


def stop(proc: subprocess.Popen[bytes], timeout: float) -> None:
    """End ``proc``: asked to, then killed if it has not ended within ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@contextmanager
def hub_process(log_name: str, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    """``python -m widgets.hub [options]`` on a free port, writing to test-artifacts/LOG_NAME-PORT.log,
    ended on leaving: yields the process, its URL (which may not answer yet) and the log's path. (The
    benchmarks start their hubs here too.)"""
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / f"{log_name}-{port}.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "widgets.hub", "--port", str(port), *options],
                                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield proc, f"http://127.0.0.1:{port}", log
    finally:
        stop(proc, timeout=20)


@contextmanager
def serve_hub(theme: str = "light", *options: str) -> Iterator[str]:
    """The hub served as `./dev hub [--theme dark] [options]` serves it, on a free port (with a pool of
    TEST_POOL_SIZE unless ``options`` give ``--pool-size``); yields its URL."""
    if "--pool-size" not in options:
        options = (*options, "--pool-size", str(TEST_POOL_SIZE))
    with hub_process(f"voila-{theme}", "--theme", theme, *options) as (proc, base, log):
        SERVERS[base], LOGS[base] = proc, log
        try:
            wait_for(base + "/voila/api/contents", timeout=240)  # a busy machine starts the hub slowly
            yield base
        finally:
            SERVERS.pop(base, None)
            LOGS.pop(base, None)


def kernel_ids(server: int) -> set[str]:
    """The ids of the kernels the process ``server`` runs (its children running ipykernel)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if int(fields[1]) == server and any(b"ipykernel" in part for part in cmdline):
            found |= {part.decode().rsplit("kernel-", 1)[-1].removesuffix(".json")
                      for part in cmdline if part.endswith(b".json")}
    return found


def page_kernel(page: Any) -> str:
    """The id of the kernel a Voila page runs on."""
    return str(page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


@pytest.fixture(scope="package")
def voila_url() -> Iterator[str]:
    with serve_hub("light") as base:
        yield base


@pytest.fixture(scope="package")
def dark_voila_url() -> Iterator[str]:
    with serve_hub("dark") as base:
        yield base


def nodelay_sockets(log: str) -> dict[str, int]:
    """Kernel id -> TCP_NODELAY read back from its websocket's socket, from a server's log
    (``widgets._connection`` writes a line per connection)."""
    pattern = re.escape(LOG_LINE).replace("%s", r"(\S+)").replace("%d", r"(\d+)")
    return {kernel: int(value) for kernel, value in re.findall(pattern, log)}


def luminance(css_colour: str) -> float:
    """Relative luminance (0 dark .. 1 light) of a computed ``rgb(...)`` colour."""
    parts = [float(x) for x in css_colour[css_colour.index("(") + 1: css_colour.index(")")].split(",")[:3]]
    return (0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]) / 255


def assert_refused_click(page: Any, root: str, target: Any, rule_prefix: str) -> None:
    """Clicking ``target``, a control the engine will refuse, shows the engine's reason and rule and
    changes nothing; the message can be dismissed."""
    table = page.locator(root)
    move = table.get_attribute("data-move")
    target.click()
    error = page.locator(f'{root} [data-role="error"]')
    error.wait_for(state="visible", timeout=10_000)
    assert rule_prefix in error.inner_text(), error.inner_text()
    assert table.get_attribute("data-move") == move, "a refused click must change nothing"
    page.locator(f'{root} [data-role="dismiss"]').click()
    error.wait_for(state="hidden", timeout=10_000)


def assert_follows_theme(page: Any, root: str, theme: str) -> None:
    """The widget at ``root`` is drawn in the page's ``theme`` (a dark table with light text, or the
    reverse), and every one of its buttons has an accessible name."""
    background = page.locator(root).first.evaluate("el => getComputedStyle(el).backgroundColor")
    text = page.locator(f'{root} [data-role="turn"]').first.evaluate("el => getComputedStyle(el).color")
    if theme == "dark":
        assert luminance(background) < 0.3 < luminance(text), (background, text)
    else:
        assert luminance(background) > 0.7 > luminance(text), (background, text)
    unnamed = page.eval_on_selector_all(
        f"{root} button", "els => els.filter(b => !(b.getAttribute('aria-label') || b.textContent.trim()))"
        ".map(b => b.outerHTML.slice(0, 80))")
    assert unnamed == [], unnamed


# Voila 0.5's page runs JupyterLab 4.2.5's packages, while the widget managers the page needs were
# built against newer ones: JupyterLab's ipywidgets manager (jupyterlab_widgets 3.0.17: ^4.6.2) and
# Voila's own (^4.5.10). Webpack warns once per shared module and uses the page's copy; nothing in
# this project can rebuild them. Every other warning, and every error, is a problem.
UPSTREAM_VERSION_WARNING = re.compile(
    r"(Unsatisfied version [\d.]+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module @jupyterlab/[\w-]+"
    r" \(required \^[\d.]+\)"
    r"|No satisfying version \(\^[\d.]+\) of shared module @jupyterlab/[\w-]+ found in shared scope default\."
    r"\nAvailable versions: [\d.]+ from _JUPYTERLAB\.CORE_OUTPUT)")


# What ipywidgets' renderer logs when its get_model() gave up on a model too early (the page's guard,
# widgets/share/voila/templates/rules-explorer/static/page.js, then draws the output again).
GAVE_UP_ON_MODEL = re.compile(r"Error: widget model not found\n\s+at \S+ "
                              r"\(\S+/jupyterlab-manager/static/\S+\)\n\s+at async \S+\.renderModel \(")


def repaired_outputs(page: Any) -> int:
    """How many widget outputs the page's guard drew again (0 where the page has no guard)."""
    try:
        return int(page.evaluate("() => (window.rulesExplorerPage || {}).repaired || 0"))
    except Exception:  # the page has gone on to another document
        return 0


def console_problems(page: Any) -> list[str]:
    """The page's uncaught exceptions, console errors and warnings (but UPSTREAM_VERSION_WARNING, and one
    GAVE_UP_ON_MODEL for each output the page's guard drew again)."""
    found = [f"uncaught: {error}" for error in page.page_errors]
    forgiven = None
    for kind, text in page.console_log:
        if kind == "error" and GAVE_UP_ON_MODEL.match(text):
            forgiven = repaired_outputs(page) if forgiven is None else forgiven
            if forgiven > 0:
                forgiven -= 1
                continue
        if kind == "error" or (kind == "warning" and not UPSTREAM_VERSION_WARNING.fullmatch(text)):
            found.append(f"{kind}: {text[:300]}")
    return found


# Package scope: Playwright's sync API keeps an event loop running while it is open, which would
# break later tests (outside tests/browser) that start their own loop.
@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    assert executable is not None
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class OutsideRequests(list[str]):
    """URLs a page asked for outside the machine (each is refused, and fails the test)."""


def watched_page(context: Any, guard_requests: bool = True) -> Any:
    """A new page of ``context`` that records its uncaught errors and console (console_problems) and
    the requests it makes outside the machine (refused; ``page.outside_requests``). The guard routes
    every request through this process, which drops a page's unload requests (its kernel shutdown
    beacon): ``guard_requests=False`` for tests that need them."""
    from playwright.sync_api import Route

    outside = OutsideRequests()

    def guard(route: Route) -> None:
        url = route.request.url
        host = urlparse(url).hostname or ""
        if url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    if guard_requests:
        context.route("**/*", guard)
    page = context.new_page()
    page.outside_requests = outside
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.page_errors = errors  # a list, read by the tests
    console: list[tuple[str, str]] = []
    page.on("console", lambda message: console.append((message.type, message.text)))
    page.console_log = console  # read by console_problems()
    return page


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watched_page(context)
    yield page
    context.close()
    assert not page.outside_requests, f"requests left the machine: {page.outside_requests}"


# ---- driving an app page: every widget root carries data-move, data-busy and data-current --------


def open_app(page: Any, url: str, root: str, ready: str = "") -> None:
    """Go to an app and wait until its widget (``root``, then ``ready`` inside it) is drawn."""
    page.goto(url, wait_until="domcontentloaded", timeout=90_000)
    page.wait_for_selector(f"{root} {ready}".strip(), timeout=90_000)


def wait_idle(page: Any, root: str, timeout: float = 30_000) -> None:
    """Until the bots have moved (the widget is no longer busy)."""
    page.wait_for_function(f"() => document.querySelector('{root}')?.dataset.busy === 'false'",
                           timeout=timeout)


def play_a_legal_move(page: Any, root: str) -> explorer.GameState:
    """At the learner's turn, click their first legal move; once the bots have answered, the engine's
    state of the page's game."""
    wait_idle(page, root)
    move = int(page.locator(root).get_attribute("data-move") or 0)
    page.locator(f"{root} button[data-action].legal").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('{root}').dataset.move) > {move}")
    wait_idle(page, root)
    return engine_state(page, root)


def engine_state(page: Any, root: str) -> explorer.GameState:
    """The engine's own state for the page's game, rebuilt here from the record the page shows."""
    page.wait_for_function(
        f"""() => {{
            const t = document.querySelector('{root}');
            const r = document.querySelector('[data-role="record"]');
            return t && r && JSON.parse(r.textContent).actions.length === Number(t.dataset.move);
        }}""",
        timeout=10_000,
    )
    return explorer.replay(json.loads(page.locator('[data-role="record"]').text_content()))


# ---- the static site (./dev site): built once per run (or reused, its stamp matching the sources) ---


@contextmanager
def serve_site() -> Iterator[str]:
    """The static site, built as `./dev site` builds it (reused when built from the same sources),
    served on a free port of 127.0.0.1 by the file server `./dev site --serve` runs; yields its URL."""
    import threading

    from staticsite.build import OUT, build
    from staticsite.serve import server

    build(OUT)
    httpd = server(OUT, free_port())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="package")
def site_url() -> Iterator[str]:
    with serve_site() as base:
        yield base


def open_site_page(page: Any, url: str, ready: str) -> None:
    """Open a static-site page and wait until its live cells ran (the page says so) and ``ready`` is
    drawn; a page whose Python failed fails here, with what it said."""
    page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_selector("body[data-re-site=ready]", timeout=120_000)
    errors = page.evaluate("(window.rulesExplorerSite || {errors: []}).errors")
    assert errors == [], errors
    page.wait_for_selector(ready, timeout=60_000)
