"""Bastos!'s rules kernel: the one place that says what is legal, who takes a trick and what scores.

:class:`Kernel` plays a position in place by index, as OpenSpiel's games do. Hands are sorted card
indices (``explorer._fruitbox.kernel``); the trick is its cards in play order (the ``i``-th played by
``leader + i``); the value table is a list by fruit; the cards each seat took this round are counted
per fruit (``seat * 5 + fruit``), which is all the round's scoring reads. A Bastos! colour is a fruit
index per seat, and ``colour_mask`` their set. ``legal()`` counts the actions in the public
``legal_actions()`` order and keeps what it counted, so that ``apply(i)`` goes straight to the
action; ``notation(i)`` writes its text only when asked.

With a log (the public state's kernel) it also keeps what the table shows (the trick's entries with
their value moves, the cards each seat took, the tricks set aside, the face-up spare, the last trick),
writes the score sheet's lines and says the public events as raw data (``said``: the state tells
them); without one (``State.playout()``, what bots and hints simulate with) it keeps only what the
rules read, and a new round's cards are dealt when first asked. Every round deals from the game's
own seeded generator, so both deal the cards the public API would.

It imports nothing of its own package: the compiled core may set it up before ``explorer.bastos``
(whose modules import it) is imported. Compiled by mypyc where a compiler is found
(``explorer._compiled``), the same code interpreted where not.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from operator import getitem
from typing import Any, Final

from .._core.action import Action, ActionTable, listing
from .._core.state import ScoreLine, seeded
from .._fruitbox.kernel import CARD_TEXT, CARD_VALUES, FRUIT_OF, RANK_OF, FruitKernel, fruit_tables
from .._fruitbox.state import FRUITS

MIN_VALUE: Final = -2
MAX_VALUE: Final = 3
TOP: Final = 9  # the tens of the box stay in it
TRUMP_SUFFIX: Final = ":trump"
#: The phases, as the state names them.
CHOOSING: Final = 0
PLAYING: Final = 1
ADJUSTING: Final = 2
OVER: Final = 3
PHASES: Final = ("choose", "play", "adjust", "over")

CHOOSE_TEXT: Final[list[str]] = ["choose:" + card for card in CARD_TEXT]
DECLARE_TEXT: Final[list[str]] = [card + TRUMP_SUFFIX for card in CARD_TEXT]
RAISE_TEXT: Final[list[str]] = ["raise:" + fruit for fruit in FRUITS]
LOWER_TEXT: Final[list[str]] = ["lower:" + fruit for fruit in FRUITS]
#: The values of the choosing and declaring actions, by card.
CHOOSE_VALUES: Final = ActionTable(CHOOSE_TEXT)
DECLARE_VALUES: Final = ActionTable(DECLARE_TEXT)

#: One entry of the trick as the table shows it: ("card", seat, card, made trump) or ("adjust", seat,
#: fruit, +1 or -1).
Entry = tuple[str, int, str, Any]


def clamp(value: int) -> int:
    """A fruit value kept on the table, -2 to +3 (bastos.values.clamp)."""
    return MIN_VALUE if value < MIN_VALUE else MAX_VALUE if value > MAX_VALUE else value


def decide(fruits: list[int], values: list[int], own: list[bool], trumps: list[bool], beat_led: bool) -> int:
    """The position in the trick of the card that takes it, or -1 when it is set aside.

    Position 0 led. ``own[i]``: card i is of its player's own Bastos! colour (it can never win).
    ``trumps[i]``: card i counts as a trump card. ``beat_led``: the 'must-beat-led' reading of the
    ``bastos_lead`` option.
    """
    n = len(fruits)
    if all(own):
        return -1  # bastos.trick.set-aside
    best, best_value = -1, 0
    for i in range(n):
        if trumps[i] and not own[i] and values[i] > best_value:
            best, best_value = i, values[i]
    if best >= 0:
        return best  # bastos.trick.highest-trump
    led = fruits[0]
    # The led card is a dead card when it is its leader's own colour; then, on the literal reading,
    # a follower must beat it unless every other player followed.
    floor = 0
    if beat_led and own[0]:
        for i in range(1, n):
            if fruits[i] != led:
                floor = values[0]
                break
    for i in range(n):
        if fruits[i] == led and not own[i] and values[i] > best_value and values[i] > floor:
            best, best_value = i, values[i]
    if best >= 0:
        return best  # bastos.trick.highest-led / bastos.trick.highest-follower
    return 0  # bastos.trick.leader-takes: only possible when the leader led their own colour


def line_text(fruit: str, count: int, value: int) -> str:
    """A score-sheet line in words: "3 mango cards worth +2 each"."""
    if count == 1:
        return f"1 {fruit} card worth {value:+d}"
    return f"{count} {fruit} cards worth {value:+d} each"


class Game:
    """What stays the same all game: the fruits in play and the rules options, read once (a copy of
    the kernel shares it)."""

    __slots__ = ("beat_led", "boxed", "deck", "from_declaration", "fruits", "idle", "names", "rounds")

    fruits: list[int]  # the fruits in play (box indices), in the fixed order
    names: list[str]
    deck: list[int]
    boxed: list[int]  # the cards of the fruit left in the box
    rounds: int
    from_declaration: bool  # trump_timing == "from-declaration"
    beat_led: bool  # bastos_lead == "must-beat-led"
    idle: bool  # value_move_at_limit == "may-stay": a value move against a limit is allowed


def game_of(players: int, rules: Mapping[str, Any], fruits: tuple[str, ...]) -> Game:
    """The game's constant part (built here: a compiled class is pickled by calling it with no
    arguments, and a state travels to a sweep's worker process by pickle)."""
    g = Game()
    g.fruits, g.deck, _ = fruit_tables(fruits, TOP)
    g.names = list(fruits)
    g.boxed = [card for card in range(len(CARD_TEXT))
               if RANK_OF[card] <= TOP and FRUIT_OF[card] not in g.fruits]
    g.rounds = 2 * players
    g.from_declaration = rules["trump_timing"] == "from-declaration"
    g.beat_led = rules["bastos_lead"] == "must-beat-led"
    g.idle = rules["value_move_at_limit"] == "may-stay"
    return g


