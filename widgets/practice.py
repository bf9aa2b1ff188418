"""The practice page: exercises the engine marks, drawn endlessly from positions of real bot games.

``practice_app()`` asks one question at a time about a table (``explorer.exercises.draw``): which of
these moves may you play, who takes this trick, how many points does this score. The learner answers by
ticking moves, picking a player or typing a number; **Check** shows the engine's marking with its
reason (the refusals' and score lines' rule texts), **Next** draws another. A count per game keeps the
score. **Level** asks for exercises whose reason cites one rule, two, or three and more
(``exercises.LEVELS``); three right in a row at a level move the learner up to the next, said on the page.
Under Voila, ``?game=bastos&kind=trick&level=2&seed=3`` presets the exercises: the first is seed 3's, the
next seed 4's and so on (a link shows everyone the same run; the tests know each answer).
"""

from __future__ import annotations

import html
import json
import secrets
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

import explorer
from explorer import exercises

from ._keep import MAX_RECORD, BrowserStore
from ._text import paragraphs
from .apps import query_settings

#: What each kind of exercise is called on the page.
KIND_WORDS = {"legal": "Which moves may you play?", "trick": "Who takes the trick?",
              "points": "How many points?"}
ANY = "any"
#: The levels in words (the menu's and the page's).
LEVEL_WORDS = {1: "One rule at a time", 2: "Two rules together", 3: "Three or more rules"}
#: Right answers in a row at a level that move the learner up to the next.
STREAK = 3


