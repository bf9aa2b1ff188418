// re-hints: the Hint button, its suggestions and the "Why?" beside each bot move (widgets/_hints.py).
// widgets/_hints.py puts this file after the widget's own module; it declares functions only, which
// the shell (timeline.js) calls. It draws view.hints and sends "hint" and "why" messages: the kernel
// searches and words every answer. A suggestion can be marked on the board (the board's own
// button[data-action] for it) or played; the move's notation is only ever passed back, never read.

const hintInfo = (view) => asObject(asObject(view).hints);
const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");

// A request is answered when the kernel's count of answers catches up with the page's count of asks.
const hintThinking = (view, ui) => Number(ui.hintAsked ?? 0) > Number(hintInfo(view).asked ?? 0);
// While the host's searches are all taken, the kernel says how many are ahead of this table's.
const hintWaiting = (view) => {
  const ahead = hintInfo(view).ahead;
  if (ahead === null || ahead === undefined) return null;
  const n = Number(ahead) || 0;
  return n > 0 ? `Waiting for a free thinker: ${n === 1 ? "1 search" : `${n} searches`} ahead of yours\u2026`
    : "Waiting for a free thinker: yours is next\u2026";
};

function hintButton(view, t, ui, busy) {
  if (!view.hints || view.is_over || t.mode !== "play" || asArray(view.legal).length === 0) return null;
  const thinking = hintThinking(view, ui) && ui.asking === "hint";
  return h("button", {
    class: "re-button re-hint-button", type: "button", "data-role": "hint", disabled: busy,
    "aria-busy": thinking ? "true" : "false", "aria-disabled": thinking ? "true" : null,
    "aria-label": thinking ? "Hint: thinking about your best moves" : "Hint: suggest your best moves, with the reasons",
    title: "Suggest the best moves here and say why (half a second's search from what you can see)",
    text: thinking ? "Thinking\u2026" : "Hint",
  });
}

function hintItem(item, index, ui) {
  const label = String(item.label ?? "");
  const marked = ui.hintMarked === item.action;
  return h("li", { class: `re-hint${marked ? " re-hint-marked" : ""}`, "data-role": "hint-item" },
    h("div", { class: "re-hint-move", "data-role": "hint-move", text: label }),
    h("div", { class: "re-hint-odds", text: `${capital(String(item.chances ?? ""))}; ${String(item.margin ?? "")} (${plural(Number(item.samples) || 0, "deal")} played out).` }),
    h("div", { class: "re-hint-reason", "data-role": "hint-reason", text: `${String(item.reason ?? "")}.` }),
    h("div", { class: "re-hint-actions" },
      h("button", { class: "re-button", type: "button", "data-role": "hint-show", "data-index": String(index), "aria-pressed": String(marked),
        "aria-label": `Show on the board: ${label}`, title: "Mark this move on the board", text: "Show on the board" }),
      h("button", { class: "re-button", type: "button", "data-role": "hint-play", "data-index": String(index),
        "aria-label": `Play this move: ${label}`, title: "Play this move now", text: "Play it" })),
    marked && ui.hintNote ? h("div", { class: "re-hint-note", role: "status", text: ui.hintNote }) : null);
}

function hintPanel(view, t, ui) {
  if (t.mode !== "play") return null;
  if (hintThinking(view, ui) && ui.asking === "hint") {
    return h("div", { class: "re-hints", "data-role": "hints", role: "status", "aria-busy": "true",
      text: hintWaiting(view) ?? "Thinking about your best moves\u2026" });
  }
  const hint = asObject(hintInfo(view).hint);
  const items = asArray(hint.items);
  if (!items.length || ui.hintClosed === Number(hintInfo(view).asked)) return null;
  const more = Number(hint.moves) > items.length ? ` (${items.length} of ${Number(hint.moves)} moves)` : "";
  return h("section", { class: "re-hints", "data-role": "hints", "aria-label": "Suggested moves" },
    h("div", { class: "re-hints-head" },
      h("h3", { class: "re-hints-title", text: `Suggested moves, best first${more}` }),
      h("button", { class: "re-button", type: "button", "data-role": "hint-close", "aria-label": "Close the suggestions", title: "Close the suggestions", text: "\u2715" })),
    hint.busy ? h("p", { class: "re-hints-busy", "data-role": "hints-busy", text: String(hint.busy) }) : null,
    h("ol", { class: "re-hints-list" }, items.map((item, i) => hintItem(asObject(item), i, ui))));
}

