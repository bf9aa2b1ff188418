"""Tindahan round scoring through the public helper ``explorer.tindahan.score_round``."""

from __future__ import annotations

import pytest

import explorer
from explorer.tindahan import round_awards, score_round


def stall(counts: dict[str, int], trump: bool = False, **rules: str) -> dict[str, int]:
    """Points from one stall alone: every player took a trick and holds two cards, so cards add 0."""
    players = list(counts)
    return score_round(dict.fromkeys(players, 1), dict.fromkeys(players, 2), {"mango": counts},
                       "mango" if trump else "banana", **rules)


def test_rulebook_scoring_example() -> None:
    got = explorer.tindahan.score_round(
        {"A": 3, "B": 4, "C": 2},
        {"A": 5, "B": 0, "C": 7},
        {"banana": {"A": 3, "C": 2}, "durian": {"C": 1}, "mango": {"A": 2, "C": 2}},
        "durian",
    )
    assert got == {"A": 9, "B": 8, "C": 8}


def test_tricks_and_hand_cards() -> None:
    assert score_round({"A": 3, "B": 1}, {"A": 0, "B": 4}, {}, "banana") == {"A": 6, "B": -2}


def test_majority_and_second() -> None:
    assert stall({"A": 3, "B": 1, "C": 2}) == {"A": 5, "B": 0, "C": 2}


def test_alone_at_a_stall_no_second_place() -> None:
    assert stall({"A": 4, "B": 0, "C": 0}) == {"A": 5, "B": 0, "C": 0}


def test_tie_for_first_shares_first_and_second() -> None:
    assert stall({"A": 2, "B": 2, "C": 0}) == {"A": 3, "B": 3, "C": 0}
    # Second place is used up by the tie: the next player gets nothing.
    assert stall({"A": 2, "B": 2, "C": 1}) == {"A": 3, "B": 3, "C": 0}
    assert stall({"A": 1, "B": 1, "C": 1}) == {"A": 2, "B": 2, "C": 2}


def test_tie_for_second_shares_second() -> None:
    assert stall({"A": 3, "B": 1, "C": 1}) == {"A": 5, "B": 1, "C": 1}
    assert stall({"A": 3, "B": 1, "C": 1, "D": 1}) == {"A": 5, "B": 0, "C": 0, "D": 0}


def test_trump_stall_bonus() -> None:
    assert stall({"A": 3, "B": 1}, trump=True) == {"A": 6, "B": 2}
    assert stall({"A": 3}, trump=True) == {"A": 6}


@pytest.mark.parametrize(
    ("rule", "two_tied", "three_tied"),
    [
        ("share", 4, 2),  # (5 + 1 + 2) // k
        ("each", 4, 3),  # (5 + 2) // k + 1
        ("none", 3, 2),  # (5 + 2) // k
    ],
)
def test_trump_stall_tie_options(rule: str, two_tied: int, three_tied: int) -> None:
    assert stall({"A": 2, "B": 2}, trump=True, trump_bonus_tie=rule) == {"A": two_tied, "B": two_tied}
    three = stall({"A": 1, "B": 1, "C": 1}, trump=True, trump_bonus_tie=rule)
    assert three == {"A": three_tied, "B": three_tied, "C": three_tied}


def test_empty_round_gets_the_best_score() -> None:
    # B took no trick and sent no seller: B is raised to A's 9 (the best before the raise).
    got = score_round({"A": 2, "B": 0, "C": 1}, {"A": 0, "B": 6, "C": 3}, {"mango": {"A": 1, "C": 1}},
                      "banana")
    assert got == {"A": 4 + 3, "B": 7, "C": 2 - 3 + 3}
    # Two empty players both reach the best score.
    got = score_round({"A": 5, "B": 0, "C": 0}, {"A": 0, "B": 6, "C": 2}, {}, "banana")
    assert got == {"A": 10, "B": 10, "C": 10}


def test_a_seller_or_a_trick_is_enough_to_avoid_the_empty_round() -> None:
    got = score_round({"A": 3, "B": 0, "C": 1}, {"A": 0, "B": 5, "C": 5}, {"durian": {"B": 1}}, "banana")
    assert got == {"A": 6, "B": 5 - 5, "C": 2 - 5}


def test_empty_round_line_names_the_rule_and_adds_up() -> None:
    awards = round_awards(["A", "B"], {"A": 2}, {"A": 0, "B": 3}, [], "banana", {}, "share")
    assert awards[-1][0] == "B" and awards[-1][3] == "tindahan.score.empty-round"
    assert sum(points for who, _, points, _ in awards if who == "B") == 4


def test_lines_name_their_rules() -> None:
    awards = round_awards(
        ["A", "B", "C"], {"A": 1, "B": 1, "C": 1}, {"A": 1, "B": 0, "C": 0},
        [("durian", [("A", 2), ("B", 1), ("C", 1)]), ("mango", [("A", 1), ("B", 1), ("C", 0)])],
        "durian", {}, "share",
    )
    rules = [rule for _, _, _, rule in awards]
    assert rules == ["tindahan.score.trick", "tindahan.score.hand-card", "tindahan.score.trick",
                     "tindahan.score.trick", "tindahan.score.majority", "tindahan.score.trump-bonus",
                     "tindahan.score.ties", "tindahan.score.ties", "tindahan.score.ties",
                     "tindahan.score.ties"]


def test_helper_rejects_bad_input() -> None:
    with pytest.raises(TypeError, match="trump_bonus_tie"):
        score_round({"A": 1}, {}, {}, "banana", no_such_rule=1)
    with pytest.raises(ValueError, match="trump"):
        score_round({"A": 1}, {}, {}, "apple")
    with pytest.raises(ValueError, match="not a stall"):
        score_round({"A": 1}, {}, {"apple": {"A": 1}}, "banana")
    with pytest.raises(ValueError, match="at least 0"):
        score_round({"A": -1}, {}, {}, "banana")
    assert score_round({}, {}, {}, "banana") == {}
