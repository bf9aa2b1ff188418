"""The score-your-own-table page driven as a learner would: controls set, **Score** pressed, and the
sheet shown compared with ``explorer.score_table`` of the same position, written out here by hand (so
the form's reading of its controls is checked too); refused positions show the rule and change nothing
else."""

from __future__ import annotations

from typing import Any

import ipywidgets as ipw
import pytest

import explorer
from explorer import PositionError
from widgets._scorer_forms import BangkokForm, BastosForm, KlongsForm, TindahanForm
from widgets.scorer import ScorerApp, scorer_app


def app_for(game: str, players: int) -> ScorerApp:
    return ScorerApp({"game": game, "players": str(players)})


def scored(app: ScorerApp, names: list[str], position: dict[str, Any], **rules: Any) -> None:
    """Press Score; the page shows exactly the engine's sheet of ``position``."""
    app.score_button.click()
    assert 'role="status"' in app.message.value, app.message.value
    sheet = explorer.score_table(str(app.game.value), names, position, **rules)
    assert sheet._repr_html_() in app.sheet.value
    assert app.form is not None and app.form.position() == position


def refused(app: ScorerApp, rule: str) -> None:
    """Press Score on a position the engine refuses: the alert names the rule with its text."""
    assert app.form is not None
    before = app.form.position()
    with pytest.raises(PositionError):
        explorer.score_table(str(app.game.value), app.form.names, before, **app.chosen_rules())
    app.score_button.click()
    text = getattr(explorer, str(app.game.value)).RULES[rule].text
    assert 'role="alert"' in app.message.value and rule in app.message.value
    assert text.replace("'", "&#x27;").replace('"', "&quot;") in app.message.value
    assert app.sheet.value == "" and app.form.position() == before


def test_tindahan_a_round_by_counters() -> None:
    app = app_for("tindahan", 3)
    form = app.form
    assert isinstance(form, TindahanForm) and form.names == ["You", "Ben", "Carlo"]
    for seat, (tricks, held) in enumerate([(3, 5), (4, 0), (2, 7)]):
        form.tricks[seat].value, form.held[seat].value = tricks, held
    form.sellers["banana"][0].value, form.sellers["banana"][2].value = 3, 2
    form.sellers["mango"][0].value, form.sellers["durian"][2].value = 2, 1
    form.trump.value = "durian"
    scored(app, ["You", "Ben", "Carlo"], {
        "tricks": [3, 4, 2], "hand_cards": [5, 0, 7],
        "sellers": {"banana": [3, 0, 2], "mango": [2, 0, 0], "durian": [0, 0, 1]}, "trump": "durian",
        "round": 1})
    form.held[1].value = 1  # every hand still holds cards: the round is not over
    refused(app, "tindahan.round-end")


def test_tindahan_rules_options_reach_the_engine_and_the_form() -> None:
    app = app_for("tindahan", 3)
    app.rules["sellers_between_rounds"].value = "stay"  # the form now asks for the sellers sent
    app.rules["trump_bonus_tie"].value = "none"
    form = app.form
    assert isinstance(form, TindahanForm) and len(form.sent) == 3
    form.tricks[0].value, form.tricks[1].value = 9, 1  # every card played: 10 tricks
    form.sellers["banana"][0].value = form.sellers["banana"][1].value = 2
    form.sent[0].value = 1
    rules = {"sellers_between_rounds": "stay", "trump_bonus_tie": "none"}
    assert app.chosen_rules() == rules
    scored(app, ["You", "Ben", "Carlo"], {
        "tricks": [9, 1, 0], "hand_cards": [0, 0, 0],
        "sellers": {"banana": [2, 2, 0], "mango": [0, 0, 0], "durian": [0, 0, 0]}, "trump": "banana",
        "round": 1, "sent": [1, 0, 0]}, **rules)
    assert "trump_bonus_tie='none'" in app.python.value.replace("&#x27;", "'")


def test_klongs_stocks_and_track() -> None:
    app = app_for("klongs", 2)
    form = app.form
    assert isinstance(form, KlongsForm) and form.names == ["You", "Yellow"]
    form.track[0].value, form.track[1].value = 40, 52
    form.stocks[0]["bananas"].value, form.stocks[0]["fish"].value, form.stocks[0]["flowers"].value = 1, 3, 7
    form.stocks[1]["fish"].value, form.stocks[1]["thief"].value = 1, 1
    scored(app, ["You", "Yellow"], {
        "stocks": [["flowers"] * 7 + ["fish"] * 3 + ["bananas"], ["fish", "thief"]], "scores": [40, 52]})
    form.stocks[1]["fish"].value = 7  # 10 fish boats in all: more than the edition has
    app.score_button.click()
    assert 'role="alert"' in app.message.value and "10 fish boats in all" in app.message.value
    assert app.sheet.value == ""


def test_bangkok_markets_by_drop_downs() -> None:
    app = app_for("bangkok", 2)
    form = app.form
    assert isinstance(form, BangkokForm) and form.names == ["You", "Boon"]
    rows = ["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"]
    faces = " ".join(rows).split()
    faces[3] = "ZF"  # the form offers each face as the edition writes it
    for cell, face in zip(form.cells[0], faces, strict=True):
        cell.value = face
    form.cells[1][0].value, form.cells[1][1].value = "PZ", "ZB"
    form.objectives[0].value, form.objectives[1].value = "B", "P"
    markets = [[" ".join(faces[i:i + 3]) for i in (0, 3, 6)], ["PZ ZB .", ". . .", ". . ."]]
    scored(app, ["You", "Boon"], {"markets": markets, "objectives": ["B", "P"]})
    labels = dict(form.cells[0][0].options)
    assert "empty" in labels and all("!" not in label for label in labels)  # words, not faces
    form.cells[1][0].value = "."  # Boon's market no longer starts at a1
    refused(app, "bangkok.market.first-corner")


