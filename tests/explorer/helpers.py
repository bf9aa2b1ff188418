"""Small helpers the engine tests share, and the walk of the playout tests: a public state and its
playout played side by side to the end of a game (``walk``), from new games, random positions and
positions rebuilt from a view."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import pytest

import explorer
from explorer import GameState, IllegalAction

S = TypeVar("S", bound=GameState)


def run(state: S, *actions: str) -> S:
    """``state`` after ``actions`` (notations), played one by one."""
    for action in actions:
        state = state.play(action)
    return state


def random_rules(game: str, rng: random.Random) -> dict[str, Any]:
    """A random value of every option of ``game`` that lists its choices (scenario options, such as a
    start position, keep their default)."""
    cls = explorer.game_class(game)
    return {name: rng.choice(option.choices) for name, option in cls.OPTIONS.items() if option.choices}


def sampled_rules(game: str, index: int, rng: random.Random) -> dict[str, Any]:
    """Rules options for the ``index``-th random game: even games play the defaults, odd ones a random
    value of every option that lists its choices, so the random tests cover every reading and variant."""
    return {} if index % 2 == 0 else random_rules(game, rng)


def refused(state: GameState, wrong: str, legal: Sequence[str]) -> None:
    """``wrong`` (unless it is legal here) is refused, by ``check`` and by ``play`` alike, naming a rule
    of the game's catalogue, and the state does not change."""
    if wrong in legal:
        return
    before = state.snapshot()
    refusal = state.check(wrong)
    assert isinstance(refusal, IllegalAction), f"{wrong!r} is not legal here but was not refused"
    assert refusal.rule in state.RULES, f"{wrong!r} refused by {refusal.rule}, not in the catalogue"
    with pytest.raises(IllegalAction) as raised:
        state.play(wrong)
    assert str(raised.value) == str(refusal)
    assert state.snapshot() == before and [str(a) for a in state.legal_actions()] == list(legal)


def refusal(state: GameState, action: str) -> IllegalAction:
    """Play ``action``, expecting a refusal that names a rule of the game's catalogue, speaks to the player
    to act in words (never a seat number, never the notation) and leaves the state alone."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.play(action)
    assert info.value.rule in state.RULES, info.value.rule
    assert info.value.action == action
    # Typed input the engine cannot read, and any move once the game is over, are answered otherwise.
    if info.value.rule not in (f"{state.GAME}.notation", f"{state.GAME}.game-over"):
        reason = info.value.reason
        assert reason.startswith("You cannot ") and action not in reason and "seat" not in reason.lower()
    assert state.snapshot() == before
    return info.value


def same_table(fast: Any, state: GameState, legal: Sequence[str], inventory: dict[str, int]) -> None:
    """What a reader of the public table sees agrees with the playout at the same position: every seat's
    view (JSON) names the playout's seat to act, scores and legal actions (the seat to act's own), and
    shows none of what the seat may not see (outside its ``rules``, whose ``start`` scenario shows the
    seat its own deal); the score sheet's lines name catalogued rules and sum to the playout's scores;
    the components are those the walk began with; the board draws as text."""
    points = fast.scores()
    for seat in range(state.players):
        view = state.view(seat)
        shown = json.dumps({key: part for key, part in view.items() if key != "rules"})
        secrets = state.secrets(seat)  # (one search for them all: a view tells hundreds of events)
        leak = re.search("|".join(map(re.escape, secrets)), shown) if secrets else None
        assert leak is None, f"seat {seat}'s view shows hidden {leak[0]!r}"
        assert json.dumps(view["rules"]) and view["scores"] == points
        assert (view["current_player"], view["is_over"]) == (fast.current_player, fast.is_over)
        assert view["legal"] == (list(legal) if seat == fast.current_player else [])
    assert state.board_text()
    totals = [0] * state.players
    for line in state.score_sheet():
        assert line.rule in state.RULES, line
        totals[line.seat] += line.points
    assert totals == points, "the score sheet sums to the scores"
    assert state.inventory() == inventory, "components must be conserved"


def walk(state: S, rng: random.Random, *, queries: Callable[[Any, Any], None] | None = None,
         wrong: Sequence[str] = (), table: int = 1) -> S:
    """Play ``state`` to its end by random indices on the public API and on its playout side by side.

    At every step the playout says what the state says: the seat to act, whether the game is over, the
    scores, a game's own ``queries(playout, state)`` and the legal actions, notation by notation. Every
    ``table`` steps (and at the end) the views, the score sheet and the components agree with the
    playout too (``same_table``), and the play from there leaves the state as it was (its snapshot);
    every tenth step a ``wrong`` action is refused (``refused``). At the end the playout's position,
    made a state again, is the table's, and the outcome names its scores."""
    fast = state.playout()
    inventory = state.inventory()
    step = 0
    while True:
        assert fast.current_player == state.current_player and fast.is_over == state.is_over
        assert fast.scores() == state.scores()
        if queries is not None:
            queries(fast, state)
        legal = [str(a) for a in state.legal_actions()]
        assert [fast.notation(i) for i in range(fast.legal())] == legal
        looked = step % table == 0 or state.is_over
        if looked:
            same_table(fast, state, legal, inventory)
        step += 1
        if state.is_over:
            break
        if wrong and step % 10 == 0:
            refused(state, rng.choice(wrong), legal)
        choice = rng.randrange(len(legal))
        before = state.snapshot() if looked else None
        fast.apply(choice)
        after = state.play(legal[choice])
        assert before is None or state.snapshot() == before, "play must not change the state it starts from"
        state = after
    assert fast.legal() == 0 and fast.current_player is None
    outcome = state.outcome()
    assert outcome is not None and list(outcome.scores) == state.scores()
    assert fast.state() == state
    return state


