"""Summaries of a sweep with their uncertainty: win shares with 95% intervals, means with spreads,
and which differences the games played are enough to call real.

Large-sample tests only (normal approximations: a sweep has dozens to thousands of games per
combination); p-values are two-sided and a difference is called significant at 5%.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959963984540054
ALPHA = 0.05


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion observed ``share`` in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At 0 and 1 the bound is exact (rounding would leave it a hair inside).
    low = 0.0 if share <= 0 else max(0.0, centre - half)
    high = 1.0 if share >= 1 else min(1.0, centre + half)
    return (low, high)


def p_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def welch(a: pd.Series, b: pd.Series) -> float:
    """The p-value of a difference in means (Welch's z, for samples of dozens or more)."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return 1.0
    se = math.sqrt(float(a.var()) / na + float(b.var()) / nb)
    diff = float(a.mean()) - float(b.mean())
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return p_two_sided(diff / se)


def _options(frame: pd.DataFrame) -> list[str]:
    return [c for c in frame.columns if str(c).startswith("option:")]


def _label(group: pd.DataFrame, options: list[str]) -> str:
    first = group.iloc[0]
    parts = [f"{int(first['players'])} players"]
    parts += [f"{c.removeprefix('option:')}={first[c]}" for c in options]
    return ", ".join(parts)


def summary(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per combination and seat (numbered from 1, the first to play): its bot, win share
    with a 95% interval (and whether it differs from a fair share), mean and spread of the score,
    mean game length."""
    import pandas as pd

    options = _options(frame)
    out: list[dict[str, Any]] = []
    for _combo, group in frame.groupby("combo", sort=True):
        players = int(group["players"].iloc[0])
        n = len(group)
        for seat in range(players):
            share = float(group[f"win:{seat}"].mean())
            low, high = wilson(share, n)
            fair = 1 / players
            se = math.sqrt(fair * (1 - fair) / n)
            scores = group[f"score:{seat}"]
            out.append({
                "combination": _label(group, options), "players": players, "seat": seat + 1,
                "bot": group[f"bot:{seat}"].iloc[0], "games": n, "win share": share, "low": low, "high": high,
                "vs fair share p": p_two_sided((share - fair) / se) if se else 1.0,
                "mean score": float(scores.mean()), "score sd": float(scores.std(ddof=1)) if n > 1 else 0.0,
                "mean length": float(group["length"].mean()),
            })
    return pd.DataFrame(out)


def differences(frame: pd.DataFrame) -> pd.DataFrame:
    """Every pair of combinations with the same player count that differ in a varied option: the
    difference in game length, in mean total score and in each seat's win share, with p-values."""
    import pandas as pd

    options = _options(frame)
    groups = [g for _c, g in frame.groupby("combo", sort=True)]
    out: list[dict[str, Any]] = []
    for a, b in itertools.combinations(groups, 2):
        players = int(a["players"].iloc[0])
        if players != int(b["players"].iloc[0]):
            continue
        seats = [f"score:{s}" for s in range(players)]
        total_a, total_b = a[seats].sum(axis=1), b[seats].sum(axis=1)
        measures = [("game length (actions)", a["length"], b["length"]),
                    ("total score", total_a, total_b)]
        measures += [(f"seat {s + 1} win share", a[f"win:{s}"], b[f"win:{s}"]) for s in range(players)]
        for what, x, y in measures:
            p = welch(x, y)
            out.append({"players": players, "a": _label(a, options), "b": _label(b, options), "measure": what,
                        "mean a": float(x.mean()), "mean b": float(y.mean()),
                        "difference": float(x.mean()) - float(y.mean()), "p": p, "significant": p < ALPHA})
    return pd.DataFrame(out)
