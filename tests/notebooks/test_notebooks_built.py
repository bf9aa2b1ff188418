"""Every notebook is built from its source in notebooks/src/ and has stored outputs for nbval."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SOURCES = sorted((NOTEBOOKS / "src").glob("*.py"))
read_notebook: Callable[..., Any] = nbformat.read  # untyped in nbformat


def load_builder() -> object:
    spec = importlib.util.spec_from_file_location("notebook_build", NOTEBOOKS / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_source_has_a_notebook_and_back() -> None:
    built = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert built == {p.stem for p in SOURCES}, "run: .venv/bin/python notebooks/build.py"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebook_matches_source(source: Path) -> None:
    builder = load_builder()
    expected = [(c.cell_type, c.source) for c in builder.convert(source).cells]  # type: ignore[attr-defined]
    stored = read_notebook(NOTEBOOKS / f"{source.stem}.ipynb", as_version=4)
    assert [(c.cell_type, c.source) for c in stored.cells] == expected, (
        f"notebooks/{source.stem}.ipynb is stale: run .venv/bin/python notebooks/build.py {source.stem}"
    )
    code = [c for c in stored.cells if c.cell_type == "code"]
    assert code and all(c.get("execution_count") for c in code), "notebook was not executed before saving"
