"""Bangkok's public calls as mypyc compiles them: ``legal_actions()`` and ``play()`` of
``explorer.bangkok.State`` run these functions where the engine's core is compiled (``explorer._compiled``:
CI, ``./dev``, an install with a C compiler); pure Python runs the state's own methods (``_legal``,
``_apply``, written for the interpreter: C-level joins, ``itemgetter``, ``list.count``), since these
functions are slower as Python. The rules are the state's, rule for rule, and
``tests/explorer/test_bangkok_moves.py`` plays both implementations side by side (every legal list,
every next state); ``tests/explorer/test_engine_identity.py`` pins either against the old code.

The state class subclasses the interpreted ``GameState`` and cannot be compiled: these functions read
and set its attributes. Compiled, the ~40 place actions of a state are looked up in per-edition rows
(``PlaceTables.place_texts``: face and end, place and the card there; written once) or built with one
concatenation per further card taken, and a move is applied without the interpreter's cost per
operation: random playouts through the public API run about 1.7 times as fast (2-4 players) and 1.45
times (solo) as the state's methods in the interpreter.

The place actions come in the order the rules' listing has always used: hand kinds as first held,
lines R1 R2 R3 C1 C2 C3 (solo: only those a usable end faces), a line's takes from its first end,
then from its second, each take's places in line order.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final

from .bangkok._mechanics import (
    _BLOCKED,
    EMPTY,
    END_COMBOS,
    ENDS,
    FACED,
    FRONTIER_MASK,
    HAND_SIZE,
    LINE_CELLS,
    LINES,
    SOLO_TURNS,
    TAKE_CELLS,
    chilli_limits,
)
from .bangkok._notation import CELL_INDEX
from .bangkok._view import Happened

if TYPE_CHECKING:
    from .bangkok._mechanics import PlaceTables
    from .bangkok._state import State

ACT: Final = 0
MARKET: Final = 1
RETURN: Final = 2
NO_CARD: Final[int] = EMPTY
KEEP: Final[int] = HAND_SIZE
TURNS: Final[int] = SOLO_TURNS
CELLS_OF_TAKE: Final = TAKE_CELLS
CELLS_OF_LINE: Final[tuple[tuple[int, int, int], ...]] = LINE_CELLS
FRONTIER: Final[tuple[int, ...]] = FRONTIER_MASK
# Every line faced from both ends (2-4 players), as ``FACED`` gives it: (line, 3 * line + 0).
BOTH_FACED: Final[tuple[tuple[int, int], ...]] = tuple((line, 3 * line) for line in range(6))
# Per line-and-ends index (3 * line + the usable ends' combination, as ``FACED`` gives it): the ends.
ENDS_OF: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(2 * line + side for side in combo)
                                                    for line in range(6) for combo in END_COMBOS)
RENEW_TEXTS: Final[tuple[str, ...]] = tuple(f"renew:{name}" for name in LINES)
# An end's name -> its places from the near side (beside the laid card) to the far side.
END_CELLS: Final[dict[str, tuple[int, int, int]]] = {end.name: end.cells for end in ENDS}
LINE_OF: Final[dict[str, tuple[int, ...]]] = LINES


# ---- listing ---------------------------------------------------------------------------------------


def legal(state: State, faced: tuple[tuple[int, int], ...] | None) -> list[Hashable]:
    """``State._legal``: the legal actions of the seat to act (``faced``: the solo game's usable
    lines and ends, ``None`` with 2-4 players)."""
    seat = state.to_act
    assert seat is not None
    t: PlaceTables = state._tables
    hand: tuple[int, ...] = state.hands[seat]
    phase: int = state._phase
    kind_of: tuple[int, ...] = t.kind_of
    kinds: list[int] = []
    for card in hand:
        kind = kind_of[card]
        if kind not in kinds:
            kinds.append(kind)
    if phase == ACT:
        port: tuple[int, ...] = state.port
        out = place_actions(t, port, kinds, BOTH_FACED if faced is None else faced)
        has_boat, has_chilli = len(state.boat_pile) > 0, len(state.chilli_pile) > 0
        if has_boat and has_chilli and NO_CARD not in port:
            out.extend(RENEW_TEXTS)  # the usual case: every line can be renewed
        else:
            chilli_of: tuple[bool, ...] = t.chilli_of
            for index in range(6):
                for cell in CELLS_OF_LINE[index]:
                    card = port[cell]
                    if card != NO_CARD and (has_chilli if chilli_of[card] else has_boat):
                        out.append(RENEW_TEXTS[index])
                        break
        if not out:
            out.append("pass")
        return out
    if phase == RETURN:
        return_texts: list[str] = t.return_texts
        return [return_texts[kind] for kind in kinds]
    occupied, chillies = market_masks(t, state.markets[seat])
    beside = FRONTIER[occupied]
    free = -1  # where a chilli card may go, worked out for the first chilli card
    kind_chilli: list[bool] = t.kind_chilli
    choices: list[dict[int, tuple[str, ...]]] = t.market_choices  # type: ignore[assignment]
    market: list[Hashable] = []
    for kind in kinds:
        if kind_chilli[kind]:
            if free < 0:
                rules = state.rules
                free = beside & ~_BLOCKED[chilli_limits(rules["expert"], rules["expert_reading"])][chillies]
            market.extend(choices[kind][free])
        else:
            market.extend(choices[kind][beside])
    return market


def place_actions(t: PlaceTables, port: tuple[int, ...], kinds: list[int],
                  faced: tuple[tuple[int, int], ...]) -> list[Hashable]:
    """The place actions for a hand of ``kinds`` (as first held) at the lines and ends ``faced``.

    Each line's goods (4 bits a place) masked to a kind's goods key the kind's legal takes there
    (``PlaceTables.takes``). A one-card take's text is looked up by face, end, place and the face
    there (``PlaceTables.place_texts``, written once); a further card adds its ",c1=P".
    """
    mask_of: tuple[int, ...] = t.mask_of
    m0, m1, m2 = mask_of[port[0]], mask_of[port[1]], mask_of[port[2]]
    m3, m4, m5 = mask_of[port[3]], mask_of[port[4]], mask_of[port[5]]
    m6, m7, m8 = mask_of[port[6]], mask_of[port[7]], mask_of[port[8]]
    packed = [m0 | m1 << 4 | m2 << 8, m3 | m4 << 4 | m5 << 8, m6 | m7 << 4 | m8 << 8,  # rows
              m0 | m3 << 4 | m6 << 8, m1 | m4 << 4 | m7 << 8, m2 | m5 << 4 | m8 << 8]  # columns
    kind_of: tuple[int, ...] = t.kind_of
    per_place: int = t.slots_per_place
    slot = [cell * per_place + kind_of[port[cell]] for cell in range(9)]  # each place's slot
    wanted: list[int] = t.wanted
    goods_of_kind: list[int] = t.goods_of_kind
    takes: list[dict[int, int]] = t.takes  # type: ignore[assignment]  # dicts that fill themselves
    texts: list[list[str]] = t.place_texts
    tails: list[str] = t.tails
    out: list[Hashable] = []
    for kind in kinds:
        goods = goods_of_kind[kind]
        want, tk, base = wanted[goods], takes[goods], kind * 12
        for line, index in faced:
            number = tk[packed[line] & want]
            if number == 0:
                continue
            options = CELLS_OF_TAKE[number][line]
            for end in ENDS_OF[index]:
                row = texts[base + end]
                if not row:
                    row = texts[base + end] = [""] * (9 * per_place)
                for first, rest in options:
                    at = slot[first]
                    text = row[at]
                    if not text:
                        text = row[at] = t.end_prefixes[base + end] + t.heads[at]
                    for cell in rest:
                        text = text + tails[slot[cell]]
                    out.append(text)
    return out


def market_masks(t: PlaceTables, market: tuple[int, ...]) -> tuple[int, int]:
    """Bitmasks of a market's occupied places and of those holding chilli cards."""
    chilli_of: tuple[bool, ...] = t.chilli_of
    occupied = chillies = 0
    for place in range(9):
        card = market[place]
        if card != NO_CARD:
            occupied |= 1 << place
            if chilli_of[card]:
                chillies |= 1 << place
    return occupied, chillies


