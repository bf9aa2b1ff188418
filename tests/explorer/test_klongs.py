"""Bangkok Klongs: setup, placing, possession, Luk Phat, market days, specials, movement, drawing, end."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import explorer
from explorer import IllegalAction
from explorer.klongs import RULES, State
from explorer.klongs.examples import hand_boat

from . import helpers

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3


def run(state: State, *actions: str) -> State:
    """``helpers.run`` for a Klongs state (typed as one)."""
    played = helpers.run(state, *actions)
    assert isinstance(played, State)
    return played


def new(players: int, seed: int, **rules: Any) -> State:
    state = explorer.new_game("klongs", players=players, seed=seed, **rules)
    assert isinstance(state, State)
    return state


def pos(players: int, position: dict[str, Any], **rules: Any) -> State:
    return State.from_position(players, position, seed=11, **rules)


def red_holds(hand: list[str], board: dict[str, str], **position: Any) -> State:
    """Two players, red to act holding ``hand``; nobody has a movement card left."""
    return pos(2, {"board": board, "hands": [hand, None], "movement_cards": [0, 0], **position})


def refused(state: State, action: str, rule: str) -> IllegalAction:
    """Play ``action`` expecting a refusal under ``rule`` that leaves the state unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.play(action)
    assert info.value.rule == rule, str(info.value)
    assert rule in RULES or rule.endswith(".notation")
    assert info.value.action == action
    if not rule.endswith(".notation") and "'" not in info.value.reason[:1]:
        # A learner reads the reason: plain words for the player to act, no notation, no seat number
        # (typed input the engine cannot read is answered in notation, quoted).
        reason = info.value.reason
        assert reason.startswith("You cannot ") and "‹" not in reason, reason
        assert not re.search(r"boat\d\d|[a-z]+:\S|\bseat\b|=", reason), reason
    assert state.snapshot() == before
    return info.value




def place(state: State, kind: str, space: str) -> State:
    return state.play(f"place:{hand_boat(state, state.turn, kind)}@{space}")


def legal(state: State, prefix: str = "") -> list[str]:
    return [str(a) for a in state.legal_actions() if str(a).startswith(prefix)]


# ---- setup -----------------------------------------------------------------------------------------


# Merchants for boats: those given (17, 12, 9) less the one marking the score (klongs.setup.marker).
@pytest.mark.parametrize(("players", "merchants"), [(2, 16), (3, 11), (4, 8)])
def test_setup_by_player_count(players: int, merchants: int) -> None:
    state = new(players, 3)
    assert isinstance(state, State)
    assert state.supply == (merchants,) * players
    assert [len(h) for h in state.hands] == [4] * players
    assert state.cards == (2,) * players
    assert state.scores() == [0] * players
    assert len(state.stacks) == 1 and len(state.stacks[0]) == 72 - 4 * players
    assert state.lukphat == 0 and state.current_player == 0 and state.phase == "turn"
    inventory = state.inventory()
    assert sum(v for k, v in inventory.items() if k.startswith("boat")) == 72
    assert all(inventory[f"merchant:{c}"] == merchants for c in ("red", "yellow", "green", "blue")[:players])


def test_players_out_of_range() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            explorer.new_game("klongs", players=players, seed=1)


# ---- placing -----------------------------------------------------------------------------------------


def test_first_boat_on_light_entries_with_two_players() -> None:
    state = new(2, 1)
    spaces = {a.split("@")[1] for a in legal(state, "place:")}
    assert spaces == {"a2", "a3", "a6", "a7"}
    refused(state, f"place:{state.hand_ids(0)[0]}@j2", "klongs.place.entry")


def test_first_boat_on_light_or_dark_entries_with_three_or_four() -> None:
    for players in (3, 4):
        state = new(players, 1)
        spaces = {a.split("@")[1] for a in legal(state, "place:")}
        assert spaces == {"a2", "a3", "a6", "a7", "j2", "j3", "j6", "j7"}


