"""The trick table as a learner meets it in Chromium (issue 8): seats named ("You", "Ben (bot)"), a key
to the table's symbols, the bots' latest moves marked in words, the focus back on the hand when the
bots hand the turn back, and the last trick of a finished round still reviewable."""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import conftest

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"
JUST_PLAYED = re.compile(r"^(Ana|Ben|Carlo|Dina) just (played|sent|moved|picked|raised|lowered) ")


def open_app(page: Any, url: str) -> None:
    conftest.open_app(page, url, TABLE, "button[data-action]")


def my_turn(page: Any) -> None:
    page.wait_for_function(
        f"() => {{ const t = document.querySelector('{TABLE}');"
        f" return t && t.dataset.busy === 'false' && t.querySelector('button[data-action].legal'); }}",
        timeout=30_000)


@pytest.mark.parametrize(("game", "players"), [("tindahan", 3), ("bastos", 3)])
def test_the_table_names_its_seats_and_keys_its_symbols(page: Any, voila_url: str, game: str,
                                                        players: int) -> None:
    open_app(page, f"{voila_url}/voila/render/{game}_play.ipynb?players={players}&seed=5&delay=0")
    names = page.locator(f"{TABLE} .re-seat .re-panel-head").all_inner_texts()
    heads = " | ".join(names)
    assert "You" in heads and "Ben" in heads and "(bot)" in heads, heads
    assert not re.search(r"\b[Ss]eat \d", page.locator(TABLE).inner_text())
    key = page.locator(f"{TABLE} .re-key")
    assert key.is_visible()
    text = key.inner_text()
    for fruit in ("banana", "mango"):
        assert fruit in text, text
    if game == "bastos":
        assert "Bastos! colour" in text and "Ben" in text, text
        assert "phase" not in page.locator(f"{TABLE} .re-header").inner_text()
        assert "everyone picks a Bastos! card" in page.locator(f"{TABLE} .re-header").inner_text()
    assert not page.page_errors, page.page_errors


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_bot_moves_are_marked_and_focus_returns_to_the_hand(page: Any, voila_url: str, game: str) -> None:
    open_app(page, f"{voila_url}/voila/render/{game}_play.ipynb?players=3&seed=7&delay=0.05")
    seen = 0
    for _ in range(6):
        my_turn(page)
        move = page.locator(TABLE).get_attribute("data-move")
        card = page.locator(f"{TABLE} .re-hand button.legal, {TABLE} button[data-action].legal").first
        card.focus()
        page.keyboard.press("Enter")  # keyboard only: the focused card is played
        page.wait_for_function(
            f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=move, timeout=10_000)
        my_turn(page)
        line = page.locator(f'{TABLE} [data-role="just-played"]')
        if line.count():
            words = line.inner_text()
            assert JUST_PLAYED.search(words.split(" \u00B7 ")[0]), words
            seen += 1
            marked = page.locator(f"{TABLE} .re-play.re-just-played")
            if marked.count():
                assert "just now" in marked.first.inner_text()
        focused = page.evaluate("() => document.activeElement?.closest('.re-trick-table') ? "
                                "document.activeElement.className : ''")
        assert "legal" in focused, f"the focus should be back on a playable card, not {focused!r}"
    assert seen >= 3, "the bots' moves were never told"
    assert not page.page_errors, page.page_errors


def test_the_last_trick_of_a_round_can_be_reviewed(page: Any, voila_url: str) -> None:
    open_app(page, f"{voila_url}/voila/render/tindahan_play.ipynb?players=3&seed=5&delay=0")
    for _ in range(80):
        page.wait_for_function(
            f"() => document.querySelector('{TABLE}')?.dataset.busy === 'false'", timeout=30_000)
        if page.locator(TABLE).get_attribute("data-paused") == "true":  # the round's summary: play on
            page.locator(f'{TABLE} [data-role="continue"]').click()
            # Until the kernel answers (it may be drawing the round's chart), the summary stays.
            page.wait_for_function(
                f"() => document.querySelector('{TABLE}').dataset.paused === 'false'", timeout=30_000)
            continue
        if "Round 2" in page.locator(f"{TABLE} .re-header").inner_text():
            break
        legal = page.locator(f"{TABLE} button[data-action].legal")
        if not legal.count():
            page.wait_for_timeout(300)
            continue
        move = page.locator(TABLE).get_attribute("data-move")
        legal.first.click()
        page.wait_for_function(
            f"m => document.querySelector('{TABLE}').dataset.move !== m", arg=move, timeout=10_000)
    else:
        pytest.fail("round 2 never started")
    button = page.locator(f'{TABLE} [data-role="last-trick"]')
    assert button.is_enabled()
    if "round 1" in (button.get_attribute("aria-label") or ""):  # round 2 has taken no trick yet
        button.click()
        assert "The last trick of round 1" in page.locator(f"{TABLE} .re-caption").inner_text()
    else:
        button.click()
        assert "Last trick" in page.locator(f"{TABLE} .re-caption").inner_text()
    assert page.locator(f"{TABLE} .re-trick .re-play").count() >= 1
    assert not page.page_errors, page.page_errors
