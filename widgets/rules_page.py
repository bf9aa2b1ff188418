"""The rules page: a game's rule catalogue in plain words, by rulebook section, searchable.

``rules_app()`` lists every rule of the chosen game (the engine's catalogue: its words, its section, its
id small beside it), each with links to what shows it where one is known: the first step of the
rulebook's examples that lists it (a walkthrough page opened at that step, :mod:`widgets.rule_steps`),
an exercise the engine marks (:mod:`widgets.rule_links`) and the guided first game that teaches it.
Rules that a rules option decides (a variant, or a reading of a sentence the books leave open) carry the
option's own words. Under Voila, ``?game=bastos`` picks the game and ``&rule=bastos.follow-suit`` puts
that rule at the top of the page and marks it in its section: refusal banners and score sheets link here
that way.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

import explorer

from .apps import query_settings
from .rule_links import position_link
from .rule_steps import step_link, tutorial_link

#: The rules a rules option decides, with the option (or options) deciding them. The options' own
#: words (their docs) say which reading is the default and why; this table only says where they apply.
OPTION_RULES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "tindahan": {"tindahan.setup.fruits": ("removed_fruits",),
                 "tindahan.score.trump-bonus": ("trump_bonus_tie",),
                 "tindahan.round.reset": ("sellers_between_rounds", "cart_between_rounds"),
                 "tindahan.score.empty-round": ("empty_round_sellers",)},
    "bastos": {"bastos.setup.deck": ("removed_fruit",),
               "bastos.trick.leader-takes": ("bastos_lead",),
               "bastos.trick.highest-follower": ("bastos_lead",),
               "bastos.trump.counts-at-once": ("trump_timing",),
               "bastos.values.clamp": ("value_move_at_limit",)},
    "bangkok": {"bangkok.port.refill": ("refill",),
                "bangkok.market.chilli-column": ("expert", "expert_reading"),
                "bangkok.score.chilli-1": ("type1_below_zero",),
                "bangkok.score.chilli-4": ("type4",),
                "bangkok.solo.free-end": ("solo_slots",)},
    "klongs": {"klongs.setup.marker": ("score_marker",),
               "klongs.pass": ("empty_hand",),
               "klongs.stall": ("stall_causer",),
               "klongs.market.big.end": ("big_market_end",),
               "klongs.landing.unclaimed": ("big_market_take",),
               "klongs.market.big.turns": ("big_market_order",),
               "klongs.market.timing": ("market_day_timing",),
               "klongs.landing.cookshop": ("two_cookshops",),
               "klongs.inspector.two-thieves": ("inspector_thieves",),
               "klongs.move.timing": ("move_card",),
               "klongs.move.isolation": ("moved_boat",),
               "klongs.draw": ("market_day_draw",),
               "klongs.draw.stack": ("more_tactics",)},
}
#: The options that add to the game (variants); the others choose between readings of the books.
VARIANTS = frozenset({"expert", "more_tactics"})
DEFAULT_GAME = "tindahan"

_STYLE = """<style>
.re-rules h3 { margin: 1em 0 0.3em; font-size: var(--jp-content-font-size3, 1.2em); }
.re-rules ul { margin: 0; padding-left: 1.4em; }
.re-rules li { margin: 0.35em 0; }
.re-rules .re-rule-id { color: var(--jp-ui-font-color2, #616161); }
.re-rules .re-rule-option { margin: 0.2em 0 0; color: var(--jp-ui-font-color1, #212121); }
.re-rules .re-rule-shown { margin: 0.15em 0 0; padding-left: 1.2em; list-style: circle; }
.re-rules .re-rule-shown li { margin: 0.1em 0; }
.re-rules .re-rule-where { color: var(--jp-ui-font-color2, #616161); }
.re-rules .re-rule-marked { outline: 2px solid var(--jp-brand-color1, #1976d2); outline-offset: 3px;
  background: var(--jp-layout-color2, #eeeeee); }
.re-rules-top { padding: 0.5em 1em; border-left: 4px solid var(--jp-brand-color1, #1976d2);
  background: var(--jp-layout-color2, #eeeeee); }
</style>"""


def _title(game: str) -> str:
    return str(getattr(explorer, game).SPEC.title)


def _catalogue(game: str) -> Any:
    """The game's rule catalogue (a mapping id -> rule with ``.text`` and ``.section``, and ``search``)."""
    return explorer.game_class(game).RULES


def _options_html(game: str, rule: Any) -> str:
    options = explorer.game_class(game).OPTIONS
    out = []
    for name in OPTION_RULES.get(game, {}).get(rule.id, ()):
        what = "A variant" if name in VARIANTS else "A reading of the rulebooks"
        out.append(f'<p class="re-rule-option" data-option="{html.escape(name)}"><strong>{what}, a rules '
                   f"option:</strong> {html.escape(options[name].doc)}</p>")
    return "".join(out)


def _link(kind: str, url: str, words: str, where: str = "") -> str:
    said = f' <span class="re-rule-where">({html.escape(where)})</span>' if where else ""
    return f'<a class="re-rule-{kind}" href="{html.escape(url)}">{html.escape(words)}</a>{said}'


def shown_html(game: str, rule_id: str) -> str:
    """Where the rule can be seen, as a small list: the rulebook's example step, an exercise, the guided
    game (each only where one is known; nothing at all for a rule none of them shows)."""
    items = []
    step = step_link(game, rule_id)
    if step is not None:
        items.append("See it in the rulebook's example: " + _link("step", step.url, step.words, step.where))
    exercise = position_link(game, rule_id)
    if exercise is not None:
        items.append("Try it in " + _link("position", exercise.url, exercise.words))
    tutorial = tutorial_link(game, rule_id)
    if tutorial is not None:
        items.append("Learned in the guided game: " + _link("tutorial", tutorial.url, tutorial.words))
    return f'<ul class="re-rule-shown">{"".join(f"<li>{item}</li>" for item in items)}</ul>' if items else ""


def rule_html(game: str, rule: Any, marked: bool = False) -> str:
    """One rule as a list item: its words, its id small beside them, its options' words and links to
    what shows it."""
    shows = shown_html(game, rule.id)
    mark = ' re-rule-marked" aria-current="true' if marked else ""
    return (f'<li class="re-rule-entry{mark}" data-rule="{html.escape(rule.id)}">{html.escape(rule.text)} '
            f'<small class="re-rule-id">({html.escape(rule.id)})</small>{_options_html(game, rule)}{shows}'
            "</li>")


def sections_html(game: str, rules: Mapping[str, Any], marked: str | None = None) -> str:
    """The rules grouped by their rulebook section, in the catalogue's order of first appearance."""
    return "".join(
        f'<section class="re-rules-section"><h3>{html.escape(section)}</h3><ul>'
        + "".join(rule_html(game, rule, rule.id == marked) for rule in group) + "</ul></section>"
        for section, group in by_section(rules).items())


def by_section(rules: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The rules grouped by their rulebook section, in the catalogue's order of first appearance."""
    sections: dict[str, list[Any]] = {}
    for rule in rules.values():
        sections.setdefault(rule.section, []).append(rule)
    return sections


class RulesPage:
    """The page's controls and the rules on show: ``game`` (Dropdown), ``search`` (Text), ``marked``
    (the rule id the page was opened at, or None)."""

    def __init__(self, preset: Mapping[str, str] | None = None) -> None:
        preset = dict(query_settings() if preset is None else preset)
        asked_game, asked_rule = preset.get("game"), preset.get("rule")
        problems: list[str] = []
        game = asked_game or (asked_rule or "").split(".")[0] or DEFAULT_GAME
        if game not in explorer.GAMES:
            names = ", ".join(_title(g) for g in explorer.GAMES)
            problems.append(f"There is no game called “{game}” here (the games: {names}); showing "
                            f"{_title(DEFAULT_GAME)}.")
            game = DEFAULT_GAME
        self.marked: str | None = None
        if asked_rule:
            if asked_rule in _catalogue(game):
                self.marked = asked_rule
            else:
                problems.append(f"{_title(game)} has no rule “{asked_rule}”: every rule is listed below.")
        self.game = ipw.Dropdown(options=[(_title(g), g) for g in explorer.GAMES], value=game,
                                 description="Game", tooltip="The game whose rules are listed")
        self.search = ipw.Text(value="", description="Search", placeholder="words in a rule or its section",
                               tooltip="Show only the rules with all these words", continuous_update=True)
        self.notice = ipw.HTML(value="".join(f'<p role="alert">{html.escape(p)}</p>' for p in problems))
        self.count = ipw.HTML()
        self.top = ipw.HTML()
        self.rules = ipw.HTML()
        self.game.observe(lambda _c: self._game_changed(), names="value")
        self.search.observe(lambda _c: self.show(), names="value")
        controls = ipw.HBox([self.game, self.search, self.count],
                            layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.box = ipw.VBox([ipw.HTML(_STYLE), controls, self.notice, self.top, self.rules])
        self.box.add_class("re-rules")
        self.show()

    def _game_changed(self) -> None:
        self.marked = None  # the rule asked for belongs to the game the page opened with
        self.notice.value = ""
        self.show()

    @property
    def shown(self) -> list[str]:
        """The ids of the rules on show, in the page's order (by section)."""
        return [rule.id for group in by_section(self._found()).values() for rule in group]

    def _found(self) -> Any:
        rules = _catalogue(self.game.value)
        words = self.search.value.strip()
        return rules.search(words) if words else rules

    def show(self) -> None:
        """Draw the rules that match the search (every rule of the game without one)."""
        game, found = self.game.value, self._found()
        total, words = len(_catalogue(game)), self.search.value.strip()
        said = f"{len(found)} of {total} rules contain “{words}”" if words else f"{total} rules"
        self.count.value = f'<span role="status" aria-live="polite">{html.escape(said)}</span>'
        if self.marked is not None:
            rule = _catalogue(game)[self.marked]
            self.top.value = ('<div class="re-rules-top"><strong>The rule you asked about:</strong><ul>'
                              f"{rule_html(game, rule)}</ul><p>In the section “{html.escape(rule.section)}”"
                              " below, with the rules around it.</p></div>")
        else:
            self.top.value = ""
        if not found:
            self.rules.value = (f"<p>No {html.escape(_title(game))} rule contains all of "
                                f"“{html.escape(words)}”.</p>")
            return
        self.rules.value = sections_html(game, found, self.marked)


def rules_app(preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The rules page, ready to display (``preset``: the query string's settings)."""
    return RulesPage(preset).box
