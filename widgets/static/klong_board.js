// The klong board for Bangkok Klongs (anywidget front end, plain ES module, no build step).
//
// It draws the kernel's `view` trait and sends intents ({type: "play", action, move}); it never
// decides legality. A space, landing or button gets the class `legal` only when its action is in
// `view.legal`; the lit spaces come from `view.targets`. Placing and moving take two clicks (a boat,
// then a space), but the second click always carries the engine's full notation. Any other space
// can still be clicked, and the engine's refusal (reason and rule) is shown.
//
// Stable hooks for the browser tests: root `.re-klong-board[data-game][data-move][data-busy]
// [data-current][data-phase]`; `button[data-action]` for every action (class `legal` when legal);
// hand boats `button[data-boat]`; own boats that can move `button[data-from]`; scorable landings
// `button[data-landing]`; `[data-role=score][data-seat=N]`, `[data-role=error]`, `[data-role=turn]`,
// `[data-role=summary]`, `[data-role=market]`, `[data-role=landing-points]`.

const GOODS = {
  flowers: { code: "Fl", glyph: "\u273F" }, // blossom
  shrimps: { code: "Sh", glyph: "\u2248" }, // wavy
  avocados: { code: "Av", glyph: "\u25CF" }, // round
  pineapples: { code: "Pi", glyph: "\u25B2" }, // crown
  eggplants: { code: "Eg", glyph: "\u25C6" }, // diamond
  fish: { code: "Fi", glyph: "\u25B6" }, // fish head
  bananas: { code: "Ba", glyph: "\u263E" }, // crescent
  thief: { code: "Th", glyph: "\u2702" }, // cutpurse's scissors
  inspector: { code: "In", glyph: "\u25CE" }, // lens
  cookshop: { code: "Co", glyph: "\u2668" }, // steam
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
  if (typeof f.owner === "string" && f.owner !== "neutral") words += `, ${f.owner} merchant`;
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
  let next = JETTY / 2;
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

function spaceRole(view, ui, name) {
  const legal = new Set(asArray(view.legal));
  const targets = asObject(view.targets);
  const move = asObject(targets.move);
  const face = asObject(view.board)[name];
  const sel = ui.sel;
  const mine = face && face.owner === view.colour;
  const canAct = legal.size > 0;
  if (canAct && (view.phase === "turn" || view.phase === "after") && mine && name in move) {
    return { from: name, selected: sel && sel.kind === "from" && sel.space === name };
  }
  if (!sel) return {};
  if (sel.kind === "boat") return { action: `place:${sel.id}@${name}` };
  if (sel.kind === "from") return { action: `move:${sel.space}-${name}` };
  if (sel.kind === "landing") {
    const spaces = asArray(asObject(ui.landings)[sel.name]);
    if (spaces.includes(name)) return { action: `score:${sel.name}>${name}` };
  }
  return {};
}

// ---- the parts --------------------------------------------------------------------------------

function header(view) {
  const bits = [];
  bits.push(`${plural(Number(view.market_days_held) || 0, "market day")} held`);
  const stacks = asArray(view.stacks);
  if (stacks.length === 1) bits.push(`stack ${stacks[0]}`);
  else if (stacks.length > 1) bits.push(`stacks ${stacks.join(" / ")}`);
  if (asArray(view.discard).length) bits.push(`discarded ${asArray(view.discard).length}`);
  return headerBar("Bangkok Klongs", bits.join(" \u00B7 "));
}

const PHASE_WORDS = {
  turn: "place a boat", possess: "claim the boat?", thief: "the thief steals", inspect: "the inspector acts",
  after: "move or end the turn", market: "market day", draw: "draw", over: "game over",
};

function turnLine(view, busy) {
  const turn = whoseTurn(view);
  const phase = PHASE_WORDS[view.phase] || view.phase;
  if (turn.yours) return turnBanner(`${turn.yours} \u2014 ${phase}`);
  return turnBanner(turn.text ?? `${turn.other} to act (${phase})${busy ? "\u2026" : ""}`);
}

// An entry space's arrow points into the board from the edge it lies on.
function entryArrow(space, geo) {
  if (space.column === 0) return "\u2192";
  if (space.column === geo.columns - 1) return "\u2190";
  if (space.row === 0) return "\u2193";
  return space.row === geo.rows - 1 ? "\u2191" : "\u2022";
}

function board(view, ui, geo) {
  const legal = new Set(asArray(view.legal));
  const boats = asObject(view.board);
  const players = Number(view.players) || 2;
  const entries = asObject(asObject(view.geometry).entries);
  const light = new Set(asArray(entries.light));
  const dark = new Set(players > 2 ? asArray(entries.dark) : []);
  const full = new Set(asArray(view.full_hoods));
  const counts = asArray(view.hood_counts);
  const limit = Number(view.hood_limit) || 3;
  const protectedCols = new Set(asArray(view.protected_columns));
  const thiefRow = view.thief_row;
  const inspectorCol = view.inspector_column;
  const selectedBoat = ui.sel && ui.sel.kind === "boat" ? asArray(view.hand).find((b) => b.id === ui.sel.id) : null;
  const showProtection = Boolean((selectedBoat && selectedBoat.kind === "thief") || thiefRow || inspectorCol);
  const fullLandings = asObject(view.full_landings);
  const market = view.phase === "market";
  const score = asObject(asObject(view.targets).score);
  const selLanding = ui.sel && ui.sel.kind === "landing" ? ui.sel.name : null;
  const selSpaces = new Set(selLanding ? asArray(ui.landings[selLanding]) : []);
  const canAct = legal.size > 0;
  const highlight = new Set(ui.highlight ? [ui.highlight] : []);

  const hoods = asArray(asObject(view.geometry).hoods).map((hood, index) => {
    const cells = asArray(hood).map((s) => geo.byName.get(s)).filter(Boolean);
    if (!cells.length) return null;
    const left = Math.min(...cells.map((s) => geo.xs[s.column]));
    const top = Math.min(...cells.map((s) => geo.ys[s.row]));
    const right = Math.max(...cells.map((s) => geo.xs[s.column])) + CELL;
    const bottom = Math.max(...cells.map((s) => geo.ys[s.row])) + CELL;
    const isFull = full.has(index);
    return h("div", {
      class: `re-hood${isFull ? " re-hood-full" : ""}`, "aria-hidden": "true",
      style: `left:${left - 3}px;top:${top - 3}px;width:${right - left + 6}px;height:${bottom - top + 6}px`,
      title: isFull ? `full hood: ${counts[index]} of ${limit} spaces taken, the last stays empty` : null,
    }, isFull ? h("span", { class: "re-hood-tag", text: "full" }) : null);
  });

  const rowWords = (name) => name.slice(1);
  const spaceButtons = geo.spaces.map((space) => {
    const name = space.name;
    const face = boats[name];
    const role = spaceRole(view, ui, name);
    const isLegal = role.action !== undefined && legal.has(role.action);
    const classes = ["re-space"];
    if (face) classes.push("re-occupied");
    if (isLegal) classes.push("legal");
    if (role.from !== undefined) classes.push("re-movable");
    if (role.selected) classes.push("re-selected");
    if (light.has(name)) classes.push("re-entry", "re-entry-light");
    if (dark.has(name)) classes.push("re-entry", "re-entry-dark");
    if (view.placed === name) classes.push("re-placed");
    if (protectedCols.has(name[0])) classes.push(showProtection ? "re-protected re-protected-on" : "re-protected");
    if (thiefRow && rowWords(name) === String(thiefRow)) classes.push("re-thief-row");
    if (inspectorCol && name[0] === inspectorCol) classes.push("re-inspector-col");
    if (selSpaces.has(name)) classes.push("re-in-landing");
    if (highlight.has(name)) classes.push("re-highlight");
    if (role.action === undefined && role.from === undefined) classes.push("re-inert");
    let label = `${name}: ${boatWords(face)}`;
    if (isLegal) label = labelOf(view, role.action);
    else if (role.from !== undefined) label = `${name}: your ${boatWords(face)}; ${role.selected ? "selected to move, press again to cancel" : "select it to move it with a movement card"}`;
    else if (role.action !== undefined && canAct) label += " (not allowed now: press to hear why)";
    if (light.has(name) || dark.has(name)) label += ", entry space";
    const tabbable = ui.boardFocus === name;
    return h("button", {
      type: "button", class: classes.join(" "), "data-space": name,
      "data-action": role.action, "data-from": role.from,
      "aria-pressed": role.from !== undefined ? (role.selected ? "true" : "false") : null,
      "aria-label": label, title: label, tabindex: tabbable ? "0" : "-1",
      style: `left:${geo.xs[space.column]}px;top:${geo.ys[space.row]}px`,
    }, face ? boatTile(face) : h("span", { class: "re-water", "aria-hidden": "true", text: light.has(name) || dark.has(name) ? entryArrow(space, geo) : "" }));
  });

  const master = view.master;
  const landingMarks = asArray(asObject(view.geometry).landings).map((landing) => {
    const name = landing.name;
    const x = geo.lineX(landing.column);
    const y = geo.lineY(landing.row);
    const info = fullLandings[name];
    const style = `left:${x}px;top:${y}px`;
    const scorable = name in score;
    if (market && canAct && info) {
      // On a market day every full landing is a control: a scorable one is chosen for scoring,
      // any other is sent as it stands so the engine can say why it cannot be scored.
      const points = Object.entries(asObject(info.points)).map(([c, p]) => `${c} ${p}`).join(", ") || "no points";
      const spaces = asArray(landing.spaces);
      const attrs = scorable
        ? { "data-landing": name, "aria-pressed": selLanding === name ? "true" : "false",
            "aria-label": `Landing ${name}: worth ${points}; ${selLanding === name ? "selected" : "choose it to score"}` }
        : { "data-action": `score:${name}>${spaces[0]}`, "aria-label": `Landing ${name} (${points}): you cannot score it (press to hear why)` };
      return h("button", {
        type: "button", class: `re-landing re-landing-full${scorable ? " re-scorable" : ""}${selLanding === name ? " re-selected" : ""}${master === name ? " re-master" : ""}`,
        style, title: attrs["aria-label"], ...attrs,
      }, h("span", { class: "re-landing-value", text: String(info.value) }));
    }
    return h("span", {
      class: `re-landing${info ? " re-landing-full" : ""}${master === name ? " re-master" : ""}${market && info && info.owners.length ? " re-market-full" : ""}`,
      style, "aria-hidden": "true", title: info ? `landing ${name}: full, worth ${info.value} per merchant` : `landing ${name}`,
    }, info ? h("span", { class: "re-landing-value", text: String(info.value) }) : null);
  });

  const hint = [];
  if (ui.sel && ui.sel.kind === "boat") hint.push(`Placing your ${boatWords(selectedBoat)}: lit spaces are allowed.`);
  if (ui.sel && ui.sel.kind === "from") hint.push(`Moving the boat on ${ui.sel.space}: lit spaces are allowed.`);
  if (ui.sel && ui.sel.kind === "landing") hint.push(`Landing ${ui.sel.name}: pick the lit boat to take into your stock.`);
  return h(
    "div",
    { class: "re-board-wrap" },
    h("div", {
      class: `re-board${showProtection ? " re-show-protection" : ""}`, role: "group",
      "aria-label": `Klong board, ${geo.rows} rows by ${geo.columns} columns (arrow keys move between spaces)${hint.length ? `. ${hint.join(" ")}` : ""}`,
      style: `width:${geo.width}px;height:${geo.height}px`,
    }, hoods, landingMarks, spaceButtons),
    h("div", { class: "re-board-hint", text: hint.join(" ") || "\u00A0" }),
  );
}

function legend(view) {
  const players = Number(view.players) || 2;
  return h("details", { class: "re-legend" },
    h("summary", { text: "Legend" }),
    h("ul", {},
      Object.entries(GOODS).map(([kind, info]) => h("li", {},
        boatTile({ kind, baskets: 0, special: ["thief", "inspector", "cookshop"].includes(kind) ? kind : null }, "mini"), ` ${info.code} = ${kind}`)),
      h("li", { text: "Dots: baskets. Disc: the merchant (R Y G B, N = printed neutral merchant). \u2726 Luk Phat symbol." }),
      h("li", { text: `\u2192 entry space (${players === 2 ? "light ones with two players" : "light and dark ones"}). Numbers on jetties: a full landing's points per merchant.` }),
      h("li", { text: "A hood marked \u201Cfull\u201D holds three boats: its last space stays empty. Striped columns are guarded by an inspector." })));
}

function track(view) {
  const spaces = asArray(view.track);
  const at = Number(view.lukphat) || 0;
  const next = spaces[at];
  const words = next
    ? `Luk Phat track: ${at} of ${spaces.length} spaces passed; the next Luk Phat boat scores ${next.points}${next.market ? ` and starts the ${next.market === "big" ? "Big" : "Little"} Market Day` : ""}`
    : "Luk Phat track: the counter has reached the end";
  return h("div", { class: "re-track-box" },
    h("div", { class: "re-caption", text: "Luk Phat track" }),
    h("ol", { class: "re-track", "aria-label": words, "data-role": "track" },
      spaces.map((space, i) => {
        const passed = i < at;
        const market = space.market === "big" ? "Big" : space.market === "little" ? "Little" : "";
        return h("li", {
          class: `re-track-space${passed ? " re-passed" : ""}${i === at ? " re-next" : ""}${market ? ` re-market-${space.market}` : ""}`,
          title: `space ${i + 1}: ${space.points} points${market ? `, ${market} Market Day` : ""}`, "aria-hidden": "true",
        },
        h("span", { class: "re-track-points", text: String(space.points) }),
        market ? h("span", { class: "re-track-market", text: market === "Big" ? "BMD" : "LMD" }) : null,
        i === at - 1 ? h("span", { class: "re-counter", text: "\u25C9" }) : null);
      })));
}

function scoreTrack(view) {
  const scores = asArray(view.scores).map((s) => Number(s) || 0);
  const top = Math.max(20, ...scores);
  const current = view.current_player;
  const winners = asArray(view.winners);
  return h("div", { class: "re-scores" },
    h("div", { class: "re-caption", text: "Score track" }),
    scores.map((score, seat) => {
      const colour = colourOf(view, seat);
      return h("div", { class: `re-score-row${seat === current ? " re-current" : ""}`, "aria-label": `${seatName(view, seat)} (${colour}): ${score} points${winners.includes(seat) ? ", winner" : ""}`, role: "group" },
        h("span", { class: `re-merchant re-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] || "?" }),
        h("span", { class: "re-name", text: seatName(view, seat) }),
        h("span", { class: "re-bar", "aria-hidden": "true" }, h("span", { class: `re-bar-fill re-colour-${colour}`, style: `width:${Math.round((100 * score) / top)}%` })),
        h("span", { class: "re-score", "data-role": "score", "data-seat": seat, text: String(score) }),
        winners.includes(seat) ? h("span", { class: "re-tag re-win", text: "winner" }) : null);
    }));
}

function goodsChips(faces) {
  const counts = new Map();
  for (const face of asArray(faces)) {
    const kind = asObject(face).kind || "?";
    counts.set(kind, (counts.get(kind) || 0) + 1);
  }
  if (!counts.size) return h("span", { class: "re-faint", text: "empty" });
  return [...counts.entries()].map(([kind, n]) => h("span", { class: `re-chip re-good-${kind}`, title: `${n} ${kind}` },
    h("span", { class: "re-code", "aria-hidden": "true", text: (GOODS[kind] || { code: "?" }).code }),
    h("span", { class: "re-sr", text: `${kind} ` }), `\u00D7${n}`));
}

function players(view) {
  const n = Number(view.players) || 0;
  const handSizes = asArray(view.hand_sizes);
  const supply = asArray(view.supply);
  const onBoard = asArray(view.merchants_on_board);
  const cards = asArray(view.movement_cards);
  const stocks = asArray(view.stocks);
  const openHands = asArray(view.open_hands);
  const bots = asArray(view.bots);
  const current = view.current_player;
  return h("div", { class: "re-players" }, Array.from({ length: n }, (_, seat) => {
    const colour = colourOf(view, seat);
    const open = openHands[seat];
    const isView = seat === view.seat;
    return h("section", {
      class: `re-panel re-player${seat === current ? " re-current" : ""}`, "data-seat": seat,
      "aria-label": `${seatName(view, seat)}, ${colour}${seat === current ? ", to act" : ""}`,
    },
    h("div", { class: "re-panel-head" },
      h("span", { class: `re-merchant re-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] || "?" }),
      h("span", { class: "re-name", text: seatName(view, seat) }),
      bots[seat] ? h("span", { class: "re-tag", text: "bot" }) : null),
    h("div", { class: "re-facts" },
      h("span", { text: `hand ${handSizes[seat] ?? 0}` }),
      h("span", { title: "merchants in supply / on boats", text: `merchants ${supply[seat] ?? 0} / ${onBoard[seat] ?? 0} on boats` }),
      h("span", { title: "movement cards left", text: `moves ${"\u21C4".repeat(Number(cards[seat]) || 0) || "none"}` })),
    Array.isArray(open) && !isView
      ? h("div", { class: "re-open-hand", role: "group", "aria-label": `${seatName(view, seat)}'s hand (teaching mode)` },
        open.map((f) => h("span", { class: "re-open-boat", role: "img", "aria-label": boatWords(f), title: boatWords(f) }, boatTile(f, "mini"))))
      : null,
    h("div", { class: "re-stock", role: "group", "aria-label": `${seatName(view, seat)}'s stock` },
      h("span", { class: "re-faint", text: "stock " }), goodsChips(stocks[seat])));
  }));
}

