"""The learn notebook exported to static HTML, with no kernel: every game's table is drawn in it (the
engine's own pictures are plain HTML outputs), and so are the refusals, the score sheet, the rule
table and the rulebook example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nbconvert import HTMLExporter

import explorer

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "learn.ipynb"


@pytest.fixture(scope="module")
def exported() -> str:
    body, _ = HTMLExporter().from_filename(str(NOTEBOOK))  # type: ignore[no-untyped-call]
    return str(body)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_each_games_table_is_drawn_in_the_export(exported: str, game: str) -> None:
    assert f'class="re-picture re-picture-{game}"' in exported
    picture = exported[exported.index(f"re-picture-{game}"):]
    assert "re-just-played" in picture[:60_000]  # the last move is outlined


def test_the_export_shows_the_refusals_sheet_rules_and_example(exported: str) -> None:
    refusals = re.findall(r'data-role="reason"[^>]*>([^<]*)<', exported)
    assert len(refusals) == len(explorer.GAMES)
    assert any("you must follow banana" in reason for reason in refusals)
    rule = explorer.tindahan.RULES["tindahan.follow-suit"]
    assert rule.text.replace("'", "&#x27;") in exported or rule.text in exported
    assert 'data-role="score-sheet"' in exported and 'data-role="totals"' in exported
    assert 'data-role="catalogue"' in exported and "<details" in exported
    assert 'data-role="example"' in exported and "DIFFERENT" not in exported
    # Each game's drawn exercise, answered right and wrong: the engine's markings are outputs.
    assert len(re.findall(r"<pre>Right\. ", exported)) == len(explorer.GAMES)
    assert len(re.findall(r"\nNot quite\. You (?:chose|answered)", exported)) == len(explorer.GAMES)


def test_the_pictures_need_no_script(exported: str) -> None:
    for picture in re.findall(r'<figure class="re-picture.*?</figure>', exported, re.S):
        assert "<script" not in picture and "‹" not in picture
