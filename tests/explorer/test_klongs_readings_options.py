"""Bangkok Klongs: the score marker among the merchants, and the last readings made options (issue 11).

Each reading is played under both values; a short random run plays every value of every option
through the public API and the playout path together, with the conformance invariants.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import explorer
from explorer import IllegalAction
from explorer.klongs import OPTIONS, RULES, State
from explorer.klongs.examples import big_market_position, hand_boat

RED, YELLOW, GREEN = 0, 1, 2


def new(players: int, seed: int = 3, **rules: Any) -> State:
    state = explorer.new_game("klongs", players=players, seed=seed, **rules)
    assert isinstance(state, State)
    return state


def pos(players: int, position: dict[str, Any], **rules: Any) -> State:
    return State.from_position(players, position, seed=11, **rules)


def place(state: State, kind: str, space: str) -> State:
    return state.play(f"place:{hand_boat(state, state.turn, kind)}@{space}")


def legal(state: State, prefix: str = "") -> list[str]:
    return [str(a) for a in state.legal_actions() if str(a).startswith(prefix)]


def merchants(state: State, seat: int) -> int:
    return state.inventory()[f"merchant:{('red', 'yellow', 'green', 'blue')[seat]}"]


# ---- the score marker ----------------------------------------------------------------------------


def test_two_players_have_sixteen_merchants_for_boats_under_either_reading() -> None:
    # 68 merchants in 4 colours: 17 a colour, one of them on the score track.
    for marker in ("counted", "extra"):
        state = new(2, score_marker=marker)
        assert state.supply == (16, 16)
        assert merchants(state, RED) == merchants(state, YELLOW) == 16
        assert state.view(RED)["supply"] == [16, 16]


def test_a_two_player_start_cannot_put_seventeen_merchants_on_boats() -> None:
    spaces = [f"{column}{row}" for row in (1, 3, 5, 7) for column in "acegi"][:17]
    goods = ("fish", "flowers", "bananas", "shrimps")
    board = {space: f"{goods[i % 4]}@red" for i, space in enumerate(spaces)}
    with pytest.raises(ValueError, match=r"start\.board: red has only 16 merchants"):
        pos(2, {"board": board})
    del board[spaces[-1]]
    assert pos(2, {"board": board}).supply == (0, 16)


@pytest.mark.parametrize(("players", "counted", "extra"), [(3, 11, 12), (4, 8, 9)])
def test_score_marker_with_three_and_four_players(players: int, counted: int, extra: int) -> None:
    assert OPTIONS["score_marker"].default == "counted"
    assert new(players).supply == (counted,) * players
    assert new(players, score_marker="extra").supply == (extra,) * players
    assert "a rules option decides" in RULES["klongs.setup.marker"].text  # in words, not its Python name


def test_merchants_on_the_board_count_against_the_boat_merchants() -> None:
    # The Big Market Day's tie-break (fewer merchants on the board) counts from the merchants for boats:
    # yellow, tied with red on points, has one merchant on the board, red two.
    for marker in ("counted", "extra"):
        state = pos(3, big_market_position([5, 5, 9], {"h6": "fish:1@red"}, GREEN), score_marker=marker)
        state = place(state, "pineapples", "d1").play("decline")
        assert state.current_player == YELLOW


# ---- when a market day is held ---------------------------------------------------------------------


def little_market(**rules: Any) -> State:
    """Green, with both movement cards, places the Luk Phat boat that reaches the first Little Market
    Day; landing Lb2 is full."""
    board = {"b2": "fish:2@green", "c2": "bananas:1@yellow", "b3": "flowers:3@red", "c3": "shrimps:1"}
    hand = ["eggplants:0+lukphat", "avocados:1", "pineapples:1", "fish:3"]
    return pos(3, {"board": board, "hands": [None, None, hand], "lukphat": 3, "to_move": GREEN,
                   "movement_cards": [0, 0, 2]}, **rules)


def test_market_day_after_the_optional_move_by_default() -> None:
    assert OPTIONS["market_day_timing"].default == "after-move"
    state = place(little_market(), "eggplants", "d1")
    assert "when this turn ends" in state.view(GREEN)["market_note"]
    state = state.play("merchant")
    assert state.phase == "after" and "end" in legal(state) and legal(state, "move:")
    state = state.play("move:d1-e1")
    assert state.phase == "market" and state.current_player == GREEN and state.cards[GREEN] == 1


def test_market_day_immediately_after_the_placed_boat() -> None:
    state = place(little_market(market_day_timing="immediately"), "eggplants", "d1")
    assert state.phase == "possess"  # the placed boat's own choice comes first
    assert "as soon as the boat just placed is dealt with" in state.view(GREEN)["market_note"]
    state = state.play("merchant")
    assert state.phase == "market" and state.current_player == GREEN and not legal(state, "move:")
    state = state.play("score:Lb2>b2")
    while state.phase == "market":
        state = state.play("decline")
    # The turn ended with the market day: red (left of green) places, green's card unspent.
    assert state.phase == "turn" and state.current_player == RED and state.cards[GREEN] == 2
    assert "klongs.market.timing" in RULES


# ---- the Big Market Day's order ---------------------------------------------------------------------


def big_market(**rules: Any) -> State:
    """Red (4 points) opens the Big Market Day; green has 7, yellow 10; all own a boat around Lb2."""
    state = pos(3, big_market_position([4, 10, 7], {}, RED), **rules)
    return place(state, "pineapples", "d1").play("decline")


def test_big_market_day_clockwise_from_the_first_scorer_by_default() -> None:
    assert OPTIONS["big_market_order"].default == "clockwise"
    state = big_market()
    assert state.current_player == RED and state.view(RED)["market"]["order"] == [RED, YELLOW, GREEN]
    assert state.play("decline").current_player == YELLOW


def test_big_market_day_in_order_of_fewest_points() -> None:
    state = big_market(big_market_order="fewest-points")
    assert state.current_player == RED and state.view(RED)["market"]["order"] == [RED, GREEN, YELLOW]
    state = state.play("decline")
    assert state.current_player == GREEN
    state = state.play("decline")
    assert state.current_player == YELLOW
    state = state.play("decline")
    assert state.is_over  # a full round of declines ends it, as clockwise
    events = [e for e in state.view(RED)["events"] if e.get("kind") == "market"]
    assert events and events[-1]["order"] == [RED, GREEN, YELLOW]


# ---- when a movement card may be used -------------------------------------------------------------


def movement_position(**rules: Any) -> State:
    return pos(2, {"board": {"b2": "fish:2@red", "e5": "fish:1@yellow", "d4": "bananas:1"},
                   "hands": [["flowers:1", "fish:1", "shrimps:1", "eggplants:1"], None]}, **rules)


def test_move_before_placing_by_default() -> None:
    assert OPTIONS["move_card"].default == "before-or-after"
    state = movement_position()
    assert "move:b2-c3" in legal(state) and "move" in state.view(RED)["targets"]
    assert state.play("move:b2-c3").cards[RED] == 1


def test_move_only_after_placing() -> None:
    state = movement_position(move_card="after")
    assert not legal(state, "move:") and "move" not in state.view(RED)["targets"]
    assert "after placing" in state.view(RED)["prompt"]
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.play("move:b2-c3")
    assert info.value.rule == "klongs.move.timing" and info.value.reason.startswith("You cannot ")
    assert state.snapshot() == before
    after = place(state, "flowers", "a1").play("decline")
    assert after.phase == "after" and "move:b2-c3" in legal(after)
    assert "move" in after.view(RED)["targets"]
    assert after.play("move:b2-c3").cards[RED] == 1


# ---- every value of every option: public API, playout path and invariants agree -------------------------

NEW_OPTIONS = ("score_marker", "market_day_timing", "big_market_order", "move_card", "big_market_take",
               "big_market_end", "stall_causer")


def rules_for(index: int, rng: random.Random) -> dict[str, Any]:
    """Each new option cycles through its values game by game; the other options are drawn at random."""
    rules = {name: rng.choice(option.choices) for name, option in OPTIONS.items() if option.choices}
    for name in NEW_OPTIONS:
        choices = OPTIONS[name].choices
        assert choices is not None
        rules[name] = choices[index // (NEW_OPTIONS.index(name) + 1) % len(choices)]
    return rules


def test_random_games_under_every_reading() -> None:
    seen: set[tuple[str, Any]] = set()
    for index in range(16):
        rng = random.Random(index)
        rules = rules_for(index, rng)
        seen.update(rules.items())
        players = 2 + index % 3
        state = new(players, seed=700 + index, **rules)
        inventory = state.inventory()
        fast = state.playout()
        while not state.is_over:
            actions = [str(a) for a in state.legal_actions()]
            assert fast.current_player == state.current_player and fast.legal() == len(actions)
            assert [fast.notation(i) for i in range(len(actions))] == actions
            choice = rng.randrange(len(actions))
            fast.apply(choice)
            state = state.play(actions[choice])
            assert state.inventory() == inventory
        assert fast.is_over and fast.scores() == state.scores() and fast.state() == state
        sheet = state.score_sheet()
        assert all(line.rule in RULES for line in sheet)
        totals = [sum(line.points for line in sheet if line.seat == s) for s in range(players)]
        assert totals == state.scores()
        record = json.loads(json.dumps(state.to_record()))
        assert explorer.replay(record) == state
    assert all((name, value) in seen for name in NEW_OPTIONS for value in OPTIONS[name].choices or ())
