"""The static site (`./dev site`) in Chromium: each kind of page, served by a plain file server on
127.0.0.1, its Python in the browser. The table is drawn (its picture first), a move is played and the
bots answer, a guided step and a walkthrough step are taken, practice, the rules page and the scorer
draw, the analysis page shows its stored answers, and the start page's links lead to the static pages.
Every request stays on the site's origin (the `page` fixture fails the test otherwise), and every page
keeps a clean console.

The long runs (each page kind opened 50 times, the load times of benchmarks/site_speed.py) are opt-in:
`./dev test -m long tests/browser/test_static_site.py`.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import explorer
from explorer import tutorials
from widgets.apps import finished_rounds

from .conftest import console_problems, engine_state, open_site_page, play_a_legal_move, wait_idle
from .test_tutorials import CLICKS, ROOTS, at_rest

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"
#: Link texts of the start page (the hub's) and the page each leads to.
START_LINKS = {"Play Tindahan": "tindahan_play.html", "Learn to play Tindahan": "tindahan_tutorial.html",
               "Tindahan walkthrough": "tindahan_walkthrough.html", "Play Bangkok Klongs": "klongs_play.html",
               "Practice": "practice.html", "Score your own table": "score_table.html"}


def test_the_start_page_is_the_root_and_links_to_the_static_pages(page: Any, site_url: str) -> None:
    open_site_page(page, site_url + "/", "text=Rules Explorer")
    hrefs = page.eval_on_selector_all("main a[href]", "els => els.map(e => e.getAttribute('href'))")
    assert [h for h in hrefs if ".ipynb" in h] == [], "a link still points at a notebook"
    for text, target in START_LINKS.items():
        assert page.get_by_role("link", name=text, exact=True).first.get_attribute("href") == target, text
    page.get_by_role("link", name="Play Tindahan", exact=True).click()
    page.wait_for_selector(f"{TABLE} button[data-action].legal", timeout=120_000)
    assert page.url.endswith("/tindahan_play.html")
    assert console_problems(page) == []


def test_a_play_page_shows_the_picture_then_plays_with_its_presets(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}/tindahan_play.html?players=3&seat=1&seed=11&delay=0.05&bots=heuristic",
              wait_until="domcontentloaded", timeout=60_000)
    # The engine's picture of a table is in the page's HTML: shown before any script has run.
    assert page.locator(".re-first-paint-stored .re-first-paint").count() == 1
    open_site_page(page, page.url, f"{TABLE} button[data-action]")
    state = engine_state(page, TABLE)
    assert (state.players, state.seed) == (3, 11), "the query string's presets must reach the app"
    assert page.locator(".re-first-paint-stored").count() == 0, "the live table replaces the picture"
    wait_idle(page, TABLE)
    assert engine_state(page, TABLE).current_player == 1, "the learner sits in seat 2 (seat=1)"
    move = int(page.locator(TABLE).get_attribute("data-move") or 0)
    page.locator(f"{TABLE} button[data-action].legal").first.click()
    # Played, then both bots answered: the table is the learner's again (or the round was scored).
    page.wait_for_function(f"() => Number(document.querySelector('{TABLE}').dataset.move) >= {move + 3}",
                           timeout=60_000)
    wait_idle(page, TABLE)
    after = engine_state(page, TABLE)
    assert after.current_player == 1 or finished_rounds(after) >= 1
    assert explorer.replay(after.to_record()).view(1)["legal"] == after.view(1)["legal"]
    assert console_problems(page) == []


def test_a_guided_step_is_taken(page: Any, site_url: str) -> None:
    script = tutorials.script("tindahan")
    final, _walked = tutorials.walk(script)
    root, click = ROOTS[script.game], CLICKS["tindahan"]
    open_site_page(page, f"{site_url}/tindahan_tutorial.html?delay=0&pause=0", root)
    page.locator(".re-tutorial-guide").wait_for(timeout=30_000)
    state = tutorials.Guide(script).start()
    actions = final.actions()
    move = 0  # the learner's first move: the bots' before it are played by the page itself
    while state.current_player != script.seat:
        state, move = state.play(actions[move]), move + 1
    at_rest(page, root, move)
    click(page, root, actions[move])
    state, move = state.play(actions[move]), move + 1
    while state.current_player != script.seat:  # the bots answer, up to the learner's next turn
        state, move = state.play(actions[move]), move + 1
    at_rest(page, root, move)
    assert console_problems(page) == []


def test_a_walkthrough_opens_at_its_step_and_steps_on(page: Any, site_url: str) -> None:
    open_site_page(page, f"{site_url}/tindahan_walkthrough.html?step=2", ".re-walkthrough-counter")
    counter = page.locator(".re-walkthrough-counter").first
    assert counter.inner_text().strip().startswith("Step 2 of"), counter.inner_text()
    page.locator(".re-walkthrough-stepper button", has_text="Next step").first.click()
    page.locator(".re-walkthrough-counter", has_text="Step 3 of").first.wait_for(timeout=30_000)
    # The book's checks below the table are the notebook's stored outputs, as nbval keeps them.
    assert "reproduced" in (page.locator("main").text_content() or "")  # folded: not inner_text
    assert console_problems(page) == []


@pytest.mark.parametrize(("path", "ready", "words"), [
    ("practice.html?game=tindahan&level=1", "button:has-text('Check')", "Tindahan"),
    ("rules.html?game=klongs&rule=klongs.draw.stack", ".re-rules", "Bangkok Klongs"),
    ("score_table.html?game=bastos&players=3", ".re-scorer-form-bastos", "Bastos"),
])
def test_practice_rules_and_scorer_draw(page: Any, site_url: str, path: str, ready: str, words: str) -> None:
    open_site_page(page, f"{site_url}/{path}", ready)
    assert words in page.locator("main").inner_text()
    assert console_problems(page) == []


def test_the_analysis_page_shows_its_stored_answers_and_says_sweeps_need_the_hub(page: Any,
                                                                                  site_url: str) -> None:
    open_site_page(page, f"{site_url}/analysis.html", ".js-plotly-plot")
    page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 3", timeout=60_000)
    assert "needs the hub" in page.locator(".re-hub-only").inner_text()
    assert console_problems(page) == []


def test_every_notebook_has_its_page(site_url: str) -> None:
    from staticsite.build import OUT
    from staticsite.pages import NOTEBOOKS

    listed = json.loads((OUT / "site.json").read_text())["pages"]
    assert sorted(listed) == sorted(f"{path.stem}.html" for path in NOTEBOOKS.glob("*.ipynb"))


def test_a_game_in_progress_is_offered_back_after_a_reload(page: Any, site_url: str) -> None:
    url = f"{site_url}/tindahan_play.html?players=3&seed=11&delay=0&pause=0"
    open_site_page(page, url, f"{TABLE} button[data-action].legal")
    played = play_a_legal_move(page, TABLE)
    page.reload(wait_until="domcontentloaded")
    open_site_page(page, page.url, '[data-role="kept"]')
    moves = len(played.actions())
    assert f"{moves} move" in page.locator('[data-role="kept"]').inner_text()
    page.locator('[data-role="kept-resume"]').click()
    page.wait_for_function(f"() => Number(document.querySelector('{TABLE}')?.dataset.move) >= {moves}")
    wait_idle(page, TABLE)
    assert engine_state(page, TABLE).actions()[:moves] == played.actions()

    # A kept record this version cannot replay (an older build's) is refused in a sentence.
    page.evaluate("""() => {
        for (const key of Object.keys(localStorage)) {
            const kept = JSON.parse(localStorage.getItem(key));
            kept.record.actions.push('not-a-move');
            localStorage.setItem(key, JSON.stringify(kept));
        }
    }""")
    page.reload(wait_until="domcontentloaded")
    open_site_page(page, page.url, '[data-role="kept-resume"]')
    page.locator('[data-role="kept-resume"]').click()
    error = page.locator(f'{TABLE} [data-role="error"]')
    error.wait_for(timeout=30_000)
    assert "could not be resumed" in error.inner_text()
    assert page.locator(f"{TABLE} button[data-action].legal").count() > 0, "the table plays on"
    assert console_problems(page) == []


def test_any_plain_file_server_serves_it(page: Any) -> None:
    """Python's own `http.server`, with no cache headers and no configuration: a page plays."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    from staticsite.build import OUT

    from .conftest import free_port

    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(OUT))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined, method-assign]
    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}"
        open_site_page(page, f"{url}/bastos_play.html?players=3", f"{TABLE} button[data-action]")
        assert console_problems(page) == []
    finally:
        httpd.shutdown()
        httpd.server_close()


