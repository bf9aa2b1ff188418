"""Exercises the engine marks, drawn from positions of real games (heuristic bots, seeded), endlessly.

``draw(game, seed, kind)`` plays a seeded bot game to a random point and asks about it, from one seat's
point of view (that seat is "you"; nobody's hidden cards are shown):

- ``"legal"`` (every game): which of a handful of moves may you play here? The answer is the set of
  the legal ones (indices into ``choices``, their letters or their texts); every refused one is
  explained by the engine's refusal and the rule's text.
- ``"trick"`` (Tindahan, Bastos!): who takes this trick? A seat number or name (Bastos!: ``None`` or
  "nobody" for a trick set aside).
- ``"points"`` (every game): how many points does this score? Tindahan and Bastos!: a player's round;
  Bangkok: a market at the game's end; Klongs: a landing on a market day, or a final stock. The reason
  is the score sheet's lines with their rules' texts.

The table to show with a question is ``Exercise.picture()``. A "points" exercise's ``state`` is the
position right after the scoring (programs read it), whose picture gives the answer away, so its table is
another (``explorer._learn.shown``), chosen per game to show what scores and not the score: a Klongs landing,
the real position just before the scoring move (the same board; the scoring takes a boat off it); a
Tindahan or Bastos! round, the table as its last trick left it, the totals before the round (the position
after has the next round dealt, and the one before lacks the last trick); a Bangkok market or a Klongs
stock, the final position with that scoring left out (no position before it has the same markets or
stocks): no totals (Bangkok) or the totals before the stocks, no "points if scored now", no winner.
A "trick" exercise's ``state`` is the position right after the trick, whose picture says who took it
("taken by Ben", "You take the trick with ..."); its table is the real position just before the trick's
last move with that move applied up to the taking: the trick's plays on the table, the led fruit, trump,
the colours and values, the tricks won and scores as before it (the position after has the trick taken,
and after a round's last trick the next round dealt; the one before lacks the last card).

Nothing here works a rule out: the legal moves, refusals, trick winners and points are the engine's
(``state.check``, ``legal_actions``, its tricks and its score sheet).

Difficulty: ``draw(game, seed, kind, level)`` with ``level`` 1, 2 or 3 draws an exercise whose reason
cites that many of the engine's rules (``Exercise.rules``; 3: three or more): 1, one rule at work (every
refusal on offer cites the same rule, the score lines apply one rule, one rule decided the trick); 2, two
rules together; 3, three or more. The level is read off the rules the engine cites, never set by hand:
``draw`` plays seeded games until one offers a position of that level (``ATTEMPTS`` games at most, the same
for the same seed), steering where it can (which refused moves a "legal" exercise offers, which trick, round,
seat or landing it asks about). Not every kind reaches every level (``LEVELS``): a Bastos! round or a Klongs
landing or stock always scores by one rule, a Tindahan trick by one or two, and a Bangkok market at the game's
end nearly always by three or more; ``level=None`` draws any level, the same exercise for a seed as before
levels existed.

>>> from explorer import exercises
>>> exercise = exercises.draw("tindahan", seed=1, kind="points")
>>> marked = exercise.check(exercise.check(0).expected)
>>> marked.correct, exercise.check(-100).correct
(True, False)
>>> print(exercise.question)  # doctest: +ELLIPSIS
Tindahan with ... players: round ... has been played out, with ... as trump ...
>>> exercises.draw("bastos", seed=1, kind="trick", level=3).level
3
"""

from __future__ import annotations

import random
import re
import secrets
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from types import MappingProxyType
from typing import Any

from ._core.state import GameState, ScoreLine
from ._core.words import YOU, does, joined, render
from ._learn import games, shown
from ._registry import GAMES, new_game, spec
from .bots import make_bot

__all__ = ["KINDS", "LEVELS", "Exercise", "Marked", "draw"]

#: The kinds of exercise each game offers.
KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "bangkok": ("legal", "points"), "klongs": ("legal", "points"),
    "tindahan": ("legal", "trick", "points"), "bastos": ("legal", "trick", "points")})