def test_bangkok_an_option_the_scoring_reads() -> None:
    app = app_for("bangkok", 1)
    app.rules["type1_below_zero"].value = True  # a new option is a new form
    form = app.form
    assert isinstance(form, BangkokForm) and form.names == ["You"]
    faces = ["PZ", "PPZ", ".", "PP", "P!1P", "PZB", ".", "PBF", "."]
    for cell, face in zip(form.cells[0], faces, strict=True):
        cell.value = face
    form.objectives[0].value = "Z"
    position = {"markets": [["PZ PPZ .", "PP P!1P PZB", ". PBF ."]], "objectives": ["Z"]}
    scored(app, ["You"], position, type1_below_zero=True)
    assert explorer.score_table("bangkok", ["You"], position)._repr_html_() not in app.sheet.value


def test_bastos_tricks_added_and_removed() -> None:
    app = app_for("bastos", 3)
    form = app.form
    assert isinstance(form, BastosForm) and form.names == ["You", "Ben", "Carlo"]
    assert [value for _label, value in form.cards[0].options][:2] == ["banana-1", "banana-2"]
    form.values["banana"].value, form.values["mango"].value = 2, -1
    assert not form.add_trick()  # no card chosen: said, and nothing added
    assert 'role="alert"' in form.said.value and form.tricks == []
    for seat, cards in [(0, ["banana-3", "banana-9", "mango-7"]), (2, ["durian-1", "durian-5", "mango-2"]),
                        (1, ["banana-1", "banana-2", "banana-4"])]:
        form.taker.value = seat
        for box, card in zip(form.cards, cards, strict=True):
            box.value = card
        form.add_button.click()
    assert len(form.listing.children) == 3 and form.said.value == ""
    form.remove_trick(2)
    scored(app, ["You", "Ben", "Carlo"], {
        "values": {"banana": 2, "mango": -1, "pineapple": 0, "durian": 0},
        "won": [["banana-3", "banana-9", "mango-7"], [], ["durian-1", "durian-5", "mango-2"]], "round": 1})
    form.values["banana"].value = 4  # off the value table
    refused(app, "bastos.values.clamp")


def test_a_card_counted_twice_is_said_not_raised() -> None:
    app = app_for("bastos", 3)
    form = app.form
    assert isinstance(form, BastosForm)
    for _ in range(2):
        for box, card in zip(form.cards, ["banana-1", "banana-2", "banana-3"], strict=True):
            box.value = card
        form.add_trick()
    app.score_button.click()
    said = app.message.value
    assert 'role="alert"' in said and "Banana 1 is counted twice, in your tricks" in said


def test_the_python_call_scores_as_the_page() -> None:
    app = app_for("tindahan", 4)
    form = app.form
    assert isinstance(form, TindahanForm) and form.names == ["You", "Ben", "Carlo", "Dina"]
    form.tricks[2].value, form.held[0].value = 10, 0
    app.score_button.click()
    code = app.python.value.split(">", 1)[1].rsplit("<", 1)[0]
    for escaped, plain in (("&#x27;", "'"), ("&quot;", '"'), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")):
        code = code.replace(escaped, plain)
    namespace: dict[str, Any] = {}
    exec(code, namespace)  # what "Show as Python" gives is the call that made the sheet shown
    assert namespace["sheet"]._repr_html_() in app.sheet.value


def test_game_and_players_menus_rebuild_the_form_and_clear_the_sheet() -> None:
    app = app_for("bastos", 4)
    assert app.players.value == 4 and isinstance(app.form, BastosForm) and len(app.form.cards) == 4
    app.score_button.click()
    assert app.sheet.value
    app.game.value = "klongs"
    assert isinstance(app.form, KlongsForm) and app.players.value == 4 and app.sheet.value == ""
    app.players.value = 2
    assert isinstance(app.form, KlongsForm) and app.form.names == ["You", "Yellow"]
    assert list(app.rules) == []
    app.game.value = "bastos"  # no Bastos! table of 2: the fewest it takes; a fruit is boxed with three
    assert app.players.value == 3 and list(app.rules_box.children) == [app.rules["removed_fruit"]]
    app.rules["removed_fruit"].value = "durian"
    assert app.chosen_rules() == {"removed_fruit": "durian"}
    assert isinstance(app.form, BastosForm) and "lanzones" in app.form.values
    app.players.value = 4
    assert app.chosen_rules() == {} and list(app.rules_box.children) == []
    app.game.value = "tindahan"
    assert app.players.value == 4 and list(app.rules) == ["trump_bonus_tie", "sellers_between_rounds",
                                                   "empty_round_sellers"]
    assert ScorerApp({"game": "chess", "players": "9"}).game.value == "tindahan"
    assert scorer_app({"game": "bangkok"}).children


def test_every_control_has_an_accessible_name() -> None:
    for game in explorer.GAMES:
        app = app_for(game, 4 if game != "tindahan" else 5)
        pending = [app.box]
        while pending:
            widget = pending.pop()
            pending.extend(getattr(widget, "children", ()))
            if isinstance(widget, ipw.Button | ipw.Dropdown | ipw.BoundedIntText):
                assert widget.tooltip and widget.description, (game, widget)
