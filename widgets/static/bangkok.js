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
// Stable hooks for the browser tests: root `.re-bangkok[data-game][data-move][data-busy]
// [data-current][data-phase]` holding `.re-port` and/or `.re-market`; `button[data-action]` for every
// action (class `legal` when the engine lists it); hand cards `button[data-card="#07"]`; ends
// `button[data-end="R1L"]`; `[data-role=score][data-seat=N]`, `[data-role=error]`, `[data-role=turn]`,
// `[data-role=summary]`, `[data-role=collections]`, `[data-role=overlay]`, `[data-role=pile]`,
// `[data-role=port-caption]`, `[data-role=line]`.

const GOODS = {
  P: { name: "passion fruit", glyph: "\u25CF" }, // round fruit
  Z: { name: "Thai zucchini", glyph: "\u25AC" }, // long
  B: { name: "blue peas", glyph: "\u25C6" }, // diamond
  F: { name: "fish", glyph: "\u25B6" }, // fish swimming
};
const CHILLI_RULES = {
  1: "5 points minus 1 for each indicated good in its area",
  2: "1 point for each indicated good in its area",
  3: "2 points for each pair of its two goods in its area",
  4: "2 points for each indicated good seen exactly once in its area",
};
const CELLS = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
// The twelve ends clockwise from the top left, for arrow keys; where each sits on the 5x5 grid.
const RING = ["C1T", "C2T", "C3T", "R1R", "R2R", "R3R", "C3B", "C2B", "C1B", "R3L", "R2L", "R1L"];
const ARROWS = { L: "\u25B6", R: "\u25C0", T: "\u25BC", B: "\u25B2" }; // the way the card pushes
const SIDE_WORDS = { L: "left of row", R: "right of row", T: "above column", B: "below column" };

// ---- helpers of this widget (h, asArray, asObject, isSeat, plural, seatName: common.js) ----------

function cellPos(name) {
  const i = CELLS.indexOf(name);
  return i < 0 ? null : { row: Math.floor(i / 3), col: i % 3 };
}

function endWords(end) {
  const side = String(end).slice(-1);
  return `${SIDE_WORDS[side] ?? "by"} ${String(end).slice(1, 2)}`;
}

// ---- cards -------------------------------------------------------------------------------------

function parseFace(face) {
  const text = String(face ?? "");
  const bang = text.indexOf("!");
  if (bang < 0) return { face: text, goods: text, kind: 0, indicated: "" };
  return { face: text, goods: text.slice(0, bang), kind: Number(text[bang + 1]) || 0, indicated: text.slice(bang + 2) };
}

function goodsWords(goods) {
  const names = [...goods].map((g) => GOODS[g]?.name ?? g);
  return names.length ? names.join(", ") : "no goods";
}

function faceWords(face) {
  const card = parseFace(face);
  if (!card.kind) return `${card.face} (${goodsWords(card.goods)})`;
  return `chilli card ${card.face} (carries ${goodsWords(card.goods)}; type ${card.kind}, counts ${goodsWords(card.indicated)}: ${CHILLI_RULES[card.kind] ?? ""})`;
}

function goodChip(good, extra = "") {
  const info = GOODS[good] ?? { name: good, glyph: "?" };
  return h("span", { class: `re-badge re-good re-good-${good} ${extra}`.trim(), title: info.name, "aria-hidden": "true" },
    h("span", { class: "re-good-letter", text: good }),
    h("span", { class: "re-good-glyph", text: info.glyph }));
}

