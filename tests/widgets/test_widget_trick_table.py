"""TrickTableWidget on the real Tindahan and Bastos! engines, through simulated browser messages.

No browser here: the messages the JS would send go to the widget's handler, and what the JS would
draw (the ``view`` trait) is compared with the engine. The front-end files are checked for being
self-contained (no CDN) and, where ``node`` exists, for parsing as ES modules.
"""

from __future__ import annotations

import json
import random
import secrets
from pathlib import Path
from typing import Any

import pytest

import explorer
from widgets import TrickTableWidget
from widgets._assets import es_module
from widgets._session import BAD_MESSAGE, NOT_YOUR_TURN, STALE

GAMES = ("tindahan", "bastos")
STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"
# Every key of the shared trick-table view model; the JS draws from these.
VIEW_KEYS = {"game", "players", "seat", "current_player", "is_over", "scores", "winners", "legal",
             "move_number", "rules", "round", "rounds", "dealer", "phase", "fruits", "trump", "led",
             "leader", "hand", "hand_sizes", "trick", "last_trick", "tricks_won", "labels", "events",
             "sheet", "title", "prompt", "faces", "moves"}
GAME_KEYS = {"tindahan": {"stalls", "sellers_left", "cart_moved", "must_play"},
             "bastos": {"values", "levels", "bastos", "bastos_cards", "chosen", "spare", "adjusting",
                        "won_by_fruit"}}


def engine_or_skip(game: str) -> None:
    if getattr(getattr(explorer, game), "State", None) is None:
        pytest.skip(f"the {game} engine is not built yet")


def play_through(widget: TrickTableWidget, rng: random.Random) -> int:
    """Click a random legal button until the game ends; returns how many clicks the learner made."""
    clicks = 0
    while not widget.state.is_over:
        view = widget.view
        assert view["current_player"] in widget.seats, "bots at delay 0 leave only the learner's turns"
        assert not widget.busy
        action = rng.choice(view["legal"])
        accepted = widget.handle_intent({"type": "play", "action": action, "move": view["move_number"]})
        assert accepted and widget.error == {}, widget.error
        clicks += 1
    return clicks


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_through_messages_scores_match_engine(game: str) -> None:
    engine_or_skip(game)
    players = 3
    widget = TrickTableWidget.new_game(game, players=players, seat=1, seed=7, bots="heuristic", bot_delay=0)
    finished: list[list[int]] = []
    widget.observe_state(lambda s: finished.append(s.scores()) if s.is_over else None)
    assert play_through(widget, random.Random(1)) > 0
    view = widget.view
    assert view["is_over"] and view["phase"] == "over"
    assert view["scores"] == widget.state.scores() == finished[-1]
    assert view["winners"] == list(widget.state.outcome().winners)  # type: ignore[union-attr]
    assert [sum(r["points"][s] for r in view["round_scores"]) for s in range(players)] == view["scores"]
    assert [r["round"] for r in view["round_scores"]][-1] == view["rounds"]
    # The game the widget played is an engine game: its record replays to the same state.
    assert explorer.replay(widget.state.to_record()) == widget.state


@pytest.mark.parametrize("game", GAMES)
def test_view_model_keys_and_hidden_cards(game: str) -> None:
    engine_or_skip(game)
    widget = TrickTableWidget.new_game(game, players=4, seat=2, seed=3, bot_delay=0)
    view = widget.view
    assert view["seat"] == 2 and view["game"] == game
    assert VIEW_KEYS | GAME_KEYS[game] <= set(view)
    assert set(view["labels"]) == set(view["legal"])
    assert view["open_hands"] is None
    text = json.dumps(view)
    assert not [secret for secret in widget.state.secrets(2) if secret in text]
    assert set(view["faces"]) >= set(view["hand"])
    widget.teaching = True
    hands = widget.view["open_hands"]
    assert hands == [list(h) for h in widget.state.snapshot()["hands"]]
    assert set(widget.view["faces"]) >= {card for hand in hands for card in hand}
    widget.teaching = False
    assert widget.view["open_hands"] is None
    assert set(widget.view["faces"]) == set(view["faces"])


