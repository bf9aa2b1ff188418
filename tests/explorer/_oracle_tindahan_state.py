"""The retired Tindahan state (before its kernel), kept as the kernel's oracle until the comparison
is done: ``test_playout_tindahan.py`` plays it beside the kernel's state move by move. Its rule code
(who takes a trick, the round's awards) is the retired code as it was; it reads the game's notation,
view and refusal modules as they are now."""


from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from explorer._core.playout import Playout
from explorer._core.state import ScoreLine
from explorer._core.tuples import appended, bumped
from explorer._fruitbox.state import FruitState
from explorer.tindahan._explain import explain
from explorer.tindahan._notation import (
    ACTIONS,
    CARD_FRUIT,
    CARD_VALUE,
    CART,
    HAND_SIZE,
    SELLER,
    SELLERS_PER_PLAYER,
    Kind,
    deck,
    sort_hand,
)
from explorer.tindahan._options import fruits_in_play
from explorer.tindahan._start import start_hands
from explorer.tindahan._view import board_text, event_text, label, view

Play = tuple[int, Kind, str]  # (seat, kind, the card for card plays, else the fruit)


def must_play(cart_moved: bool, trick: Sequence[Play]) -> bool:
    """The seat after a cart move has to play a card, and that card is led (tindahan.cart.next-must-play)."""
    return cart_moved and len(trick) == 1


def trick_winner(trick: Sequence[Play], trump: str, led: str | None) -> tuple[int, str]:
    """(seat, card) taking the trick: the highest trump, else the highest card of the led fruit."""
    best_seat, best_card, best_value, trumped = -1, "", 0, False
    for seat, kind, card in trick:
        if kind != "card":
            continue
        fruit, value = CARD_FRUIT[card], CARD_VALUE[card]
        if fruit == trump:
            if not trumped or value > best_value:
                best_seat, best_card, best_value, trumped = seat, card, value, True
        elif not trumped and fruit == led and value > best_value:
            best_seat, best_card, best_value = seat, card, value
    return best_seat, best_card


def cards_in(trick: Sequence[Play]) -> int:
    return sum(1 for _, kind, _ in trick if kind == "card")


P = TypeVar("P", bound=Hashable)
Award = tuple[P, str, int, str]

