"""Bangkok Klongs' guided first game: three players, you place first; each rule comes when it first
matters (the steps' words and the catalogue rules they teach; ``explorer/_learn/tutorial.py`` runs them).

Klongs' events carry a ``type`` (place, claim, steal, inspect, market, score, stock, end), not the
``kind`` the generic ``after_event`` reads, so the triggers here read them and the view (its phase, the
market day under way, the market days held) through ``when``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .._learn.tutorial import (
    Moment,
    Script,
    Step,
    Trigger,
    at_end,
    at_start,
    on_turn,
    when,
    when_may,
    when_refused,
)

#: The deal: seed 28 hands you a bananas boat with the Luk Phat star (boat55) to open with, and a thief
#: for your second turn; an inspector then protects a column while you hold another thief, and the
#: first Little Market Day comes after your sixth turn, with landings of yours to score.
SEED = 28
FIRST_BOAT = "boat55"


def _event(words: str, test: Callable[[Mapping[str, Any]], bool]) -> Trigger:
    """The first time a new event passes ``test`` (anyone's)."""
    return when(words, lambda m: any(test(e) for e in m.events))


def _placed(special: str) -> Trigger:
    """The first time anyone places a special boat (thief, inspector, cookshop)."""
    return _event(f"when the first {special} is placed",
                  lambda e: e.get("kind") == "place" and e["boat"].get("special") == special)


def _market(day: str) -> Trigger:
    return _event(f"when the first {day} market day begins",
                  lambda e: e.get("kind") == "market" and e["day"] == day)


def _your(phase: str) -> Callable[[Moment], bool]:
    """The learner's decision in this phase of the turn."""
    return lambda m: m.turn is not None and m.view["phase"] == phase


def _market_over(m: Moment) -> bool:
    return m.view["market_days_held"] >= 1 and m.view["market"] is None and not m.state.is_over


def _passed_by(m: Moment) -> bool:
    """The first market day is over and the learner was never asked in it (no landing to score): the
    engine skips such a player without a word, so the guide says why."""
    if not _market_over(m) or m.view["market_days_held"] != 1:
        return False
    events = m.view["events"]
    began = max(i for i, e in enumerate(events) if e.get("kind") == "market")
    return not any(e["seat"] == m.seat and e.get("kind") in ("score", "decline") for e in events[began:])


SCRIPT = Script(
    game="klongs", players=3, seed=SEED, title="Bangkok Klongs: your first game",
    steps=(
        Step("Welcome to the klongs, the canals of Bangkok. You play red against two bots, Yellow and Green. "
             "The board is water: every square is a space a boat can take, and the jetties between them "
             "meet at landings, which score on market days. Each of you holds four boats, hidden from the "
             "others (yours are in your hand, at the right), two movement cards, and twelve merchants: one "
             "marks your score on the score track, the other eleven claim boats.",
             at_start(), rules=("klongs.setup", "klongs.setup.marker"),
             marks=("board", "hand", "players", "scores")),
        Step("It is your turn. A turn goes: place one boat from your hand, answer what that boat asks, "
             "then, if you like, move a boat with a movement card, and end the turn. Your first boat must "
             "go onto an entry space (an arrow at the board's edge). Place your bananas boat with the "
             "Luk Phat star: click it in your hand, then a lit entry space.",
             on_turn(0), rules=("klongs.turn", "klongs.turn.phase", "klongs.place.hand", "klongs.place.free",
                                "klongs.place.entry"),
             marks=("hand", "entries"), allowed=(f"place:{FIRST_BOAT}@",),
             nudge="Start with your bananas boat with the Luk Phat star: click it in your hand, then a "
             "lit entry space at the board's edge."),
        Step("Your boat carried the Luk Phat star, so the counter on the Luk Phat track moved one space and "
             "you scored that space's points. Some spaces of the track (half a circle, a whole one) call a "
             "market day: the Little Market Days on the way, the Big Market Day at its end.",
             when("when a Luk Phat boat first scores", lambda m: any(line["rule"] == "klongs.lukphat"
                                                                     for line in m.lines)),
             rules=("klongs.lukphat",), marks=("track", "market-spaces")),
        Step("A boat without a printed merchant may be claimed: put one of your merchants on it, and its "
             "landings will pay you. Claim your boat now: press 'Put a merchant on it'. (Once your eleven "
             "are all on boats, you may move one from another boat onto the new one instead.)",
             when("when you first place a boat you may claim", _your("possess")),
             rules=("klongs.possess", "klongs.possess.relocate"), marks=("placed", "actions"),
             allowed=("merchant",), nudge="Claim this boat first: press 'Put a merchant on it'."),
        Step("Your boat is placed. Twice in the game, once in a turn, you may spend a movement card to move "
             "one of your boats one space, in any direction, before or after placing; a moved boat need not "
             "touch the others. Keep your two cards for later: press 'End turn'.",
             when("when you may first move a boat", _your("after")),
             rules=("klongs.move", "klongs.move.timing", "klongs.move.isolation"),
             marks=("movable", "movement-cards", "actions"), allowed=("end",),
             nudge="Keep your movement cards for later this time: press 'End turn'."),
        Step("Ending the turn refills your hand to four boats from the stack. When the stack is used up, "
             "play goes on without drawing.",
             when("when you first end a turn", lambda m: any(e.get("kind") == "end" and e["seat"] == m.seat
                                                             for e in m.events)),
             rules=("klongs.draw",), marks=("hand", "stack")),
        Step("Some boats have a merchant printed on them: they belong to nobody, and nobody may claim them. "
             "The special boats (thief, inspector, cookshop) are such boats too.",
             _event("when a boat with a printed merchant is first placed",
                    lambda e: e.get("kind") == "place" and e["boat"]["neutral"]),
             rules=("klongs.possess.neutral",), marks=("just-played", "placed")),
        Step("From now on each boat must touch a boat already on the board, side by side or corner to "
             "corner (jetties do not break the contact), on an empty space. The spaces your boat may take "
             "light up when you pick it.",
             when_refused("klongs.place.touch"), rules=("klongs.place.touch", "klongs.place.free"),
             marks=("board",)),
        Step("The spaces come in hoods, the groups outlined on the board. A hood holds at most three boats: "
             "its fourth space stays empty (it shows 'full').",
             when_refused("klongs.place.hood-limit"), rules=("klongs.place.hood-limit",),
             marks=("full-hoods",)),
        Step("A thief is on the board. Whoever places a thief takes one boat from the thief's row into "
             "their stock (or into their hand, in place of the draw); the merchant on that boat goes home. "
             "Inspectors and the boats they protect cannot be taken.",
             _placed("thief"), rules=("klongs.thief",),
             marks=("thief-row", "just-played", "placed", "actions")),
        Step("An inspector is on the board. It protects its column: no thief may be placed there, and a "
             "thief already in it is removed by the inspector's player, thrown away or taken into the hand "
             "instead of the draw. With several thieves there, all go, and at most one into the hand.",
             _placed("inspector"),
             rules=("klongs.inspector", "klongs.inspector.two-thieves", "klongs.place.thief-protected"),
             marks=("inspector-column", "just-played", "placed")),
        Step("Your thief may not go into the column an inspector protects: those spaces stay dark.",
             when_refused("klongs.place.thief-protected"), rules=("klongs.place.thief-protected",),
             marks=("protected",), optional=True),
        Step("A cookshop is on the board. A landing with a cookshop among its four boats scores double.",
             _placed("cookshop"), rules=("klongs.landing.cookshop",), marks=("just-played", "placed")),
        Step("The Luk Phat counter reached a market day space: a Little Market Day, held at the end of that "
             "turn. Starting with the player who reached it, everyone in turn, twice round, may score one "
             "landing or decline. A landing scores only when all four of its spaces hold boats and one of "
             "them is yours. It is worth its boats' baskets added up (a thief's do not count), paid to each "
             "colour once per merchant it has there. The scorer then takes one of their own boats from it "
             "into their stock, and that boat's merchant goes home.",
             _market("little"),
             rules=("klongs.market.little", "klongs.market.timing", "klongs.landing.full",
                    "klongs.landing.own", "klongs.landing.score", "klongs.landing.remove"),
             marks=("market", "landings")),
        Step("Your turn to score: choose a lit landing (on the board or in the list), then the boat of yours "
             "to take into your stock.",
             when_may("score:"), rules=("klongs.landing.score", "klongs.landing.remove"),
             marks=("landings", "market-choices"), allowed=("score:",),
             nudge="Score a landing this time: choose one of the lit landings, then the boat to take into "
             "your stock."),
        Step("That market day passed you by: none of the landings was full with a boat of yours among its "
             "four, so you had nothing to score and were not asked. Before the next one, fill a landing "
             "where you have a merchant.",
             when("when the first market day passes the learner by", _passed_by),
             rules=("klongs.landing.full", "klongs.landing.own"), marks=("landings",), optional=True),
        Step("The Little Market Day is over: play goes on with the player left of the one who reached it.",
             when("when the first market day is over", _market_over), rules=("klongs.market.after",),
             marks=("players",)),
        Step("You have no boat you can place: you pass.",
             when_may("pass"), rules=("klongs.pass",), marks=("hand",), optional=True),
        Step("The counter reached the track's last space: the Big Market Day. It begins with the player "
             "lowest on the score track (on a tie, fewer merchants on the board) and goes round clockwise; "
             "players keep scoring in turn until a whole round goes by with nobody scoring, so passing "
             "once does not shut you out. Now you may take your own boat or a neutral one into your stock, "
             "but not a boat nobody has claimed. (A player who cannot place a boat passes; if all pass in "
             "turn, the Big Market Day comes at once.)",
             _market("big"),
             rules=("klongs.market.big", "klongs.market.big.order", "klongs.market.big.turns", "klongs.pass",
                    "klongs.stall", "klongs.landing.remove", "klongs.market.big.end",
                    "klongs.landing.unclaimed"),
             marks=("market", "landings", "scores")),
        Step("The game is over. After the Big Market Day each stock scored per good: 1 point for the first "
             "boat of a good, 2 for the second, 3 for the third, and so on; special boats carry no goods. "
             "The furthest along the score track wins (tied players share the win), and no more moves are "
             "taken. Play a whole game from the play page, or practise with questions the engine marks.",
             at_end(), rules=("klongs.stock", "klongs.winner", "klongs.game-over"),
             marks=("stocks", "scores", "summary")),
    ),
    unmet={"klongs.notation": "how the program writes moves; the board's buttons write them for you",
           "klongs.setup.start-position": "scenarios start from a stated position; a first game starts "
           "from the usual set-up",
           "klongs.draw.stack": "the 'more tactics' variant's draw from two stacks; a first game draws "
           "from one"},
    score_marks={"klongs.lukphat": ("track", "scores"), "klongs.landing.score": ("landings", "scores"),
                 "klongs.landing.cookshop": ("landings", "scores"), "klongs.stock": ("stocks", "scores")},
)
