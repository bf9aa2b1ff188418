"""Bangkok Klongs in a real browser: a whole 2-player game against a bot, played by clicking the board.

The learner's moves are chosen by the engine's heuristic player from the learner's own view (rebuilt
from the record the page shows) and then carried out the way a person would: a hand boat, then a lit
space; an own boat, then where it goes; on a market day a landing, then the boat to take. The points
the board shows for a landing, the scores and the final summary are checked against the engine.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest

import explorer
from explorer.klongs import HeuristicBot

from . import conftest
from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

ROOT_SEL = ".re-klong-board"
SEED = 7  # a 2-player game in which the learner scores landings, steals and inspects


# The shared page helpers, for the klong board.
open_app = partial(conftest.open_app, root=ROOT_SEL, ready="button.legal")
_wait_idle = partial(conftest.wait_idle, root=ROOT_SEL)


def wait_idle(page: Any) -> None:
    """Until the bots have moved; a market day's summary (the shell's pause) is continued first."""
    _wait_idle(page)
    while page.locator(ROOT_SEL).get_attribute("data-paused") == "true":
        page.locator(f'{ROOT_SEL} [data-role="continue"]').first.click()
        page.wait_for_function(f"() => document.querySelector('{ROOT_SEL}').dataset.paused !== 'true'",
                               timeout=10_000)
        _wait_idle(page)
engine_state = partial(conftest.engine_state, root=ROOT_SEL)


def click_and_wait(page: Any, locator: Any) -> None:
    """Click an action and wait until the board has moved on."""
    move = page.locator(ROOT_SEL).get_attribute("data-move")
    locator.click()
    page.wait_for_function(f"m => document.querySelector('{ROOT_SEL}').dataset.move !== m", arg=move,
                           timeout=10_000)


def landing_gains(after: explorer.GameState) -> dict[str, int]:
    """What the landing just scored paid each colour, as the engine's event tells it."""
    scored = after.view(0)["events"][-1]
    assert scored["kind"] == "score", scored
    return dict(scored["points"])


# Notation a learner must never read on the table: boat ids, actions, seat numbers, track codes.
NOTATION = re.compile(r"boat\d\d|\b(?:place|move|score|steal|inspect|merchant|draw):\S|\bseats? \d"
                      r"|\bLMD\b|\bBMD\b")


def check_plain_table(page: Any) -> None:
    """The board's visible text: no notation; coordinates around the board; the key open beside it."""
    text = page.locator(ROOT_SEL).inner_text()
    assert not NOTATION.search(text), NOTATION.search(text)
    columns = page.locator(f"{ROOT_SEL} .re-coord-col").all_inner_texts()
    rows = page.locator(f"{ROOT_SEL} .re-coord-row").all_inner_texts()
    assert columns == list("abcdefghij") and rows == [str(r) for r in range(1, 9)], (columns, rows)
    key = page.locator(f'{ROOT_SEL} [data-role="key"]')
    assert key.get_attribute("open") is not None
    words = key.inner_text()
    assert "little market day" in words and "Lb2 lies between b2, c2, b3 and c3" in words


def check_bot_moves_marked(page: Any, state: explorer.GameState) -> None:
    """Yellow's (the bot's) moves since the learner acted are outlined on the board and captioned."""
    events = state.view(0)["events"]
    mine = max((i for i, e in enumerate(events) if e["seat"] == 0), default=-1)
    placed = [e["space"] for e in events[mine + 1:] if e["seat"] == 1 and e["kind"] == "place"]
    if not placed:
        return
    marked = page.locator(f"{ROOT_SEL} .re-space.re-just-played").evaluate_all(
        "els => els.map(e => e.dataset.space)")
    assert set(placed) <= set(marked), (placed, marked)
    caption = page.locator(f'{ROOT_SEL} [data-role="just-played"]').inner_text()
    assert "Yellow just played" in caption and "Yellow placed" in caption and placed[-1] in caption, caption


def check_illegal_space(page: Any) -> None:
    """A dark space is still clickable: the engine's reason and rule appear, nothing changes."""
    dark = page.locator(f'{ROOT_SEL} .re-space[data-action^="place:"]:not(.legal)').first
    conftest.assert_refused_click(page, ROOT_SEL, dark, "klongs.place.")


