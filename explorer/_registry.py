"""Which games exist and where their rules live; game packages are imported on first use."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from ._core.editions import clip, records_only
from ._core.options import resolve_options
from ._core.positions import Players
from ._core.spec import GameSpec
from ._core.state import GameState, ScoreSheet
from ._errors import RecordError

GAMES: tuple[str, ...] = ("bangkok", "klongs", "tindahan", "bastos")

# Option names of earlier records, read as today's (the scenario option was once named per game).
_RENAMED_OPTIONS = {"deal": "start", "position": "start"}


def spec(game: str) -> GameSpec:
    """The declaration of ``game`` (its package's ``SPEC``); a package without one is a bug, said loudly."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    module = importlib.import_module(f"explorer.{game}")
    declared = getattr(module, "SPEC", None)
    if not isinstance(declared, GameSpec) or declared.name != game:
        raise RuntimeError(f"explorer.{game} does not declare its GameSpec as SPEC")
    return declared


def game_class(game: str) -> type[GameState]:
    return spec(game).state


def new_game(
    game: str, players: int, seed: int | None = None, *, edition: Any = None, **rules: Any
) -> GameState:
    """Start a game. ``rules`` are the game's variant options; unknown names raise ``TypeError``.

    ``edition`` picks the components for games whose rulebooks do not list them (Bangkok, Klongs):
    ``None`` for the default edition, or an edition dict or file path of the user's own.
    """
    return game_class(game).new(players, seed, edition=edition, **rules)


def score_table(game: str, players: int | Sequence[str], position: Mapping[str, Any], *, edition: Any = None,
                **rules: Any) -> ScoreSheet:
    """The itemised score of a stated end position: a physical table's, scored line by line with the
    rules' own functions, in the same form as ``state.score_sheet()``.

    ``players`` is a count (seats named as the game names them) or the players' names in seat order;
    in ``position`` an entry per player is a list in seat order or a dict keyed by seat number or name.
    The position (each game's own; the README shows one of each) extends the game's ``start`` shape to
    what its scoring reads:

    - ``bangkok``: ``{"markets": [3 rows per player], "objectives": [good per player]}``
    - ``klongs``: ``{"stocks": [boats per player], "scores": [points on the track before the stock
      scoring]}`` (``scores`` optional)
    - ``tindahan`` (one round's end): ``{"tricks", "hand_cards", "sellers", "trump"}`` as
      ``explorer.tindahan.score_round`` takes them, and optionally ``"sent"`` and ``"round"``
    - ``bastos`` (one round's end): ``{"values", "won"}`` as ``explorer.bastos.score_round`` takes them,
      and optionally ``"round"``

    ``rules`` are the game's rules options and ``edition`` its components (Bangkok, Klongs), as for
    ``new_game``. Malformed input raises ``TypeError``/``ValueError`` saying what is wrong; a position
    that breaks a rule raises ``explorer.PositionError`` (a ``ValueError``) naming the rule and its words.

    >>> sheet = score_table("bastos", ["A", "B", "C"], {"values": {"banana": 2, "mango": -1},
    ...                     "won": {"A": ["banana-3", "banana-9", "mango-7"]}})
    >>> sheet[0].label, [line.points for line in sheet]
    ('2 banana cards worth +2 each', [4, -1, 0, 0])
    """
    declared = spec(game)
    if declared.score_table is None:  # pragma: no cover - every game declares one
        raise NotImplementedError(f"{game} does not score a stated position")
    if "start" in rules:
        raise TypeError(f"{game}: score_table takes the position as its third argument, not a start option")
    table = Players.of(declared.state, players)
    options = resolve_options(game, declared.options, rules)
    components = declared.state._resolve_edition(edition)
    return declared.score_table(table, position, options, components)


_RECORD_KEYS = {"game", "players", "seed", "rules", "edition", "actions"}


def replay(record: Mapping[str, Any]) -> GameState:
    """The state a record (from ``to_record()``) leads to; a malformed record raises ``ValueError``."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a dict, not {type(record).__name__}")
    missing = sorted({"game", "players", "seed", "actions"} - set(record))
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    extra = sorted(clip(repr(key), 40) for key in record if key not in _RECORD_KEYS)
    if extra:
        raise RecordError(f"record has unknown field(s) {', '.join(extra[:5])}")
    game = record["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(f"record field 'game' is {clip(repr(game))}; expected one of {', '.join(GAMES)}")
    for name in ("players", "seed"):  # a record replays one game: no seed means no game to replay
        if isinstance(record[name], bool) or not isinstance(record[name], int):
            raise RecordError(f"record field {name!r} must be an int, not {clip(repr(record[name]))}")
    rules = record.get("rules", {})
    if not isinstance(rules, Mapping):
        raise RecordError(f"record field 'rules' must be a dict, not {type(rules).__name__}")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record field 'actions' must be a list of action notations (strings)")
    cls = game_class(game)
    rules = {_RENAMED_OPTIONS.get(name, name) if name not in cls.OPTIONS else name: value
             for name, value in rules.items()}
    if not all(isinstance(name, str) for name in rules):
        raise RecordError("record field 'rules' must map option names (strings) to values")
    try:
        with records_only():
            state = cls.new(record["players"], record["seed"], edition=record.get("edition"), **dict(rules))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"record cannot start a game: {exc}") from None
    for index, action in enumerate(actions):
        try:
            state = state.play(action)
        except ValueError as exc:
            raise RecordError(f"record action #{index + 1} {clip(repr(action))} is refused: {exc}") from None
    return state