function handArea(view, ui) {
  const hand = asArray(view.hand);
  const place = asObject(asObject(view.targets).place);
  const canAct = asArray(view.legal).length > 0 && view.phase === "turn";
  const name = seatName(view, view.seat);
  return h("div", { class: "re-hand-box" },
    h("div", { class: "re-caption", text: canAct ? "Your hand: choose a boat, then a lit space" : `${name}'s hand` }),
    h("div", { class: "re-hand", role: "group", "aria-label": `${name}'s hand (arrow keys move between boats)` },
      hand.length ? hand.map((face) => {
        const spots = asArray(place[face.id]).length;
        const selected = Boolean(ui.sel && ui.sel.kind === "boat" && ui.sel.id === face.id);
        const label = `${boatWords(face)} (${face.id})${canAct ? (spots ? `: ${plural(spots, "space")} allowed` : ": no space allowed") : ""}${selected ? ", selected" : ""}`;
        return h("button", {
          type: "button", class: `re-hand-boat${spots ? " re-placeable" : ""}${selected ? " re-selected" : ""}`,
          "data-boat": face.id, "aria-pressed": canAct ? (selected ? "true" : "false") : null,
          "aria-label": label, title: label, disabled: !canAct,
        }, boatTile(face, "hand"), h("span", { class: "re-boat-id", "aria-hidden": "true", text: face.id }));
      }) : h("span", { class: "re-faint", text: "no boats in hand" })));
}

