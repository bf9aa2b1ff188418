"""Bangkok's fast legal placements against the slow path that explains them.

``legal_actions()`` builds its place actions from per-edition tables (the hot path of every
playout); ``state.collections(face, end)`` computes the same collections card by card from the
rule itself and writes each one's notation on its own (the hints and the view use it). Over many
seeded random games, every player count and option, both must list the same actions in the same
order: records replay move by move only if that order and every notation stay as they are.
"""

from __future__ import annotations

import random

import pytest

import explorer

# The twelve ends in the order the notation lists them: line by line, near end first.
ENDS = ("R1L", "R1R", "R2L", "R2R", "R3L", "R3R", "C1T", "C1B", "C2T", "C2B", "C3T", "C3B")
VARIANTS: list[dict[str, object]] = [
    {}, {"expert": True}, {"refill": "once"}, {"expert": True, "expert_reading": "column-only"}]


def slow_place_actions(state: explorer.GameState) -> list[str]:
    seat = state.current_player
    assert seat is not None
    usable = state.usable_ends()  # type: ignore[attr-defined]
    faces = dict.fromkeys(state.card(card).face for card in state.hands[seat])  # type: ignore[attr-defined]
    return [action for face in faces for index, end in enumerate(ENDS) if index in usable
            for action in state.collections(face, end).actions]  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_place_actions_match_the_collections_of_every_card_and_end(players: int) -> None:
    checked = 0
    solo: list[dict[str, object]] = [{"solo_slots": "piles-only"}] if players == 1 else []
    variants = VARIANTS + solo
    for game in range(10):
        rng = random.Random(game)
        rules = variants[game % len(variants)]
        state = explorer.new_game("bangkok", players=players, seed=500 + game, **rules)
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            if state.phase == "act":  # type: ignore[attr-defined]
                assert [a for a in legal if a.startswith("place:")] == slow_place_actions(state)
                checked += 1
            state = state.play(rng.choice(legal))
    assert checked > 80