// "Why?" beside a bot's move in the log, and its answer under the move once asked.
function whyButton(view, entry, t, ui) {
  const move = Number(entry.move);
  const seat = entry.seat;
  if (!isSeat(seat) || move === Number(t.first) || !asArray(view.bots)[seat]) return null;
  const thinking = hintThinking(view, ui) && ui.asking === `why:${move}`;
  return h("button", {
    class: "re-button re-why", type: "button", "data-role": "why", "data-move": String(move),
    "aria-busy": thinking ? "true" : "false", "aria-disabled": thinking ? "true" : null, "aria-label": `Why did ${seatName(view, seat)} make move ${move}?`,
    title: "What the bot saw and preferred", text: thinking ? "Thinking\u2026" : "Why?",
  });
}

function whyAnswer(view, entry) {
  const why = asObject(hintInfo(view).why);
  if (Number(why.move) !== Number(entry.move) || why.move === undefined) return null;
  return h("div", { class: "re-why-answer", "data-role": "why-answer", role: "note", "aria-label": String(why.title ?? "Why") },
    h("strong", { text: String(why.title ?? "") }),
    h("ul", {}, asArray(why.lines).map((line) => h("li", { text: String(line) }))));
}

// The board's buttons for the marked move get `re-hinted` (the board is redrawn on every change:
// this runs after each redraw); the first takes the focus when the learner has just asked.
function markHint(root, view, ui, focus = false) {
  for (const old of root.querySelectorAll(".re-hinted")) old.classList.remove("re-hinted");
  if (!ui.hintMarked) return;
  if (ui.hintMove !== Number(view.move_number ?? 0) || !asObject(hintInfo(view).hint).items) {
    ui.hintMarked = null;
    return;
  }
  const targets = [...root.querySelectorAll("button[data-action]")].filter((b) => b.dataset.action === ui.hintMarked);
  for (const b of targets) b.classList.add("re-hinted");
  ui.hintNote = targets.length ? "" : "This move is made in steps on the board: press \u201cPlay it\u201d to make it.";
  if (focus && targets.length) targets[0].focus({ preventScroll: false });
}

// The shell's clicks on hint controls; returns whether the button was one of them. A button that
// is thinking stays focusable (aria-disabled): the focus stays where the learner left it.
function hintClick(model, button, ui, redraw) {
  const role = button.dataset.role;
  if (button.getAttribute("aria-disabled") === "true") return ["hint", "why"].includes(role);  // still thinking
  const view = asObject(model.get("view"));
  const items = asArray(asObject(hintInfo(view).hint).items);
  const item = asObject(items[Number(button.dataset.index)]);
  const asked = Number(hintInfo(view).asked ?? 0);
  if (role === "hint") {
    ui.hintAsked = asked + 1;
    ui.asking = "hint";
    ui.hintMarked = null;
    model.send({ type: "hint" });
  } else if (role === "why") {
    ui.hintAsked = asked + 1;
    ui.asking = `why:${button.dataset.move}`;
    model.send({ type: "why", move: Number(button.dataset.move) });
  } else if (role === "hint-close") {
    ui.hintClosed = asked;
    ui.hintMarked = null;
  } else if (role === "hint-show" && item.action !== undefined) {
    ui.hintMarked = ui.hintMarked === item.action ? null : item.action;
    ui.hintMove = Number(view.move_number ?? 0);
    redraw(true);
    return true;
  } else if (role === "hint-play" && item.action !== undefined) {
    ui.hintMarked = null;
    model.send({ type: "play", action: item.action, move: Number(view.move_number ?? 0) });
  } else {
    return false;
  }
  redraw(false);
  return true;
}

// Says the newest suggestion once (the panel itself is not a live region: it would read it all).
function announceHint(root, view, ui) {
  const info = hintInfo(view);
  const items = asArray(asObject(info.hint).items);
  const polite = root.querySelector("[data-role=announce]");
  if (!polite || !items.length || ui.hintSaid === Number(info.asked)) return;
  ui.hintSaid = Number(info.asked);
  polite.textContent = `Hint: ${String(asObject(items[0]).label ?? "")} is the best move found.`;
}
