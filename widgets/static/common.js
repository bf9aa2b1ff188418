// Helpers shared by every Rules Explorer widget. anywidget loads one module per widget, so
// widgets/_assets.py puts this file in front of each widget's own code; it declares, never exports.

// ---- DOM building (text only: nothing from the model is ever parsed as HTML) ---------------------

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Put `nodes` (freshly drawn) in `parent` in place of its children, keeping every live node that
// already shows the same thing: only what changed is restyled and laid out again, and the focused
// button stays focused. The widgets draw a whole new content on every update (simple, and the view
// model decides everything); replacing it outright made each click re-lay out the whole table,
// most of a click's time in the browser.
function morphChildren(parent, nodes) {
  const old = [...parent.childNodes];
  nodes.forEach((node, i) => {
    if (i < old.length) morph(old[i], node);
    else parent.append(node);
  });
  for (let i = nodes.length; i < old.length; i++) old[i].remove();
}

function morph(live, drawn) {
  if (live.nodeType !== drawn.nodeType || live.nodeName !== drawn.nodeName) {
    live.replaceWith(drawn);
    return;
  }
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== drawn.nodeValue) live.nodeValue = drawn.nodeValue;
    return;
  }
  // A form control's state lives in properties its attributes do not reset: drawn anew, as before.
  if (FORM_TAGS.has(live.nodeName)) {
    if (!live.isEqualNode(drawn)) live.replaceWith(drawn);
    return;
  }
  morphAttributes(live, drawn);
  morphChildren(live, [...drawn.childNodes]);
}

const FORM_TAGS = new Set(["SELECT", "INPUT", "TEXTAREA", "OPTION"]);

