"""The static site in Debian's Chromium: load times, bytes, and the searches' answer times.

    .venv/bin/python benchmarks/site_speed.py [--loads 5] [--games tindahan,klongs] [--searches 12]
        [--parts load,bytes,search]

The site is built as `./dev site` builds it (reused when its stamp matches) and served on 127.0.0.1
by `./dev site --serve`'s file server, with its cache headers.

- load: for each play page, --loads fresh browser profiles (a new context: empty HTTP cache), each
  opening the page twice, cold then warm (the second visit, its assets in the HTTP cache): navigation
  start to the table's picture visible (first contentful paint: the picture is in the page's HTML)
  and to playable (the page's Python ready and a legal card clickable). Medians, and the page's own
  marks of where the seconds went (Pyodide imported, Python with its wheels ready, the cells run).
- bytes: what a first visit of the Tindahan play page fetches, raw and gzip-compressed as a static
  host serves text (wheels and zips as they are), by kind; and the site's size on disk, by part.
- search: on each game's play page, Hint pressed --searches times at the learner's turn (click to
  the suggestions drawn), and strong bots' moves with no delay (one bot move to the next), p50/p95,
  with the budget the page searched with.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, serve_site  # noqa: E402

TABLE = ".re-trick-table"
ROOTS = {"klongs": ".re-klong-board", "bangkok": ".re-bangkok"}
PLAYERS = {"tindahan": 4, "bastos": 4, "bangkok": 2, "klongs": 3}
#: Kinds of file whose bytes a static host compresses (wheels, zips and images are compressed already).
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".py")


def root_of(game: str) -> str:
    return ROOTS.get(game, TABLE)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def playable(page: Any, game: str) -> float:
    """Seconds from navigation start to a legal move clickable with the page's Python ready."""
    page.wait_for_selector("body[data-re-site=ready]", timeout=180_000)
    page.wait_for_selector(f"{root_of(game)} button.legal, {root_of(game)} [data-action].legal",
                           timeout=60_000)
    return float(page.evaluate("performance.now()")) / 1000


def painted(page: Any) -> float:
    entries = page.evaluate("performance.getEntriesByName('first-contentful-paint').map(e => e.startTime)")
    return float(entries[0]) / 1000 if entries else float("nan")


def loads(browser: Any, url: str, games: list[str], count: int) -> None:
    print(f"== load: navigation to picture / to playable, median of {count} fresh profiles")
    for game in games:
        rows: dict[str, list[tuple[float, float]]] = {"cold": [], "warm": []}
        stages: list[dict[str, float]] = []
        for _ in range(count):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            for visit in ("cold", "warm"):
                page = context.new_page()
                page.goto(f"{url}/{game}_play.html?players={PLAYERS[game]}", wait_until="commit")
                ready = playable(page, game)
                rows[visit].append((painted(page), ready))
                if visit == "cold":
                    stages.append(page.evaluate("window.rulesExplorerSite.timings"))
                page.close()
            context.close()
        for visit, values in rows.items():
            paint = statistics.median(v[0] for v in values)
            ready = statistics.median(v[1] for v in values)
            print(f"  {game:9s} {visit}: picture {paint:.2f} s, playable {ready:.2f} s "
                  f"(each: {', '.join(f'{v[1]:.1f}' for v in values)})")
        marks = {name: statistics.median(s[name] for s in stages if name in s) / 1000 for name in stages[0]}
        print("  " + game + " where the cold seconds went (median marks, s after navigation): "
              + ", ".join(f"{name} {value:.2f}" for name, value in marks.items()))