function actionButton(view, action, text, extra = "") {
  return h("button", {
    type: "button", class: `re-button re-action legal ${extra}`.trim(), "data-action": action,
    "aria-label": labelOf(view, action), title: labelOf(view, action), text,
  });
}

// The buttons of the current step besides the board: every legal action not drawn on the board
// ends up here, so nothing the engine allows is out of reach.
function actionPanel(view, ui) {
  const legal = asArray(view.legal).map(String);
  if (!legal.length) return null;
  const board = asObject(view.board);
  const parts = [];
  const shown = new Set();
  const add = (action, text, extra = "") => {
    shown.add(action);
    const button = actionButton(view, action, text, extra);
    const space = /[:>]([a-z]\d+)(?:>|$)/.exec(action.replace(/^merchant:/, ":"));
    if (space) button.dataset.highlight = space[1];
    return button;
  };
  const phase = view.phase;
  if (phase === "turn") {
    for (const a of legal) if (a.startsWith("place:") || a.startsWith("move:")) shown.add(a);
    const cards = Number(asArray(view.movement_cards)[view.seat]) || 0;
    const moves = Object.keys(asObject(asObject(view.targets).move));
    parts.push(h("p", { class: "re-help", text: moves.length
      ? `You may first move one of your boats (${plural(cards, "movement card")} left): choose a boat marked \u21C4 on the board.`
      : "Choose a boat from your hand, then one of the lit spaces." }));
    if (ui.sel && ui.sel.kind === "from") parts.push(h("button", { type: "button", class: "re-button", "data-role": "cancel", text: "Cancel the move", "aria-label": "Cancel the move and go back to placing" }));
  } else if (phase === "after") {
    for (const a of legal) if (a.startsWith("move:")) shown.add(a);
    parts.push(h("p", { class: "re-help", text: "Your boat is placed. You may still move one of your boats (marked \u21C4), or end the turn." }));
    if (legal.includes("end")) parts.push(add("end", "End turn"));
  } else if (phase === "possess") {
    const placed = board[view.placed];
    parts.push(h("p", { class: "re-help", text: `Claim the ${boatWords(placed)} on ${view.placed}?` }));
    for (const a of legal) {
      if (a === "merchant") parts.push(add(a, "Put a merchant on it"));
      else if (a.startsWith("merchant:")) parts.push(add(a, `Move my merchant from ${a.slice(9)}`));
    }
    if (legal.includes("decline")) parts.push(add("decline", "Leave it unclaimed"));
  } else if (phase === "thief") {
    parts.push(h("p", { class: "re-help", text: `Your thief on ${view.placed} may take one boat from row ${view.thief_row} (not an inspector, not in a guarded column).` }));
    const bySpace = new Map();
    for (const a of legal) {
      const m = /^steal:([a-z]\d+)>(stock|hand)$/.exec(a);
      if (m) bySpace.set(m[1], [...(bySpace.get(m[1]) || []), [m[2], a]]);
    }
    for (const [space, options] of bySpace) {
      parts.push(h("div", { class: "re-choice", role: "group", "aria-label": `${space}: ${boatWords(board[space])}` },
        h("span", { class: "re-choice-what" }, boatTile(board[space], "mini"), ` ${space}`),
        options.map(([to, a]) => add(a, to === "stock" ? "into my stock" : "into my hand"))));
    }
    if (legal.includes("steal:none")) parts.push(add("steal:none", "Take nothing"));
  } else if (phase === "inspect") {
    parts.push(h("p", { class: "re-help", text: `Your inspector on ${view.placed} guards column ${view.inspector_column}: the thieves there go.` }));
    for (const a of legal) {
      if (a === "inspect:discard") parts.push(add(a, "Discard the thieves"));
      else {
        const m = /^inspect:([a-z]\d+)>(hand|discard)$/.exec(a);
        if (m) parts.push(add(a, m[2] === "hand" ? `Thief on ${m[1]} into my hand` : `Discard the thief on ${m[1]}`));
      }
    }
  } else if (phase === "market") {
    parts.push(marketChoices(view, ui, add, shown));
    if (legal.includes("decline")) parts.push(add("decline", "Score nothing now"));
  } else if (phase === "draw") {
    const stacks = asArray(view.stacks);
    for (const a of legal) {
      const k = Number(a.slice(5));
      if (a.startsWith("draw:")) parts.push(add(a, `Stack ${k} (${stacks[k - 1] ?? 0} left): ${k === 1 ? "neutral and special" : "claimable"}`));
    }
  }
  if (legal.includes("pass")) parts.push(add("pass", "Pass"));
  const rest = legal.filter((a) => !shown.has(a));
  if (rest.length) parts.push(h("div", { class: "re-more", role: "group", "aria-label": "Other actions" }, rest.map((a) => add(a, labelOf(view, a)))));
  return h("div", { class: "re-actions", role: "group", "aria-label": "Your choices", "data-role": "actions" }, parts);
}