#: One page of each kind, with what shows it is drawn: the 50-load run opens each in turn.
KINDS = {"index.html": "text=Rules Explorer", "tindahan_play.html": f"{TABLE} button[data-action]",
         "klongs_play.html": ".re-klong-board", "bangkok_tutorial.html": ".re-tutorial-guide",
         "bastos_walkthrough.html": ".re-walkthrough-counter", "practice.html": "button:has-text('Check')",
         "rules.html": ".re-rules", "score_table.html": ".re-scorer", "analysis.html": ".js-plotly-plot",
         "klongs_editions.html": "main h1"}
LOADS = int(os.environ.get("SITE_LOADS", "50"))


@pytest.mark.long
@pytest.mark.parametrize("path", list(KINDS))
def test_every_page_kind_opens_fifty_times(browser: Any, site_url: str, path: str) -> None:
    """`./dev test -m long tests/browser/test_static_site.py` (SITE_LOADS=N for another count)."""
    from .conftest import watched_page

    broken: list[str] = []
    for load in range(LOADS):
        context = browser.new_context(viewport={"width": 1280, "height": 900})  # a fresh profile
        page = watched_page(context)
        try:
            open_site_page(page, f"{site_url}/{path}", KINDS[path])
            problems = console_problems(page)
            if problems:
                broken.append(f"load {load + 1}: {problems}")
        except Exception as exc:
            broken.append(f"load {load + 1}: {type(exc).__name__}: {str(exc)[:300]}")
        finally:
            context.close()
        assert not page.outside_requests, f"load {load + 1} asked another origin: {page.outside_requests}"
    assert broken == [], f"{len(broken)} of {LOADS} loads of {path} broke: {broken[:5]}"