LETTERS = "ABCDEFGH"
#: How many moves a "legal" exercise offers, and how many moves back from its position the likely
#: mistakes are taken from: moves the rules allowed the seat a little earlier, or that anyone made.
CHOICES, LOOK_BACK = 4, 18
#: How far into a game a "legal" exercise's position lies at most (moves), per game.
HORIZON = {"bangkok": 45, "klongs": 120, "tindahan": 160, "bastos": 260}
NOBODY = ("nobody", "no one", "none", "set aside")
#: The levels each kind of exercise is drawn at: how many rules its reasons cite (3: three or more). A level
#: the engine's positions give only once in many games is left out (a Bangkok market whose lines apply two
#: rules: one end-of-game seat in fifty), so that asking for a level never costs seconds; the tests draw
#: every level listed.
LEVELS: Mapping[str, Mapping[str, tuple[int, ...]]] = MappingProxyType({
    "bangkok": MappingProxyType({"legal": (1, 2, 3), "points": (3,)}),
    "klongs": MappingProxyType({"legal": (1, 2, 3), "points": (1,)}),
    "tindahan": MappingProxyType({"legal": (1, 2, 3), "trick": (1, 2), "points": (1, 2, 3)}),
    "bastos": MappingProxyType({"legal": (1, 2, 3), "trick": (1, 2, 3), "points": (1,)})})
#: How many seeded games ``draw`` plays at most to find a position of the level asked for.
ATTEMPTS = 20


@dataclass(frozen=True, slots=True)
class Marked:
    """An answer marked: whether it is ``correct``, the ``expected`` answer (the form ``check`` takes:
    a frozenset of choice indices, a seat or None, an int) and the ``reason`` in plain words; ``lines``
    are the score lines a "points" answer adds up."""

    correct: bool
    expected: Any
    reason: str
    lines: tuple[ScoreLine, ...] = ()

    def __str__(self) -> str:
        return f"{'Right' if self.correct else 'Not quite'}. {self.reason}"


@dataclass(frozen=True, eq=False)
class Exercise:
    """A question about ``state`` asked of ``seat`` (who reads "you"). ``choices`` are what a learner
    picks from (the moves in words for "legal", the seats' names for "trick"); ``actions`` the moves'
    notations and ``facts`` the position's facts in the terms of the game's public helpers (for
    programs; never shown); ``rules`` the ids of the rules the reason cites."""

    game: str
    kind: str
    seed: int
    question: str
    state: GameState
    seat: int
    choices: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)
    _expected: Any = field(default=None, repr=False)
    _why: tuple[str, ...] = field(default=(), repr=False)
    _lines: tuple[ScoreLine, ...] = field(default=(), repr=False)
    _shown: Mapping[str, Any] | None = field(default=None, repr=False)

    def __str__(self) -> str:
        return self.question

    def picture(self) -> Any:
        """The table to show with the question, seen by ``seat``: the state's picture for a "legal"
        exercise; a "points" or "trick" exercise's ``state`` (right after the scoring or the trick) would
        give the answer away, so its table shows what scores and not the score, or the trick played out
        and not who takes it (see the module docstring).

        >>> exercise = draw("tindahan", seed=1, kind="points")
        >>> "has been played out and is scored next" in exercise.picture().html
        True
        >>> "taken by" in draw("bastos", seed=1, kind="trick").picture().html
        False
        """
        if self._shown is None:
            return self.state.picture(self.seat)
        return shown.picture(self.game, self._shown, self.seat)

    @property
    def level(self) -> int:
        """How hard it is: the number of rules its reason cites (1, 2, or 3 for three or more)."""
        return level_of(self.rules)

    def check(self, answer: object) -> Marked:
        """Mark ``answer``; one of the wrong type or out of range raises ``TypeError``/``ValueError``.

        >>> exercise = draw("tindahan", seed=2, kind="legal")
        >>> legal = exercise.check([]).expected  # the legal choices' indices
        >>> exercise.check({"ABCD"[i] for i in legal}).correct
        True
        """
        if self.kind == "legal":
            given = self._choices(answer)
            letters = [LETTERS[i] for i in sorted(self._expected)]
            head = (f"You may play {joined(letters)}; the others are refused."
                    if len(letters) < len(self.choices) else "You may play every one of them.")
            chose = f"You chose {joined([LETTERS[i] for i in sorted(given)]) or 'none'}. "
            return Marked(given == self._expected, self._expected,
                          "\n".join([("" if given == self._expected else chose) + head, *self._why]))
        if self.kind == "trick":
            seat = self._seat(answer)
            named = "nobody" if seat is None else self.choices[seat].replace(YOU, "yourself")
            said = "" if seat == self._expected else f"You answered {named}. "
            return Marked(seat == self._expected, self._expected, said + "\n".join(self._why))
        points = _points(answer)
        said = "" if points == self._expected else f"You answered {points}. "
        return Marked(points == self._expected, self._expected, said + "\n".join(self._why), self._lines)

    # ---- reading answers ------------------------------------------------------------------------------

    def _choices(self, answer: object) -> frozenset[int]:
        items: list[object]
        if isinstance(answer, str):
            texts = [c.casefold() for c in self.choices]
            items = [answer] if answer.strip().casefold() in texts else _letters(answer)
        elif isinstance(answer, int) and not isinstance(answer, bool):
            items = [answer]
        elif isinstance(answer, set | frozenset | list | tuple):
            items = list(answer)
        else:
            last = len(self.choices) - 1
            raise TypeError(f"answer with a set or list of choices (indices 0-{last}, letters "
                            f"A-{LETTERS[last]} or their texts), not {type(answer).__name__}")
        return frozenset(self._choice(item) for item in items)

    def _choice(self, item: object) -> int:
        n = len(self.choices)
        if isinstance(item, int) and not isinstance(item, bool):
            if 0 <= item < n:
                return item
            raise ValueError(f"choice {item} is out of range: the {n} choices are numbered 0 to {n - 1}")
        if not isinstance(item, str):
            raise TypeError(f"a choice is an index, a letter or its text, not {type(item).__name__}")
        text = item.strip()
        if len(text) == 1 and text.upper() in LETTERS[:n]:
            return LETTERS.index(text.upper())
        for index, choice in enumerate(self.choices):
            if choice.casefold() == text.casefold():
                return index
        raise ValueError(f"{item[:60]!r} is not one of the choices: answer with letters A-{LETTERS[n - 1]}, "
                         f"indices 0-{n - 1} or the choices' texts")

    def _seat(self, answer: object) -> int | None:
        players = self.state.players
        nobody = self.game == "bastos"
        if answer is None and nobody:
            return None
        if isinstance(answer, int) and not isinstance(answer, bool):
            if 0 <= answer < players:
                return answer
            raise ValueError(f"seat {answer} is out of range: the seats are 0 to {players - 1}")
        if not isinstance(answer, str):
            raise TypeError(f"answer with a seat (0-{players - 1}) or a name, not {type(answer).__name__}")
        text = answer.strip().casefold()
        if nobody and (text in NOBODY or text == self.choices[-1].casefold()):
            return None
        for names in (self.choices[:players], self.state.seat_names()):
            for seat, name in enumerate(names):
                if name.casefold() == text:
                    return seat
        raise ValueError(f"{answer[:60]!r} is not a seat here: answer with one of "
                         f"{joined(self.choices, 'or')} (or a seat number 0-{players - 1})")


