"""Tindahan's playout path, what ``tindahan.State.playout()`` returns (bots and hints simulate with
it), and what Bastos!'s (``explorer._bastos_playout``) shares with it.

The position is copied once into plain lists and small ints and played in place by index, as
``explorer._bangkok_playout`` does for Bangkok. A card is its index in the box (``explorer._fruit.BOX``:
``10 * fruit + value - 1``), so a hand kept sorted by index is in the public display order (fruit,
then value) and one fruit's cards lie side by side in it. ``legal()`` only counts, in the public
``legal_actions()`` order, and keeps what it counted (where the choosable cards start in the hand, how
many) so that ``apply(i)`` goes straight to the action; no notation is written unless ``notation(i)``
asks. A new round deals from the state's own seeded generator, as the public API does, so a playout
deals the same cards; it deals them when first asked (``legal()``), so that a roll-out stopped at a
round's end (the strong bot's) never pays for a deal it does not play. ``state()`` replays the chosen
indices through the public API.

Kept out of the game packages' fixed set of modules; it plays by their rules constants and
``tests/explorer/test_playout*.py`` compares it with the public API move by move. Written for mypyc
(typed plain classes, lists and ints) as well as for the interpreter.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Final

from ._fruit import BOX, FRUIT_INDEX, FRUITS, ORDER, TOP_VALUE, FruitPlayout
from ._playout import Playout
from .tindahan._notation import CART, SELLER, SELLERS_PER_PLAYER
from .tindahan._scoring import FIRST, SECOND, TRICK, TRUMP_BONUS

if TYPE_CHECKING:
    from ._fruit import FruitState
    from ._state import GameState
    from .tindahan._state import State as TindahanState

#: card index -> its fruit's index, and -> its value.
FRUIT_OF: Final[list[int]] = [card // 10 for card in range(len(BOX))]
RANK_OF: Final[list[int]] = [card % 10 + 1 for card in range(len(BOX))]
CARD_TEXT: Final[list[str]] = list(BOX)
SELLER_TEXT: Final[list[str]] = [SELLER[fruit] for fruit in FRUITS]
CART_TEXT: Final[list[str]] = [CART[fruit] for fruit in FRUITS]
BANANA: Final = FRUIT_INDEX["banana"]
# Tindahan's plays in the trick list that are not cards (``_pos.trick`` only says whether one is open).
SELLER_PLAY: Final = 100
CART_PLAY: Final = 200
# Tindahan's trump_bonus_tie readings.
TIE_SHARE: Final = 0
TIE_EACH: Final = 1


def sorted_hands(state: FruitState) -> list[list[int]] | None:
    """Each hand as card indices, or ``None`` if one is not in the display order (a position built
    by hand: the generic ``FruitPlayout``, which keeps any order, plays it)."""
    out: list[list[int]] = []
    for hand in state.hands:
        cards = [ORDER[card] for card in hand]
        if cards != sorted(cards):
            return None
        out.append(cards)
    return out


def deal(state: GameState, number: int, deck: list[int], players: int) -> list[list[int]]:
    """Round ``number``'s hands as the public API deals them: the deck (in box order) shuffled by the
    state's seeded generator, cut into equal hands, each sorted."""
    cards = list(deck)
    state.rng("deal", number).shuffle(cards)
    size = len(cards) // players
    return [sorted(cards[seat * size:(seat + 1) * size]) for seat in range(players)]


_TABLES: Final[dict[tuple[tuple[str, ...], int], tuple[list[int], list[int], list[list[int]]]]] = {}


def fruit_tables(fruits: tuple[str, ...], top: int) -> tuple[list[int], list[int], list[list[int]]]:
    """For the fruits in play and the deck's top value: the fruits' indices, the deck (box order) and,
    per trump fruit, the other fruits in play. Kept per set of fruits (a search sets up a playout for
    every roll-out); shared, so never changed."""
    key = (fruits, top)
    tables = _TABLES.get(key)
    if tables is None:
        indices = [FRUIT_INDEX[fruit] for fruit in fruits]
        deck = [card for card in range(len(BOX)) if FRUIT_OF[card] in indices and RANK_OF[card] <= top]
        others = [[fruit for fruit in indices if fruit != trump] for trump in range(len(FRUITS))]
        tables = _TABLES[key] = (indices, deck, others)
    return tables


def tindahan_playout(state: TindahanState) -> Playout:
    """The fast playout of ``state``, or the generic one where its hands are not in display order."""
    hands = sorted_hands(state)
    return FruitPlayout(state) if hands is None else TindahanPlayout(state, hands)


