"""Tindahan's guided first game: three players, you lead the first trick; each rule comes when it first
matters (the steps' words and the catalogue rules they teach; ``explorer/_learn/tutorial.py`` runs them)."""

from __future__ import annotations

from .._learn.tutorial import (
                               Script,
                               Step,
                               after_event,
                               at_end,
                               at_start,
                               on_turn,
                               when,
                               when_may,
                               when_refused,
)

_SCORING = ("tindahan.score.trick", "tindahan.score.hand-card", "tindahan.score.majority",
            "tindahan.score.second", "tindahan.score.trump-bonus", "tindahan.score.ties",
            "tindahan.score.empty-round")

SCRIPT = Script(
    game="tindahan", players=3, seed=3, title="Tindahan: your first game",
    steps=(
        Step("Welcome to the fruit market. You play against two bots, Ben and Carlo. Each fruit has "
             "cards 1 to 10 (10 is highest), dealt out ten to each of you: your ten are at the bottom. "
             "The stalls in the middle are the fruits in play; the donkey cart stands on the banana "
             "stall, so bananas are trump for now. Each of you also has nine sellers to send to the "
             "stalls.",
             at_start(), rules=("tindahan.setup.players", "tindahan.setup.fruits", "tindahan.setup.deal",
                                "tindahan.setup.sellers", "tindahan.setup.cart", "tindahan.trump"),
             marks=("hand", "stalls", "cart")),
        Step("You sit to the dealer's left, so you start the first trick (play goes clockwise). Start "
             "it with a card: play one of your mangoes (click it in your hand). Everyone then acts "
             "once, in turn.",
             on_turn(0), rules=("tindahan.turn-order", "tindahan.hand"), marks=("hand",),
             allowed=("mango-",), nudge="Start this trick with one of your mangoes: click a mango card in "
             "your hand."),
        Step("A trick is over when everyone has acted. The highest trump card takes it; with no trump in "
             "it, the highest card of the fruit led does. Whoever takes it starts the next trick.",
             after_event("trick"), rules=("tindahan.trick.winner", "tindahan.trick.next-leader"),
             marks=("trick", "tricks")),
        Step("Following: you must play the fruit that was led if you hold any. Only without it may you "
             "play another fruit (a trump, or any other). The cards you may play are lit.",
             when_refused("tindahan.follow-suit"), rules=("tindahan.follow-suit",), marks=("hand",)),
        Step("Instead of a card, a player after the starter may send one seller, and only to the stall of "
             "the fruit led in this trick, even if they could follow it. Try it now: send a seller to the "
             "lit stall.",
             when_may("seller:"), rules=("tindahan.seller.led-stall",), marks=("stall:led",),
             allowed=("seller:",), nudge="This time, send a seller: use the button on the stall of the "
             "fruit that was led."),
        Step("When you start a trick, you cannot send a seller: you play a card, or instead you may move "
             "the donkey cart to another stall. Its fruit is trump from that moment, and the next player "
             "must then play a card, which sets the fruit to follow.",
             when("when you start a trick after the first",
                  lambda m: m.turn is not None and "tindahan.seller.not-starting-player" in m.refused
                  and m.turn > 0),
             rules=("tindahan.seller.not-starting-player", "tindahan.cart.starting-player-only",
                    "tindahan.cart.different-stall", "tindahan.cart.next-must-play"),
             marks=("cart", "stalls")),
        Step("Someone moved the donkey cart: its new stall's fruit is trump now. The player after them "
             "had to play a card, and that card's fruit is the one to follow.",
             after_event("cart"), rules=("tindahan.trump", "tindahan.cart.next-must-play"), marks=("cart",)),
        Step("The round ended: after the first trick at whose end a hand was empty. Tricks taken score 2 "
             "each and every card left in a hand costs 1. At each stall the most sellers score 5 (6 at the "
             "trump stall, under the cart) and the next most 2; ties split the points, rounding down. A "
             "player who sent no seller and took no trick this round gets the table's best round score.",
             after_event("scored"), rules=("tindahan.round-end", *_SCORING), marks=("stalls", "scores")),
        Step("A new round: the cards are dealt anew and, by default, your sellers come back and the cart "
             "returns to bananas. The dealer passes clockwise; the game ends once everyone has dealt.",
             when("when the second round begins", lambda m: any(e.get("kind") == "round" and e["round"] > 1
                                                                  for e in m.events)),
             rules=("tindahan.round.reset", "tindahan.dealer"), marks=("hand", "cart")),
        Step("All nine of your sellers are on stalls: you have none left to send.",
             when_refused("tindahan.seller.none-left"), rules=("tindahan.seller.none-left",),
             marks=("sellers",), optional=True),
        Step("The game is over. After the last round the highest total wins; tied leaders share the win. "
             "No more moves are taken. Start another game from the play page, or practise with questions "
             "the engine marks. A player who sends all nine sellers has none left to send.",
             at_end(), rules=("tindahan.game-end", "tindahan.game-over", "tindahan.seller.none-left"),
             marks=("scores",)),
    ),
    unmet={"tindahan.notation": "how the program writes moves; the table's buttons write them for you"},
    score_marks={"tindahan.score.majority": ("stalls",), "tindahan.score.second": ("stalls",),
                 "tindahan.score.trump-bonus": ("cart",), "tindahan.score.trick": ("tricks",),
                 "tindahan.score.hand-card": ("hand",)},
)
