"""Plain words as HTML: the texts the learning pages show (exercise questions and markings, a guide's
steps) are lines of plain words, where a line starting "- " is an item of a list."""

from __future__ import annotations

import html


def paragraphs(text: str, strong_first: bool = False) -> str:
    """Plain words as HTML: a line starting "- " is a list item, any other line a paragraph."""
    out: list[str] = []
    items: list[str] = []
    for n, line in enumerate(text.splitlines()):
        if line.startswith("- "):
            items.append(f"<li>{html.escape(line[2:])}</li>")
            continue
        if items:
            out.append(f"<ul>{''.join(items)}</ul>")
            items = []
        if line.strip():
            words = html.escape(line)
            out.append(f"<p><strong>{words}</strong></p>" if strong_first and n == 0 else f"<p>{words}</p>")
    if items:
        out.append(f"<ul>{''.join(items)}</ul>")
    return "".join(out)
