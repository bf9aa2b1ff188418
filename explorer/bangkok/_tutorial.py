"""Bangkok's guided first games: against Boon (``SCRIPT``), and alone (``VARIANTS["solo"]``, "bangkok-solo").
You lay the first card, lay your first market card, and each rule comes when it first matters (the steps'
words and the catalogue rules they teach; ``explorer/_learn/tutorial.py`` runs them).

Both deals are fixed (a seed), so the first moves the steps ask for are moves those deals have: a boat
with two goods laid at a line where it takes a chilli card and one boat, so a market starts at once.
"""

from __future__ import annotations

from .._learn.tutorial import Moment, Script, Step, after_event, at_end, at_start, on_turn, when, when_refused

_CHILLI = ("bangkok.score.chilli-area", "bangkok.score.chilli-1", "bangkok.score.chilli-2",
           "bangkok.score.chilli-3", "bangkok.score.chilli-4")
_SETUP = ("bangkok.setup.objectives", "bangkok.setup.starting-hand", "bangkok.setup.piles",
          "bangkok.setup.port")
_NOTATION = "how the program writes moves; the table's cards, arrows and places write them for you"


def _market_turn(m: Moment) -> bool:
    return m.turn is not None and m.view["phase"] == "market"


def _return_turn(m: Moment) -> bool:
    return m.turn is not None and m.view["phase"] == "return"


def _chilli_scored(m: Moment) -> bool:
    return any(line["rule"] in _CHILLI for line in m.lines)


def _improving_again(m: Moment) -> bool:
    # The learner's next turn to improve their hand, once they have laid a card at the port.
    return m.turn is not None and m.view["phase"] == "act" and any(
        e.get("kind") == "place" and e["seat"] == m.seat for e in m.view["events"])


def _market_full(m: Moment) -> bool:
    return any(size == 9 for size in m.view["market_sizes"])


def _counter_moved(m: Moment) -> bool:
    return m.view["turn"] is not None and m.view["turn"] > 1 and m.turn is not None


def _collecting() -> Step:
    return Step(
        "What a card takes: each good on the card you lay pays for one card of that line that shows the "
        "same good. A card with one good takes exactly one card; with two goods, one or two; with three, "
        "one to three. You must take every card your goods can pay for: you only choose between cards "
        "that compete for the same good. Once you pick an arrow, the port marks each card you must take "
        "or may choose.",
        when_refused("bangkok.collect.count"),
        rules=("bangkok.collect.count", "bangkok.collect.one-per-good", "bangkok.collect.no-refusal"),
        marks=("port",))


def _first_move(card: str, line: str, where: str, words: str, takes: str) -> Step:
    """The first move, narrowed: lay ``card`` at either end of ``line`` ("R1": left or right of row 1)."""
    ends = (f"{line}L", f"{line}R") if line.startswith("R") else (f"{line}T", f"{line}B")
    return Step(
        "Your turn. On a turn you either improve your hand or renew one line of the port. To improve it, "
        "lay one of your hand cards at an end of a row or column of the port (the arrows around it). The "
        "line it faces must show at least one of its goods, and you take cards from that line only. Try "
        f"it: choose your {words} in your hand, then a lit arrow {where}, then what it takes: {takes}.",
        on_turn(0), rules=("bangkok.turn.order", "bangkok.place.hand-card", "bangkok.place.shared-good",
                           "bangkok.collect.same-line"),
        marks=("hand", *(f"end:{end}" for end in ends)), allowed=tuple(f"place:{card}@{end}" for end in ends),
        nudge=f"For this first turn, lay your {words} {where}: click it in your hand, then a lit arrow "
        f"{where}.")


def _completing() -> Step:
    return Step(
        "Step 2, completing the port: the cards left in that line slid away from the end where the card "
        "came in, keeping their order, and the laid card slid in behind them. Then the empty places were "
        "filled: from the boat pile while the port shows two or more chilli cards, otherwise from the "
        "chilli pile. Replay step 2 under the port shows it again.",
        after_event("place"), rules=("bangkok.port.shift", "bangkok.port.refill"), marks=("port", "piles"))


