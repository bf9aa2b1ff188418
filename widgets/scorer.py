"""The score-your-own-table page: for people playing the physical game, the end position built by
clicking and scored by the engine.

``scorer_app()`` offers the game, the number of players and the rules options the game's scoring reads,
then a form of that game's end position (``widgets._scorer_forms``: Bangkok markets, Klongs stocks and
track, a Tindahan or Bastos! round's end). **Score** hands the position to
``explorer.score_table`` and shows its itemised score sheet, each line with its rule's text, and every
player's total; a position the engine refuses shows its reason and the rule's text, and nothing else
changes. "Show as Python" gives the same call to paste in a notebook. Under Voila,
``?game=bastos&players=4`` presets the game and the table.
"""

from __future__ import annotations

import html
import pprint
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

import explorer
from explorer import PositionError

from ._scorer_forms import FORMS, Form, form_for
from .apps import query_settings

#: The rules options each game's scoring reads, with what the page calls them (the others change how
#: a game is played, not how its end is scored).
SCORING_OPTIONS: dict[str, dict[str, str]] = {
    "bangkok": {"expert": "Expert version", "expert_reading": "Expert limit",
                "type1_below_zero": "Type-1 chilli below 0", "type4": "Type-4 chilli counts"},
    "klongs": {},
    "tindahan": {"trump_bonus_tie": "Tie at the trump stall",
                 "sellers_between_rounds": "Sellers after a round",
                 "empty_round_sellers": "Sellers that save an empty round"},
    "bastos": {"removed_fruit": "Fruit left in the box"},
}
#: Options that mean something at one player count only (Bastos!: a fruit is boxed with three players).
ONLY_WITH = {"removed_fruit": 3}
#: A yes/no option's values as the page says them.
YES_NO = {True: "yes", False: "no"}


def title(game: str) -> str:
    """The game's name as its box says it ("Bangkok Klongs", "Bastos!")."""
    return str(getattr(explorer, game).SPEC.title)


def _int(text: str | None, default: int, allowed: range) -> int:
    try:
        number = int(text) if text is not None else default
    except ValueError:
        return default
    return number if number in allowed else default


def python_call(game: str, names: list[str], position: Mapping[str, Any], rules: Mapping[str, Any]) -> str:
    """The ``explorer.score_table`` call for this position, as a notebook would write it."""
    shown = pprint.pformat(dict(position), width=96, sort_dicts=False)
    options = "".join(f", {name}={value!r}" for name, value in rules.items())
    return (f"import explorer\n\nposition = {shown}\n"
            f"sheet = explorer.score_table({game!r}, {names!r}, position{options})\nsheet")


