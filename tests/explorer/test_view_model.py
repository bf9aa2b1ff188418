"""Every game's view model carries the keys of ARCHITECTURE.md, with the same meanings."""

from __future__ import annotations

import json
import random

import explorer

COMMON = {"game", "players", "seat", "current_player", "legal", "labels", "events", "sheet", "scores",
          "is_over", "winners"}


def states_of_one_game(game: str, seed: int) -> list[explorer.GameState]:
    cls = explorer.game_class(game)
    state = explorer.new_game(game, players=cls.MAX_PLAYERS, seed=seed)
    rng = random.Random(seed)
    out = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def check_view(state: explorer.GameState, seat: int) -> None:
    view = state.view(seat)
    json.dumps(view)
    missing = COMMON - set(view)
    assert not missing, f"{state.GAME} view lacks {sorted(missing)}"
    assert view["game"] == state.GAME and view["players"] == state.players and view["seat"] == seat
    assert view["current_player"] == state.current_player and view["is_over"] == state.is_over
    assert view["scores"] == state.scores()
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    assert view["legal"] == legal
    assert set(view["labels"]) == set(legal)
    assert all(isinstance(text, str) and text.strip() for text in view["labels"].values())
    for event in view["events"]:
        assert {"seat", "action", "text"} <= set(event), event
        assert event["seat"] is None or 0 <= event["seat"] < state.players
        assert event["action"] is None or isinstance(event["action"], str)
        assert isinstance(event["text"], str) and event["text"].strip()
    totals = [0] * state.players
    for line in view["sheet"]:
        assert {"seat", "label", "points", "rule"} <= set(line), line
        assert line["rule"] in state.RULES
        totals[line["seat"]] += line["points"]
    assert totals == view["scores"]
    outcome = state.outcome()
    assert view["winners"] == (list(outcome.winners) if outcome else [])


def test_every_view_carries_the_common_keys(game: str) -> None:
    states = states_of_one_game(game, seed=11)
    for index, state in enumerate(states):
        if index % 7 == 0 or state.is_over:
            for seat in range(state.players):
                check_view(state, seat)


def test_events_tell_the_public_history(game: str) -> None:
    """Play leaves a trail: the event list grows and never rewrites what was already told."""
    states = states_of_one_game(game, seed=12)
    before: list[dict[str, object]] = []
    for state in states[:: max(1, len(states) // 20)]:
        events = state.view(0)["events"]
        assert events[: len(before)] == before
        before = events
    assert len(before) > 0


def test_a_state_prints_its_board(game: str) -> None:
    states = states_of_one_game(game, seed=13)
    for state in (states[0], states[len(states) // 2], states[-1]):
        text = str(state)
        assert text.strip() and text != repr(state)
        assert len(text.splitlines()) >= 3, text
        for seat in range(state.players):
            assert state.board_text(seat).strip()


def test_events_written_late_read_as_events_written_along_the_way(game: str) -> None:
    """Games may keep events raw and write their sentences when a view first asks: a game viewed only
    at its end shows the same history as one viewed after every move."""
    cls = explorer.game_class(game)
    rng = random.Random(11)
    seen = quiet = explorer.new_game(game, players=cls.MAX_PLAYERS, seed=11)
    along: list[list[dict[str, object]]] = []
    while not seen.is_over:
        along.append(seen.view(0)["events"])
        action = rng.choice(seen.legal_actions())
        seen, quiet = seen.play(action), quiet.play(action)
    assert quiet.view(1)["events"] == seen.view(1)["events"]
    assert seen.view(0)["events"][: len(along[-1])] == along[-1]