def _letters(answer: str) -> list[object]:
    """"A, C", "A and C", "AC" -> ["A", "C"]; anything else is kept whole (and refused by ``_choice``)."""
    tokens = [t for t in re.split(r"[\s,;/&+]+|\band\b", answer.strip()) if t]
    out: list[object] = []
    for token in tokens:
        out += list(token) if token.isalpha() and token.isupper() and len(token) <= len(LETTERS) else [token]
    return out


def _points(answer: object) -> int:
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        if re.fullmatch(r"\s*[+-]?\d{1,6}\s*", answer):
            return int(answer)
        raise ValueError(f"{answer[:60]!r} is not a whole number of points")
    raise TypeError(f"answer with a whole number of points (an int), not {type(answer).__name__}")


# ---- drawing ----------------------------------------------------------------------------------------------

Move = tuple[GameState, str, GameState]


def level_of(rules: Sequence[str]) -> int:
    """An exercise's level from the rules its reason cites: 1, 2, or 3 for three or more."""
    return max(1, min(len(set(rules)), 3))


def draw(game: str, seed: int | None = None, kind: str | None = None, level: int | None = None) -> Exercise:
    """An exercise about a position of a seeded bot game: the same ``seed`` draws the same exercise.

    ``kind`` is one of ``KINDS[game]``, or ``None`` for one drawn by the seed; ``level`` is 1, 2 or 3 (how
    many rules the reason cites, 3: three or more; one of ``LEVELS[game][kind]``), or ``None`` for any.

    >>> exercise = draw("bastos", seed=4, kind="trick")
    >>> exercise.check(exercise.check("nobody").expected).correct
    True
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    kinds = KINDS[game]
    if kind is not None and kind not in kinds:
        raise ValueError(f"{game} has no {kind!r} exercises; its kinds are {', '.join(kinds)}")
    if level is not None and (type(level) is not int or level not in (1, 2, 3)):
        raise ValueError(f"level must be 1, 2 or 3 (or None for any level), not {level!r}")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if level is None:  # as before levels existed: the other helpers' tables of seeds stay true
        chosen = kind or random.Random(f"exercises:{game}:{seed}").choice(kinds)
        rng = random.Random(f"exercises:{game}:{seed}:{chosen}")
    else:
        offered = [k for k in kinds if level in LEVELS[game][k]]
        if kind is not None and kind not in offered:
            reached = ", ".join(map(str, LEVELS[game][kind]))
            raise ValueError(f"{game} {kind} exercises come at level {reached} only, not {level}")
        chosen = kind or random.Random(f"exercises:{game}:{seed}:level {level}").choice(offered)
        rng = random.Random(f"exercises:{game}:{seed}:{chosen}:level {level}")
    players = spec(game).players
    build = {"legal": _legal, "trick": _trick, "points": _scored}[chosen]
    for _ in range(ATTEMPTS):
        exercise = build(game, _moves(game, rng.choice(players[-3:]), rng.randrange(2**31)), rng, level)
        if exercise is not None:
            return Exercise(game, chosen, seed, **exercise)
    raise RuntimeError(f"no {chosen} exercise found for {game} with seed {seed}")  # pragma: no cover


def _moves(game: str, players: int, seed: int) -> Iterator[Move]:
    """A game played by heuristic bots: each position, the move made there and the position after it."""
    state = new_game(game, players=players, seed=seed)
    bots = [make_bot(game, "heuristic", seed=seed + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat))
        after = state.play(action)
        yield state, action, after
        state = after


def _rule_text(state: GameState, rule: str) -> str:
    found = state.RULES.get(rule)
    return found.text if found is not None else "a rule of the engine"


def _label(state: GameState, notation: str, names: Sequence[str]) -> str | None:
    """A move in plain words as the game words it (``view["labels"]`` for the legal ones); None where the
    game cannot word a move that is not legal here."""
    try:
        return render(state._label(notation), names)
    except (LookupError, ValueError, TypeError, AssertionError):
        return None


def _legal(game: str, moves: Iterator[Move], rng: random.Random, level: int | None) -> dict[str, Any] | None:
    target = rng.randrange(HORIZON[game])
    played = [(before, action) for before, action, _ in islice(moves, target + 1)]
    tries = [len(played) - 1, *rng.sample(range(len(played)), min(5 if level is None else 11, len(played)))]
    return next(filter(None, (_legal_at(game, played, at, rng, level) for at in tries)), None)


def _legal_at(game: str, played: Sequence[tuple[GameState, str]], at: int, rng: random.Random,
              level: int | None = None) -> dict[str, Any] | None:
    """Which of a handful of moves the seat to act at ``played[at]`` may play (None: none refused, or
    fewer rules refuse moves here than ``level`` wants)."""
    state = played[at][0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    labels: dict[str, str] = view["labels"]
    # Likely mistakes, besides the seat's own cards and places: moves of the kinds legal now that the
    # seat could make a little earlier, or that anyone made (face up). Nothing the seat has not seen:
    # never another seat's options, nor anything that names what the seat may not see (``secrets``).
    kinds = {games.shape(notation) for notation in labels}
    hidden = set(state.secrets(seat))
    nearby = [str(a) for before, action in played[max(0, at - LOOK_BACK):at]
              for a in (before.legal_actions() if before.current_player == seat else [action])]
    nearby = [n for n in nearby if games.shape(n) in kinds and not hidden & set(re.split(r"[:@>=,]", n))]
    refused: dict[str, tuple[Any, str, bool]] = {}  # notation -> (refusal, words, one of the seat's own)
    worded = set(labels.values())
    for own, pool in ((True, games.candidates(view)), (False, nearby)):
        for notation in pool:
            if notation in labels or notation in refused:
                continue
            refusal = state.check(notation)
            text = None if refusal is None or refusal.rule.endswith(".notation") else _label(state, notation,
                                                                                              view["names"])
            if text is not None and text not in worded and games.sensible(view, notation, text):
                worded.add(text)
                refused[notation] = (refusal, text, own)
    if not refused:
        return None
    # The refused moves: as many different rules as there are, the seat's own moves first.
    groups: dict[str, list[str]] = {}
    for notation, (refusal, _, _) in refused.items():
        groups.setdefault(refusal.rule, []).append(notation)
    rules = list(groups)
    rng.shuffle(rules)
    rules.sort(key=lambda rule: not any(refused[n][2] for n in groups[rule]))
    if level is not None:  # refusals by exactly ``level`` rules, with room for one of each on offer
        if len(rules) < level:
            return None
        rules = rules[:level]
        refused = {n: refused[n] for rule in rules for n in groups[rule]}
    most = min(3, len(labels)) if level is None else min(3, len(labels), CHOICES - len(rules))
    legal = rng.sample(list(labels), rng.randint(1, most))
    wanted = min(CHOICES - len(legal), len(refused))
    picked: list[str] = []
    while len(picked) < wanted:
        for rule in rules:
            left = [n for n in groups[rule] if n not in picked]
            if left and len(picked) < wanted:
                picked.append(rng.choice([n for n in left if refused[n][2]] or left))
    offered = [(n, labels[n], None) for n in legal] + [(n, refused[n][1], refused[n][0]) for n in picked]
    rng.shuffle(offered)
    why = [f"{LETTERS[i]}) {text}: allowed." if refusal is None else
           f"{LETTERS[i]}) {text}: refused. {refusal.reason}. The rule: {_rule_text(state, refusal.rule)}"
           for i, (_, text, refusal) in enumerate(offered)]
    question = [*games.SITUATION[game](view), "", "Which of these may you play here? Name every one the "
                "rules allow:", *(f"{LETTERS[i]}) {text}" for i, (_, text, _) in enumerate(offered))]
    return {"question": "\n".join(question), "state": state, "seat": seat,
            "choices": tuple(text for _, text, _ in offered), "actions": tuple(n for n, _, _ in offered),
            "rules": tuple(dict.fromkeys(r.rule for _, _, r in offered if r is not None)),
            "_expected": frozenset(i for i, (_, _, r) in enumerate(offered) if r is None), "_why": tuple(why)}


def _last_trick(state: GameState) -> Any:
    return getattr(state, "last_trick", None) or getattr(state, "round_last_trick", None)


def _trick(game: str, moves: Iterator[Move], rng: random.Random, level: int | None) -> dict[str, Any] | None:
    if level is not None:  # every trick of the game that one rule, two or three decided: one of them
        fits = []
        for before, _, after in moves:
            if _last_trick(after) != _last_trick(before):
                seat = before.current_player
                assert seat is not None
                asked = games.trick(before.view(seat), after.view(seat))
                if level_of(asked.rules) == level:
                    fits.append((before, after, seat, asked))
        return _trick_exercise(*rng.choice(fits)) if fits else None
    target, found = rng.randint(1, 30), None
    for before, _, after in moves:
        if _last_trick(after) != _last_trick(before):
            found, target = (before, after), target - 1
            if not target:
                break
    if found is None:
        return None
    before, after = found
    seat = before.current_player
    assert seat is not None
    return _trick_exercise(before, after, seat, games.trick(before.view(seat), after.view(seat)))


def _trick_exercise(before: GameState, after: GameState, seat: int, asked: games.Trick) -> dict[str, Any]:
    """A trick finished by ``seat``'s move from ``before``; its table is ``shown.trick_end`` (the trick
    played out, not yet taken), as ``after``'s picture says who took it."""
    why = [f"{asked.told}.", *(f"The rule: {_rule_text(after, rule)}" for rule in asked.rules)]
    return {"question": asked.question, "state": after, "seat": seat, "choices": asked.choices,
            "rules": asked.rules, "facts": MappingProxyType(asked.facts), "_expected": asked.winner,
            "_why": tuple(why), "_shown": MappingProxyType(shown.trick_end(before, after, seat))}


