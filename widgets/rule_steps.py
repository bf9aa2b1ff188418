"""Where a rule is shown step by step: the rulebook's examples (walkthrough pages) and the guided games.

``step_link(game, rule)`` is the first walkthrough step whose rules list ``rule``, opened at that step
(``NAME.ipynb?step=N``, see :class:`widgets.walkthrough.Walkthrough`). The walkthroughs are built by
their notebooks' own code, so finding the steps means running that code: too slow for a page load, so
``python -m widgets.rule_steps`` runs it once, with ``Walkthrough`` replaced by a stand-in that only
keeps the steps, and writes ``widgets/_rule_steps.py``; ``tests/widgets/test_rule_steps.py`` runs it
again and fails when a link no longer points at a step that shows its rule.

``tutorial_link(game, rule)`` is the first guided first game (``explorer.tutorials.TUTORIALS``, so a new
game's tutorial joins by itself) that teaches ``rule``. Walking a tutorial to its end takes a tenth of
a second or so, so this is worked out when the rules page first asks, and kept.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import ipywidgets as ipw

import explorer

from ._rule_steps import STEPS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TABLE = Path(__file__).with_name("_rule_steps.py")
#: The walkthrough pages, in the order a rule's first step is looked for (each game's main page first).
#: klongs_readings is left out: it holds one walkthrough per reading, and a ``?step=`` would move all.
WALKTHROUGHS = ("tindahan_walkthrough", "bastos_walkthrough", "bangkok_hand", "bangkok_port",
                "bangkok_market", "bangkok_renew", "bangkok_scoring", "bangkok_variants",
                "klongs_walkthrough", "klongs_specials")

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Shown:
    """A page that shows a rule: its address (relative), the words of the link and where it is."""

    url: str
    words: str
    where: str = ""


@dataclass(frozen=True, slots=True)
class Captured:
    """One walkthrough a page builds: its title and its steps (``widgets.walkthrough.Step``)."""

    title: str
    steps: tuple[Any, ...]


# ---- the walkthrough steps: found by running the pages' code, kept in a table -------------------


def step_url(page: str, step: int) -> str:
    return f"{page}.ipynb?{urlencode({'step': step})}"


def step_link(game: str, rule: str) -> Shown | None:
    """The first walkthrough step that shows ``rule``, or None when no walkthrough lists it."""
    found = STEPS.get(game, {}).get(rule)
    if found is None:
        return None
    page, step, title, tour = found
    return Shown(step_url(page, step), title, f"{tour}, step {step}")


def _cells(page: str) -> list[str]:
    """The code of ``page``'s cells up to the last one that builds a walkthrough (the rest are
    explanations and checks, which do not change the steps)."""
    import jupytext  # the notebooks' own format; only this script needs it

    notebook = jupytext.read(NOTEBOOKS / "src" / f"{page}.py", fmt="py:percent")
    code = [str(cell.source) for cell in notebook.cells if cell.cell_type == "code"]
    last = max((i for i, text in enumerate(code) if "Walkthrough(" in text), default=-1)
    if last < 0:
        raise ValueError(f"notebooks/src/{page}.py builds no Walkthrough")
    return code[: last + 1]


@contextlib.contextmanager
def _recording(found: list[Captured]) -> Iterator[None]:
    """``widgets.walkthrough.Walkthrough`` replaced by a box that keeps the steps it is given (a box, so
    a page's ``Slot.fill`` takes it) and draws no table."""
    from . import walkthrough

    class Recorder(ipw.VBox):  # type: ignore[misc]  # ipywidgets is untyped
        def __init__(self, steps: Sequence[Any], *, title: str = "", **_kwargs: Any) -> None:
            super().__init__()
            found.append(Captured(title, tuple(steps)))

    real = walkthrough.Walkthrough
    walkthrough.Walkthrough = Recorder  # type: ignore[misc]  # the stand-in, for this run only
    try:
        yield
    finally:
        walkthrough.Walkthrough = real  # type: ignore[misc]


def capture(page: str) -> list[Captured]:
    """The walkthroughs ``notebooks/src/<page>.py`` builds, by running its cells (their printed checks
    thrown away) from the notebooks' folder, as the notebook runs."""
    found: list[Captured] = []
    namespace: dict[str, Any] = {"__name__": "__main__"}
    here = Path.cwd()
    with _recording(found), contextlib.redirect_stdout(io.StringIO()):
        os.chdir(NOTEBOOKS)
        try:
            for number, text in enumerate(_cells(page)):
                exec(compile(text, f"{page}.py cell {number}", "exec"), namespace)  # our own pages
        finally:
            os.chdir(here)
    return found


Row = tuple[str, int, str, str]  # (page, step from 1, step title, walkthrough title)


def find_steps(pages: Sequence[str] = WALKTHROUGHS) -> dict[str, dict[str, Row]]:
    """For each game, each catalogue rule some walkthrough step lists: (page, step from 1, step title,
    walkthrough title) of the first such step, the pages in ``pages`` order."""
    found: dict[str, dict[str, Row]] = {game: {} for game in explorer.GAMES}
    for page in pages:
        tours = capture(page)
        if len(tours) != 1:
            raise ValueError(f"{page} builds {len(tours)} walkthroughs; a ?step= link needs exactly one")
        for number, step in enumerate(tours[0].steps, start=1):
            game = step.state.GAME
            for rule in step.rules:
                if rule in explorer.game_class(game).RULES:
                    found[game].setdefault(rule, (page, number, step.title, tours[0].title))
    # Catalogue order, so the table reads like the rules page.
    return {game: {rule: rules[rule] for rule in explorer.game_class(game).RULES if rule in rules}
            for game, rules in found.items()}


def write_table(table: dict[str, dict[str, Row]]) -> None:
    def text(words: str) -> str:  # a Python string literal in double quotes, as ruff's format keeps them
        return json.dumps(words, ensure_ascii=False)

    lines = ["{"]
    for game, rules in table.items():
        lines.append(f"    {text(game)}: {{")
        for rule, (page, step, title, tour) in rules.items():
            lines += [f"        {text(rule)}:", f"            ({text(page)}, {step}, {text(title)},",
                      f"             {text(tour)}),"]
        lines.append("    },")
    TABLE.write_text(
        '"""Written by ``python -m widgets.rule_steps`` (do not edit): for each game and rule, the\n'
        "first walkthrough step that shows it: (page, step number from 1, step title, the walkthrough's\n"
        "title). The rules page links to ``page.ipynb?step=N``; ``tests/widgets/test_rule_steps.py``\n"
        'checks that each step still shows it."""\n\n'
        "STEPS: dict[str, dict[str, tuple[str, int, str, str]]] = " + "\n".join([*lines, "}"]) + "\n",
        encoding="utf-8")


# ---- the guided first games: walked when first asked ---------------------------------------------


def tutorial_page(name: str) -> str:
    """The notebook of a guided game ("bangkok-solo" is bangkok_solo_tutorial)."""
    return f"{name.replace('-', '_')}_tutorial"


@cache
def taught_by_tutorials(game: str) -> dict[str, tuple[str, str]]:
    """Each rule of ``game`` some guided game teaches: (page, the guided game's title) of the first, in
    ``tutorials.TUTORIALS`` order. A guided game without its page yet, or whose walk fails (one being
    written), is left out with a warning: the rules page must open all the same."""
    from explorer import tutorials

    taught: dict[str, tuple[str, str]] = {}
    for name in tutorials.TUTORIALS:
        if name.partition("-")[0] != game or not (NOTEBOOKS / f"{tutorial_page(name)}.ipynb").exists():
            continue
        try:
            script = tutorials.script(name)
            _final, guide = tutorials.walk(script)
        except Exception:  # a guided game still being written must not take the rules page down
            log.warning("the guided game %r could not be walked; its rules are not linked", name,
                        exc_info=True)
            continue
        for rule in guide.taught:
            taught.setdefault(rule, (tutorial_page(name), script.title or f"{name} guided game"))
    return taught


def tutorial_link(game: str, rule: str) -> Shown | None:
    """The first guided game that teaches ``rule``, or None."""
    found = taught_by_tutorials(game).get(rule)
    if found is None:
        return None
    page, title = found
    return Shown(f"{page}.ipynb", title)


def main() -> None:
    table = find_steps()
    write_table(table)
    for game, rules in table.items():
        total = len(explorer.game_class(game).RULES)
        print(f"{game}: {len(rules)} of {total} rules linked to a walkthrough step", file=sys.stderr)


if __name__ == "__main__":
    main()
