"""Each game's part of an exercise, in plain words read from a seat's view: the situation that seat
faces, the moves a learner might try there (written in the game's notation; the engine says which it
refuses), a trick as it was played and the facts of a scoring moment.

Seats are named as the asking seat's view names them: that seat is "you". The winners, refusals and
points themselves are never worked out here: they come from the engine (``explorer.exercises``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._core.state import GameState
from .._core.words import YOU, joined
from .._fruitbox.state import CARD, FRUITS, WORDS

View = Mapping[str, Any]


@dataclass(frozen=True)
class Asked:
    """A question about a position: its text, its choices (if any) and the facts it states, in the
    terms of the game's public scoring helpers (for programs; the learner reads ``question``)."""

    question: str
    choices: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)


def named(names: Sequence[str], seat: int, start: bool = False) -> str:
    """A seat's name in a sentence: "you" for the reader (capitalised at its start)."""
    return names[seat] if start or names[seat] != YOU else "you"


def does(names: Sequence[str], seat: int) -> str:
    """The question's verb and subject: "do you" or "does Ben"."""
    return "do you" if names[seat] == YOU else f"does {names[seat]}"


def _each(names: Sequence[str], counts: Sequence[int]) -> str:
    return ", ".join(f"{named(names, seat)} {count}" for seat, count in enumerate(counts))


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(WORDS[card] for card in cards) or "no cards"


def _plays(view: View, plays: Sequence[Mapping[str, Any]]) -> list[str]:
    return [f"- {named(view['names'], play['seat'], True)} {play['words']}" for play in plays]


def _trick_so_far(view: View, empty: str) -> list[str]:
    if not view["trick"]:
        return [empty]
    led = f" ({view['led']} was led)" if view.get("led") else ""
    return [f"In this trick so far{led}:", *_plays(view, view["trick"])]


# ---- the situation a seat faces (the "legal" exercise) ---------------------------------------------------

def _tindahan_situation(view: View) -> list[str]:
    trump, left = view["trump"], view["sellers_left"][view["seat"]]
    return [f"Tindahan with {view['players']} players, round {view['round']} of {view['rounds']}: {trump} "
            f"is trump (the donkey cart stands on the {trump} stall).",
            *_trick_so_far(view, "You start this trick."),
            f"Your hand: {_cards(view['hand'])}.", f"You have {left} seller{'' if left == 1 else 's'} left."]


def _bastos_situation(view: View) -> list[str]:
    names, seat = view["names"], view["seat"]
    values = ", ".join(f"{fruit} {value:+d}" for fruit, value in view["values"].items())
    trump = f"{view['trump']} is trump" if view["trump"] else "no fruit is trump yet"
    lines = [f"Bastos! with {view['players']} players, round {view['round']} of {view['rounds']}: "
             f"{view['stage']}.", f"Values: {values}; {trump}."]
    colours, pick = view["bastos"], view["bastos_cards"][seat]
    if all(colour is not None for colour in colours):
        shown = ", ".join(f"{named(names, s)} {colour}" for s, colour in enumerate(colours))
        lines.append(f"Bastos! colours: {shown}.")
    elif pick:
        lines.append(f"Your Bastos! card: {WORDS[pick]} (the others' picks stay hidden until all have "
                     "picked).")
    if view["spare"]:
        lines.append(f"{WORDS[view['spare']].capitalize()} lies face up beside the table.")
    if view["phase"] != "choose":
        lines += _trick_so_far(view, "You lead this trick.")
    if view["phase"] == "adjust":
        lines.append(f"Now you {view['prompt']}.")
    return [*lines, f"Your hand: {_cards(view['hand'])}."]


def bangkok_card(cell: Mapping[str, Any] | None) -> str:
    """A Bangkok card in words: "boat with fish", "type-4 chilli for fish, carrying blue peas"."""
    if not cell:
        return "empty"
    words = str(cell["words"]).split(";")[0]
    for article in ("A ", "An "):
        if words.startswith(article):
            return words[len(article):]
    return words


