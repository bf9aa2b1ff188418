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
