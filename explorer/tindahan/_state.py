"""The Tindahan engine: a round of tricks where each turn is a card, a seller or (to start) the cart."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from explorer._errors import IllegalAction
from explorer._state import GameState, ScoreLine

from ._cards import (
    ACTIONS,
    CARD_FRUIT,
    CARD_VALUE,
    CART,
    HAND_SIZE,
    SELLER,
    SELLERS_PER_PLAYER,
    Kind,
    deck,
    label,
    sort_hand,
)
from ._catalogue import RULES
from ._options import OPTIONS, fruits_in_play
from ._scoring import round_awards

Play = tuple[int, Kind, str]  # (seat, kind, the card for card plays, else the fruit)
EVENTS_KEPT = 10


def _bump(values: tuple[int, ...], index: int, by: int = 1) -> tuple[int, ...]:
    """``values`` with one entry changed: states share their tuples, so they are replaced, never edited."""
    return (*values[:index], values[index] + by, *values[index + 1:])


def _seats(seats: Sequence[int]) -> str:
    names = [str(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class State(GameState):
    """A Tindahan position. Seat 0 starts round 1; seat ``(players - 2 + r) % players`` deals round ``r``."""

    GAME: ClassVar[str] = "tindahan"
    RULES = RULES
    OPTIONS = OPTIONS
    MIN_PLAYERS = 3
    MAX_PLAYERS = 5
    SEAT_PRIVATE_OPTIONS = ("deal",)  # a fixed deal is every hand of round 1: each seat sees its own

    fruits: tuple[str, ...]
    rounds: int
    round: int
    dealer: int
    leader: int
    turn: int | None
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
    events: tuple[str, ...]
    lines: tuple[ScoreLine, ...]
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
        self.events = ()
        self.summaries = ()
        self.last_trick = None
        self._start_round(1, self._fixed_deal())

    def _fixed_deal(self) -> list[list[str]] | None:
        deal: list[list[str]] | None = self.rules["deal"]
        if deal is None:
            return None
        if len(deal) != self.players:
            raise ValueError(f"deal has {len(deal)} hands for {self.players} players")
        for seat, hand in enumerate(deal):
            for card in hand:
                if CARD_FRUIT[card] not in self.fruits:
                    raise ValueError(
                        f"deal: seat {seat}'s {card} is not in play; with {self.players} players the "
                        f"fruits are {', '.join(self.fruits)} (see the removed_fruits option)"
                    )
        return deal

    def _start_round(self, number: int, hands: list[list[str]] | None = None) -> None:
        n = self.players
        self.round = number
        self.dealer = (n - 2 + number) % n
        self.leader = self.turn = (self.dealer + 1) % n
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
            # Last round's cards are back in the new hands, so its last trick leaves the table too.
            self.last_trick = None
            if self.rules["sellers_between_rounds"] == "return":
                self.stalls = tuple((0,) * n for _ in self.fruits)
                self.sellers_left = (SELLERS_PER_PLAYER,) * n
            if self.rules["cart_between_rounds"] == "bananas":
                self.trump = "banana"
        self._event(f"Round {number} of {self.rounds}: seat {self.dealer} deals, seat {self.leader} starts; "
                    f"{self.trump} is trump")

    # ---- the turn -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    def _must_play(self) -> bool:
        """The seat after a cart move: it has to play a card, and that card is led."""
        return self.cart_moved and len(self.trick) == 1

    def _legal(self) -> list[Hashable]:
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        if not self.trick:
            return [*hand, *self._cart_moves[self.trump]]
        if self.cart_moved and len(self.trick) == 1:
            return list(hand)
        led = self.led
        actions: list[Hashable] = [card for card in hand if CARD_FRUIT[card] == led] or list(hand)
        if self.sellers_left[seat] and led is not None:
            actions.append(SELLER[led])
        return actions

    def _apply(self, action: Hashable) -> None:
        seat = self.turn
        assert seat is not None and isinstance(action, str)
        kind, fruit = ACTIONS[action]
        n = self.players
        if kind == "card":
            hand = self.hands[seat]
            self.hands = (*self.hands[:seat], tuple(c for c in hand if c != action), *self.hands[seat + 1:])
            if not self.trick or self._must_play():
                self.led = fruit
            self.trick = (*self.trick, (seat, "card", action))
            self._event(f"Seat {seat} plays {action}")
        elif kind == "seller":
            i = self._stall_of[fruit]
            self.stalls = (*self.stalls[:i], _bump(self.stalls[i], seat), *self.stalls[i + 1:])
            self.sellers_left = _bump(self.sellers_left, seat, -1)
            self.placed = _bump(self.placed, seat)
            self.trick = (*self.trick, (seat, "seller", fruit))
            self._event(f"Seat {seat} sends a seller to the {fruit} stall")
        else:
            self.trump = fruit
            self.cart_moved = True
            self.trick = (*self.trick, (seat, "cart", fruit))
            self._event(f"Seat {seat} moves the donkey cart to {fruit}: {fruit} is trump now")
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return
        self._finish_trick()

    def _trick_winner(self) -> tuple[int, str]:
        trump, led = self.trump, self.led
        best_seat, best_card, best_value, trumped = -1, "", 0, False
        for seat, kind, card in self.trick:
            if kind != "card":
                continue
            fruit, value = CARD_FRUIT[card], CARD_VALUE[card]
            if fruit == trump:
                if not trumped or value > best_value:
                    best_seat, best_card, best_value, trumped = seat, card, value, True
            elif not trumped and fruit == led and value > best_value:
                best_seat, best_card, best_value = seat, card, value
        return best_seat, best_card

    def _finish_trick(self) -> None:
        winner, card = self._trick_winner()
        cards = sum(1 for _, kind, _ in self.trick if kind == "card")
        self.tricks_won = _bump(self.tricks_won, winner)
        self.piles = _bump(self.piles, winner, cards)
        trumped = " (trump)" if CARD_FRUIT[card] == self.trump else ""
        self._event(f"Seat {winner} takes the trick with {card}{trumped}")
        self.last_trick = (self.trick, winner)
        self.trick = ()
        self.led = None
        self.cart_moved = False
        self.leader = self.turn = winner
        if all(self.hands):
            return
        self._score_round()
        if self.round < self.rounds:
            self._start_round(self.round + 1)
        else:
            self.turn = None
            self._game_over_event()

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
        self.summaries = (*self.summaries, {
            "round": self.round,
            "trump": self.trump,
            "tricks": list(self.tricks_won),
            "hand_cards": held,
            "stalls": {fruit: list(self.stalls[i]) for i, fruit in enumerate(self.fruits)},
            "placed": list(self.placed),
            "points": totals,
        })
        points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(totals))
        self._event(f"Round {self.round} scored: {points}")

    def _game_over_event(self) -> None:
        scores = self.scores()
        winners = self._winners(scores)
        best = scores[winners[0]]
        if len(winners) == 1:
            self._event(f"Game over: seat {winners[0]} wins with {best} points")
        else:
            self._event(f"Game over: seats {_seats(winners)} tie on {best} points and share the win "
                        "(by the rulebook's joke, the designer wins)")

    def _event(self, text: str) -> None:
        self.events = (*self.events[-(EVENTS_KEPT - 1):], text)

    # ---- refusals -------------------------------------------------------------------------------

    def _explain(self, action: Hashable) -> IllegalAction:
        text = str(action)
        parsed = ACTIONS.get(text) if isinstance(action, str) else None
        if parsed is None:
            return IllegalAction("tindahan.notation", f"{text!r} is not a Tindahan action; write a card "
                                 "like banana-10, seller:banana or cart:mango", text)
        kind, fruit = parsed
        seat = self.turn
        assert seat is not None
        if fruit not in self._stall_of:
            return IllegalAction("tindahan.setup.fruits", f"{text} refused: {fruit} is not in play in this "
                                 f"game (the fruits are {', '.join(self.fruits)})", text)
        starting = not self.trick
        if kind == "card":
            hand = self.hands[seat]
            if text not in hand:
                return IllegalAction("tindahan.hand", f"{text} refused: seat {seat} does not hold it", text)
            led = self.led
            return IllegalAction("tindahan.follow-suit", f"{text} refused: you hold {led}, and the led fruit "
                                 f"{led} must be followed", text)
        if kind == "seller":
            if starting:
                return IllegalAction("tindahan.seller.not-starting-player", f"{text} refused: seat {seat} "
                                     "starts this trick, so must play a card or move the cart", text)
            if self._must_play():
                return IllegalAction("tindahan.cart.next-must-play", f"{text} refused: the starting player "
                                     "moved the donkey cart, so you must play a card", text)
            if not self.sellers_left[seat]:
                return IllegalAction("tindahan.seller.none-left", f"{text} refused: all nine of your sellers "
                                     "are already on stalls", text)
            return IllegalAction("tindahan.seller.led-stall", f"{text} refused: a seller can only go to the "
                                 f"stall of the led fruit, {self.led}", text)
        if not starting:
            return IllegalAction("tindahan.cart.starting-player-only", f"{text} refused: only the starting "
                                 f"player (seat {self.leader}) may move the cart, as their whole turn", text)
        return IllegalAction("tindahan.cart.different-stall", f"{text} refused: the cart already stands on "
                             f"{fruit}; move it to another stall", text)

    # ---- scores, views, snapshots ---------------------------------------------------------------

    def _score_lines(self) -> Sequence[ScoreLine]:
        return self.lines

    def _play_dict(self, play: Play) -> dict[str, Any]:
        seat, kind, what = play
        return {"seat": seat, "kind": kind, "card": what} if kind == "card" else \
            {"seat": seat, "kind": kind, "fruit": what}

    def _view(self, seat: int) -> dict[str, Any]:
        legal = [str(a) for a in self.legal_actions()] if self.turn == seat else []
        last = None
        if self.last_trick is not None:
            plays, winner = self.last_trick
            last = {"plays": [self._play_dict(p) for p in plays], "winner": winner}
        return {
            "round": self.round,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "phase": "over" if self.turn is None else "play",
            "fruits": list(self.fruits),
            "trump": self.trump,
            "led": self.led,
            "leader": self.leader,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "trick": [self._play_dict(p) for p in self.trick],
            "last_trick": last,
            "tricks_won": list(self.tricks_won),
            "labels": {notation: label(notation) for notation in legal},
            "events": list(self.events),
            "stalls": {fruit: list(self.stalls[i]) for i, fruit in enumerate(self.fruits)},
            "sellers_left": list(self.sellers_left),
            "cart_moved": self.cart_moved,
        }

    def _snapshot(self) -> dict[str, Any]:
        return {
            "fruits": list(self.fruits),
            "round": self.round,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
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
            "events": list(self.events),
            "lines": [list(line) for line in self.lines],
            "summaries": [dict(s) for s in self.summaries],
        }

    def inventory(self) -> dict[str, int]:
        counts = {
            "fruit cards": sum(map(len, self.hands)) + sum(self.piles)
            + sum(1 for _, kind, _ in self.trick if kind == "card"),
            "donkey cart": 1 if self.trump in self._stall_of else 0,
        }
        for s in range(self.players):
            counts[f"sellers of seat {s}"] = self.sellers_left[s] + sum(stall[s] for stall in self.stalls)
        return counts

    def secrets(self, seat: int) -> list[str]:
        # Quoted, because a bare "banana-1" is also the start of "banana-10".
        return [f'"{card}"' for s, hand in enumerate(self.hands) if s != seat for card in hand]

