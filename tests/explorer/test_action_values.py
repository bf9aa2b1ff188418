"""Action values: every operation ARCHITECTURE.md's "Action values" promises, in every game, and what
the engine adds (values sort and pickle as their notations, a value from another state plays by its
notation, the view's ``legal`` and the records stay notation strings)."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import explorer
from explorer._core.action import Action

PLAYERS = {"bangkok": 2, "klongs": 3, "tindahan": 4, "bastos": 3}


def positions(game: str, moves: int = 40, seed: int = 5) -> list[explorer.GameState]:
    """A random game's first positions (several phases of each game)."""
    rng = random.Random(seed)
    state = explorer.new_game(game, players=PLAYERS[game], seed=seed)
    out = []
    while not state.is_over and len(out) < moves:
        out.append(state)
        state = state.play(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("game", explorer.GAMES)
def test_the_promised_operations(game: str) -> None:
    for state in positions(game):
        legal = state.legal_actions()
        notations = [str(a) for a in legal]
        assert all(isinstance(text, str) and text for text in notations)
        assert len(set(notations)) == len(notations), "two actions with one notation"
        by_notation = {text: i for i, text in enumerate(notations)}
        for action, text in zip(legal, notations, strict=True):
            assert action == text and text == action
            assert (action != text) is False and (text != action) is False
            assert text in state.legal_actions()  # a notation string is in the list
            assert hash(action) == hash(text)
            assert by_notation[action] == notations.index(text)  # a dict keyed by notations finds it
            assert action in set(notations) and text in set(legal)
        action = legal[-1]
        by_value, by_text = state.play(action), state.play(str(action))
        assert by_value == by_text
        assert by_value.to_record() == by_text.to_record()
        assert by_value.view(0) == by_text.view(0)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_records_and_views_hold_notation_strings(game: str) -> None:
    state = positions(game)[-1]
    record = state.to_record()
    assert all(type(a) is str for a in record["actions"])
    assert json.loads(json.dumps(record)) == record
    assert explorer.replay(record) == state
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert view["legal"] == [str(a) for a in state.legal_actions()]
    assert all(type(a) is str for a in view["legal"]) and set(view["labels"]) == set(view["legal"])
    json.dumps(view)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_values_sort_print_and_pickle_as_their_notations(game: str) -> None:
    state = positions(game)[-1]
    legal = state.legal_actions()
    notations = [str(a) for a in legal]
    assert [str(a) for a in sorted(legal)] == sorted(notations)
    assert sorted([*legal[:2], *notations[2:]]) == sorted(notations)  # values and strings together
    assert repr(legal) == repr(notations)  # a printed list reads as it did when it held strings
    for action in legal:
        copy = pickle.loads(pickle.dumps(action))
        assert copy == action and str(copy) == str(action)
        assert state.play(copy) == state.play(action)  # a copy is not the listed value: by notation
    assert pickle.loads(pickle.dumps(state)).legal_actions() == legal


def test_a_value_plays_by_its_index_where_it_was_listed_and_by_notation_elsewhere() -> None:
    state = explorer.new_game("tindahan", players=3, seed=2)
    legal = state.legal_actions()
    assert all(isinstance(a, Action) and a.index == i for i, a in enumerate(legal))
    assert legal is not state.legal_actions()  # a copy each time: the caller may change it
    other = explorer.new_game("tindahan", players=3, seed=2)  # an equal state, its own listing
    for action in legal:
        assert other.play(action) == state.play(action)
    later = state.play(legal[0])
    stale = later.legal_actions()[0]  # a value of the next position: not legal in the first one
    if str(stale) not in legal:
        with pytest.raises(explorer.IllegalAction):
            state.play(stale)


def test_values_compare_with_nothing_but_notations() -> None:
    action = explorer.new_game("bastos", players=3, seed=1).legal_actions()[0]
    assert action != 0 and action != None and action != [str(action)]  # noqa: E711
    with pytest.raises(TypeError):
        _ = action < 3  # type: ignore[operator]
    with pytest.raises(explorer.IllegalAction):
        explorer.new_game("bastos", players=3, seed=1).play(0)


def test_listing_writes_no_notation_and_a_string_reads_only_as_far_as_it_needs() -> None:
    """A Bangkok turn lists 40-50 placements: their texts are written only when asked."""
    state = explorer.new_game("bangkok", players=2, seed=3)
    legal = state.legal_actions()
    assert len(legal) > 3
    assert not any(a._source is None for a in legal)  # no text written yet
    state.play(str(legal[2]))  # compares the notations of the first three, no further
    assert [a._source is None for a in legal[:4]] == [True, True, True, False]
