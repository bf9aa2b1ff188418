"""The table's Hint button and the "Why?" beside each bot move (``static/hints.js`` draws them).

A hint is ``explorer.hint`` for the learner's seat, run when the learner asks (half a second, in
the kernel: the table answers right after). "Why?" is asked of one bot move in the move log and
answered on demand: a strong bot's own search, noted as it moved (no extra work), else a half-second
search from the bot's seat at that position (an easy bot plays by rules of thumb and keeps no reason).

Both read only what a seat may see. A bot's "Why?" names the other moves it weighed only when every
hand may be shown (teaching mode, or the game is over): its other moves would tell its cards.

The browser's messages (``{"type": "hint"}``, ``{"type": "why", "move": 12}``, ``{"type":
"hint-clear"}``) are checked here as strictly as ``_intents`` checks the table's own.

On the hub a search waits for one of the host's thinking slots (``_thinking``): the table then says
how many searches are ahead of it, without blocking the kernel, and a search made while others
wait gets a smaller budget, which the hint states.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import explorer
from explorer import GameState
from explorer.bots import Bot
from explorer.table import Table

from ._assets import STATIC
from ._intents import BAD_MESSAGE, IntentError, clip
from ._thinking import RETRY_SECONDS, Slot, ThinkingSlots

if TYPE_CHECKING:
    from ._timeline import Timeline

#: Seconds of search a hint (and an easy bot's "Why?") may take.
HINT_SECONDS = 0.5
#: Seconds a strong bot thinks per move at a table: with the bots' pace on top, play stays brisk.
#: In the visitor's browser (the static site: Pyodide, no compiled core, about half of pure CPython's
#: speed) a search stops at its deadline all the same, on fewer deals: a hint answered in 0.86-0.93 s
#: and a strong bot moved in 0.43 s there (benchmarks/site_speed.py), so both budgets stay as they are.
THINK_SECONDS = 0.35
#: Suggestions shown (best first).
SHOWN = 3
#: The messages this module answers (the table's others go to ``_intents``).
MESSAGES = frozenset({"hint", "why", "hint-clear"})
#: The messages that search, and so wait for a thinking slot on the hub.
SEARCHING = frozenset({"hint", "why"})
#: Both hints.js and hints.css open with it: the files are added to a table's once.
HINTS_MARK = "re-hints:"
HINT_REFUSED = "widget.hint"  # a hint or a "Why?" asked where there is none to give


def hinted(cls: type) -> None:
    """Put the hint panel's script and styles after a table class's own (``_esm``/``_css`` strings
    built by ``_assets``): its functions are declarations, which the shell (timeline.js) calls."""
    for attr, suffix in (("_esm", ".js"), ("_css", ".css")):
        own = cls.__dict__.get(attr)
        if isinstance(own, str) and HINTS_MARK not in own:
            setattr(cls, attr, own + "\n" + (STATIC / f"hints{suffix}").read_text(encoding="utf-8"))


def is_hint_message(content: object) -> bool:
    return isinstance(content, dict) and content.get("type") in MESSAGES


def is_searching_bot(bot: object) -> bool:
    """Whether ``bot`` searches (a strong bot), and so takes a thinking slot on the hub."""
    return getattr(bot, "name", None) == "strong" and hasattr(bot, "seconds")


def tune_bots(table: Table) -> None:
    """Keep strong bots to the table's think time (see ``THINK_SECONDS``), reading the table's state
    where their view does not carry the whole table (``watch``, as ``explorer.table.make_bots`` does)."""
    for bot in table.bots.values():
        if getattr(bot, "name", None) == "strong" and hasattr(bot, "seconds"):
            bot.seconds = min(float(bot.seconds), THINK_SECONDS)
        watch = getattr(bot, "watch", None)
        if callable(watch):
            watch(lambda: table.state)


# ---- plain words ------------------------------------------------------------------------------


def _number(value: float) -> str:
    return f"{abs(value):.1f}".rstrip("0").rstrip(".")


def chances_words(win_rate: float) -> str:
    """A win rate as a learner says it: "wins about 7 games in 10"."""
    tenths = round(win_rate * 10)
    if tenths <= 0:
        return "wins almost no games" if win_rate > 0 else "wins none of the games played out"
    if tenths >= 10:
        return "wins almost every game" if win_rate < 1 else "wins every game played out"
    return f"wins about {tenths} game{'' if tenths == 1 else 's'} in 10"


def margin_words(value: float) -> str:
    """A score margin over the best opponent, in words."""
    if abs(value) < 0.05:
        return "finishes level with the best opponent on average"
    points = _number(value)
    unit = "point" if points == "1" else "points"
    side = "ahead of" if value > 0 else "behind"
    return f"finishes on average {points} {unit} {side} the best opponent"


def quoted(label: str) -> str:
    """A move's label as a name in a sentence: “Play banana 8”."""
    return f"\u201c{label}\u201d"


