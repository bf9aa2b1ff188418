"""The shape of the house (issue: one engine shape): checked, so that it stays that way."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import explorer
from explorer._registry import spec

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600
# Every game package has these modules, each with one role (see the README's Layout section).
GAME_MODULES = {"__init__.py", "_state.py", "_options.py", "_start.py", "_catalogue.py", "_notation.py",
                "_mechanics.py", "_view.py", "_explain.py", "_scoring.py", "_bot.py", "examples.py",
                "_tutorial.py"}
WITH_EDITIONS = {"bangkok", "klongs"}
#: The games whose rules live in a kernel (``_kernel.py`` plays them on the position as ints, lists
#: and bitmasks), with the modules that takes: Klongs' position and its questions are ``_board.py``;
#: Tindahan's kernel answers what its ``_mechanics.py`` did, which is gone; Bastos!'s keeps the public
#: trick helper in the cards' own names.
WITH_KERNELS = {"klongs": ({"_kernel.py", "_board.py"}, set()),
                "tindahan": ({"_kernel.py"}, {"_mechanics.py"}), "bastos": ({"_kernel.py"}, set()),
                "bangkok": ({"_kernel.py", "_board.py"}, set())}


def tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / line for line in out.stdout.splitlines() if (ROOT / line).is_file()]


def test_no_module_over_600_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in tracked("*.py", "*.js", "*.css")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


@pytest.mark.parametrize("game", explorer.GAMES)
def test_every_game_package_has_the_same_modules(game: str) -> None:
    folder = ROOT / "explorer" / game
    modules = {p.name for p in folder.glob("*.py")}
    added, gone = WITH_KERNELS.get(game, (set(), set()))
    expected = (GAME_MODULES | ({"_edition.py"} if game in WITH_EDITIONS else set()) | added) - gone
    extra, lacking = sorted(modules - expected), sorted(expected - modules)
    assert modules == expected, f"{game}: extra modules {extra}, lacking {lacking}"


@pytest.mark.parametrize("game", explorer.GAMES)
def test_every_game_declares_its_spec(game: str) -> None:
    declared = spec(game)
    assert declared.state.__name__ == "State"
    assert game == declared.state.GAME == declared.rules.game
    assert "start" in declared.options, f"{game}: the scenario option is named 'start' in every game"


def test_a_package_without_a_spec_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    module = sys.modules["explorer.tindahan"]
    monkeypatch.delattr(module, "SPEC")
    with pytest.raises(RuntimeError, match="does not declare its GameSpec"):
        explorer.game_class("tindahan")


def test_nothing_outside_explorer_imports_a_games_private_modules() -> None:
    """``lint-imports`` (in ./dev test) checks the packages; this checks the rest (notebooks, benchmarks)."""
    private = re.compile(r"explorer\.(?:" + "|".join(explorer.GAMES) + r")\._\w+|from explorer\.\w+ import _")
    found = [f"{p.relative_to(ROOT)}: {m[0]}" for p in tracked("*.py", "*.ipynb")
             if not str(p.relative_to(ROOT)).startswith("explorer/")
             for m in [private.search(p.read_text(encoding="utf-8"))] if m]
    assert not found, found



def test_the_import_contract_names_only_modules_that_exist() -> None:
    # A forbidden module that no game has any more is a rule that guards nothing.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = {Path(p).stem for p in tracked("explorer/*/_*.py")}
    for contract in config["tool"]["importlinter"]["contracts"]:
        for pattern in contract.get("forbidden_modules", []):
            if pattern.startswith("explorer.*."):
                assert pattern.removeprefix("explorer.*.") in names, pattern


def test_the_root_holds_the_public_face_and_a_few_core_modules() -> None:
    # The rest lives in subpackages named for their job (_core, _search, _sweeps, _fruitbox, _draw).
    root = sorted(p.name for p in tracked("explorer/*.py") if p.parent == ROOT / "explorer")
    assert len(root) <= 14, root
    assert {"__init__.py", "bots.py", "table.py", "analysis.py", "cli.py"} <= set(root)
