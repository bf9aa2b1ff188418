"""THE RETIRED KLONGS MECHANICS, the oracle's (``_oracle_klongs_state``).

The rule computations the state, the view, the refusals and the bot share.

Where a boat may go (entries, touching, hood limits, inspectors' columns), where a thief may steal,
which landings a seat may score and what a landing pays: each is computed here once, on the state's
bitmasks (see ``_edition``), so a preview in the view is the very number the state will score.
The state's legal-action listing (``legal``) lives here too.

mypyc compiles this module with the engine's core (``explorer._compiled``); run as Python, it is the
same code. Compiled, each read of a ``State`` attribute is checked against its declared type: a
function asked about a playout's copy of the state (lists where the state keeps tuples, see
``explorer._klongs_board``) reads it as a Python object (``landing_value``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from explorer.klongs._notation import COLOURS
from explorer.klongs._scoring import landing_points

if TYPE_CHECKING:
    from explorer.klongs._edition import Edition

    from ._oracle_klongs_state import State

#: The merchants each player gets by player count (both English texts); one of them may mark the score.
MERCHANTS = {2: 17, 3: 12, 4: 9}
#: 68 merchants in 4 colours.
PER_COLOUR = 17
HAND_SIZE = 4
MOVEMENT_CARDS = 2
HOOD_LIMIT = 3
_NO_PICK = itemgetter(0)


def boat_merchants(players: int, rules: Mapping[str, Any]) -> int:
    """The merchants a player has for boats: those the set-up gives, less the one on the score track
    unless (option ``score_marker='extra'``) a merchant put away can mark the score instead."""
    given = MERCHANTS[players]
    spare = rules["score_marker"] == "extra" and given < PER_COLOUR
    return given if spare else given - 1


def move_now(state: State, seat: int) -> bool:
    """Whether ``seat`` may still spend a movement card in this phase of the turn (once a turn; before
    placing only if the ``move_card`` reading allows it)."""
    if not state.cards[seat] or state.moved:
        return False
    return state.phase != "turn" or state.rules["move_card"] == "before-or-after"


def spaces(ed: Edition, mask: int) -> list[int]:
    """The spaces whose bits are set in ``mask``, in bit order (a byte at a time, from a table)."""
    out: list[int] = []
    if mask.bit_count() < 4:  # a few bits: cheaper one by one
        at = ed.space_at_bit
        while mask:
            low = mask & -mask
            out.append(at[low.bit_length() - 1])
            mask ^= low
        return out
    table = ed.byte_spaces
    for k, value in enumerate(mask.to_bytes(ed.mask_bytes, "little")):
        if value:
            out += table[k][value]
    return out


def full_hoods(ed: Edition, occ: int) -> int:
    """The spaces of the hoods that hold ``HOOD_LIMIT`` boats, for a board occupied as ``occ``."""
    out = 0
    for mask in ed.hood_mask:
        if (occ & mask).bit_count() >= HOOD_LIMIT:
            out |= mask
    return out


def refull(ed: Edition, occ: int, full: int, space: int) -> int:
    """``full`` after the occupancy of ``space``'s hood changed (only that hood can change)."""
    mask = ed.hood_mask[ed.hood_of[space]]
    if (occ & mask).bit_count() >= HOOD_LIMIT:
        return full | mask
    return full & ~mask


def hood_counts(state: State) -> list[int]:
    """Boats per hood."""
    return [(state.occ & mask).bit_count() for mask in state.ed.hood_mask]


def hood_full(state: State, hood: int) -> bool:
    """A hood holding ``HOOD_LIMIT`` boats takes no more (its last space stays empty)."""
    return bool(state.full & state.ed.hood_mask[hood])


def blocked(state: State) -> int:
    """The spaces of the full hoods (kept up to date by the state as boats come and go)."""
    return state.full


def protected(state: State) -> int:
    """The spaces of the columns an inspector guards from thieves."""
    ed = state.ed
    inspectors = ed.inspectors
    board = state.board
    mask = 0
    for space in spaces(ed, state.occ):
        if inspectors >> board[space] & 1:
            mask |= ed.col_mask[ed.col[space]]
    return mask


