"""The load generator's figures in words (benchmarks/load_visitors.py): percentiles and the printed
report.
"""

from __future__ import annotations

from typing import Any


def percentile(values: list[float], q: float) -> float | None:
    """Linear interpolation between the closest ranks (q from 0 to 100); None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    at = (len(ordered) - 1) * q / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def spread(values: list[float]) -> dict[str, float | int | None]:
    return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
            "max": max(values) if values else None}


def describe(report: dict[str, Any]) -> str:
    cfg = report["config"]

    def row(name: str, key: str, unit: float, suffix: str) -> str:
        s = report[key]

        def fmt(v: float | None) -> str:
            return "-" if v is None else f"{v * unit:.{0 if unit > 1 else 2}f}{suffix}"
        return (f"{name:<13} p50 {fmt(s['p50']):>9}  p95 {fmt(s['p95']):>9}  max {fmt(s['max']):>9}"
                f"  (n={s['n']})")

    lost = [r for r in report["visitors"] if r["lost"]]
    reasons: dict[str, int] = {}
    for r in lost:
        reasons[r["lost"][:80]] = reasons.get(r["lost"][:80], 0) + 1
    lines = [
        f"{cfg['visitors']} visitors of {cfg['app']} at {cfg['url']} (ramp {cfg['ramp']:g} s, "
        f"{cfg['moves']} moves, hint every {cfg['hint_every'] or '-'}, "
        f"think {cfg['think'][0]:g}-{cfg['think'][1]:g} s, "
        f"query {cfg['query']}): {report['seconds']} s",
        *([f"hub           {report['hub']}"] if report.get("hub") else []),
        row("page opened", "opened", 1, " s"), row("playable", "playable", 1, " s"),
        row("click", "click", 1000, " ms"),
        row(" .. opening", "click_while_opening", 1000, " ms") + "  another visitor's page was opening",
        row(" .. none", "click_no_opening", 1000, " ms") + "  no page was opening",
        row(" .. to kernel", "click_to_kernel", 1000, " ms") + "  until the kernel began it",
        row(" .. in kernel", "click_in_kernel", 1000, " ms") + "  until it made the update",
        row(" .. back", "click_back", 1000, " ms") + "  until the update arrived here",
        row("hint", "hint", 1, " s"),
        row("hub answers", "hub_lag", 1000, " ms") + "  a trivial request (404), 4 a second",
    ]
    if report["forged"]["n"]:
        lines.append(row("forged click", "forged", 1000, " ms"))
    lines += [
        f"lost games    {report['lost']} of {cfg['visitors']} ({report['refused']} refused with 503; "
        f"{report['cut_off']} cut off by --duration)"
        + "".join(f"\n    {n} x {why}" for why, n in reasons.items()),
        f"peak playing  {report['peak_playing']} visitors at once; the hub ran at most "
        f"{report['peak_kernels'] if report['peak_kernels'] is not None else '-'} kernels (pool included)",
        "kernels left  " + ("not checked" if report["kernels_left"] is None else
                            f"0 of the visitors' kernels, all gone {report['kernels_gone_after']:g} s "
                            "after the last visitor left" if report["kernels_left"] == 0 else
                            f"{report['kernels_left']} of the visitors' kernels {cfg['linger']:g} s after "
                            "they left"),
        "load average  before " + " ".join(f"{x:.2f}" for x in report["load_before"])
        + "   after " + " ".join(f"{x:.2f}" for x in report["load_after"])
        + f"  (1, 5, 15 min); 1-min peak during the run {report['load_peak']:.2f}",
        f"CPU           this generator {report['generator_cpu']} s; the hub's server process "
        + ("-" if report["hub_cpu"] is None else f"{report['hub_cpu']} s") + " (kernels not counted)",
    ]
    return "\n".join(lines)
