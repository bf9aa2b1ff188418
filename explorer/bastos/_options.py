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
