"""The line of play a table keeps for time travel: every position from the start, the one the game
is at, and the moves taken back (redo).

States are immutable values, so the line is simply a list of them: position ``k`` is the state after
the start's moves plus ``k``. Undo and redo move ``at`` along the line (the learner's move together
with the bots' replies); a new move from a taken-back position replaces the moves after it, unless it
is the very move the line goes on with.

>>> import explorer
>>> start = explorer.new_game("tindahan", players=3, seed=1)
>>> line = Timeline(start)
>>> line.follow(start.play(start.legal_actions()[0]))
>>> line.at, line.length
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer import GameState


class Timeline:
    """Positions ``states[0..]`` from ``start``; ``at`` indexes the game's current position."""

    def __init__(self, start: GameState) -> None:
        self.states: list[GameState] = []
        self.at = 0
        self._counts: dict[int, int] = {}  # events each position's view holds (for the move log)
        self._log: tuple[tuple[object, ...], list[dict[str, Any]]] | None = None
        self.first = 0
        self.reset(start)

    def reset(self, start: GameState) -> None:
        """A new line from ``start`` (a new game, a restart)."""
        self.states = [start]
        self.at = 0
        self._counts.clear()
        self._log = None
        #: The move number of the line's start (a scenario may start after some moves).
        self.first = len(start.actions())

    # ---- where the line stands ----------------------------------------------------------------

    @property
    def start(self) -> GameState:
        return self.states[0]

    @property
    def current(self) -> GameState:
        return self.states[self.at]

    @property
    def length(self) -> int:
        """How many moves the line holds after its start (the redo tail included)."""
        return len(self.states) - 1

    def index(self, move: int) -> int | None:
        """The position of move number ``move`` on the line, or None when it is not on it."""
        k = move - self.first
        return k if 0 <= k < len(self.states) else None

    # ---- following the game -------------------------------------------------------------------

    def follow(self, state: GameState) -> None:
        """The game moved to ``state``: extend the line, step along it, or rebuild it from the start."""
        here = self.current
        if state is here:
            return
        actions = state.actions()
        before = len(here.actions())
        if self._same_game(here, state) and len(actions) == before + 1 and actions[:-1] == here.actions():
            nxt = self.at + 1
            if nxt < len(self.states) and self.states[nxt].actions()[-1] == actions[-1]:
                self.states[nxt] = state  # the move the line went on with: keep the redo tail
            else:
                self._cut(nxt)
                self.states.append(state)
            self.at = nxt
            return
        self.jump(state)

    def jump(self, state: GameState) -> None:
        """Any other change: a position on the line, a continuation of the start, or a new line.
        A state is only placed on the line when it is the very position the line's moves lead to
        (a scenario with the same seed and rules but another position starts a line of its own)."""
        start = self.start
        if self._same_game(start, state) and state.actions()[: self.first] == start.actions():
            moves = state.actions()[self.first:]
            line = [s.actions()[-1] for s in self.states[1:]]
            k = len(moves)
            if moves == line[:k]:  # a position on the line (the walkthrough's Back, a restart)
                if self.states[k] is state or self.states[k] == state:
                    self.at = k
                    self.states[k] = state
                    return
            elif self._rebuild(moves, line, state):
                return
        self.reset(state)  # a different game or position: a line of its own

    def _rebuild(self, moves: list[str], line: list[str], state: GameState) -> bool:
        """Put ``state`` on the line, its moves played from where they leave the line's own."""
        common = 0
        while common < min(len(moves), len(line)) and moves[common] == line[common]:
            common += 1
        built = []
        position = self.states[common]
        try:
            for action in moves[common:]:
                position = position.play(action)
                built.append(position)
        except ValueError:
            return False
        if position != state:
            return False
        self._cut(common + 1)
        self.states.extend([*built[:-1], state])
        self.at = len(self.states) - 1
        return True

    def truncate(self) -> None:
        """Drop the moves after the current position (play on from here)."""
        self._cut(self.at + 1)

    def _cut(self, keep: int) -> None:
        del self.states[keep:]
        for k in [k for k in self._counts if k >= keep]:
            del self._counts[k]

    @staticmethod
    def _same_game(a: GameState, b: GameState) -> bool:
        return (a.GAME, a.players, a.seed, dict(a.rules)) == (b.GAME, b.players, b.seed, dict(b.rules))

    # ---- undo and redo ------------------------------------------------------------------------

    def undo_target(self, learners: Sequence[int]) -> int | None:
        """The learner's last decision before the current position (their move and the bots'
        replies are taken back), or None when they have not moved yet."""
        for k in range(self.at - 1, -1, -1):
            if self.states[k].current_player in learners:
                return k
        return None

    def redo_target(self, learners: Sequence[int]) -> int | None:
        """The learner's next decision along the taken-back moves (else the line's end), or None."""
        if self.at >= self.length:
            return None
        for k in range(self.at + 1, len(self.states)):
            if self.states[k].current_player in learners:
                return k
        return self.length

    # ---- the move log -------------------------------------------------------------------------

    def log(self, seat: int, names: Sequence[str],
            events: Sequence[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """The whole line in words: per move, who moved and the event texts that move told (move
        ``first`` holds what was told before the first move: the deal, who starts). Kept until the
        line changes: a table redraws several times per move. ``events``: the line's last position's
        view events for ``seat`` and ``names`` when the caller has them (it drew that view)."""
        key = (id(self.states[-1]), len(self.states), seat, tuple(names))
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        last = len(self.states) - 1
        if events is None:
            events = self.states[last].view(seat, names=names)["events"]
        self._counts.setdefault(last, len(events))
        texts = [str(e.get("text", "")) for e in events]
        counts = [self._count(k, seat) for k in range(len(self.states))]
        entries = []
        previous = 0
        for k, count in enumerate(counts):
            told = texts[previous:count] if count >= previous else []
            previous = max(previous, count)
            mover = self.states[k - 1].current_player if k else None
            entries.append({"move": self.first + k, "seat": mover, "texts": told})
        self._log = (key, entries)
        return entries

    def _count(self, k: int, seat: int) -> int:
        count = self._counts.get(k)
        if count is None:
            count = self._counts[k] = len(self.states[k].view(seat)["events"])
        return count

