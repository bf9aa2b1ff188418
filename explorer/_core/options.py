"""Rules options (variants): declared per game with a default and the values allowed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: Any
    choices: tuple[Any, ...] | None
    doc: str
    # For options whose values are not a short list: returns the normalised value or raises ValueError.
    parse: Callable[[Any], Any] | None = None

    def validate(self, value: Any, game: str) -> Any:
        if self.parse is not None:
            try:
                return self.parse(value)
            except (TypeError, ValueError) as exc:
                shown = _short(value)
                raise ValueError(f"{game}: option {self.name}={shown} is not allowed: {exc}") from None
        # Same value AND same type: True == 1 == 1.0 in Python, but a record must say true, not 1.
        if self.choices is not None and not any(value == c and type(value) is type(c) for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            shown = _short(value)
            raise ValueError(f"{game}: option {self.name}={shown} is not allowed; choose one of {allowed}")
        return value


def resolve_options(game: str, declared: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Merge ``given`` keyword options over the defaults, rejecting unknown names and bad values."""
    unknown = sorted(set(given) - set(declared))
    if unknown:
        valid = ", ".join(sorted(declared)) or "(none)"
        raise TypeError(f"{game}: unknown rules option(s) {', '.join(unknown)}; valid options: {valid}")
    resolved = {
        name: opt.validate(given[name], game) if name in given else opt.default
        for name, opt in declared.items()
    }
    # A value that depends on other options (a scenario's market under the expert chilli limits)
    # checks itself once they are all known.
    for name, value in resolved.items():
        if isinstance(value, RulesChecked):
            try:
                value.check_rules(resolved)
            except ValueError as exc:
                raise ValueError(f"{game}: option {name}={_short(value)} is not allowed: {exc}") from None
    return resolved


@runtime_checkable
class RulesChecked(Protocol):
    """An option value (as its ``parse`` returns it) that is checked against the other options."""

    def check_rules(self, rules: Mapping[str, Any]) -> None: ...


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:59]}… ({len(text)} characters)"