// A card face (not interactive by itself). `marks` are the scoring overlay's notes on its goods.
// The overlay's points sit beside the face, in its market place.
function cardFace(cell, { small = false, marks = null } = {}) {
  const c = asObject(cell);
  const card = parseFace(c.card);
  const goodsMarks = asArray(marks).map((m) => ({ ...asObject(m) }));
  const chips = [...card.goods].map((g) => {
    const at = goodsMarks.findIndex((m) => m.good === g && !m.used);
    let cls = "";
    if (at >= 0) {
      goodsMarks[at].used = true;
      const effect = goodsMarks[at].effect;
      cls = effect === "0" ? "re-mark re-mark-zero" : effect.startsWith("-") ? "re-mark re-mark-minus" : "re-mark re-mark-plus";
    }
    return goodChip(g, cls);
  });
  return h(
    "span",
    { class: `re-bk-card${card.kind ? " re-chilli" : ""}${small ? " re-small" : ""}`, "data-id": c.id ?? null, "aria-hidden": "true" },
    h("span", { class: "re-goods" }, chips.length ? chips : h("span", { class: "re-no-goods", text: "\u2014" })),
    card.kind
      ? h("span", { class: "re-chilli-band", title: CHILLI_RULES[card.kind] ?? "" },
        h("span", { class: "re-chilli-type", text: `!${card.kind}` }),
        [...card.indicated].map((g) => goodChip(g, "re-indicated")))
      : null,
    c.id ? h("span", { class: "re-card-id", text: String(c.id) }) : null,
  );
}

// ---- header, turn, error, players -------------------------------------------------------------

function header(view, ui) {
  const bits = [];
  if (view.players === 1 && isSeat(view.turn)) bits.push(`Solo: turn ${view.turn} of ${view.turns}`);
  else if (view.players === 1) bits.push("Solo");
  else if (isSeat(view.round)) bits.push(`Round ${view.round}`);
  if (view.expert) bits.push("expert version");
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
  const extra = asArray(view.hand).length - 3;
  if (view.phase === "market") return `${who} \u2014 lay ${plural(extra, "card")} in your market: choose a card, then a lit place`;
  if (view.phase === "return") return `${who} \u2014 no card fits your market: slip ${plural(extra, "card")} back under the piles`;
  if (asArray(view.legal).includes("pass")) return `${who} \u2014 nothing can be placed or renewed: pass`;
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
  const solo = view.players === 1;
  const pile = (kind, label) => h(
    "div",
    { class: `re-pile re-pile-${kind}`, "data-role": "pile", "data-pile": kind, role: "img",
      "aria-label": `${label}: ${plural(Number(p[kind] ?? 0), "card")} face down${solo ? (kind === "chilli" ? ", lying above column 1" : ", lying above column 3") : ""}` },
    h("span", { class: "re-pile-back", "aria-hidden": "true" }),
    h("span", { class: "re-pile-label", "aria-hidden": "true", text: label }),
    h("span", { class: "re-pile-count", "aria-hidden": "true", text: String(p[kind] ?? 0) }),
  );
  return h("div", { class: "re-piles" }, pile("chilli", "Chilli pile"), pile("boat", "Boat pile"));
}

