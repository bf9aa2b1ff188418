"""The Bastos! heuristic bot: it plays from its view alone and clearly beats random play."""

from __future__ import annotations

import explorer
from explorer.bastos import HeuristicBot
from explorer.bastos.examples import TRUMP_HANDS, runs
from explorer.bots import RandomBot, make_bot


def play_out(state: explorer.GameState, bots: list[HeuristicBot | RandomBot]) -> explorer.GameState:
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view["legal"]
        state = state.play(action)
    return state


def test_heuristic_beats_random_clearly() -> None:
    games, wins = 300, 0.0
    for index in range(games):
        players = 3 + index % 2
        hero = index % players  # every seat takes its turn as the heuristic player
        bots: list[HeuristicBot | RandomBot] = [
            HeuristicBot(index) if seat == hero else RandomBot(7919 * index + seat) for seat in range(players)
        ]
        outcome = play_out(explorer.new_game("bastos", players=players, seed=index), bots).outcome()
        assert outcome is not None
        if hero in outcome.winners:
            wins += 1 / len(outcome.winners)
    # Random play would win about 29% (3 and 4 players alternating); measured about 95%.
    assert wins / games > 0.75, wins / games


def test_registry_finds_the_bot_and_it_is_deterministic() -> None:
    assert isinstance(make_bot("bastos", "heuristic", seed=1), HeuristicBot)
    records = []
    for _ in range(2):
        bots: list[HeuristicBot | RandomBot] = [HeuristicBot(s) for s in range(4)]
        records.append(play_out(explorer.new_game("bastos", players=4, seed=77), bots).to_record())
    assert records[0] == records[1]


def test_value_move_raises_a_fruit_the_bot_has_taken() -> None:
    # C takes mango-5, banana-3 and the durian-2 it made trump, then leads its own colour (pineapple).
    state = explorer.new_game("bastos", players=3, seed=0, start=TRUMP_HANDS)
    for move in ("choose:pineapple-1", "choose:pineapple-4", "choose:pineapple-7",
                 "mango-5", "banana-3", "durian-2:trump", "pineapple-8"):
        state = state.play(move)
    view = state.view(2)
    assert view["phase"] == "adjust"
    move = HeuristicBot(0).choose(view)
    assert move in {"raise:mango", "raise:banana", "raise:durian"}


def test_bot_ducks_a_trick_of_negative_trumps() -> None:
    state = explorer.new_game("bastos", players=3, seed=0, start=[
        runs("mango 1-9, pineapple 1-3"),
        runs("banana 1-6, durian 1 7-8, pineapple 4-6"),
        runs("banana 7-9, durian 2-6 9, pineapple 7-9"),
    ])
    for move in ("choose:pineapple-1", "choose:pineapple-4", "choose:pineapple-7",
                 "mango-9", "durian-8:trump", "durian-2", "durian-7"):
        state = state.play(move)
    # Durian is trump at -2 and B led durian-7: durian-9 would take at least -4, so C stays below.
    view = state.view(2)
    assert state.current_player == 2 and view["values"]["durian"] == -2
    assert HeuristicBot(0).choose(view) in {"durian-3", "durian-4", "durian-5", "durian-6"}


def test_bot_makes_trump_to_take_a_valuable_trick() -> None:
    state = explorer.new_game("bastos", players=4, seed=0, start=[
        runs("banana 1-3, mango 1-3, lanzones 1-5"),
        runs("banana 4-6, mango 4-6, lanzones 6-9, pineapple 1"),
        runs("banana 7-9, mango 7-8, pineapple 2-7"),
        runs("mango 9, pineapple 8-9, durian 1-8"),
    ])
    for move in ("choose:banana-1", "choose:banana-4", "choose:banana-7", "choose:mango-9",
                 "mango-3", "mango-6", "mango-8"):
        state = state.play(move)
    # Three mangoes at +1 each lie in the trick; D cannot follow, and making a fruit trump (its card
    # then worth -2) still takes a trick worth +1, better than throwing off for nothing.
    view = state.view(3)
    assert view["values"]["mango"] == 1 and state.current_player == 3
    assert HeuristicBot(0).choose(view).endswith(":trump")
