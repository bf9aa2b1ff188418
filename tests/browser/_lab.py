"""JupyterLab as a learner meets it, for the browser tests: Binder's server configuration, a theme, no
news or update checks, notebooks copied into a scratch folder so a run never rewrites the checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .conftest import ARTIFACTS, ROOT, free_port, stop, wait_for

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def lab_settings(folder: Path, theme: str) -> None:
    for plugin, values in {
        "apputils-extension/themes": {"theme": THEMES[theme]},
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        # Windowed notebooks drop cells scrolled out of view from the page (the tests look for widgets
        # wherever they are), and a "Select Kernel" dialog sometimes stands in the way unless the
        # preferred kernel starts.
        "notebook-extension/tracker": {"windowingMode": "none", "autoStartDefaultKernel": True},
    }.items():
        path = folder / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


@contextmanager
def serve_lab(tmp_path: Path, theme: str, log_name: str,
              fill: Callable[[Path], None]) -> Iterator[str]:
    """JupyterLab on a free port serving a scratch folder that `fill` fills; yields its URL."""
    lab_settings(tmp_path / "settings", theme)
    work = tmp_path / "notebooks"
    fill(work)
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "binder" / "jupyter_config")}
    with (ARTIFACTS / log_name).open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
             f"--port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
             "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={work}",
             f"--LabApp.user_settings_dir={tmp_path / 'settings'}",
             f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
             "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            cwd=work, stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_for(base + "/api/status", timeout=240)  # a busy machine starts JupyterLab slowly
            yield base
        finally:
            stop(proc, timeout=15)


def run_all(page: Any, base: str, notebook: str) -> None:
    """Open a notebook and run every cell from the menu, as a learner would."""
    page.goto(f"{base}/lab/tree/{notebook}?reset", timeout=90_000)
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    # The kernel must be connected and idle before "Run All", or the cells are not sent anywhere.
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
    page.get_by_role("menuitem", name="Run All Cells", exact=True).first.click(timeout=30_000)


def stderr_of(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-mime-type='application/vnd.jupyter.stderr']",
                                          "els => els.map(e => e.textContent.slice(0, 400))"))
