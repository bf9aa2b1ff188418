"""Time travel and pace on a real table (Tindahan, 3 players): undo and redo, review of any past
position, play on from it, replay of a finished game and of a loaded record, the round summary the
bots wait on, the bots' speed; every intent checked before anything changes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import explorer
from explorer.table import Table
from widgets import TrickTableWidget
from widgets._intents import BAD_MESSAGE, REVIEWING, TIMELINE
from widgets._scheduler import FakeClock
from widgets.apps import PlayApp


def table(seed: int = 2, **kwargs: Any) -> TrickTableWidget:
    kwargs.setdefault("bot_delay", 0)
    return TrickTableWidget(explorer.new_game("tindahan", players=3, seed=seed), 0, **kwargs)


def click(w: TrickTableWidget, kind: str, **data: Any) -> bool:
    return w.handle_intent({"type": kind, **data})


def play_first(w: TrickTableWidget) -> str:
    action = str(w.view["legal"][0])
    assert click(w, "play", action=action, move=w.view["move_number"]), w.error
    return action


def test_undo_takes_back_the_learners_move_with_the_bots_replies_and_redo_repeats_it() -> None:
    w = table()
    start = w.state
    assert not w.view["timeline"]["can_undo"] and not w.view["timeline"]["can_redo"]
    play_first(w)
    after = w.state
    assert len(after.actions()) > 1 and after.current_player == 0, "the bots replied"
    assert w.view["timeline"]["can_undo"]
    assert click(w, "undo")
    assert w.state.actions() == start.actions() and w.state.current_player == 0
    assert w.view["legal"] == start.view(0)["legal"], "the previous position, offered again"
    assert w.view["timeline"]["can_redo"] and not w.view["timeline"]["can_undo"]
    assert click(w, "redo")
    assert w.state.actions() == after.actions() and w.view["move_number"] == len(after.actions())
    assert not w.view["timeline"]["can_redo"]


def test_a_new_move_after_undo_drops_the_taken_back_line() -> None:
    w = table()
    first = play_first(w)
    assert click(w, "undo")
    other = next(a for a in w.view["legal"] if a != first)
    assert click(w, "play", action=other)
    assert w.state.actions()[0] == other
    assert not w.view["timeline"]["can_redo"]
    assert w.view["timeline"]["last"] == len(w.state.actions())


def test_undo_while_the_bots_move_cancels_them() -> None:
    clock = FakeClock()
    w = table(bot_delay=0.5, scheduler=clock)
    play_first(w)
    clock.advance(0.5)  # one bot has replied, the next one waits
    assert w.busy and len(w.state.actions()) == 2
    assert click(w, "undo")
    assert w.state.actions() == [] and not w.busy
    clock.advance(10)
    assert w.state.actions() == [], "the cancelled bots stay still"


def test_review_shows_a_past_position_offers_nothing_and_goes_back() -> None:
    w = table()
    for _ in range(3):
        play_first(w)
    now = w.state
    assert click(w, "goto", move=2)
    view, line = w.view, w.view["timeline"]
    assert line["mode"] == "review" and line["shown"] == 2 and line["current"] == len(now.actions())
    assert view["move_number"] == 2 and view["legal"] == [] and view["labels"] == {}
    past = explorer.replay({**now.to_record(), "actions": now.actions()[:2]})
    assert view["events"] == past.view(0)["events"], "the past position, from the learner's seat"
    assert w.state is now, "reviewing does not change the game"
    refused = {"type": "play", "action": now.view(0)["legal"][0]}
    assert not w.handle_intent(refused) and w.error["rule"] == REVIEWING
    assert not click(w, "undo") and w.error["rule"] == TIMELINE
    assert click(w, "back")
    assert w.view["timeline"]["mode"] == "play" and w.view["legal"] == now.view(0)["legal"]


def test_play_on_from_a_past_position_drops_the_later_moves_and_lets_the_bots_move() -> None:
    w = table()
    for _ in range(3):
        play_first(w)
    line = w.state.actions()
    assert click(w, "goto", move=2)  # the second seat's move: the bots are to act there
    assert click(w, "play-on")
    view = w.view["timeline"]
    assert view["mode"] == "play" and w.state.actions()[:2] == line[:2]
    assert w.state.current_player == 0, "the bots moved on from there to the learner's turn"
    assert not view["can_redo"]


def test_a_finished_game_replays_step_by_step_to_the_same_scores() -> None:
    w = table()
    while not w.state.is_over:
        play_first(w)
    final, line = w.state, w.view["timeline"]
    assert line["finished"] and line["last"] == len(final.actions())
    assert len(line["log"]) == len(final.actions()) + 1
    assert all(entry["texts"] for entry in line["log"]), "every move tells what happened"
    assert not any("seat 0" in t.lower() for e in line["log"] for t in e["texts"])
    seen = []
    for move in range(line["last"] + 1):
        assert click(w, "goto", move=move)
        seen.append(w.view["scores"])
    assert seen[0] == [0, 0, 0] and seen[-1] == final.scores() and w.view["is_over"]
    assert click(w, "back") and w.state is final


def test_a_saved_record_replays_and_a_bad_one_changes_nothing() -> None:
    final = Table(explorer.new_game("tindahan", players=4, seed=9), "heuristic").play_out()
    app = PlayApp("tindahan", {"players": "3", "seed": "1", "delay": "0"})
    before = app.table
    for bad in ("{nope", "[1, 2]", json.dumps({"game": "bastos"}),
                json.dumps({**final.to_record(), "actions": ["durian-99"]})):
        app.loader.load(bad)
        assert "Not loaded" in app.loader.message.value and app.table is before, bad
    app.loader.load(json.dumps(final.to_record()))
    w = app.table
    assert w is not None and w is not before and w.state.players == 4
    assert w.view["timeline"]["mode"] == "review" and w.view["move_number"] == 0
    assert w.view["timeline"]["last"] == len(final.actions())
    assert click(w, "goto", move=len(final.actions()))
    assert w.view["scores"] == final.scores()
    assert click(w, "back") and w.state.actions() == final.actions()


def test_a_scored_round_pauses_the_bots_until_continue() -> None:
    clock = FakeClock()
    w = table(seed=3, bot_delay=0.2, scheduler=clock, pause_rounds=True)
    while w.view["pause"] is None:
        clock.advance(1)
        assert not w.state.is_over
        if w.view["legal"]:
            play_first(w)
    pause = w.view["pause"]
    assert pause["round"] == 1 == w.state.rounds_scored() and pause["period"] == "round"
    assert pause["lines"] and all(line["rule_text"] for line in pause["lines"])
    assert pause["totals"] == w.state.scores()
    assert sum(pause["round_points"]) == sum(line["points"] for line in pause["lines"])
    if w.state.current_player != 0:  # the bots are to act: they wait for the learner
        moves = len(w.state.actions())
        clock.advance(30)
        assert len(w.state.actions()) == moves and not w.busy
    assert click(w, "continue")
    assert w.view["pause"] is None
    clock.advance(30)
    assert w.state.current_player == 0 or w.state.is_over


def test_the_bots_speed_is_an_intent() -> None:
    clock = FakeClock()
    w = table(bot_delay=0.6, scheduler=clock)
    assert [c["label"] for c in w.view["speed"]["choices"]] == ["slow", "normal", "fast", "instant"]
    play_first(w)
    assert w.busy
    assert click(w, "speed", delay=0)  # instant: the waiting bots move at once
    assert w.bot_delay == 0 and w.view["speed"]["delay"] == 0
    assert w.state.current_player == 0 and not w.busy
    assert click(w, "speed", delay=1.5) and w.view["speed"]["delay"] == 1.5
    url = table(bot_delay=0.05)
    assert {"label": "0.05 s", "delay": 0.05} in url.view["speed"]["choices"], "a URL's delay is listed"


@pytest.mark.parametrize(
    ("message", "rule"),
    [
        ({"type": "undo"}, TIMELINE),
        ({"type": "redo"}, TIMELINE),
        ({"type": "back"}, TIMELINE),
        ({"type": "play-on"}, TIMELINE),
        ({"type": "goto", "move": 500}, TIMELINE),
        ({"type": "goto"}, BAD_MESSAGE),
        ({"type": "goto", "move": "2"}, BAD_MESSAGE),
        ({"type": "goto", "move": -1}, BAD_MESSAGE),
        ({"type": "goto", "move": True}, BAD_MESSAGE),
        ({"type": "goto", "move": 1.5}, BAD_MESSAGE),
        ({"type": "undo", "steps": 3}, BAD_MESSAGE),
        ({"type": "speed"}, BAD_MESSAGE),
        ({"type": "speed", "delay": "fast"}, BAD_MESSAGE),
        ({"type": "speed", "delay": -1}, BAD_MESSAGE),
        ({"type": "speed", "delay": 11}, BAD_MESSAGE),
        ({"type": "speed", "delay": float("nan")}, BAD_MESSAGE),
        ({"type": "speed", "delay": True}, BAD_MESSAGE),
        ({"type": "continue", "round": 1}, BAD_MESSAGE),
    ],
)
def test_forged_time_travel_is_refused_and_changes_nothing(message: dict[str, Any], rule: str) -> None:
    w = table()
    before, view, delay = w.state, dict(w.view), w.bot_delay
    assert w.handle_intent(message) is False
    assert w.error["rule"] == rule and w.error["message"]
    assert w.state is before and w.bot_delay == delay
    assert {k: v for k, v in w.view.items()} == view


def test_each_time_travel_intent_sends_one_update() -> None:
    w = table()
    play_first(w)
    sent: list[Any] = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    for message in ({"type": "undo"}, {"type": "redo"}, {"type": "goto", "move": 1}, {"type": "back"},
                    {"type": "speed", "delay": 1.5}):
        sent.clear()
        assert w.handle_intent(message), w.error
        assert len(sent) == 1, (message, len(sent))


def test_names_read_from_the_learners_seat() -> None:
    w = table()
    assert w.names == ["You", "Ben", "Carlo"] and w.view["names"] == w.names
    play_first(w)
    texts = [t for e in w.view["timeline"]["log"] for t in e["texts"]]
    assert any(t.startswith("You play") for t in texts) and any(t.startswith("Ben ") for t in texts)
    hot = TrickTableWidget(explorer.new_game("tindahan", players=3, seed=2), [0, 1], bots="heuristic")
    assert hot.names == ["Ana", "Ben", "Carlo"]


def test_the_line_follows_states_set_from_python() -> None:
    start = explorer.new_game("tindahan", players=3, seed=2)
    w = TrickTableWidget(start, None, bots=None, bot_delay=0)  # every seat the learner's: no bots
    for _ in range(4):
        play_first(w)
    played = w.state
    w.state = explorer.replay({**played.to_record(), "actions": played.actions()[:2]})
    line = w.view["timeline"]
    assert (line["current"], line["last"], line["can_redo"]) == (2, 4, True), "a position on the line"
    assert click(w, "redo") and w.state.actions() == played.actions()[:3]
    w.state = played
    assert (w.view["timeline"]["current"], w.view["timeline"]["last"]) == (4, 4)
    other = explorer.new_game("tindahan", players=3, seed=3)
    w.state = other
    line = w.view["timeline"]
    assert (line["first"], line["current"], line["last"]) == (0, 0, 0), "another deal: a line of its own"
    assert [e["move"] for e in line["log"]] == [0]
