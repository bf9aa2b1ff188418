"""A game-agnostic base for the table widgets: one engine state, the learner's seats, bots, intents.

The browser only draws ``view`` (the engine's view model for the learner's seat plus a few extras)
and sends intents such as ``{"type": "play", "action": "banana-10"}``. Every intent is checked here
before the engine sees it, and the engine alone decides legality: a refusal (or a forged message)
becomes the ``error`` trait, shown in the widget, and nothing else changes.

Bots move on the kernel's asyncio loop with ``bot_delay`` seconds between moves, so the page stays
live in JupyterLab and Voila; with ``bot_delay=0`` (or outside a running loop, as in plain scripts
and tests) they move at once.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import anywidget
import traitlets

import explorer
from explorer import GameState, IllegalAction
from explorer.bots import Bot, make_bot

from ._assets import STATIC, style_sheet

log = logging.getLogger(__name__)

StateObserver = Callable[[GameState], object]

# Rule ids of refusals decided by the widget itself (before the engine is asked).
BAD_MESSAGE = "widget.bad-message"
BUSY = "widget.busy"
NOT_YOUR_TURN = "widget.not-your-turn"
STALE = "widget.stale"
BOT_FAILED = "widget.bot-failed"
OBSERVER_FAILED = "widget.observer-failed"
INTERNAL = "widget.internal"

# Which keys each intent may carry (besides "type"), and which of them are required.
INTENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "play": (frozenset({"action", "move"}), frozenset({"action"})),
    "restart": (frozenset(), frozenset()),
    "new-game": (frozenset(), frozenset()),
    "dismiss": (frozenset(), frozenset()),
}
# Traits the browser must never set: they are the kernel's account of the game.
READ_ONLY = frozenset({"view", "error", "busy", "_esm", "_css"})
MAX_ACTION_CHARS = 80
MAX_NAME_CHARS = 40
MAX_BOT_DELAY = 10.0
# A game in which bots alone move this many times in a row without ending is a bug, not a game.
MAX_BOT_MOVES = 100_000


def _clip(text: object, limit: int = MAX_ACTION_CHARS) -> str:
    """``repr`` of browser input, shortened: echoing it in an error must stay harmless and small."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