def _added(before: GameState, after: GameState) -> list[ScoreLine]:
    """The score lines ``after`` has that ``before`` has not (a sheet may insert lines, not only add)."""
    old, new = before.score_sheet(), after.score_sheet()
    if len(new) == len(old):
        return []
    gone = Counter(old)
    out = []
    for line in new:
        if gone[line]:
            gone[line] -= 1
        else:
            out.append(line)
    return out


def _scored(game: str, moves: Iterator[Move], rng: random.Random, level: int | None) -> dict[str, Any] | None:
    if level is not None:
        return _scored_at_level(game, moves, rng, level)
    final: GameState | None = None
    found: tuple[GameState, GameState, list[ScoreLine]] | None = None
    stock = game == "klongs" and rng.random() < 0.35
    target = rng.randint(1, 3 if game in ("tindahan", "bastos") else 8)
    for before, _, after in moves:
        final = after
        if game == "bangkok" or stock:
            continue
        added = _scoring(game, before, after)
        if added:
            found, target = (before, after, added), target - 1
            if not target:
                break
    assert final is not None
    if found is None:  # Bangkok's markets, Klongs' stocks: at the game's end
        return _at_end(game, final, rng.randrange(final.players))
    before, after, added = found
    if game == "klongs":  # a landing: asked of its scorer, about one of the colours it paid
        return _landing(before, after, added, rng.choice(sorted({line.seat for line in added})))
    return _round(before, after, added, rng.randrange(after.players))


