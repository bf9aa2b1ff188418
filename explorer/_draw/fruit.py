"""Tindahan and Bastos!: the trick table, with the market stalls (Tindahan) or the value table (Bastos!)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._svg import (
    esc,
    last_move_caption,
    newest_move,
    panel,
    scores_line,
    status_line,
    style,
    table,
    tag,
    tile,
)

#: Each fruit's fill, letter and glyph: colour is never the only cue (the widget uses the same).
FRUITS: dict[str, tuple[str, str, str]] = {
    "banana": ("#f6e27a", "B", "\u263e"),
    "lanzones": ("#e0cfa6", "L", "\u25cf"),
    "mango": ("#ffb870", "M", "\u25c6"),
    "pineapple": ("#cde27e", "P", "\u25b2"),
    "durian": ("#a5d8bb", "D", "\u2738"),
}


def card_words(card: str) -> str:
    fruit, _, value = card.partition("-")
    return f"{fruit} {value}".strip()


def card(card: str, *, highlight: bool = False, note: str = "") -> str:
    fruit, _, value = card.partition("-")
    fill, letter, glyph = FRUITS.get(fruit, ("#dddddd", "?", "?"))
    body = (tag("span", esc(value), style=style(font_size="18px", font_weight="700")) +
            tag("span", f"{letter} {glyph}", aria_hidden="true", style=style(font_size="11px")) +
            tag("span", esc(fruit), style=style(font_size="9px")))
    words = card_words(card) + (f" ({note})" if note else "")
    return tile(body, fill=fill, title=words, highlight=highlight, kind="card")


def fruit_badge(fruit: str) -> str:
    fill, letter, glyph = FRUITS.get(fruit, ("#dddddd", "?", "?"))
    return tag("span", f"{letter} {glyph} {esc(fruit)}", class_="re-fruit",
               style=style(background=fill, color="#1b1b1b", padding="1px 5px", border_radius="4px",
                           border="1px solid #555", white_space="nowrap"))


def _played(play: Mapping[str, Any], names: Sequence[str], just: set[str]) -> str:
    """A card on the table with its player's name below it."""
    face = card(str(play["card"]), highlight=play.get("card") in just)
    return tag("div", face + tag("div", esc(names[play["seat"]]), style="font-size:11px"),
               style=style(display="inline-block", text_align="center"))


def _trick(view: Mapping[str, Any], just: set[str]) -> str:
    names = view["names"]
    plays = view.get("trick") or []
    if plays:
        cells = [_played(p, names, just) for p in plays if p.get("card")]
        led = view.get("led")
        body = "".join(cells) + (tag("div", f"{esc(led)} was led", style="font-size:11px") if led else "")
        return panel("Trick on the table", body, role="trick")
    last = view.get("last_trick")
    if not last:
        return panel("Trick on the table", tag("span", "no cards played yet"), role="trick")
    cells = [_played(p, names, just) for p in last.get("plays", []) if p.get("card")]
    winner = last.get("winner")
    taken = f"taken by {esc(names[winner])}" if isinstance(winner, int) else "set aside"
    return panel("Last trick", "".join(cells) + tag("div", taken, style=style(font_size="11px")),
                 role="last-trick")


def _stalls(view: Mapping[str, Any], just_fruits: set[str]) -> str:
    names = view["names"]
    trump = view.get("trump")
    rows = []
    for fruit, counts in (view.get("stalls") or {}).items():
        sellers = ", ".join(f"{esc(names[s])} {n}" for s, n in enumerate(counts) if n) or "no sellers"
        mark = " (trump: the donkey cart is here)" if fruit == trump else ""
        cell = fruit_badge(fruit) + esc(mark)
        if fruit in just_fruits:
            cell = tag("span", cell, class_="re-just-played",
                       style=style(outline="3px solid #e8590c", outline_offset="1px"))
        rows.append([cell, sellers])
    left = view.get("sellers_left") or []
    counts = ", ".join(f"{esc(n)} {k}" for n, k in zip(names, left, strict=False))
    foot = ["Sellers left", counts] if left else None
    return panel("Market stalls", table(["Stall", "Sellers"], rows, role="stalls", foot=foot), role="stalls")


def _values(view: Mapping[str, Any], just_fruits: set[str]) -> str:
    names = view["names"]
    owners: dict[str, list[str]] = {}
    for seat, colour in enumerate(view.get("bastos") or []):
        if colour:
            owners.setdefault(colour, []).append(names[seat])
    trump = view.get("trump")
    rows = []
    for fruit, value in (view.get("values") or {}).items():
        cell = fruit_badge(fruit) + (" (trump)" if fruit == trump else "")
        if fruit in just_fruits:
            cell = tag("span", cell, class_="re-just-played",
                       style=style(outline="3px solid #e8590c", outline_offset="1px"))
        rows.append([cell, f"{value:+d} points per card", esc(", ".join(owners.get(fruit, [])) or "nobody")])
    spare = view.get("spare")
    body = table(["Fruit", "Value", "Bastos! colour of"], rows, role="values")
    if spare:
        body += tag("div", "Face-up spare card: " + esc(card_words(spare)), style=style(font_size="11px"))
    return panel("Value table" + ("" if trump else " (no trump yet)"), body, role="values")


def _hands(view: Mapping[str, Any], hands: Sequence[Sequence[str] | None]) -> str:
    names = view["names"]
    sizes = view.get("hand_sizes") or []
    tricks = view.get("tricks_won") or []
    blocks = []
    for seat, name in enumerate(names):
        hand = hands[seat] if seat < len(hands) else None
        won = f"{tricks[seat]} tricks won" if seat < len(tricks) else ""
        if hand is not None:
            body = "".join(card(c) for c in hand) or tag("span", "no cards left")
        else:
            count = sizes[seat] if seat < len(sizes) else 0
            body = tag("span", f"{count} cards, face down")
        title = ("Your hand" if name == "You" else f"{name}’s hand") + (f" ({won})" if won else "")
        blocks.append(tag("div", panel(title, body, role="hand"), data_seat=seat))
    return "".join(blocks)


def draw(view: Mapping[str, Any], hands: Sequence[Sequence[str] | None]) -> tuple[str, str, str]:
    """(title, body, caption) of the table as ``view``'s seat sees it; ``hands`` per seat (None: hidden)."""
    group = newest_move(view.get("events") or [])
    just = {str(e["card"]) for e in group if e.get("card")}
    just_fruits = {str(e["fruit"]) for e in group if e.get("fruit") and e.get("kind") in
                   ("seller", "cart", "value", "trump", "own-colour")}
    title = f"{view.get('title', view['game'])}, round {view.get('round')} of {view.get('rounds')}"
    status = status_line(view, view.get("stage") or view.get("prompt"))
    head = tag("div", esc(status), data_role="turn", style=style(margin_bottom="4px"))
    middle = _trick(view, just) + (_stalls(view, just_fruits) if view["game"] == "tindahan"
                                   else _values(view, just_fruits))
    body = head + scores_line(view) + tag("div", middle) + _hands(view, hands)
    return title, body, last_move_caption(view.get("events") or [])
