"""The analysis app: its controls follow the game, a run fills the results, bad choices say why."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as ipw

from widgets.analysis_app import AnalysisApp, answers

DATA = Path(__file__).parents[2] / "notebooks" / "data"  # benchmarks/analysis_questions.py writes it


def test_the_controls_follow_the_game() -> None:
    app = AnalysisApp()
    app.game.value = "bangkok"
    assert app.players.options == (1, 2, 3, 4)
    app.option.value = "expert"
    assert set(app.values.value) == {False, True}
    app.option.value = ""
    assert app.values.disabled


def test_a_run_moves_the_progress_and_draws_the_summary_and_charts() -> None:
    app = AnalysisApp()
    app.game.value = "tindahan"
    app.players.value = (3,)
    app.option.value = "trump_bonus_tie"
    app.games.value = 5
    app.run()
    assert app.progress.value == app.progress.max == 5 * len(app.values.value)
    summary, *charts = app.results.children
    assert isinstance(summary, ipw.HTML) and "win share" in summary.value
    assert len(charts) == 4
    assert all("application/vnd.plotly.v1+json" in c.outputs[0]["data"] for c in charts)
    assert not app.run_button.disabled and app.status.value == ""


def test_a_sweep_that_cannot_run_says_why() -> None:
    app = AnalysisApp()
    app.players.value = ()
    app.run()
    assert "Cannot run this sweep" in app.status.value and "player count" in app.status.value
    assert app.results.children == () and not app.run_button.disabled


def test_missing_saved_answers_say_how_to_make_them(tmp_path: Path) -> None:
    box = answers(tmp_path)
    assert "analysis_questions.py" in box.children[0].value


def test_the_saved_answers_state_their_figures() -> None:
    box = answers(DATA)
    text = " ".join(getattr(child, "value", "") for child in box.children)
    assert "expert" in text and "must not touch" in text and "first-seat" in text
    assert "95% interval" in text and "p " in text
