"""Every game ends: a bound on the number of actions of any play-out, per game, and the stop when it
is passed.

:func:`bound` gives, for a game, its player count and its options, the most actions a play-out from
its start (a deal or a scenario) can take. Where the rules themselves end every game, the bound is
proved from them (the argument is in each ``_<game>`` function below, and
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
from typing import Any

from .._errors import TooLong
from .state import GameState


@dataclass(frozen=True, slots=True)
class Bound:
    """The most actions any play-out of one game takes; ``proved`` says whether the rules guarantee
    it (otherwise it is a stop far beyond any game played), ``why`` says why in a sentence."""

    actions: int
    proved: bool
    why: str


def _tindahan(players: int, state: Any) -> Bound:
    # A round deals 10 cards a hand (the start option keeps ten-card hands) and ends after the trick
    # in which some hand runs out. Every action plays a card, sends a seller or moves the cart. Cards:
    # at most the 10 n dealt. Sellers: at most 9 a player (9 n; fewer when they stay between rounds).
    # The cart moves only as a trick's first entry and the next entry must be a card, so every
    # trick holds a card: at most 10 n tricks, so at most 10 n cart moves. There are n rounds.
    from ..tindahan._notation import HAND_SIZE, SELLERS_PER_PLAYER

    per_round = (2 * HAND_SIZE + SELLERS_PER_PLAYER) * players
    return Bound(players * per_round, True,
                 f"{players} rounds, each of at most {HAND_SIZE * players} cards, as many cart moves (one "
                 f"per trick, and every trick holds a card) and {SELLERS_PER_PLAYER * players} sellers")


def _bastos(players: int, state: Any) -> Bound:
    # 2 n rounds. A round: each seat picks one Bastos! card (n actions), then every card dealt is
    # played at most once (at most the 45 cards of the deck), and only a card play can owe a value
    # move (at most one per card). So at most n + 2 x 45 actions a round.
    from ..bastos._notation import DECK

    cards = len(DECK)
    return Bound(2 * players * (players + 2 * cards), True,
                 f"{2 * players} rounds, each of {players} picks, at most {cards} cards and one value move "
                 "per card")


def _bangkok(players: int, state: Any) -> Bound:
    # A turn is one act (place a card, renew a line or pass) and then market or return actions, each
    # taking one card out of a hand of at most 3 + 3 - 1 = 5 (3 held, one laid, at most 3 collected)
    # down to 3: at most 3 actions a turn. Alone, the game ends after 9 turns: 27 actions.
    # With 2-4 players the game ends only once a market is full, and the book lets a player renew
    # the port (or, with nothing to do, pass) turn after turn without limit, so no bound follows from
    # the rules. The stop is 200 rounds of 3 actions a turn, where random players finish within 50.
    from ..bangkok._mechanics import SOLO_TURNS

    if players == 1:
        return Bound(3 * SOLO_TURNS, True, f"{SOLO_TURNS} turns of at most 3 actions (an act, then at most 2 "
                     "cards into the market or back under the piles)")
    return Bound(200 * 3 * players, False,
                 "200 rounds of at most 3 actions a turn; the book lets players renew the port without "
                 "limit, so this is a stop far beyond any game played, not a rule")


def _klongs(players: int, state: Any) -> Bound:
    # A turn places a boat from the hand, or passes (n passes in a row start the Big Market Day,
    # which ends the game); hands are refilled from the edition's stacks. A boat comes back to a
    # hand only through a thief or an inspector, which the rules let happen again and again, so no
    # bound follows from them. A turn has at most about 10 actions (a move, a placement, a merchant,
    # a thief or an inspector, a second move or the end, draws, market-day scorings): 20 actions per
    # boat of the edition is a stop far beyond the ~2 per boat of random games.
    boats = len(state.ed.boats) if state is not None else 72
    return Bound(20 * boats, False,
                 f"20 actions per boat of the edition ({boats} boats); thieves and inspectors can hand boats "
                 "back without limit, so this is a stop far beyond any game played, not a rule")


GENERIC_STOP = 100_000
_BOUNDS = {"tindahan": _tindahan, "bastos": _bastos, "bangkok": _bangkok, "klongs": _klongs}


def bound(state: GameState) -> Bound:
    """The bound on the actions of any play-out of ``state``'s game (its players, options, edition).

    A game without a declared bound (a test's stand-in) gets the generic stop of 100,000 actions."""
    declared = _BOUNDS.get(state.GAME)
    if declared is None:
        return Bound(GENERIC_STOP, False, "no bound is declared for this game: the generic stop")
    return declared(state.players, state)


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


def endless(state: GameState) -> str | None:
    """Why the game can never end from ``state`` (a rule's id and words), or ``None``: each game's own
    rule (Bangkok's ``explorer.bangkok._start.endless``; the others always end)."""
    if state.GAME == "bangkok" and not state.is_over:
        from ..bangkok._start import endless as bangkok_endless

        return bangkok_endless(state.hands, state.markets)  # type: ignore[attr-defined]
    return None


def refuse_endless(state: GameState) -> None:
    """``ValueError`` naming the rule if nobody can ever make progress from ``state``."""
    why = endless(state)
    if why is not None:
        raise ValueError(f"{state.GAME}: this position cannot be played out: {why}")
