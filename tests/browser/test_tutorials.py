"""Each guided first game played to its end in Voila by clicking, as the guide asks: the first step's
words and outline are on the page, a move the guide holds back is refused with what to try, and at the
end every rule the game's tutorial teaches has been met; the console stays clean.

The learner's moves are those of the engine's own walk through the same tutorial (the bots are seeded
alike on the page and in the walk, so the same clicks give the same game)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from explorer import tutorials

from . import conftest

pytestmark = pytest.mark.browser

#: Each game's table root, and how a learner's move is clicked on it.
ROOTS = {"tindahan": ".re-trick-table", "bastos": ".re-trick-table", "bangkok": ".re-bangkok",
         "klongs": ".re-klong-board"}


def click_action(page: Any, root: str, action: str) -> None:
    """A move with a button of its own (a card, a seller, the cart, a value)."""
    page.locator(f'{root} button[data-action="{action}"]').first.click()


@cache
def _walked(name: str) -> tuple[str, ...]:
    return tuple(tutorials.walk(tutorials.script(name))[0].actions())


def bangkok_clicks(name: str) -> Callable[[Any, str, str], None]:
    """Bangkok's moves as a learner clicks them: a hand card, then an end of the port, then what it takes;
    in the market a hand card, then a place. Hand cards are buttons by card id: the page's position (its
    move number, on the same deal as the walk) says which card of the hand has the move's face."""

    def click(page: Any, root: str, action: str) -> None:
        kind, _, body = action.partition(":")
        if kind not in ("place", "market"):
            click_action(page, root, action)
            return
        state = tutorials.script(name).new_game()
        for done in _walked(name)[:int(page.locator(root).get_attribute("data-move") or 0)]:
            state = state.play(done)
        face = body.partition("@")[0]
        card = next(c["id"] for c in state.view(tutorials.script(name).seat)["hand"] if c["card"] == face)
        hand = page.locator(f"{root} .re-hand button[data-card={json.dumps(card)}]")
        if hand.get_attribute("aria-pressed") != "true":  # a second click would put the card down
            hand.click()
        if kind == "market":
            page.locator(f"{root} .re-market.re-big button[data-action={json.dumps(action)}]").click()
            return
        end = page.locator(f"{root} button[data-end={json.dumps(body.partition('@')[2].partition('>')[0])}]")
        if end.get_attribute("aria-pressed") != "true":
            end.click()
        page.locator(f"{root} [data-role=collections] button[data-action={json.dumps(action)}]").click()

    return click


def klongs_click(page: Any, root: str, action: str) -> None:
    """Klongs' moves as a learner clicks them: a boat of the hand, then a lit space; a landing on the
    board, then the boat to take; an own boat marked to move, then its new space. The others (claim,
    end, thief, inspector, pass) are buttons of their own."""
    kind, _, body = action.partition(":")
    first = {"place": f'.re-hand button[data-boat={json.dumps(body.partition("@")[0])}]',
             "score": f'button.re-landing[data-landing={json.dumps(body.partition(">")[0])}]',
             "move": f'.re-space[data-from={json.dumps(body.partition("-")[0])}]'}.get(kind)
    if first is not None:
        chosen = page.locator(f"{root} {first}")
        if chosen.get_attribute("aria-pressed") != "true":  # a second click would let it go again
            chosen.click()
    click_action(page, root, action)


#: How each guided game's moves are clicked (a game whose moves take several clicks adds its own).
CLICKS: dict[str, Callable[[Any, str, str], None]] = {"tindahan": click_action, "bastos": click_action,
                                                      "bangkok": bangkok_clicks("bangkok"),
                                                      "bangkok-solo": bangkok_clicks("bangkok-solo"),
                                                      "klongs": klongs_click}


def at_rest(page: Any, root: str, move: int) -> None:
    page.locator(f'{root}[data-move="{move}"][data-busy="false"]').wait_for(timeout=60_000)


@pytest.mark.parametrize("game", [game for game in tutorials.TUTORIALS if game in CLICKS])
def test_the_guided_game_is_played_to_its_end_by_clicking(page: Any, voila_url: str, game: str) -> None:
    script = tutorials.script(game)
    final, walked = tutorials.walk(script)
    root, click = ROOTS[script.game], CLICKS[game]
    page.goto(f"{voila_url}/voila/render/{game.replace('-', '_')}_tutorial.ipynb?delay=0&pause=0",
              wait_until="domcontentloaded", timeout=90_000)
    page.locator(root).wait_for(timeout=120_000)
    guide = page.locator(".re-tutorial-guide")
    first = walked.lessons[0].text.split(".")[0]
    guide.get_by_text(first).first.wait_for(timeout=30_000)
    assert page.locator(f"{root} .re-guide-mark").count() >= 1, "the first step outlines nothing"

    actions = final.actions()
    guide = tutorials.Guide(script)  # followed beside the page, to know when the guide narrows
    state = guide.start()
    held_back = False
    for move, action in enumerate(actions):
        if state.current_player == script.seat:
            at_rest(page, root, move)
            step = guide.narrowing
            other = None if step is None or held_back else next(
                (str(a) for a in state.legal_actions() if not step.allows(str(a))), None)
            if step is not None and other is not None:
                click(page, root, other)
                page.locator(f'{root} [data-role="error"]').get_by_text(step.nudge).wait_for(timeout=30_000)
                held_back = True
            click(page, root, action)
        state = state.play(action)
        guide.update(state)
    at_rest(page, root, len(actions))
    # The guide's panel is drawn by the table's observers, queued on the kernel's loop after the table
    # itself: the table can be at rest a moment before the panel says the game is over.
    page.locator(".re-tutorial-progress").get_by_text("game is over").wait_for(timeout=30_000)
    progress = page.locator(".re-tutorial-progress").inner_text()
    total = len(walked.rules) - len(script.unmet)
    assert f"Rules met so far: {total} of {total}" in progress and "game is over" in progress, progress
    assert held_back, "no move was held back by the guide"
    assert conftest.console_problems(page) == []

