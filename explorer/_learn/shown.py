"""The table a "points" or "trick" exercise shows: the pieces the question is about, never its answer.

An exercise's ``state`` is the position right after the scoring (programs read it), and its picture gives
the answer away: the scores line has the points added, the last-move caption says "you +16", a fruit
game has already dealt the next round. ``Exercise.picture()`` draws the view built here instead; each
game gets what is honest for it (the module docstring of ``explorer.exercises`` says why, per game):

- a Klongs landing: the real position just before the scoring move (``landing``), the same board the
  question lists (the scoring takes a boat off it);
- a Tindahan or Bastos! round: the table as the round's last trick left it, before the round is scored
  (``round_end``): the position before the last move with that move's own events applied (the trick
  taken, the card gone from its hand, a seller on its stall, a value moved), read from the engine's views
  and the round's summary; the scores are the totals before the round;
- a Bangkok market or a Klongs stock at the game's end (``game_end``): the final position with that
  scoring left out: no totals, no "points if scored now", no winner, no stock line.

A "trick" exercise (Tindahan, Bastos!: who takes this trick?) has the same trouble: its ``state`` is the
position right after the trick, whose picture says "taken by Ben", captions "You take the trick with ...",
counts the trick in its taker's tricks won, and, after a round's last trick, has already scored the round
and dealt the next. Its table (``trick_end``) is the real position just before the trick's last move, with
that move's own events applied up to the one that says who takes the trick: every card of the trick on
the table as played, the led fruit, trump, the Bastos! colours and values as they stand when the trick is
taken, the tricks won and scores as before it. The position before is the honest base (the same hands,
stalls, values and scores the players saw); it only lacks the last card, which the move's own events add.

Nothing is worked out here that the views do not say; every part is one of the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .._core.state import GameState

View = dict[str, Any]
#: The events a move that plays a card writes (the card leaves its player's hand).
CARD_EVENTS = ("card", "lead", "trump")
#: The events that say what became of a finished trick: its taker, or (Bastos!) that it is set aside.
TAKEN = ("trick", "set-aside")


def picture(game: str, view: Mapping[str, Any], seat: int) -> Any:
    """``view`` drawn as ``state.picture(seat)`` draws a state's (only the seat's own hand face up)."""
    from .._draw import Picture, picture_html

    hands = [view.get("hand") if s == seat else None for s in range(len(view["names"]))]
    return Picture(picture_html(game, view, hands), f"<{game} exercise table, seen by seat {seat}>")


def landing(before: GameState, scorer: int) -> View:
    """A Klongs landing: the position its scorer faced, the landing's boats still on the board."""
    return dict(before.view(scorer))


def _settled(view: View, status: str) -> View:
    """Nobody to act, no move on offer, the status line saying what happens next."""
    view.update(current_player=None, is_over=False, winners=[], legal=[], labels={}, moves=[], prompt=None,
                status=status)
    return view


def round_end(before: GameState, after: GameState, seat: int, number: int) -> View:
    """A fruit game's round ``number`` as its last trick left it, before it is scored, seen by ``seat``:
    ``before`` is the position before the round's last move, ``after`` the one after it (scored)."""
    view = dict(before.view(seat))
    later = after.view(seat)
    events: Sequence[Mapping[str, Any]] = later["events"]
    cut = next(i for i, e in enumerate(events) if e.get("kind") == "scored" and e.get("round") == number)
    move = events[len(view["events"]):cut]  # the last move's own events: its card, the trick taken
    view["events"] = list(events[:cut])
    mover = before.current_player
    played = [e for e in move if e.get("kind") in CARD_EVENTS]
    taken = next((e for e in move if e.get("kind") == "trick"), None)
    view["trick"], view["led"], view["last_trick"] = [], None, later["last_trick"]
    if mover is not None and played:
        view["hand_sizes"] = [n - (s == mover) for s, n in enumerate(view["hand_sizes"])]
        if mover == seat:
            view["hand"] = [card for card in view["hand"] if card != played[0]["card"]]
    if view["game"] == "tindahan":
        summary = next(s for s in getattr(after, "summaries", ()) if s["round"] == number)
        view["stalls"] = summary["stalls"]
        view["tricks_won"], view["hand_sizes"] = list(summary["tricks"]), list(summary["hand_cards"])
        sellers = sum(e.get("kind") == "seller" for e in move)
        view["sellers_left"] = [n - sellers * (s == mover) for s, n in enumerate(view["sellers_left"])]
    else:
        values = dict(view["values"])
        for event in move:
            if event.get("kind") in ("value", "trump"):
                values[event["fruit"]] = event["after"]
            if event.get("kind") == "trump":
                view["trump"] = event["fruit"]
        view["values"] = values
        if taken is not None:
            winner = taken["winner"]
            view["tricks_won"] = [n + (s == winner) for s, n in enumerate(view["tricks_won"])]
            cards = [play["card"] for play in view["last_trick"]["plays"] if play.get("card")]
            won = [dict(fruits) for fruits in view.get("won_by_fruit", [])]
            for card in cards if winner < len(won) else ():
                fruit = str(card).rpartition("-")[0]
                won[winner][fruit] = won[winner].get(fruit, 0) + 1
            view["won_by_fruit"] = won
    words = "the scores below are the totals before it"
    return _settled(view, f"Round {number} has been played out and is scored next; {words}")


