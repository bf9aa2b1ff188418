"""The hint's budget in the running build, and the search's shortcuts that leave its answer unchanged."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer import _compiled
from explorer._search import hint as hints
from explorer._search.determinize import determinize
from explorer._search.search import MoveStats, _finish_synced, _margin, _roll, search


def _position(game: str, players: int, moves: int, seed: int) -> explorer.GameState:
    state = explorer.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", explorer.GAMES)
def test_the_hint_buys_the_roll_outs_of_its_seconds_in_every_build(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The budget counts roll-outs by the compiled core's costs in every build, so a seed gives the
    # same hint in a pure-Python install (only more slowly).
    players = {"tindahan": 4, "bastos": 4, "bangkok": 2, "klongs": 2}[game]
    state = _position(game, players, 6, 1)
    seat = state.current_player
    assert seat is not None
    moves = hints.probe_moves(state, seat, random.Random(2))
    rate, setup = hints.COSTS[game]
    for compiled in (False, True):
        monkeypatch.setattr(_compiled, "COMPILED", compiled)
        # The same seed, the same budget (the probes' dice do not depend on the clock).
        budget = hints.hint_budget(state, seat, 0.5, random.Random(2))
        assert budget == int(0.5 * hints.SHARE / (moves / rate + setup))


def test_gains_measured_on_the_first_round_leave_the_comparison_as_it_was() -> None:
    # Bangkok's score before the seat's next turn is a market scoring, dearer than the roll-out: the
    # hint measures it on the first round's deals (every move meets them), and the margins, the order
    # and the deals are those of a search that measures it on every deal.
    state = _position("bangkok", 2, 5, 4)
    seat = state.current_player
    assert seat is not None
    every = search(state, seat, playouts=120, rng=random.Random(3))
    first = search(state, seat, playouts=120, rng=random.Random(3), gain_rounds=1)
    assert [(s.action, s.margins, s.wins) for s in every.stats] == [(s.action, s.margins, s.wins)
                                                                    for s in first.stats]
    per_move = len(first.stats[-1].margins)  # the last move left met the first round's deals only
    assert all(s.gained_deals == s.samples for s in every.stats)
    assert all(s.gained_deals == per_move < s.samples or s.gained_deals == s.samples for s in first.stats)
    assert any(s.gained_deals < s.samples for s in first.stats)
    # The reason speaks of the deals the gain was measured on.
    stat = MoveStats("x", samples=10, gained=12.0, gained_deals=4, margins=[0.0] * 10)
    assert hints.reason(stat, stat, None, {}).startswith("Scores about 3 points before your next turn")


@pytest.mark.parametrize(("game", "players"), [("tindahan", 4), ("bangkok", 2), ("klongs", 2)])
def test_a_roll_out_plays_the_dice_of_a_plain_random_playout(game: str, players: int) -> None:
    # The search plays the rest of a roll-out in a tight loop once nothing is left to watch: the same
    # dice give the same game as playing every move at random one by one.
    state = _position(game, players, 4, 6)
    seat = state.current_player
    assert seat is not None
    sample = state
    for move in state.legal_actions()[:3]:
        stats = MoveStats(str(move))
        _roll(sample, seat, str(move), random.Random(9), stats)
        rng = random.Random(9)
        playout = sample.playout()
        playout.apply([playout.notation(i) for i in range(playout.legal())].index(str(move)))
        while not playout.is_over:
            playout.apply(rng.randrange(playout.legal()))
        assert stats.margins == [_margin(playout.scores(), seat)[0]]


def test_moves_tried_on_a_deal_meet_the_same_later_rounds() -> None:
    # The hint's roll-outs draw each later round's dice from the deal's seed and the round's number:
    # two moves made now lead to the same later rounds (Bastos! carries only the scores from one
    # round to the next), so what those rounds add is the same after either move; with the dice the
    # first round left, it often is not.
    state = _position("bastos", 4, 19, 7)
    seat = state.current_player
    assert seat is not None
    round_now: int = state.round  # type: ignore[attr-defined]
    differed = 0
    for deal in range(6):
        sample = determinize(state, seat, random.Random(deal))
        added: dict[bool, list[list[int]]] = {True: [], False: []}
        for synced in (True, False):
            for move in [str(a) for a in state.legal_actions()][:2]:
                playout = sample.playout()
                playout.apply([playout.notation(i) for i in range(playout.legal())].index(move))
                rng = random.Random(deal)
                while playout.round_number() == round_now:
                    playout.apply(rng.randrange(playout.legal()))
                then = playout.scores()
                if synced:
                    _finish_synced(playout, rng, None, 11, round_now)
                while not playout.is_over:
                    playout.apply(rng.randrange(playout.legal()))
                added[synced].append([end - was for end, was in zip(playout.scores(), then, strict=True)])
        assert added[True][0] == added[True][1] != [0, 0, 0, 0]
        differed += added[False][0] != added[False][1]
    assert differed


def test_the_hint_syncs_the_rounds_and_stays_repeatable() -> None:
    state = _position("bastos", 4, 5, 2)
    seat = state.current_player
    assert seat is not None
    plain = search(state, seat, playouts=60, rng=random.Random(1))
    synced = search(state, seat, playouts=60, rng=random.Random(1), sync_rounds=True)
    again = search(state, seat, playouts=60, rng=random.Random(1), sync_rounds=True)
    assert [s.margins for s in synced.stats] == [s.margins for s in again.stats]
    assert [s.margins for s in synced.stats] != [s.margins for s in plain.stats]
    assert hints.SYNC_ROUNDS
