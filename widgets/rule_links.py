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
from ._rule_urls import RULES_PAGE, refusal_error, rule_url

__all__ = ["RULES_PAGE", "Position", "exercise_url", "position_link", "refusal_error", "rule_url"]

PRACTICE_PAGE = "practice.ipynb"
#: How many seeds per kind of exercise the table's script tries (the first that cites a rule wins).
SEEDS = 80
TABLE = Path(__file__).with_name("_rule_positions.py")


@dataclass(frozen=True, slots=True)
class Position:
    """A place that shows a rule: its address (relative) and what it is, in words."""

    url: str
    words: str


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
