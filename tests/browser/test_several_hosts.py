"""Several hubs behind one HAProxy (docs/haproxy.cfg; docs/hosting.md, "Several hosts behind a reverse
proxy"), all on 127.0.0.1: visitors are spread over the hubs and each stays on the hub that started
their kernel (page, kernel websocket, kernel checks and the page-unload shutdown); when one hub dies its
visitors' neighbours on the other keep playing, and a reload or a new visitor gets a table on the live
hub.

Skipped, saying why, where HAProxy is not installed, except when RULES_EXPLORER_REQUIRE_BROWSER is set
(CI installs it: there it must run).
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    LOGS,
    ROOT,
    SERVERS,
    console_problems,
    free_port,
    kernel_ids,
    page_kernel,
    serve_hub,
    wait_for,
    watched_page,
)

pytestmark = pytest.mark.browser

# The recipe filled in, shared with the load generator's --hubs (benchmarks/ is a folder of scripts).
sys.path.insert(0, str(ROOT / "benchmarks"))
_haproxy = importlib.import_module("_haproxy")
find_haproxy, haproxy_config, CONFIG = _haproxy.find_haproxy, _haproxy.haproxy_config, _haproxy.CONFIG

DOCS = ROOT / "docs" / "hosting.md"
COOKIE = "rules_explorer_hub"
TABLE = ".re-trick-table"
PLAY = "/voila/render/tindahan_play.ipynb?delay=0"
HUBS = ("hub1", "hub2")
SOME_HUBS = {f"hub{n}": f"127.0.0.1:{8866 + n}" for n in (1, 2, 3)}


@pytest.fixture(scope="module")
def haproxy() -> str:
    found = find_haproxy()
    if found is None:
        reason = "no haproxy found (`apt-get install haproxy`)"
        if os.environ.get("RULES_EXPLORER_REQUIRE_BROWSER"):
            pytest.fail(f"the several-hosts test is required here but {reason}")
        pytest.skip(reason)
    return found


def test_the_shipped_config_is_valid_and_the_docs_show_it(haproxy: str, tmp_path: Path) -> None:
    config = tmp_path / "haproxy.cfg"
    config.write_text(haproxy_config("127.0.0.1:8080", SOME_HUBS))
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0 and "WARNING" not in checked.stdout + checked.stderr, checked
    shown = re.findall(r"```haproxy\n(.*?)```", DOCS.read_text(), re.DOTALL)
    assert shown == [CONFIG.read_text()], "docs/hosting.md must show docs/haproxy.cfg as it is"


class Proxy:
    """HAProxy serving docs/haproxy.cfg in front of the hubs ``bases`` (hub name -> URL)."""

    def __init__(self, url: str, bases: dict[str, str], log: Path) -> None:
        self.url, self.bases, self.log = url, bases, log

    def pid(self, hub: str) -> int:
        return SERVERS[self.bases[hub]].pid


@pytest.fixture(scope="module")
def proxy(haproxy: str) -> Iterator[Proxy]:
    with ExitStack() as stack:
        bases = {hub: stack.enter_context(serve_hub("light")) for hub in HUBS}
        port = free_port()
        ARTIFACTS.mkdir(exist_ok=True)
        config = ARTIFACTS / f"haproxy-{port}.cfg"
        config.write_text(haproxy_config(f"127.0.0.1:{port}",
                                         {hub: base.removeprefix("http://") for hub, base in bases.items()}))
        log = ARTIFACTS / f"haproxy-{port}.log"
        out = stack.enter_context(log.open("w"))
        process = subprocess.Popen([haproxy, "-db", "-f", str(config)], stdout=out, stderr=subprocess.STDOUT)
        stack.callback(process.wait, 10)
        stack.callback(process.terminate)
        url = f"http://127.0.0.1:{port}"
        wait_for(url + "/voila/api/contents", timeout=30)
        yield Proxy(url, bases, log)


def click_answered(page: Any) -> None:
    """Plays the first legal card and waits for the table to move on (the kernel answered)."""
    move = page.locator(TABLE).get_attribute("data-move")
    page.locator(f"{TABLE} button.legal").first.click()
    page.wait_for_function(f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=move,
                           timeout=30_000)


def pool_filled(proxy: Proxy, hub: str) -> bool:
    return "Kernel pool of tindahan_play.ipynb is filled" in LOGS[proxy.bases[hub]].read_text()


def test_visitors_stick_to_their_hub_and_outlive_a_dead_one(browser: Any, proxy: Proxy) -> None:
    # Each hub's preheated Tindahan kernel ready, so the first visitor of each gets one: its page then
    # also depends on the kernel reaching its own hub (Voila's /voila/query socket, refused by the proxy).
    deadline = time.monotonic() + 240
    while not all(pool_filled(proxy, hub) for hub in HUBS) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert all(pool_filled(proxy, hub) for hub in HUBS), "a hub's preheated Tindahan kernel never came"
    contexts: list[Any] = []

    def visitor() -> Any:
        # A context of its own: cookies of its own. Unguarded: the guard's routing drops the shutdown
        # a page sends as it is left (the requests stay on the machine: the proxy is on 127.0.0.1).
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        return watched_page(context, guard_requests=False)

    def visit(page: Any) -> tuple[str, bool]:
        """Opens the app through the proxy; the hub that served it (checked against the visitor's cookie
        and the hub's kernels) and whether the visitor got a preheated kernel."""
        before = {hub: kernel_ids(proxy.pid(hub)) for hub in HUBS if proxy.bases[hub] in SERVERS}
        response = page.goto(proxy.url + PLAY, wait_until="domcontentloaded", timeout=90_000)
        assert response is not None and response.ok, response
        hub = response.headers["x-served-by"]
        page.wait_for_selector(f"{TABLE} button.legal", timeout=90_000)
        cookies = {c["name"]: c["value"] for c in page.context.cookies()}
        assert cookies[COOKIE] == hub, (cookies, hub)
        kernel = page_kernel(page)
        assert kernel in kernel_ids(proxy.pid(hub)), f"the page's kernel is not on {hub}, which served it"
        return hub, kernel in before[hub]

    try:
        # (a) Two visitors, one after the other: the second goes to the hub the first is not on (fewest
        # connections), and each gets a working table on its own hub.
        first, second = visitor(), visitor()
        hub_first, preheated_first = visit(first)
        hub_second, preheated_second = visit(second)
        assert {hub_first, hub_second} == set(HUBS), "both visitors were sent to one hub"
        assert preheated_first and preheated_second, "a visitor did not get its hub's preheated kernel"
        for page in (first, second):
            click_answered(page)
            click_answered(page)
        # (b) The first visitor's hub dies: the second visitor plays on.
        dead = SERVERS[proxy.bases[hub_first]]
        dead.terminate()
        dead.wait(timeout=30)
        click_answered(second)
        click_answered(second)
        # (c) The first visitor reloads and a new visitor comes: both get a table on the live hub, and
        # the first visitor's cookie now names it.
        assert visit(first)[0] == hub_second
        third = visitor()
        assert visit(third)[0] == hub_second
        for page in (first, third, second):
            click_answered(page)
        problems = {name: console_problems(page) for name, page in (("second", second), ("third", third))}
        assert not any(problems.values()), problems
        # Leaving a page sends its kernel's shutdown, which reaches the hub that runs the kernel.
        live = proxy.pid(hub_second)
        kernels = {page_kernel(page) for page in (first, second, third)}
        assert kernels <= kernel_ids(live)
        for page in (first, second, third):
            page.goto("about:blank")
        deadline = time.monotonic() + 60
        while kernels & kernel_ids(live) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not kernels & kernel_ids(live), "a page's unload shutdown did not reach its kernel's hub"
        # The health checks took the dead hub out of the rotation (3 failures 5 s apart).
        down = f"Server rules_explorer_hubs/{hub_first} is DOWN"
        deadline = time.monotonic() + 60
        while down not in proxy.log.read_text() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert down in proxy.log.read_text(), "HAProxy's health checks did not notice the dead hub"
    finally:
        for context in contexts:
            context.close()