function portSection(view, ui) {
  const port = asArray(view.port);
  const acting = view.phase === "act" && asArray(view.legal).length > 0;
  const chosen = acting && ui.card ? handCardById(view, ui.card) : null;
  const face = chosen ? chosen.card : null;
  const chosenEntry = face && ui.end ? placementFor(view, face, ui.end) : null;
  const lineCells = new Map();
  if (chosenEntry) for (const c of asArray(chosenEntry.cells)) lineCells.set(c.cell, c);
  const lineOf = chosenEntry ? chosenEntry.line : null;
  const inLine = (name) => {
    if (!lineOf) return false;
    const pos = cellPos(name);
    return lineOf[0] === "R" ? pos.row === Number(lineOf[1]) - 1 : pos.col === Number(lineOf[1]) - 1;
  };

  const grid = h("div", { class: "re-port-grid", role: "group", "aria-label": "The port: 3 by 3 cards and its 12 ends" });
  port.forEach((row, r) => asArray(row).forEach((cell, c) => {
    const name = CELLS[r * 3 + c];
    const status = lineCells.get(name);
    const cls = ["re-port-cell"];
    if (inLine(name)) cls.push("re-in-line");
    if (status) cls.push(`re-${status.status}`);
    const words = cell ? faceWords(cell.card) : "empty";
    grid.append(h("div", {
      class: cls.join(" "), "data-cell": name, style: `grid-row: ${r + 2}; grid-column: ${c + 2}`,
      role: "img", "aria-label": `${name}: ${words}${status ? `, ${status.status === "forced" ? "must be taken" : "may be taken"}` : ""}`,
      title: status ? status.reason : null,
    },
    cell ? cardFace(cell) : h("span", { class: "re-empty-cell", "aria-hidden": "true" }),
    status ? h("span", { class: `re-status-badge re-${status.status}`, "aria-hidden": "true", text: status.status === "forced" ? "must" : "choice" }) : null));
  }));
  for (const info of asArray(view.ends).map(asObject)) {
    const end = String(info.end);
    const side = end.slice(-1);
    const k = Number(end[1]);
    const at = side === "L" ? [k + 1, 1] : side === "R" ? [k + 1, 5] : side === "T" ? [1, k + 1] : [5, k + 1];
    const entry = face ? placementFor(view, face, end) : null;
    const covered = info.covered_by;
    const attrs = {
      type: "button", class: `re-end re-end-${side}`, "data-end": end, style: `grid-row: ${at[0]}; grid-column: ${at[1]}`,
    };
    let label;
    if (!acting) {
      label = `${info.label}${covered ? ` (covered by the ${covered})` : ""}`;
      attrs["aria-disabled"] = "true";
    } else if (!face) {
      label = `${info.label}${covered ? ` (covered by the ${covered})` : ""}: choose a hand card first`;
    } else if (entry) {
      attrs.class += " legal";
      label = `Lay ${face} ${info.label}: take ${plural(entry.take, "card")}${entry.endActions.length > 1 ? `, ${entry.endActions.length} ways` : ""}`;
      if (ui.end === end) {
        attrs.class += " re-chosen";
        attrs["aria-pressed"] = "true";
      } else attrs["aria-pressed"] = "false";
    } else {
      attrs["data-action"] = `place:${face}@${end}>`;
      label = `${info.label}: ${face} cannot go here${covered ? ` (covered by the ${covered})` : ""}; click for the reason`;
    }
    if (covered) attrs.class += " re-covered";
    attrs["aria-label"] = label;
    attrs.title = label;
    const mark = covered === "turn counter" ? "\u231B" : covered ? "\u2592" : ARROWS[side];
    grid.append(h("button", attrs, h("span", { "aria-hidden": "true", text: mark })));
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
    chosenEntry ? collectionsPanel(view, face, ui.end, chosenEntry) : null,
  );
}

function collectionsPanel(view, face, end, entry) {
  const labels = asObject(view.labels);
  const endInfo = asObject(asArray(view.ends).find((e) => asObject(e).end === end));
  const cells = asArray(entry.cells).map(asObject);
  return h(
    "div",
    { class: "re-collect", "data-role": "collections", role: "group", "aria-label": `Collections for ${face} ${endInfo.label ?? end}` },
    h("div", { class: "re-collect-head" },
      h("strong", { text: `Lay ${face} ${endInfo.label ?? endWords(end)}` }),
      h("button", { class: "re-button re-cancel", type: "button", "data-role": "cancel", "aria-label": "Choose another end or card", text: "Cancel" })),
    h("p", { class: "re-summary-text", text: String(entry.summary ?? "") }),
    cells.length ? h("ul", { class: "re-reasons" }, cells.map((c) => h("li", { class: `re-${c.status}` },
      h("span", { class: `re-status-badge re-${c.status}`, text: c.status === "forced" ? "must" : "choice" }),
      h("span", { text: ` ${c.reason}` })))) : null,
    h("div", { class: "re-collect-options" }, entry.endActions.map((action) => {
      const taken = String(action).split(">")[1] ?? "";
      const items = taken.split(",").filter(Boolean).map((item) => item.replace("=", " "));
      return h("button", {
        type: "button", class: "re-button re-action re-collect-option legal", "data-action": action,
        "data-cells": taken.split(",").map((i) => i.split("=")[0]).join(" "),
        "aria-label": labels[action] ?? action, title: labels[action] ?? action,
      }, h("span", { "aria-hidden": "true", text: `Take ${items.join(" + ")}` }));
    })),
  );
}

