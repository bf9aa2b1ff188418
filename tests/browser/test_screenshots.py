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


def test_learning_pages_screenshots(page: Any, voila_url: str) -> None:
    """The learning pages: a guided game two moves in (the guide and its outline), a practice question
    marked, the rules page searched and an own table scored."""
    page.set_viewport_size({"width": 1280, "height": 900})
    SCREENSHOTS.mkdir(exist_ok=True)
    conftest.open_app(page, f"{voila_url}/voila/render/tindahan_tutorial.ipynb?delay=0.1", ".re-trick-table")
    table = page.locator(".re-trick-table")
    page.locator('.re-trick-table[data-busy="false"] .re-hand button.legal').first.wait_for(timeout=60_000)
    page.locator('.re-trick-table .re-hand button[data-action^="mango-"]').first.click()
    page.locator('.re-trick-table[data-busy="false"][data-current="0"]').wait_for(timeout=60_000)
    page.wait_for_timeout(500)
    page.locator(".re-tutorial").first.screenshot(path=str(SCREENSHOTS / "tindahan_tutorial.png"))
    assert table.count() == 1 and conftest.console_problems(page) == []

    page.goto(f"{voila_url}/voila/render/practice.ipynb?game=tindahan&kind=legal&seed=5",
              wait_until="domcontentloaded", timeout=90_000)
    page.get_by_role("button", name="Check").wait_for(timeout=120_000)
    page.locator(".re-practice input[type=checkbox]").first.check()
    page.get_by_role("button", name="Check").click()
    page.get_by_role("status").first.wait_for(timeout=30_000)
    page.locator(".re-practice").first.screenshot(path=str(SCREENSHOTS / "practice.png"))
    assert conftest.console_problems(page) == []

    page.goto(f"{voila_url}/voila/render/rules.ipynb?game=tindahan&rule=tindahan.follow-suit",
              wait_until="domcontentloaded", timeout=90_000)
    page.locator(".re-rules").first.wait_for(timeout=120_000)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SCREENSHOTS / "rules.png"))
    assert conftest.console_problems(page) == []

    page.goto(f"{voila_url}/voila/render/score_table.ipynb?game=tindahan&players=3",
              wait_until="domcontentloaded", timeout=90_000)
    page.locator(".re-scorer-form-tindahan").wait_for(timeout=120_000)
    for number, (tricks, held, bananas) in enumerate([(3, 5, 3), (4, 0, 0), (2, 7, 2)]):
        for label, count in (("Tricks", tricks), ("In hand", held), ("banana stall", bananas)):
            box = page.locator(f".re-scorer .re-scorer-seat-{number}").get_by_label(label)
            box.fill(str(count))
            box.press("Tab")
    page.get_by_label("Trump", exact=True).select_option(label="durian")
    page.get_by_role("button", name="Score").click()
    page.locator(".re-scorer [data-role=totals]").wait_for(timeout=30_000)
    page.locator(".re-scorer").first.screenshot(path=str(SCREENSHOTS / "score_table.png"))
    assert conftest.console_problems(page) == []
