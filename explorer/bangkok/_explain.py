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
    LINES,
    NEIGHBOURS,
    ROW_OF,
    SOLO_PILE_ENDS,
    legal_takes,
)
from ._notation import CELL_INDEX, CELL_NAMES, Card, canonical, parse_card

if TYPE_CHECKING:
    from ._state import State



def _refuse(rule: str, text: str, why: str) -> IllegalAction:
    return IllegalAction(rule, f"{text} refused: {why}", text)


def _card(text: str) -> Card | None:
    try:
        return canonical(parse_card(text))
    except ValueError:
        return None


def explain(state: State, text: str) -> IllegalAction:
    seat = state.current_player
    assert seat is not None
    kind, sep, body = text.partition(":")
    hand = [state.card(c).face for c in state.hands[seat]]
    notation = ("write place:CARD@END>CELL=CARD,..., market:CARD@CELL, renew:LINE or return:CARD "
                "(see the bangkok package documentation)")
    if text == "pass":
        return _refuse("bangkok.turn.stuck", text,
                       "passing is only for a player who can neither place a card nor renew a line")
    if not sep or kind not in ("place", "market", "renew", "return"):
        return _refuse("bangkok.notation", text, f"not a Bangkok action; {notation}")
    phase = state.phase
    extra = len(hand) - HAND_SIZE
    if phase == "market" and kind in ("place", "renew"):
        return _refuse("bangkok.market.required", text,
                       f"you hold {len(hand)} cards, so first lay {extra} of them in your market")
    if phase == "return" and kind != "return":
        return _refuse("bangkok.market.blocked", text,
                       f"none of your {len(hand)} cards fits your market; put {extra} back under the piles")
    if phase == "act" and kind in ("market", "return"):
        return _refuse("bangkok.market.required", text,
                       "cards go to the market only after improving your hand, when you hold more than 3")
    if kind == "place":
        return _place(state, text, body, hand)
    if kind == "market":
        return _market(state, seat, text, body, hand)
    if kind == "renew":
        if body not in LINES:
            return _refuse("bangkok.notation", text, "a line is R1, R2, R3 (rows) or C1, C2, C3 (columns)")
        return _refuse("bangkok.renew.pile-empty", text,
                       "no card of that line has a card on its pile to be swapped with")
    if phase == "market":
        return _refuse("bangkok.market.blocked", text,
                       "a card still fits your market; cards go back under the piles only when none does")
    card = _card(body)
    if card is None or card.face not in hand:
        return _refuse("bangkok.market.hand-card", text, f"{body} is not in your hand ({' '.join(hand)})")
    return _refuse("bangkok.notation", text, notation)


def _place(state: State, text: str, body: str, hand: list[str]) -> IllegalAction:
    match = re.fullmatch(r"([^@>]+)@([^>]+)>(.*)", body)
    if match is None:
        return _refuse("bangkok.notation", text, "write place:CARD@END>CELL=CARD,... e.g. place:PZ@R1L>a1=P")
    face, end, taken_text = match.groups()
    card = _card(face)
    if card is None:
        return _refuse("bangkok.notation", text, f"{face!r} is not a card")
    if card.face not in hand:
        return _refuse("bangkok.place.hand-card", text,
                       f"{card.face} is not in your hand (you hold {' '.join(hand)})")
    if end not in END_INDEX:
        return _refuse("bangkok.notation", text,
                       f"{end!r} is not an end of the port; use R1L ... R3R or C1T ... C3B")
    if END_INDEX[end] not in state.usable_ends():
        if end in SOLO_PILE_ENDS:
            return _refuse("bangkok.solo.piles", text, f"the {SOLO_PILE_ENDS[end]} lies at {end}")
        return _refuse("bangkok.solo.free-end", text, f"the turn-counter token covers {end} this turn")
    options = state.collections(card.face, end)
    if options.take == 0:
        return _refuse("bangkok.place.shared-good", text, options.summary)
    line = sorted(ENDS[END_INDEX[end]].cells)
    cells: list[int] = []
    for item in taken_text.split(","):
        place, eq, named = item.partition("=")
        if place not in CELL_INDEX or not eq:
            return _refuse("bangkok.notation", text, f"{item!r} should name a place and its card, like a1=PZ")
        cell = CELL_INDEX[place]
        if cell not in line:
            return _refuse("bangkok.collect.same-line", text, f"{place} is not in the line {end} faces")
        there = state.port_card(cell)
        named_card = _card(named)
        if there is None or named_card is None or named_card.face != there.face:
            holds = there.face if there else "nothing"
            return _refuse("bangkok.notation", text, f"{place} holds {holds}, not {named}")
        if cell in cells:
            return _refuse("bangkok.notation", text, f"{place} is named twice")
        cells.append(cell)
    if len(cells) > len(card.goods):
        return _refuse("bangkok.collect.count", text,
                       f"{card.face} shows {len(card.goods)} good(s), so it pays for at most "
                       f"{len(card.goods)} card(s), not {len(cells)}")
    masks = []
    for cell in line:
        there = state.port_card(cell)
        if cell not in cells or there is None:
            masks.append(0)
            continue
        if not there.mask & card.mask:
            return _refuse("bangkok.collect.one-per-good", text,
                           f"{there.face} at {CELL_NAMES[cell]} shares no good with {card.face}")
        masks.append(there.mask)
    takes = legal_takes(card.goods, tuple(masks))
    if not takes or len(takes[0]) < len(cells):
        return _refuse("bangkok.collect.one-per-good", text,
                       f"each good of {card.face} pays for one card only, and these cards would need "
                       "the same good twice")
    forced = [c.cell for c in options.cells if c.status == "forced" and CELL_INDEX[c.cell] not in cells]
    why = f"{options.summary}" + (f"; {', '.join(forced)} cannot be refused" if forced else "")
    return _refuse("bangkok.collect.no-refusal", text, why)


def _market(state: State, seat: int, text: str, body: str, hand: list[str]) -> IllegalAction:
    face, sep, place = body.partition("@")
    card = _card(face)
    if not sep or card is None or place not in CELL_INDEX:
        return _refuse("bangkok.notation", text, "write market:CARD@CELL, e.g. market:PZ@b1")
    if card.face not in hand:
        return _refuse("bangkok.market.hand-card", text,
                       f"{card.face} is not in your hand (you hold {' '.join(hand)})")
    cell = CELL_INDEX[place]
    market = state.market_cards(seat)
    occupant = market[cell]
    if occupant is not None:
        return _refuse("bangkok.market.fixed", text,
                       f"{place} already holds {occupant.face}, and market cards never move")
    if all(c is None for c in market):
        if cell != 0:
            return _refuse("bangkok.market.first-corner", text,
                           "your first market card goes to a1, the corner beside your pontoon")
    elif all(market[n] is None for n in NEIGHBOURS[cell]):
        return _refuse("bangkok.market.adjacent", text,
                       f"{place} touches no card of your market along a side")
    if card.is_chilli:
        rows, columns = state.chilli_limits()
        others = [i for i, c in enumerate(market) if c is not None and c.is_chilli]
        if rows and any(ROW_OF[i] == ROW_OF[cell] for i in others):
            return _refuse("bangkok.market.chilli-row", text,
                           f"row {ROW_OF[cell] + 1} of your market already has a chilli card")
        if columns and any(COLUMN_OF[i] == COLUMN_OF[cell] for i in others):
            return _refuse("bangkok.market.chilli-column", text,
                           f"column {'abc'[COLUMN_OF[cell]]} of your market already has a chilli card")
    return _refuse("bangkok.notation", text, "write market:CARD@CELL, e.g. market:PZ@b1")
