"""The rulebook's Tindahan examples, recomputed by the engine (scenarios played through ``play``)."""

from __future__ import annotations

from typing import Any

from explorer._core.examples import Example

from ._scoring import round_awards, score_round, stall_awards
from ._state import State

SECTION = "Round End and Scoring"
NAMES = "ABCDE"

# A full five-player deal for the trick example: what the book names (B's banana-10, D's banana-3,
# E's mango-2 and E's lack of bananas) is as written; the other cards are filled in to make ten each.
TRICK_DEAL = [
    ["banana-1", "banana-2", "lanzones-1", "lanzones-2", "lanzones-3", "lanzones-4",
     "pineapple-1", "pineapple-2", "pineapple-3", "pineapple-4"],
    ["banana-4", "banana-10", "lanzones-5", "lanzones-6", "lanzones-7", "lanzones-8",
     "pineapple-5", "pineapple-6", "pineapple-7", "pineapple-8"],
    ["banana-5", "banana-6", "banana-9", "lanzones-9", "lanzones-10", "pineapple-9", "pineapple-10",
     "durian-1", "durian-2", "durian-3"],
    ["banana-3", "banana-7", "banana-8", "durian-4", "durian-5", "durian-6", "durian-7", "durian-8",
     "durian-9", "durian-10"],
    [f"mango-{v}" for v in range(1, 11)],
]
TRICK_ACTIONS = ["cart:mango", "banana-10", "seller:banana", "banana-3", "mango-2"]


def trick_scenario() -> list[State]:
    """The states of the book's A-E trick, from the deal to the trick's end (A is seat 0)."""
    states = [State.new(5, seed=0, start=TRICK_DEAL)]
    for action in TRICK_ACTIONS:
        states.append(states[-1].play(action))
    return states


def _refusal(state: State, action: str) -> str | None:
    problem = state.check(action)
    return None if problem is None else problem.rule


def compute_trick() -> dict[str, Any]:
    states = trick_scenario()
    start, after_cart, end = states[0], states[1], states[-1]
    banana = end.view(0)["stalls"]["banana"]
    return {
        "trump": end.trump,
        "led": after_cart.play("banana-10").led,
        "winner": NAMES[end.last_trick[1]] if end.last_trick else None,
        "next_starting_player": NAMES[end.leader],
        "sellers_on_banana": {NAMES[s]: n for s, n in enumerate(banana) if n},
        "A may not send a seller": _refusal(start, "seller:banana"),
        "B may not send a seller": _refusal(after_cart, "seller:banana"),
    }


# The book's scoring example: three players A, B, C; the cart stands on durian. It is checked through
# the scorer only: no played round can end this way, because B played all ten cards, which takes ten
# tricks, while the three players took only 3 + 4 + 2 = 9 (and A's 5 cards and 5 sellers would also need
# ten turns). The engine's score sheet uses the same scorer (round_awards) as score_round.
SCORING_TRICKS = {"A": 3, "B": 4, "C": 2}
SCORING_HANDS = {"A": 5, "B": 0, "C": 7}
SCORING_SELLERS = {"banana": {"A": 3, "C": 2}, "durian": {"C": 1}, "mango": {"A": 2, "C": 2}}
SCORING_TRUMP = "durian"


def compute_scoring() -> dict[str, int]:
    return score_round(SCORING_TRICKS, SCORING_HANDS, SCORING_SELLERS, SCORING_TRUMP)


def compute_scoring_lines() -> dict[str, dict[str, int]]:
    """The same example, part by part as the book adds it up: cards first, then each stall."""
    players = list(SCORING_TRICKS)
    out: dict[str, dict[str, int]] = {p: {} for p in players}
    for player, _, points, _ in round_awards(players, SCORING_TRICKS, SCORING_HANDS, [], SCORING_TRUMP,
                                             dict.fromkeys(players, True), "share"):
        out[player]["cards"] = out[player].get("cards", 0) + points
    for fruit, counts in SCORING_SELLERS.items():
        pairs = [(p, counts.get(p, 0)) for p in players]
        for player, _, points, _ in stall_awards(fruit, pairs, fruit == SCORING_TRUMP, "share"):
            out[player][fruit] = out[player].get(fruit, 0) + points
    return out


EXAMPLES = [
    Example(
        game="tindahan",
        id="tindahan.trick-with-cart",
        title="A moves the cart to mango; E trumps with mango-2",
        section="Round End and Scoring (example of play)",
        expected={
            "trump": "mango",
            "led": "banana",
            "winner": "E",
            "next_starting_player": "E",
            "sellers_on_banana": {"C": 1},
            "A may not send a seller": "tindahan.seller.not-starting-player",
            "B may not send a seller": "tindahan.cart.next-must-play",
        },
        compute=compute_trick,
        names=tuple(NAMES),
        rules=("tindahan.cart.next-must-play", "tindahan.seller.led-stall", "tindahan.follow-suit",
               "tindahan.trump", "tindahan.trick.winner", "tindahan.trick.next-leader"),
    ),
    Example(
        game="tindahan",
        id="tindahan.scoring",
        title="Scoring example: A 9, B 8, C 8",
        section=SECTION,
        expected={"A": 9, "B": 8, "C": 8},
        compute=compute_scoring,
        names=tuple(SCORING_TRICKS),
        rules=("tindahan.score.trick", "tindahan.score.hand-card", "tindahan.score.majority",
               "tindahan.score.second", "tindahan.score.trump-bonus", "tindahan.score.ties"),
    ),
    Example(
        game="tindahan",
        id="tindahan.scoring-parts",
        title="Scoring example, part by part (cards, then each stall)",
        section=SECTION,
        expected={
            "A": {"cards": 1, "banana": 5, "mango": 3},
            "B": {"cards": 8},
            "C": {"cards": -3, "banana": 2, "durian": 6, "mango": 3},
        },
        compute=compute_scoring_lines,
        names=tuple(SCORING_TRICKS),
        rules=("tindahan.score.trick", "tindahan.score.hand-card", "tindahan.score.majority",
               "tindahan.score.second", "tindahan.score.trump-bonus", "tindahan.score.ties"),
    ),
]
