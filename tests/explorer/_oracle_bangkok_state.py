"""The retired Bangkok state (before its kernel), kept as the kernel's oracle until the comparison is
done: ``test_playout_bangkok.py`` plays it beside the kernel's state move by move. Its rule code is the
retired code as it was (the interpreted methods); it reads the game's tables, notation, view and
refusal modules as they are now.

Once: The Bangkok engine: a GameState whose positions are tuples of card ids.

Card ids index the edition's tables (faces, goods bitmasks, chilli or boat), so a position is a few
small tuples, cheap to copy on every ``play``. Piles keep their top card first. Legal placements are
generated from tables in :mod:`._mechanics`; the view, the labels and the event sentences are written
by :mod:`._view`, refusals by :mod:`._explain`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from operator import getitem, itemgetter
from threading import get_ident
from typing import Any, ClassVar

from explorer._core.state import GameState, ScoreLine
from explorer._core.tuples import replaced
from explorer._errors import IllegalAction
from explorer.bangkok._board import Happened, history
from explorer.bangkok._edition import Edition, load_edition
from explorer.bangkok._explain import explain
from explorer.bangkok._mechanics import (
    ALL_ENDS,
    BITS_OF_FLAGS,
    EMPTY,
    END_INDEX,
    ENDS,
    FACED,
    FRONTIER_MASK,
    HAND_SIZE,
    LINE_CELLS,
    LINES,
    SOLO_TURNS,
    Collections,
    PlaceTables,
    blocked_places,
    chilli_limits,
    explain_collections,
    market_masks,
    places_for,
    solo_ends,
)
from explorer.bangkok._notation import (
    CELL_INDEX,
    CELLS,
    Card,
    canonical,
    parse_card,
    respell,
)
from explorer.bangkok._scoring import MarketSheet, score_cells, scoring_areas
from explorer.bangkok._start import deal_start
from explorer.bangkok._view import board_text, event_entries, label, view

ACT, MARKET, RETURN = 0, 1, 2
END_CELLS = {end.name: end.cells for end in ENDS}  # the places an end's line slides over, near first
PHASES = ("act", "market", "return")
RENEW_ACTIONS = {name: f"renew:{name}" for name in LINES}
RENEW_ALL = tuple(RENEW_ACTIONS.values())


class State(GameState):
    """A Bangkok position. See the package docstring for notation, options and the view model."""

    # A start position names every hand, objective and pile top: a seat sees only its own hand and
    # objective, and nobody sees the face-down pile tops.
    START_PRIVATE: ClassVar[dict[str, str]] = {
        "hands": "seat", "objectives": "seat", "boat_pile": "all", "chilli_pile": "all"}

    edition: Edition
    _phase: int
    first: int
    round: int
    turns: int  # turns completed by all players together (the solo turn counter)
    ending: bool  # some market is complete: this round is the last
    port: tuple[int, ...]
    port_before: tuple[int, ...]  # the port before the last placement or renewal (for its picture)
    happened: Happened | None  # the last action, linked to those before (the public history)
    hands: tuple[tuple[int, ...], ...]
    markets: tuple[tuple[int, ...], ...]
    objectives: tuple[int, ...]  # pontoon tile per seat
    aside: tuple[int, ...]  # pontoon tiles nobody received
    boat_pile: tuple[int, ...]
    chilli_pile: tuple[int, ...]
    _tables: PlaceTables  # the edition's lookup tables, kept at hand for the hot paths

    # ---- editions -----------------------------------------------------------------------------

    @classmethod
    def _resolve_edition(cls, edition: Any) -> Edition:
        return load_edition(edition)

    def _edition_record(self) -> str | dict[str, Any]:
        return self.edition.record()

    # ---- setup --------------------------------------------------------------------------------

    def _setup(self) -> None:
        ed, players = self.edition, self.players
        self._tables = PlaceTables.of(ed)
        rng = self.rng("setup")
        self._phase, self.round, self.turns, self.happened = ACT, 1, 0, None
        start = self.rules["start"]
        if start is not None:
            dealt = deal_start(start, ed, players, rng)
            self.first, self.hands, self.port = dealt.first, dealt.hands, dealt.port
            self.markets = dealt.markets
            self.boat_pile, self.chilli_pile = dealt.boat_pile, dealt.chilli_pile
            self.objectives, self.aside = dealt.objectives, dealt.aside
            self.ending = any(EMPTY not in market for market in self.markets)
        else:
            self.first = rng.randrange(players)
            tiles = list(range(len(ed.objectives)))
            rng.shuffle(tiles)
            self.objectives, self.aside = tuple(tiles[:players]), tuple(sorted(tiles[players:]))
            hands: list[tuple[int, ...]] = [()] * players
            for k in range(players):
                hands[(self.first + k) % players] = ed.sets[k]
            self.hands = tuple(hands)
            boats = [card for k in range(players, len(ed.sets)) for card in ed.sets[k]] + list(ed.boat_ids)
            chillies = list(ed.chilli_ids)
            rng.shuffle(boats)
            rng.shuffle(chillies)
            port = chillies[:2] + boats[:7]
            rng.shuffle(port)
            self.port = tuple(port)
            self.chilli_pile, self.boat_pile = tuple(chillies[2:]), tuple(boats[7:])
            self.markets = ((EMPTY,) * CELLS,) * players
            self.ending = False
        self.port_before = self.port
        self.to_act = self.first

    # ---- the contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act  # one property call, not two: every playout step asks is_over

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def phase(self) -> str:
        """``"act"`` (place a card or renew a line), ``"market"``, ``"return"`` or ``"over"``."""
        return "over" if self.to_act is None else PHASES[self._phase]

    def usable_ends(self) -> frozenset[int]:
        """The ends (indices into the twelve) a card may be laid at now (solo: some are covered)."""
        if self.players > 1:
            return ALL_ENDS
        return solo_ends(self.turns, self.rules["solo_slots"] == "free")

    def _legal(self) -> list[Hashable]:
        if self._phase == ACT:
            out: list[Hashable] = self._place_actions()
            if self.boat_pile and self.chilli_pile and EMPTY not in self.port:
                out += RENEW_ALL  # the usual case: every line can be renewed
            else:
                out += self._renew_actions()
            return out or ["pass"]
        seat = self.to_act
        assert seat is not None
        tables = self._tables
        kind_of = tables.kind_of
        kinds = dict.fromkeys([kind_of[c] for c in self.hands[seat]])
        if self._phase == RETURN:
            return [tables.return_texts[kind] for kind in kinds]
        return self._market_actions(seat, tables, kinds)

    def _place_actions(self) -> list[Hashable]:
        # The hot path of random playouts: each (face, line) has the pieces of its actions' texts in
        # per-edition tables keyed by the line's packed goods bitmasks masked to the face's goods
        # (``PlaceTables.chunks``); the pieces, with the port's place texts ("a1=PZ"), are picked,
        # joined and split in C: the ~40 strings are not built one by one in Python.
        tables = self._tables
        port = self.port
        m0, m1, m2, m3, m4, m5, m6, m7, m8 = itemgetter(*port)(tables.mask_of)
        p0, p1, p2 = m0 | m1 << 4 | m2 << 8, m3 | m4 << 4 | m5 << 8, m6 | m7 << 4 | m8 << 8  # rows
        p3, p4, p5 = m0 | m3 << 4 | m6 << 8, m1 | m4 << 4 | m7 << 8, m2 | m5 << 4 | m8 << 8  # columns
        kind_of, wanted, goods_of_kind = tables.kind_of, tables.wanted, tables.goods_of_kind
        assert self.to_act is not None
        kinds = dict.fromkeys([kind_of[c] for c in self.hands[self.to_act]])
        picked: list[int] = []  # (a list: extending it is cheaper than adding tuples)
        if self.players > 1:  # every end usable: the six lines from both ends, unrolled
            both = tables.both
            for kind in kinds:
                want = wanted[goods_of_kind[kind]]
                c0, c1, c2, c3, c4, c5 = both[kind]
                picked += c0[p0 & want]
                picked += c1[p1 & want]
                picked += c2[p2 & want]
                picked += c3[p3 & want]
                picked += c4[p4 & want]
                picked += c5[p5 & want]
        else:
            packed = (p0, p1, p2, p3, p4, p5)
            faced = FACED[self.usable_ends()]
            chunks = tables.chunks
            for kind in kinds:
                want, mine = wanted[goods_of_kind[kind]], chunks[kind]
                for line, index in faced:
                    picked += mine[index][packed[line] & want]
        if not picked:
            return []
        # The pieces with this port's place texts in front, in a list of the thread's own (nothing
        # else runs between filling it in and picking from it): no copy of the ~470 pieces.
        thread = get_ident()
        texts = tables.texts.get(thread)
        if texts is None:
            texts = tables.texts[thread] = tables.pieces.copy()
        texts[:9] = map(getitem, tables.fragments, port)
        out: list[Hashable] = "".join(itemgetter(*picked)(texts)).split("\0")  # type: ignore[assignment]
        del out[0]  # before the first NUL: nothing
        return out

    def _renew_actions(self) -> list[str]:
        port = self.port
        has_boat, has_chilli = bool(self.boat_pile), bool(self.chilli_pile)
        chilli_of = self.edition.chilli_of
        ok = [c != EMPTY and (has_chilli if chilli_of[c] else has_boat) for c in port]
        return [action for action, (a, b, c) in zip(RENEW_ACTIONS.values(), LINE_CELLS, strict=True)
                if ok[a] or ok[b] or ok[c]]

    def market_places(self, seat: int, chilli: bool) -> list[int]:
        """The empty places of seat's market where a (chilli) card may go now."""
        # The market's places as flags, looked up as bitmasks (a card id -1 reads the empty entry).
        market = itemgetter(*self.markets[seat])
        occupied = BITS_OF_FLAGS[market(self._tables.filled)]
        chillies = BITS_OF_FLAGS[market(self._tables.chilli_of)] if chilli else None
        return places_for(occupied, chillies, self.chilli_limits())

    def chilli_limits(self) -> tuple[bool, bool]:
        """Whether market rows, and columns, are limited to one chilli card under these options."""
        return chilli_limits(self.rules["expert"], self.rules["expert_reading"])

    def _market_actions(self, seat: int, tables: PlaceTables, kinds: dict[int, None]) -> list[Hashable]:
        # As market_places per face, from bitmasks.
        occupied, chillies = market_masks(self.markets[seat], tables)
        beside = FRONTIER_MASK[occupied]
        free = None  # where a chilli card may go, worked out for the first chilli card
        kind_chilli, choices = tables.kind_chilli, tables.market_choices
        out: list[Hashable] = []
        for kind in kinds:
            if kind_chilli[kind]:
                if free is None:
                    free = beside & ~blocked_places(chillies, self.chilli_limits())
                out += choices[kind][free]
            else:
                out += choices[kind][beside]
        return out

    # ---- playing ------------------------------------------------------------------------------

    def _apply(self, action: Hashable) -> None:
        text = action if action.__class__ is str else str(action)
        seat = self.to_act
        assert seat is not None
        kind = text[:3]  # the action's kind by its first letters ("pla", "mar", "ren", "ret", "pas")
        if kind == "pla":
            self._apply_place(seat, text)
        elif kind == "mar":
            self._apply_market(seat, text)
        elif kind == "ren":
            self._apply_renew(seat, text[6:])
        elif kind == "ret":
            self._apply_return(seat, text[7:])
        else:
            self._log(seat, text)
            self._end_turn(seat)

    def _log(self, seat: int, action: str, cards: tuple[tuple[int, int], ...] = (),
             placed: int = EMPTY) -> None:
        # Kept raw (the view writes the sentences), so that play stays cheap.
        self.happened = Happened(seat, action, cards, placed, self.happened)

    def _take_from_hand(self, seat: int, face: str) -> tuple[int, list[int]]:
        hand = list(self.hands[seat])
        face_of = self.edition.face_of
        for card in hand:
            if face_of[card] == face:
                hand.remove(card)  # its first copy: the card found
                return card, hand
        raise AssertionError(f"{face} is not in seat {seat}'s hand")  # legal actions rule it out

    def _set_hand(self, seat: int, hand: list[int]) -> None:
        self.hands = replaced(self.hands, seat, tuple(hand))

    def _apply_place(self, seat: int, text: str) -> None:
        # The text is one this state listed ("place:PZ@R1R>a1=ZB,c1=P"): read by position, not parsed.
        at = text.index("@", 6)
        near, middle, far = END_CELLS[text[at + 1:at + 4]]
        face = text[6:at]
        hand = list(self.hands[seat])
        face_of = self.edition.face_of
        for card in hand:
            if face_of[card] == face:
                break
        else:
            raise AssertionError(f"{face} is not in seat {seat}'s hand")  # legal actions rule it out
        hand.remove(card)  # its first copy: the card found
        self.port_before = self.port
        port = list(self.port)
        for cell in self._tables.taken[text[at + 5:]]:
            hand.append(port[cell])
            port[cell] = EMPTY
        # The placed card pushes in from the near side: everything slides to the far end, in order.
        # (At least one card of the line was taken, so the card and what stays fill 1-3 places.)
        x, y, z = port[near], port[middle], port[far]
        if x == EMPTY:
            if y == EMPTY:
                line = (EMPTY, EMPTY, card) if z == EMPTY else (EMPTY, card, z)
            else:
                line = (EMPTY, card, y) if z == EMPTY else (card, y, z)
        elif y == EMPTY:
            line = (EMPTY, card, x) if z == EMPTY else (card, x, z)
        else:
            line = (card, x, y)  # z was taken
        port[near], port[middle], port[far] = line
        if EMPTY in port:
            drawn = self._refill(port)
        else:  # the usual case: one card taken, the placed card took its place
            self.port, drawn = tuple(port), ()
        hands = self.hands
        self.hands = (*hands[:seat], tuple(hand), *hands[seat + 1:])
        self.happened = Happened(seat, text, drawn, card, self.happened)
        if len(hand) <= HAND_SIZE:
            self._end_turn(seat)
        else:
            self._after_hand_change(seat)

    def _refill(self, port: list[int]) -> tuple[tuple[int, int], ...]:
        """Fill the port's empty places from the piles; return each (place, card) drawn."""
        chillies = sum(itemgetter(*port)(self._tables.chilli_of))
        boat_pile, chilli_pile = self.boat_pile, self.chilli_pile
        once = self.rules["refill"] == "once"
        from_boats = chillies > 1
        drawn = []
        cell = 0
        for _ in range(port.count(EMPTY)):
            cell = port.index(EMPTY, cell)  # the next empty place, in order (filled ones are passed)
            if not once:
                from_boats = chillies > 1
            use_boats = from_boats if (boat_pile if from_boats else chilli_pile) else not from_boats
            pile = boat_pile if use_boats else chilli_pile
            if not pile:
                cell += 1
                continue
            port[cell] = pile[0]
            if use_boats:
                boat_pile = pile[1:]
            else:
                chilli_pile = pile[1:]
                chillies += 1
            drawn.append((cell, pile[0]))
            cell += 1
        self.port, self.boat_pile, self.chilli_pile = tuple(port), boat_pile, chilli_pile
        return tuple(drawn)

    def _after_hand_change(self, seat: int) -> None:
        hand = self.hands[seat]
        if len(hand) <= HAND_SIZE:
            self._end_turn(seat)
            return
        chilli_of = self.edition.chilli_of
        has_boat = has_chilli = False
        for card in hand:
            if chilli_of[card]:
                has_chilli = True
            else:
                has_boat = True
        # Whether market_places(seat, False) / (seat, True) would list a place, from bitmasks.
        occupied, chillies = market_masks(self.markets[seat], self._tables)
        beside = FRONTIER_MASK[occupied]
        fits = ((has_boat and beside)
                or (has_chilli and beside & ~blocked_places(chillies, self.chilli_limits())))
        self._phase = MARKET if fits else RETURN

    def _apply_market(self, seat: int, text: str) -> None:
        # The text is one this state listed ("market:PZ@b1"): read by position (as read_market).
        at = text.index("@", 7)
        face = text[7:at]
        hands = self.hands
        hand = list(hands[seat])
        face_of = self.edition.face_of
        for card in hand:
            if face_of[card] == face:
                break
        else:
            raise AssertionError(f"{face} is not in seat {seat}'s hand")  # legal actions rule it out
        hand.remove(card)  # its first copy: the card found
        cell = CELL_INDEX[text[at + 1:]]
        markets = self.markets
        mine = markets[seat]
        market = (*mine[:cell], card, *mine[cell + 1:])
        self.markets = (*markets[:seat], market, *markets[seat + 1:])
        self.hands = (*hands[:seat], tuple(hand), *hands[seat + 1:])
        if EMPTY not in market:
            self.ending = True
        self.happened = Happened(seat, text, (), EMPTY, self.happened)
        self._after_hand_change(seat)

    def _apply_return(self, seat: int, face: str) -> None:
        card, hand = self._take_from_hand(seat, face)
        self._set_hand(seat, hand)
        chilli = self.edition.chilli_of[card]
        if chilli:
            self.chilli_pile = (*self.chilli_pile, card)
        else:
            self.boat_pile = (*self.boat_pile, card)
        # The card came from a hidden hand: only its pile is public (see _event_entries).
        self._log(seat, f"return:{face}")
        self._after_hand_change(seat)

    def _apply_renew(self, seat: int, line: str) -> None:
        # All new cards are drawn before the old ones go under the piles, so an old card never comes
        # straight back; with a short pile, the line's first cards (in reading order) are swapped.
        chilli_of = self.edition.chilli_of
        self.port_before = self.port
        port = list(self.port)
        piles = {False: list(self.boat_pile), True: list(self.chilli_pile)}
        under: dict[bool, list[int]] = {False: [], True: []}
        swapped = []  # (place, new card)
        for cell in LINES[line]:
            old = port[cell]
            if old != EMPTY and piles[chilli_of[old]]:
                port[cell] = piles[chilli_of[old]].pop(0)
                under[chilli_of[old]].append(old)
                swapped.append((cell, port[cell]))
        self.port = tuple(port)
        self.boat_pile = (*piles[False], *under[False])
        self.chilli_pile = (*piles[True], *under[True])
        self._log(seat, f"renew:{line}", tuple(swapped))
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self._phase = ACT
        self.turns += 1
        if self.players == 1:
            self.to_act = None if self.turns >= SOLO_TURNS or self.ending else seat
            if self.to_act is not None:
                self.round += 1
            return
        nxt = (seat + 1) % self.players
        if nxt == self.first:
            if self.ending:
                self.to_act = None
                return
            self.round += 1
        self.to_act = nxt

    # ---- refusals -----------------------------------------------------------------------------

    def _match(self, action: Hashable) -> Hashable:
        legal = self._legal_cache
        if legal is not None and action in legal:  # the usual case, without the calls below
            return action
        try:
            return super()._match(action)
        except IllegalAction:
            respelled = respell(action) if isinstance(action, str) else None
            if respelled is None or respelled == action:
                raise
            return super()._match(respelled)

    def _explain(self, action: Hashable) -> IllegalAction:
        return explain(self, str(action))

    # ---- queries ------------------------------------------------------------------------------

    def card(self, card: int) -> Card:
        """The face of physical card ``card`` (an id)."""
        return self.edition.cards[card]

    def collections(self, card: str, end: str) -> Collections:
        """What laying ``card`` (a face, held or not) at ``end`` (``R1L`` ... ``C3B``) would collect now.

        Lists every legal collection with its notation, and for each place of the line whether its
        card is forced, one of several choices, or out of reach, with the reason.
        """
        if end not in END_INDEX:
            raise ValueError(f"{end!r} is not an end of the port; the ends are {', '.join(END_INDEX)}")
        placed = canonical(parse_card(card))
        cells = sorted(ENDS[END_INDEX[end]].cells)
        return explain_collections(placed, end, [self.port_card(c) for c in cells])

    def port_card(self, cell: int) -> Card | None:
        """The face at port place ``cell`` (0-8), or ``None`` if it is empty."""
        card = self.port[cell]
        return None if card == EMPTY else self.edition.cards[card]

    def market_cards(self, seat: int) -> list[Card | None]:
        """Seat's market as 9 faces, row by row (``None`` for an empty place)."""
        cards = self.edition.cards
        return [None if c == EMPTY else cards[c] for c in self.markets[seat]]

    def market_sheet(self, seat: int, *, reveal: bool | None = None) -> MarketSheet:
        """Seat's market score; the objective counts once revealed (game over), or if ``reveal``."""
        ed = self.edition
        show = self.to_act is None if reveal is None else reveal
        objective = ed.objectives[self.objectives[seat]] if show else None
        return score_cells(self.market_cards(seat), objective,
                           type1_below_zero=self.rules["type1_below_zero"])

    def market_scoring(self, seat: int, *, reveal: bool) -> dict[str, Any]:
        """Seat's market score line by line, with the places each line looks at and how their goods
        count (the scoring overlay); the objective's line only if ``reveal`` (``objective_hidden``)."""
        objective = self.edition.objectives[self.objectives[seat]] if reveal else None
        areas = scoring_areas(self.market_cards(seat), self.market_sheet(seat, reveal=reveal), objective)
        return {"seat": seat, **areas}

    def _score_lines(self) -> Sequence[ScoreLine]:
        return [
            ScoreLine(seat, line.label, line.points, line.rule, 0)
            for seat in range(self.players)
            for line in self.market_sheet(seat).lines
        ]

    def _winners(self, scores: Sequence[int]) -> tuple[int, ...]:
        best = max(scores)
        tied = [seat for seat, points in enumerate(scores) if points == best]
        goal = {seat: self.market_sheet(seat, reveal=True).objective_points for seat in tied}
        top = max(goal.values())
        return tuple(seat for seat in tied if goal[seat] == top)

    # ---- conformance hooks --------------------------------------------------------------------

    def inventory(self) -> dict[str, int]:
        ed = self.edition
        counts: dict[str, int] = {}
        places = [*self.port, *self.boat_pile, *self.chilli_pile]
        for group in (*self.hands, *self.markets):
            places.extend(group)
        for card in places:
            if card != EMPTY:
                key = f"{ed.card_id(card)} {ed.face_of[card]}"
                counts[key] = counts.get(key, 0) + 1
        for tile in (*self.objectives, *self.aside):
            key = f"{ed.tile_id(tile)} pontoon {ed.objectives[tile]}"
            counts[key] = counts.get(key, 0) + 1
        return counts

    def secrets(self, seat: int) -> list[str]:
        ed = self.edition
        out = [ed.card_id(c) for c in (*self.boat_pile, *self.chilli_pile)]
        out += [ed.tile_id(t) for t in self.aside]
        for other in range(self.players):
            if other != seat:
                out += [ed.card_id(c) for c in self.hands[other]]
                if self.to_act is not None:
                    out.append(ed.tile_id(self.objectives[other]))
        return out

    # ---- views --------------------------------------------------------------------------------

    def _view(self, seat: int) -> dict[str, Any]:
        return view(self, seat)

    def _label(self, notation: str) -> str:
        return label(notation)

    def _event_entries(self, seat: int) -> list[dict[str, Any]]:
        return event_entries(self, seat)

    def _board_text(self, seat: int) -> str:
        return board_text(self, seat)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "edition": self.edition.name,
            "seat": self.to_act,
            "phase": self.phase,
            "first": self.first,
            "round": self.round,
            "turns": self.turns,
            "ending": self.ending,
            "port": list(self.port),
            "port_before": list(self.port_before),
            "hands": [list(h) for h in self.hands],
            "markets": [list(m) for m in self.markets],
            "objectives": list(self.objectives),
            "aside": list(self.aside),
            "boat_pile": list(self.boat_pile),
            "chilli_pile": list(self.chilli_pile),
            "events": [[h.seat, h.action, [list(c) for c in h.cards], h.placed]
                       for h in history(self.happened)],
        }
