"""The hub's processes for the load generator (benchmarks/load_visitors.py), read from Linux's /proc:
its kernels (as tests/browser/conftest.py finds them), its CPU time, the process behind a port; and a
hub started on a free port and left to warm its pools before anyone is measured.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import free_port, hub_process  # noqa: E402


def _stat(pid: int | str) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU time of ``pid`` (with ``children``: plus its running children's)."""
    tick = os.sysconf("SC_CLK_TCK")
    own = _stat(pid)
    total = (int(own[11]) + int(own[12])) / tick if own else 0.0
    if children:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            fields = _stat(stat.parent.name)
            if fields and int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


def kernel_ids(server: int) -> set[str]:
    """The ids of the kernels the process ``server`` runs (its children running ipykernel), as
    tests/browser/conftest.py reads them."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        fields = _stat(stat.parent.name)
        try:
            cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if fields and int(fields[1]) == server and any(b"ipykernel" in part for part in cmdline):
            found |= {part.decode().rsplit("kernel-", 1)[-1].removesuffix(".json")
                      for part in cmdline if part.endswith(b".json")}
    return found


def listening_pid(port: int) -> int | None:
    """The process listening on ``port`` (to find a running hub's kernels), if this user can see it."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                cols = line.split()
                if len(cols) > 9 and cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(f"socket:[{cols[9]}]")
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        with suppress(OSError):
            for fd in fd_dir.iterdir():
                with suppress(OSError):
                    if os.readlink(fd) in inodes:
                        return int(fd_dir.parent.name)
    return None


@contextmanager
def serve(hub_args: list[str]) -> Iterator[tuple[str, int, str]]:
    """``python -m widgets.hub`` on a free port, until its kernels are at rest: its URL, pid and the
    settings it printed (pool and cap, which it sizes from the host)."""
    started = time.monotonic()
    with hub_process("load-visitors", *hub_args) as (hub, base, log):
        deadline = time.monotonic() + 240
        while True:
            if hub.poll() is not None:
                raise RuntimeError(f"the hub exited ({hub.returncode}): see {log}")
            with suppress(httpx.HTTPError):
                if httpx.get(base + "/voila/api/contents", timeout=5, trust_env=False).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not answer within 240 s: see {log}")
            time.sleep(0.5)
        answered = time.monotonic() - started
        at_rest(hub.pid)
        banner = " ".join(line.strip() for line in log.read_text().splitlines()[:2])
        print(f"hub answered after {answered:.0f} s, at rest after {time.monotonic() - started:.0f} s: "
              f"{banner}", file=sys.stderr, flush=True)
        yield base, hub.pid, banner


def at_rest(pid: int, limit: float = 300.0) -> None:
    """Until the hub and its kernels (the preheated pool starting) take under 0.15 CPU-s a second for
    3 s running: visitors must not be measured against the hub's own start."""
    deadline, quiet = time.monotonic() + limit, 0
    last = cpu_seconds(pid, children=True)
    while quiet < 3 and time.monotonic() < deadline:
        time.sleep(1.0)
        now = cpu_seconds(pid, children=True)
        quiet = quiet + 1 if now - last < 0.15 else 0
        last = now


@contextmanager
def serve_several(count: int, hub_args: list[str]) -> Iterator[tuple[str, tuple[int, ...], str]]:
    """``count`` hubs (each as ``serve`` starts one) behind HAProxy serving docs/haproxy.cfg on a free
    port: the proxy's URL, the hubs' pids and their settings."""
    from _haproxy import find_haproxy, haproxy_config

    haproxy = find_haproxy()
    if haproxy is None:
        raise RuntimeError("--hubs needs HAProxy (`apt-get install haproxy`)")
    with ExitStack() as stack:
        hubs = [stack.enter_context(serve(hub_args)) for _ in range(count)]
        port = free_port()
        config = ROOT / "test-artifacts" / f"load-visitors-haproxy-{port}.cfg"
        config.write_text(haproxy_config(f"127.0.0.1:{port}", {
            f"hub{n}": url.removeprefix("http://") for n, (url, _pid, _banner) in enumerate(hubs, 1)}))
        log = stack.enter_context((ROOT / "test-artifacts" / f"load-visitors-haproxy-{port}.log").open("w"))
        proxy = subprocess.Popen([haproxy, "-db", "-f", str(config)], stdout=log, stderr=subprocess.STDOUT)
        stack.callback(proxy.wait, 10)
        stack.callback(proxy.terminate)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            with suppress(httpx.HTTPError):
                if httpx.get(base + "/voila/api/contents", timeout=5, trust_env=False).status_code == 200:
                    break
            if time.monotonic() > deadline or proxy.poll() is not None:
                raise RuntimeError(f"HAProxy did not answer within 30 s: see {log.name}")
            time.sleep(0.5)
        pids = tuple(pid for _url, pid, _banner in hubs)
        yield base, pids, f"{count} hubs behind HAProxy, each: {hubs[0][2]}"
