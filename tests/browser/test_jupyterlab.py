"""The widgets in JupyterLab itself, light and dark: open a walkthrough, run it, play a card.

JupyterLab runs with Binder's server configuration (binder/jupyter_config, as binder/start sets it),
so these tests also check that Binder's kernel websockets send at once (TCP_NODELAY)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ._lab import THEMES, run_all, serve_lab, stderr_of
from .conftest import ARTIFACTS, ROOT, assert_follows_theme, nodelay_sockets

pytestmark = pytest.mark.browser

@pytest.fixture(params=sorted(THEMES))
def lab_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    theme = str(request.param)

    def fill(work: Path) -> None:
        shutil.copytree(ROOT / "notebooks", work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))

    with serve_lab(tmp_path, theme, f"jupyterlab-{theme}.log", fill) as base:
        yield base, theme


def test_walkthrough_runs_and_plays_in_jupyterlab(page: Any, lab_url: tuple[str, str]) -> None:
    base, theme = lab_url
    run_all(page, base, "tindahan_walkthrough.ipynb")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-InputPrompt')].some(p => /\\[\\d+\\]/.test(p.textContent))",
        timeout=60_000)
    table = page.locator(".re-trick-table").first
    try:
        table.wait_for(timeout=90_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"jupyterlab-{theme}-failed.png"))
        errors = stderr_of(page)
        prompts = page.eval_on_selector_all(".jp-InputPrompt", "els => els.map(e => e.textContent)")
        raise AssertionError(f"no table drawn; prompts {prompts}; stderr {errors}") from None
    page.wait_for_function("() => document.querySelector('.re-trick-table')?.dataset.busy === 'false'",
                           timeout=30_000)
    move = table.get_attribute("data-move")
    legal = table.locator("button[data-action].legal")
    assert legal.count() >= 1
    legal.first.click()
    page.wait_for_function("m => document.querySelector('.re-trick-table').dataset.move !== m",
                           arg=move, timeout=20_000)
    dark = page.evaluate("() => document.body.dataset.jpThemeLight")
    assert dark == ("false" if theme == "dark" else "true")
    # The widget draws with the theme's colours (common.css follows --jp-layout-color*).
    page.screenshot(path=str(ARTIFACTS / f"jupyterlab-{theme}.png"))
    assert_follows_theme(page, ".re-trick-table", theme)
    assert not page.page_errors, page.page_errors
    # The notebook's kernel websocket had TCP_NODELAY set, read back from the socket by the server.
    nodelay = nodelay_sockets((ARTIFACTS / f"jupyterlab-{theme}.log").read_text())
    assert nodelay and set(nodelay.values()) == {1}, nodelay


SAVED = '''# %%
import explorer
from widgets import TrickTableWidget

TrickTableWidget(explorer.new_game("tindahan", players=3, seed=1), seat=None, bots=None, bot_delay=0)
'''


@pytest.mark.parametrize("lab_url", ["light"], indirect=True)
def test_a_built_notebook_shows_its_saved_table_before_it_runs(page: Any, lab_url: tuple[str, str],
                                                               tmp_path: Path) -> None:
    """notebooks/build.py stores the widgets' state: JupyterLab draws the table from it, unrun, once the
    notebook is trusted (binder/postBuild trusts the project's notebooks; untrusted outputs are shown as
    their plain text only)."""
    from tests.notebooks.test_notebooks_built import load_builder

    base, _theme = lab_url
    source = tmp_path / "saved.py"
    source.write_text(SAVED)
    builder: Any = load_builder()
    built = builder.build_file(source, tmp_path / "notebooks" / "saved.ipynb")
    subprocess.run([sys.executable, "-m", "nbformat.sign", "--log-level=WARN", str(built)], check=True)
    page.goto(f"{base}/lab/tree/saved.ipynb?reset", timeout=90_000)
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    # JupyterLab's widget manager draws the saved state only once the notebook's kernel has started and
    # answered which widgets it holds (none here): on a busy machine that alone takes tens of seconds.
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=120_000)
    table = page.locator(".re-trick-table").first
    try:
        table.wait_for(timeout=60_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-saved-widgets-failed.png"))
        status = page.locator(".jp-StatusBar-Widget").all_inner_texts()
        raise AssertionError(f"no saved table drawn; status bar {status}") from None
    prompts = page.eval_on_selector_all(".jp-InputPrompt", "els => els.map(e => e.textContent.trim())")
    assert prompts and all(p in ("[1]:", "[ ]:") for p in prompts), prompts  # the stored run, not a new one
    assert table.locator("button[data-action]").count() >= 10  # a hand of cards, drawn from the saved view
    assert "VBox(children=" not in page.locator(".jp-Notebook").inner_text()
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-saved-widgets.png"))
    assert not page.page_errors, page.page_errors