// ---- the hand and the actions that are not on the port or a market -------------------------------

function handUsable(view, face) {
  const legal = asArray(view.legal);
  if (view.phase === "act") {
    // Placing happens at the port: without it (MarketWidget) no hand card is a choice here.
    return asArray(view.parts).includes("port") && Object.values(asObject(view.placements)).some((p) => asObject(p).card === face);
  }
  if (view.phase === "market") return legal.some((a) => a.startsWith(`market:${face}@`));
  if (view.phase === "return") return legal.includes(`return:${face}`);
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
    let label = faceWords(cell.card);
    if (acting && view.phase === "act") label += usable ? `: can face ${plural(count, "line")}; choose it, then a lit end` : ": shares no good with any line of the port";
    if (acting && view.phase === "market") label += usable ? ": choose it, then a lit place of your market" : ": fits no place of your market";
    const button = h("button", {
      type: "button", class: `re-hand-card${usable ? " legal" : ""}${selected ? " re-selected" : ""}`, "data-card": cell.id,
      "aria-pressed": view.phase === "return" || !acting ? null : selected ? "true" : "false", "aria-label": label, title: label,
    }, cardFace(cell));
    if (view.phase !== "return" || !acting) return button;
    const action = `return:${cell.card}`;
    const ok = asArray(view.legal).includes(action);
    return h("span", { class: "re-hand-slot" }, button, h("button", {
      type: "button", class: `re-button re-action${ok ? " legal" : ""}`, "data-action": action,
      "aria-label": labels[action] ?? `Slip ${cell.card} back under its pile`, text: "Slip under pile",
    }));
  });
  const me = isSeat(view.seat) ? view.seat : 0;
  return h(
    "div",
    { class: "re-hand-area" },
    h("div", { class: "re-hand-head" },
      h("span", { class: "re-hand-title", text: `${seatName(view, me)}: hand` }),
      view.objective ? h("span", { class: "re-fact" }, "objective ", goodChip(view.objective.good), ` ${GOODS[view.objective.good]?.name ?? ""}`) : null),
    h("div", { class: "re-hand", role: "group", "aria-label": `${seatName(view, me)}'s hand (arrow keys move between cards)` },
      cards.length ? cards : h("span", { class: "re-empty", text: "No cards in hand" })),
  );
}

const LINES = ["R1", "R2", "R3", "C1", "C2", "C3"];

