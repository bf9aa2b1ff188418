"""The speed settings are in force on the hub as `./dev hub` serves it: kernel websockets that send each
frame at once (TCP_NODELAY, read back from the served sockets), and play apps that open on preheated
kernels while still dealing each visitor's own game (the query string is read after the visitor came).
And the table's quicker update path sends exactly what ipywidgets would."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import ipywidgets
import pytest

import explorer
from widgets._kinds import widget_for
from widgets._scheduler import FakeClock

from .conftest import LOGS, nodelay_sockets, open_app, page_kernel

TABLE = ".re-trick-table"


def wait_for_log(base: str, found: Any, timeout: float = 20.0) -> str:
    """The hub's log once ``found(log)`` holds (the server writes it a moment after the page shows)."""
    deadline = time.monotonic() + timeout
    while True:
        log = LOGS[base].read_text()
        if found(log) or time.monotonic() > deadline:
            return log
        time.sleep(0.3)


@pytest.mark.browser
def test_kernel_websockets_send_at_once(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/bastos_play.ipynb?players=3&delay=0", TABLE, "button.legal")
    kernel = page_kernel(page)
    log = wait_for_log(voila_url, lambda text: kernel in nodelay_sockets(text))
    assert nodelay_sockets(log).get(kernel) == 1, "the page's kernel websocket is not TCP_NODELAY"


@pytest.mark.browser
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


@pytest.mark.parametrize(("game", "players"), [("tindahan", 4), ("bangkok", 4), ("klongs", 2)])
def test_table_updates_send_what_ipywidgets_would(game: str, players: int) -> None:
    clock = FakeClock()
    table = widget_for(game)(explorer.new_game(game, players=players, seed=3), 0, bot_delay=0.3,
                             scheduler=clock)
    sent: list[tuple[Any, Any]] = []
    table._send = lambda msg, buffers=None: sent.append((json.loads(json.dumps(msg)), buffers))
    clicks = 0
    while clicks < 4 and not table.state.is_over:
        clock.advance(5)
        legal = table.view["legal"]
        if table.state.current_player != 0 or not legal:
            continue
        sent.clear()
        assert table.handle_intent({"type": "play", "action": legal[0], "move": table.view["move_number"]})
        assert len(sent) == 1, "one update message per click"
        keys = sorted(sent[0][0]["state"])
        ipywidgets.Widget.send_state(table, keys)  # what ipywidgets itself sends for the same traits
        assert sent[0] == sent[1]
        clicks += 1
    assert clicks == 4
