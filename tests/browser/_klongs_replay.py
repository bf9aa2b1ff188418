"""A Klongs game replayed into the klong board's front end in a bare Chromium page (no Voila, no kernel).

The game is played here, in Python, by the real widget on a fake clock: every update message it would
send to the browser (``view``, ``busy``, ``error``) is recorded, with the learner's selection clicks (a
hand boat, an own boat, a landing) before each of the learner's moves. The page loads the widget's ES
module and style sheet as anywidget would and plays those messages into it through a stand-in model:
each message is one redraw, as each websocket frame is in the browser. Used by the Klongs drawing test
(tests/browser/test_klongs_drawing.py) and the drawing benchmark (benchmarks/klongs_draw.py).
"""

from __future__ import annotations

import json
from typing import Any

from explorer.klongs import HeuristicBot
from widgets import KlongBoardWidget
from widgets._scheduler import FakeClock

#: The traits the board draws; an update message carries some of them.
TRAITS = ("view", "busy", "error")
#: The widget's first state and the events after it.
Game = tuple[dict[str, Any], list[dict[str, Any]]]


def record_game(players: int = 2, seed: int = 3, limit: int = 10_000) -> Game:
    """The widget's first state and the events after it, for a game the heuristic bot plays for the
    learner (seat 0) against heuristic bots 0.3 s apart, moving a boat of its own on its first three
    chances: ``{"frame": {trait: value}}`` for each update message, ``{"click": selector}`` for each
    selection click the learner makes on the board (a boat, an own boat to move, a landing)."""
    clock = FakeClock()
    widget = KlongBoardWidget.new_game("klongs", players=players, seat=0, seed=seed, bot_delay=0.3,
                                       scheduler=clock)
    events: list[dict[str, Any]] = []
    send = widget._send

    def recording(msg: dict[str, Any], buffers: Any = None) -> None:
        state = msg.get("state", {}) if msg.get("method") == "update" else {}
        drawn = {k: v for k, v in state.items() if k in TRAITS}
        if drawn:
            events.append({"frame": json.loads(json.dumps(drawn))})
        send(msg, buffers)

    widget._send = recording
    state = widget.get_state()
    first = {k: json.loads(json.dumps(state[k])) for k in TRAITS}
    learner = HeuristicBot(seed=5)
    moved = 0
    try:
        while not widget.state.is_over and len(events) < limit:
            while widget.busy:
                clock.advance(0.3)
            if widget.state.is_over:
                break
            view = widget.view
            action = learner.choose(view)
            moves = view["targets"].get("move", {})
            if view["phase"] == "after" and moves and moved < 3:  # the bot never moves: move all the same
                src = sorted(moves)[0]
                choices = view["choices"].items()
                action = next(a for a, c in choices if c["type"] == "move" and c["from"] == src)
                moved += 1
            choice = view["choices"][action]
            kind = choice["type"]
            if kind == "place":
                events.append({"click": f'button[data-boat="{choice["boat"]}"]'})
            elif kind == "move":
                events.append({"click": f'.re-space[data-from="{choice["from"]}"]'})
            elif kind == "score":
                events.append({"click": f'button.re-landing[data-landing="{choice["landing"]}"]'})
            accepted = widget.handle_intent({"type": "play", "action": action, "move": view["move_number"]})
            assert accepted, widget.error
    finally:
        widget.close()
    return first, events


def module_text(esm: str, name: str) -> str:
    """The widget's module with a line that hands its ``render`` to the page as ``window.__kb[name]``,
    and a switch to draw every part anew (a module without parts has no such switch)."""
    return (esm + f"\nwindow.__kb = window.__kb || {{}};\nwindow.__kb[{json.dumps(name)}] = {{ render, "
            "everyPart: () => { buildEveryPart = true; } };\n")


