"""The klong board's redraws in a bare Chromium page: a whole recorded game (tests/browser/_klongs_replay.py)
played into the widget's front end, without Voila.

Each update builds only the parts of the board whose slice of the view changed (klong_draw.js); these
tests hold it to drawing exactly what a drawing of everything would, after every update and every
selection click of a game, and to building little when little changed.
"""

from __future__ import annotations

from typing import Any

import pytest

from widgets import KlongBoardWidget

from ._klongs_replay import Game, load_page, record_game

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def game() -> Game:
    return record_game(players=3, seed=10)  # a thief, an inspector, market days, own boats moved


def test_kept_parts_draw_what_a_full_drawing_draws(page: Any, game: Game) -> None:
    events = game[1]
    assert sum("click" in e for e in events) >= 20 and sum("frame" in e for e in events) >= 100
    assert any("data-from" in e.get("click", "") for e in events)
    phases = {e["frame"]["view"]["phase"] for e in events if "view" in e.get("frame", {})}
    assert {"turn", "after", "possess", "thief", "inspect", "market", "over"} <= phases, phases
    esm = str(KlongBoardWidget._esm)
    load_page(page, str(KlongBoardWidget._css), {"kept": esm, "full": esm}, game)
    page.evaluate("() => window.__replay.start('full', window.__game.first, true)")  # every part built anew
    page.evaluate("() => window.__replay.start('kept', window.__game.first)")
    result = page.evaluate("() => window.__replay.run(['full', 'kept'], window.__game.events, "
                           "{compare: true, settle: false})")
    assert "diff" not in result, result.get("diff")
    assert not page.page_errors, page.page_errors


# Counts the elements the page creates (placeholders of parts aside) for each event of the game.
COUNT = """async () => {
  window.__replay.start("kept", window.__game.first);
  const make = document.createElement.bind(document);
  let made = 0;
  document.createElement = (tag, ...rest) => { if (tag !== "re-part") made += 1; return make(tag, ...rest); };
  const counts = [];
  try {
    for (const event of window.__game.events) {
      made = 0;
      await window.__replay.run(["kept"], [event], { settle: false });
      counts.push(made);
    }
  } finally {
    document.createElement = make;
  }
  return counts;
}"""


def test_an_update_builds_what_changed_not_the_board(page: Any, game: Game) -> None:
    events = game[1]
    load_page(page, str(KlongBoardWidget._css), {"kept": str(KlongBoardWidget._esm)}, game)
    made = page.evaluate(COUNT)
    drawn = page.evaluate("() => document.querySelectorAll('.re-board > *').length")
    assert drawn > 150  # spaces, landings, hoods, coordinates
    # A bot's move changes a few spaces, the hand sizes, the log; the learner's turn coming or going
    # lights or darkens the spaces (their buttons redrawn, their boats kept). Drawing everything built
    # 500-700 elements each time.
    bots = sorted(n for n, e in zip(made, events, strict=True) if "busy" not in e.get("frame", {"busy": 0}))
    turns = sorted(n for n, e in zip(made, events, strict=True) if "busy" in e.get("frame", {}))
    assert bots and bots[len(bots) // 2] < 150, bots
    assert turns and turns[len(turns) // 2] < 300, turns
    assert not page.page_errors, page.page_errors
