"""Why an action is refused: the rule it breaks, in a sentence a learner can act on."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .._errors import IllegalAction
from ._mechanics import (
    COLUMN_OF,
    END_INDEX,
    ENDS,
    HAND_SIZE,
    LINE_LABELS,
    LINES,
    NEIGHBOURS,
    ROW_OF,
    SOLO_PILE_ENDS,
    legal_takes,
)
from ._notation import (
    CELL_INDEX,
    MARKET_PLACES,
    PORT_PLACES,
    Card,
    canonical,
    card_words,
    hand_words,
    parse_card,
)

if TYPE_CHECKING:
    from ._state import State



def _refuse(rule: str, what: str, why: str, action: str) -> IllegalAction:
    """The refusal of ``action``: ``what`` was tried (in words) and ``why`` it is refused."""
    return IllegalAction(rule, f"{what} is refused: {why[0].lower()}{why[1:]}", action)


def _card(text: str) -> Card | None:
    try:
        return canonical(parse_card(text))
    except ValueError:
        return None


def _a(face: str) -> str:
    return f"a {card_words(face)}"


def _tried(text: str) -> str:
    """What ``text`` asks for, in words when its parts can be read (else the text as typed)."""
    kind, _, body = text.partition(":")
    if kind == "place":
        face, _, rest = body.partition("@")
        end = rest.partition(">")[0]
        card = _card(face)
        if card is not None and end in END_INDEX:
            return f"Laying {_a(card.face)} {ENDS[END_INDEX[end]].label}"
        if card is not None:
            return f"Laying {_a(card.face)}"
    if kind == "market":
        face, _, place = body.partition("@")
        card = _card(face)
        if card is not None and place in CELL_INDEX:
            return f"Putting {_a(card.face)} in your market, {MARKET_PLACES[CELL_INDEX[place]]}"
    if kind == "renew" and body in LINE_LABELS:
        return f"Renewing {LINE_LABELS[body]}"
    if kind == "return":
        card = _card(body)
        if card is not None:
            return f"Slipping {_a(card.face)} under its pile"
    if text == "pass":
        return "Passing"
    return f"“{text}”"


def explain(state: State, text: str) -> IllegalAction:
    seat = state.current_player
    assert seat is not None
    kind, sep, body = text.partition(":")
    hand = [state.card(c).face for c in state.hands[seat]]
    what = _tried(text)
    notation = ("write place:CARD@END>CELL=CARD,..., market:CARD@CELL, renew:LINE or return:CARD "
                "(see the bangkok package documentation)")
    if text == "pass":
        return _refuse("bangkok.turn.stuck", what,
                       "passing is only for a player who can neither place a card nor renew a line", text)
    if not sep or kind not in ("place", "market", "renew", "return"):
        return _refuse("bangkok.notation", what, f"this is not a Bangkok action; {notation}", text)
    phase = state.phase
    extra = len(hand) - HAND_SIZE
    if phase == "market" and kind in ("place", "renew"):
        return _refuse("bangkok.market.required", what,
                       f"you hold {len(hand)} cards, so first lay {extra} of them in your market", text)
    if phase == "return" and kind != "return":
        return _refuse("bangkok.market.blocked", what,
                       f"none of your {len(hand)} cards fits your market; put {extra} back under the piles",
                       text)
    if phase == "act" and kind in ("market", "return"):
        return _refuse("bangkok.market.required", what,
                       "cards go to the market only after improving your hand, when you hold more than 3",
                       text)
    if kind == "place":
        return _place(state, what, text, body, hand)
    if kind == "market":
        return _market(state, seat, what, text, body, hand)
    if kind == "renew":
        if body not in LINES:
            return _refuse("bangkok.notation", what, "a line is R1, R2, R3 (rows) or C1, C2, C3 (columns)",
                           text)
        return _refuse("bangkok.renew.pile-empty", what,
                       "no card of that line has a card on its pile to be swapped with", text)
    if phase == "market":
        return _refuse("bangkok.market.blocked", what,
                       "a card still fits your market; cards go back under the piles only when none does",
                       text)
    card = _card(body)
    if card is None or card.face not in hand:
        return _refuse("bangkok.market.hand-card", what,
                       f"it is not in your hand (you hold {hand_words(hand)})", text)
    return _refuse("bangkok.notation", what, notation, text)


def _place(state: State, what: str, text: str, body: str, hand: list[str]) -> IllegalAction:
    match = re.fullmatch(r"([^@>]+)@([^>]+)>(.*)", body)
    if match is None:
        return _refuse("bangkok.notation", what,
                       "write place:CARD@END>CELL=CARD,... e.g. place:PZ@R1L>a1=P", text)
    face, end, taken_text = match.groups()
    card = _card(face)
    if card is None:
        return _refuse("bangkok.notation", what, f"{face!r} is not a card", text)
    if card.face not in hand:
        return _refuse("bangkok.place.hand-card", what,
                       f"that card is not in your hand (you hold {hand_words(hand)})", text)
    if end not in END_INDEX:
        return _refuse("bangkok.notation", what,
                       f"{end!r} is not an end of the port; use R1L ... R3R or C1T ... C3B", text)
    label = ENDS[END_INDEX[end]].label
    if END_INDEX[end] not in state.usable_ends():
        if end in SOLO_PILE_ENDS:
            return _refuse("bangkok.solo.piles", what, f"the {SOLO_PILE_ENDS[end]} lies {label}", text)
        return _refuse("bangkok.solo.free-end", what, f"the turn counter lies {label} this turn", text)
    options = state.collections(card.face, end)
    if options.take == 0:
        return _refuse("bangkok.place.shared-good", what, options.summary, text)
    line = sorted(ENDS[END_INDEX[end]].cells)
    cells: list[int] = []
    for item in taken_text.split(","):
        place, eq, named = item.partition("=")
        if place not in CELL_INDEX or not eq:
            return _refuse("bangkok.notation", what,
                           f"{item!r} should name a place and its card, like a1=PZ", text)
        cell = CELL_INDEX[place]
        where = PORT_PLACES[cell]
        if cell not in line:
            return _refuse("bangkok.collect.same-line", what,
                           f"{where} is not in {LINE_LABELS[ENDS[END_INDEX[end]].line]}, the line "
                           "that end faces", text)
        there = state.port_card(cell)
        named_card = _card(named)
        if there is None or named_card is None or named_card.face != there.face:
            holds = _a(there.face) if there else "nothing"
            return _refuse("bangkok.notation", what, f"{where} holds {holds}, not {named}", text)
        if cell in cells:
            return _refuse("bangkok.notation", what, f"{where} is named twice", text)
        cells.append(cell)
    if len(cells) > len(card.goods):
        return _refuse("bangkok.collect.count", what,
                       f"your card shows {len(card.goods)} good(s), so it pays for at most "
                       f"{len(card.goods)} card(s), not {len(cells)}", text)
    masks = []
    for cell in line:
        there = state.port_card(cell)
        if cell not in cells or there is None:
            masks.append(0)
            continue
        if not there.mask & card.mask:
            return _refuse("bangkok.collect.one-per-good", what,
                           f"the {card_words(there.face)} at {PORT_PLACES[cell]} shares no good "
                           "with your card", text)
        masks.append(there.mask)
    takes = legal_takes(card.goods, tuple(masks))
    if not takes or len(takes[0]) < len(cells):
        return _refuse("bangkok.collect.one-per-good", what,
                       "each good of your card pays for one card only, and these cards would need "
                       "the same good twice", text)
    forced = [PORT_PLACES[CELL_INDEX[c.cell]] for c in options.cells
              if c.status == "forced" and CELL_INDEX[c.cell] not in cells]
    why = options.summary + (f"; the card at {' and at '.join(forced)} cannot be refused" if forced else "")
    return _refuse("bangkok.collect.no-refusal", what, why, text)


def _market(state: State, seat: int, what: str, text: str, body: str, hand: list[str]) -> IllegalAction:
    face, sep, place = body.partition("@")
    card = _card(face)
    if not sep or card is None or place not in CELL_INDEX:
        return _refuse("bangkok.notation", what, "write market:CARD@CELL, e.g. market:PZ@b1", text)
    if card.face not in hand:
        return _refuse("bangkok.market.hand-card", what,
                       f"that card is not in your hand (you hold {hand_words(hand)})", text)
    cell = CELL_INDEX[place]
    where = MARKET_PLACES[cell]
    market = state.market_cards(seat)
    occupant = market[cell]
    if occupant is not None:
        return _refuse("bangkok.market.fixed", what,
                       f"the {where} place already holds {_a(occupant.face)}, and market cards never move",
                       text)
    if all(c is None for c in market):
        if cell != 0:
            return _refuse("bangkok.market.first-corner", what,
                           "your first market card goes to the top left place, the corner beside "
                           "your pontoon", text)
    elif all(market[n] is None for n in NEIGHBOURS[cell]):
        return _refuse("bangkok.market.adjacent", what,
                       f"the {where} place touches no card of your market along a side", text)
    if card.is_chilli:
        rows, columns = state.chilli_limits()
        others = [i for i, c in enumerate(market) if c is not None and c.is_chilli]
        if rows and any(ROW_OF[i] == ROW_OF[cell] for i in others):
            return _refuse("bangkok.market.chilli-row", what,
                           f"the {ROW_WORDS[ROW_OF[cell]]} row of your market already has a chilli "
                           "card", text)
        if columns and any(COLUMN_OF[i] == COLUMN_OF[cell] for i in others):
            return _refuse("bangkok.market.chilli-column", what,
                           f"the {COLUMN_WORDS[COLUMN_OF[cell]]} column of your market already has "
                           "a chilli card", text)
    return _refuse("bangkok.notation", what, "write market:CARD@CELL, e.g. market:PZ@b1", text)


ROW_WORDS = ("top", "middle", "bottom")
COLUMN_WORDS = ("left", "middle", "right")
