"""Bangkok's rules options: the expert market, and the readings the rulebook leaves open."""

from __future__ import annotations

from .._core.options import Option
from ._start import parse_start

OPTIONS: dict[str, Option] = {
    "expert": Option(
        "expert", False, (False, True),
        "The expert version: besides at most one chilli card per market row, the column limit of "
        "`expert_reading` applies.",
    ),
    "expert_reading": Option(
        "expert_reading", "row-and-column", ("row-and-column", "column-only"),
        "What the expert limit is. 'row-and-column' (default): at most one chilli card per row and per "
        "column, as the French text says and as the English one reads when its column limit is added "
        "to the basic row limit (the book calls it an additional constraint). 'column-only': the "
        "printed English sentence read alone, the column limit replacing the row limit.",
    ),
    "type1_below_zero": Option(
        "type1_below_zero", False, (False, True),
        "Whether a type-1 chilli card can score below zero when its area shows more than five of its "
        "goods. False (default): it scores at least 0, since the book says the card earns points and "
        "never speaks of losing any. True: 5 minus the count, even when negative.",
    ),
    "type4": Option(
        "type4", "exactly-once", ("exactly-once", "each-copy"),
        "How a type-4 chilli card counts its indicated good. 'exactly-once' (default): 2 points for "
        "each indicated good shown exactly once in its area, and none for a good shown twice or more. "
        "The card pays for a good present once: read as a count, once means one copy, and paying for "
        "every copy is already what type 2 does at 1 point a copy, in plainer words. The book's example "
        "(one blue peas in the area, 2 points) fits both readings. 'each-copy': 2 points for every "
        "copy of an indicated good in the area, each copy counted once.",
    ),
    "refill": Option(
        "refill", "each-slot", ("each-slot", "once"),
        "How several empty places of the port are refilled. 'each-slot' (default): before each card "
        "the chilli cards in the port are counted again, so the port settles back to about two chilli "
        "cards as at setup. 'once': the pile is chosen once, after the line has slid, and every empty "
        "place is filled from it (from the other pile only when it runs out). Places are filled in "
        "reading order, a1 to c3.",
    ),
    "solo_slots": Option(
        "solo_slots", "free", ("free", "piles-only"),
        "Which ends of the port a solo player may use. 'free' (default): not the two ends above "
        "columns 1 and 3, where the piles lie, nor the end under the turn-counter token, since the "
        "book asks for a free end and both cover one. 'piles-only': the token only counts turns and "
        "leaves its end usable.",
    ),
    "start": Option(
        "start", None, None,
        "A starting position instead of the seeded deal, for rulebook scenarios and lessons: a dict "
        "with 'port' (3 rows of 3 cards, '.' for an empty place) and 'hands' (a list of cards per "
        "seat), and optionally 'markets' (3 rows per seat), 'objectives' (a good per seat), "
        "'first_player' (a seat, default 0), 'boat_pile' and 'chilli_pile' (their top cards, top "
        "first). The edition supplies the named cards; the rest are shuffled into the piles under the "
        "named tops. Being a rules option, it is part of the record, so the scenario replays.",
        parse=parse_start,
    ),
}
