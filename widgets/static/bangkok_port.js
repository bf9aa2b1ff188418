// Bangkok, part 1 of 2: cards, the port, the hand and the step-2 animation (bangkok.js draws the
// markets and the table, and mounts the widget; widgets/_assets.py puts common.js, this file and
// bangkok.js together into the widget's one ES module). Everything drawn comes from the engine's
// view model: card faces as data (goods, chilli type, words), legal moves read into parts
// (`view.moves`), the ends with their side and number, place and line names: no notation is parsed
// and no rule is written here.

const GLYPHS = { P: "\u25CF", Z: "\u25AC", B: "\u25C6", F: "\u25B6" }; // round, long, diamond, fish
// Per side of the port: the arrow showing the way a card pushes, and where the side's ends sit on
// the 5x5 grid around the 3x3 port (row, column) for end number k (1-3).
const SIDES = {
  left: { arrow: "\u25B6", at: (k) => [k + 1, 1] },
  right: { arrow: "\u25C0", at: (k) => [k + 1, 5] },
  top: { arrow: "\u25BC", at: (k) => [1, k + 1] },
  bottom: { arrow: "\u25B2", at: (k) => [5, k + 1] },
};
// Clockwise from the top left, for arrow keys: top 1-3, right 1-3, bottom 3-1, left 3-1.
const RING_ORDER = { top: 0, right: 1, bottom: 2, left: 3 };

// ---- helpers of this widget (h, asArray, asObject, isSeat, plural, seatName: common.js) ----------

// Where each place name sits in a 3x3 square, from the view's `places`.
function placeMap(view) {
  const out = new Map();
  asArray(view.places).forEach((row, r) => asArray(row).forEach((name, c) => out.set(String(name), { row: r, col: c })));
  return out;
}

const placeName = (view, r, c) => String(asArray(asArray(view.places)[r])[c] ?? "");
const goodName = (view, good) => String(asObject(view.good_names)[good] ?? good);
const moveOf = (view, action) => asObject(asObject(view.moves)[action]);
const legalMoves = (view) => asArray(view.legal).map((action) => ({ action, ...moveOf(view, action) }));

// ---- cards -------------------------------------------------------------------------------------

function goodChip(view, good, extra = "") {
  return h("span", { class: `re-badge re-good re-good-${good} ${extra}`.trim(), title: goodName(view, good), "aria-hidden": "true" },
    h("span", { class: "re-good-letter", text: good }),
    h("span", { class: "re-good-glyph", text: GLYPHS[good] ?? "?" }));
}

// A card face (not interactive by itself). `marks` are the scoring overlay's notes on its goods;
// `points` (the overlay's score of a chilli card) sits in the card's top strip, above its goods, so
// it covers nothing. The card's id is a hook (data-id), never shown.
function cardFace(view, cell, { small = false, marks = null, points = null, just = false } = {}) {
  const c = asObject(cell);
  const goodsMarks = asArray(marks).map((m) => ({ ...asObject(m) }));
  const chips = asArray(c.goods).map((g) => {
    const at = goodsMarks.findIndex((m) => m.good === g && !m.used);
    let cls = "";
    if (at >= 0) {
      goodsMarks[at].used = true;
      const effect = goodsMarks[at].effect;
      cls = effect === "0" ? "re-mark re-mark-zero" : effect.startsWith("-") ? "re-mark re-mark-minus" : "re-mark re-mark-plus";
    }
    return goodChip(view, g, cls);
  });
  return h(
    "span",
    { class: `re-bk-card${c.chilli ? " re-chilli" : ""}${small ? " re-small" : ""}${points !== null ? " re-with-points" : ""}${just ? " re-just-played" : ""}`,
      "data-id": c.id ?? null, "aria-hidden": "true" },
    points !== null ? h("span", { class: "re-points-badge", text: points >= 0 ? `+${points}` : String(points) }) : null,
    h("span", { class: "re-goods" }, chips.length ? chips : h("span", { class: "re-no-goods", text: "\u2014" })),
    c.chilli
      ? h("span", { class: "re-chilli-band", title: `Type ${c.type}: ${String(c.rule ?? "")}` },
        h("span", { class: "re-chilli-type", text: String(c.type) }),
        asArray(c.indicated).map((g) => goodChip(view, g, "re-indicated")))
      : null,
  );
}


