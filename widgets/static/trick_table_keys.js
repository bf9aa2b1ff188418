// The trick table's keys: the legend of fruit symbols, the donkey cart and the Bastos! colour marks,
// each seat's mark (its colour AND its initial, so colour is never the only cue), and the marking of
// the bots' latest moves. Bundled before trick_table.js (widgets/trick_table.py); it reads the view
// model only, like the rest of the table, and decides nothing.

// A seat's mark: a disc in the seat's colour carrying the initial of its name ("Y" for You).
function seatMark(view, seat, { spoken = false, title = null } = {}) {
  const name = seatName(view, seat);
  return h("span", {
    class: `re-seat-mark re-seat-c${seat}`, title: title ?? name,
    role: spoken ? "img" : null, "aria-label": spoken ? (title ?? name) : null, "aria-hidden": spoken ? null : "true",
    text: name.slice(0, 1).toUpperCase(),
  });
}

// Which seat names to show with "(bot)": the shell lists each seat's bot in `view.bots`.
function seatTitle(view, seat) {
  return `${seatName(view, seat)}${asArray(view.bots)[seat] ? " (bot)" : ""}`;
}

// The legend under the board: what each fruit's letter and symbol are, what the cart means and, in
// Bastos!, what the marks under the value table say (whose Bastos! colour a fruit is).
function legend(view) {
  const fruits = asArray(view.fruits).filter((f) => typeof f === "string");
  if (!fruits.length) return null;
  const items = fruits.map((f) => h("li", {}, fruitBadge(f), ` ${f}`));
  if ("stalls" in view) items.push(h("li", {}, donkeyCart(), " the donkey cart: its stall's fruit is trump"));
  else items.push(h("li", {}, donkeyCart(), " trump"));
  const parts = [h("ul", { class: "re-key-list", "aria-label": "Fruits" }, items)];
  if ("bastos" in view) {
    const players = Number(view.players) || asArray(view.scores).length;
    const seats = Array.from({ length: players }, (_, s) => s);
    parts.push(
      h("p", { class: "re-key-note" },
        h("span", { class: "re-marker-dot", "aria-hidden": "true", text: "\u25CF" }),
        " in the value table: the fruit's value now (cards of that fruit score it at the round's end)."),
      h("p", { class: "re-key-note" },
        "A player's mark under a fruit: that fruit is their Bastos! colour (shown once everyone has picked). ",
        h("span", { class: "re-key-seats" }, seats.map((s) => h("span", { class: "re-key-seat" }, seatMark(view, s), ` ${seatName(view, s)}`)))),
    );
  }
  return h("section", { class: "re-key", "aria-label": "Key to the table's symbols" },
    h("span", { class: "re-key-title", text: "Key" }), parts);
}

// Moves of the kinds a player makes (a trick taken, a round dealt, a reveal are not moves).
const MOVE_KINDS = new Set(["card", "lead", "trump", "seller", "cart", "value", "pick"]);

// What a bot did, in words after its name: "just played mango 7".
function didWords(view, move) {
  const face = faceOf(view, move.card);
  const card = face ? `${face.fruit} ${face.value}` : (Number.isInteger(move.value) ? `${move.fruit} ${move.value}` : `a ${move.fruit} card`);
  switch (move.kind) {
    case "card":
    case "lead": return `just played ${card}`;
    case "trump": return `just played ${card} and made ${move.fruit} trump`;
    case "seller": return `just sent a seller to the ${move.fruit} stall`;
    case "cart": return `just moved the donkey cart to the ${move.fruit} stall`;
    case "value": return `just ${Number(move.delta) > 0 ? "raised" : "lowered"} ${move.fruit} to ${Number(move.after) > 0 ? "+" : ""}${move.after}`;
    case "pick": return "just picked a Bastos! card";
    default: return "just moved";
  }
}

// The bots' moves since the learner's own last move, oldest first (from the newest events), each
// {seat, kind, card, fruit, words}. They stay marked until the learner acts.
function botMoves(view) {
  const bots = asArray(view.bots);
  const mine = new Set([view.seat, ...asArray(view.learners)]);
  const out = [];
  const events = asArray(view.events).map(asObject);
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (!MOVE_KINDS.has(e.kind) || !isSeat(e.seat)) continue;
    if (mine.has(e.seat) && !bots[e.seat]) break;
    if (bots[e.seat]) out.unshift({ ...e, words: `${seatName(view, e.seat)} ${didWords(view, e)}` });
  }
  return out;
}

// Whether a trick entry is one of the bots' latest moves: same seat, and the same card (or, for a
// seller, cart or value move, the same kind of move).
const ENTRY_OF = { card: ["card", "lead", "trump"], seller: ["seller"], cart: ["cart"], adjust: ["value"] };
function isJustPlayed(entry, moves) {
  return moves.some((m) => m.seat === entry.seat && (ENTRY_OF[entry.kind] || []).includes(m.kind)
    && (entry.kind !== "card" || m.card === entry.card));
}

// The line that says what the bots just did ("Ben just played mango 7 · Carlo just sent a seller…").
function justPlayedLine(moves) {
  if (!moves.length) return null;
  return h("div", { class: "re-just-played-line", "data-role": "just-played" },
    moves.slice(-4).flatMap((m, i) => [i ? " \u00B7 " : null, h("span", { class: "re-just-played-words", text: m.words })]));
}
