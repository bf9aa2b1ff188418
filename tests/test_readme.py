"""The README is the front door: every Python block and every command line in it runs as written."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent


def command_lines() -> list[str]:
    """Shell lines of the README: indented code lines and inline code that start with a command."""
    lines = [line.strip() for line in re.findall(r"^ {4}(\S.*)$", README, flags=re.M)]
    lines += re.findall(r"`((?:\./dev|\.venv/bin/)[^`]*)`", README)
    out = []
    for line in lines:
        command = line.split("  #")[0].strip()  # a trailing comment explains the line
        if command.startswith(("./dev", ".venv/bin/")) and command not in out:
            out.append(command)
    return out


COMMANDS = command_lines()


def test_the_readme_shows_commands() -> None:
    assert "./dev hub" in COMMANDS and "./dev test" in COMMANDS
    assert any(c.startswith(".venv/bin/explorer") for c in COMMANDS)


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks, "the README should show the Python API"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def run(argv: list[str], tmp: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "160"}
    return subprocess.run(argv, cwd=tmp, input=stdin, capture_output=True, text=True, timeout=600, env=env,
                          check=False)


def as_argv(command: str) -> list[str]:
    argv = shlex.split(command)
    if argv[0].startswith(".venv/bin/"):
        argv[0] = str(BIN / argv[0].removeprefix(".venv/bin/"))
    return argv


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.startswith(".venv/bin/explorer")])
def test_readme_explorer_command_runs(command: str, tmp_path: Path) -> None:
    """Each ``explorer`` line runs in a fresh folder (``&&`` and ``>`` as a shell would run them)."""
    for part in command.split("&&"):
        part = part.strip()
        target = None
        if ">" in part:
            part, _, target = (p.strip() for p in part.partition(">"))
        argv = as_argv(part)
        # `play` asks for moves: answer "0" (the first legal action) as often as it asks.
        result = run(argv, tmp_path, stdin="0\n" * 5000 if argv[1] == "play" else "")
        assert result.returncode == 0, f"{part}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        if target:
            (tmp_path / target).write_text(result.stdout, encoding="utf-8")


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.startswith(".venv/bin/python")])
def test_readme_python_command_names_real_files(command: str) -> None:
    argv = as_argv(command)
    script = ROOT / argv[1]
    assert script.is_file(), f"{command}: no {argv[1]}"
    if "NAME" in argv:  # a placeholder: the notebook sources it names exist
        assert list((ROOT / "notebooks" / "src").glob("*.py"))


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.startswith("./dev")])
def test_readme_dev_command_is_understood(command: str) -> None:
    """``./dev hub ARGS`` and ``./dev site ARGS`` parse their arguments (checked with --help, which
    serves and builds nothing);
    ``./dev test ARGS`` names test files that exist and markers that are declared."""
    argv = shlex.split(command)
    dev = (ROOT / "dev").read_text(encoding="utf-8")
    assert re.search(rf"^\s+{argv[1]}\)", dev, flags=re.M), f"./dev has no {argv[1]!r} command"
    if argv[1] in ("hub", "site"):
        module = {"hub": "widgets.hub", "site": "staticsite"}[argv[1]]
        result = subprocess.run([sys.executable, "-m", module, *argv[2:], "--help"], cwd=ROOT,
                                capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 0, result.stderr
    else:
        for arg in argv[2:]:
            if arg.startswith("tests/"):
                assert (ROOT / arg.split("::")[0]).exists(), f"{command}: no {arg}"
        if "-m" in argv:
            marks = argv[argv.index("-m") + 1]
            pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
            for word in re.findall(r"\w+", marks):
                assert word in ("not", "and", "or") or f'"{word}:' in pyproject, word
