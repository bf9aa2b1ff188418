"""Bangkok editions: the reconstructed default, users' own files, validation errors and records."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer import EditionError, RecordError
from explorer.bangkok import default_edition, load_edition


def default_data() -> dict[str, Any]:
    return copy.deepcopy(default_edition().data)


def own(**changes: Any) -> dict[str, Any]:
    data = default_data()
    data["name"] = "my market"
    data.update(changes)
    return data


def test_default_edition_keeps_the_rulebook_counts_and_says_what_is_reconstructed() -> None:
    ed = default_edition()
    assert len(ed.cards) == 60 and len(ed.sets) == 4 and all(len(s) == 3 for s in ed.sets)
    assert len(ed.chilli_ids) == 16 and len(ed.boat_ids) == 32 and len(ed.objectives) == 4
    assert ed.data["reconstructed"], "the file lists which values are guesses"
    assert Counter(card.kind for card in ed.cards if card.is_chilli) == {1: 4, 2: 4, 3: 4, 4: 4}


def test_default_edition_is_balanced_over_the_goods() -> None:
    ed = default_edition()
    for group in (ed.boat_ids, ed.chilli_ids, [c for s in ed.sets for c in s]):
        carried = Counter(g for c in group for g in ed.cards[c].goods)
        assert len(set(carried.values())) == 1 and len(carried) == 4, carried
    assert sorted(ed.objectives) == sorted("PZBF")
    assert {"Z!4B", "BB!3BF", "P!1P"} <= {ed.cards[c].face for c in ed.chilli_ids}


def test_a_users_edition_plays_and_its_record_holds_the_whole_file(tmp_path: Path) -> None:
    data = own(boat_cards=["PZB"] * 32)
    path = tmp_path / "edition.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for source in (data, path, str(path)):
        state = explorer.new_game("bangkok", players=2, seed=4, edition=source)
        assert state.edition.name == "my market"
        state = state.play(state.legal_actions()[0])
        record = json.loads(json.dumps(state.to_record()))
        assert record["edition"]["boat_cards"] == ["PZB"] * 32
        assert explorer.replay(record) == state


def test_the_default_edition_is_recorded_by_name() -> None:
    state = explorer.new_game("bangkok", players=2, seed=4)
    assert state.to_record()["edition"] == "default"
    assert explorer.new_game("bangkok", players=2, seed=4, edition="default") == state


def test_faces_in_any_goods_order_are_the_same_card() -> None:
    ed = load_edition(own(boat_cards=["ZP"] * 32))
    assert {ed.cards[c].face for c in ed.boat_ids} == {"PZ"}


@pytest.mark.parametrize(("change", "fragment"), [
    ({"boat_cards": ["PZ"] * 31}, "boat_cards must list exactly 32"),
    ({"boat_cards": ["PZ"] * 31 + ["PX"]}, "boat_cards[31]: card 'PX'"),
    ({"boat_cards": ["PZ"] * 31 + ["P!1P"]}, "boat_cards[31]: card 'P!1P' is a chilli card"),
    ({"boat_cards": ["PZ"] * 31 + ["PZBF"]}, "boat_cards[31]: card 'PZBF': a boat card carries 1 to 3"),
    ({"chilli_cards": ["P!1P"] * 15 + ["P!9P"]}, "chilli_cards[15]: card 'P!9P'"),
    ({"chilli_cards": ["P!1P"] * 15 + ["PZ"]}, "chilli_cards[15]: card 'PZ' has no '!'"),
    ({"chilli_cards": ["P!1P"] * 15 + ["!3P"]}, "exactly two goods"),
    ({"starting_sets": [["P", "Z", "B"]] * 3 + [["P", "Z"]]}, "starting set 4 (bamboo 4) has 2 cards"),
    ({"objectives": ["P", "Z", "B", "FF"]}, "objectives[3]: objective 'FF'"),
    ({"name": "default"}, "belongs to the built-in edition"),
    ({"colour": "red"}, "colour: Extra inputs"),
])
def test_bad_editions_name_the_field_and_the_card(change: dict[str, Any], fragment: str) -> None:
    with pytest.raises(EditionError) as info:
        explorer.new_game("bangkok", players=2, seed=1, edition=own(**change))
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_missing_fields_and_unreadable_files_are_edition_errors(tmp_path: Path) -> None:
    data = own()
    del data["boat_cards"]
    with pytest.raises(EditionError, match="boat_cards: Field required"):
        load_edition(data)
    with pytest.raises(EditionError, match="cannot read"):
        load_edition(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(EditionError, match="not JSON"):
        load_edition(tmp_path / "bad.json")
    with pytest.raises(EditionError, match="not int"):
        load_edition(3)


def test_a_record_with_a_broken_edition_is_refused() -> None:
    record = explorer.new_game("bangkok", players=2, seed=1).to_record()
    record["edition"] = own(boat_cards=["Q"] * 32)
    with pytest.raises(RecordError, match="boat_cards"):
        explorer.replay(record)
