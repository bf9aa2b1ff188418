"""A step-by-step walkthrough: rulebook positions on one table, with Back and Next step buttons.

Each :class:`Step` is a title, a short explanation, an engine state and optional result text. The
:class:`Walkthrough` shows one step at a time on a single table widget (any ``GameWidget`` subclass,
so later games' tables work too). The table lets the learner act for whichever seat is to act, so
they can try a legal card from the step's position; the explanation stays, a note says that the
table has moved on, and **Reset step** brings the step's position back.

>>> import explorer
>>> start = explorer.new_game("tindahan", players=3, seed=1)
>>> steps = [Step("The deal", "Ten cards each.", start),
...          Step("A first card", "Seat 0 leads.", start.play(start.legal_actions()[0]))]
>>> tour = Walkthrough(steps, title="Demo")
>>> tour
<Walkthrough 'Demo': step 1 of 2 'The deal', tindahan, 3 players>
>>> tour.next(); tour.index, tour.back_button.disabled, tour.next_button.disabled
(1, False, True)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import ipywidgets as ipw

from explorer import GameState

from ._kinds import widget_for
from ._session import GameWidget

SEAT_LETTERS = "ABCDEFGH"


@dataclass(frozen=True, slots=True)
class Step:
    """One position of a walkthrough.

    ``text`` and ``result`` use a small markdown subset (see :func:`markdown_html`); ``rules`` are
    the ids of the rules the step shows, listed under the explanation.
    """

    title: str
    text: str
    state: GameState
    result: str = ""
    rules: tuple[str, ...] = ()


# ---- a deliberately small markdown: paragraphs, "- " lists, **bold**, *em*, `code`, [links](url) ----

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
# Only relative links and web links: a walkthrough's text must never carry a script URL.
_SAFE_URL = re.compile(r"^(https?://|[\w./#?=&;%-]+$)", re.IGNORECASE)


def _link(match: re.Match[str]) -> str:
    label, url = match.group(1), match.group(2)
    if not _SAFE_URL.match(url) or url.lower().startswith(("javascript:", "data:")):
        return label
    href = url.replace('"', "&quot;")
    return f'<a href="{href}">{label}</a>'


def _inline(text: str) -> str:
    """Escape ``text`` and apply the inline marks; code spans are left unmarked inside."""
    parts = _CODE.split(text)
    out: list[str] = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{html.escape(part)}</code>")
            continue
        part = html.escape(part, quote=False)
        part = _LINK.sub(_link, part)
        part = _BOLD.sub(r"<strong>\1</strong>", part)
        part = _EM.sub(r"<em>\1</em>", part)
        out.append(part)
    return "".join(out)


def markdown_html(text: str) -> str:
    """HTML for a short explanation: blank lines separate paragraphs, ``- `` lines make a list.

    >>> markdown_html("B **must** play.\\n\\nNo `seller:banana`.")
    '<p>B <strong>must</strong> play.</p><p>No <code>seller:banana</code>.</p>'
    >>> markdown_html("- <b> stays *text*")
    '<ul><li>&lt;b&gt; stays <em>text</em></li></ul>'
    """
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.strip().splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            blocks.append(f"<ul>{items}</ul>")
        else:
            blocks.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(blocks)


class Walkthrough(ipw.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Steps through ``steps`` on one table; ``next()``, ``back()``, ``go(i)`` and ``reset()`` drive it.

    ``table_class`` draws the states (default: the widget the first step's game names in its spec,
    :func:`widgets.widget_for`); it is built with
    ``seat=None`` and no bots, so the learner may act for whichever seat is to act. ``names`` gives
    the seats' display names (default A, B, C, ... as the rulebooks call the players); ``teaching``
    shows every hand face up, which a walkthrough usually wants.
    """

    def __init__(
        self,
        steps: Sequence[Step],
        *,
        title: str = "",
        table_class: type[GameWidget] | None = None,
        names: Iterable[str] | None = None,
        teaching: bool = True,
        start: int = 0,
    ) -> None:
        self._steps = tuple(steps)
        if not self._steps:
            raise ValueError("a walkthrough needs at least one step")
        for i, step in enumerate(self._steps):
            if not isinstance(step, Step):
                raise TypeError(f"step {i} must be a Step, not {type(step).__name__}")
        if table_class is None:
            table_class = widget_for(self._steps[0].state.GAME)
        for i, step in enumerate(self._steps):
            games = table_class.GAMES
            if games is not None and step.state.GAME not in games:
                raise ValueError(f"step {i} ({step.title!r}) is a {step.state.GAME} position; "
                                 f"{table_class.__name__} draws {', '.join(games)}")
        if not 0 <= start < len(self._steps):
            raise ValueError(f"start must be a step index from 0 to {len(self._steps) - 1}, not {start}")
        self._title = title
        self._table_class = table_class
        self._names = list(names) if names is not None else None
        self._teaching = teaching
        self._index = start
        self._observer: Callable[[GameState], object] = self._table_changed

        self.heading = ipw.HTML()
        self.counter = ipw.HTML()
        self.explanation = ipw.HTML()
        self.result = ipw.HTML()
        self.note = ipw.HTML()
        self.back_button = ipw.Button(description="Back", tooltip="Go back to the previous step")
        self.next_button = ipw.Button(description="Next step", button_style="primary",
                                      tooltip="Go on to the next step")
        self.reset_button = ipw.Button(description="Reset step",
                                       tooltip="Put the table back to this step's position")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.reset_button.on_click(lambda _b: self.reset())
        nav = ipw.HBox([self.back_button, self.counter, self.next_button, self.reset_button],
                       layout=ipw.Layout(align_items="center", flex_flow="row wrap"))
        nav.add_class("re-walkthrough-nav")
        self.table = self._new_table(self._steps[start].state)
        self.table_box = ipw.Box([self.table])
        super().__init__([self.heading, nav, self.explanation, self.table_box, self.result, self.note])
        self.add_class("re-walkthrough")
        self._show()

    # ---- navigation ---------------------------------------------------------------------------

    @property
    def steps(self) -> tuple[Step, ...]:
        return self._steps

    @property
    def index(self) -> int:
        """The step shown, counted from 0."""
        return self._index

    @property
    def step(self) -> Step:
        return self._steps[self._index]

    def go(self, index: int) -> None:
        """Show step ``index`` (from 0) with its own position on the table."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._steps):
            raise IndexError(f"step index must be from 0 to {len(self._steps) - 1}, not {index!r}")
        self._index = index
        self._show()

    def next(self) -> None:
        if self._index + 1 < len(self._steps):
            self.go(self._index + 1)

    def back(self) -> None:
        if self._index > 0:
            self.go(self._index - 1)

    def reset(self) -> None:
        """Undo the learner's tries: the table shows this step's position again."""
        self._show()

    @property
    def moved_on(self) -> bool:
        """Whether the learner has played on from the step's position."""
        return self.table.state != self.step.state

    # ---- drawing ------------------------------------------------------------------------------

    def _new_table(self, state: GameState) -> GameWidget:
        names = self._names[: state.players] if self._names is not None else []
        if len(names) < state.players:
            names = list(SEAT_LETTERS[: state.players])
        table = self._table_class(state, seat=None, bots=None, bot_delay=0, teaching=self._teaching,
                                  names=names)
        table.observe_state(self._observer)
        return table

    def _place(self, state: GameState) -> None:
        table = self.table
        if state.players == table.state.players and state.GAME == table.state.GAME:
            table.error = {}  # a refusal from the learner's tries belongs to the old position
            table.state = state
            return
        # The table's seats are fixed, so a step with another player count gets a table of its own.
        table.unobserve_state(self._observer)
        self.table = self._new_table(state)
        self.table_box.children = (self.table,)
        table.close()

    def _show(self) -> None:
        step = self.step
        n = len(self._steps)
        with self.hold_sync():
            self._place(step.state)
            title = f"<h3>{html.escape(step.title)}</h3>"
            if self._title:
                name = html.escape(self._title)
                title = f'<div class="re-walkthrough-title"><strong>{name}</strong></div>' + title
            self.heading.value = title
            self.counter.value = (f'<span class="re-walkthrough-counter" role="status" aria-live="polite">'
                                  f"Step {self._index + 1} of {n}</span>")
            rules = ""
            if step.rules:
                ids = ", ".join(f"<code>{html.escape(rule)}</code>" for rule in step.rules)
                rules = f'<p class="re-walkthrough-rules">Rules: {ids}</p>'
            self.explanation.value = markdown_html(step.text) + rules
            self.result.value = markdown_html(step.result) if step.result else ""
            self.back_button.disabled = self._index == 0
            self.next_button.disabled = self._index == n - 1
            self._table_changed(self.table.state)

    def _table_changed(self, state: GameState) -> None:
        if state != self.step.state:
            self.note.value = ('<p class="re-walkthrough-note" role="status" aria-live="polite"><em>You are '
                               "trying moves from this step's position. <strong>Reset step</strong> puts the "
                               "table back.</em></p>")
        else:
            self.note.value = ""

    def __repr__(self) -> str:
        state = self.step.state
        title = f" {self._title!r}:" if self._title else ""
        tried = ", learner trying moves" if self.moved_on else ""
        return (f"<Walkthrough{title} step {self._index + 1} of {len(self._steps)} {self.step.title!r}, "
                f"{state.GAME}, {state.players} players{tried}>")