# ---- the public calls -------------------------------------------------------------------------


def legal_actions(state: State) -> list[Hashable]:
    """``State.legal_actions()``: as ``GameState.legal_actions`` (a copy of the cached list)."""
    found = state._legal_cache
    if found is None:
        if state.to_act is None:
            found = []
        elif state.players > 1:
            found = legal(state, None)
        else:
            found = legal(state, FACED[state.usable_ends()])
        state._legal_cache = found
    return found.copy()


def play(state: State, action: Hashable) -> State:
    """``State.play(action)``: as ``GameState.play``, with Bangkok's ``_apply`` called directly."""
    old: Any = state  # (mypyc: its history's type is recursive; read it as a Python object)
    legal: list[Hashable] | None = state._legal_cache
    # An action taken from legal_actions() (the usual case: a bot, a click, a playout) is legal
    # as it stands: _match would return it from its first test.
    chosen = action if legal is not None and action in legal else state._match(action)
    text = chosen if type(chosen) is str else str(chosen)
    new: Any = object.__new__(type(state))
    new.__dict__ = old.__dict__.copy()  # one copy: half the cost of updating an empty dict
    new._legal_cache = None
    apply(new, text)
    new._history = (text, old._history)
    new._n_actions = old._n_actions + 1
    result: State = new
    return result


