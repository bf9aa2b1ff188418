"""Klongs' board: script time per redraw in Chromium, the front end at a revision and today's, alternately.

    nice -n 19 .venv/bin/python benchmarks/klongs_draw.py [--before REV] [--passes 6] [--players 2]
        [--seed 3] [--events N] [--check]

One game (the heuristic bot for the learner against heuristic bots, recorded from the real widget on
a fake clock: tests/browser/_klongs_replay.py) is replayed into each front end in its own blank
Chromium page: every update message the kernel sends is one redraw, as in the play app, and the
learner's selection clicks (a boat, then a space) are redraws too. Passes alternate between the two
(ABBA...), each from a fresh widget, so both see the same machine. Per redraw: the script (the model's
change to the redraw's end: what a click's latency in the page includes) and the style and layout
after it (forced by a read); per pass: Chrome's own ScriptDuration and ThreadTime (the main thread's
CPU time). ``--check`` first replays the game into both front ends in one page and compares their
drawings after every event (attributes sorted): the same DOM, or the first difference.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser._klongs_replay import load_page, record_game  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, find_chromium  # noqa: E402

DUMP = ("import json, sys; sys.path.insert(0, sys.argv[1]); from widgets import KlongBoardWidget as W; "
        "print(json.dumps({'esm': str(W._esm), 'css': str(W._css)}))")
METRICS = ("ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "ThreadTime")


def front_end(rev: str | None) -> dict[str, str]:
    """The klong board's ES module and style sheet at git revision ``rev`` (None: the working tree)."""
    if rev is None:
        from widgets import KlongBoardWidget

        return {"esm": str(KlongBoardWidget._esm), "css": str(KlongBoardWidget._css)}
    archive = subprocess.run(["git", "archive", "--format=tar", rev, "widgets"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        out = subprocess.run([sys.executable, "-c", DUMP, tmp], cwd=tmp, check=True, capture_output=True,
                             text=True).stdout
    return dict(json.loads(out))


def metrics(session: Any) -> dict[str, float]:
    found = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    return {name: float(found.get(name, 0.0)) for name in METRICS}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(share * len(ordered)) - 1)]


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="HEAD", help="git revision of the front end to compare with")
    parser.add_argument("--passes", type=int, default=6, help="replays of the game per front end")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--events", type=int, default=10_000, help="at most this many events of the game")
    parser.add_argument("--check", action="store_true", help="first compare the two drawings event by event")
    args = parser.parse_args()
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no Chromium found: apt-get install chromium (or set CHROMIUM=/path)")
    game = record_game(args.players, args.seed, args.events)
    events = game[1]
    frames = [i for i, e in enumerate(events) if "frame" in e]
    print(f"game: {args.players} players, seed {args.seed}: {len(frames)} update messages, "
          f"{len(events) - len(frames)} selection clicks; load average {loadavg()}", flush=True)
    ends = {"before": front_end(args.before), "after": front_end(None)}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        if args.check:
            page = context.new_page()
            load_page(page, ends["after"]["css"], {name: end["esm"] for name, end in ends.items()}, game)
            for name in ends:
                page.evaluate("n => window.__replay.start(n, window.__game.first)", name)
            compare = "names => window.__replay.run(names, window.__game.events, {compare: true})"
            result = page.evaluate(compare, list(ends))
            print("drawings: " + (f"DIFFER {json.dumps(result['diff'], indent=1)}" if "diff" in result
                                  else f"the same after each of {len(events)} events"), flush=True)
            page.close()
        pages = {}
        for name, end in ends.items():
            page = context.new_page()
            load_page(page, end["css"], {name: end["esm"]}, game)
            session = context.new_cdp_session(page)
            session.send("Performance.enable", {"timeMetricType": "threadTicks"})
            pages[name] = (page, session)
        script: dict[str, list[float]] = {name: [] for name in ends}
        # Each update's script time over the passes: its least is the cost with the machine's other
        # work out of the way (the figures' medians and p95s take every pass as it came).
        each: dict[str, list[list[float]]] = {name: [[] for _ in frames] for name in ends}
        layout: dict[str, list[float]] = {name: [] for name in ends}
        passes: dict[str, list[dict[str, float]]] = {name: [] for name in ends}
        order = list(ends)
        for p in range(args.passes):
            for name in order if p % 2 == 0 else order[::-1]:
                page, session = pages[name]
                page.evaluate("n => window.__replay.start(n, window.__game.first)", name)
                before = metrics(session)
                times = page.evaluate("n => window.__replay.run([n], window.__game.events)", name)
                after = metrics(session)
                passes[name].append({k: after[k] - before[k] for k in METRICS})
                for k, i in enumerate(frames):
                    script[name].append(times["times"][name][i][0])
                    each[name][k].append(times["times"][name][i][0])
                    layout[name].append(times["times"][name][i][1])
        browser.close()
    print(f"load average after: {loadavg()}")
    print("\n| front end | redraws | script per update p50 / p95 / mean (ms) | least of each update's passes "
          "p50 / p95 / mean (ms) | style+layout p50 / p95 (ms) | per pass: ScriptDuration / ThreadTime (s) |")
    print("|---|---|---|---|---|---|")
    least = {name: [min(x) for x in each[name]] for name in ends}
    for name in ends:
        lay, per = layout[name], passes[name]
        print(f"| {name} ({args.before if name == 'before' else 'working tree'}) | {len(script[name])} "
              f"| {summary(script[name])} | {summary(least[name])} "
              f"| {statistics.median(lay):.2f} / {percentile(lay, 0.95):.2f} "
              f"| {statistics.median(x['ScriptDuration'] for x in per):.3f} / "
              f"{statistics.median(x['ThreadTime'] for x in per):.3f} |")
    for label, values in (("every pass", script), ("least of the passes", least)):
        b, a = values["before"], values["after"]
        ratios = (statistics.median(a) / statistics.median(b), percentile(a, 0.95) / percentile(b, 0.95),
                  statistics.mean(a) / statistics.mean(b))
        print(f"ratio after / before, script per update ({label}): "
              "p50 {:.2f}, p95 {:.2f}, mean {:.2f}".format(*ratios))


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} / {percentile(values, 0.95):.2f} / {statistics.mean(values):.2f}"

if __name__ == "__main__":
    main()
