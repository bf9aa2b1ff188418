"""Tindahan's rules options: where the rulebook leaves a choice, the default reading and the others."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer._core.options import Option

from ._notation import FRUITS, HAND_SIZE
from ._start import parse as parse_start

# Which fruits leave the game by player count when the removed_fruits option is left at None. The
# rulebook only says how many leave (and never bananas); its three-player scoring example uses banana,
# durian and mango, so three players lose lanzones and pineapple, and four players lose lanzones.
DEFAULT_REMOVED: dict[int, tuple[str, ...]] = {3: ("lanzones", "pineapple"), 4: ("lanzones",), 5: ()}


def _parse_removed(value: Any) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):  # "lanzones,pineapple" from a command line
        value = [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, Sequence):
        raise ValueError("give a list of fruit names, e.g. ['lanzones'], or None for the default")
    removed = list(value)
    for fruit in removed:
        if fruit not in FRUITS:
            raise ValueError(f"{fruit!r} is not a fruit; the fruits are {', '.join(FRUITS)}")
    if "banana" in removed:
        raise ValueError("bananas always stay in play")
    if len(set(removed)) != len(removed):
        raise ValueError("a fruit is named twice")
    return [fruit for fruit in FRUITS if fruit in removed]


OPTIONS: dict[str, Option] = {
    "removed_fruits": Option(
        "removed_fruits",
        None,
        None,
        "Fruits taken out of the game (one per player below five; bananas never). None means the "
        "default: lanzones with 4 players; lanzones and pineapple with 3, matching the rulebook's "
        "three-player scoring example, which uses banana, durian and mango.",
        _parse_removed,
    ),
    "start": Option(
        "start",
        None,
        None,
        "Round 1's hands, one list of card notations per seat (10 each, together every card in play), "
        "or the same as a dict {'hands': [...]}, so a rulebook scenario replays; each seat's view shows "
        "only its own hand. None shuffles with the seed. Later rounds always shuffle.",
        parse_start,
    ),
    "sellers_between_rounds": Option(
        "sellers_between_rounds",
        "return",
        ("return", "stay"),
        "'return' (default): after each round's scoring every seller goes back to its owner, so each "
        "round is a fresh market. The rulebook scores the stalls as part of a round, asks whether a "
        "player sent a seller in that round, and gives each player only nine sellers for ten-card "
        "rounds, which only fits stalls that empty between rounds. 'stay': sellers remain on their "
        "stalls for the rest of the game and are scored again each round.",
    ),
    "empty_round_sellers": Option(
        "empty_round_sellers",
        "sent-this-round",
        ("sent-this-round", "on-the-stalls"),
        "Which sellers save a player from the empty round (no seller and no trick: raised to the "
        "round's best score). It only matters when sellers stay on the stalls between rounds: when "
        "they go back after each round, a player's sellers on the stalls are exactly the ones sent in "
        "that round, so both readings score alike. 'sent-this-round' (default): only a seller sent in "
        "this round counts. The rulebook words the rule as something the player did (placed a seller), "
        "beside taking a trick, which also counts in this round only, and the rule makes up for a round "
        "in which a player got nothing done. 'on-the-stalls': any seller of the player standing on a "
        "stall counts, even one sent in an earlier round, since it still stands in the market and "
        "scores for its owner this round.",
    ),
    "cart_between_rounds": Option(
        "cart_between_rounds",
        "bananas",
        ("bananas", "stay"),
        "'bananas' (default): each round starts like the game, with the donkey cart on the banana stall, "
        "just as the stalls empty and the cards are dealt anew. 'stay': the cart stays where the last "
        "round left it.",
    ),
    "trump_bonus_tie": Option(
        "trump_bonus_tie",
        "share",
        ("share", "each", "none"),
        "How a tie for the majority at the trump stall treats the extra point. 'share' (default): the "
        "trump stall's first place is worth 6, and the tied players split 6 + 2 rounding down. 'each': "
        "each tied player gets their split of 5 + 2 and then 1 more. 'none': a tie has no majority "
        "holder, so nobody gets the extra point.",
    ),
}


def fruits_in_play(players: int, removed: list[str] | None) -> tuple[str, ...]:
    """The fruits dealt in a game of ``players``, in the fixed fruit order; ValueError if it cannot be."""
    gone = DEFAULT_REMOVED[players] if removed is None else tuple(removed)
    if len(gone) != 5 - players:
        raise ValueError(
            f"with {players} players exactly {5 - players} fruit(s) leave the game, so that every "
            f"player gets {HAND_SIZE} cards; removed_fruits names {len(gone)}: {list(gone)}"
        )
    return tuple(fruit for fruit in FRUITS if fruit not in gone)
