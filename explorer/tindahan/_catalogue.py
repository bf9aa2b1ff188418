"""Tindahan's rule catalogue: stable ids, each rule in our own words, with its rulebook section."""

from __future__ import annotations

from explorer._core.rules import Rule, RuleCatalogue

_BOOK = "Filipino Fruit Market, Tindahan"

RULES = RuleCatalogue(
    "tindahan",
    [
        Rule("tindahan.setup.players", "Tindahan is for three to five players.", f"{_BOOK}: introduction"),
        Rule(
            "tindahan.setup.fruits",
            "One fruit per player is in play: all five with five players, one fewer with four, two fewer "
            "with three. Bananas never leave the game; by default lanzones leave with four players, lanzones "
            "and pineapple with three (a rules option chooses other fruits).",
            f"{_BOOK}: Setup",
        ),
        Rule(
            "tindahan.setup.deal",
            "Each fruit has ten cards, 1 to 10 (10 is highest). Every round the cards in play are shuffled "
            "and dealt out completely, ten to each player.",
            f"{_BOOK}: Setup",
        ),
        Rule("tindahan.setup.sellers", "Each player owns nine sellers in their colour.", f"{_BOOK}: Setup"),
        Rule(
            "tindahan.setup.cart",
            "The donkey cart begins on the banana stall, so bananas begin as trump.",
            f"{_BOOK}: Setup",
        ),
        Rule(
            "tindahan.turn-order",
            "The player to the dealer's left starts the first trick of a round; within a trick every player "
            "acts once, going clockwise round the table from the starting player.",
            f"{_BOOK}: Gameplay",
        ),
        Rule("tindahan.hand", "A card can only be played by the player holding it.",
             f"{_BOOK}: Playing a Card"),
        Rule(
            "tindahan.cart.starting-player-only",
            "Only the starting player of a trick, as their whole turn and instead of a card, may move the "
            "donkey cart.",
            f"{_BOOK}: Gameplay",
        ),
        Rule(
            "tindahan.cart.different-stall",
            "The donkey cart must move to another stall in play; it cannot stay where it is.",
            f"{_BOOK}: Gameplay",
        ),
        Rule(
            "tindahan.cart.next-must-play",
            "After the starting player moves the cart, the next player has to play a card (no seller), and "
            "that card fixes the fruit to follow in this trick.",
            f"{_BOOK}: Gameplay; Placing Sellers",
        ),
        Rule(
            "tindahan.trump",
            "The fruit of the stall under the donkey cart is trump, from the moment the cart arrives.",
            f"{_BOOK}: Playing a Card",
        ),
        Rule(
            "tindahan.follow-suit",
            "A player who plays a card must play the led fruit if they hold any; only without it may they "
            "play another fruit, trump or not.",
            f"{_BOOK}: Playing a Card",
        ),
        Rule(
            "tindahan.seller.not-starting-player",
            "The starting player of a trick cannot send a seller; they play a card or move the cart.",
            f"{_BOOK}: Placing Sellers",
        ),
        Rule(
            "tindahan.seller.led-stall",
            "Instead of a card, a player after the starter may send one seller, and only to the stall of "
            "the fruit led in this trick, whether or not they could follow it.",
            f"{_BOOK}: Placing Sellers",
        ),
        Rule(
            "tindahan.seller.none-left",
            "A player whose nine sellers are all on stalls has none left to send.",
            f"{_BOOK}: Components; Placing Sellers",
        ),
        Rule(
            "tindahan.trick.winner",
            "When everyone has acted, the highest trump card takes the trick; with no trump in it, the "
            "highest card of the led fruit does.",
            f"{_BOOK}: Playing a Card",
        ),
        Rule(
            "tindahan.trick.next-leader",
            "Whoever takes a trick starts the next one.",
            f"{_BOOK}: Playing a Card",
        ),
        Rule(
            "tindahan.round-end",
            "A round is scored right after the first trick at whose end some player's hand is empty.",
            f"{_BOOK}: Round End and Scoring",
        ),
        Rule("tindahan.score.trick", "Each trick taken in the round is worth 2 points.",
             f"{_BOOK}: Round End and Scoring"),
        Rule("tindahan.score.hand-card", "Each card still in hand at the round's end costs 1 point.",
             f"{_BOOK}: Round End and Scoring"),
        Rule(
            "tindahan.score.majority",
            "At each stall, the player with the most sellers there scores 5 points.",
            f"{_BOOK}: Round End and Scoring",
        ),
        Rule(
            "tindahan.score.second",
            "At each stall, the player with the next most sellers scores 2 points; if nobody else has a "
            "seller there, these 2 points go to nobody.",
            f"{_BOOK}: Round End and Scoring",
        ),
        Rule(
            "tindahan.score.trump-bonus",
            "The majority at the stall under the donkey cart is worth one more point (6 instead of 5). "
            "By default players tied there share it with the rest (6 + 2 = 8 split between them); a "
            "rules option chooses other readings of a tie.",
            f"{_BOOK}: Round End and Scoring",
        ),
        Rule(
            "tindahan.score.ties",
            "When players tie for the most sellers at a stall, they add the first and second place points "
            "together (5 + 2 = 7) and split them evenly, rounding down; nobody else scores second place "
            "there. Players tied for second place split its 2 points, rounding down.",
            f"{_BOOK}: Round End and Scoring",
        ),
        Rule(
            "tindahan.score.empty-round",
            "A player who in this round sent no seller and took no trick scores, instead of their own round "
            "score, as many points as the best round score at the table (the best before this rule). When "
            "sellers stay on the stalls from round to round, this program's reading counts only the "
            "sellers sent in this round, as the book speaks of what a player did in the round; under the "
            "other reading a seller still standing on a stall from an earlier round is enough too. When "
            "sellers go home after every round the two readings are the same.",
            f"{_BOOK}: Round End and Scoring",
        ),
        Rule(
            "tindahan.round.reset",
            "Between rounds the cards are dealt anew; by default the sellers go back to their owners and "
            "the cart back to bananas (two rules options choose these readings).",
            f"{_BOOK}: Setup; Round End and Scoring",
        ),
        Rule(
            "tindahan.dealer",
            "The dealer passes clockwise, one seat on each round, and the game has one round per player: "
            "it ends once everyone has dealt once.",
            f"{_BOOK}: Round End and Scoring; Game End and Winner",
        ),
        Rule(
            "tindahan.game-end",
            "After the last round the highest total wins; tied leaders share the win (the rulebook jokes "
            "that the designer wins a tie).",
            f"{_BOOK}: Game End and Winner",
        ),
        Rule(
            "tindahan.notation",
            "Actions are written as a card (banana-10), seller:<fruit> or cart:<fruit>.",
            "Rules Explorer notation",
        ),
        Rule("tindahan.game-over", "Once the game has ended no action is accepted.",
             f"{_BOOK}: Game End and Winner"),
    ],
)
