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
from explorer.klongs import DEFAULT_NAME, GOODS, State, default_edition


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
    with pytest.raises(EditionError, match="is None or 'klongs-reconstructed', a dict or a path"):
        explorer.new_game("klongs", players=2, seed=1, edition=42)
    with pytest.raises(explorer.RecordError):
        record = explorer.new_game("klongs", players=2, seed=1).to_record()
        explorer.replay({**record, "edition": {"name": "half"}})


def test_bad_edition_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(EditionError, match="not JSON"):
        explorer.new_game("klongs", players=2, seed=1, edition=path)
