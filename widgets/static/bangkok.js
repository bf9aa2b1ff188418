// Bangkok: the port and the floating markets (anywidget front end, plain ES module, no build step).
//
// It draws the kernel's `view` trait and sends intents ({type: "play", action, move}); it never
// decides legality. `view.parts` says what to draw: the port (PortWidget), the markets
// (MarketWidget) or both (BangkokTableWidget). Placing takes two choices and a confirmation: a hand
// card, then an end of the port lit from `view.placements`, then one of the legal collections listed
// there (each button carries the engine's full notation). Ends that are not lit stay clickable and
// send `place:CARD@END>`, so the engine's reason for refusing them is shown; so do the market places
// a chosen card may not take.
//
// It parses no notation and holds no rule text: what a move takes, where a card may go and what a
// card counts come from the view model. Stable hooks for the browser tests: root
// `.re-bangkok[data-game][data-move][data-busy]
// [data-current][data-phase]` holding `.re-port` and/or `.re-market`; `button[data-action]` for every
// action (class `legal` when the engine lists it); hand cards `button[data-card="#07"]`; ends
// `button[data-end="R1L"]`; `[data-role=score][data-seat=N]`, `[data-role=error]`, `[data-role=turn]`,
// `[data-role=summary]`, `[data-role=collections]`, `[data-role=overlay]`, `[data-role=pile]`,
// `[data-role=port-caption]`, `[data-role=line]`.
//
// Part 2 of 2: the header, the markets, the summary and the widget itself; the cards, the port and
// the hand are drawn by bangkok_port.js, which comes first in the module.

// ---- header, turn, error, players -------------------------------------------------------------

function header(view, ui) {
  const bits = [];
  if (view.players === 1 && isSeat(view.turn)) bits.push(`Solo: turn ${view.turn} of ${view.turns}`);
  else if (view.players === 1) bits.push("Solo");
  else if (isSeat(view.round)) bits.push(`Round ${view.round}`);
  if (view.expert) bits.push("expert version");
  const first = firstPlayerText(view);
  if (first) bits.push(first);
  const parts = asArray(view.parts);
  return headerBar("Bangkok", bits.join(" \u00B7 "), {
    tags: view.ending && !view.is_over ? [h("span", { class: "re-tag re-ending", text: "Last round: a market is complete" })] : [],
    buttons: parts.includes("markets")
      ? [h("button", {
        class: "re-button", type: "button", "data-role": "overlay", "aria-pressed": ui.overlay ? "true" : "false",
        "aria-label": ui.overlay ? "Hide the scoring overlay" : "Show the scoring overlay: which cards each chilli card counts",
        text: ui.overlay ? "Scoring \u2713" : "Scoring",
      })]
      : [],
  });
}

function turnText(view, busy) {
  const turn = whoseTurn(view);
  if (turn.text !== undefined) return turn.text;
  if (turn.other) return `${turn.other} to act${busy ? "\u2026" : ""}`;
  const who = turn.yours;
  const extra = Number(view.extra_cards ?? 0);
  if (view.phase === "market") return `${who} \u2014 lay ${plural(extra, "card")} in your market: choose a card, then a lit place`;
  if (view.phase === "return") return `${who} \u2014 no card fits your market: slip ${plural(extra, "card")} back under the piles`;
  if (legalMoves(view).some((m) => m.kind === "pass")) return `${who} \u2014 nothing can be placed or renewed: pass`;
  return `${who} \u2014 choose a hand card, then a lit end of the port (or renew a line)`;
}

// Names and scores when no market is drawn (the market heads carry them otherwise).
function playersStrip(view) {
  const scores = asArray(view.scores);
  const players = Number(view.players) || scores.length;
  return h("ul", { class: "re-players", "aria-label": "Players and scores" },
    Array.from({ length: players }, (_, s) => h("li", { class: `re-player${s === view.current_player ? " re-current" : ""}` },
      h("span", { class: "re-name", text: seatName(view, s) }),
      h("span", { class: "re-score", "data-role": "score", "data-seat": s, title: "score", text: String(scores[s] ?? 0) }),
      h("span", { class: "re-fact", text: plural(asArray(view.hand_sizes)[s] ?? 0, "card") }))));
}

// ---- markets -----------------------------------------------------------------------------------

