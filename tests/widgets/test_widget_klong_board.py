"""KlongBoardWidget on the real Klongs engine, through simulated browser messages.

No browser here: the messages the JS would send go to the widget's handler, and what the JS would
draw (the ``view`` trait and its extras) is compared with the engine. The front-end files are checked
for being self-contained (no CDN) and, where ``node`` exists, for parsing as ES modules.
"""

from __future__ import annotations

import doctest
import json
import random
import re
import secrets
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer.bots import make_bot
from explorer.klongs import State
from explorer.klongs.examples import JOHN_POSITION, THIEF_POSITION, hand_boat, inspector_position
from widgets import KlongBoardWidget, klong_board
from widgets._session import BAD_MESSAGE, NOT_YOUR_TURN, STALE
from widgets.apps import PlayApp, finished_rounds
from widgets.walkthrough import Step, Walkthrough

STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"
# The engine's view model: everything the board draws (previews, hoods, protection, events) included.
VIEW_KEYS = {"game", "players", "seat", "current_player", "is_over", "scores", "winners", "legal", "labels",
             "events", "sheet", "move_number", "rules", "geometry", "colours", "colour", "phase", "prompt",
             "turn", "board", "placed", "hand", "hand_sizes", "stacks", "stocks", "supply", "movement_cards",
             "track", "lukphat", "market", "targets", "choices", "templates", "hood_limit", "hood_counts",
             "full_hoods", "protected_columns", "protected_spaces", "thief_row", "thief_spaces",
             "inspector_column", "inspector_spaces", "full_landings", "market_due", "score_groups"}
EXTRA_KEYS = {"names", "learners", "bots", "open_hands"}
LANDING_RULES = ("klongs.landing.score", "klongs.landing.cookshop")


def learner_turns(widget: KlongBoardWidget, choose: Any, limit: int = 2000) -> int:
    """Let ``choose(view)`` act for the learner through intents until the game ends."""
    clicks = 0
    while not widget.state.is_over and clicks < limit:
        view = widget.view
        assert view["current_player"] in widget.seats and not widget.busy
        action = choose(view)
        accepted = widget.handle_intent({"type": "play", "action": action, "move": view["move_number"]})
        assert accepted and widget.error == {}, widget.error
        clicks += 1
    return clicks


def landing_gains(before: explorer.GameState, after: explorer.GameState) -> dict[str, int]:
    """Points per colour the landing rules paid between two states."""
    out: dict[str, int] = {}
    for line in after.score_sheet()[len(before.score_sheet()):]:
        if line.rule in LANDING_RULES:
            colour = explorer.klongs.COLOURS[line.seat]
            out[colour] = out.get(colour, 0) + line.points
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_through_messages_scores_match_engine(players: int) -> None:
    widget = KlongBoardWidget.new_game("klongs", players=players, seat=0, seed=players, bot_delay=0)
    learner = make_bot("klongs", "heuristic", seed=99)
    scorings = 0

    def choose(view: dict[str, Any]) -> str:
        nonlocal scorings
        action = learner.choose(view)
        if action.startswith("score:"):
            # What the board shows for the landing is what the engine pays for it.
            scorings += 1
            landing = action[6:].partition(">")[0]
            shown = view["full_landings"][landing]["points"]
            before = widget.state
            assert landing_gains(before, before.play(action)) == shown
            assert set(view["targets"]["score"]) <= set(view["full_landings"])
        return action

    assert learner_turns(widget, choose) > 0
    view = widget.view
    assert view["is_over"] and view["phase"] == "over" and view["legal"] == []
    assert view["scores"] == widget.state.scores()
    assert view["winners"] == list(widget.state.outcome().winners)  # type: ignore[union-attr]
    assert scorings > 0, "the learner never scored a landing: choose another seed"
    assert isinstance(widget.state, State)
    assert finished_rounds(widget.state) == widget.state.market_days >= 1
    assert explorer.replay(widget.state.to_record()) == widget.state