FIRST, SECOND, TRUMP_BONUS, TRICK = 5, 2, 1, 2


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def stall_awards(fruit: str, counts: Sequence[tuple[P, int]], trump: bool, trump_tie: str) -> list[Award[P]]:
    """The majority points of one stall; ``counts`` pairs each player with their sellers there."""
    present = [(player, n) for player, n in counts if n > 0]
    if not present:
        return []
    top = max(n for _, n in present)
    firsts = [player for player, n in present if n == top]
    rest = [(player, n) for player, n in present if n < top]
    out: list[Award[P]] = []
    if len(firsts) == 1:
        out.append((firsts[0], f"{fruit} stall: most sellers ({_n(top, 'seller')})", FIRST,
                    "tindahan.score.majority"))
        if trump:
            out.append((firsts[0], f"{fruit} stall is trump: +1 for its majority", TRUMP_BONUS,
                        "tindahan.score.trump-bonus"))
        if rest:
            runner_up = max(n for _, n in rest)
            seconds = [player for player, n in rest if n == runner_up]
            if len(seconds) == 1:
                out.append((seconds[0], f"{fruit} stall: second most sellers ({_n(runner_up, 'seller')})",
                            SECOND, "tindahan.score.second"))
            else:
                share = SECOND // len(seconds)
                for player in seconds:
                    out.append((player, f"{fruit} stall: second place ({_n(runner_up, 'seller')}) shared by "
                                f"{len(seconds)}: {SECOND} points split {len(seconds)} ways, rounded down",
                                share, "tindahan.score.ties"))
        return out
    # A tie for first: the tied players split first and second place; nobody else scores here.
    k = len(firsts)
    bonus_in_pool = trump and trump_tie == "share"
    pool = FIRST + SECOND + (TRUMP_BONUS if bonus_in_pool else 0)
    sum_text = (f"{FIRST} + {TRUMP_BONUS} for trump + {SECOND}" if bonus_in_pool else f"{FIRST} + {SECOND}")
    for player in firsts:
        text = (f"{fruit} stall: first place ({_n(top, 'seller')}) shared by {k}: {sum_text} = {pool} points "
                f"split {k} ways, rounded down")
        out.append((player, text, pool // k, "tindahan.score.ties"))
        if trump and trump_tie == "each":
            out.append((player, f"{fruit} stall is trump: +1 for each tied majority holder", TRUMP_BONUS,
                        "tindahan.score.trump-bonus"))
    return out


def round_awards(
    players: Sequence[P],
    tricks: Mapping[P, int],
    hand_cards: Mapping[P, int],
    stalls: Sequence[tuple[str, Sequence[tuple[P, int]]]],
    trump: str,
    placed: Mapping[P, bool],
    trump_tie: str,
) -> list[Award[P]]:
    """Every award of one round, in the order the rulebook recommends: cards first, then stalls."""
    out: list[Award[P]] = []
    for player in players:
        won = tricks.get(player, 0)
        if won:
            out.append((player, f"{_n(won, 'trick')} taken, {TRICK} points each", TRICK * won,
                        "tindahan.score.trick"))
        held = hand_cards.get(player, 0)
        if held:
            out.append((player, f"{_n(held, 'card')} left in hand, -1 point each", -held,
                        "tindahan.score.hand-card"))
    for fruit, counts in stalls:
        out.extend(stall_awards(fruit, counts, fruit == trump, trump_tie))
    totals = {player: 0 for player in players}
    for player, _, points, _ in out:
        totals[player] += points
    if not totals:
        return out
    # "Best" is read before any empty-round raise; the raised players only reach that same number, so
    # reading it afterwards would give the same result.
    best = max(totals.values())
    for player in players:
        if not placed.get(player, False) and not tricks.get(player, 0):
            out.append((player, f"empty round (no seller sent, no trick taken): raised to the round's best "
                        f"score, {best}", best - totals[player], "tindahan.score.empty-round"))
    return out




class State(FruitState):
    """A Tindahan position. Seat 0 starts round 1; seat ``(players - 2 + r) % players`` deals round ``r``."""

    # Plain fields here, as they were (the kernel's shell reads them off its kernel instead).
    fruits = rounds = round = dealer = leader = hands = lines = None  # type: ignore[assignment]

    fruits: tuple[str, ...]
    rounds: int
    round: int
    dealer: int
    leader: int
    trump: str
    led: str | None
    cart_moved: bool
    hands: tuple[tuple[str, ...], ...]
    trick: tuple[Play, ...]
    stalls: tuple[tuple[int, ...], ...]  # per fruit in play, sellers per seat
    sellers_left: tuple[int, ...]
    placed: tuple[int, ...]  # sellers sent this round, per seat (for the empty-round rule)
    tricks_won: tuple[int, ...]
    piles: tuple[int, ...]  # cards in the tricks each seat took this round
    last_trick: tuple[tuple[Play, ...], int] | None
    round_last_trick: tuple[tuple[Play, ...], int] | None  # last round's final trick, for review
    summaries: tuple[dict[str, Any], ...]  # each scored round's end position, for learners and tests
    _stall_of: dict[str, int]
    _cart_moves: dict[str, tuple[str, ...]]

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self.fruits = fruits_in_play(n, self.rules["removed_fruits"])
        self.rounds = n
        self._stall_of = {fruit: i for i, fruit in enumerate(self.fruits)}
        self._cart_moves = {t: tuple(CART[f] for f in self.fruits if f != t) for t in self.fruits}
        self.trump = "banana"
        self.stalls = tuple((0,) * n for _ in self.fruits)
        self.sellers_left = (SELLERS_PER_PLAYER,) * n
        self.lines = ()
        self.summaries = ()
        self.last_trick = self.round_last_trick = None
        self._start_round(1, start_hands(self.rules["start"], n, self.fruits))

    def _start_round(self, number: int, hands: list[list[str]] | None = None) -> None:
        n = self.players
        self.round = number
        self.dealer = (n - 2 + number) % n
        self.leader = self.to_act = (self.dealer + 1) % n
        if hands is None:
            cards = deck(self.fruits)
            self.rng("deal", number).shuffle(cards)
            hands = [cards[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(n)]
        self.hands = tuple(sort_hand(hand) for hand in hands)
        self.trick = ()
        self.led = None
        self.cart_moved = False
        self.tricks_won = self.piles = self.placed = (0,) * n
        if number > 1:
            # Last round's cards are back in the new hands, so its last trick leaves the table too; a
            # learner may still review it (every card of it was played face up, and the events name
            # them), until this round's first trick is taken.
            self.round_last_trick = self.last_trick
            self.last_trick = None
            if self.rules["sellers_between_rounds"] == "return":
                self.stalls = tuple((0,) * n for _ in self.fruits)
                self.sellers_left = (SELLERS_PER_PLAYER,) * n
            if self.rules["cart_between_rounds"] == "bananas":
                self.trump = "banana"
        self._tell(None, None, "round", round=number, rounds=self.rounds, dealer=self.dealer,
                   leader=self.leader, trump=self.trump)

    # ---- the turn -------------------------------------------------------------------------------

    def _must_play(self) -> bool:
        return must_play(self.cart_moved, self.trick)

    def _legal(self) -> list[Hashable]:
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return [*hand, *self._cart_moves[self.trump]]
        if self.cart_moved and len(trick) == 1:  # must_play, inlined: this runs every move
            return list(hand)
        led = self.led
        actions: list[Hashable] = [card for card in hand if CARD_FRUIT[card] == led] or list(hand)
        if self.sellers_left[seat] and led is not None:
            actions.append(SELLER[led])
        return actions

    def _apply(self, action: Hashable) -> None:
        # The tuple helpers (replaced, bumped, without) are spelled out here: this runs every move.
        seat = self.to_act
        assert seat is not None and isinstance(action, str)
        kind, fruit = ACTIONS[action]
        trick = self.trick
        if kind == "card":
            hands = self.hands
            hand = hands[seat]
            at = hand.index(action)
            self.hands = (*hands[:seat], (*hand[:at], *hand[at + 1:]), *hands[seat + 1:])
            if not trick or (self.cart_moved and len(trick) == 1):
                self.led = fruit
            self._tell(seat, action, "card", card=action, fruit=fruit, value=CARD_VALUE[action])
            trick = (*trick, (seat, kind, action))
        elif kind == "seller":
            i = self._stall_of[fruit]
            stalls = self.stalls
            stall = stalls[i]
            self.stalls = (*stalls[:i], (*stall[:seat], stall[seat] + 1, *stall[seat + 1:]), *stalls[i + 1:])
            left, placed = self.sellers_left, self.placed
            self.sellers_left = (*left[:seat], left[seat] - 1, *left[seat + 1:])
            self.placed = (*placed[:seat], placed[seat] + 1, *placed[seat + 1:])
            self._tell(seat, action, "seller", fruit=fruit)
            trick = (*trick, (seat, kind, fruit))
        else:
            self.trump = fruit
            self.cart_moved = True
            self._tell(seat, action, "cart", fruit=fruit)
            trick = (*trick, (seat, kind, fruit))
        self.trick = trick
        if len(trick) < self.players:
            self.to_act = (seat + 1) % self.players
            return
        self._finish_trick(action)

    def _finish_trick(self, action: str) -> None:
        winner, card = trick_winner(self.trick, self.trump, self.led)
        self.tricks_won = bumped(self.tricks_won, winner)
        self.piles = bumped(self.piles, winner, cards_in(self.trick))
        self._tell(winner, action, "trick", winner=winner, card=card, trump=CARD_FRUIT[card] == self.trump)
        self.last_trick = (self.trick, winner)
        self.trick = ()
        self.led = None
        self.cart_moved = False
        self.leader = self.to_act = winner
        if all(self.hands):
            return
        self._score_round()
        if self.round < self.rounds:
            self._deal_anew()
            self._start_round(self.round + 1)
        else:
            self.to_act = None
            scores = self.scores()
            winners = self._winners(scores)
            self._tell(None, None, "over", winners=list(winners), points=scores[winners[0]])

    def _score_round(self) -> None:
        n = self.players
        seats = list(range(n))
        held = [len(hand) for hand in self.hands]
        awards = round_awards(
            seats,
            dict(enumerate(self.tricks_won)),
            dict(enumerate(held)),
            [(fruit, list(enumerate(self.stalls[i]))) for i, fruit in enumerate(self.fruits)],
            self.trump,
            {s: self.placed[s] > 0 for s in seats},
            self.rules["trump_bonus_tie"],
        )
        new = tuple(ScoreLine(seat, text, points, rule, self.round) for seat, text, points, rule in awards)
        self.lines = self.lines + new
        totals = [0] * n
        for line in new:
            totals[line.seat] += line.points
        self.summaries = appended(self.summaries, {
            "round": self.round,
            "trump": self.trump,
            "tricks": list(self.tricks_won),
            "hand_cards": held,
            "stalls": {fruit: list(self.stalls[i]) for i, fruit in enumerate(self.fruits)},
            "placed": list(self.placed),
            "points": totals,
        })
        self._tell(None, None, "scored", round=self.round, points=totals)

    # ---- refusals, views, snapshots (the roles of _explain and _view) ----------------------------

    _explain = explain
    _event_text = staticmethod(event_text)
    _label = staticmethod(label)
    _view = view
    _board_text = board_text

    def playout(self) -> Playout:
        return Playout(self)  # the public API played by index (the oracle is compared, never simulated)

    @property
    def must_play(self) -> bool:
        return must_play(self.cart_moved, self.trick)

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
            "fruit cards": sum(map(len, self.hands)) + sum(self.piles) + cards_in(self.trick),
            "donkey cart": 1 if self.trump in self._stall_of else 0,
        }
        for s in range(self.players):
            counts[f"sellers of seat {s}"] = self.sellers_left[s] + sum(stall[s] for stall in self.stalls)
        return counts

    def secrets(self, seat: int) -> list[str]:
        # Quoted, because a bare "banana-1" is also the start of "banana-10".
        return [f'"{card}"' for card in self._hidden(seat)]
