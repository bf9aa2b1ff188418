"""Bastos!'s kernel against the retired state, under every rules option and from anywhere in a game.

The kernel (the game package's ``_kernel`` module) replaced the state's own rule code and the playout's
copy of it. Until the oracle goes, the retired state (``_oracle_bastos_state``, with its trick taker and
round lines) plays beside the kernel's state and its playout move by move: random values of all the
options at once, every phase, the rulebook's scenario deals, positions rebuilt from a view;
legal actions, score sheets, every seat's view, snapshots, board texts, events and round summaries
must agree, and the playout's queries must follow the public API.

``CONFORMANCE_GAMES`` sets twice how many random games the first test plays (default 100: 50 games;
the issue's proof ran it with thousands).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import explorer
from explorer import GameState
from explorer.bastos import OPTIONS, State
from explorer.tindahan import FRUITS  # the box's five fruits

from ._oracle_bastos_state import State as Oracle

for _name in ("GAME", "RULES", "OPTIONS", "MIN_PLAYERS", "MAX_PLAYERS", "SEAT_NAMES"):
    setattr(Oracle, _name, getattr(State, _name))
#: The state's fields that the view, the refusals and the tests read.
FIELDS = ("fruits", "boxed", "round", "rounds", "dealer", "phase", "leader", "hands", "picks", "colours",
          "values", "trump", "trick", "cards_in_trick", "declared_at", "adjusting", "won", "tricks_won",
          "set_aside", "spare", "last_trick", "round_last_trick", "lines")

GAMES = max(20, int(os.environ.get("CONFORMANCE_GAMES", "100")) // 2)  # a game is some 300 moves


def random_rules(rng: random.Random) -> dict[str, Any]:
    """A random value of every Bastos! option that lists its choices."""
    return {name: rng.choice(option.choices) for name, option in OPTIONS.items() if option.choices}


def oracle_of(state: Any) -> Any:
    """The retired state at ``state``'s position, replayed from its start."""
    old: Any = Oracle.new(state.players, state.seed, **state.rules)
    for action in state.actions():
        old = old.play(action)
    return old


def same_table(state: Any, old: Any) -> None:
    """The kernel's state and the retired one agree on everything a reader of the state sees."""
    assert state.to_act == old.to_act
    assert state.score_sheet() == old.score_sheet() and state.scores() == old.scores()
    for name in FIELDS:
        assert getattr(state, name) == getattr(old, name), name
    for seat in range(state.players):
        assert json.dumps(state.view(seat), sort_keys=True) == json.dumps(old.view(seat), sort_keys=True)
        assert state.secrets(seat) == old.secrets(seat)
    assert state.snapshot() == old.snapshot() and state.board_text() == old.board_text()
    assert state.inventory() == old.inventory()


def same_position(fast: Any, state: Any) -> None:
    """What the search and the roll-out policy ask of the playout (the kernel without a log)."""
    assert fast.current_player == state.current_player and fast.is_over == state.is_over
    assert fast.scores() == state.scores()
    assert fast.round_number() == state.round and fast.trick_open() == bool(state.trick)
    assert [fast.tricks_taken(seat) for seat in range(state.players)] == list(state.tricks_won)


def follow(state: GameState, rng: random.Random, *, views: int = 1) -> GameState:
    """Play ``state`` to its end by random indices on the retired state, the kernel's state and its
    playout side by side, comparing at every step the legal actions and the playout's queries, and the
    whole table every ``views`` steps (and at the end). Every tenth step also tries a refusal."""
    fast = state.playout()
    old = oracle_of(state)
    step = 0
    while True:
        same_position(fast, state)
        if step % views == 0 or state.is_over:
            same_table(state, old)
        step += 1
        if state.is_over:
            break
        legal = [str(a) for a in state.legal_actions()]
        assert [str(a) for a in old.legal_actions()] == legal
        assert [fast.notation(i) for i in range(fast.legal())] == legal
        if step % 10 == 0:
            wrong = rng.choice([*(f"{f}-{v}" for f in FRUITS for v in (1, 9)), "mango-10", "mango-1:trump",
                                *(f"raise:{f}" for f in FRUITS), *(f"choose:{f}-2" for f in FRUITS)])
            if wrong not in legal:
                assert str(state.check(wrong)) == str(old.check(wrong))
        choice = rng.randrange(len(legal))
        fast.apply(choice)
        state = state.play(legal[choice])
        old = old.play(legal[choice])
    assert fast.legal() == 0 and fast.current_player is None
    assert fast.state() == state
    return state