def _bangkok_situation(view: View) -> list[str]:
    seat, phase, extra = view["seat"], view["phase"], view["extra_cards"]
    asked = {"act": "it is your turn: lay a card from your hand at an end of the port, or renew a line",
             "market": f"you hold {extra} card{'' if extra == 1 else 's'} over the 3 a hand keeps, to lay in "
                       "your market",
             "return": "no card you hold over the 3 a hand keeps fits your market"}.get(phase, phase)
    lines = [f"Bangkok with {view['players']} players, round {view['round']}: {asked}."]
    lines += [f"Row {i + 1} of the port, left to right: {', '.join(map(bangkok_card, row))}."
              for i, row in enumerate(view["port"])]
    lines.append(f"Your hand: {', '.join(map(bangkok_card, view['hand'])) or 'no cards'}.")
    words = view["place_words"]["market"]
    laid = [f"{words[cell]} {bangkok_card(face)}"
            for row, places in zip(view["markets"][seat], view["places"], strict=True)
            for face, cell in zip(row, places, strict=True) if face]
    lines.append(f"Your market: {'; '.join(laid) if laid else 'empty'}.")
    return lines


def _owner(view: View, face: Mapping[str, Any]) -> str:
    owner = face.get("owner")
    if owner in view["colours"]:
        seat = view["colours"].index(owner)
        return ", your merchant" if view["names"][seat] == YOU else f", {view['names'][seat]}’s merchant"
    return ", no merchant" if owner is None and not face.get("special") else ""


def _klongs_situation(view: View) -> list[str]:
    from ..klongs import boat_words

    seat = view["seat"]
    lines = [f"Bangkok Klongs with {view['players']} players. It is your turn: {view['prompt']}."]
    if view["market"]:
        lines.append(f"{view['market']['title']}: {view['market']['text']}")
    hand = ", ".join(boat_words(face) for face in view["hand"])
    lines.append(f"Your hand: {hand or 'no boats'}; movement cards: {view['movement_cards'][seat]}.")
    board = "; ".join(f"{space} {boat_words(face)}{_owner(view, face)}"
                      for space, face in view["board"].items())
    lines.append(f"Boats on the klongs: {board}." if board else "No boat is on the klongs yet.")
    if not view["entered"][seat]:
        lines.append(f"You have not placed a boat yet; the entry spaces: {joined(view['entry_spaces'])}.")
    if view.get("placed"):
        lines.append(f"The boat you placed this turn is on {view['placed']}.")
    return lines


SITUATION: dict[str, Callable[[View], list[str]]] = {
    "tindahan": _tindahan_situation, "bastos": _bastos_situation, "bangkok": _bangkok_situation,
    "klongs": _klongs_situation}


# ---- what a learner might try there: the game's notation, for the engine to accept or refuse ------------

def candidates(view: View) -> list[str]:
    """Moves of the seat's own hand and table, legal or not (the engine sorts them out)."""
    game, hand = view["game"], view["hand"]
    if game == "tindahan":
        return [*hand, *(f"{kind}:{fruit}" for kind in ("seller", "cart") for fruit in view["fruits"])]
    phase = view["phase"]
    if game == "bastos":
        if phase == "choose":
            return [f"choose:{card}" for card in hand]
        values = [f"{kind}:{fruit}" for kind in ("raise", "lower") for fruit in view["fruits"]]
        return [*hand, *(f"{card}:trump" for card in hand), *values]
    if game == "bangkok":
        cards = [cell["card"] for cell in hand]
        if phase != "act":
            return [f"market:{card}@{place}" for card in cards for row in view["places"] for place in row] + \
                [f"return:{card}" for card in cards]
        out = [f"renew:{line}" for line in view["lines"]]
        for notation in view["legal"]:  # the same end and take, another card of the hand
            if notation.startswith("place:"):
                out += [f"place:{card}{notation[notation.index('@'):]}" for card in cards]
        return out
    if phase == "market":
        return [f"score:{landing['name']}>{space}" for landing in view["geometry"]["landings"]
                for space in landing["spaces"]]
    if phase != "turn":
        return []
    return [f"place:{face['id']}@{space['name']}" for face in hand for space in view["geometry"]["spaces"]]


def sensible(view: View, notation: str, words: str) -> bool:
    """Whether a move's words fit the position (Klongs words a move by the boats on its spaces: one that
    names an empty space, or moves another colour's boat as "your" boat, would mislead)."""
    if view["game"] != "klongs":
        return True
    if notation.startswith("move:"):
        face = view["board"].get(notation[5:].partition("-")[0])
        return face is not None and face.get("owner") == view["colour"]
    return "no boat" not in words


def shape(notation: str) -> str:
    """The kind of move a notation writes: its word before the colon ("place", "seller"), else "card"."""
    head = notation.partition(":")[0]
    return head if head.isalpha() else "card"


# ---- a trick as it was played (the "trick" exercise) -----------------------------------------------------

@dataclass(frozen=True)
class Trick(Asked):
    """A finished trick: who took it (the engine's ``winner``, None when set aside), the engine's sentence
    saying so, and the rules that decided it."""

    winner: int | None = None
    told: str = ""
    rules: tuple[str, ...] = ()


