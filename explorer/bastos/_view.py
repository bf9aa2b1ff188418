"""What a seat sees of a Bastos! table: the view model, the labels of moves, event texts, the text board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .._fruit import face, points_text, taken_text
from ._mechanics import MAX_VALUE, MIN_VALUE, clamp
from ._notation import CARD, FRUITS, parse

if TYPE_CHECKING:
    from ._state import State

TITLE = "Bastos!"

# A trick entry: ("card", seat, card, made_trump) or ("adjust", seat, fruit, delta).
Entry = tuple[str, int, str, Any]

# What the seat to act is asked for, by phase (the trick table's turn line).
PROMPTS = {"choose": "choose your Bastos! card", "adjust": "move one fruit's value"}


def _signed(value: int) -> str:
    return f"{value:+d}"


def label(state: State, notation: str) -> str:
    kind, card, fruit = parse(notation)
    if kind == "choose":
        return f"Pick {card}: {fruit} becomes your Bastos! colour"
    if kind in ("raise", "lower"):
        assert fruit is not None
        delta = 1 if kind == "raise" else -1
        return f"{'Raise' if delta > 0 else 'Lower'} {fruit} by 1 (to {clamp(state.value(fruit) + delta):+d})"
    if kind == "declare":
        return f"Declare {fruit} trump with {card}"
    return f"Play {notation}"


# The sentences of the events whose data fill them in as they are.
TEXTS = {
    "pick": "Seat {seat} picks a Bastos! card, face down",
    "trump": "Seat {seat} throws {card} and makes {fruit} trump ({fruit} {before:+d} → {after:+d})",
    "lead": "Seat {seat} leads {card}",
    "card": "Seat {seat} plays {card}",
    "own-colour": "{card} is seat {seat}'s own Bastos! colour: seat {seat} moves a value by 1",
    "set-aside": "Every card was its player's own Bastos! colour: the trick is set aside and seat {leader} "
                 "leads again",
}


def event_text(kind: str, seat: int | None, data: Mapping[str, Any]) -> str:
    """The sentence of one event (``kind`` and its structured ``data`` are what widgets read)."""
    if kind in TEXTS:
        return TEXTS[kind].format(seat=seat, **data)
    if kind == "round":
        spare = f"; {data['spare']} lies aside" if data["spare"] else ""
        return (f"Round {data['round']} of {data['rounds']}: seat {data['dealer']} deals{spare}; "
                "everyone picks a Bastos! card")
    if kind == "reveal":
        shown = ", ".join(f"seat {s} {c}" for s, c in enumerate(data["colours"]))
        table = ", ".join(f"{f} {v:+d}" for f, v in data["values"].items())
        return f"Bastos! colours revealed: {shown}; values {table}"
    if kind == "value":
        verb = "raises" if data["delta"] > 0 else "lowers"
        return f"Seat {seat} {verb} {data['fruit']} to {data['after']:+d}"
    if kind == "trick":
        return taken_text(data["winner"], data["card"], data["trump"])
    return f"Round {data['round']} scores: {points_text(data['points'])}"


def entry_dict(entry: Entry) -> dict[str, Any]:
    """One entry of a trick, with the words a widget puts after the seat's name."""
    kind, seat, what, extra = entry
    if kind == "card":
        words = f"played {CARD[what][0]} {CARD[what][1]}"
        out: dict[str, Any] = {"seat": seat, "kind": "card", "card": what}
        if extra:
            out["trump"] = True
            words += ", declaring trump"
        out["words"] = words
        return out
    return {"seat": seat, "kind": "adjust", "fruit": what, "delta": extra,
            "words": f"changed {what} by {_signed(extra)}"}


def moves(legal: Sequence[str]) -> list[dict[str, Any]]:
    """Each legal action, parsed for the widget: the hand card or the value-table column it belongs to."""
    out: list[dict[str, Any]] = []
    for notation in legal:
        kind, card, fruit = parse(notation)
        move: dict[str, Any] = {"action": notation, "kind": kind, "fruit": fruit}
        if card is not None:
            move.update(card=card, place="card")
            if kind != "card":
                move["short"] = "trump" if kind == "declare" else kind
        else:
            move.update(place="value", short="+1" if kind == "raise" else "-1")
        out.append(move)
    return out


def view(state: State, seat: int) -> dict[str, Any]:
    revealed = state.colours is not None
    picks = [p if (revealed or other == seat) else None for other, p in enumerate(state.picks)]
    legal = [str(a) for a in state.legal_actions()] if state.to_act == seat else []
    last = state.last_trick
    won_by_fruit = []
    for cards in state.won:
        counts = dict.fromkeys(state.fruits, 0)
        for card in cards:
            counts[CARD[card][0]] += 1
        won_by_fruit.append(counts)
    shown = [*state.hands[seat], *(p for p in picks if p is not None)]
    shown += [e[2] for e in state.trick if e[0] == "card"]
    if last is not None:
        shown += [e[2] for e in last[0] if e[0] == "card"]
    if state.spare is not None:
        shown.append(state.spare)
    return {
        "title": TITLE,
        "round": state.round,
        "rounds": state.rounds,
        "dealer": state.dealer,
        "phase": state.phase,
        "prompt": PROMPTS.get(state.phase),
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
        "values": state.value_table(),
        "levels": list(range(MAX_VALUE, MIN_VALUE - 1, -1)),
        "bastos": [CARD[p][0] if p is not None else None for p in picks],
        "bastos_cards": picks,
        "chosen": [p is not None for p in state.picks],
        "spare": state.spare,
        "adjusting": state.adjusting,
        # Every card in a won trick was played face up before the whole table, so the tally per fruit
        # is public knowledge (a player with a perfect memory has it); shown as a memory aid.
        "won_by_fruit": won_by_fruit,
        "faces": {card: face(card) for card in shown},
        "moves": moves(legal),
    }


def _entries(entries: Sequence[Entry]) -> str:
    return ", ".join(f"seat {seat} {what}{':trump' if kind == 'card' and extra else ''}" if kind == "card"
                     else f"seat {seat} {what} {_signed(extra)}" for kind, seat, what, extra in entries)


def board_text(state: State, seat: int) -> str:
    """The table as text: round, value table, trump, the trick, every seat (only ``seat``'s hand)."""
    status = "game over" if state.to_act is None else f"seat {state.to_act} to act ({state.phase})"
    lines = [f"Bastos!, round {state.round} of {state.rounds}: seat {state.dealer} deals; {status}"]
    values = ", ".join(f"{fruit}{'*' if fruit == state.trump else ''} {value:+d}"
                       for fruit, value in state.value_table().items())
    lines.append(f"Values: {values}; trump {state.trump or 'none yet'}"
                 + (f"; spare {state.spare}" if state.spare else ""))
    lines.append(f"Trick: {_entries(state.trick) or '(none yet)'}")
    if state.last_trick is not None:
        entries, winner = state.last_trick
        taken = "set aside" if winner is None else f"taken by seat {winner}"
        lines.append(f"Last trick: {_entries(entries)}; {taken}")
    scores = state.scores()
    for s, pick in enumerate(state.picks):
        who = f"seat {s}" + (" (you)" if s == seat else "")
        seen = pick is not None and (state.colours is not None or s == seat)
        colour = CARD[pick][0] if seen and pick else ("picked" if pick else "not picked")
        hand = state.hands[s]
        shown = f"hand {' '.join(hand) or '(empty)'}" if s == seat else f"{len(hand)} cards"
        lines.append(f"{who}: score {scores[s]}, tricks {state.tricks_won[s]}, Bastos! {colour}; {shown}")
    return "\n".join(lines)