# ---- playing ---------------------------------------------------------------------------------------


def apply(state: State, text: str) -> None:
    """``State._apply``: play ``text`` (a legal action of this state) on the fresh copy ``state``."""
    seat = state.to_act
    assert seat is not None
    kind = text[:3]  # the action's kind by its first letters ("pla", "mar", "ren", "ret", "pas")
    if kind == "pla":
        _place(state, seat, text)
    elif kind == "mar":
        _market(state, seat, text)
    elif kind == "ren":
        _renew(state, seat, text[6:])
    elif kind == "ret":
        _return(state, seat, text[7:])
    else:
        state.happened = Happened(seat, text, (), NO_CARD, state.happened)
        _end_turn(state, seat)


def _take(state: State, seat: int, face: str) -> tuple[int, list[int]]:
    """The first card of ``face`` in seat's hand, and the hand without it."""
    hand = list(state.hands[seat])
    face_of: tuple[str, ...] = state.edition.face_of
    for i in range(len(hand)):
        card = hand[i]
        if face_of[card] == face:
            del hand[i]
            return card, hand
    raise AssertionError(f"{face} is not in seat {seat}'s hand")  # legal actions rule it out


def _set_hand(state: State, seat: int, hand: list[int]) -> None:
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    state.hands = tuple(hands)


def _place(state: State, seat: int, text: str) -> None:
    # The text is one this state listed ("place:PZ@R1R>a1=ZB,c1=P"): read by position, not parsed.
    at = text.index("@", 6)
    near, middle, far = END_CELLS[text[at + 1:at + 4]]
    card, hand = _take(state, seat, text[6:at])
    t: PlaceTables = state._tables
    state.port_before = state.port
    port = list(state.port)
    taken: tuple[int, ...] = t.taken[text[at + 5:]]
    for cell in taken:
        hand.append(port[cell])
        port[cell] = NO_CARD
    # The placed card pushes in from the near side: everything slides to the far end, in order.
    # (At least one card of the line was taken, so the card and what stays fill 1-3 places.)
    line = [card]
    for cell in (near, middle, far):
        if port[cell] != NO_CARD:
            line.append(port[cell])
    if len(line) == 3:
        port[near], port[middle], port[far] = line[0], line[1], line[2]
    elif len(line) == 2:
        port[near], port[middle], port[far] = NO_CARD, line[0], line[1]
    else:
        port[near], port[middle], port[far] = NO_CARD, NO_CARD, card
    drawn = _refill(state, t, port) if NO_CARD in port else ()
    state.port = tuple(port)
    _set_hand(state, seat, hand)
    state.happened = Happened(seat, text, drawn, card, state.happened)
    if len(hand) <= KEEP:
        _end_turn(state, seat)
    else:
        _after_hand_change(state, seat, hand)


def _refill(state: State, t: PlaceTables, port: list[int]) -> tuple[tuple[int, int], ...]:
    """Fill the port's empty places from the piles, in place order; return each (place, card) drawn.
    Each place draws from the boat pile while the port shows more than one chilli card (with the
    ``once`` rule: as counted before the first draw), else from the chilli pile; from the other
    pile if that one is empty."""
    chilli_of: tuple[bool, ...] = t.chilli_of
    chillies = 0
    for card in port:
        if chilli_of[card]:
            chillies += 1
    boat_pile: tuple[int, ...] = state.boat_pile
    chilli_pile: tuple[int, ...] = state.chilli_pile
    once = state.rules["refill"] == "once"
    from_boats = chillies > 1
    drawn: list[tuple[int, int]] = []
    for cell in range(9):
        if port[cell] != NO_CARD:
            continue
        if not once:
            from_boats = chillies > 1
        use_boats = from_boats if len(boat_pile if from_boats else chilli_pile) > 0 else not from_boats
        pile = boat_pile if use_boats else chilli_pile
        if not pile:
            continue
        port[cell] = pile[0]
        if use_boats:
            boat_pile = pile[1:]
        else:
            chilli_pile = pile[1:]
            chillies += 1
        drawn.append((cell, pile[0]))
    state.boat_pile, state.chilli_pile = boat_pile, chilli_pile
    return tuple(drawn)