def test_view_extras_and_hidden_boats() -> None:
    widget = KlongBoardWidget.new_game("klongs", players=3, seat=1, seed=5, bots="random", bot_delay=0)
    rng = random.Random(2)
    for _ in range(40):
        if widget.state.is_over:
            break
        view = widget.view
        assert set(view) >= VIEW_KEYS | EXTRA_KEYS
        assert set(view["labels"]) == set(view["legal"])
        assert view["open_hands"] is None
        text = json.dumps(view)
        hidden = widget.state.secrets(1)
        assert hidden and not [boat for boat in hidden if re.search(rf"\b{boat}\b", text)]
        widget.handle_intent({"type": "play", "action": rng.choice(view["legal"])})
    assert widget.view["events"], "bots' and learner's moves are told in words"
    widget.teaching = True
    hands = widget.view["open_hands"]
    snapshot = widget.state.snapshot()["hands"]
    assert [[face["id"] for face in hand] for hand in hands] == snapshot
    widget.teaching = False
    assert widget.view["open_hands"] is None


def test_hoods_landings_and_protection_follow_the_board() -> None:
    position = {"board": {"a1": "fish:2@red", "b1": "bananas:1", "b2": "shrimps:1@red",
                          "c1": "fish:1@yellow", "c2": "cookshop",
                          "e5": "inspector:1"},
                "hands": [["fish:0", "bananas:1", "flowers:2", "fish:3"], None]}
    widget = KlongBoardWidget(State.from_position(2, position), seat=0, bot_delay=0)
    view = widget.view
    assert view["hood_limit"] == 3
    assert view["full_hoods"] == [0] and view["hood_counts"][:2] == [3, 2]
    assert view["protected_columns"] == ["e"]
    full = view["full_landings"]
    assert set(full) == {"Lb1"}  # b1 c1 b2 c2: baskets 1 + 1 + 1 + 0, doubled by the cookshop
    assert full["Lb1"]["value"] == 6 and full["Lb1"]["points"] == {"red": 6, "yellow": 6}
    assert full["Lb1"]["owners"] == ["red", "yellow"]
    assert full["Lb1"]["formula"] == "baskets 1 + 1 + 1 + 0, doubled by the cookshop = 6 per merchant"
    assert view["protected_spaces"] == [f"e{row}" for row in range(1, 9)]


def test_thief_row_and_inspector_column_are_marked() -> None:
    state = State.from_position(2, THIEF_POSITION)
    widget = KlongBoardWidget(state, seat=None, bots=None, bot_delay=0)
    widget.play(f"place:{hand_boat(state, 0, 'thief')}@c3")
    view = widget.view
    assert view["phase"] == "thief" and view["thief_row"] == "3" and view["inspector_column"] is None
    assert view["thief_spaces"] == [f"{column}3" for column in "abcdefghij"]
    assert view["choices"]["steal:d3>stock"] == {"type": "steal", "space": "d3", "to": "stock"}
    assert set(view["protected_columns"]) == {"f", "h"}
    assert "The thief takes the" in view["labels"]["steal:d3>stock"]
    inspected = State.from_position(2, inspector_position(["e2"]))
    widget.state = inspected
    widget.play(f"place:{hand_boat(inspected, 0, 'inspector')}@e3")
    assert widget.view["phase"] == "inspect" and widget.view["inspector_column"] == "e"
    assert widget.view["inspector_spaces"] == [f"e{row}" for row in range(1, 9)]


