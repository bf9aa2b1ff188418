"""The rules page in Voila, reached the way a learner reaches it: a refused click in a play app shows the
engine's rule with a "Read the rule" link, which opens the rules page at that rule, marked; searching
there narrows the list. Both pages keep a clean console. A rule's walkthrough link opens the
rulebook's example at the step that shows it."""

from __future__ import annotations

from typing import Any

import pytest

import explorer
from widgets import rule_steps

from . import conftest

pytestmark = pytest.mark.browser

TABLE = ".re-trick-table"


def refuse_a_click(page: Any) -> Any:
    """Click a move the engine refuses at the learner's turn (playing legal ones until one is offered);
    returns the error banner."""
    idle = page.locator(f'{TABLE}[data-busy="false"]')
    for _ in range(40):
        idle.wait_for(timeout=30_000)
        refused = page.locator(f"{TABLE} button[data-action]:not(.legal)")
        if refused.count():
            refused.first.click()
            error = page.locator(f'{TABLE} [data-role="error"]')
            error.wait_for(state="visible", timeout=10_000)
            return error
        move = page.locator(TABLE).get_attribute("data-move")
        page.locator(f"{TABLE} button[data-action].legal").first.click()
        page.locator(f'{TABLE}:not([data-move="{move}"])').wait_for(timeout=10_000)
    pytest.fail("no refused move was ever offered to click")


def watch(opened: Any) -> None:
    """Record a page the link opens as conftest.watched_page records the test's own (console_problems)."""
    opened.page_errors, opened.console_log = [], []
    opened.on("pageerror", lambda exc: opened.page_errors.append(str(exc)))
    opened.on("console", lambda message: opened.console_log.append((message.type, message.text)))


def test_a_refusal_links_to_its_rule_on_the_rules_page_which_searches(page: Any, voila_url: str) -> None:
    conftest.open_app(page, f"{voila_url}/voila/render/tindahan_play.ipynb?players=3&seed=5&delay=0", TABLE,
                      "button.legal")
    error = refuse_a_click(page)
    rule = error.locator("[data-rule]").get_attribute("data-rule")
    assert rule in explorer.tindahan.RULES
    link = error.get_by_role("link", name="Read the rule")
    assert link.get_attribute("href") == f"rules.ipynb?game=tindahan&rule={rule}"
    assert link.get_attribute("target") == "_blank" and link.get_attribute("rel") == "noopener"
    page.context.on("page", watch)
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state("domcontentloaded", timeout=90_000)
    text = explorer.tindahan.RULES[rule].text
    rules.locator(".re-rules-top").get_by_text(text).wait_for(timeout=120_000)
    marked = rules.locator(f'.re-rule-marked[data-rule="{rule}"]')
    assert marked.count() == 1 and text in marked.inner_text()

    search = rules.get_by_label("Search")
    search.fill("trump bonus")
    search.press("Enter")
    wanted = explorer.tindahan.RULES.search("trump bonus")
    total = len(explorer.tindahan.RULES)
    rules.get_by_text(f"{len(wanted)} of {total} rules contain").wait_for(timeout=10_000)
    entries = rules.locator(".re-rules-section .re-rule-entry")
    assert entries.count() == len(wanted) < total
    assert [entries.nth(i).get_attribute("data-rule") for i in range(entries.count())] == list(wanted)
    assert not conftest.console_problems(page) and not conftest.console_problems(rules)


def test_a_rules_walkthrough_link_opens_the_step_that_shows_it(page: Any, voila_url: str) -> None:
    """A rule's "See it in the rulebook's example" link opens its walkthrough page at that step: the
    counter, the title and the step's own list of rules all say so."""
    rule = "tindahan.follow-suit"
    link = rule_steps.step_link("tindahan", rule)
    assert link is not None
    shown = f'.re-rules-section [data-rule="{rule}"] a.re-rule-step'
    conftest.open_app(page, f"{voila_url}/voila/render/rules.ipynb?game=tindahan&rule={rule}", shown)
    anchor = page.locator(shown)
    assert anchor.get_attribute("href") == link.url and anchor.inner_text() == link.words
    step = int(link.url.rsplit("=", 1)[1])
    anchor.click()
    page.wait_for_url(f"**/{link.url}", timeout=30_000)
    tour = page.locator(".re-walkthrough")
    tour.locator(".re-walkthrough-counter").filter(has_text=f"Step {step} of").wait_for(timeout=120_000)
    assert tour.locator(".re-walkthrough-stepper h3").inner_text() == link.words
    rules = tour.locator(".re-walkthrough-rules")
    assert explorer.tindahan.RULES[rule].text in rules.inner_text()
    assert not conftest.console_problems(page)
