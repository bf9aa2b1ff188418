"""How `./dev test` shares the suite between pytest-xdist workers (`--dist loadgroup`).

Every browser test goes to one worker, which serves the hub once and drives one Chromium; every other
file (a notebook's cells, a module's doctests, a test module) stays whole on one worker, in order, so
a notebook's cells share their kernel as nbval expects. Without xdist the marks change nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parent
BROWSER = ROOT / "tests" / "browser"

# The compiled core's modules are imported from their build (explorer._compiled), whose __file__ is not
# the .py that --doctest-modules would collect ("import file mismatch"); they hold no doctests.
# (The list is explorer._compiled.MODULES; tests/explorer/test_compiled.py checks the two agree.)
COMPILED_SOURCES = ["explorer/_playout_core.py", "explorer/_bangkok_playout.py", "explorer/_bangkok_moves.py",
                    "explorer/_shuffle.py", "explorer/_fruit_playout.py", "explorer/_bastos_playout.py",
                    "explorer/_klongs_board.py", "explorer/_klongs_playout.py",
                    "explorer/klongs/_mechanics.py"]
collect_ignore = COMPILED_SOURCES


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(item.path)
        group = "browser" if BROWSER in path.parents else str(path.relative_to(ROOT))
        item.add_marker(pytest.mark.xdist_group(group))
