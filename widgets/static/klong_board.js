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
    { class: `rk-boat rk-good-${f.kind} rk-${size}${f.special ? " rk-special" : ""}`, "aria-hidden": "true" },
    h("span", { class: "rk-code", text: info.code }),
    h("span", { class: "rk-glyph", text: info.glyph }),
    h("span", { class: "rk-baskets" }, Array.from({ length: baskets }, () => h("span", { class: "rk-basket" }))),
    owner ? h("span", { class: `rk-merchant rk-colour-${owner}`, text: COLOUR_LETTER[owner] || "?" }) : null,
    f.lukphat ? h("span", { class: "rk-lukphat", text: "\u2726" }) : null,
  );
}

// ---- board geometry: pixel positions from the edition's rows, columns and hoods -----------------

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
  const xs = [];
  let x = JETTY / 2;
  for (let c = 0; c < columns; c += 1) {
    if (colJetty[c]) x += JETTY;
    xs.push(x);
    x += CELL;
  }
  const ys = [];
  let y = JETTY / 2;
  for (let r = 0; r < rows; r += 1) {
    if (rowJetty[r]) y += JETTY;
    ys.push(y);
    y += CELL;
  }
  const width = x + JETTY / 2;
  const height = y + JETTY / 2;
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
  return h(
    "div",
    { class: "rk-header" },
    h("span", { class: "rk-title", text: "Bangkok Klongs" }),
    h("span", { class: "rk-meta", text: bits.join(" \u00B7 ") }),
    h("span", { class: "rk-spacer" }),
    h("button", { class: "rk-button", type: "button", "data-role": "restart", "aria-label": "Restart this game from the start", text: "Restart" }),
  );
}

const PHASE_WORDS = {
  turn: "place a boat", possess: "claim the boat?", thief: "the thief steals", inspect: "the inspector acts",
  after: "move or end the turn", market: "market day", draw: "draw", over: "game over",
};

function turnLine(view, busy) {
  const current = view.current_player;
  let text;
  if (view.is_over) text = "Game over";
  else if (!isSeat(current)) text = "";
  else if (asArray(view.legal).length) {
    const learners = asArray(view.learners);
    text = `${learners.length === 1 ? "Your turn" : `${seatName(view, current)}: your turn`} \u2014 ${PHASE_WORDS[view.phase] || view.phase}`;
  } else {
    text = `${seatName(view, current)} to act (${PHASE_WORDS[view.phase] || view.phase})${busy ? "\u2026" : ""}`;
  }
  return h("div", { class: "rk-turn", "data-role": "turn", text });
}

