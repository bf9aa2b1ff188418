"""Bangkok Klongs (placeholder docstring, completed below)."""

from __future__ import annotations

from ._catalogue import OPTIONS, RULES
from ._edition import DEFAULT_NAME, Edition, load_edition
from ._engine import KlongsState as State
from ._scoring import score_landing, stock_points

__all__ = ["DEFAULT_NAME", "OPTIONS", "RULES", "Edition", "State", "load_edition", "score_landing",
           "stock_points"]