def free_entries(state: State) -> int:
    """The entry spaces (by player count) that are empty and not in a full hood."""
    return state.ed.entry_masks[state.players != 2] & ~state.occ & ~state.full


def place_targets(state: State, seat: int) -> int:
    """Spaces where ``seat`` may place a boat now (a thief also avoids the protected columns)."""
    ed = state.ed
    occ = state.occ
    free = ed.all_mask & ~occ & ~state.full
    if not state.entered[seat] or not occ:
        entry = ed.entry_masks[state.players != 2] & free
        if entry or occ:
            return entry or ed.dilate(occ) & free
        return free
    return ed.dilate(occ) & free


def place_options(state: State, seat: int) -> dict[int, list[int]]:
    """For each boat in ``seat``'s hand, the spaces it may be placed on now (in hand order)."""
    ed = state.ed
    targets = place_targets(state, seat)
    allowed = spaces(ed, targets)
    thieves = ed.thieves
    out: dict[int, list[int]] = {}
    for boat in state.hands[seat]:
        if thieves >> boat & 1:
            out[boat] = spaces(ed, targets & ~protected(state))
        else:
            out[boat] = allowed
    return out


def move_masks(state: State, seat: int) -> list[tuple[int, int]]:
    """(from, spaces to) for each of ``seat``'s boats a movement card can move, in space order."""
    ed = state.ed
    occ, full = state.occ, state.full
    isolated = state.rules["moved_boat"] == "must-not-touch"
    neighbour_mask, hood_mask, hood_of = ed.neighbour_mask, ed.hood_mask, ed.hood_of
    out: list[tuple[int, int]] = []
    for src in spaces(ed, state.mine[seat]):
        # Empty neighbours, less those in another hood that is full.
        open_ = neighbour_mask[src] & ~occ & ~(full & ~hood_mask[hood_of[src]])
        if open_ and isolated:
            others = occ & ~ed.bit[src]
            for dst in spaces(ed, open_):
                if neighbour_mask[dst] & others:
                    open_ &= ~ed.bit[dst]
        if open_:
            out.append((src, open_))
    return out


def moves(state: State, seat: int) -> list[tuple[int, int]]:
    """(from, to) for every move of one of ``seat``'s boats a movement card allows."""
    ed = state.ed
    return [(src, dst) for src, open_ in move_masks(state, seat) for dst in spaces(ed, open_)]


def steal_targets(state: State, space: int) -> list[int]:
    """The boats a thief placed on ``space`` may take: its row, no inspector, nothing protected."""
    ed = state.ed
    out = []
    inspectors = ed.inspectors
    for s in spaces(ed, ed.row_mask[ed.row[space]] & state.occ & ~protected(state)):
        if s != space and not inspectors >> state.board[s] & 1:
            out.append(s)
    return out


def thieves_in_column(state: State, space: int) -> list[int]:
    ed = state.ed
    thieves, board = ed.thieves, state.board
    return [s for s in spaces(ed, ed.col_mask[ed.col[space]] & state.occ) if thieves >> board[s] & 1]


def full_landings(state: State) -> list[int]:
    """The landings whose four spaces hold boats."""
    occ = state.occ
    return [k for k, mask in enumerate(state.ed.landing_mask) if occ & mask == mask]


def owns_a_boat_at(state: State, seat: int, landing: int) -> bool:
    return bool(state.mine[seat] & state.ed.landing_mask[landing])


def scorings(state: State, seat: int) -> list[tuple[int, int]]:
    """(landing, space of the boat to take) pairs open to ``seat`` on the current market day."""
    assert state.market is not None
    big = state.market[0] == "big"
    ed, board, owner = state.ed, state.board, state.owner
    out = []
    for k in full_landings(state):
        if not owns_a_boat_at(state, seat, k):
            continue
        for s in ed.landing_spaces[k]:
            boat = board[s]
            if owner[boat] == seat or (big and owner[boat] < 0 and ed.boats[boat].neutral):
                out.append((k, s))
    return out