@dataclass
class _Note:
    """What a strong bot's search saw when it chose a move (kept per move, for "Why?")."""

    action: str
    stats: list[tuple[str, float, float, int]]  # (action, margin, win rate, deals), best first
    kept_rule: bool  # the search preferred another move but not clearly: it kept its rule of thumb


class Hints:
    """One table's hint and "Why?" answers; ``view()`` is what the browser draws of them."""

    def __init__(self, slots: ThinkingSlots | None = None) -> None:
        self.slots = ThinkingSlots.from_env() if slots is None else slots
        self._queued: tuple[Path, dict[str, Any], GameState] | None = None  # ticket, request, position
        self.ahead: int | None = None  # searches ahead of the queued request (None: none queued)
        self._share = 1.0  # of its budget, for the search being answered
        self.asked = 0  # requests answered: the browser shows "thinking" until this moves on
        self._hint: tuple[GameState, dict[str, Any]] | None = None
        self._why: tuple[int, str, dict[str, Any]] | None = None  # move, its action, the answer
        self._notes: dict[tuple[int, str], _Note] = {}
        self._seen: dict[int, int] = {}  # seat -> id of the strong bot's search last noted
        self.last_seconds: float | None = None

    # ---- the browser's requests ---------------------------------------------------------------

    def handle(self, table: Any, content: dict[str, Any]) -> None:
        """Answer one checked message for ``table`` (a GameWidget); refusals raise IntentError."""
        kind = content["type"]
        allowed = {"hint": set(), "hint-clear": set(), "why": {"move"}}[kind]
        extra = sorted(str(k) for k in content if k != "type" and k not in allowed)
        if extra:
            raise IntentError(BAD_MESSAGE, f"A {kind!r} message may not carry {clip(', '.join(extra))}.")
        self.asked += 1
        if kind == "hint-clear":
            self._hint = self._why = None
        elif kind == "hint":
            self._hint = (table.state, self.suggest(table))
        else:
            move = content.get("move")
            if isinstance(move, bool) or not isinstance(move, int):
                raise IntentError(BAD_MESSAGE, f"'move' must be an integer, not {type(move).__name__}.")
            self._why = self.explain(table, move)

    def answer(self, table: Any, content: dict[str, Any]) -> bool:
        """Carry out one message and redraw the table; a refusal becomes its ``error``. Never raises.
        A search on the hub waits for a thinking slot (:meth:`_turn`): it is then answered later."""
        slot: Slot | None = None
        if self.slots is not None and content.get("type") in SEARCHING:
            self._drop_queued()
            slot = self._turn(table, content)
            if slot is None:
                return True
        try:
            return self._answer_now(table, content, 1.0 if slot is None else slot.share)
        finally:
            if slot is not None:
                slot.release()

    def _turn(self, table: Any, content: dict[str, Any]) -> Slot | None:
        """A slot for ``content`` now, or None: it waits in the host's queue, asking again later."""
        assert self.slots is not None
        ticket = self.slots.ticket()
        slot = self.slots.try_take(ticket)
        if slot is None:
            self._queued = (ticket, content, table.state)
            self._wait(table)
        return slot

    def _wait(self, table: Any) -> None:
        """Show how many searches are ahead, and ask for a slot again in RETRY_SECONDS."""
        if self._queued is None or self.slots is None:
            return
        ticket, content, state = self._queued
        if table.state is not state or table.comm is None:  # moved on, or closed: the question is moot
            self._drop_queued()
            with table.hold_sync():
                self.asked += 1
                table._render()
            return
        slot = self.slots.try_take(ticket)
        if slot is not None:
            self._queued, self.ahead = None, None
            try:
                self._answer_now(table, content, slot.share)
            finally:
                slot.release()
            return
        ahead = self.slots.ahead(ticket)
        if ahead != self.ahead:
            self.ahead = ahead
            with table.hold_sync():
                table._render()
        table._scheduler.call_later(RETRY_SECONDS, lambda: self._wait(table))

    def _drop_queued(self) -> None:
        if self._queued is not None and self.slots is not None:
            self.slots.cancel(self._queued[0])
        self._queued, self.ahead = None, None

    def _answer_now(self, table: Any, content: dict[str, Any], share: float) -> bool:
        self._share = share
        with table.hold_sync():
            try:
                self.handle(table, content)
            except IntentError as exc:
                table.error = {"message": exc.message, "rule": exc.rule}
            except ValueError as exc:  # explorer.hint's own refusals (the game is over...)
                table.error = {"message": str(exc), "rule": HINT_REFUSED}
            else:
                table.error = {}
            table._render()
        return not table.error

    def suggest(self, table: Any) -> dict[str, Any]:
        """The learner's best moves now, in words (``explorer.hint`` from their seat)."""
        state: GameState = table.state
        seat = state.current_player
        if table._review is not None:
            raise IntentError(HINT_REFUSED, "A hint is for the game as it stands: go back to the game first.")
        if state.is_over or seat is None:
            raise IntentError(HINT_REFUSED, "The game is over: there is no move to hint.")
        if seat not in table.seats or table.busy:
            raise IntentError(HINT_REFUSED, "A hint is for your turn: wait until the bots have moved.")
        started = time.perf_counter()
        budget = HINT_SECONDS * self._share
        suggestions = explorer.hint(state, seat, seconds=budget)
        self.last_seconds = time.perf_counter() - started
        items = [{"action": s.action, "label": s.label, "reason": s.reason,
                  "chances": chances_words(s.win_rate), "margin": margin_words(s.value), "samples": s.samples}
                 for s in suggestions[:SHOWN]]
        busy = (f"The server is busy, so this hint searched for {_number(budget)} s instead of the usual "
                f"{_number(HINT_SECONDS)} s: its odds rest on fewer deals.") if self._share < 1 else None
        return {"move": len(state.actions()), "items": items, "moves": len(suggestions),
                "seconds": round(self.last_seconds, 2), "busy": busy}

    # ---- "Why?" beside a bot move -------------------------------------------------------------

    def note_bot_move(self, line: Timeline, bots: Mapping[int, Bot]) -> None:
        """A bot has just moved (the line's current position): keep what a strong bot's search saw."""
        if line.at == 0:
            return
        before, after = line.states[line.at - 1], line.current
        seat = before.current_player
        bot = bots.get(seat) if seat is not None else None
        result = getattr(bot, "last", None)
        if seat is None or result is None or id(result) == self._seen.get(seat):
            return
        self._seen[seat] = id(result)
        action = after.actions()[-1]
        stats = [(s.action, float(s.value), float(s.win_rate), int(s.samples))
                 for s in result.stats if s.samples]
        if getattr(bot, "last_choice", None) != action or not stats:
            return
        self._notes[(len(after.actions()), action)] = _Note(action, stats, kept_rule=stats[0][0] != action)

    def explain(self, table: Any, move: int) -> tuple[int, str, dict[str, Any]]:
        """What the bot that made move ``move`` (1 = the game's first) saw and preferred."""
        line: Timeline = table._line
        k = line.index(move)
        if k is None or k == 0 or k > line.length:
            raise IntentError(HINT_REFUSED, f"There is no move {move} on this table's line of play.")
        before, after = line.states[k - 1], line.states[k]
        seat = before.current_player
        bot = table._table.bots.get(seat) if seat is not None else None
        if seat is None or bot is None:
            raise IntentError(HINT_REFUSED, f"Move {move} was not a bot's: only a bot's move has a \"Why?\".")
        action = after.actions()[-1]
        labels: dict[str, str] = before.view(seat, names=list(table.names))["labels"]
        name = table.names[seat] if seat < len(table.names) else f"Player {seat + 1}"
        reveal = bool(table.teaching) or table.state.is_over
        played = quoted(labels.get(action, "its move"))
        note = self._notes.get((move, action))
        if note is not None:
            lines = self._from_note(note, labels, reveal)
            title = f"Why {name} chose {played} (move {move}): its own search"
        else:
            strong = getattr(bot, "name", "") == "strong"
            lines = self._from_hint(before, seat, action, labels, reveal, strong)
            title = f"Why {name} chose {played} (move {move})"
        if not reveal:
            lines.append("The other moves it could make stay hidden while the game is on: they would tell "
                         "its cards. Turn on \u201cShow all hands\u201d (or finish the game) to see them.")
        return move, action, {"move": move, "title": title, "lines": lines}

    @staticmethod
    def _from_note(note: _Note, labels: dict[str, str], reveal: bool) -> list[str]:
        chosen = next((s for s in note.stats if s[0] == note.action), None)
        lines = ["The strong bot searched deals consistent with what its seat could see."]
        if chosen is not None:
            lines.append(f"This move {chances_words(chosen[2])} and {margin_words(chosen[1])} over "
                         f"{chosen[3]} deals played out.")
        if note.kept_rule:
            lines.append("Its search leaned to another move, but not clearly enough on the same deals, so it "
                         "kept its rule of thumb.")
        else:
            lines.append("It was the search's best move.")
        if reveal:
            for action, value, rate, samples in note.stats[:SHOWN]:
                if action != note.action:
                    lines.append(f"It also weighed {quoted(labels.get(action, 'another move'))}, which "
                                 f"{chances_words(rate)} and {margin_words(value)} ({samples} deals).")
        return lines

    def _from_hint(self, before: GameState, seat: int, action: str, labels: dict[str, str], reveal: bool,
                   strong: bool) -> list[str]:
        suggestions = explorer.hint(before, seat, seconds=HINT_SECONDS * self._share)
        rank = next((i for i, s in enumerate(suggestions) if s.action == action), None)
        how = ("The strong bot's search is not kept for this move; a half-second search from its seat"
               if strong else "This bot plays by rules of thumb (easy level); a half-second search from its "
               "seat (its own cards, the rest dealt anew)")
        lines = [f"{how} says:"]
        if rank is not None:
            mine = suggestions[rank]
            lines.append(f"This move {chances_words(mine.win_rate)} and {margin_words(mine.value)}.")
            lines.append("The search rates it the best move." if rank == 0
                         else "The search rates another move higher.")
        if reveal:
            for s in suggestions[:SHOWN]:
                if s.action != action:
                    other = quoted(labels.get(s.action, "another move"))
                    lines.append(f"The search also tried {other}, which {chances_words(s.win_rate)} and "
                                 f"{margin_words(s.value)}.")
        return lines

    # ---- what the browser draws ---------------------------------------------------------------

    def view(self, table: Any) -> dict[str, Any]:
        """The hint panel's part of the table's view: the answers still true of the position shown."""
        state = table.state
        hint = self._hint[1] if self._hint is not None and self._hint[0] is state \
            and table._review is None else None
        why = None
        if self._why is not None:
            move, action, answer = self._why
            line: Timeline = table._line
            k = line.index(move)
            if k is not None and 0 < k <= line.length and line.states[k].actions()[-1] == action:
                why = answer  # the move is still on the line
        return {"asked": self.asked, "hint": hint, "why": why, "ahead": self.ahead}

    def forget(self) -> None:
        """A new game: nothing said of the old one stays."""
        self._drop_queued()
        self._hint = self._why = None
        self._notes.clear()
        self._seen.clear()
