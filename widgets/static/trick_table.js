// The trick table for Tindahan and Bastos! (anywidget front end, plain ES module, no build step).
//
// It draws the kernel's `view` trait and sends intents ({type: "play", action, move}); it never
// decides legality and parses no notation: card faces come from `view.faces`, each legal action's
// card, stall or value column from `view.moves`, the words of a trick entry from its `words`, the
// value table's levels from `view.levels`, the title and the turn prompt from `view.title` and
// `view.prompt`. Cards the engine lists in `view.legal` get the class `legal`; every other hand
// card stays clickable so the learner can read the engine's reason for refusing it.
//
// Stable hooks for the browser tests: root `.re-trick-table[data-game][data-move][data-busy]
// [data-current]`; `button[data-action]` for every hand card and action; `[data-role=score]
// [data-seat=N]`, `[data-role=error]`, `[data-role=turn]`, `[data-role=summary]`,
// `[data-role=last-trick]`.

// How each fruit is drawn (a letter and a glyph besides its colour, so colour is never the only cue).
const FRUITS = {
  banana: { letter: "B", glyph: "\u263E" }, // crescent
  lanzones: { letter: "L", glyph: "\u25CF" }, // round berry
  mango: { letter: "M", glyph: "\u25C6" }, // diamond
  pineapple: { letter: "P", glyph: "\u25B2" }, // crown
  durian: { letter: "D", glyph: "\u2738" }, // spikes
};

// ---- helpers of this widget (h, asArray, asObject, isSeat, plural, seatName: common.js) ----------

// A card's fruit and value as the engine gave them in `view.faces` (null for an unknown card).
function faceOf(view, notation) {
  const face = asObject(asObject(view.faces)[notation]);
  return typeof face.fruit === "string" ? face : null;
}

// A fruit badge: letter and glyph on the fruit's colour. Decorative (hidden from screen readers)
// where the fruit's name is written beside it; otherwise it speaks the fruit's name.
function fruitBadge(fruit, spoken = false) {
  const info = FRUITS[fruit] || { letter: "?", glyph: "?" };
  return h(
    "span",
    {
      class: `re-badge re-fruit-${fruit}`, title: fruit,
      role: spoken ? "img" : null, "aria-label": spoken ? fruit : null, "aria-hidden": spoken ? null : "true",
    },
    h("span", { class: "re-badge-letter", "aria-hidden": "true", text: info.letter }),
    h("span", { class: "re-badge-glyph", "aria-hidden": "true", text: info.glyph }),
  );
}

// A card face (not interactive by itself): value, fruit letter and glyph, fruit colour stripe.
function cardFace(view, notation, small = false) {
  const card = faceOf(view, notation);
  if (!card) return h("span", { class: "re-card-face", text: String(notation) });
  return h(
    "span",
    { class: `re-card-face re-fruit-${card.fruit}${small ? " re-small" : ""}`, "aria-hidden": "true" },
    h("span", { class: "re-card-value", text: String(card.value) }),
    fruitBadge(card.fruit),
  );
}

function cardWords(view, notation) {
  const card = faceOf(view, notation);
  return card ? `${card.fruit} ${card.value}` : String(notation);
}

// The donkey cart that marks trump, drawn with CSS (a box on two wheels).
function donkeyCart() {
  return h(
    "span",
    { class: "re-cart", title: "donkey cart (trump)", "aria-hidden": "true" },
    h("span", { class: "re-cart-box" }),
    h("span", { class: "re-cart-wheel re-cart-w1" }),
    h("span", { class: "re-cart-wheel re-cart-w2" }),
  );
}

