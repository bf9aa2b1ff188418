"""A step-by-step walkthrough: rulebook positions on one table, with a stepper beside it.

Each :class:`Step` is a title, a short explanation, an engine state and optional result text. The
:class:`Walkthrough` shows one step at a time on a single table widget (any ``GameWidget`` subclass,
so later games' tables work too), with the stepper (Back, Next, the step's title and caption) beside
the table, so both fit in the first screen. A trick table is seen from one seat for the whole
walkthrough (the seats never rotate); the learner may still try a legal move for whichever seat is
to act. The table is drawn with the rulebook's names for the seats (A, B, C, ... or an example's
``names``: Mary, John, ...), in its events too, and without the play apps' Restart, undo and speed
controls (the view's ``walkthrough`` extra). The caption follows the table: after a tried move it says
what was tried (and which step's position it is, if it is one), and **Reset step** brings the step's
position back. Each step's caption names the book's move in words (the engine's own event texts,
with the same names) and lists its rules with their text. Under Voila the page opens at the step its
query asks for, ``NAME.ipynb?step=3`` (counted from 1, as the stepper's counter shows): the rules page
links each rule to a step that shows it that way.

:func:`check_section` folds the printed engine-against-book numbers of a notebook cell into a
collapsed "check" section; the plain text stays the cell's output, which nbval compares.

>>> import explorer
>>> start = explorer.new_game("tindahan", players=3, seed=1)
>>> steps = [Step("The deal", "Ten cards each.", start),
...          Step("A first card", "A leads.", start.play(start.legal_actions()[0]))]
>>> tour = Walkthrough(steps, title="Demo")
>>> tour
<Walkthrough 'Demo': step 1 of 2 'The deal', tindahan, 3 players, seen from A>
>>> tour.next(); tour.index, tour.back_button.disabled, tour.next_button.disabled
(1, False, True)
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw
from IPython.display import display

from explorer import GameState

from ._kinds import widget_for
from ._session import GameWidget
from .apps import query_settings

SEAT_LETTERS = "ABCDEFGH"
# What the seat to act sees that the others do not: its moves. The fixed-seat table takes these from
# the acting seat's view, so a learner can try a move for any seat without the table turning round.
ACTOR_KEYS = ("legal", "labels", "moves", "prompt", "choices", "targets")
# Games whose table is laid out around the viewer's seat (the trick tables): there a walkthrough keeps
# one seat at the bottom. The other tables (Bangkok's port and markets, the Klongs board) never turn,
# so they show the acting seat's hand, which a learner needs to try that seat's move.
SEATED_AROUND_VIEWER = frozenset({"tindahan", "bastos"})


@dataclass(frozen=True, slots=True)
class Step:
    """One position of a walkthrough.

    ``text`` and ``result`` use a small markdown subset (see :func:`markdown_html`); ``rules`` are
    the ids of the rules the step shows, listed with their text under the explanation. ``move`` says
    the book's move in words; left empty, the caption takes it from the engine's events since the
    previous step (when this step's position continues the previous one). ``names`` gives the seats
    the rulebook's names for this step (e.g. Mary, John), drawn on the table; by default the
    walkthrough's ``names``.
    """

    title: str
    text: str
    state: GameState
    result: str = ""
    rules: tuple[str, ...] = ()
    move: str = ""
    names: tuple[str, ...] = ()


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


# ---- the check section: the engine's numbers beside the book's, folded away -----------------------


class CheckText:
    """Printed check lines: plain text for nbval and JupyterLab, a collapsed <details> in HTML."""

    def __init__(self, title: str, text: str) -> None:
        self.title = title
        self.text = text

    def __repr__(self) -> str:
        return self.text.rstrip("\n")

    def _repr_html_(self) -> str:
        return (f'<details class="re-check"><summary>{html.escape(self.title)}</summary>'
                f'<pre>{html.escape(self.text.rstrip())}</pre></details>')


@contextmanager
def check_section(title: str = "Check: the engine's numbers beside the book's") -> Iterator[None]:
    """Everything printed inside the block is shown as one collapsed "check" section.

    >>> with check_section("Check"):
    ...     print("tricks: book 2, engine 2")
    tricks: book 2, engine 2
    """
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        yield
    if buffer.getvalue().strip():
        display(CheckText(title, buffer.getvalue()))  # type: ignore[no-untyped-call]


# ---- the walkthrough ------------------------------------------------------------------------------


class Slot(ipw.Box):  # type: ignore[misc]  # ipywidgets is untyped
    """A place at the top of a page for a walkthrough built further down, from the positions the
    page's sections compute: the table comes first on the page without the sections moving.

    >>> slot = Slot()
    >>> slot.fill(ipw.HTML("table")); len(slot.children)
    1
    """

    def __init__(self) -> None:
        super().__init__(layout=ipw.Layout(width="100%"))
        self.add_class("re-walkthrough-slot")

    def fill(self, widget: ipw.Widget) -> None:
        self.children = (widget,)


def _fixed_seat_table(table_class: type[GameWidget]) -> type[GameWidget]:
    """``table_class`` drawn from one seat, whoever is to act (the acting seat's moves still offered)."""

    class FixedSeatTable(table_class):  # type: ignore[misc,valid-type]  # a class chosen at run time
        view_from = 0

        def _pick_view_seat(self) -> int:
            state: GameState = self.state
            current = state.current_player
            if state.GAME in SEATED_AROUND_VIEWER or current is None:
                return self.view_from
            return current

        def _render(self) -> None:
            state = self.state
            seat = self._pick_view_seat()
            names = list(self.names)  # the engine's texts read with the rulebook's names
            view = state.view(seat, names=names)
            current = state.current_player
            if current is not None and current != seat:
                acting = state.view(current, names=names)
                view.update({key: acting[key] for key in ACTOR_KEYS if key in acting})
            extras = self._extras(seat)
            if isinstance(extras.get("events"), list):
                # A table that shows only the newest events keeps its count, with these names.
                shown = len(extras["events"])
                extras["events"] = view["events"][-shown:] if shown else []
            view.update(extras)
            self.view = view

        def _extras(self, seat: int) -> dict[str, Any]:
            # A walkthrough steps through the book's positions: the shell leaves out the play apps'
            # Restart, undo and speed controls.
            extras: dict[str, Any] = super()._extras(seat)
            return {**extras, "walkthrough": True}

    FixedSeatTable.__name__ = FixedSeatTable.__qualname__ = table_class.__name__
    return FixedSeatTable


def _rule_item(rule_id: str, text: str) -> str:
    """A rule's text, its id small beside it (the id is what refusals name)."""
    rid = html.escape(rule_id)
    if not text:
        return f"<li>{rid}</li>"
    return f'<li>{html.escape(text)} <small class="re-rule-id">({rid})</small></li>'


def asked_step(steps: int, query: dict[str, str] | None = None) -> tuple[int, str]:
    """The step (from 0) the page's query asks for with ``step=N`` (from 1), and a note for the learner
    when it names no step here; step 0 without a query (JupyterLab, nbval) or with a bad one."""
    asked = (query_settings() if query is None else query).get("step")
    if asked is None:
        return 0, ""
    asked = asked.strip()
    # isdecimal, not isdigit: "²" is a digit int() refuses; a long number is no step either way.
    number = int(asked) if asked.isdecimal() and len(asked) <= 6 else 0
    if 1 <= number <= steps:
        return number - 1, ""
    shown = html.escape(asked[:20])
    return 0, f"There is no step “{shown}” here (the steps are 1 to {steps}), so this is step 1."


def _continues(before: GameState, after: GameState) -> bool:
    """Whether ``after`` is ``before`` played on by at least one move."""
    if (before.GAME, before.players) != (after.GAME, after.players):
        return False
    old, new = before.actions(), after.actions()
    return len(new) > len(old) and new[: len(old)] == old and before.seed == after.seed


class Walkthrough(ipw.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Steps through ``steps`` on one table; ``next()``, ``back()``, ``go(i)`` and ``reset()`` drive it.

    ``table_class`` draws the states (default: the widget the first step's game names in its spec,
    :func:`widgets.widget_for`); it is built with no bots, so the learner may act for whichever seat
    is to act. ``seat`` is the seat a trick table is seen from throughout (default: the seat to act
    at the first step); a board that never turns (Bangkok, Klongs) shows the acting seat's hand.
    ``names`` gives the seats' display names (default A, B, C, ... as the rulebooks call the
    players); ``teaching`` shows every hand face up, which a walkthrough usually wants. ``start`` is the
    step shown first, from 0 (default: the one the page's query asks for, ``?step=N`` from 1).
    """

    def __init__(
        self,
        steps: Sequence[Step],
        *,
        title: str = "",
        table_class: type[GameWidget] | None = None,
        names: Iterable[str] | None = None,
        teaching: bool = True,
        start: int | None = None,
        seat: int | None = None,
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
        self._asked = ""  # why the page's query step was not shown, until the learner moves on
        if start is None:
            start, self._asked = asked_step(len(self._steps))
        if not 0 <= start < len(self._steps):
            raise ValueError(f"start must be a step index from 0 to {len(self._steps) - 1}, not {start}")
        if seat is None:
            seat = self._steps[0].state.current_player or 0
        fewest = min(step.state.players for step in self._steps)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < fewest:
            raise ValueError(f"seat must be an int from 0 to {fewest - 1}, not {seat!r}")
        self._title = title
        self._table_class = _fixed_seat_table(table_class)
        self._seat = seat
        self._names = list(names) if names is not None else None
        self._teaching = teaching
        self._index = start
        self._observer: Callable[[GameState], object] = self._table_changed

        self.heading = ipw.HTML()
        self.counter = ipw.HTML()
        self.explanation = ipw.HTML()
        self.result = ipw.HTML()
        self.note = ipw.HTML()
        self.back_button = ipw.Button(description="Back", tooltip="Go back to the previous step",
                                      layout=ipw.Layout(width="auto"))
        self.next_button = ipw.Button(description="Next step", button_style="primary",
                                      tooltip="Go on to the next step", layout=ipw.Layout(width="auto"))
        self.reset_button = ipw.Button(description="Reset step", layout=ipw.Layout(width="auto"),
                                       tooltip="Put the table back to this step's position")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.reset_button.on_click(lambda _b: self.reset())
        nav = ipw.HBox([self.back_button, self.next_button, self.counter],
                       layout=ipw.Layout(align_items="center", flex_flow="row wrap"))
        nav.add_class("re-walkthrough-nav")
        self.stepper = ipw.VBox([self.heading, nav, self.explanation, self.result, self.note,
                                 self.reset_button],
                                layout=ipw.Layout(flex="0 1 320px", min_width="260px", max_width="360px",
                                                  padding="0 0 0 12px"))
        self.stepper.add_class("re-walkthrough-stepper")
        self.table = self._new_table(self._steps[start])
        self.table_box = ipw.Box([self.table], layout=ipw.Layout(flex="1 1 640px", min_width="0"))
        row = ipw.HBox([self.table_box, self.stepper],
                       layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"))
        row.add_class("re-walkthrough-row")
        super().__init__([row])
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

    @property
    def seat(self) -> int:
        """The seat the table is seen from, the same at every step."""
        return self._seat

    def go(self, index: int) -> None:
        """Show step ``index`` (from 0) with its own position on the table."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._steps):
            raise IndexError(f"step index must be from 0 to {len(self._steps) - 1}, not {index!r}")
        self._index = index
        self._asked = ""
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

    # ---- words --------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The display name of ``seat`` (the rulebook's names, A, B, C, ... by default)."""
        names = self.table.names
        return names[seat] if 0 <= seat < len(names) else SEAT_LETTERS[seat]

    def moves_between(self, before: GameState, after: GameState) -> list[str]:
        """What happened from ``before`` to ``after`` in words, with the table's names for the seats
        (empty unless ``after`` continues ``before``)."""
        if not _continues(before, after):
            return []
        names = self._names_for(self.step)
        seen = len(before.view(self._seat, names=names)["events"])
        return [str(event.get("text", "")) for event in after.view(self._seat, names=names)["events"][seen:]
                if isinstance(event, dict) and event.get("text")]

    def book_move(self, index: int | None = None) -> list[str]:
        """The book's move into step ``index`` (default: the step shown) in words."""
        i = self._index if index is None else index
        step = self._steps[i]
        if step.move:
            return [step.move]
        return self.moves_between(self._steps[i - 1].state, step.state) if i > 0 else []

    def rule_lines(self, step: Step) -> list[tuple[str, str]]:
        """(id, text) of each rule the step lists; the text is empty for an id the game does not know."""
        rules: Any = getattr(step.state, "RULES", {})
        out = []
        for rule_id in step.rules:
            found = rules.get(rule_id) if hasattr(rules, "get") else None
            out.append((rule_id, str(getattr(found, "text", "")) if found is not None else ""))
        return out

    # ---- drawing ------------------------------------------------------------------------------

    def _names_for(self, step: Step) -> list[str]:
        players = step.state.players
        names = list(step.names or self._names or ())[:players]
        return names if len(names) == players else list(SEAT_LETTERS[:players])

    def _new_table(self, step: Step) -> GameWidget:
        state = step.state
        table = self._table_class(state, seat=None, bots=None, bot_delay=0, teaching=self._teaching,
                                  names=self._names_for(step))
        table.view_from = self._seat
        table._render()  # drawn from the fixed seat from the first message on
        table.observe_state(self._observer)
        return table

    def _place(self, step: Step) -> None:
        table, state = self.table, step.state
        if state.players == table.state.players and state.GAME == table.state.GAME:
            table.error = {}  # a refusal from the learner's tries belongs to the old position
            names = self._names_for(step)
            if list(table.names) != names:
                table.names = names
            table.state = state
            return
        # The table's seats are fixed, so a step with another player count gets a table of its own.
        table.unobserve_state(self._observer)
        self.table = self._new_table(step)
        self.table_box.children = (self.table,)
        table.close()

    def _caption(self) -> str:
        step = self.step
        parts = [markdown_html(step.text)]
        moves = self.book_move()
        if moves:
            items = "".join(f"<li>{html.escape(text)}</li>" for text in moves)
            parts.append('<div class="re-walkthrough-move"><strong>The book\'s move:</strong>'
                         f"<ul>{items}</ul></div>")
        rules = self.rule_lines(step)
        if rules:
            items = "".join(_rule_item(rule_id, text) for rule_id, text in rules)
            parts.append('<div class="re-walkthrough-rules"><strong>The rules here:</strong>'
                         f"<ul>{items}</ul></div>")
        return "".join(parts)

    def _show(self) -> None:
        step = self.step
        n = len(self._steps)
        with self.hold_sync():
            self._place(step)
            title = f"<h3>{html.escape(step.title)}</h3>"
            if self._title:
                name = html.escape(self._title)
                title = f'<div class="re-walkthrough-title"><strong>{name}</strong></div>' + title
            if self._asked:
                title += f'<p class="re-walkthrough-asked" role="alert">{self._asked}</p>'
            self.heading.value = title
            self.counter.value = (f'<span class="re-walkthrough-counter" role="status" aria-live="polite">'
                                  f"Step {self._index + 1} of {n}</span>")
            self.back_button.disabled = self._index == 0
            self.next_button.disabled = self._index == n - 1
            self._table_changed(self.table.state)

    def _table_changed(self, state: GameState) -> None:
        step = self.step
        if state == step.state:
            self.explanation.value = self._caption()
            self.result.value = (f'<div class="re-walkthrough-result"><strong>Result:</strong> '
                                 f"{markdown_html(step.result)}</div>") if step.result else ""
            self.note.value = ""
            self.reset_button.disabled = True
            return
        tried = self.moves_between(step.state, state)
        items = "".join(f"<li>{html.escape(text)}</li>" for text in tried)
        following = self._steps[self._index + 1] if self._index + 1 < len(self._steps) else None
        later = self._step_showing(state)
        if following is not None and following.state == state:
            after = "<p>That is the book's move too: <strong>Next step</strong> explains it.</p>"
        elif later is not None:
            title = html.escape(self._steps[later].title)
            after = f"<p>That is the book's position at step {later + 1} (<em>{title}</em>).</p>"
        else:
            book = self.book_move(self._index + 1) if following is not None else []
            after = f"<p>The book goes on differently: {html.escape('; '.join(book))}.</p>" if book else ""
        self.explanation.value = (
            '<div class="re-walkthrough-tried" role="status" aria-live="polite">'
            "<p><strong>You are trying moves from this step's position</strong>, so the table now shows "
            "your position, not the book's.</p>"
            + (f"<p>Since the step:</p><ul>{items}</ul>" if items else "") + after + "</div>")
        self.result.value = ""
        self.note.value = "<p><em><strong>Reset step</strong> puts the book's position back.</em></p>"
        self.reset_button.disabled = False

    def _step_showing(self, state: GameState) -> int | None:
        """The first step after the one shown whose position is ``state``, if any."""
        return next((i for i in range(self._index + 1, len(self._steps)) if self._steps[i].state == state),
                    None)

    def __repr__(self) -> str:
        state = self.step.state
        title = f" {self._title!r}:" if self._title else ""
        tried = ", learner trying moves" if self.moved_on else ""
        return (f"<Walkthrough{title} step {self._index + 1} of {len(self._steps)} {self.step.title!r}, "
                f"{state.GAME}, {state.players} players, seen from {self.name(self._seat)}{tried}>")