@pytest.mark.parametrize("game", GAMES)
def test_illegal_click_shows_engine_reason_and_rule(game: str) -> None:
    engine_or_skip(game)
    rng = random.Random(5)
    widget = TrickTableWidget.new_game(game, players=4, seat=0, seed=11, bot_delay=0)
    for _ in range(300):
        view = widget.view
        refused = [card for card in view["hand"] if card not in view["legal"]]
        if refused:
            card = refused[0]
            expected = widget.state.check(card)
            assert expected is not None
            before, snapshot = widget.state, widget.state.snapshot()
            assert not widget.handle_intent({"type": "play", "action": card, "move": view["move_number"]})
            assert widget.error == {"message": expected.reason, "rule": expected.rule,
                                    "rule_text": widget.state.RULES[expected.rule].text,
                                    "rule_url": f"rules.ipynb?game={game}&rule={expected.rule}"}
            assert widget.error["rule"].startswith(game + ".") and widget.error["rule"] in widget.state.RULES
            assert widget.state is before and widget.state.snapshot() == snapshot
            assert widget.view == view
            return
        widget.handle_intent({"type": "play", "action": rng.choice(view["legal"])})
    pytest.fail("no illegal hand card came up")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("message", "rule"),
    [
        ("banana-1", BAD_MESSAGE),
        ({"type": "play", "action": 12}, BAD_MESSAGE),
        ({"type": "play", "action": None}, BAD_MESSAGE),
        ({"type": "play", "action": "banana-1", "extra": 1}, BAD_MESSAGE),
        ({"type": "play", "action": "banana-1", "move": 9999}, STALE),
        ({"type": "eval", "code": "import os"}, BAD_MESSAGE),
        ({"type": "play", "action": "zebra-99"}, ".notation"),
    ],
)
def test_forged_messages(game: str, message: object, rule: str) -> None:
    engine_or_skip(game)
    widget = TrickTableWidget.new_game(game, players=3, seat=0, seed=2, bot_delay=0)
    before, view = widget.state, dict(widget.view)
    assert widget.handle_intent(message) is False
    assert widget.error["rule"].endswith(rule) and widget.error["message"]
    assert widget.state is before and widget.view == view


class StuckBot:
    """A bot that never finds a move, so its seat stays to act."""

    name = "stuck"

    def choose(self, view: dict[str, Any]) -> str:
        raise RuntimeError("no idea")


@pytest.mark.parametrize("game", GAMES)
def test_action_for_a_bots_seat_is_refused(game: str) -> None:
    engine_or_skip(game)
    state = explorer.new_game(game, players=3, seed=4)
    widget = TrickTableWidget(state, seat=1, bots={0: StuckBot(), 2: "random"}, bot_delay=0)
    assert widget.error["rule"] == "widget.bot-failed" and "no idea" in widget.error["message"]
    assert widget.state is state and not widget.busy
    action = state.view(0)["legal"][0]
    assert not widget.handle_intent({"type": "play", "action": action})
    assert widget.error["rule"] == NOT_YOUR_TURN and widget.state is state


@pytest.mark.parametrize("game", GAMES)
def test_walkthrough_and_hot_seat(game: str) -> None:
    engine_or_skip(game)
    widget = TrickTableWidget.new_game(game, players=3, seat=None, seed=8, bots=None, bot_delay=0)
    for _ in range(20):
        assert widget.view["seat"] == widget.state.current_player
        assert widget.handle_intent({"type": "play", "action": widget.view["legal"][0]})
    hot = TrickTableWidget.new_game(game, players=3, seat=[0, 2], seed=8, bots="random", bot_delay=0)
    assert set(hot.bots) == {1}
    assert hot.view["seat"] == hot.state.current_player in (0, 2)


