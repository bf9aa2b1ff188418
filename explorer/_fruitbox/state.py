"""The Filipino Fruit Market box: one deck of fruit cards, one scenario-deal parser and the parts of a
state both of its games (Tindahan, Bastos!) share.

Tindahan plays the cards 1-10 of the fruits in play, Bastos! the cards 1-9 (its tens stay in the box);
both name a card ``<fruit>-<value>`` and keep hands in one fixed order (fruit first, then value). The
``start`` option of both games is parsed here: a list of hands (one per seat) or a dict
``{"hands": [...], ...}``, stored normalised as the dict.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, Self

from .._core.events import EMPTY_LOG, EventLog
from .._core.shell import Kept, KernelShell
from .._core.state import ScoreLine
from .._core.words import does, render, who

FRUITS: Final = ("banana", "lanzones", "mango", "pineapple", "durian")
"""Every fruit of the box, in the fixed order used for stalls, hands, value tables and views."""

FRUIT_INDEX: Final = {fruit: index for index, fruit in enumerate(FRUITS)}
TOP_VALUE: Final = 10  # the box's cards run 1-10 in every fruit


#: What learners call the seats of both fruit games: the rulebook's players A-E, given names.
FRUIT_SELLERS = ("Ana", "Ben", "Carlo", "Dina", "Ely")


def _card(fruit: str, value: int) -> str:
    # Interned notations compare by identity first, which keeps `action in legal` cheap.
    return sys.intern(f"{fruit}-{value}")


BOX: Final = tuple(_card(fruit, value) for fruit in FRUITS for value in range(1, TOP_VALUE + 1))
"""Every card in the box, in the fixed order (fruit, then value)."""

CARD: Final[dict[str, tuple[str, int]]] = {card: (card.rsplit("-", 1)[0], int(card.rsplit("-", 1)[1]))
                                           for card in BOX}
"""card -> (fruit, value); also the check that a string names a card of the box."""

ORDER: Final = {card: index for index, card in enumerate(BOX)}

WORDS: Final = {card: f"{fruit} {value}" for card, (fruit, value) in CARD.items()}
"""card -> how a learner reads it: ``banana-3`` is "banana 3" (notation stays for the command line)."""


def deck(top: int) -> tuple[str, ...]:
    """The cards of values 1..``top`` of every fruit, in the fixed order."""
    return tuple(card for card in BOX if CARD[card][1] <= top)


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in display order: by fruit (banana ... durian), then by value."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def face(card: str) -> dict[str, Any]:
    """A card as the view model gives it to a widget: its fruit and value, parsed once here."""
    fruit, value = CARD[card]
    return {"fruit": fruit, "value": value}


def taken_text(winner: int, card: str, trump: bool) -> str:
    """The event text of a trick taken, alike in both games (seat markers: see ``explorer._core.words``)."""
    return f"{does(winner, 'takes', 'take')} the trick with {WORDS[card]}{', a trump' if trump else ''}"


def points_text(points: Sequence[int]) -> str:
    """Round points per seat in an event text: "Ana +3, you -2" once rendered."""
    return ", ".join(f"{who(s)} {p:+d}" for s, p in enumerate(points))


def this_round(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The view's events since the current round began (after its "round" event)."""
    start = 0
    for i, event in enumerate(events):
        if event.get("kind") == "round":
            start = i + 1
    return list(events[start:])


def check_fruit(fruit: object, where: str) -> str:
    if not isinstance(fruit, str) or fruit not in FRUIT_INDEX:
        raise ValueError(f"{where}: {fruit!r} is not a fruit; the fruits are {', '.join(FRUITS)}")
    return fruit


def check_card(card: object, where: str, top: int = TOP_VALUE, game: str = "") -> str:
    """``card`` if it names a card of values 1..``top``, else a ``ValueError`` saying what a card is."""
    if not isinstance(card, str):
        raise ValueError(f"{where}: {card!r} is not a card; a card is a string like 'mango-5'")
    parsed = CARD.get(card)
    if parsed is None:
        fruit = card.rpartition("-")[0]
        if fruit and fruit not in FRUIT_INDEX:
            raise ValueError(f"{where}: {card!r} is not a card; the fruits are {', '.join(FRUITS)}")
        raise ValueError(f"{where}: {card!r} is not a card; cards are <fruit>-<value> with values 1 to {top}")
    if parsed[1] > top:
        raise ValueError(f"{where}: {card!r} is not in the {game} deck; the tens stay in the box")
    return card


