"""The Bastos! engine: rounds of picking Bastos! colours, tricks with a trump made mid-round, and
fruit values that move while the cards are played."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from .._errors import IllegalAction
from .._state import GameState, ScoreLine
from ._cards import (
    CARD,
    CHOOSE,
    DECK,
    DECLARE,
    FRUIT_INDEX,
    FRUITS,
    LOWER,
    MAX_VALUE,
    MIN_VALUE,
    RAISE,
    TRUMP_SUFFIX,
    clamp,
    sort_cards,
)
from ._catalogue import RULES
from ._options import OPTIONS, Deal
from ._scoring import fruit_lines, line_label
from ._trick import decide

# A trick entry: ("card", seat, card, made_trump) or ("adjust", seat, fruit, delta).
Entry = tuple[str, int, str, Any]
EVENTS_KEPT = 10


class BastosState(GameState):
    GAME: ClassVar[str] = "bastos"
    RULES = RULES
    OPTIONS = OPTIONS
    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 4
    SEAT_PRIVATE_OPTIONS = ("deal",)  # a fixed deal is every hand of round 1: each seat sees its own

    fruits: tuple[str, ...]
    boxed: tuple[str, ...]
    round: int
    rounds: int
    dealer: int
    phase: str
    turn: int | None
    leader: int
    hands: tuple[tuple[str, ...], ...]
    picks: tuple[str | None, ...]
    colours: tuple[str, ...] | None
    values: tuple[int, ...]
    trump: str | None
    trick: tuple[Entry, ...]
    cards_in_trick: int
    declared_at: int
    adjusting: int | None
    won: tuple[tuple[str, ...], ...]
    tricks_won: tuple[int, ...]
    set_aside: tuple[str, ...]
    spare: str | None
    last_trick: tuple[tuple[Entry, ...], int | None] | None
    events: tuple[str, ...]
    lines: tuple[ScoreLine, ...]

    # ---- setup ---------------------------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        removed = self.rules["removed_fruit"] if n == 3 else None
        self.fruits = tuple(f for f in FRUITS if f != removed)
        self.boxed = tuple(c for c in DECK if CARD[c][0] == removed)
        self.rounds = 2 * n
        self.round = 1
        self.dealer = n - 1
        self.lines = ()
        self.events = ()
        self.last_trick = None
        self._start_round(self._fixed_deal(self.rules["deal"]))

    def _deck(self) -> list[str]:
        return [c for c in DECK if CARD[c][0] in self.fruits]

    def _fixed_deal(self, deal: Deal | None) -> tuple[tuple[str, ...], ...] | None:
        if deal is None:
            return None
        n = self.players
        size = len(self._deck()) // n
        if len(deal) != n:
            raise ValueError(f"bastos: deal gives {len(deal)} hands for {n} players; give one per seat")
        for seat, hand in enumerate(deal):
            if len(hand) != size:
                raise ValueError(f"bastos: deal hand {seat} has {len(hand)} cards; with {n} players "
                                 f"each hand holds {size} [bastos.setup.deal]")
            for card in hand:
                if CARD[card][0] not in self.fruits:
                    raise ValueError(f"bastos: deal hand {seat} holds {card}, but {CARD[card][0]} is boxed "
                                     f"with removed_fruit={self.rules['removed_fruit']!r}; name the fruit "
                                     "your deal leaves out as removed_fruit [bastos.setup.deck]")
        return tuple(sort_cards(hand) for hand in deal)

    def _start_round(self, hands: tuple[tuple[str, ...], ...] | None) -> None:
        n = self.players
        deck = self._deck()
        if hands is None:
            self.rng("deal", self.round).shuffle(deck)
            size = len(deck) // n
            hands = tuple(sort_cards(deck[seat * size:(seat + 1) * size]) for seat in range(n))
        dealt = {c for hand in hands for c in hand}
        left = [c for c in deck if c not in dealt]
        self.hands = hands
        self.spare = left[0] if left else None
        self.phase = "choose"
        self.leader = self.turn = (self.dealer + 1) % n
        self.picks = (None,) * n
        self.colours = None
        self.values = (0,) * len(FRUITS)
        self.trump = None
        self.trick = ()
        self.cards_in_trick = 0
        self.declared_at = -1
        self.adjusting = None
        self.won = ((),) * n
        self.tricks_won = (0,) * n
        self.set_aside = ()
        spare = f"; {self.spare} lies aside" if self.spare else ""
        self._event(f"Round {self.round} of {self.rounds}: seat {self.dealer} deals{spare}; "
                    "everyone picks a Bastos! card")

    # ---- queries -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    def value(self, fruit: str) -> int:
        return self.values[FRUIT_INDEX[fruit]]

    def led_fruit(self) -> str | None:
        for entry in self.trick:
            if entry[0] == "card":
                return CARD[entry[2]][0]
        return None

    def _legal(self) -> list[Hashable]:
        seat = self.turn
        assert seat is not None
        phase = self.phase
        hand = self.hands[seat]
        if phase == "play":
            if self.cards_in_trick == 0:
                return list(hand)
            led = CARD[self.trick[0][2]][0]
            follow: list[Hashable] = [c for c in hand if CARD[c][0] == led]
            if follow:
                return follow
            out: list[Hashable] = list(hand)
            if self.trump is None:
                colours = self.colours or ()
                out += [DECLARE[c] for c in hand if CARD[c][0] not in colours]
            return out
        if phase == "choose":
            return [CHOOSE[c] for c in hand]
        values = self.values
        moves: list[Hashable] = []
        for fruit in self.fruits:
            v = values[FRUIT_INDEX[fruit]]
            if v < MAX_VALUE:
                moves.append(RAISE[fruit])
            if v > MIN_VALUE:
                moves.append(LOWER[fruit])
        return moves

    # ---- moves ---------------------------------------------------------------------------------

    def _apply(self, action: Hashable) -> None:
        notation = str(action)
        phase = self.phase
        if phase == "play":
            self._play_card(notation)
        elif phase == "choose":
            self._choose(notation[len("choose:"):])
        else:
            self._adjust(notation)

    def _choose(self, card: str) -> None:
        seat = self.turn
        assert seat is not None
        n = self.players
        self._take_from_hand(seat, card)
        picks = list(self.picks)
        picks[seat] = card
        self.picks = tuple(picks)
        self._event(f"Seat {seat} picks a Bastos! card, face down")
        nxt = (seat + 1) % n
        if nxt != self.leader:
            self.turn = nxt
            return
        # Everyone has picked: reveal together and raise each picked fruit once per pick.
        colours = tuple(CARD[c][0] for c in picks if c is not None)
        self.colours = colours
        values = [0] * len(FRUITS)
        for fruit in colours:
            values[FRUIT_INDEX[fruit]] += 1
        self.values = tuple(clamp(v) for v in values)
        self.phase = "play"
        self.turn = self.leader
        shown = ", ".join(f"seat {s} {c}" for s, c in enumerate(colours))
        table = ", ".join(f"{f} {self.value(f):+d}" for f in self.fruits if self.value(f))
        self._event(f"Bastos! colours revealed: {shown}; values {table}")

    def _play_card(self, notation: str) -> None:
        seat = self.turn
        assert seat is not None
        made_trump = notation.endswith(TRUMP_SUFFIX)
        card = notation[: -len(TRUMP_SUFFIX)] if made_trump else notation
        fruit = CARD[card][0]
        self._take_from_hand(seat, card)
        self.trick = (*self.trick, ("card", seat, card, made_trump))
        if made_trump:
            index = FRUIT_INDEX[fruit]
            before = self.values[index]
            values = list(self.values)
            values[index] = clamp(before - 2)
            self.values = tuple(values)
            self.trump = fruit
            self.declared_at = self.cards_in_trick
            self._event(f"Seat {seat} throws {card} and makes {fruit} trump "
                        f"({fruit} {before:+d} → {values[index]:+d})")
        elif self.cards_in_trick == 0:
            self._event(f"Seat {seat} leads {card}")
        else:
            self._event(f"Seat {seat} plays {card}")
        self.cards_in_trick += 1
        assert self.colours is not None
        if fruit == self.colours[seat]:
            # bastos.colour.adjust: the value move comes before anything else happens.
            self.phase = "adjust"
            self.adjusting = seat
            self._event(f"{card} is seat {seat}'s own Bastos! colour: seat {seat} moves a value by 1")
            return
        self._next(seat)

    def _adjust(self, notation: str) -> None:
        seat = self.turn
        assert seat is not None
        kind, _, fruit = notation.partition(":")
        delta = 1 if kind == "raise" else -1
        index = FRUIT_INDEX[fruit]
        values = list(self.values)
        values[index] += delta
        self.values = tuple(values)
        self.trick = (*self.trick, ("adjust", seat, fruit, delta))
        self.phase = "play"
        self.adjusting = None
        self._event(f"Seat {seat} {'raises' if delta > 0 else 'lowers'} {fruit} to {values[index]:+d}")
        self._next(seat)

    def _next(self, seat: int) -> None:
        if self.cards_in_trick < self.players:
            self.turn = (seat + 1) % self.players
        else:
            self._resolve()

    def _take_from_hand(self, seat: int, card: str) -> None:
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self.hands = tuple(hands)

    def _resolve(self) -> None:
        plays = [e for e in self.trick if e[0] == "card"]
        colours = self.colours
        assert colours is not None
        trump = self.trump
        start = self.declared_at if self.rules["trump_timing"] == "from-declaration" else 0
        fruits = [CARD[e[2]][0] for e in plays]
        winner_at = decide(
            fruits,
            [CARD[e[2]][1] for e in plays],
            [fruits[i] == colours[e[1]] for i, e in enumerate(plays)],
            [i >= start and fruits[i] == trump for i in range(len(plays))],
            self.rules["bastos_lead"] == "must-beat-led",
        )
        cards = tuple(e[2] for e in plays)
        if winner_at is None:
            self.set_aside = self.set_aside + cards
            self.last_trick = (self.trick, None)
            self._event(f"Every card was its player's own Bastos! colour: the trick is set aside and "
                        f"seat {self.leader} leads again")
        else:
            winner, card = plays[winner_at][1], plays[winner_at][2]
            won = list(self.won)
            won[winner] = won[winner] + cards
            self.won = tuple(won)
            counts = list(self.tricks_won)
            counts[winner] += 1
            self.tricks_won = tuple(counts)
            self.last_trick = (self.trick, winner)
            self.leader = winner
            how = " (trump)" if trump is not None and CARD[card][0] == trump else ""
            self._event(f"Seat {winner} takes the trick with {card}{how}")
        self.turn = self.leader
        self.trick = ()
        self.cards_in_trick = 0
        self.declared_at = -1
        if not self.hands[self.leader]:
            self._end_round()

    def _end_round(self) -> None:
        table = self.value_table()
        lines = list(self.lines)
        summary = []
        for seat in range(self.players):
            points = 0
            for fruit, count, value in fruit_lines(table, self.won[seat]):
                lines.append(ScoreLine(seat, line_label(fruit, count, value), count * value,
                                       "bastos.score.card-value", self.round))
                points += count * value
            if not self.won[seat]:
                lines.append(ScoreLine(seat, "no tricks taken", 0, "bastos.score.card-value", self.round))
            summary.append(f"seat {seat} {points:+d}")
        self.lines = tuple(lines)
        self._event(f"Round {self.round} scores: {', '.join(summary)}")
        if self.round == self.rounds:
            self.phase = "over"
            self.turn = None
            self.adjusting = None
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        # The cards are dealt again: last round's tricks and happenings would name cards that now
        # sit hidden in new hands, so the table is cleared except for the round's result.
        self.last_trick = None
        self.events = self.events[-1:]
        self._start_round(None)

    def _event(self, text: str) -> None:
        self.events = (*self.events[1 - EVENTS_KEPT:], text)

    # ---- refusals ------------------------------------------------------------------------------

    def _explain(self, action: Hashable) -> IllegalAction:
        text = str(action)

        def refuse(rule: str, why: str) -> IllegalAction:
            return IllegalAction(RULES.check(rule), f"{text} refused: {why}", text)

        kind, card, fruit = _parse(text)
        if kind == "?":
            return refuse("bastos.notation", "that is not a Bastos! move; moves are written 'mango-5', "
                          "'durian-2:trump', 'choose:mango-5', 'raise:banana' or 'lower:banana'")
        seat = self.turn
        assert seat is not None
        hand = self.hands[seat]
        if fruit is not None and fruit not in self.fruits:
            return refuse("bastos.setup.deck", f"{fruit} is boxed in this game")
        if self.phase == "choose":
            if kind != "choose":
                return refuse("bastos.phase", f"the round starts with everyone picking a Bastos! card; "
                              f"seat {seat} picks now with choose:<card>")
            return refuse("bastos.own-card", f"seat {seat} does not hold {card}")
        if self.phase == "adjust":
            if kind not in ("raise", "lower"):
                return refuse("bastos.colour.adjust", f"seat {seat} played their own Bastos! colour and "
                              "must first move a fruit value: raise:<fruit> or lower:<fruit>")
            assert fruit is not None
            value = self.value(fruit)
            return refuse("bastos.values.clamp", f"{fruit} is already at {value:+d}, and values stay "
                          f"between {MIN_VALUE} and +{MAX_VALUE}")
        if kind == "choose":
            return refuse("bastos.phase", "Bastos! cards are picked only at the start of a round")
        if kind in ("raise", "lower"):
            return refuse("bastos.colour.adjust", "a value move is owed only straight after playing a card "
                          "of one's own Bastos! colour")
        assert card is not None
        if card not in hand:
            return refuse("bastos.own-card", f"seat {seat} does not hold {card}")
        led = self.led_fruit()
        own_fruit = CARD[card][0]
        if led is not None and own_fruit != led and any(CARD[c][0] == led for c in hand):
            return refuse("bastos.follow-suit", f"seat {seat} holds {led}, and the led fruit {led} must "
                          "be followed")
        if kind == "declare":
            if led is None:
                return refuse("bastos.trump.declare", "the leader cannot make trump; only a player who "
                              "cannot follow the led fruit can")
            if own_fruit == led:
                return refuse("bastos.trump.declare", f"{card} follows the led fruit, so it cannot make "
                              "trump")
            if self.trump is not None:
                return refuse("bastos.trump.once", f"{self.trump} is already trump for the rest of the round")
            return refuse("bastos.trump.not-bastos-colour", f"{own_fruit} is a Bastos! colour this round "
                          "and can never be trump")
        return refuse("bastos.phase", "that move does not fit this moment of the round")

    # ---- scoring, views, snapshots -------------------------------------------------------------

    def _score_lines(self) -> Sequence[ScoreLine]:
        return self.lines

    def value_table(self) -> dict[str, int]:
        return {fruit: self.values[FRUIT_INDEX[fruit]] for fruit in self.fruits}

    def _view(self, seat: int) -> dict[str, Any]:
        from ._view import bastos_view

        return bastos_view(self, seat)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
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
            "events": list(self.events),
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
        hidden = [c for other, hand in enumerate(self.hands) if other != seat for c in hand]
        if self.colours is None:
            hidden += [p for other, p in enumerate(self.picks) if other != seat and p is not None]
        return hidden


def _parse(text: str) -> tuple[str, str | None, str | None]:
    """(kind, card, fruit) of a notation; kind is '?' when it is not a Bastos! move at all."""
    if text.startswith("choose:"):
        card = text[len("choose:"):]
        return ("choose", card, CARD[card][0]) if card in CARD else ("?", None, None)
    head, _, fruit = text.partition(":")
    if head in ("raise", "lower"):
        return (head, None, fruit) if fruit in FRUIT_INDEX else ("?", None, None)
    if text.endswith(TRUMP_SUFFIX):
        card = text[: -len(TRUMP_SUFFIX)]
        return ("declare", card, CARD[card][0]) if card in CARD else ("?", None, None)
    if text in CARD:
        return ("card", text, CARD[text][0])
    return ("?", None, None)
