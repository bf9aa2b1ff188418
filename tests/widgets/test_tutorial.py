"""The guided game's page, driven as the browser would (intents): the guide's first words and
outlines, a move held back with what to try (and nothing changed), the game played to its end, the
panel following it, and Start again."""

from __future__ import annotations

import pytest

import explorer
from explorer import tutorials
from widgets._guided import MARKS, selectors
from widgets.tutorial import TutorialApp

GAMES = list(tutorials.TUTORIALS)  # each game's guided game, and its variants ("bangkok-solo")
FAST = {"delay": "0", "pause": "0"}


def play(app: TutorialApp, action: str) -> bool:
    return app.table.handle_intent({"type": "play", "action": action, "move": len(app.table.state.actions())})


@pytest.mark.parametrize("game", GAMES)
def test_the_page_starts_with_the_guides_words_and_outlines(game: str) -> None:
    app = TutorialApp(game, FAST)
    first = app.guide.lessons[0]
    assert first.text.split(".")[0] in app.panel.value
    assert app.table.view["marks"], "the first step outlines nothing"
    assert "Rules met so far:" in app.progress.value


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_game_is_played_to_its_end_through_the_table(game: str) -> None:
    app = TutorialApp(game, FAST)
    final, walked = tutorials.walk(app.script)
    actions = final.actions()
    held = False
    while not app.table.state.is_over:
        state = app.table.state
        assert state.current_player == app.script.seat
        step = app.guide.narrowing
        other = None if step is None else next(
            (str(a) for a in state.legal_actions() if not step.allows(str(a))), None)
        if step is not None and other is not None and not held:
            assert not play(app, other)
            said = app.table.error["message"]
            assert step.nudge in said and said.startswith("The guide asks:")
            assert app.table.state is state  # nothing changed
            held = True
        assert play(app, actions[len(state.actions())]), app.table.error
    assert app.table.state.actions() == actions
    assert tutorials.untaught(app.guide) == []
    total = len(app.guide.rules) - len(app.script.unmet)
    assert f"Rules met so far: {total} of {total}" in app.progress.value
    assert "game is over" in app.progress.value
    assert [lesson.title for lesson in app.guide.lessons] == [lesson.title for lesson in walked.lessons]
    app.start_again()
    assert app.table.state.actions() == [] or app.table.state.current_player == app.script.seat
    assert len(app.guide.lessons) < len(walked.lessons)


def test_marks_become_selectors_only_from_known_names_and_safe_arguments() -> None:
    view = {"led": "mango"}
    assert selectors("trick-table", ("hand", "stall:led", "stall:durian"), lambda: view) == [
        ".re-hand", ".re-stall.re-fruit-mango", ".re-stall.re-fruit-durian"]
    assert selectors("trick-table", ("nothing", 'action:"] *{', "hand:x"), lambda: view) == []
    assert set(MARKS) == {"trick-table", "bangkok-table", "klong-board"}


@pytest.mark.parametrize("game", GAMES)
def test_every_mark_a_script_names_is_a_part_of_its_table(game: str) -> None:
    # An unknown name outlines nothing, silently: a typo in a script would leave a step unmarked.
    script = tutorials.script(game)
    known = MARKS[getattr(explorer, script.game).SPEC.widget]
    named = {mark for step in script.steps for mark in step.marks}
    named |= {mark for marks in script.score_marks.values() for mark in marks}
    assert sorted(m for m in named if m.partition(":")[0] not in known) == []


def test_the_tables_restart_and_new_game_start_the_guided_deal_again() -> None:
    app = TutorialApp("tindahan", FAST)
    first = [lesson.text for lesson in app.guide.lessons]
    step = app.guide.narrowing
    assert step is not None
    allowed = next(str(a) for a in app.table.state.legal_actions() if step.allows(str(a)))
    assert play(app, allowed)
    assert len(app.guide.lessons) > len(first)
    for kind in ("restart", "new-game"):
        assert app.table.handle_intent({"type": kind})
        assert app.table.state.actions() == [] and app.table.state.seed == app.script.seed
        assert [lesson.text for lesson in app.guide.lessons] == first
        assert app.guide.narrowing is step


@pytest.mark.parametrize("name", GAMES)
def test_a_guided_table_on_a_kernels_loop_sees_every_position_the_bots_pass_through(name: str) -> None:
    # On a live kernel the state observers run after the bots' moves (call_soon): the guide must still
    # follow each position, or a step that comes between two bot moves is lost (it was, under load).
    from widgets._guided import guided
    from widgets._scheduler import FakeClock

    script = tutorials.script(name)
    final, walked = tutorials.walk(script)
    clock = FakeClock()
    guide = tutorials.Guide(script)
    table = guided(script.game)(guide.start(), script.seat, bots=script.bots, bot_delay=0,
                                guide=guide, scheduler=clock)
    actions = final.actions()
    while not table.state.is_over:
        state = table.state
        assert table.handle_intent({"type": "play", "action": actions[len(state.actions())],
                                    "move": len(state.actions())}), table.error
    clock.advance(0)
    assert [lesson.text for lesson in guide.lessons] == [lesson.text for lesson in walked.lessons]