def _scored_at_level(game: str, moves: Iterator[Move], rng: random.Random,
                     level: int) -> dict[str, Any] | None:
    """Every scoring moment of the game, for every seat it pays, whose lines apply ``level`` rules: one
    of them (Klongs: its landings and, at the end, its stocks; Bangkok: the markets at the end)."""
    fits: list[tuple[Any, ...]] = []
    final: GameState | None = None
    for before, _, after in moves:
        final = after
        added = [] if game == "bangkok" else _scoring(game, before, after)
        for seat in sorted({line.seat for line in added}):
            if level_of([line.rule for line in added if line.seat == seat]) == level:
                fits.append((before, after, added, seat))
    assert final is not None
    if game in ("bangkok", "klongs"):
        fits += [(final, seat) for seat in range(final.players)
                 if level_of([line.rule for line in _end_lines(game, final, seat)]) == level]
    if not fits:
        return None
    picked = rng.choice(fits)
    if len(picked) == 2:
        return _at_end(game, *picked)
    before, after, added, seat = picked
    return _landing(before, after, added, seat) if game == "klongs" else _round(before, after, added, seat)


def _scoring(game: str, before: GameState, after: GameState) -> list[ScoreLine]:
    """The lines a move scored that an exercise asks about (Klongs: a landing's, not a stock's)."""
    return [line for line in _added(before, after)
            if game != "klongs" or line.rule.startswith("klongs.landing.")]


