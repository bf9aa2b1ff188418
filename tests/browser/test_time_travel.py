"""Time travel and pace in a play app, in a real browser (Tindahan): undo brings the previous position
back and redo repeats the move; the move log shows any past position under a review banner; a round end
pauses on its summary until Continue, and the table stays still while it waits (nothing redrawn: the
Continue button takes a plain click, or Enter); a finished game replays step by step to the same final
scores."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ARTIFACTS, engine_state, open_app, wait_idle

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"
PLAYERS = 3


def move_number(page: Any) -> int:
    return int(page.locator(TABLE).get_attribute("data-move") or 0)


def wait_move(page: Any, move: int) -> None:
    page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.move === '{move}'",
                           timeout=10_000)


def click_and_wait(page: Any, selector: str) -> None:
    """Click a control and wait until the table has been redrawn for what it asked."""
    stamp = "el => el.dataset.move + '/' + el.dataset.mode + '/' + el.dataset.shown"
    before = page.locator(TABLE).evaluate(stamp)
    page.locator(selector).first.click()
    page.wait_for_function(
        f"""b => {{ const el = document.querySelector('{TABLE}');
                    return el.dataset.move + '/' + el.dataset.mode + '/' + el.dataset.shown !== b; }}""",
        arg=before, timeout=10_000)


def shown_scores(page: Any) -> list[int]:
    return [int(page.locator(f'{TABLE} [data-role="score"][data-seat="{s}"]').inner_text().strip())
            for s in range(PLAYERS)]


def test_undo_redo_and_the_move_log(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/tindahan_play.ipynb?players={PLAYERS}&seed=5&delay=0", TABLE,
             "button.legal")
    wait_idle(page, TABLE)
    before = engine_state(page, TABLE)
    legal_before = page.eval_on_selector_all(f"{TABLE} button[data-action].legal",
                                             "els => els.map(e => e.dataset.action)")
    page.locator(f"{TABLE} button[data-action].legal").first.click()
    page.wait_for_function(f"m => document.querySelector('{TABLE}').dataset.move !== m",
                           arg=str(len(before.actions())), timeout=10_000)
    wait_idle(page, TABLE)
    after = engine_state(page, TABLE)
    assert len(after.actions()) > len(before.actions()) + 1, "the bots replied"

    # Undo: the previous position, the same cards offered.
    page.locator(f'{TABLE} [data-role="undo"]').click()
    wait_move(page, len(before.actions()))
    assert engine_state(page, TABLE).actions() == before.actions()
    assert page.eval_on_selector_all(f"{TABLE} button[data-action].legal",
                                     "els => els.map(e => e.dataset.action)") == legal_before
    # Redo: the move and the bots' replies again.
    page.locator(f'{TABLE} [data-role="redo"]').click()
    wait_move(page, len(after.actions()))
    assert engine_state(page, TABLE).actions() == after.actions()

    # The move log lists every move; choosing one shows that position under a banner.
    entries = page.locator(f'{TABLE} [data-role="log-entry"]')
    assert entries.count() == len(after.actions()) + 1
    click_and_wait(page, f'{TABLE} [data-role="log-entry"][data-to="1"]')
    banner = page.locator(f'{TABLE} [data-role="review"]')
    assert f"Looking at move 1 of {len(after.actions())}" in banner.inner_text()
    assert page.locator(TABLE).get_attribute("data-mode") == "review"
    assert page.locator(f"{TABLE} button[data-action].legal").count() == 0, "nothing offered in review"
    # Keyboard: the step buttons and Back to the game are buttons with names.
    page.locator(f'{TABLE} [data-role="step-next"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.shown === '2'", timeout=10_000)
    click_and_wait(page, f'{TABLE} [data-role="review-back"]')
    assert page.locator(TABLE).get_attribute("data-mode") == "play"
    # The bots' speed, chosen on the table, comes back from the kernel as chosen.
    speed = page.locator(f'{TABLE} select[data-role="speed"]')
    assert speed.get_attribute("aria-label")
    speed.select_option("1.5")
    page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.speed === '1.5'", timeout=10_000)
    assert speed.input_value() == "1.5"
    assert move_number(page) == len(after.actions())
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "time-travel-log.png"), full_page=True)
    assert not page.page_errors, page.page_errors


def test_a_round_pauses_and_a_finished_game_replays_to_its_scores(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/tindahan_play.ipynb?players={PLAYERS}&seed=8&delay=0", TABLE,
             "button.legal")
    pauses = []
    for _ in range(300):
        wait_idle(page, TABLE)
        root = page.locator(TABLE)
        summary = page.locator(f'{TABLE} [data-role="summary"]')
        if root.get_attribute("data-current") == "" and summary.count():
            break
        if root.get_attribute("data-paused") == "true":
            pause = page.locator(f'{TABLE} [data-role="pause"]')
            pauses.append(pause.inner_text())
            if len(pauses) == 1:
                page.screenshot(path=str(ARTIFACTS / "time-travel-pause.png"), full_page=True)
                assert idle_mutations(page) == 0, "the table is redrawn while it waits on the summary"
            press_continue(page, keyboard=len(pauses) > 1)
            continue
        legal = page.locator(f"{TABLE} button[data-action].legal")
        if not legal.count():
            continue
        move = root.get_attribute("data-move")
        legal.first.click()
        page.wait_for_function(f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=move,
                               timeout=10_000)
    else:
        pytest.fail("the game did not end")
    final = engine_state(page, TABLE)
    assert final.is_over
    assert len(pauses) >= 2, "both presses of Continue (mouse and keyboard) should have been met"
    assert "Round 1 is scored" in pauses[0] and "Continue" in pauses[0], pauses
    finals = [int(page.locator(f'{TABLE} [data-role="final-score"][data-seat="{s}"]').inner_text())
              for s in range(PLAYERS)]
    assert finals == final.scores()

    # Replay: from the start, step by step with the Next button, to the same final scores.
    click_and_wait(page, f'{TABLE} [data-role="replay"]')
    assert page.locator(TABLE).get_attribute("data-shown") == "0"
    assert shown_scores(page) == [0] * PLAYERS
    total = len(final.actions())
    for step in range(1, total + 1):
        page.locator(f'{TABLE} [data-role="step-next"]').click()
        page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.shown === '{step}'",
                               timeout=10_000)
    assert f"Looking at move {total} of {total}" in page.locator(f'{TABLE} [data-role="review"]').inner_text()
    assert shown_scores(page) == final.scores()
    assert page.locator(f'{TABLE} [data-role="step-next"]').is_disabled()
    assert not page.page_errors, page.page_errors


# Counts every change under the table (nodes, attributes, text) for `ms` while nobody acts.
IDLE_MUTATIONS = f"""ms => new Promise(resolve => {{
    const table = document.querySelector('{TABLE}');
    let changes = 0;
    const watch = new MutationObserver(list => {{ changes += list.length; }});
    watch.observe(table, {{subtree: true, childList: true, attributes: true, characterData: true}});
    setTimeout(() => {{ watch.disconnect(); resolve(changes); }}, ms);
}})"""

# What the Continue button is just after the press has been handled (the kernel has not answered yet).
AFTER_PRESS = f"""() => {{ window.reAfterPress = null;
    addEventListener('click', () => setTimeout(() => {{
        const b = document.querySelector('{TABLE} [data-role="continue"]');
        window.reAfterPress = b ? b.getAttribute('aria-disabled') + ' ' + b.textContent : 'gone';
    }}), {{capture: true, once: true}}); }}"""


def idle_mutations(page: Any, ms: int = 2000) -> int:
    return int(page.evaluate(IDLE_MUTATIONS, ms))


def press_continue(page: Any, *, keyboard: bool) -> None:
    """Press Continue as a learner does (the mouse: Playwright's own click, which fails on a button
    redrawn under the pointer; or the keyboard), and see it taken at once and the game go on."""
    button = page.locator(f'{TABLE} [data-role="continue"]')
    before = move_number(page)
    page.evaluate(AFTER_PRESS)
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click(timeout=10_000)
    # The press shows at once and takes no second press, however long the kernel takes to answer.
    page.wait_for_function("() => window.reAfterPress !== null", timeout=10_000)
    assert page.evaluate("window.reAfterPress") in ("true Continuing\u2026", "gone")
    # The kernel may still be drawing the round's first chart (plotly's first figure is slow to
    # build on a loaded machine) before it takes the press.
    page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.paused === 'false'",
                           timeout=30_000)
    wait_idle(page, TABLE)
    assert move_number(page) > before or page.locator(f"{TABLE} button[data-action].legal").count(), \
        "the bots did not play on"
