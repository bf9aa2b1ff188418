"""``explorer.table.make_bots`` gives a bot that reads the public table (the strong bot, where a view
does not carry it all, as in Klongs) the table's state: ``bot.watch``."""

from __future__ import annotations

import explorer
from explorer.table import Table


def test_make_bots_lets_a_strong_bot_watch_the_table() -> None:
    table = Table(explorer.new_game("klongs", players=2, seed=2), "strong")
    final = table.play_out(limit=6)
    assert len(final.actions()) == 6
    watched = table.bots[0]._source  # type: ignore[attr-defined]
    assert watched is not None and watched() is table.state