function marketBlock(view, ui, seat, big, marks = justPlayedMarks(view, [])) {
  const scoring = asObject(asArray(view.scoring)[seat]);
  const lines = asArray(scoring.lines).map(asObject);
  const market = asArray(asArray(view.markets)[seat]);
  const me = seat === view.seat;
  const acting = me && view.phase === "market" && asArray(view.legal).length > 0;
  const chosen = acting && ui.card ? handCardById(view, ui.card) : null;
  const picked = ui.overlay ? Math.min(ui.lines[seat] ?? defaultLine(lines), lines.length - 1) : -1;
  const line = picked >= 0 ? lines[picked] : null;
  const area = new Set(line ? asArray(line.area) : []);
  const goodMarks = line ? asObject(line.marks) : {};
  const pointsAt = new Map();
  if (ui.overlay) for (const l of lines) if (l.kind === "chilli" && l.cell) pointsAt.set(l.cell, l.points);
  const fresh = asObject(view.market_move);
  const objectiveGood = me ? asObject(view.objective).good : (asArray(view.open_objectives)[seat] ?? asArray(view.objectives)[seat]);
  const justHere = marks.markets.get(seat) ?? new Set();
  const marketMoves = new Map(legalMoves(view).filter((m) => m.kind === "market" && chosen && m.card === chosen.card).map((m) => [m.cell, m.action]));

  const grid = h("div", { class: "re-market-grid", role: "group", "aria-label": `${seatName(view, seat)}'s market, 3 by 3` });
  asArray(view.places).flat().forEach((name, i) => {
    const [row, col] = [Math.floor(i / 3), i % 3];
    const cell = asArray(market[row])[col];
    const cls = ["re-market-cell"];
    if (area.has(name)) cls.push("re-area");
    if (line && line.cell === name) cls.push("re-area-centre");
    if (fresh.seat === seat && fresh.cell === name && fresh.move !== ui.popped) cls.push("re-fresh"); // pops once
    const just = Boolean(cell) && justHere.has(name);
    if (just) cls.push("re-just-played");
    const points = cell && pointsAt.has(name) ? Number(pointsAt.get(name)) : null;
    const face = cell ? cardFace(view, cell, { small: !big, marks: goodMarks[name], points, just }) : null;
    const markWords = asArray(goodMarks[name]).map((m) => `${goodName(view, m.good)} ${m.effect}`).join(", ");
    const where = placeWords(view, "market", name);
    const words = `${where}: ${cell ? String(cell.words) : "empty"}${points !== null ? `, scores ${points}` : ""}${markWords ? ` (counts ${markWords})` : ""}${just ? " (just played)" : ""}`;
    if (acting && chosen && !cell) {
      // A place the engine does not list is sent as it is, so its reason is shown.
      const ok = marketMoves.has(name);
      const action = marketMoves.get(name) ?? `market:${chosen.card}@${name}`;
      cls.push("re-place");
      if (ok) cls.push("legal");
      const label = ok ? `Put the ${cardName(chosen)} in your market, ${where}` : `${where}: the ${cardName(chosen)} may not go here; click for the reason`;
      grid.append(h("button", { type: "button", class: cls.join(" "), "data-action": action, "data-cell": name, "data-row": row, "data-col": col, "aria-label": label, title: label },
        h("span", { class: "re-place-mark", "aria-hidden": "true", text: ok ? "+" : "" })));
    } else {
      grid.append(h("div", { class: cls.join(" "), "data-cell": name, role: "img", "aria-label": words, title: markWords ? `counts ${markWords}` : null },
        face ?? h("span", { class: "re-empty-cell", "aria-hidden": "true" })));
    }
  });

  const scores = asArray(view.scores);
  const current = view.current_player === seat;
  const tags = [];
  if (asArray(view.bots)[seat]) tags.push(h("span", { class: "re-tag re-bot", text: "bot" }));
  if (seat === view.first_player && view.players > 1) tags.push(h("span", { class: "re-tag", title: firstPlayerText(view), text: "first player" }));
  if (view.players > 1 && asArray(view.winners).includes(seat)) tags.push(h("span", { class: "re-tag re-win", text: "Winner" }));
  const openHand = asArray(view.open_hands)[seat];
  const pontoon = h("div", {
    class: `re-pontoon${objectiveGood ? "" : " re-hidden"}`, role: "img",
    "aria-label": objectiveGood ? `Pontoon: objective ${goodName(view, objectiveGood)}` : "Pontoon: objective hidden until the end",
    title: objectiveGood ? `objective: ${goodName(view, objectiveGood)}` : "objective hidden",
  }, objectiveGood ? goodChip(view, objectiveGood) : h("span", { class: "re-secret", "aria-hidden": "true", text: "?" }));
  const total = Number(scoring.total ?? 0);
  const overlay = ui.overlay ? h("div", { class: "re-overlay", "data-role": "scoring", "data-seat": seat },
    h("ol", { class: "re-lines", "aria-label": `${seatName(view, seat)}'s score lines: choose one to see which cards count` },
      lines.map((l, i) => h("li", {}, h("button", {
        type: "button", class: `re-line re-line-${l.kind}`, "data-role": "line", "data-seat": seat, "data-index": i,
        "aria-pressed": i === picked ? "true" : "false", "aria-label": `${l.label}: ${l.points} points`,
      }, h("span", { class: "re-line-label", text: l.label }), h("span", { class: "re-line-points", text: String(l.points) }))))),
    scoring.objective_hidden ? h("p", { class: "re-fact", text: "The objective stays hidden until the end." }) : null,
    h("p", { class: "re-line-total" }, `Market total${scoring.objective_hidden ? " without the objective" : ""}: `, h("strong", { text: String(total) })),
  ) : null;
  return h(
    "div",
    { class: `re-market${big ? " re-big" : ""}${current ? " re-current" : ""}`, "data-seat": seat,
      role: "region", "aria-label": `${seatName(view, seat)}'s floating market, score ${scores[seat] ?? 0}${current ? ", to act" : ""}` },
    h("div", { class: "re-market-head" },
      h("span", { class: `re-seat-dot re-seat-c${seat}`, "aria-hidden": "true" }),
      h("span", { class: "re-name", text: seatName(view, seat) }),
      tags,
      h("span", { class: "re-fact", text: plural(asArray(view.hand_sizes)[seat] ?? 0, "card") }),
      h("span", { class: "re-score", "data-role": "score", "data-seat": seat, title: "score", text: String(scores[seat] ?? 0) })),
    h("div", { class: "re-market-body" }, pontoon, grid),
    Array.isArray(openHand) && !me ? h("div", { class: "re-open-hand", "aria-label": `${seatName(view, seat)}'s hand (teaching mode)`, role: "img" },
      openHand.map((c) => cardFace(view, c, { small: true }))) : null,
    overlay,
  );
}

