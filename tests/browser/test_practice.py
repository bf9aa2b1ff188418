"""The practice page in Voila: an exercise answered right and one answered wrong, each marked by the
engine with its reason, the count per game kept, and a clean console."""

from __future__ import annotations

from typing import Any

import pytest

from explorer import exercises

from . import conftest

pytestmark = pytest.mark.browser


def open_practice(page: Any, voila_url: str, query: str) -> None:
    page.goto(f"{voila_url}/voila/render/practice.ipynb?{query}", wait_until="domcontentloaded",
              timeout=90_000)
    page.get_by_role("button", name="Check").wait_for(timeout=120_000)


def test_a_points_exercise_answered_right_is_marked_right_with_its_score_lines(page: Any,
                                                                               voila_url: str) -> None:
    exercise = exercises.draw("tindahan", seed=3, kind="points")
    expected = exercise.check(0).expected
    open_practice(page, voila_url, "game=tindahan&kind=points&seed=3")
    assert exercise.question.splitlines()[0] in page.locator(".re-practice").inner_text()
    points = page.get_by_label("Points")
    points.fill(str(expected))
    points.press("Tab")
    page.get_by_role("button", name="Check").click()
    status = page.get_by_role("status")
    status.wait_for(timeout=30_000)
    said = status.inner_text()
    assert said.startswith("Right.") and f"{expected} points" in said and "The rule:" in said
    assert "Tindahan: 1 of 1 right" in page.locator(".re-practice").inner_text()
    assert conftest.console_problems(page) == []


def test_a_legal_exercise_answered_wrong_shows_each_refusal_with_its_rule(page: Any, voila_url: str) -> None:
    exercise = exercises.draw("bastos", seed=3, kind="legal")
    legal = exercise.check(set()).expected
    wrong = next(i for i in range(len(exercise.choices)) if i not in legal)
    open_practice(page, voila_url, "game=bastos&kind=legal&seed=3")
    page.get_by_label(f"{exercises.LETTERS[wrong]}. {exercise.choices[wrong]}").check()
    page.get_by_role("button", name="Check").click()
    status = page.get_by_role("status")
    status.wait_for(timeout=30_000)
    said = status.inner_text()
    assert said.startswith("Not quite.") and "refused" in said and "The rule:" in said
    assert "Bastos!: 0 of 1 right" in page.locator(".re-practice").inner_text()
    page.get_by_role("button", name="Next exercise").click()
    page.locator(".re-practice [role=status]").wait_for(state="detached", timeout=60_000)
    assert conftest.console_problems(page) == []


def answer_points(page: Any, exercise: exercises.Exercise) -> str:
    """Type the engine's answer to the points exercise on show, Check, and return the marking."""
    points = page.get_by_label("Points")
    points.fill(str(exercise.check(0).expected))
    points.press("Tab")
    page.get_by_role("button", name="Check").click()
    status = page.get_by_role("status")
    status.wait_for(timeout=30_000)
    return str(status.inner_text())


def next_exercise(page: Any, shown: exercises.Exercise, coming: exercises.Exercise) -> None:
    """Press Next and wait for ``coming`` to be on show (a line of its question that ``shown`` lacks)."""
    page.get_by_role("button", name="Next exercise").click()
    page.locator(".re-practice [role=status]").wait_for(state="detached", timeout=60_000)
    new = next(line for line in coming.question.splitlines() if line not in shown.question.splitlines())
    page.locator(".re-practice").get_by_text(new, exact=True).first.wait_for(timeout=60_000)


def chosen(menu: Any) -> str:
    """The option a menu shows (ipywidgets writes its spaces as no-break spaces)."""
    return str(menu.locator("option:checked").inner_text()).replace("\xa0", " ")


def test_three_right_in_a_row_move_up_a_level_and_say_so(page: Any, voila_url: str) -> None:
    """``?level=1`` presets the menu; three exercises citing one rule each, answered right, move the learner
    up to level 2, said on the page, and the next exercise cites two rules."""
    seed = 20
    run = [exercises.draw("tindahan", seed=seed + n, kind="points", level=1) for n in range(3)]
    after = exercises.draw("tindahan", seed=seed + 3, kind="points", level=2)
    open_practice(page, voila_url, f"game=tindahan&kind=points&level=1&seed={seed}")
    level = page.get_by_label("Level")
    assert chosen(level) == "1: One rule at a time"
    page.locator(".re-practice").get_by_text(run[0].question.splitlines()[1], exact=True).first.wait_for()
    for n, exercise in enumerate(run):
        said = answer_points(page, exercise)
        assert said.startswith("Right.") and said.count("The rule:") == 1
        if n < 2:
            assert "up to level" not in said
            assert f"{n + 1} in a row at level 1" in page.locator(".re-practice").inner_text()
            next_exercise(page, exercise, run[n + 1])
    assert "3 right in a row: up to level 2, two rules together" in said
    assert chosen(level) == "2: Two rules together"
    next_exercise(page, run[-1], after)
    said = answer_points(page, after)
    assert said.startswith("Right.") and said.count("The rule:") == 2
    assert "Tindahan: 4 of 4 right" in page.locator(".re-practice").inner_text()
    assert conftest.console_problems(page) == []
