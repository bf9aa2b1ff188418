"""The Bangkok Klongs state: one immutable value per position; actions are values (``str()``: the notation).

The rules live in the kernel (``_kernel``): the state is a shell over one, as python-chess's board
seen immutably: ``play()`` copies the kernel and applies the action to the copy. The fields the view
(``_view``), the refusals (``_explain``) and the bot read are the kernel's, as tuples: ``board`` maps
each water space to a boat index (-1 empty), ``occ`` is the same as a bitmask (see ``_edition``),
``owner`` maps each boat to the seat whose merchant stands on it (-1 none). A turn walks through
phases, each with its own actions:

``turn`` (place, move, pass) -> ``possess`` / ``thief`` / ``inspect`` (what the placed boat asks)
-> ``after`` (optional move, or end) -> ``market`` (score or decline, per seat) -> ``draw`` (variant
only: pick a stack) -> the next ``turn``; ``over`` once the stock is scored. ``turn`` is whose turn it
is, ``to_act`` who acts now (on a market day, the scorer).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from .._core.shell import Kept, KernelShell, rows
from .._core.state import ScoreLine
from ._board import HAND_SIZE, MARKET_NAMES, MOVEMENT_CARDS, PHASES, Said, boat_merchants, tables_for
from ._edition import LOADER, Edition, load_edition
from ._kernel import Kernel, build
from ._notation import COLOURS
from ._start import place_start, resolve_position


def unseen_take(known: list[int], size: int, unseen: list[int]) -> list[int]:
    """A hand of ``size`` boats: the ``known`` ones, then boats taken from ``unseen`` (which shrinks)."""
    out = known + unseen[: size - len(known)]
    del unseen[: size - len(known)]
    return out


class State(KernelShell):
    """A Bangkok Klongs position. Start one with ``explorer.new_game("klongs", ...)`` or
    :meth:`from_position` for a scenario."""

    # A start position may fix every seat's hand: each seat sees only its own in the rules it is shown.
    START_PRIVATE: ClassVar[dict[str, str]] = {"hands": "seat"}

    ed: Edition
    #: The position and its rules (never changed once the state is made: ``play()`` copies it).
    _k: Kernel

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
    def from_view(cls, view: dict[str, Any]) -> Self:
        """A position with ``view``'s public table and its seat's hand, the other hands and the stacks
        filled with boats nobody has seen (a search deals them anew: ``explorer._search.determinize``).
        Nothing hidden is in a view, so nothing hidden reaches whoever plays from it."""
        players, seat = view["players"], view["seat"]
        rules = {k: v for k, v in view["rules"].items() if k != "start"}
        state = cls.new(players, 0, edition=view["edition"], **rules)
        ed = state.ed
        ids = ed.boat_index
        board, owner = [-1] * len(ed.spaces), [-1] * len(ed.boats)
        for space, face in view["board"].items():
            boat = board[ed.index[space]] = ids[face["id"]]
            owner[boat] = COLOURS.index(face["owner"]) if face["owner"] in COLOURS else -1
        known = [[ids[face["id"]] for face in hand] for hand in view["known_in_hands"]]
        seen = {b for b in board if b >= 0} | {b for hand in known for b in hand}
        known[seat] = [ids[face["id"]] for face in view["hand"]]
        stocks = [[ids[face["id"]] for face in stock] for stock in view["stocks"]]
        discard = [ids[face["id"]] for face in view["discard"]]
        shown = {b for b in board if b >= 0} | set(discard)
        shown |= {b for group in (*known, *stocks) for b in group}
        unseen = [b for b in range(len(ed.boats)) if b not in shown]
        # Stacks first, each of the boats it can hold ("more tactics": neutral ones, then the others).
        stacks: list[list[int]] = []
        for which, size in enumerate(view["stacks"]):
            kinds = len(view["stacks"])
            fits = [b for b in unseen if kinds == 1 or ed.boats[b].neutral == (which == 0)][:size]
            fits += [b for b in unseen if b not in fits][: size - len(fits)]
            stacks.append(fits)
            unseen = [b for b in unseen if b not in fits]
        hands = [known[s] if s == seat else unseen_take(known[s], view["hand_sizes"][s], unseen)
                 for s in range(players)]
        k = build(tables_for(ed), players, rules | {"start": None}, board, owner, hands, stacks, stocks,
                  list(view["supply"]), list(view["movement_cards"]), list(view["entered"]), view["lukphat"])
        k.discard = discard
        k.seen = sum(1 << b for b in seen | set(discard) | {b for stock in stocks for b in stock})
        for line in view["sheet"]:
            k.points[line["seat"]] += line["points"]
        k.lines = tuple(ScoreLine(line["seat"], line["label"], line["points"], line["rule"], line["round"])
                        for line in view["sheet"])
        k.market_days = view["market_days_held"]
        k.phase, k.turn = PHASES.index(view["phase"]), view["turn"] if view["turn"] is not None else 0
        k.act = -1 if view["current_player"] is None else view["current_player"]
        k.moved, k.placed = view["moved_this_turn"], ed.index[view["placed"]] if view["placed"] else -1
        k.pending = MARKET_NAMES.index(view["market_due"]) if view["market_due"] else 0
        k.passes, k.skip = view["passes_in_a_row"], view["next_draw_skipped"]
        k.master = ed.landing_index[view["master"]] if view["master"] else -1
        market = view["market"]
        if market is not None:
            k.mkind, k.causer = MARKET_NAMES.index(market["kind"]), market["causer"]
            k.order = list(market["order"])
            k.mindex, k.idle = market["step"], market["idle"]
        state._k = k
        state._applied()
        return state

    EDITIONS = LOADER.names

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
        board, owner, supply = place_start(placed, ed, n, boat_merchants(n, self.rules))
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
        stocks = [list(s) for s in (placed.stocks if placed else [[] for _ in range(n)])]
        cards = [MOVEMENT_CARDS] * n
        entered = [any(b >= 0 for b in board)] * n if start is not None else [False] * n
        lines: tuple[ScoreLine, ...] = ()
        step = 0
        if start is not None:
            cards = list(start.get("movement_cards", cards))
            entered = list(start.get("entered", entered))
            step = start.get("lukphat", 0)
            lines = tuple(ScoreLine(seat, "starting score", points, "klongs.setup.start-position")
                          for seat, points in enumerate(start.get("scores", [])) if points)
        self._k = build(tables_for(ed), n, self.rules, board, owner, hands, stacks, stocks, supply, cards,
                        entered, step)
        self._k.start(start.get("to_move", 0) if start else 0, lines)
        self._legal_cache = None
        self._applied()

    def _redeal(self, hands: Sequence[Sequence[int]], stacks: Sequence[Sequence[int]]) -> None:
        """The hidden boats dealt anew (a sample of what a seat cannot see: ``_search.determinize``)."""
        k = self._k = self._k.copy()
        k.hands = [list(hand) for hand in hands]
        k.stacks = [list(stack) for stack in stacks]
        k._count = -1
        self._legal_cache = None

    def _deal_unseen(self, seat: int, rng: random.Random) -> None:
        # The boats the seat has not seen (board, discard, stocks and its own hand are in view) are
        # dealt anew into the other hands and the stacks, by their sizes; boats that went back to a
        # hand in view of all (``seen``) stay there, and with "more tactics" the two stacks keep
        # their kinds (neutral and special boats in the first).
        boats = self.ed.boats
        seen = self.seen
        visible = {b for b in self.board if b >= 0} | set(self.discard) | set(self.hands[seat])
        for stock in self.stocks:
            visible.update(stock)
        kept: dict[int, list[int]] = {}
        slots: dict[int, int] = {}
        for s, hand in enumerate(self.hands):
            if s != seat:
                kept[s] = [b for b in hand if seen >> b & 1]
                visible.update(kept[s])
                slots[s] = len(hand) - len(kept[s])
        pool = [b for b in range(len(boats)) if b not in visible]
        rng.shuffle(pool)
        stacks = list(self.stacks)
        if len(stacks) == 2:
            kinds = [[b for b in pool if boats[b].neutral], [b for b in pool if not boats[b].neutral]]
            for k in (0, 1):
                size = len(stacks[k])
                stacks[k], kinds[k] = tuple(kinds[k][:size]), kinds[k][size:]
            pool = kinds[0] + kinds[1]
            rng.shuffle(pool)
        else:
            for k, stack in enumerate(stacks):
                size = len(stack)
                stacks[k], pool = tuple(pool[:size]), pool[size:]
        hands = list(self.hands)
        for s, want in slots.items():
            hands[s], pool = tuple(kept[s] + pool[:want]), pool[want:]
        assert not pool, "Klongs: the unseen boats do not fill the hidden places"
        self._redeal(hands, stacks)

    def _bound(self) -> tuple[int, bool, str]:
        # A turn places a boat from the hand, or passes (n passes in a row start the Big Market Day,
        # which ends the game); hands are refilled from the edition's stacks. A boat comes back to a
        # hand only through a thief or an inspector, which the rules let happen again and again, so
        # no bound follows from them. A turn has at most about 10 actions (a move, a placement, a
        # merchant, a thief or an inspector, a second move or the end, draws, market-day scorings):
        # 20 actions per boat of the edition is a stop far beyond the ~2 per boat of random games.
        boats = len(self.ed.boats)
        return (20 * boats, False,
                f"20 actions per boat of the edition ({boats} boats); thieves and inspectors can hand boats "
                "back without limit, so this is a stop far beyond any game played, not a rule")

    # ---- the kernel's fields, as the view, the refusals and the bot read them ----------------------

    board: Kept[tuple[int, ...]] = Kept(tuple)
    occ: Kept[int] = Kept()
    full: Kept[int] = Kept()
    owner: Kept[tuple[int, ...]] = Kept(tuple)
    mine: Kept[tuple[int, ...]] = Kept(tuple)
    hands: Kept[tuple[tuple[int, ...], ...]] = Kept(rows)
    stacks: Kept[tuple[tuple[int, ...], ...]] = Kept(rows)
    stocks: Kept[tuple[tuple[int, ...], ...]] = Kept(rows)
    discard: Kept[tuple[int, ...]] = Kept(tuple)
    supply: Kept[tuple[int, ...]] = Kept(tuple)
    cards: Kept[tuple[int, ...]] = Kept(tuple)
    entered: Kept[tuple[bool, ...]] = Kept(tuple)
    seen: Kept[int] = Kept()
    lukphat: Kept[int] = Kept(field="step")
    lines: Kept[tuple[ScoreLine, ...]] = Kept()
    said: Kept[Said | None] = Kept()

    @property
    def phase(self) -> str:
        return PHASES[self._k.phase]

    turn: Kept[int] = Kept()
    moved: Kept[bool] = Kept()
    placed: Kept[int] = Kept()

    @property
    def pending_market(self) -> str | None:
        return MARKET_NAMES[self._k.pending]

    passes: Kept[int] = Kept()
    master: Kept[int] = Kept()
    market_days: Kept[int] = Kept()
    skip_draw: Kept[bool] = Kept(field="skip")

    @property
    def market(self) -> tuple[str, int, tuple[int, ...], int, int] | None:
        """The market day under way: kind, causer, order of scorers, where in it, seats idle in a row."""
        k = self._k
        kind = MARKET_NAMES[k.mkind]
        return None if kind is None else (kind, k.causer, tuple(k.order), k.mindex, k.idle)

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

    # ---- refusals, scores, views, snapshots -----------------------------------------------------

    def _score_lines(self) -> Sequence[ScoreLine]:
        return self.lines

    def rounds_scored(self) -> int:
        # Lines are numbered by the market day that closes their period (Luk Phat points appear
        # before it is held), so the market days held count instead.
        return self.market_days

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
        """The whole position as JSON data: every hidden part included."""
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
            "to_act": self.to_act,
            "moved": self.moved,
            "placed": self.placed,
            "pending_market": self.pending_market,
            "passes": self.passes,
            "market": None if self.market is None else [self.market[0], self.market[1], list(self.market[2]),
                                                         self.market[3], self.market[4]],
            "master": self.master,
            "market_days": self.market_days,
            "skip_draw": self.skip_draw,
            "seen": [ids[b] for b in range(len(ids)) if self.seen >> b & 1],
        }
