"""Klongs' board: the position in lists, ints and bitmasks, and the questions the rules ask of it.

The edition's board and boats become typed lists once per edition (:class:`Tables`; bit ``row *
(columns + 1) + column`` per water space, so bit order is space order). :class:`Board` holds a
position (besides the occupied spaces and the full hoods, the spaces of the inspectors and of the
thieves, so the protected columns, a thief's targets and an inspector's catch are a few mask
operations) and answers where a boat may go, who may score and what a landing pays: the kernel
(``_kernel``) plays the rules on it, and the view and the refusals ask it the same questions, so a
preview is the very number the game will score.

Compiled by mypyc where a compiler is found (``explorer._compiled``), the same code interpreted where
not: typed plain classes, lists and ints, ``Final`` constants.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from .._core.playout import KernelCore
from .._core.state import ScoreLine
from ._notation import GOODS

if TYPE_CHECKING:
    from ._edition import Edition

# The phases of a turn, as ints; their names are the public state's.
TURN: Final = 0
POSSESS: Final = 1
THIEF_PHASE: Final = 2
INSPECT: Final = 3
AFTER: Final = 4
MARKET: Final = 5
DRAW: Final = 6
OVER: Final = 7
PHASES: Final[list[str]] = ["turn", "possess", "thief", "inspect", "after", "market", "draw", "over"]
# The kinds of turn action (``_turn_at``).
PLACE: Final = 0
PASS: Final = 1
MOVE: Final = 2
# Special boats, and market days (0: none).
THIEF: Final = 1
INSPECTOR: Final = 2
COOKSHOP: Final = 3
SPECIAL_CODES: Final[dict[str, int]] = {"thief": THIEF, "inspector": INSPECTOR, "cookshop": COOKSHOP}
LITTLE: Final = 1
BIG: Final = 2
MARKET_CODES: Final[dict[str, int]] = {"little": LITTLE, "big": BIG}
MARKET_NAMES: Final[list[str | None]] = [None, "little", "big"]
#: Bits set per byte value.
POP8: Final[list[int]] = [bin(value).count("1") for value in range(256)]

#: The merchants each player gets by player count (both English texts); one of them may mark the score.
MERCHANTS: Final[dict[int, int]] = {2: 17, 3: 12, 4: 9}
#: 68 merchants in 4 colours.
PER_COLOUR: Final = 17
HAND_SIZE: Final = 4
MOVEMENT_CARDS: Final = 2
HOOD_LIMIT: Final = 3


def boat_merchants(players: int, rules: Mapping[str, Any]) -> int:
    """The merchants a player has for boats: those the set-up gives, less the one on the score track
    unless (option ``score_marker='extra'``) a merchant put away can mark the score instead."""
    given = MERCHANTS[players]
    spare = rules["score_marker"] == "extra" and given < PER_COLOUR
    return given if spare else given - 1


class Said:
    """One public event as raw data ``(seat, action, kind, *details)``, linked to the one before (states
    share their history). Its dict, text included, is written the first time a view asks for it
    (``_view.event_entries``), and the list of all dicts up to it is kept, so the next view costs a
    list copy, not a rebuild."""

    __slots__ = ("entries", "prev", "raw")

    def __init__(self, raw: tuple[Any, ...], prev: Said | None) -> None:
        self.raw = raw
        self.prev = prev
        self.entries: list[dict[str, Any]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied (a state travels to a worker process) as its data: compiled, the
        # class makes no instance without them.
        return Said, (self.raw, self.prev)


class Tables:
    """An edition's board, boats and notations as typed lists, built once per edition."""

    def __init__(self, ed: Edition) -> None:
        n = len(ed.spaces)
        self.ed: Edition = ed
        self.bit: list[int] = list(ed.bit)
        self.all_mask: int = ed.all_mask
        self.pitch: int = ed.pitch
        self.entries: list[int] = list(ed.entry_masks)
        self.hood_masks: list[int] = list(ed.hood_mask)
        self.hood_of_mask: list[int] = [ed.hood_mask[ed.hood_of[s]] for s in range(n)]
        self.neighbours: list[int] = list(ed.neighbour_mask)
        self.row_of_mask: list[int] = [ed.row_mask[ed.row[s]] for s in range(n)]
        self.col_of_mask: list[int] = [ed.col_mask[ed.col[s]] for s in range(n)]
        self.landing_mask: list[int] = list(ed.landing_mask)
        self.landing_spaces: list[list[int]] = [list(spaces) for spaces in ed.landing_spaces]
        self.landing_names: list[str] = list(ed.landing_names)
        boats = ed.boats
        self.special: list[int] = [SPECIAL_CODES.get(boat.special or "", 0) for boat in boats]
        self.neutral: list[bool] = [boat.neutral for boat in boats]
        self.lukphat: list[bool] = [boat.lukphat for boat in boats]
        self.baskets: list[int] = [boat.baskets for boat in boats]
        self.goods: list[int] = [-1 if boat.goods is None else GOODS.index(boat.goods) for boat in boats]
        self.track_points: list[int] = list(ed.track_points)
        self.track_market: list[int] = [MARKET_CODES.get(m or "", 0) for m in ed.track_market]
        self.mask_bytes: int = ed.mask_bytes
        self.byte_spaces: list[list[list[int]]] = [[list(spaces) for spaces in row] for row in ed.byte_spaces]
        self.at_bit: list[int] = [-1] * (8 * ed.mask_bytes)
        for bit, space in ed.space_at_bit.items():
            self.at_bit[bit] = space
        tables = ed.tables
        self.place: list[list[str]] = [list(row) for row in tables.place]
        self.move: list[list[str]] = [list(row) for row in tables.move]
        self.score: list[list[str]] = [list(row) for row in tables.score]
        self.steal: list[list[str]] = [list(pair) for pair in tables.steal]
        self.inspect_hand: list[str] = list(tables.inspect_hand)
        self.inspect_discard: list[str] = list(tables.inspect_discard)
        self.merchant: list[str] = list(tables.merchant)

    def __reduce__(self) -> tuple[Any, ...]:
        return tables_for, (self.ed,)  # built again from the edition, where it is unpickled


