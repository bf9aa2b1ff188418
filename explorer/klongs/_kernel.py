"""Klongs' rules kernel: the one place that says what is legal and what an action does.

:class:`Kernel` plays a position (a ``_board.Board``) in place by index, as OpenSpiel's games do:
``legal()`` counts the actions in the public ``legal_actions()`` order and keeps what it counted (a
turn's target spaces and how many each hand boat has, the moves, a phase's spaces or landings), so
that ``apply(i)`` goes straight to the action and ``notation(i)`` writes its text from the edition's
interned tables only when asked.

With a log (the public state's kernel) it also writes the score sheet's lines and the public events
as raw data (``_board.Said``; ``_view`` puts them in words); without one (``State.playout()``, what
bots and hints simulate with) it keeps only the points. ``klongs.State`` is an immutable shell:
``play()`` copies its kernel and applies the action to the copy.

Compiled by mypyc where a compiler is found (``explorer._compiled``), the same code interpreted where
not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._core.state import ScoreLine
from ._board import (
    AFTER,
    BIG,
    COOKSHOP,
    DRAW,
    HAND_SIZE,
    INSPECT,
    INSPECTOR,
    LITTLE,
    MARKET,
    MARKET_NAMES,
    OVER,
    PASS,
    PLACE,
    POSSESS,
    THIEF,
    THIEF_PHASE,
    TURN,
    Board,
    Said,
    Tables,
    any_left,
    boat_merchants,
    nth_space,
    stock_points,
)
from ._notation import COLOURS, GOODS


def build(t: Tables, players: int, rules: Mapping[str, Any], board: list[int], owner: list[int],
          hands: list[list[int]], stacks: list[list[int]], stocks: list[list[int]], supply: list[int],
          cards: list[int], entered: list[bool], step: int) -> Kernel:
    """A new position (before :meth:`Kernel.start`) from its pieces, which it keeps."""
    k = Kernel()
    k.t, k.n = t, players
    k.isolated = rules["moved_boat"] == "must-not-touch"
    k.one = rules["inspector_thieves"] == "one"
    k.each = rules["two_cookshops"] == "each"
    k.empty_big = rules["empty_hand"] == "big-market-day"
    k.skip_rule = rules["market_day_draw"] == "skip"
    k.immediate = rules["market_day_timing"] == "immediately"
    k.fewest = rules["big_market_order"] == "fewest-points"
    k.move_first = rules["move_card"] == "before-or-after"
    k.unclaimed = rules["big_market_take"] == "unclaimed-too"
    k.final = rules["big_market_end"] == "decline-is-final"
    k.stall_next = rules["stall_causer"] == "first-passer"
    k.merchants = boat_merchants(players, rules)
    k.entry = t.entries[1 if players != 2 else 0]
    k.board, k.owner = board, owner
    k.derive()
    k.hands, k.stacks, k.stocks, k.discard, k.cow = hands, stacks, stocks, [], False
    k.supply, k.cards, k.entered = supply, cards, entered
    k.step = step
    k.market_days = sum(1 for m in t.track_market[:step] if m)
    k.points = [0] * players
    k.lines, k.said, k.log = (), None, True
    k.phase, k.turn, k.act, k.moved, k.placed = TURN, 0, 0, False, -1
    k.pending, k.passes, k.skip, k.master = 0, 0, False, -1
    k.mkind, k.causer, k.order, k.mindex, k.idle = 0, 0, [], 0, 0
    k._count, k._pc, k._tg, k._tc, k._gt, k._gc = -1, 0, 0, 0, 0, 0
    k._msrc, k._mopen, k._mcount, k._mready = [], [], 0, False
    k._list, k._ss, k._played = [], [], []
    return k


class Kernel(Board):
    """A Klongs position and its rules (see the module's docstring). On a turn the actions are the
    placements (per hand boat, in hand order, its target spaces: a thief's avoid the protected
    columns), else "pass", then the moves; the other phases list their choices, the refusal or
    "end" last."""

    __slots__ = ()

    def __init__(self) -> None:
        # Empty: :func:`build` sets a new position up, :meth:`copy` copies one.
        super().__init__()

    def copy(self, log: bool = True) -> Kernel:
        """An independent copy (what it counted included), writing lines and events if ``log``."""
        new = Kernel()
        new.t, new.n = self.t, self.n
        new.isolated, new.one, new.each = self.isolated, self.one, self.each
        new.empty_big, new.skip_rule, new.immediate = self.empty_big, self.skip_rule, self.immediate
        new.fewest, new.move_first, new.merchants, new.entry = (self.fewest, self.move_first,
                                                                self.merchants, self.entry)
        new.unclaimed, new.final, new.stall_next = self.unclaimed, self.final, self.stall_next
        new.board = self.board.copy()
        new.owner = self.owner.copy()
        new.occ, new.full, new.insp, new.thf, new.seen = self.occ, self.full, self.insp, self.thf, self.seen
        new.mine = self.mine.copy()
        if log:  # a public state's next kernel: shared until changed (``_own``)
            new.hands, new.stacks, new.stocks, new.cow = self.hands, self.stacks, self.stocks, True
        else:
            new.hands = [hand.copy() for hand in self.hands]
            new.stacks = [stack.copy() for stack in self.stacks]
            new.stocks = [stock.copy() for stock in self.stocks]
            new.cow = False
        new.discard = self.discard.copy()
        new.supply = self.supply.copy()
        new.cards = self.cards.copy()
        new.entered = self.entered.copy()
        new.step, new.market_days = self.step, self.market_days
        new.points = self.points.copy()
        new.lines, new.said, new.log = self.lines, self.said, log
        new.phase, new.turn, new.act, new.moved = self.phase, self.turn, self.act, self.moved
        new.placed, new.pending, new.passes, new.skip = self.placed, self.pending, self.passes, self.skip
        new.master, new.mkind, new.causer = self.master, self.mkind, self.causer
        new.order, new.mindex, new.idle = self.order.copy(), self.mindex, self.idle
        # The counted lists are replaced when counted again, never changed: shared.
        new._count, new._pc, new._tg, new._tc = self._count, self._pc, self._tg, self._tc
        new._gt, new._gc, new._mcount, new._mready = self._gt, self._gc, self._mcount, self._mready
        new._msrc, new._mopen, new._list, new._ss = self._msrc, self._mopen, self._list, self._ss
        new._played = []
        return new

    def _own(self) -> None:
        """Copy the hands, stacks and stocks before changing one, where they are shared (``cow``)."""
        if self.cow:
            self.hands = [hand.copy() for hand in self.hands]
            self.stacks = [stack.copy() for stack in self.stacks]
            self.stocks = [stock.copy() for stock in self.stocks]
            self.cow = False

    def start(self, seat: int, lines: tuple[ScoreLine, ...]) -> None:
        """Begin the game at ``seat``'s turn, with the start position's score ``lines``."""
        for line in lines:
            self.points[line.seat] += line.points
        self.lines = lines
        self._start_turn(seat)

    # ---- counting -----------------------------------------------------------------------------

    def legal(self) -> int:
        count = self._count
        if count >= 0:
            return count
        seat = self.act
        phase = self.phase
        t = self.t
        if seat < 0:
            count = 0
        elif phase == TURN:
            count = self._count_turn(seat)
        elif phase == POSSESS:
            if self.supply[seat]:
                count = 2
            else:
                own = self._tg = self.mine[seat] & ~t.bit[self.placed]
                count = own.bit_count() + 1
        elif phase == THIEF_PHASE:
            self._list = self.steal_targets(self.placed)
            count = 2 * len(self._list) + 1
        elif phase == INSPECT:
            self._list = self.thieves_in_column(self.placed)
            count = 2 * len(self._list) if self.one else len(self._list) + 1
        elif phase == AFTER:
            if self._mready:  # counted as the placement asked whether a move is possible
                self._mready = False
                count = self._mcount + 1
            else:
                count = self._count_moves(seat) + 1
        elif phase == MARKET:
            self._list, self._ss = self.scorings(seat)
            count = len(self._ss) + 1
        else:  # DRAW
            count = 2
        self._count = count
        return count

    def _count_turn(self, seat: int) -> int:
        targets = self.targets(seat)
        hand = self.hands[seat]
        tc = targets.bit_count()
        special = self.t.special
        thieves = 0
        for boat in hand:
            if special[boat] == THIEF:
                thieves += 1
        pc = tc * (len(hand) - thieves)
        self._tg, self._tc = targets, tc
        if thieves:
            guarded = targets & ~self.protected()
            gc = guarded.bit_count()
            self._gt, self._gc = guarded, gc
            pc += gc * thieves
        self._pc = pc
        if self.cards[seat] and not self.moved and self.move_first:
            return (pc or 1) + self._count_moves(seat)
        return pc or 1

    def _count_moves(self, seat: int) -> int:
        """Keeps the seat's moves (:meth:`move_masks`) for ``apply``; their count."""
        srcs, opens = self.move_masks(seat)
        total = 0
        for open_ in opens:
            total += open_.bit_count()
        self._msrc, self._mopen, self._mcount = srcs, opens, total
        return total

    def placements(self) -> int:
        """On a turn, how many of the counted actions are placements (they come first)."""
        return self._pc

    def notation(self, index: int) -> str:
        count = self._checked(index)
        t = self.t
        phase = self.phase
        last = index == count - 1
        if phase == TURN:
            kind, a, b = self._turn_at(index)
            if kind == PLACE:
                return t.place[self.hands[self.act][a]][b]
            return "pass" if kind == PASS else t.move[a][b]
        if phase == POSSESS:
            if last:
                return "decline"
            if self.supply[self.act]:
                return "merchant"
            return t.merchant[nth_space(t, self._tg, index)]
        if phase == THIEF_PHASE:
            return "steal:none" if last else t.steal[self._list[index >> 1]][index & 1]
        if phase == INSPECT:
            if self.one:
                space = self._list[index >> 1]
                return t.inspect_hand[space] if index & 1 else t.inspect_discard[space]
            return t.inspect_hand[self._list[index - 1]] if index else "inspect:discard"
        if phase == AFTER:
            if last:
                return "end"
            src, dst = self._move_at(index)
            return t.move[src][dst]
        if phase == MARKET:
            return "decline" if last else t.score[self._list[index]][self._ss[index]]
        return "draw:2" if index else "draw:1"

    # ---- applying -----------------------------------------------------------------------------

    def apply(self, index: int, text: str = "") -> None:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        if self.log and not text:
            text = self.notation(index)
        if self._state is not None:
            self._played.append(index)
        self._count = -1
        seat = self.act
        phase = self.phase
        last = index == count - 1
        if phase == TURN:
            kind, a, b = self._turn_at(index)
            if kind == PLACE:
                self._place(text, seat, a, b)
            elif kind == PASS:
                self._pass()
            else:
                self._move(text, seat, a, b)
        elif phase == POSSESS:
            if last:
                self._say(text, ("unclaimed", self.placed))
            else:
                self._claim(text, seat, -1 if self.supply[seat] else nth_space(self.t, self._tg, index))
            self._after_placement()
        elif phase == THIEF_PHASE:
            to_hand = index & 1 == 1
            if last:
                self._say(text, ("steal", -1, "stock", -1, -1))
            else:
                space = self._list[index >> 1]
                victim = self.owner[self.board[space]]
                boat = self._take_off(space)
                self._own()
                (self.hands if to_hand else self.stocks)[seat].append(boat)
                self._say(text, ("steal", space, "hand" if to_hand else "stock", boat, victim))
            self._after_placement()
        elif phase == INSPECT:
            if self.one:
                self._inspect(text, seat, self._list[index >> 1], index & 1 == 1)
            else:
                self._inspect(text, seat, self._list[index - 1] if index else -1, index > 0)
            self._after_placement()
        elif phase == AFTER:
            if last:
                self._say(text, ("end",))
            else:
                src, dst = self._move_at(index)
                self._move(text, seat, src, dst)
            self._end_turn()
        elif phase == MARKET:
            if last:
                self._say(text, ("decline",))
                self._decline()
            else:
                self.mindex += 1
                self._score(text, seat, self._list[index], self._ss[index])
                self.idle = 0
            self._seek_scorer()
        else:  # DRAW
            self._say(text, ("draw", index + 1))
            self._own()
            self.hands[seat].append(self.stacks[index].pop())
            self._refill(seat)

    def _say(self, action: str, event: tuple[Any, ...]) -> None:
        """Record what the seat to act did as raw data (``_view.event_entry`` says it in words)."""
        if self.log:
            self.said = Said((self.act, action, *event), self.said)

    def _line(self, seat: int, label: str, points: int, rule: str, final: bool) -> None:
        # Lines carry the scoring period (1 up to the first market day, ...); the stock scoring has 0.
        self.points[seat] += points
        if self.log and points:
            period = 0 if final else self.market_days + 1
            self.lines = (*self.lines, ScoreLine(seat, label, points, rule, period))

    # ---- boats coming and going ---------------------------------------------------------------

    def _place(self, text: str, seat: int, at: int, space: int) -> None:
        t = self.t
        self._own()
        boat = self.hands[seat].pop(at)
        self.board[space] = boat
        bit = t.bit[space]
        self.occ |= bit
        self._refull(space)
        self.seen |= 1 << boat
        special = t.special[boat]
        if special == INSPECTOR:
            self.insp |= bit
        elif special == THIEF:
            self.thf |= bit
        self.placed = space
        self.passes = 0
        self.entered[seat] = True
        step = self.step
        lukphat: tuple[int, int, str | None] | None = None
        if t.lukphat[boat] and step < len(t.track_points):
            self.step = step + 1
            points, market = t.track_points[step], t.track_market[step]
            self._line(seat, f"Luk Phat space {step + 1}", points, "klongs.lukphat", False)
            self.pending = market
            lukphat = (step + 1, points, MARKET_NAMES[market])
        self._say(text, ("place", space, boat, lukphat))
        if special == THIEF:
            if self.steal_targets(space):
                self.phase = THIEF_PHASE
                return
        elif special == INSPECTOR:
            if t.col_of_mask[space] & self.thf:
                self.phase = INSPECT
                return
        elif not t.neutral[boat]:
            self.phase = POSSESS
            return
        self._after_placement()

    def _claim(self, text: str, seat: int, src: int) -> None:
        """A merchant onto the placed boat: from the supply (``src`` -1) or from the boat on ``src``."""
        bit = self.t.bit
        boat = self.board[self.placed]
        if src < 0:
            self.supply[seat] -= 1
            self.mine[seat] |= bit[self.placed]
        else:
            self.owner[self.board[src]] = -1
            self.mine[seat] = self.mine[seat] & ~bit[src] | bit[self.placed]
        self.owner[boat] = seat
        self._say(text, ("claim", self.placed, src))

    def _inspect(self, text: str, seat: int, keep: int, to_hand: bool) -> None:
        """The thieves an inspector removes (one chosen, or all in its column); ``keep`` may go to the
        hand, the others are discarded."""
        removed = [keep] if self.one else self.thieves_in_column(self.placed)
        for space in removed:
            boat = self._take_off(space)
            if space == keep and to_hand:
                self._own()
                self.hands[seat].append(boat)
            else:
                self.discard.append(boat)
        self._say(text, ("inspect", tuple(removed), keep if to_hand else -1))

    def _move(self, text: str, seat: int, src: int, dst: int) -> None:
        """One of ``seat``'s boats moved with a movement card."""
        t = self.t
        board = self.board
        boat = board[src]
        board[src] = -1
        board[dst] = boat
        out, into = t.bit[src], t.bit[dst]
        self.occ = self.occ & ~out | into
        self._refull(src)
        self._refull(dst)
        self.mine[seat] = self.mine[seat] & ~out | into
        self.cards[seat] -= 1
        self.moved = True
        self._say(text, ("move", src, dst, boat))

    def _pass(self) -> None:
        self._say("pass", ("pass",))
        self.passes += 1
        if self.passes >= self.n:  # caused by the last passer (the last to place) or the first
            self.passes = 0
            self._begin_market(BIG, (self.turn + 1) % self.n if self.stall_next else self.turn)
        else:
            self._refill(self.turn)

    # ---- the turn's flow ----------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        self.turn = self.act = seat
        self.phase = TURN
        self.moved = False
        self.placed = -1
        if self.empty_big and not self.hands[seat] and not any_left(self.stacks):
            self._begin_market(BIG, seat)

    def _after_placement(self) -> None:
        seat = self.turn
        if self.pending and self.immediate:
            self._end_turn()  # the market day at once: the turn ends with it
        elif self.cards[seat] and not self.moved and self._count_moves(seat):
            self._mready = True
            self.phase = AFTER
            self.act = seat
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.pending:
            kind = self.pending
            self.pending = 0
            self._begin_market(kind, self.turn)
        else:
            self._refill(self.turn)

    def _refill(self, seat: int) -> None:
        """Draw up to a full hand, then pass the turn on (asking for a stack when there is a choice)."""
        if self.skip:
            self.skip = False
        else:
            self._own()
            hand = self.hands[seat]
            stacks = self.stacks
            if len(stacks) == 1:
                stack = stacks[0]
                while len(hand) < HAND_SIZE and stack:
                    hand.append(stack.pop())
            elif self._draw_from_two(seat, hand, stacks):
                return
        self._start_turn((seat + 1) % self.n)

    def _draw_from_two(self, seat: int, hand: list[int], stacks: list[list[int]]) -> bool:
        """The 'more tactics' refill; True if the seat is asked which stack to draw from."""
        while True:
            if len(hand) < HAND_SIZE and stacks[0] and stacks[1]:
                self.phase = DRAW
                self.act = seat
                return True
            need = HAND_SIZE - len(hand)
            if need <= 0 or not any_left(stacks):
                return False
            stack = stacks[0] if stacks[0] else stacks[1]
            take = min(need, len(stack))
            for _ in range(take):
                hand.append(stack.pop())
            if take == need or not any_left(stacks):
                return False

    # ---- market days --------------------------------------------------------------------------

    def _begin_market(self, kind: int, causer: int) -> None:
        order = self.market_order(kind, causer)
        if self.log:
            self.said = Said((None, None, "market", MARKET_NAMES[kind], causer, tuple(order[:self.n])),
                             self.said)
        self.mkind, self.causer, self.order, self.mindex, self.idle = kind, causer, order, 0, 0
        self.turn = causer
        self.phase = MARKET
        self._seek_scorer()

    def _seek_scorer(self) -> None:
        """Hand the market day to the next seat that can score, or close it."""
        kind, order = self.mkind, self.order
        index, idle = self.mindex, self.idle
        while (index < len(order)) if kind == LITTLE else (idle < len(order)):
            seat = order[index % len(order)]
            if self.can_score(seat):
                self.mindex, self.idle = index, idle
                self.act = seat
                return
            index += 1
            idle += 1
        self.mkind = 0
        self.market_days += 1
        if kind == LITTLE:
            self.skip = self.skip_rule
            self.phase = TURN
            self._refill(self.causer)
        else:
            self._final_scoring()

    def _decline(self) -> None:
        """The seat to act scores nothing (``big_market_end``: on the Big Market Day, out of it for good)."""
        if self.final and self.mkind == BIG:  # the next seat takes its place in the order
            at = self.mindex % len(self.order)
            del self.order[at]
            self.mindex = at % len(self.order) if self.order else 0
        else:
            self.mindex += 1
            self.idle += 1

    def _score(self, text: str, seat: int, landing: int, remove: int) -> None:
        """``seat`` scores ``landing`` (every merchant there earns its value) and takes the boat on
        ``remove`` into its stock."""
        t = self.t
        value = self.landing_value(landing)
        merchants = self.merchants_at(landing)
        cookshop = False
        for space in t.landing_spaces[landing]:
            if t.special[self.board[space]] == COOKSHOP:
                cookshop = True
        rule = "klongs.landing.cookshop" if cookshop else "klongs.landing.score"
        day = "Big" if self.mkind == BIG else "Little"
        name = t.landing_names[landing]
        gains: dict[str, int] = {}
        for who in sorted(merchants):
            count = merchants[who]
            each = f"{count} merchants, {value} each" if count > 1 else f"1 merchant, {value} points"
            self._line(who, f"{day} Market Day, landing {name}: {each}", value * count, rule, False)
            gains[COLOURS[who]] = value * count
        boat = self._take_off(remove)
        self._own()
        self.stocks[seat].append(boat)
        self.master = landing
        self._say(text, ("score", landing, value, gains, remove, boat))

    def _final_scoring(self) -> None:
        """Each seat's stock: 1 + 2 + ... + n for each good held n times; the game is over."""
        goods = self.t.goods
        totals: dict[str, int] = {}
        for seat in range(self.n):
            counts = [0] * len(GOODS)
            for boat in self.stocks[seat]:
                good = goods[boat]
                if good >= 0:
                    counts[good] += 1
            total = 0
            for k in range(len(GOODS)):
                if counts[k]:
                    points = stock_points(counts[k])
                    self._line(seat, f"stock: {counts[k]} {GOODS[k]}", points, "klongs.stock", True)
                    total += points
            totals[COLOURS[seat]] = total
        self.phase = OVER
        self.act = -1
        if self.log:
            self.said = Said((None, None, "stock", totals), self.said)
