"""Every game ends: a bound on the number of actions of any play-out, per game, and the stop when it
is passed.

:func:`bound` gives, for a game, its player count and its options, the most actions a play-out from
its start (a deal or a scenario) can take. Where the rules themselves end every game, the bound is
proved from them (the argument is in each game's ``State._bound``, and
``tests/explorer/test_bad_input_positions.py`` plays seeded random games to check that they stay well
under it). Where the rules let players go on for ever (Bangkok's renewals, Klongs' thieves handing
boats back), no rule-based bound exists; the bound is then a stop far beyond any game played, and
says so. Either way the places that play games out (:class:`explorer.table.Table`, hence
``explorer simulate``/``play`` and the analysis sweep, and ``explorer random-game``) call
:func:`check` after every action and stop with :class:`explorer._errors.TooLong` instead of running
for ever, and refuse, before the first action, a position from which the game can never end
(:func:`refuse_endless`).

Bounds (actions from the start; n players):

- Tindahan: 29 n**2 (proved; 261, 464, 725 for 3, 4, 5 players).
- Bastos!: 2 n (n + 90) (proved; 558, 752).
- Bangkok alone: 27 (proved: 9 turns of at most 3 actions).
- Bangkok, 2-4 players: 600 n (a stop, not a theorem: 1,200, 1,800, 2,400).
- Klongs: 20 actions per boat of the edition (a stop, not a theorem: 1,440 with the default edition).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._errors import TooLong

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class Bound:
    """The most actions any play-out of one game takes; ``proved`` says whether the rules guarantee
    it (otherwise it is a stop far beyond any game played), ``why`` says why in a sentence."""

    actions: int
    proved: bool
    why: str


def bound(state: GameState) -> Bound:
    """The bound on the actions of any play-out of ``state``'s game (its players, options, edition),
    as the game states it (``State._bound``; a game that states none gets a generic stop)."""
    return Bound(*state._bound())


def actions_played(state: GameState) -> int:
    """How many actions led from the game's start to ``state``."""
    return state._n_actions


def check(state: GameState, limit: Bound | None = None) -> None:
    """``TooLong`` if ``state`` is past its game's bound (``limit``, when the caller has it at hand)."""
    limit = limit or bound(state)
    played = actions_played(state)
    if played > limit.actions:
        title = state.GAME.capitalize()
        raise TooLong(f"{title} with {state.players} player(s), seed {state.seed}: {played} actions and "
                      f"the game is not over, past the bound of {limit.actions} ({limit.why}); stopped here "
                      "instead of running for ever (a bot or a position that never lets the game end)")


def refuse_endless(state: GameState) -> None:
    """``ValueError`` naming the rule if nobody can ever make progress from ``state`` (the game's
    ``State._endless``)."""
    why = None if state.is_over else state._endless()
    if why is not None:
        raise ValueError(f"{state.GAME}: this position cannot be played out: {why}")
