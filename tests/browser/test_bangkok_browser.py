"""Bangkok in a real browser: a whole solo game and a whole 2-player game, played by clicking.

The learner's moves are chosen by the engine's heuristic player from the learner's own view (rebuilt
from the record the page shows) and carried out the way a person would: a hand card, then a lit end
of the port, then one of the collections offered; in the market phase a card, then a lit place. The
scores, the scoring overlay, the final summary and the score sheet are checked against the engine.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import explorer
from explorer.bangkok import HeuristicBot
from explorer.bangkok import State as BangkokState

from . import conftest
from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

ROOT_SEL = ".re-bangkok"
# What no visible text of the table may show: a 0-based seat, a card id, chilli or place notation, an
# action. (Goods keep their letters P Z B F on the cards: they are told apart by letter and shape.)
NOTATION = re.compile(r"[Ss]eat \d|#\d\d|![1-4]|\b[abc][1-3]\b|\b[RC][1-3][LRTB]\b"
                      r"|\b(?:place|market|renew):\S")


def check_plain_words(page: Any, checks: dict[str, int]) -> None:
    """The table speaks plain words; after a bot's move, it is marked and told ("Boon lays ...")."""
    text = page.locator(ROOT_SEL).inner_text()
    assert not NOTATION.search(text), NOTATION.search(text)
    caption = page.locator(f'{ROOT_SEL} [data-role="just-played"]')
    if caption.count():
        assert caption.inner_text().startswith("Just played:"), caption.inner_text()
        assert "Boon " in caption.inner_text()
        assert page.locator(f"{ROOT_SEL} .re-just-played").count() >= 1
        checks["just-played"] = checks.get("just-played", 0) + 1


def open_app(page: Any, url: str) -> None:
    conftest.open_app(page, url, ROOT_SEL, "button.legal")


def wait_idle(page: Any) -> None:
    conftest.wait_idle(page, ROOT_SEL)


def engine_state(page: Any) -> explorer.GameState:
    return conftest.engine_state(page, ROOT_SEL)


def css(value: str) -> str:
    """``value`` quoted for a CSS attribute selector (notations hold ``!``, ``>``, ``=`` and ``,``)."""
    return json.dumps(value)


def click_and_wait(page: Any, locator: Any) -> None:
    """Click an action and wait until the table has moved on."""
    move = page.locator(ROOT_SEL).get_attribute("data-move")
    locator.click()
    page.wait_for_function(f"m => document.querySelector('{ROOT_SEL}').dataset.move !== m", arg=move,
                           timeout=10_000)


def hand_card(page: Any, view: dict[str, Any], face: str) -> Any:
    card_id = next(c["id"] for c in view["hand"] if c["card"] == face)
    return page.locator(f"{ROOT_SEL} button[data-card={css(card_id)}]")


def play(page: Any, view: dict[str, Any], action: str) -> None:
    """Carry out ``action`` by clicking as a learner would."""
    kind, _, body = action.partition(":")
    if kind == "place":
        face, _, rest = body.partition("@")
        end = rest.partition(">")[0]
        hand_card(page, view, face).click()
        end_button = page.locator(f"{ROOT_SEL} button[data-end={css(end)}]")
        assert "legal" in (end_button.get_attribute("class") or ""), f"{end} should light up for {face}"
        end_button.click()
        page.locator(f'{ROOT_SEL} [data-role="collections"]').wait_for(timeout=5_000)
        click_and_wait(page, page.locator(f"{ROOT_SEL} .re-collect button.legal[data-action={css(action)}]"))
    elif kind == "market":
        face = body.partition("@")[0]
        hand_card(page, view, face).click()
        click_and_wait(page, page.locator(f"{ROOT_SEL} .re-market button.legal[data-action={css(action)}]"))
    else:
        click_and_wait(page, page.locator(f"{ROOT_SEL} button.legal[data-action={css(action)}]").first)


def check_illegal_end(page: Any, view: dict[str, Any]) -> bool:
    """An end that is not lit still answers: the engine's reason and rule appear, nothing changes."""
    for cell in view["hand"]:
        page.locator(f"{ROOT_SEL} button[data-card={css(cell['id'])}]").click()
        dark = page.locator(f'{ROOT_SEL} .re-port-grid button[data-action^="place:"]:not(.legal)')
        if dark.count():
            conftest.assert_refused_click(page, ROOT_SEL, dark.first, "bangkok.")
            page.locator(f"{ROOT_SEL} button[data-card={css(cell['id'])}]").click()  # unchoose
            return True
        page.locator(f"{ROOT_SEL} button[data-card={css(cell['id'])}]").click()
    return False


