"""States, score sheets, catalogues, refusals and rulebook examples show themselves in a notebook:
static HTML drawn by the engine from the view model, in plain words with the viewer's names."""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest

import explorer
from explorer import GameState, IllegalAction, ScoreLine

PLAYERS = {"bangkok": 2, "klongs": 3, "tindahan": 3, "bastos": 4}
# What a learner must never read in a picture: notation, engine ids, markers, 0-based seats.
NOTATION = re.compile(r"\b(banana|lanzones|mango|pineapple|durian)-\d|boat\d\d|place:|market:|renew:|"
                      r"move:|seller:|raise:|lower:|‹|\b[Ss]eat \d|#\d\d")


def played(game: str, moves: int = 7, seed: int = 3) -> GameState:
    state = explorer.new_game(game, players=PLAYERS[game], seed=seed)
    for _ in range(moves):
        state = state.play(state.legal_actions()[0])
    return state


def finished(game: str) -> GameState:
    state = explorer.new_game(game, players=PLAYERS[game], seed=2)
    for _ in range(3000):
        if state.is_over:
            return state
        state = state.play(state.legal_actions()[-1])
    pytest.skip(f"{game} did not finish in 3000 moves")


def text_of(markup: str) -> str:
    """The words a reader sees: tags dropped, but titles (hover words) kept."""
    titles = " ".join(re.findall(r'title="([^"]*)"', markup))
    return html.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + titles)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_a_state_draws_its_table_as_the_seat_to_act(game: str) -> None:
    state = played(game)
    markup = state._repr_html_()
    assert state.current_player is not None
    view = state.view(state.current_player)
    assert markup.startswith("<figure") and f'data-game="{game}"' in markup
    words = text_of(markup)
    for name in view["names"]:
        assert name in words
    assert "your turn" in words
    assert "Last move (outlined)" in words and "re-just-played" in markup
    assert not NOTATION.search(words), NOTATION.search(words)
    assert "<script" not in markup
    # Readable on light and dark themes: every piece is a light tile with dark ink of its own.
    assert markup.count("color:#1b1b1b") >= 3


def test_each_game_draws_its_own_parts() -> None:
    parts = {"bangkok": ['data-role="port"', 'data-role="market"', "passion fruit"],
             "klongs": ['data-role="board"', 'data-role="track"', "Luk Phat"],
             "tindahan": ['data-role="stalls"', "Market stalls"],
             "bastos": ['data-role="values"', "Value table"]}
    for game, wanted in parts.items():
        markup = played(game)._repr_html_()
        for part in wanted:
            assert part in markup, (game, part)


@pytest.mark.parametrize("game", ["tindahan", "bastos", "bangkok", "klongs"])
def test_the_teaching_picture_shows_every_hand_and_the_plain_one_hides_them(game: str) -> None:
    state = played(game, moves=2)
    seat = state.current_player
    assert seat is not None
    other = (seat + 1) % state.players
    hidden = state.picture().html
    shown = state.picture(teaching=True).html
    assert "every hand face up" in shown and "every hand face up" not in hidden
    assert "face down" in hidden or "hidden" in hidden
    assert shown.count('data-role="hand"') == hidden.count('data-role="hand"') == state.players
    # The other seat's own view lists its hand: the teaching picture draws those cards.
    hand = state.view(other)["hand"]
    first = hand[0]
    word = first.get("name") or first.get("kind") if isinstance(first, dict) else str(first).replace("-", " ")
    assert word and html.escape(str(word)) in shown