// How one entry of a trick reads, as a visual chip and as words.
function playChip(view, play, winner, moves = []) {
  const p = asObject(play);
  const who = seatName(view, p.seat);
  const just = isJustPlayed(p, moves);
  const words = `${who} ${p.words ?? p.kind}${just ? " (just now)" : ""}`;
  let face;
  if (p.kind === "card") {
    face = cardFace(view, p.card, true);
  } else if (p.kind === "seller") {
    face = h("span", { class: "re-token re-seller-token" }, fruitBadge(p.fruit), " seller");
  } else if (p.kind === "cart") {
    face = h("span", { class: "re-token" }, donkeyCart(), fruitBadge(p.fruit));
  } else if (p.kind === "adjust") {
    face = h("span", { class: "re-token" }, fruitBadge(p.fruit), ` ${Number(p.delta) > 0 ? "+" : ""}${p.delta}`);
  } else {
    face = h("span", { class: "re-token", text: String(p.kind ?? "?") });
  }
  const won = isSeat(winner) && winner === p.seat && p.kind === "card";
  return h(
    "li",
    { class: `re-play${won ? " re-winner" : ""}${p.trump ? " re-trump-play" : ""}${just ? " re-just-played" : ""}`, "aria-label": words + (won ? " and won" : "") },
    face,
    h("span", { class: "re-play-seat", text: who }),
    p.trump ? h("span", { class: "re-tag", text: "trump!" }) : null,
    just ? h("span", { class: "re-just-tag", "aria-hidden": "true", text: "just now" }) : null,
  );
}

// ---- the parts of the table -------------------------------------------------------------------

function header(view, ui) {
  const game = String(view.title ?? view.game ?? "");
  const bits = [];
  if (isSeat(view.round)) bits.push(`Round ${view.round}${isSeat(view.rounds) ? ` of ${view.rounds}` : ""}`);
  // What is happening, in the engine's words ("everyone picks a Bastos! card"), never a phase name.
  if (typeof view.stage === "string" && view.phase !== "play" && !view.is_over) bits.push(view.stage);
  const last = view.last_trick && typeof view.last_trick === "object" ? view.last_trick : null;
  const earlier = last && isSeat(last.round) && last.round !== view.round;
  const review = earlier ? `Review the last trick of round ${last.round}` : "Review the last trick";
  return headerBar(game, bits.join(" \u00B7 "), {
    buttons: [h("button", {
      class: "re-button", type: "button", "data-role": "last-trick", "aria-pressed": ui.showLast ? "true" : "false",
      "aria-label": ui.showLast ? "Back to the current trick" : review, title: ui.showLast ? null : review,
      disabled: !last, text: ui.showLast ? "Current trick" : "Last trick",
    })],
  });
}

function turnLine(view, busy) {
  const turn = whoseTurn(view);
  let text = turn.text ?? (turn.other ? `${turn.other} to act${busy ? "\u2026" : ""}` : turn.yours);
  if (turn.yours && typeof view.prompt === "string") text += ` \u2014 ${view.prompt}`;
  return turnBanner(text);
}

