"""The Klongs options: where the rulebooks disagree an option picks the reading, plus the scenario
option ``start`` (a start position, see ``explorer.klongs._start``)."""

from __future__ import annotations

from .._core.options import Option
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
    "score_marker": Option(
        "score_marker", "counted", ("counted", "extra"),
        "Which merchant marks a player's score. With two players it is one of the 17 (the 68 "
        "merchants are 17 a colour), so 16 go on boats under either reading. 'counted' (default): "
        "with three or four players too it is one of the 12 or 9 the set-up gives (11 or 8 for "
        "boats): both English texts hand out the merchants, then have one of them placed on the "
        "track, at every player count. 'extra': with three or four it is one of the merchants put "
        "away (12 or 9 for boats)."),
    "market_day_timing": Option(
        "market_day_timing", "after-move", ("after-move", "immediately"),
        "When a market day the Luk Phat counter reached is held. 'after-move' (default): at the end of the "
        "turn, after the optional move (the Japanese turn outline: place, move, then the market day); the "
        "English 'immediately' is read as 'in this turn', since both English texts still allow the move "
        "after placing. 'immediately': as soon as the placed boat's own choices (merchant, thief, "
        "inspector) are made; the turn ends with the market day, so a movement card not used before "
        "placing waits for a later turn."),
    "big_market_order": Option(
        "big_market_order", "clockwise", ("clockwise", "fewest-points"),
        "Who scores after the first scorer on the Big Market Day (the first is the lowest score in both). "
        "'clockwise' (default): round the table from the first scorer, as on the Little Market Day; "
        "both English texts list the Big Market Day's differences and the order of play is not one of "
        "them. 'fewest-points': the Japanese notes, in order of fewest points; the order is fixed as the "
        "day begins (lowest score first, ties as for the first scorer) and repeats."),
    "move_card": Option(
        "move_card", "before-or-after", ("before-or-after", "after"),
        "When in a turn a movement card may be used. 'before-or-after' (default): before or after placing "
        "the boat, as both English texts say in so many words. 'after': only after placing, as the "
        "Japanese turn outline lists it."),
    "big_market_take": Option(
        "big_market_take", "own-or-neutral", ("own-or-neutral", "unclaimed-too"),
        "Which boat a Big Market Day scorer may take from the landing scored. 'own-or-neutral' (default): "
        "one carrying the scorer's merchant or a printed (neutral) merchant, the special boats among "
        "those; a boat nobody claimed (its placer declined, or moved the merchant on) stays: all three "
        "texts name exactly these two kinds, and the English texts tell a boat 'not yet owned' apart "
        "from a neutral one. 'unclaimed-too': an unclaimed boat may be taken as well, reading the "
        "English 'foreign boats are still forbidden' as the only limit (it is neither own nor foreign)."),
    "big_market_end": Option(
        "big_market_end", "round-of-declines", ("round-of-declines", "decline-is-final"),
        "When the Big Market Day ends. 'round-of-declines' (default): once a full round goes by without "
        "a scoring, so a player who declined may still score later that day: the English texts hold it "
        "like the Little Market Day but for the differences they list, and there a decline does not "
        "forfeit the next round; 'until no player is willing to score again' is read of all players at "
        "once. 'decline-is-final': a player who declines is out of the day for good; it ends when every "
        "player has declined or cannot score."),
    "stall_causer": Option(
        "stall_causer", "last-passer", ("last-passer", "first-passer"),
        "Who caused the Big Market Day a full round of passes holds (nobody can place; the texts are "
        "silent): the tie-break for the first scorer (and, in order of fewest points, for ties in that "
        "order) counts from that player. 'last-passer' (default): the player whose pass completes the "
        "round, that is the last one who placed a boat (the passes come round to them): the player "
        "whose action brings the day about, as the one who moves the Luk Phat counter causes a market "
        "day. 'first-passer': the player after the last one to place, who first found nothing to place. "
        "A Big Market Day an empty hand holds (empty_hand='big-market-day') is caused by that player "
        "under either value."),
    "more_tactics": Option(
        "more_tactics", False, (False, True),
        "The 'more tactics' variant: neutral and special boats form stack 1, the others stack 2; each hand "
        "starts with 3 boats from stack 2 and 1 from stack 1, and every draw picks its stack."),
    "start": Option(
        "start", None, None,
        "A start position for scenarios (None: a normal set-up). See State.from_position for the format; "
        "it is part of the record, so scenario games replay.", parse=normalise_position),
}
