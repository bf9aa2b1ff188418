"""The rulebook's Bangkok examples: each ``EXAMPLES`` row verifies, and each is checked here with the
book's own numbers by driving the engine directly."""

from __future__ import annotations

import pytest

import explorer
from explorer._core.examples import verify
from explorer.bangkok import EXAMPLES, RULES, State
from explorer.bangkok.examples import scenario

OTHER_ROWS = ["B ZF BF", "FF F!2P BB"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_every_example_row_verifies(example: explorer._core.examples.Example) -> None:
    assert example.compute() == example.expected
    assert all(rule in RULES for rule in example.rules)


def test_verify_reports_every_bangkok_example_ok() -> None:
    verdicts = verify(["bangkok"])
    assert len(verdicts) == len(EXAMPLES) >= 8
    assert all(v.ok for v in verdicts), [(v.example.id, v.computed, v.error) for v in verdicts if not v.ok]


def cells_taken(state: State, card: str, end: str) -> set[tuple[str, ...]]:
    return set(state.collections(card, end).options)


def test_book_example_1_first_and_third() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    assert cells_taken(state, "PZ", "R1R") == {("a1", "c1")}


def test_book_example_2_first_then_second_or_third() -> None:
    state = scenario(["Z P PB", *OTHER_ROWS], ["PZ", "F", "B"])
    assert cells_taken(state, "PZ", "R1R") == {("a1", "b1"), ("a1", "c1")}
    after = state.play("place:PZ@R1R>a1=Z,c1=PB")  # the book's player chooses the third card
    assert sorted(after.card(c).face for c in after.hands[0]) == ["B", "F", "PB", "Z"]


def test_book_example_3_second_and_third() -> None:
    state = scenario(["ZB P PF", *OTHER_ROWS], ["PP", "F", "B"])
    assert cells_taken(state, "PP", "R1R") == {("b1", "c1")}


def test_book_example_4_only_the_third() -> None:
    state = scenario(["ZB F PF", *OTHER_ROWS], ["PP", "F", "B"])
    assert cells_taken(state, "PP", "R1R") == {("c1",)}
    assert state.collections("PP", "R1R").take == 1


def test_book_shift_and_one_slot_refill() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"], boat_pile=["ZZ"], chilli_pile=["P!1P"])
    second = state.port[1]
    after = state.play("place:PZ@R1R>a1=ZB,c1=P")
    assert after.port[0] == second, "the second card slides to the left end"
    assert after.card(after.port[1]).face == "PZ", "the placed card follows it"
    # one chilli card in the port (F!2P): the single empty place takes the chilli pile's top card
    assert after.card(after.port[2]).face == "P!1P"
    assert len(after.chilli_pile) == len(state.chilli_pile) - 1 and after.boat_pile == state.boat_pile


def test_book_scoring_example_is_20() -> None:
    sheet = explorer.bangkok.score_market(["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"], "B")
    assert [line.points for line in sheet.lines] == [6, 2, 6, 4, 2]
    assert sheet.total == 20
