// The klong board's keys and marks (loaded after klong_panels.js, before klong_board.js): the
// coordinates drawn around the board, the key to its symbols, the market-day marks of the Luk Phat
// track, and the moves the other players (the bots) just made, marked on the board with a caption.
// All of it reads the engine's view model: space names and event data, never an action's notation.

const LABEL = 18; // px of the coordinate strip along the top and the left of the board
const MARKET_MARK = {
  little: { glyph: "\u25D0", words: "little market day" }, // half-filled circle
  big: { glyph: "\u25CF", words: "big market day" }, // filled circle
};

// A name from the view in a sentence's middle ("you" for the reader called "You").
function inSentence(view, seat) {
  const name = seatName(view, seat);
  return name === "You" ? "you" : name;
}

// A seat's possessive at a sentence's start: "Your" for the reader called "You", else "Mary’s".
function possessive(view, seat) {
  const name = seatName(view, seat);
  return name === "You" ? "Your" : `${name}\u2019s`;
}

// A colour of the view's data ("red") as the seat's name ("Mary", "you").
function colourName(view, colour) {
  const seat = asArray(view.colours).indexOf(colour);
  return seat >= 0 ? inSentence(view, seat) : String(colour);
}

// Points per colour ({red: 10, green: 5}) in words: "you 10, Eva 5".
function pointsWords(view, points) {
  const list = Object.entries(asObject(points)).map(([c, p]) => `${colourName(view, c)} ${p}`);
  return list.join(", ") || "no points";
}

// ---- coordinates ------------------------------------------------------------------------------

// Column letters along the top and row numbers down the left, as the texts name the spaces (each
// label a part: drawn once, kept while the board is the same).
function coordinates(geo) {
  const letter = (name) => String(name).replace(/\d+$/, "");
  const number = (name) => String(name).replace(/^\D+/, "");
  const columns = Array.from({ length: geo.columns }, (_, c) => geo.spaces.find((s) => s.column === c));
  const rows = Array.from({ length: geo.rows }, (_, r) => geo.spaces.find((s) => s.row === r));
  const label = (attrs) => part("coord", attrs, () => h("span", attrs));
  return [
    ...columns.map((space, c) => space ? label({
      class: "re-coord re-coord-col", "aria-hidden": "true", text: letter(space.name),
      style: `left:${geo.xs[c]}px;top:0;width:${CELL}px;height:${LABEL}px`,
    }) : null),
    ...rows.map((space, r) => space ? label({
      class: "re-coord re-coord-row", "aria-hidden": "true", text: number(space.name),
      style: `left:0;top:${geo.ys[r]}px;width:${LABEL}px;height:${CELL}px`,
    }) : null),
  ];
}

// ---- the key ----------------------------------------------------------------------------------

// The board's key: the goods' tiles and the symbols drawn on it, then the engine's key in words.
// Open by default; the learner may fold it (kept across redraws in `ui.keyClosed`).
function boardKey(view, ui) {
  const item = (symbol, words) => h("li", {}, h("span", { class: "re-key-symbol", "aria-hidden": "true" }, symbol), ` ${words}`);
  const goods = Object.entries(GOODS).map(([kind, info]) =>
    item(boatTile({ kind, baskets: 0, special: info.special ? kind : null }, "mini"), `${info.code}: ${kind}`));
  const marks = [
    item(h("span", { class: "re-merchant re-colour-red", text: "R" }), "a merchant on the boat: its letter is the colour"),
    item(h("span", { class: "re-key-star", text: "\u2726" }), "the Luk Phat symbol"),
    item(h("span", { class: "re-key-entry", text: "\u2192" }), "an entry space"),
    item(h("span", { class: "re-key-landing", text: "5" }), "a full landing: points per merchant"),
    item(h("span", { class: "re-key-moves", text: "\u21C4" }), "your boat a movement card can move"),
    item(h("span", { class: "re-key-just", text: "new" }), "just played by another player (see the caption above the board)"),
    item(MARKET_MARK.little.glyph, `on the Luk Phat track: a ${MARKET_MARK.little.words}`),
    item(MARKET_MARK.big.glyph, `on the Luk Phat track: the ${MARKET_MARK.big.words}`),
  ];
  return h("details", { class: "re-legend", "data-role": "key", open: !ui.keyClosed },
    h("summary", { text: "Key to the board" }),
    h("ul", { class: "re-key-goods" }, goods),
    h("ul", {}, marks),
    h("ul", { class: "re-key-words" }, asArray(view.legend).map((text) => h("li", { text }))));
}