def _title(game: str) -> str:
    return str(getattr(explorer, game).SPEC.title)


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
        self.level = ipw.Dropdown(description="Level", tooltip="How many rules each exercise puts to work")
        self._quiet = False
        self._set_kinds(preset.get("kind", ANY))
        self._set_levels(_int(preset.get("level")) or ANY)
        self.streak = 0  # right answers in a row at the level chosen
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
        self.kind.observe(lambda _c: None if self._quiet else self._kind_changed(), names="value")
        self.level.observe(lambda _c: None if self._quiet else self._level_changed(), names="value")
        self.next_button.on_click(lambda _b: self.draw())
        self.check_button.on_click(lambda _b: self.check())
        controls = ipw.HBox([self.game, self.kind, self.level, self.next_button, self.count],
                            layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        # The counts, the streak and the level, kept in the learner's browser (widgets/_keep.py) and
        # given back when the page is opened again: the practice goes on where it was.
        self.kept = BrowserStore(key="practice")
        self.kept.observe(lambda change: self.restore(str(change["new"])), names="found")
        self.box = ipw.VBox([controls, self.question, self.table, self.answer,
                             ipw.HBox([self.check_button]), self.marked, self.kept])
        self.box.add_class("re-practice")
        self.draw()

    def keep(self) -> None:
        """What the browser keeps of the practice so far."""
        level = self.level.value if self.level.value != ANY else None
        self.kept.value = json.dumps({"tally": self.tally, "streak": self.streak, "game": self.game.value,
                                      "kind": self.kind.value, "level": level})

    def restore(self, text: str) -> None:
        """Take back the practice the browser kept (see ``keep``); what does not read back is put
        aside, in a sentence, and the page goes on as it is."""
        if not text:
            return
        try:
            if len(text) > MAX_RECORD:
                raise ValueError("too long")
            kept = json.loads(text)
            tally = {game: [int(right), int(answered)] for game, (right, answered) in kept["tally"].items()
                     if game in exercises.KINDS and 0 <= int(right) <= int(answered)}
            streak, game, kind, level = int(kept["streak"]), kept["game"], kept["kind"], kept["level"]
            if game not in exercises.KINDS or streak < 0:
                raise ValueError(game)
        except (ValueError, TypeError, KeyError, AttributeError):
            self.kept.value = ""
            self.marked.value = ('<p role="status">Your practice from before could not be read back: it has '
                                 "been put aside.</p>")
            return
        self.tally = tally
        self.game.value = game  # draws at the kept game
        self._set_kinds(str(kind))
        self._set_levels(int(level) if isinstance(level, int) else ANY)
        self.streak = streak if self.level.value != ANY else 0
        self.draw()
        said = ", ".join(f"{_title(g)} {r} of {a} right" for g, (r, a) in tally.items()) or "no answers yet"
        row = f", {self.streak} in a row at level {self.level.value}" if self.streak else ""
        self.marked.value = (f'<p role="status" data-role="practice-kept">Your practice from before, kept in '
                             f"this browser, is back: {html.escape(said)}{row}.</p>")
        self._show_count(game)

    def _game_changed(self) -> None:
        self._set_kinds(self.kind.value)
        self._set_levels(self.level.value)
        self.streak = 0
        self.draw()

    def _kind_changed(self) -> None:
        self._set_levels(self.level.value)
        self.draw()

    def _level_changed(self) -> None:
        self.streak = 0
        self.draw()

    def _levels(self) -> list[int]:
        """The levels the chosen kind of question comes at (any kind: the levels of all its kinds)."""
        kinds = exercises.LEVELS[self.game.value]
        chosen = list(kinds) if self.kind.value == ANY else [self.kind.value]
        return sorted({level for kind in chosen for level in kinds[kind]})

    def _set_levels(self, wanted: int | str) -> None:
        levels = self._levels()
        self._quiet = True
        try:
            self.level.options = [("Any level", ANY), *((f"{n}: {LEVEL_WORDS[n]}", n) for n in levels)]
            self.level.value = wanted if wanted in levels else ANY
        finally:
            self._quiet = False

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
        """Show a new exercise (the preset seed's, then the seeds after it; with none, fresh ones)."""
        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        self.seed = seed + 1 if self.seed is not None else None
        kind = None if self.kind.value == ANY else self.kind.value
        level = None if self.level.value == ANY else self.level.value
        try:
            exercise = exercises.draw(self.game.value, seed=seed, kind=kind, level=level)
        except (ValueError, TypeError) as exc:  # never expected: said on the page, not raised
            self.question.value = f'<p role="alert">No exercise could be drawn: {html.escape(str(exc))}</p>'
            return
        self.exercise = exercise
        self.question.value = paragraphs(exercise.question, strong_first=True)
        self.table.value = exercise.picture().html
        self._inputs = self._answer_inputs(exercise)
        self.answer.children = tuple(self._inputs)
        # The marking goes last: once it is gone, the new exercise's answer boxes are in place.
        self.marked.value = ""
        self.check_button.disabled = False

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
        up = ""
        if not self.check_button.disabled:
            right, answered = self.tally.setdefault(exercise.game, [0, 0])
            self.tally[exercise.game] = [right + marked.correct, answered + 1]
            up = self._progress(marked.correct)
        self.check_button.disabled = True
        verdict = "Right." if marked.correct else "Not quite."
        self.marked.value = (f'<div role="status" class="re-practice-marked"><p><strong>{verdict}</strong>'
                             f"</p>{paragraphs(marked.reason)}{up}</div>")
        self._show_count(exercise.game)
        self.keep()

    def _show_count(self, game: str) -> None:
        right, answered = self.tally.get(game, [0, 0])
        row = (f" · {self.streak} in a row at level {self.level.value}"
               if self.level.value != ANY and self.streak else "")
        self.count.value = f"<span>{_title(game)}: {right} of {answered} right{row}</span>"

    def _progress(self, correct: bool) -> str:
        """Count the answer towards the level's streak; after ``STREAK`` right in a row, move up a level
        (the next exercise is drawn at it) and say so."""
        self.streak = self.streak + 1 if correct else 0
        level = self.level.value
        if level == ANY or self.streak < STREAK:
            return ""
        higher = [n for n in self._levels() if n > level]
        if not higher:
            return (f'<p class="re-practice-level"><strong>{STREAK} right in a row at the top level of these '
                    "questions. Well done!</strong></p>")
        self._quiet = True  # the exercise marked stays on show; Next draws at the new level
        try:
            self.level.value = higher[0]
        finally:
            self._quiet = False
        self.streak = 0
        return (f'<p class="re-practice-level"><strong>{STREAK} right in a row: up to level {higher[0]}, '
                f"{LEVEL_WORDS[higher[0]].lower()}. The next exercise is at that level.</strong></p>")


def practice_app(preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The practice page, ready to display (``preset``: the query string's settings)."""
    return PracticeApp(preset).box
