"""Seat names in learner text: markers rendered per reader, never a 0-based seat."""

from __future__ import annotations

import pytest

import explorer
from explorer._core.words import does, render, who, whose


def test_reader_is_you_in_the_second_person() -> None:
    text = f"{does(1, 'takes', 'take')} the trick; {whose(1)} lead. {does(0, 'has', 'have')} {who(1)}"
    assert render(text, ["Ana", "You"]) == "You take the trick; your lead. Ana has you"
    assert render(text, ["You", "Ben"]) == "Ben takes the trick; Ben’s lead. You have Ben"


def test_text_without_markers_is_returned_as_is() -> None:
    text = "banana is trump"
    assert render(text, ["You"]) is text


@pytest.mark.parametrize("game", explorer.GAMES)
def test_every_game_names_every_seat_and_the_viewer_is_you(game: str) -> None:
    cls = explorer.game_class(game)
    state = explorer.new_game(game, players=cls.MAX_PLAYERS, seed=3)
    names = state.seat_names()
    assert len(names) == cls.MAX_PLAYERS and len(set(names)) == len(names)
    assert all(name.strip() and not name[-1].isdigit() for name in names)
    view = state.view(1)
    assert view["names"][1] == "You" and view["names"][0] == names[0]
    custom = ["Mary", "John", "Eva", "Sarah", "Tom"][: cls.MAX_PLAYERS]
    assert state.view(0, names=custom)["names"] == custom
    with pytest.raises(ValueError, match="names must be"):
        state.view(0, names=["x"])