def test_the_picture_is_drawn_only_when_shown() -> None:
    code = ("import sys, explorer\n"
            "s = explorer.new_game('klongs', players=2, seed=1)\n"
            "for _ in range(20): s = s.play(s.legal_actions()[0]); s.view(0)\n"
            "assert not any(m.startswith('explorer._draw') for m in sys.modules), 'drawn on play'\n"
            "s._repr_html_()\n"
            "assert 'explorer._draw' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_str_is_a_readable_text_board(game: str) -> None:
    board = str(played(game))
    assert board.count("\n") >= 3 and "‹" not in board and not re.search(r"\b[Ss]eat \d", board)


@pytest.mark.parametrize("game", ["tindahan", "bastos", "klongs"])
def test_a_score_sheet_is_a_list_of_lines_shown_as_an_itemised_table(game: str) -> None:
    state = finished(game)
    sheet = state.score_sheet()
    assert isinstance(sheet, list) and sheet and all(isinstance(line, ScoreLine) for line in sheet)
    assert list(sheet) == [tuple(line) for line in sheet]  # still a plain list of ScoreLine tuples
    markup = sheet._repr_html_()
    totals = re.search(r'data-role="totals".*', markup, re.S)
    assert totals is not None
    names = state.seat_names()
    for name, score in zip(names, state.scores(), strict=True):
        row = rf">{re.escape(html.escape(name))}<.*?<b>{score}</b>"
        assert re.search(row, totals.group(0)), (name, score)
    for rule in {line.rule for line in sheet}:
        assert html.escape(state.RULES[rule].text) in markup
    assert "Round 1" in markup
    assert not NOTATION.search(text_of(markup))


def test_an_empty_score_sheet_says_so_with_zero_totals() -> None:
    markup = explorer.new_game("tindahan", players=3, seed=1).score_sheet()._repr_html_()
    assert "No points scored yet" in markup and "<b>0</b>" in markup and "Carlo" in markup


@pytest.mark.parametrize("game", explorer.GAMES)
def test_a_rule_catalogue_is_a_table_by_section_with_every_rule(game: str) -> None:
    rules = getattr(explorer, game).RULES
    markup = rules._repr_html_()
    assert "<script" not in markup and markup.count("<details") == len({r.section for r in rules.values()})
    for rule in rules.values():
        assert html.escape(rule.id) in markup and html.escape(rule.text) in markup


def test_a_catalogue_search_narrows_the_table() -> None:
    found = explorer.tindahan.RULES.search("trump")
    assert 0 < len(found) < len(explorer.tindahan.RULES)
    assert all("trump" in f"{r.id} {r.text} {r.section}".lower() for r in found.values())
    assert "matching 'trump'" in html.unescape(found._repr_html_())
    assert "No rule matches" in explorer.tindahan.RULES.search("zzzz")._repr_html_()


@pytest.mark.parametrize("game", explorer.GAMES)
def test_a_refusal_shows_the_rules_text_and_the_reason(game: str) -> None:
    state = played(game, moves=2)
    with pytest.raises(IllegalAction) as caught:
        state.play("nonsense")
    err = caught.value
    text = state.RULES[err.rule].text if err.rule in state.RULES else "a rule of the engine"
    lines = err._render_traceback_()
    assert lines[0].startswith("IllegalAction") and err.reason in lines[1] and text in lines[2]
    markup = err._repr_html_()
    assert html.escape(err.reason) in markup and html.escape(text) in markup and "Refused" in markup


def test_a_follow_suit_refusal_names_its_rule_in_words() -> None:
    for seed in range(1, 40):  # a deal where the second player holds the led fruit and another
        state = explorer.new_game("tindahan", players=3, seed=seed)
        state = state.play(next(a for a in state.legal_actions() if "-" in str(a)))
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        off = [card for card in view["hand"] if not card.startswith(f"{view['led']}-")]
        if off and len(off) < len(view["hand"]):
            break
    err = state.check(off[0])
    assert err is not None and err.rule == "tindahan.follow-suit"
    assert html.escape(explorer.tindahan.RULES[err.rule].text) in err._repr_html_()


@pytest.mark.parametrize("game", explorer.GAMES)
def test_a_rulebook_example_shows_book_beside_engine(game: str) -> None:
    example = getattr(explorer, game).EXAMPLES[0]
    markup = example._repr_html_()
    assert html.escape(example.title) in markup and "Book" in markup and "Engine" in markup
    assert "\u2713 same" in markup and "DIFFERENT" not in markup
    lines = explorer.compare_example(example)
    assert isinstance(lines, list) and all(isinstance(line, str) for line in lines)
    assert lines._repr_html_() == markup  # type: ignore[attr-defined]


def test_an_example_that_disagrees_shows_different() -> None:
    from dataclasses import replace

    example = explorer.tindahan.EXAMPLES[0]
    wrong = replace(example, expected={**example.expected, "trump": "durian"})
    assert "\u2717 DIFFERENT" in wrong._repr_html_()
