"""The trick-table view model of a Bastos! position, as one seat may see it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._cards import CARD, FRUITS, MAX_VALUE, MIN_VALUE, TRUMP_SUFFIX

if TYPE_CHECKING:
    from ._state import BastosState, Entry


def entry_dict(entry: Entry) -> dict[str, Any]:
    kind, seat, what, extra = entry
    if kind == "card":
        out: dict[str, Any] = {"seat": seat, "kind": "card", "card": what}
        if extra:
            out["trump"] = True
        return out
    return {"seat": seat, "kind": "adjust", "fruit": what, "delta": extra}


def label(state: BastosState, notation: str) -> str:
    if notation.startswith("choose:"):
        card = notation[len("choose:"):]
        return f"Pick {card}: {CARD[card][0]} becomes your Bastos! colour"
    kind, _, fruit = notation.partition(":")
    if kind in ("raise", "lower"):
        delta = 1 if kind == "raise" else -1
        after = max(MIN_VALUE, min(MAX_VALUE, state.value(fruit) + delta))
        return f"{'Raise' if delta > 0 else 'Lower'} {fruit} by 1 (to {after:+d})"
    if notation.endswith(TRUMP_SUFFIX):
        card = notation[: -len(TRUMP_SUFFIX)]
        return f"Declare {CARD[card][0]} trump with {card}"
    return f"Play {notation}"


def bastos_view(state: BastosState, seat: int) -> dict[str, Any]:
    revealed = state.colours is not None
    picks = [p if (revealed or other == seat) else None for other, p in enumerate(state.picks)]
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    last = state.last_trick
    won_by_fruit = []
    for cards in state.won:
        counts = dict.fromkeys(state.fruits, 0)
        for card in cards:
            counts[CARD[card][0]] += 1
        won_by_fruit.append(counts)
    return {
        "round": state.round,
        "rounds": state.rounds,
        "dealer": state.dealer,
        "phase": state.phase,
        "fruits": [f for f in FRUITS if f in state.fruits],
        "trump": state.trump,
        "led": state.led_fruit(),
        "leader": state.leader,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "trick": [entry_dict(e) for e in state.trick],
        "last_trick": None if last is None
        else {"plays": [entry_dict(e) for e in last[0]], "winner": last[1]},
        "tricks_won": list(state.tricks_won),
        "labels": {notation: label(state, notation) for notation in legal},
        "events": list(state.events),
        "values": state.value_table(),
        "bastos": [CARD[p][0] if p is not None else None for p in picks],
        "bastos_cards": picks,
        "chosen": [p is not None for p in state.picks],
        "spare": state.spare,
        "adjusting": state.adjusting,
        # Every card in a won trick was played face up before the whole table, so the tally per fruit
        # is public knowledge (a player with a perfect memory has it); shown as a memory aid.
        "won_by_fruit": won_by_fruit,
    }
