"""A guided first game: a prepared deal against bots, and steps that teach each rule when it first applies.

A game's script (``explorer/<game>/_tutorial.py``) is data: the deal (players, seed, the learner's seat,
the bots) and its steps. A step says *when* it comes (a trigger), *what* it says in plain words, which
catalogue rules it teaches (their texts are shown beside it), which parts of the table to outline
(``marks``, in the game's own terms: "hand", "stall:mango"; the widget turns them into outlines) and,
for the first moves, which moves the learner may make while it stands (``allowed``; any other is
refused with ``nudge``, a sentence that says what to try).

Triggers read what the engine says, never a rule of their own: whose turn it is, which moves of the
learner's hand the engine would refuse now and under which rule (``state.check`` on the moves a
learner might try), which events and score lines are new. When a round, a market day or the game has
scored, the guide adds "what just scored and why": the new score lines with their rules' texts.

:class:`Guide` follows one game as it is played (by a widget or by :func:`walk`); it is the tutorial's
progress, so it changes as the game goes on, while the game's states stay immutable values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._core.state import GameState
from .._registry import new_game
from ..bots import make_bot
from ..table import Table
from . import games

View = Mapping[str, Any]


@dataclass(frozen=True)
class Moment:
    """What the guide knows after a change: the state, the learner's view, the learner's turn number
    (0 for their first decision; None while others act), the rules that would refuse some move the
    learner might try now, and what is new since the last moment (events, score lines)."""

    state: GameState
    seat: int
    view: View
    turn: int | None
    refused: frozenset[str]
    events: tuple[Mapping[str, Any], ...]
    lines: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Trigger:
    """When a step comes: ``test`` on a moment, and ``words`` saying when (for tests and authors)."""

    words: str
    test: Callable[[Moment], bool]

    def __call__(self, moment: Moment) -> bool:
        return self.test(moment)


def at_start() -> Trigger:
    return Trigger("at the start", lambda m: m.view["move_number"] == 0 or m.turn == 0)


def on_turn(n: int) -> Trigger:
    """The learner's decision number ``n`` (0: the first)."""
    return Trigger(f"on your decision {n + 1}", lambda m: m.turn == n)


def when_refused(rule: str) -> Trigger:
    """The learner's first turn on which the engine would refuse a move of theirs under ``rule``."""
    return Trigger(f"when {rule} first refuses a move of yours", lambda m: rule in m.refused)


def when_may(prefix: str) -> Trigger:
    """The learner's first turn on which a legal move starts with ``prefix``."""
    return Trigger(f"when you may first play {prefix}…",
                   lambda m: m.turn is not None and any(a.startswith(prefix) for a in m.view["legal"]))


def after_event(kind: str) -> Trigger:
    """The first time an event of this kind happens (anyone's)."""
    return Trigger(f"after the first {kind} event", lambda m: any(e.get("kind") == kind for e in m.events))


def when_scored(rule: str) -> Trigger:
    """The first time a score line under ``rule`` is written."""
    return Trigger(f"when {rule} first scores", lambda m: any(line["rule"] == rule for line in m.lines))


def at_end() -> Trigger:
    return Trigger("when the game is over", lambda m: m.state.is_over)


def when(words: str, test: Callable[[Moment], bool]) -> Trigger:
    """A trigger of the script's own, read from the moment's view."""
    return Trigger(words, test)


@dataclass(frozen=True)
class Step:
    """One thing the guided game teaches, at the moment ``when`` first holds; ``allowed``: notations
    or their beginnings ("mango-", "seller:") the learner may play while it stands."""

    text: str
    when: Trigger
    rules: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    nudge: str = ""
    #: A step for what a first game may not meet (its rules are also taught elsewhere, in general).
    optional: bool = False

    def allows(self, action: str) -> bool:
        return not self.allowed or any(action == a or action.startswith(a) for a in self.allowed)


