"""The Tindahan state: one immutable value per position; actions are values (``str()``: the notation).

The rules live in the kernel (``_kernel``): the state is a shell over one, as python-chess's board
seen immutably: ``play()`` copies the kernel and applies the action to the copy, then tells the
events the kernel said. The fields the view (``_view``), the refusals (``_explain``) and the tests
read are the kernel's, in words: cards as notations, fruits by name, plays as ``(seat, kind, what)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from explorer._core.shell import Kept
from explorer._fruitbox.state import FRUITS, ORDER, FruitState, this_round

from ._kernel import Kernel, new_kernel
from ._notation import HAND_SIZE, SELLERS_PER_PLAYER, Play, deck
from ._options import fruits_in_play
from ._start import start_hands


class State(FruitState):
    """A Tindahan position. Seat 0 starts round 1; seat ``(players - 2 + r) % players`` deals round ``r``."""

    #: The position and its rules (never changed once the state is made: ``play()`` copies it).
    _k: Kernel
    TIE_NOTE = " (by the rulebook's joke, the designer wins)"

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        fruits = fruits_in_play(n, self.rules["removed_fruits"])
        given = start_hands(self.rules["start"], n, fruits)
        self._begin(new_kernel, fruits, given)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Self:
        """A position with ``view``'s public table and its seat's hand, the other hands placeholders of
        the right sizes (a search deals them anew: ``explorer._search.determinize``). The round's sellers
        sent and cards taken are read from its events."""
        state, k = cls._viewed_kernel(view)
        n = state.players
        k.trump = FRUITS.index(view["trump"])
        k.led = -1 if view["led"] is None else FRUITS.index(view["led"])
        k.cart = view["cart_moved"]
        k.emptied = not all(view["hand_sizes"])
        k.stalls = list(k.stalls)
        for i, fruit in enumerate(k.g.fruits):
            k.stalls[fruit * n:(fruit + 1) * n] = view["stalls"][k.g.names[i]]
        k.left, k.won = list(view["sellers_left"]), list(view["tricks_won"])
        k.placed, k.piles = [0] * n, [0] * n
        cards = 0
        for event in this_round(view["events"]):
            if event.get("kind") == "seller":
                k.placed[event["seat"]] += 1
            elif event.get("kind") == "card":
                cards += 1
            elif event.get("kind") == "trick":
                k.piles[event["winner"]] += cards
                cards = 0
        k.trick, k.best, k.best_card, k.trumped, k.cards = [], -1, -1, False, 0
        for i, play in enumerate(view["trick"]):
            if play["kind"] == "card":
                card = ORDER[play["card"]]
                k.trick.append(card)
                k.cards += 1
                k._take_note((k.leader + i) % n, card)
            else:
                fruit = FRUITS.index(play["fruit"])
                k.trick.append((100 if play["kind"] == "seller" else 200) + fruit)
        last = view["last_trick"]
        trick = None if last is None else (
            tuple((p["seat"], p["kind"], p["card"] if p["kind"] == "card" else p["fruit"])
                  for p in last["plays"]), last["winner"])
        k.summaries = ()
        return state._settle_view(k, view, trick)

    def _redeal(self, hands: Sequence[Sequence[str]], picks: Sequence[str | None] | None = None) -> None:
        """The hidden cards dealt anew (a sample of what a seat cannot see: ``_search.determinize``)."""
        k = self._k = self._k.copy()
        k.hands = [sorted(ORDER[card] for card in hand) for hand in hands]
        k._count = -1
        self._legal_cache = None

    def _unseen(self, seat: int) -> tuple[list[str], set[str], dict[int, int]]:
        return deck(self.fruits), set(), {}

    def _bound(self) -> tuple[int, bool, str]:
        # A round deals 10 cards a hand (the start option keeps ten-card hands) and ends after the
        # trick in which some hand runs out. Every action plays a card, sends a seller or moves the
        # cart. Cards: at most the 10 n dealt. Sellers: at most 9 a player (fewer when they stay
        # between rounds). The cart moves only as a trick's first entry and the next entry must be a
        # card, so every trick holds a card: at most 10 n cart moves. There are n rounds: 29 n**2.
        n = self.players
        return (n * (2 * HAND_SIZE + SELLERS_PER_PLAYER) * n, True,
                f"{n} rounds, each of at most {HAND_SIZE * n} cards, as many cart moves (one per trick, "
                f"and every trick holds a card) and {SELLERS_PER_PLAYER * n} sellers")

    # ---- the kernel's fields, as the view, the refusals and the tests read them ------------------

    @property
    def trump(self) -> str:
        return FRUITS[self._k.trump]

    @property
    def led(self) -> str | None:
        return None if self._k.led < 0 else FRUITS[self._k.led]

    cart_moved: Kept[bool] = Kept(field="cart")

    @property
    def must_play(self) -> bool:
        """The seat after a cart move has to play a card (tindahan.cart.next-must-play)."""
        return self._k.must_play()

    @property
    def trick(self) -> tuple[Play, ...]:
        return self._k.plays()

    @property
    def stalls(self) -> tuple[tuple[int, ...], ...]:
        """Per fruit in play, its sellers per seat."""
        k = self._k
        return tuple(tuple(k.stalls[f * k.n:(f + 1) * k.n]) for f in k.g.fruits)

    sellers_left: Kept[tuple[int, ...]] = Kept(tuple, field="left")

    #: Sellers sent this round, per seat (for the empty-round rule).
    placed: Kept[tuple[int, ...]] = Kept(tuple)
    tricks_won: Kept[tuple[int, ...]] = Kept(tuple, field="won")

    #: Cards in the tricks each seat took this round.
    piles: Kept[tuple[int, ...]] = Kept(tuple)
    last_trick: Kept[tuple[tuple[Play, ...], int] | None] = Kept()

    #: Last round's final trick, for review until this round's first trick is taken.
    round_last_trick: Kept[tuple[tuple[Play, ...], int] | None] = Kept()

    #: Each scored round's end position, for learners and tests.
    summaries: Kept[tuple[dict[str, Any], ...]] = Kept()

    # ---- refusals, views, snapshots (the roles of _explain and _view) ----------------------------

    def _snapshot(self) -> dict[str, Any]:
        return {
            "fruits": list(self.fruits),
            "round": self.round,
            "dealer": self.dealer,
            "leader": self.leader,
            "to_act": self.to_act,
            "trump": self.trump,
            "led": self.led,
            "cart_moved": self.cart_moved,
            "hands": [list(hand) for hand in self.hands],
            "trick": [list(p) for p in self.trick],
            "stalls": [list(stall) for stall in self.stalls],
            "sellers_left": list(self.sellers_left),
            "placed": list(self.placed),
            "tricks_won": list(self.tricks_won),
            "piles": list(self.piles),
            "last_trick": None if self.last_trick is None else
            [[list(p) for p in self.last_trick[0]], self.last_trick[1]],
            "round_last_trick": None if self.round_last_trick is None else
            [[list(p) for p in self.round_last_trick[0]], self.round_last_trick[1]],
            "lines": [list(line) for line in self.lines],
            "summaries": [dict(s) for s in self.summaries],
        }

    def inventory(self) -> dict[str, int]:
        counts = {
            "fruit cards": sum(map(len, self._k.hands)) + sum(self.piles) + self._k.cards,
            "donkey cart": 1 if self.trump in self.fruits else 0,
        }
        for s in range(self.players):
            counts[f"sellers of seat {s}"] = self.sellers_left[s] + sum(stall[s] for stall in self.stalls)
        return counts

    def secrets(self, seat: int) -> list[str]:
        # Quoted, because a bare "banana-1" is also the start of "banana-10".
        return [f'"{card}"' for card in self._hidden(seat)]