def test_later_boats_touch_a_boat_across_jetties() -> None:
    state = pos(2, {"board": {"b2": "fish:1@red"},
                    "hands": [["bananas:1", "fish:2", "flowers:1", "shrimps:1"], None]})
    spaces = {a.split("@")[1] for a in legal(state, "place:")}
    # b2 sits in the north-west hood; c1..c3 and a3..c3 are across jetties, still touching.
    assert spaces == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"} - {"b2"}
    error = refused(state, f"place:{hand_boat(state, RED, 'bananas')}@e5", "klongs.place.touch")
    assert "touches no boat" in error.reason
    refused(state, f"place:{hand_boat(state, RED, 'bananas')}@b2", "klongs.place.free")
    refused(
        state,
        "place:boat01@c3" if "boat01" not in state.hand_ids(RED) else "place:boat02@c3",
        "klongs.place.hand",
    )
    refused(state, "place:nonsense", "klongs.notation")


def test_hood_holds_at_most_three_boats() -> None:
    state = pos(2, {"board": {"a1": "fish:1@red", "b1": "fish:2@red", "a2": "fish:3@yellow"},
                    "hands": [["bananas:1", "bananas:2", "flowers:1", "shrimps:1"], None]})
    assert f"place:{hand_boat(state, RED, 'bananas')}@b2" not in legal(state)
    refused(state, f"place:{hand_boat(state, RED, 'bananas')}@b2", "klongs.place.hood-limit")
    assert any(a.endswith("@c2") for a in legal(state, "place:"))


def test_no_thief_in_a_protected_column() -> None:
    hands = [["thief:0", "fish:2", "flowers:1", "shrimps:1"], None]
    state = pos(2, {"board": {"c3": "inspector:1", "b3": "fish:1@yellow"}, "hands": hands})
    thief = hand_boat(state, RED, "thief")
    refused(state, f"place:{thief}@c4", "klongs.place.thief-protected")  # so not among the legal
    assert f"place:{thief}@a4" in legal(state)
    assert f"place:{hand_boat(state, RED, 'fish')}@c4" in legal(state)  # other boats may go there
    # A first thief: a3 is a free entry space (the entry rule is kept), but the inspector guards column a.
    first = pos(2, {"board": {"a5": "inspector:1"}, "entered": [False, False], "hands": hands})
    thief = hand_boat(first, RED, "thief")
    refused(first, f"place:{thief}@a3", "klongs.place.thief-protected")
    refused(first, f"place:{thief}@e5", "klongs.place.entry")


def test_pass_only_when_nothing_can_be_placed() -> None:
    state = pos(2, {"board": {"b2": "fish:1@red"}, "hands": [[], None]})
    assert legal(state) == ["pass", *legal(state, "move:")]
    state = pos(2, {"board": {"b2": "fish:1@red"}, "hands": [["fish:2"], None]})
    refused(state, "pass", "klongs.pass")


# ---- possession ------------------------------------------------------------------------------------


def test_take_possession_or_decline() -> None:
    state = red_holds(["bananas:3", "fish:2", "flowers:1", "shrimps:1"], {"b2": "fish:1@yellow"})
    placed = place(state, "bananas", "c3")
    assert placed.phase == "possess" and legal(placed) == ["merchant", "decline"]
    refused(placed, "merchant:b2", "klongs.possess.relocate")
    refused(placed, f"place:{hand_boat(placed, RED, 'fish')}@c4", "klongs.turn.phase")
    taken = placed.play("merchant")
    assert taken.view(0)["board"]["c3"]["owner"] == "red" and taken.supply[RED] == state.supply[RED] - 1
    declined = placed.play("decline")
    assert declined.view(0)["board"]["c3"]["owner"] is None and declined.supply[RED] == state.supply[RED]
    assert taken.current_player == declined.current_player == YELLOW


def test_neutral_boats_cannot_be_claimed() -> None:
    state = red_holds(["bananas:1@neutral", "fish:2", "flowers:1", "shrimps:1"], {"b2": "fish:1@yellow"})
    placed = place(state, "bananas", "c3")
    assert placed.current_player == YELLOW  # no possession step
    assert placed.view(0)["board"]["c3"]["owner"] == "neutral"


