"""The board half of Klongs' playout path (``explorer._klongs_playout`` plays the turns on it).

:class:`KlongsBoard` holds a Klongs position copied once into lists, ints and bitmasks (the edition's:
bit ``row * (columns + 1) + column`` per water space, so bit order is space order) and changes it in
place by the rules of ``explorer.klongs._state`` and ``_mechanics``: boats placed, moved and taken
off, merchants claimed, landings scored, the stock scored. Besides the occupied spaces and the full
hoods it keeps the spaces of the inspectors and of the thieves, so the protected columns, a thief's
targets and an inspector's catch are a few mask operations. :class:`KlongsTables` holds an edition's
board and boats as typed lists, built once per edition.

``_pos`` is a copy of the start state whose containers are the playout's own lists (``board``,
``owner``, ``hands``, ``stacks``, ``stocks``, ``supply``, ``mine``, ``cards``, ...) and whose
``phase``, ``to_act``, ``turn`` and ``placed`` follow the playout: what the strong bot's roll-out
policy (``explorer._rollout``) reads. Its other scalars (``occ``, ``full``, ``lukphat``, the score
lines) stay as they were at the start; ask the playout (``scores()``).

Compiled by mypyc with the playouts (``explorer._compiled``): typed plain classes, lists and ints,
``Final`` constants; run as Python, it is the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from ._playout import Playout

if TYPE_CHECKING:
    from .klongs._edition import Edition
    from .klongs._state import State

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
# Special boats, and market days (0: none).
THIEF: Final = 1
INSPECTOR: Final = 2
COOKSHOP: Final = 3
SPECIAL_CODES: Final[dict[str, int]] = {"thief": THIEF, "inspector": INSPECTOR, "cookshop": COOKSHOP}
LITTLE: Final = 1
BIG: Final = 2
MARKET_CODES: Final[dict[str, int]] = {"little": LITTLE, "big": BIG}
#: Bits set per byte value.
POP8: Final[list[int]] = [bin(value).count("1") for value in range(256)]


class KlongsTables:
    """An edition's board, boats and notations as typed lists for the playout."""

    def __init__(self, ed: Edition) -> None:
        # The game's rule constants, read here (once per edition) rather than when this module is
        # imported: klongs._state imports the playout, so the playout may not import the package.
        from .klongs._mechanics import HAND_SIZE, HOOD_LIMIT, boat_merchants
        from .klongs._notation import GOODS

        self.hand_size: int = HAND_SIZE
        self.hood_limit: int = HOOD_LIMIT
        self.kinds_of_goods: int = len(GOODS)
        self.boat_merchants: Callable[[int, Mapping[str, Any]], int] = boat_merchants
        n = len(ed.spaces)
        self.bit: list[int] = list(ed.bit)
        self.all_mask: int = ed.all_mask
        self.pitch: int = ed.pitch
        self.entries: list[int] = list(ed.entry_masks)
        self.hood_of_mask: list[int] = [ed.hood_mask[ed.hood_of[s]] for s in range(n)]
        self.neighbours: list[int] = list(ed.neighbour_mask)
        self.row_of_mask: list[int] = [ed.row_mask[ed.row[s]] for s in range(n)]
        self.col_of_mask: list[int] = [ed.col_mask[ed.col[s]] for s in range(n)]
        self.landing_mask: list[int] = list(ed.landing_mask)
        self.landing_spaces: list[list[int]] = [list(spaces) for spaces in ed.landing_spaces]
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


# Per edition (compiled editions do not change); a few kept, so that custom ones do not pile up.
_TABLES: Final[dict[int, tuple[Edition, KlongsTables]]] = {}


def tables_for(ed: Edition) -> KlongsTables:
    found = _TABLES.get(id(ed))
    if found is not None and found[0] is ed:
        return found[1]
    if len(_TABLES) >= 8:
        _TABLES.clear()
    made = KlongsTables(ed)
    _TABLES[id(ed)] = (ed, made)
    return made


def mask_spaces(t: KlongsTables, mask: int) -> list[int]:
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


def nth_space(t: KlongsTables, mask: int, index: int) -> int:
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


