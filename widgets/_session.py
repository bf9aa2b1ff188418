"""A game-agnostic base for the table widgets: traitlets on one side, an ``explorer.table.Table`` on
the other.

The browser only draws ``view`` (the engine's view model for the learner's seat plus a few extras)
and sends intents such as ``{"type": "play", "action": "banana-10"}``. Every intent is checked
(``_intents``) before the engine sees it, and the engine alone decides legality: a refusal (or a
forged message) becomes the ``error`` trait, shown in the widget, and nothing else changes.

The table seats the bots and seeds them; the widget lets them move one by one with ``bot_delay``
seconds between moves, on a scheduler (``_scheduler``): the kernel's asyncio loop in JupyterLab and
Voila, at once in plain scripts, a fake clock in tests. With ``bot_delay=0`` they move at once.

The widget keeps the whole line of play (``_timeline``): the learner can undo their move with the
bots' replies, redo it, look at any past position (review: nothing is offered there) and play on from
it. With ``pause_rounds`` the bots wait on a round's summary until the learner continues (``_pace``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import anywidget
import ipywidgets
import traitlets

import explorer
from explorer import GameState, IllegalAction
from explorer.bots import Bot
from explorer.table import Table, TooLong

from ._assets import STATIC, style_sheet
from ._hints import THINK_SECONDS, Hints, hinted, is_hint_message, is_searching_bot, tune_bots
from ._intents import (
    BAD_MESSAGE,
    BOT_FAILED,
    BUSY,
    INTERNAL,
    NOT_YOUR_TURN,
    OBSERVER_FAILED,
    REVIEWING,
    STALE,
    Intent,
    IntentError,
    check_turn,
    clip,
    parse_intent,
    split_forged,
    valid_delay,
    valid_error,
    valid_names,
)
from ._keep import Keeping, is_resume_message
from ._pace import speed_view
from ._rule_urls import refusal_error
from ._scheduler import Handle, KernelScheduler, Scheduler
from ._seats import check_seats, continues
from ._thinking import RETRY_SECONDS, BotTurns
from ._timeline import Timeline
from ._travel import TimeTravel

__all__ = ["BAD_MESSAGE", "BOT_FAILED", "BUSY", "INTERNAL", "NOT_YOUR_TURN", "OBSERVER_FAILED", "STALE",
           "GameWidget", "IntentError", "StateObserver"]

log = logging.getLogger(__name__)

PLAIN_TRAITS = frozenset({"view", "error", "busy"})  # only ever JSON, no buffers: see send_state

StateObserver = Callable[[GameState], object]
Bots = str | Mapping[int, str | Bot] | None


class GameWidget(Keeping, TimeTravel, anywidget.AnyWidget):
    """One game at one table: the engine ``state``, who the learner is, and who the bots are.

    ``seat`` is the learner's seat, several seats (hot seat), or ``None`` (walkthrough: the learner
    acts for whichever seat is to act and sees the table from that seat; no bots). Every other seat
    needs a bot: ``bots`` is a kind for all of them (``"heuristic"`` or ``"random"``), or a mapping
    ``seat -> kind or Bot``. Bots only ever see ``state.view(seat)``. ``scheduler`` decides when the
    bots' delayed moves and the state observers run (default: the kernel's loop, else at once).
    """

    #: The games this widget can draw; ``None`` accepts any game.
    GAMES: ClassVar[tuple[str, ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A widget that names its own style sheet file (``_css = STATIC / "x.css"``) gets the shared
        # shell (common.css) in front, as es_module() does for the JS.
        css = cls.__dict__.get("_css")
        if isinstance(css, Path) and css.parent == STATIC and css.suffix == ".css":
            cls._css = style_sheet(css.stem)
        hinted(cls)  # the Hint button and "Why?" (static/hints.js, hints.css) on every table
        super().__init_subclass__(**kwargs)

    view = traitlets.Dict(help="the learner's view model plus widget extras").tag(sync=True)
    error = traitlets.Dict(help="{'message': ..., 'rule': ...} of the last refusal, or {}").tag(sync=True)
    busy = traitlets.Bool(False, help="True while bots are moving").tag(sync=True)
    teaching = traitlets.Bool(False, help="show every hand face up")
    names = traitlets.List(traitlets.Unicode(), help="a display name per seat")
    bot_delay = traitlets.Float(0.6, help="seconds between bot moves; 0 moves them at once")
    pause_rounds = traitlets.Bool(False, help="bots wait on each scored round's summary until Continue")

    def __init__(
        self,
        state: GameState,
        seat: int | Iterable[int] | None = 0,
        *,
        bots: Bots = "heuristic",
        bot_delay: float = 0.6,
        teaching: bool = False,
        names: Iterable[str] | None = None,
        control: str = "seat",
        scheduler: Scheduler | None = None,
        pause_rounds: bool = False,
    ) -> None:
        self._ready = False
        self._tick: object | None = None  # the bot move waiting for its turn on the scheduler
        self._pending: Handle | None = None
        self._observers: list[StateObserver] = []
        self._scheduler: Scheduler = KernelScheduler() if scheduler is None else scheduler
        self._hints = Hints()
        self._bot_turns = BotTurns(self._hints.slots, THINK_SECONDS)  # strong bots' thinking slots
        # Everything that can be refused is checked before the widget (and its comm) exists.
        self._check_state(state)
        self._initial = state
        if control not in ("seat", "all"):
            raise ValueError(f"control must be 'seat' or 'all', not {control!r}")
        self._seats = check_seats(None if control == "all" else seat, state.players)
        self._bot_spec = bots
        self._table = self._seat_bots(state)
        self._view_seat = self._seats[0] if self._seats else 0
        self._line = Timeline(state)
        self._review: int | None = None  # the line's position shown in review mode
        self._pause: int | None = None  # the scored round the bots wait on
        self._rounds_seen = state.rounds_scored()
        self._drawing: tuple[GameState, int, list[dict[str, Any]]] | None = None  # see _drawn_events
        super().__init__()
        try:
            self.bot_delay = bot_delay
            self.teaching = teaching
            self.pause_rounds = pause_rounds
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
        bots: Bots = "heuristic",
        bot_delay: float = 0.6,
        teaching: bool = False,
        names: Iterable[str] | None = None,
        control: str = "seat",
        scheduler: Scheduler | None = None,
        pause_rounds: bool = False,
        edition: Any = None,
        **rules: Any,
    ) -> Self:
        """A widget on a fresh game: ``rules`` are the game's options (unknown names raise TypeError)."""
        state = explorer.new_game(game, players=players, seed=seed, edition=edition, **rules)
        return cls(state, seat, bots=bots, bot_delay=bot_delay, teaching=teaching, names=names,
                   control=control, scheduler=scheduler, pause_rounds=pause_rounds)

    # ---- the hosting notebook's API -----------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._table.state

    @state.setter
    def state(self, state: GameState) -> None:
        self._check_state(state)
        if state.players != self.state.players:
            raise ValueError(f"this table seats {self.state.players} players, not {state.players}")
        if state.GAME != self.state.GAME:  # another game's bots (built first: they may be refused)
            table = self._seat_bots(state)
            self._cancel_bots()
            self._table = table
        if not continues(self._initial, state):
            self._initial = state  # a different game: Restart now returns here
        self._replace(state)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats the learner plays (all of them in walkthrough mode)."""
        return self._seats

    @property
    def bots(self) -> dict[int, Bot]:
        return dict(self._table.bots)

    def observe_state(self, callback: StateObserver) -> None:
        """Call ``callback(state)`` after every action (bots' too) and whenever the state is replaced: left
        to the scheduler, so on a live kernel right after the current message is answered, else at once."""
        if not callable(callback):
            raise TypeError(f"observe_state needs a callable, not {type(callback).__name__}")
        self._observers.append(callback)

    def unobserve_state(self, callback: StateObserver) -> None:
        self._observers.remove(callback)

    def play(self, action: str) -> None:
        """Act for the learner from Python; refusals raise (``IllegalAction`` from the engine)."""
        if self._tick is not None:
            raise RuntimeError("the bots are still moving; wait for the learner's turn")
        current = self.state.current_player
        if current is not None and current not in self._seats:
            raise RuntimeError(f"it is {self._name(current)}'s turn, not the learner's")
        if self._review is not None:
            raise RuntimeError("the table shows a past position; go back to the game first")
        self.error = {}
        self._pause = None
        self._replace(self.state.play(action), jump=False)

    def restart(self, seed: int | None = None) -> None:
        """Back to the starting position; with ``seed``, a fresh game with the same players and rules."""
        if seed is not None:
            old = self._initial
            self._initial = type(old).new(old.players, seed, edition=old.to_record()["edition"],
                                          **self._rules_for_new_game(dict(old.rules)))
        self._line.reset(self._initial)
        self._hints.forget()
        self._replace(self._initial)

    def replay(self, state: GameState) -> None:
        """Show the game that led to ``state`` from its first move (a saved record, loaded): the
        learner steps through it (``review``), plays on from any position, or goes back to its end."""
        self._check_state(state)
        if state.players != self.state.players:
            raise ValueError(f"this table seats {self.state.players} players, not {state.players}")
        start = explorer.replay({**state.to_record(), "actions": []})
        if state.GAME != self.state.GAME:
            self._table = self._seat_bots(state)
        self._cancel_bots()
        self._hints.forget()
        self._initial = start
        self._line.reset(start)
        self._line.jump(state)
        self._table.state = state
        self._rounds_seen, self._pause = state.rounds_scored(), None
        self._review = 0
        self.error = {}
        self._notify()
        self._settle()

    def close(self) -> None:
        if hasattr(self, "_scheduler"):  # also called from __del__ of a half-built widget
            self._cancel_bots()
        layout = self._trait_values.get("layout")  # a DOMWidget's own Layout outlives it otherwise
        super().close()
        if isinstance(layout, ipywidgets.Widget):
            layout.close()

    def __repr__(self) -> str:
        state = self.state
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
        if is_hint_message(content):  # the Hint button and "Why?" (see _hints)
            return self._hints.answer(self, content)  # type: ignore[arg-type]
        if is_resume_message(content):  # a game kept in the browser, offered back (see _keep)
            return self.answer_resume(content)  # type: ignore[arg-type]
        with self.hold_sync():  # one update message to the browser per intent
            try:
                self._carry_out(parse_intent(content))
            except IntentError as exc:
                self.error = {"message": exc.message, "rule": exc.rule}
                return False
            except IllegalAction as exc:
                self.error = refusal_error(self.state, exc.rule, exc.worded(self.names))
                return False
            except Exception as exc:  # a bug must not take the kernel's widget down with it
                log.exception("widget intent %s failed", clip(content))
                self.error = {"message": f"Something went wrong: {type(exc).__name__}: {exc}",
                              "rule": INTERNAL}
                return False
            return True

    def _carry_out(self, intent: Intent) -> None:
        kind = intent.kind
        if kind == "dismiss":
            self.error = {}
        elif kind == "restart":
            self.restart()
        elif kind == "new-game":
            self.restart(seed=secrets.randbelow(2**31))  # the next deal: nobody can work it out
        elif kind in self._TRAVEL:
            self._TRAVEL[kind](self)
        elif kind == "goto":
            self.review(int(intent.move or 0))
        elif kind == "speed":
            self._set_speed(float(intent.delay or 0.0))
        else:
            state = self.state
            if self._review is not None:
                raise IntentError(REVIEWING, f"{intent.action} not played: the table shows a past "
                                  "position. Go back to the game, or play on from here.")
            check_turn(intent, busy=self._tick is not None or self.busy, moves=len(state.actions()),
                       current=state.current_player, seats=self._seats, name=self._name)
            new = state.play(str(intent.action))  # the engine decides; IllegalAction says why not
            self.error = {}
            self._pause = None  # a move of the learner's closes a round's summary
            self._replace(new, jump=False)

    _TRAVEL: ClassVar[dict[str, Callable[[GameWidget], None]]] = {
        "undo": lambda w: w.undo(), "redo": lambda w: w.redo(), "back": lambda w: w.back(),
        "play-on": lambda w: w.play_on(), "continue": lambda w: w.carry_on(),
    }

    def _set_speed(self, delay: float) -> None:
        """The bots' pace, chosen on the table (the ``speed`` intent)."""
        self.bot_delay = delay
        if self._tick is not None:  # a bot waiting on the old delay moves on the new one
            self._cancel_bots()
            self._changed(notify=False)
        else:
            self._render()

    def send_state(self, key: str | Iterable[str] | None = None) -> None:
        """Send traits to the browser. The table's own traits (view, error, busy) are plain JSON, so
        they skip ipywidgets' search of every nested dict and list for binary buffers: on a Bangkok or
        Klongs view that search cost about as much as encoding the message, on every click."""
        keys = [key] if isinstance(key, str) else None if key is None else list(key)
        if keys is None or not set(keys) <= PLAIN_TRAITS:
            super().send_state(key)
            return
        state = self.get_state(key=keys)
        if not state:
            return
        for name, value in state.items():  # as ipywidgets does: keep the echo lock current
            if name in self._property_lock:
                self._property_lock[name] = value
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait updates from the browser: the game's own traits are the kernel's alone."""
        if not isinstance(sync_data, Mapping) or not all(isinstance(name, str) for name in sync_data):
            self.error = {"message": "The browser sent a change that is not a set of named values.",
                          "rule": BAD_MESSAGE}
            return
        clean, forged = split_forged(sync_data)
        if not forged:
            super().set_state(sync_data)
            return
        if clean:
            super().set_state(clean)
        self.error = {"message": f"The browser may not change {', '.join(forged)}.", "rule": BAD_MESSAGE}
        self.send_state(forged)  # put the browser's copy back

    # ---- trait validation ---------------------------------------------------------------------

    @traitlets.validate("error")
    def _valid_error(self, proposal: Any) -> dict[str, str]:
        return valid_error(proposal["value"])

    @traitlets.validate("bot_delay")
    def _valid_delay(self, proposal: Any) -> float:
        return valid_delay(proposal["value"])

    @traitlets.validate("names")
    def _valid_names(self, proposal: Any) -> list[str]:
        return valid_names(proposal["value"], self.state.players)

    @traitlets.observe("teaching", "names", "pause_rounds")
    def _redraw(self, _change: Any) -> None:
        if self._ready:
            self._render()

    # ---- what subclasses may refine -----------------------------------------------------------

    def _extras(self, seat: int) -> dict[str, Any]:
        """Widget-side additions to ``state.view(seat)``: nothing here may reveal hidden cards
        unless the learner asked for teaching mode."""
        players = self.state.players
        bots = self._table.bots
        return {
            "names": list(self.names),
            "teaching": self.teaching,
            "learners": list(self._seats),
            "control": "all" if self._seats == tuple(range(players)) else "seat",
            "bots": [bots[s].name if s in bots else None for s in range(players)],
            "round_scores": self._round_scores(),
            "timeline": self._timeline_view(seat),
            "pause": self._pause_view(),
            "speed": speed_view(self.bot_delay),
            "walkthrough": False,
            "hints": self._hints.view(self),
            "kept": self.kept_view(self._table.state),
        }

    def _rules_for_new_game(self, rules: dict[str, Any]) -> dict[str, Any]:
        """The options a fresh game (``restart(seed=...)``) keeps from the current one."""
        return rules

    def _default_names(self, players: int) -> list[str]:
        """The game's names for the seats, the learner's "You" (hot seat and walkthroughs: the
        game's names for every seat)."""
        names = self._initial.seat_names(self._seats[0] if len(self._seats) == 1 else None)
        return names[:players]

    # ---- checks -------------------------------------------------------------------------------

    def _check_state(self, state: object) -> None:
        if not isinstance(state, GameState):
            raise TypeError(f"state must be an explorer GameState, not {type(state).__name__}")
        if self.GAMES is not None and state.GAME not in self.GAMES:
            raise ValueError(f"{type(self).__name__} draws {', '.join(self.GAMES)}, not {state.GAME}")

    def _names(self) -> list[str]:
        return list(self.names)

    def _seat_bots(self, state: GameState) -> Table:
        table = Table(state, self._bot_spec, people=self._seats)
        tune_bots(table)
        return table

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def _round_scores(self) -> list[dict[str, Any]]:
        """Points per seat for each round (round 0 holds lines outside rounds), for the summary."""
        state = self.state
        rounds: dict[int, list[int]] = {}
        for line in state.score_sheet():
            rounds.setdefault(line.round, [0] * state.players)[line.seat] += line.points
        return [{"round": r, "points": pts} for r, pts in sorted(rounds.items())]

    # ---- the table moving on ------------------------------------------------------------------

    def _replace(self, state: GameState, *, jump: bool = True) -> None:
        """Make ``state`` current: cancel pending bot moves, redraw, tell observers, let bots move.
        ``jump``: not a move played on (a restart, a state set from Python): no round pause."""
        self._cancel_bots()
        self._review = None
        self._table.state = state
        self._line.follow(state)
        self._note_rounds(jump=jump)
        self._changed(notify=True)

    def _note_rounds(self, *, jump: bool) -> None:
        """Pause on a round newly scored by a move (not at the game's end: the summary shows it)."""
        state = self.state
        scored = state.rounds_scored()
        if jump or scored < self._rounds_seen:
            self._pause = None
        elif scored > self._rounds_seen and self.pause_rounds and not state.is_over:
            self._pause = scored
        self._rounds_seen = scored

    def _bot_moved(self) -> None:
        self._line.follow(self.state)
        self._hints.note_bot_move(self._line, self._table.bots)
        self._note_rounds(jump=False)
        self._notify()

    def _changed(self, *, notify: bool, now: bool = True) -> None:
        if notify:
            self._notify()
        if self._table.bot_to_act() is None or self._pause is not None or self._review is not None:
            self._settle()
        elif self.bot_delay == 0 and now:
            self._bots_move_now()
        else:
            with self.hold_sync():
                self.busy = True
                self._render()
            self._schedule_bot()

    def _settle(self) -> None:
        """Done moving (the learner's turn, the end, or a failed bot): draw the table at rest."""
        with self.hold_sync():
            self.busy = False
            self._render()

    def _bots_move_now(self) -> None:
        try:  # the table stops a game past its bound on actions (TooLong): never a hang
            while self._table.bot_to_act() is not None and self._pause is None:
                if not self._bot_turns.step(self._table, is_searching_bot):  # waits for a thinking slot
                    self._changed(notify=False, now=False)
                    return
                self._bot_moved()
        except TooLong as exc:
            log.exception("bots did not stop")
            self.error = {"message": f"Something went wrong: {exc}", "rule": INTERNAL}
        except Exception as exc:  # a broken bot stops the bots, not the kernel
            self._bot_failed(exc)
        self._settle()

    def _schedule_bot(self, delay: float | None = None) -> None:
        self._tick = tick = object()
        handle = self._scheduler.call_later(self.bot_delay if delay is None else delay,
                                            lambda: self._bot_tick(tick))
        if self._tick is tick:  # an immediate scheduler has run it (and what followed) already
            self._pending = handle

    def _bot_tick(self, tick: object) -> None:
        if tick is not self._tick:  # cancelled: the state was replaced meanwhile
            return
        self._tick = self._pending = None
        try:
            if self._table.bot_to_act() is None:
                self._changed(notify=False)
                return
            try:
                if not self._bot_turns.step(self._table, is_searching_bot):  # waits for a thinking slot
                    self._schedule_bot(RETRY_SECONDS)
                    return
            except Exception as exc:  # a broken bot stops the bots, not the kernel
                self._bot_failed(exc)
                self._settle()
                return
            self._bot_moved()
            self._changed(notify=False)
        except Exception as exc:  # the scheduler would only log it: show it, and stop looking busy
            log.exception("bot move failed")
            with self.hold_sync():
                self.error = {"message": f"Something went wrong: {type(exc).__name__}: {exc}",
                              "rule": INTERNAL}
                self.busy = False

    def _bot_failed(self, exc: Exception) -> None:
        seat = self._table.bot_to_act()
        log.exception("bot at seat %s failed", seat)
        who = self._name(seat) if seat is not None else "a bot's seat"
        self.error = {"message": f"The bot at {who} failed: {exc}", "rule": BOT_FAILED}

    def _cancel_bots(self) -> None:
        self._tick = None
        self._bot_turns.cancel()
        if self._pending is not None:
            self._scheduler.cancel(self._pending)
            self._pending = None

    def _notify(self) -> None:
        if not self._observers:
            return
        # Left to the scheduler: on a live kernel the observers (score sheets, charts) run after this
        # message's table update has gone out, so a learner never waits for them to see the click.
        state = self.state
        self._scheduler.call_soon(lambda: self._call_observers(state))

    def _call_observers(self, state: GameState) -> None:
        for callback in list(self._observers):
            try:
                callback(state)
            except Exception as exc:
                log.exception("state observer %r failed", callback)
                self.error = {"message": f"A state observer failed: {type(exc).__name__}: {exc}",
                              "rule": OBSERVER_FAILED}

    def _pick_view_seat(self) -> int:
        current = self.state.current_player
        if current is not None and current in self._seats:
            self._view_seat = current
        return self._view_seat

    def _render(self) -> None:
        seat = self._pick_view_seat()
        if self._review is None:
            view = self.state.view(seat, names=self._names())
            self._drawing = (self.state, seat, view["events"])
            try:
                view.update(self._extras(seat))
            finally:
                self._drawing = None
        else:  # a past position, from the learner's seat: nothing is offered there
            live, shown = self._table.state, self._line.states[self._review]
            view = shown.view(seat, names=self._names())
            view["legal"], view["labels"] = [], {}
            # Subclasses' extras read ``self.state``: while they run it is the position shown.
            self._table.state = shown
            try:
                view.update(self._extras(seat))
            finally:
                self._table.state = live
        self.view = view
