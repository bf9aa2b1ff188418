"""Bastos!'s guided first game: three players, you pick first and lead the first trick; each rule comes
when it first matters (the steps' words and the catalogue rules they teach; ``explorer/_learn/tutorial.py``
runs them)."""

from __future__ import annotations

from .._learn.tutorial import (
                               Moment,
                               Script,
                               Step,
                               after_event,
                               at_end,
                               at_start,
                               on_turn,
                               when,
                               when_refused,
)
from ._notation import DECLARE

#: Every "throw and make trump" move: the step that asks for one allows any of them.
_TRUMPS = tuple(DECLARE.values())


def _may_make_trump(m: Moment) -> bool:
    return m.turn is not None and any(a in DECLARE.values() for a in m.view["legal"])


def _own_colour_led(m: Moment) -> bool:
    # The engine tells both: the lead, and that the card was its player's own colour.
    led = {e["card"] for e in m.events if e.get("kind") == "lead"}
    return any(e.get("kind") == "own-colour" and e["card"] in led for e in m.events)


def _your_value_move(m: Moment) -> bool:
    return m.turn is not None and m.view["phase"] == "adjust"


def _trump_trick(m: Moment) -> bool:
    return any(e.get("kind") == "trick" and e["trump"] for e in m.events)


def _second_pick(m: Moment) -> bool:
    # On the learner's own pick, not with the round's deal: that comes in the same move as the last
    # round's scoring, which the learner reads first.
    return m.turn is not None and m.view["round"] > 1 and m.view["phase"] == "choose"