def parse_start(value: Any, *, top: int, hand_size: int | None = None,
                extras: Mapping[str, str] | None = None, game: str = "") -> dict[str, Any] | None:
    """The ``start`` option normalised to ``{"hands": [[card, ...], ...], <extra>: ...}``, or ``None``.

    ``value`` is a list of hands (one list of card notations per seat) or a dict with ``"hands"`` and
    the game's ``extras`` (name -> what it is, each a single card or ``None``). Checks what needs no
    player count: every card names a card of values 1..``top``, no card is dealt twice and, with
    ``hand_size``, every hand holds that many cards. The per-game checks (seats, fruits in play) come
    at setup.
    """
    if value is None:
        return None
    allowed = dict(extras or {})
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - {"hands", *allowed})
        if unknown:
            keys = ", ".join(["hands", *allowed])
            raise ValueError(f"start has unknown part(s) {', '.join(map(str, unknown))}; "
                             f"its parts are {keys}")
        if "hands" not in value:
            raise ValueError("start needs 'hands': a list of hands, one list of card notations per seat")
        hands_value, given = value["hands"], value
    else:
        hands_value, given = value, {}
    if isinstance(hands_value, str) or not isinstance(hands_value, Sequence):
        raise ValueError("start must be a list of hands, one list of card notations per seat")
    seen: dict[str, str] = {}
    hands: list[list[str]] = []
    for seat, hand in enumerate(hands_value):
        where = f"hand of seat {seat}"
        if isinstance(hand, str) or not isinstance(hand, Sequence):
            raise ValueError(f"{where} must be a list of card notations like 'mango-5', not {hand!r}")
        for card in hand:
            check_card(card, where, top, game)
            if card in seen:
                raise ValueError(f"{card} is dealt twice ({seen[card]} and {where})")
            seen[card] = where
        if hand_size is not None and len(hand) != hand_size:
            raise ValueError(f"seat {seat} holds {len(hand)} cards; every hand has {hand_size}")
        hands.append(list(hand))
    out: dict[str, Any] = {"hands": hands}
    for name, what in allowed.items():
        card = given.get(name)
        if card is not None:
            check_card(card, f"start {name} ({what})", top, game)
            if card in seen:
                raise ValueError(f"{card} is dealt twice ({seen[card]} and the {what})")
        out[name] = card
    return out


def cards_text(cards: Sequence[int]) -> tuple[str, ...]:
    """Card indices (``explorer._fruitbox.kernel``) as notations; -1 (a card not seen) as ``"?"``."""
    return tuple(BOX[card] if card >= 0 else "?" for card in cards)


# A told event, kept raw: [previous node, seat, action, kind, data, its EventLog, view entries up to
# it, cards named up to it, those entries rendered per reader's names]. The last four are filled in the
# first time they are asked for, so play() never writes a sentence.
_Node = list[Any]
_PREV, _SEAT, _ACTION, _KIND, _DATA, _LOG, _ENTRIES, _NAMED, _RENDERED = range(9)
# What is read from the events (entries, rendered entries, cards named) is kept on the newest event read
# and on every 32nd before it, not on each: a view of a long game read for the first time (a replay, a
# game played by bots without looking) would otherwise copy its growing prefix at every event.
_CHECKPOINT = 32


