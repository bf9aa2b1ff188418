"""The game-agnostic widget base, checked against a tiny fake trick game (no browser, no real engine).

Every message the browser could send goes through ``handle_intent`` (or ipywidgets' own custom
message path); a refusal must land in the ``error`` trait and leave the game exactly as it was.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Hashable, Sequence
from typing import Any

import pytest
import traitlets

from explorer import GameState, IllegalAction, ScoreLine
from explorer._core.rules import Rule, RuleCatalogue
from explorer.table import Table
from widgets import GameWidget, TrickTableWidget
from widgets._intents import BAD_MESSAGE, BUSY, NOT_YOUR_TURN, STALE
from widgets._scheduler import FakeClock, ImmediateScheduler

FRUITS = ("banana", "mango")


class FakeTrick(GameState):
    """Three seats, twelve cards (banana and mango 1-6), four tricks, follow the led fruit."""

    GAME = "fake"
    RULES = RuleCatalogue("fake", [Rule("fake.follow-suit", "Follow the led fruit if you can.", "1")])
    MIN_PLAYERS = 3
    MAX_PLAYERS = 3
    SEAT_NAMES = ("Ana", "Ben", "Carlo")

    hands: tuple[tuple[str, ...], ...]
    trick: tuple[tuple[int, str], ...]
    leader: int
    won: tuple[int, ...]

    def _setup(self) -> None:
        deck = [f"{f}-{v}" for f in FRUITS for v in range(1, 7)]
        self.rng("deal").shuffle(deck)
        self.hands = tuple(tuple(sorted(deck[i::3])) for i in range(3))
        self.trick = ()
        self.leader = 0
        self.won = (0, 0, 0)

    @property
    def current_player(self) -> int | None:
        if not any(self.hands):
            return None
        return (self.leader + len(self.trick)) % 3

    def _led(self) -> str | None:
        return self.trick[0][1].split("-")[0] if self.trick else None

    def _legal(self) -> list[Hashable]:
        hand = self.hands[self.current_player or 0]
        led = self._led()
        follow = [c for c in hand if c.startswith(f"{led}-")]
        return list(follow or hand)

    def _apply(self, action: Hashable) -> None:
        seat = self.current_player or 0
        card = str(action)
        self.hands = tuple(tuple(c for c in h if c != card) if s == seat else h
                           for s, h in enumerate(self.hands))
        self.trick = (*self.trick, (seat, card))
        if len(self.trick) == 3:
            led = self.trick[0][1].split("-")[0]
            followed = [p for p in self.trick if p[1].startswith(led)]
            winner = max(followed, key=lambda p: int(p[1].split("-")[1]))[0]
            self.won = tuple(w + (s == winner) for s, w in enumerate(self.won))
            self.trick = ()
            self.leader = winner

    def _explain(self, action: Hashable) -> IllegalAction:
        hand = self.hands[self.current_player or 0]
        if str(action) in hand:
            return IllegalAction("fake.follow-suit", f"{action} refused: follow {self._led()}", str(action))
        return IllegalAction("fake.notation", f"{action} refused: not a card in your hand", str(action))

    def _score_lines(self) -> Sequence[ScoreLine]:
        return [ScoreLine(s, "tricks", w, "fake.follow-suit", 1) for s, w in enumerate(self.won) if w]

    def _view(self, seat: int) -> dict[str, Any]:
        return {"hand": list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
                "trick": [{"seat": s, "kind": "card", "card": c} for s, c in self.trick],
                "tricks_won": list(self.won), "fruits": list(FRUITS), "trump": None, "led": self._led(),
                "leader": self.leader, "labels": {}}

    def _snapshot(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "trick": list(self.trick), "leader": self.leader,
                "won": list(self.won)}

    def secrets(self, seat: int) -> list[str]:
        return [c for s, h in enumerate(self.hands) if s != seat for c in h]


def fake(seed: int = 1) -> FakeTrick:
    return FakeTrick.new(3, seed)


def table(seed: int = 1, **kwargs: Any) -> GameWidget:
    kwargs.setdefault("bots", "random")
    kwargs.setdefault("bot_delay", 0)
    return GameWidget(fake(seed), kwargs.pop("seat", 0), **kwargs)


def illegal_card(state: GameState) -> str | None:
    seat = state.current_player
    if seat is None:
        return None
    legal = {str(a) for a in state.legal_actions()}
    hand = state.view(seat)["hand"]
    return next((c for c in hand if c not in legal), None)


def test_learner_plays_whole_game_with_bots_at_delay_zero() -> None:
    w = table()
    seen: list[int] = []
    w.observe_state(lambda s: seen.append(len(s.actions())))
    while not w.state.is_over:
        assert w.state.current_player == 0, "bots at delay 0 move at once"
        assert not w.busy
        action = w.view["legal"][0]
        assert w.handle_intent({"type": "play", "action": action, "move": w.view["move_number"]})
        assert w.error == {}
    assert w.view["is_over"] and w.view["scores"] == w.state.scores()
    assert seen == list(range(1, 13)), "observers hear every action, the bots' too"
    assert w.view["round_scores"] == [{"round": 1, "points": w.state.scores()}]


def test_illegal_action_shows_engine_reason_and_changes_nothing() -> None:
    for seed in range(1, 40):
        w = table(seed)
        w.handle_intent({"type": "play", "action": w.view["legal"][0]})
        card = illegal_card(w.state)
        if card is None:
            continue
        before, view = w.state, dict(w.view)
        assert not w.handle_intent({"type": "play", "action": card})
        assert w.error["rule"] == "fake.follow-suit"
        assert card in w.error["message"]
        assert w.state is before and w.view == view
        # The next accepted action clears the message.
        assert w.handle_intent({"type": "play", "action": w.view["legal"][0]})
        assert w.error == {}
        return
    pytest.fail("no position with an illegal hand card in 40 seeds")


@pytest.mark.parametrize(
    ("message", "rule"),
    [
        ("play banana-1", BAD_MESSAGE),
        (["play", "banana-1"], BAD_MESSAGE),
        (None, BAD_MESSAGE),
        ({}, BAD_MESSAGE),
        ({"type": "cheat"}, BAD_MESSAGE),
        ({"type": 3}, BAD_MESSAGE),
        ({"type": "play"}, BAD_MESSAGE),
        ({"type": "play", "action": 7}, BAD_MESSAGE),
        ({"type": "play", "action": ["banana-1"]}, BAD_MESSAGE),
        ({"type": "play", "action": ""}, BAD_MESSAGE),
        ({"type": "play", "action": "x" * 5000}, BAD_MESSAGE),
        ({"type": "play", "action": "banana-1", "seat": 2}, BAD_MESSAGE),
        ({"type": "play", "action": "banana-1", "move": "0"}, BAD_MESSAGE),
        ({"type": "play", "action": "banana-1", "move": True}, BAD_MESSAGE),
        ({"type": "play", "action": "banana-1", "move": 99}, STALE),
        ({"type": "restart", "seed": 5}, BAD_MESSAGE),
        ({"type": "play", "action": "no-such-card"}, "fake.notation"),
    ],
)
def test_forged_messages_are_refused_and_change_nothing(message: object, rule: str) -> None:
    w = table()
    before, view = w.state, dict(w.view)
    assert w.handle_intent(message) is False
    assert w.error["rule"] == rule and w.error["message"]
    assert len(w.error["message"]) < 300, "browser input is echoed shortened"
    assert w.state is before and w.view == view
    # ipywidgets' own path for custom messages reaches the same handler and nothing escapes.
    w.error = {}
    w._handle_custom_msg(message, [])
    assert w.error["rule"] == rule and w.state is before


def test_bots_move_one_by_one_after_a_visible_pause() -> None:
    clock = FakeClock()
    w = GameWidget(fake(), seat=0, bots="random", bot_delay=0.5, scheduler=clock)
    assert w.state.current_player == 0 and not w.busy
    w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    assert w.busy and w.view["current_player"] == 1, "the learner's card is drawn before bots move"
    # Where the bots will stop: the same seeded bots, played out by the engine's table.
    expected = Table(w.state, "random", people=(0,)).play_out()
    bot_moves = len(expected.actions()) - len(w.state.actions())
    assert bot_moves >= 2
    moves = w.view["move_number"]
    # A click while bots are moving is refused and changes nothing.
    card = w.state.view(0)["hand"][0]
    assert not w.handle_intent({"type": "play", "action": card})
    assert w.error["rule"] == BUSY and w.view["move_number"] == moves
    with pytest.raises(RuntimeError, match="still moving"):
        w.play(card)
    clock.advance(0.4)
    assert w.busy and w.view["move_number"] == moves, "no bot moves before its delay"
    clock.advance(0.1)
    assert w.busy and w.view["move_number"] == moves + 1 and w.view["current_player"] == 2
    clock.advance(0.5 * (bot_moves - 2))
    assert w.busy and w.view["move_number"] == moves + bot_moves - 1, "one move per delay"
    clock.advance(0.5)
    assert not w.busy and w.state == expected and w.view["move_number"] == len(expected.actions())
    assert clock.pending == 0


def test_restart_cancels_the_bots_pending_move() -> None:
    clock = FakeClock()
    w = GameWidget(fake(), seat=0, bots="random", bot_delay=0.5, scheduler=clock)
    w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    assert w.busy and clock.pending == 1
    w.restart()
    assert w.view["move_number"] == 0 and not w.busy and clock.pending == 0
    clock.advance(10)
    assert w.state == fake(1), "the cancelled move never comes"


def test_observers_run_after_the_click_is_answered() -> None:
    clock = FakeClock()
    w = GameWidget(fake(), seat=0, bots="random", bot_delay=0.5, scheduler=clock)
    heard: list[int] = []
    w.observe_state(lambda s: heard.append(len(s.actions())))
    w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    assert heard == [], "the table update goes out first"
    clock.advance(0)
    assert heard == [1]
    clock.advance(1.0)
    assert heard == [1, 2, 3]


def test_a_live_kernel_moves_the_bots_on_its_event_loop() -> None:
    async def scenario() -> None:
        back = asyncio.Event()
        w = GameWidget(fake(), seat=0, bots="random", bot_delay=0.01)  # the default scheduler
        w.observe_state(lambda s: back.set() if s.current_player in (0, None) else None)
        w.handle_intent({"type": "play", "action": w.view["legal"][0]})
        expected = Table(w.state, "random", people=(0,)).play_out()
        assert w.busy, "on a running loop the bots wait for their delay"
        await asyncio.wait_for(back.wait(), timeout=30)  # an event, not a polling loop
        assert not w.busy and w.state == expected

    asyncio.run(scenario())


def test_without_a_loop_bots_move_at_once_whatever_the_delay() -> None:
    w = GameWidget(fake(), seat=0, bots="random", bot_delay=0.5)  # a script: no running loop
    first = fake().play(w.view["legal"][0])
    w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    expected = Table(first, "random", people=(0,)).play_out()
    assert not w.busy and w.state == expected and w.view["move_number"] == len(expected.actions())


def test_restart_and_new_game(monkeypatch: pytest.MonkeyPatch) -> None:
    w = table()
    w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    assert w.handle_intent({"type": "restart"})
    assert w.state == fake(1) and w.view["move_number"] == 0
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 2)  # a new deal: drawn from secrets
    assert w.handle_intent({"type": "new-game"})
    assert w.state.seed == 2


def test_walkthrough_mode_acts_for_every_seat_without_bots() -> None:
    w = GameWidget(fake(), seat=None, bots=None, bot_delay=0)
    assert w.seats == (0, 1, 2) and w.bots == {}
    seen_seats = set()
    while not w.state.is_over:
        assert w.view["seat"] == w.state.current_player
        seen_seats.add(w.view["seat"])
        assert w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    assert seen_seats == {0, 1, 2}
    assert "every seat" in repr(w)
    same = GameWidget(fake(), control="all", bots=None)
    assert same.seats == (0, 1, 2)


def test_view_hides_other_hands_unless_teaching() -> None:
    w = table()
    text = json.dumps(w.view)
    assert not any(secret in text for secret in w.state.secrets(0))
    assert w.view["names"] == ["You", "Ben", "Carlo"]
    assert w.view["bots"] == [None, "random", "random"]


def test_browser_may_not_write_the_games_traits() -> None:
    w = table()
    before, view = w.state, dict(w.view)
    w.set_state({"view": {"scores": [99, 0, 0]}, "busy": True})
    assert w.view == view and not w.busy and w.state is before
    assert w.error["rule"] == BAD_MESSAGE and "view" in w.error["message"]


@pytest.mark.parametrize("forged", ["notadict", 7, None, ["view"]])
def test_a_change_that_is_not_named_values_changes_nothing(forged: object) -> None:
    """An ``update`` message whose state is not an object (issue 32: ipywidgets passed it on and the
    table raised, sending a traceback to the browser)."""
    w = table()
    before, view = w.state, dict(w.view)
    w.set_state(forged)  # type: ignore[arg-type]
    assert w.view == view and w.state is before
    assert w.error["rule"] == BAD_MESSAGE and "named values" in w.error["message"]


def test_trait_validation() -> None:
    w = table()
    with pytest.raises(traitlets.TraitError):
        w.bot_delay = -1
    with pytest.raises(traitlets.TraitError):
        w.bot_delay = float("nan")
    with pytest.raises(traitlets.TraitError):
        w.names = ["only one"]
    with pytest.raises(traitlets.TraitError):
        w.names = ["a", "", "c"]
    with pytest.raises(traitlets.TraitError):
        w.error = {"message": "x"}
    with pytest.raises(traitlets.TraitError):
        w.error = {"message": 1, "rule": "r"}
    w.names = ["Ana", "Ben", "Cy"]
    assert w.view["names"] == ["Ana", "Ben", "Cy"], "renaming redraws"


def test_constructor_validation() -> None:
    with pytest.raises(ValueError, match="seat"):
        GameWidget(fake(), seat=3, bots="random")
    with pytest.raises(ValueError, match="seat"):
        GameWidget(fake(), seat=True, bots="random")
    with pytest.raises(ValueError, match="need a bot"):
        GameWidget(fake(), seat=0, bots=None)
    with pytest.raises(ValueError, match="cannot have a bot"):
        GameWidget(fake(), seat=0, bots={0: "random", 1: "random", 2: "random"})
    with pytest.raises(ValueError, match="unknown bot kind"):
        GameWidget(fake(), seat=0, bots="genius")
    with pytest.raises(TypeError):
        GameWidget("fake", seat=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="draws"):
        TrickTableWidget(fake(), seat=0, bots="random")
    with pytest.raises(ValueError, match="control"):
        GameWidget(fake(), control="some")
    with pytest.raises(traitlets.TraitError):
        GameWidget(fake(), seat=0, bots="random", bot_delay=-1)
    with pytest.raises(traitlets.TraitError):
        GameWidget(fake(), seat=0, bots="random", names=["a"])
    w = table()
    with pytest.raises(TypeError):
        w.state = "nope"  # type: ignore[assignment]


def test_repr_is_stable() -> None:
    a, b = table(), table()
    assert repr(a) == repr(b)
    assert "0x" not in repr(a) and "fake" in repr(a)
    assert repr(a) == "<GameWidget fake, 3 players, seed 1, learner seat 0, move 0, seat 0 to act>"
    bundle = a._repr_mimebundle_()
    assert bundle is not None and bundle[0]["text/plain"] == repr(a)


def test_python_play_raises_and_observer_errors_are_shown() -> None:
    w = table()
    with pytest.raises(IllegalAction):
        w.play("no-such-card")

    def broken(_state: GameState) -> None:
        raise RuntimeError("chart failed")

    w.observe_state(broken)
    card = w.view["legal"][0]
    w.play(card)
    assert w.error["rule"] == "widget.observer-failed" and "chart failed" in w.error["message"]
    w.unobserve_state(broken)


def test_broken_bot_stops_bots_with_a_message() -> None:
    class Broken:
        name = "broken"

        def choose(self, view: dict[str, Any]) -> str:
            return "nonsense"

    w = GameWidget(fake(), seat=0, bots={1: Broken(), 2: "random"}, bot_delay=0)
    w.handle_intent({"type": "play", "action": w.view["legal"][0]})
    assert w.error["rule"] == "widget.bot-failed" and not w.busy
    assert w.state.current_player == 1
    # The bot's seat is still to act: the learner may not act for it.
    before = w.state
    assert not w.handle_intent({"type": "play", "action": before.view(1)["legal"][0]})
    assert w.error["rule"] == NOT_YOUR_TURN and w.state is before


def test_setting_the_state_redraws_and_sets_the_restart_point() -> None:
    w = table()
    heard: list[GameState] = []
    w.observe_state(heard.append)
    other = fake(5)
    w.state = other
    assert heard and heard[0] is other
    assert w.view["hand"] == other.view(0)["hand"]
    w.state = other.play(other.legal_actions()[0])  # the same game played on: restart point stays
    assert w.view["move_number"] == len(w.state.actions())
    w.restart()
    assert w.state is other
    with pytest.raises(ValueError, match="seats"):
        w.state = _four_seats()


def _four_seats() -> GameState:
    class Four(FakeTrick):
        MAX_PLAYERS = 4

    return Four.new(4, 1)


def test_schedulers_run_in_order_and_cancel() -> None:
    said: list[str] = []
    now = ImmediateScheduler()

    def outer() -> None:
        now.call_soon(lambda: said.append("inner"))  # waits until outer returns: a loop, not recursion
        said.append("outer")

    now.call_later(5.0, outer)
    assert said == ["outer", "inner"]
    clock = FakeClock()
    keep = clock.call_later(2.0, lambda: said.append("two"))
    drop = clock.call_later(1.0, lambda: said.append("one"))
    clock.cancel(drop)
    assert clock.pending == 1
    clock.advance(1.9)
    assert said == ["outer", "inner"] and clock.now == 1.9
    clock.advance(0.1)
    assert said == ["outer", "inner", "two"]
    keep.cancel()  # cancelling what has run does nothing
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_each_game_is_drawn_by_the_widget_its_spec_names() -> None:
    import explorer
    from widgets import WIDGET_KINDS, widget_for
    from widgets.apps import WIDGETS

    for game in explorer.GAMES:
        cls = widget_for(game)
        assert cls is WIDGET_KINDS[getattr(explorer, game).SPEC.widget] is WIDGETS[game]
        assert cls.GAMES is not None and game in cls.GAMES, f"{cls.__name__} must accept {game}"
    assert sorted(WIDGETS) == sorted(explorer.GAMES)
    with pytest.raises(ValueError, match="unknown game"):
        widget_for("chess")
