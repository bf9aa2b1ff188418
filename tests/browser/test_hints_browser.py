"""The Hint button in a play app, in a real browser (Tindahan, the quickest app to open): it is a
named, keyboard-reachable button; pressed, it shows that it is thinking, then the best moves in the
board's words with their reasons and odds; a suggestion is marked on the board; "Why?" beside a bot's
move says what the bot saw; the console stays clean."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from .conftest import console_problems, engine_state, open_app, wait_idle

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"
NOTATION = re.compile(r"\b[a-z]+-\d+\b")  # banana-10: how a card's notation looks


def test_hint_shows_plain_word_suggestions_and_why(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/tindahan_play.ipynb?players=3&seed=5&delay=0&pause=0", TABLE,
             "button.legal")
    wait_idle(page, TABLE)
    hint = page.locator(f'{TABLE} [data-role="hint"]')
    assert hint.get_attribute("aria-label", timeout=10_000).startswith("Hint")
    assert hint.get_attribute("title")
    hint.focus()  # reachable by keyboard: Enter presses it
    started = time.perf_counter()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{TABLE} [data-role="hint-item"]', timeout=30_000)
    took = time.perf_counter() - started
    items = page.locator(f'{TABLE} [data-role="hint-item"]')
    assert 1 <= items.count() <= 3
    moves = items.locator('[data-role="hint-move"]').all_inner_texts()
    reasons = items.locator('[data-role="hint-reason"]').all_inner_texts()
    first = items.first.inner_text()
    assert all(m.strip() and not NOTATION.search(m) for m in moves), moves  # words, not notation
    assert all(r.strip() for r in reasons) and not any(NOTATION.search(r) for r in reasons), reasons
    assert re.search(r"wins (about \d+ games? in 10|almost|none|every)", first, re.I)
    assert "best opponent" in first
    # Marking the best move puts a mark on that card on the board.
    items.first.locator('[data-role="hint-show"]').click()
    page.wait_for_selector(f"{TABLE} button[data-action].re-hinted", timeout=10_000)
    assert items.first.locator('[data-role="hint-show"]').get_attribute("aria-pressed") == "true"
    # Play it: the move is made, the bots reply, and the hint (of the old position) is gone.
    move = int(page.locator(TABLE).get_attribute("data-move") or 0)
    items.first.locator('[data-role="hint-play"]').click()
    page.wait_for_function(f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=str(move),
                           timeout=10_000)
    wait_idle(page, TABLE)
    assert page.locator(f'{TABLE} [data-role="hint-item"]').count() == 0
    # "Why?" beside a bot's move: what the bot saw, in words.
    why = page.locator(f'{TABLE} [data-role="why"]').first
    assert why.get_attribute("aria-label").startswith("Why did")
    why.click()
    answer = page.locator(f'{TABLE} [data-role="why-answer"]')
    answer.wait_for(timeout=30_000)
    assert "chose" in answer.inner_text() and "rules of thumb" in answer.inner_text()
    assert not console_problems(page), console_problems(page)
    print(f"hint answered in the browser in {took:.2f} s")


def test_a_whole_game_against_the_strong_bots(page: Any, voila_url: str) -> None:
    """Chosen in the link (`bots=strong`), the searching bots play every other seat of a whole Tindahan
    game against a learner who clicks; the table ends with the engine's scores."""
    url = f"{voila_url}/voila/render/tindahan_play.ipynb?players=3&seed=8&delay=0&pause=0&bots=strong"
    open_app(page, url, TABLE, "button.legal")
    rng = random.Random(8)
    for _ in range(200):
        wait_idle(page, TABLE)
        if engine_state(page, TABLE).is_over:
            break
        table = page.locator(TABLE)
        move = table.get_attribute("data-move")
        legal = page.locator(f"{TABLE} button[data-action].legal")
        assert legal.count(), "the learner's turn must offer a legal action"
        legal.nth(rng.randrange(legal.count())).click()
        page.wait_for_function(f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=move,
                               timeout=60_000)
    else:
        pytest.fail("the game did not end")
    state = engine_state(page, TABLE)
    assert state.is_over and len(state.scores()) == 3
    assert "strong" in page.locator("body").inner_text().lower()  # the level the learner plays against
    assert console_problems(page) == []