# The page's side: a stand-in for anywidget's model, a widget per name, and the replay.
PAGE_JS = r"""
window.__replay = (() => {
  const widgets = {};
  function fakeModel(state) {
    const handlers = {};
    return {
      get: (k) => state[k],
      on: (evt, cb) => { (handlers[evt] ||= []).push(cb); },
      off: (evt, cb) => { handlers[evt] = (handlers[evt] || []).filter((f) => f !== cb); },
      send: () => {},
      set(update) {
        Object.assign(state, update);
        for (const k of Object.keys(update)) for (const cb of handlers[`change:${k}`] || []) cb();
      },
    };
  }
  // A widget `name` (one of window.__kb) drawn from `first` into a fresh element.
  function start(name, first, everyPart = false) {
    if (widgets[name]) widgets[name].stop();
    if (everyPart) window.__kb[name].everyPart();
    const el = document.createElement("div");
    el.className = "re-host";
    document.body.append(el);
    const model = fakeModel(structuredClone(first));
    const cleanup = window.__kb[name].render({ model, el });
    widgets[name] = { el, model, stop: () => { cleanup(); el.remove(); } };
  }
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // One event into widget `name`: ms of script (the redraw), then of style and layout.
  async function step(name, event) {
    const w = widgets[name];
    const update = event.frame ? structuredClone(event.frame) : null;  // a message's parse, not timed
    const t0 = performance.now();
    if (update) {
      w.model.set(update);
      await null;  // the redraw runs in the microtask the change queued
    } else {
      const target = w.el.querySelector(event.click);
      if (!target) throw new Error(`nothing to click: ${event.click}`);
      target.click();
    }
    const t1 = performance.now();
    void w.el.getBoundingClientRect().height;
    const t2 = performance.now();
    return [t1 - t0, t2 - t1];
  }
  // A canonical text of a widget's drawing: attributes sorted, so two drawings compare by content;
  // empty <template>s (the board's place holders for parts that draw nothing) left out.
  function canon(node) {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.nodeValue);
    if (node.nodeType !== Node.ELEMENT_NODE || node.nodeName === "TEMPLATE") return "";
    const attrs = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort().join(" ");
    const tag = node.nodeName.toLowerCase();
    return `<${tag} ${attrs}>${[...node.childNodes].map(canon).join("")}</${tag}>`;
  }
  // Every event into each widget of `names`, a frame apart (`settle`: the frame's own work, such as
  // the scroll cue's check, done before the next); times per event and widget; with `compare`, the
  // first event after which the widgets' drawings differ.
  async function run(names, events, { compare = false, settle = true } = {}) {
    const times = Object.fromEntries(names.map((n) => [n, []]));
    for (const [i, event] of events.entries()) {
      for (const n of names) times[n].push(await step(n, event));
      if (settle) await nextFrame();
      if (compare) {
        const [a, ...others] = names.map((n) => canon(widgets[n].el));
        for (const [j, b] of others.entries()) {
          if (a !== b) {
            let at = 0;
            while (at < a.length && a[at] === b[at]) at += 1;
            const around = (text) => text.slice(Math.max(0, at - 300), at + 300);
            const kind = event.frame ? Object.keys(event.frame) : event.click;
            return { diff: { event: i, kind, name: names[j + 1], first: around(a), other: around(b) } };
          }
        }
      }
    }
    return { times };
  }
  return { start, run, canon, widgets };
})();
"""


def load_page(page: Any, css: str, modules: dict[str, str], game: Game) -> None:
    """Put the style sheet, each module (name -> ES module text), the replay and the recorded game
    (``window.__game.first``, ``window.__game.events``: a script, as a few MB are slow to pass as an
    argument) in a blank page."""
    page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
    page.add_style_tag(content=css)
    page.add_script_tag(content=PAGE_JS)
    page.add_script_tag(content=f"window.__game = {json.dumps({'first': game[0], 'events': game[1]})};")
    for name, esm in modules.items():
        page.add_script_tag(content=module_text(esm, name), type="module")
    names = json.dumps(sorted(modules))
    page.wait_for_function(f"() => window.__kb && {names}.every((n) => n in window.__kb)")