function actionsRow(view, placedElsewhere) {
  const legal = asArray(view.legal).map(String);
  if (!legal.length) return null;
  const labels = asObject(view.labels);
  const buttons = [];
  if (view.phase === "act" && asArray(view.parts).includes("port")) {
    for (const line of LINES) {
      const action = `renew:${line}`;
      const ok = legal.includes(action);
      buttons.push(h("button", {
        type: "button", class: `re-button re-action re-renew${ok ? " legal" : ""}`, "data-action": action,
        "aria-label": labels[action] ?? `Renew ${line[0] === "R" ? "row" : "column"} ${line[1]} of the port`,
        title: labels[action] ?? action, text: `${line[0] === "R" ? "Row" : "Column"} ${line[1]}`,
      }));
    }
  }
  const others = legal.filter((a) => !placedElsewhere(a) && !(view.phase === "act" && a.startsWith("renew:")));
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

// ---- markets -----------------------------------------------------------------------------------

function marketBlock(view, ui, seat, big) {
  const scoring = asObject(asArray(view.scoring)[seat]);
  const lines = asArray(scoring.lines).map(asObject);
  const market = asArray(asArray(view.markets)[seat]);
  const me = seat === view.seat;
  const acting = me && view.phase === "market" && asArray(view.legal).length > 0;
  const chosen = acting && ui.card ? handCardById(view, ui.card) : null;
  const legal = new Set(asArray(view.legal));
  const picked = ui.overlay ? Math.min(ui.lines[seat] ?? defaultLine(lines), lines.length - 1) : -1;
  const line = picked >= 0 ? lines[picked] : null;
  const area = new Set(line ? asArray(line.area) : []);
  const marks = line ? asObject(line.marks) : {};
  const pointsAt = new Map();
  if (ui.overlay) for (const l of lines) if (l.kind === "chilli" && l.cell) pointsAt.set(l.cell, l.points);
  const fresh = asObject(view.market_move);
  const objectiveGood = me ? asObject(view.objective).good : (asArray(view.open_objectives)[seat] ?? asArray(view.objectives)[seat]);

  const grid = h("div", { class: "re-market-grid", role: "group", "aria-label": `${seatName(view, seat)}'s market, 3 by 3` });
  CELLS.forEach((name, i) => {
    const cell = asArray(market[Math.floor(i / 3)])[i % 3];
    const cls = ["re-market-cell"];
    if (area.has(name)) cls.push("re-area");
    if (line && line.cell === name) cls.push("re-area-centre");
    if (fresh.seat === seat && fresh.cell === name && fresh.move !== ui.popped) cls.push("re-fresh"); // pops once
    const face = cell ? cardFace(cell, { small: !big, marks: marks[name] }) : null;
    const points = cell && pointsAt.has(name) ? Number(pointsAt.get(name)) : null;
    const badge = points !== null ? h("span", { class: "re-points-badge", "aria-hidden": "true", text: points >= 0 ? `+${points}` : String(points) }) : null;
    const markWords = asArray(marks[name]).map((m) => `${m.good} ${m.effect}`).join(", ");
    const words = `${name}: ${cell ? faceWords(cell.card) : "empty"}${markWords ? ` (counts ${markWords})` : ""}`;
    if (acting && chosen && !cell) {
      const action = `market:${chosen.card}@${name}`;
      const ok = legal.has(action);
      cls.push("re-place");
      if (ok) cls.push("legal");
      const label = ok ? `Put ${chosen.card} in your market at ${name}` : `${name}: ${chosen.card} may not go here; click for the reason`;
      grid.append(h("button", { type: "button", class: cls.join(" "), "data-action": action, "data-cell": name, "aria-label": label, title: label },
        h("span", { class: "re-place-mark", "aria-hidden": "true", text: ok ? "+" : "" })));
    } else {
      grid.append(h("div", { class: cls.join(" "), "data-cell": name, role: "img", "aria-label": words, title: markWords ? `counts ${markWords}` : null },
        face ?? h("span", { class: "re-empty-cell", "aria-hidden": "true" }), badge));
    }
  });

  const scores = asArray(view.scores);
  const current = view.current_player === seat;
  const tags = [];
  if (asArray(view.bots)[seat]) tags.push(h("span", { class: "re-tag re-bot", text: "bot" }));
  if (seat === view.first_player && view.players > 1) tags.push(h("span", { class: "re-tag", title: "holds the first-player token", text: "first" }));
  if (view.players > 1 && asArray(view.winners).includes(seat)) tags.push(h("span", { class: "re-tag re-win", text: "Winner" }));
  const openHand = asArray(view.open_hands)[seat];
  const pontoon = h("div", {
    class: `re-pontoon${objectiveGood ? "" : " re-hidden"}`, role: "img",
    "aria-label": objectiveGood ? `Pontoon: objective ${GOODS[objectiveGood]?.name ?? objectiveGood}` : "Pontoon: objective hidden until the end",
    title: objectiveGood ? `objective: ${GOODS[objectiveGood]?.name ?? objectiveGood}` : "objective hidden",
  }, objectiveGood ? goodChip(objectiveGood) : h("span", { class: "re-secret", "aria-hidden": "true", text: "?" }));
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
      openHand.map((c) => cardFace(c, { small: true }))) : null,
    overlay,
  );
}

