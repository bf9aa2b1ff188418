"""A game in progress kept in the learner's browser, and offered back after a reload.

A page that keeps its table's game (a play app, a guided game) names it (:attr:`Keeping.keep_key`);
the table's view then carries ``kept``: the game's record (``state.to_record()``: the rules, the deal
and the moves, never a position) and the learner's seat. The browser (``static/keep.js``) stores it
in ``localStorage`` after every move, under that name and the page's address, and drops it once the
game is over. When the page is opened again (a reload, a closed tab, or, on the hub, a kernel that
was culled or lost), the table offers the kept game back; "Resume it" sends the record here, which
replays it with the engine (:meth:`Keeping.resume`). A record that no longer replays (kept by an
older version, or tampered with) is refused in a plain sentence, and the table plays on as it was.

Pages without a table keep their own record the same way with a :class:`BrowserStore` (the practice
page: its counts, its streak and its level).

The kept record holds the deal number, as the record the play app shows at a game's end does: a
learner who reads their browser's storage could rebuild the hands. The pages keep nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

import explorer
from explorer import GameState

from ._assets import STATIC
from ._intents import BAD_MESSAGE, IntentError, clip

#: The message "Resume it" sends: ``{"type": "resume", "record": "<JSON text>", "seat": 0}``.
RESUME = "resume"
#: The rule id of a refused resume (the table's error box shows the sentence).
RESUME_REFUSED = "widget.resume"
#: The longest record text the browser may send back (a Klongs game is a few kilobytes).
MAX_RECORD = 200_000
REFUSED = ("Your game from before could not be resumed: {why} It has been put aside, and this table "
           "plays on as it is.")

#: What a page does with a resumed game: seat it (a play app may need another table for another
#: number of players). The default replaces the table's state.
Resumer = Callable[[GameState, int], None]


def is_resume_message(content: object) -> bool:
    return isinstance(content, dict) and content.get("type") == RESUME


def parse_resume(content: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The record and seat of a resume message, checked; IntentError says what is wrong."""
    extra = sorted(str(k) for k in content if k not in ("type", "record", "seat"))
    if extra:
        raise IntentError(BAD_MESSAGE, f"A 'resume' message may not carry {clip(', '.join(extra))}.")
    text, seat = content.get("record"), content.get("seat", 0)
    if not isinstance(text, str) or len(text) > MAX_RECORD:
        raise IntentError(BAD_MESSAGE, "A 'resume' message carries its record as JSON text.")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IntentError(BAD_MESSAGE, f"'seat' must be an integer, not {type(seat).__name__}.")
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise IntentError(RESUME_REFUSED, REFUSED.format(why=f"its record is not JSON ({exc}).")) from exc
    if not isinstance(record, dict):
        raise IntentError(RESUME_REFUSED, REFUSED.format(why="its record is not a game record."))
    return record, seat


class Keeping:
    """The keeping half of a table widget (mixed into ``GameWidget``)."""

    _keep_key = ""
    #: Seats a resumed game; None: replace this table's state (same game and players only).
    resumer: Resumer | None = None

    state: GameState
    _seats: tuple[int, ...]
    error: dict[str, str]

    if TYPE_CHECKING:  # the table widget's own (declared here for the type checker only: a stub here
        # would come before the widget's in the method order)
        def _render(self) -> None: ...

        def hold_sync(self) -> AbstractContextManager[None]: ...

    @property
    def keep_key(self) -> str:
        """The name the browser keeps this table's game under ("" keeps nothing)."""
        return self._keep_key

    @keep_key.setter
    def keep_key(self, key: str) -> None:
        self._keep_key = key
        self._render()  # the view carries what to keep from now on

    def kept_view(self, live: GameState) -> dict[str, Any] | None:
        """What the browser keeps of ``live`` (the game as it stands, not a position under review)."""
        if not self.keep_key:
            return None
        return {"key": self.keep_key, "record": live.to_record(), "over": live.is_over,
                "seat": self._seats[0] if self._seats else 0}

    def answer_resume(self, content: dict[str, Any]) -> bool:
        """Carry out a resume message; a refusal becomes the table's error (a sentence). Never raises."""
        with self.hold_sync():
            try:
                self.resume(content)
            except IntentError as exc:
                self.error = {"message": exc.message, "rule": exc.rule}
                return False
        return True

    def resume(self, content: dict[str, Any]) -> None:
        """Replay a kept record and seat it; IntentError (a plain sentence) if it does not replay here."""
        record, seat = parse_resume(content)
        if record.get("game") != self.state.GAME:
            why = f"it is a game of {clip(record.get('game'))}."
            raise IntentError(RESUME_REFUSED, REFUSED.format(why=why))
        try:
            state = explorer.replay(record)
        except (TypeError, ValueError, KeyError) as exc:
            why = f"this version of the rules explorer does not replay it ({clip(str(exc), 200)})."
            raise IntentError(RESUME_REFUSED, REFUSED.format(why=why)) from exc
        if not 0 <= seat < state.players:
            seat = 0
        if self.resumer is not None:
            self.resumer(state, seat)
            return
        if state.players != self.state.players:
            raise IntentError(RESUME_REFUSED, REFUSED.format(
                why=f"it was for {state.players} players, and this table seats {self.state.players}."))
        self.state = state


class BrowserStore(anywidget.AnyWidget):
    """One value a page keeps in the learner's browser under ``key`` and the page's address: the
    browser hands back what it kept (``found``, once, when the page opens), and stores ``value`` as
    the kernel sets it ("" forgets it). It draws nothing; the page reads ``found`` as untrusted text."""

    _esm = STATIC / "keep_store.js"
    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    found = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
