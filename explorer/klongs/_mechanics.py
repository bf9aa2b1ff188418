"""The rule questions the view, the refusals and the bot ask of a state, answered by its kernel.

Where a boat may go (entries, touching, hood limits, inspectors' columns), where a thief may steal,
which landings a seat may score and what a landing pays are decided once, by the kernel
(``_board``/``_kernel``); here they are put in the terms the view and the refusals speak (spaces,
boats, landings), so a preview in the view is the very number the game will score.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ._board import HAND_SIZE, HOOD_LIMIT, MOVEMENT_CARDS, boat_merchants, mask_spaces, tables_for
from ._notation import COLOURS

if TYPE_CHECKING:
    from ._edition import Edition
    from ._state import State

__all__ = ["HAND_SIZE", "HOOD_LIMIT", "MOVEMENT_CARDS", "boat_merchants"]


def move_now(state: State, seat: int) -> bool:
    """Whether ``seat`` may still spend a movement card in this phase of the turn."""
    return state._k.move_now(seat)


def spaces(ed: Edition, mask: int) -> list[int]:
    """The spaces whose bits are set in ``mask``, in space order."""
    return mask_spaces(tables_for(ed), mask)


def hood_counts(state: State) -> list[int]:
    """Boats per hood."""
    return [(state.occ & mask).bit_count() for mask in state.ed.hood_mask]


def hood_full(state: State, hood: int) -> bool:
    """A hood holding ``HOOD_LIMIT`` boats takes no more (its last space stays empty)."""
    return bool(state.full & state.ed.hood_mask[hood])


def protected(state: State) -> int:
    """The spaces of the columns an inspector guards from thieves."""
    return state._k.protected()


def free_entries(state: State) -> int:
    """The entry spaces (by player count) that are empty and not in a full hood."""
    return state._k.free_entries()


def place_options(state: State, seat: int) -> dict[int, list[int]]:
    """For each boat in ``seat``'s hand, the spaces it may be placed on now (in hand order)."""
    k, ed = state._k, state.ed
    targets = k.targets(seat)
    allowed = spaces(ed, targets)
    thieves = ed.thieves
    return {boat: spaces(ed, targets & ~k.protected()) if thieves >> boat & 1 else allowed
            for boat in state.hands[seat]}


def moves(state: State, seat: int) -> list[tuple[int, int]]:
    """(from, to) for every move of one of ``seat``'s boats a movement card allows."""
    srcs, opens = state._k.move_masks(seat)
    return [(src, dst) for src, open_ in zip(srcs, opens, strict=True) for dst in spaces(state.ed, open_)]


def full_landings(state: State) -> list[int]:
    """The landings whose four spaces hold boats."""
    occ = state.occ
    return [k for k, mask in enumerate(state.ed.landing_mask) if occ & mask == mask]


def owns_a_boat_at(state: State, seat: int, landing: int) -> bool:
    return bool(state.mine[seat] & state.ed.landing_mask[landing])


def scorings(state: State, seat: int) -> list[tuple[int, int]]:
    """(landing, space of the boat to take) pairs open to ``seat`` on the current market day."""
    assert state.market is not None
    landings, taken = state._k.scorings(seat)
    return list(zip(landings, taken, strict=True))


def landing_value(state: State, landing: int) -> tuple[int, Counter[int]]:
    """What one merchant earns at a full ``landing``, and how many merchants each seat has there."""
    k = state._k
    return k.landing_value(landing), Counter(k.merchants_at(landing))


def landing_formula(state: State, landing: int) -> str:
    """How a landing's value comes about, in words: ``"baskets 2 + 3 + 0 + 1, doubled by the cookshop = 12
    per merchant"``."""
    ed, board = state.ed, state.board
    faces = [ed.boats[board[s]] for s in ed.landing_spaces[landing]]
    baskets = [f"{f.baskets} (thief: 0)" if f.special == "thief" else str(f.baskets) for f in faces]
    cookshops = sum(f.special == "cookshop" for f in faces)
    value, _ = landing_value(state, landing)
    text = f"baskets {' + '.join(baskets)}"
    if cookshops > 1 and state.rules["two_cookshops"] == "each":
        text += f", times {2 ** cookshops} for {cookshops} cookshops"
    elif cookshops > 1:
        text += ", doubled once for the cookshops"
    elif cookshops:
        text += ", doubled by the cookshop"
    return f"{text} = {value} per merchant"


def landing_previews(state: State) -> dict[str, dict[str, Any]]:
    """Every full landing with what it would pay each colour if it were scored now."""
    out: dict[str, dict[str, Any]] = {}
    for k in full_landings(state):
        value, merchants = landing_value(state, k)
        owners = sorted(merchants)
        out[state.ed.landing_names[k]] = {
            "value": value,
            "points": {COLOURS[seat]: value * merchants[seat] for seat in owners},
            "merchants": {COLOURS[seat]: merchants[seat] for seat in owners},
            "owners": [COLOURS[seat] for seat in owners],
            "formula": landing_formula(state, k),
        }
    return out


def market_due(state: State) -> str | None:
    """The market day (``little``/``big``) the counter has reached, held at the end of this turn."""
    return state.pending_market if state.market is None and state.phase != "over" else None