def test_moving_a_merchant_when_none_is_left() -> None:
    # four players: red's eight merchants for boats (nine less the score marker) all stand on boats
    board = {space: "fish@red" for space in ("a1", "c1", "e1", "g1")}
    board.update({space: "flowers@red" for space in ("i1", "a3", "c3", "e3")})
    state = pos(4, {"board": board, "movement_cards": [0, 0, 0, 0],
                    "hands": [["bananas:3", "shrimps:1", "avocados:1", "eggplants:1"], None, None, None]})
    assert state.supply[RED] == 0
    placed = place(state, "bananas", "b2")
    assert "merchant" not in legal(placed) and "merchant:a1" in legal(placed) and "decline" in legal(placed)
    refused(placed, "merchant", "klongs.possess.relocate")
    moved = placed.play("merchant:a1")
    view = moved.view(0)
    assert view["board"]["b2"]["owner"] == "red" and view["board"]["a1"]["owner"] is None
    assert moved.supply[RED] == 0


# ---- Luk Phat and the Little Market Day ----------------------------------------------------------


def little_market(**rules: Any) -> State:
    """Green reaches the first Little Market Day; landings Lb2 and Lf2 are full and everybody shares."""
    board = {"b2": "fish:2@green", "c2": "bananas:1@yellow", "b3": "flowers:3@red", "c3": "shrimps:1",
             "f2": "fish:1@green", "g2": "bananas:2@red", "f3": "flowers:1@yellow", "g3": "shrimps:2@green"}
    hand = ["eggplants:0+lukphat", "avocados:1", "pineapples:1", "fish:3"]
    return pos(3, {"board": board, "hands": [None, None, hand], "lukphat": 3, "to_move": GREEN,
                   "movement_cards": [0, 0, 0]}, **rules)


def test_luk_phat_points_and_little_market_day_order() -> None:
    state = place(little_market(), "eggplants", "d1")
    assert state.lukphat == 4
    assert state.score_sheet()[-1].points == 4 and state.score_sheet()[-1].rule == "klongs.lukphat"
    state = state.play("decline")
    assert state.phase == "market" and state.current_player == GREEN  # the causer scores first
    market = state.view(GREEN)["market"]
    assert market["kind"] == "little" and market["order"] == [2, 0, 1, 2, 0, 1]
    # red, then yellow in the first round
    state = state.play("score:Lf2>f2")  # green: 1+2+1+2 = 6 each merchant; green owns 2
    assert state.current_player == RED
    refused(state, "score:Lf2>g2", "klongs.landing.full")
    refused(state, "score:Lb2>c2", "klongs.landing.remove")  # yellow's boat: not red's to take
    state = state.play("decline")  # red declines in round one ...
    assert state.current_player == YELLOW
    state = state.play("decline")
    assert state.current_player == GREEN  # second round, green again
    state = state.play("decline")
    assert state.current_player == RED  # ... and comes back in round two
    state = state.play("score:Lb2>b3")
    # yellow can score nothing more: the market day ends, green refills, and red (left of green) plays
    assert state.phase == "turn" and state.current_player == RED
    assert state.market_days == 1 and len(state.hands[GREEN]) == 4
    lines = [(line.seat, line.points) for line in state.score_sheet() if line.rule == "klongs.landing.score"]
    assert lines == [(RED, 6), (YELLOW, 6), (GREEN, 12), (RED, 7), (YELLOW, 7), (GREEN, 7)]


def test_little_market_day_at_most_two_scorings_each() -> None:
    state = red_holds(["eggplants:0+lukphat", "bananas:2", "bananas:3", "fish:3"],
        {"b2": "fish:1@red", "c2": "fish:2@red", "b3": "fish:3@red", "c3": "flowers:1@red",
         "f2": "flowers:2@red", "g2": "flowers:3@red", "f3": "shrimps:1@red", "g3": "shrimps:2@red",
         "b6": "avocados:1@red", "c6": "avocados:2@red", "b7": "avocados:3@red", "c7": "bananas:1@red"},
        lukphat=3)
    state = run(place(state, "eggplants", "d1"), "decline")
    scored = 0
    while state.phase == "market":
        assert state.current_player == RED
        state = state.play(legal(state, "score:")[0])
        scored += 1
    assert scored == 2  # the third full landing stays unscored
    assert state.current_player == YELLOW


def test_next_turn_after_little_market_day_is_left_of_causer() -> None:
    state = run(place(little_market(), "eggplants", "d1"), "decline")
    while state.phase == "market":
        state = state.play("decline")
    assert state.current_player == RED  # left of green