def first_visit_bytes(browser: Any, url: str) -> None:
    print("== bytes: a first visit of tindahan_play.html")
    context = browser.new_context()
    fetched: list[str] = []
    context.on("requestfinished", lambda request: fetched.append(request.url))
    page = context.new_page()
    page.goto(f"{url}/tindahan_play.html", wait_until="commit")
    playable(page, "tindahan")
    page.wait_for_timeout(1000)
    context.close()
    from staticsite.build import OUT

    kinds: dict[str, list[int]] = {}
    for address in fetched:
        path = OUT / address.removeprefix(url + "/").split("?", 1)[0]
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            continue
        raw = path.read_bytes()
        packed = len(gzip.compress(raw, 6)) if path.suffix in COMPRESSED else len(raw)
        kind = "wheels" if path.suffix == ".whl" else path.suffix.lstrip(".") or "other"
        kind = "pyodide" if "/pyodide/" in str(path) and kind != "wheels" else kind
        totals = kinds.setdefault(kind, [0, 0, 0])
        totals[0] += 1
        totals[1] += len(raw)
        totals[2] += packed
    files = sum(v[0] for v in kinds.values())
    raw_total = sum(v[1] for v in kinds.values()) / 1e6
    packed_total = sum(v[2] for v in kinds.values()) / 1e6
    print(f"  {files} files, {raw_total:.1f} MB ({packed_total:.1f} MB gzip-compressed, as a host serves "
          "them)")
    for kind, (n, raw_size, packed_size) in sorted(kinds.items(), key=lambda item: -item[1][2]):
        print(f"    {kind:8s} {n:3d} files {raw_size / 1e6:6.2f} MB  ({packed_size / 1e6:.2f} MB compressed)")
    parts: dict[str, int] = {}
    for path in OUT.rglob("*"):
        if path.is_file():
            rel = path.relative_to(OUT).parts
            part = "pages" if len(rel) == 1 else ("pyodide+wheels" if "pyodide" in rel else rel[-1])
            parts[part] = parts.get(part, 0) + path.stat().st_size
    print(f"  site on disk: {sum(parts.values()) / 1e6:.1f} MB: "
          + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(parts.items(), key=lambda i: -i[1])))


def searches(browser: Any, url: str, games: list[str], count: int) -> None:
    print(f"== search: Hint (click to suggestions drawn) and strong bots' moves, {count} each")
    for game in games:
        root = root_of(game)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{url}/{game}_play.html?players={PLAYERS[game]}&seed=3&delay=0&pause=0&bots=strong")
        playable(page, game)
        page.evaluate(f"""() => {{
            window.reMoves = [];
            const t = document.querySelector('{root}');
            new MutationObserver(() => window.reMoves.push([performance.now(), Number(t.dataset.move),
              t.dataset.busy])).observe(t, {{attributes: true, attributeFilter: ['data-move']}});
        }}""")
        hints: list[float] = []
        budget = ""
        for _ in range(count * 3):
            if len(hints) >= count:
                break
            page.wait_for_selector(f"{root}[data-busy=false]", timeout=120_000)
            if page.locator(f"{root} [data-action].legal").count() == 0:
                break  # the game is over
            started = time.perf_counter()
            page.locator(f'{root} [data-role="hint"]').click()
            page.wait_for_selector(f'{root} [data-role="hint-item"]', timeout=60_000)
            hints.append(time.perf_counter() - started)
            said = page.locator(f'{root} [data-role="hints-busy"]')
            budget = said.inner_text() if said.count() else "the hub's budget"
            move = page.locator(root).get_attribute("data-move")
            page.locator(f'{root} [data-role="hint-play"]').first.click()
            page.wait_for_function(f"() => document.querySelector('{root}').dataset.move !== '{move}'",
                                   timeout=60_000)
        marks = page.evaluate("window.reMoves")
        steps = [b[0] - a[0] for a, b in itertools.pairwise(marks) if b[1] == a[1] + 1]
        bots = [s / 1000 for s in steps if s > 20]  # a learner's own move redraws within a few ms
        context.close()
        if hints:
            print(f"  {game:9s} Hint p50 {quantile(hints, 0.5):.2f} s p95 {quantile(hints, 0.95):.2f} s "
                  f"({len(hints)}); {budget}")
        if bots:
            print(f"  {game:9s} strong-bot move p50 {quantile(bots, 0.5):.2f} s "
                  f"p95 {quantile(bots, 0.95):.2f} s ({len(bots)} moves)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--games", default="tindahan,klongs")
    parser.add_argument("--search-games", default="tindahan,bastos,bangkok,klongs")
    parser.add_argument("--searches", type=int, default=12)
    parser.add_argument("--parts", default="load,bytes,search")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}, "
          f"{os.cpu_count()} cores")
    parts = args.parts.split(",")
    with serve_site() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        if "load" in parts:
            loads(browser, url, args.games.split(","), args.loads)
        if "bytes" in parts:
            first_visit_bytes(browser, url)
        if "search" in parts:
            searches(browser, url, args.search_games.split(","), args.searches)
        browser.close()
    print(f"load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