function seatPanel(view, seat, where) {
  const scores = asArray(view.scores);
  const current = view.current_player;
  const bots = asArray(view.bots);
  const bastos = asArray(view.bastos)[seat];
  const chosen = asArray(view.chosen)[seat];
  const handSize = asArray(view.hand_sizes)[seat];
  const tricks = asArray(view.tricks_won)[seat];
  const sellersLeft = asArray(view.sellers_left)[seat];
  const openHand = asArray(view.open_hands)[seat];
  const isView = seat === view.seat;
  const tags = [];
  if (seat === view.dealer) tags.push(h("span", { class: "re-tag", title: "dealer", text: "Dealer" }));
  if (seat === view.leader && !view.is_over) tags.push(h("span", { class: "re-tag", title: "leads this trick", text: "Leads" }));
  if (asArray(view.winners).includes(seat)) tags.push(h("span", { class: "re-tag re-win", text: "Winner" }));

  const facts = [];
  if (isSeat(tricks)) facts.push(h("span", { class: "re-fact", text: `${plural(tricks, "trick")} taken` }));
  if (isSeat(sellersLeft)) facts.push(h("span", { class: "re-fact", text: `${plural(sellersLeft, "seller")} left` }));
  const wonByFruit = asObject(asArray(view.won_by_fruit)[seat]);
  const wonFruits = asArray(view.fruits).filter((f) => Number(wonByFruit[f]) > 0);
  if (wonFruits.length) {
    facts.push(h("span", { class: "re-fact", title: "cards won this round, by fruit" },
      "won ", wonFruits.map((f) => h("span", { class: "re-won" }, fruitBadge(f, true), String(wonByFruit[f])))));
  }
  if ("bastos" in view) {
    if (typeof bastos === "string") {
      facts.push(h("span", { class: "re-fact", title: `Bastos! colour: ${bastos}` }, "Bastos! colour ", fruitBadge(bastos, true)));
    } else {
      facts.push(h("span", { class: "re-fact", text: chosen ? "Bastos! card picked (hidden)" : "picking a Bastos! card" }));
    }
  }

  let hand = null;
  if (!isView) {
    if (Array.isArray(openHand)) {
      hand = h("ul", { class: "re-open-hand", "aria-label": `${seatName(view, seat)}'s hand (teaching mode)` },
        openHand.map((c) => h("li", { "aria-label": cardWords(view, c) }, cardFace(view, c, true))));
    } else if (isSeat(handSize)) {
      hand = h("div", { class: "re-backs", role: "img", "aria-label": `${handSize} cards in hand, face down` },
        Array.from({ length: Math.min(handSize, 12) }, () => h("span", { class: "re-back", "aria-hidden": "true" })));
    }
  }
  const label = `${seatTitle(view, seat)}, score ${scores[seat] ?? 0}${seat === current ? ", to act" : ""}`;
  return h(
    "section",
    {
      class: `re-panel re-seat re-seat-${where}${seat === current ? " re-current" : ""}${isView ? " re-me" : ""}`,
      "data-seat": seat, "aria-label": label, "aria-current": seat === current ? "true" : null,
    },
    h("div", { class: "re-panel-head" },
      seatMark(view, seat),
      h("span", { class: "re-name", text: seatTitle(view, seat) }),
      h("span", { class: "re-score", "data-role": "score", "data-seat": seat, title: "score", text: String(scores[seat] ?? 0) })),
    h("div", { class: "re-tags" }, tags),
    h("div", { class: "re-facts" }, facts),
    isSeat(handSize) && !isView ? h("div", { class: "re-fact", text: `${handSize} card${handSize === 1 ? "" : "s"}` }) : null,
    hand,
  );
}

function centre(view, ui, moves) {
  const last = view.last_trick && typeof view.last_trick === "object" ? view.last_trick : null;
  const current = asArray(view.trick);
  // Until the next trick starts, the one just finished stays on the table (faded), so a bot's
  // winning card does not vanish before the learner has seen it.
  const showingLast = Boolean(last && (ui.showLast || current.length === 0));
  const plays = showingLast ? asArray(last.plays) : current;
  const taken = showingLast && isSeat(last.winner) ? `won by ${seatName(view, last.winner)}` : "set aside";
  const earlier = showingLast && isSeat(last.round) && last.round !== view.round;
  let caption;
  if (earlier) caption = `The last trick of round ${last.round} \u2014 ${taken}${ui.showLast ? "" : `; round ${view.round} has not played a trick yet`}`;
  else if (showingLast && ui.showLast) caption = `Last trick \u2014 ${taken}`;
  else if (showingLast) caption = `Trick ${taken}; the next trick has not started`;
  else caption = plays.length ? "Current trick" : "No cards played in this trick yet";
  const status = [];
  if (typeof view.trump === "string") {
    status.push(h("span", { class: "re-status" }, "Trump ", donkeyCart(), fruitBadge(view.trump), ` ${view.trump}`));
  } else if ("trump" in view) {
    status.push(h("span", { class: "re-status", text: "No trump yet" }));
  }
  if (typeof view.led === "string" && !(showingLast && ui.showLast)) {
    status.push(h("span", { class: "re-status" }, "Led ", fruitBadge(view.led), ` ${view.led}`));
  }
  if (typeof view.spare === "string") {
    status.push(h("span", { class: "re-status" }, "Spare card ", h("span", { class: "re-sr", text: cardWords(view, view.spare) }), cardFace(view, view.spare, true)));
  }
  return h(
    "div",
    { class: `re-centre${showingLast ? (ui.showLast ? " re-reviewing" : " re-just-done") : ""}` },
    h("div", { class: "re-status-row" }, status),
    h("div", { class: "re-caption", text: caption }),
    justPlayedLine(moves),
    h("ol", { class: "re-trick", "aria-label": caption }, plays.map((p) => playChip(view, p, showingLast ? last.winner : null, moves))),
  );
}

