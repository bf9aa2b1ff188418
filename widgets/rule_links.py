"""Links between the rules page and the positions that show each rule.

``rule_url(game, rule)`` is the rules page's address for one rule (refusal banners and score sheets link
to it); ``position_link(game, rule)`` is a position that shows the rule: an exercise of the practice page
whose reason cites it. Finding those exercises means drawing hundreds of them, too slow for a page load,
so they are looked up once and kept in ``widgets/_rule_positions.py``; ``python -m widgets.rule_links``
writes that table again (after a change to how exercises are drawn: ``tests/widgets/test_rule_links.py``
fails when a link no longer shows its rule).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import explorer

from ._rule_positions import POSITIONS

#: The rules page, relative to the page that links to it (so it works under Voila's /voila/render/).
RULES_PAGE = "rules.ipynb"
PRACTICE_PAGE = "practice.ipynb"
#: How many seeds per kind of exercise the table's script tries (the first that cites a rule wins).
SEEDS = 80
TABLE = Path(__file__).with_name("_rule_positions.py")


@dataclass(frozen=True, slots=True)
class Position:
    """A place that shows a rule: its address (relative) and what it is, in words."""

    url: str
    words: str


def rule_url(game: str, rule: str) -> str | None:
    """The rules page opened at ``rule``; None for an id the game's catalogue does not have (a widget's
    own refusal, an internal failure), which has no words to read there."""
    if game not in explorer.GAMES or rule not in explorer.game_class(game).RULES:
        return None
    return f"{RULES_PAGE}?{urlencode({'game': game, 'rule': rule})}"


def refusal_error(state: explorer.GameState, rule: str, message: str) -> dict[str, str]:
    """A play widget's ``error`` for a move the engine refused: the message, the rule's id with its words
    from the catalogue and the rules page's address for it (both left out for an id it does not have)."""
    found = state.RULES.get(rule)
    url = rule_url(state.GAME, rule) if found is not None else None
    return {"message": message, "rule": rule, **({"rule_text": found.text} if found is not None else {}),
            **({"rule_url": url} if url else {})}


def exercise_url(game: str, kind: str, seed: int) -> str:
    return f"{PRACTICE_PAGE}?{urlencode({'game': game, 'kind': kind, 'seed': seed})}"


def position_link(game: str, rule: str) -> Position | None:
    """A position that shows ``rule``, or None when no exercise cites it."""
    found = POSITIONS.get(game, {}).get(rule)
    if found is None:
        return None
    from .practice import KIND_WORDS  # the practice page's own words for its questions

    kind, seed = found
    return Position(exercise_url(game, kind, seed), f"an exercise, “{KIND_WORDS.get(kind, kind)}”")


def exercise_rules(game: str, kind: str, seed: int) -> tuple[str, ...]:
    """The rules cited by the exercise the practice page shows for this link's query."""
    from .practice import PracticeApp

    app = PracticeApp({"game": game, "kind": kind, "seed": str(seed)})
    exercise = app.exercise
    app.box.close()
    return exercise.rules if exercise is not None else ()


def find_positions(seeds: int = SEEDS) -> dict[str, dict[str, tuple[str, int]]]:
    """For each game, each rule some exercise cites: the (kind, seed) of the first such exercise, the
    lowest seed first and the kinds in the practice page's order."""
    from explorer import exercises

    table: dict[str, dict[str, tuple[str, int]]] = {}
    for game in explorer.GAMES:
        found: dict[str, tuple[str, int]] = {}
        catalogue = explorer.game_class(game).RULES
        for seed in range(seeds):
            for kind in exercises.KINDS[game]:
                for rule in exercise_rules(game, kind, seed):
                    if rule in catalogue:
                        found.setdefault(rule, (kind, seed))
        table[game] = {rule: found[rule] for rule in catalogue if rule in found}  # catalogue order
    return table


def write_table(table: dict[str, dict[str, tuple[str, int]]]) -> None:
    lines = ["{"]
    for game, rules in table.items():
        lines.append(f"    {game!r}: {{")
        lines += [f"        {rule!r}: ({kind!r}, {seed})," for rule, (kind, seed) in rules.items()]
        lines.append("    },")
    body = "\n".join([*lines, "}"]).replace("'", '"')
    TABLE.write_text(
        '"""Written by ``python -m widgets.rule_links`` (do not edit): for each game and rule, the\n'
        "(kind, seed) of a practice-page exercise whose reason cites that rule. The rules page links to it;\n"
        '``tests/widgets/test_rule_links.py`` checks that each one still does."""\n\n'
        f"POSITIONS: dict[str, dict[str, tuple[str, int]]] = {body}\n", encoding="utf-8")


def main() -> None:
    table = find_positions()
    write_table(table)
    for game, rules in table.items():
        total = len(explorer.game_class(game).RULES)
        print(f"{game}: {len(rules)} of {total} rules linked to an exercise", file=sys.stderr)


if __name__ == "__main__":
    main()
