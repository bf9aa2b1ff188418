"""Determinization: full positions consistent with what one seat has seen, for hints and the strong bot.

:func:`determinize` copies a position and deals everything the seat cannot see anew: the other seats'
hidden cards or boats, the order of face-down piles and stacks, hidden pontoon tiles, and the seed (so
later rounds' deals are unknown too). What it keeps is public (the table, the sizes of hands and piles,
the cards played, what play revealed) or the seat's own. The pool of unseen cards is worked out as
"every component minus what the seat can see", never by reading another seat's hand, so two positions
that look the same to the seat give the same samples for the same generator (the hint tests check it).

Per-game knowledge lives in one sampler per game (keyed by game name) that reads the state's own
attributes; the samplers are meant to move into the game packages later.

Public constraints honoured: hand sizes and pile sizes; a trick-game player who did not follow a suit
this round holds none of it (Tindahan, Bastos!); Bangkok's pile kinds (boat or chilli cards); Klongs'
boats that came back to a hand face up (``seen``) stay where everyone saw them go, and with the
"more tactics" rule the two stacks keep their kinds. Not modelled (so the samples know a little less
than the seat): the order of cards Bangkok put under a pile in view of all, and which seat holds the
cards it returned face down.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .._core.state import GameState
from .._fruitbox.state import CARD

T = TypeVar("T")
Sampler = Callable[[Any, int, random.Random], None]


def clone(state: GameState) -> Any:
    """A shallow copy of ``state`` that may be changed (its containers are immutable tuples)."""
    new = object.__new__(type(state))
    new.__dict__ = state.__dict__.copy()
    new._legal_cache = None
    return new


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A full position that ``seat`` cannot tell from ``state``, its hidden parts dealt by ``rng``."""
    sampler = SAMPLERS.get(state.GAME)
    if sampler is None:
        raise NotImplementedError(f"{state.GAME} has no determinization sampler")
    sample: GameState = clone(state)
    sampler(sample, seat, rng)
    sample.seed = rng.randrange(2**31)  # later deals come from the seed: unknown to the seat as well
    return sample


def deal(pool: Sequence[T], slots: dict[int, int], allowed: Callable[[int, T], bool],
         rng: random.Random, tries: int = 40) -> tuple[dict[int, list[T]], list[T]]:
    """``pool`` dealt into ``slots`` (seat -> how many) so that each card is ``allowed`` its seat;
    the cards left over are returned too. After ``tries`` failed shuffles the constraints give way
    (a constraint the samplers derive can be loose, never the count)."""
    order = sorted(slots, key=lambda s: (sum(1 for c in pool if not allowed(s, c)) * -1, s))
    for attempt in range(tries + 1):
        cards = list(pool)
        rng.shuffle(cards)
        hands: dict[int, list[T]] = {}
        ok = True
        for s in order:
            want = slots[s]
            took = [i for i, c in enumerate(cards) if attempt == tries or allowed(s, c)][:want]
            if len(took) < want:
                ok = False
                break
            chosen = set(took)
            hands[s] = [cards[i] for i in took]
            cards = [c for i, c in enumerate(cards) if i not in chosen]
        if ok:
            return hands, cards
    raise ValueError("cannot deal the unseen cards into the hidden places")  # pragma: no cover


# ---- the fruit games --------------------------------------------------------------------------------


def round_plays(events: Sequence[dict[str, Any]]) -> tuple[set[str], set[tuple[int, str]]]:
    """The cards played in the current round (from a view's public events, newest last) and the
    (seat, fruit) pairs of seats that showed they hold none of a fruit by not following it."""
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
        for who, card in trick:
            played.add(card)
            if CARD[card][0] != led:
                void.add((who, led))
    return played, void


def _fruit_sample(state: Any, seat: int, rng: random.Random, deck: Iterable[str],
                  public: set[str], hidden_picks: dict[int, int]) -> None:
    # A state rebuilt from a view (explorer._search.fromview) carries that view's events.
    events = state._public_events
    played, void = round_plays(state._event_entries(seat) if events is None else events)
    mine = set(state.hands[seat])
    seen = mine | played | public
    pool = sorted(c for c in deck if c not in seen)
    slots = {s: len(state.hands[s]) + hidden_picks.get(s, 0) for s in range(state.players) if s != seat}
    hands, _left = deal(pool, slots, lambda s, c: (s, CARD[c][0]) not in void, rng)
    new = list(state.hands)
    picks = list(getattr(state, "picks", ()))
    for s, cards in hands.items():
        if hidden_picks.get(s):
            picks[s] = cards.pop(rng.randrange(len(cards)))
        new[s] = cards
    state._redeal(new, picks if hidden_picks else None)