def _first_market(chilli: str, words: str) -> Step:
    return Step(
        "You now hold 4 cards, one more than the 3 a hand keeps. Before anything else, lay the extra cards "
        "from your hand into your floating market, one at a time, until 3 remain. A market starts in its "
        f"top-left corner, right next to your pontoon. Lay the {words} there: click it, then the lit corner.",
        when("when you first have cards to lay in your market", _market_turn),
        rules=("bangkok.market.required", "bangkok.market.hand-card", "bangkok.market.first-corner"),
        marks=("market-cell:a1", "hand"), allowed=(f"market:{chilli}@",),
        nudge=f"Lay the {words} first: click it in your hand, then the lit top-left corner of your market.")


def _chilli_scoring(which: str) -> Step:
    return Step(
        "A chilli card scores as soon as it is in a market, and its score changes as cards come beside "
        "it. It looks only at itself and the cards touching its sides: 3 cards from a corner, 4 from an "
        "edge, 5 from the centre. The number on a chilli card is its type, and the goods beside it are the "
        "goods it counts. Type 1 scores 5, less 1 for each counted good; type 2 scores 1 for each counted "
        "good; type 3 scores 2 for each pair of its two goods; type 4 scores 2 for each counted good that "
        f"shows exactly once. {which} Press Scoring at the top of the table to see which cards a chilli "
        "counts. The score beside each market is what its chilli cards are worth as it stands: the "
        "secret objective and the complete market's 2 points are added only when the game ends.",
        when("when a chilli card first scores", _chilli_scored), rules=_CHILLI, marks=("market", "overlay"))


def _market_rules() -> Step:
    return Step(
        "Each further market card must share a side with a card already in your market, and a card once "
        "laid stays where it is: a place that holds a card takes no other. No row of your market may hold "
        "two chilli cards. If none of your extra cards can be laid (the market is full, or only chilli "
        "cards are left and no place takes one), you slip extra cards of your choice under their piles "
        "instead, until 3 remain. The places your chosen card may take are lit.",
        when_refused("bangkok.market.adjacent"),
        rules=("bangkok.market.adjacent", "bangkok.market.fixed", "bangkok.market.chilli-row",
               "bangkok.market.blocked"),
        marks=("market",))


def _renewing() -> Step:
    return Step(
        "Instead of improving your hand, you may renew one row or column of the port: each of its cards "
        "is swapped for the top card of the same pile (a boat for a boat, a chilli for a chilli), and the "
        "old cards go under their piles. A line can be renewed only if at least one of its cards has a "
        "card to swap with on its pile. The buttons beside your hand renew a line; take it when no line "
        "offers you what you want.",
        when("on your next turn to improve your hand", _improving_again),
        rules=("bangkok.renew.line", "bangkok.renew.pile-empty"), marks=("renew",))


def _blocked() -> Step:
    return Step(
        "None of your extra cards fits your market: slip the extra cards of your choice under their piles "
        "(the button beside each card) until 3 remain.",
        when("when no extra card of yours fits your market", _return_turn),
        rules=("bangkok.market.blocked",), marks=("hand",), optional=True)


_SCORE_MARKS = {**{rule: ("markets", "overlay") for rule in _CHILLI},
                "bangkok.score.objective": ("pontoon", "markets"), "bangkok.score.complete": ("markets",)}

#: The rules neither guided game meets, with why.
_ASIDE = {"bangkok.notation": _NOTATION,
          "bangkok.market.chilli-column": "the expert version's rule; the guided game is the basic version",
          "bangkok.turn.stuck": "the program's reading for a position the book never meets (no card can be "
                                "laid and no line renewed); a first game does not reach it"}

