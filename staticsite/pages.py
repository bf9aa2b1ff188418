"""The static site's pages: every notebook of ``notebooks/`` as the hub shows it, one ``NAME.html`` each.

A page is the notebook with its code hidden (nbconvert, JupyterLab's look, ``templates/site``). Its
cells are of three kinds:

- **live**: a cell whose stored output is a widget (a play app, a walkthrough's stepper, a guided
  game, practice, the rules page, the scorer). The page runs it, and every code cell before it, in
  the visitor's browser (``kernel.py``); until its widget is drawn it shows the engine's picture of
  the table that the cell's output carries beside the widget (the hub's first paint; for a play app,
  whose stored output has none, the build draws one).
- **stored**: a widget whose result the build already holds (the analysis page's three answers,
  computed by thousands of games): drawn from the notebook's stored widget state, with no Python.
- **hub-only**: what needs the hub's server (the analysis page's own sweeps): a sentence that says so.

Every other cell shows its stored output (the walkthroughs' checks, which nbval keeps true).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import nbformat

from .build import HERE, ROOT
from .kernel import run_cell

NOTEBOOKS = ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: The hub's address on the machine that runs it (``./dev hub``), for what only the hub can do.
HUB = "http://127.0.0.1:8866/voila/render/"
#: Cells the static site cannot run, by page and code-cell index, with what it shows instead.
STORED = {"analysis": {0}}
HUB_ONLY = {
    "analysis": {1: (
        "<p><strong>Your own question needs the hub.</strong> A sweep plays hundreds or thousands of bot "
        "games on a Dask cluster, which a page in your browser cannot run. On a computer with the project, "
        "<code>./dev hub</code> serves this page with the form to ask your own question "
        f'(<a href="{HUB}analysis.ipynb">{HUB}analysis.ipynb</a>), and <code>explorer analyze</code> runs '
        "the same sweeps from a terminal. The three answers above are the hub's own, stored when the "
        "page was built.</p>")},
}
NOTEBOOK_LINK = re.compile(r'href="([\w-]+)\.ipynb(?=[?#"])')


def title(notebook: nbformat.NotebookNode, name: str) -> str:
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return re.sub(r"[*_`]", "", line[2:]).strip() + " · Rules Explorer"
    return f"{name} · Rules Explorer"


def is_widget_cell(cell: nbformat.NotebookNode) -> bool:
    return any(WIDGET_VIEW in output.get("data", {}) for output in cell.get("outputs", []))


def first_paint_of(cell: nbformat.NotebookNode) -> str | None:
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if WIDGET_VIEW in data and "text/html" in data:
            html = data["text/html"]
            return "".join(html) if isinstance(html, list) else str(html)
    return None


def drawn_first_paint(code: str) -> str | None:
    """The picture an app cell's value carries (a play app's table), drawn here by running the cell
    as the hub's kernel would with no query string."""
    os.environ["QUERY_STRING"] = ""
    with contextlib.redirect_stdout(io.StringIO()):
        value = run_cell(code, {"__name__": "__main__"})
    bundle = value._repr_mimebundle_() if hasattr(value, "_repr_mimebundle_") else None
    if isinstance(bundle, tuple):
        bundle = bundle[0]
    html = (bundle or {}).get("text/html")
    return str(html) if html else None


Cells = list[dict[str, Any]]


def page_cells(name: str, notebook: nbformat.NotebookNode) -> tuple[Cells, dict[str, Any] | None]:
    """Mark the notebook's code cells for the template; returns the cells the page runs (code, live)
    and the stored widget state the page draws (or None)."""
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    widget_cells = [i for i, cell in enumerate(code_cells) if is_widget_cell(cell)]
    stored = STORED.get(name, set())
    hub_only = HUB_ONLY.get(name, {})
    live = [i for i in widget_cells if i not in stored and i not in hub_only]
    runs: list[dict[str, Any]] = []
    for index, cell in enumerate(code_cells):
        cell.metadata["re_site_index"] = index
        if index in hub_only:
            cell.metadata["re_site"], cell.metadata["re_hub_only"] = "hub-only", hub_only[index]
        elif index in stored:
            cell.metadata["re_site"] = "stored"
            cell.metadata["re_stored_model"] = next(o["data"][WIDGET_VIEW]["model_id"] for o in cell.outputs
                                                    if WIDGET_VIEW in o.get("data", {}))
        elif index in live:
            cell.metadata["re_site"] = "live"
            paint = first_paint_of(cell)
            if paint is None and len(code_cells) == 1:  # an app page: the build draws its table
                paint = drawn_first_paint(cell.source)
            if paint:
                cell.metadata["re_first_paint"] = paint
        if live and index <= max(live):
            runs.append({"index": index, "code": cell.source, "live": index in live})
    state = None
    if stored:
        state = notebook.metadata.get("widgets", {}).get(WIDGET_STATE)
        runs += [{"index": i, "stored": code_cells[i].metadata["re_stored_model"]} for i in sorted(stored)]
    return runs, state


def render(name: str, assets: str, packages: list[str]) -> str:
    from nbconvert import HTMLExporter

    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    runs, state = page_cells(name, notebook)
    config: dict[str, Any] | None = None
    if runs:
        config = {"cells": [r for r in runs if "code" in r], "stored": [r for r in runs if "stored" in r],
                  "state": state, "assets": assets, "worker": f"{assets}worker.js", "packages": packages}
    exporter = HTMLExporter(  # type: ignore[no-untyped-call]
        template_name="site", extra_template_basedirs=[str(HERE / "templates")],
        exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True)
    resources = {"site": {"title": title(notebook, name), "assets": assets, "cells": config}}
    body, _ = exporter.from_notebook_node(notebook, resources=resources)
    return NOTEBOOK_LINK.sub(r'href="\1.html', body)


def write_pages(out: Path, assets: str, packages: list[str]) -> list[Path]:
    written = []
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        target = out / f"{source.stem}.html"
        target.write_text(render(source.stem, assets, packages), encoding="utf-8")
        written.append(target)
    listing = {"pages": [page.name for page in written], "assets": assets}
    (out / "site.json").write_text(json.dumps(listing, indent=1))
    return written
