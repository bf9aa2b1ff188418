"""The practice page's level: the menu offers the levels the chosen question comes at, ``?level=`` presets
it, the exercises drawn are at it, and three right in a row move the learner up a level, said on the page."""

from __future__ import annotations

from typing import Any

from explorer import exercises
from widgets.practice import LEVEL_WORDS, STREAK, PracticeApp


def answer(app: PracticeApp, right: bool) -> None:
    """Answer the exercise on show as a learner would (right or wrong, as the engine marks it), then Check."""
    exercise = app.exercise
    assert exercise is not None and exercise.kind == "points"
    expected: Any = exercise.check(0).expected
    app._inputs[0].value = expected if right else expected + 1
    app.check()


def test_the_level_is_preset_and_the_exercises_are_drawn_at_it() -> None:
    app = PracticeApp({"game": "tindahan", "kind": "points", "level": "2", "seed": "3"})
    assert app.level.value == 2 and app.exercise is not None and app.exercise.level == 2
    assert app.exercise.question == exercises.draw("tindahan", seed=3, kind="points", level=2).question
    assert [value for _, value in app.level.options] == ["any", *exercises.LEVELS["tindahan"]["points"]]
    app.kind.value = "trick"  # Tindahan's tricks come at levels 1 and 2 only
    assert [value for _, value in app.level.options] == ["any", 1, 2] and app.level.value == 2
    assert app.exercise.kind == "trick" and app.exercise.level == 2
    app.game.value = "klongs"  # its points come at one level: the menu follows it
    app.kind.value = "points"
    assert [value for _, value in app.level.options] == ["any", 1] and app.level.value == "any"


def test_no_level_preset_draws_as_without_levels() -> None:
    app = PracticeApp({"game": "bastos", "kind": "legal", "seed": "3", "level": "9"})
    assert app.level.value == "any" and app.exercise is not None
    assert app.exercise.question == exercises.draw("bastos", seed=3, kind="legal").question


def test_three_right_in_a_row_move_up_a_level_and_a_wrong_answer_starts_again() -> None:
    app = PracticeApp({"game": "tindahan", "kind": "points", "level": "1", "seed": "3"})
    answer(app, True)
    app.draw()
    answer(app, False)  # the streak starts again
    assert app.streak == 0 and app.level.value == 1
    for n in range(STREAK):
        app.draw()
        assert app.exercise is not None and app.exercise.level == 1
        answer(app, True)
        if n < STREAK - 1:
            assert app.level.value == 1 and "up to level" not in app.marked.value
            assert f"{n + 1} in a row at level 1" in app.count.value
    assert app.level.value == 2
    assert f"up to level 2, {LEVEL_WORDS[2].lower()}" in app.marked.value
    assert "Tindahan: 4 of 5 right" in app.count.value
    app.check()  # checking again counts nothing more
    assert "Tindahan: 4 of 5 right" in app.count.value and app.level.value == 2
    app.draw()
    assert app.exercise is not None and app.exercise.level == 2


def test_the_top_level_stays_and_says_so() -> None:
    app = PracticeApp({"game": "tindahan", "kind": "points", "level": "3", "seed": "1"})
    for _ in range(STREAK):
        answer(app, True)
        app.draw()
    assert app.level.value == 3 and app.streak == STREAK
    answer(app, True)
    assert app.level.value == 3 and "top level" in app.marked.value
