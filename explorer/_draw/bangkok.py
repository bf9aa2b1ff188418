"""Bangkok: the 3x3 port with its line ends, each player's floating market, the hand and objectives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._svg import (
    BORDER,
    MUTED,
    empty_tile,
    esc,
    last_move_caption,
    newest_move,
    panel,
    scores_line,
    shape,
    status_line,
    style,
    tag,
    tile,
)

#: Each good's colour, shape and letter (the widget uses the same shapes): never colour alone.
GOODS: dict[str, tuple[str, str]] = {
    "P": ("#b07cc6", "round"),
    "Z": ("#7cbf5e", "long"),
    "B": ("#6aa6e8", "diamond"),
    "F": ("#f0a06a", "fish"),
}
BOAT_FILL = "#e3eef9"
CHILLI_FILL = "#f9d3cf"
COLUMNS = "abc"


def good(letter: str) -> str:
    fill, kind = GOODS.get(letter, ("#cccccc", "square"))
    return tag("span", shape(kind, fill, 12) + tag("b", esc(letter)), style=style(white_space="nowrap"))


def card(face: Mapping[str, Any] | None, where: str, *, highlight: bool = False) -> str:
    if not face:
        return empty_tile(f"{where}: empty", width=58, height=50)
    goods = "".join(good(g) for g in face.get("goods", []))
    if face.get("chilli"):
        aims = "".join(good(str(g)) for g in face.get("indicated", []))
        body = tag("span", goods or "&nbsp;") + tag("span", f"type {face.get('type')} for {aims}",
                                                     style=style(font_size="10px", font_weight="700"))
        fill = CHILLI_FILL
    else:
        body = tag("span", goods)
        fill = BOAT_FILL
    words = f"{where}: {face.get('name') or face.get('card', '')}"
    return tile(body, fill=fill, title=words, highlight=highlight, width=58, height=50)


def _grid(cells: Sequence[Sequence[str]], *, top: Sequence[str], left: Sequence[str], role: str) -> str:
    """A 3x3 grid of tiles with words above each column and beside each row."""
    label = style(font_size="10px", padding="0 3px", color=MUTED)
    centred = label + ";text-align:center"
    head = "<tr><td></td>" + "".join(tag("td", esc(t), style=centred) for t in top) + "</tr>"
    rows = "".join("<tr>" + tag("td", esc(left[r]), style=label) +
                   "".join(tag("td", c, style="padding:0") for c in row) + "</tr>"
                   for r, row in enumerate(cells))
    return tag("table", head + rows, data_role=role, style=style(border_collapse="collapse"))


def _just(view: Mapping[str, Any]) -> tuple[set[str], dict[int, str]]:
    """The port cells (by card id or place) and market places the newest move touched."""
    group = newest_move(view.get("events") or [])
    port: set[str] = set()
    market: dict[int, str] = {}
    lines = view.get("lines") or {}
    for event in group:
        kind = event.get("kind")
        if kind == "place":
            move = view.get("port_move") or {}
            if move.get("move") == event.get("move") and move.get("placed"):
                port.add(str(move["placed"]))
        elif kind == "renew":
            port.update(lines.get(str(event.get("line")), {}).get("cells", []))
        elif kind == "market" and isinstance(event.get("seat"), int) and event.get("cell"):
            market[int(event["seat"])] = str(event["cell"])
    return port, market


def _port(view: Mapping[str, Any], just: set[str]) -> str:
    words = (view.get("place_words") or {}).get("port", {})
    cells = []
    for r, row in enumerate(view.get("port") or []):
        out = []
        for c, face in enumerate(row):
            place = f"{COLUMNS[c]}{r + 1}"
            hit = place in just or bool(face and face.get("id") in just)
            out.append(card(face, words.get(place, place), highlight=hit))
        cells.append(out)
    piles = view.get("piles") or {}
    grid = _grid(cells, top=["left", "middle", "right"], left=["row 1", "row 2", "row 3"], role="port")
    note = tag("div", f"Boat pile {piles.get('boat', 0)}, chilli pile {piles.get('chilli', 0)}. "
                      "A card laid at a row's or a column's end pushes that line along.",
               style=style(font_size="11px", max_width="260px"))
    return panel("The port", grid + note, role="port")


def _markets(view: Mapping[str, Any], just: dict[int, str]) -> str:
    names = view["names"]
    words = (view.get("place_words") or {}).get("market", {})
    totals = {int(s["seat"]): s.get("total", 0) for s in view.get("scoring") or [] if "seat" in s}
    out = []
    for seat, market in enumerate(view.get("markets") or []):
        cells = [[card(face, words.get(place, ""), highlight=just.get(seat) == place)
                  for c, face in enumerate(row) for place in [f"{COLUMNS[c]}{r + 1}"]]
                 for r, row in enumerate(market)]
        who = "Your market" if names[seat] == "You" else f"{names[seat]}’s market"
        grid = _grid(cells, top=["left", "middle", "right"], left=["top", "middle", "bottom"], role="market")
        # A view without its scoring (an exercise asking what a market scores) names no points.
        title = f"{who} ({_points(totals.get(seat, 0))} if scored now)" if "scoring" in view else who
        out.append(tag("div", panel(title, grid, role="market"), data_seat=seat,
                       style="display:inline-block"))
    return "".join(out)


def _points(n: int) -> str:
    return f"{n} point{'' if n in (1, -1) else 's'}"


def _hands(view: Mapping[str, Any], hands: Sequence[Any]) -> str:
    names = view["names"]
    sizes = view.get("hand_sizes") or []
    objectives = view.get("objectives") or []
    goods = view.get("good_names") or {}
    out = []
    for seat, name in enumerate(names):
        hand = hands[seat] if seat < len(hands) else None
        if hand is not None:
            body = "".join(card(face, "in hand") for face in hand) or tag("span", "no cards")
        else:
            body = tag("span", f"{sizes[seat] if seat < len(sizes) else 0} cards, face down")
        aim = objectives[seat] if seat < len(objectives) else None
        body += tag("div", f"Objective: {esc(goods.get(aim, aim))}" if aim else "Objective: hidden",
                    style=style(font_size="11px"))
        title = "Your hand" if name == "You" else f"{name}’s hand"
        out.append(tag("div", panel(title, body, role="hand"), data_seat=seat, style="display:inline-block"))
    return tag("div", "".join(out))


def _key(view: Mapping[str, Any]) -> str:
    goods = view.get("good_names") or {}
    parts = [f"{good(letter)} {esc(name)}" for letter, name in goods.items()]
    return tag("div", "Key: " + ", ".join(parts) + ". Blue tiles are boats, red tiles chillies "
               "(their type and the goods they count).",
               style=style(font_size="11px", margin_top="4px", border_top=f"1px solid {BORDER}",
                           padding_top="3px"))


def draw(view: Mapping[str, Any], hands: Sequence[Any]) -> tuple[str, str, str]:
    port_just, market_just = _just(view)
    title = f"Bangkok, round {view.get('round')}"
    status = tag("div", esc(status_line(view)), data_role="turn", style=style(margin_bottom="4px"))
    body = (status + scores_line(view) + tag("div", _port(view, port_just) + _markets(view, market_just)) +
            _hands(view, hands) + _key(view))
    return title, body, last_move_caption(view.get("events") or [])
