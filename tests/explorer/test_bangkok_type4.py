"""The type-4 chilli card's two readings (the ``type4`` option, issue 24) in a game: scores, the
scoring overlay's marks, the words shown for the card, and records that carry the reading."""

from __future__ import annotations

import json
import random

import explorer
from explorer.bangkok import State

# Seat 0's market: the type-4 card for blue peas at a1 sees a1, b1 and a2, so 2 blue peas (both on
# b1). Those places are taken for good, so the card's area never changes again.
TWO_PEAS = ["Z!4B BB .", "F . .", ". . ."]
START = {"port": ["Z P PB", "B ZF BF", "FF F!2P PZB"], "hands": [["PZ", "F", "B"], ["PZ", "ZZB", "PF"]],
         "markets": [TWO_PEAS, [". . .", ". . .", ". . ."]]}


def game(**rules: object) -> State:
    return State.new(2, seed=5, start=START, **rules)


def chilli_at_a1(state: State) -> int:
    return next(line.points for line in state.market_sheet(0).lines if line.cell == "a1")


def test_the_reading_decides_a_type_4_cards_points_in_a_game() -> None:
    once, each = game(), game(type4="each-copy")
    assert once.rules["type4"] == "exactly-once"
    # The objectives count only at the end: the market's score is its chilli card.
    assert once.scores() == [0, 0] and each.scores() == [2 * 2, 0]
    # The overlay marks each blue peas at b1: worth nothing (not exactly once), or 2 points each.
    marks = [[line["marks"] for line in state.market_scoring(0, reveal=True)["lines"] if line["cell"] == "a1"]
             for state in (once, each)]
    assert marks == [[{"b1": [{"good": "B", "effect": "0"}] * 2}],
                     [{"b1": [{"good": "B", "effect": "+2"}] * 2}]]


def test_the_card_is_described_under_the_reading_played() -> None:
    readings = {"exactly-once": "seen exactly once", "each-copy": "each copy of an indicated"}
    for type4, words in readings.items():
        state = game(type4=type4)
        view = state.view(0)
        assert words in view["chilli_types"]["4"]
        a1 = view["markets"][0][0][0]
        assert a1["card"] == "Z!4B" and words in a1["rule"] and words in a1["words"]
        assert words in state.board_text(0)
    # The other types read the same under both.
    assert {k: v for k, v in game().view(0)["chilli_types"].items() if k != "4"} == {
        k: v for k, v in game(type4="each-copy").view(0)["chilli_types"].items() if k != "4"}


def test_a_game_under_each_copy_records_and_replays_its_reading() -> None:
    rng = random.Random(24)
    state = game(type4="each-copy")
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.to_record()))
    assert record["rules"]["type4"] == "each-copy"
    again = explorer.replay(record)
    assert again == state and again.scores() == state.scores() and chilli_at_a1(again) == 4
    # The same moves read as the default: the card at a1 earns nothing, and the totals differ.
    record["rules"]["type4"] = "exactly-once"
    other = explorer.replay(record)
    assert other.actions() == state.actions() and chilli_at_a1(other) == 0
    assert other.scores() != state.scores()
