"""Score sheets, rule catalogues, refusals and rulebook examples as HTML tables and messages.

Each rule id is shown with its rule's text (the catalogue's paraphrase), never alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from ._svg import BORDER, FONT, HIGHLIGHT, MUTED, esc, style, table, tag


class Rule(Protocol):
    """What a table shows of a catalogue's rule (``explorer._core.rules.Rule``)."""

    @property
    def id(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def section(self) -> str: ...


def catalogue_of(rule_id: str) -> Mapping[str, Rule]:
    """The catalogue of the game a rule id names (``"tindahan.follow-suit"`` -> Tindahan's), or {}."""
    game = rule_id.partition(".")[0]
    try:
        module = importlib.import_module(f"explorer.{game}")
    except ImportError:
        return {}
    rules: Mapping[str, Rule] = getattr(module, "RULES", {})
    return rules


def rule_cell(rule_id: str, rules: Mapping[str, Rule] | None = None) -> str:
    """A rule's text with its id in small print (an id is never shown without its text)."""
    rules = catalogue_of(rule_id) if rules is None else rules
    rule = rules.get(rule_id)
    text = esc(rule.text) if rule else "a rule of the engine"
    small = style(font_size="10px", color=MUTED, font_family="monospace")
    return text + tag("div", esc(rule_id), style=small)


def _frame(body: str, role: str) -> str:
    return tag("div", body, class_=f"re-{role}", data_role=role,
               style=style(font_family=FONT, font_size="13px", max_width="100%", overflow_x="auto",
                           color="var(--jp-content-font-color1, inherit)"))


def sheet_html(lines: Sequence[Any], names: Sequence[str], rules: Mapping[str, Rule],
               render: Any = None) -> str:
    """An itemised score sheet: lines by round, each with its rule's text, then every player's total."""
    if not lines:
        return _frame(tag("p", "No points scored yet: the score sheet is empty.")
                      + _totals([0] * len(names), names), "score-sheet")
    totals = [0] * len(names)
    by_round: dict[int, list[Any]] = {}
    for line in lines:
        totals[line.seat] += line.points
        by_round.setdefault(line.round, []).append(line)
    parts = []
    for number in sorted(by_round, key=lambda n: (n == 0, n)):
        rows = []
        for line in by_round[number]:
            label = render(line.label) if render else line.label
            rows.append([esc(names[line.seat]), esc(label), f"{line.points:+d}", rule_cell(line.rule, rules)])
        heading = f"Round {number}" if number else ("Final scoring" if len(by_round) > 1 else "Scoring")
        sums = [0] * len(names)
        for line in by_round[number]:
            sums[line.seat] += line.points
        foot = ["", "this part", esc(", ".join(f"{n} {p:+d}" for n, p in zip(names, sums, strict=True))), ""]
        parts.append(tag("div", esc(heading), style="font-weight:600;margin-top:6px") +
                     table(["Player", "What for", "Points", "Rule"], rows, role="lines", foot=foot))
    return _frame("".join(parts) + _totals(totals, names), "score-sheet")


def _totals(totals: Sequence[int], names: Sequence[str]) -> str:
    rows = [[esc(name), tag("b", str(total))] for name, total in zip(names, totals, strict=True)]
    return tag("div", "Totals", style="font-weight:600;margin-top:6px") + table(["Player", "Total"], rows,
                                                                              role="totals")


def catalogue_html(rules: Iterable[Rule], title: str) -> str:
    """Every rule by rulebook section: a ``<details>`` per section (the browser's find searches them
    all; ``catalogue.search(words)`` narrows the table in Python)."""
    sections: dict[str, list[Rule]] = {}
    for rule in rules:
        sections.setdefault(rule.section, []).append(rule)
    head = tag("div", esc(title), style="font-weight:600;margin-bottom:4px")
    hint = tag("div", "Search with your browser's find, or in Python: RULES.search(\"trump\").",
               style=style(font_size="11px", color=MUTED))
    parts = []
    for section, listed in sections.items():
        rows = [[tag("code", esc(rule.id)), esc(rule.text)] for rule in listed]
        summary = tag("summary", f"{esc(section)} ({len(listed)} rule{'' if len(listed) == 1 else 's'})",
                      style="cursor:pointer;font-weight:600")
        parts.append(tag("details", summary + table(["Rule id", "What the rule says"], rows, role="rules"),
                         open=True, style="margin:4px 0"))
    if not parts:
        parts.append(tag("p", "No rule matches."))
    return _frame(head + hint + "".join(parts), "catalogue")


def refusal_html(rule_id: str, reason: str, action: str | None) -> str:
    """A refused move as a message: what was tried, why, and the rule's text."""
    rule = catalogue_of(rule_id).get(rule_id)
    tried = tag("div", "Refused" + (f": {esc(action)}" if action else ""), style="font-weight:700")
    why = tag("div", esc(reason), data_role="reason", style="margin:3px 0")
    text = tag("div", "The rule: " + (esc(rule.text) if rule else "a rule of the engine") + " " +
               tag("span", f"({esc(rule_id)}" + (f", {esc(rule.section)})" if rule else ")"),
                   style=style(font_size="11px", color=MUTED)), data_role="rule")
    return tag("div", tried + why + text, class_="re-refusal", data_role="refusal",
               style=style(font_family=FONT, border_left=f"5px solid {HIGHLIGHT}", padding="6px 10px",
                           border_top=f"1px solid {BORDER}", border_right=f"1px solid {BORDER}",
                           border_bottom=f"1px solid {BORDER}", border_radius="4px", margin="4px 0",
                           color="var(--jp-content-font-color1, inherit)"))


def refusal_lines(rule_id: str, reason: str, action: str | None) -> list[str]:
    """The same message as plain lines (IPython's traceback hook prints these)."""
    rule = catalogue_of(rule_id).get(rule_id)
    lines = [f"IllegalAction: {action} refused" if action else "IllegalAction: refused", f"Why: {reason}"]
    lines.append(f"The rule ({rule_id}): {rule.text if rule else 'a rule of the engine'}")
    return lines


def _value(value: object, rules: Mapping[str, Rule]) -> str:
    """A value the book prints, in words: a rule id becomes its rule's text."""
    if isinstance(value, str) and value in rules:
        return rule_cell(value, rules)
    if isinstance(value, Mapping):
        return esc(", ".join(f"{k}: {v}" for k, v in value.items()))
    if isinstance(value, list | tuple):
        return esc(", ".join(map(str, value)))
    return esc(value)


def example_html(example: Any, computed: Any, error: str | None) -> str:
    """A rulebook example as book vs engine: each value the book prints beside the engine's."""
    rules = catalogue_of(f"{example.game}.")
    expected = example.expected
    pairs: Iterable[tuple[str, Any, Any]]
    if isinstance(expected, Mapping):
        got = computed if isinstance(computed, Mapping) else {}
        pairs = [(str(key), book, got.get(key, "(not computed)")) for key, book in expected.items()]
    else:
        pairs = [("result", expected, computed)]
    rows = []
    for label, book, engine in pairs:
        same = error is None and book == engine
        verdict = "\u2713 same" if same else "\u2717 DIFFERENT"
        rows.append([esc(label), _value(book, rules), _value(engine, rules) if error is None else esc(error),
                     tag("b", verdict)])
    cited = "; ".join(rules[r].text for r in example.rules if r in rules)
    head = tag("div", esc(example.title), style="font-weight:600") + tag(
        "div", f"Rulebook section: {esc(example.section)}", style=style(font_size="11px", color=MUTED))
    foot = tag("div", "Rules: " + esc(cited), style="font-size:11px") if cited else ""
    return _frame(head + table(["", "Book", "Engine", ""], rows, role="example") + foot, "example")
