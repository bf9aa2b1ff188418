"""The compiled core (``explorer._compiled``, built by ``setup.py``): it runs only while it matches its
sources, ``RULES_EXPLORER_PURE=1`` turns it off, and compiled and pure Python play the same games.

Where this install has no build of the core (no C compiler), the tests that need one are skipped; the
guard's own test fakes a build.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer import _compiled

from .helpers import sampled_rules

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(explorer.__file__).resolve().parent
# What a fresh interpreter reports: the guard's decision and where each compiled module came from.
PROBE = """
import json, sys
import explorer
from explorer import _compiled
for game in ("bangkok", "tindahan", "bastos", "klongs"):  # every compiled module imported
    state = explorer.new_game(game, players=3, seed=1).playout()
    for _ in range(20):
        state.apply(0)
marked = getattr(sys.modules["explorer._fruitbox.kernel"], "EDITED", False)
print(json.dumps({"status": _compiled.STATUS, "marked": marked,
                  "files": [sys.modules[m].__file__ for m in _compiled.MODULES]}))
"""


def probe(*, pure: bool = False, root: Path | None = None) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != _compiled.PURE_VARIABLE}
    if pure:
        env[_compiled.PURE_VARIABLE] = "1"
    if root is not None:  # a copy of the package first on the path
        env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=root or ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def copy_package(to: Path) -> Path:
    shutil.copytree(PACKAGE, to / "explorer", ignore=shutil.ignore_patterns("__pycache__"))
    return to / "explorer"


def test_the_compiled_modules_are_listed_with_their_sources() -> None:
    # The action values and the base of every native playout class come before the kernels.
    assert _compiled.MODULES[:2] == ("explorer._core.action", "explorer._core.playout")
    for module in _compiled.MODULES:
        assert _compiled.source_path(module).is_file(), module
    assert _compiled.STATUS == "compiled" or _compiled.STATUS.startswith("pure Python (")


def test_pure_python_on_request() -> None:
    result = probe(pure=True)
    assert result["status"] == f"pure Python ({_compiled.PURE_VARIABLE} is set)"
    assert all(file.endswith(".py") for file in result["files"])


@pytest.mark.skipif(not _compiled.STAMPS.is_file(), reason="this install has no build of the core")
def test_the_build_runs_while_it_matches_its_sources() -> None:
    assert _compiled.COMPILED, _compiled.STATUS
    for game in ("bangkok", "tindahan", "bastos", "klongs"):  # every compiled module imported
        explorer.new_game(game, players=3, seed=1).playout()
    for module in _compiled.MODULES:
        assert _compiled.is_compiled(sys.modules[module])
        # mypyc names a module imported by another of its group as if in a subfolder: still the build
        assert Path(str(sys.modules[module].__file__)).is_relative_to(_compiled.NATIVE)
    assert probe()["status"] == "compiled"


def test_an_edited_source_runs_instead_of_its_old_build(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    native = package / "_native"
    if not (native / "stamps.json").is_file():  # no compiler here: a fake build of these very sources
        native.mkdir(exist_ok=True)
        stamps = {}
        for module in _compiled.MODULES:
            path = package.joinpath(*module.split(".")[1:]).with_suffix(".py")
            stamps[module] = hashlib.sha256(path.read_bytes()).hexdigest()
            fake = native / _compiled.native_path(module).relative_to(_compiled.NATIVE)
            fake.parent.mkdir(parents=True, exist_ok=True)
            fake.write_bytes(b"")
        (native / "stamps.json").write_text(json.dumps(stamps))
    before = probe(root=tmp_path)
    assert before["status"] == "compiled" or "does not load" in before["status"]
    assert not before["marked"]
    with (package / "_fruitbox" / "kernel.py").open("a") as source:
        source.write("\nEDITED = True\n")
    after = probe(root=tmp_path)
    assert after["status"] == "pure Python (kernel.py changed since it was compiled)"
    assert after["marked"]  # the edited source ran, not the build
    assert all(file.startswith(str(package)) and file.endswith(".py") for file in after["files"])


# The games whose playouts are compiled (explorer._compiled.MODULES), with their player counts.
TRACED = [("bangkok", 1), ("bangkok", 2), ("bangkok", 3), ("bangkok", 4), ("tindahan", 3), ("tindahan", 4),
          ("tindahan", 5), ("bastos", 3), ("bastos", 4), ("klongs", 2), ("klongs", 3), ("klongs", 4)]


def trace(games: int = 360) -> str:
    """A digest of seeded random playouts of every compiled game, player count and rules option: each
    step's player, count of actions and chosen notation (every notation in one game of ten), and the
    scores."""
    digest = hashlib.sha256()
    for index in range(games):
        rng = random.Random(index)
        game, players = TRACED[index % len(TRACED)]
        rules = sampled_rules(game, index, rng)
        playout = explorer.new_game(game, players=players, seed=index, **rules).playout()
        while not playout.is_over:
            count = playout.legal()
            choice = rng.randrange(count)
            if index % 10 == 0:
                digest.update(repr([playout.notation(i) for i in range(count)]).encode())
            digest.update(f"{playout.current_player} {count} {playout.notation(choice)};".encode())
            playout.apply(choice)
        digest.update(repr(playout.scores()).encode())
        if index % 40 == 0:
            digest.update(repr(playout.state().actions()).encode())
    return digest.hexdigest()


def in_pure_python(function: str, timeout: float) -> str:
    """What this module's ``function()`` returns in a fresh interpreter with the compiled core turned off."""
    code = f"from tests.explorer.test_compiled import {function}; print({function}())"
    env = {**os.environ, _compiled.PURE_VARIABLE: "1"}
    pure = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, check=True)
    return pure.stdout.strip()


@pytest.mark.skipif(not _compiled.COMPILED, reason="this install has no build of the core")
def test_compiled_and_pure_python_play_the_same_games() -> None:
    assert in_pure_python("trace", timeout=120) == trace()


def searches() -> str:
    """Each game's seeded hint (its moves, values and samples) and a seeded strong bot's move, from a
    position a few random moves in."""
    out = []
    for game, players in (("bangkok", 2), ("klongs", 2), ("tindahan", 4), ("bastos", 4)):
        state = explorer.new_game(game, players=players, seed=3)
        rng = random.Random(3)
        for _ in range(5):
            state = state.play(rng.choice(state.legal_actions()))
        seat = state.current_player
        hint = [(s.action, round(s.value, 9), s.samples) for s in explorer.hint(state, seed=1, seconds=0.1)]
        bot = explorer.bots.make_bot(game, "strong", seed=1)
        bot.seconds = 0.05  # type: ignore[attr-defined]
        out.append(repr((game, hint, bot.choose(state.view(seat)))))
    return "\n".join(out)


@pytest.mark.skipif(not _compiled.COMPILED, reason="this install has no build of the core")
def test_a_seed_gives_the_same_hint_and_bot_move_in_a_pure_install() -> None:
    # Budgets count roll-outs by the compiled core's costs in every build (explorer._search.hint.COSTS,
    # strong.BUDGET_FACTOR), and both builds run the same kernels.
    assert in_pure_python("searches", timeout=300) == searches()


def test_the_doctest_collection_leaves_out_every_compiled_module() -> None:
    """The root conftest leaves MODULES out of --doctest-modules (it reads them from the one list)."""
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("root_conftest", root / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    assert sorted(conftest.collect_ignore) == sorted(
        str(_compiled.source_path(module).relative_to(root)) for module in _compiled.MODULES)

