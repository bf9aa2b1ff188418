"""Bangkok's rules kernel: the one place that says what is legal and what an action does.

:class:`Kernel` plays a position in place by index, as OpenSpiel's games do: ``legal()`` counts the
actions in the public order from the edition's tables (``_mechanics.PlaceTables``) and keeps what it
counted, so that ``apply(i)`` goes straight to the action and ``notation(i)`` writes a text only when
asked (``str()`` of a legal action's value). The order: hand kinds as first held; lines R1 ... C3
(solo: those a usable end faces); a line's takes from its first end, then its second, each take's
places in line order; the renewals by line, or "pass" when there is nothing else; market places by
kind; returns by kind.

Piles are kept top last (a draw is a ``pop``). With a log (a public state's kernel) it keeps the public
history (``_board.Happened``, raw) and the port before the last placement or renewal, and shares its
lists with the kernel it was copied from, copying each before changing it (``cow``); without one
(``State.playout()``, what bots and hints simulate with) it keeps only the position. Compiled by mypyc
where a compiler is found (``explorer._compiled``), the same code interpreted where not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .._core.playout import KernelCore
from ._board import Game, Happened
from ._mechanics import (
    _FRONTIER,
    ALL_ENDS,
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
    solo_ends,
)
from ._scoring import score_cells

ACT: Final = 0
MARKET: Final = 1
RETURN: Final = 2
NO_CARD: Final[int] = EMPTY
KEEP: Final[int] = HAND_SIZE
TURNS: Final[int] = SOLO_TURNS
COUNTS: Final[list[int]] = OPTION_COUNTS  # the mechanics' tables (they grow as takes are met)
CELLS_OF_TAKE: Final = TAKE_CELLS
FRONTIER: Final[tuple[tuple[int, ...], ...]] = _FRONTIER
CELLS_OF_LINE: Final[tuple[tuple[int, int, int], ...]] = LINE_CELLS
# Per line-and-ends index (3 * line + the usable ends' combination, as ``FACED`` gives it): the ends.
LC_ENDS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(2 * line + side for side in combo)
                                                   for line in range(6) for combo in END_COMBOS)
# Per line-and-ends index: how many of its ends are usable (1 or 2).
LC_SIDES: Final[tuple[int, ...]] = tuple(len(ends) for ends in LC_ENDS)
# Every line faced from both ends (2-4 players), as ``FACED`` gives it.
BOTH_FACED: Final[tuple[tuple[int, int], ...]] = tuple((line, 3 * line) for line in range(6))
ALL_LINES: Final[list[int]] = [0, 1, 2, 3, 4, 5]
RENEW_TEXTS: Final[tuple[str, ...]] = tuple(f"renew:{name}" for name in LINES)
# Per end: its places from the near side (beside the laid card) to the far side, and its name.
END_CELLS: Final[tuple[tuple[int, int, int], ...]] = tuple(end.cells for end in ENDS)
END_NAMES: Final[tuple[str, ...]] = tuple(end.name for end in ENDS)
N_ENDS: Final[int] = len(ENDS)


def build(game: Game, first: int, port: Sequence[int], boat_pile: Sequence[int], chilli_pile: Sequence[int],
          hands: Sequence[Sequence[int]], markets: Sequence[Sequence[int]], objectives: Sequence[int],
          aside: Sequence[int]) -> Kernel:
    """A new position, seat ``first`` to act (piles top first, as the public state shows them)."""
    k = Kernel()
    k.g = game
    k.port = list(port)
    k.boats, k.chillies = list(reversed(boat_pile)), list(reversed(chilli_pile))
    k.hands = [list(hand) for hand in hands]
    k.markets = [list(market) for market in markets]
    k.masks()
    k.objectives, k.aside = list(objectives), list(aside)
    k.phase, k.act, k.first, k.turns, k.round = ACT, first, first, 0, 1
    k.ending = any(NO_CARD not in market for market in k.markets)
    k.log, k.cow, k.happened, k.port_before = True, False, None, tuple(port)
    k.points = [0] * game.n
    k._count, k._placed, k._kinds, k._sizes, k._packed = -1, 0, [], [], []
    k._faced, k._renew, k._segs, k._by_chilli = BOTH_FACED, [], [], {}
    return k


class Kernel(KernelCore):
    """A Bangkok position and its rules (see the module's docstring): :func:`build` sets a new one up,
    :meth:`copy` copies one."""

    __slots__ = ("_by_chilli", "_count", "_faced", "_kinds", "_packed", "_placed", "_renew", "_segs",
                 "_sizes", "aside", "boats", "chillies", "chl", "cow", "ending", "first", "g", "hands",
                 "happened", "log", "markets", "objectives", "occ", "phase", "port", "port_before", "round",
                 "turns")

    g: Game
    port: list[int]
    boats: list[int]  # top last
    chillies: list[int]  # top last
    hands: list[list[int]]
    markets: list[list[int]]
    occ: list[int]  # per market: its occupied places as a bitmask
    chl: list[int]  # per market: the places holding chilli cards
    objectives: list[int]
    aside: list[int]
    phase: int
    first: int
    turns: int  # turns completed by all players together (the solo turn counter)
    round: int
    ending: bool  # some market is complete: this round is the last
    log: bool
    cow: bool  # the lists are shared with the kernel this was copied from: copy before changing
    happened: Happened | None  # the last action (``_board.Happened``), linked to those before
    port_before: tuple[int, ...]
    _count: int  # -1: not counted yet
    _placed: int  # of the count, the place actions
    _kinds: list[int]  # the hand's kinds, as first held
    _sizes: list[int]  # 2-4 players: how many place actions each kind offers
    _packed: list[int]  # the port's lines' goods, 4 bits a place
    _faced: tuple[tuple[int, int], ...]  # the lines faced by a usable end, with their ends' index
    _renew: list[int]  # the lines that can be renewed
    _segs: list[tuple[int, int, int]]  # market or return: (running count, kind, chilli)
    _by_chilli: dict[int, list[int]]  # market: the places a boat (0) or chilli (1) card may go

    def masks(self) -> None:
        """The markets' bitmasks (occupied places, chilli cards), worked out from the markets."""
        chilli_of = self.g.chilli_of
        self.occ, self.chl = [], []
        for market in self.markets:
            occupied = chillies = 0
            for place in range(9):
                card = market[place]
                if card != NO_CARD:
                    occupied |= 1 << place
                    if chilli_of[card]:
                        chillies |= 1 << place
            self.occ.append(occupied)
            self.chl.append(chillies)

    def copy(self, log: bool = True) -> Kernel:
        """An independent copy (what it counted included), keeping the history if ``log``."""
        new = Kernel()
        new.g = self.g
        if log:  # a public state's next kernel: shared lists, each copied before its first change
            new.port, new.boats, new.chillies = self.port, self.boats, self.chillies
            new.hands, new.markets, new.occ, new.chl = self.hands, self.markets, self.occ, self.chl
            new.cow = True
        else:
            new.port, new.boats, new.chillies = self.port.copy(), self.boats.copy(), self.chillies.copy()
            new.hands = [hand.copy() for hand in self.hands]
            new.markets = [market.copy() for market in self.markets]
            new.occ, new.chl = self.occ.copy(), self.chl.copy()
            new.cow = False
        new.objectives, new.aside = self.objectives, self.aside  # replaced, never changed
        new.phase, new.act, new.first, new.turns = self.phase, self.act, self.first, self.turns
        new.round, new.ending, new.points = self.round, self.ending, self.points
        new.log, new.happened, new.port_before = log, self.happened, self.port_before
        # The counted lists are replaced when counted again, never changed: shared.
        new._count, new._placed, new._kinds, new._sizes = self._count, self._placed, self._kinds, self._sizes
        new._packed, new._faced, new._renew = self._packed, self._faced, self._renew
        new._segs, new._by_chilli = self._segs, self._by_chilli
        new._played = []
        return new

    # ---- counting -----------------------------------------------------------------------------

    def legal(self) -> int:
        if self._count >= 0:
            return self._count
        seat = self.act
        if seat < 0:
            self._count = 0
            return 0
        g = self.g
        kind_of = g.kind_of
        kinds: list[int] = []
        for card in self.hands[seat]:
            kind = kind_of[card]
            if kind not in kinds:
                kinds.append(kind)
        self._kinds = kinds
        total = 0
        if self.phase == ACT:
            # Each line's goods (4 bits a place) masked to a kind's goods key the kind's legal takes
            # there (``PlaceTables.takes``); the usual case (every end usable) is unrolled.
            port, mask_of = self.port, g.mask_of
            m0, m1, m2 = mask_of[port[0]], mask_of[port[1]], mask_of[port[2]]
            m3, m4, m5 = mask_of[port[3]], mask_of[port[4]], mask_of[port[5]]
            m6, m7, m8 = mask_of[port[6]], mask_of[port[7]], mask_of[port[8]]
            p0, p1, p2 = m0 | m1 << 4 | m2 << 8, m3 | m4 << 4 | m5 << 8, m6 | m7 << 4 | m8 << 8  # rows
            p3, p4, p5 = m0 | m3 << 4 | m6 << 8, m1 | m4 << 4 | m7 << 8, m2 | m5 << 4 | m8 << 8  # columns
            packed = self._packed = [p0, p1, p2, p3, p4, p5]  # a list: indexed by a variable
            wanted, goods_of_kind = g.wanted, g.goods_of_kind
            if g.solo:
                faced: tuple[tuple[int, int], ...] = FACED[solo_ends(self.turns, g.free)]
                self._faced = faced
                for kind in kinds:  # a line's both-ends count, halved where one end is usable
                    goods = goods_of_kind[kind]
                    want, count = wanted[goods], g.both[goods]
                    for line, lc in faced:
                        total += count[packed[line] & want] * LC_SIDES[lc] >> 1
            else:
                self._faced = BOTH_FACED
                both = g.both
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
            renew = self._renew = self._renewable()
            total += len(renew)
            self._count = total or 1  # nothing at all: "pass"
            return self._count
        segs: list[tuple[int, int, int]] = []
        self._segs = segs
        if self.phase == MARKET:
            by_chilli: dict[int, list[int]] = {}
            self._by_chilli = by_chilli
            kind_chilli = g.kind_chilli
            for kind in kinds:
                chilli = 1 if kind_chilli[kind] else 0
                places = by_chilli.get(chilli)
                if places is None:
                    places = self.market_places(seat, chilli == 1)
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

    def market_places(self, seat: int, chilli: bool) -> list[int]:
        """The empty places of seat's market where a (chilli) card may go now: beside a card along a
        side (a1 in an empty market), and for a chilli card not in a row (or column) that is limited
        to one and holds one."""
        places = FRONTIER[self.occ[seat]]
        if not chilli:
            return list(places)
        blocked = self.g.blocked[self.chl[seat]]
        return [place for place in places if not blocked >> place & 1]

    def usable_ends(self) -> frozenset[int]:
        """The ends (indices into the twelve) a card may be laid at now (solo: some are covered)."""
        return solo_ends(self.turns, self.g.free) if self.g.solo else ALL_ENDS

    def _renewable(self) -> list[int]:
        """The lines (0-5) holding a card its pile can replace, in order."""
        port = self.port
        has_boat, has_chilli = len(self.boats) > 0, len(self.chillies) > 0
        if has_boat and has_chilli and NO_CARD not in port:
            return ALL_LINES  # the usual case: every line can be renewed
        chilli_of = self.g.chilli_of
        out: list[int] = []
        for line in range(6):
            for cell in CELLS_OF_LINE[line]:
                card = port[cell]
                if card != NO_CARD and (has_chilli if chilli_of[card] else has_boat):
                    out.append(line)
                    break
        return out

    def _find(self, index: int) -> tuple[int, int, int, int]:
        """Where legal action ``index`` lies: (offset, kind, lc or chilli, number); in the act phase a
        place action's kind (else -1: a renewal, its line as the third item, or "pass": -1), its
        line-and-ends index and take number."""
        count = self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        if self.phase != ACT:
            start = 0
            for end, kind, chilli in self._segs:
                if index < end:
                    return index - start, kind, chilli, 0
                start = end
            raise AssertionError("counted and found actions disagree")
        if index >= self._placed:
            renew = self._renew
            return 0, -1, (renew[index - self._placed] if renew else -1), 0
        g = self.g
        packed = self._packed
        if not g.solo:  # every line usable from both ends: the kind, then the line, by size
            for kind, size in zip(self._kinds, self._sizes, strict=True):
                if index < size:
                    goods = g.goods_of_kind[kind]
                    want, counts, takes = g.wanted[goods], g.both[goods], g.takes[goods]
                    for line in range(6):
                        masked = packed[line] & want
                        size = counts[masked]
                        if index < size:
                            return index, kind, 3 * line, takes[masked]
                        index -= size
                index -= size
            raise AssertionError("counted and found actions disagree")
        for kind in self._kinds:
            goods = g.goods_of_kind[kind]
            want, tk = g.wanted[goods], g.takes[goods]
            for line, lc in self._faced:
                number = tk[packed[line] & want]
                if number:
                    size = COUNTS[number] * LC_SIDES[lc]
                    if index < size:
                        return index, kind, lc, number
                    index -= size
        raise AssertionError("counted and found actions disagree")

    # ---- notation -----------------------------------------------------------------------------

    def notation(self, index: int) -> str:
        offset, kind, lc, number = self._find(index)
        t = self.g.t
        if self.phase == MARKET:
            return str(t.market_texts[kind][self._by_chilli[lc][offset]])
        if self.phase == RETURN:
            return str(t.return_texts[kind])
        if kind < 0:
            return RENEW_TEXTS[lc] if lc >= 0 else "pass"
        options = CELLS_OF_TAKE[number][lc // 3]
        side, option = divmod(offset, len(options))
        out: list[str] = []
        self._place_texts_at(kind, LC_ENDS[lc][side], (options[option],), out)
        return out[0]

    def _place_texts_at(self, kind: int, end: int, options: tuple[tuple[int, tuple[int, ...]], ...],
                        out: list[str]) -> None:
        """Add to ``out`` the texts of placing ``kind`` at ``end`` to take each of ``options`` (the
        first place taken and the others)."""
        g = self.g
        port, stride, tails = self.port, g.stride, g.tails
        row = g.heads[kind * N_ENDS + end]
        if not row:
            row.extend([""] * (9 * stride))
        for first, rest in options:
            at = first * stride + port[first]
            text = row[at]
            if not text:
                text = row[at] = g.starts[kind * N_ENDS + end] + g.t.fragments[at]
            for cell in rest:
                text += tails[cell * stride + port[cell]]
            out.append(text)

    # ---- playing ------------------------------------------------------------------------------

    def apply(self, index: int, text: str = "") -> None:
        offset, kind, lc, number = self._find(index)
        seat = self.act
        if self.log and not text:
            text = self.notation(index)
        self._played.append(index)
        self._count = -1
        phase = self.phase
        if phase == ACT:
            if self.cow:
                self._unshare(seat, kind >= 0, False)
            if self.log and (kind >= 0 or lc >= 0):
                self.port_before = tuple(self.port)
            if kind >= 0:
                self._place(seat, kind, lc, number, offset, text)
                return
            swapped = self._renew_line(CELLS_OF_LINE[lc]) if lc >= 0 else []
            if self.log:
                self.happened = Happened(seat, text, tuple(swapped), NO_CARD, self.happened)
            self._end_turn(seat)
            return
        if self.cow:
            self._unshare(seat, True, phase == MARKET)
        hand = self.hands[seat]
        card = self._remove(hand, kind)
        if phase == MARKET:
            place = self._by_chilli[lc][offset]
            market = self.markets[seat]
            market[place] = card
            self.occ[seat] |= 1 << place
            if lc:
                self.chl[seat] |= 1 << place
            if NO_CARD not in market:
                self.ending = True
        elif self.g.chilli_of[card]:  # returned under its pile (the card is hidden: only its pile shows)
            self.chillies.insert(0, card)
        else:
            self.boats.insert(0, card)
        if self.log:
            self.happened = Happened(seat, text, (), NO_CARD, self.happened)
        self._after_hand_change(seat, hand)

    def _unshare(self, seat: int, hand: bool, market: bool) -> None:
        """Copy the lists this action changes, which a public state's kernel shares with its parent."""
        if market:
            self.markets = self.markets.copy()
            self.markets[seat] = self.markets[seat].copy()
            self.occ, self.chl = self.occ.copy(), self.chl.copy()
        else:
            self.port = self.port.copy()
            self.boats, self.chillies = self.boats.copy(), self.chillies.copy()
        if hand:
            self.hands = self.hands.copy()
            self.hands[seat] = self.hands[seat].copy()

    def _remove(self, hand: list[int], kind: int) -> int:
        """Take the first card of ``kind`` from ``hand``."""
        kind_of = self.g.kind_of
        for i in range(len(hand)):
            card = hand[i]
            if kind_of[card] == kind:
                del hand[i]
                return card
        raise AssertionError(f"kind {kind} is not in hand")  # counted from the hand: never

    def _place(self, seat: int, kind: int, lc: int, number: int, offset: int, text: str) -> None:
        options = CELLS_OF_TAKE[number][lc // 3]
        side, option = divmod(offset, len(options))
        first, rest = options[option]
        hand = self.hands[seat]
        card = self._remove(hand, kind)  # the first card of the kind leaves the hand
        port = self.port
        hand.append(port[first])
        port[first] = NO_CARD
        for cell in rest:
            hand.append(port[cell])
            port[cell] = NO_CARD
        # The placed card pushes in from the near side: everything slides to the far end, in order.
        # (At least one card of the line was taken, so the card and what stays fill 1-3 places.)
        near, middle, far = END_CELLS[LC_ENDS[lc][side]]
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
        drawn = self._refill() if NO_CARD in port else []
        if self.log:
            self.happened = Happened(seat, text, tuple(drawn), card, self.happened)
        if len(hand) <= KEEP:
            self._end_turn(seat)
        else:
            self._after_hand_change(seat, hand)

    def _refill(self) -> list[tuple[int, int]]:
        """Fill the port's empty places from the piles, in place order; return each (place, card) drawn.
        Each place draws from the boat pile while the port shows more than one chilli card (with the
        ``once`` rule: as counted before the first draw), else from the chilli pile; from the other
        pile if that one is empty."""
        port = self.port
        chilli_of = self.g.chilli_of
        chillies = 0
        for card in port:
            if chilli_of[card]:
                chillies += 1
        boats, chilli_pile = self.boats, self.chillies
        from_boats = chillies > 1
        once = self.g.once
        drawn: list[tuple[int, int]] = []
        for cell in range(9):
            if port[cell] != NO_CARD:
                continue
            if not once:
                from_boats = chillies > 1
            use_boats = from_boats if len(boats if from_boats else chilli_pile) > 0 else not from_boats
            if use_boats:
                if not boats:
                    continue
                port[cell] = boats.pop()
            else:
                if not chilli_pile:
                    continue
                port[cell] = chilli_pile.pop()
                chillies += 1
            if self.log:
                drawn.append((cell, port[cell]))
        return drawn

    def _renew_line(self, cells: tuple[int, int, int]) -> list[tuple[int, int]]:
        """Renew a line: all new cards are drawn before the old ones go under their piles, so an old
        card never comes straight back; with a short pile, the line's first cards (in reading order)
        are swapped. Returns each (place, new card)."""
        chilli_of = self.g.chilli_of
        port = self.port
        piles = [self.boats, self.chillies]  # by chilli (0 boat, 1 chilli)
        under: list[list[int]] = [[], []]
        swapped: list[tuple[int, int]] = []
        for cell in cells:
            old = port[cell]
            if old != NO_CARD:
                which = 1 if chilli_of[old] else 0
                pile = piles[which]
                if pile:
                    port[cell] = pile.pop()
                    under[which].append(old)
                    swapped.append((cell, port[cell]))
        for which in range(2):
            old_cards = under[which]
            old_cards.reverse()
            piles[which][0:0] = old_cards
        return swapped

    def _after_hand_change(self, seat: int, hand: list[int]) -> None:
        """A hand over the limit goes on to the market (a card fits there) or to returning cards."""
        if len(hand) <= KEEP:
            self._end_turn(seat)
            return
        chilli_of = self.g.chilli_of
        has_chilli = has_boat = False
        for card in hand:
            if chilli_of[card]:
                has_chilli = True
            else:
                has_boat = True
        fits = ((has_boat and len(FRONTIER[self.occ[seat]]) > 0)
                or (has_chilli and len(self.market_places(seat, True)) > 0))
        self.phase = MARKET if fits else RETURN

    def _end_turn(self, seat: int) -> None:
        self.phase = ACT
        turns = self.turns = self.turns + 1
        if self.g.solo:
            if turns >= TURNS or self.ending:
                self.act = -1
            else:
                self.round += 1
            return
        nxt = seat + 1
        if nxt == self.g.n:
            nxt = 0
        if nxt == self.first:
            if self.ending:
                self.act = -1
                return
            self.round += 1
        self.act = nxt

    # ---- results ------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Each market's score so far; the objectives count once the game is over."""
        return self.market_scores(self.act < 0)

    def market_scores(self, reveal: bool) -> list[int]:
        """Each market's score, the objectives counted when ``reveal`` (a roll-out's leaf reveals)."""
        g = self.g
        cards = g.cards
        out: list[int] = []
        for seat in range(g.n):
            cells = [None if card == NO_CARD else cards[card] for card in self.markets[seat]]
            goal: str | None = g.goals[self.objectives[seat]] if reveal else None
            sheet: Any = score_cells(cells, goal, type1_below_zero=g.type1, type4=g.type4)
            out.append(sheet.total)
        return out

