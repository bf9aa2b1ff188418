"""Klongs' playout path: what ``klongs.State.playout()`` returns (bots and hints simulate with it).

As Bangkok's and the fruit games' (``explorer._bangkok_playout``, ``explorer._fruit_playout``): the
position copied once into lists, ints and bitmasks (``explorer._klongs_board``) and played in place by
index, by the rules of ``explorer.klongs._state``, every rules option and edition included.
``legal()`` only counts, in the public ``legal_actions()`` order, and keeps what it counted (a turn's
target spaces and how many each hand boat has, the moves, a phase's spaces or landings) so that
``apply(i)`` goes straight to the action; no notation is written unless ``notation(i)`` asks (from the
edition's interned notation tables). ``state()`` replays the chosen indices through the public API.

What the strong bot's roll-out policy (``explorer._rollout``) reads: ``_pos`` (its ``phase``,
``to_act``, ``placed`` and containers follow the playout, see ``explorer._klongs_board``), ``_pc``
(on a turn, how many of the actions are placements: they come first) and ``put_cards_away()``.

Written for mypyc (``explorer._compiled``) as well as for the interpreter;
``tests/explorer/test_playout_klongs.py`` compares it with the public API move by move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._klongs_board import (
    AFTER,
    BIG,
    DRAW,
    INSPECT,
    INSPECTOR,
    LITTLE,
    MARKET,
    POSSESS,
    THIEF,
    THIEF_PHASE,
    TURN,
    KlongsBoard,
    any_left,
    mask_spaces,
    nth_space,
)

if TYPE_CHECKING:
    from ._state import GameState
    from .klongs._state import State


class KlongsPlayout(KlongsBoard):
    """Klongs' playout path (see the module's docstring). On a turn the actions are the placements
    (per hand boat, in hand order, its target spaces: a thief's avoid the protected columns), else
    "pass", then the moves; the other phases list what ``State._legal`` lists, in its order."""

    __slots__ = ("_count", "_gc", "_gt", "_list", "_mready", "_pc", "_played", "_ss", "_tc", "_tg")

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self._played: list[int] = []
        self._count = -1  # not counted yet for this position
        # What legal() counted: on a turn the placements (their count, the targets of a boat and of
        # a thief, and how many each); a phase's spaces (``_list``, with ``_ss`` the spaces of the
        # boats taken on a market day, whose landings ``_list`` then holds). ``_tg``: a merchant's
        # spaces to come from, when claiming without one in the supply.
        self._pc = self._tg = self._tc = self._gt = self._gc = 0
        self._mready = False  # the moves of the phase after a placement are counted already
        self._list: list[int] = []
        self._ss: list[int] = []

    def put_cards_away(self) -> None:
        super().put_cards_away()
        self._count = -1

    def state(self) -> GameState:
        start = self._state
        for index in self._played:
            start = start.play(start.legal_actions()[index])
        self._state, self._played = start, []
        return start

    # ---- counting -----------------------------------------------------------------------------

    def legal(self) -> int:
        count = self._count
        if count >= 0:
            return count
        seat = self._act
        phase = self._phase
        t = self._t
        if seat < 0:
            count = 0
        elif phase == TURN:
            count = self._count_turn(seat)
        elif phase == POSSESS:
            if self._supply[seat]:
                count = 2
            else:
                own = self._tg = self._mine[seat] & ~t.bit[self._placed]
                count = own.bit_count() + 1
        elif phase == THIEF_PHASE:
            self._list = self._steal_targets(self._placed)
            count = 2 * len(self._list) + 1
        elif phase == INSPECT:
            self._list = mask_spaces(t, t.col_of_mask[self._placed] & self._thf)
            count = 2 * len(self._list) if self._one else len(self._list) + 1
        elif phase == AFTER:
            if self._mready:  # counted as the placement asked whether a move is possible
                self._mready = False
                count = self._mcount + 1
            else:
                count = self._count_moves(seat) + 1
        elif phase == MARKET:
            count = self._count_scorings(seat) + 1
        else:  # DRAW
            count = 2
        self._count = count
        return count

    def _count_turn(self, seat: int) -> int:
        targets = self._targets(seat)
        hand = self._hands[seat]
        tc = targets.bit_count()
        special = self._t.special
        thieves = 0
        for boat in hand:
            if special[boat] == THIEF:
                thieves += 1
        pc = tc * (len(hand) - thieves)
        self._tg, self._tc = targets, tc
        if thieves:
            guarded = targets & ~self._protected()
            gc = guarded.bit_count()
            self._gt, self._gc = guarded, gc
            pc += gc * thieves
        self._pc = pc
        if self._cards[seat] and not self._moved and self._move_first:
            return (pc or 1) + self._count_moves(seat)
        return pc or 1

    def _count_scorings(self, seat: int) -> int:
        """Fills ``_list`` (landings) and ``_ss`` (spaces) with the scorings open to ``seat``."""
        t = self._t
        occ, mine = self._occ, self._mine[seat]
        board, owner, neutral = self._board, self._owner, t.neutral
        big = self._mkind == BIG
        landings: list[int] = []
        taken: list[int] = []
        masks = t.landing_mask
        for k in range(len(masks)):
            mask = masks[k]
            if occ & mask == mask and mine & mask:
                for space in t.landing_spaces[k]:
                    boat = board[space]
                    who = owner[boat]
                    if who == seat or (big and who < 0 and neutral[boat]):
                        landings.append(k)
                        taken.append(space)
        self._list, self._ss = landings, taken
        return len(taken)

    # ---- finding an action ----------------------------------------------------------------------

    def _checked(self, index: int) -> int:
        """The count of legal actions, once ``index`` is known to be one of them."""
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        return count

    def _place_at(self, index: int) -> tuple[int, int]:
        """(position in the hand, space) of placement ``index``."""
        special = self._t.special
        hand = self._hands[self._act]
        for at in range(len(hand)):
            thief = special[hand[at]] == THIEF
            size = self._gc if thief else self._tc
            if index < size:
                return at, nth_space(self._t, self._gt if thief else self._tg, index)
            index -= size
        raise AssertionError("counted actions and listed actions disagree")

    def _move_at(self, index: int) -> tuple[int, int]:
        """(from, to) of move ``index``."""
        opens = self._mopen
        for k in range(len(opens)):
            open_ = opens[k]
            size = open_.bit_count()
            if index < size:
                return self._msrc[k], nth_space(self._t, open_, index)
            index -= size
        raise AssertionError("counted actions and listed actions disagree")

    def notation(self, index: int) -> str:
        count = self._checked(index)
        t = self._t
        phase = self._phase
        last = index == count - 1
        if phase == TURN:
            pc = self._pc
            if index < pc:
                at, space = self._place_at(index)
                return t.place[self._hands[self._act][at]][space]
            if pc == 0 and index == 0:
                return "pass"
            src, dst = self._move_at(index - (pc or 1))
            return t.move[src][dst]
        if phase == POSSESS:
            if last:
                return "decline"
            if self._supply[self._act]:
                return "merchant"
            return t.merchant[nth_space(t, self._tg, index)]
        if phase == THIEF_PHASE:
            return "steal:none" if last else t.steal[self._list[index >> 1]][index & 1]
        if phase == INSPECT:
            if self._one:
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

    def apply(self, index: int) -> None:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        self._played.append(index)
        self._count = -1
        seat = self._act
        phase = self._phase
        last = index == count - 1
        if phase == TURN:
            pc = self._pc
            if index < pc:
                at, space = self._place_at(index)
                self._place(seat, at, space)
            elif pc == 0 and index == 0:
                self._pass()
            else:
                src, dst = self._move_at(index - (pc or 1))
                self._move(seat, src, dst)
        elif phase == POSSESS:
            if not last:
                self._claim(seat, -1 if self._supply[seat] else nth_space(self._t, self._tg, index))
            self._after_placement()
        elif phase == THIEF_PHASE:
            if not last:
                boat = self._take_off(self._list[index >> 1])
                (self._hands if index & 1 else self._stocks)[seat].append(boat)
            self._after_placement()
        elif phase == INSPECT:
            if self._one:
                self._inspect(seat, self._list[index >> 1], index & 1)
            else:
                self._inspect(seat, self._list[index - 1] if index else -1, 1 if index else 0)
            self._after_placement()
        elif phase == AFTER:
            if not last:
                src, dst = self._move_at(index)
                self._move(seat, src, dst)
            self._end_turn()
        elif phase == MARKET:
            self._mindex += 1
            if last:
                self._idle += 1
            else:
                self._score(seat, self._list[index], self._ss[index])
                self._idle = 0
            self._seek_scorer()
        else:  # DRAW
            self._hands[seat].append(self._stacks[index].pop())
            self._refill(seat)

    def _place(self, seat: int, at: int, space: int) -> None:
        t = self._t
        boat = self._hands[seat].pop(at)
        self._board[space] = boat
        bit = t.bit[space]
        self._occ |= bit
        self._refull(space)
        special = t.special[boat]
        if special == INSPECTOR:
            self._insp |= bit
        elif special == THIEF:
            self._thf |= bit
        self._placed = space
        self._pos.placed = space
        self._passes = 0
        self._entered[seat] = True
        step = self._step
        if t.lukphat[boat] and step < len(t.track_points):
            self._step = step + 1
            self._scores[seat] += t.track_points[step]
            self._pending = t.track_market[step]
        if special == THIEF:
            if self._steal_targets(space):
                self._set_phase(THIEF_PHASE)
                return
        elif special == INSPECTOR:
            if t.col_of_mask[space] & self._thf:
                self._set_phase(INSPECT)
                return
        elif not t.neutral[boat]:
            self._set_phase(POSSESS)
            return
        self._after_placement()

    def _pass(self) -> None:
        self._passes += 1
        if self._passes >= self._n:
            self._passes = 0
            self._begin_market(BIG, self._turn)
        else:
            self._refill(self._turn)

    # ---- the turn's flow ----------------------------------------------------------------------

    def _after_placement(self) -> None:
        seat = self._turn
        if self._pending and self._immediate:
            self._end_turn()  # the market day at once: the turn ends with it
        elif self._cards[seat] and not self._moved and self._count_moves(seat):
            self._mready = True
            self._set_phase(AFTER)
            self._set_act(seat)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self._pending:
            kind = self._pending
            self._pending = 0
            self._begin_market(kind, self._turn)
        else:
            self._refill(self._turn)

    def _refill(self, seat: int) -> None:
        """Draw up to a full hand, then pass the turn on (asking for a stack when there is a choice)."""
        if self._skip:
            self._skip = False
        else:
            hand = self._hands[seat]
            stacks = self._stacks
            if len(stacks) == 1:
                stack = stacks[0]
                while len(hand) < self._t.hand_size and stack:
                    hand.append(stack.pop())
            elif self._draw_from_two(seat, hand, stacks):
                return
        self._start_turn((seat + 1) % self._n)

    def _draw_from_two(self, seat: int, hand: list[int], stacks: list[list[int]]) -> bool:
        """The 'more tactics' refill; True if the seat is asked which stack to draw from."""
        while True:
            size = self._t.hand_size
            if len(hand) < size and stacks[0] and stacks[1]:
                self._set_phase(DRAW)
                self._set_act(seat)
                return True
            need = size - len(hand)
            if need <= 0 or not any_left(stacks):
                return False
            stack = stacks[0] if stacks[0] else stacks[1]
            take = min(need, len(stack))
            for _ in range(take):
                hand.append(stack.pop())
            if take == need or not any_left(stacks):
                return False

    def _start_turn(self, seat: int) -> None:
        self._turn = self._act = seat
        self._phase = TURN
        self._moved = False
        self._placed = -1
        pos = self._pos
        pos.turn = pos.to_act = seat
        pos.phase = "turn"
        pos.placed = -1
        if self._empty_big and not self._hands[seat] and not any_left(self._stacks):
            self._begin_market(BIG, seat)

    # ---- market days --------------------------------------------------------------------------

    def _begin_market(self, kind: int, causer: int) -> None:
        n = self._n
        if kind == LITTLE:
            order = [(causer + i) % n for i in range(n)] * 2
        else:
            # Lowest score first, then fewer merchants on the board, then the causer onwards.
            ranked = sorted([(self._scores[s], self._merchants - self._supply[s], (s - causer) % n, s)
                             for s in range(n)])
            if self._fewest:
                order = [entry[3] for entry in ranked]
            else:
                first = ranked[0][3]
                order = [(first + i) % n for i in range(n)]
        self._mkind, self._causer, self._order, self._mindex, self._idle = kind, causer, order, 0, 0
        self._turn = causer
        self._pos.turn = causer
        self._set_phase(MARKET)
        self._seek_scorer()

    def _seek_scorer(self) -> None:
        """Hand the market day to the next seat that can score, or close it."""
        kind, order = self._mkind, self._order
        index, idle = self._mindex, self._idle
        n = self._n
        while (index < len(order)) if kind == LITTLE else (idle < n):
            seat = order[index % len(order)]
            if self._can_score(seat):
                self._mindex, self._idle = index, idle
                self._set_act(seat)
                return
            index += 1
            idle += 1
        self._mkind = 0
        if kind == LITTLE:
            self._skip = self._skip_rule
            self._set_phase(TURN)
            self._refill(self._causer)
        else:
            self._final_scoring()