def _after_hand_change(state: State, seat: int, hand: list[int] | tuple[int, ...]) -> None:
    """A hand over the limit goes on to the market (a card fits there) or to returning cards."""
    if len(hand) <= KEEP:
        _end_turn(state, seat)
        return
    t: PlaceTables = state._tables
    chilli_of: tuple[bool, ...] = t.chilli_of
    has_boat = has_chilli = False
    for card in hand:
        if chilli_of[card]:
            has_chilli = True
        else:
            has_boat = True
    occupied, chillies = market_masks(t, state.markets[seat])
    beside = FRONTIER[occupied]
    fits = has_boat and beside != 0
    if not fits and has_chilli:
        rules = state.rules
        fits = beside & ~_BLOCKED[chilli_limits(rules["expert"], rules["expert_reading"])][chillies] != 0
    state._phase = MARKET if fits else RETURN


def _market(state: State, seat: int, text: str) -> None:
    # The text is one this state listed ("market:PZ@b1"): read by position (as read_market).
    at = text.index("@", 7)
    card, hand = _take(state, seat, text[7:at])
    cell = CELL_INDEX[text[at + 1:]]
    markets = list(state.markets)
    market = list(markets[seat])
    market[cell] = card
    markets[seat] = tuple(market)
    state.markets = tuple(markets)
    _set_hand(state, seat, hand)
    if NO_CARD not in market:
        state.ending = True
    state.happened = Happened(seat, text, (), NO_CARD, state.happened)
    _after_hand_change(state, seat, hand)


def _return(state: State, seat: int, face: str) -> None:
    card, hand = _take(state, seat, face)
    _set_hand(state, seat, hand)
    if state._tables.chilli_of[card]:
        state.chilli_pile = (*state.chilli_pile, card)
    else:
        state.boat_pile = (*state.boat_pile, card)
    # The card came from a hidden hand: only its pile is public (see the view's events).
    state.happened = Happened(seat, f"return:{face}", (), NO_CARD, state.happened)
    _after_hand_change(state, seat, hand)


def _renew(state: State, seat: int, line: str) -> None:
    # All new cards are drawn before the old ones go under the piles, so an old card never comes
    # straight back; with a short pile, the line's first cards (in reading order) are swapped.
    chilli_of: tuple[bool, ...] = state._tables.chilli_of
    state.port_before = state.port
    port = list(state.port)
    piles = [list(state.boat_pile), list(state.chilli_pile)]  # by chilli (0 boat, 1 chilli)
    under: list[list[int]] = [[], []]
    swapped: list[tuple[int, int]] = []  # (place, new card)
    for cell in LINE_OF[line]:
        old = port[cell]
        if old != NO_CARD:
            which = 1 if chilli_of[old] else 0
            pile = piles[which]
            if pile:
                port[cell] = pile.pop(0)
                under[which].append(old)
                swapped.append((cell, port[cell]))
    state.port = tuple(port)
    state.boat_pile = (*piles[0], *under[0])
    state.chilli_pile = (*piles[1], *under[1])
    state.happened = Happened(seat, f"renew:{line}", tuple(swapped), NO_CARD, state.happened)
    _end_turn(state, seat)


def _end_turn(state: State, seat: int) -> None:
    state._phase = ACT
    turns = state.turns + 1
    state.turns = turns
    players: int = state.players
    if players == 1:
        if turns >= TURNS or state.ending:
            state.to_act = None
        else:
            state.to_act = seat
            state.round += 1
        return
    nxt = seat + 1
    if nxt == players:
        nxt = 0
    if nxt == state.first:
        if state.ending:
            state.to_act = None
            return
        state.round += 1
    state.to_act = nxt