def place_by_keyboard(page: Any, boat: str, space: str) -> None:
    """Choose the boat with Enter, walk the board with the arrow keys, place with Enter."""
    page.locator(f'{ROOT_SEL} button[data-boat="{boat}"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{ROOT_SEL} button[data-boat="{boat}"][aria-pressed="true"]', timeout=5_000)
    target = page.locator(f'{ROOT_SEL} .re-space[data-action="place:{boat}@{space}"]')
    assert "legal" in (target.get_attribute("class") or "")
    target.focus()
    there, back = ("ArrowDown", "ArrowUp") if int(space[1:]) == 1 else ("ArrowUp", "ArrowDown")
    page.keyboard.press(there)
    page.keyboard.press(back)
    focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.space")
    assert focused == space, "the arrow keys walk the board and come back"
    move = page.locator(ROOT_SEL).get_attribute("data-move")
    page.keyboard.press("Enter")
    page.wait_for_function(f"m => document.querySelector('{ROOT_SEL}').dataset.move !== m", arg=move,
                           timeout=10_000)


def test_whole_two_player_game_by_clicking(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/klongs_play.ipynb?players=2&seat=0&seed={SEED}&delay=0.05")
    learner = HeuristicBot(seed=5)
    seen: set[str] = set()
    scored_days: set[str] = set()
    landing_checks = 0
    marked_checks = 0
    hand_focus: int | None = None  # the move number after which the keyboard should be back in the hand
    for _ in range(400):
        wait_idle(page)
        root = page.locator(ROOT_SEL)
        state = engine_state(page)
        if state.is_over:
            break
        assert root.get_attribute("data-current") == "0" == str(state.current_player)
        assert root.get_attribute("data-phase") == state.view(0)["phase"]
        view = state.view(0)
        if view["phase"] == "turn" and marked_checks < 6:
            check_plain_table(page)
            check_bot_moves_marked(page, state)
            marked_checks += 1
        if hand_focus is not None and view["phase"] == "turn":
            later = [e["kind"] for e in view["events"]][hand_focus:]
            if "market" not in later:  # (a market day's pause may hold the focus on its own button)
                inside = page.evaluate("() => Boolean(document.activeElement?.closest('.re-hand'))")
                assert inside, "after the bots' turns the keyboard is back in the learner's hand"
            hand_focus = None
        action = learner.choose(view)
        moves = view["targets"].get("move", {})
        if "move" not in seen and moves and view["phase"] == "after":
            src = sorted(moves)[0]
            action = f"move:{src}-{moves[src][0]}"  # the bot never moves; move once all the same
        choice = view["choices"][action]  # the action's parts, as the engine names them
        kind = choice["type"]
        if kind == "place":
            boat, space = choice["boat"], choice["space"]
            if "place" not in seen:
                check_illegal_space(page)
                place_by_keyboard(page, boat, space)
            else:
                page.locator(f'{ROOT_SEL} button[data-boat="{boat}"]').click()
                click_and_wait(page, page.locator(f'{ROOT_SEL} .re-space.legal[data-action="{action}"]'))
        elif kind == "move":
            src = choice["from"]
            page.locator(f'{ROOT_SEL} .re-space[data-from="{src}"]').click()
            click_and_wait(page, page.locator(f'{ROOT_SEL} .re-space.legal[data-action="{action}"]'))
        elif kind == "score":
            landing = choice["landing"]
            page.locator(f'{ROOT_SEL} button.re-landing[data-landing="{landing}"]').click()
            detail = page.locator(f'{ROOT_SEL} [data-role="landing-points"][data-landing="{landing}"]')
            detail.wait_for(timeout=5_000)
            shown = {el.get_attribute("data-colour"): int(el.inner_text())
                     for el in detail.locator('[data-role="landing-colour-points"]').all()}
            assert shown == landing_gains(state.play(action)), f"points shown for {landing}"
            landing_checks += 1
            scored_days.add(page.locator(f'{ROOT_SEL} [data-role="market"]').inner_text().split("\n")[0])
            click_and_wait(page, page.locator(f'{ROOT_SEL} .re-space.legal[data-action="{action}"]'))
        elif kind == "end" and "end" not in seen:
            # Ending the turn from the keyboard: the focus must find its way back to the hand.
            page.locator(f'{ROOT_SEL} button.legal[data-action="{action}"]').first.focus()
            move = root.get_attribute("data-move")
            page.keyboard.press("Enter")
            page.wait_for_function(f"m => document.querySelector('{ROOT_SEL}').dataset.move !== m", arg=move,
                                   timeout=10_000)
            hand_focus = len(view["events"])
        else:
            click_and_wait(page, page.locator(f'{ROOT_SEL} button.legal[data-action="{action}"]').first)
        seen.add(kind)
        # The shown scores follow the engine after every click.
        wait_idle(page)
        after = engine_state(page)
        shown_scores = [int(page.locator(f'{ROOT_SEL} [data-role="score"][data-seat="{s}"]').inner_text())
                        for s in range(2)]
        assert shown_scores == after.scores()
    else:
        pytest.fail("the game did not end")
    assert {"place", "move", "merchant", "score", "end"} <= seen, seen
    assert landing_checks >= 1 and any("Little Market Day" in day for day in scored_days), scored_days
    assert marked_checks >= 3
    state = engine_state(page)
    assert state.is_over
    summary = page.locator(f'{ROOT_SEL} [data-role="summary"]')
    summary.wait_for(timeout=10_000)
    winners = [("You", "Yellow")[s] for s in state.outcome().winners]  # type: ignore[union-attr]
    assert all(name in summary.inner_text() for name in winners)
    finals = [int(page.locator(f'{ROOT_SEL} [data-role="final-score"][data-seat="{s}"]').inner_text())
              for s in range(2)]
    assert finals == state.scores()
    page.wait_for_selector('[data-role="sheet"]', timeout=10_000)
    assert "Final score sheet" in page.locator('[data-role="sheet"]').inner_text()
    totals = [int(page.locator(f'[data-role="sheet-total"][data-seat="{s}"]').inner_text()) for s in range(2)]
    assert totals == state.scores()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "klongs-game-over-light.png"), full_page=True)
    assert not page.page_errors, page.page_errors


