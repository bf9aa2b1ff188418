"""The table's Hint button and the "Why?" beside each bot move (widgets/_hints.py), the bot levels of
the play apps, and two of issue 11's items there: no widget left behind by "New game", no secret deal
shown while its game is on.

Hints are half a second of search each: these tests ask for a handful only.
"""

from __future__ import annotations

import re
import secrets
import time
import warnings

import ipywidgets as ipw
import pytest

import explorer
from widgets import play
from widgets._hints import HINT_REFUSED, THINK_SECONDS, chances_words, margin_words
from widgets._intents import BAD_MESSAGE
from widgets.apps import PlayApp

GAMES = {"tindahan": 3, "bastos": 3, "bangkok": 2, "klongs": 2}
NOTATION = re.compile(r"^[a-z0-9]+([-:@>][a-z0-9]*)+$")  # how notation looks (banana-10, place:x@y>)


def learner_table(game: str, bots: str = "heuristic", seed: int = 3) -> object:
    state = explorer.new_game(game, players=GAMES[game], seed=seed)
    return play(state, seat=state.current_player, bots=bots, bot_delay=0)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hint_gives_the_best_moves_in_plain_words(game: str) -> None:
    table = learner_table(game)
    view = table.view  # type: ignore[attr-defined]
    assert view["hints"] == {"asked": 0, "hint": None, "why": None, "ahead": None}
    started = time.perf_counter()
    assert table.handle_intent({"type": "hint"}), table.error  # type: ignore[attr-defined]
    took = time.perf_counter() - started
    assert took < 10  # half a second of search (a loaded test machine may stretch it)
    hint = table.view["hints"]["hint"]  # type: ignore[attr-defined]
    assert table.view["hints"]["asked"] == 1 and hint["move"] == view["move_number"]  # type: ignore[attr-defined]
    assert 1 <= len(hint["items"]) <= 3 and hint["moves"] >= len(hint["items"])
    for item in hint["items"]:
        assert item["action"] in view["legal"]
        assert item["label"] == view["labels"][item["action"]]  # the board's own words for the move
        assert not NOTATION.match(item["label"]) and item["label"] != item["action"]
        assert item["reason"] and item["action"] not in item["reason"]
        assert re.match(r"wins (about \d+ games? in 10|almost|none|every)", item["chances"])
        assert "the best opponent" in item["margin"] and item["samples"] > 0
    # The hint answers this position only: after a move it is gone.
    table.handle_intent({"type": "play", "action": hint["items"][0]["action"],  # type: ignore[attr-defined]
                         "move": view["move_number"]})
    assert table.view["hints"]["hint"] is None  # type: ignore[attr-defined]


def test_hint_is_refused_where_there_is_no_move_to_hint() -> None:
    table = learner_table("tindahan")
    view = dict(table.view)  # type: ignore[attr-defined]
    for message in ({"type": "hint", "seat": 1}, {"type": "why"}, {"type": "why", "move": "2"},
                    {"type": "why", "move": True}):
        assert not table.handle_intent(message)  # type: ignore[attr-defined]
        assert table.error["rule"] == BAD_MESSAGE, message  # type: ignore[attr-defined]
        assert table.view["legal"] == view["legal"] and table.view["hints"]["hint"] is None  # type: ignore[attr-defined]
    assert not table.handle_intent({"type": "why", "move": 99})  # type: ignore[attr-defined]
    assert table.error["rule"] == HINT_REFUSED and "no move 99" in table.error["message"]  # type: ignore[attr-defined]
    table.handle_intent({"type": "play", "action": view["legal"][0]})  # type: ignore[attr-defined]
    table.handle_intent({"type": "goto", "move": 0})  # type: ignore[attr-defined]
    assert not table.handle_intent({"type": "hint"})  # type: ignore[attr-defined]
    assert "go back to the game" in table.error["message"]  # type: ignore[attr-defined]
    assert not table.handle_intent({"type": "why", "move": 1})  # type: ignore[attr-defined]
    assert "not a bot's" in table.error["message"]  # type: ignore[attr-defined]


def test_why_beside_an_easy_bots_move_keeps_its_hand_hidden() -> None:
    table = learner_table("tindahan")
    table.handle_intent({"type": "play", "action": table.view["legal"][0]})  # type: ignore[attr-defined]
    log = table.view["timeline"]["log"]  # type: ignore[attr-defined]
    bot_move = next(e for e in log if e["seat"] is not None and e["seat"] != 0)
    move = bot_move["move"]
    state = table.state  # type: ignore[attr-defined]
    before = explorer.replay({**state.to_record(), "actions": state.to_record()["actions"][: move - 1]})
    assert before.current_player is not None
    bot_view = before.view(before.current_player)
    played = state.actions()[move - 1]
    others = [bot_view["labels"][a] for a in bot_view["legal"] if a != played]
    assert table.handle_intent({"type": "why", "move": move}), table.error  # type: ignore[attr-defined]
    why = table.view["hints"]["why"]  # type: ignore[attr-defined]
    text = " ".join([why["title"], *why["lines"]])
    assert why["move"] == move and bot_view["labels"][played] in why["title"]
    assert "rules of thumb" in text and "hidden while the game is on" in text
    assert not any(label in text for label in others)  # its other cards stay secret
    table.teaching = True  # type: ignore[attr-defined]
    assert table.handle_intent({"type": "why", "move": move})  # type: ignore[attr-defined]
    shown = " ".join(table.view["hints"]["why"]["lines"])  # type: ignore[attr-defined]
    assert not others or any(label in shown for label in others)  # every hand is shown: so are they


