"""Tindahan's rules kernel: the one place that says what is legal, who takes a trick and what scores.

:class:`Kernel` plays a position in place by index, as OpenSpiel's games do. Hands are sorted card
indices (``explorer._fruitbox.kernel``); a trick is a list of its plays in order from the leader (a card
index, ``SELLER_PLAY + fruit`` or ``CART_PLAY + fruit``), and its taker is kept as the cards come (the
highest trump, else the highest card of the led fruit; the cart moves only as a trick's first play).
Stalls are one list, ``fruit * players + seat``. ``legal()`` counts the actions in the public
``legal_actions()`` order and keeps what it counted (where the choosable cards start in the hand, how
many), so that ``apply(i)`` goes straight to the action; ``notation(i)`` writes its text only when
asked.

With a log (the public state's kernel) it also writes the score sheet's lines, each round's summary,
the last trick and the public events as raw data (``said``: the state tells them); without one
(``State.playout()``, what bots and hints simulate with) it keeps only the points, and a new round's
cards are dealt when first asked, so that a roll-out stopped at a round's end never pays for a deal.
Every round deals from the game's own seeded generator, so both deal the cards the public API would.

It imports nothing of its own package: the compiled core may set it up before ``explorer.tindahan``
(whose modules import it) is imported.

The round's awards (:func:`round_awards`) are integers here, put in words by :func:`award_text`;
``_scoring`` offers them by the players' own names. Compiled by mypyc where a compiler is found
(``explorer._compiled``), the same code interpreted where not.
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Mapping
from operator import getitem
from typing import Any, Final, Literal

from .._core.action import Action, ActionTable
from .._core.state import ScoreLine, seeded
from .._fruitbox.kernel import (
    BANANA,
    CARD_TEXT,
    CARD_VALUES,
    FRUIT_OF,
    RANK_OF,
    FruitKernel,
    deal,
    fruit_tables,
)
from .._fruitbox.state import FRUITS

FIRST: Final = 5  # a stall's majority
SECOND: Final = 2  # a stall's second place
TRUMP_BONUS: Final = 1  # the majority of the trump stall
TRICK: Final = 2  # each trick taken

SELLERS_PER_PLAYER: Final = 9

# The notations of the actions that are not cards (``_notation`` offers them by fruit), interned: a
# notation compares by identity first, which keeps ``action in legal`` cheap.
SELLER_TEXT: Final[list[str]] = [sys.intern(f"seller:{fruit}") for fruit in FRUITS]
CART_TEXT: Final[list[str]] = [sys.intern(f"cart:{fruit}") for fruit in FRUITS]
#: The values of the actions that are not cards, by fruit.
SELLER_VALUES: Final = ActionTable(SELLER_TEXT)
CART_VALUES: Final = ActionTable(CART_TEXT)

Kind = Literal["card", "seller", "cart"]
Play = tuple[int, Kind, str]  # one play of a trick: (seat, kind, the card for card plays, else the fruit)
#: The plays in a trick that are not cards: a seller to a fruit's stall, the cart moved to one.
SELLER_PLAY: Final = 100
CART_PLAY: Final = 200
#: The trump_bonus_tie readings (any other value: the bonus is lost in a tie).
TIE_SHARE: Final = 0
TIE_EACH: Final = 1
TIES: Final = {"share": TIE_SHARE, "each": TIE_EACH}

# The kinds of award, each with its rule (``AWARD_RULES``, in this order).
TRICKS: Final = 0
HAND: Final = 1
MAJORITY: Final = 2
BONUS: Final = 3
RUNNER_UP: Final = 4
RUNNER_UP_SHARED: Final = 5
FIRST_SHARED: Final = 6
FIRST_SHARED_POOL: Final = 7  # the trump bonus in the tied players' pool
BONUS_EACH: Final = 8
EMPTY: Final = 9
AWARD_RULES: Final = ("tindahan.score.trick", "tindahan.score.hand-card", "tindahan.score.majority",
                      "tindahan.score.trump-bonus", "tindahan.score.second", "tindahan.score.ties",
                      "tindahan.score.ties", "tindahan.score.ties", "tindahan.score.trump-bonus",
                      "tindahan.score.empty-round")

#: An award: (the player's position among the players, kind, points, the stall's position among the
#: stalls or -1, the count it is for, how many share it).
Award = tuple[int, int, int, int, int, int]


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def award_text(kind: int, fruit: str, count: int, ways: int) -> str:
    """An award in words (``fruit``: its stall's, or "" for the cards and the empty round)."""
    if kind == TRICKS:
        return f"{_n(count, 'trick')} taken, {TRICK} points each"
    if kind == HAND:
        return f"{_n(count, 'card')} left in hand, -1 point each"
    if kind == MAJORITY:
        return f"{fruit} stall: most sellers ({_n(count, 'seller')})"
    if kind == BONUS:
        return f"{fruit} stall is trump: +1 for its majority"
    if kind == RUNNER_UP:
        return f"{fruit} stall: second most sellers ({_n(count, 'seller')})"
    if kind == RUNNER_UP_SHARED:
        return (f"{fruit} stall: second place ({_n(count, 'seller')}) shared by {ways}: {SECOND} points "
                f"split {ways} ways, rounded down")
    if kind in (FIRST_SHARED, FIRST_SHARED_POOL):
        pool = FIRST + SECOND + (TRUMP_BONUS if kind == FIRST_SHARED_POOL else 0)
        parts = f"{FIRST} + {TRUMP_BONUS} for trump + {SECOND}" if kind == FIRST_SHARED_POOL else \
            f"{FIRST} + {SECOND}"
        return (f"{fruit} stall: first place ({_n(count, 'seller')}) shared by {ways}: {parts} = {pool} "
                f"points split {ways} ways, rounded down")
    if kind == BONUS_EACH:
        return f"{fruit} stall is trump: +1 for each tied majority holder"
    return f"empty round (no seller sent, no trick taken): raised to the round's best score, {count}"


def stall_awards(counts: list[int], trump: bool, tie: int, stall: int = -1) -> list[Award]:
    """The majority points of one stall; ``counts`` are the players' sellers there."""
    top = max(counts, default=0)
    if top == 0:
        return []
    firsts = [p for p, c in enumerate(counts) if c == top]
    out: list[Award] = []
    if len(firsts) == 1:
        out.append((firsts[0], MAJORITY, FIRST, stall, top, 1))
        if trump:
            out.append((firsts[0], BONUS, TRUMP_BONUS, stall, top, 1))
        runner_up = 0
        for c in counts:
            if runner_up < c < top:
                runner_up = c
        if runner_up:
            seconds = [p for p, c in enumerate(counts) if c == runner_up]
            k = len(seconds)
            for p in seconds:
                if k == 1:
                    out.append((p, RUNNER_UP, SECOND, stall, runner_up, 1))
                else:
                    out.append((p, RUNNER_UP_SHARED, SECOND // k, stall, runner_up, k))
        return out
    # A tie for first: the tied players split first and second place; nobody else scores here.
    k = len(firsts)
    pooled = trump and tie == TIE_SHARE
    pool = FIRST + SECOND + (TRUMP_BONUS if pooled else 0)
    for p in firsts:
        out.append((p, FIRST_SHARED_POOL if pooled else FIRST_SHARED, pool // k, stall, top, k))
        if trump and tie == TIE_EACH:
            out.append((p, BONUS_EACH, TRUMP_BONUS, stall, top, k))
    return out


def round_awards(tricks: list[int], held: list[int], stalls: list[list[int]], trumps: list[bool],
                 placed: list[bool], tie: int) -> list[Award]:
    """Every award of one round, in the order the rulebook recommends: cards first, then the stalls
    (each a list of the players' sellers, ``trumps`` saying which is trump), then the empty rounds."""
    players = len(tricks)
    out: list[Award] = []
    for p in range(players):
        if tricks[p]:
            out.append((p, TRICKS, TRICK * tricks[p], -1, tricks[p], 1))
        if held[p]:
            out.append((p, HAND, -held[p], -1, held[p], 1))
    for stall, counts in enumerate(stalls):
        out.extend(stall_awards(counts, trumps[stall], tie, stall))
    if not players:
        return out
    totals = [0] * players
    for award in out:
        totals[award[0]] += award[2]
    # "Best" is read before any empty-round raise; the raised players only reach that same number, so
    # reading it afterwards would give the same result.
    best = max(totals)
    for p in range(players):
        if not placed[p] and not tricks[p]:
            out.append((p, EMPTY, best - totals[p], -1, best, 1))
    return out


class Game:
    """What stays the same all game: the fruits in play and the rules options, read once (a copy of
    the kernel shares it)."""

    __slots__ = ("bananas", "carts", "deck", "fruits", "names", "returned", "rounds", "standing", "tie")

    fruits: list[int]  # the fruits in play (box indices), in the fixed order
    names: list[str]
    deck: list[int]
    carts: list[list[int]]  # per trump fruit, the stalls the cart may move to
    returned: bool  # sellers_between_rounds == "return"
    bananas: bool  # cart_between_rounds == "bananas"
    standing: bool  # empty_round_sellers == "on-the-stalls": sellers from earlier rounds count too
    tie: int
    rounds: int



def game_of(players: int, rules: Mapping[str, Any], fruits: tuple[str, ...]) -> Game:
    """The game's constant part. (Built here, not by ``Game(...)``: a compiled class is pickled by
    calling it with no arguments, and a state travels to a sweep's worker process by pickle.)"""
    g = Game()
    g.fruits, g.deck, g.carts = fruit_tables(fruits, 10)
    g.names = list(fruits)
    g.rounds = players
    g.returned = rules["sellers_between_rounds"] == "return"
    g.bananas = rules["cart_between_rounds"] == "bananas"
    g.standing = rules["empty_round_sellers"] == "on-the-stalls"
    g.tie = TIES.get(rules["trump_bonus_tie"], 2)
    return g


def new_kernel(players: int, seed: int, rules: Mapping[str, Any], fruits: tuple[str, ...],
               hands: list[list[int]] | None, log: bool = True) -> Kernel:
    """Round 1 of a new game, ``hands`` dealt by the ``seed`` where not given."""
    k = Kernel()
    n = k.n = players
    k.g = game_of(players, rules, fruits)
    k.seed, k.log, k.cow = seed, log, False
    k.trump = BANANA
    k.stalls = [0] * (len(FRUITS) * n)
    k.left = [SELLERS_PER_PLAYER] * n
    k.points = [0] * n
    k.lines, k.summaries = (), ()
    k.told = k.before_deal = None
    k.last_trick = k.round_last_trick = None
    k.start_round(1, hands)
    return k


class Kernel(FruitKernel):
    """A Tindahan position and its rules (see the module's docstring). A trick's leader may play any
    card or move the cart to another stall in play; after a cart move the next seat must play a card,
    which is led; the others follow the led fruit if they can (else any card) or send a seller to the
    led fruit's stall while they have one."""

    __slots__ = ("best", "best_card", "cards", "cart", "emptied", "g", "last_trick", "led", "left", "piles",
                 "placed", "round_last_trick", "stalls", "summaries", "trump", "trumped")

    g: Game
    trump: int
    led: int  # -1 before a card is led
    cart: bool  # the cart moved as this trick's first play
    best: int  # the seat taking the trick so far (-1: none yet)
    best_card: int
    trumped: bool
    cards: int  # cards in the trick
    stalls: list[int]
    left: list[int]
    placed: list[int]
    piles: list[int]
    emptied: bool  # a hand ran out in the trick under way: the round ends with it
    summaries: tuple[dict[str, Any], ...]
    last_trick: tuple[tuple[Play, ...], int] | None
    round_last_trick: tuple[tuple[Play, ...], int] | None

    def copy(self, log: bool = True) -> Kernel:
        """An independent copy (what it counted included), writing lines and events if ``log``."""
        new = Kernel()
        new.n, new.g, new.seed, new.log = self.n, self.g, self.seed, log
        new.round, new.dealer, new.leader, new.act = self.round, self.dealer, self.leader, self.act
        new.trump, new.led, new.cart = self.trump, self.led, self.cart
        new.trick = self.trick.copy()
        new.best, new.best_card, new.trumped, new.cards = self.best, self.best_card, self.trumped, self.cards
        new.emptied = self.emptied
        if log:  # a state's copy, played once: the lists are copied as they change
            new.cow = True
            new.hands = self.hands.copy()
            new.stalls, new.left, new.placed = self.stalls, self.left, self.placed
            new.won, new.piles, new.points = self.won, self.piles, self.points
        else:
            new.cow = False
            new.hands = [hand.copy() for hand in self.hands]
            new.stalls, new.left, new.placed = self.stalls.copy(), self.left.copy(), self.placed.copy()
            new.won, new.piles, new.points = self.won.copy(), self.piles.copy(), self.points.copy()
        new.lines, new.summaries = self.lines, self.summaries
        new.last_trick, new.round_last_trick = self.last_trick, self.round_last_trick
        new.told, new.before_deal = self.told, self.before_deal
        new._count, new._lo, new._nc = self._count, self._lo, self._nc
        return new

    def start_round(self, number: int, hands: list[list[int]] | None = None) -> None:
        """Round ``number``: the deal (``hands``, else the seed's), its leader left of the dealer, the
        sellers back and the cart on bananas where the options say so."""
        n = self.n
        self.round = number
        self.dealer = (n - 2 + number) % n
        self.leader = self.act = (self.dealer + 1) % n
        self.trick, self.led, self.cart = [], -1, False
        self.best, self.best_card, self.trumped, self.cards = -1, -1, False, 0
        self.won, self.piles, self.placed = [0] * n, [0] * n, [0] * n
        self.emptied = False
        if number > 1:
            if self.g.returned:
                self.stalls = [0] * (len(FRUITS) * n)
                self.left = [SELLERS_PER_PLAYER] * n
            if self.g.bananas:
                self.trump = BANANA
        if hands is not None:
            self.hands = [sorted(hand) for hand in hands]
        elif self.log:
            self.hands = self.dealt()
        else:
            self.hands = []  # dealt by legal(), when first asked
        if self.log:
            if number > 1:
                # Last round's cards are back in the new hands, so its last trick leaves the table too;
                # a learner may still review it (every card of it was played face up, and the events
                # name them) until this round's first trick is taken.
                self.round_last_trick, self.last_trick = self.last_trick, None
            self.say(-1, None, "round", {"round": number, "rounds": self.g.rounds,
                                                  "dealer": self.dealer, "leader": self.leader,
                                                  "trump": FRUITS[self.trump]})

    def dealt(self) -> list[list[int]]:
        """This round's hands as the seed deals them."""
        return deal(seeded("tindahan", self.seed, "deal", self.round), self.g.deck, self.n)

    # ---- the Playout interface ------------------------------------------------------------------

    def must_play(self) -> bool:
        """The seat after a cart move has to play a card, which is led (tindahan.cart.next-must-play)."""
        return self.cart and len(self.trick) == 1

    def counted(self, hand: list[int]) -> int:
        seat = self.act
        tn = len(self.trick)
        if tn == 0:  # any card, or the cart to another stall
            self._lo = 0
            nc = self._nc = len(hand)
            count = nc + len(self.g.carts[self.trump])
        elif tn == 1 and self.cart:  # after a cart move: a card, which is led
            self._lo = 0
            count = self._nc = len(hand)
        else:  # follow the led fruit if one can, else any card; a seller to the led stall if one is left
            led = 10 * self.led
            lo = bisect_left(hand, led)
            hi = bisect_left(hand, led + 10, lo)
            if lo == hi:
                lo, hi = 0, len(hand)
            self._lo = lo
            count = self._nc = hi - lo
            if self.left[seat]:
                count += 1
        return count

    def notation(self, index: int) -> str:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        nc = self._nc
        if index < nc:
            return CARD_TEXT[self.hands[self.act][self._lo + index]]
        if self.trick:
            return SELLER_TEXT[self.led]
        return CART_TEXT[self.g.carts[self.trump][index - nc]]

    def actions(self) -> list[Action]:
        """Every legal action's value, in the public order (shared values: ``ActionTable``)."""
        count = self.legal()
        if count == 0:
            return []
        lo, nc = self._lo, self._nc
        out = list(map(getitem, CARD_VALUES.rows(0, nc), self.hands[self.act][lo:lo + nc]))
        if count > nc:
            if self.trick:
                out.append(SELLER_VALUES.rows(nc, count)[0][self.led])
            else:
                out.extend(map(getitem, CART_VALUES.rows(nc, count), self.g.carts[self.trump]))
        return out

    def _take_note(self, seat: int, card: int) -> None:
        """Keep the trick's taker up to date with ``card`` played by ``seat`` (within a fruit, a higher
        card index is a higher value)."""
        fruit = FRUIT_OF[card]
        if fruit == self.trump:
            if not self.trumped or card > self.best_card:
                self.best, self.best_card, self.trumped = seat, card, True
        elif not self.trumped and fruit == self.led and card > self.best_card:
            self.best, self.best_card = seat, card

    def apply(self, index: int, text: str = "") -> None:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        self._played.append(index)
        self._count = -1
        seat = self.act
        trick = self.trick
        nc = self._nc
        if index < nc:
            hand = self.hands[seat]
            if self.cow:
                hand = self.hands[seat] = hand.copy()
            card = hand.pop(self._lo + index)
            if not hand:
                self.emptied = True
            if not trick or (self.cart and len(trick) == 1):
                self.led = FRUIT_OF[card]
            self._take_note(seat, card)
            trick.append(card)
            self.cards += 1
            if self.log:
                self.say(seat, CARD_TEXT[card], "card", {"card": CARD_TEXT[card],
                                  "fruit": FRUITS[FRUIT_OF[card]], "value": RANK_OF[card]})
        elif trick:  # a seller to the led fruit's stall
            led = self.led
            if self.cow:
                self.stalls, self.left, self.placed = self.stalls.copy(), self.left.copy(), self.placed.copy()
            self.stalls[led * self.n + seat] += 1
            self.left[seat] -= 1
            self.placed[seat] += 1
            trick.append(SELLER_PLAY + led)
            if self.log:
                self.say(seat, SELLER_TEXT[led], "seller", {"fruit": FRUITS[led]})
        else:  # the cart moves: that fruit is trump from now on
            fruit = self.g.carts[self.trump][index - nc]
            self.trump = fruit
            self.cart = True
            trick.append(CART_PLAY + fruit)
            if self.log:
                self.say(seat, CART_TEXT[fruit], "cart", {"fruit": FRUITS[fruit]})
        if len(trick) < self.n:
            seat += 1
            self.act = 0 if seat == self.n else seat
            return
        self._finish_trick()

    def plays(self) -> tuple[Play, ...]:
        """The trick so far in the state's form, seat by seat from the leader."""
        out: list[Play] = []
        n, leader = self.n, self.leader
        for i, play in enumerate(self.trick):
            seat = (leader + i) % n
            if play < SELLER_PLAY:
                out.append((seat, "card", CARD_TEXT[play]))
            elif play < CART_PLAY:
                out.append((seat, "seller", FRUITS[play - SELLER_PLAY]))
            else:
                out.append((seat, "cart", FRUITS[play - CART_PLAY]))
        return tuple(out)

    def _finish_trick(self) -> None:
        winner = self.best
        if self.cow:
            self.won, self.piles = self.won.copy(), self.piles.copy()
        self.won[winner] += 1
        self.piles[winner] += self.cards
        if self.log:
            card = self.best_card
            last = self.trick[-1]
            action = CARD_TEXT[last] if last < SELLER_PLAY else SELLER_TEXT[last - SELLER_PLAY] \
                if last < CART_PLAY else CART_TEXT[last - CART_PLAY]
            self.say(winner, action, "trick", {"winner": winner, "card": CARD_TEXT[card],
                                                        "trump": FRUIT_OF[card] == self.trump})
            self.last_trick = (self.plays(), winner)
        self.trick = []
        self.led = self.best = self.best_card = -1
        self.cart = self.trumped = False
        self.cards = 0
        self.leader = self.act = winner
        if not self.emptied:
            return
        self._score_round()
        if self.round < self.g.rounds:
            self.start_round(self.round + 1)
        else:
            self.act = -1

    def _score_round(self) -> None:
        n, g = self.n, self.g
        held = [len(hand) for hand in self.hands]
        stalls = [self.stalls[f * n:(f + 1) * n] for f in g.fruits]
        trumps = [f == self.trump for f in g.fruits]
        # The empty round asks who sent a seller this round; on the other reading a seller standing on
        # any stall, from any round, counts too (while sellers return between rounds they are the same).
        placed = [self.placed[seat] > 0 or (g.standing and any(counts[seat] for counts in stalls))
                  for seat in range(n)]
        awards = round_awards(self.won, held, stalls, trumps, placed, g.tie)
        totals = [0] * n
        for award in awards:
            totals[award[0]] += award[2]
        if self.cow:
            self.points = self.points.copy()
        for seat in range(n):
            self.points[seat] += totals[seat]
        if not self.log:
            return
        names = g.names
        self.lines = self.lines + tuple(
            ScoreLine(seat, award_text(kind, names[stall] if stall >= 0 else "", count, ways), points,
                      AWARD_RULES[kind], self.round)
            for seat, kind, points, stall, count, ways in awards)
        self.summaries = (*self.summaries, {
            "round": self.round,
            "trump": FRUITS[self.trump],
            "tricks": list(self.won),
            "hand_cards": held,
            "stalls": {names[i]: counts for i, counts in enumerate(stalls)},
            "placed": list(self.placed),
            "points": totals,
        })
        self.say(-1, None, "scored", {"round": self.round, "points": totals})