function errorBox(error) {
  const e = asObject(error);
  const message = typeof e.message === "string" ? e.message : "";
  const rule = typeof e.rule === "string" ? e.rule : "";
  return h(
    "div",
    { class: "rk-error", "data-role": "error", hidden: !message },
    message ? h("span", { class: "rk-error-text", text: message }) : null,
    rule ? h("span", { class: "rk-rule" }, " Rule: ", h("code", { text: rule })) : null,
    message ? h("button", { class: "rk-button rk-dismiss", type: "button", "data-role": "dismiss", "aria-label": "Dismiss this message", text: "\u00D7" }) : null,
  );
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
      class: `rk-hood${isFull ? " rk-hood-full" : ""}`, "aria-hidden": "true",
      style: `left:${left - 3}px;top:${top - 3}px;width:${right - left + 6}px;height:${bottom - top + 6}px`,
      title: isFull ? `full hood: ${counts[index]} of ${limit} spaces taken, the last stays empty` : null,
    }, isFull ? h("span", { class: "rk-hood-tag", text: "full" }) : null);
  });

  const rowWords = (name) => name.slice(1);
  const spaceButtons = geo.spaces.map((space) => {
    const name = space.name;
    const face = boats[name];
    const role = spaceRole(view, ui, name);
    const isLegal = role.action !== undefined && legal.has(role.action);
    const classes = ["rk-space"];
    if (face) classes.push("rk-occupied");
    if (isLegal) classes.push("legal");
    if (role.from !== undefined) classes.push("rk-movable");
    if (role.selected) classes.push("rk-selected");
    if (light.has(name)) classes.push("rk-entry", "rk-entry-light");
    if (dark.has(name)) classes.push("rk-entry", "rk-entry-dark");
    if (view.placed === name) classes.push("rk-placed");
    if (protectedCols.has(name[0])) classes.push(showProtection ? "rk-protected rk-protected-on" : "rk-protected");
    if (thiefRow && rowWords(name) === String(thiefRow)) classes.push("rk-thief-row");
    if (inspectorCol && name[0] === inspectorCol) classes.push("rk-inspector-col");
    if (selSpaces.has(name)) classes.push("rk-in-landing");
    if (highlight.has(name)) classes.push("rk-highlight");
    if (role.action === undefined && role.from === undefined) classes.push("rk-inert");
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
    }, face ? boatTile(face) : h("span", { class: "rk-water", "aria-hidden": "true", text: light.has(name) || dark.has(name) ? entryArrow(space, geo) : "" }));
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
        type: "button", class: `rk-landing rk-landing-full${scorable ? " rk-scorable" : ""}${selLanding === name ? " rk-selected" : ""}${master === name ? " rk-master" : ""}`,
        style, title: attrs["aria-label"], ...attrs,
      }, h("span", { class: "rk-landing-value", text: String(info.value) }));
    }
    return h("span", {
      class: `rk-landing${info ? " rk-landing-full" : ""}${master === name ? " rk-master" : ""}${market && info && info.owners.length ? " rk-market-full" : ""}`,
      style, "aria-hidden": "true", title: info ? `landing ${name}: full, worth ${info.value} per merchant` : `landing ${name}`,
    }, info ? h("span", { class: "rk-landing-value", text: String(info.value) }) : null);
  });

  const hint = [];
  if (ui.sel && ui.sel.kind === "boat") hint.push(`Placing your ${boatWords(selectedBoat)}: lit spaces are allowed.`);
  if (ui.sel && ui.sel.kind === "from") hint.push(`Moving the boat on ${ui.sel.space}: lit spaces are allowed.`);
  if (ui.sel && ui.sel.kind === "landing") hint.push(`Landing ${ui.sel.name}: pick the lit boat to take into your stock.`);
  return h(
    "div",
    { class: "rk-board-wrap" },
    h("div", {
      class: `rk-board${showProtection ? " rk-show-protection" : ""}`, role: "group",
      "aria-label": `Klong board, ${geo.rows} rows by ${geo.columns} columns (arrow keys move between spaces)${hint.length ? `. ${hint.join(" ")}` : ""}`,
      style: `width:${geo.width}px;height:${geo.height}px`,
    }, hoods, landingMarks, spaceButtons),
    h("div", { class: "rk-board-hint", text: hint.join(" ") || "\u00A0" }),
  );
}

