"""Bastos!'s playout path: what ``bastos.State.playout()`` returns (bots and hints simulate with it).

As Tindahan's kernel (with the box's card indices, deal and hand copy: ``explorer._fruit_kernel``): the
position copied once into lists and small ints, played in place by index, notations written only
when asked, ``state()`` replaying the chosen indices through the public API. Written for mypyc as well
as for the interpreter; ``tests/explorer/test_playout*.py`` compare it with the public API.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Final

from ._fruit import BOX, FRUIT_INDEX, FRUITS, ORDER, FruitPlayout
from ._fruit_kernel import CARD_TEXT, FRUIT_OF, RANK_OF, deal, fruit_tables, sorted_hands
from ._playout import Playout
from .bastos._mechanics import MAX_VALUE, MIN_VALUE
from .bastos._notation import CHOOSE, DECLARE, LOWER, RAISE, TOP

if TYPE_CHECKING:
    from ._state import GameState
    from .bastos._state import State

CHOOSE_TEXT: Final[list[str]] = [CHOOSE.get(card, "") for card in BOX]
DECLARE_TEXT: Final[list[str]] = [DECLARE.get(card, "") for card in BOX]
RAISE_TEXT: Final[list[str]] = [RAISE[fruit] for fruit in FRUITS]
LOWER_TEXT: Final[list[str]] = [LOWER[fruit] for fruit in FRUITS]
# The phases of a round.
CHOOSING: Final = 0
PLAYING: Final = 1
ADJUSTING: Final = 2


def bastos_playout(state: State) -> Playout:
    """The fast playout of ``state``, or the generic one where its hands are not in display order."""
    hands = sorted_hands(state)
    return FruitPlayout(state) if hands is None else BastosPlayout(state, hands)


class BastosPlayout(Playout):
    """Bastos!'s playout path. Hands are sorted card indices; the trick is its cards in play order
    (the ``i``-th played by ``leader + i``); the value table is a list by fruit; the cards each seat
    took this round are counted per fruit (``seat * 5 + fruit``), which is all the round's scoring
    reads. A Bastos! colour is a fruit index per seat, and ``_colour_mask`` their set.

    ``_pos`` is a copy of the start state whose ``trick`` (a list, non-empty while a trick is open),
    ``tricks_won`` and ``round`` follow the playout: what the search reads to see a trick or a round
    end. Its other fields (hands, values, seat to act, score sheet) stay as they were at the start;
    ask the playout (``current_player``, ``scores()``).
    """

    __slots__ = ("_act", "_beat_led", "_colour_mask", "_colours", "_count", "_dealer", "_deck",
                 "_declared", "_from_declaration", "_fruits", "_hands", "_leader", "_lo", "_n", "_nc",
                 "_phase", "_picks", "_played", "_round", "_rounds", "_scores", "_trick", "_trump",
                 "_values", "_won", "_won_cards")


    def __init__(self, state: State, hands: list[list[int]]) -> None:
        pos = object.__new__(type(state))
        pos.__dict__.update(state.__dict__)  # immutable containers: the state stays as it is
        super().__init__(state, pos)
        n = self._n = state.players
        self._hands = hands
        self._act = -1 if state.to_act is None else state.to_act
        phase = state.phase
        self._phase = CHOOSING if phase == "choose" else ADJUSTING if phase == "adjust" else PLAYING
        self._fruits, self._deck, _ = fruit_tables(state.fruits, TOP)
        self._leader, self._dealer = state.leader, state.dealer
        self._round, self._rounds = state.round, state.rounds
        self._picks = [-1 if pick is None else ORDER[pick] for pick in state.picks]
        self._colours = [] if state.colours is None else [FRUIT_INDEX[fruit] for fruit in state.colours]
        self._colour_mask = 0
        for fruit in self._colours:
            self._colour_mask |= 1 << fruit
        self._values = list(state.values)
        self._trump = -1 if state.trump is None else FRUIT_INDEX[state.trump]
        self._trick = [ORDER[entry[2]] for entry in state.trick if entry[0] == "card"]
        self._declared = state.declared_at
        won = [0] * (len(FRUITS) * n)
        for seat, cards in enumerate(state.won):
            for card in cards:
                won[seat * len(FRUITS) + FRUIT_OF[ORDER[card]]] += 1
        self._won_cards = won
        self._won = list(state.tricks_won)
        self._scores = state.scores()
        rules = state.rules
        self._from_declaration = rules["trump_timing"] == "from-declaration"
        self._beat_led = rules["bastos_lead"] == "must-beat-led"
        pos.trick = self._trick  # type: ignore[assignment]  # lists: the search reads them as they change
        pos.tricks_won = self._won  # type: ignore[assignment]
        self._played: list[int] = []
        self._count = -1  # not counted yet for this position
        self._lo = self._nc = 0  # the plain card plays: hand[lo:lo + nc]

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
            hands = self._hands = deal(self._origin().rng("deal", self._round), self._deck, self._n)
        hand = hands[seat]
        phase = self._phase
        if phase == PLAYING:
            trick = self._trick
            if trick:  # follow the led fruit if one can
                led = 10 * FRUIT_OF[trick[0]]
                lo = bisect_left(hand, led)
                hi = bisect_left(hand, led + 10, lo)
                if hi > lo:
                    self._lo = lo
                    count = self._nc = hi - lo
                else:  # any card; while no trump is made, also any card not of a Bastos! colour as trump
                    self._lo = 0
                    count = self._nc = len(hand)
                    if self._trump < 0:
                        mask = self._colour_mask
                        for card in hand:
                            if not mask >> FRUIT_OF[card] & 1:
                                count += 1
            else:
                self._lo = 0
                count = self._nc = len(hand)
        elif phase == CHOOSING:
            self._lo = 0
            count = self._nc = len(hand)
        else:  # raise or lower a fruit in play, within the table's limits
            count = 0
            values = self._values
            for fruit in self._fruits:
                value = values[fruit]
                count += (value < MAX_VALUE) + (value > MIN_VALUE)
            self._nc = 0
        self._count = count
        return count

    def _declarable(self, hand: list[int], nth: int) -> int:
        """Where in ``hand`` the ``nth`` card that may make trump lies."""
        mask = self._colour_mask
        for at, card in enumerate(hand):
            if not mask >> FRUIT_OF[card] & 1:
                if nth == 0:
                    return at
                nth -= 1
        raise AssertionError("counted and found actions disagree")

    def _adjustment(self, nth: int) -> tuple[int, int]:
        """The ``nth`` value move: (fruit, +1 or -1)."""
        values = self._values
        for fruit in self._fruits:
            value = values[fruit]
            if value < MAX_VALUE:
                if nth == 0:
                    return fruit, 1
                nth -= 1
            if value > MIN_VALUE:
                if nth == 0:
                    return fruit, -1
                nth -= 1
        raise AssertionError("counted and found actions disagree")

    def notation(self, index: int) -> str:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        phase = self._phase
        if phase == ADJUSTING:
            fruit, delta = self._adjustment(index)
            return RAISE_TEXT[fruit] if delta > 0 else LOWER_TEXT[fruit]
        hand = self._hands[self._act]
        if phase == CHOOSING:
            return CHOOSE_TEXT[hand[index]]
        if index < self._nc:
            return CARD_TEXT[hand[self._lo + index]]
        return DECLARE_TEXT[hand[self._declarable(hand, index - self._nc)]]

    def apply(self, index: int) -> None:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        self._played.append(index)
        self._count = -1
        seat = self._act
        phase = self._phase
        if phase == PLAYING:
            hand = self._hands[seat]
            nc = self._nc
            if index < nc:
                card = hand.pop(self._lo + index)
            else:  # thrown off to make its fruit trump: its value drops by two
                card = hand.pop(self._declarable(hand, index - nc))
                fruit = FRUIT_OF[card]
                value = self._values[fruit] - 2
                self._values[fruit] = MIN_VALUE if value < MIN_VALUE else value
                self._trump = fruit
                self._declared = len(self._trick)
            self._trick.append(card)
            if FRUIT_OF[card] == self._colours[seat]:
                self._phase = ADJUSTING  # one's own colour: a value move comes first
                return
        elif phase == CHOOSING:
            self._picks[seat] = self._hands[seat].pop(index)
            seat += 1
            if seat == self._n:
                seat = 0
            if seat != self._leader:
                self._act = seat
                return
            self._reveal()
            return
        else:
            fruit, delta = self._adjustment(index)
            self._values[fruit] += delta
            self._phase = PLAYING
        if len(self._trick) < self._n:
            seat += 1
            self._act = 0 if seat == self._n else seat
            return
        self._resolve()

    def _reveal(self) -> None:
        """Everyone has picked: the picks' fruits are the Bastos! colours, each raised once a pick."""
        colours = self._colours = [FRUIT_OF[pick] for pick in self._picks]
        values = self._values = [0] * len(FRUITS)
        mask = 0
        for fruit in colours:
            mask |= 1 << fruit
            if values[fruit] < MAX_VALUE:
                values[fruit] += 1
        self._colour_mask = mask
        self._phase = PLAYING
        self._act = self._leader

    def _resolve(self) -> None:
        """Who takes the trick, as ``bastos._mechanics.taker`` decides (or nobody: set aside)."""
        n, leader, trick, colours = self._n, self._leader, self._trick, self._colours
        own = [FRUIT_OF[trick[i]] == colours[(leader + i) % n] for i in range(n)]
        best = -1
        if not all(own):
            best_rank = 0
            trump = self._trump
            if trump >= 0:
                start = self._declared if self._declared >= 0 and self._from_declaration else 0
                for i in range(start, n):
                    card = trick[i]
                    if FRUIT_OF[card] == trump and not own[i] and RANK_OF[card] > best_rank:
                        best, best_rank = i, RANK_OF[card]
            if best < 0:
                led = FRUIT_OF[trick[0]]
                floor = 0
                if self._beat_led and own[0]:
                    for i in range(1, n):
                        if FRUIT_OF[trick[i]] != led:
                            floor = RANK_OF[trick[0]]
                            break
                for i in range(n):
                    card = trick[i]
                    rank = RANK_OF[card]
                    if FRUIT_OF[card] == led and not own[i] and rank > best_rank and rank > floor:
                        best, best_rank = i, rank
                if best < 0:
                    best = 0
            winner = (leader + best) % n
            won = self._won_cards
            for card in trick:
                won[winner * len(FRUITS) + FRUIT_OF[card]] += 1
            self._won[winner] += 1
            self._leader = leader = winner
        self._act = leader
        trick.clear()
        self._declared = -1
        if not self._hands[leader]:
            self._end_round()

    def _end_round(self) -> None:
        n, values, won, scores = self._n, self._values, self._won_cards, self._scores
        for seat in range(n):
            at = seat * len(FRUITS)
            for fruit in range(len(FRUITS)):
                scores[seat] += won[at + fruit] * values[fruit]
        if self._round == self._rounds:
            self._act = -1
            return
        number = self._round = self._round + 1
        self._pos.round = number
        self._dealer = (self._dealer + 1) % n
        self._hands = []  # dealt by legal(), when first asked
        self._phase = CHOOSING
        self._leader = self._act = (self._dealer + 1) % n
        self._picks = [-1] * n
        self._colours = []
        self._colour_mask = 0
        self._values = [0] * len(FRUITS)
        self._trump = -1
        self._won_cards = [0] * (len(FRUITS) * n)
        for seat in range(n):
            self._won[seat] = 0

    def scores(self) -> list[int]:
        return list(self._scores)

    def round_number(self) -> int:
        return self._round

    def tricks_taken(self, seat: int) -> int:
        return self._won[seat]

    def trick_open(self) -> bool:
        return len(self._trick) > 0

    def state(self) -> GameState:
        start = self._origin()
        for index in self._played:
            start = start.play(start.legal_actions()[index])
        self._state, self._played = start, []
        return start
