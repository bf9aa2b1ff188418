"""The Bastos! state: one immutable value per position; actions are values (``str()``: the notation).

The rules live in the kernel (``_kernel``): the state is a shell over one, as python-chess's board
seen immutably: ``play()`` copies the kernel and applies the action to the copy, then tells the
events the kernel said. The fields the view (``_view``), the refusals (``_explain``) and the tests
read are the kernel's, in words: cards as notations, fruits by name, trick entries as tuples.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Self

from .._core.shell import Kept
from .._fruitbox.kernel import CARD_TEXT, fruit_tables
from .._fruitbox.state import ORDER, FruitState, cards_text, this_round
from ._kernel import PHASES, TOP, Entry, Kernel, new_kernel
from ._notation import CARD, DECK, FRUIT_INDEX, FRUITS
from ._options import fruits_in_play
from ._start import start_hands

HIDDEN = -2  # a pick made but not seen (a table rebuilt from a view): a sample deals it


def _trick(last: tuple[tuple[Entry, ...], int] | None) -> tuple[tuple[Entry, ...], int | None] | None:
    return None if last is None else (last[0], None if last[1] < 0 else last[1])


class State(FruitState):
    """A Bastos! position. Seat ``players - 1`` deals round 1; the deal passes on one seat a round."""

    #: The position and its rules (never changed once the state is made: ``play()`` copies it).
    _k: Kernel

    # ---- setup ---------------------------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        removed = self.rules["removed_fruit"] if n == 3 else None
        fruits = fruits_in_play(n, self.rules["removed_fruit"])
        deck = [CARD_TEXT[card] for card in fruit_tables(fruits, TOP)[1]]
        given = start_hands(self.rules["start"], n, deck, removed)
        self._begin(new_kernel, fruits, given)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Self:
        """A position with ``view``'s public table and its seat's hand, the other hands (and picks not
        yet revealed) placeholders (a search deals them anew: ``explorer._search.determinize``). The cards
        taken and set aside this round are read from its events."""
        state, k = cls._viewed_kernel(view)
        n = state.players
        k.phase = PHASES.index(view["phase"])
        k.trump = -1 if view["trump"] is None else FRUIT_INDEX[view["trump"]]
        k.spare = -1 if view["spare"] is None else ORDER[view["spare"]]
        k.adjusting = -1 if view["adjusting"] is None else view["adjusting"]
        k.picks = [ORDER[p] if p is not None else (HIDDEN if chosen else -1)
                   for p, chosen in zip(view["bastos_cards"], view["chosen"], strict=True)]
        k.colours = [] if view["phase"] == "choose" else [FRUIT_INDEX[f] for f in view["bastos"]]
        k.colour_mask = 0
        for fruit in k.colours:
            k.colour_mask |= 1 << fruit
        k.values = [view["values"].get(f, 0) for f in FRUITS]
        k.trick, k.entries, k.declared = [], [], -1
        for p in view["trick"]:
            if p["kind"] == "card":
                if p.get("trump"):
                    k.declared = len(k.trick)
                k.trick.append(ORDER[p["card"]])
                k.entries.append(("card", p["seat"], p["card"], bool(p.get("trump"))))
            else:
                k.entries.append(("adjust", p["seat"], p["fruit"], p["delta"]))
        k.taken, k.aside = [[] for _ in range(n)], []
        k.won, k.won_cards = list(view["tricks_won"]), [0] * (len(FRUITS) * n)
        played: list[int] = []
        for event in this_round(view["events"]):
            kind = event.get("kind")
            if kind in ("card", "lead", "trump"):
                played.append(ORDER[event["card"]])
            elif kind == "trick":
                k.taken[event["winner"]] += played
                for card in played:
                    k.won_cards[event["winner"] * len(FRUITS) + FRUITS.index(CARD[CARD_TEXT[card]][0])] += 1
                played = []
            elif kind == "set-aside":
                k.aside += played
                played = []
        last = view["last_trick"]
        trick = None if last is None else (tuple(
            ("card", p["seat"], p["card"], bool(p.get("trump"))) if p["kind"] == "card"
            else ("adjust", p["seat"], p["fruit"], p["delta"]) for p in last["plays"]),
            -1 if last["winner"] is None else last["winner"])
        return state._settle_view(k, view, trick)

    def _redeal(self, hands: Sequence[Sequence[str]], picks: Sequence[str | None] | None = None) -> None:
        """The hidden cards dealt anew (a sample of what a seat cannot see: ``_search.determinize``)."""
        k = self._k = self._k.copy()
        k.hands = [sorted(ORDER[card] for card in hand) for hand in hands]
        if picks is not None:
            k.picks = [-1 if p is None else ORDER[p] for p in picks]
        k._count = -1
        self._legal_cache = None

    def _deck(self) -> list[str]:
        """The cards in play, in box order."""
        return [CARD_TEXT[card] for card in self._k.g.deck]

    def _unseen(self, seat: int) -> tuple[list[str], set[str], dict[int, int]]:
        # Set aside, taken in tricks, in the trick and the spare card are in the open; a pick is
        # hidden from the others only while picks are being chosen.
        public = set(self.set_aside) | {c for won in self.won for c in won}
        public |= {e[2] for e in self.trick if e[0] == "card"}
        if self.spare is not None:
            public.add(self.spare)
        hidden_picks: dict[int, int] = {}
        for s, pick in enumerate(self.picks):
            if pick is None:
                continue
            if self.phase != "choose" or s == seat:
                public.add(pick)
            else:
                hidden_picks[s] = 1
        return self._deck(), public, hidden_picks

    def _bound(self) -> tuple[int, bool, str]:
        # 2 n rounds. A round: each seat picks one Bastos! card (n actions), then every card dealt is
        # played at most once (at most the 45 cards of the deck), and only a card play can owe a
        # value move (at most one per card). So at most n + 2 x 45 actions a round.
        n, cards = self.players, len(DECK)
        return (2 * n * (n + 2 * cards), True,
                f"{2 * n} rounds, each of {n} picks, at most {cards} cards and one value move per card")

    # ---- the kernel's fields, as the view, the refusals and the tests read them ------------------

    @property
    def boxed(self) -> tuple[str, ...]:
        return cards_text(self._k.g.boxed)

    @property
    def phase(self) -> str:
        return PHASES[self._k.phase]

    @property
    def picks(self) -> tuple[str | None, ...]:
        return tuple(None if p == -1 else "?" if p == HIDDEN else CARD_TEXT[p] for p in self._k.picks)

    @property
    def colours(self) -> tuple[str, ...] | None:
        colours = self._k.colours
        return tuple(FRUITS[fruit] for fruit in colours) if colours else None

    values: Kept[tuple[int, ...]] = Kept(tuple)

    @property
    def trump(self) -> str | None:
        return None if self._k.trump < 0 else FRUITS[self._k.trump]

    trick: Kept[tuple[Entry, ...]] = Kept(tuple, field="entries")

    declared_at: Kept[int] = Kept(field="declared")

    @property
    def adjusting(self) -> int | None:
        return None if self._k.adjusting < 0 else self._k.adjusting

    @property
    def won(self) -> tuple[tuple[str, ...], ...]:
        return tuple(cards_text(cards) for cards in self._k.taken)

    tricks_won: Kept[tuple[int, ...]] = Kept(tuple, field="won")

    @property
    def set_aside(self) -> tuple[str, ...]:
        return cards_text(self._k.aside)

    @property
    def spare(self) -> str | None:
        return None if self._k.spare < 0 else CARD_TEXT[self._k.spare]

    @property
    def last_trick(self) -> tuple[tuple[Entry, ...], int | None] | None:
        return _trick(self._k.last_trick)

    @property
    def round_last_trick(self) -> tuple[tuple[Entry, ...], int | None] | None:
        """Last round's final trick, for review until this round's first trick ends."""
        return _trick(self._k.round_last_trick)

    # ---- queries -------------------------------------------------------------------------------

    def value(self, fruit: str) -> int:
        return self._k.values[FRUIT_INDEX[fruit]]

    def value_table(self) -> dict[str, int]:
        return {fruit: self._k.values[FRUIT_INDEX[fruit]] for fruit in self.fruits}

    def led_fruit(self) -> str | None:
        trick = self._k.trick
        return FRUITS[trick[0] // 10] if trick else None

    # ---- refusals, views, snapshots (the roles of _explain and _view) ----------------------------

    def _snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "leader": self.leader,
            "hands": [list(hand) for hand in self.hands],
            "picks": list(self.picks),
            "values": self.value_table(),
            "trump": self.trump,
            "trick": [list(e) for e in self.trick],
            "declared_at": self.declared_at,
            "adjusting": self.adjusting,
            "won": [list(cards) for cards in self.won],
            "set_aside": list(self.set_aside),
            "spare": self.spare,
            "boxed": list(self.boxed),
            "last_trick": None if self.last_trick is None
            else [[list(e) for e in self.last_trick[0]], self.last_trick[1]],
            "round_last_trick": None if self.round_last_trick is None
            else [[list(e) for e in self.round_last_trick[0]], self.round_last_trick[1]],
            "lines": [list(line) for line in self.lines],
        }

    def inventory(self) -> dict[str, int]:
        where: list[str] = [*self.boxed, *self.set_aside]
        for hand in self.hands:
            where += hand
        for cards in self.won:
            where += cards
        where += [p for p in self.picks if p is not None]
        where += [e[2] for e in self.trick if e[0] == "card"]
        if self.spare is not None:
            where.append(self.spare)
        return dict(Counter(where))

    def secrets(self, seat: int) -> list[str]:
        hidden = self._hidden(seat)
        if self.colours is None:
            hidden += [p for other, p in enumerate(self.picks)
                       if other != seat and p is not None and p not in self.told]
        return hidden
