"""Play-app load time and click latency in Debian's Chromium against Voila on 127.0.0.1.

    .venv/bin/python benchmarks/browser_speed.py [--game tindahan] [--loads 5] [--clicks 50] [--root SEL]

Load: navigation start to the table drawn with the learner's legal cards, over fresh browser
contexts (median of --loads). Click: a legal card clicked to the table redrawn for the new position
(the engine's reply rendered), over --clicks clicks (median and p95). Bots move 0.3 s after each
click, which is not counted: the next click waits for them.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, free_port, wait_for  # noqa: E402

TABLE = ".re-trick-table"
# The root element of each game's table widget, where it is not the trick table (--root overrides).
ROOTS = {"klongs": ".re-klong-board", "bangkok": ".re-bangkok"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tindahan")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--root", default=None, help="CSS selector of the table widget's root element")
    args = parser.parse_args()
    table = args.root or ROOTS.get(args.game, TABLE)
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no Chromium found: apt-get install chromium (or set CHROMIUM=/path)")
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "widgets.hub", "--port", str(port)], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/voila/render/{args.game}_play.ipynb?players={args.players}&seed=3&delay=0.3"
    try:
        wait_for(base + "/voila/api/contents")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            browser.new_page().goto(url, wait_until="domcontentloaded")  # warm-up: imports, caches
            loads = []
            for _ in range(args.loads):
                context = browser.new_context()
                page = context.new_page()
                start = time.perf_counter()
                page.goto(url, wait_until="commit")
                page.wait_for_selector(f"{table} button.legal", timeout=120_000)
                loads.append(time.perf_counter() - start)
                context.close()
            print(f"{args.game} play app visible after navigation: median {statistics.median(loads):.2f} s "
                  f"(loads: {', '.join(f'{t:.2f}' for t in loads)})", flush=True)
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector(f"{table} button.legal", timeout=120_000)
            clicks: list[float] = []
            while len(clicks) < args.clicks:
                page.wait_for_function(f"() => document.querySelector('{table}').dataset.busy === 'false'",
                                       timeout=60_000)
                if page.locator(f"{table}[data-current='']").count():  # game over: deal again
                    page.click(f"{table} [data-role='new-game']")  # the table's own button
                    page.wait_for_selector(f"{table} button.legal", timeout=60_000)
                    continue
                elapsed = page.evaluate(
                    """(sel) => new Promise(resolve => {
                        const table = document.querySelector(sel);
                        const before = table.dataset.move;
                        const start = performance.now();
                        const obs = new MutationObserver(() => {
                            if (table.dataset.move === before) return;
                            obs.disconnect();
                            resolve(performance.now() - start);
                        });
                        obs.observe(table, {attributes: true, subtree: true, childList: true});
                        table.querySelector('button[data-action].legal').click();
                    })""",
                    table,
                )
                clicks.append(float(elapsed))
            clicks.sort()
            p95 = clicks[max(0, round(0.95 * len(clicks)) - 1)]
            print(f"{args.game} click -> updated table over {len(clicks)} clicks: "
                  f"median {statistics.median(clicks):.0f} ms, p95 {p95:.0f} ms", flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=15)


if __name__ == "__main__":
    main()