class IntentError(Exception):
    """An intent the widget refuses before asking the engine; carries a widget rule id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class GameWidget(anywidget.AnyWidget):
    """One game at one table: the engine ``state``, who the learner is, and who the bots are.

    ``seat`` is the learner's seat, several seats (hot seat), or ``None`` (walkthrough: the learner
    acts for whichever seat is to act and sees the table from that seat; no bots). Every other seat
    needs a bot: ``bots`` is a kind for all of them (``"heuristic"`` or ``"random"``), or a mapping
    ``seat -> kind or Bot``. Bots only ever see ``state.view(seat)``.
    """

    #: The games this widget can draw; ``None`` accepts any game.
    GAMES: ClassVar[tuple[str, ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A widget that names its own style sheet file (``_css = STATIC / "x.css"``) gets the shared
        # shell (common.css) in front, as es_module() does for the JS.
        css = cls.__dict__.get("_css")
        if isinstance(css, Path) and css.parent == STATIC and css.suffix == ".css":
            cls._css = style_sheet(css.stem)
        super().__init_subclass__(**kwargs)

    view = traitlets.Dict(help="the learner's view model plus widget extras").tag(sync=True)
    error = traitlets.Dict(help="{'message': ..., 'rule': ...} of the last refusal, or {}").tag(sync=True)
    busy = traitlets.Bool(False, help="True while bots are moving").tag(sync=True)
    teaching = traitlets.Bool(False, help="show every hand face up")
    names = traitlets.List(traitlets.Unicode(), help="a display name per seat")
    bot_delay = traitlets.Float(0.6, help="seconds between bot moves; 0 moves them at once")

    def __init__(
        self,
        state: GameState,
        seat: int | Iterable[int] | None = 0,
        *,
        bots: str | Mapping[int, str | Bot] | None = "heuristic",
        bot_delay: float = 0.6,
        teaching: bool = False,
        names: Iterable[str] | None = None,
        control: str = "seat",
    ) -> None:
        self._ready = False
        self._timer: asyncio.TimerHandle | None = None
        self._epoch = 0  # bumped whenever the state is replaced, so stale bot timers do nothing
        self._observers: list[StateObserver] = []
        # Everything that can be refused is checked before the widget (and its comm) exists.
        self._state = self._check_state(state)
        self._initial = state
        if control not in ("seat", "all"):
            raise ValueError(f"control must be 'seat' or 'all', not {control!r}")
        self._seats = self._check_seats(None if control == "all" else seat, state.players)
        self._bot_spec = bots
        self._bots = self._make_bots(state, bots)
        self._view_seat = self._seats[0] if self._seats else 0
        super().__init__()
        try:
            self.bot_delay = bot_delay
            self.teaching = teaching
            self.names = self._default_names(state.players) if names is None else list(names)
        except Exception:
            self.close()
            raise
        self.on_msg(self._on_custom_msg)
        self._ready = True
        self._changed(notify=False)

    @classmethod
    def new_game(
        cls,
        game: str,
        players: int = 4,
        seat: int | Iterable[int] | None = 0,
        seed: int | None = None,
        *,
        bots: str | Mapping[int, str | Bot] | None = "heuristic",
        bot_delay: float = 0.6,
        teaching: bool = False,
        names: Iterable[str] | None = None,
        control: str = "seat",
        edition: Any = None,
        **rules: Any,
    ) -> Self:
        """A widget on a fresh game: ``rules`` are the game's options (unknown names raise TypeError)."""
        state = explorer.new_game(game, players=players, seed=seed, edition=edition, **rules)
        return cls(state, seat, bots=bots, bot_delay=bot_delay, teaching=teaching, names=names,
                   control=control)

    # ---- the hosting notebook's API -----------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        state = self._check_state(state)
        if state.players != self._state.players:
            raise ValueError(f"this table seats {self._state.players} players, not {state.players}")
        if state.GAME != self._state.GAME:
            self._bots = self._make_bots(state, self._bot_spec)
        if not self._continues(self._initial, state):
            self._initial = state  # a different game: Restart now returns here
        self._replace(state)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats the learner plays (all of them in walkthrough mode)."""
        return self._seats

    @property
    def bots(self) -> dict[int, Bot]:
        return dict(self._bots)

    def observe_state(self, callback: StateObserver) -> None:
        """Call ``callback(state)`` after every action (bots' too) and whenever the state is replaced.

        On a running event loop (a live kernel) the call comes right after the current message has
        been answered; elsewhere (scripts, tests) at once.
        """
        if not callable(callback):
            raise TypeError(f"observe_state needs a callable, not {type(callback).__name__}")
        self._observers.append(callback)

    def unobserve_state(self, callback: StateObserver) -> None:
        self._observers.remove(callback)

    def play(self, action: str) -> None:
        """Act for the learner from Python; refusals raise (``IllegalAction`` from the engine)."""
        if self._timer is not None:
            raise RuntimeError("the bots are still moving; wait for the learner's turn")
        current = self._state.current_player
        if current is not None and current not in self._seats:
            raise RuntimeError(f"it is {self._name(current)}'s turn, not the learner's")
        self.error = {}
        self._replace(self._state.play(action))

    def restart(self, seed: int | None = None) -> None:
        """Back to the starting position; with ``seed``, a fresh game with the same players and rules."""
        if seed is None:
            self._replace(self._initial)
            return
        old = self._initial
        fresh = type(old).new(old.players, seed, edition=old.to_record()["edition"],
                              **self._rules_for_new_game(dict(old.rules)))
        self._initial = fresh
        self._replace(fresh)

    def close(self) -> None:
        if hasattr(self, "_epoch"):  # also called from __del__ of a half-built widget
            self._cancel_bots()
        super().close()

    def __repr__(self) -> str:
        state = self._state
        if self._seats == tuple(range(state.players)):
            who = "every seat"
        else:
            who = "seat " + ", ".join(map(str, self._seats)) if self._seats else "no seat"
        status = "over" if state.is_over else f"seat {state.current_player} to act"
        return (f"<{type(self).__name__} {state.GAME}, {state.players} players, seed {state.seed}, "
                f"learner {who}, move {self.view.get('move_number', 0)}, {status}>")

    # ---- intents from the browser -------------------------------------------------------------

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle_intent(content)

    def handle_intent(self, content: object) -> bool:
        """Apply one message from the browser; True if it was carried out. Never raises."""
        with self.hold_sync():  # one update message to the browser per intent
            try:
                self._handle_intent(content)
            except IntentError as exc:
                self.error = {"message": exc.message, "rule": exc.rule}
                return False
            except IllegalAction as exc:
                self.error = {"message": exc.reason, "rule": exc.rule}
                return False
            except Exception as exc:  # a bug must not take the kernel's widget down with it
                log.exception("widget intent %s failed", _clip(content))
                self.error = {"message": f"Something went wrong: {type(exc).__name__}: {exc}",
                              "rule": INTERNAL}
                return False
            return True

    def _handle_intent(self, content: object) -> None:
        if not isinstance(content, dict):
            raise IntentError(BAD_MESSAGE, f"A message must be an object, not {type(content).__name__}.")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in INTENTS:
            raise IntentError(BAD_MESSAGE, f"Unknown message type {_clip(kind)}; expected one of "
                              + ", ".join(sorted(INTENTS)) + ".")
        allowed, required = INTENTS[kind]
        extra = sorted(str(k) for k in content if k != "type" and k not in allowed)
        if extra:
            raise IntentError(BAD_MESSAGE, f"A {kind!r} message may not carry {_clip(', '.join(extra))}.")
        missing = sorted(required - set(content))
        if missing:
            raise IntentError(BAD_MESSAGE, f"A {kind!r} message needs {', '.join(missing)}.")
        if kind == "dismiss":
            self.error = {}
        elif kind == "restart":
            self.restart()
        elif kind == "new-game":
            self.restart(seed=self._initial.seed + 1)
        else:
            self._play_intent(content["action"], content.get("move"))

    def _play_intent(self, action: object, move: object) -> None:
        if not isinstance(action, str):
            raise IntentError(BAD_MESSAGE,
                              f"An action must be a notation string, not {type(action).__name__}.")
        if not action or len(action) > MAX_ACTION_CHARS:
            raise IntentError(BAD_MESSAGE, f"{_clip(action)} is not an action notation.")
        if move is not None and (isinstance(move, bool) or not isinstance(move, int)):
            raise IntentError(BAD_MESSAGE, f"'move' must be an integer, not {type(move).__name__}.")
        if self._timer is not None or self.busy:
            raise IntentError(BUSY, f"{action} not played: wait until the bots have moved.")
        state = self._state
        if move is not None and move != len(state.actions()):
            raise IntentError(STALE, f"{action} not played: the table changed since that click; try again.")
        current = state.current_player
        if current is not None and current not in self._seats:
            raise IntentError(NOT_YOUR_TURN, f"{action} not played: it is {self._name(current)}'s turn.")
        new = state.play(action)  # the engine decides; IllegalAction carries its reason and rule
        self.error = {}
        self._replace(new)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait updates from the browser: the game's own traits are the kernel's alone."""
        forged = sorted(READ_ONLY & set(sync_data))
        if forged:
            clean = {k: v for k, v in sync_data.items() if k not in READ_ONLY}
            if clean:
                super().set_state(clean)
            self.error = {"message": f"The browser may not change {', '.join(forged)}.", "rule": BAD_MESSAGE}
            self.send_state(forged)  # put the browser's copy back
            return
        super().set_state(sync_data)

    # ---- trait validation ---------------------------------------------------------------------

    @traitlets.validate("error")
    def _valid_error(self, proposal: Any) -> dict[str, str]:
        value = proposal["value"]
        if value == {}:
            return {}
        if set(value) != {"message", "rule"} or not all(isinstance(v, str) for v in value.values()):
            raise traitlets.TraitError("error must be {} or {'message': str, 'rule': str}")
        return dict(value)

    @traitlets.validate("bot_delay")
    def _valid_delay(self, proposal: Any) -> float:
        value = float(proposal["value"])
        if not math.isfinite(value) or not 0 <= value <= MAX_BOT_DELAY:
            raise traitlets.TraitError(f"bot_delay must be from 0 to {MAX_BOT_DELAY} seconds, not {value}")
        return value

    @traitlets.validate("names")
    def _valid_names(self, proposal: Any) -> list[str]:
        names = list(proposal["value"])
        players = self._state.players
        if len(names) != players:
            raise traitlets.TraitError(f"names needs one name per seat ({players}), not {len(names)}")
        for name in names:
            if not name.strip() or len(name) > MAX_NAME_CHARS:
                raise traitlets.TraitError(f"each name must be 1-{MAX_NAME_CHARS} characters, not {name!r}")
        return names

    @traitlets.observe("teaching", "names")
    def _redraw(self, _change: Any) -> None:
        if self._ready:
            self._render()

    # ---- what subclasses may refine -----------------------------------------------------------

    def _extras(self, seat: int) -> dict[str, Any]:
        """Widget-side additions to ``state.view(seat)``: nothing here may reveal hidden cards
        unless the learner asked for teaching mode."""
        state = self._state
        return {
            "names": list(self.names),
            "teaching": self.teaching,
            "learners": list(self._seats),
            "control": "all" if self._seats == tuple(range(state.players)) else "seat",
            "bots": [self._bots[s].name if s in self._bots else None for s in range(state.players)],
            "round_scores": self._round_scores(),
        }

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        """The options a fresh game (``restart(seed=...)``) keeps from the current one."""
        return rules

    def _default_names(self, players: int) -> list[str]:
        if len(self._seats) == 1:
            return ["You" if s == self._seats[0] else f"Seat {s}" for s in range(players)]
        return [f"Seat {s}" for s in range(players)]

    # ---- internals ----------------------------------------------------------------------------

    def _check_state(self, state: object) -> GameState:
        if not isinstance(state, GameState):
            raise TypeError(f"state must be an explorer GameState, not {type(state).__name__}")
        if self.GAMES is not None and state.GAME not in self.GAMES:
            raise ValueError(f"{type(self).__name__} draws {', '.join(self.GAMES)}, not {state.GAME}")
        return state

    @staticmethod
    def _check_seats(seat: int | Iterable[int] | None, players: int) -> tuple[int, ...]:
        if seat is None:
            return tuple(range(players))
        seats = [seat] if isinstance(seat, int) else list(seat)
        for s in seats:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
                raise ValueError(f"seat must be an int from 0 to {players - 1} (or None for every seat), "
                                 f"not {s!r}")
        if len(set(seats)) != len(seats):
            raise ValueError(f"seats must not repeat: {seats}")
        return tuple(sorted(seats))

    def _make_bots(self, state: GameState, spec: str | Mapping[int, str | Bot] | None) -> dict[int, Bot]:
        others = [s for s in range(state.players) if s not in self._seats]
        chosen: Mapping[int, str | Bot]
        if spec is None:
            chosen = {}
        elif isinstance(spec, str):
            chosen = {s: spec for s in others}
        else:
            chosen = spec
        bots: dict[int, Bot] = {}
        for s, kind in chosen.items():
            if s not in others:
                raise ValueError(f"seat {s!r} is the learner's or not at this table; it cannot have a bot")
            # Seeded from the game's seed and the seat, so a widget game replays like the engine's.
            if isinstance(kind, str):
                bots[s] = make_bot(state.GAME, kind, seed=state.seed * 1000 + s)
            else:
                bots[s] = kind
        missing = [s for s in others if s not in bots]
        if missing:
            raise ValueError(f"seat(s) {', '.join(map(str, missing))} need a bot (bots='heuristic' or "
                             "'random'), or let the learner play them (seat=None)")
        return bots

    @staticmethod
    def _continues(start: GameState, state: GameState) -> bool:
        """Whether ``state`` is ``start`` played on (same game, seed and rules; its actions extend)."""
        if (start.GAME, start.players, start.seed, dict(start.rules)) != (
                state.GAME, state.players, state.seed, dict(state.rules)):
            return False
        before = start.actions()
        return state.actions()[: len(before)] == before

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat}"

    def _round_scores(self) -> list[dict[str, Any]]:
        """Points per seat for each round (round 0 holds lines outside rounds), for the summary."""
        rounds: dict[int, list[int]] = {}
        for line in self._state.score_sheet():
            rounds.setdefault(line.round, [0] * self._state.players)[line.seat] += line.points
        return [{"round": r, "points": pts} for r, pts in sorted(rounds.items())]

    def _replace(self, state: GameState) -> None:
        """Make ``state`` current: cancel pending bot moves, redraw, tell observers, let bots move."""
        self._cancel_bots()
        self._state = state
        self._changed(notify=True)

    def _changed(self, *, notify: bool) -> None:
        if notify:
            self._notify()
        seat = self._bot_to_act()
        if seat is None:
            with self.hold_sync():
                self.busy = False
                self._render()
            return
        loop = self._running_loop()
        if self.bot_delay == 0 or loop is None:
            self._bots_move_now()
            return
        with self.hold_sync():
            self.busy = True
            self._render()
        epoch = self._epoch
        self._timer = loop.call_later(self.bot_delay, self._bot_tick, epoch)

    def _bot_to_act(self) -> int | None:
        current = self._state.current_player
        return current if current is not None and current in self._bots else None

    @staticmethod
    def _running_loop() -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _bot_move(self, seat: int) -> GameState | None:
        try:
            action = self._bots[seat].choose(self._state.view(seat))
            return self._state.play(action)
        except Exception as exc:  # a broken bot stops the bots, not the kernel
            log.exception("bot at seat %s failed", seat)
            self.error = {"message": f"The bot at {self._name(seat)} failed: {exc}", "rule": BOT_FAILED}
            return None

    def _bots_move_now(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            seat = self._bot_to_act()
            if seat is None:
                break
            new = self._bot_move(seat)
            if new is None:
                break
            self._state = new
            self._notify()
        with self.hold_sync():
            self.busy = False
            self._render()

    def _bot_tick(self, epoch: int) -> None:
        if epoch != self._epoch:
            return
        self._timer = None
        try:
            self._bot_step()
        except Exception as exc:  # the loop would only log it: show it, and stop looking busy
            log.exception("bot move failed")
            with self.hold_sync():
                self.error = {"message": f"Something went wrong: {type(exc).__name__}: {exc}",
                              "rule": INTERNAL}
                self.busy = False

    def _bot_step(self) -> None:
        seat = self._bot_to_act()
        if seat is None:
            self._changed(notify=False)
            return
        new = self._bot_move(seat)
        if new is None:
            with self.hold_sync():
                self.busy = False
                self._render()
            return
        self._state = new
        self._changed(notify=True)

    def _cancel_bots(self) -> None:
        self._epoch += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _notify(self) -> None:
        if not self._observers:
            return
        # On a live kernel the observers (score sheets, charts) run after this message's table
        # update has gone out, so a learner never waits for them to see the click answered.
        loop = self._running_loop()
        if loop is None:
            self._call_observers(self._state)
        else:
            loop.call_soon(self._call_observers, self._state)

    def _call_observers(self, state: GameState) -> None:
        for callback in list(self._observers):
            try:
                callback(state)
            except Exception as exc:
                log.exception("state observer %r failed", callback)
                self.error = {"message": f"A state observer failed: {type(exc).__name__}: {exc}",
                              "rule": OBSERVER_FAILED}

    def _pick_view_seat(self) -> int:
        current = self._state.current_player
        if current is not None and current in self._seats:
            self._view_seat = current
        return self._view_seat

    def _render(self) -> None:
        seat = self._pick_view_seat()
        view = self._state.view(seat)
        view.update(self._extras(seat))
        self.view = view