// Market day: the scorable landings with each colour's points; once one is chosen, the boats that
// may be taken into the stock (also lit on the board).
function marketChoices(view, ui, add, shown) {
  const score = asObject(asObject(view.targets).score);
  const full = asObject(view.full_landings);
  const board = asObject(view.board);
  for (const a of asArray(view.legal)) if (a.startsWith("score:")) shown.add(a);
  const names = Object.keys(score);
  const selected = ui.sel && ui.sel.kind === "landing" ? ui.sel.name : null;
  return h("div", { class: "re-market-choices" },
    h("p", { class: "re-help", text: names.length ? "Choose a landing to score (also on the board), then the boat you take into your stock." : "No landing you can score." }),
    h("div", { class: "re-landing-list" }, names.map((name) => {
      const info = asObject(full[name]);
      const points = Object.entries(asObject(info.points));
      return h("button", {
        type: "button", class: `re-button re-landing-choice${selected === name ? " re-selected" : ""}`, "data-landing": name,
        "aria-pressed": selected === name ? "true" : "false",
        "aria-label": `Landing ${name}: ${points.map(([c, p]) => `${c} ${p}`).join(", ")}`,
      }, `${name}: `, points.map(([c, p]) => h("span", { class: "re-pts" }, h("span", { class: `re-merchant re-colour-${c}`, "aria-hidden": "true", text: COLOUR_LETTER[c] }), ` ${p}`)));
    })),
    selected ? landingDetail(view, ui, selected, score[selected], board, add) : null);
}

