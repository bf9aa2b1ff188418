"""Bangkok speaks plain words: every text a learner reads (events, labels, score lines, refusals, the
collections' reasons, the step-2 caption, card words) names seats by name and cards and places in
words; notation stays in ``legal``, ``action`` and records."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import explorer
from explorer.bangkok.examples import OTHER_ROWS, scenario

# What must never show in learner text: a 0-based seat, a card face, a place or end name, a card id.
NOTATION = re.compile(
    r"[Ss]eat \d|![1-4]|#\d|\b[abc][1-3]\b|\b[RC][1-3][LRTB]?\b|\b[PZBF]{1,3}\b"
    r"|place:|market:|renew:|return:")


def learner_texts(view: dict[str, Any]) -> list[str]:
    texts = [e["text"] for e in view["events"]]
    texts += list(view["labels"].values())
    texts += [line["label"] for line in view["sheet"]]
    for scoring in view["scoring"]:
        texts += [line["label"] for line in scoring["lines"]]
    for entry in view["placements"].values():
        texts.append(entry["summary"])
        texts += [cell["reason"] for cell in entry["cells"]]
    for row in [*view["port"], *[r for market in view["markets"] for r in market]]:
        texts += [cell["words"] for cell in row if cell]
    texts += [cell["words"] for cell in view["hand"]]
    if view["port_move"]:
        texts.append(view["port_move"]["caption"])
    texts += [move["text"] for move in view["moves"].values() if "text" in move]
    texts += list(view["chilli_types"].values())
    return texts


@pytest.mark.parametrize("players", [1, 2, 4])
def test_no_notation_or_seat_numbers_in_learner_text(players: int) -> None:
    rng = random.Random(players)
    state = explorer.new_game("bangkok", players=players, seed=players)
    seen = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if rng.random() < 0.3:
            view = state.view(seat)
            for text in learner_texts(view):
                assert not NOTATION.search(text), text
                seen += 1
            assert view["names"][seat] == "You"
            # A refused end or market place, as the table sends it, is refused in words too.
            for action in ("place:PZB@R1L>", "market:F!1F@c3", "renew:R1", "pass"):
                problem = state.check(action)
                if problem is not None:
                    assert not NOTATION.search(problem.reason), problem.reason
        state = state.play(rng.choice(state.legal_actions()))
    for seat in range(players):
        for text in learner_texts(state.view(seat)):
            assert not NOTATION.search(text), text
    assert seen > 50


def test_names_follow_the_reader_and_the_table() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"]).play("place:PZ@R1R>a1=ZB,c1=P")
    state = state.play("market:ZB@a1")
    assert state.view(0)["events"][-1]["text"] == (
        "You put the boat with Thai zucchini and blue peas in your market, top left")
    assert state.view(1)["events"][-1]["text"] == (
        "Anong puts the boat with Thai zucchini and blue peas in Anong’s market, top left")
    assert state.view(1, names=["Mary", "You"])["events"][-1]["text"].startswith("Mary puts")
    assert state.view(1)["labels"]["renew:R2"] == "Renew row 2 of the port"


def test_refusals_say_what_was_tried_in_words() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    problem = state.check("place:PZ@R3R>")
    assert problem is not None and problem.rule == "bangkok.place.shared-good"
    assert problem.reason == (
        "Laying a boat with passion fruit and Thai zucchini right of row 3 is refused: the boat with passion "
        "fruit and Thai zucchini cannot go right of row 3: no card of row 3 shows passion fruit or Thai "
        "zucchini")
    first = state.play("place:PZ@R1R>a1=ZB,c1=P")
    problem = first.check("market:P@b2")
    assert problem is not None and problem.reason == (
        "Putting a boat with passion fruit in your market, centre is refused: your first market card goes "
        "to the top left place, the corner beside your pontoon")
