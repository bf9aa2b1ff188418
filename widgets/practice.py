"""The practice page: exercises the engine marks, drawn endlessly from positions of real bot games.

``practice_app()`` asks one question at a time about a table (``explorer.exercises.draw``): which of
these moves may you play, who takes this trick, how many points does this score. The learner answers by
ticking moves, picking a player or typing a number; **Check** shows the engine's marking with its
reason (the refusals' and score lines' rule texts), **Next** draws another. A count per game keeps the
score. Under Voila, ``?game=bastos&kind=trick&seed=3`` presets the first exercise (links and tests).
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

import explorer
from explorer import exercises

from .apps import query_settings

#: What each kind of exercise is called on the page.
KIND_WORDS = {"legal": "Which moves may you play?", "trick": "Who takes the trick?",
              "points": "How many points?"}
ANY = "any"


def _title(game: str) -> str:
    return str(getattr(explorer, game).SPEC.title)


def _paragraphs(text: str, strong_first: bool = False) -> str:
    """Plain words as HTML: a line starting "- " is a list item, any other line a paragraph."""
    out: list[str] = []
    items: list[str] = []
    for n, line in enumerate(text.splitlines()):
        if line.startswith("- "):
            items.append(f"<li>{html.escape(line[2:])}</li>")
            continue
        if items:
            out.append(f"<ul>{''.join(items)}</ul>")
            items = []
        if line.strip():
            words = html.escape(line)
            out.append(f"<p><strong>{words}</strong></p>" if strong_first and n == 0 else f"<p>{words}</p>")
    if items:
        out.append(f"<ul>{''.join(items)}</ul>")
    return "".join(out)


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


class PracticeApp:
    """The page's controls, the exercise on show and the count of answers per game."""

    def __init__(self, preset: Mapping[str, str] | None = None) -> None:
        preset = dict(query_settings() if preset is None else preset)
        titles = [(_title(game), game) for game in exercises.KINDS]
        game = preset.get("game", "tindahan")
        self.game = ipw.Dropdown(options=titles, value=game if game in exercises.KINDS else "tindahan",
                                 description="Game", tooltip="The game the exercises are about")
        self.kind = ipw.Dropdown(description="Question", tooltip="The kind of question")
        self._quiet = False
        self._set_kinds(preset.get("kind", ANY))
        self.seed = _int(preset.get("seed"))
        self.next_button = ipw.Button(description="Next exercise", tooltip="Draw another exercise")
        self.check_button = ipw.Button(description="Check", button_style="primary",
                                       tooltip="Mark your answer")
        self.count = ipw.HTML()
        self.question = ipw.HTML()
        self.table = ipw.HTML()
        self.answer = ipw.VBox()
        self.marked = ipw.HTML()
        self.tally: dict[str, list[int]] = {}  # per game: [right, answered]
        self.exercise: exercises.Exercise | None = None
        self._inputs: list[Any] = []
        self.game.observe(lambda _c: self._game_changed(), names="value")
        self.kind.observe(lambda _c: None if self._quiet else self.draw(), names="value")
        self.next_button.on_click(lambda _b: self.draw())
        self.check_button.on_click(lambda _b: self.check())
        controls = ipw.HBox([self.game, self.kind, self.next_button, self.count],
                            layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.box = ipw.VBox([controls, self.question, self.table, self.answer,
                             ipw.HBox([self.check_button]), self.marked])
        self.box.add_class("re-practice")
        self.draw()

    def _game_changed(self) -> None:
        self._set_kinds(self.kind.value)
        self.draw()

    def _set_kinds(self, wanted: str) -> None:
        kinds = exercises.KINDS[self.game.value]
        options = [("Any kind", ANY), *((KIND_WORDS[kind], kind) for kind in kinds)]
        self._quiet = True  # the menu changes as one step: one exercise is drawn after it, not two
        try:
            self.kind.options = options
            self.kind.value = wanted if wanted in (ANY, *kinds) else ANY
        finally:
            self._quiet = False

    def draw(self) -> None:
        """Show a new exercise (the preset seed first, then fresh ones)."""
        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        self.seed = None
        kind = None if self.kind.value == ANY else self.kind.value
        try:
            exercise = exercises.draw(self.game.value, seed=seed, kind=kind)
        except (ValueError, TypeError) as exc:  # never expected: said on the page, not raised
            self.question.value = f'<p role="alert">No exercise could be drawn: {html.escape(str(exc))}</p>'
            return
        self.exercise = exercise
        self.question.value = _paragraphs(exercise.question, strong_first=True)
        self.table.value = exercise.state.picture(exercise.seat).html
        self.marked.value = ""
        self.check_button.disabled = False
        self._inputs = self._answer_inputs(exercise)
        self.answer.children = tuple(self._inputs)

    def _answer_inputs(self, exercise: exercises.Exercise) -> list[Any]:
        if exercise.kind == "legal":
            return [ipw.Checkbox(value=False, description=f"{exercises.LETTERS[i]}. {choice}", indent=False,
                                 layout=ipw.Layout(width="auto"))
                    for i, choice in enumerate(exercise.choices)]
        if exercise.kind == "trick":
            return [ipw.RadioButtons(options=list(exercise.choices), value=None, description="Takes it",
                                     layout=ipw.Layout(width="auto"))]
        return [ipw.IntText(value=0, description="Points", tooltip="Your answer, in points")]

    def _given(self) -> Any:
        exercise = self.exercise
        assert exercise is not None
        if exercise.kind == "legal":
            return {i for i, box in enumerate(self._inputs) if box.value}
        if exercise.kind == "trick":
            return self._inputs[0].value
        return self._inputs[0].value

    def check(self) -> None:
        """Mark the answer on show and count it (once per exercise)."""
        exercise = self.exercise
        if exercise is None:
            return
        try:
            marked = exercise.check(self._given())
        except (ValueError, TypeError) as exc:
            self.marked.value = f'<p role="alert">{html.escape(str(exc))}</p>'
            return
        if not self.check_button.disabled:
            right, answered = self.tally.setdefault(exercise.game, [0, 0])
            self.tally[exercise.game] = [right + marked.correct, answered + 1]
        self.check_button.disabled = True
        verdict = "Right." if marked.correct else "Not quite."
        self.marked.value = (f'<div role="status" class="re-practice-marked"><p><strong>{verdict}</strong>'
                             f"</p>{_paragraphs(marked.reason)}</div>")
        right, answered = self.tally[exercise.game]
        self.count.value = (f"<span>{_title(exercise.game)}: {right} of {answered} "
                            "right</span>")


def practice_app(preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The practice page, ready to display (``preset``: the query string's settings)."""
    return PracticeApp(preset).box