// The live element takes the drawn one's attributes (in morph, and in klong_draw.js's patchNode).
function morphAttributes(live, drawn) {
  const keepOpen = live.nodeName === "DETAILS";  // opened or closed by the learner: left as it is
  for (const { name } of [...live.attributes]) {
    if (!drawn.hasAttribute(name) && !(keepOpen && name === "open")) live.removeAttribute(name);
  }
  for (const { name, value } of drawn.attributes) {
    if (keepOpen && name === "open") continue;
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
}

// ---- reading the view model defensively (a widget must draw whatever arrives) --------------------

const asArray = (x) => (Array.isArray(x) ? x : []);
const asObject = (x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {});
const isSeat = (x) => Number.isInteger(x);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function seatName(view, seat) {
  const names = asArray(view.names);
  return typeof names[seat] === "string" ? names[seat] : `Seat ${seat}`;
}

// An event arrives as the engine's entry {seat, action, text, ...} (older views sent plain text).
const eventText = (e) => (typeof e === "string" ? e : String(asObject(e).text ?? ""));

// ---- the shell every widget shares: root, live regions, turn line, error box, summary ------------

// The root carries `re-widget` (common.css: theme tokens, dark mode, buttons, error banner) and the
// widget's own class (`re-trick-table`, `re-bangkok`, `re-klong-board`), which scopes its board styles.
function widgetRoot(kind, label, ...children) {
  return h("div", { class: `re-widget re-${kind}`, role: "region", "aria-label": label }, ...children);
}

// Two regions that persist across redraws: refusals are read at once, news when it changes.
function liveRegions() {
  return {
    polite: h("div", { class: "re-sr", "aria-live": "polite", "data-role": "announce" }),
    urgent: h("div", { class: "re-sr", "aria-live": "assertive", role: "alert" }),
  };
}

// The hooks the browser tests wait on: which game, which move, whether the bots are thinking.
function stampRoot(root, view, busy) {
  root.dataset.game = String(view.game ?? "");
  root.dataset.move = String(view.move_number ?? 0);
  root.dataset.busy = busy ? "true" : "false";
  root.dataset.current = isSeat(view.current_player) ? String(view.current_player) : "";
  root.dataset.phase = String(view.phase ?? "");
  root.setAttribute("aria-busy", busy ? "true" : "false");
}

const turnBanner = (text) => h("div", { class: "re-turn", "data-role": "turn", text });
const waitingBanner = () => turnBanner("Waiting for the game\u2026");

// Whose turn it is, in words: {text} when nobody acts, {yours} when a learner acts, else {other}.
function whoseTurn(view) {
  const current = view.current_player;
  if (view.is_over) return { text: "Game over" };
  if (!isSeat(current)) return { text: "" };
  if (asArray(view.legal).length === 0) return { other: seatName(view, current) };
  return { yours: asArray(view.learners).length === 1 ? "Your turn" : `${seatName(view, current)}: your turn` };
}

function headerBar(title, meta, { tags = [], buttons = [] } = {}) {
  return h(
    "div",
    { class: "re-header" },
    h("span", { class: "re-title", text: title }),
    h("span", { class: "re-meta", text: meta }),
    tags,
    h("span", { class: "re-spacer" }),
    buttons,
    h("button", { class: "re-button", type: "button", "data-role": "restart", "aria-label": "Restart this game from the start", text: "Restart" }),
  );
}

function errorBox(error) {
  const e = asObject(error);
  const message = typeof e.message === "string" ? e.message : "";
  const rule = typeof e.rule === "string" ? e.rule : "";
  const ruleText = typeof e.rule_text === "string" ? e.rule_text : "";
  // The rules page at this rule, as the kernel addressed it; only a relative address is drawn.
  const ruleUrl = typeof e.rule_url === "string" && !e.rule_url.includes(":") ? e.rule_url : "";
  // A rule id is shown only with its rule's words (the engine's catalogue); widget-side refusals
  // (a forged message, not your turn) say everything in their message.
  return h(
    "div",
    { class: "re-banner re-error", "data-role": "error", hidden: !message },
    message ? h("span", { class: "re-error-text", text: message }) : null,
    ruleText ? h("span", { class: "re-rule", "data-rule": rule }, " The rule: ", ruleText, " ", h("small", { class: "re-rule-id", text: `(${rule})` }),
      ruleUrl ? [" ", h("a", { class: "re-rule-link", "data-role": "rule-link", href: ruleUrl, target: "_blank", rel: "noopener", text: "Read the rule" })] : null) : null,
    message ? h("button", { class: "re-button re-dismiss", type: "button", "data-role": "dismiss", "aria-label": "Dismiss this message", text: "\u00D7" }) : null,
  );
}

function gameOverTitle(view, tie = "tie") {
  const winners = asArray(view.winners).map((s) => seatName(view, s));
  return winners.length > 1 ? `Game over \u2014 ${tie}: ${winners.join(", ")}` : `Game over \u2014 ${winners[0] ?? "nobody"} ${winners[0] === "You" ? "win" : "wins"}`;
}

// The end-of-game box: a title, what the game adds, and the new-game button.
function summaryBox(title, ...body) {
  return h(
    "div",
    { class: "re-summary", "data-role": "summary" },
    h("h3", { text: title }),
    body,
    h("button", { class: "re-button", type: "button", "data-role": "new-game", "aria-label": "Play a new game with the next deal", text: "New game" }),
  );
}

// Scores by seat in columns: `rows` are [label, (seat) => value]; the foot holds the totals.
function seatScoreTable(view, corner, rows) {
  const players = Number(view.players) || asArray(view.scores).length;
  const seats = Array.from({ length: players }, (_, s) => s);
  const scores = asArray(view.scores);
  return h("table", { class: "re-score-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: corner }), seats.map((s) => h("th", { scope: "col", text: seatName(view, s) })))),
    h("tbody", {}, rows.map(([label, value]) => h("tr", {},
      h("th", { scope: "row", text: label }), seats.map((s) => h("td", { text: String(value(s)) }))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row", text: "Total" }),
      seats.map((s) => h("td", { "data-role": "final-score", "data-seat": s, text: String(scores[s] ?? 0) })))));
}

// What happened, newest last, folded away; `limit` keeps the list short (null: all of it).
function eventsList(view, { limit = 10, title = "Recent events" } = {}) {
  const list = asArray(view.events).map(eventText);
  const shown = limit === null ? list : list.slice(-limit);
  if (!shown.length) return null;
  return h("details", { class: "re-events" },
    h("summary", { text: `${title}: ${shown[shown.length - 1]}` }),
    h("ol", {}, shown.map((text) => h("li", { text }))));
}

// The content is rebuilt on every change, so announcements go through the two live regions:
// refusals at once, and the newest happening or whose turn it is when they change.
function announce(live, root, model, ui) {
  const view = asObject(model.get("view"));
  const error = asObject(model.get("error"));
  const message = typeof error.message === "string"
    ? `${error.message}${typeof error.rule_text === "string" ? ` The rule: ${error.rule_text}` : ""}` : "";
  if (message !== ui.saidError) {
    live.urgent.textContent = message;
    ui.saidError = message;
  }
  const list = asArray(view.events);
  const latest = list.length ? eventText(list[list.length - 1]) : "";
  const turn = root.querySelector("[data-role=turn]")?.textContent ?? "";
  const news = [latest !== ui.saidEvent ? latest : "", turn !== ui.saidTurn ? turn : ""].filter(Boolean);
  ui.saidEvent = latest;
  ui.saidTurn = turn;
  if (news.length) live.polite.textContent = news.join(". ");
}

// ---- focus: a redraw gives the focus back, so keyboard play never loses its place ----------------

// The focused control's data attributes among `keys` (null when the focus is elsewhere).
function focusKey(root, keys) {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  const key = { element: active };
  for (const k of keys) if (active.dataset[k] !== undefined) key[k] = active.dataset[k];
  return key;
}

// One redraw: note the focused control (its data attributes among `keys`), draw, give the focus
// back with `restore(root, key)`, and announce what changed.
function redrawer({ root, live, model, ui, keys, draw, restore }) {
  return () => {
    const key = focusKey(root, keys);
    draw();
    restore(root, key);
    announce(live, root, model, ui);
  };
}

// Focus `target`, or the first usable of `fallbacks` (selectors), or the turn line.
function giveFocus(root, target, ...fallbacks) {
  const usable = (el) => el && !el.disabled && !el.closest("[hidden]");
  let chosen = usable(target) ? target : null;
  for (const selector of [...fallbacks, "[data-role=turn]"]) {
    if (chosen) break;
    const found = root.querySelector(selector);
    if (usable(found)) chosen = found;
  }
  if (!chosen) return;
  if (!chosen.matches("button")) chosen.setAttribute("tabindex", "-1");
  if (document.activeElement !== chosen) chosen.focus({ preventScroll: true });  // focusing lays the page out
}

const ARROW_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];

// Arrow keys walk a row of buttons (the hand, the actions); Home and End jump to its ends.
function walk(group, target, key, selector = "button") {
  const buttons = [...group.querySelectorAll(selector)];
  const at = buttons.indexOf(target);
  if (at < 0) return null;
  if (key === "Home") return buttons[0];
  if (key === "End") return buttons[buttons.length - 1];
  const step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
  return buttons[Math.max(0, Math.min(buttons.length - 1, at + step))];
}

// ---- intents and mounting -------------------------------------------------------------------------

function clickedButton(event, root) {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  return button && root.contains(button) && !button.disabled ? button : null;
}

// The intents every widget sends the same way: an action to play, restart, new game, dismiss.
// Returns whether the button was one of them.
function sendIntent(model, button) {
  const data = button.dataset;
  if (data.action !== undefined) {
    model.send({ type: "play", action: data.action, move: Number(asObject(model.get("view")).move_number ?? 0) });
    return true;
  }
  if (["restart", "new-game", "dismiss"].includes(data.role)) {
    model.send({ type: data.role });
    return true;
  }
  return false;
}

// Escape dismisses a refusal; returns whether there was one.
function dismissOnEscape(event, model) {
  if (event.key !== "Escape" || !model.get("error")?.message) return false;
  model.send({ type: "dismiss" });
  return true;
}

// A tutorial's outlines: the kernel names what its newest step is about as selectors (view.marks);
// this only draws the outline on what they select.
function markGuide(root, view) {
  for (const el of root.querySelectorAll(".re-guide-mark")) el.classList.remove("re-guide-mark");
  for (const selector of asArray(view?.marks)) {
    if (typeof selector !== "string") continue;
    try {
      for (const el of root.querySelectorAll(selector)) el.classList.add("re-guide-mark");
    } catch { /* a selector this page cannot read outlines nothing */ }
  }
}

// Puts `root` in the page with the table's shell (timeline.js), draws both now and whenever the
// kernel changes view, error or busy (one message often changes all three: they are drawn once),
// and wires `listeners` ([type, handler] pairs) on the root. Returns anywidget's clean-up.
function mount(model, el, root, redrawGame, listeners) {
  el.append(root);
  // The shell (timeline.js: undo, redo, speed, review, round summary, move log) is drawn first, so
  // the game's own focus keeping finds its controls; the shell then gives back its own focus.
  const shell = attachShell(model, root);
  const kept = keepGame(model, root); // keep.js: the game kept in this browser, offered back
  const redraw = () => {
    const key = shell.before();
    shell.draw();
    redrawGame();
    markGuide(root, model.get("view"));
    kept();
    shell.after(key);
  };
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      redraw();
    });
  };
  const traits = ["change:view", "change:error", "change:busy"];
  for (const [type, handler] of listeners) root.addEventListener(type, handler);
  for (const trait of traits) model.on(trait, schedule);
  redraw();
  return () => {
    for (const trait of traits) model.off(trait, schedule);
    for (const [type, handler] of listeners) root.removeEventListener(type, handler);
  };
}
