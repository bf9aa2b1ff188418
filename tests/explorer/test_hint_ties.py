"""The hint's tie rule: near-equal moves are settled by the rule of thumb, and the words say so."""

from __future__ import annotations

import random
from typing import Any

import explorer
from explorer import hint
from explorer._search.hint import Searched, paired, searched, settle, suggestions
from explorer._search.search import MoveStats, SearchResult


def _stats(action: str, margins: list[float]) -> MoveStats:
    return MoveStats(action, samples=len(margins), margin=sum(margins), wins=sum(m > 0 for m in margins),
                     margin_sq=sum(m * m for m in margins), margins=list(margins))


def _jitter(base: list[float], seed: int) -> list[float]:
    """``base`` with 4 points added or taken on each deal at random: as good on average, noisily."""
    steps = [4.0, -4.0] * (len(base) // 2)
    random.Random(seed).shuffle(steps)
    return [m + step for m, step in zip(base, steps, strict=True)]


def _noise(seed: int, n: int = 60) -> list[float]:
    rng = random.Random(seed)
    return [float(rng.randint(-20, 20)) for _ in range(n)]


def _near_tie(leader: str, other: str, base: list[float], seed: int) -> tuple[MoveStats, MoveStats]:
    """``leader`` 0.3 points better than ``base`` on every deal, ``other`` as good as ``base`` on average
    but noisily (``_jitter`` with ``seed``): a lead that is real but not clear."""
    return _stats(leader, [m + 0.3 for m in base]), _stats(other, _jitter(base, seed))


def _to_act(game: str, players: int) -> tuple[int, dict[str, Any]]:
    """The seat to act at the start of a seeded game of ``game``, and its view."""
    state = explorer.new_game(game, players=players, seed=2)
    seat = state.current_player
    assert seat is not None
    return seat, state.view(seat)


def _result(seat: int, *stats: MoveStats) -> SearchResult:
    """A search of 60 deals (its first round 30 of them) that ranked ``stats`` in this order."""
    return SearchResult(seat, list(stats), deals=60, playouts=120, seconds=0.0, final=30)


def test_the_hint_is_its_search_settled_by_the_tie_rule() -> None:
    state = explorer.new_game("tindahan", players=3, seed=6)
    assert hint(state, seconds=0.05, seed=8) == suggestions(searched(state, seconds=0.05, seed=8))


def test_moves_the_leader_does_not_clearly_beat_go_to_the_rule_of_thumb() -> None:
    base = _noise(1)
    lead, close = _near_tie("a", "b", base, 2)
    gap, error, n = paired(lead, close)
    assert n == 60 and 0 < gap < error
    assert [s.action for s in settle([lead, close], ["b", "a"], 1.0)] == ["b", "a"]
    assert [s.action for s in settle([lead, close], ["a", "b"], 1.0)] == ["a", "b"]
    # A tie margin of zero keeps the leader; a clear lead is kept whatever the rule of thumb says.
    assert settle([lead, close], ["b", "a"], 0.0)[0] is lead
    far = _stats("c", [m - 5.0 for m in base])
    assert settle([lead, far], ["c", "a"], 1.5)[0] is lead


def test_moves_with_the_same_result_on_every_deal_are_tied() -> None:
    same = _noise(3)
    lead, twin = _stats("a", same), _stats("b", same)
    assert paired(lead, twin) == (0.0, 0.0, 60)
    assert settle([lead, twin], ["b", "a"], 0.0)[0] is twin


def test_a_move_halved_away_is_compared_on_the_deals_it_met() -> None:
    # The leader met 60 deals, the other the first 20 (the first round): the paired difference uses those.
    base = _noise(4)
    lead = _stats("a", base)
    early = _stats("b", [m - 30.0 for m in base[:20]])
    gap, _, n = paired(lead, early)
    assert n == 20 and gap == 30.0
    assert settle([lead, early], ["b", "a"], 2.0)[0] is lead


def test_the_reasons_say_when_the_rule_of_thumb_settled_a_near_tie() -> None:
    seat, view = _to_act("tindahan", 3)
    a, b = view["legal"][:2]
    lead, other = _near_tie(a, b, _noise(5), 6)
    result = _result(seat, lead, other)
    first, second = suggestions(Searched(view, [b, a], [a, b], result), 1.0)[:2]
    assert (first.action, second.action) == (b, a)
    assert first.samples == 60 and first.value == round(other.value, 3)
    assert first.win_rate == round(other.win_rate, 3)
    assert "about as good as" in first.reason and "a rule of thumb prefers this move" in first.reason
    assert "better on average than the move suggested first" in second.reason
    # With a tie margin of zero the search's leader comes first, and the rule of thumb is not named.
    first, second = suggestions(Searched(view, [b, a], [a, b], result), 0.0)[:2]
    assert first.action == a and "rule of thumb" not in first.reason
    assert "worse than the best move" in second.reason


def test_by_default_only_identical_moves_are_settled_by_the_rule_of_thumb() -> None:
    seat, view = _to_act("klongs", 2)
    a, b, c = view["legal"][:3]
    base = _noise(7)
    result = _result(seat, *_near_tie(a, b, base, 8))
    assert suggestions(Searched(view, [b, a], [a, b], result))[0].action == a
    assert suggestions(Searched(view, [b, a], [a, b], result), 1.0)[0].action == b
    result = _result(seat, _stats(a, base), _stats(c, base))
    assert suggestions(Searched(view, [c, a], [a, c], result))[0].action == c


def test_bangkok_settles_near_ties_by_the_rule_of_thumb() -> None:
    from explorer._search.hint import TIE_ERRORS

    seat, view = _to_act("bangkok", 2)
    a, b = view["legal"][:2]
    lead, near = _near_tie(a, b, _noise(7), 8)
    result = _result(seat, lead, near)
    gap, error, _ = paired(lead, near)
    assert 0 < gap <= TIE_ERRORS["bangkok"] * error  # the leader is ahead, by less than the margin
    first = suggestions(Searched(view, [b, a], [a, b], result))[0]
    assert first.action == b and "a rule of thumb prefers this move" in first.reason
