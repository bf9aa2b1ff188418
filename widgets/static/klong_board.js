// The klong board for Bangkok Klongs (anywidget front end, plain ES module, no build step).
//
// It draws the kernel's `view` trait (the engine's view model: targets, labels, choices, landing
// previews, hoods, protection) and sends intents ({type: "play", action, move}); it never decides
// legality, reads no notation and holds no rule. A space, landing or button gets the class `legal`
// only when its action is in `view.legal`; the lit spaces come from `view.targets`. Placing and
// moving take two clicks (a boat, then a space); the second click fills the engine's template
// (`view.templates`) into an action. Any other space can still be clicked, and the engine's refusal
// (reason and rule) is shown. The side panels (actions, market, hand, tracks, players, summary)
// are in klong_panels.js, the coordinates, the key and the marks of the other players' last moves in
// klong_marks.js, the spaces, hoods and landings in klong_spaces.js, all loaded before this file,
// after klong_draw.js: each update builds only the parts whose slice of the view changed.
//
// Stable hooks for the browser tests: root `.re-klong-board[data-game][data-move][data-busy]
// [data-current][data-phase]`; `button[data-action]` for every action (class `legal` when legal);
// hand boats `button[data-boat]`; own boats that can move `button[data-from]`; scorable landings
// `button[data-landing]`; `[data-role=score][data-seat=N]`, `[data-role=error]`, `[data-role=turn]`,
// `[data-role=summary]`, `[data-role=market]`, `[data-role=landing-points]`, `[data-role=key]`,
// `[data-role=just-played]` (the caption) and `.re-just-played` (the spaces and landings it names).

const GOODS = {
  flowers: { code: "Fl", glyph: "\u273F" }, // blossom
  shrimps: { code: "Sh", glyph: "\u2248" }, // wavy
  avocados: { code: "Av", glyph: "\u25CF" }, // round
  pineapples: { code: "Pi", glyph: "\u25B2" }, // crown
  eggplants: { code: "Eg", glyph: "\u25C6" }, // diamond
  fish: { code: "Fi", glyph: "\u25B6" }, // fish head
  bananas: { code: "Ba", glyph: "\u263E" }, // crescent
  thief: { special: true, code: "Th", glyph: "\u2702" }, // cutpurse's scissors
  inspector: { special: true, code: "In", glyph: "\u25CE" }, // lens
  cookshop: { special: true, code: "Co", glyph: "\u2668" }, // steam
};
const COLOUR_LETTER = { red: "R", yellow: "Y", green: "G", blue: "B", neutral: "N" };
const CELL = 46; // px per water space
const JETTY = 16; // px of jetty between hoods

// ---- helpers of this widget (h, asArray, asObject, isSeat, plural, seatName: common.js) ----------

function colourOf(view, seat) {
  const colours = asArray(view.colours);
  return typeof colours[seat] === "string" ? colours[seat] : "neutral";
}

function boatWords(face) {
  const f = asObject(face);
  if (!f.kind) return "empty";
  const baskets = Number(f.baskets) || 0;
  let words = f.special ? String(f.kind) : `${f.neutral ? "neutral " : ""}${f.kind} boat`;
  words += `, ${plural(baskets, "basket")}`;
  if (f.lukphat) words += ", Luk Phat";
  if (typeof f.owner === "string" && f.owner !== "neutral") words += `, ${f.owner} merchant${f.ownerName ? ` (${f.ownerName})` : ""}`;
  else if (f.owner === null && !f.neutral && f.kind) words += ", unclaimed";
  return words;
}

// A boat drawn as a small tile: the good's code and glyph on its colour, basket dots, the merchant
// (a lettered disc in the player's colour, "N" for a printed neutral one) and the Luk Phat star.
function boatTile(face, size = "board") {
  const f = asObject(face);
  const info = GOODS[f.kind] || { code: "?", glyph: "?" };
  const baskets = Math.max(0, Math.min(3, Number(f.baskets) || 0));
  const owner = typeof f.owner === "string" ? f.owner : f.neutral ? "neutral" : null;
  return h(
    "span",
    { class: `re-boat re-good-${f.kind} re-${size}${f.special ? " re-special" : ""}`, "aria-hidden": "true" },
    h("span", { class: "re-code", text: info.code }),
    h("span", { class: "re-glyph", text: info.glyph }),
    h("span", { class: "re-baskets" }, Array.from({ length: baskets }, () => h("span", { class: "re-basket" }))),
    owner ? h("span", { class: `re-merchant re-colour-${owner}`, text: COLOUR_LETTER[owner] || "?" }) : null,
    f.lukphat ? h("span", { class: "re-lukphat", text: "\u2726" }) : null,
  );
}

