"""The speed settings are in force on the hub as `./dev hub` serves it: kernel websockets that send each
frame at once (TCP_NODELAY, read back from the served sockets), and play apps that open on preheated
kernels while still dealing each visitor's own game (the query string is read after the visitor came)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from .conftest import LOGS, nodelay_sockets, open_app, page_kernel

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"


def wait_for_log(base: str, found: Any, timeout: float = 20.0) -> str:
    """The hub's log once ``found(log)`` holds (the server writes it a moment after the page shows)."""
    deadline = time.monotonic() + timeout
    while True:
        log = LOGS[base].read_text()
        if found(log) or time.monotonic() > deadline:
            return log
        time.sleep(0.3)


def test_kernel_websockets_send_at_once(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/bastos_play.ipynb?players=3&delay=0", TABLE, "button.legal")
    kernel = page_kernel(page)
    log = wait_for_log(voila_url, lambda text: kernel in nodelay_sockets(text))
    assert nodelay_sockets(log).get(kernel) == 1, "the page's kernel websocket is not TCP_NODELAY"


def test_play_apps_open_on_preheated_kernels_with_the_visitors_game(browser: Any, voila_url: str) -> None:
    seen = []
    for players, seed in ((3, 5), (5, 6)):
        context = browser.new_context()
        page = context.new_page()
        url = f"{voila_url}/voila/render/tindahan_play.ipynb?players={players}&seed={seed}&delay=0"
        open_app(page, url, TABLE, "button.legal")
        kernel = page_kernel(page)
        used = re.escape(f"Using pre-heated kernel: {kernel} for tindahan_play.ipynb")
        log = wait_for_log(voila_url, lambda text, used=used: re.search(used, text) is not None)
        assert re.search(used, log), f"tindahan_play was not served from a preheated kernel ({kernel})"
        # The deal is the visitor's: the query string, read once they came, set players and seed.
        record = json.loads(page.locator('[data-role="record"]').text_content())
        assert (record["players"], record["seed"]) == (players, seed)
        seen.append(kernel)
        page.goto("about:blank")
        context.close()
    assert seen[0] != seen[1], "two visitors shared a kernel"
