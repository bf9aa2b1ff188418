"""The playout path: a mutable game for bots and hints that simulate thousands of moves.

``state.playout()`` gives a :class:`Playout` (defined in ``explorer._playout_core``): the same rules as
the public API, with actions as small integers (indices into ``legal()``, whose order is the public
``legal_actions()`` order) applied in place. The base class wraps the public API (always right, not
fast); a game may return its own faster class, and ``tests/explorer/test_playout.py`` compares every
game's playout with the public API move by move.

Importing this module first installs the guard of the compiled core (``explorer._compiled``), so that
``Playout`` and the playouts compiled with it come from a build that matches their sources, or from
the sources themselves.
"""

from __future__ import annotations

from . import _compiled  # noqa: F401  # before any compiled module: it decides compiled or pure
from ._playout_core import Playout as Playout
