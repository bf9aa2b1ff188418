"""The compiled core: which modules mypyc compiles, and the guard that never runs a stale build.

``setup.py`` compiles the modules in :data:`MODULES` with mypyc when it can (a C compiler and mypy in
the build environment) and leaves them pure Python when it cannot. It puts the compiled modules in
``explorer/_native/`` (not a package: Python's own import never finds them there) with
``stamps.json``, the SHA-256 of each module's source as compiled. The finder installed here is the one
way to load them: before the first of these modules is imported, it decides once for all of them:

- compiled, if every module's stamp matches its ``.py`` file as it is now and the build loads;
- pure Python otherwise (not built, no compiler, a source edited since the build, or
  ``RULES_EXPLORER_PURE=1`` in the environment), for all of them, so that compiled and interpreted
  classes never mix.

Editing a compiled module's source therefore runs the source (slower) until the next build (``./dev``
rebuilds when those sources change), never the old compiled code.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: The modules mypyc compiles, in import order. ``setup.py`` and ``./dev`` read this tuple (one name a
#: line) from the source; the compiled code may only subclass classes compiled with it.
MODULES = (
    "explorer._core.action",
    "explorer._core.playout",
    "explorer._core.shuffle",
    "explorer._fruitbox.kernel",
    "explorer.bangkok._board",
    "explorer.bangkok._kernel",
    "explorer.klongs._board",
    "explorer.klongs._kernel",
    "explorer.tindahan._kernel",
    "explorer.bastos._kernel",
)

#: The environment variable that forces pure Python (any value but "" and "0").
PURE_VARIABLE = "RULES_EXPLORER_PURE"
#: The compiled modules' directory and their stamps, beside this file (in the source tree for an
#: editable install, in site-packages otherwise).
NATIVE = Path(__file__).with_name("_native")
STAMPS = NATIVE / "stamps.json"
#: The shared library that holds the compiled code (``setup.py`` names mypyc's group after it).
LIBRARY = "explorer._native.core__mypyc"


def source_path(module: str) -> Path:
    """The ``.py`` file of ``module`` (a name in :data:`MODULES`) in this installed package."""
    return Path(__file__).parent.joinpath(*module.split(".")[1:]).with_suffix(".py")


def native_path(module: str) -> Path:
    """Where ``setup.py`` puts the compiled ``module`` (the extension suffix of this interpreter)."""
    *package, name = module.split(".")[1:]  # explorer.klongs._kernel: _native/klongs/_kernel.<suffix>
    return NATIVE.joinpath(*package, name + importlib.machinery.EXTENSION_SUFFIXES[0])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _decide(modules: Sequence[str]) -> str:
    """"compiled", or why the modules run as pure Python."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return f"pure Python ({PURE_VARIABLE} is set)"
    loaded = [m for m in modules if m in sys.modules]
    if loaded:  # imported before this guard: keep every module on the same side
        return f"pure Python ({loaded[0]} was imported before the guard)"
    try:
        stamps = json.loads(STAMPS.read_text())
    except (OSError, ValueError):
        return "pure Python (not compiled: no build of the core here)"
    for module in modules:
        if not native_path(module).is_file() or module not in stamps:
            return f"pure Python (not compiled: no build of {module})"
        if stamps[module] != digest(source_path(module)):
            return f"pure Python ({source_path(module).name} changed since it was compiled)"
    try:
        importlib.import_module(LIBRARY)
    except ImportError as error:
        return f"pure Python (the compiled core does not load: {error})"
    return "compiled"


class _Finder(importlib.abc.MetaPathFinder):
    """Loads the modules of :data:`MODULES` from their compiled build when :data:`STATUS` allows."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES or STATUS != "compiled":
            return None  # the usual finders: the pure source
        return importlib.util.spec_from_file_location(fullname, native_path(fullname))


#: "compiled", or "pure Python (why)": decided once, when ``explorer`` first imports this module.
STATUS = _decide(MODULES)
COMPILED = STATUS == "compiled"
if COMPILED and not any(isinstance(finder, _Finder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _Finder())


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` (one of :data:`MODULES`, imported) runs its compiled build."""
    return bool(module.__file__) and not str(module.__file__).endswith(".py")