def trick(before: View, after: View) -> Trick:
    """The trick finished between two views of the seat that played its last move."""
    names, game = after["names"], after["game"]
    last = after["last_trick"]
    plays, winner = last["plays"], last["winner"]
    told = next(e for e in reversed(after["events"]) if e.get("kind") in ("trick", "set-aside"))
    if game == "tindahan":
        trump = before["trump"]
        question = [f"Tindahan with {after['players']} players, round {last['round']}: {trump} is trump "
                    "(the donkey cart stands on its stall).", "This trick was played:", *_plays(after, plays)]
        rules = ("tindahan.trick.winner", *(("tindahan.trump",) if told["trump"] else ()))
        facts: dict[str, Any] = {"plays": [dict(play) for play in plays], "trump": trump}
        return Trick("\n".join([*question, "Who takes this trick?"]), tuple(names), facts, winner,
                     told["text"], rules)
    cards = [play for play in plays if play["kind"] == "card"]
    colours = before["bastos"]
    made = next((i for i, play in enumerate(cards) if play.get("trump")), -1)
    trump = CARD[cards[made]["card"]][0] if made >= 0 else before["trump"]
    shown = ", ".join(f"{named(names, s)} {colour}" for s, colour in enumerate(colours))
    was = (f"{trump.capitalize()} is trump." if trump and made < 0
           else "No fruit was trump when this trick began.")
    question = [f"Bastos! with {after['players']} players, round {last['round']}. Bastos! colours: {shown}.",
                was, "This trick was played:", *_plays(after, plays), "Who takes this trick?"]
    facts = {"cards": [play["card"] + (":trump" if play.get("trump") else "") for play in cards],
             "bastos": [colours[play["seat"]] for play in cards], "trump": trump,
             "seats": [play["seat"] for play in cards]}
    return Trick("\n".join(question), (*names, "Nobody: the trick is set aside"), facts, winner, told["text"],
                 _bastos_rules(cards, colours, winner, made, bool(told.get("trump"))))


def _bastos_rules(cards: Sequence[Mapping[str, Any]], colours: Sequence[str], winner: int | None, made: int,
                  trump: bool) -> tuple[str, ...]:
    """The rules behind the engine's decision, to cite (which of the trick rules applied)."""
    if winner is None:
        return ("bastos.trick.set-aside",)
    own = [CARD[play["card"]][0] == colours[play["seat"]] for play in cards]
    at = next(i for i, play in enumerate(cards) if play["seat"] == winner)
    if trump and not 0 <= at < made:  # a trump card won (not one of its fruit played before trump was made)
        rules = ["bastos.trick.highest-trump", *(["bastos.trump.counts-at-once"] if at == made else [])]
    elif own[0]:
        rules = ["bastos.trick.leader-takes" if at == 0 else "bastos.trick.highest-follower"]
    else:
        rules = ["bastos.trick.highest-led"]
    return (*rules, *(["bastos.colour.never-wins"] if any(own) else []))


# ---- scoring moments (the "points" exercise) -------------------------------------------------------------

def round_points(state: GameState, seat: int, number: int) -> Asked:
    """A fruit game's round ``number``, scored in ``state`` (the position right after it)."""
    view = state.view(seat)
    names, players = view["names"], view["players"]
    ask = f"How many points {does(names, seat)} score for this round?"
    if view["game"] == "tindahan":
        summary = next(s for s in getattr(state, "summaries", ()) if s["round"] == number)
        trump = summary["trump"]
        stalls = "; ".join(
            f"{fruit}: " + (", ".join(f"{named(names, s)} {n}" for s, n in enumerate(counts) if n) or "none")
            for fruit, counts in summary["stalls"].items())
        text = [f"Tindahan with {players} players: round {number} of {view['rounds']} has been played out, "
                f"with {trump} as trump (the donkey cart stood on the {trump} stall).",
                f"Tricks taken: {_each(names, summary['tricks'])}.",
                f"Cards left in hand: {_each(names, summary['hand_cards'])}.",
                f"Sellers on the stalls: {stalls}.", ask]
        facts = {key: summary[key] for key in ("tricks", "hand_cards", "stalls", "trump")}
        return Asked("\n".join(text), facts=facts)
    values, won, trump = _bastos_round(view, number)
    table = ", ".join(f"{fruit} {value:+d}" for fruit, value in values.items())
    counts = Counter(CARD[card][0] for card in won)
    took = ", ".join(f"{counts[fruit]} {fruit}" for fruit in FRUITS if counts[fruit])
    whose = "your" if names[seat] == YOU else f"{names[seat]}’s"
    text = [f"Bastos! with {players} players: round {number} of {view['rounds']} has been played out.",
            f"The value table at its end: {table}" + (f"; {trump} was trump." if trump else "."),
            f"The cards in {whose} tricks: {took} ({len(won)} cards)." if won
            else f"{named(names, seat, True)} took no trick.", ask]
    return Asked("\n".join(text), facts={"values": values, "won": won})


