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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(item.path)
        group = "browser" if BROWSER in path.parents else str(path.relative_to(ROOT))
        item.add_marker(pytest.mark.xdist_group(group))