// ---- board geometry: pixel positions from the edition's rows, columns and hoods -----------------

// Where each of a line of cells starts, in px, with a jetty before the cells that have one; and
// the line's whole size.
function offsets(jettyBefore) {
  const at = [];
  let next = LABEL + JETTY / 2; // after the strip of coordinates
  for (const jetty of jettyBefore) {
    if (jetty) next += JETTY;
    at.push(next);
    next += CELL;
  }
  return { at, size: next + JETTY / 2 };
}

function layout(geometry) {
  const g = asObject(geometry);
  const rows = Number(g.rows) || 0;
  const columns = Number(g.columns) || 0;
  const spaces = asArray(g.spaces);
  const hoodAt = new Map(spaces.map((s) => [`${s.row},${s.column}`, s.hood]));
  // A jetty runs between two columns (rows) wherever neighbouring spaces belong to different hoods.
  const colJetty = Array.from({ length: columns }, (_, c) =>
    c > 0 && Array.from({ length: rows }, (_, r) => hoodAt.get(`${r},${c - 1}`) !== hoodAt.get(`${r},${c}`)).some(Boolean));
  const rowJetty = Array.from({ length: rows }, (_, r) =>
    r > 0 && Array.from({ length: columns }, (_, c) => hoodAt.get(`${r - 1},${c}`) !== hoodAt.get(`${r},${c}`)).some(Boolean));
  const { at: xs, size: width } = offsets(colJetty);
  const { at: ys, size: height } = offsets(rowJetty);
  // A landing's point lies on a grid line, in space widths from the north-west corner.
  const lineX = (c) => (c <= 0 ? xs[0] : c >= columns ? width - JETTY / 2 : colJetty[c] ? xs[c] - JETTY / 2 : xs[c]);
  const lineY = (r) => (r <= 0 ? ys[0] : r >= rows ? height - JETTY / 2 : rowJetty[r] ? ys[r] - JETTY / 2 : ys[r]);
  const byName = new Map(spaces.map((s) => [s.name, s]));
  return { rows, columns, xs, ys, width, height, lineX, lineY, byName, spaces };
}

// ---- what each space, landing and button does in the current step -------------------------------

// The learner's selection lives here (not in the kernel): a hand boat to place, an own boat to move,
// or a landing to score. It is checked against the view after every change.
function checkSelection(view, ui) {
  const legal = asArray(view.legal);
  const targets = asObject(view.targets);
  const place = asObject(targets.place);
  const move = asObject(targets.move);
  const score = asObject(targets.score);
  const hand = asArray(view.hand).map((b) => b.id);
  const sel = ui.sel;
  if (!legal.length) {
    ui.sel = null;
    return;
  }
  if (view.phase === "turn") {
    if (sel && sel.kind === "boat" && hand.includes(sel.id)) return;
    if (sel && sel.kind === "from" && sel.space in move) return;
    // By default the first boat that can go somewhere is in hand, so lit spaces show at once.
    const first = hand.find((id) => asArray(place[id]).length) ?? hand[0];
    ui.sel = first ? { kind: "boat", id: first } : null;
  } else if (view.phase === "after") {
    if (!(sel && sel.kind === "from" && sel.space in move)) ui.sel = null;
  } else if (view.phase === "market") {
    if (!(sel && sel.kind === "landing" && sel.name in score)) ui.sel = null;
  } else {
    ui.sel = null;
  }
}

function labelOf(view, action) {
  const text = asObject(view.labels)[action];
  return typeof text === "string" ? text : action;
}

// ---- the widget ---------------------------------------------------------------------------------