def _bastos_round(view: View, number: int) -> tuple[dict[str, int], list[str], str | None]:
    """The value table at the end of round ``number``, the cards of the seat's tricks and the trump, as
    the public events told them."""
    values = dict.fromkeys(view["fruits"], 0)
    won: list[str] = []
    trick: list[str] = []
    trump, current = None, 0
    for event in view["events"]:
        kind = event.get("kind")
        if kind == "round":
            current = event["round"]
        if current != number:
            continue
        if kind == "reveal":
            values.update(event["values"])
        elif kind in ("value", "trump"):
            values[event["fruit"]] = event["after"]
            trump = event["fruit"] if kind == "trump" else trump
        if kind in ("lead", "card", "trump"):
            trick.append(event["card"])
        elif kind in ("trick", "set-aside"):
            won += trick if event.get("winner") == view["seat"] and kind == "trick" else []
            trick = []
    return values, won, trump


def market_points(state: GameState, seat: int) -> Asked:
    """A Bangkok market at the game's end."""
    view = state.view(seat)
    names = view["names"]
    rows = view["markets"][seat]
    good = view["objective"]["good"]
    whose = "your" if names[seat] == YOU else f"{names[seat]}’s"
    chillies = "; ".join(f"type {kind} scores {text}" for kind, text in view["chilli_types"].items())
    text = [f"Bangkok with {view['players']} players: the game is over. {whose.capitalize()} market:",
            *(f"- {where} row: {', '.join(map(bangkok_card, row))}"
              for where, row in zip(("top", "middle", "bottom"), rows, strict=True)),
            f"{whose.capitalize()} objective (the pontoon tile): {view['good_names'][good]}.",
            f"Chilli cards: {chillies}.",
            f"How many points does {whose} market score in all, the objective included?"]
    facts = {"rows": [" ".join(cell["card"] if cell else "." for cell in row) for row in rows],
             "objective": good}
    return Asked("\n".join(text), facts=facts)


def landing_points(before: GameState, after: GameState, scorer: int, seat: int) -> Asked:
    """A Klongs landing scored by ``scorer`` between two positions, asking for ``seat``'s points."""
    from ..klongs import boat_words

    view = before.view(scorer)
    scored = next(e for e in reversed(after.view(scorer)["events"]) if e.get("kind") == "score")
    landing = scored["landing"]
    spaces = next(item["spaces"] for item in view["geometry"]["landings"] if item["name"] == landing)
    faces = [view["board"][space] for space in spaces]
    title = view["market"]["title"] if view["market"] else "A market day"
    text = [f"Bangkok Klongs with {view['players']} players, {title}: you score landing {landing}, where "
            f"the water spaces {joined(spaces)} meet:",
            *(f"- {space}: {boat_words(face)}{_owner(view, face)}"
              for space, face in zip(spaces, faces, strict=True)),
            f"How many points {does(view['names'], seat)} score from this landing?"]
    boats = [f"{face['kind']}:{face['baskets']}" if face["special"]
             else f"{face['baskets']}:{face['owner'] or 'none'}" for face in faces]
    return Asked("\n".join(text), facts={"boats": boats, "colour": view["colours"][seat]})


def stock_points(state: GameState, seat: int) -> Asked:
    """A Klongs player's stock, scored after the Big Market Day."""
    view = state.view(seat)
    names = view["names"]
    kinds = Counter(face["kind"] for face in view["stocks"][seat])
    held = ", ".join(f"{n} {kind}" for kind, n in kinds.items())
    whose = "your" if names[seat] == YOU else f"{names[seat]}’s"
    text = [f"Bangkok Klongs with {view['players']} players: the Big Market Day is over and the stocks are "
            f"scored. {whose.capitalize()} stock holds " + (f"{kinds.total()} boats: {held}." if kinds else
                                                             "no boats."),
            f"How many points does {whose} stock score?"]
    return Asked("\n".join(text), facts={"goods": [face["kind"] for face in view["stocks"][seat]]})
