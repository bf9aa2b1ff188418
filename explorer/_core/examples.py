"""Rulebook examples as checkable data: what the book says, and how the engine computes it."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Example:
    """One example of a rulebook, reproduced by the engine.

    ``compute`` runs the engine (a scenario or a scoring helper) and returns a value comparable
    with ``expected``, the rulebook's own numbers.
    """

    game: str
    id: str
    title: str
    section: str
    expected: Any
    compute: Callable[[], Any] = field(repr=False)  # no memory address in reprs (nbval compares them)
    rules: tuple[str, ...]
    #: What the rulebook calls the seats in this example ("A", "B", ... or "Mary", "John", ...), in
    #: seat order; empty if it names nobody. Walkthroughs draw the table with these names.
    names: tuple[str, ...] = ()

    def _repr_html_(self) -> str:
        """The example run and shown as book vs engine (a failure shows as a row, never a crash)."""
        return verify_one(self)._repr_html_()


@dataclass(frozen=True, slots=True)
class Verdict:
    example: Example
    computed: Any
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.computed == self.example.expected

    def _repr_html_(self) -> str:
        from .._draw.tables import example_html

        return example_html(self.example, self.computed, self.error)


class Comparison(list[str]):
    """:func:`compare_example`'s lines (a plain list of str), shown in a notebook as book vs engine."""

    def __init__(self, lines: list[str], verdict: Verdict) -> None:
        super().__init__(lines)
        self.verdict = verdict

    def _repr_html_(self) -> str:
        return self.verdict._repr_html_()


def examples(games: Iterable[str]) -> list[Example]:
    out: list[Example] = []
    for game in games:
        module = importlib.import_module(f"explorer.{game}")
        out.extend(getattr(module, "EXAMPLES", ()))
    return out


def compare(label: str, book: Any, engine: Any, *, source: str = "book") -> str:
    """One line for a walkthrough: the rulebook's value (or, with ``source="rule"``, what its rule
    gives) beside the engine's, flagged if they ever disagree."""
    mark = "" if book == engine else "   <-- DIFFERENT"
    return f"{label}: {source} {book}, engine {engine}{mark}"


def refusal_lines(label: str, state: Any, action: str) -> str:
    """Why ``state`` refuses ``action``: ``label`` with the rule's id, then the engine's reason."""
    problem = state.check(action)
    if problem is None:
        return f"{label}: NOT refused   <-- DIFFERENT"
    return f"{label}: {problem.rule}\n  {problem.reason}"


def compare_example(example: Example) -> list[str]:
    """Run ``example`` and give its title and, per value the book prints, :func:`compare`'s line
    (a notebook shows the list as a book-vs-engine table)."""
    computed = example.compute()
    lines = [f"{example.title}  ({example.id})"]
    if isinstance(example.expected, dict):
        lines += [compare(f"  {key}", book, computed[key]) for key, book in example.expected.items()]
    else:
        lines.append(compare("  result", example.expected, computed))
    return Comparison(lines, Verdict(example, computed))


def verify_one(example: Example) -> Verdict:
    """Run one example; one that raises is a failed verdict, not a crash."""
    try:
        return Verdict(example, example.compute())
    except Exception as exc:  # a broken example must show as a failure in the table
        return Verdict(example, None, f"{type(exc).__name__}: {exc}")


def verify(games: Iterable[str]) -> list[Verdict]:
    """Run every example of ``games``; an example that raises is a failed verdict, not a crash."""
    return [verify_one(example) for example in examples(games)]
