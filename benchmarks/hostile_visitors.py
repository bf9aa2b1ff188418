"""An honest visitor plays while a hostile one attacks the hub: issue 32's figures.

    .venv/bin/python benchmarks/hostile_visitors.py --serve [--clicks 60] [--frames 600] [--flood-seconds 10]
    .venv/bin/python benchmarks/hostile_visitors.py --url http://127.0.0.1:8866 --hub-pid PID

First the honest visitor alone (a Tindahan table through the page's protocol, as
benchmarks/load_visitors.py plays it: ``--clicks`` clicks, a few tenths of a second apart), then the
same visitor again, playing as long as a hostile visitor (benchmarks/_hostile.py, a process of its own)
sends its freezing frame, tries another page's kernel, fuzzes frames, floods clicks at 200 a second,
restarts its kernel in a loop and opens tables until refused. Printed: the honest clicks' p50 / p95
alone and under attack (in one run: the ratio is the figure on a noisy machine), the frames tried, the
sockets the hub closed and why, the kernels restarted, tracebacks leaked (the goal: 0), a file written
by the attacker (the goal: none), and the hub's peak memory.

``run(...)`` is the same as a library (tests/browser/test_hostile_visitors.py). Only 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hostile import MARKER, Plan
from _load_hub import serve
from load_visitors import Config
from load_visitors import run as visit

HERE = Path(__file__).resolve().parent
#: Seconds between an honest visitor's clicks.
THINK = (0.2, 0.4)


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Sampler(threading.Thread):
    """The hub's memory, sampled every half second until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.samples = pid, [rss_mb(pid)]
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.5):
            self.samples.append(rss_mb(self.pid))


def honest(base: str, hub_pid: int, clicks: int, seed: int) -> dict[str, Any]:
    """One honest visitor's ``clicks`` clicks on a Tindahan table: the load generator's report."""
    cfg = Config(url=base, app="tindahan_play", visitors=1, moves=clicks, think=THINK, duration=600,
                 seed=seed, linger=0, hub_pid=hub_pid, progress=False)
    # On a thread of its own: a test worker's Playwright (sync API) keeps an event loop running on the
    # calling thread, where asyncio.run refuses to start another.
    with ThreadPoolExecutor(max_workers=1) as pool:
        report: dict[str, Any] = pool.submit(asyncio.run, visit(cfg)).result()
    return report


def percentiles(times: list[float]) -> dict[str, float | int]:
    if len(times) < 2:
        return {"clicks": len(times)}
    ms = sorted(1000 * t for t in times)
    return {"clicks": len(ms), "p50_ms": round(statistics.median(ms), 1),
            "p95_ms": round(statistics.quantiles(ms, n=20, method="inclusive")[-1], 1)}


def run(base: str, hub_pid: int, plan: Plan, clicks: int = 40, alone: bool = True) -> dict[str, Any]:
    """The honest visitor alone (unless not ``alone``), then while the hostile visitor attacks; the
    figures and both visitors' reports."""
    figures: dict[str, Any] = {"load_before": [round(x, 1) for x in os.getloadavg()]}
    if alone:
        report = honest(base, hub_pid, clicks, seed=1)
        figures["alone"] = percentiles(report["visitors"][0]["clicks"])
        figures["alone_lost"] = report["lost"]
    sampler = Sampler(hub_pid)
    sampler.start()
    args = [f"--{k.replace('_', '-')}={v}" for k, v in asdict(plan).items()]
    attacker = subprocess.Popen([sys.executable, str(HERE / "_hostile.py"), "--url", base, *args],
                                stdout=subprocess.PIPE, text=True)
    started = time.monotonic()
    under: list[float] = []
    lost = []
    rounds = 0
    try:
        while attacker.poll() is None and time.monotonic() - started < 900:
            rounds += 1
            report = honest(base, hub_pid, max(10, clicks // 4), seed=100 + rounds)
            under += report["visitors"][0]["clicks"]
            lost += [v["lost"] for v in report["visitors"] if v["lost"]]
        out, _ = attacker.communicate(timeout=120)
    finally:
        if attacker.poll() is None:
            attacker.kill()
        sampler.done.set()
        sampler.join()
    hostile = json.loads(out) if out.strip() else {"errors": ["the attacker printed no report"]}
    figures["under_attack"] = percentiles(under)
    figures["under_attack_lost"] = lost
    figures["attack_seconds"] = round(time.monotonic() - started, 1)
    figures["frames_tried"] = sum(hostile.get("frames", {}).values())
    figures["sockets_closed"] = hostile.get("closed", {})
    figures["handshakes_refused"] = hostile.get("refused_opens", {})
    figures["restarts_asked"] = hostile.get("restarts_asked")
    figures["tracebacks_leaked"] = len(hostile.get("leaks", []))
    figures["file_written"] = hostile.get("marker_written") or MARKER.exists()
    figures["hub_rss_mb"] = {"before": round(sampler.samples[0]), "peak": round(max(sampler.samples)),
                             "after": round(sampler.samples[-1])}
    figures["load_after"] = [round(x, 1) for x in os.getloadavg()]
    return {"figures": figures, "hostile": hostile}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--serve", action="store_true", help="start a hub as ./dev hub does (pools of 1)")
    where.add_argument("--url", help="a running hub on this machine (give --hub-pid)")
    parser.add_argument("--hub-pid", type=int)
    parser.add_argument("--clicks", type=int, default=40, help="the honest visitor's clicks alone")
    for name, value in asdict(Plan()).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    parser.add_argument("--hub-arg", action="append", default=[],
                        help="an option for the served hub, e.g. --hub-arg=--socket-opens-per-minute=600")
    args = vars(parser.parse_args())
    serve_it, url, pid, clicks = args.pop("serve"), args.pop("url"), args.pop("hub_pid"), args.pop("clicks")
    hub_args = ["--pool-size", "1", *args.pop("hub_arg")]
    plan = Plan(**args)
    if serve_it:
        with serve(hub_args) as (base, hub_pid, banner):
            print(banner, file=sys.stderr)
            result = run(base, hub_pid, plan, clicks)
    else:
        if pid is None:
            parser.error("--url needs --hub-pid (the hub's memory is measured)")
        result = run(url, pid, plan, clicks)
    print(json.dumps(result["figures"], indent=1))


if __name__ == "__main__":
    main()
