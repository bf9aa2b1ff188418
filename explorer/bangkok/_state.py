"""The Bangkok engine: a GameState whose positions are tuples of card ids.

Card ids index the edition's tables (faces, goods bitmasks, chilli or boat), so a position is a few
small tuples, cheap to copy on every ``play``. Piles keep their top card first.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

from .._errors import IllegalAction
from .._state import GameState, ScoreLine
from ._cards import Card, canonical, parse_card
from ._catalogue import RULES
from ._collect import Collections, explain_collections, legal_takes
from ._edition import Edition, load_edition
from ._geometry import (
    CELL_INDEX,
    CELL_NAMES,
    CELLS,
    COLUMN_OF,
    END_INDEX,
    ENDS,
    LINES,
    NEIGHBOURS,
    ROW_OF,
    SOLO_PILE_ENDS,
    SOLO_TRACK,
    SOLO_TURNS,
)
from ._options import OPTIONS
from ._scoring import MarketSheet, score_cells

ACT, MARKET, RETURN = 0, 1, 2
PHASES = ("act", "market", "return")
HAND_SIZE = 3
EMPTY = -1
ALL_ENDS = frozenset(range(len(ENDS)))
EVENTS_KEPT = 10
RENEW_ACTIONS = {name: f"renew:{name}" for name in LINES}
# Line i (R1 R2 R3 C1 C2 C3) is faced by ends 2i and 2i+1 (R1L R1R, ..., C3T C3B).
LINE_CELLS: tuple[tuple[int, int, int], ...] = tuple(
    (cells[0], cells[1], cells[2]) for cells in LINES.values())


class _PlaceTables:
    """Per-edition lookup tables for generating place actions quickly."""

    def __init__(self, ed: Edition) -> None:
        kinds = [ed.cards[card] for card in ed.first_of_kind]
        goods = list(dict.fromkeys(card.goods for card in kinds))
        self.goods = goods
        self.goods_of_kind = [goods.index(card.goods) for card in kinds]
        self.takes: list[dict[int, tuple[tuple[int, ...], ...]]] = [{} for _ in goods]
        # Per face, per (line, usable ends of it): the action texts up to the collection.
        self.prefixes = [
            [tuple(f"place:{card.face}@{ENDS[2 * line + side].name}>" for side in combo)
             for line in range(6) for combo in END_COMBOS]
            for card in kinds
        ]
        self.fragments = [[f"{CELL_NAMES[cell]}={card.face}" for card in kinds] for cell in range(CELLS)]

    def options(self, kind: int, packed: int) -> tuple[tuple[int, ...], ...]:
        """Each legal take (positions 0-2 along a line) for face ``kind``, given the line's 3 goods
        bitmasks packed 4 bits each."""
        return legal_takes(self.goods[self.goods_of_kind[kind]], (packed & 15, packed >> 4 & 15, packed >> 8))


def _frontier(occupied: int) -> tuple[int, ...]:
    """The empty places touching an occupied one along a side (a1 alone for an empty market)."""
    if not occupied:
        return (0,)
    return tuple(i for i in range(CELLS) if not occupied >> i & 1
                 and any(occupied >> n & 1 for n in NEIGHBOURS[i]))


_FRONTIER = tuple(_frontier(occupied) for occupied in range(1 << CELLS))

# The usable ends facing one line: both (0), the first (1) or the second (2).
END_COMBOS = ((0, 1), (0,), (1,))


class _Faced(dict[frozenset[int], tuple[tuple[int, int], ...]]):
    """For a set of usable ends: each line faced by one, with its index into ``_PlaceTables.prefixes``."""

    def __missing__(self, usable: frozenset[int]) -> tuple[tuple[int, int], ...]:
        out = []
        for line in range(6):
            ends = tuple(side for side in (0, 1) if 2 * line + side in usable)
            if ends:
                out.append((line, 3 * line + END_COMBOS.index(ends)))
        value = self[usable] = tuple(out)
        return value


_FACED = _Faced()


@cache
def _solo_ends(turn: int, token_blocks: bool) -> frozenset[int]:
    blocked = set(SOLO_PILE_ENDS)
    if token_blocks and turn < SOLO_TURNS:
        blocked.add(SOLO_TRACK[turn])
    return frozenset(i for i, end in enumerate(ENDS) if end.name not in blocked)


class State(GameState):
    """A Bangkok position. See the package docstring for notation, options and the view model."""

    GAME = "bangkok"
    RULES = RULES
    OPTIONS = OPTIONS
    MIN_PLAYERS = 1
    MAX_PLAYERS = 4

    edition: Edition
    _seat: int | None
    _phase: int
    first: int
    round: int
    turns: int  # turns completed by all players together (the solo turn counter)
    ending: bool  # some market is complete: this round is the last
    port: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    markets: tuple[tuple[int, ...], ...]
    objectives: tuple[int, ...]  # pontoon tile per seat
    aside: tuple[int, ...]  # pontoon tiles nobody received
    boat_pile: tuple[int, ...]
    chilli_pile: tuple[int, ...]
    events: tuple[tuple[int, str, tuple[tuple[int, int], ...]], ...]  # (seat, action, cards drawn)

    # ---- editions -----------------------------------------------------------------------------

    @classmethod
    def _resolve_edition(cls, edition: Any) -> Edition:
        return load_edition(edition)

    def _edition_record(self) -> str | dict[str, Any]:
        return self.edition.record()

    # ---- setup --------------------------------------------------------------------------------

    def _setup(self) -> None:
        ed, players = self.edition, self.players
        rng = self.rng("setup")
        self._phase, self.round, self.turns, self.events = ACT, 1, 0, ()
        position = self.rules["position"]
        if position is not None:
            self._setup_position(position, rng)
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
        self._seat = self.first

    def _setup_position(self, position: dict[str, Any], rng: random.Random) -> None:
        ed, players = self.edition, self.players
        pool: dict[str, list[int]] = {}
        for card in range(len(ed.cards)):
            pool.setdefault(ed.face_of[card], []).append(card)

        def take(face: str, where: str) -> int:
            ids = pool.get(face)
            if not ids:
                have = sum(1 for f in ed.face_of if f == face)
                raise ValueError(f"position {where}: the {ed.name} edition has "
                                 + (f"only {have} {face} card(s)" if have else f"no {face} card"))
            return ids.pop(0)

        def rows(lines: list[str], where: str) -> tuple[int, ...]:
            tokens = " ".join(lines).split()
            return tuple(EMPTY if t == "." else take(t, f"{where} {CELL_NAMES[i]}")
                         for i, t in enumerate(tokens))

        for key in ("hands", "markets", "objectives"):
            if key in position and len(position[key]) != players:
                raise ValueError(f"position {key}: {len(position[key])} entries for {players} player(s)")
        if position["first_player"] >= players:
            raise ValueError(
                f"position first_player: seat {position['first_player']} with {players} player(s)")
        self.first = position["first_player"]
        self.hands = tuple(tuple(take(f, f"hands[{s}]") for f in hand)
                           for s, hand in enumerate(position["hands"]))
        self.port = rows(position["port"], "port")
        markets = position.get("markets")
        self.markets = (tuple(rows(m, f"markets[{s}]") for s, m in enumerate(markets)) if markets
                        else ((EMPTY,) * CELLS,) * players)
        tops = {key: [take(f, f"{key}[{i}]") for i, f in enumerate(position.get(key, ()))]
                for key in ("boat_pile", "chilli_pile")}
        rest = [card for ids in pool.values() for card in ids]
        rest.sort()
        boats = [c for c in rest if not ed.chilli_of[c]]
        chillies = [c for c in rest if ed.chilli_of[c]]
        rng.shuffle(boats)
        rng.shuffle(chillies)
        self.boat_pile = tuple(tops["boat_pile"] + boats)
        self.chilli_pile = tuple(tops["chilli_pile"] + chillies)
        tiles = list(range(len(ed.objectives)))
        if "objectives" in position:
            chosen = []
            for seat, good in enumerate(position["objectives"]):
                match = [t for t in tiles if ed.objectives[t] == good]
                if not match:
                    raise ValueError(f"position objectives[{seat}]: no pontoon tile with {good} is left")
                chosen.append(match[0])
                tiles.remove(match[0])
            self.objectives = tuple(chosen)
        else:
            rng.shuffle(tiles)
            self.objectives, tiles = tuple(tiles[:players]), tiles[players:]
        self.aside = tuple(sorted(tiles))
        self.ending = any(EMPTY not in market for market in self.markets)

    # ---- the contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._seat

    @property
    def phase(self) -> str:
        """``"act"`` (place a card or renew a line), ``"market"``, ``"return"`` or ``"over"``."""
        return "over" if self._seat is None else PHASES[self._phase]

    def _usable_ends(self) -> frozenset[int]:
        if self.players > 1:
            return ALL_ENDS
        return _solo_ends(self.turns, self.rules["solo_slots"] == "free")

    def _legal(self) -> list[Hashable]:
        if self._phase == ACT:
            out: list[Hashable] = self._place_actions()
            out.extend(self._renew_actions())
            return out or ["pass"]
        seat = self._seat
        assert seat is not None
        face_of = self.edition.face_of
        if self._phase == RETURN:
            return [f"return:{face}" for face in dict.fromkeys(face_of[c] for c in self.hands[seat])]
        return self._market_actions(seat)

    def _place_actions(self) -> list[Hashable]:
        # The hot path of random playouts: legal takes come from tables keyed by the line's packed
        # goods bitmasks, and the text of each take ("a1=PZ,c1=P") is joined once per line.
        ed = self.edition
        tables = ed.memo.get("place")
        if tables is None:
            tables = ed.memo["place"] = _PlaceTables(ed)
        port, kind_of, mask_of = self.port, ed.kind_of, ed.mask_of
        frag = tables.fragments
        frags = [frag[i][kind_of[c]] if c != EMPTY else "" for i, c in enumerate(port)]
        masks = [mask_of[c] if c != EMPTY else 0 for c in port]
        packed = [masks[a] | masks[b] << 4 | masks[c] << 8 for a, b, c in LINE_CELLS]
        texts: list[dict[tuple[tuple[int, ...], ...], list[str]]] = [{}, {}, {}, {}, {}, {}]
        faced = _FACED[self._usable_ends()]
        out: list[Hashable] = []
        assert self._seat is not None
        for kind in dict.fromkeys(kind_of[c] for c in self.hands[self._seat]):
            takes = tables.takes[tables.goods_of_kind[kind]]
            prefixes = tables.prefixes[kind]
            for line, combo in faced:
                options = takes.get(packed[line])
                if options is None:
                    options = takes[packed[line]] = tables.options(kind, packed[line])
                if not options:
                    continue
                suffixes = texts[line].get(options)
                if suffixes is None:
                    cells = LINE_CELLS[line]
                    suffixes = texts[line][options] = [
                        ",".join([frags[cells[p]] for p in option]) for option in options]
                out += [prefix + suffix for prefix in prefixes[combo] for suffix in suffixes]
        return out

    def _renew_actions(self) -> list[str]:
        port = self.port
        has_boat, has_chilli = bool(self.boat_pile), bool(self.chilli_pile)
        if has_boat and has_chilli and EMPTY not in port:
            return list(RENEW_ACTIONS.values())  # the usual case: every line can be renewed
        chilli_of = self.edition.chilli_of
        ok = [c != EMPTY and (has_chilli if chilli_of[c] else has_boat) for c in port]
        return [action for action, (a, b, c) in zip(RENEW_ACTIONS.values(), LINE_CELLS, strict=True)
                if ok[a] or ok[b] or ok[c]]

    def _market_places(self, market: tuple[int, ...], chilli: bool) -> list[int]:
        """The empty places of ``market`` where a (chilli) card may go now."""
        places = _FRONTIER[sum(1 << i for i in range(CELLS) if market[i] != EMPTY)]
        if not chilli:
            return list(places)
        chilli_of = self.edition.chilli_of
        rows = {ROW_OF[i] for i in range(CELLS) if market[i] != EMPTY and chilli_of[market[i]]}
        columns = {COLUMN_OF[i] for i in range(CELLS) if market[i] != EMPTY and chilli_of[market[i]]}
        limit_rows, limit_columns = self._chilli_limits()
        return [i for i in places
                if not (limit_rows and ROW_OF[i] in rows) and not (limit_columns and COLUMN_OF[i] in columns)]

    def _chilli_limits(self) -> tuple[bool, bool]:
        """Whether market rows, and columns, are limited to one chilli card under these options."""
        if not self.rules["expert"]:
            return True, False
        return self.rules["expert_reading"] == "row-and-column", True

    def _market_actions(self, seat: int) -> list[Hashable]:
        ed = self.edition
        market = self.markets[seat]
        by_kind: dict[bool, list[int]] = {}
        out: list[Hashable] = []
        for face in dict.fromkeys(ed.face_of[c] for c in self.hands[seat]):
            chilli = "!" in face
            if chilli not in by_kind:
                by_kind[chilli] = self._market_places(market, chilli)
            out.extend(f"market:{face}@{CELL_NAMES[i]}" for i in by_kind[chilli])
        return out

    # ---- playing ------------------------------------------------------------------------------

    def _apply(self, action: Hashable) -> None:
        text = str(action)
        seat = self._seat
        assert seat is not None
        if text.startswith("place:"):
            self._apply_place(seat, text)
        elif text.startswith("market:"):
            self._apply_market(seat, text)
        elif text.startswith("renew:"):
            self._apply_renew(seat, text[6:])
        elif text.startswith("return:"):
            self._apply_return(seat, text[7:])
        else:
            self._log(seat, text)
            self._end_turn(seat)

    def _log(self, seat: int, action: str, drawn: tuple[tuple[int, int], ...] = ()) -> None:
        # Kept raw (sentences are written by the view), so that play stays cheap.
        self.events = (*self.events[1 - EVENTS_KEPT:], (seat, action, drawn))

    def _take_from_hand(self, seat: int, face: str) -> tuple[int, list[int]]:
        hand = list(self.hands[seat])
        face_of = self.edition.face_of
        for i, card in enumerate(hand):
            if face_of[card] == face:
                del hand[i]
                return card, hand
        raise AssertionError(f"{face} is not in seat {seat}'s hand")  # legal actions rule it out

    def _set_hand(self, seat: int, hand: list[int]) -> None:
        self.hands = (*self.hands[:seat], tuple(hand), *self.hands[seat + 1:])

    def _apply_place(self, seat: int, text: str) -> None:
        face, _, rest = text[6:].partition("@")
        end_name, _, taken_text = rest.partition(">")
        end = ENDS[END_INDEX[end_name]]
        card, hand = self._take_from_hand(seat, face)
        port = list(self.port)
        taken = [CELL_INDEX[item[:2]] for item in taken_text.split(",")]
        for cell in taken:
            hand.append(port[cell])
            port[cell] = EMPTY
        # The placed card pushes in from the near side: everything slides to the far end, in order.
        line = [card] + [port[c] for c in end.cells if port[c] != EMPTY]
        gap = len(end.cells) - len(line)
        for i, cell in enumerate(end.cells):
            port[cell] = line[i - gap] if i >= gap else EMPTY
        drawn = self._refill(port)
        self._set_hand(seat, hand)
        self._log(seat, text, drawn)
        self._after_hand_change(seat)

    def _refill(self, port: list[int]) -> tuple[tuple[int, int], ...]:
        """Fill the port's empty places from the piles; return each (place, card) drawn."""
        chilli_of = self.edition.chilli_of
        chillies = sum(1 for c in port if c != EMPTY and chilli_of[c])
        boat_pile, chilli_pile = self.boat_pile, self.chilli_pile
        once = self.rules["refill"] == "once"
        from_boats = chillies > 1
        drawn = []
        for cell in range(CELLS):
            if port[cell] != EMPTY:
                continue
            if not once:
                from_boats = chillies > 1
            use_boats = from_boats if (boat_pile if from_boats else chilli_pile) else not from_boats
            pile = boat_pile if use_boats else chilli_pile
            if not pile:
                continue
            port[cell] = pile[0]
            if use_boats:
                boat_pile = pile[1:]
            else:
                chilli_pile = pile[1:]
                chillies += 1
            drawn.append((cell, pile[0]))
        self.port, self.boat_pile, self.chilli_pile = tuple(port), boat_pile, chilli_pile
        return tuple(drawn)

    def _after_hand_change(self, seat: int) -> None:
        hand = self.hands[seat]
        if len(hand) <= HAND_SIZE:
            self._end_turn(seat)
            return
        market = self.markets[seat]
        chilli_of = self.edition.chilli_of
        kinds = {chilli_of[c] for c in hand}
        self._phase = MARKET if any(self._market_places(market, k) for k in kinds) else RETURN

    def _apply_market(self, seat: int, text: str) -> None:
        face, _, place = text[7:].partition("@")
        card, hand = self._take_from_hand(seat, face)
        cell = CELL_INDEX[place]
        market = self.markets[seat]
        market = (*market[:cell], card, *market[cell + 1:])
        self.markets = (*self.markets[:seat], market, *self.markets[seat + 1:])
        self._set_hand(seat, hand)
        if EMPTY not in market:
            self.ending = True
        self._log(seat, text)
        self._after_hand_change(seat)

    def _apply_return(self, seat: int, face: str) -> None:
        card, hand = self._take_from_hand(seat, face)
        self._set_hand(seat, hand)
        if self.edition.chilli_of[card]:
            self.chilli_pile = (*self.chilli_pile, card)
        else:
            self.boat_pile = (*self.boat_pile, card)
        self._log(seat, f"return:{face}")
        self._after_hand_change(seat)

    def _apply_renew(self, seat: int, line: str) -> None:
        # All new cards are drawn before the old ones go under the piles, so an old card never comes
        # straight back; with a short pile, the line's first cards (in reading order) are swapped.
        chilli_of = self.edition.chilli_of
        port = list(self.port)
        piles = {False: list(self.boat_pile), True: list(self.chilli_pile)}
        under: dict[bool, list[int]] = {False: [], True: []}
        for cell in LINES[line]:
            old = port[cell]
            if old != EMPTY and piles[chilli_of[old]]:
                port[cell] = piles[chilli_of[old]].pop(0)
                under[chilli_of[old]].append(old)
        self.port = tuple(port)
        self.boat_pile = (*piles[False], *under[False])
        self.chilli_pile = (*piles[True], *under[True])
        self._log(seat, f"renew:{line}")
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self._phase = ACT
        self.turns += 1
        if self.players == 1:
            self._seat = None if self.turns >= SOLO_TURNS or self.ending else seat
            if self._seat is not None:
                self.round += 1
            return
        nxt = (seat + 1) % self.players
        if nxt == self.first:
            if self.ending:
                self._seat = None
                return
            self.round += 1
        self._seat = nxt

    # ---- refusals -----------------------------------------------------------------------------

    def _match(self, action: Hashable) -> Hashable:
        try:
            return super()._match(action)
        except IllegalAction:
            respelled = _respell(action) if isinstance(action, str) else None
            if respelled is None or respelled == action:
                raise
            return super()._match(respelled)

    def _explain(self, action: Hashable) -> IllegalAction:
        from ._explain import explain

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
        return explain_collections(placed, end, [self._port_card(c) for c in cells])

    def _port_card(self, cell: int) -> Card | None:
        card = self.port[cell]
        return None if card == EMPTY else self.edition.cards[card]

    def market_sheet(self, seat: int, *, reveal: bool | None = None) -> MarketSheet:
        """Seat's market score; the objective counts once revealed (game over), or if ``reveal``."""
        ed = self.edition
        cells = [None if c == EMPTY else ed.cards[c] for c in self.markets[seat]]
        show = self._seat is None if reveal is None else reveal
        objective = ed.objectives[self.objectives[seat]] if show else None
        return score_cells(cells, objective, type1_below_zero=self.rules["type1_below_zero"])

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
                if self._seat is not None:
                    out.append(ed.tile_id(self.objectives[other]))
        return out

    def _rules_seen_by(self, seat: int) -> dict[str, Any]:
        # A scenario position names every hand, objective and pile top: a seat sees only its own
        # hand and objective, and nobody sees the face-down pile tops.
        rules = super()._rules_seen_by(seat)
        position = rules.get("position")
        if position is not None:
            shown = {key: value for key, value in position.items() if key not in ("boat_pile", "chilli_pile")}
            for key in ("hands", "objectives"):
                if key in shown:
                    shown[key] = [entry if s == seat else None for s, entry in enumerate(shown[key])]
            rules["position"] = shown
        return rules

    def _view(self, seat: int) -> dict[str, Any]:
        from ._view import view

        return view(self, seat)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "edition": self.edition.name,
            "seat": self._seat,
            "phase": self.phase,
            "first": self.first,
            "round": self.round,
            "turns": self.turns,
            "ending": self.ending,
            "port": list(self.port),
            "hands": [list(h) for h in self.hands],
            "markets": [list(m) for m in self.markets],
            "objectives": list(self.objectives),
            "aside": list(self.aside),
            "boat_pile": list(self.boat_pile),
            "chilli_pile": list(self.chilli_pile),
            "events": [[seat, action, [list(d) for d in drawn]] for seat, action, drawn in self.events],
        }


def _respell(action: str) -> str | None:
    """``action`` with every card face rewritten in the engine's goods order (``ZP`` -> ``PZ``)."""

    def fix(match: re.Match[str]) -> str:
        try:
            return canonical(parse_card(match.group(0))).face
        except ValueError:
            return match.group(0)

    head, sep, body = action.partition(":")
    if not sep:
        return None
    return head + sep + re.sub(r"[PZBF]*![1-4][PZBF]+|[PZBF]+", fix, body)
