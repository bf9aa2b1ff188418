"""How `./dev test` shares the suite between workers (conftest.py): whole files, longest first."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import LONGEST_FIRST

ROOT = Path(__file__).parents[1]

# Five tests of a file, the last checking that one worker ran them all, in order.
ONE_FILE = '''
import os

SEEN = []


def test_1(): SEEN.append(os.environ.get("PYTEST_XDIST_WORKER"))
def test_2(): SEEN.append(os.environ.get("PYTEST_XDIST_WORKER"))
def test_3(): SEEN.append(os.environ.get("PYTEST_XDIST_WORKER"))
def test_4(): SEEN.append(os.environ.get("PYTEST_XDIST_WORKER"))


def test_5():
    assert len(SEEN) == 4 and len(set(SEEN)) == 1, SEEN
'''


def dev_pytest_options() -> list[str]:
    """The distribution options `./dev test` gives pytest, read from the script."""
    line = next(line for line in (ROOT / "dev").read_text().split("        ;;")
                if "-m pytest -n" in line)
    options = re.findall(r"--dist \w+|--no-loadscope-reorder", line)
    assert options, line
    return [word for option in options for word in option.split()]


def test_a_file_stays_whole_on_one_worker(tmp_path: Path) -> None:
    """A notebook's cells share one kernel (nbval): a file split between workers would run its later
    cells without the earlier ones. (`--dist loadgroup` marks stopped working with pytest 9.2.)"""
    for name in ("test_one.py", "test_two.py", "test_three.py"):
        (tmp_path / name).write_text(ONE_FILE)
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", *dev_pytest_options(), "-q",
                          "-p", "no:cacheprovider", str(tmp_path)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "15 passed" in run.stdout, run.stdout[-2000:]


def test_the_longest_files_are_named_as_they_are() -> None:
    missing = [name for name in LONGEST_FIRST if not (ROOT / name).is_file()]
    assert not missing, f"conftest.LONGEST_FIRST names files that are gone: {missing}"
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