def test_market_day_preview_matches_the_engine() -> None:
    # John (green) reaches the first Little Market Day; landing Lb2 pays green 10 and red 5.
    state = State.from_position(3, JOHN_POSITION)
    widget = KlongBoardWidget(state, seat=2, bots="random", bot_delay=0)
    for action in (f"place:{hand_boat(state, 2, 'eggplants')}@d1", "decline", "end"):
        assert widget.handle_intent({"type": "play", "action": action})
    view = widget.view
    assert view["phase"] == "market" and view["current_player"] == 2
    assert view["full_landings"]["Lb2"]["points"] == {"red": 5, "green": 10}
    assert view["targets"]["score"]["Lb2"] == ["b2", "c2"]
    assert "(Red scores 5, you score 10)" in view["labels"]["score:Lb2>b2"]
    before = widget.state
    assert widget.handle_intent({"type": "play", "action": "score:Lb2>b2", "move": view["move_number"]})
    assert landing_gains(before, widget.state) == {"green": 10, "red": 5}
    scored = next(e for e in widget.view["events"] if e["kind"] == "score")  # the bots play on after it
    assert scored["kind"] == "score" and scored["landing"] == "Lb2" and scored["seat"] == 2
    assert scored["points"] == {"red": 5, "green": 10}
    assert scored["text"].startswith("You scored landing Lb2 (Red +5, you +10), taking the fish boat")


def test_illegal_click_shows_engine_reason_and_rule() -> None:
    widget = KlongBoardWidget.new_game("klongs", players=2, seat=0, seed=11, bot_delay=0)
    view = widget.view
    boat = view["hand"][0]["id"]
    lit = set(view["targets"]["place"][boat])
    dark = next(s["name"] for s in view["geometry"]["spaces"] if s["name"] not in lit)
    action = f"place:{boat}@{dark}"
    expected = widget.state.check(action)
    assert expected is not None and expected.rule == "klongs.place.entry"
    before, snapshot = widget.state, widget.state.snapshot()
    assert not widget.handle_intent({"type": "play", "action": action, "move": view["move_number"]})
    # The rule's id travels with its words from the catalogue (a learner never reads a bare id) and
    # with the rules page's address for it.
    assert widget.error == {"message": expected.reason, "rule": expected.rule,
                            "rule_text": explorer.klongs.RULES[expected.rule].text,
                            "rule_url": f"rules.ipynb?game=klongs&rule={expected.rule}"}
    assert widget.state is before and widget.state.snapshot() == snapshot
    assert widget.view == view


@pytest.mark.parametrize(
    ("message", "rule"),
    [
        ("place:boat01@a2", BAD_MESSAGE),
        ({"type": "play", "action": 12}, BAD_MESSAGE),
        ({"type": "play", "action": "x" * 200}, BAD_MESSAGE),
        ({"type": "play", "action": "pass", "extra": 1}, BAD_MESSAGE),
        ({"type": "play", "action": "pass", "move": 9999}, STALE),
        ({"type": "play", "action": "pass", "move": True}, BAD_MESSAGE),
        ({"type": "eval", "code": "import os"}, BAD_MESSAGE),
        ({"type": "play", "action": "place:boat01@z99"}, "klongs.notation"),
        ({"type": "play", "action": "fly:a1"}, "klongs.notation"),
    ],
)
def test_forged_messages(message: object, rule: str) -> None:
    widget = KlongBoardWidget.new_game("klongs", players=2, seat=0, seed=2, bot_delay=0)
    before, view = widget.state, dict(widget.view)
    assert widget.handle_intent(message) is False
    assert widget.error["rule"] == rule and widget.error["message"]
    assert widget.state is before and widget.view == view


class StuckBot:
    """A bot that never finds a move, so its seat stays to act."""

    name = "stuck"

    def choose(self, view: dict[str, Any]) -> str:
        raise RuntimeError("no idea")


def test_action_for_a_bots_seat_is_refused() -> None:
    state = explorer.new_game("klongs", players=2, seed=4)
    widget = KlongBoardWidget(state, seat=1, bots={0: StuckBot()}, bot_delay=0)
    assert widget.error["rule"] == "widget.bot-failed" and widget.state is state
    assert widget.view["legal"] == [] and widget.view["seat"] == 1
    assert not widget.handle_intent({"type": "play", "action": str(state.legal_actions()[0])})
    assert widget.error["rule"] == NOT_YOUR_TURN and widget.state is state


