"""Bangkok market scoring through the public helper ``explorer.bangkok.score_market``."""

from __future__ import annotations

import pytest

import explorer

BOOK = ["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"]


def points(rows: list[str], objective: str = "P", **rules: object) -> list[int]:
    return [line.points for line in explorer.bangkok.score_market(rows, objective, **rules).lines]


def test_the_book_example_scores_20_line_by_line() -> None:
    sheet = explorer.bangkok.score_market(BOOK, "B")
    assert [line.points for line in sheet.lines] == [6, 2, 6, 4, 2]
    assert sheet.total == 20 and sheet.objective_points == 6
    assert [line.rule for line in sheet.lines] == [
        "bangkok.score.objective", "bangkok.score.chilli-4", "bangkok.score.chilli-3",
        "bangkok.score.chilli-1", "bangkok.score.complete"]
    assert [line.cell for line in sheet.lines[1:4]] == ["a1", "b2", "c3"]
    assert "20" in str(sheet)


def test_a_chilli_card_sees_only_itself_and_its_side_neighbours() -> None:
    # type 2 on P in the centre: its 4 neighbours and itself count, the corners do not
    rows = ["PP P PP", "P P!2P P", "PP P PP"]
    assert points(rows, "Z") == [0, 5, 2]  # and the full-market bonus
    # the same card in a corner sees 3 cards
    assert points(["P!2P P PP", "P PP .", "PP . ."], "Z") == [0, 3]


def test_type_1_counts_down_from_5_and_stops_at_0_by_default() -> None:
    assert points(["F!1P . .", ". . .", ". . ."], "Z") == [0, 5]
    crowded = ["PPP!1P PPP .", "PP . .", ". . ."]
    assert points(crowded, "Z") == [0, 0]
    assert points(crowded, "Z", type1_below_zero=True) == [0, 5 - 8]


def test_type_3_pays_per_pair_of_its_two_goods() -> None:
    assert points(["Z!3PZ PP .", "ZZ . .", ". . ."], "F") == [0, 2 * 2]  # P=2, Z=3: two pairs


def test_type_4_pays_for_goods_seen_exactly_once() -> None:
    assert points(["!4PZ P .", "ZZ . .", ". . ."], "F") == [0, 2]  # P once, Z twice
    assert points(["!4PZ P .", "Z . .", ". . ."], "F") == [0, 4]


# The book's type-4 card (for blue peas) at a1 sees a1, b1 and a2: 2 blue peas, both on b1; the
# objective (fish) counts the fish at a2.
TWO_PEAS = ["Z!4B BB .", "F . .", ". . ."]


def test_type_4_under_each_reading() -> None:
    # Exactly once (the default): 2 copies are not one, so nothing; each copy: 2 + 2.
    assert points(TWO_PEAS, "F") == points(TWO_PEAS, "F", type4="exactly-once") == [1, 0]
    assert points(TWO_PEAS, "F", type4="each-copy") == [1, 2 * 2]
    # Two indicated goods, P once and Z twice: 2 for P only, or 2 for each of the 3 copies.
    assert points(["!4PZ P .", "ZZ . .", ". . ."], "F", type4="each-copy") == [0, 2 * 3]
    # None in the area: nothing either way.
    assert points(["F!4P B .", ". . .", ". . ."], "F", type4="each-copy") == [1, 0]
    sheet = explorer.bangkok.score_market(TWO_PEAS, "F", type4="each-copy")
    assert sheet.lines[1].label == "Type-4 chilli for blue peas at top left: 2 per copy counted, 2 blue peas"
    with pytest.raises(ValueError, match="type4"):
        explorer.bangkok.score_market(TWO_PEAS, "F", type4="twice")


def test_the_book_example_does_not_decide_type_4() -> None:
    # Its type-4 card sees a single blue peas: 2 points under both readings, so 20 either way.
    for type4 in ("exactly-once", "each-copy"):
        assert points(BOOK, "B", type4=type4) == [6, 2, 6, 4, 2]


def test_score_table_takes_the_type_4_reading() -> None:
    position = {"markets": [TWO_PEAS], "objectives": ["F"]}
    assert [line.points for line in explorer.score_table("bangkok", 1, position)] == [1, 0]
    assert [line.points for line in explorer.score_table("bangkok", 1, position, type4="each-copy")] == [1, 4]


def test_the_objective_counts_every_copy_chilli_cards_included() -> None:
    assert points(["PP!2Z P .", ". . .", ". . ."], "P") == [3, 0]


def test_only_a_full_market_earns_the_bonus() -> None:
    assert "bangkok.score.complete" not in {
        line.rule for line in explorer.bangkok.score_market(["P P P", "P P P", "P P ."], "P").lines}


@pytest.mark.parametrize(("rows", "objective", "message"), [
    (["P P P", "P P P"], "P", "3 rows"),
    (["P P P", "P P", "P P P"], "P", "row 2"),
    (["P P X", "P P P", "P P P"], "P", "'X'"),
    (["P P !5P", "P P P", "P P P"], "P", "type 1-4"),
    (["P P !3P", "P P P", "P P P"], "P", "exactly two"),
    (["P P P", "P P P", "P P P"], "Q", "objective"),
])
def test_bad_markets_say_what_is_wrong(rows: list[str], objective: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        explorer.bangkok.score_market(rows, objective)


def test_unknown_rules_are_a_type_error() -> None:
    with pytest.raises(TypeError, match="type1_below_zero"):
        explorer.bangkok.score_market(BOOK, "B", negative=True)
