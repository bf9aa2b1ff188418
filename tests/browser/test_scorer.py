"""The score-your-own-table page in Voila, one page load: for each game a small end position built by
clicking and typing counts, whose totals shown are ``explorer.score_table``'s of the same position; a
refused position shows the rule's text; the console stays clean."""

from __future__ import annotations

from typing import Any

import pytest

import explorer
from explorer.bangkok import parse_card
from widgets._scorer_forms import card_label

from . import conftest

pytestmark = pytest.mark.browser


def seat(page: Any, number: int) -> Any:
    return page.locator(f".re-scorer .re-scorer-seat-{number}")


def type_count(box: Any, value: int) -> None:
    box.fill(str(value))
    box.press("Tab")  # a number box sends its value when it loses focus


def score(page: Any) -> dict[str, int]:
    """Press Score and read the totals the sheet shows, by player."""
    page.get_by_role("button", name="Score").click()
    totals = page.locator(".re-scorer [data-role=totals] tbody tr")
    totals.first.wait_for(timeout=30_000)
    rows = [row.locator("td").all_inner_texts() for row in totals.all()]
    return {name: int(total) for name, total in rows}


def engine_totals(game: str, names: list[str], position: dict[str, Any]) -> dict[str, int]:
    sheet = explorer.score_table(game, names, position)
    return {name: sum(line.points for line in sheet if line.seat == s) for s, name in enumerate(names)}


def choose_game(page: Any, title: str, game: str) -> None:
    page.get_by_label("Game", exact=True).select_option(label=title)
    page.locator(f".re-scorer-form-{game}").wait_for(timeout=30_000)


def test_each_game_scored_by_clicking_as_the_engine_scores_it(page: Any, voila_url: str) -> None:
    names = ["You", "Ben", "Carlo"]
    page.goto(f"{voila_url}/voila/render/score_table.ipynb?game=tindahan&players=3",
              wait_until="domcontentloaded", timeout=90_000)
    page.get_by_role("button", name="Score").wait_for(timeout=120_000)
    page.locator(".re-scorer-form-tindahan").wait_for(timeout=30_000)

    # Tindahan: the rulebook's round, by counters and the trump drop-down
    for number, (tricks, held) in enumerate([(3, 5), (4, 0), (2, 7)]):
        type_count(seat(page, number).get_by_label("Tricks"), tricks)
        type_count(seat(page, number).get_by_label("In hand"), held)
    type_count(seat(page, 0).get_by_label("banana stall"), 3)
    type_count(seat(page, 2).get_by_label("banana stall"), 2)
    page.get_by_label("Trump", exact=True).select_option(label="durian")
    round_end = {"tricks": [3, 4, 2], "hand_cards": [5, 0, 7], "trump": "durian",
                 "sellers": {"banana": [3, 0, 2]}}
    assert score(page) == engine_totals("tindahan", names, round_end)
    # ... and refused once a hand still holds a card: the rule's text is shown, the sheet is gone
    type_count(seat(page, 1).get_by_label("In hand"), 1)
    page.get_by_role("button", name="Score").click()
    alert = page.locator(".re-scorer [role=alert]")
    alert.wait_for(timeout=30_000)
    assert explorer.tindahan.RULES["tindahan.round-end"].text in alert.inner_text()
    assert page.locator(".re-scorer [data-role=totals]").count() == 0

    # Bastos!: a value and one trick added
    choose_game(page, "Bastos!", "bastos")
    type_count(page.get_by_label("banana", exact=True), 2)
    page.get_by_label("Taken by").select_option(label="Carlo")
    for n, card in enumerate(["banana 3", "banana 9", "mango 7"]):
        page.get_by_label(f"Card {n + 1}", exact=True).select_option(label=card)
    page.get_by_role("button", name="Add trick").click()
    page.get_by_text("Trick 1: Carlo took banana 3, banana 9, mango 7").wait_for(timeout=30_000)
    trick = {"values": {"banana": 2}, "won": {"Carlo": ["banana-3", "banana-9", "mango-7"]}}
    assert score(page) == engine_totals("bastos", names, trick)

    # Bangkok Klongs: the track and a stock; the table keeps its three players
    choose_game(page, "Bangkok Klongs", "klongs")
    colours = ["You", "Yellow", "Green"]
    type_count(seat(page, 0).get_by_label("Track"), 40)
    type_count(seat(page, 0).get_by_label("fish", exact=True), 3)
    type_count(seat(page, 2).get_by_label("flowers", exact=True), 2)
    stocks = {"stocks": {"You": ["fish"] * 3, "Green": ["flowers"] * 2}, "scores": {"You": 40}}
    assert score(page) == engine_totals("klongs", colours, stocks)

    # Bangkok: one full market and one begun, cards chosen by what they show
    choose_game(page, "Bangkok", "bangkok")
    full = ["PZ ZB BF", "P P P", "B B B"]
    for place, face in zip(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"), " ".join(full).split(),
                           strict=True):
        seat(page, 0).get_by_label(place, exact=True).select_option(label=card_label(parse_card(face)))
    seat(page, 1).get_by_label("a1", exact=True).select_option(label=card_label(parse_card("PZ")))
    markets = {"markets": [full, ["PZ . .", ". . .", ". . ."], [". . ."] * 3], "objectives": ["P", "Z", "B"]}
    assert score(page) == engine_totals("bangkok", ["You", "Boon", "Chai"], markets)
    assert conftest.console_problems(page) == []
