"""Every walkthrough in a real browser, as a learner first sees it: the table and its stepper in the
first screen of a 1280x800 window (most of the table, not only its top), Next moving the step, no
notation on the page and no 0-based seat in the caption, and a clean console."""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import conftest
from ._plain_words import notation_found
from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

WALKTHROUGHS = [
    "tindahan_walkthrough",
    "bastos_walkthrough",
    "bangkok_hand",
    "bangkok_port",
    "bangkok_market",
    "bangkok_renew",
    "bangkok_scoring",
    "bangkok_variants",
    "klongs_walkthrough",
    "klongs_specials",
    "klongs_readings",
]
SCREEN = {"width": 1280, "height": 800}
TOUR = ".re-walkthrough"
ZERO_BASED_SEAT = re.compile(r"\bSeat \d")


def step_counter(tour: Any) -> str:
    return str(tour.locator(".re-walkthrough-counter").inner_text()).strip()


@pytest.mark.parametrize("name", WALKTHROUGHS)
def test_the_table_and_its_stepper_come_first(page: Any, voila_url: str, name: str) -> None:
    page.set_viewport_size(SCREEN)
    conftest.open_app(page, f"{voila_url}/voila/render/{name}.ipynb", TOUR, ".re-widget")
    tour = page.locator(TOUR).first
    table = tour.locator(".re-widget").first
    next_button = tour.locator("button", has_text="Next step").first
    next_button.wait_for(timeout=30_000)
    table_box, next_box = table.bounding_box(), next_button.bounding_box()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"walkthrough-{name}.png"))
    assert table_box is not None, name
    # The table starts in the first screen and most of it is there (at least 300 px or all of it).
    assert (table_box["y"] < SCREEN["height"] - 300
            or table_box["y"] + table_box["height"] <= SCREEN["height"]), (name, table_box)
    assert next_box is not None and next_box["y"] + next_box["height"] <= SCREEN["height"], (name, next_box)
    # The stepper sits beside the table, not above it.
    stepper = tour.locator(".re-walkthrough-stepper").first.bounding_box()
    assert stepper is not None, name
    assert stepper["x"] >= table_box["x"] + table_box["width"] - 1, (stepper, table_box)

    # A walkthrough steps through the book's positions: the shell shows no Restart, undo or bot speed
    # (the view's walkthrough extra; depends on the shell's timeline.js).
    roles = ("undo", "redo", "speed", "restart")
    controls = tour.locator(", ".join(f'[data-role="{role}"]' for role in roles))
    assert [c.get_attribute("data-role") for c in controls.all() if c.is_visible()] == [], name

    first = step_counter(tour)
    assert re.fullmatch(r"Step 1 of \d+", first), first
    caption = str(tour.locator(".re-walkthrough-stepper").inner_text())
    assert not notation_found(str(tour.inner_text())), name
    next_button.click()
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel + ' .re-walkthrough-counter')"
        "?.textContent.trim() !== old", arg=[TOUR, first], timeout=30_000)
    assert step_counter(tour).startswith("Step 2 of"), step_counter(tour)
    caption += str(tour.locator(".re-walkthrough-stepper").inner_text())
    assert not ZERO_BASED_SEAT.search(caption), caption
    assert "{" not in caption, caption  # no Python dicts on screen
    assert conftest.console_problems(page) == []
