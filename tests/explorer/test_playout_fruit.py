"""Tindahan's and Bastos!'s playout paths under every rules option and from anywhere in a game.

``test_playout.py`` compares every game's playout with the public API from new games; the fruit
games' playouts keep rule code of their own (hands as card indices, the trick's taker kept as the
cards come, the round's scoring in numbers), so here they also meet every value of every rules option,
positions in the middle of a trick, just after a round's end and in every Bastos! phase, and their
scores at every step. The search asks a roll-out whether a trick or a round ended (``trick_open()``,
``tricks_taken(seat)``, ``round_number()``): those are checked at every step as well.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import explorer
from explorer import GameState

GAMES = max(4, int(os.environ.get("CONFORMANCE_GAMES", "2000")) // 200)

def _variants(game: str) -> list[tuple[str, dict[str, Any]]]:
    """Each other value of every option that lists its choices, and one game with all of them changed:
    read from the game's options, so a new one is played here without a word of this file."""
    options = explorer.game_class(game).OPTIONS
    out = [(game, {name: value}) for name, option in options.items() for value in option.choices or ()
           if value != option.default]
    out.append((game, {name: next(v for v in reversed(option.choices) if v != option.default)
                       for name, option in options.items() if option.choices and len(option.choices) > 1}))
    return out


VARIANTS: list[tuple[str, dict[str, Any]]] = [*_variants("tindahan"), *_variants("bastos")]
#: removed_fruits takes any fruits but bananas, as many as the player count asks.
REMOVED: list[tuple[int, list[str]]] = [(3, ["mango", "durian"]), (3, ["lanzones", "durian"]),
                                        (4, ["pineapple"]), (4, ["mango"])]


def follow(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to its end by random indices on its playout and the public API side by side,
    comparing at every step the legal lists, the scores and what the search asks of the playout (the
    round, the tricks taken, whether a trick is open)."""
    fast = state.playout()
    public: Any = state
    while True:
        assert fast.current_player == state.current_player and fast.is_over == state.is_over
        assert fast.scores() == state.scores()
        assert fast.trick_open() == bool(public.trick) and fast.round_number() == public.round
        assert [fast.tricks_taken(seat) for seat in range(state.players)] == list(public.tricks_won)
        if state.is_over:
            break
        legal = [str(a) for a in state.legal_actions()]
        assert [fast.notation(i) for i in range(fast.legal())] == legal
        choice = rng.randrange(len(legal))
        fast.apply(choice)
        state = public = state.play(legal[choice])
    assert fast.legal() == 0 and fast.current_player is None
    assert fast.state() == state
    return state


def _players(game: str, index: int) -> int:
    cls = explorer.game_class(game)
    return cls.MIN_PLAYERS + index % (cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1)


def _name(value: Any) -> str:
    return value if isinstance(value, str) else ",".join(f"{k}={v}" for k, v in value.items())


@pytest.mark.parametrize(("game", "rules"), VARIANTS, ids=_name)
def test_the_playout_follows_every_rules_option(game: str, rules: dict[str, Any]) -> None:
    for index in range(GAMES):
        players = 3 if "removed_fruit" in rules else _players(game, index)
        state = explorer.new_game(game, players=players, seed=300 + index, **rules)
        follow(state, random.Random(index))


def test_tindahan_plays_with_any_fruits_removed() -> None:
    for index, (players, removed) in enumerate(REMOVED):
        state = explorer.new_game("tindahan", players=players, seed=40 + index, removed_fruits=removed)
        follow(state, random.Random(index))


def _situation(state: Any) -> set[str]:
    """What kind of position ``state`` is, for the coverage of the test below."""
    if state.is_over:
        return {"over"}
    out = {state.phase} if state.GAME == "bastos" else set()
    out.add("mid-trick" if state.trick else "between tricks")
    full = len(state.hands[0]) * len(state.hands)
    if state.round > 1 and sum(map(len, state.hands)) == full and not any(state.tricks_won):
        out.add("a round's start after a round's end")
    return out


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_the_playout_starts_anywhere_in_a_game(game: str) -> None:
    seen: set[str] = set()
    for index in range(3 * GAMES):
        rng = random.Random(index)
        cls = explorer.game_class(game)
        options = {name: rng.choice(option.choices) for name, option in cls.OPTIONS.items() if option.choices}
        state = explorer.new_game(game, players=_players(game, index), seed=500 + index, **options)
        # Every third game stops just after a round's end (the first move of a later round).
        stop_at_round = 2 + index % 2 if index % 3 == 0 else None
        moves = rng.randrange(60 * state.players)
        public: Any = state
        while not state.is_over and (public.round < stop_at_round if stop_at_round else moves):
            state = public = state.play(rng.choice(state.legal_actions()))
            moves -= 1
        seen |= _situation(state)
        follow(state, rng)
    wanted = {"mid-trick", "between tricks", "a round's start after a round's end"}
    assert wanted | ({"choose", "adjust"} if game == "bastos" else set()) <= seen, seen


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_a_roll_out_to_the_round_end_stops_where_the_round_does(game: str) -> None:
    # The strong bot rolls each sample out to the end of the round (explorer._search.search): it watches
    # the playout's round_number() and then reads the scores, which must be the round's scored points.
    for index in range(GAMES):
        rng = random.Random(index)
        state: Any = explorer.new_game(game, players=_players(game, index), seed=900 + index)
        for _ in range(rng.randrange(40)):
            state = state.play(rng.choice(state.legal_actions()))
        fast = state.playout()
        start_round, before = state.round, state.rounds_scored()
        while not fast.is_over and fast.round_number() == start_round:
            choice = rng.randrange(fast.legal())
            state = state.play(state.legal_actions()[choice])
            fast.apply(choice)
        assert state.rounds_scored() == before + 1 and (state.round != start_round or state.is_over)
        assert fast.scores() == state.scores() and fast.state() == state


def test_a_scenario_deal_plays_out_alike() -> None:
    # A rulebook scenario fixes round 1's hands (given in any order); later rounds shuffle by the seed.
    for game, players in (("tindahan", 3), ("bastos", 4)):
        dealt: Any = explorer.new_game(game, players=players, seed=77)
        hands = [list(reversed(hand)) for hand in dealt.hands]
        state = explorer.new_game(game, players=players, seed=78, start=hands)
        follow(state, random.Random(game))