def trick_end(before: GameState, after: GameState, seat: int) -> View:
    """A trick with all its plays made and nobody yet named as its taker, seen by ``seat``, who makes its
    last move: ``before`` is the position before that move, ``after`` the one after it (the trick taken)."""
    view = dict(before.view(seat))
    later = after.view(seat)
    events: Sequence[Mapping[str, Any]] = later["events"]
    start = len(view["events"])
    cut = next(i for i in range(start, len(events)) if events[i].get("kind") in TAKEN)
    move = events[start:cut]  # the last move's own events, without the taking (nor a round scored after it)
    view["events"] = list(events[:cut])
    view["trick"] = [dict(play) for play in later["last_trick"]["plays"]]  # the engine's record of it
    mover = before.current_player
    played = [e for e in move if e.get("kind") in CARD_EVENTS]
    if mover is not None and played:
        view["hand_sizes"] = [n - (s == mover) for s, n in enumerate(view["hand_sizes"])]
        if mover == seat:
            view["hand"] = [card for card in view["hand"] if card != played[0]["card"]]
    if view["game"] == "tindahan":
        stalls = {fruit: list(counts) for fruit, counts in view["stalls"].items()}
        for event in move:
            if event.get("kind") == "seller" and mover is not None:
                stalls[event["fruit"]][mover] += 1
                view["sellers_left"] = [n - (s == mover) for s, n in enumerate(view["sellers_left"])]
            if event.get("kind") == "cart":
                view["trump"] = event["fruit"]
        view["stalls"] = stalls
    else:
        values = dict(view["values"])
        for event in move:
            if event.get("kind") in ("value", "trump"):
                values[event["fruit"]] = event["after"]
            if event.get("kind") == "trump":
                view["trump"] = event["fruit"]
        view["values"], view["adjusting"] = values, None
    # Nothing on the table says who takes it: no "taken by", no take in the caption, the tricks won
    # and the scores as they were before the trick.
    return _settled(view, "This trick has been played out: who takes it?")


def game_end(final: GameState, seat: int) -> View:
    """A Bangkok market or a Klongs stock at the game's end, seen by ``seat``, with the end's scoring left
    out (Bangkok: every line, its markets scoring as they stand; Klongs: the stock lines)."""
    view = dict(final.view(seat))
    if view["game"] == "bangkok":
        for key in ("scores", "scoring", "tie_note"):
            view.pop(key, None)
        view["sheet"] = []
        return _settled(view, "The game is over: the markets are scored next")
    stock = [0] * final.players
    for line in final.score_sheet():
        if line.rule == "klongs.stock":
            stock[line.seat] += line.points
    view["scores"] = [total - stock[s] for s, total in enumerate(view["scores"])]
    view["sheet"] = [line for line in view["sheet"] if line["rule"] != "klongs.stock"]
    view["score_groups"] = [group for group in view.get("score_groups", []) if group["label"] != "stock"]
    view["events"] = [e for e in view["events"] if e.get("kind") not in ("stock", "over")]
    return _settled(view, "The Big Market Day is over: the stocks are scored next; the scores below are "
                          "the totals before them")
