"""Every widget's front end: files shipped with the package, nothing fetched, each module small and
valid, each game's styles scoped to its own table (the shared shell in common.css carries no weight)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from widgets import BangkokTableWidget, KlongBoardWidget, MarketWidget, PortWidget, TrickTableWidget

STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"
WIDGETS = (BangkokTableWidget, PortWidget, MarketWidget, KlongBoardWidget, TrickTableWidget)
# Each game's own style sheets and the root class every one of their selectors starts with.
SCOPES = {"bangkok": ".re-bangkok", "bangkok_port": ".re-bangkok", "klong_board": ".re-klong-board",
          "klong_panels": ".re-klong-board", "trick_table": ".re-trick-table"}


@pytest.mark.parametrize("path", sorted(STATIC.iterdir()), ids=lambda p: p.name)
def test_a_static_file_fetches_nothing_and_stays_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text, f"{path.name} must not fetch anything (no CDN)"
    assert "@import" not in text and "import(" not in text, path.name
    assert len(text.splitlines()) <= 600, f"{path.name} is over 600 lines"


@pytest.mark.parametrize("name", sorted(SCOPES))
def test_a_games_styles_stay_on_its_table(name: str) -> None:
    text = (STATIC / f"{name}.css").read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for selector in re.findall(r"(?m)^([^@\s}][^{]*)\{", text):
        for part in selector.split(","):
            assert part.strip().startswith((SCOPES[name], "to", "from")) or part.strip()[:1].isdigit(), part


@pytest.mark.parametrize("widget", WIDGETS, ids=lambda w: w.__name__)
def test_what_the_browser_loads_is_one_es_module(widget: type, tmp_path: Path) -> None:
    esm, css = str(widget._esm), str(widget._css)  # type: ignore[attr-defined]
    assert "export default" in esm and ".re-widget" in css
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the module's syntax is checked where it is")
    copy = tmp_path / f"{widget.__name__}.mjs"
    copy.write_text(esm, encoding="utf-8")
    result = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 0, result.stderr
