"""The learn notebook in JupyterLab, light and dark: run from a blank slate, it draws every game's table
(the engine's static pictures, readable on the theme), shows each refused move's rule and reason, marks
each game's exercise and ends with the interactive table."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

import explorer

from ._lab import THEMES, run_all, serve_lab, stderr_of
from .conftest import ARTIFACTS, ROOT, luminance

pytestmark = pytest.mark.browser

read_notebook: Callable[..., Any] = nbformat.read  # untyped in nbformat
write_notebook: Callable[..., Any] = nbformat.write


@pytest.fixture(params=sorted(THEMES))
def lab(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    theme = str(request.param)

    def fill(work: Path) -> None:
        work.mkdir()
        # A blank slate: no stored outputs, so every picture on the page comes from running the cells.
        notebook = read_notebook(ROOT / "notebooks" / "learn.ipynb", as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        notebook.metadata.pop("widgets", None)
        write_notebook(notebook, work / "learn.ipynb")
        shutil.copy(ROOT / "notebooks" / "index.ipynb", work / "index.ipynb")

    with serve_lab(tmp_path, theme, f"learn-{theme}.log", fill) as base:
        yield base, theme


def test_the_learn_notebook_draws_tables_and_refusals_in_jupyterlab(page: Any, lab: tuple[str, str]) -> None:
    base, theme = lab
    run_all(page, base, "learn.ipynb")
    try:
        # The last cell continues the Klongs game as the interactive table.
        page.locator(".re-klong-board").first.wait_for(timeout=180_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"learn-{theme}-failed.png"))
        errors = stderr_of(page)
        raise AssertionError(f"the notebook did not run to its end; stderr {errors}") from None
    for game in explorer.GAMES:
        pictures = page.locator(f"figure.re-picture-{game}")
        assert pictures.count() >= 1, game
        # The game's last picture comes after a move: that move is outlined.
        assert pictures.last.locator(".re-just-played").count() >= 1, game
    # Each game's refused move shows its reason and its rule's text.
    refusals = page.locator("[data-role=refusal]")
    assert refusals.count() == len(explorer.GAMES)
    first = refusals.first.inner_text()
    assert "you must follow banana" in first
    assert explorer.tindahan.RULES["tindahan.follow-suit"].text in first
    assert page.locator("[data-role=score-sheet] [data-role=totals]").count() == 1
    # Each game's exercise, drawn by explorer.exercises, marked right once and wrong once.
    marked = page.locator(".jp-OutputArea-output", has_text="Not quite.")
    assert marked.count() == len(explorer.GAMES)
    assert page.locator(".jp-OutputArea-output", has_text="Right.").count() >= len(explorer.GAMES)
    # Readable on the theme: the words around the pieces follow it, the pieces keep dark ink on light tiles.
    figure = page.locator("figure.re-picture-tindahan").first
    text = figure.locator("[data-role=turn]").evaluate("el => getComputedStyle(el).color")
    card = figure.locator(".re-card").first
    ink = card.evaluate("el => getComputedStyle(el).color")
    fill = card.evaluate("el => getComputedStyle(el).backgroundColor")
    assert luminance(ink) < 0.3 < luminance(fill), (ink, fill)
    if theme == "dark":
        assert luminance(text) > 0.5, text
    else:
        assert luminance(text) < 0.5, text
    figure.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"learn-{theme}.png"))
    assert not page.page_errors, page.page_errors
