"""The learn notebook in JupyterLab, light and dark: run from a blank slate, it draws every game's table
(the engine's static pictures, readable on the theme), shows each refused move's rule and reason, checks
the exercises and ends with the interactive table."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

import explorer

from .conftest import ARTIFACTS, ROOT, free_port, luminance, wait_for

pytestmark = pytest.mark.browser

read_notebook: Callable[..., Any] = nbformat.read  # untyped in nbformat
write_notebook: Callable[..., Any] = nbformat.write
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


@pytest.fixture(params=sorted(THEMES))
def lab(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    theme = str(request.param)
    settings = tmp_path / "settings" / "@jupyterlab"
    for plugin, values in {
        "apputils-extension/themes": {"theme": THEMES[theme]},
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "notebook-extension/tracker": {"windowingMode": "none", "autoStartDefaultKernel": True},
    }.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    work = tmp_path / "notebooks"
    work.mkdir()
    # A blank slate: no stored outputs, so every picture on the page comes from running the cells.
    notebook = read_notebook(ROOT / "notebooks" / "learn.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    notebook.metadata.pop("widgets", None)
    write_notebook(notebook, work / "learn.ipynb")
    shutil.copy(ROOT / "notebooks" / "index.ipynb", work / "index.ipynb")
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "binder" / "jupyter_config")}
    with (ARTIFACTS / f"learn-{theme}.log").open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
             f"--port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
             "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={work}",
             f"--LabApp.user_settings_dir={tmp_path / 'settings'}",
             f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
             "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            cwd=work, stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_for(base + "/api/status", timeout=240)  # a busy machine starts JupyterLab slowly
            yield base, theme
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def run_all(page: Any, base: str) -> None:
    page.goto(f"{base}/lab/tree/learn.ipynb?reset", timeout=90_000)
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
    page.get_by_role("menuitem", name="Run All Cells", exact=True).first.click(timeout=30_000)


def test_the_learn_notebook_draws_tables_and_refusals_in_jupyterlab(page: Any, lab: tuple[str, str]) -> None:
    base, theme = lab
    run_all(page, base)
    try:
        # The last cell continues the Klongs game as the interactive table.
        page.locator(".re-klong-board").first.wait_for(timeout=180_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"learn-{theme}-failed.png"))
        errors = page.eval_on_selector_all("[data-mime-type='application/vnd.jupyter.stderr']",
                                           "els => els.map(e => e.textContent.slice(0, 400))")
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
    checks = page.locator(".jp-OutputArea-output", has_text="✓ your rule agrees with the engine")
    assert checks.count() == len(explorer.GAMES)
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
