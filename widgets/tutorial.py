"""The guided first games: the play app's table with a guide beside it (``tutorial_app("tindahan")``, or a
variant by its name in ``explorer.tutorials.TUTORIALS``: ``tutorial_app("bangkok-solo")``).

The guide (``explorer.tutorials``) deals the prepared game, says each rule in plain words when it first
applies, outlines the part of the table it is about, narrows the learner's first moves to the one being
taught (another move is held back with a sentence saying what to try) and, whenever a round, a market
day or the game scores, shows "what just scored and why". The table is the play apps' own widget, with
its undo, hints and round pauses. Under Voila, ``?delay=0&pause=0`` moves the bots at once (tests).
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as ipw

from explorer import GameState, tutorials

from ._guided import guided
from ._session import GameWidget
from ._text import paragraphs
from .apps import AppBox, query_float, query_settings

#: How many of the newest lessons are shown open; the rest fold under "Earlier steps".
OPEN = 3


def lesson_html(lesson: tutorials.Lesson) -> str:
    """One lesson: its title, its words and the rules it teaches in the catalogue's words."""
    rules = "".join(f"<li>{html.escape(text)}</li>" for _rule, text in lesson.rules)
    count = "The rule" if len(lesson.rules) == 1 else f"The {len(lesson.rules)} rules"
    said = (f'<details class="re-lesson-rules"><summary>{count}, in short</summary>'
            f"<ul>{rules}</ul></details>") if rules else ""
    kind = " re-lesson-scored" if lesson.scored else ""
    return (f'<section class="re-lesson{kind}"><h4>{html.escape(lesson.title)}</h4>'
            f"{paragraphs(lesson.text)}{said}</section>")


class TutorialApp:
    """A guided first game of ``game``: the table, the guide's panel and a **Start again** button."""

    def __init__(self, game: str, preset: Mapping[str, str] | None = None) -> None:
        preset = dict(query_settings() if preset is None else preset)
        self.script = tutorials.script(game)
        self.game = game
        self.delay = query_float(preset.get("delay"), 0.8)
        self.pause_rounds = preset.get("pause") != "0"
        self.guide = tutorials.Guide(self.script)
        self._fresh = 0  # the first lesson since the learner's last move
        self._learners_turn = False
        state = self.guide.start()
        self.table: GameWidget = guided(self.script.game)(state, self.script.seat, bots=self.script.bots,
                                              bot_delay=self.delay, pause_rounds=self.pause_rounds,
                                              guide=self.guide)
        self.table.observe_state(self._changed)
        self.table.keep_key = f"tutorial:{game}"  # the guided game kept in the browser (_keep)
        self.table.start_again = self.start_again
        self.progress = ipw.HTML()
        self.panel = ipw.HTML()
        self.again = ipw.Button(description="Start again", layout=ipw.Layout(width="auto"),
                                tooltip="Deal the guided game again from its start")
        self.again.on_click(lambda _b: self.start_again())
        side = ipw.VBox([self.progress, self.panel, self.again],
                        layout=ipw.Layout(flex="0 1 360px", min_width="260px", max_width="420px",
                                          padding="0 0 0 12px"))
        side.add_class("re-tutorial-guide")
        table_box = ipw.Box([self.table], layout=ipw.Layout(flex="1 1 640px", min_width="0"))
        row = ipw.HBox([table_box, side], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start",
                                                            width="100%"))
        self.box = AppBox([row], first_paint=self.first_paint)
        self.box.add_class("re-tutorial")
        self._show()

    def first_paint(self) -> str:
        picture = self.table.state.picture(self.script.seat)
        return (f'<div class="re-first-paint" aria-busy="true">{picture._repr_html_()}'
                '<p role="status">Setting up the table…</p></div>')

    def start_again(self) -> None:
        self.guide = tutorials.Guide(self.script)
        self._fresh = 0
        self.table.guide = self.guide
        self.guide.start()
        self.table.restart()
        self._show()

    def _changed(self, _state: GameState) -> None:
        # The table's current state, not the one this call was queued with: the guide follows the
        # game forwards (the table's drawing may have told it of a newer position already).
        state = self.table.state
        if self.table._review is None:
            self.guide.update(state)
        mine = state.current_player == self.script.seat
        if self._learners_turn and not mine:  # the learner has just moved: what came before is read
            self._fresh = max(0, len(self.guide.lessons) - 1) if state.is_over else len(self.guide.lessons)
        self._learners_turn = mine
        self._show()

    def _show(self) -> None:
        lessons = self.guide.lessons
        start = min(self._fresh, max(0, len(lessons) - 1))
        shown, older = lessons[start:][-OPEN:], lessons[: len(lessons) - len(lessons[start:][-OPEN:])]
        earlier = "".join(lesson_html(lesson) for lesson in reversed(older))
        folded = (f'<details class="re-tutorial-earlier"><summary>Earlier steps ({len(older)}, newest '
                  'first)</summary>'
                  f"{earlier}</details>") if older else ""
        newest = "".join(lesson_html(lesson) for lesson in reversed(shown))  # the newest on top
        self.panel.value = f'<div role="status" aria-live="polite">{newest}</div>{folded}'
        taught = len(self.guide.taught)
        total = len(self.guide.rules) - len(self.script.unmet)
        over = " The game is over: well done!" if self.table.state.is_over else ""
        aside = len(self.script.unmet)
        if aside:  # why the rules page lists more: said, so the two counts never seem to disagree
            over += (f' <small>The <a href="rules.ipynb?game={self.script.game}">rules page</a> lists '
                     f"{len(self.guide.rules)}: the other {aside} are for other versions, rare positions or "
                     "how the program writes moves.</small>")
        self.progress.value = (f'<p class="re-tutorial-progress"><strong>{html.escape(self.script.title)}'
                               f"</strong><br>Rules met so far: {min(taught, total)} of {total}.{over}</p>")
        # The rules a first game never meets (how the program writes moves, other versions' rules)
        # are on the rules page: the count says how many the guided game is about.


def tutorial_app(game: str, preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The guided first game of ``game``, ready to display."""
    return TutorialApp(game, preset).box