def new_kernel(players: int, seed: int, rules: Mapping[str, Any], fruits: tuple[str, ...],
               hands: list[list[int]] | None, log: bool = True) -> Kernel:
    """Round 1 of a new game, ``hands`` dealt by the ``seed`` where not given."""
    k = Kernel()
    k.n, k.g = players, game_of(players, rules, fruits)
    k.seed, k.log, k.cow = seed, log, False
    k.round, k.dealer = 1, players - 1
    k.points = [0] * players
    k.lines = ()
    k.told = k.before_deal = None
    k.last_trick = k.round_last_trick = None
    k.start_round(hands)
    return k


class Kernel(FruitKernel):
    """A Bastos! position and its rules (see the module's docstring). A round starts with every seat
    picking a Bastos! card (in turn, face down); in play, a seat follows the led fruit if it can, else
    plays any card, or (while no trump is made) throws a card not of a Bastos! colour to make its fruit
    trump; after a card of one's own colour comes a value move, up or down by 1 within the limits (on
    the ``value_move_at_limit`` reading 'may-stay', also against a limit, leaving the value as it is)."""

    __slots__ = ("adjusting", "aside", "colour_mask", "colours", "declared", "entries", "g", "last_trick",
                 "phase", "picks", "round_last_trick", "spare", "taken", "trump", "values", "won_cards")

    g: Game
    phase: int
    picks: list[int]  # each seat's Bastos! card, -1 not picked yet
    colours: list[int]  # each seat's Bastos! colour ([] until revealed)
    colour_mask: int
    values: list[int]  # per fruit of the box
    trump: int  # -1 none yet
    declared: int  # where in the trick a card made its fruit trump, -1 none
    adjusting: int  # the seat that makes a value move, -1 none
    won_cards: list[int]  # cards taken this round, per seat and fruit
    # Kept with a log only: what the table shows.
    entries: list[Entry]  # the trick with its value moves
    taken: list[list[int]]  # the cards each seat took this round
    aside: list[int]  # the cards of the tricks set aside this round
    spare: int  # the face-up card nobody was dealt, -1 none
    last_trick: tuple[tuple[Entry, ...], int] | None  # its entries and who took it (-1: set aside)
    round_last_trick: tuple[tuple[Entry, ...], int] | None

    def copy(self, log: bool = True) -> Kernel:
        """An independent copy (what it counted included), writing lines and events if ``log``."""
        new = Kernel()
        new.n, new.g, new.seed, new.log = self.n, self.g, self.seed, log
        new.round, new.dealer, new.phase, new.leader, new.act = (self.round, self.dealer, self.phase,
                                                                 self.leader, self.act)
        new.colours, new.colour_mask, new.trump = self.colours, self.colour_mask, self.trump
        new.trick, new.declared, new.adjusting = self.trick.copy(), self.declared, self.adjusting
        new.entries, new.spare = self.entries, self.spare
        if log:  # a state's copy, played once: the lists are copied as they change
            new.cow = True
            new.hands = self.hands.copy()
            new.picks, new.values, new.won, new.won_cards = self.picks, self.values, self.won, self.won_cards
            new.points, new.taken, new.aside = self.points, self.taken, self.aside
        else:
            new.cow = False
            new.hands = [hand.copy() for hand in self.hands]
            new.picks, new.values, new.won = self.picks.copy(), self.values.copy(), self.won.copy()
            new.won_cards, new.points = self.won_cards.copy(), self.points.copy()
            new.taken, new.aside = self.taken, self.aside
        new.lines, new.told, new.before_deal = self.lines, self.told, self.before_deal
        new.last_trick, new.round_last_trick = self.last_trick, self.round_last_trick
        new._count, new._lo, new._nc = self._count, self._lo, self._nc
        return new

    def start_round(self, hands: list[list[int]] | None = None) -> None:
        """This round's deal (``hands``, else the seed's) and its picking, left of the dealer first."""
        n = self.n
        self.phase = CHOOSING
        self.leader = self.act = (self.dealer + 1) % n
        self.picks, self.colours, self.colour_mask = [-1] * n, [], 0
        self.values, self.trump = [0] * len(FRUITS), -1
        self.trick, self.entries, self.declared, self.adjusting = [], [], -1, -1
        self.won, self.won_cards = [0] * n, [0] * (len(FRUITS) * n)
        self.taken, self.aside = [[] for _ in range(n)], []
        self.spare = -1
        if hands is not None:
            self.hands = [sorted(hand) for hand in hands]
            dealt = {card for hand in hands for card in hand}
            left = [card for card in self.g.deck if card not in dealt]
            if left:
                self.spare = left[0]
        elif self.log:
            self.hands = self.dealt()
        else:
            self.hands = []  # dealt by legal(), when first asked
        if self.log:
            spare = CARD_TEXT[self.spare] if self.spare >= 0 else None
            self.say(-1, None, "round", {"round": self.round, "rounds": self.g.rounds,
                                                  "dealer": self.dealer, "spare": spare})

    def dealt(self) -> list[list[int]]:
        """This round's hands as the seed deals them (and the spare: the first card nobody holds)."""
        cards = list(self.g.deck)
        seeded("bastos", self.seed, "deal", self.round).shuffle(cards)
        size = len(cards) // self.n
        if len(cards) > size * self.n:
            self.spare = cards[size * self.n]
        return [sorted(cards[seat * size:(seat + 1) * size]) for seat in range(self.n)]

    # ---- the Playout interface ------------------------------------------------------------------

    def counted(self, hand: list[int]) -> int:
        phase = self.phase
        if phase == PLAYING:
            trick = self.trick
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
                    if self.trump < 0:
                        mask = self.colour_mask
                        for card in hand:
                            if not mask >> FRUIT_OF[card] & 1:
                                count += 1
            else:
                self._lo = 0
                count = self._nc = len(hand)
        elif phase == CHOOSING:
            self._lo = 0
            count = self._nc = len(hand)
        else:  # raise or lower a fruit in play: within the table's limits, or also against one
            self._nc = 0
            if self.g.idle:
                return 2 * len(self.g.fruits)
            count = 0
            values = self.values
            for fruit in self.g.fruits:
                value = values[fruit]
                count += (value < MAX_VALUE) + (value > MIN_VALUE)
        return count

    def _declarable(self, hand: list[int], nth: int) -> int:
        """Where in ``hand`` the ``nth`` card that may make trump lies."""
        mask = self.colour_mask
        for at, card in enumerate(hand):
            if not mask >> FRUIT_OF[card] & 1:
                if nth == 0:
                    return at
                nth -= 1
        raise AssertionError("counted and found actions disagree")

    def _adjustment(self, nth: int) -> tuple[int, int]:
        """The ``nth`` value move: (fruit, +1 or -1); each fruit's raise, then its lower."""
        if self.g.idle:  # every move is offered, those against a limit too (bastos.values.clamp)
            return self.g.fruits[nth >> 1], -1 if nth & 1 else 1
        values = self.values
        for fruit in self.g.fruits:
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
        phase = self.phase
        if phase == ADJUSTING:
            fruit, delta = self._adjustment(index)
            return RAISE_TEXT[fruit] if delta > 0 else LOWER_TEXT[fruit]
        hand = self.hands[self.act]
        if phase == CHOOSING:
            return CHOOSE_TEXT[hand[index]]
        if index < self._nc:
            return CARD_TEXT[hand[self._lo + index]]
        return DECLARE_TEXT[hand[self._declarable(hand, index - self._nc)]]

    def actions(self) -> list[Action]:
        """Every legal action's value, in the public order (shared values: ``ActionTable``; the value
        moves' are made per position, their texts written when asked)."""
        count = self.legal()
        if count == 0:
            return []
        if self.phase == ADJUSTING:
            return listing(self, count)
        hand = self.hands[self.act]
        if self.phase == CHOOSING:
            return list(map(getitem, CHOOSE_VALUES.rows(0, count), hand))
        lo, nc = self._lo, self._nc
        out = list(map(getitem, CARD_VALUES.rows(0, nc), hand[lo:lo + nc]))
        if count > nc:
            mask = self.colour_mask
            declarable = [card for card in hand if not mask >> FRUIT_OF[card] & 1]
            out.extend(map(getitem, DECLARE_VALUES.rows(nc, count), declarable))
        return out

    def apply(self, index: int, text: str = "") -> None:
        count = self._count if self._count >= 0 else self.legal()
        if not 0 <= index < count:
            raise IndexError(f"legal action {index} of {count}")
        action = (text or self.notation(index)) if self.log else None  # what the events name
        self._played.append(index)
        self._count = -1
        seat = self.act
        phase = self.phase
        if phase == CHOOSING:
            self._choose(seat, index)
            return
        if phase == PLAYING:
            if self._play_card(seat, index, action):
                return
        else:
            fruit, delta = self._adjustment(index)
            if self.cow:
                self.values = self.values.copy()
            before = self.values[fruit]
            after = self.values[fruit] = clamp(before + delta)
            self.phase = PLAYING
            self.adjusting = -1
            if self.log:
                # The trick shows the change made (0 for a move against a limit); the event names the
                # direction moved, and says when the value stayed where it was.
                self.entries = [*self.entries, ("adjust", seat, FRUITS[fruit], after - before)]
                data: dict[str, Any] = {"fruit": FRUITS[fruit], "delta": delta, "after": after}
                if after == before:
                    data["stays"] = True
                self.say(seat, action, "value", data)
        if len(self.trick) < self.n:
            seat += 1
            self.act = 0 if seat == self.n else seat
            return
        self._resolve(action)

    def _choose(self, seat: int, index: int) -> None:
        hand = self.hands[seat]
        if self.cow:
            hand = self.hands[seat] = hand.copy()
            self.picks = self.picks.copy()
        self.picks[seat] = hand.pop(index)
        if self.log:  # the pick stays secret until all have picked: the event names neither card nor move
            self.say(seat, None, "pick", {})
        seat += 1
        if seat == self.n:
            seat = 0
        if seat != self.leader:
            self.act = seat
            return
        # Everyone has picked: the picks' fruits are the Bastos! colours, each raised once a pick.
        colours = self.colours = [FRUIT_OF[pick] for pick in self.picks]
        values = self.values = [0] * len(FRUITS)
        mask = 0
        for fruit in colours:
            mask |= 1 << fruit
            if values[fruit] < MAX_VALUE:
                values[fruit] += 1
        self.colour_mask = mask
        self.phase = PLAYING
        self.act = self.leader
        if self.log:
            self.say(-1, None, "reveal", {
                "colours": [FRUITS[fruit] for fruit in colours], "picks": [CARD_TEXT[p] for p in self.picks],
                "values": {FRUITS[f]: values[f] for f in self.g.fruits if values[f]}})

    def _play_card(self, seat: int, index: int, action: str | None) -> bool:
        """Play the card of action ``index``; True if a value move comes first (one's own colour)."""
        hand = self.hands[seat]
        if self.cow:
            hand = self.hands[seat] = hand.copy()
        nc = self._nc
        made_trump = index >= nc  # thrown off to make its fruit trump: its value drops by two
        card = hand.pop(self._declarable(hand, index - nc) if made_trump else self._lo + index)
        fruit = FRUIT_OF[card]
        before = self.values[fruit]
        if made_trump:
            if self.cow:
                self.values = self.values.copy()
            self.values[fruit] = clamp(before - 2)
            self.trump = fruit
            self.declared = len(self.trick)
        played = len(self.trick)
        self.trick.append(card)
        if self.log:
            self.entries = [*self.entries, ("card", seat, CARD_TEXT[card], made_trump)]
            if made_trump:
                self.say(seat, action, "trump", {"card": CARD_TEXT[card], "fruit": FRUITS[fruit],
                                                        "before": before, "after": self.values[fruit]})
            else:
                self.say(seat, action, "lead" if played == 0 else "card",
                                  {"card": CARD_TEXT[card], "fruit": FRUITS[fruit]})
        if fruit == self.colours[seat]:
            self.phase = ADJUSTING  # one's own colour: a value move comes first
            self.adjusting = seat
            if self.log:
                self.say(seat, action, "own-colour", {"card": CARD_TEXT[card],
                                                               "fruit": FRUITS[fruit]})
            return True
        return False

    def _resolve(self, last: str | None) -> None:
        """Who takes the trick (or nobody: set aside), and the round's end when the hands are out."""
        n, leader, trick, colours = self.n, self.leader, self.trick, self.colours
        own = [FRUIT_OF[trick[i]] == colours[(leader + i) % n] for i in range(n)]
        start = self.declared if self.declared >= 0 and self.g.from_declaration else 0
        best = decide([FRUIT_OF[card] for card in trick], [RANK_OF[card] for card in trick], own,
                      [i >= start and FRUIT_OF[trick[i]] == self.trump for i in range(n)], self.g.beat_led)
        if best < 0:
            if self.log:
                self.aside = [*self.aside, *trick]
                self.last_trick = (tuple(self.entries), -1)
                self.say(-1, last, "set-aside", {"leader": leader})
        else:
            winner = (leader + best) % n
            if self.cow:
                self.won, self.won_cards = self.won.copy(), self.won_cards.copy()
            won = self.won_cards
            for card in trick:
                won[winner * len(FRUITS) + FRUIT_OF[card]] += 1
            self.won[winner] += 1
            if self.log:
                card = trick[best]
                self.taken = [cards if seat != winner else [*cards, *trick]
                              for seat, cards in enumerate(self.taken)]
                self.last_trick = (tuple(self.entries), winner)
                self.say(winner, last, "trick", {"winner": winner, "card": CARD_TEXT[card],
                                                          "trump": FRUIT_OF[card] == self.trump})
            self.leader = leader = winner
        self.act = leader
        self.trick, self.entries, self.declared = [], [], -1
        if not self.hands[leader]:
            self._end_round()

    def _end_round(self) -> None:
        n, values, won = self.n, self.values, self.won_cards
        if self.cow:
            self.points = self.points.copy()
        totals = [0] * n
        lines: list[ScoreLine] = []
        for seat in range(n):
            at = seat * len(FRUITS)
            for fruit in range(len(FRUITS)):
                count = won[at + fruit]
                if count:
                    totals[seat] += count * values[fruit]
                    if self.log:
                        lines.append(ScoreLine(seat, line_text(FRUITS[fruit], count, values[fruit]),
                                               count * values[fruit], "bastos.score.card-value", self.round))
            if self.log and not self.taken[seat]:
                lines.append(ScoreLine(seat, "no tricks taken", 0, "bastos.score.card-value", self.round))
            self.points[seat] += totals[seat]
        if self.log:
            self.lines = self.lines + tuple(lines)
            self.say(-1, None, "scored", {"round": self.round, "points": totals})
        if self.round == self.g.rounds:
            self.phase, self.act, self.adjusting = OVER, -1, -1
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        if self.log:
            # The cards are dealt again: last round's trick would show cards that now sit hidden in new
            # hands, so it leaves the table; a learner may still review it (every card of it was played
            # face up, and the events name them) until this round's first trick ends.
            self.round_last_trick, self.last_trick = self.last_trick, None
        self.start_round()
