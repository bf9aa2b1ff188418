"""The widgets' front-end files: each widget's ES module is ``common.js`` followed by its own code.

anywidget loads a single module per widget and cannot resolve relative imports, so the helpers every
widget shares live once in ``static/common.js`` and are put in front here.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def es_module(name: str) -> str:
    """The ES module for widget ``name`` (``static/<name>.js``), with the shared helpers in front."""
    common = (STATIC / "common.js").read_text(encoding="utf-8")
    own = (STATIC / f"{name}.js").read_text(encoding="utf-8")
    return f"{common}\n{own}"