def round_plays(events: Sequence[Mapping[str, Any]]) -> tuple[set[str], set[tuple[int, str]]]:
    """The cards played in the current round (from the public events, newest last) and the (seat,
    fruit) pairs of seats that showed they hold none of a fruit by not following it."""
    played: set[str] = set()
    void: set[tuple[int, str]] = set()
    tricks: list[list[tuple[int, str]]] = [[]]
    for event in reversed(events):
        kind = event.get("kind")
        if kind == "round":
            break
        if kind in ("trick", "set-aside"):
            tricks.append([])
        elif kind in ("card", "lead", "trump") and isinstance(event.get("card"), str):
            tricks[-1].append((event["seat"], event["card"]))
    for trick in tricks:
        trick.reverse()  # walked newest first: oldest first now
        if not trick:
            continue
        led = CARD[trick[0][1]][0]
        for holder, card in trick:
            played.add(card)
            if CARD[card][0] != led:
                void.add((holder, led))
    return played, void


def deal(pool: Sequence[str], slots: dict[int, int], allowed: Callable[[int, str], bool],
         rng: random.Random, tries: int = 40) -> dict[int, list[str]]:
    """``pool`` dealt into ``slots`` (seat -> how many) so that each card is ``allowed`` its seat.
    After ``tries`` failed shuffles the constraints give way (one derived from play can be loose,
    never the count)."""
    order = sorted(slots, key=lambda s: (sum(1 for c in pool if not allowed(s, c)) * -1, s))
    for attempt in range(tries + 1):
        cards = list(pool)
        rng.shuffle(cards)
        hands: dict[int, list[str]] = {}
        for s in order:
            took = [i for i, c in enumerate(cards) if attempt == tries or allowed(s, c)][:slots[s]]
            if len(took) < slots[s]:
                break
            chosen = set(took)
            hands[s] = [cards[i] for i in took]
            cards = [c for i, c in enumerate(cards) if i not in chosen]
        else:
            return hands
    raise ValueError("cannot deal the unseen cards into the hidden places")  # pragma: no cover


