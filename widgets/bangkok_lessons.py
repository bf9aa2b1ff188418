"""Printed helpers for the Bangkok walkthrough notebooks: positions as small text grids, the
rulebook's numbers beside the engine's, and rules quoted from the catalogue.

Everything prints deterministic text, because nbval compares the notebooks' stored outputs.

>>> from explorer.bangkok.examples import scenario
>>> state = scenario(["ZB F P", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
>>> show_port(state)
       a      b      c
  1    ZB     F      P
  2    B      ZF     BF
  3    FF     F!2P   BB
piles: 30 boat cards, 15 chilli cards
>>> check("cards taken", 2, 2)
cards taken: book 2, engine 2
"""

from __future__ import annotations

from typing import Any

from explorer import GameState, compare, compare_example
from explorer.bangkok import EXAMPLES, RULES, examples
from explorer.bangkok import State as BangkokState

BY_ID = {example.id: example for example in EXAMPLES}
NAMES = "ABCD"


def check(label: str, book: object, engine: object) -> None:
    """One line: the rulebook's value beside the engine's, flagged if they ever disagree."""
    print(compare(label, book, engine))


def by_rule(label: str, expected: object, engine: object) -> None:
    """Like :func:`check`, for a value the book does not print but its rule gives (worked out by hand)."""
    print(compare(label, expected, engine, source="by the rule"))


def example(example_id: str) -> None:
    """Run one of the engine's rulebook examples and print the book's values beside the engine's."""
    print("\n".join(compare_example(BY_ID[example_id])))


def rule(rule_id: str) -> None:
    print(f"[{rule_id}] {RULES[rule_id].text}")


def _bangkok(state: GameState) -> BangkokState:
    if not isinstance(state, BangkokState):
        raise TypeError(f"a Bangkok position is needed, not {type(state).__name__}")
    return state


def _grid(cells: tuple[int, ...], state: BangkokState) -> list[str]:
    faces = ["." if c < 0 else state.card(c).face for c in cells]
    rows = ["       a      b      c"]
    for r in range(3):
        rows.append(f"  {r + 1}    " + " ".join(f"{face:<6}" for face in faces[r * 3:r * 3 + 3]).rstrip())
    return rows


def show_port(state: GameState) -> None:
    """The port, place names around it, and how many cards each pile holds."""
    s = _bangkok(state)
    print("\n".join(_grid(s.port, s)))
    print(f"piles: {len(s.boat_pile)} boat cards, {len(s.chilli_pile)} chilli cards")


def show_market(state: GameState, seat: int = 0) -> None:
    s = _bangkok(state)
    n = 9 - s.markets[seat].count(-1)
    print(f"{NAMES[seat]}'s market ({n} card{'' if n == 1 else 's'}):")
    print("\n".join(_grid(s.markets[seat], s)))


def hand(state: GameState, seat: int = 0) -> str:
    s = _bangkok(state)
    return " ".join(s.card(c).face for c in s.hands[seat])


def show_collections(state: GameState, card: str, end: str) -> None:
    """What laying ``card`` at ``end`` collects: each legal way, and each place of the line with why."""
    options = _bangkok(state).collections(card, end)
    print(options.summary)
    for cell in options.cells:
        print(f"  {cell.cell} {cell.status:<8} {cell.reason}")
    for action in options.actions:
        print(f"  -> {action}")


def positions(state: GameState, card: str, end: str) -> list[list[int]]:
    """Each legal collection as 1-based positions along the line, as the book counts its cards."""
    return examples.positions(_bangkok(state), card, end)


def refusal(state: GameState, action: str) -> None:
    """The engine's refusal of ``action``: the rule id and the reason."""
    found = state.check(action)
    print(f"{action}: " + ("allowed" if found is None else f"refused by {found.rule}\n  {found.reason}"))


def ends_text(view: dict[str, Any]) -> str:
    """The ends a seat may use now, and what covers the others (solo)."""
    usable = [e["end"] for e in view["ends"] if e["usable"]]
    covered = [f"{e['end']} ({e['covered_by']})" for e in view["ends"] if e["covered_by"]]
    return f"usable: {' '.join(usable)}" + (f"; covered: {', '.join(covered)}" if covered else "")
