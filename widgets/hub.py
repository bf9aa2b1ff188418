"""Serve the Voila app hub: ``python -m widgets.hub [--port N] [--theme dark]`` (what ``./dev hub`` runs).

Voila is started so that closed pages leave no kernels behind (the shutdown request needs no XSRF
token, and idle kernels are culled) and nothing is fetched from outside the machine (our template
drops the lab template's CDN stylesheets). ``/`` redirects to the hub notebook.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SHARE = Path(__file__).resolve().parent / "share"
HUB = "index.ipynb"


def voila_argv(port: int, theme: str, root: Path = NOTEBOOKS) -> list[str]:
    """The command-line configuration both the hub and the browser tests start Voila with."""
    return [
        str(root),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--template=rules-explorer",
        f"--theme={theme}",
        "--Voila.tornado_settings=disable_check_xsrf=True",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_connected=False",
        "--VoilaConfiguration.show_tracebacks=True",
    ]


def voila_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` with our template directory on JUPYTER_PATH, so Voila finds ``rules-explorer``."""
    out = dict(os.environ if env is None else env)
    out["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(SHARE), out.get("JUPYTER_PATH", "")) if p)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="./dev hub", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8866")))
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    args = parser.parse_args(argv)
    os.environ.update(voila_env())

    from jupyter_server.utils import url_path_join
    from tornado.web import RedirectHandler
    from voila.app import Voila

    class HubVoila(Voila):  # type: ignore[misc]
        def init_handlers(self) -> list[tuple[object, ...]]:
            hub = url_path_join(self.server_url, "voila/render", HUB)
            handlers: list[tuple[object, ...]] = super().init_handlers()
            return [(self.server_url, RedirectHandler, {"url": hub}), *handlers]

    print(f"Rules Explorer app hub: http://127.0.0.1:{args.port}/  (Ctrl+C stops it)", flush=True)
    sys.exit(HubVoila.launch_instance(argv=voila_argv(args.port, args.theme)))


if __name__ == "__main__":
    main()
