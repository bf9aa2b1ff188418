"""The GitHub Pages workflow (.github/workflows/site.yml) builds the site with the README's command and
publishes exactly the folder the build writes, with the permissions Pages' deployment needs."""

from __future__ import annotations

from pathlib import Path

import yaml

from staticsite.build import OUT

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "site.yml"


def uses(step: dict[str, object], action: str) -> bool:
    return str(step.get("uses", "")).startswith(action + "@")


def test_the_workflow_builds_and_publishes_the_site() -> None:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = flow[True] if True in flow else flow["on"]  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build = flow["jobs"]["build"]["steps"]
    assert [step["run"] for step in build if "run" in step] == ["./dev site"]
    upload = next(step for step in build if uses(step, "actions/upload-pages-artifact"))
    assert ROOT / upload["with"]["path"] == OUT
    cached = next(step for step in build if uses(step, "actions/cache"))
    assert cached["with"]["path"] == ".cache/site"
    for lock in ("staticsite/js/package-lock.json", "staticsite/requirements.txt"):
        assert lock in cached["with"]["key"] and (ROOT / lock).is_file()
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert any(uses(step, "actions/deploy-pages") for step in deploy["steps"])
