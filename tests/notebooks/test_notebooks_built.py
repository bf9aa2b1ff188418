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


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SMALL = '''# %%
import ipywidgets as ipw
import explorer
from widgets import TrickTableWidget

hidden = ipw.HTML("never shown")
TrickTableWidget(explorer.new_game("tindahan", players=3, seed=1), seat=None, bots=None, bot_delay=0)

# %%
ipw.VBox([ipw.HTML("shown"), ipw.Button(description="Next")])
'''


def test_built_notebooks_store_the_widgets_they_show(tmp_path: Path) -> None:
    """A notebook opened in JupyterLab draws its widgets from the stored state, not "VBox(children=...)":
    the build keeps every shown widget (with the models it refers to, its code included) and no other."""
    builder: Any = load_builder()
    source = tmp_path / "small.py"
    source.write_text(SMALL)
    built = builder.build_file(source, tmp_path / "small.ipynb")
    notebook = read_notebook(built, as_version=4)
    nbformat.validate(notebook)
    state = notebook.metadata["widgets"][WIDGET_STATE]["state"]
    shown = [output["data"][WIDGET_VIEW]["model_id"] for cell in notebook.cells
             for output in cell.outputs if WIDGET_VIEW in output.get("data", {})]
    assert len(shown) == 2 and all(model in state for model in shown)
    table = state[shown[0]]
    assert table["model_name"] == "AnyModel" and "export default" in table["state"]["_esm"]
    assert table["state"]["view"]["game"] == "tindahan"
    # The VBox's children, their layouts and styles come along; the unshown HTML does not.
    texts = [model["state"].get("value") for model in state.values()]
    assert "shown" in texts and "never shown" not in texts
    referred = {ref.removeprefix("IPY_MODEL_") for ref in str(state[shown[1]]["state"]).split("'")
                if ref.startswith("IPY_MODEL_")}
    assert referred and referred <= set(state)