# ---- Big Market Day ------------------------------------------------------------------------------------


def test_big_market_day_until_nobody_scores_then_stock_and_winner() -> None:
    state = red_holds(["eggplants:0+lukphat", "avocados:1", "pineapples:1", "fish:3"],
        {"b2": "fish:2@red", "c2": "fish:1@yellow", "b3": "flowers:2@neutral", "c3": "shrimps:1@red",
         "f2": "fish:3@red", "g2": "bananas:2@yellow", "f3": "flowers:1@yellow", "g3": "shrimps:2"},
        lukphat=11, scores=[20, 0])
    state = run(place(state, "eggplants", "d1"), "decline")
    assert state.phase == "market" and state.current_player == YELLOW  # lower score opens
    assert "score:Lb2>b3" in legal(state)  # neutral boat allowed on the Big Market Day
    assert "score:Lb2>c2" in legal(state) and "score:Lb2>b2" not in legal(state)
    state = state.play("score:Lb2>b3")
    assert state.current_player == RED
    state = state.play("score:Lf2>f2")
    assert state.is_over  # nobody can score any more
    sheet = state.score_sheet()
    stock = [(line.seat, line.label, line.points) for line in sheet if line.rule == "klongs.stock"]
    assert stock == [(RED, "stock: 1 fish", 1), (YELLOW, "stock: 1 flowers", 1)]
    assert all(line.round == 0 for line in sheet if line.rule == "klongs.stock")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (RED,)


def test_big_market_day_everybody_declines() -> None:
    state = red_holds(["eggplants:0+lukphat", "avocados:1", "pineapples:1", "fish:3"],
        {"b2": "fish:2@red", "c2": "fish:1@yellow", "b3": "flowers:2@neutral", "c3": "shrimps:1@red"},
        lukphat=11)
    state = run(place(state, "eggplants", "d1"), "decline")
    assert state.current_player == YELLOW
    state = state.play("decline")
    assert state.current_player == RED
    state = state.play("decline")
    assert state.is_over


# ---- thief and inspector ------------------------------------------------------------------------------


def test_thief_can_take_nothing_and_merchant_returns() -> None:
    state = red_holds(["thief:0", "fish:1", "flowers:1", "eggplants:1"], {"b3": "fish:2@yellow"})
    placed = place(state, "thief", "c3")
    assert legal(placed) == ["steal:b3>stock", "steal:b3>hand", "steal:none"]
    kept = placed.play("steal:none")
    assert kept.at("b3") is not None and kept.current_player == YELLOW
    refused(placed, "steal:a4>stock", "klongs.thief")


def test_thief_without_targets_asks_nothing() -> None:
    state = red_holds(["thief:0", "fish:1", "flowers:1", "eggplants:1"], {"b2": "fish:2@yellow"})
    assert place(state, "thief", "c3").current_player == YELLOW


def test_inspector_options() -> None:
    base = {
        "board": {"d3": "fish:1@yellow", "e2": "thief", "e6": "thief"},
        "hands": [["inspector:1", "fish:2", "flowers:1", "bananas:1"], None],
        "movement_cards": [0, 0],
    }
    placed = place(pos(2, base), "inspector", "e3")
    assert legal(placed) == ["inspect:discard", "inspect:e2>hand", "inspect:e6>hand"]
    refused(placed, "inspect:e2>discard", "klongs.inspector.two-thieves")
    one = place(pos(2, base, inspector_thieves="one"), "inspector", "e3")
    assert legal(one) == ["inspect:e2>discard", "inspect:e2>hand", "inspect:e6>discard", "inspect:e6>hand"]
    refused(one, "inspect:discard", "klongs.inspector")


# ---- movement cards ------------------------------------------------------------------------------------


def movement_position(**rules: Any) -> State:
    return pos(2, {"board": {"b2": "fish:2@red", "e5": "fish:1@yellow", "d4": "bananas:1"},
                   "hands": [["flowers:1", "fish:1", "shrimps:1", "eggplants:1"], None]}, **rules)


