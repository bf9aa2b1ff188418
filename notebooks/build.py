"""Build the notebooks from their sources: ``.venv/bin/python notebooks/build.py [NAME ...]``.

Each notebook is written as a plain Python file in ``notebooks/src/`` (jupytext's percent format:
``# %%`` code cells, ``# %% [markdown]`` text cells), which reviews and diffs well. This script turns
each into ``notebooks/NAME.ipynb`` and executes it, so the stored outputs are the ones nbval checks.
``tests/test_notebooks_built.py`` fails when a source and its notebook drift apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "src"
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def convert(source: Path) -> nbformat.NotebookNode:
    notebook = jupytext.read(source, fmt="py:percent")
    notebook.metadata = {"kernelspec": KERNEL, "language_info": {"name": "python"}}
    for cell in notebook.cells:
        cell.metadata.pop("lines_to_next_cell", None)
    return notebook


def build(name: str) -> Path:
    source = SOURCES / f"{name}.py"
    notebook = convert(source)
    # Widget state is not stored: Voila and JupyterLab rebuild it, and it would carry the widgets' code.
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(HERE)}})
    client.execute()
    target = HERE / f"{name}.ipynb"
    nbformat.write(notebook, target)
    return target


def main(names: list[str]) -> None:
    for name in names or sorted(p.stem for p in SOURCES.glob("*.py")):
        print("built", build(name).relative_to(HERE.parent), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