@dataclass(frozen=True)
class Script:
    """A game's guided first game: the deal, the steps and the rules a first game cannot meet (with why).

    ``score_marks`` outline the pieces a scoring rule counts when "what just scored" shows its lines.
    """

    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    seat: int = 0
    bots: str = "heuristic"
    options: Mapping[str, Any] = field(default_factory=dict)
    unmet: Mapping[str, str] = field(default_factory=dict)
    score_marks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    title: str = ""

    def new_game(self) -> GameState:
        return new_game(self.game, players=self.players, seed=self.seed, **dict(self.options))


@dataclass(frozen=True)
class Lesson:
    """What the learner reads at a moment: a title, plain words, the rules taught with their texts
    (``(rule id, text)``; the id is for links and tests), and the table parts to outline."""

    title: str
    text: str
    rules: tuple[tuple[str, str], ...] = ()
    marks: tuple[str, ...] = ()
    scored: bool = False


class Guide:
    """A script followed through one game: which steps have come, what they taught, and the step
    that narrows the learner's moves (if any)."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.rules = script.new_game().RULES
        unknown = sorted({r for step in script.steps for r in step.rules} - set(self.rules))
        if unknown:
            raise ValueError(f"{script.game} tutorial: steps teach rules the catalogue lacks: {unknown}")
        self.lessons: list[Lesson] = []
        self.taught: dict[str, int] = {}  # rule id -> the lesson that taught it
        self.done: set[int] = set()  # indices of steps that have come
        self.narrowing: Step | None = None
        self._narrowed_at = -1
        self._events = 0
        self._sheet: tuple[Mapping[str, Any], ...] = ()  # the score lines last seen
        self._newest = 0  # how many lessons came with the last update that brought any
        self._turns: dict[int, int] = {}  # move count -> the learner's decision number there

    # ---- following the game -----------------------------------------------------------------

    def start(self) -> GameState:
        """The prepared deal, with the steps of its first moment taken."""
        state = self.script.new_game()
        self.update(state)
        return state

    def update(self, state: GameState) -> list[Lesson]:
        """Take in the game as it now stands; returns the lessons that came with it (newest last)."""
        seat = self.script.seat
        view = state.view(seat)
        events, lines = view["events"], view["sheet"]
        if len(events) < self._events or len(lines) < len(self._sheet):  # an undo: count from here
            self._events, self._sheet = len(events), tuple(lines)
        new_events, new_lines = tuple(events[self._events:]), _new_lines(self._sheet, lines)
        self._events, self._sheet = len(events), tuple(lines)
        moves = view["move_number"]
        if self.narrowing is not None and moves != self._narrowed_at:
            self.narrowing = None
        turn = None
        if state.current_player == seat:
            turn = self._turns.setdefault(moves, len(self._turns))
        refused = frozenset(self._refused(state, view)) if turn is not None else frozenset()
        moment = Moment(state, seat, view, turn, refused, new_events, new_lines)
        came: list[Lesson] = []
        for index, step in enumerate(self.script.steps):
            if index in self.done or not step.when(moment):
                continue
            self.done.add(index)
            came.append(self._lesson(step))
            # Narrow only to moves the position has: a learner is never left with nothing to play.
            if step.allowed and turn is not None and any(step.allows(a) for a in view["legal"]):
                self.narrowing, self._narrowed_at = step, moves
        if new_lines:  # after the steps, which say what the rules are: here is what they just did
            came.append(self._scored(view, new_lines))
        for lesson in came:
            self.lessons.append(lesson)
            for rule, _text in lesson.rules:
                self.taught.setdefault(rule, len(self.lessons) - 1)
        if came:
            self._newest = len(came)
        return came

    def refusal(self, state: GameState, action: str) -> str | None:
        """The sentence that refuses a learner's move the standing step does not allow, else None."""
        step = self.narrowing
        if step is None or state.current_player != self.script.seat:
            return None
        if len(state.actions()) != self._narrowed_at:  # the step stood at another position (an undo)
            return None
        return None if step.allows(str(action)) else (step.nudge or "Not yet: follow the guide's step first.")

    @property
    def marks(self) -> tuple[str, ...]:
        """The table parts the newest lessons are about (all that came together, the newest first)."""
        newest = self.lessons[len(self.lessons) - self._newest:] if self.lessons else []
        return tuple(dict.fromkeys(mark for lesson in reversed(newest) for mark in lesson.marks))

    # ---- what the learner reads ----------------------------------------------------------------

    def _rule_texts(self, rules: Sequence[str]) -> tuple[tuple[str, str], ...]:
        return tuple((rule, self.rules[rule].text) for rule in dict.fromkeys(rules))

    def _lesson(self, step: Step) -> Lesson:
        title = "Your move" if step.allowed else "New rule"
        return Lesson(title, step.text, self._rule_texts(step.rules), step.marks)

    def _scored(self, view: View, lines: Sequence[Mapping[str, Any]]) -> Lesson:
        names = view["names"]
        said = [f"- {names[line['seat']]}: {line['label']}, " + (
            f"{line['points']:+d}" if "was" not in line
            else f"now {line['points']:+d} (was {line['was']:+d})") for line in lines]
        totals = ", ".join(f"{name} {score}" for name, score in zip(names, view["scores"], strict=True))
        rules = [line["rule"] for line in lines]
        marks = tuple(dict.fromkeys(m for rule in rules for m in self.script.score_marks.get(rule, ())))
        text = "\n".join(["Each line below is one rule at work:", *said, f"Scores now: {totals}."])
        return Lesson("What just scored and why", text, self._rule_texts(rules), marks, scored=True)

    def _refused(self, state: GameState, view: View) -> set[str]:
        out = set()
        for notation in games.candidates(view):
            refusal = state.check(notation)
            if refusal is not None:
                out.add(refusal.rule)
        return out


