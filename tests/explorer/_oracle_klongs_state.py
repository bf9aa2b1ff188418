"""THE RETIRED KLONGS STATE (before the kernel), kept as an oracle: ``test_klongs_kernel.py``.

The Bangkok Klongs state: one immutable value per position, actions as notation strings.

Positions live in tuples and ints: ``board`` maps each water space to a boat index (-1 empty), ``occ``
is the same as a bitmask (see ``_edition``), ``owner`` maps each boat to the seat whose merchant
stands on it (-1 none). A turn walks through phases, each with its own actions:

``turn`` (place, move, pass) -> ``possess`` / ``thief`` / ``inspect`` (what the placed boat asks)
-> ``after`` (optional move, or end) -> ``market`` (score or decline, per seat) -> ``draw`` (variant
only: pick a stack) -> the next ``turn``; ``over`` once the stock is scored. ``turn`` is whose turn it
is, ``to_act`` who acts now (on a market day, the scorer).

The rule computations live in ``_mechanics``, the view and texts in ``_view``, refusals in ``_explain``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Self

from explorer._core.state import GameState, ScoreLine
from explorer._core.tuples import appended, replaced
from explorer._errors import IllegalAction
from explorer.klongs._board import Said
from explorer.klongs._edition import Edition, load_edition
from explorer.klongs._explain import explain
from explorer.klongs._notation import COLOURS, GOODS
from explorer.klongs._scoring import stock_value
from explorer.klongs._start import place_start, resolve_position
from explorer.klongs._view import board_text, event_entries, label, snapshot, view

from . import _oracle_klongs_mechanics as mech
from ._oracle_klongs_mechanics import HAND_SIZE, MOVEMENT_CARDS


class State(GameState):  # the retired Klongs state: the kernel's oracle
    """A Bangkok Klongs position. Start one with ``explorer.new_game("klongs", ...)`` or
    :meth:`from_position` for a scenario."""

    # A start position may fix every seat's hand: each seat sees only its own in the rules it is shown.
    START_PRIVATE: ClassVar[dict[str, str]] = {"hands": "seat"}

    ed: Edition
    board: tuple[int, ...]
    occ: int
    owner: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    stocks: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    supply: tuple[int, ...]
    cards: tuple[int, ...]
    entered: tuple[bool, ...]
    lukphat: int
    lines: tuple[ScoreLine, ...]
    phase: str
    turn: int
    moved: bool
    placed: int
    pending_market: str | None
    passes: int
    market: tuple[str, int, tuple[int, ...], int, int] | None  # kind, causer, order, index, idle
    master: int
    market_days: int
    skip_draw: bool
    #: Boats that have been on the board (a bit per boat): their ids are public from then on, even in
    #: a hand (a thief's or inspector's catch), since the events name them.
    seen: int
    #: The spaces of the full hoods (derived from ``occ``, kept up to date as boats come and go).
    full: int
    #: Per seat, the spaces of the boats its merchants stand on (derived from board and owner).
    mine: tuple[int, ...]
    #: The public events as raw data, newest first (``_view`` writes their texts when a view asks).
    said: Said | None

    # ---- construction -------------------------------------------------------------------------

    @classmethod
    def from_position(cls, players: int, position: dict[str, Any], seed: int = 0, *, edition: Any = None,
                      **rules: Any) -> Self:
        """Start from a stated position (a scenario); the position is the ``start`` rules option, so the
        game's record replays it. Keys (all optional): ``board`` {space: boat}, ``hands`` (one list
        or null per seat; null deals 4), ``stocks``, ``scores``, ``lukphat`` (spaces the counter has
        passed), ``movement_cards``, ``entered`` (who has placed a first boat; default: board not empty),
        ``to_move``. Boats are ids or faces, see ``explorer.klongs._start``; the boats not named
        are shuffled into the stack(s) by ``seed``."""
        return cls.new(players, seed, edition=edition, start=position, **rules)

    @classmethod
    def _resolve_edition(cls, edition: Any) -> Edition:
        return load_edition(edition)

    def _edition_record(self) -> str | dict[str, Any]:
        return self.ed.record()

    def _setup(self) -> None:
        ed = self.ed = self.edition
        n = self.players
        start = self.rules["start"]
        placed = resolve_position(start, ed, n) if start is not None else None
        board, owner, supply = place_start(placed, ed, n, mech.boat_merchants(n, self.rules))
        rest = [b for b in range(len(ed.boats)) if placed is None or b not in placed.used]
        self.rng("stack").shuffle(rest)
        if self.rules["more_tactics"]:
            # stack 1: neutral and special boats; stack 2: boats a player can claim
            stacks = [[b for b in rest if ed.boats[b].neutral], [b for b in rest if not ed.boats[b].neutral]]
        else:
            stacks = [rest]
        hands: list[list[int]] = []
        for seat in range(n):
            given = placed.hands[seat] if placed is not None else None
            if given is not None:
                hands.append(list(given))
            elif self.rules["more_tactics"]:
                hand = [stacks[1].pop() for _ in range(3) if stacks[1]]
                hands.append(hand + [stacks[0].pop() for _ in range(1) if stacks[0]])
            else:
                hands.append([stacks[0].pop() for _ in range(HAND_SIZE) if stacks[0]])
        self.board = tuple(board)
        self.occ = sum(ed.bit[s] for s, b in enumerate(board) if b >= 0)
        self.full = mech.full_hoods(ed, self.occ)
        self.said = None
        self.seen = sum(1 << b for b in board if b >= 0)
        self.owner = tuple(owner)
        self.mine = tuple(sum(ed.bit[s] for s, b in enumerate(board) if b >= 0 and owner[b] == seat)
                          for seat in range(n))
        self.hands = tuple(tuple(h) for h in hands)
        self.stacks = tuple(tuple(s) for s in stacks)
        self.stocks = tuple(tuple(s) for s in (placed.stocks if placed else [[] for _ in range(n)]))
        self.discard = ()
        self.supply = tuple(supply)
        self.lines = ()
        self.cards = (MOVEMENT_CARDS,) * n
        self.entered = (False,) * n
        self.lukphat = 0
        self.market_days = 0
        if start is not None:
            self.cards = tuple(start.get("movement_cards", self.cards))
            self.entered = tuple(start.get("entered", [bool(self.occ)] * n))
            self.lukphat = start.get("lukphat", 0)
            self.market_days = sum(1 for m in self.ed.track_market[: self.lukphat] if m)
            self.lines = tuple(ScoreLine(seat, "starting score", points, "klongs.setup.start-position")
                               for seat, points in enumerate(start.get("scores", [])) if points)
        self.pending_market = None
        self.market = None
        self.master = -1
        self.passes = 0
        self.skip_draw = False
        self.phase = "turn"
        self._start_turn(start.get("to_move", 0) if start else 0)


    @property
    def _k(self) -> Any:
        """A kernel at this position, for the view's questions (``klongs._mechanics`` asks the kernel):
        the oracle's own rules decide its legal actions and what they do."""
        from explorer.klongs._board import MARKET_CODES, PHASES, tables_for
        from explorer.klongs._kernel import build

        k = build(tables_for(self.ed), self.players, self.rules, list(self.board), list(self.owner),
                  [list(h) for h in self.hands], [list(s) for s in self.stacks],
                  [list(s) for s in self.stocks],
                  list(self.supply), list(self.cards), list(self.entered), self.lukphat)
        k.phase, k.moved, k.placed = PHASES.index(self.phase), self.moved, self.placed
        k.mkind = 0 if self.market is None else MARKET_CODES[self.market[0]]
        return k

    # ---- public helpers -------------------------------------------------------------------------

    def boat(self, boat_id: str) -> dict[str, Any]:
        """The face of a boat of this game's edition, by id."""
        return self.ed.boats[self.ed.boat_index[boat_id]].face()

    def hand_ids(self, seat: int) -> list[str]:
        """The ids of the boats in ``seat``'s hand (hidden from the others' views)."""
        return [self.ed.boats[b].id for b in self.hands[seat]]

    def at(self, space: str) -> str | None:
        """The id of the boat on ``space``, or None."""
        boat = self.board[self.ed.index[space]]
        return None if boat < 0 else self.ed.boats[boat].id

    # ---- turn flow --------------------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self.turn = self.to_act = seat
        self.phase = "turn"
        self.moved = False
        self.placed = -1
        if (self.rules["empty_hand"] == "big-market-day" and not self.hands[seat]
                and not any(self.stacks)):
            self._begin_market("big", seat)

    def _after_placement(self) -> None:
        seat = self.turn
        if self.pending_market is not None and self.rules["market_day_timing"] == "immediately":
            self._end_turn()  # the market day at once: the turn ends with it
        elif self.cards[seat] and not self.moved and mech.move_masks(self, seat):
            self.phase = "after"
            self.to_act = seat
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.pending_market is not None:
            kind, self.pending_market = self.pending_market, None
            self._begin_market(kind, self.turn)
        else:
            self._refill(self.turn)

    def _refill(self, seat: int) -> None:
        """Draw up to a full hand, then pass the turn on (asking for a stack when there is a choice)."""
        if self.skip_draw:
            self.skip_draw = False
        else:
            hand = self.hands[seat]
            stacks = self.stacks
            if len(hand) < HAND_SIZE and len(stacks) == 2 and stacks[0] and stacks[1]:
                self.phase = "draw"
                self.to_act = seat
                return
            need = HAND_SIZE - len(hand)
            if need > 0 and any(stacks):
                k = 0 if stacks[0] else 1
                stack = stacks[k]
                take = min(need, len(stack))
                drawn = stack[len(stack) - take:]
                self.hands = replaced(self.hands, seat, hand + tuple(reversed(drawn)))
                self.stacks = replaced(stacks, k, stack[: len(stack) - take])
                if take < need and any(self.stacks):
                    self._refill(seat)
                    return
        self._start_turn((seat + 1) % self.players)

    # ---- legal actions ----------------------------------------------------------------------------

    def _legal(self) -> list[Hashable]:
        return mech.legal(self)  # (compiled with the engine's core where it is built)

    # ---- applying actions -----------------------------------------------------------------------

    def _apply(self, action: Hashable) -> None:
        # ``action`` is one of the notations ``_legal`` listed: its parts come from a table, unparsed.
        text = str(action)
        kind, a, b = self.ed.tables.decode[text]
        phase = self.phase
        if phase == "turn":
            if kind == "place":
                self._place(text, a, b)
            elif kind == "move":
                self._move(text, a, b)
            else:
                self._pass()
        elif phase == "possess":
            self._possess(text, a)
        elif phase == "thief":
            self._steal(text, a, b)
        elif phase == "inspect":
            self._inspect(text, a, b)
        elif phase == "after":
            if kind == "end":
                self._say(text, "end")
            else:
                self._move(text, a, b)
            self._end_turn()
        elif phase == "market":
            self._market_choice(text, a, b)
        elif phase == "draw":
            self._say(text, "draw", a)
            self._draw(a - 1)

    def _say(self, action: str | None, kind: str, *details: Any) -> None:
        """Record what the seat to act did as raw data (``_view.event_entry`` says it in words)."""
        self.said = Said((self.to_act, action, kind, *details), self.said)

    def _line(self, seat: int, label: str, points: int, rule: str, final: bool = False) -> None:
        # Lines carry the scoring period (1 up to the first market day, ...); the stock scoring has 0.
        if points:
            period = 0 if final else self.market_days + 1
            self.lines = (*self.lines, ScoreLine(seat, label, points, rule, period))

    def _pass(self) -> None:
        self._say("pass", "pass")
        self.passes += 1
        if self.passes >= self.players:
            self.passes = 0
            self._begin_market("big", self.turn)
        else:
            self._refill(self.turn)

    def _place(self, text: str, boat: int, space: int) -> None:
        ed = self.ed
        seat = self.turn
        hand = self.hands[seat]
        i = hand.index(boat)
        self.hands = replaced(self.hands, seat, hand[:i] + hand[i + 1:])
        self.board = replaced(self.board, space, boat)
        self.occ |= ed.bit[space]
        self.full = mech.refull(ed, self.occ, self.full, space)
        self.seen |= 1 << boat
        self.placed = space
        self.passes = 0
        if not self.entered[seat]:
            self.entered = replaced(self.entered, seat, True)
        face = ed.boats[boat]
        lukphat = None
        if face.lukphat and self.lukphat < len(ed.track_points):
            step = self.lukphat
            self.lukphat = step + 1
            points, market = ed.track_points[step], ed.track_market[step]
            self._line(seat, f"Luk Phat space {step + 1}", points, "klongs.lukphat")
            self.pending_market = market
            lukphat = (step + 1, points, market)
        self._say(text, "place", space, boat, lukphat)
        if face.special == "thief":
            if mech.steal_targets(self, space):
                self.phase = "thief"
                return
        elif face.special == "inspector":
            if mech.thieves_in_column(self, space):
                self.phase = "inspect"
                return
        elif not face.neutral:
            self.phase = "possess"
            return
        self._after_placement()

    def _possess(self, text: str, src: int) -> None:
        seat = self.turn
        boat = self.board[self.placed]
        if text == "merchant":
            self.supply = replaced(self.supply, seat, self.supply[seat] - 1)
            self.owner = replaced(self.owner, boat, seat)
            self.mine = replaced(self.mine, seat, self.mine[seat] | self.ed.bit[self.placed])
            self._say(text, "claim", self.placed, -1)
        elif src >= 0:
            old = self.board[src]
            owner = list(self.owner)
            owner[old], owner[boat] = -1, seat
            self.owner = tuple(owner)
            bit = self.ed.bit
            self.mine = replaced(self.mine, seat, self.mine[seat] & ~bit[src] | bit[self.placed])
            self._say(text, "claim", self.placed, src)
        else:
            self._say(text, "unclaimed", self.placed)
        self._after_placement()

    def _take_off(self, space: int) -> int:
        """Lift a boat off the board; its merchant, if any, goes back to its owner's supply."""
        boat = self.board[space]
        self.board = replaced(self.board, space, -1)
        self.occ &= ~self.ed.bit[space]
        self.full = mech.refull(self.ed, self.occ, self.full, space)
        seat = self.owner[boat]
        if seat >= 0:
            self.owner = replaced(self.owner, boat, -1)
            self.mine = replaced(self.mine, seat, self.mine[seat] & ~self.ed.bit[space])
            self.supply = replaced(self.supply, seat, self.supply[seat] + 1)
        return boat

    def _steal(self, text: str, space: int, to: str) -> None:
        seat = self.turn
        if space < 0:
            self._say(text, "steal", -1, to, -1, -1)
        else:
            owner = self.owner[self.board[space]]
            boat = self._take_off(space)
            if to == "stock":
                self.stocks = replaced(self.stocks, seat, appended(self.stocks[seat], boat))
            else:
                self.hands = replaced(self.hands, seat, appended(self.hands[seat], boat))
            self._say(text, "steal", space, to, boat, owner)
        self._after_placement()

    def _inspect(self, text: str, keep: int, to: str) -> None:
        seat = self.turn
        one = self.rules["inspector_thieves"] == "one"
        removed = [keep] if one else mech.thieves_in_column(self, self.placed)
        for space in removed:
            boat = self._take_off(space)
            if space == keep and to == "hand":
                self.hands = replaced(self.hands, seat, appended(self.hands[seat], boat))
            else:
                self.discard = appended(self.discard, boat)
        self._say(text, "inspect", tuple(removed), keep if to == "hand" else -1)
        self._after_placement()

    def _move(self, text: str, src: int, dst: int) -> None:
        ed = self.ed
        seat = self.turn
        boat = self.board[src]
        board = list(self.board)
        board[src], board[dst] = -1, boat
        self.board = tuple(board)
        self.occ = occ = (self.occ & ~ed.bit[src]) | ed.bit[dst]
        self.full = mech.refull(ed, occ, mech.refull(ed, occ, self.full, src), dst)
        self.mine = replaced(self.mine, seat, self.mine[seat] & ~ed.bit[src] | ed.bit[dst])  # own boats only
        self.cards = replaced(self.cards, seat, self.cards[seat] - 1)
        self.moved = True
        self._say(text, "move", src, dst, boat)

    def _draw(self, k: int) -> None:
        seat = self.to_act
        assert seat is not None
        stack = self.stacks[k]
        self.hands = replaced(self.hands, seat, appended(self.hands[seat], stack[-1]))
        self.stacks = replaced(self.stacks, k, stack[:-1])
        self._refill(seat)

    # ---- market days --------------------------------------------------------------------------------

    def _begin_market(self, kind: str, causer: int) -> None:
        n = self.players
        order = mech.market_order(self, kind, causer)
        self.said = Said((None, None, "market", kind, causer, order[:n]), self.said)
        self.market = (kind, causer, order, 0, 0)
        self.turn = causer
        self.phase = "market"
        self._seek_scorer()

    def _seek_scorer(self) -> None:
        """Hand the market day to the next seat that can score, or close it."""
        assert self.market is not None
        kind, causer, order, index, idle = self.market
        n = self.players
        while True:
            if kind == "little":
                if index >= len(order):
                    break
            elif idle >= n:
                break
            seat = order[index % len(order)]
            if mech.can_score(self, seat):
                self.market = (kind, causer, order, index, idle)
                self.to_act = seat
                return
            index += 1
            idle += 1
        self.market = None
        self.market_days += 1
        if kind == "little":
            self.skip_draw = self.rules["market_day_draw"] == "skip"
            self.phase = "turn"
            self._refill(causer)
        else:
            self._final_scoring()

    def _market_choice(self, text: str, landing: int, space: int) -> None:
        assert self.market is not None
        kind, causer, order, index, idle = self.market
        if text == "decline":
            self._say(text, "decline")
            self.market = (kind, causer, order, index + 1, idle + 1)
        else:
            self._score(text, landing, space)
            self.market = (kind, causer, order, index + 1, 0)
        self._seek_scorer()

    def _score(self, text: str, landing: int, remove: int) -> None:
        ed = self.ed
        seat = self.to_act
        assert seat is not None and self.market is not None
        value, merchants = mech.landing_value(self, landing)
        day = "Big" if self.market[0] == "big" else "Little"
        name = ed.landing_names[landing]
        cookshop = any(ed.boats[self.board[s]].special == "cookshop" for s in ed.landing_spaces[landing])
        rule = "klongs.landing.cookshop" if cookshop else "klongs.landing.score"
        points: dict[str, int] = {}
        for who in sorted(merchants):
            count = merchants[who]
            each = f"{count} merchants, {value} each" if count > 1 else f"1 merchant, {value} points"
            self._line(who, f"{day} Market Day, landing {name}: {each}", value * count, rule)
            points[COLOURS[who]] = value * count
        boat = self._take_off(remove)
        self.stocks = replaced(self.stocks, seat, appended(self.stocks[seat], boat))
        self.master = landing
        self._say(text, "score", landing, value, points, remove, boat)

    def _final_scoring(self) -> None:
        ed = self.ed
        totals: dict[str, int] = {}
        for seat in range(self.players):
            counts = Counter(ed.boats[b].goods for b in self.stocks[seat] if ed.boats[b].goods)
            for good in GOODS:
                if counts[good]:
                    points = stock_value([counts[good]])
                    self._line(seat, f"stock: {counts[good]} {good}", points, "klongs.stock", final=True)
            totals[COLOURS[seat]] = sum(stock_value([counts[good]]) for good in GOODS)
        self.phase = "over"
        self.to_act = None
        self.said = Said((None, None, "stock", totals), self.said)

    # ---- refusals, scores, views, snapshots -----------------------------------------------------

    def _explain(self, action: Hashable) -> IllegalAction:
        return explain(self, str(action))

    def _score_lines(self) -> Sequence[ScoreLine]:
        return self.lines

    def _view(self, seat: int) -> dict[str, Any]:
        return view(self, seat)

    def rounds_scored(self) -> int:
        # Lines are numbered by the market day that closes their period (Luk Phat points appear
        # before it is held), so the market days held count instead.
        return self.market_days

    def _event_entries(self, seat: int) -> list[dict[str, Any]]:
        return event_entries(self)

    def _label(self, notation: str) -> str:
        return label(self, notation)

    def _board_text(self, seat: int) -> str:
        return board_text(self)

    def secrets(self, seat: int) -> list[str]:
        out = [self.ed.boats[b].id for other, hand in enumerate(self.hands) if other != seat for b in hand
               if not self.seen >> b & 1]
        out.extend(self.ed.boats[b].id for stack in self.stacks for b in stack)
        return out

    def inventory(self) -> dict[str, int]:
        counts: Counter[str] = Counter()
        boats = self.ed.boats
        for group in (*self.hands, *self.stacks, *self.stocks, self.discard):
            for b in group:
                counts[boats[b].id] += 1
        for b in self.board:
            if b >= 0:
                counts[boats[b].id] += 1
        for seat in range(self.players):
            colour = COLOURS[seat]
            counts[f"merchant:{colour}"] += self.supply[seat] + sum(1 for b in self.board
                                                                    if b >= 0 and self.owner[b] == seat)
        return dict(counts)

    def _snapshot(self) -> dict[str, Any]:
        return snapshot(self)