function defaultLine(lines) {
  const chilli = lines.findIndex((l) => l.kind === "chilli");
  return chilli >= 0 ? chilli : 0;
}

function marketsSection(view, ui, marks) {
  const players = Number(view.players) || asArray(view.markets).length;
  const me = isSeat(view.seat) ? view.seat : 0;
  const others = Array.from({ length: players - 1 }, (_, i) => (me + 1 + i) % players);
  const withPort = asArray(view.parts).includes("port");
  return {
    mine: marketBlock(view, ui, me, true, marks),
    others: others.length ? h("div", { class: "re-other-markets" }, others.map((s) => marketBlock(view, ui, s, !withPort, marks))) : null,
  };
}

// ---- summary and events ------------------------------------------------------------------------

function summary(view) {
  if (!view.is_over) return null;
  const players = Number(view.players) || asArray(view.scores).length;
  const scores = asArray(view.scores);
  const byKind = Array.from({ length: players }, (_, s) => {
    const out = { objective: 0, chilli: 0, complete: 0 };
    for (const l of asArray(asObject(asArray(view.scoring)[s]).lines)) out[l.kind] = (out[l.kind] ?? 0) + Number(l.points);
    return out;
  });
  const title = players === 1 ? `Game over \u2014 final score ${scores[0] ?? 0}` : gameOverTitle(view);
  const note = typeof view.tie_note === "string" ? view.tie_note : null;
  // One row per seat here: the columns are the kinds of points.
  return summaryBox(title,
    note ? h("p", { class: "re-fact", text: note }) : null,
    h("table", { class: "re-score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), ["objective", "chilli cards", "complete market", "total"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, byKind.map((k, s) => h("tr", {},
        h("th", { scope: "row", text: seatName(view, s) }),
        h("td", { text: String(k.objective) }), h("td", { text: String(k.chilli) }), h("td", { text: String(k.complete) }),
        h("td", { "data-role": "final-score", "data-seat": s, text: String(scores[s] ?? 0) }))))));
}

// ---- the widget ---------------------------------------------------------------------------------

