"""Which widget draws which game: each game's spec names a kind of table (``SPEC.widget``), and this
is the one place that maps those kinds to widget classes.

>>> widget_for("bastos").__name__, widget_for("klongs").__name__
('TrickTableWidget', 'KlongBoardWidget')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import explorer

from ._session import GameWidget
from .bangkok import BangkokTableWidget
from .klong_board import KlongBoardWidget
from .trick_table import TrickTableWidget

#: A widget class per kind of table a game spec may name (explorer's ``WIDGET_KINDS``).
WIDGET_KINDS: dict[str, type[GameWidget]] = {
    "trick-table": TrickTableWidget,
    "bangkok-table": BangkokTableWidget,
    "klong-board": KlongBoardWidget,
}


def widget_for(game: str) -> type[GameWidget]:
    """The widget class for ``game``, from the kind of table its spec names."""
    if game not in explorer.GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(explorer.GAMES)}")
    kind = getattr(explorer, game).SPEC.widget
    if kind not in WIDGET_KINDS:
        raise LookupError(f"{game}: no widget draws a {kind!r} table")
    return WIDGET_KINDS[kind]


class _ByGame(Mapping[str, type[GameWidget]]):
    """:func:`widget_for` seen as a mapping ``game -> widget class`` (games load only when asked)."""

    def __getitem__(self, game: str) -> type[GameWidget]:
        try:
            return widget_for(game)
        except ValueError:
            raise KeyError(game) from None

    def __iter__(self) -> Iterator[str]:
        return iter(explorer.GAMES)

    def __len__(self) -> int:
        return len(explorer.GAMES)


#: The widget class per game, e.g. ``WIDGETS_BY_GAME["tindahan"]`` (derived from the specs).
WIDGETS_BY_GAME: Mapping[str, type[GameWidget]] = _ByGame()