def test_move_one_space_in_eight_directions_across_jetties() -> None:
    state = movement_position()
    assert sorted(legal(state, "move:")) == sorted(
        f"move:b2-{d}" for d in ("a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3")
    )
    refused(state, "move:b2-d2", "klongs.move")
    refused(state, "move:e5-e6", "klongs.move")  # yellow's boat
    moved = state.play("move:b2-c3")
    assert moved.cards[RED] == 1 and moved.phase == "turn" and not legal(moved, "move:")
    refused(moved, "move:c3-c2", "klongs.move")  # once a turn
    after = place(moved, "flowers", "c2")
    assert after.phase == "possess"
    after = after.play("decline")
    assert after.current_player == YELLOW  # no second move this turn


def test_move_after_placing_and_only_twice() -> None:
    state = place(movement_position(), "flowers", "a1").play("decline")
    assert state.phase == "after" and "end" in legal(state)
    state = state.play("move:b2-c2")
    assert state.current_player == YELLOW and state.cards[RED] == 1
    state = pos(2, {"board": {"b2": "fish:2@red"}, "hands": [["flowers:1"], None], "movement_cards": [0, 2]})
    refused(state, "move:b2-c2", "klongs.move")


def test_moved_boat_isolation_option() -> None:
    free = movement_position()
    assert "move:b2-c3" in legal(free)  # c3 touches d4: fine by default
    strict = movement_position(moved_boat="must-not-touch")
    assert "move:b2-c3" not in legal(strict) and "move:b2-a1" in legal(strict)
    refused(strict, "move:b2-c3", "klongs.move.isolation")


def test_move_respects_hood_limit() -> None:
    state = pos(2, {"board": {"b2": "fish:2@red", "c1": "fish:1", "d1": "fish:3", "d2": "bananas:1"},
        "hands": [["flowers:1"], None]})
    refused(state, "move:b2-c2", "klongs.place.hood-limit")


# ---- drawing, depleted stack, empty hands -----------------------------------------------------------


def play_random(state: State, seed: int, until: Any = None) -> State:
    rng = random.Random(seed)
    while not state.is_over and not (until and until(state)):
        state = state.play(rng.choice(state.legal_actions()))
    return state


def test_turn_ends_with_refill_to_four() -> None:
    state = new(2, 4)
    assert isinstance(state, State)
    before = len(state.stacks[0])
    state = place(state, state.boat(state.hand_ids(0)[0])["kind"], "a2")
    while state.current_player == RED:
        state = state.play("decline" if "decline" in legal(state) else legal(state)[-1])
    assert len(state.hands[RED]) == 4 and len(state.stacks[0]) == before - 1


def nearly_empty_stack(left: int, **rules: Any) -> State:
    """Red and yellow hold one boat each; all but ``left`` other boats already lie in red's stock."""
    position: dict[str, Any] = {
        "board": {"b2": "fish:2@red", "c2": "fish:1@yellow"},
        "hands": [["flowers:1"], ["shrimps:1"]],
        "movement_cards": [0, 0],
    }
    probe = pos(2, position, **rules)
    # sorted ids leave the last ones, cookshops, in the stack: neutral boats that ask nothing
    rest = sorted(b for stack in probe.snapshot()["stacks"] for b in stack)
    return pos(2, {**position, "stocks": [rest[: len(rest) - left], []]}, **rules)


def test_depleted_stack_play_goes_on_then_all_pass() -> None:
    state = nearly_empty_stack(2)
    assert len(state.stacks[0]) == 2
    state = place(state, "flowers", "a1").play("decline")
    assert len(state.hands[RED]) == 2 and not state.stacks[0]  # drew what was left
    state = place(state, "shrimps", "d1").play("decline")
    assert state.hands[YELLOW] == () and state.current_player == RED  # no draw: the stack is used up
    state = state.play(legal(state, "place:")[0])
    if state.phase == "possess":
        state = state.play("decline")
    assert legal(state) == ["pass"]  # yellow's hand is empty: yellow passes, red keeps placing
    state = state.play("pass")
    assert state.current_player == RED
    state = state.play(legal(state, "place:")[0])
    if state.phase == "possess":
        state = state.play("decline")
    state = state.play("pass")  # yellow
    assert state.current_player == RED and legal(state) == ["pass"]
    state = state.play("pass")  # everybody passed in turn: the Big Market Day, then the stock
    assert state.phase == "over" or (state.market is not None and state.market[0] == "big")
    while not state.is_over:
        state = state.play("decline")


