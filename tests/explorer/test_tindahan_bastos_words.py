"""Plain words in everything a learner reads of the two fruit games (issue 8): event texts, move labels,
score-sheet lines, the text board and refusals name seats ("You", "Ben"), never a 0-based seat, and
cards in words ("banana 3"), never in notation ("banana-3", "cart:mango", "choose:mango-5")."""

from __future__ import annotations

import random
import re

import pytest

import explorer
from explorer import GameState

FRUITS = ("banana", "lanzones", "mango", "pineapple", "durian")
# What must never reach a learner: seat numbers, card or move notation, code, unrendered seat markers.
FORBIDDEN = re.compile(
    r"\b[Ss]eats? \d|\b(?:banana|lanzones|mango|pineapple|durian)-\d|\b(?:choose|raise|lower|seller|cart):"
    r"|:trump|//|‹|›|\bphase\b"
)
ATTEMPTS = {
    "tindahan": [*(f"{f}-{v}" for f in FRUITS for v in (1, 5, 10)), *(f"seller:{f}" for f in FRUITS),
                 *(f"cart:{f}" for f in FRUITS)],
    "bastos": [*(f"{f}-{v}" for f in FRUITS for v in (1, 5, 9)),
               *(f"choose:{f}-{v}" for f in FRUITS for v in (2, 7)),
               *(f"{f}-{v}:trump" for f in FRUITS for v in (3, 8)), *(f"raise:{f}" for f in FRUITS),
               *(f"lower:{f}" for f in FRUITS)],
}


def plain(text: str, where: str) -> None:
    found = FORBIDDEN.search(text)
    assert found is None, f"{where}: {found.group(0)!r} in {text!r}"


def texts_of(state: GameState, seat: int) -> list[tuple[str, str]]:
    view = state.view(seat)
    out = [("event", e["text"]) for e in view["events"]]
    out += [("label", text) for text in view["labels"].values()]
    out += [("sheet", line["label"]) for line in view["sheet"]]
    out.append(("board", state.board_text(seat)))
    for key in ("prompt", "stage"):
        if isinstance(view.get(key), str):
            out.append((key, view[key]))
    return out


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_a_whole_game_reads_in_plain_words(game: str) -> None:
    state = explorer.new_game(game, players=4, seed=3)
    rng = random.Random(3)
    refusals = 0
    step = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if step % 5 == 0:
            for where, text in texts_of(state, seat):
                plain(text, f"{game} move {step} {where}")
            legal = set(map(str, state.legal_actions()))
            for action in ATTEMPTS[game]:
                if action not in legal:
                    problem = state.check(action)
                    assert problem is not None, action
                    plain(problem.reason, f"{game} move {step} refusal of {action}")
                    assert problem.reason.startswith("You cannot "), problem.reason
                    refusals += 1
        state = state.play(rng.choice(state.legal_actions()))
        step += 1
    for seat in range(state.players):
        for where, text in texts_of(state, seat):
            plain(text, f"{game} end {where}")
    assert refusals > 100


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_each_reader_sees_their_own_seat_as_you(game: str) -> None:
    state = explorer.new_game(game, players=3, seed=5)
    for _ in range(12):
        state = state.play(state.legal_actions()[0])
    events = state.view(0)["events"]
    at = max(i for i, e in enumerate(events) if e["kind"] in ("card", "lead") and e["seat"] != 0)
    seat = events[at]["seat"]
    verb = "plays" if events[at]["kind"] == "card" else "leads"
    assert events[at]["text"].startswith(f"{['Ana', 'Ben', 'Carlo'][seat]} {verb} ")
    assert state.view(seat)["events"][at]["text"].startswith(f"You {verb[:-1]} ")
    book = state.view(0, names=["A", "B", "C"])
    assert book["names"] == ["A", "B", "C"]
    assert any(e["text"].startswith(f"{'ABC'[seat]} ") for e in book["events"])
    assert state.board_text(seat).count("You: score") == 1


def test_tindahan_score_lines_read_as_sentences() -> None:
    state = explorer.new_game("tindahan", players=3, seed=11)
    rng = random.Random(1)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    labels = [line.label for line in state.score_sheet()]
    assert any(label.endswith(" taken, 2 points each") for label in labels)
    assert any(label.endswith(", rounded down") for label in labels)  # a shared place, in words
    for label in labels:
        plain(label, "sheet")


def test_examples_name_the_seats_as_the_book_does() -> None:
    from explorer.bastos import EXAMPLES as BASTOS
    from explorer.tindahan import EXAMPLES as TINDAHAN
    from explorer.tindahan.examples import TRICK_DEAL, trick_scenario

    examples = {e.id: e for e in [*TINDAHAN, *BASTOS]}
    assert all(e.names and e.names == tuple("ABCDE"[: len(e.names)]) for e in examples.values())
    trick = examples["tindahan.trick-with-cart"]
    assert len(trick.names) == len(TRICK_DEAL) == trick_scenario()[0].players
    end = trick_scenario()[-1]
    assert end.view(0, names=trick.names)["events"][-1]["text"] == "E takes the trick with mango 2, a trump"
    assert len(examples["opening-values"].names) == 4 and len(examples["trump-declaration"].names) == 3
