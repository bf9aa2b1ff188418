"""What a learner must never read, and how the browser tests gather what a learner reads on a page
(the plain-words checks of test_learner.py and test_walkthroughs.py)."""

from __future__ import annotations

import re
from typing import Any

#: What a learner must never read: what it is -> a pattern for it.
NOT_FOR_LEARNERS = {
    what: re.compile(pattern)
    for what, pattern in {
        "a 0-based seat": r"\b[Ss]eat \d",
        "a Klongs boat id": r"\bboat\d+",
        "a card or rule number in notation": r"#\d\d",
        "Bastos! notation": r"\b[PZBF]*![1-4]",
        # "banana-3"; not "type-3" (Bangkok's chilli types in words) nor a rule id shown beside its text.
        "card notation": r"(?<![.\w-])(?!type-)[a-z]+-\d+\b",
        "an action in notation": r"\b(place|play|seller|take|collect|market|move|land|renew):\S",
        "a square in notation": r"\w@\w",
        "a phase name": r"\bphase:",
        "a Python list": r"\[\[|\]\]",
        "a Python dict": r"\{'|\{\"",
        "Python's None": r"\bNone\b",
        "JavaScript's null": r"\b(null|undefined|NaN)\b",
        "a formula in code": r"\)\s*//\s*\d",
    }.items()
}


def learner_text(page: Any) -> str:
    """Everything the learner may read on the page: its text, every menu option, every tooltip and
    accessible name (the JSON record a learner can save is data, not text to read: left out)."""
    return str(page.evaluate("""() => {
        const parts = [];
        const skip = el => el.closest('[data-role="record"]');
        // Where a text, menu option or attribute is, so a failure points at the element.
        const where = el => `<${el.tagName.toLowerCase()}${el.dataset.role ? ` ${el.dataset.role}` : ''}>`;
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
            const el = node.parentElement;
            if (!el || skip(el)) continue;
            const style = getComputedStyle(el);
            if (style.display === 'none' || style.visibility === 'hidden') continue;
            if (el.closest('script, style')) continue;
            const odd = /\b(null|undefined|NaN)\b/.test(node.textContent);
            parts.push(odd ? `text in ${where(el)}: ${node.textContent}` : node.textContent);
        }
        for (const el of document.querySelectorAll('option')) {
            if (!skip(el)) parts.push(`option of ${where(el.parentElement || el)}: ${el.textContent}`);
        }
        for (const el of document.querySelectorAll('[title], [aria-label]')) {
            // An element that is not drawn (display: none) shows no tooltip and has no accessible name.
            if (skip(el) || el.getClientRects().length === 0) continue;
            for (const attr of ['title', 'aria-label']) {
                if (el.hasAttribute(attr)) parts.push(`${attr} of ${where(el)}: ${el.getAttribute(attr)}`);
            }
        }
        return parts.join('\\n');
    }"""))


def notation_found(text: str) -> list[str]:
    """Each line of ``text`` a learner should not read, with what it holds."""
    found = []
    for line in text.splitlines():
        for what, pattern in NOT_FOR_LEARNERS.items():
            if pattern.search(line):
                found.append(f"{what}: {line.strip()[:160]!r}")
    return sorted(set(found))
