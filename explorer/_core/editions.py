"""Editions: the components a rulebook does not list (card faces, a board), read from JSON files.

One loader serves every game that has editions: ``None`` or the built-in edition's name gives the
default, a dict is validated as an edition, a path is read as a JSON file, and an already compiled
edition passes through. Problems become :class:`explorer.EditionError` saying which field and why.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from .._errors import EditionError

E = TypeVar("E")
M = TypeVar("M", bound=BaseModel)

#: How many problems an error message lists before it says "and N more".
MAX_PROBLEMS = 3
#: A path longer than this is not a path someone typed: most likely JSON text or a mistake.
MAX_PATH = 1024

# Set while a game record is replayed: a record is self-contained, so its edition is a built-in
# name or the edition's data, never a path on the machine that replays it (which would also let a
# forged record probe which files exist).
_RECORD_ONLY: ContextVar[bool] = ContextVar("record_only", default=False)


@contextmanager
def records_only() -> Iterator[None]:
    """While active, editions named by path are refused (a record carries its edition as data)."""
    token = _RECORD_ONLY.set(True)
    try:
        yield
    finally:
        _RECORD_ONLY.reset(token)


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut short for an error message (a megabyte of input must not come back in full)."""
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text)} characters)"


def format_errors(error: ValidationError, limit: int = MAX_PROBLEMS) -> str:
    """pydantic's errors as ``field a.b[2]: why; ...`` (a check inside a model may name its field as
    ``"sub.field: why"``, which is folded into the path)."""
    problems = []
    for item in error.errors():
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in item["loc"]).lstrip(".")
        message = str(item["msg"]).removeprefix("Value error, ")
        inner = re.match(r"^([\w.\[\]]+): (.*)$", message)
        if inner:
            where = f"{where}.{inner[1]}" if where else inner[1]
            message = inner[2]
        if str(item["type"]).endswith("_type"):  # a wrong JSON type: say what was given instead
            given = item["input"]
            try:
                shown = json.dumps(given)
            except (TypeError, ValueError):
                shown = repr(given)
            message = f"{message}, not {clip(shown, 30)} (a {_json_type(given)})"
        problems.append(f"field {where or '(edition)'}: {message}")
    more = f" (and {len(problems) - limit} more)" if len(problems) > limit else ""
    return "; ".join(problems[:limit]) + more


def _json_type(value: Any) -> str:
    """What ``value`` is in JSON's words (a file says true, not True)."""
    for kind, name in ((bool, "boolean"), (int, "number"), (float, "number"), (str, "string"),
                       (list, "list"), (dict, "object"), (type(None), "null")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def validate(model: type[M], data: Any, what: str, context: dict[str, Any] | None = None) -> M:
    """``data`` checked against ``model``; ``EditionError`` naming ``what``, the fields and why."""
    if not isinstance(data, dict):
        raise EditionError(f"{what}: an edition is a JSON object (dict), not {type(data).__name__}")
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise EditionError(f"{what} is invalid: {format_errors(exc)}") from None
    except RecursionError:
        raise EditionError(f"{what} is nested too deeply to be an edition") from None


def read_json(path: Path, what: str) -> Any:
    """The JSON in the file at ``path``, or ``EditionError`` saying why it cannot be read."""
    name = clip(str(path))
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise EditionError(f"cannot read {what} {name!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise EditionError(f"{what} {name!r} is not UTF-8 text (byte {exc.start}): "
                           "an edition is JSON") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise EditionError(f"{what} {name!r} is not JSON: {exc}") from None
    except RecursionError:
        raise EditionError(f"{what} {name!r} is nested too deeply to be an edition") from None


@dataclass
class EditionLoader(Generic[E]):
    """How one game finds its editions.

    ``compile(data, builtin)`` validates a dict (with :func:`validate`) and builds the game's edition
    value; ``kind`` is the edition class, whose instances pass through ``load`` unchanged.
    """

    game: str  # as a learner reads it: "Bangkok", "Klongs"
    package: str  # where data/default.json lives
    default_name: str
    kind: type[E]
    compile: Callable[[Any, bool], E]
    #: The other built-in editions: name -> file in the package's ``data/`` (a record names them alone).
    others: dict[str, str] = field(default_factory=dict)
    _built: dict[str, E] = field(default_factory=dict, init=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The built-in editions' names, the default first."""
        return (self.default_name, *self.others)

    def default(self) -> E:
        """The built-in edition (``data/default.json`` of the game package), compiled once."""
        return self.builtin(self.default_name)

    def builtin(self, name: str) -> E:
        """The built-in edition ``name`` (one of :attr:`names`), compiled once."""
        if name not in self._built:
            file = "default.json" if name == self.default_name else self.others[name]
            text = resources.files(self.package).joinpath("data", file).read_text(encoding="utf-8")
            self._built[name] = self.compile(json.loads(text), True)
        return self._built[name]

    def load(self, source: Any) -> E:
        """``None`` or a built-in edition's name, an edition dict, a path to a JSON file, or an edition."""
        if source is None:
            return self.default()
        if isinstance(source, str) and source in self.names:
            return self.builtin(source)
        if isinstance(source, self.kind):
            return source
        if isinstance(source, dict):
            return self._user(source)
        if isinstance(source, str | os.PathLike):
            return self._user(read_json(self._path(source), f"{self.game} edition file"))
        names = " or ".join(repr(name) for name in self.names)
        raise EditionError(f"a {self.game} edition is None or {names}, a dict or a path to a "
                           f"JSON file, not {type(source).__name__}")

    def _user(self, data: Any) -> E:
        """A user's edition, compiled (its fields' problems are told first), under a name of its own: a
        record names the built-in edition by that name alone, so a user's edition under it would
        replay as different components."""
        edition = self.compile(data, False)
        name = data.get("name") if isinstance(data, dict) else None
        if name in self.names:
            raise EditionError(f"the {self.game} edition is invalid: field name: {clip(repr(name))} belongs "
                               "to the built-in edition of that name; a user's edition takes a name of its "
                               "own")
        return edition

    def _path(self, source: str | os.PathLike[str]) -> Path:
        """``source`` as a file path, refused with a reason when it cannot be one."""
        text = os.fspath(source)
        if _RECORD_ONLY.get():
            builtins = ", ".join(map(repr, self.names))
            raise EditionError(f"a record names only the built-in {self.game} editions ({builtins}); a "
                               f"user's edition travels inside the record as data, not as a path "
                               f"({clip(str(text))!r})")
        if isinstance(text, str) and text.lstrip()[:1] in ("{", "["):
            raise EditionError(f"the {self.game} edition {clip(text)!r} looks like JSON text: pass the "
                               "edition as a dict (json.loads(text)) or the path of a JSON file")
        if "\0" in str(text):
            raise EditionError(f"the {self.game} edition path {clip(str(text))!r} contains a NUL character")
        if len(str(text)) > MAX_PATH:
            raise EditionError(f"the {self.game} edition path is {len(str(text))} characters long: not a "
                               "file name (an edition is None, its name, a dict or a path to a JSON file)")
        return Path(text)
