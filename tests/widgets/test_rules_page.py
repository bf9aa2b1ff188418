"""The rules page: every catalogue rule listed once under its section, search narrowing the list, the
rule a link asks for marked, and a bad query said in words without a crash."""

from __future__ import annotations

import re

import pytest

import explorer
from widgets.rules_page import OPTION_RULES, VARIANTS, RulesPage

ENTRY = re.compile(r'<li class="re-rule-entry[^"]*"(?: aria-current="true")? data-rule="([^"]+)"')


def listed(page: RulesPage) -> list[str]:
    return ENTRY.findall(page.rules.value)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_every_rule_is_listed_once_under_its_section(game: str) -> None:
    page = RulesPage({"game": game})
    rules = explorer.game_class(game).RULES
    assert sorted(listed(page)) == sorted(rules)
    for section in re.split(r'<section class="re-rules-section">', page.rules.value)[1:]:
        heading = re.search(r"<h3>(.*?)</h3>", section)
        assert heading is not None
        for rule in ENTRY.findall(section):
            assert heading.group(1) == rules[rule].section.replace('"', "&quot;").replace("'", "&#x27;")
            assert rules[rule].text.split()[0] in section


def test_the_search_narrows_to_the_rules_with_all_the_words() -> None:
    page = RulesPage({"game": "bastos"})
    page.search.value = "trump"
    shown = listed(page)
    assert shown == page.shown and 0 < len(shown) < len(explorer.bastos.RULES)
    assert all("trump" in f"{r.id} {r.text} {r.section}".lower()
               for r in map(explorer.bastos.RULES.__getitem__, shown))
    page.search.value = "trump lowers"
    assert len(listed(page)) < len(shown)
    page.search.value = "zebra crossing"
    assert listed(page) == [] and "No Bastos! rule contains" in page.rules.value
    page.search.value = ""
    assert len(listed(page)) == len(explorer.bastos.RULES)


def test_the_rule_asked_for_is_on_top_and_marked_in_its_section() -> None:
    rule = explorer.tindahan.RULES["tindahan.follow-suit"]
    page = RulesPage({"game": "tindahan", "rule": rule.id})
    assert page.marked == rule.id and rule.text in page.top.value
    marked = re.findall(r'class="re-rule-entry re-rule-marked" aria-current="true" data-rule="([^"]+)"',
                        page.rules.value)
    assert marked == [rule.id]
    page.game.value = "bastos"  # another game: nothing of Tindahan's stays marked
    assert page.top.value == "" and "re-rule-marked" not in page.rules.value


def test_a_rule_alone_opens_its_own_game() -> None:
    page = RulesPage({"rule": "klongs.draw.stack"})
    assert page.game.value == "klongs" and page.marked == "klongs.draw.stack"


@pytest.mark.parametrize(("query", "said"), [
    ({"game": "chess"}, "There is no game called “chess”"),
    ({"game": "bangkok", "rule": "bangkok.nonsense"}, "Bangkok has no rule “bangkok.nonsense”"),
    ({"game": "bangkok", "rule": "<b>x</b>"}, "&lt;b&gt;x&lt;/b&gt;"),
])
def test_a_bad_query_is_said_and_every_rule_still_listed(query: dict[str, str], said: str) -> None:
    page = RulesPage(query)
    assert said in page.notice.value and 'role="alert"' in page.notice.value
    assert page.marked is None and "<b>x" not in page.rules.value
    assert len(listed(page)) == len(explorer.game_class(page.game.value).RULES)


def test_each_option_is_named_at_the_rules_it_decides() -> None:
    for game in explorer.GAMES:
        cls = explorer.game_class(game)
        named = {name for names in OPTION_RULES[game].values() for name in names}
        # Every option but the scenario start decides some rule; every name is a rule and an option.
        assert named == set(cls.OPTIONS) - {"start"}, game
        assert set(OPTION_RULES[game]) <= set(cls.RULES), game
        page = RulesPage({"game": game})
        for rule, names in OPTION_RULES[game].items():
            entry = page.rules.value.split(f'data-rule="{rule}"', 1)[1].split("</li>", 1)[0]
            for name in names:
                assert f'data-option="{name}"' in entry
                words = "A variant" if name in VARIANTS else "A reading of the rulebooks"
                assert words in entry and cls.OPTIONS[name].doc[:40].replace("'", "&#x27;") in entry
