"""From picture to play: ``widgets.play(state)`` continues any state with bots in the other seats, and
``import widgets`` makes a state in a kernel display as the table widget with the static picture kept
beside it for exports."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from IPython.core.formatters import DisplayFormatter
from ipywidgets.widgets.widget import _instances

import explorer
import widgets
from explorer import GameState
from widgets import KlongBoardWidget, TrickTableWidget, interactive_states, play
from widgets._display import WIDGET_VIEW
from widgets._scheduler import ImmediateScheduler

PLAYERS = {"bangkok": 2, "klongs": 2, "tindahan": 3, "bastos": 3}


def midgame(game: str, moves: int = 5) -> GameState:
    state = explorer.new_game(game, players=PLAYERS[game], seed=11)
    for _ in range(moves):
        state = state.play(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", explorer.GAMES)
def test_play_continues_from_the_state_with_the_learner_in_the_seat_to_act(game: str) -> None:
    state = midgame(game)
    table = play(state, bot_delay=0, scheduler=ImmediateScheduler())
    try:
        assert isinstance(table, widgets.widget_for(game))
        assert table.state == state and table.seats == (state.current_player,)
        learner = state.current_player
        assert table.view["seat"] == learner
        assert table.view["legal"] == [str(a) for a in state.legal_actions()]
        move = table.view["legal"][0]
        table.play(move)
        after = table.state
        # The learner's move, then the bots' replies until the learner's turn (or the game's end).
        assert after.actions()[: len(state.actions()) + 1] == [*state.actions(), move]
        assert after.current_player in (learner, None)
    finally:
        table.close()


def test_play_takes_a_seat_and_bot_kind_and_refuses_what_is_not_a_state() -> None:
    state = explorer.new_game("klongs", players=3, seed=2)
    table = play(state, seat=2, bots="random", bot_delay=0, scheduler=ImmediateScheduler())
    try:
        assert isinstance(table, KlongBoardWidget) and table.seats == (2,)
        assert table.state.current_player == 2  # the bots in seats 0 and 1 moved up to the learner
    finally:
        table.close()
    with pytest.raises(TypeError, match="continues a game state"):
        play("tindahan")  # type: ignore[arg-type]


def fake_kernel() -> SimpleNamespace:
    return SimpleNamespace(display_formatter=DisplayFormatter(), kernel=object())


def test_in_a_kernel_a_state_displays_as_the_widget_with_the_picture_as_fallback() -> None:
    shell = fake_kernel()
    state = midgame("tindahan")
    data, _ = shell.display_formatter.format(state)
    assert "text/html" in data and WIDGET_VIEW not in data  # the picture until widgets are on
    assert interactive_states(shell=shell)
    data, _ = shell.display_formatter.format(state)
    assert data[WIDGET_VIEW]["model_id"]
    assert data["text/html"] == state._repr_html_() and "re-picture-tindahan" in data["text/html"]
    assert data["text/plain"] == repr(state)
    shown = _instances[data[WIDGET_VIEW]["model_id"]]
    assert isinstance(shown, TrickTableWidget) and shown.state == state
    assert shown.seats == (state.current_player,)
    shown.close()
    assert interactive_states(False, shell=shell)
    data, _ = shell.display_formatter.format(state)
    assert WIDGET_VIEW not in data and "re-picture-tindahan" in data["text/html"]


def test_sheets_and_catalogues_keep_their_tables_with_widgets_on() -> None:
    shell = fake_kernel()
    interactive_states(shell=shell)
    state = midgame("bastos", moves=2)
    data, _ = shell.display_formatter.format(explorer.bastos.RULES)
    assert 'data-role="catalogue"' in data["text/html"]
    data, _ = shell.display_formatter.format(state.score_sheet())
    assert 'data-role="score-sheet"' in data["text/html"]


def test_without_a_kernel_nothing_is_registered() -> None:
    assert interactive_states() is False  # pytest runs no IPython kernel
