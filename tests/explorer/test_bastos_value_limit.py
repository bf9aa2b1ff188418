"""Bastos!: the value move against a limit, both readings of ``value_move_at_limit`` (issue 24).

After playing one's own Bastos! colour a player must move one fruit's value up or down by 1, and values
stay between -2 and +3. The default reading ('must-change') offers only moves that change a value; the
other ('may-stay') also offers raising a fruit at +3 or lowering one at -2, which leaves it there.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import explorer
from explorer import RecordError
from explorer.bastos import OPTIONS, RULES, State
from explorer.bots import make_bot

from .helpers import refusal, trick_queries, walk
from .test_bastos import DURIAN_HANDS

MAY_STAY = {"value_move_at_limit": "may-stay"}
# All pick pineapple (+3 after three picks); A leads mango, B throws durian-7 and makes durian trump
# (0 - 2 = -2), C throws durian-1; B's trump takes the trick and B leads pineapple-5, B's own colour.
PICKS = ["choose:pineapple-1", "choose:pineapple-4", "choose:pineapple-7"]
TO_ADJUST = [*PICKS, "mango-5", "durian-7:trump", "durian-1", "pineapple-5"]
FRUITS_IN_PLAY = ["banana", "mango", "pineapple", "durian"]  # three players box lanzones


def at_the_value_move(**rules: Any) -> State:
    state = explorer.new_game("bastos", players=3, seed=5, start=DURIAN_HANDS, **rules)
    for action in TO_ADJUST:
        state = state.play(action)
    assert isinstance(state, State)
    assert state.phase == "adjust" and state.current_player == 1
    assert state.value_table() == {"banana": 0, "mango": 0, "pineapple": 3, "durian": -2}
    return state


def every_move(fruits: list[str]) -> list[str]:
    """Each fruit in box order, its raise before its lower: the order the value moves are offered in."""
    return [f"{kind}:{fruit}" for fruit in fruits for kind in ("raise", "lower")]


def test_the_option_is_declared_with_its_reason() -> None:
    option = OPTIONS["value_move_at_limit"]
    assert option.default == "must-change" and option.choices == ("must-change", "may-stay")
    assert "change a value" in option.doc and "stays put" in option.doc
    text = RULES["bastos.values.clamp"].text
    assert "This program's reading" in text and "Under the other reading" in text
    assert "value_move_at_limit" not in text and "may-stay" not in text  # words, not option names


def test_must_change_offers_only_moves_that_change_a_value() -> None:
    state = at_the_value_move()
    legal = [str(a) for a in state.legal_actions()]
    # Pineapple at +3 cannot go up, durian at -2 cannot go down; everything else is offered.
    assert legal == [m for m in every_move(FRUITS_IN_PLAY) if m not in ("raise:pineapple", "lower:durian")]
    for move in ("raise:pineapple", "lower:durian"):
        assert refusal(state, move).rule == "bastos.values.clamp"
    before = state.value_table()
    for move in legal:  # every offered move changes exactly one value, by exactly one
        after = state.play(move).value_table()
        changed = {f: after[f] - before[f] for f in before if after[f] != before[f]}
        assert len(changed) == 1 and abs(next(iter(changed.values()))) == 1, (move, changed)


def test_may_stay_also_offers_the_moves_against_a_limit() -> None:
    state = at_the_value_move(**MAY_STAY)
    assert [str(a) for a in state.legal_actions()] == every_move(FRUITS_IN_PLAY)
    assert refusal(state, "raise:lanzones").rule == "bastos.setup.deck"  # still only fruits in play
    before = state.value_table()
    for move in ("raise:pineapple", "lower:durian"):
        after = state.play(move)
        assert after.value_table() == before and after.phase == "play" and after.current_player == 2
    assert state.play("lower:pineapple").value("pineapple") == 2  # the moves within the limits as before
    assert state.play("raise:durian").value("durian") == -1


def test_a_move_against_a_limit_is_told_as_such() -> None:
    state = at_the_value_move(**MAY_STAY)
    view = state.view(1)
    assert view["labels"]["raise:pineapple"] == "Raise pineapple: it is already at +3, so it stays there"
    assert view["labels"]["lower:pineapple"] == "Lower pineapple by 1 (to +2)"
    # The value table's buttons: every move is a button in its fruit's column.
    value_moves = [m for m in view["moves"] if m["place"] == "value"]
    assert {(m["action"], m["fruit"], m["short"]) for m in value_moves} == {
        (f"{kind}:{fruit}", fruit, "+1" if kind == "raise" else "-1")
        for fruit in FRUITS_IN_PLAY for kind in ("raise", "lower")}
    moved = state.play("lower:durian")
    entry = moved.view(0)["trick"][-1]
    assert entry == {"seat": 1, "kind": "adjust", "fruit": "durian", "delta": 0,
                     "words": "moved durian against its limit, where it stays"}
    event = moved.view(0)["events"][-1]
    assert (event["kind"], event["delta"], event["after"], event["stays"]) == ("value", -1, -2, True)
    assert event["text"] == "Ben lowers durian, which is already at -2 and stays there"
    # A move that changes the value is told as before, with no "stays" mark.
    plain = state.play("raise:durian").view(0)["events"][-1]
    assert "stays" not in plain and plain["text"] == "Ben raises durian to -1"


def test_the_trick_table_widget_takes_the_move() -> None:
    from widgets import TrickTableWidget

    state = explorer.new_game("bastos", players=3, seed=5, start=DURIAN_HANDS, **MAY_STAY)
    widget = TrickTableWidget(state, seat=None, bots=None, bot_delay=0)
    for action in [*TO_ADJUST, "raise:pineapple"]:
        assert widget.handle_intent({"type": "play", "action": action, "move": widget.view["move_number"]}), \
            widget.error
    assert widget.state.value_table()["pineapple"] == 3 and widget.state.phase == "play"
    # Under the default the same click is refused, naming the limit's rule.
    default = TrickTableWidget(at_the_value_move(), seat=None, bots=None, bot_delay=0)
    assert not default.handle_intent({"type": "play", "action": "raise:pineapple"})
    assert default.error["rule"] == "bastos.values.clamp"


def test_the_record_carries_the_reading_and_replays() -> None:
    state = at_the_value_move(**MAY_STAY).play("lower:durian")
    for _ in range(60):  # on into the round, by the first legal move each time
        state = state.play(state.legal_actions()[0])
    record = json.loads(json.dumps(state.to_record()))
    assert record["rules"]["value_move_at_limit"] == "may-stay"
    again = explorer.replay(record)
    assert again == state and again.scores() == state.scores() and again.score_sheet() == state.score_sheet()
    # The same moves under the default break at the move against the limit.
    record["rules"].pop("value_move_at_limit")
    with pytest.raises(RecordError, match=r"action #8 'lower:durian' is refused: .*\[bastos.values.clamp\]"):
        explorer.replay(record)


def test_a_table_rebuilt_from_a_view_keeps_the_move() -> None:
    state = at_the_value_move(**MAY_STAY).play("lower:durian")
    rebuilt = State.from_view(state.view(2))
    assert rebuilt.rules["value_move_at_limit"] == "may-stay"
    assert rebuilt.trick == state.trick and rebuilt.value_table() == state.value_table()
    assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_the_bot_sees_no_gain_in_a_move_that_changes_nothing() -> None:
    bot: Any = make_bot("bastos", "heuristic", seed=0)
    view = at_the_value_move(**MAY_STAY).view(1)
    assert bot._adjust_score(view, "raise:pineapple") == 0 == bot._adjust_score(view, "lower:durian")
    # A whole game of heuristic bots under the reading: every move they choose is legal.
    state = explorer.new_game("bastos", players=4, seed=3, **MAY_STAY)
    bots = [make_bot("bastos", "heuristic", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.play(bots[seat].choose(state.view(seat)))


def test_random_games_under_may_stay_make_such_moves_and_the_playout_agrees() -> None:
    # Random play under the reading, the public state and its playout side by side (helpers.walk):
    # moves against a limit are made, and both agree on every step.
    stayed = 0
    for index in range(4):
        rng = random.Random(index)
        state = explorer.new_game("bastos", players=3 + index % 2, seed=600 + index, **MAY_STAY,
                                  bastos_lead=rng.choice(OPTIONS["bastos_lead"].choices),
                                  trump_timing=rng.choice(OPTIONS["trump_timing"].choices))
        end = walk(state, rng, queries=trick_queries, table=25)
        stayed += sum(1 for e in end.view(0)["events"] if e.get("kind") == "value" and e.get("stays"))
        assert explorer.replay(json.loads(json.dumps(end.to_record()))) == end
    assert stayed > 0