def test_empty_hand_big_market_day_option() -> None:
    state = nearly_empty_stack(0, empty_hand="big-market-day")
    state = place(state, "flowers", "a1").play("decline")
    assert state.current_player == YELLOW  # yellow still holds a boat
    state = place(state, "shrimps", "d1").play("decline")
    assert state.is_over  # red must place from an empty hand with the stack used up: Big Market Day


def test_empty_hand_with_stack_left_passes_and_refills() -> None:
    state = pos(2, {"board": {"b2": "fish:2@red"}, "hands": [[], []], "movement_cards": [0, 0]})
    assert legal(state) == ["pass"]
    state = state.play("pass")
    assert state.current_player == YELLOW and len(state.hands[RED]) == 4


def test_market_day_draw_option() -> None:
    def after_market(**rules: Any) -> State:
        state = run(place(little_market(**rules), "eggplants", "d1"), "decline")
        while state.phase == "market":
            state = state.play("decline")
        return state

    assert len(after_market().hands[GREEN]) == 4
    skipped = after_market(market_day_draw="skip")
    assert len(skipped.hands[GREEN]) == 3 and skipped.current_player == RED


# ---- the more-tactics variant ---------------------------------------------------------------------------


def test_more_tactics_two_stacks() -> None:
    state = new(3, 5, more_tactics=True)
    assert isinstance(state, State)
    assert len(state.stacks) == 2
    assert all(state.ed.boats[b].neutral for b in state.stacks[0])
    assert not any(state.ed.boats[b].neutral for b in state.stacks[1])
    for hand in state.hands:
        assert sorted(state.ed.boats[b].neutral for b in hand) == [False, False, False, True]
    state = play_random(state, 1, until=lambda s: s.phase == "draw")
    assert legal(state) == ["draw:1", "draw:2"]
    refused(state, "draw:3", "klongs.draw.stack")
    one = state.play("draw:1")
    assert len(one.stacks[0]) == len(state.stacks[0]) - 1 and len(one.stacks[1]) == len(state.stacks[1])


# ---- views, records, invariants ---------------------------------------------------------------------------


def test_view_hides_other_hands_and_stack() -> None:
    state = new(3, 2)
    assert isinstance(state, State)
    for seat in range(3):
        text = json.dumps(state.view(seat))
        for other in range(3):
            for boat in state.hand_ids(other):
                assert (boat in text) == (other == seat)
        assert state.view(seat)["hand_sizes"] == [4, 4, 4]
    view = state.view(0)
    assert len(view["geometry"]["spaces"]) == 80 and len(view["geometry"]["hoods"]) == 20
    assert len(view["geometry"]["landings"]) == 43
    assert view["targets"]["place"] and view["prompt"]
    assert state.view(1)["targets"] == {} and state.view(1)["prompt"] == ""


def test_start_position_replays_from_record() -> None:
    state = run(place(little_market(), "eggplants", "d1"), "decline", "score:Lf2>f2")
    record = json.loads(json.dumps(state.to_record()))
    assert record["rules"]["start"]["lukphat"] == 3
    again = explorer.replay(record)
    assert again == state


def test_start_position_hands_stay_private() -> None:
    hands = [["boat01", "boat02"], ["boat03", "boat04"]]
    state = pos(2, {"board": {"b2": "fish:2@red"}, "hands": hands})
    for seat in (0, 1):
        view = state.view(seat)
        assert view["rules"]["start"]["hands"] == [
            hands[0] if seat == 0 else None,
            hands[1] if seat == 1 else None,
        ]
        text = json.dumps(view)
        for other in (0, 1):
            assert all((f'"{b}"' in text) == (other == seat) for b in hands[other])
    assert state.to_record()["rules"]["start"]["hands"] == hands  # the record keeps them all


