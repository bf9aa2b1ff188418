"""Small helpers for states kept as tuples: each returns a new tuple and leaves the old one alone."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the entry at ``index`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1:])


def bumped(values: tuple[int, ...], index: int, by: int = 1) -> tuple[int, ...]:
    """``values`` with ``by`` added to the entry at ``index``."""
    return (*values[:index], values[index] + by, *values[index + 1:])


def without(values: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``values`` less the first entry equal to ``item`` (``ValueError`` if there is none)."""
    index = values.index(item)
    return (*values[:index], *values[index + 1:])


def appended(values: tuple[T, ...], *items: T) -> tuple[T, ...]:
    return (*values, *items)


def joined(items: Iterable[object], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``: a list in a sentence."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
