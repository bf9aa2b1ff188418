"""The Klongs options: where the rulebooks disagree an option picks the reading, plus the scenario
option ``start`` (a start position, see ``explorer.klongs._start``)."""

from __future__ import annotations

from .._options import Option
from ._start import normalise_position

OPTIONS: dict[str, Option] = {
    "moved_boat": Option(
        "moved_boat", "need-not-touch", ("need-not-touch", "must-not-touch"),
        "Where a boat moved with a movement card may stop. 'need-not-touch' (default): it need not touch "
        "other boats, as the Japanese notes say; the German original reads 'muessen nicht' ('need not'), "
        "which both English texts mistranslate. 'must-not-touch': the English texts, no other boat may "
        "touch the space it moves to."),
    "inspector_thieves": Option(
        "inspector_thieves", "all", ("all", "one"),
        "Which thieves an inspector removes from its column. 'all' (default): every thief there, as both "
        "English texts say, whose two-thieves special case only makes sense if all go; at most one may be "
        "taken into the hand. 'one': the placer removes one chosen thief (Japanese notes)."),
    "two_cookshops": Option(
        "two_cookshops", "double", ("double", "each"),
        "Two cookshops around one landing. 'double' (default): the points are doubled once, since the "
        "rule is worded as a condition (a cookshop is present), not per boat. 'each': every cookshop "
        "doubles again (x4 with two)."),
    "empty_hand": Option(
        "empty_hand", "pass", ("pass", "big-market-day"),
        "A player whose hand is empty once the stack is used up. 'pass' (default): that player passes while "
        "the others keep placing, as the rulebook says play goes on until the Big Market Day; if all pass "
        "in turn the Big Market Day is held. 'big-market-day': the Big Market Day is held at once."),
    "market_day_draw": Option(
        "market_day_draw", "draw", ("draw", "skip"),
        "Drawing by the player who reached a Little Market Day. 'draw' (default): the turn ends with the "
        "refill as every turn does (English texts). 'skip': the market day takes the draw's place that "
        "turn (the Japanese turn outline), the hand is refilled at the end of the next turn."),
    "more_tactics": Option(
        "more_tactics", False, (False, True),
        "The 'more tactics' variant: neutral and special boats form stack 1, the others stack 2; each hand "
        "starts with 3 boats from stack 2 and 1 from stack 1, and every draw picks its stack."),
    "start": Option(
        "start", None, None,
        "A start position for scenarios (None: a normal set-up). See State.from_position for the format; "
        "it is part of the record, so scenario games replay.", parse=normalise_position),
}
