"""Bad input gives a clear error that names the field and says why, and changes nothing (issue 11)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer import EditionError, IllegalAction, RecordError


@pytest.fixture
def record() -> dict[str, Any]:
    state = explorer.new_game("tindahan", players=3, seed=5)
    return state.play(state.legal_actions()[0]).to_record()


@pytest.mark.parametrize("game", ["bangkok", "klongs"])
@pytest.mark.parametrize(("edition", "says"), [
    ("x" * 5000, "characters long"),
    ('{"name": "mine"}', "looks like JSON text"),
    ("board\0.json", "NUL"),
])
def test_an_edition_that_cannot_be_a_path_says_why(game: str, edition: str, says: str) -> None:
    with pytest.raises(EditionError, match=says) as caught:
        explorer.new_game(game, players=2, seed=1, edition=edition)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(("content", "says"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"\xff\xfe\x00not text", "not UTF-8"),
    (b"{not json", "not JSON"),
])
def test_an_unreadable_edition_file_says_why(tmp_path: Path, content: bytes, says: str) -> None:
    path = tmp_path / "edition.json"
    path.write_bytes(content)
    for game in ("bangkok", "klongs"):
        with pytest.raises(EditionError, match=says):
            explorer.new_game(game, players=2, seed=1, edition=str(path))


def test_a_huge_seed_is_refused_in_a_sentence() -> None:
    with pytest.raises(ValueError, match="seed must be an int between") as caught:
        explorer.new_game("bastos", players=3, seed=10**5000)
    assert len(str(caught.value)) < 200


def test_a_record_with_a_non_text_field_name_says_which(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="unknown field"):
        explorer.replay({**record, 1: 2})  # type: ignore[dict-item]


@pytest.mark.parametrize("seed", [None, "7", 7.0, True])
def test_a_record_without_an_int_seed_is_refused(record: dict[str, Any], seed: object) -> None:
    with pytest.raises(RecordError, match="'seed' must be an int"):
        explorer.replay({**record, "seed": seed})


@pytest.mark.parametrize("value", [1, 0, 1.0, "true", None])
def test_true_false_options_take_only_true_or_false(value: object) -> None:
    with pytest.raises(ValueError, match=r"expert=.* is not allowed"):
        explorer.new_game("bangkok", players=2, seed=1, expert=value)
    assert explorer.new_game("bangkok", players=2, seed=1, expert=True).rules["expert"] is True


def test_a_record_names_no_path_on_the_replaying_machine(tmp_path: Path) -> None:
    state = explorer.new_game("klongs", players=2, seed=3)
    edition = tmp_path / "mine.json"
    edition.write_text(json.dumps({"name": "mine"}))
    record = {**state.to_record(), "edition": str(edition)}
    with pytest.raises(RecordError, match="names only the built-in"):
        explorer.replay(record)
    with pytest.raises(RecordError, match="names only the built-in"):
        explorer.replay({**record, "edition": "/etc/passwd"})
    assert explorer.replay(state.to_record()) == state  # the built-in edition by name replays


def test_a_refusal_does_not_echo_a_megabyte() -> None:
    state = explorer.new_game("tindahan", players=3, seed=1)
    with pytest.raises(IllegalAction) as caught:
        state.play("x" * 1_000_000)
    assert len(str(caught.value)) < 400
    assert "1000000 characters" in str(caught.value)
    with pytest.raises(RecordError) as recorded:
        explorer.replay({**state.to_record(), "actions": ["y" * 100_000]})
    assert len(str(recorded.value)) < 600