class ScorerApp:
    """The page's controls, the form of the game chosen, and the sheet (or refusal) on show."""

    def __init__(self, preset: Mapping[str, str] | None = None) -> None:
        preset = dict(query_settings() if preset is None else preset)
        game = preset.get("game", "tindahan")
        self.game = ipw.Dropdown(options=[(title(name), name) for name in explorer.GAMES],
                                 value=game if game in FORMS else "tindahan", description="Game",
                                 tooltip="The game you played")
        self.players = ipw.Dropdown(description="Players", tooltip="How many played at your table")
        self.rules_box = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.rules: dict[str, ipw.Dropdown] = {}
        self.form_box = ipw.VBox()
        self.form: Form | None = None
        self.score_button = ipw.Button(description="Score", button_style="primary", icon="calculator",
                                       tooltip="Score this position with the game's own rules")
        self.message = ipw.HTML()
        self.sheet = ipw.HTML()
        self.python = ipw.HTML()
        fold = ipw.Accordion(children=[self.python], titles=("Show as Python",))
        fold.selected_index = None
        self._quiet = False
        self._set_game(preset.get("players"))
        self.game.observe(lambda _c: self._set_game(None), names="value")
        self.players.observe(lambda _c: None if self._quiet else self.rebuild(), names="value")
        self.score_button.on_click(lambda _b: self.score())
        setup = ipw.HBox([self.game, self.players], layout=ipw.Layout(flex_flow="row wrap"))
        self.box = ipw.VBox([setup, self.rules_box, self.form_box,
                             ipw.HBox([self.score_button], layout=ipw.Layout(margin="10px 0 0 0")),
                             self.message, self.sheet, fold])
        self.box.add_class("re-scorer")

    # ---- the game, the table and the rules ------------------------------------------------------------

    def _set_game(self, players: str | None) -> None:
        game = str(self.game.value)
        cls = explorer.game_class(game)
        counts = range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
        wanted = _int(players, 3 if 3 in counts else counts[0], counts) if players is not None else None
        keep = int(self.players.value) if self.players.value is not None else None
        self._quiet = True  # the menu changes as one step: the form is built once, after it
        try:
            self.players.options = list(counts)
            self.players.value = wanted if wanted is not None else (keep if keep in counts else counts[0])
        finally:
            self._quiet = False
        self.rules = {}
        for name, words in SCORING_OPTIONS[game].items():
            option = cls.OPTIONS[name]
            choices = [(YES_NO.get(value, str(value)), value) for value in option.choices or ()]
            box = ipw.Dropdown(options=choices, value=option.default, description=words, tooltip=option.doc,
                               style={"description_width": "initial"})
            box.observe(lambda _c: self.rebuild(), names="value")
            self.rules[name] = box
        self.rebuild()

    def _shown_rules(self) -> dict[str, ipw.Dropdown]:
        players = int(self.players.value)
        return {name: box for name, box in self.rules.items() if ONLY_WITH.get(name, players) == players}

    def chosen_rules(self) -> dict[str, Any]:
        """The rules options on show set away from their defaults (the call then names only those)."""
        options = explorer.game_class(str(self.game.value)).OPTIONS
        return {name: box.value for name, box in self._shown_rules().items()
                if box.value != options[name].default}

    def rebuild(self) -> None:
        """A fresh form for the game, table and rules chosen; what was shown belonged to the old one."""
        self.rules_box.children = tuple(self._shown_rules().values())
        self.form = form_for(str(self.game.value), int(self.players.value), self.chosen_rules())
        self.form_box.children = (self.form.box,)
        self.message.value = self.sheet.value = self.python.value = ""

    # ---- scoring ----------------------------------------------------------------------------------

    def score(self) -> None:
        """Score the position on the form; a refused one leaves the form and the page as they were,
        but for the reason, said in an alert."""
        assert self.form is not None
        game = str(self.game.value)
        position = self.form.position()
        rules = self.chosen_rules()
        names = list(self.form.names)
        self.python.value = (f'<pre data-role="python" style="white-space:pre-wrap">'
                             f"{html.escape(python_call(game, names, position, rules))}</pre>")
        try:
            sheet = explorer.score_table(game, names, position, **rules)
        except PositionError as exc:
            self._refuse("The rules do not allow this position", str(exc))
            return
        except (TypeError, ValueError) as exc:  # malformed, e.g. a card counted twice: said, not raised
            self._refuse("This position cannot be scored", str(exc))
            return
        self.message.value = ('<p role="status" data-role="scored">Scored by the engine, line by line with '
                              "each rule's text.</p>")
        self.sheet.value = f'<div data-role="scorer-sheet">{sheet._repr_html_()}</div>'

    def _refuse(self, what: str, reason: str) -> None:
        self.sheet.value = ""  # a sheet left up would look like this position's
        self.message.value = (f'<div role="alert" data-role="refused"><p><strong>{html.escape(what)}.'
                              f"</strong> {html.escape(reason)}</p><p>Change the position and press Score "
                              "again.</p></div>")


def scorer_app(preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The score-your-own-table page, ready to display (``preset``: the query string's settings)."""
    return ScorerApp(preset).box