def can_score(state: State, seat: int) -> bool:
    occ, mine = state.occ, state.mine[seat]
    return any(occ & mask == mask and mine & mask for mask in state.ed.landing_mask)


def landing_value(state: State, landing: int) -> tuple[int, Counter[int]]:
    """What one merchant earns at a full ``landing``, and how many merchants each seat has there."""
    # Also asked of a playout's copy of the state, whose board and owners are lists: read as
    # Python objects (compiled, a declared type is checked at each read).
    pos: Any = state
    ed, board, owner = pos.ed, pos.board, pos.owner
    faces = [ed.boats[board[s]] for s in ed.landing_spaces[landing]]
    value = landing_points([f.baskets for f in faces], [f.special == "thief" for f in faces],
                           sum(f.special == "cookshop" for f in faces), pos.rules["two_cookshops"])
    merchants = Counter(owner[board[s]] for s in ed.landing_spaces[landing])
    merchants.pop(-1, None)
    return value, merchants


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


def market_order(state: State, kind: str, causer: int) -> tuple[int, ...]:
    """Who scores in which order: a Little Market Day goes twice round from the one who reached it; the
    Big one starts with the lowest score (then fewer merchants on the board, then the causer onwards) and
    goes on clockwise, or (``big_market_order='fewest-points'``) in that ranking."""
    n = state.players
    if kind == "little":
        return tuple((causer + i) % n for i in range(n)) * 2
    scores = state.scores()
    on_board = [boat_merchants(n, state.rules) - state.supply[s] for s in range(n)]
    ranked = sorted(range(n), key=lambda s: (scores[s], on_board[s], (s - causer) % n))
    if state.rules["big_market_order"] == "fewest-points":
        return tuple(ranked)
    first = ranked[0]
    return tuple((first + i) % n for i in range(n))


def legal(state: State) -> list[Hashable]:
    """``State._legal``: the legal actions of the seat to act, in the order the rules list them."""
    phase = state.phase
    seat = state.to_act
    assert seat is not None
    table = state.ed.tables
    if phase == "turn":
        out: list[Hashable] = []
        last: list[int] = []
        pick: itemgetter[Any] = _NO_PICK
        for boat, where in place_options(state, seat).items():
            # Every boat but a thief has the same spaces: one C-level picker serves them all.
            if len(where) > 1:
                if where is not last:
                    pick, last = itemgetter(*where), where
                out += pick(table.place[boat])
            elif where:
                out.append(table.place[boat][where[0]])
        if not out:
            out.append("pass")
        if move_now(state, seat):
            move = table.move
            out += [move[a][b] for a, b in moves(state, seat)]
        return out
    if phase == "possess":
        if state.supply[seat]:
            return ["merchant", "decline"]
        own = spaces(state.ed, state.mine[seat])
        return [*(table.merchant[s] for s in own if s != state.placed), "decline"]
    if phase == "thief":
        out = []
        for s in steal_targets(state, state.placed):
            out.extend(table.steal[s])
        return [*out, "steal:none"]
    if phase == "inspect":
        thieves = thieves_in_column(state, state.placed)
        if state.rules["inspector_thieves"] == "one":
            return [a for s in thieves for a in (table.inspect_discard[s], table.inspect_hand[s])]
        return ["inspect:discard", *(table.inspect_hand[s] for s in thieves)]
    if phase == "after":
        return [*(table.move[a][b] for a, b in moves(state, seat)), "end"]
    if phase == "market":
        return [*(table.score[k][s] for k, s in scorings(state, seat)), "decline"]
    if phase == "draw":
        return ["draw:1", "draw:2"]
    raise AssertionError(f"unknown phase {phase}")


def market_due(state: State) -> str | None:
    """The market day (``little``/``big``) the counter has reached, held at the end of this turn."""
    return state.pending_market if state.market is None and state.phase != "over" else None