function draw(root, content, model, ui) {
  const view = asObject(model.get("view"));
  const busy = Boolean(model.get("busy"));
  stampRoot(root, view, busy);
  if (!isSeat(view.players) || !view.geometry) {
    content.replaceChildren(waitingBanner());
    return;
  }
  const geo = layout(view.geometry);
  ui.landings = Object.fromEntries(asArray(view.geometry.landings).map((l) => [l.name, asArray(l.spaces)]));
  ui.just = justPlayed(view);
  checkSelection(view, ui);
  const ctx = boardContext(view, ui);
  const roles = new Map(geo.spaces.map((s) => [s.name, spaceRole(ctx, s.name)]));
  // The board's one tab stop: where the learner last was on the board, else the first lit space.
  if (!ui.boardTouched || !geo.byName.has(ui.boardFocus)) {
    const lit = geo.spaces.find((s) => {
      const role = roles.get(s.name);
      return (role.action !== undefined && ctx.legal.has(role.action)) || role.from !== undefined;
    });
    ui.boardFocus = lit ? lit.name : geo.spaces.length ? geo.spaces[0].name : null;
  }
  // Each part names the slice of the view (and of the learner's selection) it draws: it is built
  // again only when that slice changed (`part`, klong_draw.js).
  const targets = asObject(view.targets);
  const canAct = asArray(view.legal).length > 0;
  const who = [view.names, view.colours, view.seat, view.current_player];
  const parts = [
    part("header", [view.market_days_held, view.stacks, asArray(view.discard).length], () => header(view)),
    turnLine(view, busy),
    slot(view.prompt ? h("div", { class: "re-prompt", text: `Your move: ${view.prompt}.` }) : null),
    errorBox(model.get("error")),
    h("div", { class: "re-main" },
      h("div", { class: "re-left" }, part("caption", [ui.just, who], () => justCaption(view, ui.just)), board(view, ui, geo, ctx, roles)),
      h("div", { class: "re-right" },
        part("market", [view.market, view.market_note, who], () => slot(marketBox(view))),
        slot(actionPanel(view, ui)),
        part("hand", [view.hand, targets.place, canAct, view.phase, ui.sel, who], () => handArea(view, ui)),
        part("track", [view.track, view.lukphat, view.track_text], () => track(view)),
        part("scores", [view.scores, view.winners, who], () => scoreTrack(view)),
        players(view)),
      part("key", [view.legend, ui.keyClosed], () => boardKey(view, ui))),
    part("summary", [view.is_over, view.score_groups, view.winners, view.players, view.scores, who], () => slot(summary(view))),
    eventLog(view),
  ];
  patchChildren(content, parts);
  // Keep exactly one board space in the tab order (the roving one).
  const spaces = content.querySelector(".re-board")?.children ?? [];
  if (![...spaces].some((b) => b.getAttribute("tabindex") === "0")) content.querySelector(".re-space")?.setAttribute("tabindex", "0");
  // Whether the board overflows reads the layout: asked once the frame is laid out anyway.
  requestAnimationFrame(() => scrollCue(content));
}

// Everything that happened, newest last, folded away (as `eventsList` draws it): each entry is
// drawn once and kept, so a long game's log costs nothing to redraw.
function eventLog(view) {
  const list = asArray(view.events).map(eventText);
  if (!list.length) return null;
  return h("details", { class: "re-events" },
    h("summary", { text: `Latest: ${list[list.length - 1]}` }),
    h("ol", {}, list.map((text) => part("event", text, () => h("li", { text })))));
}

const KEYS = ["action", "boat", "from", "landing", "role", "space"];

function restoreFocus(root, key, ui) {
  const view = asObject(ui.view);
  const handTurn = view.phase === "turn" && asArray(view.legal).length > 0;
  const back = handTurn && !ui.handTurn;
  ui.handTurn = handTurn;
  if (!key) return;
  if (back) {
    // The learner's turn again after the others' moves: the keyboard goes back to the hand.
    const hand = root.querySelector(".re-hand button[aria-pressed=true]") || root.querySelector(".re-hand button:not(:disabled)");
    if (hand) {
      hand.focus({ preventScroll: true });
      return;
    }
  }
  let target = null;
  for (const k of ["space", "boat", "landing", "action", "from", "role"]) {
    if (key[k] === undefined) continue;
    const attr = k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    target = [...root.querySelectorAll(`[data-${attr}]`)].find((el) => el.dataset[k] === key[k]) || null;
    if (target) break;
  }
  if (!target && key.element.closest(".re-actions")) target = root.querySelector(".re-actions button");
  if (!target && key.element.closest(".re-hand")) target = root.querySelector(".re-hand button:not(:disabled)");
  giveFocus(root, target, ".re-actions button.legal");
}

