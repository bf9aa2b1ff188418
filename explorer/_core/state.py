"""The one state API every game implements (OpenSpiel-style), as immutable values (python-chess-style).

A game subclasses :class:`GameState` (its rules in a kernel: :class:`explorer._core.shell.KernelShell`),
is declared by a :class:`explorer._core.spec.GameSpec` (which stamps its name, catalogue, options,
player range and presenter on the class), and fills in the private hooks (``_setup``, ``_legal``,
``_apply``, ``_explain``, ``_view``, ``_snapshot``, ``_label``, ``_board_text``). It keeps the seat to
act in ``to_act`` and its public history in ``_events`` (an ``EventLog``, unless the game tells its
own: ``_event_entries``). The base class supplies everything the public contract promises: notation
parsing, refusal with a rule id, copy-on-play, records, score sheets and the common keys of every view.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

from .. import _compiled
from .._errors import IllegalAction
from . import shuffle as _shuffle
from .action import Action
from .events import EMPTY_LOG, EventLog
from .options import Option, resolve_options
from .playout import Playout
from .rules import RuleCatalogue
from .words import does, joined, render, seat_names, who

#: Seeds beyond 64 bits add nothing to a deal and make error messages and records unwieldy.
MAX_SEED = 2**64


class ScoreLine(NamedTuple):
    """One itemised line of a score sheet: who, what for, how many points, under which rule."""

    seat: int
    label: str
    points: int
    rule: str
    round: int = 0  # 1-based round the line belongs to; 0 for lines outside rounds (final scoring)


class ScoreSheet(list[ScoreLine]):
    """``state.score_sheet()``: a plain list of :class:`ScoreLine` that a notebook shows as an itemised
    table (lines by round, each rule's text, every player's total). The HTML is drawn only when shown."""

    def __init__(self, lines: Sequence[ScoreLine], names: Sequence[str], rules: RuleCatalogue) -> None:
        super().__init__(lines)
        self.names = list(names)
        self.rules = rules

    def _repr_html_(self) -> str:
        from .._draw.tables import sheet_html

        return sheet_html(self, self.names, self.rules, lambda text: render(text, self.names))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the final scores and the seats that share the win."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1


class _Random(random.Random):
    """``random.Random`` with the same ``shuffle`` written without a method call per card: games shuffle
    at every deal (a Bangkok set-up shuffles some 70 cards, about half of a new game's time).
    Identical results: the loop is the standard library's (``_randbelow_with_getrandbits`` inlined),
    and ``_check_shuffle`` compares them at import, falling back to the library's if they differ.
    Where the engine's core is compiled, ``explorer._core.shuffle`` runs the same loop in C."""

    if _compiled.is_compiled(_shuffle):
        def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
            _shuffle.shuffle(self, x)
    else:
        def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
            getrandbits = self.getrandbits
            for i in reversed(range(1, len(x))):
                n = i + 1
                k = n.bit_length()
                j = getrandbits(k)
                while j >= n:
                    j = getrandbits(k)
                x[i], x[j] = x[j], x[i]


def seeded(*parts: object) -> random.Random:
    """The generator of a game's seeded draw: ``parts`` are the game, its seed and the draw's salt
    (``GameState.rng``; a kernel that deals a new round keeps the first two)."""
    return _Random(":".join(map(str, parts)))


def _check_shuffle() -> None:
    for seed in ("a", "b:1", 7):
        for size in (0, 1, 2, 5, 9, 40, 70):
            ours, theirs = list(range(size)), list(range(size))
            _Random(seed).shuffle(ours)
            random.Random(seed).shuffle(theirs)
            if ours != theirs:
                _Random.shuffle = random.Random.shuffle  # type: ignore[method-assign]
                return


_check_shuffle()

# Each game's resolved default rules (new() copies them: a caller may not change another's rules).
_DEFAULT_RULES: dict[tuple[type, tuple[str, ...]], dict[str, Any]] = {}

# A linked list of played notations, so that play() never copies the whole history.
_History = tuple[str, "_History"] | None


class GameState(ABC):
    GAME: ClassVar[str]
    RULES: ClassVar[RuleCatalogue]
    OPTIONS: ClassVar[Mapping[str, Option]] = {}
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    #: The seat-private parts of the ``start`` option (a scenario position, a dict): ``"seat"`` for a
    #: list with one entry per seat that only that seat may see (hands), ``"all"`` for a part nobody
    #: may see (the order of a face-down pile). ``view(seat)`` redacts them from the rules it shows.
    START_PRIVATE: ClassVar[Mapping[str, str]] = {}
    #: What learners call each seat by default (colours, or names): never a 0-based number. The
    #: spec sets it; ``view(seat)`` calls the viewer "You" (see ``explorer._core.words``).
    SEAT_NAMES: ClassVar[tuple[str, ...]] = ()
    #: Said after a shared win in the game-over event (Tindahan's rulebook jokes about ties).
    TIE_NOTE: ClassVar[str] = ""
    #: The built-in editions' names, the default first (games whose components no rulebook lists).
    EDITIONS: ClassVar[tuple[str, ...]] = ()

    players: int
    seed: int
    edition: Any
    rules: Mapping[str, Any]
    #: The seat to act, ``None`` once the game is over: every game keeps it under this one name.
    to_act: int | None
    _events: EventLog
    # Rendered event and sheet dicts per (names, id of the engine's dict), shared by every state
    # of one game (the engine's dicts are shared too): a bot reading a view per move pays once.
    _named: dict[tuple[tuple[str, ...], int], tuple[dict[str, Any], dict[str, Any]]]
    _sheet_cache: tuple[Sequence[ScoreLine], list[dict[str, Any]]]
    _history: _History
    _n_actions: int
    _legal_cache: list[Hashable] | None
    #: A table rebuilt from a seat's view (``explorer._search.fromview``): the view's events, which stand for
    #: the history it does not have (the search reads the round's plays there). None otherwise.
    _public_events: list[dict[str, Any]] | None = None

    # ---- construction -------------------------------------------------------------------------

    def _seen_as(self, view: Mapping[str, Any]) -> None:
        """This state, rebuilt from ``view``, takes the view's count of moves, seat to act and events."""
        self._n_actions = view["move_number"]
        self._legal_cache = None
        self.to_act = view["current_player"]
        self._public_events = view["events"]

    @classmethod
    def new(cls, players: int, seed: int | None = None, *, edition: Any = None, **rules: Any) -> Self:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"{cls.GAME}: players must be an int, not {type(players).__name__}")
        if not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS:
            raise ValueError(f"{cls.GAME} is for {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players, not {players}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"{cls.GAME}: seed must be an int, not {type(seed).__name__}")
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise ValueError(f"{cls.GAME}: seed must be an int between -2**64 and 2**64, not one of "
                             f"{seed.bit_length()} bits")
        state = object.__new__(cls)
        state.players = players
        state.seed = seed
        if rules:
            state.rules = resolve_options(cls.GAME, cls.OPTIONS, rules)
        else:  # the defaults, checked once per game (a runtime protocol check is slow on 3.11)
            key = (cls, tuple(cls.OPTIONS))  # an option added at run time (a variant tried out) counts
            defaults = _DEFAULT_RULES.get(key)
            if defaults is None:
                defaults = _DEFAULT_RULES[key] = resolve_options(cls.GAME, cls.OPTIONS, {})
            state.rules = dict(defaults)
        state.edition = cls._resolve_edition(edition)
        state._history = None
        state._events = EMPTY_LOG
        state._named = {}
        state.to_act = None
        state._n_actions = 0
        state._legal_cache = None
        state._setup()
        return state

    def rng(self, *salt: object) -> random.Random:
        """A generator fixed by the seed and ``salt`` (e.g. the round number): replays deal alike."""
        return seeded(self.GAME, self.seed, *salt)

    # ---- the public contract ------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""
        return self.to_act

    @property
    def is_over(self) -> bool:
        return self.to_act is None  # as current_player is None: one property call, not two

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A game that says who acts in its own way keeps is_over true to it (the shortcut above
        # reads to_act, the base class's answer).
        if "current_player" in cls.__dict__ and "is_over" not in cls.__dict__:
            cls.is_over = property(lambda self: self.current_player is None)  # type: ignore[method-assign,assignment]

    def legal_actions(self) -> list[Hashable]:
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = [] if self.is_over else self._legal()
        return legal.copy()

    def play(self, action: Hashable) -> Self:
        """Return the state after ``action`` (a value or its notation); this state is unchanged."""
        legal = self._legal_cache
        # A value this state listed (the usual case: a bot, a playout, a click's value) is the one at
        # its own index in the listing: legal as it stands, found without comparing any notation.
        if action.__class__ is Action and legal is not None:
            index = action.index
            chosen = action if index < len(legal) and legal[index] is action else self._match(action)
        else:
            chosen = self._match(action)
        new = object.__new__(self.__class__)
        new.__dict__ = self.__dict__.copy()  # one copy: half the cost of updating an empty dict
        new._legal_cache = None
        new._apply(chosen)
        new._history = (str(chosen), self._history)
        new._n_actions = self._n_actions + 1
        return new

    def playout(self) -> Playout:
        """A mutable copy of this position for fast simulation (bots, hints): see ``_core.playout``."""
        return Playout(self)

    def check(self, action: Hashable) -> IllegalAction | None:
        """``None`` if ``action`` is legal here, else the ``IllegalAction`` that ``play`` would raise."""
        try:
            self._match(action)
        except IllegalAction as exc:
            return exc
        return None

    def scores(self) -> list[int]:
        totals = [0] * self.players
        for line in self._score_lines():
            totals[line.seat] += line.points
        return totals

    def score_sheet(self) -> ScoreSheet:
        """Every score line so far (a list of ``ScoreLine``), shown in a notebook as an itemised table."""
        return ScoreSheet(self._score_lines(), self.seat_names(), self.RULES)

    def rounds_scored(self) -> int:
        """How many rounds (Klongs: market days) have been scored so far: a table pauses when it grows."""
        finished = max((line.round for line in self._score_lines()), default=0)
        # A game scored only at its end (its lines carry no round) has one round, once over.
        return 1 if finished == 0 and self.is_over else finished

    def outcome(self) -> Outcome | None:
        """The result once the game is over (``None`` before): scores and the seats sharing the win."""
        if not self.is_over:
            return None
        scores = tuple(self.scores())
        return Outcome(scores, self._winners(scores))

    def actions(self) -> list[str]:
        """The notations played so far, oldest first."""
        out: list[str] = []
        node = self._history
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def to_record(self) -> dict[str, Any]:
        return {
            "game": self.GAME,
            "players": self.players,
            "seed": self.seed,
            "rules": dict(self.rules),
            "edition": self._edition_record(),
            "actions": self.actions(),
        }

    def seat_names(self, reader: int | None = None) -> list[str]:
        """What learners call each seat (colours or names), with ``reader``'s seat called "You"."""
        return seat_names(self.SEAT_NAMES, self.players, reader)

    def view(self, seat: int, names: Sequence[str] | None = None) -> dict[str, Any]:
        """What ``seat`` may see, as a JSON-serialisable dict; also the widgets' view model.

        Its texts name seats as ``names`` (one per seat; default ``seat_names(seat)``: the viewer is
        "You"); ``view["names"]`` lists them.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"{self.GAME}: seat must be an int from 0 to {self.players - 1}, not {seat!r}")
        named = self.seat_names(seat) if names is None else self._check_names(names)
        current = self.current_player
        outcome = self.outcome()
        base: dict[str, Any] = {
            "game": self.GAME,
            "players": self.players,
            "seat": seat,
            "current_player": current,
            "is_over": current is None,
            "scores": self.scores(),
            "winners": list(outcome.winners) if outcome else [],
            "legal": [str(a) for a in self.legal_actions()] if current == seat else [],
            "move_number": self._n_actions,
            "rounds_scored": self.rounds_scored(),
            "rules": self._rules_seen_by(seat),
            "sheet": self._with_names(self._sheet_dicts(), named, "label"),
            "events": self._with_names(self._event_entries(seat), named, "text"),
            "names": named,
        }
        if outcome is not None and self._public_events is None:  # a rebuilt view's events have it
            base["events"] = [*base["events"], self._over_event(outcome, named)]
        base["labels"] = {notation: render(self._label(notation), named) for notation in base["legal"]}
        base.update(self._view(seat))
        return base

    def _over_event(self, outcome: Outcome, names: Sequence[str]) -> dict[str, Any]:
        """The public history's last entry in every game: who won, with how many points."""
        winners, best = list(outcome.winners), outcome.scores[outcome.winners[0]]
        if len(winners) == 1:
            text = f"Game over: {does(winners[0], 'wins', 'win')} with {best} points"
        else:
            text = (f"Game over: {joined([who(seat) for seat in winners])} tie on {best} points and share "
                    f"the win{self.TIE_NOTE}")
        return {"kind": "over", "winners": winners, "points": best, "seat": None, "action": None,
                "text": render(text, names)}

    def _check_names(self, names: Sequence[str]) -> list[str]:
        named = list(names) if not isinstance(names, str) else []
        if len(named) != self.players or not all(isinstance(n, str) and n.strip() for n in named):
            raise ValueError(f"{self.GAME}: names must be {self.players} non-empty strings, one per seat, "
                             f"not {names!r}"[:300])
        return named

    def _with_names(self, entries: list[dict[str, Any]], names: list[str],
                    field: str) -> list[dict[str, Any]]:
        """``entries`` (the engine's shared dicts) with the seat markers in ``field`` filled in."""
        key = tuple(names)
        memo = self.__dict__.get("_named")
        if memo is None:  # a state built without new(): keep a memo of its own
            memo = self._named = {}
        out = []
        for entry in entries:
            text = entry.get(field)
            if not isinstance(text, str) or "‹" not in text:
                out.append(entry)
                continue
            hit = memo.get((key, id(entry)))
            if hit is None:
                hit = memo[(key, id(entry))] = (entry, {**entry, field: render(text, key)})
            out.append(hit[1])
        return out

    def _sheet_dicts(self) -> list[dict[str, Any]]:
        """The score lines as dicts for views. Games keep their lines in a tuple that later states
        share until a line is added, so the dicts written for that tuple are reused (bots read a
        view on every move)."""
        lines = self._score_lines()
        cached: tuple[Sequence[ScoreLine], list[dict[str, Any]]] | None = getattr(self, "_sheet_cache", None)
        if cached is None or cached[0] is not lines:
            cached = (lines, [{"seat": line.seat, "label": line.label, "points": line.points,
                               "rule": line.rule, "round": line.round} for line in lines])
            if isinstance(lines, tuple):
                self._sheet_cache = cached
        return list(cached[1])

    def _rules_seen_by(self, seat: int) -> dict[str, Any]:
        rules = dict(self.rules)
        start = rules.get("start")
        if isinstance(start, Mapping) and self.START_PRIVATE:
            shown = dict(start)
            for part, who in self.START_PRIVATE.items():
                if shown.get(part) is None:
                    continue
                if who == "seat":
                    shown[part] = [entry if s == seat else None for s, entry in enumerate(shown[part])]
                else:
                    shown[part] = None
            rules["start"] = shown
        return rules

    def board_text(self, seat: int | None = None, names: Sequence[str] | None = None) -> str:
        """The table as plain text, seen by ``seat`` (default: the seat to act, else seat 0)."""
        if seat is None:
            seat = self.current_player if self.current_player is not None else 0
        named = self.seat_names(seat) if names is None else self._check_names(names)
        return render(self._board_text(seat), named)

    def __str__(self) -> str:
        return self.board_text()

    # ---- pictures (drawn only when shown: never on play() or view()) ----------------------------

    def picture(self, seat: int | None = None, *, teaching: bool = False) -> Any:
        """The table drawn as static HTML (``.html``), seen by ``seat`` (default: the seat to act);
        ``teaching=True`` shows every hand face up. Notebooks show it; no widget or kernel needed."""
        from .._draw import Picture

        return Picture(self._picture_html(seat, teaching), repr(self))

    def _repr_html_(self) -> str:
        return self._picture_html(None, False)

    def _picture_html(self, seat: int | None, teaching: bool) -> str:
        # Drawn from views alone: with ``teaching`` each hand is read from its own seat's view, so
        # nothing is drawn that no view shows.
        from .._draw import picture_html

        if seat is None:
            seat = self.current_player if self.current_player is not None else 0
        view = self.view(seat)
        hands = [view.get("hand") if s == seat else self.view(s).get("hand") if teaching else None
                 for s in range(self.players)]
        return picture_html(self.GAME, view, hands, teaching=teaching)

    def snapshot(self) -> dict[str, Any]:
        """The complete state (hidden information included) as plain data: equal states, equal snapshots."""
        return {"game": self.GAME, "players": self.players, "seed": self.seed, "rules": dict(self.rules),
                **self._snapshot()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return type(self) is type(other) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # equal by value, but not meant as dict keys

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{self.GAME} {self.players} players, seed {self.seed}, {self._n_actions} actions, {status}>"

    # ---- helpers for subclasses ---------------------------------------------------------------

    def _event_entries(self, seat: int) -> list[dict[str, Any]]:
        """The public history as ``view(seat)`` shows it, oldest first."""
        return self._events.dicts()

    def _label(self, notation: str) -> str:
        """A legal action in plain words for the learner (``view["labels"]``)."""
        return notation

    def _board_text(self, seat: int) -> str:
        """The table as text for ``seat``; games draw their own board."""
        return repr(self)

    def _match(self, action: Hashable) -> Hashable:
        """The listed value that ``action`` (a value or a notation) stands for, else the refusal."""
        legal = self._legal_cache if self._legal_cache is not None else self.legal_actions()
        if isinstance(action, (str, Action)):
            for candidate in legal:  # values compare by notation: written only as far as this reads
                if candidate == action:
                    return candidate
        elif action in legal:
            return legal[legal.index(action)]
        if self.is_over:
            raise IllegalAction(f"{self.GAME}.game-over", "the game is over: no more moves can be played",
                                str(action))
        refusal = self._explain(action)
        if "‹" in refusal.reason:  # a refusal speaks to the player to act: "you"
            marked = refusal.reason
            refusal = IllegalAction(refusal.rule, render(marked, self.seat_names(self.current_player)),
                                    refusal.action)
            refusal.marked = marked  # a table with names of its own words it again (worded)
        raise refusal

    def _winners(self, scores: Sequence[int]) -> tuple[int, ...]:
        best = max(scores)
        return tuple(seat for seat, points in enumerate(scores) if points == best)

    @classmethod
    def _resolve_edition(cls, edition: Any) -> Any:
        """The components in force from ``new_game(..., edition=...)`` or a record's ``edition`` field.

        Games whose components the rulebooks do not list (Bangkok, Klongs) override this to accept
        their default edition's name, an edition dict or a path to an edition file, validated with
        ``EditionError``. Games without editions accept only ``None`` or ``"standard"``.
        """
        if edition not in (None, "standard"):
            raise ValueError(f"{cls.GAME} has no editions; edition must be 'standard', not {edition!r}")
        return "standard"

    def _edition_record(self) -> str | dict[str, Any]:
        """How ``to_record()`` names the edition: its name if built in, else its whole data."""
        return "standard"

    # ---- hooks the conformance test relies on --------------------------------------------------

    def inventory(self) -> dict[str, int]:
        """Every physical component in the game, wherever it lies, counted by name.

        The conformance test checks this never changes from move to move (cards and pieces conserved).
        """
        return {}

    def secrets(self, seat: int) -> list[str]:
        """Strings that must not appear anywhere in ``view(seat)`` (others' hidden cards, for example)."""
        return []

    def _bound(self) -> tuple[int, bool, str]:
        """The most actions any play-out of this game (players, options, edition) takes, whether its
        rules prove it, and why in a sentence (``explorer._core.bounds``): here a generic stop."""
        return 100_000, False, "no bound is declared for this game: the generic stop"

    def _endless(self) -> str | None:
        """Why the game can never end from here (a rule's id and words), or ``None``."""
        return None

    def _deal_unseen(self, seat: int, rng: random.Random) -> None:
        """Deal everything ``seat`` cannot see anew with ``rng``, on a copy made to be changed (a
        sample for the hint's and the strong bot's search: ``explorer._search.determinize``)."""
        raise NotImplementedError(f"{self.GAME} cannot deal what a seat has not seen: no search for it")

    # ---- hooks each game fills in -------------------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Fill in the starting position from ``players``, ``seed`` and ``rules``."""

    @abstractmethod
    def _legal(self) -> list[Hashable]:
        """The legal actions of the player to act (the game is not over)."""

    @abstractmethod
    def _apply(self, action: Hashable) -> None:
        """Mutate this fresh copy by a legal action. Replace containers, never mutate shared ones."""

    @abstractmethod
    def _explain(self, action: Hashable) -> IllegalAction:
        """Why ``action`` (not legal here, game not over) is refused, naming the rule."""

    @abstractmethod
    def _score_lines(self) -> Sequence[ScoreLine]:
        """Every score line so far; their sums per seat are ``scores()``."""

    @abstractmethod
    def _view(self, seat: int) -> dict[str, Any]:
        """Game-specific parts of ``view(seat)``: everything ``seat`` may see and nothing else."""

    @abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """Every field of the position, hidden ones included, as plain comparable data."""
