"""On the hub, a game in progress is kept in the learner's browser (widgets/_keep.py, static/keep.js):
after a reload, which starts a new kernel (as a culled or lost one would), the play app offers the game
back, and "Resume it" replays it to the same position; "Start afresh" forgets it."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import console_problems, engine_state, open_app, play_a_legal_move, wait_idle

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"


def test_a_reload_on_the_hub_offers_the_game_back(page: Any, voila_url: str) -> None:
    url = f"{voila_url}/voila/render/bastos_play.ipynb?players=3&seed=4&delay=0&pause=0"
    open_app(page, url, TABLE, "button[data-action].legal")
    played = play_a_legal_move(page, TABLE)
    page.reload(wait_until="domcontentloaded")  # a new page view: a new kernel, with a fresh game
    page.locator('[data-role="kept"]').wait_for(timeout=90_000)
    page.locator('[data-role="kept-resume"]').click()
    moves = len(played.actions())
    page.wait_for_function(f"() => Number(document.querySelector('{TABLE}')?.dataset.move) >= {moves}",
                           timeout=30_000)
    wait_idle(page, TABLE)
    assert engine_state(page, TABLE).actions()[:moves] == played.actions()

    page.reload(wait_until="domcontentloaded")  # kept again as it went on: offered again
    page.locator('[data-role="kept-discard"]').click(timeout=90_000)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(f"{TABLE} button[data-action]", timeout=90_000)
    page.wait_for_timeout(500)
    assert page.locator('[data-role="kept"]').count() == 0, "a game set aside is not offered again"
    assert console_problems(page) == []