// ---- the port ----------------------------------------------------------------------------------

function handCardById(view, id) {
  return asArray(view.hand).find((c) => asObject(c).id === id) ?? null;
}

// The placements entry for the chosen card along the chosen end's line, or null.
function placementFor(view, face, end) {
  const info = asObject(asArray(view.ends).find((e) => asObject(e).end === end));
  const entry = asObject(view.placements)[`${face}@${info.line}`];
  if (!entry) return null;
  const actions = asArray(asObject(entry.actions)[end]);
  return actions.length ? { ...entry, endActions: actions } : null;
}

function piles(view) {
  const p = asObject(view.piles);
  // Alone, the piles lie at two ends of the port (the view says which each covers).
  const lying = (kind) => {
    const end = asArray(view.ends).map(asObject).find((e) => e.covered_by === `${kind} pile`);
    return end ? `, lying ${end.label}` : "";
  };
  const pile = (kind, label) => h(
    "div",
    { class: `re-pile re-pile-${kind}`, "data-role": "pile", "data-pile": kind, role: "img",
      "aria-label": `${label}: ${plural(Number(p[kind] ?? 0), "card")} face down${lying(kind)}` },
    h("span", { class: "re-pile-back", "aria-hidden": "true" }),
    h("span", { class: "re-pile-label", "aria-hidden": "true", text: label }),
    h("span", { class: "re-pile-count", "aria-hidden": "true", text: String(p[kind] ?? 0) }),
  );
  return h("div", { class: "re-piles" }, pile("chilli", "Chilli pile"), pile("boat", "Boat pile"));
}

function portSection(view, ui, marks = justPlayedMarks(view, [])) {
  const port = asArray(view.port);
  const acting = view.phase === "act" && asArray(view.legal).length > 0;
  const chosen = acting && ui.card ? handCardById(view, ui.card) : null;
  const face = chosen ? chosen.card : null;
  const chosenEntry = face && ui.end ? placementFor(view, face, ui.end) : null;
  const lineCells = new Map();
  if (chosenEntry) for (const c of asArray(chosenEntry.cells)) lineCells.set(c.cell, c);
  const inLine = new Set(chosenEntry ? asArray(asObject(asObject(view.lines)[chosenEntry.line]).cells) : []);

  const grid = h("div", { class: "re-port-grid", role: "group", "aria-label": "The port: 3 by 3 cards and its 12 ends" });
  port.forEach((row, r) => asArray(row).forEach((cell, c) => {
    const name = placeName(view, r, c);
    const status = lineCells.get(name);
    const cls = ["re-port-cell"];
    if (inLine.has(name)) cls.push("re-in-line");
    if (status) cls.push(`re-${status.status}`);
    const words = cell ? String(cell.words) : "empty";
    const just = Boolean(cell && ((marks.placed && cell.id === marks.placed) || marks.port.has(name)));
    if (just) cls.push("re-just-played");
    grid.append(h("div", {
      class: cls.join(" "), "data-cell": name, style: `grid-row: ${r + 2}; grid-column: ${c + 2}`,
      role: "img", "aria-label": `${placeWords(view, "port", name)}: ${words}${just ? " (just played)" : ""}${status ? `, ${status.status === "forced" ? "must be taken" : "may be taken"}` : ""}`,
      title: status ? status.reason : null,
    },
    cell ? cardFace(view, cell, { just }) : h("span", { class: "re-empty-cell", "aria-hidden": "true" }),
    status ? h("span", { class: `re-status-badge re-${status.status}`, "aria-hidden": "true", text: status.status === "forced" ? "must" : "choice" }) : null));
  }));
  for (const info of asArray(view.ends).map(asObject)) {
    const end = String(info.end);
    const side = SIDES[info.side] ?? SIDES.left;
    const at = side.at(Number(info.number));
    const entry = face ? placementFor(view, face, end) : null;
    const covered = info.covered_by;
    const chosenName = chosen ? cardName(chosen) : "";
    const attrs = {
      type: "button", class: `re-end re-end-${info.side}`, "data-end": end, "data-ring": RING_ORDER[info.side] * 3 + (info.side === "top" || info.side === "right" ? Number(info.number) : 4 - Number(info.number)), style: `grid-row: ${at[0]}; grid-column: ${at[1]}`,
    };
    let label;
    if (!acting) {
      label = `${info.label}${covered ? ` (covered by the ${covered})` : ""}`;
      attrs["aria-disabled"] = "true";
    } else if (!face) {
      label = `${info.label}${covered ? ` (covered by the ${covered})` : ""}: choose a hand card first`;
    } else if (entry) {
      attrs.class += " legal";
      label = `Lay your ${chosenName} ${info.label}: take ${plural(entry.take, "card")}${entry.endActions.length > 1 ? `, ${entry.endActions.length} ways` : ""}`;
      if (ui.end === end) {
        attrs.class += " re-chosen";
        attrs["aria-pressed"] = "true";
      } else attrs["aria-pressed"] = "false";
    } else {
      attrs["data-action"] = `place:${face}@${end}>`;
      label = `${info.label}: your ${chosenName} cannot go here${covered ? ` (covered by the ${covered})` : ""}; click for the reason`;
    }
    if (covered) attrs.class += " re-covered";
    if (marks.ends.has(end)) {
      attrs.class += " re-just-played";
      label += " (a card was just laid here)";
    }
    attrs["aria-label"] = label;
    attrs.title = label;
    const mark = covered === "turn counter" ? "\u231B" : covered ? "\u2592" : side.arrow;
    // The row's or column's number beside the arrow: the words "right of row 2", "column 3" point here.
    grid.append(h("button", attrs, h("span", { "aria-hidden": "true", text: mark }),
      h("span", { class: "re-end-number", "aria-hidden": "true", text: String(info.number) })));
  }

  const caption = h("div", { class: "re-port-caption", "data-role": "port-caption", text: String(asObject(view.port_move).caption ?? "") });
  const move = asObject(view.port_move);
  const replay = move.kind ? h("button", {
    class: "re-button re-replay", type: "button", "data-role": "replay",
    "aria-label": move.kind === "place" ? "Show step 2 of the last placement again" : "Show the last renewal again",
    text: move.kind === "place" ? "\u21BB Replay step 2" : "\u21BB Replay renewal",
  }) : null;
  return h(
    "section",
    { class: "re-port", "aria-label": "Port" },
    h("div", { class: "re-port-body" }, grid, piles(view)),
    h("div", { class: "re-port-foot" }, caption, replay),
    chosenEntry ? collectionsPanel(view, chosen, ui.end, chosenEntry) : null,
  );
}

