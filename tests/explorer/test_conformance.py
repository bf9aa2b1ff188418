"""The generic random-playout test every game must pass (OpenSpiel-style).

Thousands of seeded games through the public API only, with invariants checked along the way:
components conserved, illegal actions refused with a rule id and no change, views hiding secrets,
score sheets summing to the scores, records replaying to equal states byte for byte.
"""

from __future__ import annotations

import json
import os
import random

import pytest

import explorer
from explorer import IllegalAction

from .helpers import sampled_rules

# 1,000 a game (4,000 in all) in the default run; the opt-in long run (test_long_run.py) plays 100,000.
GAMES_PER_GAME = int(os.environ.get("CONFORMANCE_GAMES", "1000"))
# Every step of the first games is inspected in depth; the rest are checked at their ends, which
# keeps thousands of games per engine inside CI's budget (CONFORMANCE_DEEP=N inspects more).
DEEP_GAMES = int(os.environ.get("CONFORMANCE_DEEP", "25"))


def player_counts(game: str) -> list[int]:
    cls = explorer.game_class(game)
    return list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))


def mangled(action: str, rng: random.Random) -> str:
    """``action`` with one character changed for another of its kind (a digit for a digit, a letter
    for a letter of the same case): mostly well-formed moves that the rules refuse (a card not held,
    a space out of reach, goods not in the port), some that do not parse."""
    places = [i for i, ch in enumerate(action) if ch.isalnum()]
    i = rng.choice(places)
    ch = action[i]
    kind = "0123456789" if ch.isdigit() else ("ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch.isupper()
                                              else "abcdefghijklmnopqrstuvwxyz")
    return action[:i] + rng.choice(kind.replace(ch, "")) + action[i + 1:]


def illegal_probes(legal: list[str], rng: random.Random) -> list[str]:
    """Actions not legal here: one that means nothing, and legal ones mangled until they are not."""
    probes = ["no-such-action"]
    for action in rng.sample(legal, k=min(2, len(legal))):
        for _ in range(10):
            probe = mangled(action, rng)
            if probe not in legal:
                probes.append(probe)
                break
    assert len(probes) > 1 or not legal, f"no legal action of {legal[:3]} could be mangled"
    return probes


def check_step(state: explorer.GameState, rng: random.Random, inventory: dict[str, int]) -> None:
    assert state.inventory() == inventory, "components must be conserved"
    sheet = state.score_sheet()
    totals = [0] * state.players
    for line in sheet:
        assert line.rule.startswith(state.GAME + "."), line
        assert line.rule in state.RULES, f"score line names unknown rule {line.rule}"
        totals[line.seat] += line.points
    assert totals == state.scores()
    for seat in range(state.players):
        view = state.view(seat)
        text = json.dumps(view)  # views are JSON-serialisable by contract
        for secret in state.secrets(seat):
            assert secret not in text, f"seat {seat}'s view shows hidden {secret!r}"
        if seat != state.current_player:
            assert view["legal"] == []
    # An action that is not legal is refused with a catalogued rule, and nothing changes.
    legal = {str(a) for a in state.legal_actions()}
    before = state.snapshot()
    for probe in illegal_probes(sorted(legal), rng):
        try:
            after = state.play(probe)
        except IllegalAction as refused:
            assert refused.rule.startswith(state.GAME + "."), refused.rule
            assert refused.rule in state.RULES or refused.rule.endswith((".notation", ".game-over"))
        else:
            # Accepted only as another spelling of a legal action (Bangkok's goods in either order):
            # the very position that legal action makes.
            assert any(after == state.play(action) for action in legal), f"{probe!r} is not legal here"
        assert state.snapshot() == before


def test_random_playouts(game: str) -> None:
    counts = player_counts(game)
    for index in range(GAMES_PER_GAME):
        seed = 1000 + index
        rng = random.Random(seed)
        players = counts[index % len(counts)]
        state = explorer.new_game(game, players=players, seed=seed, **sampled_rules(game, index, rng))
        inventory = state.inventory()
        deep = index < DEEP_GAMES
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, "a game that is not over must offer an action"
            assert state.current_player is not None and 0 <= state.current_player < players
            if deep:
                check_step(state, rng, inventory)
            before = state.snapshot() if deep else None
            action = rng.choice(legal)
            nxt = state.play(str(action) if rng.random() < 0.5 else action)
            if deep:
                assert state.snapshot() == before, "play must not change the old state"
            state = nxt
            steps += 1
            assert steps < 20_000, "game does not end"
        check_step(state, rng, inventory)
        assert state.legal_actions() == []
        outcome = state.outcome()
        assert outcome is not None and list(outcome.scores) == state.scores()
        record = state.to_record()
        text = json.dumps(record, sort_keys=True)
        again = explorer.replay(json.loads(text))
        assert again == state
        assert json.dumps(again.to_record(), sort_keys=True) == text


def test_same_seed_same_game(game: str) -> None:
    players = player_counts(game)[0]
    a = explorer.new_game(game, players=players, seed=42)
    b = explorer.new_game(game, players=players, seed=42)
    assert a == b
    rng = random.Random(0)
    while not a.is_over:
        action = rng.choice(a.legal_actions())
        a, b = a.play(action), b.play(str(action))
    assert json.dumps(a.to_record()) == json.dumps(b.to_record())


def test_unknown_option_is_type_error(game: str) -> None:
    with pytest.raises(TypeError) as info:
        explorer.new_game(game, players=player_counts(game)[0], seed=1, no_such_option=True)
    cls = explorer.game_class(game)
    for name in cls.OPTIONS:
        assert name in str(info.value)


def test_bad_records_are_refused(game: str) -> None:
    state = explorer.new_game(game, players=player_counts(game)[0], seed=3)
    state = state.play(state.legal_actions()[0])
    good = state.to_record()
    for broken in (
        {**good, "actions": good["actions"] + ["no-such-action"]},
        {**good, "actions": "not a list"},
        {**good, "players": 99},
        {**good, "game": "chess"},
        {k: v for k, v in good.items() if k != "seed"},
        {**good, "rules": {"no_such_option": 1}},
        "not a record",
    ):
        with pytest.raises(ValueError):
            explorer.replay(broken)  # type: ignore[arg-type]


def test_seat_private_parts_of_a_start_are_declared(game: str) -> None:
    """Each game says which parts of its ``start`` scenario are a seat's own (the hands at least)."""
    cls = explorer.game_class(game)
    assert cls.START_PRIVATE.get("hands") == "seat", cls.START_PRIVATE
    assert set(cls.START_PRIVATE.values()) <= {"seat", "all"}


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_a_fixed_deal_is_private_to_each_seat(game: str) -> None:
    """A ``start`` dealing every hand must not show other seats' hands in a view."""
    cls = explorer.game_class(game)
    dealt = explorer.new_game(game, players=cls.MIN_PLAYERS, seed=9)
    hands = dealt.snapshot()["hands"]
    state = explorer.new_game(game, players=cls.MIN_PLAYERS, seed=9, start=hands)
    for seat in range(state.players):
        text = json.dumps(state.view(seat))
        for other, hand in enumerate(hands):
            if other != seat:
                assert not any(f'"{card}"' in text for card in hand), (seat, other)
