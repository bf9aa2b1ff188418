// Bangkok, between bangkok_port.js and bangkok.js: the table's key (the goods' letters and shapes,
// what each chilli type scores) and the other seats' moves since the viewer last acted, marked on
// the board and told in a caption. Everything comes from the view model: the chilli types' texts,
// the goods' names, the place words and the engine's own event sentences.

// A place in words ("row 2, left" in the port, "top left" in a market), from the view.
const placeWords = (view, where, name) => String(asObject(asObject(view.place_words)[where])[name] ?? "");
// A card to put in a sentence ("boat with fish"), from the view's card data.
const cardName = (cell) => String(asObject(cell).name ?? "card");

// "Anong holds the first-player token" / "You hold ...": the name agrees with its verb.
function firstPlayerText(view) {
  if (!isSeat(view.first_player) || Number(view.players) < 2) return "";
  const name = seatName(view, view.first_player);
  return `${name} ${name === "You" ? "hold" : "holds"} the first-player token`;
}

// ---- the key -------------------------------------------------------------------------------------

function legend(view) {
  const goods = Object.entries(asObject(view.good_names));
  const types = Object.entries(asObject(view.chilli_types));
  if (!goods.length) return null;
  return h("details", { class: "re-legend", "data-role": "legend", open: true },
    h("summary", { text: "Key: goods and chilli types" }),
    h("ul", { class: "re-legend-goods", "aria-label": "Goods: each has a letter and a shape" },
      goods.map(([good, name]) => h("li", {}, goodChip(view, good), h("span", { text: ` ${name}` })))),
    types.length ? h("div", { class: "re-legend-chillies" },
      h("p", { class: "re-legend-note", text: "A chilli card's red band shows its type and the goods it counts. It counts itself and the cards beside it (not corners):" }),
      h("ul", { class: "re-legend-types" }, types.map(([type, text]) => h("li", {},
        h("span", { class: "re-chilli-type re-legend-type", "aria-hidden": "true", text: type }),
        h("span", { text: ` Type ${type}: ${text}` }))))) : null);
}

// ---- the other seats' moves since the viewer's own --------------------------------------------------

// The events of bots since the viewer's last action, oldest first; kept until the viewer acts.
function justPlayed(view) {
  const bots = asArray(view.bots);
  const events = asArray(view.events).map(asObject);
  const out = [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e.seat === view.seat) break;
    if (!isSeat(e.seat) || !bots[e.seat]) continue;
    out.unshift(e);
  }
  return out;
}

// What to mark: the placed card and its end (or the renewed line) of the newest port move if a bot
// made it, and every market card a bot laid since.
function justPlayedMarks(view, moves) {
  const marks = { port: new Set(), ends: new Set(), placed: null, markets: new Map() };
  const port = asObject(view.port_move);
  const fromBot = (move) => moves.some((e) => e.move === move.move && e.seat === move.seat);
  if (port.kind && fromBot(port)) {
    if (port.kind === "place") {
      marks.placed = port.placed ?? null;
      marks.ends.add(String(port.end));
    } else for (const cell of asArray(asObject(asObject(view.lines)[port.line]).cells)) marks.port.add(String(cell));
  }
  for (const e of moves) {
    if (e.kind !== "market") continue;
    if (!marks.markets.has(e.seat)) marks.markets.set(e.seat, new Set());
    marks.markets.get(e.seat).add(String(e.cell));
  }
  return marks;
}

function justPlayedCaption(moves) {
  if (!moves.length) return null;
  return h("div", { class: "re-just-played-caption", "data-role": "just-played", role: "status" },
    h("strong", { text: "Just played: " }),
    h("ul", {}, moves.map((e) => h("li", { text: String(e.text ?? "") }))));
}
