"""Small HTML/SVG building blocks the pictures share: escaping, tiles, panels and the last-move caption.

Pictures are static HTML with inline styles (and inline SVG for shapes), so they show without a
kernel, a widget or a style sheet: in JupyterLab, in exported HTML, on nbviewer. Colours work on
light and dark themes alike: pieces are tiles with a light fill of their own and dark ink, while the
text around them inherits the theme's colour (JupyterLab's CSS variables, with fallbacks).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

#: Ink on every light tile, whatever the theme.
INK = "#1b1b1b"
#: The last move's outline: strong on white and on JupyterLab's dark grey alike.
HIGHLIGHT = "#e8590c"
BORDER = "var(--jp-border-color1, #8a8a8a)"
MUTED = "var(--jp-content-font-color2, #777)"
FONT = "var(--jp-ui-font-family, system-ui, sans-serif)"


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def style(**props: object) -> str:
    """``style(font_size="12px")`` -> ``font-size:12px`` (underscores become dashes)."""
    return ";".join(f"{key.replace('_', '-')}:{value}" for key, value in props.items() if value is not None)


def tag(name: str, body: str = "", **attrs: object) -> str:
    """An element with ``attrs`` (``class_`` -> ``class``; ``data_x`` -> ``data-x``), body as given."""
    parts = [name]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = key.rstrip("_").replace("_", "-")
        parts.append(attr if value is True else f'{attr}="{esc(value)}"')
    return f"<{' '.join(parts)}>{body}</{name}>"


def figure(game: str, title: str, body: str, *, caption: str = "") -> str:
    """The outer frame of a picture: a heading line, the body and an optional caption below."""
    head = tag("div", esc(title), style=style(font_weight="600", font_size="14px", margin_bottom="6px"))
    foot = tag("figcaption", caption, style=style(margin_top="6px", font_size="12px")) if caption else ""
    return tag("figure", head + body + foot, class_=f"re-picture re-picture-{game}", data_game=game,
               style=style(font_family=FONT, font_size="13px", line_height="1.35", margin="4px 0",
                           padding="8px", border=f"1px solid {BORDER}", border_radius="6px",
                           display="inline-block", max_width="100%", overflow_x="auto",
                           color="var(--jp-content-font-color1, inherit)"))


def panel(title: str, body: str, *, role: str = "", highlight: bool = False) -> str:
    outline = f"3px solid {HIGHLIGHT}" if highlight else f"1px solid {BORDER}"
    head = tag("div", esc(title), style=style(font_weight="600", font_size="12px", margin_bottom="4px"))
    return tag("div", head + body, data_role=role or None,
               class_="re-just-played" if highlight else None,
               style=style(display="inline-block", vertical_align="top", margin="3px", padding="5px",
                           border=outline, border_radius="5px"))


def tile(body: str, *, fill: str, title: str, highlight: bool = False, width: int = 44,
         height: int = 58, kind: str = "card", dashed: bool = False) -> str:
    """A piece: a light tile with dark ink, its words in ``title`` (hover) and ``aria-label``."""
    border = f"3px solid {HIGHLIGHT}" if highlight else f"1px {'dashed' if dashed else 'solid'} #555"
    return tag("span", body, class_=f"re-{kind}" + (" re-just-played" if highlight else ""),
               title=title, aria_label=title, role="img",
               style=style(display="inline-flex", flex_direction="column", align_items="center",
                           justify_content="center", width=f"{width}px", height=f"{height}px",
                           margin="2px", background=fill, color=INK, border=border,
                           border_radius="6px", font_size="12px", vertical_align="middle",
                           box_sizing="border-box", text_align="center", line_height="1.1"))


def empty_tile(title: str, *, width: int = 44, height: int = 58) -> str:
    return tag("span", "", class_="re-empty", title=title, aria_label=title, role="img",
               style=style(display="inline-block", width=f"{width}px", height=f"{height}px", margin="2px",
                           border=f"1px dashed {BORDER}", border_radius="6px", box_sizing="border-box",
                           vertical_align="middle"))


def shape(kind: str, fill: str, size: int = 14) -> str:
    """A small inline SVG shape (round, long, diamond, triangle, square, star): goods differ by shape."""
    half = size / 2
    if kind == "round":
        body = f'<circle cx="{half}" cy="{half}" r="{half - 1.5}"/>'
    elif kind == "long":
        body = f'<rect x="1" y="{size * 0.3}" width="{size - 2}" height="{size * 0.4}" rx="2"/>'
    elif kind == "diamond":
        body = f'<polygon points="{half},1 {size - 1},{half} {half},{size - 1} 1,{half}"/>'
    elif kind == "triangle":
        body = f'<polygon points="{half},1 {size - 1},{size - 1} 1,{size - 1}"/>'
    elif kind == "fish":
        body = f'<polygon points="1,2 {size - 1},{half} 1,{size - 2}"/>'
    else:  # square
        body = f'<rect x="2" y="2" width="{size - 4}" height="{size - 4}"/>'
    return (f'<svg width="{size}" height="{size}" viewBox="0 0 {size} {size}" aria-hidden="true" '
            f'style="vertical-align:middle"><g fill="{fill}" stroke="{INK}" stroke-width="1">'
            f'{body}</g></svg>')


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], *, role: str = "",
          foot: Sequence[str] | None = None) -> str:
    """A plain HTML table; cells are HTML already (escape what you put in)."""
    cell = style(border=f"1px solid {BORDER}", padding="3px 6px", text_align="left", vertical_align="top")
    head = "".join(tag("th", h, style=cell) for h in headers)
    body = "".join("<tr>" + "".join(tag("td", c, style=cell) for c in row) + "</tr>" for row in rows)
    tail = ("<tfoot><tr>" + "".join(tag("th", c, style=cell) for c in foot) + "</tr></tfoot>") if foot else ""
    return tag("table", f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>{tail}", data_role=role or None,
               style=style(border_collapse="collapse", margin="4px 0", font_size="12px"))


def newest_move(events: Sequence[Mapping[str, Any]], kinds: Iterable[str] = ()) -> list[Mapping[str, Any]]:
    """The events of the newest move by a player: the last event with a seat and an action, and the
    events right after it that name the same action (what the move caused), oldest first."""
    wanted = set(kinds)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        kind = event.get("kind")
        if event.get("seat") is None or event.get("action") is None:
            continue
        if wanted and kind not in wanted:
            continue
        group = [event]
        for earlier in reversed(events[:index]):
            if earlier.get("action") != event.get("action") or earlier.get("seat") != event.get("seat"):
                break
            group.insert(0, earlier)
        return group
    return []


def last_move_caption(events: Sequence[Mapping[str, Any]]) -> str:
    """'Last move: Ana plays banana 3', outlined like the move on the board (not colour alone)."""
    group = newest_move(events)
    if not group:
        return ""
    words = "; ".join(str(e.get("text", "")) for e in group if e.get("text"))
    return tag("span", "Last move (outlined): " + esc(words), data_role="just-played",
               style=style(border_left=f"4px solid {HIGHLIGHT}", padding_left="6px", display="inline-block"))


def status_line(view: Mapping[str, Any], prompt: str | None = None) -> str:
    """Whose turn it is (or who won), in the viewer's names; a view's own ``status`` (an exercise's table
    between a last move and its scoring) says it instead."""
    if view.get("status"):
        return str(view["status"])
    names = view["names"]
    if view.get("is_over"):
        winners = [names[s] for s in view.get("winners", [])]
        won = " and ".join(winners) if winners else "nobody"
        return f"Game over: {won} {'win' if len(winners) != 1 or winners[0] == 'You' else 'wins'}"
    current = view.get("current_player")
    if current is None:
        return ""
    who = names[current]
    turn = "your turn" if who == "You" else f"{who}’s turn"
    return f"{turn}: {prompt}" if prompt else turn


def scores_line(view: Mapping[str, Any]) -> str:
    """The totals; none for a view without them (an exercise asking what the scoring makes)."""
    if "scores" not in view:
        return ""
    names = view["names"]
    parts = [f"{esc(name)} {points}" for name, points in zip(names, view.get("scores", []), strict=False)]
    return tag("div", "Scores: " + ", ".join(parts), data_role="scores", style=style(margin="4px 0"))
