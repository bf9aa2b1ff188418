"""A game kept in the learner's browser (widgets/_keep.py): the view carries its record, "Resume it"
replays it on the page's table, and a record that does not replay is refused in words, changing nothing."""

from __future__ import annotations

import json

import explorer
from widgets._keep import RESUME_REFUSED
from widgets.apps import PlayApp
from widgets.practice import PracticeApp
from widgets.tutorial import TutorialApp


def learner_moves(app: PlayApp, moves: int) -> None:
    """The learner's legal moves, the bots answering at once (no event loop here)."""
    table = app.table
    assert table is not None
    for _ in range(moves):
        table.play(str(table.view["legal"][0]))


def test_a_play_app_keeps_its_record_and_resumes_it_on_a_fresh_page() -> None:
    app = PlayApp("tindahan", {"players": "3", "seat": "1", "seed": "5", "delay": "0"})
    learner_moves(app, 2)
    assert app.table is not None
    kept = app.table.view["kept"]
    assert kept["key"] == "play:tindahan" and kept["seat"] == 1 and not kept["over"]
    assert kept["record"] == app.table.state.to_record()  # the record, not the position
    fresh = PlayApp("tindahan", {"delay": "0"})  # another visit: 4 players, a secret deal
    assert fresh.table is not None and fresh.table.state.players == 4
    message = {"type": "resume", "record": json.dumps(kept["record"]), "seat": kept["seat"]}
    assert fresh.table.handle_intent(message)
    resumed = fresh.table
    assert resumed.state.to_record() == kept["record"] and resumed.seats == (1,)
    assert fresh.players.value == 3 and fresh.seat.value == 1


def test_a_record_that_no_longer_replays_is_refused_in_words_and_nothing_changes() -> None:
    app = PlayApp("bastos", {"players": "3", "seed": "2", "delay": "0"})
    assert app.table is not None
    table, before = app.table, app.table.state
    record = {**before.to_record(), "actions": ["not-a-move"]}
    assert not table.handle_intent({"type": "resume", "record": json.dumps(record), "seat": 0})
    assert table.error["rule"] == RESUME_REFUSED
    assert table.error["message"].startswith("Your game from before could not be resumed:")
    assert "Traceback" not in table.error["message"]
    assert app.table is table and table.state == before
    for bad in ({"type": "resume", "record": 7}, {"type": "resume", "record": "{}", "seat": "x"},
                {"type": "resume", "record": "[]", "extra": 1}, {"type": "resume", "record": "no json"}):
        assert not table.handle_intent(bad)
        assert table.state == before


def test_a_guided_game_is_kept_and_resumed_on_its_own_table() -> None:
    app = TutorialApp("tindahan", {"delay": "0", "pause": "0"})
    assert app.table.view["kept"]["key"] == "tutorial:tindahan"
    app.table.play(str(app.table.view["legal"][0]))  # the bots answer at once (no event loop here)
    played = app.table.view["kept"]["record"]
    again = TutorialApp("tindahan", {"delay": "0", "pause": "0"})
    assert again.table.handle_intent({"type": "resume", "record": json.dumps(played), "seat": 0})
    moves = len(played["actions"])
    assert again.table.state.actions()[:moves] == explorer.replay(played).actions()
    assert len(again.guide.lessons) >= len(app.guide.lessons) > 0  # the guide has followed the game


def test_practice_keeps_its_counts_and_streak_and_takes_them_back() -> None:
    app = PracticeApp({"game": "bastos", "level": "1", "seed": "3"})
    app.tally, app.streak = {"bastos": [2, 3], "tindahan": [1, 1]}, 2
    app.keep()
    kept = json.loads(app.kept.value)
    assert kept == {"tally": {"bastos": [2, 3], "tindahan": [1, 1]}, "streak": 2, "game": "bastos",
                    "kind": "any", "level": 1}
    again = PracticeApp({"seed": "1"})  # another visit: Tindahan, any level
    again.restore(app.kept.value)
    assert (again.tally, again.streak, again.game.value, again.level.value) == (app.tally, 2, "bastos", 1)
    assert "is back: Bastos! 2 of 3 right, Tindahan 1 of 1 right, 2 in a row at level 1" in again.marked.value
    assert "Bastos!: 2 of 3 right" in again.count.value
    for bad in ("not json", '{"tally": {"bastos": [5, 1]}, "streak": 0, "game": "bastos", "kind": "any"}',
                '{"tally": [], "streak": 1, "game": "chess", "kind": "any", "level": null}'):
        fresh = PracticeApp({"seed": "1"})
        fresh.restore(bad)
        assert "could not be read back" in fresh.marked.value and fresh.tally == {}
        assert fresh.kept.value == ""  # put aside