function collectionsPanel(view, chosen, end, entry) {
  const labels = asObject(view.labels);
  const endInfo = asObject(asArray(view.ends).find((e) => asObject(e).end === end));
  const cells = asArray(entry.cells).map(asObject);
  return h(
    "div",
    { class: "re-collect", "data-role": "collections", role: "group", "aria-label": `What your ${cardName(chosen)} takes ${endInfo.label ?? ""}` },
    h("div", { class: "re-collect-head" },
      h("strong", { text: `Lay your ${cardName(chosen)} ${endInfo.label ?? ""}` }),
      h("button", { class: "re-button re-cancel", type: "button", "data-role": "cancel", "aria-label": "Choose another end or card", text: "Cancel" })),
    h("p", { class: "re-summary-text", text: String(entry.summary ?? "") }),
    cells.length ? h("ul", { class: "re-reasons" }, cells.map((c) => h("li", { class: `re-${c.status}` },
      h("span", { class: `re-status-badge re-${c.status}`, text: c.status === "forced" ? "must" : "choice" }),
      h("span", { text: ` ${c.reason}` })))) : null,
    h("div", { class: "re-collect-options" }, entry.endActions.map((action) => {
      const move = moveOf(view, action);
      return h("button", {
        type: "button", class: "re-button re-action re-collect-option legal", "data-action": action,
        "data-cells": asArray(move.cells).join(" "),
        "aria-label": labels[action] ?? action, title: labels[action] ?? action,
      }, h("span", { "aria-hidden": "true", text: `Take: ${move.text ?? ""}` }));
    })),
  );
}

// ---- the hand and the actions that are not on the port or a market -------------------------------

