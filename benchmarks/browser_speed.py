"""Play-app load time, click latency and kernel memory in Debian's Chromium against Voila on 127.0.0.1.

    .venv/bin/python benchmarks/browser_speed.py [--game tindahan ...] [--loads 5] [--clicks 40]
        [--setups before,after] [--root SEL]

Each setup is the hub started with other flags, measured in the same run, game by game:
``before`` leaves Nagle's algorithm on and preheats nothing (``--nagle --pool-size 0``), ``after``
is the hub as ``./dev hub`` serves it (TCP_NODELAY, preheated kernels per page sized from the host).

Load: navigation start to the first paint (the engine's picture of the table, shown before the
front end has loaded) and to the table drawn with the learner's legal cards, over fresh browser
contexts (median of --loads), each started once the server's kernels are at rest (a used preheated
kernel replaced, as between two visitors some seconds apart). Clicks: a legal card clicked to the
table redrawn for the new position (the engine's reply rendered), median and p95, two ways: right
after the bots' last frame (the moment Nagle's algorithm holds the reply) and human-paced, --paced
ms after it. Bots move 0.3 s apart, which is not counted: the next click waits for them. Memory:
the resident size (RSS) of the played page's kernel after the clicks, and of the preheated kernels
waiting for a visitor.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, hub_process, wait_for  # noqa: E402

TABLE = ".re-trick-table"
# The root element of each game's table widget, where it is not the trick table (--root overrides).
ROOTS = {"klongs": ".re-klong-board", "bangkok": ".re-bangkok"}
PLAYERS = {"tindahan": 5, "bastos": 4, "bangkok": 4, "klongs": 2}
SETUPS = {"before": ["--nagle", "--pool-size", "0"], "after": []}

CLICK = """([sel, wait]) => new Promise(resolve => setTimeout(() => {
    const table = document.querySelector(sel);
    const before = table.dataset.move;
    const start = performance.now();
    const obs = new MutationObserver(() => {
        if (table.dataset.move === before) return;
        obs.disconnect();
        resolve(performance.now() - start);
    });
    obs.observe(table, {attributes: true, subtree: true, childList: true});
    const button = table.querySelector('button[data-action].legal');
    if (!button) { obs.disconnect(); resolve(null); return; }  // nothing to click yet: not timed
    button.click();
}, wait))"""


@contextmanager
def hub(flags: list[str]) -> Iterator[tuple[str, int]]:
    """The hub with ``flags`` on a free port: its URL and process id. Its log, to look into a slow load:
    test-artifacts/browser-speed-PORT.log."""
    with hub_process("browser-speed", *flags) as (server, base, _log):
        wait_for(base + "/voila/api/contents")
        yield base, server.pid


def kernels(server: int) -> dict[str, int]:
    """The server's kernel processes: kernel id -> resident size in bytes."""
    found = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
            cmdline = (status.parent / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if int(fields.get("PPid", "0")) != server or not any(b"ipykernel" in part for part in cmdline):
            continue
        ids = [part.decode().rsplit("kernel-", 1)[-1].removesuffix(".json") for part in cmdline
               if part.endswith(b".json")]
        if ids and "VmRSS" in fields:
            found[ids[0]] = int(fields["VmRSS"].split()[0]) * 1024
    return found


def cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total


def settle(server: int, timeout: float = 300.0) -> None:
    """Until the server's kernels are at rest (no CPU used for a second): preheated ones have run
    their page and wait for a visitor, closed pages' kernels are gone. Each load starts from there."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = kernel_pids(server)
        before = cpu_ticks(pids)
        time.sleep(1.0)
        if kernel_pids(server) == pids and cpu_ticks(pids) == before:
            return


def kernel_pids(server: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == server and b"ipykernel" in cmdline:
            pids.append(int(stat.parent.name))
    return sorted(pids)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(share * len(ordered)) - 1)]


# Notes when the page first shows the engine's picture of the table (ms since navigation started).
NOTE_FIRST_PAINT = """
new MutationObserver((_, observer) => {
  if (!document.getElementById('re-first-paint')) return;
  window.reFirstPaintAt = performance.now();
  observer.disconnect();
}).observe(document, {subtree: true, childList: true});
"""


def measure_loads(browser: Any, server: int, url: str, table: str,
                  loads: int) -> tuple[list[float], list[float]]:
    """Seconds from navigation to the first paint (none: the page has no first paint) and to the table
    drawn with legal moves, per fresh load."""
    painted, playable = [], []
    for _ in range(loads):
        settle(server)
        context = browser.new_context()
        context.add_init_script(NOTE_FIRST_PAINT)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_selector(f"{table} button.legal", timeout=120_000)
        playable.append(time.perf_counter() - start)
        first = page.evaluate("window.reFirstPaintAt")
        if first is not None:
            painted.append(float(first) / 1000)
        page.goto("about:blank")  # the unload shuts the page's kernel down
        context.close()
    return painted, playable


def measure_clicks(page: Any, table: str, clicks: int, wait_ms: int) -> list[float]:
    times: list[float] = []
    while len(times) < clicks:
        page.wait_for_function(f"() => document.querySelector('{table}').dataset.busy === 'false'",
                               timeout=60_000)
        resume = page.locator(f"{table} [data-role=continue]")
        if resume.count() and resume.first.is_visible():  # a round's summary waits for the learner
            resume.first.click()
            page.wait_for_function(f"() => document.querySelector('{table}').dataset.paused !== 'true'",
                                   timeout=60_000)
            continue
        if page.locator(f"{table}[data-current='']").count():  # game over: deal again
            page.click(f"{table} [data-role='new-game']")  # the table's own button
            page.wait_for_selector(f"{table} button.legal", timeout=60_000)
            continue
        elapsed = page.evaluate(CLICK, [table, wait_ms])
        if elapsed is None:
            page.wait_for_timeout(100)
            continue
        times.append(float(elapsed))
    return times


def run(browser: Any, game: str, setup: str, args: argparse.Namespace) -> dict[str, Any]:
    table = args.root or ROOTS.get(game, TABLE)
    with hub(SETUPS[setup]) as (base, pid):
        url = f"{base}/voila/render/{game}_play.ipynb?players={PLAYERS.get(game, 4)}&seed=3&delay=0.3"
        warm = browser.new_page()  # warm-up: the server's imports, template compile, browser cache
        warm.goto(url, wait_until="commit", timeout=180_000)
        warm.wait_for_selector(f"{table} button.legal", timeout=180_000)
        warm.goto("about:blank")
        warm.close()
        painted, loads = measure_loads(browser, pid, url, table, args.loads)
        settle(pid)
        page = browser.new_page()
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_selector(f"{table} button.legal", timeout=120_000)
        config = "document.getElementById('jupyter-config-data').textContent"
        kernel_id = page.evaluate(f"JSON.parse({config}).kernelId")
        fast = measure_clicks(page, table, args.clicks, 0)
        paced = measure_clicks(page, table, args.clicks, args.paced)
        memory = kernels(pid)
        played = memory.pop(kernel_id, 0)
        page.goto("about:blank")
        page.close()
    return {"game": game, "setup": setup, "loads": loads, "painted": painted, "fast": fast, "paced": paced,
            "played_mb": played / 2**20, "idle_mb": [m / 2**20 for m in memory.values()]}


def report(row: dict[str, Any]) -> str:
    fast, paced, idle = row["fast"], row["paced"], row["idle_mb"]
    waiting = f"{statistics.median(idle):.0f} MB ({len(idle)})" if idle else "-"
    painted = f"{statistics.median(row['painted']):.2f} s" if row["painted"] else "-"
    return (f"| {row['game']} | {row['setup']} | {painted} | {statistics.median(row['loads']):.2f} s "
            f"({', '.join(f'{t:.2f}' for t in row['loads'])}) "
            f"| {statistics.median(fast):.0f} / {percentile(fast, 0.95):.0f} ms "
            f"| {statistics.median(paced):.0f} / {percentile(paced, 0.95):.0f} ms "
            f"| {row['played_mb']:.0f} MB | {waiting} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    parser.add_argument("--setups", default="before,after", help="comma-separated, of: " + ", ".join(SETUPS))
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40, help="clicks of each kind")
    parser.add_argument("--paced", type=int, default=300,
                        help="ms between the table at rest and a paced click")
    parser.add_argument("--root", default=None, help="CSS selector of the table widget's root element")
    args = parser.parse_args()
    setups = [s for s in args.setups.split(",") if s]
    for setup in setups:
        if setup not in SETUPS:
            parser.error(f"unknown setup {setup!r}")
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no Chromium found: apt-get install chromium (or set CHROMIUM=/path)")
    from playwright.sync_api import sync_playwright

    print("| app | setup | first paint (median) | playable after navigation (median; loads) | click right "
          "after the last frame (p50 / p95) | click 300 ms later (p50 / p95) | played kernel RSS | "
          "preheated kernel RSS (n) |")
    print("|---|---|---|---|---|---|---|---|", flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for game in args.game:
            for setup in setups:
                print(report(run(browser, game, setup, args)), flush=True)
        browser.close()


if __name__ == "__main__":
    main()
