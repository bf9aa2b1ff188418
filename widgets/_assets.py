"""The widgets' front-end files: the shared shell in front, then the widget's own file(s).

anywidget loads a single ES module and a single style sheet per widget and cannot resolve relative
imports, so the pieces every widget shares live once in ``static/common.js`` and
``static/common.css`` (and ``timeline.js``/``timeline.css``, the table's time travel and pace) and
are put in front here. A widget may keep its board in several files
(``es_module("bangkok", "bangkok_market")``) so that no file grows past 600 lines.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
#: The shared files in front of every widget's own: the shell's helpers, then the table's time
#: travel and pace (undo, redo, the move log, review, the round summary, the bots' speed), then the
#: game kept in the browser and offered back after a reload (keep.js, widgets/_keep.py).
SHARED = ("common", "timeline", "keep")


def _joined(suffix: str, names: tuple[str, ...]) -> str:
    if not names:
        raise ValueError("name at least one file of the widget's own")
    parts = [(STATIC / f"{name}{suffix}").read_text(encoding="utf-8") for name in (*SHARED, *names)]
    return "\n".join(parts)


def es_module(*names: str) -> str:
    """The ES module for a widget: the shared files (``SHARED``), then ``static/<name>.js`` for each name.

    >>> "function errorBox" in es_module("trick_table") and "export default" in es_module("trick_table")
    True
    """
    return _joined(".js", names)


def style_sheet(*names: str) -> str:
    """The style sheet for a widget: the shared sheets followed by ``static/<name>.css`` for each name.

    >>> sheet = style_sheet("trick_table")
    >>> sheet.index(".re-widget {") < sheet.index(".re-trick-table {")
    True
    """
    return _joined(".css", names)
