"""Issue 8's "Done when", as a new learner meets the apps in Chromium.

- Every page (the hub, each play app, each walkthrough) opens with a clean console: no uncaught
  exception, no console error, no warning but the widget managers' upstream version notes
  (``conftest.UPSTREAM_VERSION_WARNING`` says why those stay).
- Each play app, played by clicking what the table highlights (a learner's way: a highlighted card,
  boat or space, then where it goes), never shows a 0-based seat, notation or Python text anywhere a
  learner reads: the page's text, the menus' options, tooltips and accessible names.
- Each walkthrough's table is in the first screen of a 1280x800 window (test_walkthroughs.py).

The plain-words checks depend on every game helper's texts (events, refusals, labels, menus) and the
shell's (the seat menu, the move log): they fail, naming the text, wherever one still speaks notation.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from . import conftest
from ._plain_words import learner_text, notation_found
from .conftest import ARTIFACTS
from .test_walkthroughs import WALKTHROUGHS

pytestmark = pytest.mark.browser

PLAY_APPS = {  # app -> (its widget root, a query that makes a short, quick game)
    "tindahan_play": (".re-trick-table", "players=3&seed=5&delay=0"),
    "bastos_play": (".re-trick-table", "players=4&seed=5&delay=0"),
    "bangkok_play": (".re-bangkok", "players=2&seed=5&delay=0"),
    "klongs_play": (".re-klong-board", "players=3&seat=0&seed=5&delay=0"),
}
WIDGET = ".re-widget"

def wait_settled(page: Any, root: str) -> None:
    conftest.wait_idle(page, root)
    page.wait_for_timeout(150)  # a pause summary or a highlighted bot move drawn after the state


def learner_click(page: Any, root: str, rng: random.Random, avoid: str = "") -> bool:
    """One learner click: a Continue on a round summary, else a highlighted move (an element whose
    action is complete first, else a highlighted first step: a card, a boat), but none that matches
    the CSS selector ``avoid``. False if none."""
    resume = page.locator(f"{root} button", has_text=re.compile(r"^\s*Continue"))
    if resume.count() and resume.first.is_visible() and resume.first.is_enabled():
        resume.first.click()
        return True
    for selector in (f"{root} [data-action].legal", f"{root} button.legal, {root} .legal[tabindex]"):
        options = [el for el in page.locator(selector).all() if el.is_visible() and el.is_enabled()
                   and not (avoid and el.evaluate("(el, avoid) => el.matches(avoid)", avoid))]
        if options:
            rng.choice(options).click()
            return True
    return False


def learner_turn(page: Any, root: str, rng: random.Random, avoid: str = "") -> bool:
    """Click as a learner until the table moves on (at most a few clicks); False if nothing to do."""
    move = page.locator(root).get_attribute("data-move")
    for _ in range(6):
        if not learner_click(page, root, rng, avoid):
            return False
        try:
            page.wait_for_function(
                f"m => document.querySelector('{root}').dataset.move !== m"
                f" || !!document.querySelector('{root} [data-role=\"error\"]:not([hidden])')",
                arg=move, timeout=1_500)
        except Exception:  # a first step (a card chosen): the next click completes the move
            continue
        dismiss = page.locator(f'{root} [data-role="dismiss"]')
        if dismiss.count() and dismiss.first.is_visible():
            dismiss.first.click()
        if page.locator(root).get_attribute("data-move") != move:
            return True
    return True


@pytest.mark.parametrize("app", sorted(PLAY_APPS))
def test_a_learner_reads_plain_words(page: Any, voila_url: str, app: str) -> None:
    """Depends on every game helper's and the shell's learner texts (issue 8 items 1 and 2)."""
    root, query = PLAY_APPS[app]
    conftest.open_app(page, f"{voila_url}/voila/render/{app}.ipynb?{query}", root)
    rng = random.Random(8)
    found: set[str] = set()
    for _ in range(30):
        wait_settled(page, root)
        found |= set(notation_found(learner_text(page)))
        if not learner_turn(page, root, rng):
            break
    wait_settled(page, root)
    found |= set(notation_found(learner_text(page)))
    page.screenshot(path=str(ARTIFACTS / f"learner-{app}.png"), full_page=True)
    assert not found, "\n".join(sorted(found))
    assert conftest.console_problems(page) == []


PAGES = ["index", *sorted(PLAY_APPS), *WALKTHROUGHS]


# Opt-in (-m long: pytest tests/browser/test_learner.py -m long): every page's console is already
# checked by the tests that open it (the play apps, each walkthrough's first screen, the hub); this
# one also waits for the network to settle and counts the upstream version warnings, page by page.
@pytest.mark.long
@pytest.mark.parametrize("name", PAGES)
def test_every_page_opens_with_a_clean_console(page: Any, voila_url: str, name: str) -> None:
    query = PLAY_APPS[name][1] if name in PLAY_APPS else ""
    url = f"{voila_url}/voila/render/{name}.ipynb" + (f"?{query}" if query else "")
    page.goto(url, wait_until="domcontentloaded", timeout=90_000)
    ready = "a[href$='_play.ipynb']" if name == "index" else WIDGET
    page.wait_for_selector(ready, timeout=90_000)
    page.wait_for_load_state("networkidle", timeout=60_000)
    assert conftest.console_problems(page) == []
    versions = [text for kind, text in page.console_log if kind == "warning"]
    assert len(versions) <= 13, versions  # the managers' notes only, once per shared module


def test_the_hub_is_a_start_page(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=90_000)
    page.wait_for_selector("a[href$='_play.ipynb']", timeout=90_000)
    text = str(page.locator("body").inner_text())
    assert "four" in text and "three games" not in text and "New here? Start with" in text, text[:400]
    links = set(page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))"))
    for name in [*PLAY_APPS, *WALKTHROUGHS]:
        assert f"{name}.ipynb" in links, name
    # No developer output: no code, tracebacks, engine-versus-book lines or Python values.
    assert page.locator(".jp-OutputArea-output pre, .jp-RenderedText").count() == 0
    assert not re.search(r"examples reproduced|engine \d|Traceback|\bTrue\b|\bFalse\b", text), text
    assert conftest.console_problems(page) == []