def _tindahan(state: Any, seat: int, rng: random.Random) -> None:
    # Both fruit games' states take a sample's hands (and Bastos!'s hidden picks) by ``_redeal``.
    from ..tindahan._notation import deck

    _fruit_sample(state, seat, rng, deck(state.fruits), set(), {})


def _bastos(state: Any, seat: int, rng: random.Random) -> None:
    public = set(state.set_aside) | {c for won in state.won for c in won}
    public |= {e[2] for e in state.trick if e[0] == "card"}
    if state.spare is not None:
        public.add(state.spare)
    hidden_picks: dict[int, int] = {}
    for s, pick in enumerate(state.picks):
        if pick is None:
            continue
        if state.phase != "choose" or s == seat:
            public.add(pick)  # revealed to all, or the seat's own
        else:
            hidden_picks[s] = 1
    _fruit_sample(state, seat, rng, state._deck(), public, hidden_picks)


# ---- Bangkok ------------------------------------------------------------------------------------------

_EMPTY = -1


def _bangkok(state: Any, seat: int, rng: random.Random) -> None:
    ed = state.edition
    visible = {c for c in state.port if c != _EMPTY}
    for market in state.markets:
        visible.update(c for c in market if c != _EMPTY)
    visible.update(state.hands[seat])
    unseen = [c for c in range(len(ed.cards)) if c not in visible]
    boats = [c for c in unseen if not ed.chilli_of[c]]
    chillies = [c for c in unseen if ed.chilli_of[c]]
    rng.shuffle(boats)
    rng.shuffle(chillies)
    nb, nc = len(state.boat_pile), len(state.chilli_pile)
    rest = boats[nb:] + chillies[nc:]
    rng.shuffle(rest)
    hands = list(state.hands)
    for s in range(state.players):
        if s != seat:
            size = len(hands[s])
            hands[s], rest = tuple(sorted(rest[:size])), rest[size:]
    assert not rest, "Bangkok: the unseen cards do not fill the hidden places"
    objectives, aside = state.objectives, state.aside
    if state.to_act is not None:  # the pontoon tiles are revealed at the end
        tiles = [t for t in range(len(ed.objectives)) if t != state.objectives[seat]]
        rng.shuffle(tiles)
        dealt = list(objectives)
        for s in range(state.players):
            if s != seat:
                dealt[s] = tiles.pop()
        objectives, aside = tuple(dealt), tuple(sorted(tiles))
    state._redeal(hands, boats[:nb], chillies[:nc], objectives, aside)


# ---- Klongs -------------------------------------------------------------------------------------------


def _klongs(state: Any, seat: int, rng: random.Random) -> None:
    boats = state.ed.boats
    seen = state.seen
    visible = {b for b in state.board if b >= 0} | set(state.discard) | set(state.hands[seat])
    for stock in state.stocks:
        visible.update(stock)
    kept: dict[int, list[int]] = {}
    slots: dict[int, int] = {}
    for s, hand in enumerate(state.hands):
        if s != seat:
            kept[s] = [b for b in hand if seen >> b & 1]  # went back to the hand in view of all
            visible.update(kept[s])
            slots[s] = len(hand) - len(kept[s])
    pool = [b for b in range(len(boats)) if b not in visible]
    rng.shuffle(pool)
    stacks = list(state.stacks)
    if len(stacks) == 2:  # "more tactics": stack 1 holds neutral and special boats, stack 2 the others
        kinds = [[b for b in pool if boats[b].neutral], [b for b in pool if not boats[b].neutral]]
        for k in (0, 1):
            size = len(stacks[k])
            stacks[k], kinds[k] = tuple(kinds[k][:size]), kinds[k][size:]
        pool = kinds[0] + kinds[1]
        rng.shuffle(pool)
    else:
        for k, stack in enumerate(stacks):
            size = len(stack)
            stacks[k], pool = tuple(pool[:size]), pool[size:]
    hands = list(state.hands)
    for s, want in slots.items():
        hands[s], pool = tuple(kept[s] + pool[:want]), pool[want:]
    assert not pool, "Klongs: the unseen boats do not fill the hidden places"
    state._redeal(hands, stacks)


SAMPLERS: dict[str, Sampler] = {
    "tindahan": _tindahan,
    "bastos": _bastos,
    "bangkok": _bangkok,
    "klongs": _klongs,
}