class TindahanPlayout(Playout):
    """Tindahan's playout path. Hands are sorted card indices; a trick is counted by its plays (a
    card, a seller or the cart move each fill a place), and its taker is kept as the cards come
    (the highest trump, else the highest card of the led fruit; the cart moves only before a trick's
    first play). Stalls are one list, ``fruit * players + seat``.

    ``_pos`` is a copy of the start state whose ``trick`` (a list, non-empty while a trick is open),
    ``tricks_won`` and ``round`` follow the playout: what the search reads to see a trick or a round
    end. Its other fields (hands, seat to act, score sheet) stay as they were at the start; ask the
    playout (``current_player``, ``scores()``).
    """

    __slots__ = ("_act", "_bananas", "_best", "_best_card", "_cart", "_carts", "_count", "_deck",
                 "_emptied", "_fruits", "_hands", "_led", "_left", "_lo", "_n", "_nc", "_placed",
                 "_played", "_returned", "_round", "_rounds", "_scores", "_stalls", "_tie", "_trick",
                 "_trump", "_trumped", "_won")


    def __init__(self, state: TindahanState, hands: list[list[int]]) -> None:
        pos = object.__new__(type(state))
        pos.__dict__.update(state.__dict__)  # immutable containers: the state stays as it is
        super().__init__(state, pos)
        n = self._n = state.players
        self._hands = hands
        self._act = -1 if state.to_act is None else state.to_act
        self._fruits, self._deck, self._carts = fruit_tables(state.fruits, TOP_VALUE)
        self._trump = FRUIT_INDEX[state.trump]
        self._led = -1 if state.led is None else FRUIT_INDEX[state.led]
        self._cart = state.cart_moved
        self._best, self._best_card, self._trumped = -1, -1, False
        self._trick: list[int] = []
        for seat, kind, what in state.trick:
            if kind == "card":
                self._trick.append(ORDER[what])
                self._take_note(seat, ORDER[what])
            else:
                self._trick.append((SELLER_PLAY if kind == "seller" else CART_PLAY) + FRUIT_INDEX[what])
        stalls = [0] * (len(FRUITS) * n)
        for i, fruit in enumerate(state.fruits):
            for seat, count in enumerate(state.stalls[i]):
                stalls[FRUIT_INDEX[fruit] * n + seat] = count
        self._stalls = stalls
        self._left = list(state.sellers_left)
        self._placed = list(state.placed)
        self._won = list(state.tricks_won)
        self._emptied = not all(hands)  # a hand ran out in the trick under way: the round ends with it
        self._round, self._rounds = state.round, state.rounds
        self._scores = state.scores()
        rules = state.rules
        self._returned = rules["sellers_between_rounds"] == "return"
        self._bananas = rules["cart_between_rounds"] == "bananas"
        tie = rules["trump_bonus_tie"]
        self._tie = TIE_SHARE if tie == "share" else TIE_EACH if tie == "each" else 2
        pos.trick = self._trick  # type: ignore[assignment]  # lists: the search reads them as they change
        pos.tricks_won = self._won  # type: ignore[assignment]
        self._played: list[int] = []
        self._count = -1  # not counted yet for this position
        self._lo = self._nc = 0  # the choosable cards: hand[lo:lo + nc]

    @property
    def current_player(self) -> int | None:
        return None if self._act < 0 else self._act

    @property
    def is_over(self) -> bool:
        return self._act < 0

    def legal(self) -> int:
        count = self._count
        if count >= 0:
            return count
        seat = self._act
        if seat < 0:
            self._count = 0
            return 0
        hands = self._hands
        if not hands:  # a new round's cards, dealt when first asked (a roll-out to the round's end never is)
            hands = self._hands = deal(self._origin(), self._round, self._deck, self._n)
        hand = hands[seat]
        tn = len(self._trick)
        if tn == 0:  # any card, or the cart to another stall
            self._lo = 0
            nc = self._nc = len(hand)
            count = nc + len(self._carts[self._trump])
        elif tn == 1 and self._cart:  # after a cart move: a card, which is led
            self._lo = 0
            count = self._nc = len(hand)
        else:  # follow the led fruit if one can, else any card; a seller to the led stall if one is left
            led = 10 * self._led
            lo = bisect_left(hand, led)
            hi = bisect_left(hand, led + 10, lo)
            if lo == hi:
                lo, hi = 0, len(hand)
            self._lo = lo
            count = self._nc = hi - lo
            if self._left[seat]:
                count += 1
        self._count = count
        return count

    def notation(self, index: int) -> str:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        nc = self._nc
        if index < nc:
            return CARD_TEXT[self._hands[self._act][self._lo + index]]
        if self._trick:
            return SELLER_TEXT[self._led]
        return CART_TEXT[self._carts[self._trump][index - nc]]

    def _take_note(self, seat: int, card: int) -> None:
        """Keep the trick's taker up to date with ``card`` played by ``seat`` (within a fruit, a higher
        card index is a higher value)."""
        fruit = FRUIT_OF[card]
        if fruit == self._trump:
            if not self._trumped or card > self._best_card:
                self._best, self._best_card, self._trumped = seat, card, True
        elif not self._trumped and fruit == self._led and card > self._best_card:
            self._best, self._best_card = seat, card

    def apply(self, index: int) -> None:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        self._played.append(index)
        self._count = -1
        seat = self._act
        trick = self._trick
        nc = self._nc
        if index < nc:
            hand = self._hands[seat]
            card = hand.pop(self._lo + index)
            if not hand:
                self._emptied = True
            if not trick or (self._cart and len(trick) == 1):
                self._led = FRUIT_OF[card]
            self._take_note(seat, card)
            trick.append(card)
        elif trick:  # a seller to the led fruit's stall
            led = self._led
            self._stalls[led * self._n + seat] += 1
            self._left[seat] -= 1
            self._placed[seat] += 1
            trick.append(SELLER_PLAY + led)
        else:  # the cart moves: that fruit is trump from now on
            fruit = self._carts[self._trump][index - nc]
            self._trump = fruit
            self._cart = True
            trick.append(CART_PLAY + fruit)
        if len(trick) < self._n:
            seat += 1
            self._act = 0 if seat == self._n else seat
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        winner = self._best
        self._won[winner] += 1
        self._trick.clear()
        self._led = self._best = self._best_card = -1
        self._cart = self._trumped = False
        self._act = winner
        if not self._emptied:
            return
        self._score_round()
        if self._round < self._rounds:
            self._start_round(self._round + 1)
        else:
            self._act = -1

    def _score_round(self) -> None:
        """The round's points, as ``tindahan._scoring.round_awards`` gives them, added per seat."""
        n = self._n
        won, placed, stalls = self._won, self._placed, self._stalls
        totals = [TRICK * won[seat] - len(self._hands[seat]) for seat in range(n)]
        for fruit in self._fruits:
            counts = stalls[fruit * n:(fruit + 1) * n]
            top = max(counts)
            if top == 0:
                continue
            trump = fruit == self._trump
            firsts = [seat for seat in range(n) if counts[seat] == top]
            if len(firsts) == 1:
                totals[firsts[0]] += FIRST + TRUMP_BONUS if trump else FIRST
                runner_up = 0
                for c in counts:
                    if runner_up < c < top:
                        runner_up = c
                if runner_up:
                    seconds = [seat for seat in range(n) if counts[seat] == runner_up]
                    for seat in seconds:
                        totals[seat] += SECOND // len(seconds)
            else:
                pool = FIRST + SECOND + (TRUMP_BONUS if trump and self._tie == TIE_SHARE else 0)
                bonus = TRUMP_BONUS if trump and self._tie == TIE_EACH else 0
                for seat in firsts:
                    totals[seat] += pool // len(firsts) + bonus
        best = max(totals)
        scores = self._scores
        for seat in range(n):
            # An empty round (no seller sent, no trick taken) is raised to the round's best score.
            scores[seat] += best if not placed[seat] and not won[seat] else totals[seat]

    def _start_round(self, number: int) -> None:
        n = self._n
        self._round = number
        self._pos.round = number
        self._act = (n - 1 + number) % n  # left of the dealer, (n - 2 + number) % n
        self._hands = []  # dealt by legal(), when first asked
        self._emptied = False
        for seat in range(n):
            self._won[seat] = self._placed[seat] = 0
        if self._returned:
            self._stalls = [0] * (len(FRUITS) * n)
            self._left = [SELLERS_PER_PLAYER] * n
        if self._bananas:
            self._trump = BANANA

    def scores(self) -> list[int]:
        return list(self._scores)

    def state(self) -> GameState:
        start = self._origin()
        for index in self._played:
            start = start.play(start.legal_actions()[index])
        self._state, self._played = start, []
        return start