def trick_queries(fast: Any, state: Any) -> None:
    """What the search asks of a trick game's playout (Tindahan, Bastos!): the round under way, whether
    a trick is open, the tricks each seat has taken this round, as the public state says them."""
    assert fast.round_number() == state.round and fast.trick_open() == bool(state.trick)
    assert [fast.tricks_taken(seat) for seat in range(state.players)] == list(state.tricks_won)


def walk_games(game: str, count: int, *, seed: int, deep: int, table: int, edition: Any = None,
               **options: Any) -> None:
    """``walk`` ``count`` new games of ``game``: every player count in turn, seeded ``seed + index``,
    every fifth game under the default rules and the others under ``random_rules`` (and every seventh
    with ``edition``, if given); the table read at every step of the first ``deep`` games and every
    ``table`` steps after. Every value of every option that lists its choices must have been drawn: a
    new option or value is played here at once."""
    cls = explorer.game_class(game)
    counts = range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
    seen: set[tuple[str, str]] = set()
    for index in range(count):
        rng = random.Random(index)
        rules = {} if index % 5 == 0 else random_rules(game, rng)
        seen.update((name, json.dumps(value)) for name, value in rules.items())
        state = explorer.new_game(game, players=counts[index % len(counts)], seed=seed + index,
                                  edition=edition if index % 7 == 3 else None, **rules)
        walk(state, rng, table=1 if index < deep else table, **options)
    unseen = {(name, json.dumps(value)) for name, option in cls.OPTIONS.items()
              for value in option.choices or ()} - seen
    assert not unseen, f"none of {count} games drew {sorted(unseen)}"


def positions(game: str, count: int, *, seed: int, moves: int) -> Iterator[tuple[random.Random, Any]]:
    """``count`` random positions of ``game``: new games (every player count in turn, seeded ``seed +
    index``, odd ones under the defaults and even ones under ``random_rules``) after up to ``moves``
    random moves each (fewer if one ends first), each with the generator, seeded by its index, that
    chose them."""
    cls = explorer.game_class(game)
    counts = range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
    for index in range(count):
        rng = random.Random(index)
        state: Any = explorer.new_game(game, players=counts[index % len(counts)], seed=seed + index,
                                       **({} if index % 2 else random_rules(game, rng)))
        for _ in range(rng.randrange(1, moves)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_actions()))
        yield rng, state


def walk_positions(game: str, count: int, *, seed: int, moves: int, **options: Any) -> None:
    """``walk`` from each of ``positions(game, count, seed=seed, moves=moves)``: a playout made in the
    middle of a game, wherever that is."""
    for rng, state in positions(game, count, seed=seed, moves=moves):
        walk(state, rng, **options)


def seen_by(position: Any, seat: int) -> tuple[Any, ...]:
    """What ``seat``'s view shows of its turn: the phase, its hand (card ids aside: a hand rebuilt from
    a view may give the same faces other ids) and its legal actions."""
    view = position.view(seat)
    hand = [{k: v for k, v in card.items() if k != "id"} if isinstance(card, dict) else card
            for card in view["hand"]]
    return view["phase"], hand, view["legal"]


def play_alike(fast: Any, table: Any, rng: random.Random) -> None:
    """Play two playouts of one position to their end by the same random indices: the same actions,
    scores and seat to act at every step."""
    while not table.is_over:
        assert [fast.notation(i) for i in range(fast.legal())] == \
            [table.notation(i) for i in range(table.legal())]
        assert fast.scores() == table.scores() and fast.current_player == table.current_player
        choice = rng.randrange(table.legal())
        fast.apply(choice)
        table.apply(choice)
    assert fast.is_over and fast.scores() == table.scores()


def rebuilt_plays_as_the_table(game: str, count: int, *, seed: int, moves: int,
                               put_back: Callable[[Any, Any], None]) -> int:
    """The strong bot plays from a view alone: at each of ``positions(game, count, ...)`` not over, the
    position rebuilt from the view of the seat to act shows that seat what the table shows it
    (``seen_by``); with what the seat cannot see put back as it is at the table (``put_back(rebuilt,
    table)``), it plays on exactly as the table does (``play_alike``). Returns how many were played."""
    from explorer._search.fromview import from_view

    played = 0
    for rng, state in positions(game, count, seed=seed, moves=moves):
        if state.is_over:
            continue
        seat = state.current_player
        rebuilt = from_view(state.view(seat))
        assert seen_by(rebuilt, seat) == seen_by(state, seat)
        put_back(rebuilt, state)
        play_alike(rebuilt.playout(), state.playout(), rng)
        played += 1
    return played
