"""The retired Bastos! state (before its kernel), kept as the kernel's oracle until the comparison is
done: ``test_playout_bastos.py`` plays it beside the kernel's state move by move. Its rule code (who
takes a trick, the round's lines) is the retired code as it was; it reads the game's notation, view
and refusal modules as they are now."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from explorer._core.playout import Playout
from explorer._core.state import ScoreLine
from explorer._core.tuples import appended, bumped, replaced, without
from explorer._fruitbox.state import FruitState
from explorer.bastos._explain import explain
from explorer.bastos._mechanics import MAX_VALUE, MIN_VALUE, clamp
from explorer.bastos._notation import (
    CARD,
    CHOOSE,
    DECK,
    DECLARE,
    FRUIT_INDEX,
    FRUITS,
    LOWER,
    RAISE,
    TRUMP_SUFFIX,
    sort_cards,
)
from explorer.bastos._start import start_hands
from explorer.bastos._view import Entry, board_text, event_text, label, view


def trick_taker(plays: Sequence[tuple[str, int, str, Any]], colours: Sequence[str], trump: str | None,
                declared: int, rules: Mapping[str, Any]) -> int | None:
    """``taker`` for the engine: the same answer from the trick's card entries (``("card", seat,
    card, made_trump)`` in play order) and the seats' Bastos! colours, in one pass (every trick)."""
    start = declared if declared >= 0 and rules["trump_timing"] == "from-declaration" else 0
    fruits = []
    values = []
    own = []
    all_own = True
    best, best_value = -1, 0
    for i, entry in enumerate(plays):
        fruit, value = CARD[entry[2]]
        mine = fruit == colours[entry[1]]
        fruits.append(fruit)
        values.append(value)
        own.append(mine)
        if not mine:
            all_own = False
            if i >= start and fruit == trump and value > best_value:
                best, best_value = i, value
    if all_own:
        return None  # bastos.trick.set-aside
    if best >= 0:
        return best  # bastos.trick.highest-trump
    led = fruits[0]
    floor = 0
    if rules["bastos_lead"] == "must-beat-led" and own[0] and fruits.count(led) != len(fruits):
        floor = values[0]
    for i, fruit in enumerate(fruits):
        if fruit == led and not own[i] and values[i] > best_value and values[i] > floor:
            best, best_value = i, values[i]
    if best >= 0:
        return best  # bastos.trick.highest-led / bastos.trick.highest-follower
    return 0  # bastos.trick.leader-takes: only possible when the leader led their own colour



def fruit_lines(values: Mapping[str, int], cards: Iterable[str]) -> list[tuple[str, int, int]]:
    """``(fruit, count, value)`` for each fruit among ``cards``, in the fixed fruit order."""
    counts = dict.fromkeys(FRUITS, 0)
    for card in cards:
        counts[CARD[card][0]] += 1
    return [(fruit, count, values[fruit]) for fruit, count in counts.items() if count]


@cache  # every round writes a line per fruit a seat took: the same few texts again and again
def line_label(fruit: str, count: int, value: int) -> str:
    """A score-sheet line in words: "3 mango cards worth +2 each"."""
    if count == 1:
        return f"1 {fruit} card worth {value:+d}"
    return f"{count} {fruit} cards worth {value:+d} each"



FRUIT_OF = {card: fruit for card, (fruit, _) in CARD.items()}
# The deck of each set of fruits in play (in box order), built once.
_DECKS: dict[tuple[str, ...], list[str]] = {}