def test_strong_bots_play_at_a_klongs_table_and_say_why_from_their_own_search() -> None:
    # Klongs' view does not carry the whole table: the strong bot reads it through bot.watch, which
    # explorer.table.make_bots now gives every bot that needs it.
    table = learner_table("klongs", bots="strong", seed=5)
    bots = table.bots  # type: ignore[attr-defined]
    assert all(bot.name == "strong" and bot.seconds == THINK_SECONDS for bot in bots.values())
    for _ in range(3):
        assert table.handle_intent({"type": "play", "action": table.view["legal"][0],  # type: ignore[attr-defined]
                                    "move": table.view["move_number"]}), table.error  # type: ignore[attr-defined]
    assert not table.error  # type: ignore[attr-defined]
    bot_moves = [e["move"] for e in table.view["timeline"]["log"] if e["seat"] in bots]  # type: ignore[attr-defined]
    assert bot_moves
    started = time.perf_counter()
    assert table.handle_intent({"type": "why", "move": bot_moves[-1]})  # type: ignore[attr-defined]
    assert time.perf_counter() - started < 0.5  # noted as the bot moved: nothing to search again
    why = table.view["hints"]["why"]  # type: ignore[attr-defined]
    assert why["title"].endswith("its own search") and "deals played out" in " ".join(why["lines"])


def test_words_for_odds_and_margins() -> None:
    assert chances_words(0.64) == "wins about 6 games in 10"
    assert chances_words(0.1) == "wins about 1 game in 10"
    assert chances_words(0.0) == "wins none of the games played out"
    assert chances_words(1.0).startswith("wins every")
    assert margin_words(2.5) == "finishes on average 2.5 points ahead of the best opponent"
    assert margin_words(-1.0) == "finishes on average 1 point behind the best opponent"
    assert margin_words(0.01) == "finishes level with the best opponent on average"


# ---- the play apps -------------------------------------------------------------------------------


def test_play_app_offers_easy_and_strong_bots() -> None:
    app = PlayApp("tindahan", {"players": "3", "seed": "2", "delay": "0", "bots": "strong"})
    assert [kind for _words, kind in app.bots.options] == ["heuristic", "strong", "random"]
    assert app.table is not None and {b.name for b in app.table.bots.values()} == {"strong"}
    app.bots.value = "heuristic"
    app.new_game()
    assert {b.name for b in app.table.bots.values()} == {"heuristic"}


def widget_count() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: still the registry
        return len(ipw.Widget.widgets)


def test_new_games_leave_no_widget_behind() -> None:
    app = PlayApp("tindahan", {"players": "3", "seed": "1", "delay": "0"})
    app.new_game()
    before = widget_count()
    for _ in range(50):
        app.new_game()
    assert widget_count() == before  # the old table and its Layout are closed


def app_text(app: PlayApp) -> str:
    """Everything the app's page shows outside the table (setup, status, record)."""
    return " ".join([str(app.seed.value), str(app.status.value), str(app.record.value), str(app.sheet.value)])


def test_a_secret_deal_stays_secret_until_the_game_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 123457)
    app = PlayApp("tindahan", {"players": "3", "delay": "0", "pause": "0"})
    table = app.table
    assert table is not None and table.state.seed == 123457  # drawn from secrets
    assert app.seed.value == "" and "123457" not in app_text(app)
    assert 'data-role="record"' not in app.record.value and "record-hidden" in app.record.value
    app.teaching.value = True  # the teaching switch shows every hand: the record may show too
    assert 'data-role="record"' in app.record.value and "123457" in app.record.value
    app.teaching.value = False
    assert "123457" not in app_text(app)
    while not table.state.is_over:
        table.handle_intent({"type": "play", "action": table.view["legal"][0]})
    app._state_changed(table.state)  # observers run on the kernel's loop; here at once
    assert 'data-role="record"' in app.record.value and "Deal no. 123457" in app.record.value
    # The table's own "New game" deals from secrets too, not from the old number plus one.
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 99)
    table.handle_intent({"type": "new-game"})
    app._state_changed(table.state)
    assert table.state.seed == 99 and "record-hidden" in app.record.value


def test_a_deal_the_viewer_chose_is_theirs_to_see() -> None:
    app = PlayApp("tindahan", {"players": "3", "seed": "8", "delay": "0"})
    assert app.table is not None and app.table.state.seed == 8
    assert 'data-role="record"' in app.record.value  # the link named the deal: nothing is secret
    app.seed.value = "not a number"
    app.new_game()
    assert "Deal no. must be a whole number" in app.status.value and app.table.state.seed == 8
