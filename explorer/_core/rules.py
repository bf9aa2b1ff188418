"""Rule catalogues: one per game, each rule with a stable id, a paraphrase and its rulebook section."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    text: str
    section: str


class RuleCatalogue(Mapping[str, Rule]):
    """An ordered, read-only mapping ``rule id -> Rule`` for one game."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if not rule.id.startswith(game + "."):
                raise ValueError(f"rule id {rule.id!r} must start with {game + '.'!r}")
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id!r}")
            self._rules[rule.id] = rule

    def __getitem__(self, key: str) -> Rule:
        return self._rules[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __repr__(self) -> str:
        return f"<RuleCatalogue {self.game}: {len(self)} rules>"

    def search(self, words: str) -> RuleCatalogue:
        """The rules whose id, text or section contain every word of ``words`` (any case), in order:
        ``RULES.search("trump")`` shows a smaller table in a notebook."""
        wanted = words.lower().split()
        found = [rule for rule in self._rules.values()
                 if all(word in f"{rule.id} {rule.text} {rule.section}".lower() for word in wanted)]
        narrowed = RuleCatalogue(self.game, found)
        narrowed._query = words
        return narrowed

    _query: str = ""

    def _repr_html_(self) -> str:
        from .._draw.tables import catalogue_html

        title = (f"{self.game}: {len(self)} rule{'' if len(self) == 1 else 's'} matching {self._query!r}"
                 if self._query else f"{self.game}: {len(self)} rules")
        return catalogue_html(self.values(), title)

    def check(self, rule_id: str) -> str:
        """Return ``rule_id`` unchanged, or raise ``KeyError`` if the catalogue lacks it."""
        if rule_id not in self._rules:
            raise KeyError(f"rule {rule_id!r} is not in the {self.game} catalogue")
        return rule_id
