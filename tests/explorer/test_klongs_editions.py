"""Klongs editions: the reconstructed default, a user's own (dict or file), validation errors, replay."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer import EditionError
from explorer.klongs import DEFAULT_NAME, EDITIONS, GOODS, REVIEW_TRACK, State, default_edition, load_edition


def default_data() -> dict[str, Any]:
    return copy.deepcopy(default_edition().model.model_dump(mode="json"))


def test_default_edition_components() -> None:
    ed = default_edition()
    assert ed.name == DEFAULT_NAME and ed.builtin and ed.model.reconstructed
    assert len(ed.boats) == 72
    goods = Counter(boat.goods for boat in ed.boats if boat.goods)
    assert set(goods) == set(GOODS) and set(goods.values()) == {9}
    specials = Counter(boat.special for boat in ed.boats if boat.special)
    assert specials == {"thief": 3, "inspector": 3, "cookshop": 3}
    assert all(boat.neutral for boat in ed.boats if boat.special)
    assert any(boat.neutral for boat in ed.boats if boat.goods)
    assert {boat.baskets for boat in ed.boats} == {0, 1, 2, 3}
    assert sum(boat.lukphat for boat in ed.boats) == 16
    assert ed.track_points[0] == 6
    assert [m for m in ed.track_market if m] == ["little", "little", "big"]
    assert (ed.rows, ed.columns, len(ed.hoods)) == (8, 10, 20)
    assert all(len(hood) == 4 for hood in ed.hoods)
    spans = Counter(len({ed.hood_of[s] for s in spaces}) for spaces in ed.landing_spaces)
    assert spans == {2: 31, 4: 12}
    assert len(ed.landing_spaces) == 43
    assert [ed.spaces[s] for s in ed.light] == ["a2", "a3", "a6", "a7"]
    assert [ed.spaces[s] for s in ed.dark] == ["j2", "j3", "j6", "j7"]


def test_default_edition_in_records_by_name() -> None:
    state = explorer.new_game("klongs", players=2, seed=1)
    assert state.to_record()["edition"] == DEFAULT_NAME
    assert explorer.new_game("klongs", players=2, seed=1, edition=DEFAULT_NAME) == state


def test_every_track_value_says_what_it_rests_on() -> None:
    for name in EDITIONS:
        track = load_edition(name).model.track
        assert all(space.basis for space in track), name
        assert "rulebooks' example" in track[0].basis  # the one value a rulebook prints


def test_the_review_track_edition_differs_only_in_the_first_market_day() -> None:
    default, review = default_edition(), load_edition(REVIEW_TRACK)
    assert EDITIONS == (DEFAULT_NAME, REVIEW_TRACK) and review.builtin and review.name == REVIEW_TRACK
    markets = [i for i, kind in enumerate(default.track_market) if kind]
    assert [default.track_points[i] for i in markets] == [4, 3, 2]
    assert [review.track_points[i] for i in markets] == [3, 3, 2]
    assert review.track_market == default.track_market
    pairs = zip(default.track_points, review.track_points, strict=True)
    changed = [i for i, (a, b) in enumerate(pairs) if a != b]
    assert changed == [markets[0]]
    same = {key: value for key, value in default.model.model_dump().items() if key not in DESCRIBED}
    assert same == {key: value for key, value in review.model.model_dump().items() if key not in DESCRIBED}


#: What the two built-in editions describe differently (the track: its first market day and bases).
DESCRIBED = ("name", "description", "reconstructed", "track")


def first_little_market_day(seed: int) -> tuple[list[str], int]:
    """A seeded default-edition game's actions up to the placement that reaches the first Little Market
    Day, and the seat that placed it."""
    state = explorer.new_game("klongs", players=3, seed=seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_over:
        seat, before = state.current_player, len(state.score_sheet())
        action = str(rng.choice(state.legal_actions()))
        state = state.play(action)
        actions.append(action)
        if any("Luk Phat space 4" in line.label for line in state.score_sheet()[before:]):
            return actions, seat
    raise AssertionError("the game never reached the first Little Market Day")


def test_the_review_track_pays_3_where_the_default_pays_4_and_replays_by_name() -> None:
    actions, seat = first_little_market_day(5)
    default = explorer.new_game("klongs", players=3, seed=5)
    review = explorer.new_game("klongs", players=3, seed=5, edition=REVIEW_TRACK)
    for action in actions:  # the same moves are legal: the track's values decide no move before it
        default, review = default.play(action), review.play(action)
    paid = {name: [line.points for line in state.score_sheet() if line.label == "Luk Phat space 4"]
            for name, state in (("default", default), ("review", review))}
    assert paid == {"default": [4], "review": [3]}
    assert [a - b for a, b in zip(default.scores(), review.scores(), strict=True)] == [
        1 if other == seat else 0 for other in range(3)]
    record = review.to_record()
    assert record["edition"] == REVIEW_TRACK  # a built-in edition is named, not carried
    assert explorer.replay(json.loads(json.dumps(record))) == review


def test_a_users_edition_cannot_take_a_built_in_name() -> None:
    data = {**default_data(), "name": REVIEW_TRACK}
    with pytest.raises(EditionError, match="belongs to the built-in edition of that name"):
        explorer.new_game("klongs", players=2, seed=1, edition=data)


def small_edition() -> dict[str, Any]:
    """A 2 x 3-hood board with 36 boats: enough to show that the engine follows the edition."""
    data = default_data()
    cols = "abcdef"
    hoods = [
        [f"{cols[2 * hc + dc]}{2 * hr + dr + 1}" for dr in (0, 1) for dc in (0, 1)]
        for hr in range(2)
        for hc in range(3)
    ]
    landings = []
    for r in range(3):
        for c in range(5):
            if r % 2 or c % 2:
                spaces = [
                    f"{cols[c]}{r + 1}",
                    f"{cols[c + 1]}{r + 1}",
                    f"{cols[c]}{r + 2}",
                    f"{cols[c + 1]}{r + 2}",
                ]
                landings.append({"name": f"L{cols[c]}{r + 1}", "spaces": spaces})
    data.update(
        name="small",
        reconstructed=[],
        board={
            "rows": 4,
            "columns": 6,
            "hoods": hoods,
            "landings": landings,
            "entries": {"light": ["a2"], "dark": ["f3"]},
        },
        track=[{"points": 3}, {"points": 2, "market": "little"}, {"points": 1, "market": "big"}],
    )
    data["boats"] = data["boats"][::2]
    return data


def test_user_edition_dict_plays_and_replays() -> None:
    data = small_edition()
    for seed in range(6):
        state = explorer.new_game("klongs", players=2 + seed % 3, seed=seed, edition=data)
        assert isinstance(state, State) and state.ed.name == "small" and len(state.ed.boats) == 36
        rng = random.Random(seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
        record = json.loads(json.dumps(state.to_record()))
        assert record["edition"]["name"] == "small" and record["edition"]["board"]["rows"] == 4
        assert explorer.replay(record) == state


def test_user_edition_from_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(small_edition()))
    state = explorer.new_game("klongs", players=3, seed=2, edition=str(path))
    assert isinstance(state, State) and state.ed.name == "small"
    assert state.view(0)["geometry"]["rows"] == 4
    assert explorer.new_game("klongs", players=3, seed=2, edition=path) == state


def broken(change: Any) -> dict[str, Any]:
    data = default_data()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["boats"][0].update(baskets=5), "boats[0].baskets"),
        (lambda d: d["boats"][3].update(goods="apples"), "boats[3].goods"),
        (lambda d: d["boats"][70].update(neutral=False), "boats[70]"),
        (lambda d: d["boats"][1].update(special="thief"), "boats[1]"),
        (lambda d: d.update(track=[{"points": 6}]), "track"),
        (lambda d: d["track"].append({"points": 1, "market": "monday"}), "track[12].market"),
        (lambda d: d["board"]["landings"][0].update(spaces=["a1", "b1", "c1", "d1"]), "landings[0].spaces"),
        (lambda d: d["board"]["landings"][0].update(spaces=["a1", "b1", "a2", "b2"]), "landings[0].spaces"),
        (lambda d: d["board"]["hoods"][0].append("z9"), "hoods[0]"),
        (lambda d: d["board"]["hoods"].pop(), "hoods"),
        (lambda d: d["board"]["entries"].update(light=["a2", "k1"]), "entries.light"),
        (lambda d: d["board"].update(rows=40), "board.rows"),
        (lambda d: d.update(colour="red"), "colour"),
        (lambda d: d.pop("boats"), "boats"),
        (lambda d: d.update(boats=d["boats"][:10]), "boats"),
    ],
)
def test_bad_editions_name_the_field(change: Any, field: str) -> None:
    with pytest.raises(EditionError) as info:
        explorer.new_game("klongs", players=2, seed=1, edition=broken(change))
    assert field in str(info.value), str(info.value)


def test_bad_edition_sources() -> None:
    with pytest.raises(EditionError, match="cannot read Klongs edition file 'no-such-edition'"):
        explorer.new_game("klongs", players=2, seed=1, edition="no-such-edition")
    builtins = "'klongs-reconstructed' or 'klongs-review-track'"
    with pytest.raises(EditionError, match=f"is None or {builtins}, a dict or a path"):
        explorer.new_game("klongs", players=2, seed=1, edition=42)
    with pytest.raises(explorer.RecordError):
        record = explorer.new_game("klongs", players=2, seed=1).to_record()
        explorer.replay({**record, "edition": {"name": "half"}})


def test_bad_edition_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(EditionError, match="not JSON"):
        explorer.new_game("klongs", players=2, seed=1, edition=path)