function legend(view) {
  const players = Number(view.players) || 2;
  return h("details", { class: "rk-legend" },
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
  return h("div", { class: "rk-track-box" },
    h("div", { class: "rk-caption", text: "Luk Phat track" }),
    h("ol", { class: "rk-track", "aria-label": words, "data-role": "track" },
      spaces.map((space, i) => {
        const passed = i < at;
        const market = space.market === "big" ? "Big" : space.market === "little" ? "Little" : "";
        return h("li", {
          class: `rk-track-space${passed ? " rk-passed" : ""}${i === at ? " rk-next" : ""}${market ? ` rk-market-${space.market}` : ""}`,
          title: `space ${i + 1}: ${space.points} points${market ? `, ${market} Market Day` : ""}`, "aria-hidden": "true",
        },
        h("span", { class: "rk-track-points", text: String(space.points) }),
        market ? h("span", { class: "rk-track-market", text: market === "Big" ? "BMD" : "LMD" }) : null,
        i === at - 1 ? h("span", { class: "rk-counter", text: "\u25C9" }) : null);
      })));
}

function scoreTrack(view) {
  const scores = asArray(view.scores).map((s) => Number(s) || 0);
  const top = Math.max(20, ...scores);
  const current = view.current_player;
  const winners = asArray(view.winners);
  return h("div", { class: "rk-scores" },
    h("div", { class: "rk-caption", text: "Score track" }),
    scores.map((score, seat) => {
      const colour = colourOf(view, seat);
      return h("div", { class: `rk-score-row${seat === current ? " rk-current" : ""}`, "aria-label": `${seatName(view, seat)} (${colour}): ${score} points${winners.includes(seat) ? ", winner" : ""}`, role: "group" },
        h("span", { class: `rk-merchant rk-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] || "?" }),
        h("span", { class: "rk-name", text: seatName(view, seat) }),
        h("span", { class: "rk-bar", "aria-hidden": "true" }, h("span", { class: `rk-bar-fill rk-colour-${colour}`, style: `width:${Math.round((100 * score) / top)}%` })),
        h("span", { class: "rk-score", "data-role": "score", "data-seat": seat, text: String(score) }),
        winners.includes(seat) ? h("span", { class: "rk-tag rk-win", text: "winner" }) : null);
    }));
}

function goodsChips(faces) {
  const counts = new Map();
  for (const face of asArray(faces)) {
    const kind = asObject(face).kind || "?";
    counts.set(kind, (counts.get(kind) || 0) + 1);
  }
  if (!counts.size) return h("span", { class: "rk-faint", text: "empty" });
  return [...counts.entries()].map(([kind, n]) => h("span", { class: `rk-chip rk-good-${kind}`, title: `${n} ${kind}` },
    h("span", { class: "rk-code", "aria-hidden": "true", text: (GOODS[kind] || { code: "?" }).code }),
    h("span", { class: "rk-sr", text: `${kind} ` }), `\u00D7${n}`));
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
  return h("div", { class: "rk-players" }, Array.from({ length: n }, (_, seat) => {
    const colour = colourOf(view, seat);
    const open = openHands[seat];
    const isView = seat === view.seat;
    return h("section", {
      class: `rk-player${seat === current ? " rk-current" : ""}`, "data-seat": seat,
      "aria-label": `${seatName(view, seat)}, ${colour}${seat === current ? ", to act" : ""}`,
    },
    h("div", { class: "rk-player-head" },
      h("span", { class: `rk-merchant rk-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] || "?" }),
      h("span", { class: "rk-name", text: seatName(view, seat) }),
      bots[seat] ? h("span", { class: "rk-tag", text: "bot" }) : null),
    h("div", { class: "rk-facts" },
      h("span", { text: `hand ${handSizes[seat] ?? 0}` }),
      h("span", { title: "merchants in supply / on boats", text: `merchants ${supply[seat] ?? 0} / ${onBoard[seat] ?? 0} on boats` }),
      h("span", { title: "movement cards left", text: `moves ${"\u21C4".repeat(Number(cards[seat]) || 0) || "none"}` })),
    Array.isArray(open) && !isView
      ? h("div", { class: "rk-open-hand", role: "group", "aria-label": `${seatName(view, seat)}'s hand (teaching mode)` },
        open.map((f) => h("span", { class: "rk-open-boat", role: "img", "aria-label": boatWords(f), title: boatWords(f) }, boatTile(f, "mini"))))
      : null,
    h("div", { class: "rk-stock", role: "group", "aria-label": `${seatName(view, seat)}'s stock` },
      h("span", { class: "rk-faint", text: "stock " }), goodsChips(stocks[seat])));
  }));
}

