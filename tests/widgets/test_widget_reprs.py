"""A widget's repr is stable text (nbval compares notebook outputs): no memory address, the same for
the same game, and saying where the game stands."""

from __future__ import annotations

import re

import pytest

from widgets import BangkokTableWidget, KlongBoardWidget, PortWidget, TrickTableWidget

CASES = [
    (BangkokTableWidget, "bangkok", 2, 7, re.escape(
        "<BangkokTableWidget bangkok, 2 players, seed 7, learner seat 0, move 2, seat 0 to act, round 1, "
        "phase act>")),
    (PortWidget, "bangkok", 1, 1, r"<PortWidget bangkok, .*move 0, seat 0 to act, turn 1 of 9, phase act>"),
    (KlongBoardWidget, "klongs", 4, 7, re.escape(
        "<KlongBoardWidget klongs, 4 players, seed 7, learner seat 0, move 0, seat 0 to act, turn, "
        "Luk Phat 0/12>")),
    (TrickTableWidget, "tindahan", 4, 7, r"<TrickTableWidget tindahan, 4 players, seed 7, learner seat 0.*>"),
    (TrickTableWidget, "bastos", 4, 7, r"<TrickTableWidget bastos, 4 players, seed 7, learner seat 0.*>"),
]


@pytest.mark.parametrize(("widget", "game", "players", "seed", "expected"), CASES,
                         ids=[f"{c[0].__name__}-{c[1]}" for c in CASES])
def test_repr_is_stable(widget: type, game: str, players: int, seed: int, expected: str) -> None:
    a = widget.new_game(game, players=players, seat=0, seed=seed, bot_delay=0)  # type: ignore[attr-defined]
    b = widget.new_game(game, players=players, seat=0, seed=seed, bot_delay=0)  # type: ignore[attr-defined]
    assert repr(a) == repr(b)
    assert not re.search(r"0x[0-9a-f]+", repr(a))
    assert re.fullmatch(expected, repr(a)), repr(a)
