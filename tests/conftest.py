from __future__ import annotations

import importlib

import pytest

import explorer


def built_games() -> list[str]:
    """Games whose engine exists; the conformance tests run over each of them."""
    out = []
    for game in explorer.GAMES:
        if getattr(importlib.import_module(f"explorer.{game}"), "State", None) is not None:
            out.append(game)
    return out


@pytest.fixture(params=built_games())
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)
