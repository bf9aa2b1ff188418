"""Issue 11, bad input continued: strict edition fields, scenario positions checked against the
placement rules, positions that could never end refused, and every game's bound on actions."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import explorer
from explorer import EditionError
from explorer._core.bounds import bound
from explorer._errors import TooLong
from explorer._sweeps.sweep import plan
from explorer._sweeps.sweep import play as sweep_play
from explorer.bangkok import RULES as BANGKOK_RULES
from explorer.bangkok import default_edition as bangkok_edition
from explorer.cli import app
from explorer.klongs import default_edition as klongs_edition
from explorer.table import Table

# ---- editions: no coercion, no borrowed name ----------------------------------------------------


def klongs_data(**name: str) -> dict[str, Any]:
    data = copy.deepcopy(klongs_edition().model.model_dump(mode="json"))
    data["name"] = name.get("name", "my klongs")
    return data


@pytest.mark.parametrize(("change", "field", "expected"), [
    (lambda d: d["board"].update(rows="8"), "board.rows", "valid integer, not \"8\" (a string)"),
    (lambda d: d["boats"][0].update(baskets=True), "boats[0].baskets", "valid integer, not true (a boolean)"),
    (lambda d: d["boats"][0].update(neutral=0), "boats[0].neutral", "valid boolean, not 0 (a number)"),
    (lambda d: d["boats"][0].update(count=2.0), "boats[0].count", "valid integer"),
    (lambda d: d["track"][0].update(points="6"), "track[0].points", "valid integer"),
])
def test_klongs_edition_fields_are_not_coerced(change: Any, field: str, expected: str) -> None:
    data = klongs_data()
    change(data)
    with pytest.raises(EditionError) as caught:
        explorer.new_game("klongs", players=2, seed=1, edition=data)
    assert field in str(caught.value) and expected in str(caught.value), str(caught.value)


@pytest.mark.parametrize(("change", "field", "expected"), [
    (lambda d: d.update(name=5), "field name", "valid string, not 5 (a number)"),
    (lambda d: d.update(description=True), "description", "valid string, not true"),
])
def test_bangkok_edition_fields_are_not_coerced(change: Any, field: str, expected: str) -> None:
    data = copy.deepcopy(bangkok_edition().data)
    data["name"] = "my market"
    change(data)
    with pytest.raises(EditionError) as caught:
        explorer.new_game("bangkok", players=2, seed=1, edition=data)
    assert field in str(caught.value) and expected in str(caught.value), str(caught.value)


def test_a_user_klongs_edition_may_not_take_the_built_in_name(tmp_path: Path) -> None:
    data = klongs_data(name=klongs_edition().name)
    with pytest.raises(EditionError, match="field name: 'klongs-reconstructed' belongs to the built-in"):
        explorer.new_game("klongs", players=2, seed=1, edition=data)
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EditionError, match="belongs to the built-in"):
        explorer.new_game("klongs", players=2, seed=1, edition=path)
    data["name"] = "my copy"  # under a name of its own, the same components are welcome
    state = explorer.new_game("klongs", players=2, seed=1, edition=data)
    assert state.to_record()["edition"]["name"] == "my copy"


# ---- Bangkok scenario positions against the placement rules -------------------------------------

PORT = ["PZ ZB BF", "PF ZF PB", "P Z B"]
EMPTY = [". . .", ". . .", ". . ."]


def bangkok(market: list[str], **rules: Any) -> Any:
    start = {"port": PORT, "hands": [["P", "Z", "B"], ["F"]], "markets": [market, EMPTY]}
    return explorer.new_game("bangkok", players=2, seed=1, **rules, start=start)


@pytest.mark.parametrize(("market", "rules", "rule", "says"), [
    ([". PZ .", EMPTY[1], EMPTY[2]], {}, "bangkok.market.first-corner", "a1 is empty"),
    (["PZ . .", ". . ZB", EMPTY[2]], {}, "bangkok.market.adjacent", "c2 do not join"),
    (["PZ . .", EMPTY[1], "BB . ."], {}, "bangkok.market.adjacent", "a3 do not join"),
    (["PZ Z!1Z P!1P", EMPTY[1], EMPTY[2]], {}, "bangkok.market.chilli-row",
     "row 1 holds chilli cards at b1, c1"),
    (["P!1P PZ .", "Z!1Z . .", EMPTY[2]], {"expert": True}, "bangkok.market.chilli-column",
     "column 1 holds chilli cards at a1, a2"),
])
def test_a_bangkok_position_must_keep_the_placement_rules(market: list[str], rules: dict[str, Any], rule: str,
                                                          says: str) -> None:
    with pytest.raises(ValueError) as caught:
        bangkok(market, **rules)
    text = str(caught.value)
    assert rule in text and says in text and BANGKOK_RULES[rule].text in text, text


def test_a_bangkok_position_is_checked_under_its_own_options() -> None:
    column = ["P!1P PZ .", "Z!1Z . .", EMPTY[2]]  # two chilli cards in a column, none in a row
    row = ["P!1P Z!1Z .", EMPTY[1], EMPTY[2]]  # two in a row, none in a column
    assert bangkok(column).markets[0][0] >= 0  # the basic game limits rows only
    with pytest.raises(ValueError, match=r"bangkok\.market\.chilli-row"):
        bangkok(row)
    only_columns = {"expert": True, "expert_reading": "column-only"}  # the printed English sentence alone
    assert bangkok(row, **only_columns).markets[0][1] >= 0
    with pytest.raises(ValueError, match=r"bangkok\.market\.chilli-column"):
        bangkok(column, **only_columns)


# ---- positions that could never end -------------------------------------------------------------

NOBODY = {"port": PORT, "hands": [[], []]}


@pytest.mark.timeout(60)
def test_a_position_where_nobody_can_lay_a_card_is_no_game() -> None:
    # Refused where the game is made, not only where it is played out: new_game + play() by hand
    # would otherwise renew for ever.
    with pytest.raises(ValueError, match="could never end: every hand is empty") as caught:
        explorer.new_game("bangkok", players=2, seed=1, start=NOBODY)
    assert "bangkok.place.hand-card" in str(caught.value)
    assert BANGKOK_RULES["bangkok.place.hand-card"].text in str(caught.value)
    one_card = explorer.new_game("bangkok", players=2, seed=1, start={"port": PORT, "hands": [["PZ"], []]})
    assert Table(one_card, "random").play_out().is_over
    alone = explorer.new_game("bangkok", players=1, seed=1, start={"port": PORT, "hands": [[]]})
    assert Table(alone, "random").play_out().is_over  # alone, the game ends after 9 turns anyway


@pytest.mark.timeout(120)
def test_explorer_simulate_and_play_refuse_a_position_that_could_never_end() -> None:
    position = ["--players", "2", "--bots", "random", "--rule", "start=" + json.dumps(NOBODY)]
    for command in (["simulate", "bangkok", "-n", "2"], ["play", "bangkok", "--seat", "0"]):
        result = CliRunner().invoke(app, command + position, input="0\n" * 50)
        assert result.exit_code == 2, result.output
        assert "every hand is empty" in result.output and "bangkok.place.hand-card" in result.output


# ---- every game's bound on actions --------------------------------------------------------------


def random_length(game: str, index: int) -> tuple[explorer.GameState, int]:
    """A seeded random game over every player count and option, played on the fast path."""
    cls = explorer.game_class(game)
    rng = random.Random(index)
    players = cls.MIN_PLAYERS + index % (cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1)
    rules = {name: rng.choice(option.choices) for name, option in cls.OPTIONS.items() if option.choices}
    state = explorer.new_game(game, players=players, seed=index, **rules)
    playout = state.playout()
    actions = 0
    while not playout.is_over:
        playout.apply(rng.randrange(playout.legal()))
        actions += 1
    return state, actions


def test_random_games_stay_well_under_their_bound(game: str) -> None:
    worst = {True: 0.0, False: 0.0}  # the longest game's share of its bound, proved bounds and stops
    for index in range(60):
        state, actions = random_length(game, index)
        limit = bound(state)
        assert actions <= limit.actions, f"{game} seed {index}: {actions} actions, bound {limit.actions}"
        worst[limit.proved] = max(worst[limit.proved], actions / limit.actions)
    # A proved bound counts the worst case of every step; a stop (no rule bounds the game) is far off.
    assert worst[True] < 0.7 and worst[False] < 0.2, worst


@pytest.mark.timeout(60)
def test_a_table_past_the_bound_stops_with_a_clear_error() -> None:
    class Renewer:  # a bot that only ever renews the port: the book allows it, the game never ends
        name = "renewer"

        def choose(self, view: dict[str, Any]) -> str:
            return str(next(a for a in view["legal"] if a.startswith("renew:")))

    state = explorer.new_game("bangkok", players=2, seed=3)
    for _ in range(1195):  # the same renewals, without a table's views (quicker)
        state = state.play("renew:R1")
    table = Table(state, {0: Renewer(), 1: Renewer()})
    with pytest.raises(TooLong, match=r"Bangkok with 2 player\(s\), seed 3: 1201 actions .* bound of 1200"):
        table.play_out()
    assert len(table.state.actions()) == 1201 and not table.state.is_over


@pytest.fixture
def tiny_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tindahan's bound cut to 5 actions, to see each driver stop where it is passed."""
    monkeypatch.setattr(explorer.game_class("tindahan"), "_bound", lambda self: (5, True, "a test's bound"))


@pytest.mark.usefixtures("tiny_bound")
def test_the_cli_and_the_sweep_stop_past_the_bound() -> None:
    for command in (["simulate", "tindahan", "-n", "1", "--bots", "random"], ["random-game", "tindahan"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 3, result.output
        assert "6 actions and the game is not over, past the bound of 5 (a test's bound)" in result.output
    job = plan("tindahan", 3, bots="random", games=1).jobs[0]
    with pytest.raises(TooLong, match=r"sweep game 0 of combination 0 .*past the bound of 5"):
        sweep_play(job)