# Per edition (compiled editions do not change); a few kept, so that custom ones do not pile up.
_TABLES: Final[dict[int, tuple[Edition, Tables]]] = {}


def tables_for(ed: Edition) -> Tables:
    found = _TABLES.get(id(ed))
    if found is not None and found[0] is ed:
        return found[1]
    if len(_TABLES) >= 8:
        _TABLES.clear()
    made = Tables(ed)
    _TABLES[id(ed)] = (ed, made)
    return made


def mask_spaces(t: Tables, mask: int) -> list[int]:
    """The spaces of ``mask`` in space order."""
    out: list[int] = []
    if mask == 0:
        return out
    if mask.bit_count() < 4:  # a few bits: cheaper one by one
        at = t.at_bit
        while mask:
            low = mask & -mask
            out.append(at[low.bit_length() - 1])
            mask ^= low
        return out
    data = mask.to_bytes(t.mask_bytes, "little")
    table = t.byte_spaces
    for k in range(len(data)):
        value = data[k]
        if value:
            out.extend(table[k][value])
    return out


def nth_space(t: Tables, mask: int, index: int) -> int:
    """The ``index``-th space of ``mask`` in space order (it has more than ``index`` spaces)."""
    data = mask.to_bytes(t.mask_bytes, "little")
    for k in range(len(data)):
        value = data[k]
        count = POP8[value]
        if index < count:
            return t.byte_spaces[k][value][index]
        index -= count
    raise IndexError("a mask holds fewer spaces than counted")


def any_left(stacks: list[list[int]]) -> bool:
    for stack in stacks:  # noqa: SIM110  # a loop: mypyc compiles it, a generator it calls
        if stack:
            return True
    return False


def stock_points(count: int) -> int:
    """A good held ``count`` times in a stock scores 1 + 2 + ... + ``count``."""
    return count * (count + 1) // 2


def landing_points(baskets: list[int], thieves: list[bool], cookshops: int, each: bool) -> int:
    """What one merchant at a full landing earns: its boats' baskets without the thieves', doubled by a
    cookshop (by each one, with ``two_cookshops='each'``)."""
    value = 0
    for k in range(len(baskets)):
        if not thieves[k]:
            value += baskets[k]
    if cookshops:
        value *= (1 << cookshops) if each else 2
    return value