def test_the_kernel_follows_the_retired_state_under_random_options() -> None:
    # Every option at a random value in each game (the default values in every fifth), 3-4 players.
    seen: set[tuple[str, Any]] = set()
    for index in range(GAMES):
        rng = random.Random(index)
        rules = {} if index % 5 == 0 else random_rules(rng)
        seen.update((name, json.dumps(value)) for name, value in rules.items())
        state = explorer.new_game("bastos", players=3 + index % 2, seed=8000 + index, **rules)
        follow(state, rng, views=1 if index < 4 else 13)  # a game tells some 700 events: views cost
    assert all((name, json.dumps(value)) in seen for name, option in OPTIONS.items()
               for value in option.choices or ())


def test_the_kernel_starts_anywhere_in_a_game() -> None:
    # Picking, mid-trick, before a value move, between tricks, just after a round's end: a playout made there.
    for index in range(16):
        rng = random.Random(index)
        state: Any = explorer.new_game("bastos", players=3 + index % 2, seed=300 + index,
                                       **({} if index % 2 else random_rules(rng)))
        for _ in range(rng.randrange(1, 120)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_actions()))
        follow(state, rng, views=9)


def test_the_rulebook_deals_play_alike() -> None:
    # The rulebook's scenarios fix round 1's hands (and with them the spare); later rounds shuffle.
    from explorer.bastos.examples import FOUR_HANDS, MANGO_HANDS, NO_MANGO_HANDS, TRUMP_HANDS

    for index, hands in enumerate([FOUR_HANDS, TRUMP_HANDS, NO_MANGO_HANDS, MANGO_HANDS] * 2):
        rng = random.Random(index)
        rules = {} if index < 4 else random_rules(rng)
        if len(hands) == 3 and not any(card.startswith("lanzones") for hand in hands for card in hand):
            rules["removed_fruit"] = "lanzones"
        elif len(hands) == 3:
            rules["removed_fruit"] = next(f for f in FRUITS
                                          if not any(c.startswith(f + "-") for h in hands for c in h))
        follow(State.new(len(hands), seed=index, start=hands, **rules), rng, views=9)


def test_a_position_rebuilt_from_a_view_plays_as_the_table() -> None:
    # The strong bot plays from a view alone: the rebuilt kernel holds the view's public table and the
    # seat's hand; with the other hands put back as they are, it plays on exactly as the table does.
    from explorer._search.fromview import from_view

    for index in range(12):
        rng = random.Random(index)
        state: Any = explorer.new_game("bastos", players=3 + index % 2, seed=40 + index,
                                       **({} if index % 2 else random_rules(rng)))
        for _ in range(rng.randrange(1, 100)):
            state = state.play(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        rebuilt: Any = from_view(state.view(seat))
        assert rebuilt.view(seat)["hand"] == state.view(seat)["hand"]
        rebuilt._redeal(state.hands, state.picks)  # what a sample deals, set to the truth
        rebuilt.seed = state.seed  # later rounds: the table's deals
        fast, table = rebuilt.playout(), state.playout()
        while not table.is_over:
            assert [fast.notation(i) for i in range(fast.legal())] == \
                [table.notation(i) for i in range(table.legal())]
            assert fast.scores() == table.scores() and fast.current_player == table.current_player
            choice = rng.randrange(table.legal())
            fast.apply(choice)
            table.apply(choice)
        assert fast.scores() == table.scores()
