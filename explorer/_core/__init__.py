"""The state core every game builds on: the one state API (``state``), the game declaration and its
options and rule catalogue (``spec``, ``options``, ``rules``), the words a learner reads (``words``),
the public events, editions, position bounds, rulebook examples, and the playout base class that the
games' rules kernels subclass (``playout``, compiled with them).

Importing this package first installs the guard of the compiled core (``explorer._compiled``), so that
the compiled modules here and in the games come from a build that matches their sources, or from the
sources themselves.
"""

from .. import _compiled  # noqa: F401  # before any compiled module: it decides compiled or pure
