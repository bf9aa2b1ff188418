"""From picture to play: where a kernel runs, ``import widgets`` makes a game state in a cell display
as the interactive table, and :func:`play` continues a game from any state with bots in the other seats.

A state alone (``explorer`` without ``widgets``) shows the engine's static picture. With the widgets
imported, its output carries both: the widget view (JupyterLab and Voila draw it) and the static
picture as ``text/html`` beside it, which exports without a kernel (nbconvert, nbviewer) still show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer import GameState

from ._kinds import widget_for
from ._session import Bots, GameWidget

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def play(state: GameState, seat: int | None = None, *, bots: Bots = "heuristic", bot_delay: float = 0.6,
         teaching: bool = False, **options: Any) -> GameWidget:
    """The game's table widget, continuing from ``state``: the learner plays ``seat`` (default: the
    seat to act), bots of kind ``bots`` play every other seat. ``options`` go to the widget
    (``names``, ``pause_rounds``, ``scheduler``...)."""
    if not isinstance(state, GameState):
        raise TypeError(f"play() continues a game state, not {type(state).__name__}")
    if seat is None:
        seat = state.current_player if state.current_player is not None else 0
    return widget_for(state.GAME)(state, seat, bots=bots, bot_delay=bot_delay, teaching=teaching, **options)


def state_bundle(state: GameState, include: Any = None, exclude: Any = None) -> dict[str, Any]:
    """A state's display: the table widget (learner in the seat to act, bots elsewhere) and the static
    picture as the fallback for renderers without a kernel."""
    widget = play(state)
    bundle = widget._repr_mimebundle_()
    data: Mapping[str, Any] = bundle[0] if isinstance(bundle, tuple) else bundle or {}
    return {**data, "text/html": state._repr_html_(), "text/plain": repr(state)}


def _shell() -> Any:
    """The running IPython kernel's shell, or ``None`` (plain Python, a terminal IPython, tests)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    return shell if shell is not None and getattr(shell, "kernel", None) is not None else None


def interactive_states(on: bool = True, shell: Any = None) -> bool:
    """Show game states as the interactive table (``on``) or as the static picture (``on=False``) in
    this kernel; ``import widgets`` turns it on where a kernel runs. Returns whether it took effect."""
    shell = _shell() if shell is None else shell
    if shell is None:
        return False
    formatter = shell.display_formatter.mimebundle_formatter
    if on:
        formatter.for_type(GameState, state_bundle)
    else:
        formatter.type_printers.pop(GameState, None)
    return True
