"""The rulebooks' Klongs examples with their own numbers, the scoring helpers, and the heuristic bot."""

from __future__ import annotations

import pytest

import explorer
from explorer._core.examples import verify
from explorer.bots import RandomBot, make_bot
from explorer.klongs import EXAMPLES, RULES, HeuristicBot, score_landing, stock_points
from explorer.klongs.examples import (
    GREEN,
    RED,
    compute_big_market_order,
    compute_sarah_scenario,
    john_scenario,
    mary_scenario,
    points_by,
    thief_scenario,
)


def test_every_example_verifies() -> None:
    verdicts = verify(["klongs"])
    assert len(verdicts) == len(EXAMPLES) >= 12
    for verdict in verdicts:
        assert verdict.ok, (verdict.example.id, verdict.computed, verdict.error)
        assert all(rule in RULES for rule in verdict.example.rules)


def test_mary_luk_phat_six_points() -> None:
    start, after = mary_scenario()
    assert (start.lukphat, after.lukphat) == (0, 1)
    assert after.scores()[RED] == 6
    assert after.score_sheet()[-1].rule == "klongs.lukphat"


def test_john_and_eva_landing() -> None:
    assert score_landing(["2:green", "3:red", "0:green", "0:neutral"]) == {"green": 10, "red": 5}
    states = john_scenario()
    end = states[-1]
    landing = points_by(end, ("klongs.landing.score",))
    assert landing == {GREEN: 10, RED: 5}
    assert end.at("b2") is None  # John took his fish boat into his stock


def test_cookshop_doubles() -> None:
    assert score_landing(["2:green", "3:red", "0:green", "cookshop"]) == {"green": 20, "red": 10}
    assert score_landing(["2:green", "3:red", "cookshop:1", "cookshop"]) == {"green": 12, "red": 12}
    assert score_landing(["2:green", "3:red", "cookshop:1", "cookshop"], two_cookshops="each") == {
        "green": 24,
        "red": 24,
    }


def test_thief_baskets_do_not_count() -> None:
    assert score_landing(["2:green", "3:red", "thief:3", "1:none"]) == {"green": 6, "red": 6}
    assert score_landing(["1:neutral", "1:neutral", "inspector:2", "0:neutral"]) == {}


def test_thief_scenario_numbers() -> None:
    start, placed, to_stock = thief_scenario("stock")
    assert placed.phase == "thief"
    assert to_stock.supply[1] == start.supply[1] + 1
    assert len(to_stock.stocks[RED]) == 1


def test_sarah_stock_35() -> None:
    assert stock_points(["bananas"] + ["fish"] * 3 + ["flowers"] * 7) == 1 + 6 + 28 == 35
    assert stock_points(["thief", "cookshop", "inspector"]) == 0
    lines = compute_sarah_scenario()
    assert sum(v for k, v in lines.items() if k.startswith("stock")) == 35


def test_big_market_day_order() -> None:
    assert compute_big_market_order() == {
        "lowest score starts": "yellow",
        "tie: fewer merchants on the board": "yellow",
        "tie: the one who reached it": "yellow",
        "tie: first clockwise from the one who reached it": "red",
    }


@pytest.mark.parametrize(
    "boats",
    [["2:green", "3:red", "0:green"], ["2:purple", "3:red", "0:green", "1:red"], ["4:red"] * 4, "2:red"],
)
def test_score_landing_refuses_bad_boats(boats: list[str]) -> None:
    with pytest.raises(ValueError):
        score_landing(boats)


def test_helpers_refuse_bad_input() -> None:
    with pytest.raises(ValueError, match="not a Klongs good"):
        stock_points(["apples"])
    with pytest.raises(TypeError):
        stock_points(["fish"], colour="red")
    with pytest.raises(ValueError):
        score_landing(["2:red"] * 4, two_cookshops="triple")


def play(bots: list[object], players: int, seed: int) -> explorer.GameState:
    state = explorer.new_game("klongs", players=players, seed=seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.play(bots[seat].choose(state.view(seat)))  # type: ignore[attr-defined]
    return state


def test_heuristic_bot_clearly_beats_random() -> None:
    wins = 0
    games = 24
    for game in range(games):
        players = 2 + game % 3
        seat = game % players
        bots: list[object] = [
            HeuristicBot(game) if s == seat else RandomBot(1000 + 10 * game + s) for s in range(players)
        ]
        outcome = play(bots, players, seed=500 + game).outcome()
        assert outcome is not None
        wins += seat in outcome.winners
    assert wins >= 20, f"heuristic won only {wins} of {games}"


def test_heuristic_bot_plays_every_phase_and_variant() -> None:
    variants: tuple[dict[str, object], ...] = ({}, {"more_tactics": True}, {"inspector_thieves": "one"})
    for seed, rules in enumerate(variants):
        state = explorer.new_game("klongs", players=3, seed=seed, **rules)
        bot = make_bot("klongs", "heuristic", seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state = state.play(bot.choose(state.view(seat)))
        assert state.is_over


def test_examples_carry_the_rulebook_names_and_the_table_uses_them() -> None:
    names = {example.id: example.names for example in EXAMPLES}
    assert names["klongs.mary-luk-phat"] == ("Mary", "Yellow")  # Mary plays red
    assert names["klongs.john-eva-scenario"] == ("Eva", "Yellow", "John")  # Eva red, John green
    assert names["klongs.sarah-stock-scenario"] == ("Sarah", "Yellow")
    assert names["klongs.thief"] == ()  # the book names nobody there
    _, after = mary_scenario()
    assert after.view(1, names=names["klongs.mary-luk-phat"])["events"][-1]["text"] == (
        "Mary placed a fish boat, 0 baskets, Luk Phat on a2; the Luk Phat counter moves to space 1 (Mary +6)")
    scored = john_scenario()[-1].view(0, names=names["klongs.john-eva-scenario"])
    assert scored["events"][-1]["text"] == ("John scored landing Lb2 (Eva +5, John +10), taking the fish "
                                            "boat, 2 baskets on b2 into the stock")
    assert [line["label"] for line in scored["sheet"]][-2:] == [
        "Little Market Day, landing Lb2: 1 merchant, 5 points",
        "Little Market Day, landing Lb2: 2 merchants, 5 each"]