function portKey(view, ui, moves) {
  const move = asObject(view.port_move);
  return JSON.stringify([view.port, view.piles, view.ends, view.phase, view.legal?.length, view.move_number,
    ui.card, ui.end, move.move, move.action, moves.length, view.names]);
}

function draw(root, slots, model, ui) {
  const view = asObject(model.get("view"));
  const busy = Boolean(model.get("busy"));
  stampRoot(root, view, busy);
  if (!isSeat(view.players)) {
    slots.turn.replaceChildren(waitingBanner());
    return;
  }
  // The choices in progress belong to one position.
  if (ui.move !== view.move_number) {
    ui.move = view.move_number;
    ui.end = null;
    if (ui.card && !handCardById(view, ui.card)) ui.card = null;
  }
  if (ui.overlayDefault !== Boolean(view.overlay)) {
    ui.overlayDefault = Boolean(view.overlay);
    ui.overlay = ui.overlayDefault;
  }
  const acting = asArray(view.legal).length > 0;
  if (acting && view.phase === "market" && !ui.card) {
    // Laying cards in the market: the first card that fits is chosen, so its places light up.
    ui.card = asArray(view.hand).find((c) => handUsable(view, asObject(c).card))?.id ?? null;
  }
  if (!acting) ui.card = null;

  const parts = asArray(view.parts);
  root.classList.toggle("re-with-port", parts.includes("port"));
  root.classList.toggle("re-with-markets", parts.includes("markets"));
  morphChildren(slots.header, [header(view, ui), ...(parts.includes("markets") ? [] : [playersStrip(view)])]);
  morphChildren(slots.turn, [turnBanner(turnText(view, busy))]);
  const moves = justPlayed(view);
  const marks = justPlayedMarks(view, moves);
  const caption = justPlayedCaption(moves);
  morphChildren(slots.news, caption ? [caption] : []);
  morphChildren(slots.error, [errorBox(model.get("error"))].filter(Boolean));
  if (parts.includes("port")) {
    const key = portKey(view, ui, moves);
    if (key !== ui.portKey) {
      ui.portKey = key;
      slots.port.replaceChildren(portSection(view, ui, marks));
      const move = asObject(view.port_move);
      const moveKey = move.kind ? `${move.move}:${move.action}` : null;
      // Each placement or renewal is animated once, when it arrives (not on the first drawing).
      if (moveKey && moveKey !== ui.animated && ui.drawn) {
        // Set up in the next frame, before it is painted: reading the layout here would delay the
        // update itself.
        const section = slots.port.firstChild;
        requestAnimationFrame(() => { if (section.isConnected) animatePort(section, view, move, root); });
      }
      ui.animated = moveKey;
    }
  } else slots.port.replaceChildren();
  const marketKey = JSON.stringify([view.markets, view.scoring, view.scores, view.current_player, view.phase,
    view.seat, view.legal, view.winners, view.names, view.bots, view.hand_sizes, view.objective,
    view.open_hands, view.open_objectives, view.market_move, view.place_words, moves.length, ui.card, ui.overlay, ui.lines]);
  if (parts.includes("markets") && marketKey !== ui.marketKey) {
    ui.marketKey = marketKey;
    const { mine, others } = marketsSection(view, ui, marks);
    const fresh = asObject(view.market_move);
    ui.popped = fresh.move ?? null;
    if (parts.includes("port")) {
      slots.mine.replaceChildren(mine);
      slots.others.replaceChildren(...(others ? [others] : []));
    } else {
      // Without the port, every market sits in one row, the viewer's first.
      slots.mine.replaceChildren(h("div", { class: "re-other-markets" }, mine, others ? [...others.childNodes] : []));
      slots.others.replaceChildren();
    }
  } else if (!parts.includes("markets")) {
    slots.mine.replaceChildren();
    slots.others.replaceChildren();
  }
  // Placements are chosen on the port (or not offered without it), market cards on the market, and
  // returns beside the hand card: the actions row holds the rest.
  const placedElsewhere = (a) => {
    const kind = moveOf(view, a).kind;
    return kind === "place" || kind === "return" || (parts.includes("markets") && kind === "market");
  };
  const notes = [];
  if (acting && view.phase === "act" && !parts.includes("port")) {
    notes.push(h("p", { class: "re-note", text: "Improving the hand happens at the port, which this view does not show." }));
  }
  morphChildren(slots.hand, [handSection(view, ui), ...notes]);
  const row = actionsRow(view, placedElsewhere);
  morphChildren(slots.actions, row ? [row] : []);
  const key = parts.includes("markets") ? legend(view) : null;
  const open = slots.legend.querySelector("details");
  if (key && open && !open.open) key.open = false; // the learner folded the key away: keep it so
  slots.legend.replaceChildren(...(key ? [key] : []));
  const done = summary(view);
  morphChildren(slots.summary, done ? [done] : []);
  const ev = eventsList(view);
  const eventsOpen = slots.events.querySelector("details")?.open;
  slots.events.replaceChildren(...(ev ? [ev] : []));
  if (ev && eventsOpen) ev.open = true;
  ui.drawn = true;
}