def test_bad_start_positions_name_the_field() -> None:
    with pytest.raises(ValueError, match=r"start\.board"):
        State.from_position(2, {"board": {"z9": "fish"}})
    with pytest.raises(ValueError, match="not a good"):
        State.from_position(2, {"board": {"a1": "apples"}})
    with pytest.raises(ValueError, match="hood 0 holds more than 3"):
        State.from_position(2, {"board": {"a1": "fish", "b1": "fish", "a2": "fish", "b2": "fish"}})
    with pytest.raises(ValueError, match=r"start\.hands"):
        State.from_position(3, {"hands": [[], []]})
    with pytest.raises(ValueError, match="no unused boat"):
        State.from_position(2, {"board": {"a1": "thief:3"}})
    with pytest.raises(ValueError, match="special boats are neutral"):
        State.from_position(2, {"board": {"a1": "cookshop@red"}})
    with pytest.raises(TypeError):
        explorer.new_game("klongs", players=2, seed=1, begin={})


def test_random_games_conserve_components_and_end() -> None:
    for seed in range(12):
        for rules in ({}, {"more_tactics": True},
                      {"inspector_thieves": "one", "moved_boat": "must-not-touch", "market_day_draw": "skip",
                       "empty_hand": "big-market-day", "two_cookshops": "each",
                       "big_market_take": "unclaimed-too", "big_market_end": "decline-is-final",
                       "stall_causer": "first-passer"}):
            state = new(2 + seed % 3, seed, **rules)
            inventory = state.inventory()
            state = play_random(state, seed)
            assert state.inventory() == inventory
            assert explorer.replay(json.loads(json.dumps(state.to_record()))) == state


NOTATION = re.compile(r"boat\d\d|\b(?:place|move|score|steal|inspect|merchant|draw):\S|\bseat\b|\u2039"
                      r"|\bLMD\b|\bBMD\b")


def learner_texts(view: dict[str, Any]) -> list[str]:
    """Every text of a view a learner reads: events, labels, sheet, prompts, notes, legend, market."""
    market = view["market"] or {}
    return [*(e["text"] for e in view["events"]), *view["labels"].values(), *(line["label"] for line in
            view["sheet"]), view["prompt"], view["market_note"] or "", view["track_text"], *view["legend"],
            market.get("title", ""), market.get("text", ""), *(g["label"] for g in view["score_groups"]),
            *(f["formula"] for f in view["full_landings"].values())]


def test_learner_texts_name_seats_and_show_no_notation() -> None:
    rng = random.Random(4)
    state = explorer.new_game("klongs", players=3, seed=11)
    seen: set[str] = set()
    while not state.is_over:
        for seat in range(3):
            for text in learner_texts(state.view(seat)):
                assert not NOTATION.search(text), text
        seen.update(e["text"].split(" ")[0] for e in state.view(1)["events"])
        state = state.play(rng.choice(state.legal_actions()))
    assert state.board_text(1).endswith("Merchants: r for Red, y for you, g for Green; n printed neutral, "
                                        "- unclaimed; * Luk Phat.")
    view = state.view(1)
    assert {"You", "Red", "Green", "The"} <= seen, seen
    mine = [e for e in view["events"] if e["seat"] == 1 and e["kind"] == "place"]
    assert mine and all(e["text"].startswith("You placed ") for e in mine)
    named = state.view(1, names=["Mary", "John", "Eva"])
    assert all(e["text"].startswith("John placed ") for e in named["events"] if e["seat"] == 1
               and e["kind"] == "place")
    assert "stocks are scored: Mary +" in named["events"][-2]["text"]
    assert named["events"][-1]["text"].startswith("Game over: ")


def test_refusals_and_labels_in_plain_words() -> None:
    state = red_holds(["shrimps:3", "fish:1"], {"b2": "fish:2@yellow"}, entered=[True, True])
    shrimps = hand_boat(state, RED, "shrimps")
    error = refused(state, f"place:{shrimps}@g2", "klongs.place.touch")
    assert error.reason == ("You cannot place the shrimps boat, 3 baskets on g2: g2 touches no boat, not "
                            "even corner to corner")
    assert state.view(0)["labels"][f"place:{shrimps}@c3"] == "Place your shrimps boat, 3 baskets on c3"
    placed = state.play(f"place:{shrimps}@c3")
    assert placed.view(1)["events"][-1]["text"] == "Red placed a shrimps boat, 3 baskets on c3"
    assert placed.view(0)["events"][-1]["text"] == "You placed a shrimps boat, 3 baskets on c3"
