"""The strong bot: the hint's search deciding for its seat, from its view (or the public table)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import explorer
from explorer.bots import BOT_KINDS, make_bot
from explorer.table import Table


def _strong(game: str, seed: int, seconds: float = 0.02) -> Any:
    bot: Any = make_bot(game, "strong", seed)
    bot.seconds = seconds
    return bot


def _play(game: str, players: int, seed: int, line_up: dict[int, Any], watch: bool) -> explorer.GameState:
    table = Table(explorer.new_game(game, players=players, seed=seed), line_up)
    if watch:
        for bot in table.bots.values():
            if hasattr(bot, "watch"):
                bot.watch(lambda: table.state)
    return table.play_out()


def test_strong_is_a_bot_kind() -> None:
    assert "strong" in BOT_KINDS
    assert make_bot("tindahan", "strong", 1).name == "strong"


@pytest.mark.parametrize(("game", "players"), [("tindahan", 3), ("bastos", 3), ("bangkok", 3), ("klongs", 3)])
def test_the_strong_bot_plays_a_whole_game_from_its_views_alone(game: str, players: int) -> None:
    # No watch: every choice is made from the view (the table is rebuilt from it), and every one is legal
    # (Table.play refuses an illegal move).
    state = _play(game, players, 4, {0: _strong(game, 1), 1: "heuristic", 2: "random"}, watch=False)
    assert state.is_over


def test_the_strong_klongs_bot_plays_a_whole_game_at_a_watched_table() -> None:
    state = _play("klongs", 2, 4, {0: _strong("klongs", 1), 1: "heuristic"}, watch=True)
    assert state.is_over


def test_the_same_seed_plays_the_same_game() -> None:
    records = [_play("tindahan", 3, 9, {0: _strong("tindahan", 5), 1: "heuristic", 2: "heuristic"},
                     watch=False).to_record() for _ in range(2)]
    assert records[0] == records[1]


def test_a_watched_table_must_be_at_the_views_position() -> None:
    state = explorer.new_game("klongs", players=2, seed=1)
    bot = _strong("klongs", 1)
    later = state.play(state.legal_actions()[0])
    bot.watch(lambda: later)
    with pytest.raises(ValueError, match="not at the position"):
        bot.choose(state.view(0))


def test_the_strong_bot_beats_random_play() -> None:
    # Bangkok, two players: the strong bot won every one of these seeded games against a random
    # player (the search decides with a fixed budget, so this is a fixed outcome, not luck).
    wins = 0
    for seed in range(4):
        hero = seed % 2
        state = _play("bangkok", 2, seed, {hero: _strong("bangkok", seed), 1 - hero: "random"}, watch=False)
        outcome = state.outcome()
        assert outcome is not None
        wins += hero in outcome.winners
    assert wins == 4


def test_the_strong_bot_says_why_it_chose_its_move() -> None:
    state = explorer.new_game("tindahan", players=3, seed=2)
    bot = _strong("tindahan", 3, 0.05)
    view = state.view(state.current_player or 0)
    choice = bot.choose(view)
    assert bot.last_reason.startswith(view["labels"][choice] + ": ")
    assert " deals" in bot.last_reason


def _searched(state: explorer.GameState, seed: int) -> tuple[str, list[tuple[str, int, float]]]:
    bot = _strong(state.GAME, seed, 0.1)
    if state.GAME == "klongs":
        bot.watch(lambda: state)
    choice = bot.choose(state.view(0))
    return choice, [(s.action, s.samples, round(s.margin, 6)) for s in bot.last.stats]


def test_other_seats_secrets_do_not_change_the_strong_klongs_bots_search() -> None:
    # Its roll-outs play by the Klongs policy and count the stocks where they stop: all on samples
    # dealt from what seat 0 sees, so seat 1's hidden boats cannot change a single roll-out.
    mine = ["fish:1", "bananas:2", "shrimps:1", "flowers:3"]
    one, two = (explorer.new_game("klongs", players=2, seed=5, start={"hands": [mine, hand]})
                for hand in (["avocados:1", "eggplants:2", "pineapples:1", "fish:2"],
                             ["thief", "cookshop", "bananas:1", "shrimps:2"]))
    assert one.snapshot() != two.snapshot()
    assert one.view(0) == two.view(0)
    first = _searched(one, 3)
    assert first == _searched(two, 3)
    assert sum(samples for _, samples, _ in first[1]) > 40


def test_other_seats_secrets_do_not_change_the_strong_tindahan_bots_search() -> None:
    # Its roll-outs send sellers and move the cart by the Tindahan policy, from the sampled deals alone.
    fruits = explorer.new_game("tindahan", players=3, seed=0).view(0)["fruits"]
    cards = [f"{f}-{v}" for f in fruits for v in range(1, 11)]
    random.Random(1).shuffle(cards)
    mine, rest = cards[:10], cards[10:]
    starts = []
    for salt in (2, 3):
        random.Random(salt).shuffle(rest)
        starts.append([mine, rest[:10], rest[10:]])
    one, two = (explorer.new_game("tindahan", players=3, seed=5, start=start) for start in starts)
    assert one.snapshot() != two.snapshot()
    assert one.current_player == 0 and one.view(0) == two.view(0)
    first = _searched(one, 3)
    assert first == _searched(two, 3)
    assert sum(samples for _, samples, _ in first[1]) > 40


def test_the_budget_is_the_same_in_every_build(monkeypatch: pytest.MonkeyPatch) -> None:
    # A seed plays alike in a pure-Python install (only more slowly): the budget does not ask the build.
    from explorer import _compiled
    from explorer._search import strong as strong

    assert strong.budget_factor("bangkok", 4) == strong.BUDGET_FACTOR["bangkok"]
    assert strong.budget_factor("tindahan", 4) == strong.BUDGET_FACTOR["tindahan"]
    assert strong.budget_factor("tindahan", 3) == 1.0  # did better with the rates as they are
    for game in ("klongs", "bastos"):  # not measured with more
        assert strong.budget_factor(game, 4) == 1.0
    state = explorer.new_game("bangkok", players=2, seed=2)
    seat = state.current_player
    assert seat is not None
    rate = strong.SETTINGS["bangkok"][1]
    assert rate is not None
    budget = int(0.05 * rate * strong.BUDGET_FACTOR["bangkok"])
    played = []
    for compiled in (False, True):
        monkeypatch.setattr(_compiled, "COMPILED", compiled)
        bot = _strong(game="bangkok", seed=1, seconds=0.05)
        played.append((bot.choose(state.view(seat)), bot.last.playouts))
        assert 0.8 * budget < bot.last.playouts <= budget
    assert played[0] == played[1]


def _bangkok_search(players: int, objective: str) -> Any:
    from explorer._search.search import search

    state = explorer.new_game("bangkok", players=players, seed=4)
    seat = state.current_player
    assert seat is not None
    return search(state, seat, playouts=120, rng=random.Random(7), horizon=2, objective=objective)


def test_the_field_objective_ranks_by_the_seats_lead_over_the_opponents_mean() -> None:
    result = _bangkok_search(3, "field")
    assert result.objective == "field"
    survivors = [s for s in result.stats if s.samples == result.stats[0].samples]
    assert [s.field_value for s in survivors] == sorted((s.field_value for s in survivors), reverse=True)
    for stat in result.stats:
        assert len(stat.leads) == len(stat.margins) == stat.samples
        # The lead over the mean is never below the margin over the best opponent.
        assert all(lead >= margin - 1e-9 for lead, margin in zip(stat.leads, stat.margins, strict=True))
    assert any(lead > margin for s in result.stats for lead, margin in zip(s.leads, s.margins, strict=True))


def test_with_two_players_the_objectives_agree() -> None:
    best, fielded = _bangkok_search(2, "best"), _bangkok_search(2, "field")
    assert [(s.action, s.samples, s.margins) for s in best.stats] == \
        [(s.action, s.samples, s.leads) for s in fielded.stats]


def test_an_unknown_objective_is_refused() -> None:
    with pytest.raises(ValueError, match="objective must be"):
        _bangkok_search(2, "mean")


def test_the_strong_bangkok_bot_judges_by_the_field() -> None:
    from explorer._search import strong as strong

    assert strong.OBJECTIVES["bangkok"] == "field"
    state = explorer.new_game("bangkok", players=3, seed=6)
    bot = _strong("bangkok", 2, 0.05)
    seat = state.current_player
    assert seat is not None
    bot.choose(state.view(seat))
    assert bot.last.objective == "field"


def test_the_margin_to_leave_the_rule_of_thumb_depends_on_the_table() -> None:
    from explorer._search import strong as strong

    assert strong.confidence("bangkok", 2) == strong.confidence("tindahan", 2) == strong.CONFIDENCE
    assert strong.confidence("klongs", 4) == strong.confidence("bastos", 3) == strong.CONFIDENCE_MANY
    for game in ("bangkok", "tindahan"):
        assert strong.confidence(game, 3) == strong.CONFIDENCE_BY_GAME[game] < strong.CONFIDENCE_MANY
