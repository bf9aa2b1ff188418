"""A hub no single visitor can take down (issue 32): a hostile visitor attacks a hub served as `./dev hub`
serves it while an honest visitor plays on, both through the page's own protocol on 127.0.0.1.

The hostile visitor (benchmarks/_hostile.py, a process of its own) holds only what a visitor holds: its
own pages' cookies. It sends the 64-byte frame that froze the whole hub before; another visitor's kernel
id in hand, tries that kernel's websocket, model, delete, unload shutdown and the preheated kernels'
socket; fuzzes malformed v1 and legacy frames and well-formed hostile messages (every shell message
type, a file write, every trait of the table forged, unknown comms and widgets, garbage intents); floods
clicks at 200 a second; restarts its kernel in a loop; and opens pages until the hub says it has enough.
Throughout, the honest visitor's clicks are answered (p95 within 50 ms, or on a loaded machine within
2.5 times its p95 alone just before), the hub's memory stays bounded,
no file is written and no traceback or server path reaches the attacker.

Bounded: about two minutes in `./dev test`. The long version (thousands of frames over the wire, the
hub's socket opens relaxed so that each malformed frame can cost a socket) is opt-in:

    ./dev test -m long tests/browser/test_hostile_visitors.py
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

from .conftest import LOGS, ROOT, SERVERS, serve_hub

pytestmark = pytest.mark.slow

SCRIPT = ROOT / "benchmarks" / "hostile_visitors.py"
#: The honest visitor's click time at the 95th percentile while the attack runs: within 50 ms, or, on a
#: machine other work has loaded (the shared test machine: its load average reached 14 while two other
#: suites ran), within 2.5 times the same visitor's p95 alone on the same hub just before: the attack
#: must not be what slows the clicks. benchmarks/README.md has the figures of a quieter machine.
CLICK_P95_MS = 50.0
CLICK_P95_RATIO = 2.5
#: How much the hub process may grow while attacked.
HUB_GROWTH_MB = 150


def load_bench() -> ModuleType:
    # benchmarks/ is a folder of scripts, not a package: the script is loaded from its file.
    spec = importlib.util.spec_from_file_location("hostile_visitors", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def changed_files() -> set[str]:
    """Files of the checkout that differ from git's (untracked ones included, ignored ones not)."""
    out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, text=True,
                         capture_output=True, check=True).stdout
    return set(out.splitlines())


def attacked(plan_options: dict[str, Any], hub_options: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    bench = load_bench()
    plan = bench.Plan(**plan_options)
    before = changed_files()
    with serve_hub("light", "--pool-size", "1", *hub_options) as base:
        result = bench.run(base, SERVERS[base].pid, plan, clicks=30)
        log = LOGS[base].read_text(errors="replace")
    assert changed_files() == before, "the attack wrote files into the checkout"
    assert not bench.MARKER.exists(), "the attacker's code ran: it wrote its marker file"
    return result, log


def check(result: dict[str, Any], log: str) -> None:
    figures, hostile = result["figures"], result["hostile"]
    summary = f"{figures}\n{ {k: v for k, v in hostile.items() if k != 'tables_page'} }"
    assert hostile["errors"] == [], summary
    # The frame that froze every page closes the sender's socket, saying why.
    assert (hostile["freeze_closed"] or "").startswith("malformed message: a v1 frame states"), summary
    # Another page's kernel, its id in hand: nothing opens, nothing is shut down; its page still has it.
    statuses = hostile["statuses"]
    assert {statuses[k] for k in ("websocket", "kernel model", "kernel delete", "unload shutdown",
                                  "request-info socket")} == {404}, summary
    assert statuses["the victim's own model"] == 200, summary
    # Malformed frames close the sender's socket; the flood is cut short; restarts stop at the limit.
    assert hostile["closed"].get("malformed message", 0) >= 5, summary
    assert hostile["closed"].get("too many messages", 0) >= 1, summary
    assert "restarted its kernel 2 times" in (hostile["restart_closed"] or ""), summary
    restarts = re.findall(r"kernel \S+ restarted$", log, re.MULTILINE)  # the server's restarter's line
    assert 1 <= len(restarts) <= 2, f"{len(restarts)} kernel restarts: a page may ask for 2"
    # One visitor's tables: refused past the limit, in words, at once.
    assert hostile["tables_refused"] == 1 and "6 game tables open" in hostile["tables_page"], summary
    # Nothing reached the attacker but plain words.
    assert hostile["received"] > 100 and hostile["leaks"] == [], hostile["leaks"][:3]
    assert figures["tracebacks_leaked"] == 0 and not figures["file_written"], summary
    # The honest visitor played on throughout, every click answered at once.
    assert figures["under_attack_lost"] == [], summary
    assert figures["under_attack"]["clicks"] >= 20, summary
    assert figures["alone_lost"] == 0, summary
    allowed = max(CLICK_P95_MS, CLICK_P95_RATIO * figures["alone"]["p95_ms"])
    assert figures["under_attack"]["p95_ms"] <= allowed, summary
    rss = figures["hub_rss_mb"]
    assert rss["peak"] - rss["before"] <= HUB_GROWTH_MB, summary


def test_a_hostile_visitor_leaves_everyone_else_served() -> None:
    result, log = attacked({"frames": 250, "malformed": 0.08, "flood_seconds": 8.0, "restarts": 4})
    check(result, log)


@pytest.mark.long
def test_a_long_hostile_visit() -> None:
    """Thousands of frames over the wire, a third of them malformed: the hub's socket opens relaxed so
    that the fuzz is not slowed to the default's pace (every other limit as `./dev hub` sets it)."""
    result, log = attacked({"frames": 5000, "malformed": 0.35, "rate": 18.0, "flood_seconds": 60.0},
                           ("--socket-opens-per-minute", "6000"))
    check(result, log)
    assert result["figures"]["frames_tried"] >= 5000