// A track space's market-day mark: a shape (not colour alone) with its words for screen readers.
function marketMark(kind) {
  const mark = MARKET_MARK[kind];
  return mark ? h("span", { class: `re-track-market re-track-${kind}`, text: mark.glyph }) : null;
}

const trackKey = () => h("div", { class: "re-track-key", "data-role": "track-key" },
  Object.values(MARKET_MARK).map((m) => h("span", {}, h("span", { "aria-hidden": "true", text: m.glyph }), ` ${m.words}`)));

// ---- what the other players just did ------------------------------------------------------------

// The events since a learner last acted, when another player (a bot) made them: the newest run of
// moves the learner has not answered yet. With no learner (a table of bots), the last player's run.
function justPlayed(view) {
  const events = asArray(view.events).map(asObject);
  const learners = new Set(asArray(view.learners));
  const out = [];
  let last = null;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (isSeat(e.seat) && learners.has(e.seat)) break;
    if (!learners.size && isSeat(e.seat)) {
      if (last !== null && e.seat !== last) break;
      last = e.seat;
    }
    out.unshift(e);
  }
  return out.some((e) => isSeat(e.seat)) ? out : [];
}

// Which spaces and landings those events touched, with a few words for each: {spaces, landings}.
function justMarks(view, events) {
  const spaces = new Map();
  const landings = new Map();
  const mark = (map, key, words) => {
    if (typeof key === "string" && !map.has(key)) map.set(key, words);
  };
  for (const e of events) {
    if (!isSeat(e.seat)) continue;
    const name = seatName(view, e.seat);
    if (e.kind === "place") mark(spaces, e.space, `${name} just placed this boat`);
    else if (e.kind === "claim") mark(spaces, e.space, `${name} just claimed this boat`);
    else if (e.kind === "move") mark(spaces, e.space, `${name} just moved this boat here from ${e.src}`);
    else if (e.kind === "steal") mark(spaces, e.src, `${possessive(view, e.seat)} thief just took the boat from here`);
    else if (e.kind === "inspect") for (const s of asArray(e.removed)) mark(spaces, s, `${possessive(view, e.seat)} inspector just removed a thief here`);
    else if (e.kind === "score") {
      mark(landings, e.landing, `${name} just scored this landing`);
      mark(spaces, e.space, `${name} just took the boat from here into the stock`);
    }
  }
  return { spaces, landings };
}

// The caption above the board: who just played what, in the engine's words.
function justCaption(view, events) {
  // Ending a turn changes nothing on the board: the caption leaves it out.
  const said = events.filter((e) => (isSeat(e.seat) && e.kind !== "end") || e.kind === "market").map(eventText).filter(Boolean);
  if (!said.length) return h("div", { class: "re-just-caption", "data-role": "just-played", hidden: true });
  const seats = [...new Set(events.filter((e) => isSeat(e.seat)).map((e) => seatName(view, e.seat)))];
  return h("div", { class: "re-just-caption", "data-role": "just-played", role: "group", "aria-label": `${seats.join(" and ")} just played` },
    h("span", { class: "re-just-title" }, h("span", { class: "re-key-just", "aria-hidden": "true", text: "new" }), ` ${seats.join(" and ")} just played:`),
    h("ul", {}, said.map((text) => h("li", { text }))));
}

// A redraw's check: when the board is wider than its box (a phone), say so above it.
function scrollCue(content) {
  const wrap = content.querySelector(".re-board-wrap");
  const cue = content.querySelector("[data-role=scroll-cue]");
  if (!wrap || !cue) return;
  cue.hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
}