function handUsable(view, face) {
  if (view.phase === "act") {
    // Placing happens at the port: without it (MarketWidget) no hand card is a choice here.
    return asArray(view.parts).includes("port") && Object.values(asObject(view.placements)).some((p) => asObject(p).card === face);
  }
  if (view.phase === "market" || view.phase === "return") return legalMoves(view).some((m) => m.kind === view.phase && m.card === face);
  return false;
}

function handSection(view, ui) {
  const hand = asArray(view.hand).map(asObject);
  const acting = asArray(view.legal).length > 0;
  const labels = asObject(view.labels);
  const cards = hand.map((cell) => {
    const usable = acting && handUsable(view, cell.card);
    const selected = ui.card === cell.id;
    const count = view.phase === "act" ? Object.values(asObject(view.placements)).filter((p) => asObject(p).card === cell.card).length : 0;
    let label = String(cell.words ?? cell.card);
    if (acting && view.phase === "act") label += usable ? `: can face ${plural(count, "line")}; choose it, then a lit end` : ": shares no good with any line of the port";
    if (acting && view.phase === "market") label += usable ? ": choose it, then a lit place of your market" : ": fits no place of your market";
    const button = h("button", {
      type: "button", class: `re-hand-card${usable ? " legal" : ""}${selected ? " re-selected" : ""}`, "data-card": cell.id,
      "aria-pressed": view.phase === "return" || !acting ? null : selected ? "true" : "false", "aria-label": label, title: label,
    }, cardFace(view, cell));
    if (view.phase !== "return" || !acting) return button;
    const action = legalMoves(view).find((m) => m.kind === "return" && m.card === cell.card)?.action;
    return h("span", { class: "re-hand-slot" }, button, action ? h("button", {
      type: "button", class: "re-button re-action legal", "data-action": action,
      "aria-label": labels[action] ?? action, text: "Slip under pile",
    }) : null);
  });
  const me = isSeat(view.seat) ? view.seat : 0;
  return h(
    "div",
    { class: "re-hand-area" },
    h("div", { class: "re-hand-head" },
      h("span", { class: "re-hand-title", text: seatName(view, me) === "You" ? "Your hand" : `${seatName(view, me)}\u2019s hand` }),
      view.objective ? h("span", { class: "re-fact" }, "objective ", goodChip(view, view.objective.good), ` ${goodName(view, view.objective.good)}`) : null),
    h("div", { class: "re-hand", role: "group", "aria-label": `${seatName(view, me)}'s hand (arrow keys move between cards)` },
      cards.length ? cards : h("span", { class: "re-empty", text: "No cards in hand" })),
  );
}

