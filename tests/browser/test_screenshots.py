"""The README's screenshots, refreshed on request: ``README_SCREENSHOTS=1 .venv/bin/python -m pytest
tests/browser/test_screenshots.py -p no:cacheprovider``.

Each play app is opened on a fixed deal and played a few moves by clicking as a learner would, then
its table is photographed in a 1280-wide window; a walkthrough is photographed two steps in, with
its stepper. Without README_SCREENSHOTS the tests are skipped, so a test run leaves the checkout as
it was.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from . import conftest
from .test_learner import PLAY_APPS, learner_turn, wait_settled

ASKED = bool(os.environ.get("README_SCREENSHOTS"))
pytestmark = [pytest.mark.browser, pytest.mark.skipif(not ASKED, reason="README_SCREENSHOTS=1 asks")]

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
#: A few learner moves into each game, so the pictures show a game under way.
MOVES = {"tindahan_play": 4, "bastos_play": 6, "bangkok_play": 3, "klongs_play": 3}


@pytest.mark.parametrize("app", sorted(PLAY_APPS))
def test_play_app_screenshot(page: Any, voila_url: str, app: str) -> None:
    root, query = PLAY_APPS[app]
    page.set_viewport_size({"width": 1280, "height": 1200})
    conftest.open_app(page, f"{voila_url}/voila/render/{app}.ipynb?{query}", root)
    rng = random.Random(1)
    for _ in range(MOVES[app]):
        wait_settled(page, root)
        learner_turn(page, root, rng, avoid='[data-action^="renew"]')  # a market being built
    wait_settled(page, root)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator(root).first.screenshot(path=str(SCREENSHOTS / f"{app}.png"))
    assert conftest.console_problems(page) == []


def test_walkthrough_screenshot(page: Any, voila_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    conftest.open_app(page, f"{voila_url}/voila/render/tindahan_walkthrough.ipynb", ".re-walkthrough",
                      ".re-widget")
    tour = page.locator(".re-walkthrough").first
    for step in (2, 3):
        tour.locator("button", has_text="Next step").first.click()
        page.wait_for_function(
            "n => document.querySelector('.re-walkthrough-counter')?.textContent.includes(`Step ${n} of`)",
            arg=step, timeout=30_000)
    page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "tindahan_walkthrough.png"))
    assert conftest.console_problems(page) == []


@pytest.mark.parametrize("game", ["tindahan", "bastos", "bangkok", "klongs"])
def test_state_picture_screenshot(page: Any, game: str) -> None:
    """The static picture a state draws of itself in a notebook (``state.picture()``), a few bot moves in."""
    import explorer
    from explorer.table import Table

    cls = explorer.game_class(game)
    table = Table(explorer.new_game(game, players=min(4, cls.MAX_PLAYERS), seed=3), "heuristic")
    table.play_out(limit=7)
    html = table.state.picture().html
    page.set_viewport_size({"width": 900, "height": 900})
    page.set_content(f"<!doctype html><html><body style='margin:8px;background:#fff'>{html}</body></html>")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.locator("body > *").first.screenshot(path=str(SCREENSHOTS / f"{game}-picture.png"))
