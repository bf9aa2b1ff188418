"""A heuristic Bangkok player that sees only its own view, and a solo score benchmark."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core.bots import ViewBot
from ..table import play_out
from ._mechanics import COLUMN_OF, NEIGHBOURS, ROW_OF
from ._notation import CELL_INDEX, Card, parse_card
from ._scoring import score_cells
from ._state import State

# How much one empty side-neighbour of a chilli card is expected to add later, per indicated good.
_FUTURE = {1: -0.55, 2: 0.45, 3: 0.5, 4: 0.0}
# How much a card carrying a good is worth beside a chilli card that indicates it.
_SYNERGY = {1: -0.5, 2: 0.6, 3: 0.5, 4: 0.15}


def _cards(cells: Sequence[Sequence[dict[str, Any] | None]]) -> list[Card | None]:
    return [parse_card(cell["card"]) if cell else None for row in cells for cell in row]


class HeuristicBot(ViewBot):
    """Plans its market around its objective and its chilli cards.

    * When improving its hand, it values each legal collection by what the cards taken are worth to
      its market (copies of its objective good, goods wanted by its chilli cards, chilli cards while a
      row can still take one) plus a bonus per card, since more cards finish the market sooner.
    * When building its market, it tries every legal card and place and keeps the one whose market
      scores best now plus what the chilli cards' empty neighbours promise.
    * It renews a line only when no placement gains anything.
    """

    name = "heuristic"

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        # Not the base class's ``_best``: ties here are broken by one random draw per action, and
        # keeping that keeps every recorded bot game and benchmark figure as it was.
        scored = [(value, self._rng.random(), action) for value, action in zip(self.values(view, legal),
                                                                               legal, strict=True)]
        return max(scored)[2]

    def values(self, view: dict[str, Any], legal: list[str]) -> list[float]:
        """What this rule of thumb thinks of each legal action (higher is better), drawing nothing from
        the bot's generator: the strong bot and the hint shortlist the search's moves by it."""
        seat = view["seat"]
        objective = view["objective"]["good"]
        hand = [parse_card(c["card"]) for c in view["hand"]]
        market = _cards(view["markets"][seat])
        if view["phase"] == "market":
            return [self._market_value(a, market, objective) for a in legal]
        # A chilli card is worth taking only while the market has a place left for it beyond the ones
        # the hand already holds: valuing every chilli card highly once the rows (and, in the expert
        # game, the columns) are full kept a hand of one-good chilli cards swapping them for ever.
        held = sum(1 for card in hand if card.is_chilli)
        worth = _Worth(market, objective, chilli_places(market, view["rules"]) > held)
        if view["phase"] == "return":
            return [-worth(parse_card(a.partition(":")[2])) for a in legal]
        return [self._act_value(a, worth, hand) for a in legal]

    @staticmethod
    def _act_value(action: str, worth: _Worth, hand: list[Card]) -> float:
        kind, _, body = action.partition(":")
        if kind != "place":
            return 0.0  # renew (or pass): gains nothing now
        face, _, rest = body.partition("@")
        taken = [parse_card(item.partition("=")[2]) for item in rest.partition(">")[2].split(",")]
        placed = parse_card(face)
        return sum(worth(card) for card in taken) - worth(placed) + 1.0 * len(taken)

    @staticmethod
    def _market_value(action: str, market: list[Card | None], objective: str) -> float:
        face, _, place = action.partition(":")[2].partition("@")
        card = parse_card(face)
        cells = list(market)
        cells[CELL_INDEX[place]] = card
        # Keeping cards with many goods in hand lets the next placement collect more.
        return market_value(cells, objective) - 0.3 * len(card.goods)


class _Worth:
    """What a card is worth to this market, if it lands there later."""

    def __init__(self, market: list[Card | None], objective: str, chilli_room: bool) -> None:
        self.objective = objective
        self.chillies = [c for c in market if c is not None and c.is_chilli]
        self.chilli_room = chilli_room and any(c is None for c in market)

    def __call__(self, card: Card) -> float:
        value = float(card.goods.count(self.objective))
        for chilli in self.chillies:
            value += sum(_SYNERGY[chilli.kind] for g in card.goods if g in chilli.indicated)
        if card.is_chilli:
            value += 2.5 if self.chilli_room else -1.5
        return value + 0.15 * len(card.goods)


def chilli_places(market: list[Card | None], rules: dict[str, Any]) -> int:
    """Empty places of the market where a chilli card could still go under the chilli limits."""
    chillies = [i for i, c in enumerate(market) if c is not None and c.is_chilli]
    column_only = rules.get("expert") and rules.get("expert_reading") == "column-only"
    limit_columns = bool(rules.get("expert"))
    rows = set() if column_only else {ROW_OF[i] for i in chillies}
    columns = {COLUMN_OF[i] for i in chillies} if limit_columns else set()
    free = [i for i, c in enumerate(market)
            if c is None and ROW_OF[i] not in rows and COLUMN_OF[i] not in columns]
    # At most one more chilli per free row (and column): count the lines left, not the cells.
    lines = len({ROW_OF[i] for i in free}) if not column_only else len({COLUMN_OF[i] for i in free})
    return min(lines, len({COLUMN_OF[i] for i in free})) if limit_columns and not column_only else lines


def market_value(cells: list[Card | None], objective: str) -> float:
    """The market's score now plus what its chilli cards' empty neighbours are expected to bring."""
    value = float(score_cells(cells, objective).total)
    for index, card in enumerate(cells):
        if card is not None and card.is_chilli:
            empty = sum(1 for n in NEIGHBOURS[index] if cells[n] is None)
            value += _FUTURE[card.kind] * empty * len(card.indicated)
    return value


def solo_scores(n: int, *, edition: Any = None, seed: int = 0, **rules: Any) -> list[int]:
    """Final scores of ``n`` one-player games played by :class:`HeuristicBot` (game seeds
    ``seed``, ``seed + 1``, ...), for charting the distribution a solo player's score compares with."""
    # Each game's bot is seeded by its game's seed (the table's default policy differs): the figures
    # and notebooks drawn from these scores stay as they were.
    return [play_out(State.new(1, seed + index, edition=edition, **rules), {0: HeuristicBot(seed + index)})
            .scores()[0] for index in range(n)]


def rollout_leaf(playout: Any) -> list[float]:
    """Where the strong bot's roll-out stops at its horizon: each market's score with the pontoon
    tile the sample dealt it counted, as the end of the game will count it (``SPEC.rollout``)."""
    return [float(score) for score in playout.market_scores(True)]