// Where each legal action is offered, as the engine placed it in `view.moves`: a card play is its
// hand card; another action on a hand card ("pick", "trump") sits beside that card (and is the card's
// own click when the card cannot be played plainly); one on a stall or a value column sits there;
// anything else becomes a plain button. Nothing here judges legality: every action is the engine's.
function placeActions(view) {
  const hand = asArray(view.hand).map(String);
  const cards = new Map(hand.map((c) => [c, { primary: null, extras: [] }]));
  const at = { cards, stall: new Map(), value: new Map(), other: [] };
  const add = (map, key, item) => map.set(key, [...(map.get(key) || []), item]);
  for (const move of asArray(view.moves).map(asObject)) {
    const item = { action: String(move.action), short: String(move.short ?? move.action), kind: move.kind };
    const slot = move.place === "card" ? cards.get(move.card) : null;
    if (slot && move.kind === "card") slot.primary = item.action;
    else if (slot) slot.extras.push(item);
    else if (move.place === "stall") add(at.stall, move.fruit, item);
    else if (move.place === "value") add(at.value, move.fruit, item);
    else at.other.push(item.action);
  }
  for (const slot of cards.values()) {
    if (!slot.primary && slot.extras.length === 1) {
      slot.primary = slot.extras[0].action;
      slot.extras = [];
    }
  }
  return at;
}

function label(view, action) {
  const text = asObject(view.labels)[action];
  return typeof text === "string" ? text : action;
}

function actionButton(view, action, text, extraClass = "") {
  return h("button", {
    type: "button", class: `re-button re-action legal ${extraClass}`.trim(), "data-action": action,
    "aria-label": label(view, action), title: label(view, action), text,
  });
}

function stalls(view, placed) {
  const table = asObject(view.stalls);
  const fruits = asArray(view.fruits).filter((f) => f in table);
  if (!fruits.length) return null;
  return h(
    "div",
    { class: "re-market", role: "group", "aria-label": "Market stalls" },
    fruits.map((fruit) => {
      const sellers = asArray(table[fruit]);
      const who = sellers.map((n, s) => [n, s]).filter(([n]) => Number(n) > 0);
      const trump = view.trump === fruit;
      const words = who.length ? who.map(([n, s]) => `${seatName(view, s)} ${n}`).join(", ") : "no sellers";
      const buttons = (placed.stall.get(fruit) || []).map(({ action }) => actionButton(view, action, label(view, action)));
      return h(
        "div",
        { class: `re-stall re-fruit-${fruit}${trump ? " re-trump" : ""}`, role: "group", "aria-label": `${fruit} stall${trump ? " (trump, donkey cart)" : ""}: ${words}` },
        h("div", { class: "re-stall-head" }, fruitBadge(fruit), h("span", { text: fruit }), trump ? donkeyCart() : null),
        h("ul", { class: "re-sellers", "aria-hidden": "true" },
          who.map(([n, s]) => h("li", { class: `re-seat-c${s}`, title: `${seatName(view, s)}: ${n}` },
            h("span", { class: "re-seller-name", text: seatName(view, s) }), h("span", { class: "re-seller-count", text: `\u00D7${n}` })))),
        buttons.length ? h("div", { class: "re-stall-actions" }, buttons) : null,
      );
    }),
  );
}

const ARROWS = { raise: "\u25B2 ", lower: "\u25BC " };