def _new_lines(before: Sequence[Mapping[str, Any]],
               now: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The score lines that are new: a sheet that only grows (a line per round and rule) gives its tail;
    one the engine writes afresh as it stands (Bangkok's markets score as they are built, a chilli
    card's line changing as cards come beside it) gives the lines that were not there before, each
    with ``was``: the points of the line it replaces (the same seat, rule and card), if any."""
    if list(now[:len(before)]) == list(before):
        return tuple(now[len(before):])
    left = Counter(_line_key(line) for line in now)
    gone = []  # lines of the old sheet the new one no longer holds as they were
    for line in before:
        key = _line_key(line)
        if left[key]:
            left[key] -= 1
        else:
            gone.append(line)
    kept = Counter(_line_key(line) for line in before)
    out: list[Mapping[str, Any]] = []
    for line in now:
        key = _line_key(line)
        if kept[key]:
            kept[key] -= 1
            continue
        same = next((old for old in gone if _what(old) == _what(line)), None)
        if same is not None:
            gone.remove(same)
            line = {**line, "was": same["points"]}
        out.append(line)
    return tuple(out)


def _what(line: Mapping[str, Any]) -> tuple[Any, ...]:
    """What a line scores (seat, rule and the label's head: "Type-2 chilli ... at middle left")."""
    return line["seat"], line["rule"], str(line["label"]).partition(":")[0]


def _line_key(line: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((key, repr(value)) for key, value in line.items()))


def walk(script: Script, *, learner: str = "heuristic", limit: int = 5000) -> tuple[GameState, Guide]:
    """Play the guided game to its end as a learner would: the learner's moves from a bot of kind
    ``learner`` (seeded like the table's bots), kept to the moves a narrowing step allows."""
    guide = Guide(script)
    state = guide.start()
    table = Table(state, script.bots, people=[script.seat])
    me = make_bot(script.game, learner, seed=script.seed * 1000 + script.seat)
    for _ in range(limit):
        if state.is_over:
            break
        if state.current_player == script.seat:
            step = guide.narrowing
            legal = [str(a) for a in state.legal_actions()]
            allowed = [a for a in legal if step is None or step.allows(a)]
            choice = me.choose(state.view(script.seat)) if step is None else allowed[0]
            if guide.refusal(state, choice) is not None:
                raise AssertionError(f"{script.game} tutorial: its own walk was refused {choice}")
            state = table.play(choice)
        else:
            state = table.step()
        guide.update(state)
    return state, guide
