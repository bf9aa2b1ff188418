"""What a seat sees of a Bastos! table: the view model, the labels of moves, event texts, the text board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .._core.shell import Presenter
from .._core.words import does, who, whose
from .._fruitbox.state import WORDS, face, points_text, taken_text
from ._explain import explain
from ._mechanics import MAX_VALUE, MIN_VALUE, clamp
from ._notation import CARD, FRUITS, parse

if TYPE_CHECKING:
    from ._state import State

TITLE = "Bastos!"

# A trick entry: ("card", seat, card, made_trump) or ("adjust", seat, fruit, delta).
Entry = tuple[str, int, str, Any]

# What the seat to act is asked for, by phase (the trick table's turn line).
PROMPTS = {"choose": "pick your Bastos! card", "adjust": "move one fruit's value up or down by 1"}
# What is happening at the table, by phase, in words (the table's header; no seat named).
STAGES = {"choose": "everyone picks a Bastos! card", "adjust": "a fruit's value moves by 1",
          "play": "tricks are played", "over": "the game is over"}


def label(state: State, notation: str) -> str:
    kind, card, fruit = parse(notation)
    if kind == "choose":
        assert card is not None
        return f"Pick {WORDS[card]}: {fruit} becomes your Bastos! colour"
    if kind in ("raise", "lower"):
        assert fruit is not None
        delta = 1 if kind == "raise" else -1
        verb, value = "Raise" if delta > 0 else "Lower", state.value(fruit)
        if clamp(value + delta) == value:  # a move against a limit, on the reading that allows it
            return f"{verb} {fruit}: it is already at {value:+d}, so it stays there"
        return f"{verb} {fruit} by 1 (to {clamp(value + delta):+d})"
    assert card is not None
    if kind == "declare":
        return f"Play {WORDS[card]} and make {fruit} trump"
    return f"Play {WORDS[card]}"


def event_text(kind: str, seat: int | None, data: Mapping[str, Any]) -> str:
    """The sentence of one event (``kind`` and its structured ``data`` are what widgets read; see
    ``Presenter``)."""
    if kind == "round":
        spare = f"; {WORDS[data['spare']]} lies face up beside the table" if data["spare"] else ""
        return (f"Round {data['round']} of {data['rounds']}: {does(data['dealer'], 'deals', 'deal')}{spare}; "
                "everyone picks a Bastos! card")
    if kind == "trick":
        return taken_text(data["winner"], data["card"], data["trump"])
    if kind == "scored":
        return f"Round {data['round']} scores: {points_text(data['points'])}"
    if kind == "set-aside":
        return ("Every card was its player's own Bastos! colour: the trick is set aside and "
                f"{does(data['leader'], 'leads', 'lead')} again")
    if kind == "reveal":
        shown = ", ".join(f"{does(s, 'has', 'have')} {fruit}" for s, fruit in enumerate(data["colours"]))
        table = ", ".join(f"{f} {v:+d}" for f, v in data["values"].items())
        return f"The Bastos! cards are revealed: {shown}; the values start at {table}"
    assert seat is not None
    if kind == "pick":
        return f"{does(seat, 'picks', 'pick')} a Bastos! card, face down"
    if kind in ("lead", "card"):
        verb = "leads" if kind == "lead" else "plays"
        return f"{does(seat, verb, verb[:-1])} {WORDS[data['card']]}"
    if kind == "trump":
        card, fruit = WORDS[data["card"]], data["fruit"]
        return (f"{does(seat, f'throws {card} and makes', f'throw {card} and make')} {fruit} trump "
                f"({fruit} goes from {data['before']:+d} to {data['after']:+d})")
    if kind == "own-colour":
        fruit = data["fruit"]
        return (f"{fruit.capitalize()} is {whose(seat)} own Bastos! colour, so {does(seat, 'moves', 'move')} "
                "one fruit's value up or down by 1")
    verb = "raises" if data["delta"] > 0 else "lowers"
    if data.get("stays"):
        return (f"{does(seat, verb, verb[:-1])} {data['fruit']}, which is already at {data['after']:+d} "
                "and stays there")
    return f"{does(seat, verb, verb[:-1])} {data['fruit']} to {data['after']:+d}"


def entry_dict(entry: Entry) -> dict[str, Any]:
    """One entry of a trick, with the words a widget puts after the seat's name."""
    kind, seat, what, extra = entry
    if kind == "card":
        words = f"played {WORDS[what]}"
        out: dict[str, Any] = {"seat": seat, "kind": "card", "card": what}
        if extra:
            out["trump"] = True
            words += f" and made {CARD[what][0]} trump"
        out["words"] = words
        return out
    words = f"{'raised' if extra > 0 else 'lowered'} {what} by 1" if extra else \
        f"moved {what} against its limit, where it stays"
    return {"seat": seat, "kind": "adjust", "fruit": what, "delta": extra, "words": words}


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
    # Until this round's first trick ends, the last trick shown is the previous round's final one
    # ("round" says which), so a learner can still look back at how that round ended.
    last = state.last_trick or state.round_last_trick
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
        "stage": STAGES.get(state.phase),
        "fruits": [f for f in FRUITS if f in state.fruits],
        "trump": state.trump,
        "led": state.led_fruit(),
        "leader": state.leader,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "trick": [entry_dict(e) for e in state.trick],
        "last_trick": None if last is None
        else {"plays": [entry_dict(e) for e in last[0]], "winner": last[1],
              "round": state.round if state.last_trick else state.round - 1},
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
    return ", ".join(f"{who(entry[1])} {entry_dict(entry)['words']}" for entry in entries)


def board_text(state: State, seat: int) -> str:
    """The table as text: round, value table, trump, the trick, every seat (only ``seat``'s hand).

    Seats are markers, rendered for the reader by ``GameState.board_text``."""
    status = "game over" if state.to_act is None else f"{whose(state.to_act)} turn: {STAGES[state.phase]}"
    dealer = does(state.dealer, "deals", "deal")
    lines = [f"Bastos!, round {state.round} of {state.rounds}: {dealer}; {status}"]
    values = ", ".join(f"{fruit}{' (trump)' if fruit == state.trump else ''} {value:+d}"
                       for fruit, value in state.value_table().items())
    lines.append(f"Values: {values}; {'trump ' + state.trump if state.trump else 'no trump yet'}"
                 + (f"; {WORDS[state.spare]} lies aside" if state.spare else ""))
    lines.append(f"Trick: {_entries(state.trick) or 'nothing played yet'}")
    if state.last_trick is not None:
        entries, winner = state.last_trick
        taken = "set aside" if winner is None else f"taken by {who(winner)}"
        lines.append(f"Last trick: {_entries(entries)}; {taken}")
    scores = state.scores()
    for s, pick in enumerate(state.picks):
        seen = pick is not None and (state.colours is not None or s == seat)
        colour = CARD[pick][0] if seen and pick else ("picked" if pick else "not picked yet")
        hand = state.hands[s]
        words = ", ".join(WORDS[card] for card in hand)
        shown = f"hand {words or '(empty)'}" if s == seat else f"{len(hand)} cards"
        lines.append(f"{who(s)}: score {scores[s]}, tricks {state.tricks_won[s]}, Bastos! colour {colour}; "
                     f"{shown}")
    return "\n".join(lines)


#: What a reader sees of a Bastos! state: the spec hands it to ``State`` (``GameSpec.presenter``).
PRESENTER = Presenter(view=view, explain=explain, label=label, board_text=board_text,
                      event_text=event_text)
