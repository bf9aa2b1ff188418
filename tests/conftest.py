from __future__ import annotations

import pytest

import explorer


@pytest.fixture(params=explorer.GAMES)
def game(request: pytest.FixtureRequest) -> str:
    """Every game of the contract: one whose package does not load or declare itself fails, loudly."""
    return str(request.param)