function handArea(view, ui) {
  const hand = asArray(view.hand);
  const place = asObject(asObject(view.targets).place);
  const canAct = asArray(view.legal).length > 0 && view.phase === "turn";
  const name = seatName(view, view.seat);
  return h("div", { class: "rk-hand-box" },
    h("div", { class: "rk-caption", text: canAct ? "Your hand: choose a boat, then a lit space" : `${name}'s hand` }),
    h("div", { class: "rk-hand", role: "group", "aria-label": `${name}'s hand (arrow keys move between boats)` },
      hand.length ? hand.map((face) => {
        const spots = asArray(place[face.id]).length;
        const selected = Boolean(ui.sel && ui.sel.kind === "boat" && ui.sel.id === face.id);
        const label = `${boatWords(face)} (${face.id})${canAct ? (spots ? `: ${plural(spots, "space")} allowed` : ": no space allowed") : ""}${selected ? ", selected" : ""}`;
        return h("button", {
          type: "button", class: `rk-hand-boat${spots ? " rk-placeable" : ""}${selected ? " rk-selected" : ""}`,
          "data-boat": face.id, "aria-pressed": canAct ? (selected ? "true" : "false") : null,
          "aria-label": label, title: label, disabled: !canAct,
        }, boatTile(face, "hand"), h("span", { class: "rk-boat-id", "aria-hidden": "true", text: face.id }));
      }) : h("span", { class: "rk-faint", text: "no boats in hand" })));
}

