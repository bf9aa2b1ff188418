"""Bastos! rules options: where the rulebook leaves a choice or can be read two ways."""

from __future__ import annotations

from .._core.options import Option
from ._notation import FRUITS
from ._start import parse as parse_start

OPTIONS: dict[str, Option] = {
    "removed_fruit": Option(
        "removed_fruit", "lanzones", FRUITS,
        "With three players one fruit goes back in the box and the rulebook does not say which. The "
        "default boxes lanzones, the fruit Tindahan also drops first (there bananas always stay), so "
        "both games of the box are played with the same four fruits. Any other fruit may be named. "
        "Ignored with four players, who use all five fruits."),
    "bastos_lead": Option(
        "bastos_lead", "highest-follower", ("highest-follower", "must-beat-led"),
        "Who takes a trick whose leader led their own Bastos! colour when some players follow and some "
        "throw off (no trump). The book says the trick is then decided 'as usual', and spells out two "
        "cases: all others throw off -> the leader takes it; all others follow -> the best follower "
        "takes it even below the led card. 'highest-follower' (default) reads the led card as simply "
        "unable to win, so the best eligible following card takes any such trick, and the leader only "
        "when nobody else can. 'must-beat-led' reads the book's 'with a higher card' literally for the "
        "mixed case: a follower takes it only by beating the led card, otherwise the leader does; when "
        "all others follow, the best follower still wins as the book says."),
    "trump_timing": Option(
        "trump_timing", "from-declaration", ("from-declaration", "whole-trick"),
        "Whether a card of the new trump fruit thrown earlier in the same trick, before the fruit was "
        "made trump, counts as trump. 'from-declaration' (default): no, the declaring card is the "
        "trick's first trump, as the book calls it, and the earlier card stays a throw-off. "
        "'whole-trick': every card of the trump fruit in the trick counts as trump."),
    "value_move_at_limit": Option(
        "value_move_at_limit", "must-change", ("must-change", "may-stay"),
        "Whether the value move owed after playing one's own Bastos! colour may push a fruit against "
        "its limit (raise one already at +3, lower one already at -2), which leaves it where it is. "
        "'must-change' (default): no; the book says the player must change a value by 1, and a move "
        "that leaves every value as it was changes nothing, so only moves that change a value are "
        "offered (there is always at least one). 'may-stay': yes; the book's limits only say where a "
        "value stops, as when a fourth pick of the same fruit or a trump's drop of two is cut off at "
        "the limit, so a move against a limit is allowed and the value stays put. A player may then "
        "leave the table as it is whenever some fruit stands at a limit."),
    "start": Option(
        "start", None, None,
        "Fix the first round's deal: a list of hands, one list of card notations per seat (12 cards "
        "each with three players, 11 with four; the card nobody holds becomes the four-player spare), "
        "or a dict {'hands': [...], 'spare': 'durian-9'} naming that spare too. Later rounds are "
        "shuffled from the seed. Rulebook scenarios use it so their records replay. Each seat's view "
        "shows only its own hand of it.",
        parse_start),
}


def fruits_in_play(players: int, removed_fruit: str) -> tuple[str, ...]:
    """The fruits dealt in a game of ``players``: all five with four players; with three, all but
    ``removed_fruit`` (the option), which stays in the box (bastos.setup.deck)."""
    return tuple(fruit for fruit in FRUITS if players != 3 or fruit != removed_fruit)
