"""Bangkok Klongs: the klong board by its coordinates, hoods and entry spaces, the Luk Phat track with its
market days, the stocks and the hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._svg import (
    BORDER,
    HIGHLIGHT,
    INK,
    MUTED,
    esc,
    last_move_caption,
    newest_move,
    panel,
    scores_line,
    status_line,
    style,
    tag,
    tile,
)

#: Each good's fill, two letters and sign (the widget uses the same): never colour alone.
GOODS: dict[str, tuple[str, str, str]] = {
    "flowers": ("#f6bdd7", "Fl", "\u273f"),
    "shrimps": ("#f8c9ad", "Sh", "\u2248"),
    "avocados": ("#bfdc95", "Av", "\u25cf"),
    "pineapples": ("#f3df80", "Pi", "\u25b2"),
    "eggplants": ("#d2bdec", "Eg", "\u25c6"),
    "fish": ("#b0d4f2", "Fi", "\u25b6"),
    "bananas": ("#f7ee9e", "Ba", "\u263e"),
    "thief": ("#d6d6d6", "Th", "\u2702"),
    "inspector": ("#d6d6d6", "In", "\u25ce"),
    "cookshop": ("#d6d6d6", "Co", "\u2668"),
}
MERCHANTS: dict[str, tuple[str, str, str]] = {  # fill, letter, ink
    "red": ("#c62828", "R", "#ffffff"),
    "yellow": ("#f2c230", "Y", INK),
    "green": ("#2e7d32", "G", "#ffffff"),
    "blue": ("#1e5bb8", "B", "#ffffff"),
    "neutral": ("#9e9e9e", "N", INK),
}
CELL = 46


def boat_words(face: Mapping[str, Any]) -> str:
    kind = str(face.get("kind", ""))
    baskets = int(face.get("baskets") or 0)
    words = kind if face.get("special") else f"{'neutral ' if face.get('neutral') else ''}{kind} boat"
    words += f", {baskets} basket{'' if baskets == 1 else 's'}"
    if face.get("lukphat"):
        words += ", Luk Phat"
    owner = face.get("owner")
    if isinstance(owner, str) and owner != "neutral":
        words += f", {owner} merchant"
    return words


def merchant(colour: str) -> str:
    fill, letter, ink = MERCHANTS.get(colour, ("#9e9e9e", "?", INK))
    return tag("span", letter, aria_hidden="true",
               style=style(display="inline-block", width="14px", height="14px", border_radius="7px",
                           background=fill, color=ink, font_size="10px", font_weight="700",
                           line_height="14px", text_align="center", border=f"1px solid {INK}"))


def boat(face: Mapping[str, Any], where: str, *, highlight: bool = False, size: int = CELL) -> str:
    fill, code, glyph = GOODS.get(str(face.get("kind")), ("#dddddd", "?", "?"))
    baskets = max(0, min(3, int(face.get("baskets") or 0)))
    top = tag("span", f"{code}{glyph}" + ("\u2726" if face.get("lukphat") else ""),
              style=style(font_weight="700", font_size="11px"))
    owner = face.get("owner")
    low = ("\u2022" * baskets) + (merchant(owner) if isinstance(owner, str) else "")
    return tile(top + tag("span", low or "&nbsp;"), fill=fill, title=f"{where}: {boat_words(face)}",
                highlight=highlight, width=size - 4, height=size - 4, kind="boat")


def _board(view: Mapping[str, Any], just: set[str]) -> str:
    geometry = view.get("geometry") or {}
    rows, columns = int(geometry.get("rows", 0)), int(geometry.get("columns", 0))
    spaces = {(int(s["row"]), int(s["column"])): s for s in geometry.get("spaces", [])}
    board = view.get("board") or {}
    entries = set(view.get("entry_spaces") or [])
    label = style(font_size="10px", text_align="center", padding="0 2px", color=MUTED)
    letters = [chr(ord("a") + c) for c in range(columns)]
    out = ["<tr><td></td>" + "".join(tag("td", letter, style=label) for letter in letters) + "</tr>"]
    for r in range(rows):
        cells = [tag("td", str(r + 1), style=label)]
        for c in range(columns):
            space = spaces.get((r, c))
            if space is None:
                cells.append(tag("td", ""))
                continue
            name = str(space["name"])
            right = spaces.get((r, c + 1))
            below = spaces.get((r + 1, c))
            edge = f"3px solid {BORDER}"
            thin = "1px dotted #8888"
            cell = style(width=f"{CELL}px", height=f"{CELL}px", padding="0", text_align="center",
                         border_right=edge if right and right["hood"] != space["hood"] else thin,
                         border_bottom=edge if below and below["hood"] != space["hood"] else thin,
                         background="rgba(80,150,220,0.18)")
            face = board.get(name)
            hit = name in just
            if face:
                body = boat(face, name, highlight=hit)
            else:
                mark = "\u2192" if name in entries else ""
                ring = f"outline:3px solid {HIGHLIGHT}" if hit else ""
                body = tag("span", mark, title=f"{name}: empty" + (", an entry space" if mark else ""),
                           class_="re-just-played" if hit else None, style=ring)
            cells.append(tag("td", body, data_space=name, style=cell))
        out.append("<tr>" + "".join(cells) + "</tr>")
    grid = tag("table", "".join(out), data_role="board", style=style(border_collapse="collapse"))
    key = tag("div", "Spaces by column (a, b, …) and row (1, 2, …); thick lines part the hoods; "
                     "\u2192 an entry space; a boat shows its goods (two letters and a sign), dots for "
                     "baskets, \u2726 Luk Phat, and a lettered disc for its merchant.",
              style=style(font_size="11px", max_width="480px"))
    return panel("The klong board", grid + key, role="board")


def _track(view: Mapping[str, Any]) -> str:
    passed = int(view.get("lukphat") or 0)
    cells = []
    for index, step in enumerate(view.get("track") or []):
        market = step.get("market")
        day = {"little": "\u25cb little market", "big": "\u25cf big market"}.get(str(market), "")
        done = index < passed
        words = f"space {index + 1}: {step.get('points')} points" + (f", {day[2:]}" if day else "") + (
            ", passed" if done else "")
        cells.append(tag("span", tag("b", str(step.get("points"))) + (tag("div", esc(day[0]),
                         style="font-size:10px") if day else ""), title=words, aria_label=words, role="img",
                         style=style(display="inline-block", width="26px", height="34px", margin="1px",
                                     text_align="center", border=f"1px solid {BORDER}", border_radius="4px",
                                     background="#9e9e9e66" if done else None, vertical_align="top")))
    text = tag("div", esc(view.get("track_text", "")), style=style(font_size="11px"))
    return panel("Luk Phat track (\u25cb little, \u25cf big market day; grey: passed)",
                 "".join(cells) + text, role="track")


def _players(view: Mapping[str, Any], hands: Sequence[Any]) -> str:
    names = view["names"]
    colours = view.get("colours") or []
    stocks = view.get("stocks") or []
    supply = view.get("supply") or []
    sizes = view.get("hand_sizes") or []
    out = []
    for seat, name in enumerate(names):
        colour = str(colours[seat]) if seat < len(colours) else "neutral"
        hand = hands[seat] if seat < len(hands) else None
        if hand is not None:
            body = "".join(boat(face, "in hand") for face in hand) or tag("span", "no boats in hand")
        else:
            body = tag("span", f"{sizes[seat] if seat < len(sizes) else 0} boats in hand, hidden")
        stock = stocks[seat] if seat < len(stocks) else []
        kinds = [str(item.get("kind") if isinstance(item, Mapping) else item) for item in stock]
        body += tag("div", "Stock: " + (esc(", ".join(kinds)) if kinds else "empty"), style="font-size:11px")
        if seat < len(supply):
            body += tag("div", f"{supply[seat]} merchants left", style="font-size:11px")
        who = "You" if name == "You" else name
        out.append(tag("div", panel(f"{who} ({colour})", merchant(colour) + " " + body, role="hand"),
                       data_seat=seat, style="display:inline-block"))
    return tag("div", "".join(out))


def draw(view: Mapping[str, Any], hands: Sequence[Any]) -> tuple[str, str, str]:
    group = newest_move(view.get("events") or [])
    just = {str(e[k]) for e in group for k in ("space", "src") if isinstance(e.get(k), str)}
    title = "Bangkok Klongs"
    turn = status_line(view, view.get("prompt"))
    status = tag("div", esc(turn), data_role="turn", style="margin-bottom:4px")
    body = status + scores_line(view) + _board(view, just) + _track(view) + _players(view, hands)
    return title, body, last_move_caption(view.get("events") or [])