function actionButton(view, action, text, extra = "") {
  return h("button", {
    type: "button", class: `rk-button rk-action legal ${extra}`.trim(), "data-action": action,
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
    parts.push(h("p", { class: "rk-help", text: moves.length
      ? `You may first move one of your boats (${plural(cards, "movement card")} left): choose a boat marked \u21C4 on the board.`
      : "Choose a boat from your hand, then one of the lit spaces." }));
    if (ui.sel && ui.sel.kind === "from") parts.push(h("button", { type: "button", class: "rk-button", "data-role": "cancel", text: "Cancel the move", "aria-label": "Cancel the move and go back to placing" }));
  } else if (phase === "after") {
    for (const a of legal) if (a.startsWith("move:")) shown.add(a);
    parts.push(h("p", { class: "rk-help", text: "Your boat is placed. You may still move one of your boats (marked \u21C4), or end the turn." }));
    if (legal.includes("end")) parts.push(add("end", "End turn"));
  } else if (phase === "possess") {
    const placed = board[view.placed];
    parts.push(h("p", { class: "rk-help", text: `Claim the ${boatWords(placed)} on ${view.placed}?` }));
    for (const a of legal) {
      if (a === "merchant") parts.push(add(a, "Put a merchant on it"));
      else if (a.startsWith("merchant:")) parts.push(add(a, `Move my merchant from ${a.slice(9)}`));
    }
    if (legal.includes("decline")) parts.push(add("decline", "Leave it unclaimed"));
  } else if (phase === "thief") {
    parts.push(h("p", { class: "rk-help", text: `Your thief on ${view.placed} may take one boat from row ${view.thief_row} (not an inspector, not in a guarded column).` }));
    const bySpace = new Map();
    for (const a of legal) {
      const m = /^steal:([a-z]\d+)>(stock|hand)$/.exec(a);
      if (m) bySpace.set(m[1], [...(bySpace.get(m[1]) || []), [m[2], a]]);
    }
    for (const [space, options] of bySpace) {
      parts.push(h("div", { class: "rk-choice", role: "group", "aria-label": `${space}: ${boatWords(board[space])}` },
        h("span", { class: "rk-choice-what" }, boatTile(board[space], "mini"), ` ${space}`),
        options.map(([to, a]) => add(a, to === "stock" ? "into my stock" : "into my hand"))));
    }
    if (legal.includes("steal:none")) parts.push(add("steal:none", "Take nothing"));
  } else if (phase === "inspect") {
    parts.push(h("p", { class: "rk-help", text: `Your inspector on ${view.placed} guards column ${view.inspector_column}: the thieves there go.` }));
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
  if (rest.length) parts.push(h("div", { class: "rk-more", role: "group", "aria-label": "Other actions" }, rest.map((a) => add(a, labelOf(view, a)))));
  return h("div", { class: "rk-actions", role: "group", "aria-label": "Your choices", "data-role": "actions" }, parts);
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
  return h("div", { class: "rk-market-choices" },
    h("p", { class: "rk-help", text: names.length ? "Choose a landing to score (also on the board), then the boat you take into your stock." : "No landing you can score." }),
    h("div", { class: "rk-landing-list" }, names.map((name) => {
      const info = asObject(full[name]);
      const points = Object.entries(asObject(info.points));
      return h("button", {
        type: "button", class: `rk-button rk-landing-choice${selected === name ? " rk-selected" : ""}`, "data-landing": name,
        "aria-pressed": selected === name ? "true" : "false",
        "aria-label": `Landing ${name}: ${points.map(([c, p]) => `${c} ${p}`).join(", ")}`,
      }, `${name}: `, points.map(([c, p]) => h("span", { class: "rk-pts" }, h("span", { class: `rk-merchant rk-colour-${c}`, "aria-hidden": "true", text: COLOUR_LETTER[c] }), ` ${p}`)));
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
  return h("div", { class: "rk-landing-detail", "data-role": "landing-points", "data-landing": name },
    h("div", { class: "rk-formula", text: `Landing ${name}: ${formula}` }),
    h("ul", { class: "rk-points" }, points.map(([colour, p]) => h("li", { "data-colour": colour },
      h("span", { class: `rk-merchant rk-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] }),
      ` ${colour}: `, h("strong", { "data-role": "landing-colour-points", "data-colour": colour, text: String(p) }),
      ` (${p / (info.value || 1)} merchant${p / (info.value || 1) === 1 ? "" : "s"})`))),
    h("div", { class: "rk-help", text: "Take into your stock:" }),
    h("div", { class: "rk-remove" }, asArray(removable).map((space) =>
      h("span", { class: "rk-choice" }, boatTile(board[space], "mini"), add(`score:${name}>${space}`, `${space}`)))));
}

function marketBox(view) {
  const market = view.market && typeof view.market === "object" ? view.market : null;
  if (!market && (view.market_due === "little" || view.market_due === "big")) {
    const day = view.market_due === "big" ? "Big" : "Little";
    return h("div", { class: "rk-market rk-due", "data-role": "market-due" },
      h("span", { class: "rk-market-title", text: `${day} Market Day ahead` }),
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
  return h("div", { class: `rk-market rk-market-${market.kind}`, "data-role": "market", role: "group", "aria-label": title },
    h("div", { class: "rk-market-title", text: title }),
    h("div", { class: "rk-help", text: explain }),
    h("ol", { class: "rk-order", "aria-label": "scoring order" }, (big ? order : order.slice(0, n)).map((seat, i) => h("li", {
      class: seat === market.scorer ? "rk-current" : null,
    }, h("span", { class: `rk-merchant rk-colour-${colourOf(view, seat)}`, "aria-hidden": "true", text: COLOUR_LETTER[colourOf(view, seat)] }),
    ` ${seatName(view, seat)}${seat === market.scorer ? " (scoring now)" : ""}${i === 0 && big ? " (starts)" : ""}`))));
}

function summary(view) {
  if (!view.is_over) return null;
  const n = Number(view.players) || 0;
  const seats = Array.from({ length: n }, (_, s) => s);
  const scores = asArray(view.scores);
  const winners = asArray(view.winners).map((s) => seatName(view, s));
  const groups = [["Luk Phat track", ["klongs.lukphat"]], ["landings", ["klongs.landing.score", "klongs.landing.cookshop"]], ["stock", ["klongs.stock"]]];
  const sheet = asArray(view.score_sheet);
  const known = new Set(groups.flatMap(([, rules]) => rules));
  const sum = (seat, rules) => sheet.filter((l) => l.seat === seat && rules.includes(l.rule)).reduce((t, l) => t + Number(l.points), 0);
  const other = (seat) => sheet.filter((l) => l.seat === seat && !known.has(l.rule)).reduce((t, l) => t + Number(l.points), 0);
  const hasOther = seats.some((s) => other(s) !== 0);
  return h("div", { class: "rk-summary", "data-role": "summary" },
    h("h3", { text: winners.length > 1 ? `Game over \u2014 shared win: ${winners.join(", ")}` : `Game over \u2014 ${winners[0] ?? "nobody"} wins` }),
    h("table", { class: "rk-score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), seats.map((s) => h("th", { scope: "col", text: seatName(view, s) })))),
      h("tbody", {},
        groups.map(([label, rules]) => h("tr", {}, h("th", { scope: "row", text: label }), seats.map((s) => h("td", { text: String(sum(s, rules)) })))),
        hasOther ? h("tr", {}, h("th", { scope: "row", text: "other" }), seats.map((s) => h("td", { text: String(other(s)) }))) : null),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row", text: "Total" }), seats.map((s) => h("td", { "data-role": "final-score", "data-seat": s, text: String(scores[s] ?? 0) }))))),
    h("button", { class: "rk-button", type: "button", "data-role": "new-game", "aria-label": "Play a new game with the next deal", text: "New game" }));
}

function events(view) {
  const list = asArray(view.events);
  if (!list.length) return null;
  return h("details", { class: "rk-events" },
    h("summary", { text: `Latest: ${list[list.length - 1]}` }),
    h("ol", {}, list.map((e) => h("li", { text: String(e) }))));
}

// ---- the widget ---------------------------------------------------------------------------------

function draw(root, content, model, ui) {
  const view = asObject(model.get("view"));
  const busy = Boolean(model.get("busy"));
  root.dataset.game = String(view.game ?? "");
  root.dataset.move = String(view.move_number ?? 0);
  root.dataset.busy = busy ? "true" : "false";
  root.dataset.current = isSeat(view.current_player) ? String(view.current_player) : "";
  root.dataset.phase = String(view.phase ?? "");
  root.setAttribute("aria-busy", busy ? "true" : "false");
  if (!isSeat(view.players) || !view.geometry) {
    content.replaceChildren(h("div", { class: "rk-turn", "data-role": "turn", text: "Waiting for the game\u2026" }));
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
    view.prompt ? h("div", { class: "rk-prompt", text: `You are asked to ${view.prompt}.` }) : null,
    errorBox(model.get("error")),
    h("div", { class: "rk-main" },
      h("div", { class: "rk-left" }, board(view, ui, geo), legend(view)),
      h("div", { class: "rk-right" }, marketBox(view), actionPanel(view, ui), handArea(view, ui), track(view), scoreTrack(view), players(view))),
    summary(view),
    events(view),
  ];
  content.replaceChildren(...parts.filter(Boolean));
  // Keep exactly one board space in the tab order (the roving one).
  const spaces = [...content.querySelectorAll(".rk-space")];
  if (!spaces.some((b) => b.getAttribute("tabindex") === "0") && spaces.length) spaces[0].setAttribute("tabindex", "0");
}

function announce(live, root, model, ui) {
  const view = asObject(model.get("view"));
  const error = asObject(model.get("error"));
  const message = typeof error.message === "string" ? `${error.message} (rule ${error.rule})` : "";
  if (message !== ui.saidError) {
    live.urgent.textContent = message;
    ui.saidError = message;
  }
  const list = asArray(view.events);
  const latest = list.length ? String(list[list.length - 1]) : "";
  const turn = root.querySelector("[data-role=turn]")?.textContent ?? "";
  const news = [latest !== ui.saidEvent ? latest : "", turn !== ui.saidTurn ? turn : ""].filter(Boolean);
  ui.saidEvent = latest;
  ui.saidTurn = turn;
  if (news.length) live.polite.textContent = news.join(". ");
}

const KEYS = ["action", "boat", "from", "landing", "role", "space"];

function focusKey(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  const key = {};
  for (const k of KEYS) if (active.dataset[k] !== undefined) key[k] = active.dataset[k];
  key.inHand = Boolean(active.closest(".rk-hand"));
  key.inActions = Boolean(active.closest(".rk-actions"));
  return key;
}

function restoreFocus(root, key) {
  if (!key) return;
  let target = null;
  for (const k of ["space", "boat", "landing", "action", "from", "role"]) {
    if (key[k] === undefined) continue;
    const attr = k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    target = [...root.querySelectorAll(`[data-${attr}]`)].find((el) => el.dataset[k] === key[k]) || null;
    if (target) break;
  }
  if (!target && key.inActions) target = root.querySelector(".rk-actions button");
  if (!target && key.inHand) target = root.querySelector(".rk-hand button:not(:disabled)");
  if (!target || target.disabled || target.closest("[hidden]")) target = root.querySelector(".rk-actions button.legal") || root.querySelector("[data-role=turn]");
  if (target) {
    if (!target.matches("button")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
}

function render({ model, el }) {
  const content = h("div", { class: "rk-content" });
  const live = {
    polite: h("div", { class: "rk-sr", "aria-live": "polite", "data-role": "announce" }),
    urgent: h("div", { class: "rk-sr", "aria-live": "assertive", role: "alert" }),
  };
  const root = h("div", { class: "re-klong-board", role: "region", "aria-label": "Bangkok Klongs board" }, content, live.polite, live.urgent);
  el.append(root);
  const ui = { sel: null, landings: {}, boardFocus: null, boardTouched: false, highlight: null, saidError: "", saidEvent: "", saidTurn: "" };

  const redraw = () => {
    const key = focusKey(root);
    draw(root, content, model, ui);
    restoreFocus(root, key);
    announce(live, root, model, ui);
  };

  const send = (message) => model.send(message);

  const onClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !root.contains(button) || button.disabled) return;
    const view = asObject(model.get("view"));
    if (button.dataset.space) {
      ui.boardFocus = button.dataset.space;
      ui.boardTouched = true;
    }
    if (button.dataset.action !== undefined) {
      send({ type: "play", action: button.dataset.action, move: Number(view.move_number ?? 0) });
    } else if (button.dataset.boat !== undefined) {
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
    } else if (button.dataset.role === "restart") {
      send({ type: "restart" });
    } else if (button.dataset.role === "new-game") {
      send({ type: "new-game" });
    } else if (button.dataset.role === "dismiss") {
      send({ type: "dismiss" });
    }
  };

  // A choice button names a space (a boat to steal, a merchant to move): light that space up.
  const onHover = (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-highlight]") : null;
    const space = button && root.contains(button) ? button.dataset.highlight : null;
    if (space === ui.highlight) return;
    ui.highlight = space;
    for (const el of root.querySelectorAll(".rk-space.rk-highlight")) el.classList.remove("rk-highlight");
    if (space) root.querySelector(`.rk-space[data-space="${space}"]`)?.classList.add("rk-highlight");
  };

  const onKey = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === "Escape") {
      if (model.get("error")?.message) send({ type: "dismiss" });
      else if (ui.sel && ui.sel.kind !== "boat") {
        ui.sel = null;
        redraw();
      } else return;
      event.stopPropagation();
      return;
    }
    const arrows = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
    if (!target || !arrows.includes(event.key)) return;
    if (target.matches(".rk-space")) {
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
      const button = next && root.querySelector(`.rk-space[data-space="${next.name}"]`);
      if (button) {
        target.setAttribute("tabindex", "-1");
        button.setAttribute("tabindex", "0");
        ui.boardFocus = next.name;
        ui.boardTouched = true;
        button.focus();
      }
    } else {
      const group = target.closest(".rk-hand, .rk-actions, .rk-landing-list");
      if (!group) return;
      const buttons = [...group.querySelectorAll("button:not(:disabled)")];
      const at = buttons.indexOf(target);
      if (at < 0) return;
      let next = at;
      if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, at - 1);
      else if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(buttons.length - 1, at + 1);
      else if (event.key === "Home") next = 0;
      else next = buttons.length - 1;
      buttons[next].focus();
    }
    event.preventDefault();
    event.stopPropagation(); // keep JupyterLab's notebook shortcuts off the board
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("mouseover", onHover);
  root.addEventListener("focusin", onHover);
  model.on("change:view", redraw);
  model.on("change:error", redraw);
  model.on("change:busy", redraw);
  redraw();
  return () => {
    model.off("change:view", redraw);
    model.off("change:error", redraw);
    model.off("change:busy", redraw);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("mouseover", onHover);
    root.removeEventListener("focusin", onHover);
  };
}

export default { render };
export { GOODS, layout };
