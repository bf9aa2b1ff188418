"""Bangkok's playout path: what ``bangkok.State.playout()`` returns (bots and hints simulate with it).

Kept out of the game package's fixed set of modules; it plays by the same tables as
``explorer.bangkok._mechanics`` (and ``tests/explorer/test_playout*.py`` compares it with the public
API move by move). mypyc compiles it with ``explorer._playout_core`` (``explorer._compiled``): hence
the tables held in typed attributes and module constants marked ``Final`` (C statics once compiled),
and loops where the interpreter would rather ``map``; run as Python, it is the same code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ._playout import Playout
from .bangkok._mechanics import (
    _FRONTIER,
    BITS_OF_FLAGS,
    EMPTY,
    END_COMBOS,
    ENDS,
    FACED,
    HAND_SIZE,
    LINE_CELLS,
    LINES,
    OPTION_COUNTS,
    SOLO_TURNS,
    TAKE_CELLS,
    chilli_limits,
    places_for,
    solo_ends,
)

if TYPE_CHECKING:
    from .bangkok._mechanics import PlaceTables
    from .bangkok._state import State


# Per line-and-ends index of ``PlaceTables.prefixes`` (3 * line + combo): the ends it uses, in order.
LC_ENDS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(2 * line + side for side in combo)
                                                   for line in range(6) for combo in END_COMBOS)
LINE_NAMES: Final[tuple[str, ...]] = tuple(LINES)
# Per end: its places from the near side, and its name.
END_CELLS: Final[tuple[tuple[int, int, int], ...]] = tuple(end.cells for end in ENDS)
END_NAMES: Final[tuple[str, ...]] = tuple(end.name for end in ENDS)
# The mechanics' tables under Final names (the same objects: the take tables grow as they are met).
NO_CARD: Final[int] = EMPTY
KEEP: Final[int] = HAND_SIZE
TURNS: Final[int] = SOLO_TURNS
COUNTS: Final[list[int]] = OPTION_COUNTS
CELLS_OF_TAKE: Final = TAKE_CELLS
FRONTIER: Final[tuple[tuple[int, ...], ...]] = _FRONTIER
CELLS_OF_LINE: Final[tuple[tuple[int, int, int], ...]] = LINE_CELLS


class FastPlayout(Playout):
    """Bangkok's playout path (``state.playout()``): the position copied once into lists and
    bitmasks and played in place by index; no notation is written unless asked for.

    ``legal()`` counts the actions from the tables ``State._legal`` uses, in its order (hand kinds
    as first held; lines R1 ... C3; a line's takes from its near end, then from its far end;
    renewals; "pass"; market places by kind; returns by kind), keeping what it counted so that
    ``apply`` finds the chosen action without listing the others. Piles are kept top last (a draw
    is a ``pop``). ``_pos`` is a copy of the start state whose markets and seat to act follow the
    playout (what scoring reads); ``state()`` replays the chosen indices through the public API.
    """

    __slots__ = ("_act", "_boats", "_both", "_by_chilli", "_chilli_of", "_chillies", "_chl", "_count",
                 "_ending", "_faced", "_first", "_free", "_goods_of_kind", "_hands", "_kind_chilli",
                 "_kind_of", "_kinds", "_limits", "_markets", "_mask_of", "_occ", "_once", "_packed",
                 "_phase", "_placed", "_played", "_port", "_segs", "_sizes", "_solo", "_t", "_takes",
                 "_turns", "_wanted")

    def __init__(self, state: State) -> None:
        pos = object.__new__(type(state))
        pos.__dict__.update(state.__dict__)  # immutable containers: the state stays as it is
        super().__init__(state, pos)
        t: PlaceTables = state._tables
        self._t = t
        self._kind_of: tuple[int, ...] = t.kind_of
        self._mask_of: tuple[int, ...] = t.mask_of
        self._chilli_of: tuple[bool, ...] = t.chilli_of
        self._wanted: list[int] = t.wanted
        self._goods_of_kind: list[int] = t.goods_of_kind
        self._kind_chilli: list[bool] = t.kind_chilli
        self._takes: list[dict[int, int]] = list(t.takes)  # dicts that fill themselves (__missing__)
        self._both: list[dict[int, int]] = list(t.both_ends)
        self._port: list[int] = list(state.port)
        self._boats: list[int] = list(reversed(state.boat_pile))
        self._chillies: list[int] = list(reversed(state.chilli_pile))
        self._hands: list[list[int]] = [list(hand) for hand in state.hands]
        self._markets: list[list[int]] = [list(market) for market in state.markets]
        pos.markets = self._markets  # type: ignore[assignment]  # lists: scoring reads them as they change
        filled, chilli_of = t.filled, t.chilli_of
        self._occ: list[int] = [BITS_OF_FLAGS[tuple([filled[c] for c in m])] for m in state.markets]
        self._chl: list[int] = [BITS_OF_FLAGS[tuple([chilli_of[c] for c in m])] for m in state.markets]
        self._phase: int = state._phase
        self._act: int | None = state.to_act
        self._first: int = state.first
        self._turns: int = state.turns
        self._ending: bool = state.ending
        rules = state.rules
        self._once: bool = rules["refill"] == "once"
        self._solo: bool = state.players == 1
        self._free: bool = rules["solo_slots"] == "free"
        self._limits: tuple[bool, bool] = chilli_limits(rules["expert"], rules["expert_reading"])
        self._played: list[int] = []
        self._count = -1  # not counted yet for this position
        self._segs: list[tuple[int, int, int]] = []  # market or return: (running count, kind, chilli)
        self._placed = 0  # of the count, the place actions (the rest: renewals, or "pass")
        self._kinds: list[int] = []  # the hand's kinds, as first held
        self._sizes: list[int] = []  # how many place actions each offers (not solo)
        self._packed: list[int] = []  # the port's lines' goods, 4 bits a place
        self._faced: tuple[tuple[int, int], ...] = ()  # solo: the lines faced by a usable end
        self._by_chilli: dict[int, list[int]] = {}

    @property
    def current_player(self) -> int | None:
        return self._act

    @property
    def is_over(self) -> bool:
        return self._act is None

    # ---- counting -----------------------------------------------------------------------------

    def legal(self) -> int:
        if self._count >= 0:
            return self._count
        seat = self._act
        if seat is None:
            self._count = 0
            return 0
        kind_of = self._kind_of
        kinds: list[int] = []
        for card in self._hands[seat]:
            kind = kind_of[card]
            if kind not in kinds:
                kinds.append(kind)
        self._kinds = kinds
        total = 0
        if self._phase == 0:
            # Only counted here (the usual case unrolled: every line usable from both ends);
            # ``_find`` walks the same tables to the one action chosen.
            port, mask_of = self._port, self._mask_of
            m0, m1, m2 = mask_of[port[0]], mask_of[port[1]], mask_of[port[2]]
            m3, m4, m5 = mask_of[port[3]], mask_of[port[4]], mask_of[port[5]]
            m6, m7, m8 = mask_of[port[6]], mask_of[port[7]], mask_of[port[8]]
            p0, p1, p2 = m0 | m1 << 4 | m2 << 8, m3 | m4 << 4 | m5 << 8, m6 | m7 << 4 | m8 << 8
            p3, p4, p5 = m0 | m3 << 4 | m6 << 8, m1 | m4 << 4 | m7 << 8, m2 | m5 << 4 | m8 << 8
            packed = self._packed = [p0, p1, p2, p3, p4, p5]  # a list: indexed by a variable
            wanted, goods_of_kind = self._wanted, self._goods_of_kind
            if self._solo:
                faced: tuple[tuple[int, int], ...] = FACED[solo_ends(self._turns, self._free)]
                self._faced = faced
                for kind in kinds:
                    goods = goods_of_kind[kind]
                    want, tk = wanted[goods], self._takes[goods]
                    for line, lc in faced:
                        total += COUNTS[tk[packed[line] & want]] * len(LC_ENDS[lc])
            else:
                both = self._both
                sizes: list[int] = []
                for kind in kinds:
                    goods = goods_of_kind[kind]
                    want, count = wanted[goods], both[goods]
                    size = (count[p0 & want] + count[p1 & want] + count[p2 & want]
                            + count[p3 & want] + count[p4 & want] + count[p5 & want])
                    sizes.append(size)
                    total += size
                self._sizes = sizes
            self._placed = total
            if self._boats and self._chillies and NO_CARD not in port:
                total += 6  # the usual case: every line can be renewed
            else:
                total += len(self._renewable())
            self._count = total or 1  # nothing at all: "pass"
            return self._count
        segs: list[tuple[int, int, int]] = []
        self._segs = segs
        if self._phase == 1:
            by_chilli: dict[int, list[int]] = {}
            self._by_chilli = by_chilli
            kind_chilli = self._kind_chilli
            for kind in kinds:
                chilli = int(kind_chilli[kind])
                places = by_chilli.get(chilli)
                if places is None:
                    chillies = self._chl[seat] if chilli else None
                    places = places_for(self._occ[seat], chillies, self._limits)
                    by_chilli[chilli] = places
                if places:
                    total += len(places)
                    segs.append((total, kind, chilli))
        else:
            for kind in kinds:
                total += 1
                segs.append((total, kind, 0))
        self._count = total
        return total

    def _renewable(self) -> list[int]:
        """The lines (0-5) holding a card its pile can replace, in order."""
        port = self._port
        has_boat, has_chilli = bool(self._boats), bool(self._chillies)
        chilli_of = self._chilli_of
        ok = [c != NO_CARD and (has_chilli if chilli_of[c] else has_boat) for c in port]
        return [i for i, (a, b, c) in enumerate(CELLS_OF_LINE) if ok[a] or ok[b] or ok[c]]

    def _find(self, index: int) -> tuple[int, int, int, int]:
        """Where legal action ``index`` lies: (offset, kind, lc or chilli, number); in the act phase
        a place action's kind (else -1), its line-and-ends index and take number."""
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        if self._phase:
            start = 0
            for end, kind, chilli in self._segs:
                if index < end:
                    return index - start, kind, chilli, 0
                start = end
            raise AssertionError("counted and found actions disagree")
        if index >= self._placed:  # a renewal (its line), or "pass" (no line)
            return 0, -1, (self._renewable()[index - self._placed] if count > self._placed else -1), 0
        packed = self._packed
        if not self._solo:  # every line usable from both ends: the kind, then the line, by size
            for kind, size in zip(self._kinds, self._sizes, strict=True):
                if index < size:
                    goods = self._goods_of_kind[kind]
                    want, counts, takes = self._wanted[goods], self._both[goods], self._takes[goods]
                    for line in range(6):
                        masked = packed[line] & want
                        size = counts[masked]
                        if index < size:
                            return index, kind, 3 * line, takes[masked]
                        index -= size
                index -= size
            raise AssertionError("counted and found actions disagree")
        for kind in self._kinds:
            goods = self._goods_of_kind[kind]
            want, tk = self._wanted[goods], self._takes[goods]
            for line, lc in self._faced:
                number = tk[packed[line] & want]
                if number:
                    size = COUNTS[number] * len(LC_ENDS[lc])
                    if index < size:
                        return index, kind, lc, number
                    index -= size
        raise AssertionError("counted and found actions disagree")

    def _take(self, lc: int, number: int, offset: int) -> tuple[int, tuple[int, ...]]:
        """The end a place action uses and the places it collects (in notation order)."""
        options = CELLS_OF_TAKE[number][lc // 3]
        side, option = divmod(offset, len(options))
        first, rest = options[option]
        return LC_ENDS[lc][side], (first, *rest)

    def notation(self, index: int) -> str:
        offset, kind, lc, number = self._find(index)
        t = self._t
        if self._phase == 1:
            return t.market_texts[kind][self._by_chilli[lc][offset]]
        if self._phase == 2:
            return t.return_texts[kind]
        if kind < 0:
            return "renew:" + LINE_NAMES[lc] if lc >= 0 else "pass"
        end, cells = self._take(lc, number, offset)
        port, fragments = self._port, t.fragments
        return f"place:{t.faces[kind]}@{END_NAMES[end]}>" + ",".join([fragments[c][port[c]] for c in cells])

    # ---- playing ------------------------------------------------------------------------------

    def apply(self, index: int) -> None:
        offset, kind, lc, number = self._find(index)
        seat = self._act
        assert seat is not None
        self._played.append(index)
        self._count = -1
        phase = self._phase
        if phase == 0:
            if kind >= 0:
                self._place(seat, kind, lc, number, offset)
            else:
                if lc >= 0:
                    self._renew_line(CELLS_OF_LINE[lc])
                self._end_turn(seat)
            return
        hand = self._hands[seat]
        card = self._remove(hand, kind)
        if phase == 1:
            place = self._by_chilli[lc][offset]
            market = self._markets[seat]
            market[place] = card
            self._occ[seat] |= 1 << place
            if lc:
                self._chl[seat] |= 1 << place
            if NO_CARD not in market:
                self._ending = True
        elif self._chilli_of[card]:
            self._chillies.insert(0, card)
        else:
            self._boats.insert(0, card)
        self._after_hand_change(seat, hand)

    def _remove(self, hand: list[int], kind: int) -> int:
        """Take the first card of ``kind`` from ``hand``."""
        kind_of = self._kind_of
        for i, card in enumerate(hand):
            if kind_of[card] == kind:
                del hand[i]
                return card
        raise AssertionError(f"kind {kind} is not in hand")  # counted from the hand: never

    def _place(self, seat: int, kind: int, lc: int, number: int, offset: int) -> None:
        options = CELLS_OF_TAKE[number][lc // 3]
        side, option = divmod(offset, len(options))
        first, rest = options[option]
        hand = self._hands[seat]
        card = self._remove(hand, kind)  # the first card of the kind leaves the hand
        port = self._port
        hand.append(port[first])
        port[first] = NO_CARD
        for cell in rest:
            hand.append(port[cell])
            port[cell] = NO_CARD
        near, middle, far = END_CELLS[LC_ENDS[lc][side]]  # the card pushes in, the rest slides
        line = [card]
        if port[near] != NO_CARD:
            line.append(port[near])
        if port[middle] != NO_CARD:
            line.append(port[middle])
        if port[far] != NO_CARD:
            line.append(port[far])
        if len(line) == 3:
            port[near], port[middle], port[far] = line[0], line[1], line[2]
        elif len(line) == 2:
            port[near], port[middle], port[far] = NO_CARD, line[0], line[1]
        else:
            port[near], port[middle], port[far] = NO_CARD, NO_CARD, card
        self._refill()
        if len(hand) <= KEEP:
            self._end_turn(seat)
        else:
            self._after_hand_change(seat, hand)

    def _refill(self) -> None:
        """As ``State._refill``, with the piles top last: each empty place in order."""
        port = self._port
        chilli_of = self._chilli_of
        chillies = 0
        for card in port:
            if chilli_of[card]:
                chillies += 1
        boats, chilli_pile = self._boats, self._chillies
        from_boats = chillies > 1
        once = self._once
        for cell in range(len(port)):
            if port[cell] != NO_CARD:
                continue
            if not once:
                from_boats = chillies > 1
            use_boats = from_boats if (boats if from_boats else chilli_pile) else not from_boats
            if use_boats:
                if boats:
                    port[cell] = boats.pop()
            elif chilli_pile:
                port[cell] = chilli_pile.pop()
                chillies += 1

    def _renew_line(self, cells: tuple[int, int, int]) -> None:
        """As ``State._apply_renew``: new cards first, then the old ones under their piles."""
        chilli_of = self._chilli_of
        port = self._port
        piles = [self._boats, self._chillies]  # lists: indexed by a variable
        under: list[list[int]] = [[], []]
        for cell in cells:
            old = port[cell]
            if old != NO_CARD:
                kind = int(chilli_of[old])
                pile = piles[kind]
                if pile:
                    port[cell] = pile.pop()
                    under[kind].append(old)
        for pile, old_cards in zip(piles, under, strict=True):
            pile[0:0] = old_cards[::-1]

    def _after_hand_change(self, seat: int, hand: list[int]) -> None:
        if len(hand) <= KEEP:
            self._end_turn(seat)
            return
        chilli_of = self._chilli_of
        has_chilli = has_boat = False
        for card in hand:
            if chilli_of[card]:
                has_chilli = True
            else:
                has_boat = True
        fits = ((has_boat and bool(FRONTIER[self._occ[seat]]))
                or (has_chilli and bool(places_for(self._occ[seat], self._chl[seat], self._limits))))
        self._phase = 1 if fits else 2

    def _end_turn(self, seat: int) -> None:
        self._phase = 0
        self._turns += 1
        pos = self._pos
        if self._solo:
            self._act = None if self._turns >= TURNS or self._ending else seat
            pos.to_act = self._act
            return
        nxt = seat + 1
        if nxt == len(self._hands):
            nxt = 0
        if nxt == self._first and self._ending:
            self._act = pos.to_act = None
            return
        self._act = pos.to_act = nxt

    # ---- results ------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        pos: State = self._pos
        return pos.scores()

    def state(self) -> State:
        start: State = self._state  # type: ignore[assignment]  # the base keeps a GameState
        for index in self._played:
            start = start.play(start.legal_actions()[index])
        self._state, self._played = start, []
        return start
