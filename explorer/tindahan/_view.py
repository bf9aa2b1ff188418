"""What a seat sees of a Tindahan table: the view model, the labels of moves, event texts, the text board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from explorer._core.shell import Presenter
from explorer._core.words import does, who, whose
from explorer._fruitbox.state import WORDS, face, points_text, taken_text

from ._explain import explain
from ._notation import ACTIONS, Play

if TYPE_CHECKING:
    from ._state import State

TITLE = "Tindahan"


def label(state: object, notation: str) -> str:
    """Short plain words for a legal action, for buttons and the terminal (the notation says it all)."""
    kind, fruit = ACTIONS[notation]
    if kind == "card":
        return f"Play {WORDS[notation]}"
    if kind == "seller":
        return f"Send a seller to the {fruit} stall"
    return f"Move the donkey cart to the {fruit} stall ({fruit} becomes trump)"


def event_text(kind: str, seat: int | None, data: Mapping[str, Any]) -> str:
    """The sentence of one event (``kind`` and its structured ``data`` are what widgets read; see
    ``Presenter``)."""
    if kind == "card":
        assert seat is not None
        return f"{does(seat, 'plays', 'play')} {WORDS[data['card']]}"
    if kind == "seller":
        assert seat is not None
        return f"{does(seat, 'sends', 'send')} a seller to the {data['fruit']} stall"
    if kind == "cart":
        assert seat is not None
        fruit = data["fruit"]
        return f"{does(seat, 'moves', 'move')} the donkey cart to the {fruit} stall: {fruit} is trump now"
    if kind == "trick":
        return taken_text(data["winner"], data["card"], data["trump"])
    if kind == "round":
        return (f"Round {data['round']} of {data['rounds']}: {does(data['dealer'], 'deals', 'deal')}, "
                f"{does(data['leader'], 'starts', 'start')}; {data['trump']} is trump")
    assert kind == "scored", kind  # the game-over entry is the shared view's (GameState.view)
    return f"Round {data['round']} scored: {points_text(data['points'])}"


def play_dict(play: Play) -> dict[str, Any]:
    """One entry of a trick, with the words a widget puts after the seat's name."""
    seat, kind, what = play
    if kind == "card":
        return {"seat": seat, "kind": kind, "card": what, "words": f"played {WORDS[what]}"}
    if kind == "seller":
        return {"seat": seat, "kind": kind, "fruit": what, "words": f"sent a seller to the {what} stall"}
    return {"seat": seat, "kind": kind, "fruit": what, "words": f"moved the donkey cart to the {what} stall"}


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
    # Until this round's first trick is taken, the last trick shown is the previous round's final one
    # ("round" says which), so a learner can still look back at how that round ended.
    done = state.last_trick or state.round_last_trick
    if done is not None:
        plays, winner = done
        last = {"plays": [play_dict(p) for p in plays], "winner": winner,
                "round": state.round if state.last_trick else state.round - 1}
    shown = [*state.hands[seat], *(p[2] for p in state.trick if p[1] == "card")]
    if done is not None:
        shown += [p[2] for p in done[0] if p[1] == "card"]
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
        "must_play": state.must_play,
        "faces": {card: face(card) for card in shown},
        "moves": moves(legal),
    }


def _plays(plays: Sequence[Play]) -> str:
    return ", ".join(f"{who(s)} {play_dict((s, kind, what))['words']}" for s, kind, what in plays)


def board_text(state: State, seat: int) -> str:
    """The table as text: the round, trump, the trick, the stalls, every seat (only ``seat``'s hand).

    Seats are markers, rendered for the reader by ``GameState.board_text``."""
    status = "game over" if state.to_act is None else f"{whose(state.to_act)} turn"
    lines = [f"Tindahan, round {state.round} of {state.rounds}: {does(state.dealer, 'deals', 'deal')}; "
             f"{state.trump} is trump (the donkey cart); {status}"]
    led = f"; {state.led} was led" if state.led else ""
    lines.append(f"Trick: {_plays(state.trick) or 'nothing played yet'}{led}")
    if state.last_trick is not None:
        plays, winner = state.last_trick
        lines.append(f"Last trick: {_plays(plays)}; taken by {who(winner)}")
    for i, fruit in enumerate(state.fruits):
        sellers = ", ".join(f"{who(s)} {n}" for s, n in enumerate(state.stalls[i]) if n) or "no sellers"
        lines.append(f"{fruit.capitalize()} stall{' (trump)' if fruit == state.trump else ''}: {sellers}")
    scores = state.scores()
    for s in range(state.players):
        facts = (f"{who(s)}: score {scores[s]}, tricks {state.tricks_won[s]}, sellers left "
                 f"{state.sellers_left[s]}")
        hand = state.hands[s]
        words = ", ".join(WORDS[card] for card in hand)
        shown = f"hand {words or '(empty)'}" if s == seat else f"{len(hand)} cards"
        lines.append(f"{facts}; {shown}")
    return "\n".join(line.rstrip() for line in lines)


#: What a reader sees of a Tindahan state: the spec hands it to ``State`` (``GameSpec.presenter``).
PRESENTER = Presenter(view=view, explain=explain, label=label, board_text=board_text,
                      event_text=event_text)