class State(FruitState):
    """A Bastos! position. Seat ``players - 1`` deals round 1; the deal passes on one seat a round."""

    # Plain fields here, as they were (the kernel's shell reads them off its kernel instead).
    fruits = rounds = round = dealer = leader = hands = lines = None  # type: ignore[assignment]

    fruits: tuple[str, ...]
    boxed: tuple[str, ...]
    round: int
    rounds: int
    dealer: int
    phase: str
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
    round_last_trick: tuple[tuple[Entry, ...], int | None] | None  # last round's final trick, for review

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
        self.last_trick = self.round_last_trick = None
        self._start_round(start_hands(self.rules["start"], n, self._deck(), removed))

    def _deck(self) -> list[str]:
        deck = _DECKS.get(self.fruits)
        if deck is None:
            deck = _DECKS[self.fruits] = [c for c in DECK if CARD[c][0] in self.fruits]
        return deck.copy()

    def _start_round(self, hands: tuple[tuple[str, ...], ...] | None) -> None:
        n = self.players
        deck = self._deck()
        if hands is None:
            self.rng("deal", self.round).shuffle(deck)
            size = len(deck) // n
            hands = tuple([sort_cards(deck[seat * size:(seat + 1) * size]) for seat in range(n)])
            left = deck[n * size:]  # the cards nobody was dealt, in the shuffled order
        else:
            dealt = {c for hand in hands for c in hand}
            left = [c for c in deck if c not in dealt]
        self.hands = hands
        self.spare = left[0] if left else None
        self.phase = "choose"
        self.leader = self.to_act = (self.dealer + 1) % n
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
        self._tell(None, None, "round", round=self.round, rounds=self.rounds, dealer=self.dealer,
                   spare=self.spare)

    # ---- queries -------------------------------------------------------------------------------

    def value(self, fruit: str) -> int:
        return self.values[FRUIT_INDEX[fruit]]

    def value_table(self) -> dict[str, int]:
        return {fruit: self.values[FRUIT_INDEX[fruit]] for fruit in self.fruits}

    def led_fruit(self) -> str | None:
        for entry in self.trick:
            if entry[0] == "card":
                return CARD[entry[2]][0]
        return None

    def _legal(self) -> list[Hashable]:
        seat = self.to_act
        assert seat is not None
        phase = self.phase
        hand = self.hands[seat]
        if phase == "play":
            if self.cards_in_trick == 0:
                return list(hand)
            led = FRUIT_OF[self.trick[0][2]]
            follow: list[Hashable] = [c for c in hand if FRUIT_OF[c] == led]
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
        seat = self.to_act
        assert seat is not None
        phase = self.phase
        if phase == "play":
            self._play_card(seat, notation)
        elif phase == "choose":
            self._choose(seat, notation[len("choose:"):])
        else:
            self._adjust(seat, notation)

    def _choose(self, seat: int, card: str) -> None:
        n = self.players
        self.hands = replaced(self.hands, seat, without(self.hands[seat], card))
        self.picks = replaced(self.picks, seat, card)
        # The pick stays secret until all have picked: the event names neither the card nor the move.
        self._tell(seat, None, "pick")
        nxt = (seat + 1) % n
        if nxt != self.leader:
            self.to_act = nxt
            return
        # Everyone has picked: reveal together and raise each picked fruit once per pick.
        colours = tuple(CARD[c][0] for c in self.picks if c is not None)
        self.colours = colours
        values = [0] * len(FRUITS)
        for fruit in colours:
            values[FRUIT_INDEX[fruit]] += 1
        self.values = tuple(clamp(v) for v in values)
        self.phase = "play"
        self.to_act = self.leader
        self._tell(None, None, "reveal", colours=list(colours), picks=list(self.picks),
                   values={f: self.value(f) for f in self.fruits if self.value(f)})

    def _play_card(self, seat: int, notation: str) -> None:
        made_trump = notation.endswith(TRUMP_SUFFIX)
        card = notation[: -len(TRUMP_SUFFIX)] if made_trump else notation
        fruit = CARD[card][0]
        # replaced(hands, seat, without(hand, card)), spelled out: this runs every move.
        hands = self.hands
        hand = hands[seat]
        at = hand.index(card)
        self.hands = (*hands[:seat], (*hand[:at], *hand[at + 1:]), *hands[seat + 1:])
        self.trick = (*self.trick, ("card", seat, card, made_trump))
        if made_trump:
            index = FRUIT_INDEX[fruit]
            before = self.values[index]
            self.values = replaced(self.values, index, clamp(before - 2))
            self.trump = fruit
            self.declared_at = self.cards_in_trick
            after = self.values[index]
            self._tell(seat, notation, "trump", card=card, fruit=fruit, before=before, after=after)
        else:
            self._tell(seat, notation, "lead" if self.cards_in_trick == 0 else "card", card=card, fruit=fruit)
        played = self.cards_in_trick = self.cards_in_trick + 1
        assert self.colours is not None
        if fruit == self.colours[seat]:
            # bastos.colour.adjust: the value move comes before anything else happens.
            self.phase = "adjust"
            self.adjusting = seat
            self._tell(seat, notation, "own-colour", card=card, fruit=fruit)
            return
        if played < self.players:  # as _next, inline: this runs every card
            self.to_act = (seat + 1) % self.players
        else:
            self._resolve(notation)

    def _adjust(self, seat: int, notation: str) -> None:
        kind, _, fruit = notation.partition(":")
        delta = 1 if kind == "raise" else -1
        index = FRUIT_INDEX[fruit]
        self.values = bumped(self.values, index, delta)
        self.trick = appended(self.trick, ("adjust", seat, fruit, delta))
        self.phase = "play"
        self.adjusting = None
        self._tell(seat, notation, "value", fruit=fruit, delta=delta, after=self.values[index])
        self._next(seat, notation)

    def _next(self, seat: int, notation: str) -> None:
        if self.cards_in_trick < self.players:
            self.to_act = (seat + 1) % self.players
        else:
            self._resolve(notation)

    def _resolve(self, notation: str) -> None:
        plays = [e for e in self.trick if e[0] == "card"]
        colours = self.colours
        assert colours is not None
        cards = tuple([e[2] for e in plays])
        winner_at = trick_taker(plays, colours, self.trump, self.declared_at, self.rules)
        if winner_at is None:
            self.set_aside = self.set_aside + cards
            self.last_trick = (self.trick, None)
            self._tell(None, notation, "set-aside", leader=self.leader)
        else:
            winner, card = plays[winner_at][1], plays[winner_at][2]
            self.won = replaced(self.won, winner, self.won[winner] + cards)
            self.tricks_won = bumped(self.tricks_won, winner)
            self.last_trick = (self.trick, winner)
            self.leader = winner
            trumped = self.trump is not None and CARD[card][0] == self.trump
            self._tell(winner, notation, "trick", winner=winner, card=card, trump=trumped)
        self.to_act = self.leader
        self.trick = ()
        self.cards_in_trick = 0
        self.declared_at = -1
        if not self.hands[self.leader]:
            self._end_round()

    def _end_round(self) -> None:
        table = self.value_table()
        lines = list(self.lines)
        totals = []
        for seat in range(self.players):
            points = 0
            for fruit, count, value in fruit_lines(table, self.won[seat]):
                lines.append(ScoreLine(seat, line_label(fruit, count, value), count * value,
                                       "bastos.score.card-value", self.round))
                points += count * value
            if not self.won[seat]:
                lines.append(ScoreLine(seat, "no tricks taken", 0, "bastos.score.card-value", self.round))
            totals.append(points)
        self.lines = tuple(lines)
        self._tell(None, None, "scored", round=self.round, points=totals)
        if self.round == self.rounds:
            self.phase = "over"
            self.to_act = None
            self.adjusting = None
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        # The cards are dealt again: last round's trick would show cards that now sit hidden in new
        # hands, so it leaves the table; a learner may still review it (every card of it was played face
        # up, and the events name them) until this round's first trick ends.
        self.round_last_trick = self.last_trick
        self.last_trick = None
        self._deal_anew()
        self._start_round(None)

    # ---- refusals, views, snapshots (the roles of _explain and _view) ----------------------------

    _explain = explain
    _event_text = staticmethod(event_text)
    _label = label
    _view = view
    _board_text = board_text

    def playout(self) -> Playout:
        return Playout(self)  # the public API played by index (the oracle is compared, never simulated)

    def _redeal(self, hands: Any, picks: Any = None) -> None:
        self.hands = tuple(tuple(sort_cards(hand)) for hand in hands)
        if picks is not None:
            self.picks = tuple(picks)

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
