"""Build the notebooks from their sources: ``.venv/bin/python notebooks/build.py [NAME ...]``.

Each notebook is written as a plain Python file in ``notebooks/src/`` (jupytext's percent format:
``# %%`` code cells, ``# %% [markdown]`` text cells), which reviews and diffs well. This script turns
each into ``notebooks/NAME.ipynb`` and executes it, so the stored outputs are the ones nbval checks.
``tests/notebooks/test_notebooks_built.py`` fails when a source and its notebook drift apart.

The widgets' state is stored with the outputs (the notebook's ``widgets`` metadata, as nbconvert's
``--ExecutePreprocessor.store_widget_state=True`` writes it), so a notebook opened in JupyterLab or on
GitHub shows its tables and walkthroughs as they were built, not ``VBox(children=...)``, until it is
run. JupyterLab draws stored widgets only in a trusted notebook (``python -m nbformat.sign
notebooks/*.ipynb``, or the command palette's "Trust Notebook"; binder/postBuild does it). Each
table's state carries its widget's code (anywidget's ``_esm`` and ``_css``), which is what lets
JupyterLab draw it without a kernel: about 70 KB per table (120 KB for a walkthrough page with its
stepper's widgets). Only the widgets the outputs show, and what they contain, are kept.
"""

from __future__ import annotations

import json
import re
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


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def shown_models(notebook: nbformat.NotebookNode) -> set[str]:
    """The ids of the widget models the notebook's outputs display."""
    return {str(output["data"][WIDGET_VIEW]["model_id"])
            for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.get("outputs", ()) if WIDGET_VIEW in output.get("data", {})}


def keep_shown_widgets(notebook: nbformat.NotebookNode) -> None:
    """Drop the stored state of widgets no output shows, nor any shown widget refers to (the
    widgets a cell built and left unshown, e.g. a walkthrough's tables of other player counts)."""
    stored = notebook.metadata.get("widgets", {}).get(WIDGET_STATE)
    if not stored:
        return
    models: dict[str, object] = stored["state"]
    wanted, todo = set(), [m for m in shown_models(notebook) if m in models]
    while todo:
        model = todo.pop()
        if model in wanted:
            continue
        wanted.add(model)
        text = json.dumps(models[model])
        todo += [other for other in re.findall(r"IPY_MODEL_([0-9a-f]{32})", text) if other in models]
    stored["state"] = {key: value for key, value in models.items() if key in wanted}
    if not stored["state"]:
        del notebook.metadata["widgets"]


def build_file(source: Path, target: Path) -> Path:
    """``source`` (percent format) run in a fresh kernel from notebooks/ and written to ``target``."""
    notebook = convert(source)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(HERE)}})
    client.execute()
    keep_shown_widgets(notebook)
    nbformat.write(notebook, target)
    return target


def build(name: str) -> Path:
    return build_file(SOURCES / f"{name}.py", HERE / f"{name}.ipynb")


def main(names: list[str]) -> None:
    for name in names or sorted(p.stem for p in SOURCES.glob("*.py")):
        print("built", build(name).relative_to(HERE.parent), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