def test_walkthrough_drives_the_klong_board() -> None:
    start = State.from_position(3, JOHN_POSITION)
    placed = start.play(f"place:{hand_boat(start, 2, 'eggplants')}@d1")
    tour = Walkthrough([Step("Before", "John to place.", start), Step("After", "Placed.", placed)],
                       title="Klongs", table_class=KlongBoardWidget)
    assert isinstance(tour.table, KlongBoardWidget)
    assert tour.table.view["seat"] == 2 and tour.table.names == ["A", "B", "C"]
    tour.next()
    assert tour.table.state == placed and tour.table.view["phase"] == "possess"
    assert tour.table.handle_intent({"type": "play", "action": "merchant"})
    assert tour.moved_on
    tour.reset()
    assert tour.table.state == placed
    assert tour.table.view["events"] == placed.view(2, names=["A", "B", "C"])["events"]
    assert tour.table.view["events"][-1]["text"].startswith("C placed an eggplants boat")


def test_restart_and_new_game_drop_a_start_position(monkeypatch: pytest.MonkeyPatch) -> None:
    widget = KlongBoardWidget(State.from_position(3, JOHN_POSITION), seat=2, bot_delay=0)
    start = widget.state
    widget.handle_intent({"type": "play", "action": widget.view["legal"][0]})
    assert widget.handle_intent({"type": "restart"})
    assert widget.state == start and widget.view["events"] == []
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 1)  # a new deal: drawn from secrets
    assert widget.handle_intent({"type": "new-game"})
    assert widget.state.seed == 1 and widget.state.rules["start"] is None


def test_play_app_builds_a_klong_board() -> None:
    app = PlayApp("klongs", {"players": "2", "seat": "1", "seed": "4", "delay": "0"})
    assert isinstance(app.table, KlongBoardWidget)
    assert app.table.state.players == 2 and app.table.seats == (1,)
    assert app.table.names == ["Red", "You"]  # the engine's own names: colours, the learner "You"
    assert app.table.view["names"] == ["Red", "You"]
    assert app.sheet.value == ""  # no market day held yet


def test_doctests() -> None:
    result = doctest.testmod(klong_board)
    assert result.attempted and not result.failed


OWN_FILES = ("klong_board.js", "klong_panels.js", "klong_marks.js", "klong_spaces.js", "klong_draw.js")


def test_front_end_carries_the_hooks() -> None:
    js = KlongBoardWidget._esm  # the shared shell in front, as the browser loads it
    for hook in ("re-klong-board", '"data-action"', '"data-boat"', '"data-role": "score"',
                 '"data-role": "error"', '"data-role": "turn"', '"data-role": "summary"', "dataset.move",
                 "dataset.busy", "dataset.current", "dataset.game", "legal"):
        assert hook in js, hook
    assert "re-klong-board" in KlongBoardWidget._css and ".re-widget" in KlongBoardWidget._css
    for name in OWN_FILES:  # every file of the board is in the module, the helpers before their users
        assert (STATIC / name).read_text(encoding="utf-8") in js, name
    assert js.index("function patchChildren") < js.index("function board(") < js.index("function render(")


def test_js_reads_no_notation_and_holds_no_rule() -> None:
    """The board draws the engine's view model: no action notation is spelled out or taken apart in
    the JS (the engine's templates, choices and labels carry it), and no rule id or count is written."""
    for name in OWN_FILES:
        js = (STATIC / name).read_text(encoding="utf-8")
        for kind in ("place", "move", "merchant", "steal", "inspect", "score", "draw"):
            assert not re.search(rf"[\"'`]{kind}:", js), f"{name} spells out {kind}: notation"
        assert "startsWith(" not in js and ".exec(" not in js, name
        assert "klongs." not in js and "two_cookshops" not in js, name
