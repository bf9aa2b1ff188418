"""binder/ lists what mybinder installs; a fresh venv of exactly that must pass the notebook tests."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import venv
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[ ;]", r.strip(), maxsplit=1)[0].lower() for r in requirements if r.strip()}


def app_requirements(project: dict[str, Any], extra: str = "app") -> list[str]:
    """The app extra's requirements, with the project's own extras it names (name[x]) spelt out."""
    out: list[str] = []
    for requirement in project["optional-dependencies"][extra]:
        own = re.fullmatch(rf"{re.escape(project['name'])}\[([\w,-]+)\]", requirement.strip())
        if own is None:
            out.append(requirement)
        else:
            for inner in own.group(1).split(","):
                out += app_requirements(project, inner)
    return out


def test_binder_requirements_match_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = names(project["dependencies"]) | names(app_requirements(project))
    lines = [line for line in (ROOT / "binder/requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert names(lines) == wanted


@pytest.mark.slow
def test_fresh_binder_venv_runs_the_notebooks(tmp_path: Path) -> None:
    env_dir = tmp_path / "binder-venv"
    venv.create(env_dir, with_pip=True)
    python = str(env_dir / "bin" / "python")

    def run(*args: str) -> None:
        out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, f"{' '.join(args)} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"

    run(python, "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt")
    run("bash", "-c", f'PATH="{env_dir}/bin:$PATH" bash binder/postBuild')
    # The test runner is not part of the binder image; it only drives the notebooks.
    run(python, "-m", "pip", "install", "--quiet", "pytest", "nbval")
    run(python, "-c", "import explorer, widgets")
    # Installed non-editable: run from a copy of the notebooks so the checkout's packages are not used.
    run(python, "-m", "pytest", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), "-c", "/dev/null",
        "--nbval", "--nbval-current-env", "-q", str(ROOT / "notebooks"))
    assert sys.executable != python


def test_binder_voila_loads_the_hubs_lab_extensions() -> None:
    """Binder's Voila loads the JupyterLab extensions ./dev hub loads, and no others (a clean console)."""
    from widgets.hub import LAB_EXTENSIONS, voila_config

    config = json.loads((ROOT / "binder/jupyter_config/jupyter_server_config.json").read_text())
    assert config["VoilaConfiguration"]["extension_allowlist"] == list(LAB_EXTENSIONS)
    assert voila_config().VoilaConfiguration.extension_allowlist == list(LAB_EXTENSIONS)