function landingDetail(view, ui, name, removable, board, add) {
  const info = asObject(asObject(view.full_landings)[name]);
  const spaces = asArray(ui.landings[name]);
  const faces = spaces.map((s) => asObject(board[s]));
  const baskets = faces.map((f) => (f.special === "thief" ? `${f.baskets} (thief: 0)` : String(f.baskets ?? 0)));
  const cookshops = faces.filter((f) => f.special === "cookshop").length;
  const rule = asObject(view.rules).two_cookshops;
  let formula = `baskets ${baskets.join(" + ")}`;
  if (cookshops) formula += cookshops > 1 && rule === "each" ? `, \u00D7${2 ** cookshops} (${cookshops} cookshops)` : ", \u00D72 (cookshop)";
  formula += ` = ${info.value} per merchant`;
  const points = Object.entries(asObject(info.points));
  return h("div", { class: "re-landing-detail", "data-role": "landing-points", "data-landing": name },
    h("div", { class: "re-formula", text: `Landing ${name}: ${formula}` }),
    h("ul", { class: "re-points" }, points.map(([colour, p]) => h("li", { "data-colour": colour },
      h("span", { class: `re-merchant re-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] }),
      ` ${colour}: `, h("strong", { "data-role": "landing-colour-points", "data-colour": colour, text: String(p) }),
      ` (${p / (info.value || 1)} merchant${p / (info.value || 1) === 1 ? "" : "s"})`))),
    h("div", { class: "re-help", text: "Take into your stock:" }),
    h("div", { class: "re-remove" }, asArray(removable).map((space) =>
      h("span", { class: "re-choice" }, boatTile(board[space], "mini"), add(`score:${name}>${space}`, `${space}`)))));
}

function marketBox(view) {
  const market = view.market && typeof view.market === "object" ? view.market : null;
  if (!market && (view.market_due === "little" || view.market_due === "big")) {
    const day = view.market_due === "big" ? "Big" : "Little";
    return h("div", { class: "re-market re-due", "data-role": "market-due" },
      h("span", { class: "re-market-title", text: `${day} Market Day ahead` }),
      ` — the Luk Phat counter reached it; it is held at the end of ${seatName(view, view.turn)}'s turn.`);
  }
  if (!market) return null;
  const n = Number(view.players) || 1;
  const order = asArray(market.order);
  const step = Number(market.step) || 0;
  const big = market.kind === "big";
  const title = big ? "Big Market Day" : `Little Market Day \u2014 round ${Math.min(2, Math.floor(step / n) + 1)} of 2`;
  const explain = big
    ? "Players score in turn until nobody can or wants to; each scoring takes an own or neutral boat into the stock. Then the stocks are scored."
    : "In turn, twice round: score one landing with a boat of yours (then take one of your boats from it into your stock) or decline.";
  return h("div", { class: `re-market re-market-${market.kind}`, "data-role": "market", role: "group", "aria-label": title },
    h("div", { class: "re-market-title", text: title }),
    h("div", { class: "re-help", text: explain }),
    h("ol", { class: "re-order", "aria-label": "scoring order" }, (big ? order : order.slice(0, n)).map((seat, i) => h("li", {
      class: seat === market.scorer ? "re-current" : null,
    }, h("span", { class: `re-merchant re-colour-${colourOf(view, seat)}`, "aria-hidden": "true", text: COLOUR_LETTER[colourOf(view, seat)] }),
    ` ${seatName(view, seat)}${seat === market.scorer ? " (scoring now)" : ""}${i === 0 && big ? " (starts)" : ""}`))));
}

function summary(view) {
  if (!view.is_over) return null;
  const n = Number(view.players) || 0;
  const seats = Array.from({ length: n }, (_, s) => s);
  const groups = [["Luk Phat track", ["klongs.lukphat"]], ["landings", ["klongs.landing.score", "klongs.landing.cookshop"]], ["stock", ["klongs.stock"]]];
  const sheet = asArray(view.score_sheet);
  const known = new Set(groups.flatMap(([, rules]) => rules));
  const sum = (seat, rules) => sheet.filter((l) => l.seat === seat && rules.includes(l.rule)).reduce((t, l) => t + Number(l.points), 0);
  const other = (seat) => sheet.filter((l) => l.seat === seat && !known.has(l.rule)).reduce((t, l) => t + Number(l.points), 0);
  const rows = groups.map(([label, rules]) => [label, (s) => sum(s, rules)]);
  if (seats.some((s) => other(s) !== 0)) rows.push(["other", other]);
  return summaryBox(gameOverTitle(view, "shared win"), seatScoreTable(view, "", rows));
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
  checkSelection(view, ui);
  // The board's one tab stop: where the learner last was on the board, else the first lit space.
  if (!ui.boardTouched || !geo.byName.has(ui.boardFocus)) {
    const legal = new Set(asArray(view.legal));
    const lit = geo.spaces.find((s) => {
      const role = spaceRole(view, ui, s.name);
      return (role.action !== undefined && legal.has(role.action)) || role.from !== undefined;
    });
    ui.boardFocus = lit ? lit.name : geo.spaces.length ? geo.spaces[0].name : null;
  }
  const parts = [
    header(view),
    turnLine(view, busy),
    view.prompt ? h("div", { class: "re-prompt", text: `You are asked to ${view.prompt}.` }) : null,
    errorBox(model.get("error")),
    h("div", { class: "re-main" },
      h("div", { class: "re-left" }, board(view, ui, geo), legend(view)),
      h("div", { class: "re-right" }, marketBox(view), actionPanel(view, ui), handArea(view, ui), track(view), scoreTrack(view), players(view))),
    summary(view),
    eventsList(view, { limit: null, title: "Latest" }),
  ];
  content.replaceChildren(...parts.filter(Boolean));
  // Keep exactly one board space in the tab order (the roving one).
  const spaces = [...content.querySelectorAll(".re-space")];
  if (!spaces.some((b) => b.getAttribute("tabindex") === "0") && spaces.length) spaces[0].setAttribute("tabindex", "0");
}

const KEYS = ["action", "boat", "from", "landing", "role", "space"];

function restoreFocus(root, key) {
  if (!key) return;
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
  const ui = { sel: null, landings: {}, boardFocus: null, boardTouched: false, highlight: null, saidError: "", saidEvent: "", saidTurn: "" };

  const redraw = redrawer({ root, live, model, ui, keys: KEYS, draw: () => draw(root, content, model, ui), restore: restoreFocus });

  const onClick = (event) => {
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

  return mount(model, el, root, redraw, [["click", onClick], ["keydown", onKey], ["mouseover", onHover], ["focusin", onHover]]);
}

export default { render };
export { GOODS, layout };