// Which control had the focus, so a redraw can give it back (keyboard play must not lose its place).
const FOCUS_KEYS = ["action", "card", "end", "role", "cell", "index", "seat"];

function restoreFocus(root, key) {
  const active = document.activeElement;
  if (!key || key.role === "turn") {
    // The focus was parked on the turn line while the bots played (or was lost with the control it
    // was on): when it is the learner's turn again, it goes back to the hand.
    const parked = key ? !root.contains(active) || active === key.element : root.dataset.hadFocus === "true" && (!active || active === document.body);
    const hand = root.querySelector(".re-hand button.legal") ?? root.querySelector(".re-market.re-big .re-market-grid button.legal");
    if (parked) giveFocus(root, hand);
    return;
  }
  if (active && root.contains(active) && active !== document.body) return; // still there
  const matches = (el) => FOCUS_KEYS.every((k) => (key[k] === undefined) === (el.dataset[k] === undefined) && (key[k] === undefined || el.dataset[k] === key[k]));
  let target = [...root.querySelectorAll("button")].find(matches) ?? null;
  // The control was used up (a card laid, a collection taken): go on where the next choice is.
  if (!target && root.dataset.phase === "market") target = root.querySelector(".re-market.re-big .re-market-grid button.legal");
  const group = key.element.closest(".re-hand, .re-port-grid, .re-market-grid");
  if (!target && (group || key.action)) target = root.querySelector(".re-hand button.legal") ?? root.querySelector("button.legal");
  giveFocus(root, target);
}

// Arrow keys: the hand, the actions and the collections walk in a line; the ends go round the
// port; a market's places move by rows and columns.
function arrowTarget(root, target, key) {
  const dir = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[key];
  const end = target.dataset.end;
  if (end && target.closest(".re-port-grid")) {
    const ends = [...root.querySelectorAll(".re-port-grid [data-end]")].sort((a, b) => Number(a.dataset.ring) - Number(b.dataset.ring));
    const at = ends.indexOf(target);
    if (key === "Home") return ends[0];
    if (key === "End") return ends[ends.length - 1];
    return ends[(at + dir + ends.length) % ends.length];
  }
  const grid = target.closest(".re-market-grid");
  if (grid && target.dataset.cell) {
    const buttons = [...grid.querySelectorAll("button[data-cell]")];
    if (key === "Home") return buttons[0];
    if (key === "End") return buttons[buttons.length - 1];
    const from = { row: Number(target.dataset.row), col: Number(target.dataset.col) };
    const [dr, dc] = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[key];
    for (let step = 1; step < 3; step += 1) {
      const r = from.row + dr * step;
      const c = from.col + dc * step;
      if (r < 0 || r > 2 || c < 0 || c > 2) break;
      const found = buttons.find((b) => Number(b.dataset.row) === r && Number(b.dataset.col) === c);
      if (found) return found;
    }
    return target;
  }
  const group = target.closest(".re-hand, .re-actions, .re-collect-options, .re-lines");
  return group ? walk(group, target, key) : null;
}

