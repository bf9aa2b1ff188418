"""What a seat sees of a Tindahan table: the view model, the labels of moves, event texts, the text board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from explorer._fruit import face, points_text, taken_text
from explorer._tuples import joined

from ._mechanics import Play, must_play
from ._notation import ACTIONS

if TYPE_CHECKING:
    from ._state import State

TITLE = "Tindahan"


def label(notation: str) -> str:
    """Short plain words for a legal action, for buttons and the terminal."""
    kind, fruit = ACTIONS[notation]
    if kind == "card":
        return f"Play {notation}"
    if kind == "seller":
        return f"Send a seller to the {fruit} stall"
    return f"Move the donkey cart to {fruit}"


# The sentences of the events whose data fill them in as they are.
TEXTS = {
    "round": "Round {round} of {rounds}: seat {dealer} deals, seat {leader} starts; {trump} is trump",
    "card": "Seat {seat} plays {card}",
    "seller": "Seat {seat} sends a seller to the {fruit} stall",
    "cart": "Seat {seat} moves the donkey cart to {fruit}: {fruit} is trump now",
}


def event_text(kind: str, seat: int | None, data: Mapping[str, Any]) -> str:
    """The sentence of one event (``kind`` and its structured ``data`` are what widgets read)."""
    if kind in TEXTS:
        return TEXTS[kind].format(seat=seat, **data)
    if kind == "trick":
        return taken_text(data["winner"], data["card"], data["trump"])
    if kind == "scored":
        return f"Round {data['round']} scored: {points_text(data['points'])}"
    winners, best = data["winners"], data["points"]
    if len(winners) == 1:
        return f"Game over: seat {winners[0]} wins with {best} points"
    return (f"Game over: seats {joined(winners)} tie on {best} points and share the win "
            "(by the rulebook's joke, the designer wins)")


def play_dict(play: Play) -> dict[str, Any]:
    """One entry of a trick, with the words a widget puts after the seat's name."""
    seat, kind, what = play
    if kind == "card":
        value = face(what)["value"]
        return {"seat": seat, "kind": kind, "card": what, "words": f"played {face(what)['fruit']} {value}"}
    if kind == "seller":
        return {"seat": seat, "kind": kind, "fruit": what, "words": f"sent a seller to the {what} stall"}
    return {"seat": seat, "kind": kind, "fruit": what, "words": f"moved the donkey cart to {what}"}


def moves(legal: Sequence[str]) -> list[dict[str, Any]]:
    """Each legal action, parsed for the widget: which card, stall or fruit it belongs to."""
    out: list[dict[str, Any]] = []
    for notation in legal:
        kind, fruit = ACTIONS[notation]
        move = {"action": notation, "kind": kind, "fruit": fruit}
        if kind == "card":
            move.update(card=notation, place="card")
        else:  # a seller goes to the led fruit's stall, the cart to another stall
            move.update(place="stall", short=kind)
        out.append(move)
    return out


def view(state: State, seat: int) -> dict[str, Any]:
    legal = [str(a) for a in state.legal_actions()] if state.to_act == seat else []
    last = None
    if state.last_trick is not None:
        plays, winner = state.last_trick
        last = {"plays": [play_dict(p) for p in plays], "winner": winner}
    shown = [*state.hands[seat], *(p[2] for p in state.trick if p[1] == "card")]
    if state.last_trick is not None:
        shown += [p[2] for p in state.last_trick[0] if p[1] == "card"]
    return {
        "title": TITLE,
        "round": state.round,
        "rounds": state.rounds,
        "dealer": state.dealer,
        "phase": "over" if state.to_act is None else "play",
        "prompt": None,
        "fruits": list(state.fruits),
        "trump": state.trump,
        "led": state.led,
        "leader": state.leader,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "trick": [play_dict(p) for p in state.trick],
        "last_trick": last,
        "tricks_won": list(state.tricks_won),
        "stalls": {fruit: list(state.stalls[i]) for i, fruit in enumerate(state.fruits)},
        "sellers_left": list(state.sellers_left),
        "cart_moved": state.cart_moved,
        "must_play": must_play(state.cart_moved, state.trick),
        "faces": {card: face(card) for card in shown},
        "moves": moves(legal),
    }


def _plays(plays: Sequence[Play]) -> str:
    return ", ".join(f"seat {s} {what if kind == 'card' else f'{kind}:{what}'}" for s, kind, what in plays)


def board_text(state: State, seat: int) -> str:
    """The table as text: the round, trump, the trick, the stalls, every seat (only ``seat``'s hand)."""
    status = "game over" if state.to_act is None else f"seat {state.to_act} to act"
    lines = [f"Tindahan, round {state.round} of {state.rounds}: seat {state.dealer} deals; "
             f"trump {state.trump} (the donkey cart); {status}"]
    led = f"; led {state.led}" if state.led else ""
    lines.append(f"Trick: {_plays(state.trick) or '(none yet)'}{led}")
    if state.last_trick is not None:
        plays, winner = state.last_trick
        lines.append(f"Last trick: {_plays(plays)}; taken by seat {winner}")
    seats = range(state.players)
    lines.append("Stalls      " + "".join(f"seat {s:<3}" for s in seats))
    for i, fruit in enumerate(state.fruits):
        mark = "*" if fruit == state.trump else " "
        lines.append(f"{fruit + mark:<12}" + "".join(f"{n or '.':<8}" for n in state.stalls[i]))
    scores = state.scores()
    for s in seats:
        who = f"seat {s}" + (" (you)" if s == seat else "")
        facts = (f"{who}: score {scores[s]}, tricks {state.tricks_won[s]}, sellers left "
                 f"{state.sellers_left[s]}")
        hand = state.hands[s]
        shown = f"hand {' '.join(hand) or '(empty)'}" if s == seat else f"{len(hand)} cards"
        lines.append(f"{facts}; {shown}")
    return "\n".join(line.rstrip() for line in lines)
