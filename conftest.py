"""How `./dev test` shares the suite between pytest-xdist workers (`--dist loadfile
--no-loadscope-reorder`).

Every file (a notebook's cells, a module's doctests, a test module, a browser test module) stays whole
on one worker, in order, so a notebook's cells share their kernel as nbval expects and a browser module
keeps its hub and Chromium. The files go out longest first (``LONGEST_FIRST``, then the rest in the
order collected): a worker that starts the Binder venv test while the other runs the conformance games
and the browser modules leaves only short files for the end, so neither waits for the other. Without
xdist the order changes nothing that matters.

(Files, not ``xdist_group`` marks: with pytest 9.2 and pytest-xdist 3.8 ``--dist loadgroup`` silently
stops grouping, pytest-dev/pytest-xdist#1386, and the suite used to rely on it; `loadfile` reads the
file from the test's id.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer._compiled import MODULES

ROOT = Path(__file__).parent

# The compiled core's modules are imported from their build (explorer._compiled), whose __file__ is not
# the .py that --doctest-modules would collect ("import file mismatch"); they hold no doctests. The one
# list of them is explorer._compiled.MODULES.
COMPILED_SOURCES = [module.replace(".", "/") + ".py" for module in MODULES]
collect_ignore = COMPILED_SOURCES


#: The files that take longest, longest first (a fresh-clone run of `./dev test --durations=0` on the
#: project machine, seconds per file: Binder's venv 231, the conformance games 223, the browser modules
#: 20-150, the playout and bot tests 15-40). The rest take under 15 s each.
LONGEST_FIRST = (
    "tests/notebooks/test_binder.py", "tests/explorer/test_conformance.py",
    "tests/browser/test_walkthroughs.py", "tests/browser/test_bangkok_browser.py",
    "tests/browser/test_voila_apps.py", "tests/browser/test_hostile_visitors.py",
    "tests/browser/test_learner.py", "tests/browser/test_analysis_app.py",
    "tests/browser/test_static_site.py", "tests/browser/test_jupyterlab.py",
    "tests/browser/test_klongs_browser.py", "tests/browser/test_time_travel.py",
    "tests/browser/test_notebook_display.py", "tests/browser/test_hosting.py",
    "tests/browser/test_trick_table_browser.py", "tests/browser/test_hints_browser.py",
    "tests/explorer/test_playout_tindahan.py", "tests/explorer/test_playout_bastos.py",
    "tests/explorer/test_playout.py", "tests/browser/test_speed_settings.py",
    "tests/explorer/test_bastos_bot.py", "tests/browser/test_klongs_drawing.py",
    "tests/browser/test_several_hosts.py", "tests/browser/test_page_guard.py",
    "tests/test_readme.py", "tests/explorer/test_tindahan_bot.py",
)


def _file_of(item: pytest.Item) -> str:
    path = Path(item.path)
    return path.relative_to(ROOT).as_posix() if ROOT in path.parents else str(path)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    # A stable sort by file: a file's items keep their order (nbval runs a notebook's cells in turn).
    items.sort(key=lambda item: rank.get(_file_of(item), len(rank)))
