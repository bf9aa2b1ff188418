"""The Bangkok Klongs engine: one immutable state per position, actions as notation strings.

Positions live in tuples and ints: ``board`` maps each water space to a boat index (-1 empty), ``occ``
is the same as a bitmask (see ``_edition``), ``owner`` maps each boat to the seat whose merchant
stands on it (-1 none). A turn walks through phases, each with its own actions:

``turn`` (place, move, pass) -> ``possess`` / ``thief`` / ``inspect`` (what the placed boat asks)
-> ``after`` (optional move, or end) -> ``market`` (score or decline, per seat) -> ``draw`` (variant
only: pick a stack) -> the next ``turn``; ``over`` once the stock is scored.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Self
from weakref import WeakKeyDictionary

from .._errors import IllegalAction
from .._state import GameState, ScoreLine
from ._catalogue import OPTIONS, RULES
from ._edition import GOODS, Edition, load_edition
from ._position import COLOURS, resolve_position
from ._scoring import landing_points, stock_value

MERCHANTS = {2: 17, 3: 12, 4: 9}
HAND_SIZE = 4
MOVEMENT_CARDS = 2
HOOD_LIMIT = 3

_PLACE = re.compile(r"^place:(?P<boat>[^@]+)@(?P<space>[a-z]\d+)$")
_MOVE = re.compile(r"^move:(?P<src>[a-z]\d+)-(?P<dst>[a-z]\d+)$")
_SCORE = re.compile(r"^score:(?P<landing>[^>]+)>(?P<space>[a-z]\d+)$")
_STEAL = re.compile(r"^steal:(?P<space>[a-z]\d+)>(?P<to>stock|hand)$")
_INSPECT = re.compile(r"^inspect:(?:(?P<space>[a-z]\d+)>)?(?P<to>discard|hand)$")


class _Tables:
    """Interned notation strings per edition, so legal_actions() builds lists without formatting."""

    def __init__(self, ed: Edition) -> None:
        n = len(ed.spaces)
        self.place = tuple(tuple(f"place:{boat.id}@{space}" for space in ed.spaces) for boat in ed.boats)
        self.move = tuple(tuple(f"move:{ed.spaces[a]}-{ed.spaces[b]}" for b in range(n)) for a in range(n))
        self.score = tuple(tuple(f"score:{name}>{ed.spaces[s]}" for s in range(n))
                           for name in ed.landing_names)
        self.steal = tuple((f"steal:{s}>stock", f"steal:{s}>hand") for s in ed.spaces)
        self.inspect_hand = tuple(f"inspect:{s}>hand" for s in ed.spaces)
        self.inspect_discard = tuple(f"inspect:{s}>discard" for s in ed.spaces)


# Keyed by the edition object itself (weakly), so a user's edition gets its own tables and frees them.
_TABLES: WeakKeyDictionary[Edition, _Tables] = WeakKeyDictionary()


def _tables(ed: Edition) -> _Tables:
    tables = _TABLES.get(ed)
    if tables is None:
        tables = _TABLES[ed] = _Tables(ed)
    return tables


class KlongsState(GameState):
    """A Bangkok Klongs position. Start one with ``explorer.new_game("klongs", ...)`` or
    :meth:`from_position` for a scenario."""

    GAME: ClassVar[str] = "klongs"
    RULES = RULES
    OPTIONS = OPTIONS
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 4

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
    actor: int
    moved: bool
    placed: int
    pending_market: str | None
    passes: int
    market: tuple[str, int, tuple[int, ...], int, int] | None  # kind, causer, order, index, idle
    master: int
    market_days: int
    skip_draw: bool

    # ---- construction -------------------------------------------------------------------------

    @classmethod
    def from_position(cls, players: int, position: dict[str, Any], seed: int = 0, *, edition: Any = None,
                      **rules: Any) -> Self:
        """Start from a stated position (a scenario); the position is the ``start`` rules option, so the
        game's record replays it. Keys (all optional): ``board`` {space: boat}, ``hands`` (one list
        or null per seat; null deals 4), ``stocks``, ``scores``, ``lukphat`` (spaces the counter has
        passed), ``movement_cards``, ``entered`` (who has placed a first boat; default: board not empty),
        ``to_move``. Boats are ids or faces, see ``explorer.klongs._position``; the boats not named
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
        board = [-1] * len(ed.spaces)
        owner = [-1] * len(ed.boats)
        supply = [MERCHANTS[n]] * n
        used: set[int] = set()
        if placed is not None:
            used = placed.used
            for space, (boat, seat) in placed.board.items():
                board[space] = boat
                if seat >= 0:
                    if supply[seat] == 0:
                        raise ValueError(f"start.board: {COLOURS[seat]} has only {MERCHANTS[n]} merchants")
                    owner[boat] = seat
                    supply[seat] -= 1
        rest = [b for b in range(len(ed.boats)) if b not in used]
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
        self.owner = tuple(owner)
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

    # ---- public helpers -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.actor

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
        self.turn = self.actor = seat
        self.phase = "turn"
        self.moved = False
        self.placed = -1
        if (self.rules["empty_hand"] == "big-market-day" and not self.hands[seat]
                and not any(self.stacks)):
            self._begin_market("big", seat)

    def _after_placement(self) -> None:
        seat = self.turn
        if self.cards[seat] and not self.moved and self._moves(seat):
            self.phase = "after"
            self.actor = seat
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
                self.actor = seat
                return
            need = HAND_SIZE - len(hand)
            if need > 0 and any(stacks):
                k = 0 if stacks[0] else 1
                stack = stacks[k]
                take = min(need, len(stack))
                drawn = stack[len(stack) - take:]
                self.hands = _replace(self.hands, seat, hand + tuple(reversed(drawn)))
                self.stacks = _replace(stacks, k, stack[: len(stack) - take])
                if take < need and any(self.stacks):
                    self._refill(seat)
                    return
        self._start_turn((seat + 1) % self.players)

    # ---- geometry queries ---------------------------------------------------------------------------

    def _blocked(self) -> int:
        occ = self.occ
        blocked = 0
        for mask in self.ed.hood_mask:
            if (occ & mask).bit_count() >= HOOD_LIMIT:
                blocked |= mask
        return blocked

    def _protected(self) -> int:
        ed = self.ed
        mask = 0
        for space, boat in enumerate(self.board):
            if boat >= 0 and ed.boats[boat].special == "inspector":
                mask |= ed.col_mask[ed.col[space]]
        return mask

    def _targets(self, seat: int) -> int:
        """Spaces where ``seat`` may place a boat now (thieves excepted from protected columns)."""
        ed = self.ed
        free = ed.all_mask & ~self.occ & ~self._blocked()
        if not self.entered[seat]:
            entry = ed.entry_mask(self.players) & free
            if entry:
                return entry
        if not self.occ:
            return ed.entry_mask(self.players) & free or free
        return ed.dilate(self.occ) & free

    def _spaces(self, mask: int) -> list[int]:
        at = self.ed.space_at_bit
        out = []
        while mask:
            low = mask & -mask
            out.append(at[low.bit_length() - 1])
            mask ^= low
        return out

    def _moves(self, seat: int) -> list[tuple[int, int]]:
        ed = self.ed
        board, owner = self.board, self.owner
        isolated = self.rules["moved_boat"] == "must-not-touch"
        out = []
        for src, boat in enumerate(board):
            if boat < 0 or owner[boat] != seat:
                continue
            for dst in ed.neighbours[src]:
                if board[dst] >= 0:
                    continue
                hood = ed.hood_of[dst]
                if hood != ed.hood_of[src] and (self.occ & ed.hood_mask[hood]).bit_count() >= HOOD_LIMIT:
                    continue
                if isolated and ed.neighbour_mask[dst] & self.occ & ~ed.bit[src]:
                    continue
                out.append((src, dst))
        return out

    def _steal_targets(self, space: int) -> list[int]:
        ed = self.ed
        protected = self._protected()
        out = []
        for s in self._spaces(ed.row_mask[ed.row[space]] & self.occ & ~protected):
            if s != space and ed.boats[self.board[s]].special != "inspector":
                out.append(s)
        return out

    def _thieves_in_column(self, space: int) -> list[int]:
        ed = self.ed
        return [s for s in self._spaces(ed.col_mask[ed.col[space]] & self.occ)
                if ed.boats[self.board[s]].special == "thief"]

    def _scorings(self, seat: int) -> list[tuple[int, int]]:
        """(landing, space of the boat to remove) pairs open to ``seat`` on the current market day."""
        assert self.market is not None
        big = self.market[0] == "big"
        ed, board, owner, occ = self.ed, self.board, self.owner, self.occ
        out = []
        for k, mask in enumerate(ed.landing_mask):
            if occ & mask != mask:
                continue
            spaces = ed.landing_spaces[k]
            if not any(owner[board[s]] == seat for s in spaces):
                continue
            for s in spaces:
                boat = board[s]
                if owner[boat] == seat or (big and owner[boat] < 0 and ed.boats[boat].neutral):
                    out.append((k, s))
        return out

    # ---- legal actions ----------------------------------------------------------------------------

    def _legal(self) -> list[Hashable]:
        phase = self.phase
        seat = self.actor
        tables = _tables(self.ed)
        if phase == "turn":
            out: list[Hashable] = []
            hand = self.hands[seat]
            if hand:
                targets = self._targets(seat)
                spaces = self._spaces(targets)
                thief_spaces: list[int] | None = None
                for boat in hand:
                    row = tables.place[boat]
                    if self.ed.boats[boat].special == "thief":
                        if thief_spaces is None:
                            thief_spaces = self._spaces(targets & ~self._protected())
                        out.extend(row[s] for s in thief_spaces)
                    else:
                        out.extend(row[s] for s in spaces)
            if not out:
                out.append("pass")
            if self.cards[seat] and not self.moved:
                out.extend(tables.move[a][b] for a, b in self._moves(seat))
            return out
        if phase == "possess":
            if self.supply[seat]:
                return ["merchant", "decline"]
            own = [s for s, b in enumerate(self.board) if b >= 0 and self.owner[b] == seat]
            return [*(f"merchant:{self.ed.spaces[s]}" for s in own if s != self.placed), "decline"]
        if phase == "thief":
            out = []
            for s in self._steal_targets(self.placed):
                out.extend(tables.steal[s])
            return [*out, "steal:none"]
        if phase == "inspect":
            thieves = self._thieves_in_column(self.placed)
            if self.rules["inspector_thieves"] == "one":
                return [a for s in thieves for a in (tables.inspect_discard[s], tables.inspect_hand[s])]
            return ["inspect:discard", *(tables.inspect_hand[s] for s in thieves)]
        if phase == "after":
            return [*(tables.move[a][b] for a, b in self._moves(seat)), "end"]
        if phase == "market":
            return [*(tables.score[k][s] for k, s in self._scorings(seat)), "decline"]
        if phase == "draw":
            return ["draw:1", "draw:2"]
        raise AssertionError(f"unknown phase {phase}")

    # ---- applying actions -----------------------------------------------------------------------

    def _apply(self, action: Hashable) -> None:
        text = str(action)
        phase = self.phase
        if phase == "turn":
            if text == "pass":
                self._pass()
            elif text.startswith("move:"):
                self._move(text)
            else:
                self._place(text)
        elif phase == "possess":
            self._possess(text)
        elif phase == "thief":
            self._steal(text)
        elif phase == "inspect":
            self._inspect(text)
        elif phase == "after":
            if text == "end":
                self._end_turn()
            else:
                self._move(text)
                self._end_turn()
        elif phase == "market":
            self._market_choice(text)
        elif phase == "draw":
            self._draw(int(text[-1]) - 1)

    def _line(self, seat: int, label: str, points: int, rule: str, final: bool = False) -> None:
        # Lines carry the scoring period (1 up to the first market day, ...); the stock scoring has 0.
        if points:
            period = 0 if final else self.market_days + 1
            self.lines = (*self.lines, ScoreLine(seat, label, points, rule, period))

    def _pass(self) -> None:
        self.passes += 1
        if self.passes >= self.players:
            self.passes = 0
            self._begin_market("big", self.turn)
        else:
            self._refill(self.turn)

    def _place(self, text: str) -> None:
        ed = self.ed
        match = _PLACE.match(text)
        assert match is not None
        seat = self.turn
        boat = ed.boat_index[match["boat"]]
        space = ed.index[match["space"]]
        self.hands = _replace(self.hands, seat, tuple(b for b in self.hands[seat] if b != boat))
        self.board = _replace(self.board, space, boat)
        self.occ |= ed.bit[space]
        self.placed = space
        self.passes = 0
        if not self.entered[seat]:
            self.entered = _replace(self.entered, seat, True)
        face = ed.boats[boat]
        if face.lukphat and self.lukphat < len(ed.track_points):
            step = self.lukphat
            self.lukphat = step + 1
            self._line(seat, f"Luk Phat space {step + 1}", ed.track_points[step], "klongs.lukphat")
            self.pending_market = ed.track_market[step]
        if face.special == "thief":
            if self._steal_targets(space):
                self.phase = "thief"
                return
        elif face.special == "inspector":
            if self._thieves_in_column(space):
                self.phase = "inspect"
                return
        elif not face.neutral:
            self.phase = "possess"
            return
        self._after_placement()

    def _possess(self, text: str) -> None:
        seat = self.turn
        boat = self.board[self.placed]
        if text == "merchant":
            self.supply = _replace(self.supply, seat, self.supply[seat] - 1)
            self.owner = _replace(self.owner, boat, seat)
        elif text.startswith("merchant:"):
            old = self.board[self.ed.index[text.partition(":")[2]]]
            owner = list(self.owner)
            owner[old], owner[boat] = -1, seat
            self.owner = tuple(owner)
        self._after_placement()

    def _take_off(self, space: int) -> int:
        """Lift a boat off the board; its merchant, if any, goes back to its owner's supply."""
        boat = self.board[space]
        self.board = _replace(self.board, space, -1)
        self.occ &= ~self.ed.bit[space]
        seat = self.owner[boat]
        if seat >= 0:
            self.owner = _replace(self.owner, boat, -1)
            self.supply = _replace(self.supply, seat, self.supply[seat] + 1)
        return boat

    def _steal(self, text: str) -> None:
        if text != "steal:none":
            match = _STEAL.match(text)
            assert match is not None
            boat = self._take_off(self.ed.index[match["space"]])
            seat = self.turn
            if match["to"] == "stock":
                self.stocks = _replace(self.stocks, seat, (*self.stocks[seat], boat))
            else:
                self.hands = _replace(self.hands, seat, (*self.hands[seat], boat))
        self._after_placement()

    def _inspect(self, text: str) -> None:
        match = _INSPECT.match(text)
        assert match is not None
        seat = self.turn
        keep = self.ed.index[match["space"]] if match["space"] else -1
        one = self.rules["inspector_thieves"] == "one"
        removed = [keep] if one else self._thieves_in_column(self.placed)
        for space in removed:
            boat = self._take_off(space)
            if space == keep and match["to"] == "hand":
                self.hands = _replace(self.hands, seat, (*self.hands[seat], boat))
            else:
                self.discard = (*self.discard, boat)
        self._after_placement()

    def _move(self, text: str) -> None:
        match = _MOVE.match(text)
        assert match is not None
        ed = self.ed
        src, dst = ed.index[match["src"]], ed.index[match["dst"]]
        seat = self.turn
        boat = self.board[src]
        board = list(self.board)
        board[src], board[dst] = -1, boat
        self.board = tuple(board)
        self.occ = (self.occ & ~ed.bit[src]) | ed.bit[dst]
        self.cards = _replace(self.cards, seat, self.cards[seat] - 1)
        self.moved = True

    def _draw(self, k: int) -> None:
        seat = self.actor
        stack = self.stacks[k]
        self.hands = _replace(self.hands, seat, (*self.hands[seat], stack[-1]))
        self.stacks = _replace(self.stacks, k, stack[:-1])
        self._refill(seat)

    # ---- market days --------------------------------------------------------------------------------

    def _begin_market(self, kind: str, causer: int) -> None:
        n = self.players
        if kind == "little":
            order = tuple((causer + i) % n for i in range(n)) * 2
        else:
            scores = self.scores()
            on_board = [MERCHANTS[n] - self.supply[s] for s in range(n)]
            first = min(range(n), key=lambda s: (scores[s], on_board[s], (s - causer) % n))
            order = tuple((first + i) % n for i in range(n))
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
            if self._scorings_exist(seat):
                self.market = (kind, causer, order, index, idle)
                self.actor = seat
                return
            index += 1
            idle += 1
        self.market = None
        if kind == "little":
            self.market_days += 1
            self.skip_draw = self.rules["market_day_draw"] == "skip"
            self.phase = "turn"
            self._refill(causer)
        else:
            self.market_days += 1
            self._final_scoring()

    def _scorings_exist(self, seat: int) -> bool:
        ed, board, owner, occ = self.ed, self.board, self.owner, self.occ
        for k, mask in enumerate(ed.landing_mask):
            if occ & mask == mask and any(owner[board[s]] == seat for s in ed.landing_spaces[k]):
                return True
        return False

    def _market_choice(self, text: str) -> None:
        assert self.market is not None
        kind, causer, order, index, idle = self.market
        if text == "decline":
            self.market = (kind, causer, order, index + 1, idle + 1)
        else:
            match = _SCORE.match(text)
            assert match is not None
            self._score(self.ed.landing_index[match["landing"]], self.ed.index[match["space"]])
            self.market = (kind, causer, order, index + 1, 0)
        self._seek_scorer()

    def _score(self, landing: int, remove: int) -> None:
        ed, board = self.ed, self.board
        seat = self.actor
        spaces = ed.landing_spaces[landing]
        faces = [ed.boats[board[s]] for s in spaces]
        value = landing_points([f.baskets for f in faces], [f.special == "thief" for f in faces],
                               sum(f.special == "cookshop" for f in faces), self.rules["two_cookshops"])
        merchants = Counter(self.owner[board[s]] for s in spaces)
        assert self.market is not None
        day = "Big" if self.market[0] == "big" else "Little"
        cookshop = any(f.special == "cookshop" for f in faces)
        rule = "klongs.landing.cookshop" if cookshop else "klongs.landing.score"
        for who in range(self.players):
            count = merchants.get(who, 0)
            if count:
                self._line(who, f"{day} Market Day, landing {ed.landing_names[landing]}: "
                                f"{value} x {count} merchant{'s' if count > 1 else ''}", value * count, rule)
        boat = self._take_off(remove)
        self.stocks = _replace(self.stocks, seat, (*self.stocks[seat], boat))
        self.master = landing

    def _final_scoring(self) -> None:
        ed = self.ed
        for seat in range(self.players):
            counts = Counter(ed.boats[b].goods for b in self.stocks[seat] if ed.boats[b].goods)
            for good in GOODS:
                if counts[good]:
                    points = stock_value([counts[good]])
                    self._line(seat, f"stock: {counts[good]} {good}", points, "klongs.stock", final=True)
        self.phase = "over"
        self.actor = -1

    # ---- refusals -------------------------------------------------------------------------------

    def _explain(self, action: Hashable) -> IllegalAction:
        from ._explain import explain

        return explain(self, str(action))

    # ---- scores, views, snapshots ---------------------------------------------------------------

    def _score_lines(self) -> Sequence[ScoreLine]:
        return self.lines

    def secrets(self, seat: int) -> list[str]:
        out = [self.ed.boats[b].id for other, hand in enumerate(self.hands) if other != seat for b in hand]
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

    def _rules_seen_by(self, seat: int) -> dict[str, Any]:
        # A start position may fix every seat's hand: a seat sees only its own (others become None).
        rules = super()._rules_seen_by(seat)
        start = rules.get("start")
        if start is not None and start.get("hands") is not None:
            hands = [hand if s == seat else None for s, hand in enumerate(start["hands"])]
            rules["start"] = {**start, "hands": hands}
        return rules

    def _view(self, seat: int) -> dict[str, Any]:
        from ._view import view

        return view(self, seat)

    def _snapshot(self) -> dict[str, Any]:
        ed = self.ed
        ids = [boat.id for boat in ed.boats]
        return {
            "edition": self._edition_record(),
            "board": {ed.spaces[s]: [ids[b], self.owner[b]] for s, b in enumerate(self.board) if b >= 0},
            "hands": [[ids[b] for b in hand] for hand in self.hands],
            "stacks": [[ids[b] for b in stack] for stack in self.stacks],
            "stocks": [[ids[b] for b in stock] for stock in self.stocks],
            "discard": [ids[b] for b in self.discard],
            "supply": list(self.supply),
            "cards": list(self.cards),
            "entered": list(self.entered),
            "lukphat": self.lukphat,
            "lines": [list(line) for line in self.lines],
            "phase": self.phase,
            "turn": self.turn,
            "actor": self.actor,
            "moved": self.moved,
            "placed": self.placed,
            "pending_market": self.pending_market,
            "passes": self.passes,
            "market": None if self.market is None else [self.market[0], self.market[1], list(self.market[2]),
                                                         self.market[3], self.market[4]],
            "master": self.master,
            "market_days": self.market_days,
            "skip_draw": self.skip_draw,
        }


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1:])