function render({ model, el }) {
  const content = h("div", { class: "re-content" });
  const live = liveRegions();
  const root = widgetRoot("klong-board", "Bangkok Klongs board", content, live.polite, live.urgent);
  const ui = {
    sel: null, landings: {}, boardFocus: null, boardTouched: false, highlight: null, just: [], keyClosed: false,
    handTurn: false, view: null, saidError: "", saidEvent: "", saidTurn: "",
  };
  const drawAll = () => {
    ui.view = model.get("view");
    draw(root, content, model, ui);
  };
  const redraw = redrawer({ root, live, model, ui, keys: KEYS, draw: drawAll, restore: (r, key) => restoreFocus(r, key, ui) });

  const onClick = (event) => {
    const summary = event.target instanceof Element ? event.target.closest("[data-role=key] > summary") : null;
    if (summary) ui.keyClosed = summary.parentElement.open; // about to toggle: remember for redraws
    const button = clickedButton(event, root);
    if (!button) return;
    if (button.dataset.space) {
      ui.boardFocus = button.dataset.space;
      ui.boardTouched = true;
    }
    if (sendIntent(model, button)) return;
    if (button.dataset.boat !== undefined) {
      ui.sel = { kind: "boat", id: button.dataset.boat };
      redraw();
    } else if (button.dataset.from !== undefined) {
      const same = ui.sel && ui.sel.kind === "from" && ui.sel.space === button.dataset.from;
      ui.sel = same ? null : { kind: "from", space: button.dataset.from };
      redraw();
    } else if (button.dataset.landing !== undefined) {
      const same = ui.sel && ui.sel.kind === "landing" && ui.sel.name === button.dataset.landing;
      ui.sel = same ? null : { kind: "landing", name: button.dataset.landing };
      redraw();
    } else if (button.dataset.role === "cancel") {
      ui.sel = null;
      redraw();
    }
  };

  // A choice button names a space (a boat to steal, a merchant to move): light that space up.
  const onHover = (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-highlight]") : null;
    const space = button && root.contains(button) ? button.dataset.highlight : null;
    if (space === ui.highlight) return;
    ui.highlight = space;
    for (const el of root.querySelectorAll(".re-space.re-highlight")) el.classList.remove("re-highlight");
    if (space) root.querySelector(`.re-space[data-space="${space}"]`)?.classList.add("re-highlight");
  };

  const onKey = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === "Escape") {
      if (!dismissOnEscape(event, model)) {
        if (!ui.sel || ui.sel.kind === "boat") return;
        ui.sel = null;
        redraw();
      }
      event.stopPropagation();
      return;
    }
    if (!target || !ARROW_KEYS.includes(event.key)) return;
    if (target.matches(".re-space")) {
      const view = asObject(model.get("view"));
      const geo = layout(view.geometry);
      const here = geo.byName.get(target.dataset.space);
      if (!here) return;
      let { row, column } = here;
      if (event.key === "ArrowLeft") column = Math.max(0, column - 1);
      else if (event.key === "ArrowRight") column = Math.min(geo.columns - 1, column + 1);
      else if (event.key === "ArrowUp") row = Math.max(0, row - 1);
      else if (event.key === "ArrowDown") row = Math.min(geo.rows - 1, row + 1);
      else if (event.key === "Home") column = 0;
      else column = geo.columns - 1;
      const next = geo.spaces.find((s) => s.row === row && s.column === column);
      const button = next && root.querySelector(`.re-space[data-space="${next.name}"]`);
      if (button) {
        target.setAttribute("tabindex", "-1");
        button.setAttribute("tabindex", "0");
        ui.boardFocus = next.name;
        ui.boardTouched = true;
        button.focus();
      }
    } else {
      const group = target.closest(".re-hand, .re-actions, .re-landing-list");
      const next = group ? walk(group, target, event.key, "button:not(:disabled)") : null;
      if (!next) return;
      next.focus();
    }
    event.preventDefault();
    event.stopPropagation(); // keep JupyterLab's notebook shortcuts off the board
  };

  const unmount = mount(model, el, root, redraw, [["click", onClick], ["keydown", onKey], ["mouseover", onHover], ["focusin", onHover]]);
  // A phone turned, a window resized: the scroll cue follows the board's box.
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => scrollCue(content)) : null;
  if (resized) resized.observe(root);
  return () => {
    if (resized) resized.disconnect();
    unmount();
  };
}

export default { render };
export { GOODS, layout };
