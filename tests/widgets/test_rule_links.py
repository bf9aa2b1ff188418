"""The rules page's links: each rule's exercise (a table written ahead by ``python -m widgets.rule_links``)
still cites that rule on the practice page, and rule addresses exist only for the catalogue's rules."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

import explorer
from widgets import TrickTableWidget, rule_links
from widgets._intents import BAD_MESSAGE
from widgets._rule_positions import POSITIONS
from widgets.apps import score_sheet_html

# When this fails after a change to how exercises are drawn, write the table again:
#   .venv/bin/python -m widgets.rule_links
LINKS = [(game, rule) for game, rules in POSITIONS.items() for rule in rules]


@pytest.mark.parametrize(("game", "rule"), LINKS, ids=[rule for _, rule in LINKS])
def test_each_linked_exercise_cites_its_rule(game: str, rule: str) -> None:
    link = rule_links.position_link(game, rule)
    assert link is not None
    url = urlsplit(link.url)
    query = {key: values[0] for key, values in parse_qs(url.query).items()}
    assert url.path == "practice.ipynb" and query["game"] == game
    assert rule in rule_links.exercise_rules(game, query["kind"], int(query["seed"])), (
        f"{link.url} no longer cites {rule}: run .venv/bin/python -m widgets.rule_links")


def test_the_table_covers_every_game_with_its_own_rules() -> None:
    assert set(POSITIONS) == set(explorer.GAMES)
    for game, rules in POSITIONS.items():
        assert rules and set(rules) <= set(explorer.game_class(game).RULES), game


def test_a_rule_address_is_relative_and_only_for_catalogue_rules() -> None:
    assert rule_links.rule_url("bastos", "bastos.follow-suit") == (
        "rules.ipynb?game=bastos&rule=bastos.follow-suit")
    assert rule_links.rule_url("bastos", "tindahan.follow-suit") is None
    assert rule_links.rule_url("bastos", "widget.not-your-turn") is None
    assert rule_links.rule_url("chess", "chess.castle") is None
    unshown = next(rule for rule in explorer.tindahan.RULES if rule not in POSITIONS["tindahan"])
    assert rule_links.position_link("tindahan", unshown) is None


def test_each_score_line_links_to_its_rule() -> None:
    state = explorer.new_game("tindahan", players=3, seed=2)
    while not state.score_sheet():
        state = state.play(state.legal_actions()[0])
    sheet = score_sheet_html(state, ["You", "B", "C"])
    link = r'<a class="re-rule-link" href="([^"]+)" target="_blank" rel="noopener">Read the rule</a>'
    links = re.findall(link, sheet)
    assert len(links) == len(state.score_sheet())
    assert links == [html.escape(str(rule_links.rule_url("tindahan", line.rule)))
                     for line in state.score_sheet()]


def test_a_refusal_links_to_its_rule_and_a_widget_refusal_does_not() -> None:
    state = explorer.new_game("tindahan", players=3, seed=4)
    seat = state.current_player
    assert seat is not None
    action = "seller:banana"  # the starting player of a trick may not send a seller
    problem = state.check(action)
    assert problem is not None
    widget = TrickTableWidget(state, seat=seat, bots="random", bot_delay=0)
    assert not widget.handle_intent({"type": "play", "action": action, "move": widget.view["move_number"]})
    assert widget.error["rule_url"] == rule_links.rule_url("tindahan", problem.rule)
    assert problem.rule in explorer.tindahan.RULES
    # A message the widget itself refuses has no rule in the catalogue, so nothing to link to.
    assert not widget.handle_intent({"type": "cheat"})
    assert widget.error["rule"] == BAD_MESSAGE and "rule_url" not in widget.error
