"""The Voila apps in a real browser: the hub, each play app played by clicking, checked against the engine."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

import explorer
from widgets.apps import finished_rounds
from widgets.hub import PREHEATED

from . import conftest
from .conftest import ARTIFACTS, SERVERS, TEST_POOL_SIZE, kernel_ids, page_kernel, serve_hub

pytestmark = pytest.mark.browser

# The README's screenshots; the tests refresh them only when asked (UPDATE_SCREENSHOTS=1), so a
# test run leaves the checkout as it was. Every run leaves its own in test-artifacts/.
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
TABLE = ".re-trick-table"


def open_app(page: Any, url: str) -> None:
    conftest.open_app(page, url, TABLE)


def wait_idle(page: Any) -> None:
    """Until the bots have moved and it is the learner's turn or the round/game has been scored."""
    conftest.wait_idle(page, TABLE)


def shown_scores(page: Any, players: int) -> list[int]:
    return [int(page.locator(f'{TABLE} [data-role="score"][data-seat="{s}"]').inner_text().strip())
            for s in range(players)]


def engine_state(page: Any) -> explorer.GameState:
    return conftest.engine_state(page, TABLE)


def test_hub_links_every_app(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=90_000)
    page.wait_for_selector("text=Rules Explorer", timeout=90_000)
    assert page.url.endswith("/voila/render/index.ipynb")
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))")
    for name in ("tindahan_walkthrough", "tindahan_play", "bastos_walkthrough", "bastos_play"):
        assert f"{name}.ipynb" in hrefs
    page.get_by_role("link", name="Play Tindahan", exact=True).click()  # not "Learn to play ..."
    page.wait_for_selector(TABLE, timeout=90_000)
    assert page.url.endswith("/voila/render/tindahan_play.ipynb")


@pytest.mark.parametrize(("game", "players"), [("tindahan", 3), ("bastos", 4)])
def test_play_a_round_by_clicking(page: Any, voila_url: str, game: str, players: int) -> None:
    open_app(page, f"{voila_url}/voila/render/{game}_play.ipynb?players={players}&seed=11&delay=0.05")
    rng = random.Random(3)
    illegal_checked = False
    for _ in range(400):
        wait_idle(page)
        if finished_rounds(engine_state(page)) >= 1:
            break  # the first round has been scored
        table = page.locator(TABLE)
        move = table.get_attribute("data-move")
        hand = page.locator(f"{TABLE} button[data-action]:not(.legal)")
        if not illegal_checked and hand.count():
            refused = hand.first.get_attribute("data-action")
            hand.first.click()
            error = page.locator(f'{TABLE} [data-role="error"]')
            error.wait_for(state="visible", timeout=10_000)
            text = error.inner_text()
            assert f"{game}." in text, f"the refusal of {refused} should name the rule: {text!r}"
            assert table.get_attribute("data-move") == move, "a refused click must change nothing"
            illegal_checked = True
        legal = page.locator(f"{TABLE} button[data-action].legal")
        assert legal.count(), "the learner's turn must offer a legal action"
        legal.nth(rng.randrange(legal.count())).click()
        page.wait_for_function(
            f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=move, timeout=10_000)
    else:
        pytest.fail("the round did not end")
    assert illegal_checked, "no illegal card was ever offered to click"
    page.wait_for_selector('[data-role="sheet"]', timeout=10_000)
    state = engine_state(page)
    assert finished_rounds(state) == 1 and not state.is_over
    assert "after round 1" in page.locator('[data-role="sheet"]').inner_text()
    assert shown_scores(page, players) == state.scores()
    totals = [int(page.locator(f'[data-role="sheet-total"][data-seat="{s}"]').inner_text())
              for s in range(players)]
    assert totals == state.scores()
    # The chart follows the sheet (observers run after the table's update): wait for it.
    page.wait_for_selector(".js-plotly-plot", timeout=30_000)
    folder = SCREENSHOTS if os.environ.get("UPDATE_SCREENSHOTS") else ARTIFACTS
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"{game}-play.png"), full_page=True)
    assert not page.page_errors, page.page_errors


APPS_BY_THEME = [("bastos_play", "players=3&seed=4", TABLE),
                 ("klongs_play", "players=3&seat=0&seed=2", ".re-klong-board")]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("app", "query", "root"), APPS_BY_THEME, ids=[a[0] for a in APPS_BY_THEME])
def test_table_follows_the_theme(page: Any, theme: str, app: str, query: str, root: str,
                                 request: pytest.FixtureRequest) -> None:
    base = request.getfixturevalue("voila_url" if theme == "light" else "dark_voila_url")
    conftest.open_app(page, f"{base}/voila/render/{app}.ipynb?{query}&delay=0", root)
    # The table's colours follow the theme, and every control is named (text or an aria-label).
    conftest.assert_follows_theme(page, root, theme)
    page.screenshot(path=str(ARTIFACTS / f"{app}-{theme}.png"), full_page=True)
    assert not page.page_errors, page.page_errors


def test_closed_pages_leave_no_kernels(browser: Any) -> None:
    """Voila as `./dev hub` starts it shuts a page's kernel down when the page closes: what remains
    is the pool of preheated kernels it keeps on purpose, nothing beyond it."""
    pool = len(PREHEATED) * TEST_POOL_SIZE
    with serve_hub("light") as base:
        pid = SERVERS[base].pid
        visited = []
        for _ in range(3):
            context = browser.new_context()
            page = context.new_page()
            open_app(page, f"{base}/voila/render/tindahan_play.ipynb?delay=0")
            visited.append(page_kernel(page))
            assert visited[-1] in kernel_ids(pid)
            # Leaving the page runs its unload handler, which asks the server to shut the kernel down.
            page.goto("about:blank")
            context.close()
        deadline = time.monotonic() + 20
        while set(visited) & kernel_ids(pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not set(visited) & kernel_ids(pid), "kernels of closed pages are still running"
        assert len(kernel_ids(pid)) <= pool, f"more kernels than the {pool} preheated ones: {kernel_ids(pid)}"