function valueTable(view, placed) {
  const values = asObject(view.values);
  const fruits = asArray(view.fruits).filter((f) => f in values);
  if (!fruits.length) return null;
  const bastos = asArray(view.bastos);
  const levels = asArray(view.levels);
  const adjusting = isSeat(view.adjusting);
  const anyButtons = fruits.some((f) => placed.value.has(f));
  return h(
    "table",
    { class: `re-values${adjusting ? " re-adjusting" : ""}` },
    h("caption", { text: "Fruit values" }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "value" }),
      fruits.map((f) => h("th", { scope: "col", class: view.trump === f ? "re-trump" : null, "aria-label": `${f}${view.trump === f ? " (trump)" : ""}` },
        fruitBadge(f), view.trump === f ? donkeyCart() : null)))),
    h("tbody", {}, levels.map((level) => h("tr", {},
      h("th", { scope: "row", text: level > 0 ? `+${level}` : String(level) }),
      fruits.map((f) => {
        const here = Number(values[f]) === level;
        return h("td", { class: here ? `re-marker re-fruit-${f}` : null, "aria-label": here ? `${f} is worth ${level}` : null },
          here ? h("span", { class: "re-marker-dot", text: "\u25CF" }) : null);
      })))),
    h("tfoot", {},
      h("tr", {}, h("th", { scope: "row", text: "Bastos!" }),
        fruits.map((f) => h("td", { class: "re-bastos-of" },
          bastos.map((b, s) => (b === f ? seatMark(view, s, { spoken: true, title: `${f} is ${seatName(view, s) === "You" ? "your" : `${seatName(view, s)}\u2019s`} Bastos! colour` }) : null))))),
      anyButtons ? h("tr", {}, h("th", { scope: "row", text: "move" }),
        fruits.map((f) => h("td", { class: "re-value-actions" },
          (placed.value.get(f) || []).map(({ action, short, kind }) => actionButton(view, action, (ARROWS[kind] ?? "") + short))))) : null),
  );
}

function handArea(view, placed) {
  const name = seatName(view, view.seat);
  const slots = [...placed.cards.entries()].map(([card, slot]) => {
    const ok = slot.primary !== null;
    const text = ok ? label(view, slot.primary) : `${cardWords(view, card)} (not playable now)`;
    const button = h("button", {
      type: "button", class: `re-card${ok ? " legal" : ""}`, "data-action": ok ? slot.primary : card,
      "aria-label": text, title: text,
    }, cardFace(view, card));
    if (!slot.extras.length) return button;
    return h("span", { class: "re-hand-slot" }, button,
      slot.extras.map(({ action, short }) => actionButton(view, action, short, "re-card-extra")));
  });
  const others = placed.other.map((a) => actionButton(view, a, label(view, a)));
  return h(
    "div",
    { class: "re-hand-area" },
    others.length ? h("div", { class: "re-actions", role: "group", "aria-label": "Other actions" }, others) : null,
    h("div", { class: "re-hand", role: "group", "aria-label": `${name}'s hand${view.is_over ? "" : " (arrow keys move between cards)"}` },
      slots.length ? slots : h("span", { class: "re-empty", text: "No cards in hand" })),
  );
}

function summary(view) {
  if (!view.is_over) return null;
  const rounds = asArray(view.round_scores);
  return summaryBox(gameOverTitle(view),
    seatScoreTable(view, "Round", rounds.map((r) => [r.round ? String(r.round) : "other", (s) => asArray(r.points)[s] ?? 0])));
}

// Seats other than the viewer's, placed clockwise from the viewer's left, over the top, to the right.
function placeSeats(view) {
  const players = Number(view.players) || asArray(view.scores).length;
  const me = isSeat(view.seat) ? view.seat : 0;
  const others = Array.from({ length: players - 1 }, (_, i) => (me + 1 + i) % players);
  if (others.length === 0) return { left: [], top: [], right: [] };
  if (others.length === 1) return { left: [], top: others, right: [] };
  return { left: [others[0]], top: others.slice(1, -1), right: [others[others.length - 1]] };
}

// ---- the widget ---------------------------------------------------------------------------------

