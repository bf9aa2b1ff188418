"""Bangkok's heuristic bot: it plays from its own view only, clearly beats random play, and gives a
solo score distribution."""

from __future__ import annotations

import json

import explorer
from explorer.bangkok import HeuristicBot, solo_scores
from explorer.bots import RandomBot, make_bot


def duel(games: int, players: int) -> tuple[int, float, float]:
    """Heuristic in a rotating seat against random bots: wins, its mean score, random's mean score."""
    wins, ours, theirs = 0, [], []
    for game in range(games):
        state = explorer.new_game("bangkok", players=players, seed=500 + game)
        seat = game % players
        bots = [HeuristicBot(game) if s == seat else RandomBot(game * 10 + s) for s in range(players)]
        while not state.is_over:
            turn = state.current_player
            assert turn is not None
            # a JSON round trip: the bot gets plain data, nothing that leads back to the state
            state = state.play(bots[turn].choose(json.loads(json.dumps(state.view(turn)))))
        outcome = state.outcome()
        assert outcome is not None
        wins += seat in outcome.winners
        ours.append(outcome.scores[seat])
        theirs += [p for s, p in enumerate(outcome.scores) if s != seat]
    return wins, sum(ours) / len(ours), sum(theirs) / len(theirs)


def test_heuristic_clearly_beats_random_play() -> None:
    for players in (2, 4):
        wins, ours, theirs = duel(12, players)
        assert wins >= 11, (players, wins)
        assert ours >= theirs + 8, (players, ours, theirs)


def test_solo_scores_are_reproducible_and_beat_random_solo_play() -> None:
    scores = solo_scores(12, seed=40)
    assert len(scores) == 12 and scores == solo_scores(12, seed=40)
    randoms = []
    for game in range(12):
        state, bot = explorer.new_game("bangkok", players=1, seed=40 + game), RandomBot(game)
        while not state.is_over:
            state = state.play(bot.choose(state.view(0)))
        randoms.append(state.scores()[0])
    assert sum(scores) / 12 >= sum(randoms) / 12 + 8


def test_solo_scores_take_rules() -> None:
    assert len(solo_scores(2, seed=1, expert=True, type1_below_zero=True)) == 2


def test_the_registry_makes_the_heuristic_bot() -> None:
    bot = make_bot("bangkok", "heuristic", seed=3)
    state = explorer.new_game("bangkok", players=2, seed=3)
    assert bot.choose(state.view(state.current_player or 0)) in state.view(state.current_player or 0)["legal"]