class KlongsBoard(Playout):
    """A Klongs position in lists, ints and bitmasks, and the rule steps that change it (see the
    module's docstring); ``explorer._klongs_playout.KlongsPlayout`` counts and plays the actions."""

    __slots__ = ("_act", "_board", "_cards", "_causer", "_discard", "_each", "_empty_big", "_entered",
                 "_entry", "_fewest", "_full", "_hands", "_idle", "_immediate", "_insp", "_isolated",
                 "_mcount", "_merchants", "_mindex", "_mine", "_mkind", "_mopen", "_move_first", "_moved",
                 "_msrc", "_n", "_occ", "_one", "_order", "_owner", "_passes", "_pending", "_phase",
                 "_placed", "_scores", "_skip", "_skip_rule", "_stacks", "_step", "_stocks", "_supply",
                 "_t", "_thf", "_turn")

    _pos: State

    def __init__(self, state: State) -> None:
        pos = object.__new__(type(state))
        pos.__dict__ = state.__dict__.copy()  # immutable containers: the state stays as it is
        super().__init__(state, pos)
        t = self._t = tables_for(state.ed)
        n = self._n = state.players
        rules = state.rules
        self._isolated: bool = rules["moved_boat"] == "must-not-touch"
        self._one: bool = rules["inspector_thieves"] == "one"
        self._each: bool = rules["two_cookshops"] == "each"
        self._empty_big: bool = rules["empty_hand"] == "big-market-day"
        self._skip_rule: bool = rules["market_day_draw"] == "skip"
        self._immediate: bool = rules["market_day_timing"] == "immediately"
        self._fewest: bool = rules["big_market_order"] == "fewest-points"
        self._move_first: bool = rules["move_card"] == "before-or-after"
        self._merchants: int = t.boat_merchants(n, rules)
        self._entry: int = t.entries[1 if n != 2 else 0]
        self._board: list[int] = list(state.board)
        self._owner: list[int] = list(state.owner)
        self._occ: int = state.occ
        self._full: int = state.full
        insp = thf = 0
        for space in mask_spaces(t, state.occ):
            kind = t.special[state.board[space]]
            if kind == INSPECTOR:
                insp |= t.bit[space]
            elif kind == THIEF:
                thf |= t.bit[space]
        self._insp: int = insp
        self._thf: int = thf
        self._mine: list[int] = list(state.mine)
        self._hands: list[list[int]] = [list(hand) for hand in state.hands]
        self._stacks: list[list[int]] = [list(stack) for stack in state.stacks]
        self._stocks: list[list[int]] = [list(stock) for stock in state.stocks]
        self._discard: list[int] = list(state.discard)
        self._supply: list[int] = list(state.supply)
        self._cards: list[int] = list(state.cards)
        self._entered: list[bool] = list(state.entered)
        self._step: int = state.lukphat
        self._scores: list[int] = state.scores()
        self._phase: int = PHASES.index(state.phase)
        self._turn: int = state.turn
        self._act: int = -1 if state.to_act is None else state.to_act
        self._moved: bool = state.moved
        self._placed: int = state.placed
        self._pending: int = MARKET_CODES.get(state.pending_market or "", 0)
        self._passes: int = state.passes
        self._skip: bool = state.skip_draw
        market = state.market
        self._mkind: int = 0 if market is None else MARKET_CODES[market[0]]
        self._causer: int = 0 if market is None else market[1]
        self._order: list[int] = [] if market is None else list(market[2])
        self._mindex: int = 0 if market is None else market[3]
        self._idle: int = 0 if market is None else market[4]
        # The moves legal() counted: (from, spaces to) and how many.
        self._msrc: list[int] = []
        self._mopen: list[int] = []
        self._mcount = 0
        # The lists the roll-out policy reads on ``_pos`` are the playout's own.
        pos.board = self._board  # type: ignore[assignment]
        pos.owner = self._owner  # type: ignore[assignment]
        pos.mine = self._mine  # type: ignore[assignment]
        pos.hands = self._hands  # type: ignore[assignment]
        pos.stacks = self._stacks  # type: ignore[assignment]
        pos.stocks = self._stocks  # type: ignore[assignment]
        pos.discard = self._discard  # type: ignore[assignment]
        pos.supply = self._supply  # type: ignore[assignment]
        pos.cards = self._cards  # type: ignore[assignment]
        pos.entered = self._entered  # type: ignore[assignment]

    @property
    def current_player(self) -> int | None:
        return None if self._act < 0 else self._act

    @property
    def is_over(self) -> bool:
        return self._act < 0

    def scores(self) -> list[int]:
        return list(self._scores)

    def put_cards_away(self) -> None:
        """Every seat's movement cards out of play (the strong bot's roll-outs move no boat)."""
        cards = self._cards
        for seat in range(self._n):
            cards[seat] = 0

    def _set_phase(self, phase: int) -> None:
        self._phase = phase
        self._pos.phase = PHASES[phase]

    def _set_act(self, seat: int) -> None:
        self._act = seat
        self._pos.to_act = None if seat < 0 else seat

    # ---- where boats may go -------------------------------------------------------------------

    def _targets(self, seat: int) -> int:
        """The spaces where ``seat`` may place a boat now (``mechanics.place_targets``)."""
        t = self._t
        occ = self._occ
        free = t.all_mask & ~occ & ~self._full
        if not occ or not self._entered[seat]:
            entry = self._entry & free
            if entry or not occ:
                return entry or free
        wide = occ | (occ << 1) | (occ >> 1)  # the spaces touching a boat (the edition's dilate)
        pitch = t.pitch
        return (wide | (wide << pitch) | (wide >> pitch)) & free

    def _protected(self) -> int:
        """The columns an inspector guards from thieves."""
        insp = self._insp
        if not insp:
            return 0
        t = self._t
        mask = 0
        for space in mask_spaces(t, insp):
            mask |= t.col_of_mask[space]
        return mask

    def _steal_targets(self, space: int) -> list[int]:
        """The boats a thief on ``space`` may take: its row, no inspector, nothing protected."""
        t = self._t
        row = t.row_of_mask[space] & self._occ & ~self._insp & ~t.bit[space]
        return mask_spaces(t, row & ~self._protected()) if row else []

    def _count_moves(self, seat: int) -> int:
        """Fills ``_msrc``/``_mopen`` with the seat's moves (``mechanics.move_masks``); their count."""
        t = self._t
        occ, full = self._occ, self._full
        neighbours = t.neighbours
        srcs: list[int] = []
        opens: list[int] = []
        total = 0
        for src in mask_spaces(t, self._mine[seat]):
            open_ = neighbours[src] & ~occ & ~(full & ~t.hood_of_mask[src])
            if open_ and self._isolated:
                others = occ & ~t.bit[src]
                for dst in mask_spaces(t, open_):
                    if neighbours[dst] & others:
                        open_ &= ~t.bit[dst]
            if open_:
                srcs.append(src)
                opens.append(open_)
                total += open_.bit_count()
        self._msrc, self._mopen, self._mcount = srcs, opens, total
        return total

    def _can_score(self, seat: int) -> bool:
        mine = self._mine[seat]
        if not mine:
            return False
        occ = self._occ
        for mask in self._t.landing_mask:  # noqa: SIM110  # a loop: mypyc compiles it
            if occ & mask == mask and mine & mask:
                return True
        return False

    # ---- boats coming and going ---------------------------------------------------------------

    def _refull(self, space: int) -> None:
        """The full hoods after the occupancy of ``space``'s hood changed."""
        mask = self._t.hood_of_mask[space]
        if (self._occ & mask).bit_count() >= self._t.hood_limit:
            self._full |= mask
        else:
            self._full &= ~mask

    def _claim(self, seat: int, src: int) -> None:
        """A merchant onto the placed boat: from the supply (``src`` -1) or from the boat on ``src``."""
        bit = self._t.bit
        boat = self._board[self._placed]
        if src < 0:
            self._supply[seat] -= 1
            self._mine[seat] |= bit[self._placed]
        else:
            self._owner[self._board[src]] = -1
            self._mine[seat] = self._mine[seat] & ~bit[src] | bit[self._placed]
        self._owner[boat] = seat

    def _take_off(self, space: int) -> int:
        """Lift a boat off the board; its merchant, if any, goes back to its owner's supply."""
        boat = self._board[space]
        self._board[space] = -1
        keep = ~self._t.bit[space]
        self._occ &= keep
        self._insp &= keep
        self._thf &= keep
        self._refull(space)
        seat = self._owner[boat]
        if seat >= 0:
            self._owner[boat] = -1
            self._mine[seat] &= keep
            self._supply[seat] += 1
        return boat

    def _inspect(self, seat: int, keep: int, to_hand: int) -> None:
        """The thieves an inspector removes (one chosen, or all in its column); ``keep`` may go to the
        hand, the others are discarded."""
        t = self._t
        removed = [keep] if self._one else mask_spaces(t, t.col_of_mask[self._placed] & self._thf)
        for space in removed:
            boat = self._take_off(space)
            if space == keep and to_hand:
                self._hands[seat].append(boat)
            else:
                self._discard.append(boat)

    def _move(self, seat: int, src: int, dst: int) -> None:
        """One of ``seat``'s boats moved with a movement card."""
        t = self._t
        board = self._board
        boat = board[src]
        board[src] = -1
        board[dst] = boat
        out, into = t.bit[src], t.bit[dst]
        self._occ = self._occ & ~out | into
        self._refull(src)
        self._refull(dst)
        self._mine[seat] = self._mine[seat] & ~out | into
        self._cards[seat] -= 1
        self._moved = True

    # ---- scoring ------------------------------------------------------------------------------

    def _score(self, seat: int, landing: int, remove: int) -> None:
        """``seat`` scores ``landing`` (every merchant there earns its value) and takes the boat on
        ``remove`` into its stock."""
        t = self._t
        board, owner = self._board, self._owner
        spaces = t.landing_spaces[landing]
        value = cookshops = 0
        for space in spaces:
            boat = board[space]
            special = t.special[boat]
            if special != THIEF:
                value += t.baskets[boat]
            if special == COOKSHOP:
                cookshops += 1
        if cookshops:
            value *= (1 << cookshops) if self._each else 2
        for space in spaces:
            who = owner[board[space]]
            if who >= 0:
                self._scores[who] += value
        self._stocks[seat].append(self._take_off(remove))

    def _final_scoring(self) -> None:
        """Each seat's stock: 1 + 2 + ... + n for each good held n times; the game is over."""
        goods = self._t.goods
        for seat in range(self._n):
            counts = [0] * self._t.kinds_of_goods
            for boat in self._stocks[seat]:
                good = goods[boat]
                if good >= 0:
                    counts[good] += 1
            for count in counts:
                self._scores[seat] += count * (count + 1) // 2
        self._set_phase(OVER)
        self._set_act(-1)