function defaultLine(lines) {
  const chilli = lines.findIndex((l) => l.kind === "chilli");
  return chilli >= 0 ? chilli : 0;
}

function marketsSection(view, ui) {
  const players = Number(view.players) || asArray(view.markets).length;
  const me = isSeat(view.seat) ? view.seat : 0;
  const others = Array.from({ length: players - 1 }, (_, i) => (me + 1 + i) % players);
  const withPort = asArray(view.parts).includes("port");
  return {
    mine: marketBlock(view, ui, me, true),
    others: others.length ? h("div", { class: "re-other-markets" }, others.map((s) => marketBlock(view, ui, s, !withPort))) : null,
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
  const best = Math.max(...scores.map(Number));
  const tied = scores.filter((s) => Number(s) === best).length;
  const note = players > 1 && tied > asArray(view.winners).length ? "Tied on points: the larger objective score breaks the tie." : null;
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

// ---- step 2, animated --------------------------------------------------------------------------

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// Shows what a placement did, in three beats: the taken cards leave, the line slides with the
// placed card pushing in from its end, the empty places fill from the piles. (A renewal: the line's
// old cards leave and the new ones turn up.) Purely visual: the new position is already drawn.
function animatePort(section, move, root) {
  if (reducedMotion() || typeof Element.prototype.animate !== "function") return;
  const grid = section.querySelector(".re-port-grid");
  if (!grid) return;
  const gridRect = grid.getBoundingClientRect();
  const rectOf = (name) => grid.querySelector(`[data-cell="${name}"]`)?.getBoundingClientRect();
  const beforeAt = new Map();
  asArray(move.before).forEach((row, r) => asArray(row).forEach((cell, c) => {
    if (cell && cell.id) beforeAt.set(cell.id, CELLS[r * 3 + c]);
  }));
  const TAKE = 320;
  const SLIDE = 460;
  const FILL = 380;
  const easing = "cubic-bezier(.25,.8,.35,1)";
  root.dataset.animating = "true";
  let last = 0;
  // Ghosts of the cards taken (or swapped away) leave from where they were.
  const leaving = move.kind === "renew" ? asArray(move.drawn).map((d) => d.cell) : asArray(move.taken);
  for (const name of leaving) {
    const pos = cellPos(name);
    const was = pos ? asArray(asArray(move.before)[pos.row])[pos.col] : null;
    const rect = rectOf(name);
    if (!was || !rect) continue;
    const ghost = h("div", { class: "re-ghost", "aria-hidden": "true",
      style: `left:${rect.left - gridRect.left}px;top:${rect.top - gridRect.top}px;width:${rect.width}px;height:${rect.height}px` }, cardFace(was));
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

// ---- the widget ---------------------------------------------------------------------------------

function portKey(view, ui) {
  const move = asObject(view.port_move);
  return JSON.stringify([view.port, view.piles, view.ends, view.phase, view.legal?.length, view.move_number,
    ui.card, ui.end, move.move, move.action]);
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
  slots.header.replaceChildren(header(view, ui), parts.includes("markets") ? "" : playersStrip(view));
  slots.turn.replaceChildren(turnBanner(turnText(view, busy)));
  slots.error.replaceChildren(errorBox(model.get("error")));
  if (parts.includes("port")) {
    const key = portKey(view, ui);
    if (key !== ui.portKey) {
      ui.portKey = key;
      slots.port.replaceChildren(portSection(view, ui));
      const move = asObject(view.port_move);
      const moveKey = move.kind ? `${move.move}:${move.action}` : null;
      // Each placement or renewal is animated once, when it arrives (not on the first drawing).
      if (moveKey && moveKey !== ui.animated && ui.drawn) {
        // Set up in the next frame, before it is painted: reading the layout here would delay the
        // update itself.
        const section = slots.port.firstChild;
        requestAnimationFrame(() => { if (section.isConnected) animatePort(section, move, root); });
      }
      ui.animated = moveKey;
    }
  } else slots.port.replaceChildren();
  const marketKey = JSON.stringify([view.markets, view.scoring, view.scores, view.current_player, view.phase,
    view.seat, view.legal, view.winners, view.names, view.bots, view.hand_sizes, view.objective,
    view.open_hands, view.open_objectives, view.market_move, ui.card, ui.overlay, ui.lines]);
  if (parts.includes("markets") && marketKey !== ui.marketKey) {
    ui.marketKey = marketKey;
    const { mine, others } = marketsSection(view, ui);
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
  const placedElsewhere = (a) => (parts.includes("port") && a.startsWith("place:"))
    || (parts.includes("markets") && a.startsWith("market:")) || a.startsWith("return:")
    || (!parts.includes("port") && a.startsWith("place:"));
  const notes = [];
  if (acting && view.phase === "act" && !parts.includes("port")) {
    notes.push(h("p", { class: "re-note", text: "Improving the hand happens at the port, which this view does not show." }));
  }
  slots.hand.replaceChildren(handSection(view, ui), ...notes);
  const row = actionsRow(view, placedElsewhere);
  slots.actions.replaceChildren(...(row ? [row] : []));
  const done = summary(view);
  slots.summary.replaceChildren(...(done ? [done] : []));
  const ev = eventsList(view);
  const open = slots.events.querySelector("details")?.open;
  slots.events.replaceChildren(...(ev ? [ev] : []));
  if (ev && open) ev.open = true;
  ui.drawn = true;
}

// Which control had the focus, so a redraw can give it back (keyboard play must not lose its place).
const FOCUS_KEYS = ["action", "card", "end", "role", "cell", "index", "seat"];

function restoreFocus(root, key) {
  if (!key) return;
  const active = document.activeElement;
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
    const ends = RING.map((e) => root.querySelector(`.re-port-grid [data-end="${e}"]`)).filter(Boolean);
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
    const from = cellPos(target.dataset.cell);
    const [dr, dc] = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[key];
    for (let step = 1; step < 3; step += 1) {
      const r = from.row + dr * step;
      const c = from.col + dc * step;
      if (r < 0 || r > 2 || c < 0 || c > 2) break;
      const found = buttons.find((b) => b.dataset.cell === CELLS[r * 3 + c]);
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
    header: slot("header"), turn: slot("turn"), error: slot("error"), port: slot("port"), mine: slot("mine"),
    hand: slot("hand"), actions: slot("actions"), others: slot("others"), summary: slot("summary"), events: slot("events"),
  };
  const live = liveRegions();
  // The hand comes before the port in the page and the tab order: choose a card, then an end.
  const root = widgetRoot(
    "bangkok", "Bangkok",
    slots.header, slots.turn, slots.error,
    h("div", { class: "re-hand-row" }, slots.hand, slots.actions),
    h("div", { class: "re-main" }, slots.port, slots.mine),
    slots.summary, slots.others, slots.events,
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
        slots.error.replaceChildren(h("div", { class: "re-error re-hint", "data-role": "hint", role: "status", text: "Choose a hand card first; the ends where it may go light up." }));
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
      if (move.kind && section) animatePort(section, move, root);
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
  return mount(model, el, root, redraw, [["click", onClick], ["keydown", onKey], ...pointing]);
}

export default { render };
export { CELLS, RING, parseFace, faceWords };