def place_by_keyboard(page: Any, view: dict[str, Any], action: str) -> None:
    """Enter on a hand card moves to the lit ends; the arrow keys go round them; Enter, Enter."""
    face, _, rest = action[len("place:"):].partition("@")
    end = rest.partition(">")[0]
    hand_card(page, view, face).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.dataset.end !== undefined", timeout=5_000)
    for _ in range(12):
        if page.evaluate("() => document.activeElement.dataset.end") == end:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.end") == end
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.classList.contains('re-collect-option')",
                           timeout=5_000)
    for _ in range(6):
        if page.evaluate("() => document.activeElement.dataset.action") == action:
            break
        page.keyboard.press("ArrowRight")
    move = page.locator(ROOT_SEL).get_attribute("data-move")
    page.keyboard.press("Enter")
    page.wait_for_function(f"m => document.querySelector('{ROOT_SEL}').dataset.move !== m", arg=move,
                           timeout=10_000)


def check_overlay(page: Any, state: explorer.GameState, seat: int) -> int:
    """The scoring overlay lists the engine's own market lines for ``seat``; returns how many."""
    toggle = page.locator(f'{ROOT_SEL} [data-role="overlay"]')
    if toggle.get_attribute("aria-pressed") != "true":
        toggle.click()
    lines = page.locator(f'{ROOT_SEL} [data-role="scoring"][data-seat="{seat}"] [data-role="line"]')
    sheet = state.market_sheet(seat, reveal=True)  # type: ignore[attr-defined]
    shown = [(b.locator(".re-line-label").inner_text(), int(b.locator(".re-line-points").inner_text()))
             for b in lines.all()]
    assert shown == [(line.label, line.points) for line in sheet.lines]
    chilli = [i for i, line in enumerate(sheet.lines) if line.cell]
    if chilli:
        lines.nth(chilli[0]).click()
        cell = sheet.lines[chilli[0]].cell
        market = page.locator(f'{ROOT_SEL} .re-market[data-seat="{seat}"]')
        badge = market.locator(f'[data-cell="{cell}"] .re-points-badge')
        assert int(badge.inner_text()) == sheet.lines[chilli[0]].points
        assert page.locator(f'{ROOT_SEL} .re-market[data-seat="{seat}"] .re-area').count() >= 2
    toggle.click()
    return len(shown)


def shown_scores(page: Any, players: int) -> list[int]:
    return [int(page.locator(f'{ROOT_SEL} [data-role="score"][data-seat="{s}"]').inner_text())
            for s in range(players)]


def play_whole_game(page: Any, players: int, checks: dict[str, int]) -> explorer.GameState:
    learner = HeuristicBot(seed=5)
    for _ in range(300):
        wait_idle(page)
        state = engine_state(page)
        if state.is_over:
            return state
        root = page.locator(ROOT_SEL)
        assert root.get_attribute("data-current") == "0" == str(state.current_player)
        assert isinstance(state, BangkokState)
        assert root.get_attribute("data-phase") == state.phase
        check_plain_words(page, checks)
        view = state.view(0)
        action = learner.choose(view)
        kind = action.partition(":")[0]
        if kind == "place" and not checks.get("illegal") and check_illegal_end(page, view):
            checks["illegal"] = 1
        if kind == "place" and not checks.get("keyboard"):
            place_by_keyboard(page, view, action)
            checks["keyboard"] = 1
            # After the bots' replies (if any) the focus is back on the table, on a move to make.
            wait_idle(page)
            if not engine_state(page).is_over:
                page.wait_for_function("() => document.activeElement?.matches('.re-bangkok button.legal')",
                                       timeout=10_000)
        else:
            play(page, view, action)
        checks[kind] = checks.get(kind, 0) + 1
        wait_idle(page)
        after = engine_state(page)
        assert shown_scores(page, players) == after.scores()
        if not checks.get("overlay") and any(line.cell for line in after.market_sheet(0).lines):  # type: ignore[attr-defined]
            checks["overlay"] = check_overlay(page, after, 0)
    pytest.fail("the game did not end")