function render({ model, el }) {
  const slot = (name) => h("div", { class: `re-slot re-slot-${name}` });
  const slots = {
    header: slot("header"), turn: slot("turn"), news: slot("news"), error: slot("error"), port: slot("port"), mine: slot("mine"),
    hand: slot("hand"), actions: slot("actions"), others: slot("others"), legend: slot("legend"), summary: slot("summary"),
    events: slot("events"),
  };
  const live = liveRegions();
  // The hand comes before the port in the page and the tab order: choose a card, then an end.
  const root = widgetRoot(
    "bangkok", "Bangkok",
    slots.header, slots.turn, slots.news, slots.error,
    h("div", { class: "re-hand-row" }, slots.hand, slots.actions),
    h("div", { class: "re-main" }, slots.port, slots.mine),
    slots.summary, slots.others, slots.legend, slots.events,
    live.polite, live.urgent,
  );
  const ui = {
    card: null, end: null, move: null, overlay: false, overlayDefault: null, lines: {}, portKey: null,
    animated: null, drawn: false, marketKey: null, popped: null, saidError: "", saidEvent: "", saidTurn: "", hint: "",
  };

  const redraw = redrawer({ root, live, model, ui, keys: FOCUS_KEYS, draw: () => draw(root, slots, model, ui), restore: restoreFocus });
  const focusFirst = (selector) => {
    const target = root.querySelector(selector);
    if (target) target.focus({ preventScroll: true });
  };

  const onClick = (event) => {
    const button = clickedButton(event, root);
    if (!button || sendIntent(model, button)) return;
    const view = asObject(model.get("view"));
    const byKeyboard = event.detail === 0;
    const data = button.dataset;
    if (data.card !== undefined) {
      if (view.phase === "return" || !asArray(view.legal).length) return;
      ui.card = ui.card === data.card && view.phase !== "market" ? null : data.card;
      ui.end = null;
      ui.portKey = null;
      redraw();
      if (byKeyboard && ui.card) focusFirst(view.phase === "market" ? ".re-market.re-big .re-market-grid button.legal" : ".re-port-grid button.legal");
    } else if (data.end !== undefined) {
      if (button.getAttribute("aria-disabled") === "true") return;
      if (!ui.card) {
        // A hint, not a refusal: there is no action for the engine to judge yet.
        slots.error.replaceChildren(h("div", { class: "re-banner re-error re-hint", "data-role": "hint", role: "status", text: "Choose a hand card first; the ends where it may go light up." }));
        return;
      }
      ui.end = ui.end === data.end ? null : data.end;
      ui.portKey = null;
      redraw();
      if (byKeyboard && ui.end) focusFirst(".re-collect-options button");
    } else if (data.role === "cancel") {
      ui.end = null;
      ui.portKey = null;
      redraw();
      focusFirst(".re-port-grid button.re-chosen, .re-port-grid button.legal");
    } else if (data.role === "overlay") {
      ui.overlay = !ui.overlay;
      redraw();
    } else if (data.role === "line") {
      ui.lines[Number(data.seat)] = Number(data.index);
      redraw();
    } else if (data.role === "replay") {
      const move = asObject(view.port_move);
      const section = slots.port.firstChild;
      if (move.kind && section) animatePort(section, view, move, root);
    }
  };

  // Hovering or focusing a collection shows the cards it takes on the port.
  const onPoint = (event) => {
    const option = event.target instanceof Element ? event.target.closest(".re-collect-option") : null;
    for (const cell of root.querySelectorAll(".re-port-cell.re-picked")) cell.classList.remove("re-picked");
    if (!option || event.type === "mouseout" || event.type === "focusout") return;
    for (const name of String(option.dataset.cells ?? "").split(" ")) {
      root.querySelector(`.re-port-cell[data-cell="${name}"]`)?.classList.add("re-picked");
    }
  };

  const onKey = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === "Escape") {
      if (!dismissOnEscape(event, model)) {
        if (!ui.end && !ui.card) return;
        const card = ui.card;
        if (ui.end) ui.end = null;
        else ui.card = null;
        ui.portKey = null;
        redraw();
        if (!ui.end && card) focusFirst(ui.card ? ".re-port-grid button.legal" : `.re-hand button[data-card="${card}"]`);
      }
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    if (!target || !ARROW_KEYS.includes(event.key)) return;
    const next = arrowTarget(root, target, event.key);
    if (!next) return;
    next.focus();
    event.preventDefault();
    event.stopPropagation(); // keep JupyterLab's notebook shortcuts out of the table
  };

  const pointing = ["mouseover", "mouseout", "focusin", "focusout"].map((type) => [type, onPoint]);
  // Whether the learner works in the table: a redraw that loses the focus (the control it was on is
  // gone) brings it back only then, never stealing it from the rest of the page.
  const focusIn = () => { root.dataset.hadFocus = "true"; };
  const focusOut = (event) => {
    if (event.relatedTarget instanceof Node && !root.contains(event.relatedTarget)) root.dataset.hadFocus = "false";
  };
  return mount(model, el, root, redraw, [["click", onClick], ["keydown", onKey], ["focusin", focusIn], ["focusout", focusOut], ...pointing]);
}

export default { render };