class FruitState(KernelShell):
    """What the states of both fruit games share.

    Round 1's hands in ``start`` are private to each seat; the score sheet is kept as ``lines``; events
    are told with a ``kind`` and structured data, their sentence from ``_event_text``. ``hands`` holds
    each seat's cards.

    Events are kept raw by the kernel (``_told``: ``FruitKernel.say``, a linked list shared between
    states) and become the base class's ``_events`` log, with their sentences, only when something reads
    them: a play neither writes a sentence nor copies a list, and a view reuses what an earlier view of
    the same game has written.

    Every round deals the cards anew, while the public history goes on naming the cards played face up
    in earlier rounds: such a card may now lie in another seat's hand, but its old mention says nothing
    about where. ``told`` gives those cards, so that ``secrets`` (what no view may show) leaves them out.
    """

    START_PRIVATE: ClassVar[Mapping[str, str]] = {"hands": "seat"}
    KERNEL_VALUES = True  # cards and fruits: FruitKernel's tables of values

    @property
    def _told(self) -> _Node | None:
        """The newest event, as the kernel told it (``FruitKernel.say``)."""
        told: _Node | None = self._k.told
        return told

    @property
    def _dealt(self) -> _Node | None:
        """The newest event told before the current deal."""
        before: _Node | None = self._k.before_deal
        return before

    def _event_text(self, kind: str, seat: int | None, data: Mapping[str, Any]) -> str:
        text = self.PRESENTER.event_text
        assert text is not None, f"{self.GAME}'s presenter tells no events"
        return text(kind, seat, data)

    def _written(self) -> EventLog:
        """The events as the base class's log, writing the sentences not yet written."""
        node = self._told
        pending: list[_Node] = []
        while node is not None and node[_LOG] is None:
            pending.append(node)
            node = node[_PREV]
        log = EMPTY_LOG if node is None else node[_LOG]
        text = self._event_text
        for node in reversed(pending):
            seat, kind, data = node[_SEAT], node[_KIND], node[_DATA]
            log = log.add(seat, node[_ACTION], text(kind, seat, data), kind=kind, **data)
            node[_LOG] = log
        return log

    def _restart_events(self, log: EventLog) -> None:
        if len(log):
            raise TypeError("a fruit game's kernel tells its events (FruitKernel.say)")

    # The base class keeps a log; here it is written from ``_told`` when read (new() sets it empty).
    _events = property(_written, _restart_events)

    def _event_entries(self, seat: int) -> list[dict[str, Any]]:
        # The entries up to each event are kept on it: a long game (Bastos! with four players tells
        # some 700) would otherwise rebuild every entry for every view, and bots look at one each move.
        # Views share these dicts: read them, never change them.
        node = self._told
        if node is None:
            return []
        if node[_ENTRIES] is None:
            self._written()
            pending: list[_Node] = []
            while node is not None and node[_ENTRIES] is None:
                pending.append(node)
                node = node[_PREV]
            built: list[dict[str, Any]] = [] if node is None else list(node[_ENTRIES])
            last = len(pending) - 1
            for index, node in enumerate(reversed(pending)):
                built.append(node[_LOG].entries(1)[0].to_dict())
                if index == last or len(built) % _CHECKPOINT == 0:
                    node[_ENTRIES] = tuple(built)
            node = self._told
            assert node is not None
        return list(node[_ENTRIES])

    def _with_names(self, entries: list[dict[str, Any]], names: list[str],
                    field: str) -> list[dict[str, Any]]:
        """The events with their seat markers rendered for ``names``, kept per names on the events.

        A bot reads a view every move and a Bastos! game tells some 700 events: rendering (or even
        looking up) every entry for every view would cost more than the move. The newest event read
        (and every 32nd) keeps the rendered list up to it, so a view renders only what is new."""
        node = self._told
        if field != "text" or node is None or node[_ENTRIES] is None or len(entries) != len(node[_ENTRIES]):
            return super()._with_names(entries, names, field)
        key = tuple(names)
        full: tuple[dict[str, Any], ...] = node[_ENTRIES]
        pending: list[_Node] = []
        while node is not None and key not in (node[_RENDERED] or ()):
            pending.append(node)
            node = node[_PREV]
        rendered: list[dict[str, Any]] = [] if node is None else list(node[_RENDERED][key])
        last = len(pending) - 1
        for index, node in enumerate(reversed(pending)):
            entry = full[len(rendered)]
            text = entry.get(field)
            if isinstance(text, str) and "‹" in text:
                entry = {**entry, field: render(text, key)}
            rendered.append(entry)
            if index == last or len(rendered) % _CHECKPOINT == 0:
                if node[_RENDERED] is None:
                    node[_RENDERED] = {}
                node[_RENDERED][key] = tuple(rendered)
        return rendered

    @property
    def told(self) -> frozenset[str]:
        """The cards the events of earlier deals name: as a card, in an action or in a list."""
        node = self._dealt
        pending: list[_Node] = []
        while node is not None and node[_NAMED] is None:
            pending.append(node)
            node = node[_PREV]
        named: set[str] = set() if node is None else set(node[_NAMED])
        last = len(pending) - 1
        for index, node in enumerate(reversed(pending)):
            for value in (node[_ACTION], *node[_DATA].values()):
                for item in value if isinstance(value, list) else (value,):
                    if isinstance(item, str):
                        card = item.removeprefix("choose:").removesuffix(":trump")
                        if card in CARD:
                            named.add(card)
            if index == last or index % _CHECKPOINT == _CHECKPOINT - 1:
                node[_NAMED] = frozenset(named)
        return frozenset(named)

    def _hidden(self, seat: int) -> list[str]:
        """The other seats' hand cards that no event of an earlier deal names."""
        told = self.told
        return [card for other, hand in enumerate(self.hands) if other != seat for card in hand
                if card not in told]

    def _score_lines(self) -> Sequence[ScoreLine]:
        return self.lines

    # ---- the kernel's shell (both games' kernels seed their deals and say events as raw data) ------

    @property
    def fruits(self) -> tuple[str, ...]:
        return tuple(self._k.g.names)

    @property
    def rounds(self) -> int:
        return int(self._k.g.rounds)

    @property
    def round(self) -> int:
        return int(self._k.round)

    @property
    def dealer(self) -> int:
        return int(self._k.dealer)

    @property
    def leader(self) -> int:
        return int(self._k.leader)

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's cards (``"?"``: one not seen, in a table rebuilt from a view)."""
        return tuple(cards_text(hand) for hand in self._k.hands)

    @hands.setter
    def hands(self, hands: Sequence[Sequence[str]]) -> None:
        self._redeal(hands)

    def _redeal(self, hands: Sequence[Sequence[str]], picks: Sequence[str | None] | None = None) -> None:
        raise NotImplementedError

    def _unseen(self, seat: int) -> tuple[list[str], set[str], dict[int, int]]:
        """The cards in play, those of them out in the open (besides the round's plays), and the
        seats whose hidden pick is one more unseen card (Bastos!), as ``seat`` knows them."""
        raise NotImplementedError

    def _deal_unseen(self, seat: int, rng: random.Random) -> None:
        # The cards the seat has not seen go to the other hands by their sizes (and hidden picks); a
        # seat that did not follow a fruit this round gets none of it. A table rebuilt from a view
        # (explorer._search.fromview) reads the round's plays in that view's events.
        deck, public, hidden_picks = self._unseen(seat)
        events = self._public_events
        played, void = round_plays(self._event_entries(seat) if events is None else events)
        seen = set(self.hands[seat]) | played | public
        pool = sorted(c for c in deck if c not in seen)
        slots = {s: len(self.hands[s]) + hidden_picks.get(s, 0) for s in range(self.players) if s != seat}
        hands = deal(pool, slots, lambda s, c: (s, CARD[c][0]) not in void, rng)
        new: list[Sequence[str]] = list(self.hands)
        picks = list(getattr(self, "picks", ()))
        for s, cards in hands.items():
            if hidden_picks.get(s):
                picks[s] = cards.pop(rng.randrange(len(cards)))
            new[s] = cards
        self._redeal(new, picks if hidden_picks else None)

    #: The score sheet (the kernel's).
    lines: Kept[tuple[ScoreLine, ...]] = Kept(tuple)

    def _begin(self, new_kernel: Callable[..., Any], fruits: Sequence[str],
               given: Sequence[Sequence[str]] | None) -> None:
        """Start on a new kernel that deals round 1 (or lays out ``given``, the hands the scenario
        states), and tell its first events."""
        hands = None if given is None else [[ORDER[card] for card in hand] for hand in given]
        self._k = new_kernel(self.players, self.seed, self.rules, fruits, hands)
        self._legal_cache = None
        self._applied()

    # ---- a position from a view (the search deals the hidden cards anew) -------------------------

    @classmethod
    def _viewed_kernel(cls, view: Mapping[str, Any]) -> tuple[Self, Any]:
        """A new state under ``view``'s rules and a copy of its kernel holding the view's round, its
        seats and hands (the other seats' cards placeholders of the right sizes)."""
        state = cls.new(view["players"], 0, **{k: v for k, v in view["rules"].items() if k != "start"})
        k = state._k.copy()
        k.round, k.dealer, k.leader = view["round"], view["dealer"], view["leader"]
        k.act = -1 if view["current_player"] is None else view["current_player"]
        k.hands = [sorted(ORDER[card] for card in view["hand"]) if s == view["seat"] else [-1] * size
                   for s, size in enumerate(view["hand_sizes"])]
        return state, k

    def _settle_view(self, k: Any, view: Mapping[str, Any], trick: object) -> Self:
        """Finish ``k`` with the view's last trick (``trick``, in the kernel's form) and score sheet,
        and make it this state's position."""
        last = view["last_trick"]
        if last is not None and last.get("round", view["round"]) != view["round"]:
            k.last_trick, k.round_last_trick = None, trick
        else:
            k.last_trick, k.round_last_trick = trick, None
        k.lines = tuple(ScoreLine(d["seat"], d["label"], d["points"], d["rule"], d.get("round", 0))
                        for d in view["sheet"])
        k.points = [0] * self.players
        for line in k.lines:
            k.points[line.seat] += line.points
        k._count = -1
        self._k, self._legal_cache = k, None
        self.to_act = k.current_player
        return self

    ADOPTS = True

    def _adopt(self, kernel: Any) -> None:
        kernel.seed = self.seed  # a sample of the hidden cards deals its later rounds by a seed of its own