def check_game_over(page: Any, state: explorer.GameState, names: list[str]) -> None:
    summary = page.locator(f'{ROOT_SEL} [data-role="summary"]')
    summary.wait_for(timeout=10_000)
    if state.players > 1:
        winners = [names[s] for s in state.outcome().winners]  # type: ignore[union-attr]
        assert all(name in summary.inner_text() for name in winners)
    finals = [int(page.locator(f'{ROOT_SEL} [data-role="final-score"][data-seat="{s}"]').inner_text())
              for s in range(state.players)]
    assert finals == state.scores() == shown_scores(page, state.players)
    page.wait_for_selector('[data-role="sheet"]', timeout=10_000)
    assert "Final score sheet" in page.locator('[data-role="sheet"]').inner_text()
    totals = [int(page.locator(f'[data-role="sheet-total"][data-seat="{s}"]').inner_text())
              for s in range(state.players)]
    assert totals == state.scores()
    page.wait_for_selector(".js-plotly-plot", timeout=30_000)


def test_whole_solo_game_by_clicking(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/bangkok_solo.ipynb?seed=4&delay=0.05")
    checks: dict[str, int] = {}
    state = play_whole_game(page, 1, checks)
    assert state.players == 1 and state.is_over
    assert checks.get("illegal") and checks.get("keyboard") and checks.get("place", 0) >= 5, checks
    check_game_over(page, state, ["You"])
    title = page.locator(".js-plotly-plot .gtitle").text_content() or ""
    assert f"Your {state.scores()[0]} points" in title, title
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bangkok-solo-over.png"), full_page=True)
    assert not page.page_errors, page.page_errors


def test_whole_two_player_game_by_clicking(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/bangkok_play.ipynb?players=2&seat=0&seed=3&delay=0.05")
    checks: dict[str, int] = {}
    state = play_whole_game(page, 2, checks)
    assert state.players == 2 and state.is_over
    assert checks.get("place", 0) >= 4 and checks.get("market", 0) >= 4 and checks.get("overlay"), checks
    assert checks.get("just-played", 0) >= 3, checks
    check_game_over(page, state, ["You", "Boon"])
    page.locator(ROOT_SEL).screenshot(path=str(ARTIFACTS / "bangkok-2p-over.png"))
    assert not page.page_errors, page.page_errors


def test_hub_links_the_bangkok_pages(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=90_000)
    page.wait_for_selector("text=Rules Explorer", timeout=90_000)
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.getAttribute('href'))")
    for name in ("bangkok_hand", "bangkok_port", "bangkok_market", "bangkok_renew", "bangkok_scoring",
                 "bangkok_variants", "bangkok_play", "bangkok_solo"):
        assert f"{name}.ipynb" in hrefs, name




@pytest.mark.parametrize("theme", ["light", "dark"])
def test_table_follows_the_theme(page: Any, theme: str, request: pytest.FixtureRequest) -> None:
    base = request.getfixturevalue("voila_url" if theme == "light" else "dark_voila_url")
    open_app(page, f"{base}/voila/render/bangkok_play.ipynb?players=3&seat=0&seed=2&delay=0")
    root = page.locator(ROOT_SEL)
    # A card chosen, an end chosen: the collections with their reasons, and the overlay on; then the
    # colours and every button's accessible name, in that busiest state.
    page.locator(f"{ROOT_SEL} .re-hand button.legal").first.click()
    page.locator(f"{ROOT_SEL} .re-port-grid button.legal").first.click()
    page.locator(f'{ROOT_SEL} [data-role="collections"]').wait_for(timeout=5_000)
    page.locator(f'{ROOT_SEL} [data-role="overlay"]').click()
    conftest.assert_follows_theme(page, ROOT_SEL, theme)
    # Goods are told apart by letter and shape, not only colour.
    letters = page.eval_on_selector_all(f"{ROOT_SEL} .re-port .re-good-letter",
                                        "els => els.map(e => e.textContent)")
    assert letters and set(letters) <= set("PZBF")
    # The key: every good with its letter and shape, every chilli type with what it scores.
    key = page.locator(f'{ROOT_SEL} [data-role="legend"]')
    assert key.locator(".re-legend-types li").count() == 4
    assert "Type 3: 2 points for each pair" in key.inner_text()
    assert "first-player token" in root.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / f"bangkok-play-{theme}.png"))
    assert not page.page_errors, page.page_errors
