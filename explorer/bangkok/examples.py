"""The rulebook's Bangkok examples, recomputed by the engine from scenario positions.

The book describes its collecting examples by which cards of the row hold which goods, not by
full faces; each scenario below picks faces from the default edition that fit the description.
Positions along a row count from the left, as the book's "first", "second" and "third" card.
"""

from __future__ import annotations

from typing import Any

from .._core.examples import Example
from ._notation import CELL_INDEX
from ._scoring import score_market
from ._state import State

SCORING_ROWS = ["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"]
STEP1 = "Action 1, step 1: improving the player's hand"
STEP2 = "Action 1, step 2: completing the port"
OTHER_ROWS = ["B ZF BF", "FF F!2P BB"]
OPPONENT = ["PZ", "ZZB", "PF"]  # seat 1, who only completes the last round


def scenario(port: list[str], hand: list[str], **start: Any) -> State:
    """A two-player game starting from ``port`` (3 rows) with ``hand`` for seat 0, who acts first;
    ``start`` are more keys of the ``start`` option (``markets``, ``objectives``, ``boat_pile``...)."""
    return State.new(2, seed=1, start={"port": port, "hands": [hand, OPPONENT], **start})


def positions(state: State, card: str, end: str) -> list[list[int]]:
    """Each legal collection for ``card`` at ``end``, as 1-based positions along its line."""
    row_or_column = end[0]
    out = []
    for option in state.collections(card, end).options:
        cells = [CELL_INDEX[cell] for cell in option]
        out.append([(c % 3 if row_or_column == "R" else c // 3) + 1 for c in cells])
    return out


def placement_needs_a_shared_good() -> dict[str, str]:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    out = {}
    for end in ("R1R", "R3R"):
        options = state.collections("PZ", end)
        refusal = state.check(options.actions[0]) if options.actions else None
        out[end] = "allowed" if options.actions and refusal is None else str(options.refusal)
    return out


def example_1() -> list[list[int]]:
    return positions(scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"]), "PZ", "R1R")


def example_2() -> dict[str, Any]:
    state = scenario(["Z P PB", *OTHER_ROWS], ["PZ", "F", "B"])
    options = positions(state, "PZ", "R1R")
    chosen = state.collections("PZ", "R1R").actions[options.index([1, 3])]
    after = state.play(chosen)
    taken = sorted(after.card(c).face for c in after.hands[0])
    return {"options": options, "hand after taking the first and third": taken}


def example_3() -> list[list[int]]:
    return positions(scenario(["ZB P PF", *OTHER_ROWS], ["PP", "F", "B"]), "PP", "R1R")


def example_4() -> list[list[int]]:
    return positions(scenario(["ZB F PF", *OTHER_ROWS], ["PP", "F", "B"]), "PP", "R1R")


def shifting() -> dict[str, Any]:
    """Example 1 played out: right of row 1, the first and third cards taken, the row slides left."""
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    before = state.port
    placed = next(c for c in state.hands[0] if state.card(c).face == "PZ")
    after = state.play(state.collections("PZ", "R1R").actions[0])
    names = {before[1]: "second card", placed: "placed card"}
    row = [names.get(c, "drawn card") for c in after.port[:3]]
    drawn = (len(state.boat_pile) + len(state.chilli_pile)) - (len(after.boat_pile) + len(after.chilli_pile))
    return {"row 1 after": row, "cards drawn": drawn, "empty places": after.port.count(-1)}


def scoring_helper() -> dict[str, Any]:
    sheet = score_market(SCORING_ROWS, "B")
    return {"lines": [line.points for line in sheet.lines], "total": sheet.total}


def scoring_in_play() -> dict[str, Any]:
    """The example market completed in play: seat 0 lays its ninth card, the round ends, scoring."""
    rows = ["Z!4B B B", "FZ BB!3BF BF", "ZZ BF ."]
    state = scenario(["PZ F P", *OTHER_ROWS], ["P!1P", "F", "PF"],
                     markets=[rows, [". . .", ". . .", ". . ."]], objectives=["B", "P"])
    state = state.play(state.collections("PF", "R1R").actions[0])  # takes 2: four cards in hand
    state = state.play("market:P!1P@c3")  # the ninth card: this round is the last
    state = state.play(state.legal_actions()[0])  # seat 1 completes the round
    lines = [line.points for line in state.score_sheet() if line.seat == 0]
    return {"lines": lines, "total": state.scores()[0], "over": state.is_over}


EXAMPLES: list[Example] = [
    Example("bangkok", "placement", "A card may face a line only if the line shows one of its goods", STEP1,
            {"R1R": "allowed", "R3R": "bangkok.place.shared-good"}, placement_needs_a_shared_good,
            ("bangkok.place.shared-good",)),
    Example("bangkok", "collect-1", "Example 1: zucchini + passion fruit takes the first and third card",
            STEP1, [[1, 3]], example_1, ("bangkok.collect.one-per-good", "bangkok.collect.no-refusal")),
    Example("bangkok", "collect-2", "Example 2: the zucchini card is forced, one of two passion fruit cards "
            "is chosen (the third)", STEP1,
            {"options": [[1, 2], [1, 3]], "hand after taking the first and third": ["B", "F", "PB", "Z"]},
            example_2, ("bangkok.collect.one-per-good", "bangkok.collect.no-refusal")),
    Example("bangkok", "collect-3", "Example 3: two passion fruit take the second and third card", STEP1,
            [[2, 3]], example_3, ("bangkok.collect.one-per-good", "bangkok.collect.no-refusal")),
    Example("bangkok", "collect-4", "Example 4: two passion fruit, but only the third card has any", STEP1,
            [[3]], example_4, ("bangkok.collect.count", "bangkok.collect.no-refusal")),
    Example("bangkok", "shift", "Placed right of row 1, first and third taken: the row slides left, then "
            "the only empty place is refilled with 1 card", STEP2,
            {"row 1 after": ["second card", "placed card", "drawn card"], "cards drawn": 1,
             "empty places": 0},
            shifting, ("bangkok.port.shift", "bangkok.port.refill")),
    Example("bangkok", "scoring", "Scoring example: 6 + 2 + 6 + 4 + 2 = 20 (score_market)",
            "Example of counting points", {"lines": [6, 2, 6, 4, 2], "total": 20}, scoring_helper,
            ("bangkok.score.objective", "bangkok.score.chilli-4", "bangkok.score.chilli-3",
             "bangkok.score.chilli-1", "bangkok.score.complete")),
    Example("bangkok", "scoring-in-play", "Scoring example reached in play: the ninth card ends the game "
            "after the round, and the player scores 20", "Example of counting points",
            {"lines": [6, 2, 6, 4, 2], "total": 20, "over": True}, scoring_in_play,
            ("bangkok.end.trigger", "bangkok.score.objective", "bangkok.score.complete")),
]
