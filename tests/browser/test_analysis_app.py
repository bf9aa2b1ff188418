"""The analysis app in Voila: the three answers with their charts, and a sweep of one's own run from the
page with its progress and results."""

from __future__ import annotations

from typing import Any

import pytest

from . import conftest

pytestmark = pytest.mark.browser


def test_the_analysis_app_answers_and_runs_a_sweep(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/voila/render/analysis.ipynb", wait_until="domcontentloaded", timeout=90_000)
    page.wait_for_selector("text=Does Bangkok's expert variant change the scores?", timeout=120_000)
    page.wait_for_selector(".js-plotly-plot", timeout=60_000)
    text = str(page.locator("body").inner_text())
    assert "must not touch" in text and "first-seat advantage" in text and "95% interval" in text
    assert page.locator(".js-plotly-plot").count() >= 3  # one chart per answer, drawn by the page's plotly

    games = page.get_by_label("Games each")
    try:  # the second cell's form is drawn after the answers' charts: on a busy machine, much later
        games.wait_for(timeout=180_000)
    except Exception as exc:  # say what the page showed instead of a bare timeout
        raise AssertionError("no sweep form; the page ends with: "
                             + str(page.locator("body").inner_text())[-1500:]) from exc
    games.fill("5")
    games.press("Tab")
    page.get_by_role("button", name="Run").click()
    page.wait_for_selector("text=games played", timeout=120_000)
    page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 7", timeout=60_000)
    assert "win share" in str(page.locator("body").inner_text())
    assert conftest.console_problems(page) == []
