"""The rulebooks' Klongs examples, recomputed by the engine: scenario positions played through ``play``
and the contract's scoring helpers. Seats: red 0, yellow 1, green 2, blue 3.
"""

from __future__ import annotations

from typing import Any

from .._core.examples import Example, compare
from ._catalogue import RULES
from ._edition import default_edition
from ._notation import COLOURS
from ._scoring import score_landing, stock_points
from ._state import State

RED, YELLOW, GREEN = 0, 1, 2
#: The rulebook's names for the seats of its examples (a seat it leaves unnamed keeps its colour).
MARY = ("Mary", "Yellow")
EVA_JOHN = ("Eva", "Yellow", "John")  # Eva plays red, John green
SARAH = ("Sarah", "Yellow")


def hand_boat(state: State, seat: int, kind: str) -> str:
    """The id of the first boat of ``kind`` (a good or special) in ``seat``'s hand."""
    for boat_id in state.hand_ids(seat):
        if state.boat(boat_id)["kind"] == kind:
            return boat_id
    raise LookupError(f"{COLOURS[seat]} holds no {kind} boat")


def points_by(state: State, rules: tuple[str, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for line in state.score_sheet():
        if line.rule in rules:
            out[line.seat] = out.get(line.seat, 0) + line.points
    return out


def refusal(state: State, action: str) -> str | None:
    problem = state.check(action)
    return None if problem is None else problem.rule


# ---- for the notebooks: the book's value beside the engine's ---------------------------------------

def check(label: str, book: Any, engine: Any) -> None:
    """One line: the rulebook's value beside the engine's, flagged if they ever disagree."""
    print(compare(label, book, engine))


def expect(label: str, by_rule: Any, engine: Any) -> None:
    """A case the rulebook states as a rule rather than a number: the rule's outcome beside the engine's."""
    print(compare(label, by_rule, engine, source="rule"))


def show_rule(rule_id: str) -> None:
    print(f"[{rule_id}] {RULES[rule_id].text}")


def show_refusal(state: State, action: str) -> None:
    """Why the engine refuses ``action``: the rule id and the reason in words."""
    problem = state.check(action)
    assert problem is not None, f"{action} is legal here"
    print(f"{action}: refused by {problem.rule}")
    print(f"  {problem.reason}")


# ---- Mary's Luk Phat step -------------------------------------------------------------------------

def mary_scenario() -> tuple[State, State]:
    """Mary (red) opens the game with a Luk Phat boat on an entry space."""
    start = State.from_position(2, {"hands": [["fish:0+lukphat", "bananas:1", "flowers:2", "fish:3"], None]})
    return start, start.play(f"place:{hand_boat(start, RED, 'fish')}@a2")


def compute_mary() -> dict[str, int]:
    start, after = mary_scenario()
    return {"counter before": start.lukphat, "counter after": after.lukphat,
            "Mary's points": after.scores()[RED]}


# ---- John and Eva's landing -----------------------------------------------------------------------

LANDING_BOATS = ["2:green", "0:green", "3:red", "0:none"]  # John is green, Eva red

JOHN_POSITION: dict[str, Any] = {
    # The quartet around landing Lb2, and John (green) about to reach the first Little Market Day.
    "board": {"b2": "fish:2@green", "c2": "bananas:0@green", "b3": "flowers:3@red", "c3": "shrimps:0"},
    "hands": [None, None, ["eggplants:0+lukphat", "avocados:1", "pineapples:1", "fish:1"]],
    "lukphat": 3,
    "to_move": GREEN,
}


def john_scenario(**rules: Any) -> list[State]:
    states = [State.from_position(3, JOHN_POSITION, **rules)]
    for action in (f"place:{hand_boat(states[0], GREEN, 'eggplants')}@d1", "decline", "end", "score:Lb2>b2"):
        states.append(states[-1].play(action))
    return states


def compute_john_helper() -> dict[str, int]:
    return score_landing(LANDING_BOATS)


def compute_john_scenario() -> dict[str, Any]:
    states = john_scenario()
    market, end = states[3], states[4]
    landing = points_by(end, ("klongs.landing.score", "klongs.landing.cookshop"))
    return {"John scores first": market.current_player == GREEN,
            "John": landing.get(GREEN, 0), "Eva": landing.get(RED, 0),
            "John's stock": [end.boat(b)["goods"] for b in end.snapshot()["stocks"][GREEN]],
            "John's merchants back": end.supply[GREEN] - market.supply[GREEN]}


def compute_cookshop() -> dict[str, dict[str, int]]:
    quartet = ["2:green", "0:green", "3:red", "cookshop"]
    two = ["2:green", "cookshop:1", "3:red", "cookshop:1"]
    return {"one cookshop": score_landing(quartet),
            "two cookshops (double)": score_landing(two),
            "two cookshops (each)": score_landing(two, two_cookshops="each")}


COOKSHOP_POSITION: dict[str, Any] = {
    **JOHN_POSITION,
    "board": {"b2": "fish:2@green", "c2": "bananas:0@green", "b3": "flowers:3@red", "c3": "cookshop:0"},
}


def compute_cookshop_scenario() -> dict[str, int]:
    end = State.from_position(3, COOKSHOP_POSITION)
    for action in (f"place:{hand_boat(end, GREEN, 'eggplants')}@d1", "decline", "end", "score:Lb2>b2"):
        end = end.play(action)
    landing = points_by(end, ("klongs.landing.cookshop",))
    return {"John": landing.get(GREEN, 0), "Eva": landing.get(RED, 0)}


# ---- the thief ------------------------------------------------------------------------------------

THIEF_POSITION: dict[str, Any] = {
    # Row 3: yellow's fish on b3 and bananas on d3, an inspector on h3; the inspector on f5 protects
    # column f, so yellow's avocados on f3 are safe.
    "board": {"b3": "fish:2@yellow", "d3": "bananas:3@yellow", "f3": "avocados:1@yellow",
              "f5": "inspector:1", "h3": "inspector:2", "g4": "shrimps:1"},
    "hands": [["thief:0", "fish:1", "flowers:1", "eggplants:1"], None],
    "movement_cards": [0, 0],
}


def thief_scenario(to: str) -> tuple[State, State, State]:
    start = State.from_position(2, THIEF_POSITION)
    placed = start.play(f"place:{hand_boat(start, RED, 'thief')}@c3")
    return start, placed, placed.play(f"steal:d3>{to}")


def compute_thief() -> dict[str, Any]:
    start, placed, to_stock = thief_scenario("stock")
    _, _, to_hand = thief_scenario("hand")
    return {
        "thief in a protected column": refusal(start, f"place:{hand_boat(start, RED, 'thief')}@f4"),
        "may take": sorted({a.split(":")[1].split(">")[0] for a in map(str, placed.legal_actions())
                            if a.startswith("steal:") and a != "steal:none"}),
        "inspector's boat": refusal(placed, "steal:h3>stock"),
        "protected boat": refusal(placed, "steal:f3>stock"),
        "to stock: red's stock": [to_stock.boat(b)["goods"] for b in to_stock.snapshot()["stocks"][RED]],
        "to stock: red draws": len(start.stacks[0]) - len(to_stock.stacks[0]),
        "to hand: red's hand": len(to_hand.hands[RED]),
        "to hand: red draws": len(start.stacks[0]) - len(to_hand.stacks[0]),
        "yellow's merchant returns": to_stock.supply[YELLOW] - start.supply[YELLOW],
    }


# ---- the inspector --------------------------------------------------------------------------------

def inspector_position(thieves: list[str]) -> dict[str, Any]:
    board = {"d3": "fish:1@yellow", **dict.fromkeys(thieves, "thief")}
    return {"board": board, "hands": [["inspector:1", "fish:2", "flowers:1", "bananas:1"], None],
            "movement_cards": [0, 0]}


def inspector_scenario(thieves: list[str], action: str, **rules: Any) -> tuple[State, State]:
    start = State.from_position(2, inspector_position(thieves), **rules)
    placed = start.play(f"place:{hand_boat(start, RED, 'inspector')}@e3")
    return start, placed.play(action)


def _after_inspector(start: State, end: State) -> dict[str, Any]:
    return {"thieves left in column e": sum(1 for s in ("e1", "e2", "e4", "e5", "e6", "e7", "e8")
                                            if end.at(s) and end.boat(str(end.at(s)))["kind"] == "thief"),
            "thieves in red's hand": sum(1 for b in end.hand_ids(RED) if end.boat(b)["kind"] == "thief"),
            "discarded": len(end.discard),
            "red draws": len(start.stacks[0]) - len(end.stacks[0])}


def compute_inspector() -> dict[str, Any]:
    start, discarded = inspector_scenario(["e2"], "inspect:discard")
    _, kept = inspector_scenario(["e2"], "inspect:e2>hand")
    return {"discard and draw": _after_inspector(start, discarded),
            "into the hand": _after_inspector(start, kept)}


def compute_two_thieves() -> dict[str, Any]:
    start, both = inspector_scenario(["e2", "e6"], "inspect:discard")
    _, one = inspector_scenario(["e2", "e6"], "inspect:e6>hand")
    _, japanese = inspector_scenario(["e2", "e6"], "inspect:e2>discard", inspector_thieves="one")
    return {"both discarded": _after_inspector(start, both),
            "one into the hand": _after_inspector(start, one),
            "Japanese reading (one chosen thief)": _after_inspector(start, japanese)}


# ---- Sarah's stock --------------------------------------------------------------------------------

SARAH_STOCK = ["bananas"] + ["fish"] * 3 + ["flowers"] * 7


def compute_sarah_helper() -> int:
    return stock_points(SARAH_STOCK)


def compute_sarah_scenario() -> dict[str, int]:
    """Sarah (red) reaches the Big Market Day; nobody can score, so her stock is all that counts."""
    state = State.from_position(2, {
        "board": {"a3": "shrimps:1"},
        "hands": [["pineapples:0+lukphat", "shrimps:2", "avocados:2", "eggplants:2"], None],
        "stocks": [SARAH_STOCK, []],
        "lukphat": 11,
        "movement_cards": [0, 0],
    })
    state = state.play(f"place:{hand_boat(state, RED, 'pineapples')}@b4").play("decline")
    return {"game over": int(state.is_over), **{
        line.label: line.points for line in state.score_sheet() if line.rule == "klongs.stock"}}


# ---- the Big Market Day order ---------------------------------------------------------------------

def big_market_position(scores: list[int], extra: dict[str, str], causer: int) -> dict[str, Any]:
    """Everybody owns a boat around landing Lb2; ``causer`` places the last Luk Phat boat."""
    hands: list[list[str] | None] = [None, None, None]
    hands[causer] = ["pineapples:0+lukphat", "shrimps:2", "avocados:2", "eggplants:2"]
    # ``scores`` are those when the day opens: the causer's last Luk Phat points come off beforehand.
    scores = list(scores)
    scores[causer] -= default_edition().track_points[-1]
    return {
        "board": {"b2": "fish:2@red", "c2": "bananas:1@yellow", "b3": "flowers:3@green", "c3": "shrimps:1",
                  **extra},
        "hands": hands, "scores": scores, "lukphat": 11, "movement_cards": [0, 0, 0], "to_move": causer,
    }


BIG_MARKET_CASES: dict[str, tuple[list[int], dict[str, str], int]] = {
    "lowest score starts": ([10, 4, 7], {}, RED),
    "tie: fewer merchants on the board": ([5, 5, 9], {"h6": "fish:1@red"}, GREEN),
    "tie: the one who reached it": ([5, 5, 5], {}, YELLOW),
    "tie: first clockwise from the one who reached it": ([5, 5, 9], {}, GREEN),
}
COLOUR_NAMES = ("red", "yellow", "green")


def compute_big_market_order() -> dict[str, str]:
    out = {}
    for case, (scores, extra, causer) in BIG_MARKET_CASES.items():
        state = State.from_position(3, big_market_position(scores, extra, causer))
        state = state.play(f"place:{hand_boat(state, causer, 'pineapples')}@d1").play("decline")
        out[case] = COLOUR_NAMES[state.current_player] if state.current_player is not None else "nobody"
    return out


def compute_big_market_removal() -> dict[str, str | None]:
    """On the Big Market Day a neutral boat may be taken; a foreign one never."""
    state = State.from_position(3, big_market_position([10, 4, 7], {"c3": "shrimps:1@neutral"}, RED))
    state = state.play(f"place:{hand_boat(state, RED, 'pineapples')}@d1").play("decline")
    return {"take the neutral boat": refusal(state, "score:Lb2>c3"),
            "take red's boat": refusal(state, "score:Lb2>b2")}


EXAMPLES = [
    Example("klongs", "klongs.mary-luk-phat", "Mary's Luk Phat boat moves the counter to 6 points",
            "EN/REV Course of the game (example)",
            {"counter before": 0, "counter after": 1, "Mary's points": 6}, compute_mary, ("klongs.lukphat",),
            names=MARY),
    Example("klongs", "klongs.john-eva-helper", "John and Eva's landing: 2 + 3 + 0 + 0 = 5 baskets",
            "EN/REV Evaluation (example)", {"green": 10, "red": 5}, compute_john_helper,
            ("klongs.landing.score",), names=EVA_JOHN),
    Example("klongs", "klongs.john-eva-scenario", "John scores the landing on a Little Market Day: 10 and 5",
            "EN/REV Little Market Day, Evaluation (example)",
            {"John scores first": True, "John": 10, "Eva": 5, "John's stock": ["fish"],
             "John's merchants back": 1},
            compute_john_scenario,
            ("klongs.market.little", "klongs.landing.full", "klongs.landing.own", "klongs.landing.score",
             "klongs.landing.remove"), names=EVA_JOHN),
    Example("klongs", "klongs.cookshop", "A cookshop in the quartet doubles the points",
            "EN/REV Cookshop", {"one cookshop": {"green": 20, "red": 10},
                                "two cookshops (double)": {"green": 14, "red": 14},
                                "two cookshops (each)": {"green": 28, "red": 28}},
            compute_cookshop, ("klongs.landing.cookshop",), names=EVA_JOHN),
    Example("klongs", "klongs.cookshop-scenario", "John's landing with a cookshop: 20 and 10",
            "EN/REV Cookshop", {"John": 20, "Eva": 10}, compute_cookshop_scenario,
            ("klongs.landing.cookshop",), names=EVA_JOHN),
    Example("klongs", "klongs.thief", "The thief takes a boat from its row, into the stock or the hand",
            "EN/REV Thief",
            {"thief in a protected column": "klongs.place.thief-protected", "may take": ["b3", "d3"],
             "inspector's boat": "klongs.thief", "protected boat": "klongs.inspector",
             "to stock: red's stock": ["bananas"], "to stock: red draws": 1,
             "to hand: red's hand": 4, "to hand: red draws": 0, "yellow's merchant returns": 1},
            compute_thief, ("klongs.thief", "klongs.place.thief-protected", "klongs.inspector")),
    Example("klongs", "klongs.inspector", "The inspector removes the thief in its column",
            "EN/REV Inspector",
            {"discard and draw": {"thieves left in column e": 0, "thieves in red's hand": 0, "discarded": 1,
                                  "red draws": 1},
             "into the hand": {"thieves left in column e": 0, "thieves in red's hand": 1, "discarded": 0,
                               "red draws": 0}},
            compute_inspector, ("klongs.inspector", "klongs.place.thief-protected")),
    Example("klongs", "klongs.two-thieves", "Two thieves in the inspector's column",
            "EN/REV Inspector, special case; JP (2)",
            {"both discarded": {"thieves left in column e": 0, "thieves in red's hand": 0, "discarded": 2,
                                "red draws": 1},
             "one into the hand": {"thieves left in column e": 0, "thieves in red's hand": 1, "discarded": 1,
                                   "red draws": 0},
             "Japanese reading (one chosen thief)": {"thieves left in column e": 1,
                                                     "thieves in red's hand": 0, "discarded": 1,
                                                     "red draws": 1}},
            compute_two_thieves, ("klongs.inspector.two-thieves",)),
    Example("klongs", "klongs.sarah-stock", "Sarah's stock: 1 + 6 + 28 = 35", "EN/REV Scoring of the stock",
            35, compute_sarah_helper, ("klongs.stock",), names=SARAH),
    Example("klongs", "klongs.sarah-stock-scenario", "Sarah's stock scored after the Big Market Day",
            "EN/REV Scoring of the stock",
            {"game over": 1, "stock: 1 bananas": 1, "stock: 3 fish": 6, "stock: 7 flowers": 28},
            compute_sarah_scenario, ("klongs.stock", "klongs.market.big"), names=SARAH),
    Example("klongs", "klongs.big-market-order", "Who opens the Big Market Day", "EN/REV Big Market Day",
            {"lowest score starts": "yellow", "tie: fewer merchants on the board": "yellow",
             "tie: the one who reached it": "yellow",
             "tie: first clockwise from the one who reached it": "red"},
            compute_big_market_order, ("klongs.market.big.order",)),
    Example("klongs", "klongs.big-market-removal", "On the Big Market Day a neutral boat may be taken",
            "EN/REV Big Market Day",
            {"take the neutral boat": None, "take red's boat": "klongs.landing.remove"},
            compute_big_market_removal, ("klongs.landing.remove",)),
]