SCRIPT = Script(
    game="bastos", players=3, seed=22, title="Bastos!: your first game",
    steps=(
        Step("Welcome to Bastos! You play against two bots, Ben and Carlo. With three players the "
             "lanzones stay in the box: the deck is four fruits, each in values 1 to 9, and everyone gets "
             "12 cards. Yours are at the bottom. The value table says what each fruit's cards will be "
             "worth when the round ends; every fruit starts the round at 0.",
             at_start(), rules=("bastos.setup.players", "bastos.setup.deck", "bastos.setup.deal",
                                "bastos.values.start-zero"),
             marks=("hand", "values")),
        Step("First, everyone picks one card of their hand in secret: the Bastos! card. Its fruit is your "
             "Bastos! colour for this round. The picked card is never played, and the round goes on only "
             "when all three have picked. Pick one of your bananas now (click it in your hand): you hold "
             "six, and each one you play later lets you move a fruit's value.",
             on_turn(0), rules=("bastos.colour.choose", "bastos.phase"), marks=("hand",),
             allowed=("choose:banana-",), nudge="For this first round, pick one of your bananas: click a "
             "banana card in your hand."),
        Step("The Bastos! cards are shown: each pushes its fruit's value up by one, so a fruit two players "
             "picked starts at +2. A value never goes above +3 or below -2.",
             after_event("reveal"), rules=("bastos.colour.raises-value", "bastos.values.clamp"),
             marks=("values", "colours")),
        Step("Carlo dealt, so you, on his left, lead the first trick; the others then play one card each, "
             "in turn (clockwise), always from their own hand. Lead your durian 8: durian is nobody's "
             "Bastos! colour this round, and a high card of the fruit led takes a trick (unless it is its "
             "own player's Bastos! colour, as you will see).",
             on_turn(1), rules=("bastos.lead", "bastos.own-card"), marks=("dealer", "hand"),
             allowed=("durian-8",), nudge="Lead your durian 8 this time: click it in your hand."),
        Step("A trick is over when everyone has played. Without a trump card in it, the highest card of "
             "the fruit led takes it. Whoever takes a trick leads the next one.",
             after_event("trick"), rules=("bastos.trick.highest-led", "bastos.trick.winner-leads"),
             marks=("trick", "won")),
        Step("Someone played a card of their own Bastos! colour. Such a card can never take the trick. "
             "Straight after playing it, its player moves one fruit's value up or down by 1.",
             after_event("own-colour"), rules=("bastos.colour.never-wins", "bastos.colour.adjust"),
             marks=("values", "colours")),
        Step("You played your own Bastos! colour, so now you move one fruit's value by 1: use an arrow "
             "under a fruit in the value table. Raise a fruit whose cards you have taken or hope to take, "
             "or lower one the others are collecting.",
             when("when you first owe a value move", _your_value_move),
             rules=("bastos.colour.adjust",), marks=("value-moves",)),
        Step("Following: you must play the fruit that was led if you hold any. Only without it may you "
             "throw another card. The cards you may play are lit.",
             when_refused("bastos.follow-suit"), rules=("bastos.follow-suit",), marks=("hand",)),
        Step("The leader led their own Bastos! colour, and that card can never take the trick. If others "
             "follow that fruit, the highest of their cards takes it, even one lower than the led card. If "
             "nobody follows or trumps, the leader gets it anyway. If every card in a trick is its own "
             "player's Bastos! colour, nobody takes it: it is set aside and the same player leads again.",
             when("when a leader first leads their own Bastos! colour", _own_colour_led),
             rules=("bastos.trick.highest-follower", "bastos.trick.leader-takes", "bastos.trick.set-aside"),
             marks=("trick", "colours")),
        Step("You cannot follow the fruit led, and no fruit is trump yet: you may throw a card and make "
             "its fruit trump for the rest of the round. Its value drops by 2 at once, and the card already "
             "counts as a trump in this trick. A fruit that is anyone's Bastos! colour can never be trump. "
             "Try it: use the trump button beside a card.",
             when("when you may first make a fruit trump", _may_make_trump),
             rules=("bastos.trump.declare", "bastos.trump.lowers-value", "bastos.trump.counts-at-once",
                    "bastos.trump.not-bastos-colour"),
             marks=("trump-cards", "values"), allowed=_TRUMPS,
             nudge="This time, make a fruit trump: use the trump button beside one of your cards."),
        Step("A fruit was made trump: its value dropped by 2, and it stays trump until the round ends. "
             "Nobody can name another trump now; a player who cannot follow may throw any card, trumps "
             "included.",
             after_event("trump"), rules=("bastos.trump.declare", "bastos.trump.lowers-value",
                                          "bastos.trump.once"),
             marks=("trump", "values")),
        Step("That trick held a trump card, so the highest trump took it, whatever the fruit led.",
             when("when a trump first takes a trick", _trump_trick),
             rules=("bastos.trick.highest-trump", "bastos.trump.counts-at-once"), marks=("trick", "trump")),
        Step("Every card in that trick was its own player's Bastos! colour: nobody takes it, and the same "
             "player leads again.",
             after_event("set-aside"), rules=("bastos.trick.set-aside",), marks=("trick",), optional=True),
        Step("The round ended: every hand card has been played. Each card in the tricks you took is now "
             "worth its fruit's value on the table, and the round's score is their sum, which may be "
             "negative.",
             after_event("scored"), rules=("bastos.round.end", "bastos.score.card-value"),
             marks=("values", "won", "scores")),
        Step("A new round: the cards were shuffled and dealt anew, everyone picks a new Bastos! card and "
             "every value is back at 0. The deal passes one seat to the left; the game ends once everyone "
             "has dealt twice, six rounds with three players.",
             when("when you first pick in the second round", _second_pick),
             rules=("bastos.game.rounds", "bastos.setup.deal", "bastos.values.start-zero"),
             marks=("hand", "values")),
        Step("The game is over. After the last round the highest total wins; equal totals share the win. "
             "No more moves are taken. Start another game from the play page, or practise with questions "
             "the engine marks.",
             at_end(), rules=("bastos.game.winner", "bastos.game-over"), marks=("scores",)),
    ),
    unmet={"bastos.notation": "how the program writes moves; the table's buttons write them for you"},
    score_marks={"bastos.score.card-value": ("values", "won")},
)