def test_klong_board_on_a_phone(page: Any, voila_url: str) -> None:
    """On a 390 x 844 phone the board scrolls sideways under a visible cue, the panels stack below it,
    and the page itself does not scroll sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, f"{voila_url}/voila/render/klongs_play.ipynb?players=2&seat=0&seed={SEED}&delay=0.05")
    wait_idle(page)
    wrap = page.locator(f"{ROOT_SEL} .re-board-wrap")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth"), "the board is wider than a phone"
    cue = page.locator(f'{ROOT_SEL} [data-role="scroll-cue"]')
    assert cue.is_visible() and "scroll it sideways" in cue.inner_text()
    board = page.locator(f"{ROOT_SEL} .re-board-wrap").bounding_box()
    hand = page.locator(f"{ROOT_SEL} .re-hand-box").bounding_box()
    assert board and hand and hand["y"] >= board["y"] + board["height"], "the panels stack below the board"
    assert hand["x"] + hand["width"] <= 391
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 391
    check_plain_table(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "klongs-phone.png"))
    assert not page.page_errors, page.page_errors


def test_hub_links_the_klongs_pages(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=90_000)
    page.wait_for_selector("text=Bangkok Klongs", timeout=90_000)
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))")
    for name in ("klongs_walkthrough", "klongs_specials", "klongs_readings", "klongs_editions",
                 "klongs_play"):
        assert f"{name}.ipynb" in hrefs, name
    page.get_by_role("link", name="Play Bangkok Klongs", exact=True).click()  # not "Learn to play ..."
    page.wait_for_selector(f"{ROOT_SEL} button.legal", timeout=90_000)
    assert page.url.endswith("/voila/render/klongs_play.ipynb")


def test_walkthrough_steps_through_john_s_market_day(page: Any, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/klongs_walkthrough.ipynb", wait_until="domcontentloaded",
              timeout=90_000)
    tour = page.locator(".re-walkthrough").first
    tour.locator(ROOT_SEL).wait_for(timeout=90_000)
    for _ in range(4):  # Mary's two steps, then John's landing up to the market day
        tour.locator("button:has-text('Next step')").click()
    page.wait_for_function(
        f"() => document.querySelector('.re-walkthrough {ROOT_SEL}')?.dataset.phase === 'market'",
        timeout=10_000)
    tour.locator(f'{ROOT_SEL} button.re-landing[data-landing="Lb2"]').click()
    detail = tour.locator(f'{ROOT_SEL} [data-role="landing-points"][data-landing="Lb2"]')
    detail.wait_for(timeout=5_000)
    shown = {el.get_attribute("data-colour"): int(el.inner_text())
             for el in detail.locator('[data-role="landing-colour-points"]').all()}
    assert shown == {"green": 10, "red": 5}, "the book's 10 and 5"
    click_and_wait(page, tour.locator(f'{ROOT_SEL} .re-space.legal[data-action="score:Lb2>b2"]'))
    # The walkthrough's caption is a widget of its own, updated after the board's: on a busy machine
    # it comes a moment later.
    page.wait_for_function(
        "() => document.querySelector('.re-walkthrough')?.innerText.includes('trying moves')",
        timeout=15_000)
    page.screenshot(path=str(ARTIFACTS / "klongs-walkthrough.png"), full_page=True)
    assert not page.page_errors, page.page_errors