class Board(KernelCore):
    """A Klongs position and its rules (see the module's docstring). On a turn the actions are the
    placements (per hand boat, in hand order, its target spaces: a thief's avoid the protected
    columns), else "pass", then the moves; the other phases list their choices, the refusal or
    "end" last."""

    __slots__ = ("_count", "_gc", "_gt", "_list", "_mcount", "_mopen", "_mready", "_msrc", "_pc",
                 "_ss", "_tc", "_tg", "board", "cards", "causer", "cow", "discard", "each", "empty_big",
                 "entered", "entry", "fewest", "final", "full", "hands", "idle", "immediate", "insp",
                 "isolated", "lines", "log", "market_days", "master", "merchants", "mindex", "mine", "mkind",
                 "move_first", "moved", "n", "occ", "one", "order", "owner", "passes", "pending", "phase",
                 "placed", "said", "seen", "skip", "skip_rule", "stacks", "stall_next", "step", "stocks",
                 "supply", "t", "thf", "turn", "unclaimed")

    t: Tables
    n: int
    # The rules options, read once.
    isolated: bool
    one: bool
    each: bool
    empty_big: bool
    skip_rule: bool
    immediate: bool
    fewest: bool
    move_first: bool
    unclaimed: bool  # a Big Market Day scorer may take an unclaimed boat
    final: bool  # a decline on the Big Market Day is final
    stall_next: bool  # a round of passes is caused by its first passer
    merchants: int
    entry: int
    # The board: a boat per space (-1 empty), a seat per boat (-1: no merchant), and as bitmasks the
    # occupied spaces, the full hoods, the inspectors' and the thieves' spaces, and per seat the
    # spaces of the boats its merchants stand on.
    board: list[int]
    owner: list[int]
    occ: int
    full: int
    insp: int
    thf: int
    mine: list[int]
    #: Boats that have been on the board (a bit per boat): their ids are public from then on, even in
    #: a hand (a thief's or inspector's catch), since the events name them.
    seen: int
    hands: list[list[int]]
    stacks: list[list[int]]
    stocks: list[list[int]]
    #: ``hands``, ``stacks`` and ``stocks`` (lists of lists) are shared with the kernel this one was
    #: copied from (a public state's next kernel): copied before their first change (``_own``).
    cow: bool
    discard: list[int]
    supply: list[int]
    cards: list[int]
    entered: list[bool]
    step: int  # the Luk Phat spaces the counter has passed
    market_days: int
    lines: tuple[ScoreLine, ...]
    said: Said | None
    log: bool
    phase: int
    turn: int
    moved: bool
    placed: int
    pending: int  # the market day the counter reached, held at the end of the turn
    passes: int
    skip: bool
    master: int  # the landing scored last
    # The market day under way: its kind (0: none), who caused it, the order of scorers (with
    # ``final``, the Big Market Day's less those who declined), where in it, and how many seats in a
    # row could not or would not score.
    mkind: int
    causer: int
    order: list[int]
    mindex: int
    idle: int
    # What legal() counted (see the module's docstring): ``_count`` -1 when not counted here.
    _count: int
    _pc: int
    _tg: int
    _tc: int
    _gt: int
    _gc: int
    _msrc: list[int]
    _mopen: list[int]
    _mcount: int
    _mready: bool  # the moves of the phase after a placement are counted already
    _list: list[int]
    _ss: list[int]

    def derive(self) -> None:
        """The bitmasks that follow from ``board`` and ``owner`` (kept up to date from then on)."""
        t = self.t
        board, owner = self.board, self.owner
        occ = insp = thf = seen = 0
        mine = [0] * self.n
        for space in range(len(board)):
            boat = board[space]
            if boat >= 0:
                bit = t.bit[space]
                occ |= bit
                seen |= 1 << boat
                kind = t.special[boat]
                if kind == INSPECTOR:
                    insp |= bit
                elif kind == THIEF:
                    thf |= bit
                if owner[boat] >= 0:
                    mine[owner[boat]] |= bit
        full = 0
        for mask in t.hood_masks:
            if (occ & mask).bit_count() >= HOOD_LIMIT:
                full |= mask
        self.occ, self.full, self.insp, self.thf, self.seen, self.mine = occ, full, insp, thf, seen, mine

    # ---- the playout's face -------------------------------------------------------------------

    def put_cards_away(self) -> None:
        """Every seat's movement cards out of play (the strong bot's roll-outs move no boat)."""
        cards = self.cards
        for seat in range(self.n):
            cards[seat] = 0
        self._count = -1

    # ---- queries: where boats may go, who may score -----------------------------------------------

    def free_entries(self) -> int:
        """The entry spaces (by player count) that are empty and not in a full hood."""
        return self.entry & ~self.occ & ~self.full

    def targets(self, seat: int) -> int:
        """The spaces where ``seat`` may place a boat now (a thief's also avoid :meth:`protected`): an
        entry space for a first boat (any space while none is free), then a space touching a boat."""
        t = self.t
        occ = self.occ
        free = t.all_mask & ~occ & ~self.full
        if not occ or not self.entered[seat]:
            entry = self.free_entries()
            if entry or not occ:
                return entry or free
        wide = occ | (occ << 1) | (occ >> 1)  # the spaces touching a boat
        pitch = t.pitch
        return (wide | (wide << pitch) | (wide >> pitch)) & free

    def protected(self) -> int:
        """The spaces of the columns an inspector guards from thieves."""
        insp = self.insp
        if not insp:
            return 0
        t = self.t
        mask = 0
        for space in mask_spaces(t, insp):
            mask |= t.col_of_mask[space]
        return mask

    def steal_targets(self, space: int) -> list[int]:
        """The boats a thief on ``space`` may take: its row, no inspector, nothing protected."""
        t = self.t
        row = t.row_of_mask[space] & self.occ & ~self.insp & ~t.bit[space]
        return mask_spaces(t, row & ~self.protected()) if row else []

    def thieves_in_column(self, space: int) -> list[int]:
        """The thieves an inspector on ``space`` catches."""
        t = self.t
        return mask_spaces(t, t.col_of_mask[space] & self.thf)

    def move_now(self, seat: int) -> bool:
        """Whether ``seat`` may still spend a movement card in this phase of the turn (once a turn;
        before placing only if the ``move_card`` reading allows it)."""
        if not self.cards[seat] or self.moved:
            return False
        return self.phase != TURN or self.move_first

    def move_masks(self, seat: int) -> tuple[list[int], list[int]]:
        """The spaces of ``seat``'s boats a movement card can move, and for each the spaces it may go."""
        t = self.t
        occ, full = self.occ, self.full
        neighbours = t.neighbours
        srcs: list[int] = []
        opens: list[int] = []
        for src in mask_spaces(t, self.mine[seat]):
            # Empty neighbours, less those in another hood that is full.
            open_ = neighbours[src] & ~occ & ~(full & ~t.hood_of_mask[src])
            if open_ and self.isolated:
                others = occ & ~t.bit[src]
                for dst in mask_spaces(t, open_):
                    if neighbours[dst] & others:
                        open_ &= ~t.bit[dst]
            if open_:
                srcs.append(src)
                opens.append(open_)
        return srcs, opens

    def can_score(self, seat: int) -> bool:
        mine = self.mine[seat]
        if not mine:
            return False
        occ = self.occ
        for mask in self.t.landing_mask:  # noqa: SIM110  # a loop: mypyc compiles it
            if occ & mask == mask and mine & mask:
                return True
        return False

    def scorings(self, seat: int) -> tuple[list[int], list[int]]:
        """The landings and spaces of the boat to take, per scoring open to ``seat`` on a market day:
        a full landing where it has a merchant, taking one of its own boats there (on a Big Market
        Day a neutral boat too, and with ``big_market_take='unclaimed-too'`` an unclaimed one)."""
        t = self.t
        occ, mine = self.occ, self.mine[seat]
        board, owner, neutral = self.board, self.owner, t.neutral
        big = self.mkind == BIG
        unclaimed = big and self.unclaimed
        landings: list[int] = []
        taken: list[int] = []
        masks = t.landing_mask
        for k in range(len(masks)):
            mask = masks[k]
            if occ & mask == mask and mine & mask:
                for space in t.landing_spaces[k]:
                    boat = board[space]
                    who = owner[boat]
                    if who == seat or (big and who < 0 and (neutral[boat] or unclaimed)):
                        landings.append(k)
                        taken.append(space)
        return landings, taken

    def landing_value(self, landing: int) -> int:
        """What one merchant earns at a full ``landing`` (:func:`landing_points`)."""
        t = self.t
        baskets: list[int] = []
        thieves: list[bool] = []
        cookshops = 0
        for space in t.landing_spaces[landing]:
            boat = self.board[space]
            special = t.special[boat]
            baskets.append(t.baskets[boat])
            thieves.append(special == THIEF)
            if special == COOKSHOP:
                cookshops += 1
        return landing_points(baskets, thieves, cookshops, self.each)

    def merchants_at(self, landing: int) -> dict[int, int]:
        """How many merchants each seat has at ``landing``."""
        out: dict[int, int] = {}
        for space in self.t.landing_spaces[landing]:
            who = self.owner[self.board[space]]
            if who >= 0:
                out[who] = out.get(who, 0) + 1
        return out

    def market_order(self, kind: int, causer: int) -> list[int]:
        """Who scores in which order: a Little Market Day goes twice round from the one who reached it;
        the Big one starts with the lowest score (then fewer merchants on the board, then the causer
        onwards) and goes on clockwise, or (``big_market_order='fewest-points'``) in that ranking."""
        n = self.n
        if kind == LITTLE:
            return [(causer + i) % n for i in range(n)] * 2
        ranked = sorted([(self.points[s], self.merchants - self.supply[s], (s - causer) % n, s)
                         for s in range(n)])
        if self.fewest:
            return [entry[3] for entry in ranked]
        first = ranked[0][3]
        return [(first + i) % n for i in range(n)]

    # ---- finding a counted action (the kernel's legal() counts) ----------------------------------

    def _checked(self, index: int) -> int:
        """The count of legal actions, once ``index`` is known to be one of them."""
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        return count

    def _place_at(self, index: int) -> tuple[int, int]:
        """(position in the hand, space) of placement ``index``."""
        special = self.t.special
        hand = self.hands[self.act]
        for at in range(len(hand)):
            thief = special[hand[at]] == THIEF
            size = self._gc if thief else self._tc
            if index < size:
                return at, nth_space(self.t, self._gt if thief else self._tg, index)
            index -= size
        raise AssertionError("counted actions and listed actions disagree")

    def _move_at(self, index: int) -> tuple[int, int]:
        """(from, to) of move ``index``."""
        opens = self._mopen
        for k in range(len(opens)):
            open_ = opens[k]
            size = open_.bit_count()
            if index < size:
                return self._msrc[k], nth_space(self.t, open_, index)
            index -= size
        raise AssertionError("counted actions and listed actions disagree")

    def _turn_at(self, index: int) -> tuple[int, int, int]:
        """Turn action ``index`` as (kind, a, b): ``PLACE`` (position in the hand, space), ``PASS``, or
        ``MOVE`` (from, to); placements come first, then the pass (only when none), then moves."""
        pc = self._pc
        if index < pc:
            at, space = self._place_at(index)
            return PLACE, at, space
        if pc == 0 and index == 0:
            return PASS, 0, 0
        src, dst = self._move_at(index - (pc or 1))
        return MOVE, src, dst

    # ---- boats coming and going ---------------------------------------------------------------

    def _refull(self, space: int) -> None:
        """The full hoods after the occupancy of ``space``'s hood changed."""
        mask = self.t.hood_of_mask[space]
        if (self.occ & mask).bit_count() >= HOOD_LIMIT:
            self.full |= mask
        else:
            self.full &= ~mask

    def _take_off(self, space: int) -> int:
        """Lift a boat off the board; its merchant, if any, goes back to its owner's supply."""
        boat = self.board[space]
        self.board[space] = -1
        keep = ~self.t.bit[space]
        self.occ &= keep
        self.insp &= keep
        self.thf &= keep
        self._refull(space)
        seat = self.owner[boat]
        if seat >= 0:
            self.owner[boat] = -1
            self.mine[seat] &= keep
            self.supply[seat] += 1
        return boat
