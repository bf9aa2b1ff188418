"""Time travel and pace in a play app, in a real browser (Tindahan): undo brings the previous position
back and redo repeats the move; the move log shows any past position under a review banner; a round end
pauses on its summary until Continue; a finished game replays step by step to the same final scores."""

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
            click_and_wait_pause(page)
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
    assert pauses and "Round 1 is scored" in pauses[0] and "Continue" in pauses[0], pauses
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


def click_and_wait_pause(page: Any) -> None:
    page.locator(f'{TABLE} [data-role="continue"]').click()
    # The kernel may still be drawing the round's first chart (plotly's first figure is slow to
    # build on a loaded machine) before it takes the click.
    page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.paused === 'false'",
                           timeout=30_000)
