"""The rules page's step-by-step links: each rule's walkthrough step (a table written ahead by ``python -m
widgets.rule_steps``) still lists that rule when the walkthrough pages' code is run again, and the table
misses no rule a walkthrough shows; the guided games link the rules they teach."""

from __future__ import annotations

import html
import logging
import re
from urllib.parse import parse_qs, urlsplit

import pytest

import explorer
from explorer import tutorials
from widgets import rule_links, rule_steps
from widgets._rule_steps import STEPS
from widgets.rules_page import RulesPage

# When a test here fails after a change to a walkthrough page, write the table again:
#   .venv/bin/python -m widgets.rule_steps
AGAIN = "run .venv/bin/python -m widgets.rule_steps"
LINKS = [(game, rule) for game, rules in STEPS.items() for rule in rules]


@pytest.fixture(scope="module")
def captured() -> dict[str, rule_steps.Captured]:
    """Each walkthrough page's one walkthrough, from its code as it is now (a few seconds)."""
    found = {}
    for page in rule_steps.WALKTHROUGHS:
        tours = rule_steps.capture(page)
        assert len(tours) == 1, f"{page} builds {len(tours)} walkthroughs"
        found[page] = tours[0]
    return found


@pytest.mark.parametrize(("game", "rule"), LINKS, ids=[rule for _, rule in LINKS])
def test_each_linked_step_lists_its_rule(captured: dict[str, rule_steps.Captured], game: str,
                                         rule: str) -> None:
    link = rule_steps.step_link(game, rule)
    assert link is not None
    url = urlsplit(link.url)
    page = url.path.removesuffix(".ipynb")
    step = int(parse_qs(url.query)["step"][0])
    assert page in captured, f"{link.url}: no such walkthrough page"
    tour = captured[page]
    assert 1 <= step <= len(tour.steps), f"{link.url}: {page} has {len(tour.steps)} steps; {AGAIN}"
    shown = tour.steps[step - 1]
    assert rule in shown.rules and game == shown.state.GAME, f"{link.url} no longer shows {rule}; {AGAIN}"
    assert link.words == shown.title and link.where == f"{tour.title}, step {step}", AGAIN


def test_the_table_misses_no_rule_a_walkthrough_shows(captured: dict[str, rule_steps.Captured]) -> None:
    shown = {(step.state.GAME, rule)
             for tour in captured.values() for step in tour.steps for rule in step.rules}
    missing = sorted(rule for game, rule in shown if rule in explorer.game_class(game).RULES
                     and rule not in STEPS.get(game, {}))
    assert not missing, f"walkthrough steps show {missing}, which the table does not link; {AGAIN}"
    assert set(STEPS) == set(explorer.GAMES)
    for game, rules in STEPS.items():
        assert rules and set(rules) <= set(explorer.game_class(game).RULES), game


def test_every_walkthrough_page_but_the_readings_is_searched() -> None:
    pages = {path.stem for path in (rule_steps.NOTEBOOKS / "src").glob("*.py")
             if "Walkthrough(" in path.read_text(encoding="utf-8")}
    # klongs_readings holds a walkthrough per reading: one ?step= would move them all.
    assert pages - set(rule_steps.WALKTHROUGHS) == {"klongs_readings"}
    assert set(rule_steps.WALKTHROUGHS) <= pages


@pytest.fixture(scope="module")
def taught() -> dict[str, set[str]]:
    """The rules each guided game with a built page teaches, walked here again."""
    return {name: set(tutorials.walk(tutorials.script(name))[1].taught) for name in tutorials.TUTORIALS
            if (rule_steps.NOTEBOOKS / f"{rule_steps.tutorial_page(name)}.ipynb").exists()}


@pytest.mark.parametrize("game", tutorials.READY)
def test_each_rule_a_guided_game_teaches_links_to_the_first_that_does(taught: dict[str, set[str]],
                                                                    game: str) -> None:
    # In tutorials.TUTORIALS order: Bangkok's own guided game before its solo one.
    games = [name for name in taught if name.partition("-")[0] == game]
    if not games:
        pytest.skip(f"no guided game of {game} has its page yet")
    for rule in explorer.game_class(game).RULES:
        first = next((name for name in games if rule in taught[name]), None)
        link = rule_steps.tutorial_link(game, rule)
        if first is None:
            assert link is None, rule
        else:
            assert link is not None and link.url == f"{rule_steps.tutorial_page(first)}.ipynb", rule
            assert link.words == tutorials.script(first).title


def test_a_guided_game_that_cannot_be_walked_links_nothing_and_breaks_nothing(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("a tutorial half written")

    monkeypatch.setattr(tutorials, "walk", broken)
    rule_steps.taught_by_tutorials.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="widgets.rule_steps"):
            assert rule_steps.taught_by_tutorials("tindahan") == {}
            page = RulesPage({"game": "tindahan"})
        assert "re-rule-tutorial" not in page.rules.value and "could not be walked" in caplog.text
    finally:
        rule_steps.taught_by_tutorials.cache_clear()


@pytest.mark.parametrize("game", explorer.GAMES)
def test_the_rules_page_shows_each_rules_links(game: str) -> None:
    page = RulesPage({"game": game})
    for rule in explorer.game_class(game).RULES:
        after = page.rules.value.split(f'data-rule="{rule}"')[1]
        entry = re.split(r'<li class="re-rule-entry|</section>', after)[0]
        step, tutorial = rule_steps.step_link(game, rule), rule_steps.tutorial_link(game, rule)
        said = (f"See it in the rulebook's example: <a class=\"re-rule-step\" href=\"{step.url}\">"
                f"{html.escape(step.words)}</a>" if step is not None else 'class="re-rule-step"')
        assert (said in entry) == (step is not None), rule
        said = (f'Learned in the guided game: <a class="re-rule-tutorial" href="{tutorial.url}">'
                if tutorial is not None else 'class="re-rule-tutorial"')
        assert (said in entry) == (tutorial is not None), rule
        assert ('<ul class="re-rule-shown">' in entry) == any(
            (step, tutorial, rule_links.position_link(game, rule))), rule
