"""The Bangkok state: one immutable value per position; actions are values (``str()``: the notation).

The rules live in the kernel (``_kernel``): the state is a shell over one, as python-chess's board
seen immutably: ``play()`` copies the kernel and applies the action to the copy. The fields the view
(``_view``), the refusals (``_explain``) and the bot read are the kernel's, as tuples of card ids
(which index the edition's tables: faces, goods bitmasks, chilli or boat); piles show their top card
first.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Self

from .._core.shell import Kept, KernelShell, rows
from .._core.state import ScoreLine
from .._errors import IllegalAction
from ._board import Happened, game_of, history
from ._edition import LOADER, Edition, load_edition
from ._kernel import Kernel, build
from ._mechanics import (
    EMPTY,
    END_INDEX,
    ENDS,
    SOLO_TURNS,
    Collections,
    PlaceTables,
    chilli_limits,
    explain_collections,
)
from ._notation import CELLS, Card, canonical, parse_card, respell
from ._scoring import MarketSheet, score_cells, scoring_areas
from ._start import deal_start, endless

PHASES = ("act", "market", "return")


class State(KernelShell):
    """A Bangkok position. See the package docstring for notation, options and the view model."""

    # A start position names every hand, objective and pile top: a seat sees only its own hand and
    # objective, and nobody sees the face-down pile tops.
    START_PRIVATE: ClassVar[dict[str, str]] = {
        "hands": "seat", "objectives": "seat", "boat_pile": "all", "chilli_pile": "all"}

    edition: Edition
    #: The position and its rules (never changed once the state is made: ``play()`` copies it).
    _k: Kernel

    # ---- editions -----------------------------------------------------------------------------

    EDITIONS = LOADER.names

    @classmethod
    def _resolve_edition(cls, edition: Any) -> Edition:
        return load_edition(edition)

    def _edition_record(self) -> str | dict[str, Any]:
        return self.edition.record()

    # ---- setup --------------------------------------------------------------------------------

    def _setup(self) -> None:
        ed, players = self.edition, self.players
        rules = self.rules
        # One per player count and rules (the start aside), shared by every game of the edition.
        key = ("game", players, *((name, value) for name, value in rules.items() if name != "start"))
        game = ed.memo.get(key)
        if game is None:
            game = ed.memo[key] = game_of(PlaceTables.of(ed), ed.cards, ed.objectives, players, rules)
        rng = self.rng("setup")
        start = self.rules["start"]
        if start is not None:
            dealt = deal_start(start, ed, players, rng)
            self._k = build(game, dealt.first, dealt.port, dealt.boat_pile, dealt.chilli_pile, dealt.hands,
                            dealt.markets, dealt.objectives, dealt.aside)
        else:
            first = rng.randrange(players)
            tiles = list(range(len(ed.objectives)))
            rng.shuffle(tiles)
            hands: list[tuple[int, ...]] = [()] * players
            for k in range(players):
                hands[(first + k) % players] = ed.sets[k]
            boats = [card for k in range(players, len(ed.sets)) for card in ed.sets[k]] + list(ed.boat_ids)
            chillies = list(ed.chilli_ids)
            rng.shuffle(boats)
            rng.shuffle(chillies)
            port = chillies[:2] + boats[:7]
            rng.shuffle(port)
            self._k = build(game, first, port, boats[7:], chillies[2:], hands, [(EMPTY,) * CELLS] * players,
                            tiles[:players], sorted(tiles[players:]))
        self._legal_cache = None
        self._applied()

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Self:
        """A position with ``view``'s port, markets, turn and phase and its seat's hand and tile; the
        other hands, the piles and the other tiles are placeholders of the right sizes (a search deals
        them anew: ``explorer._search.determinize``). Nothing hidden is in a view, so nothing hidden reaches
        whoever plays from it. The table is set up through the game's own ``start`` option (port and
        markets by their faces: card ids may differ from the table's, which nothing but ids tells
        apart)."""
        seat, players = view["seat"], view["players"]
        rules = {k: v for k, v in view["rules"].items() if k != "start"}
        ed = load_edition(view["edition"] if isinstance(view["edition"], str) else None)
        objective = view["objective"]["good"] if view.get("objective") else "P"
        # Others' tiles are hidden until the end: placeholders here (one tile per good may exist), which
        # the sampler deals anew from the tiles the seat has not seen.
        spare = iter(g for g in ("P", "Z", "B", "F") * players if g != objective)
        # The seat's own cards by their faces (a start's hand holds at most 3: the rest are added after);
        # another seat's hidden hand gets one spare face only when the seat holds none, so that the start
        # is not refused as a game that could never end.
        faces = [card["card"] for card in view["hand"]]
        hands: list[list[str]] = [faces[:3] if s == seat else [] for s in range(players)]
        others = [s for s, size in enumerate(view["hand_sizes"]) if size and s != seat]
        if not hands[seat] and others:
            hands[others[0]] = [_spare_face(ed, view)]
        start = {"port": _rows(view["port"]), "hands": hands,
                 "markets": [_rows(market) for market in view["markets"]],
                 "objectives": [objective if s == seat else next(spare) for s in range(players)],
                 "first_player": view["first_player"]}
        state = cls.new(players, 0, edition=ed if isinstance(view["edition"], str) else None, start=start,
                        **rules)
        state.rules = {**state.rules, "start": view["rules"].get("start")}
        k = state._k.copy()
        own = list(k.hands[seat])
        used = ({c for c in k.port if c >= 0} | {c for market in k.markets for c in market if c >= 0}
                | set(own))
        for face in faces[3:]:  # the rest of the seat's cards: unused edition cards of the same faces
            pick = next(c for c in range(len(ed.cards)) if c not in used and ed.face_of[c] == face)
            used.add(pick)
            own.append(pick)
        k.hands = [own if s == seat else [0] * size for s, size in enumerate(view["hand_sizes"])]
        k.boats, k.chillies = [0] * view["piles"]["boat"], [0] * view["piles"]["chilli"]
        k.phase = PHASES.index(view["phase"]) if view["phase"] in PHASES else 0
        k.round, k.ending = view["round"], view["ending"]
        k.turns = (view["turn"] - 1) if view.get("turn") else 0
        k.act = -1 if view["current_player"] is None else view["current_player"]
        k.cow, k._count = False, -1
        state._k = k
        state._applied()
        return state

    def _redeal(self, hands: Sequence[Sequence[int]], boat_pile: Sequence[int], chilli_pile: Sequence[int],
                objectives: Sequence[int], aside: Sequence[int]) -> None:
        """The hidden cards and tiles dealt anew (a sample of what a seat cannot see:
        ``explorer._search.determinize``); piles top first."""
        k = self._k = self._k.copy()
        k.hands = [list(hand) for hand in hands]
        k.boats, k.chillies = list(reversed(boat_pile)), list(reversed(chilli_pile))
        k.objectives, k.aside = list(objectives), list(aside)
        k.cow, k._count = False, -1
        self._legal_cache = None

    def _deal_unseen(self, seat: int, rng: random.Random) -> None:
        # What the seat has not seen (the port, the markets and its own hand are in view) is dealt
        # anew: the piles keep their kinds (boat or chilli) and sizes, the other hands their sizes,
        # and the other seats' pontoon tiles are drawn from those the seat does not hold until the
        # end reveals them. Not modelled: which seat holds a card returned face down.
        ed = self.edition
        visible = {c for c in self.port if c != EMPTY}
        for market in self.markets:
            visible.update(c for c in market if c != EMPTY)
        visible.update(self.hands[seat])
        unseen = [c for c in range(len(ed.cards)) if c not in visible]
        boats = [c for c in unseen if not ed.chilli_of[c]]
        chillies = [c for c in unseen if ed.chilli_of[c]]
        rng.shuffle(boats)
        rng.shuffle(chillies)
        nb, nc = len(self.boat_pile), len(self.chilli_pile)
        rest = boats[nb:] + chillies[nc:]
        rng.shuffle(rest)
        hands = list(self.hands)
        for s in range(self.players):
            if s != seat:
                size = len(hands[s])
                hands[s], rest = tuple(sorted(rest[:size])), rest[size:]
        assert not rest, "Bangkok: the unseen cards do not fill the hidden places"
        objectives, aside = self.objectives, self.aside
        if self.to_act is not None:  # the pontoon tiles are revealed at the end
            tiles = [t for t in range(len(ed.objectives)) if t != self.objectives[seat]]
            rng.shuffle(tiles)
            dealt = list(objectives)
            for s in range(self.players):
                if s != seat:
                    dealt[s] = tiles.pop()
            objectives, aside = tuple(dealt), tuple(sorted(tiles))
        self._redeal(hands, boats[:nb], chillies[:nc], objectives, aside)

    def _bound(self) -> tuple[int, bool, str]:
        # A turn is one act (place a card, renew a line or pass) and then market or return actions,
        # each taking one card out of a hand of at most 3 + 3 - 1 = 5 (3 held, one laid, at most 3
        # collected) down to 3: at most 3 actions a turn. Alone, the game ends after 9 turns. With
        # 2-4 players it ends only once a market is full, and the book lets a player renew the port
        # (or, with nothing to do, pass) turn after turn without limit, so no bound follows from the
        # rules: the stop is 200 rounds of 3 actions a turn, where random players finish within 50.
        if self.players == 1:
            return (3 * SOLO_TURNS, True, f"{SOLO_TURNS} turns of at most 3 actions (an act, then at most 2 "
                    "cards into the market or back under the piles)")
        return (200 * 3 * self.players, False,
                "200 rounds of at most 3 actions a turn; the book lets players renew the port without "
                "limit, so this is a stop far beyond any game played, not a rule")

    def _endless(self) -> str | None:
        return endless(self.hands, self.markets)

    # ---- the kernel's fields, as the view, the refusals and the bot read them ----------------------

    port: Kept[tuple[int, ...]] = Kept(tuple)

    #: The port before the last placement or renewal (for its picture).
    port_before: Kept[tuple[int, ...]] = Kept()
    hands: Kept[tuple[tuple[int, ...], ...]] = Kept(rows)
    markets: Kept[tuple[tuple[int, ...], ...]] = Kept(rows)

    #: The pontoon tile of each seat.
    objectives: Kept[tuple[int, ...]] = Kept(tuple)

    #: The pontoon tiles nobody received.
    aside: Kept[tuple[int, ...]] = Kept(tuple)

    @property
    def boat_pile(self) -> tuple[int, ...]:
        return tuple(reversed(self._k.boats))

    @property
    def chilli_pile(self) -> tuple[int, ...]:
        return tuple(reversed(self._k.chillies))

    #: The last action, linked to those before (the public history).
    happened: Kept[Happened | None] = Kept()
    first: Kept[int] = Kept()
    round: Kept[int] = Kept()

    #: Turns completed by all players together (the solo turn counter).
    turns: Kept[int] = Kept()

    #: Some market is complete: this round is the last.
    ending: Kept[bool] = Kept()

    @property
    def phase(self) -> str:
        """``"act"`` (place a card or renew a line), ``"market"``, ``"return"`` or ``"over"``."""
        return "over" if self.to_act is None else PHASES[self._k.phase]

    def usable_ends(self) -> frozenset[int]:
        """The ends (indices into the twelve) a card may be laid at now (solo: some are covered)."""
        return self._k.usable_ends()

    def market_places(self, seat: int, chilli: bool) -> list[int]:
        """The empty places of seat's market where a (chilli) card may go now."""
        return self._k.market_places(seat, chilli)

    def chilli_limits(self) -> tuple[bool, bool]:
        """Whether market rows, and columns, are limited to one chilli card under these options."""
        return chilli_limits(self.rules["expert"], self.rules["expert_reading"])

    # ---- refusals -----------------------------------------------------------------------------

    def _match(self, action: Hashable) -> Hashable:
        try:
            return super()._match(action)
        except IllegalAction:
            respelled = respell(action) if isinstance(action, str) else None
            if respelled is None or respelled == action:
                raise
            return super()._match(respelled)

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
                           type1_below_zero=self.rules["type1_below_zero"], type4=self.rules["type4"])

    def market_scoring(self, seat: int, *, reveal: bool) -> dict[str, Any]:
        """Seat's market score line by line, with the places each line looks at and how their goods
        count (the scoring overlay); the objective's line only if ``reveal`` (``objective_hidden``)."""
        objective = self.edition.objectives[self.objectives[seat]] if reveal else None
        areas = scoring_areas(self.market_cards(seat), self.market_sheet(seat, reveal=reveal), objective,
                              type4=self.rules["type4"])
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

    # ---- snapshots ----------------------------------------------------------------------------

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


def _rows(cells: list[list[dict[str, Any] | None]]) -> list[str]:
    """A view's port or market as a start's rows of faces ("." for an empty place)."""
    return [" ".join(cell["card"] if cell else "." for cell in row) for row in cells]


def _spare_face(ed: Edition, view: dict[str, Any]) -> str:
    """A face of which the view's edition has a card not on the port or in a market."""
    shown = " ".join(" ".join(_rows(cells)) for cells in [view["port"], *view["markets"]]).split()
    left = {face: sum(1 for f in ed.face_of if f == face) for face in set(ed.face_of)}
    for face in shown:
        if face != ".":
            left[face] -= 1
    return next(face for face in sorted(left) if left[face] > 0)