def test_restart_and_new_game_drop_a_fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    engine_or_skip("tindahan")
    hands = explorer.new_game("tindahan", players=3, seed=9).snapshot()["hands"]
    widget = TrickTableWidget.new_game("tindahan", players=3, seat=0, seed=5, bot_delay=0, start=hands)
    assert widget.view["hand"] == hands[0]
    start = widget.state
    widget.handle_intent({"type": "play", "action": widget.view["legal"][0]})
    assert widget.handle_intent({"type": "restart"})
    assert widget.state == start and widget.view["move_number"] == len(start.actions())
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 6)  # a new deal: drawn from secrets
    assert widget.handle_intent({"type": "new-game"})
    assert widget.state.seed == 6 and widget.state.rules["start"] is None


def test_front_end_carries_the_hooks() -> None:
    esm = TrickTableWidget._esm
    assert "export default" in str(esm)
    # The hooks the browser tests rely on are in the JS.
    js = str(esm)  # the shared shell in front, then the keys and the table, as the browser loads it
    assert js.index("function errorBox") < js.index("function legend") < js.index("export default")
    # The shared shell, the table's own files, then the hint panel (widgets/_hints.py adds it to every table).
    assert js.startswith(es_module("trick_table_keys", "trick_table"))
    assert js.index("re-hints:") > js.index("export default")
    for hook in ("re-trick-table", "data-action", '"data-role": "score"', '"data-role": "error"',
                 '"data-role": "turn"', '"data-role": "summary"', '"data-role": "last-trick"',
                 '"data-role": "just-played"', "re-just-played", "re-key", "re-seat-mark",
                 "dataset.move", "dataset.busy", "dataset.current", "dataset.game"):
        assert hook in js, hook
    assert "phase: " not in js  # the header says what is happening (view["stage"]), not a phase name
    assert ".re-just-played" in str(TrickTableWidget._css) and ".re-widget" in str(TrickTableWidget._css)


@pytest.mark.parametrize("game", GAMES)
def test_events_name_the_seats_as_the_table_does(game: str) -> None:
    engine_or_skip(game)
    book = TrickTableWidget.new_game(game, players=3, seat=None, seed=8, bots=None, bot_delay=0,
                                     names=["A", "B", "C"])
    for _ in range(6):
        assert book.handle_intent({"type": "play", "action": book.view["legal"][0]})
    texts = [e["text"] for e in book.view["events"]]
    assert any(text.startswith(("A ", "B ", "C ")) for text in texts), texts
    assert not any("Ana" in text or "You" in text for text in texts), texts
    mine = TrickTableWidget.new_game(game, players=3, seat=0, seed=8, bot_delay=0)
    assert mine.view["names"][0] == "You"
    if mine.view["legal"]:  # the bots answer the learner's move
        assert mine.handle_intent({"type": "play", "action": mine.view["legal"][0]})
    moved = [e for e in mine.view["events"] if e["seat"] is not None and e["seat"] != 0]
    assert moved and all(e["text"].startswith(mine.view["names"][e["seat"]]) for e in moved
                         if e["kind"] in ("card", "lead", "pick", "seller", "cart"))
    assert all(bot for bot in mine.view["bots"][1:]) and mine.view["bots"][0] is None


def test_the_last_trick_of_a_round_stays_reviewable() -> None:
    engine_or_skip("tindahan")
    widget = TrickTableWidget.new_game("tindahan", players=3, seat=0, seed=4, bot_delay=0)
    rng = random.Random(2)
    while widget.view["round"] == 1:
        widget.handle_intent({"type": "play", "action": rng.choice(widget.view["legal"])})
    last = widget.view["last_trick"]
    assert last is not None and last["round"] == 1 and widget.view["round"] == 2
    cards = [play["card"] for play in last["plays"] if play["kind"] == "card"]
    assert cards and set(cards) <= set(widget.view["faces"])
