"""The shuffle every game deals with, compiled with the engine's core (``explorer._compiled``).

``random.Random.shuffle``'s loop with ``_randbelow_with_getrandbits`` written out: the same calls to
``getrandbits`` in the same order, so the same deals (``explorer._core.state`` checks it against the
standard library at import and uses the library's if they ever differ). A new Bangkok game shuffles
some 70 cards: in the interpreter that was about half of a solo game's set-up; compiled, the loop
costs a few microseconds. Run as Python, it is the same code.
"""

from __future__ import annotations

from random import Random
from typing import Any


def shuffle(rng: Random, x: list[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    getrandbits = rng.getrandbits
    i = len(x) - 1
    while i > 0:
        n = i + 1
        k = 0  # n.bit_length()
        m = n
        while m:
            k += 1
            m >>= 1
        j: int = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
        i -= 1