def _end_lines(game: str, final: GameState, seat: int) -> list[ScoreLine]:
    return [line for line in final.score_sheet()
            if line.seat == seat and (game == "bangkok" or line.rule == "klongs.stock")]


def _at_end(game: str, final: GameState, seat: int) -> dict[str, Any]:
    """A Bangkok market or a Klongs stock at the game's end."""
    asked = games.market_points(final, seat) if game == "bangkok" else games.stock_points(final, seat)
    return _points_exercise(final, seat, seat, asked, _end_lines(game, final, seat),
                            shown.game_end(final, seat))


def _landing(before: GameState, after: GameState, added: Sequence[ScoreLine], seat: int) -> dict[str, Any]:
    """A Klongs landing, asked of its scorer, about one of the colours it paid."""
    scorer = before.current_player
    assert scorer is not None
    asked = games.landing_points(before, after, scorer, seat)
    return _points_exercise(after, scorer, seat, asked, [line for line in added if line.seat == seat],
                            shown.landing(before, scorer))


def _round(before: GameState, after: GameState, added: Sequence[ScoreLine], seat: int) -> dict[str, Any]:
    """A fruit game's round just scored (by the move from ``before``), asked of ``seat``."""
    number = max(line.round for line in added)
    asked = games.round_points(after, seat, number)
    return _points_exercise(after, seat, seat, asked, [line for line in added if line.seat == seat],
                            shown.round_end(before, after, seat, number))


def _points_exercise(state: GameState, reader: int, seat: int, asked: games.Asked,
                     lines: Sequence[ScoreLine], table: Mapping[str, Any]) -> dict[str, Any]:
    names = state.seat_names(reader)
    total = sum(line.points for line in lines)
    rules = tuple(dict.fromkeys(line.rule for line in lines))
    head = f"{render(does(seat, 'scores', 'score'), names)} {total} point{'' if total in (1, -1) else 's'}"
    why = [head + (":" if lines else ": no score line applies."),
           *(f"- {render(line.label, names)}: {line.points:+d}" for line in lines),
           *([f"Total: {total}"] if len(lines) > 1 else []),
           *(f"The rule: {_rule_text(state, rule)}" for rule in rules)]
    return {"question": asked.question, "state": state, "seat": reader, "rules": rules,
            "facts": MappingProxyType(asked.facts), "_expected": total, "_why": tuple(why),
            "_lines": tuple(lines), "_shown": MappingProxyType(table)}