function draw(root, content, model, ui) {
  const view = asObject(model.get("view"));
  const busy = Boolean(model.get("busy"));
  stampRoot(root, view, busy);
  if (!(view.last_trick && typeof view.last_trick === "object")) ui.showLast = false;
  if (!isSeat(view.players)) {
    content.replaceChildren(waitingBanner());
    return;
  }

  const place = placeSeats(view);
  const placed = placeActions(view);
  const moves = botMoves(view);
  const me = isSeat(view.seat) ? view.seat : 0;
  const parts = [
    header(view, ui),
    turnLine(view, busy),
    errorBox(model.get("error")),
    h("div", { class: "re-table" },
      h("div", { class: "re-side re-left" }, place.left.map((s) => seatPanel(view, s, "left"))),
      h("div", { class: "re-middle" },
        h("div", { class: "re-top" }, place.top.map((s) => seatPanel(view, s, "top"))),
        centre(view, ui, moves)),
      h("div", { class: "re-side re-right" }, place.right.map((s) => seatPanel(view, s, "right")))),
    h("div", { class: "re-board" }, stalls(view, placed), valueTable(view, placed)),
    legend(view),
    h("div", { class: "re-bottom" }, seatPanel(view, me, "bottom"), handArea(view, placed)),
    summary(view),
    eventsList(view),
  ];
  morphChildren(content, parts.filter(Boolean));
}

// Where the focus goes back after a redraw: the same action or role, else a playable card.
function restoreFocus(root, key) {
  if (!key) return;
  const oldHand = key.element.closest(".re-hand"); // the redraw took it out of the page
  let target = null;
  if (key.action) target = [...root.querySelectorAll("button[data-action]")].find((b) => b.dataset.action === key.action);
  if (!target && key.role) target = root.querySelector(`[data-role="${key.role}"]`);
  if (target || !(oldHand || key.action)) {
    giveFocus(root, target);
    return;
  }
  const hand = [...root.querySelectorAll(".re-hand button")];
  const index = oldHand ? [...oldHand.querySelectorAll("button")].indexOf(key.element) : -1;
  giveFocus(root, root.querySelector(".re-hand button.legal") || root.querySelector("button.legal") || hand[Math.min(index, hand.length - 1)]);
}

function render({ model, el }) {
  const content = h("div", { class: "re-content" });
  const live = liveRegions();
  const root = widgetRoot("trick-table", "Trick table", content, live.polite, live.urgent);
  const ui = { showLast: false, saidError: "", saidEvent: "", saidTurn: "", hadFocus: false, myTurn: false };

  // When the bots have moved and it is the learner's turn again, the focus goes back to their hand,
  // if the learner was at the table (the focus was in it, or was lost when a redraw took its button
  // away): keyboard play never has to find its way back.
  const restore = (where, key) => {
    const view = asObject(model.get("view"));
    const myTurn = asArray(view.legal).length > 0;
    const turned = myTurn && !ui.myTurn;
    ui.myTurn = myTurn;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (turned && (key || (ui.hadFocus && lost))) {
      giveFocus(where, where.querySelector(".re-hand button.legal") || where.querySelector("button.legal"));
      return;
    }
    restoreFocus(where, key);
  };
  const redraw = redrawer({ root, live, model, ui, keys: ["action", "role"], draw: () => draw(root, content, model, ui), restore });
  const onFocusIn = () => {
    ui.hadFocus = true;
  };
  // Moving to something else on the page ends it; a button removed by a redraw (no new target) does not.
  const onFocusOut = (event) => {
    if (event.relatedTarget instanceof Element && !root.contains(event.relatedTarget)) ui.hadFocus = false;
  };

  const onClick = (event) => {
    const button = clickedButton(event, root);
    if (!button || sendIntent(model, button)) return;
    if (button.dataset.role === "last-trick") {
      ui.showLast = !ui.showLast;
      redraw();
    }
  };

  // Arrow keys walk the hand (and the action buttons); Enter/Space press the focused button natively.
  const onKey = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (dismissOnEscape(event, model)) {
      event.stopPropagation();
      return;
    }
    const group = target?.closest(".re-hand, .re-actions");
    const next = group && ARROW_KEYS.includes(event.key) ? walk(group, target, event.key) : null;
    if (!next) return;
    next.focus();
    event.preventDefault();
    event.stopPropagation(); // keep JupyterLab's notebook shortcuts out of the hand
  };

  return mount(model, el, root, redraw, [["click", onClick], ["keydown", onKey], ["focusin", onFocusIn], ["focusout", onFocusOut]]);
}

export default { render };