function actionsRow(view, placedElsewhere) {
  const legal = asArray(view.legal).map(String);
  if (!legal.length) return null;
  const labels = asObject(view.labels);
  const buttons = [];
  if (view.phase === "act" && asArray(view.parts).includes("port")) {
    // Every line has its button; one the engine does not list is sent as it is, for the reason.
    const renewals = new Map(legalMoves(view).filter((m) => m.kind === "renew").map((m) => [m.line, m.action]));
    for (const [line, info] of Object.entries(asObject(view.lines))) {
      const action = renewals.get(line) ?? `renew:${line}`;
      const words = String(asObject(info).label ?? line);
      buttons.push(h("button", {
        type: "button", class: `re-button re-action re-renew${renewals.has(line) ? " legal" : ""}`, "data-action": action,
        "aria-label": labels[action] ?? `Renew ${words} of the port: click for the reason it may not be renewed`,
        title: labels[action] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)} may not be renewed now`,
        text: words.charAt(0).toUpperCase() + words.slice(1),
      }));
    }
  }
  const others = legal.filter((a) => !placedElsewhere(a) && !(view.phase === "act" && moveOf(view, a).kind === "renew"));
  for (const action of others) {
    buttons.push(h("button", {
      type: "button", class: "re-button re-action legal", "data-action": action,
      "aria-label": labels[action] ?? action, title: labels[action] ?? action, text: labels[action] ?? action,
    }));
  }
  if (!buttons.length) return null;
  return h("div", { class: "re-actions", role: "group", "aria-label": "Other actions" },
    view.phase === "act" && asArray(view.parts).includes("port") ? h("span", { class: "re-actions-title", text: "Or renew:" }) : null,
    buttons);
}

// ---- step 2, animated --------------------------------------------------------------------------

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// Shows what a placement did, in three beats: the taken cards leave, the line slides with the
// placed card pushing in from its end, the empty places fill from the piles. (A renewal: the line's
// old cards leave and the new ones turn up.) Purely visual: the new position is already drawn.
function animatePort(section, view, move, root) {
  if (reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const grid = section.querySelector(".re-port-grid");
  if (!grid) return;
  const gridRect = grid.getBoundingClientRect();
  const rectOf = (name) => grid.querySelector(`[data-cell="${name}"]`)?.getBoundingClientRect();
  const beforeAt = new Map();
  asArray(move.before).forEach((row, r) => asArray(row).forEach((cell, c) => {
    if (cell && cell.id) beforeAt.set(cell.id, placeName(view, r, c));
  }));
  const TAKE = 320;
  const SLIDE = 460;
  const FILL = 380;
  const easing = "cubic-bezier(.25,.8,.35,1)";
  root.dataset.animating = "true";
  let last = 0;
  // Ghosts of the cards taken (or swapped away) leave from where they were.
  const leaving = move.kind === "renew" ? asArray(move.drawn).map((d) => d.cell) : asArray(move.taken);
  const places = placeMap(view);
  for (const name of leaving) {
    const pos = places.get(name);
    const was = pos ? asArray(asArray(move.before)[pos.row])[pos.col] : null;
    const rect = rectOf(name);
    if (!was || !rect) continue;
    const ghost = h("div", { class: "re-ghost", "aria-hidden": "true",
      style: `left:${rect.left - gridRect.left}px;top:${rect.top - gridRect.top}px;width:${rect.width}px;height:${rect.height}px` }, cardFace(view, was));
    grid.append(ghost);
    const anim = ghost.animate([{ opacity: 1, transform: "none" }, { opacity: 0, transform: "translateY(28px) scale(0.75)" }],
      { duration: TAKE, easing, fill: "forwards" });
    anim.onfinish = () => ghost.remove();
    anim.oncancel = () => ghost.remove();
  }
  const drawn = asArray(move.drawn).map((d) => d.cell);
  for (const el of grid.querySelectorAll(".re-port-cell .re-bk-card[data-id]")) {
    const cell = el.closest("[data-cell]")?.dataset.cell;
    const now = el.getBoundingClientRect();
    const id = el.dataset.id;
    if (move.kind === "place" && id === move.placed) {
      const end = grid.querySelector(`[data-end="${move.end}"]`)?.getBoundingClientRect();
      if (end) {
        const a = centre(end);
        const b = centre(now);
        el.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
          { duration: SLIDE, delay: TAKE, easing, fill: "backwards" });
        last = Math.max(last, TAKE + SLIDE);
      }
    } else if (drawn.includes(cell)) {
      const index = drawn.indexOf(cell);
      const kind = asObject(asArray(move.drawn)[index]).pile;
      const delay = (move.kind === "renew" ? TAKE : TAKE + SLIDE) + index * 140;
      const pile = section.querySelector(`[data-pile="${kind === "chilli" || kind === "boat" ? kind : el.closest(".re-port-cell")?.querySelector(".re-chilli") ? "chilli" : "boat"}"]`)?.getBoundingClientRect();
      const from = pile ? `translate(${centre(pile).x - centre(now).x}px, ${centre(pile).y - centre(now).y}px) scale(0.6)` : "scale(0.6)";
      el.animate([{ transform: from, opacity: 0 }, { transform: "none", opacity: 1 }], { duration: FILL, delay, easing, fill: "backwards" });
      last = Math.max(last, delay + FILL);
    } else if (beforeAt.has(id) && beforeAt.get(id) !== cell) {
      const was = rectOf(beforeAt.get(id));
      if (was) {
        el.animate([{ transform: `translate(${was.left - now.left}px, ${was.top - now.top}px)` }, { transform: "none" }],
          { duration: SLIDE, delay: TAKE, easing, fill: "backwards" });
        last = Math.max(last, TAKE + SLIDE);
      }
    }
  }
  setTimeout(() => { root.dataset.animating = "false"; }, last + 50);
}
