"""The analysis app in Voila (and the same notebook in JupyterLab): the three answers with their
charts, and a sweep of one's own run from the page with its progress and results."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import conftest
from ._lab import run_all, serve_lab, stderr_of
from .conftest import ARTIFACTS, ROOT

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


@pytest.fixture
def analysis_lab(tmp_path: Path) -> Iterator[str]:
    def fill(work: Path) -> None:
        work.mkdir()
        shutil.copy(ROOT / "notebooks" / "analysis.ipynb", work / "analysis.ipynb")
        shutil.copytree(ROOT / "notebooks" / "data", work / "data")

    with serve_lab(tmp_path, "light", "analysis-jupyterlab.log", fill) as base:
        yield base


def test_the_analysis_notebook_runs_in_jupyterlab(page: Any, analysis_lab: str) -> None:
    """The same notebook in JupyterLab: run from the menu, it draws the answers' charts with JupyterLab's
    plotly renderer and plays a sweep from its form."""
    run_all(page, analysis_lab, "analysis.ipynb")
    try:
        page.get_by_label("Games each").wait_for(timeout=180_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "analysis-jupyterlab-failed.png"))
        raise AssertionError(f"the notebook did not run to its end; stderr {stderr_of(page)}") from None
    page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 3", timeout=60_000)
    games = page.get_by_label("Games each")
    games.fill("5")
    games.press("Tab")
    page.get_by_role("button", name="Run", exact=True).click()
    page.locator(".jp-OutputArea-output", has_text="games played").first.wait_for(timeout=120_000)
    page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 7", timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "analysis-jupyterlab.png"))
    assert not page.page_errors, page.page_errors