SCRIPT = Script(
    game="bangkok", players=2, seed=8, title="Bangkok: your first game",
    steps=(
        Step("Welcome to Bangkok! You play against a bot, Boon. In the middle is the port: nine cards in a "
             "3 by 3 square, dealt face up from two face-down piles, the chilli cards and the boat cards "
             "(two chilli cards and seven boats at the start). Every card carries goods: passion fruit, "
             "Thai zucchini, blue peas or fish. Chance made you the first player: you hold the "
             "first-player token all game, and turns pass from you to Boon and back. Everyone starts with "
             "a fixed set of three cards, the first player the set with one bamboo, the next the set with "
             "two. Your pontoon tile, beside your floating market, shows your secret objective: blue peas.",
             at_start(), rules=("bangkok.setup.first-player", *_SETUP),
             marks=("port", "piles", "hand", "pontoon", "token")),
        _collecting(),
        _first_move("BF", "R1", "left or right of row 1", "boat with blue peas and fish",
                    "the type-3 chilli card and the boat with blue peas and fish"),
        _completing(),
        _first_market("BB!3BF", "type-3 chilli card"),
        _chilli_scoring("Your type-3 chilli counts pairs of blue peas and fish."),
        _market_rules(),
        _renewing(),
        _blocked(),
        Step("A market is complete: all 9 of its places hold a card. The round is played out, so that "
             "everyone has had as many turns, and then the game is over.",
             when("when a market is first complete", _market_full), rules=("bangkok.end.trigger",),
             marks=("markets", "ending")),
        Step("The game is over, and the pontoons turn over: each player's objective good scores 1 point "
             "for every copy of it anywhere in their market, chilli cards included, and a market with all "
             "9 places filled earns 2 more. The most points wins; among tied players the larger objective "
             "score wins, and if still tied they share the victory. No more moves are taken. Start another "
             "game from the play page, or practise with questions the engine marks.",
             at_end(), rules=("bangkok.score.objective", "bangkok.score.complete", "bangkok.score.tie-break",
                              "bangkok.game-over"),
             marks=("scores", "pontoon", "summary")),
    ),
    unmet={**_ASIDE,
           "bangkok.solo.piles": "a rule of the game played alone: its own guided game teaches it",
           "bangkok.solo.free-end": "a rule of the game played alone: its own guided game teaches it",
           "bangkok.solo.turns": "a rule of the game played alone: its own guided game teaches it"},
    score_marks=_SCORE_MARKS,
)

SOLO = Script(
    game="bangkok", players=1, seed=7, title="Bangkok alone: your first game",
    steps=(
        Step("Welcome to Bangkok, played alone. In the middle is the port: nine cards in a 3 by 3 square, "
             "dealt face up from two face-down piles, the chilli cards and the boat cards (two chilli cards "
             "and seven boats at the start). Every card carries goods: passion fruit, Thai zucchini, blue "
             "peas or fish. Alone, the piles lie beyond the top ends of columns 1 and 3, so those ends take "
             "no card. The first-player token counts your turns: it starts right of row 1, covering that end "
             "too, and after each turn it moves one end on, clockwise; a card goes only to an end that no "
             "pile and no token covers. You have nine turns: the game ends after the ninth, or earlier when "
             "your market is full. You start with the fixed set of three cards that has one bamboo, and "
             "your pontoon tile, beside your floating market, shows your secret objective: Thai zucchini.",
             at_start(), rules=(*_SETUP, "bangkok.solo.piles", "bangkok.solo.turns", "bangkok.solo.free-end"),
             marks=("port", "piles", "covered", "turns", "hand", "pontoon")),
        _collecting(),
        _first_move("PZ", "R3", "left or right of row 3", "boat with passion fruit and Thai zucchini",
                    "the type-3 chilli card and the boat with Thai zucchini and blue peas"),
        _completing(),
        _first_market("PP!3PZ", "type-3 chilli card"),
        _chilli_scoring("Your type-3 chilli counts pairs of passion fruit and Thai zucchini."),
        Step("Your turn counter moved one end on, clockwise, and covers that end now; the end it left is "
             "free again.",
             when("when the turn counter first moves", _counter_moved),
             rules=("bangkok.solo.turns", "bangkok.solo.free-end"), marks=("turns",)),
        _market_rules(),
        _renewing(),
        _blocked(),
        Step("The game is over: your ninth turn is played, or your market holds 9 cards, which ends the "
             "game at once when you play alone. The pontoon turns over: your objective good scores 1 point "
             "for every copy of it anywhere in your market, chilli cards included, and a market with all 9 "
             "places filled earns 2 more. No more moves are taken. Try to beat your score in another game "
             "from the play page, or practise with questions the engine marks.",
             at_end(), rules=("bangkok.end.trigger", "bangkok.score.objective", "bangkok.score.complete",
                              "bangkok.game-over"),
             marks=("scores", "pontoon", "summary")),
    ),
    unmet={**_ASIDE,
           "bangkok.setup.first-player": "alone nobody takes turns after you: the first-player token counts "
                                         "your turns instead (the solo turn rule, taught at the start)",
           "bangkok.score.tie-break": "alone nobody can tie with you: the game is played for your best "
                                      "score"},
    score_marks=_SCORE_MARKS,
)

#: Bangkok's other guided games: "bangkok-solo" in ``explorer.tutorials``.
VARIANTS = {"solo": SOLO}
