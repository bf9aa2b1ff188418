"""docs/haproxy.cfg, the recipe for several hubs behind HAProxy, filled in for hubs on this machine:
served by tests/browser/test_several_hosts.py and by the load generator's ``--hubs N``."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CONFIG = Path(__file__).resolve().parent.parent / "docs" / "haproxy.cfg"


def find_haproxy() -> str | None:
    """Debian's haproxy (in /usr/sbin, which a user's PATH may lack)."""
    return shutil.which("haproxy", path=os.pathsep.join((os.environ.get("PATH", ""), "/usr/sbin", "/sbin")))


def haproxy_config(listen: str, servers: dict[str, str]) -> str:
    """docs/haproxy.cfg with its placeholders filled in as its comments say: visitors connect to
    ``listen``; ``servers`` maps each hub's name (its cookie value) to its address."""
    text = CONFIG.read_text()
    if text.count("bind {bind}\n") != 1 or text.count("    {servers}\n") != 1:
        raise ValueError(f"{CONFIG}: the placeholders {{bind}} and {{servers}} moved")
    lines = "".join(f"    server {name} {address} cookie {name}\n" for name, address in servers.items())
    # Only a log target is added: HAProxy's log (and its server state changes) on stdout.
    return ("global\n    log stdout format raw local0 info\n\n"
            + text.replace("bind {bind}\n", f"bind {listen}\n").replace("    {servers}\n", lines))
