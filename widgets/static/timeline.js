// The table's shell around every game's board: time travel (undo, redo, the move log, review and
// replay), pace (the bots' speed, the round summary the bots wait on). widgets/_assets.py puts this
// file after common.js and before the widget's own; `mount` (common.js) draws it on every change.
// It reads view.timeline, view.pause, view.speed and view.walkthrough, and sends intents only:
// the kernel decides what undo takes back and what a position shows.

// The shell's two persistent parts: a bar on top (controls, review banner, round summary) and the
// move log at the bottom. They keep their own listeners; the game redraws only its own content.
function shellParts() {
  return {
    top: h("div", { class: "re-shell", "data-role": "shell" }),
    log: h("div", { class: "re-shell-log" }),
    ui: { logOpen: true, said: "", continued: null },
  };
}

function shellButton(role, text, label, { disabled = false, to = null, pressed = null } = {}) {
  return h("button", {
    class: "re-button", type: "button", "data-role": role, "aria-label": label, text, disabled,
    "data-to": to === null ? null : String(to), "aria-pressed": pressed === null ? null : String(pressed),
  });
}

const moveWords = (t, move) => (move === t.first ? "the start" : `move ${move}`);

function speedControl(view) {
  const speed = asObject(view.speed);
  const choices = asArray(speed.choices);
  if (!choices.length) return null;
  const select = h("select", { class: "re-menu re-speed", "data-role": "speed", "aria-label": "Bots' speed" },
    choices.map((c) => h("option", { value: String(c.delay), selected: Number(c.delay) === Number(speed.delay), text: `${c.label}` })));
  return h("label", { class: "re-speed-label" }, "Bots: ", select);
}

function reviewBanner(t) {
  const shown = Number(t.shown);
  const first = Number(t.first);
  const last = Number(t.last);
  const text = shown === first
    ? `Looking at the start of the game (${last - first} moves in all)`
    : `Looking at move ${shown} of ${last}`;
  return h("div", { class: "re-banner re-review", "data-role": "review", role: "status" },
    h("span", { class: "re-review-text", "data-role": "review-text", text }),
    h("span", { class: "re-step-buttons", role: "group", "aria-label": "Step through the game" },
      shellButton("step-first", "|\u25C0", "First position", { disabled: shown <= first, to: first }),
      shellButton("step-back", "\u25C0", "Previous move", { disabled: shown <= first, to: shown - 1 }),
      shellButton("step-next", "\u25B6", "Next move", { disabled: shown >= last, to: shown + 1 }),
      shellButton("step-last", "\u25B6|", "Last position", { disabled: shown >= last, to: last })),
    shellButton("review-back", "Back to the game", "Back to the game as it stands"),
    shellButton("play-on", "Play on from here", `Play on from ${moveWords(t, shown)}: the later moves are dropped`));
}

// Which summary a press of Continue was for: the summary and the position it closes.
const pauseKey = (view) => `${asObject(view.pause).round ?? ""}@${view.move_number ?? ""}`;

// Continue, or (once pressed, until the kernel's answer closes this summary) a button that says so
// and takes no second press: the kernel can take seconds to answer after a round (the app draws the
// round's chart first), and a live button would be pressed again and then vanish under the pointer.
function continueButton(view, ui) {
  const sent = ui.continued === pauseKey(view);
  if (!sent) return shellButton("continue", "Continue", "Continue: the bots play on");
  return h("button", {
    class: "re-button", type: "button", "data-role": "continue", "data-state": "sent", "aria-disabled": "true",
    "aria-label": "Continue: pressed, the bots are about to play on", text: "Continuing\u2026",
  });
}

function pausePanel(view, ui) {
  const p = asObject(view.pause);
  const players = Number(view.players) || 0;
  const seats = Array.from({ length: players }, (_, s) => s);
  const lines = asArray(p.lines);
  return h("section", { class: "re-pause", "data-role": "pause", "aria-label": String(p.title ?? "Round summary") },
    h("h3", { text: String(p.title ?? "") }),
    lines.length
      ? h("table", { class: "re-pause-lines" },
        h("thead", {}, h("tr", {}, ["Player", "What", "Points", "Rule"].map((t) => h("th", { scope: "col", text: t })))),
        h("tbody", {}, lines.map((l) => h("tr", {},
          h("td", { text: seatName(view, l.seat) }),
          h("td", { text: String(l.label ?? "") }),
          h("td", { class: "re-num", text: (l.points > 0 ? "+" : "") + String(l.points) }),
          h("td", {}, String(l.rule_text || ""), " ", h("small", { class: "re-rule-id", text: `(${l.rule})` }))))))
      : h("p", { text: "Nobody scored this time." }),
    h("table", { class: "re-score-table re-pause-totals" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), seats.map((s) => h("th", { scope: "col", text: seatName(view, s) })))),
      h("tbody", {},
        h("tr", {}, h("th", { scope: "row", text: `This ${p.period ?? "round"}` }), seats.map((s) => h("td", { text: String(asArray(p.round_points)[s] ?? 0) }))),
        h("tr", {}, h("th", { scope: "row", text: "Total so far" }), seats.map((s) => h("td", { "data-role": "pause-total", "data-seat": s, text: String(asArray(p.totals)[s] ?? 0) }))))),
    continueButton(view, ui));
}

function toolbar(view, t, ui, busy) {
  const playing = t.mode === "play";
  return h("div", { class: "re-shell-bar", role: "toolbar", "aria-label": "Undo, redo and the bots' speed" },
    shellButton("undo", "\u21B6 Undo", "Undo your last move and the bots' replies", { disabled: !playing || !t.can_undo }),
    shellButton("redo", "Redo \u21B7", "Redo the move you took back", { disabled: !playing || !t.can_redo }),
    t.finished && playing ? shellButton("replay", "Replay the game", "Replay the game move by move from the start", { to: t.first }) : null,
    hintButton(view, t, ui, busy),
    speedControl(view));
}

function logEntry(view, t, entry, ui) {
  const move = Number(entry.move);
  const texts = asArray(entry.texts).map(String);
  const label = move === Number(t.first) ? "Start" : `${move}.`;
  const state = move === Number(t.shown) ? "step" : null;
  return h("li", { class: move > Number(t.current) ? "re-log-later" : null },
    h("button", { class: "re-log-entry", type: "button", "data-role": "log-entry", "data-to": String(move), "aria-current": state,
      "aria-label": `Show ${move === Number(t.first) ? "the start" : `the position after move ${move}`}: ${texts.join(" ") || "no news"}` },
      h("span", { class: "re-log-move", text: label }),
      h("span", { class: "re-log-texts" }, (texts.length ? texts : [move === Number(t.first) ? "The game begins" : "\u2014"]).map((x) => h("span", { class: "re-log-text", text: x })))),
    whyButton(view, entry, t, ui), whyAnswer(view, entry));
}

// What an entry's drawing depends on: an entry whose signature is unchanged keeps its nodes, so an
// update adds the newest moves instead of rebuilding a log of hundreds (the redraw on every move was
// most of a click's time in the browser, and grew with the game).
function entrySignature(view, t, entry, ui) {
  const move = Number(entry.move);
  const seat = entry.seat;
  const why = asObject(hintInfo(view).why);
  return JSON.stringify([entry, move === Number(t.shown), move > Number(t.current), Number(t.first),
    isSeat(seat) ? seatName(view, seat) : null, isSeat(seat) && Boolean(asArray(view.bots)[seat]),
    hintThinking(view, ui) && ui.asking === `why:${move}`, Number(why.move) === move ? why : null]);
}

// The log's <details> is built once and kept (its open state, scroll position and focused entry with
// it); each draw updates the summary and puts the entries in place, reusing unchanged ones.
function drawLog(shell, view, t) {
  const ui = shell.ui;
  let details = shell.log.firstElementChild;
  if (!(details instanceof HTMLDetailsElement)) {
    details = h("details", { class: "re-log", "data-role": "log", open: ui.logOpen },
      h("summary", {}),
      h("ol", { class: "re-log-list", "aria-label": "Every move of the game; choose one to look at that position" }));
    details.addEventListener("toggle", () => {
      ui.logOpen = details.open;
      if (details.open) scrollLog(shell.log);
    });
    shell.log.replaceChildren(details);
    shell.entries = new Map();
  }
  const entries = asArray(t.log).map(asObject);
  const newest = entries.length ? asArray(entries[entries.length - 1].texts) : [];
  const moves = Math.max(0, Number(t.last) - Number(t.first));
  const title = `Move log: ${plural(moves, "move")}${newest.length ? ` \u2014 ${newest[newest.length - 1]}` : ""}`;
  const summary = details.firstElementChild;
  if (summary.textContent !== title) summary.textContent = title;
  const list = details.lastElementChild;
  const kept = new Map();
  const wanted = entries.map((entry) => {
    const sig = entrySignature(view, t, entry, ui);
    const old = shell.entries.get(Number(entry.move));
    const node = old && old.sig === sig ? old.node : logEntry(view, t, entry, ui);
    kept.set(Number(entry.move), { sig, node });
    return node;
  });
  shell.entries = kept;
  let changed = false;
  wanted.forEach((node, i) => {
    const at = list.children[i] ?? null;
    if (at === node) return;
    list.insertBefore(node, at);
    changed = true;
  });
  while (list.children.length > wanted.length) {
    list.lastElementChild.remove();
    changed = true;
  }
  // Scrolling reads the layout: done once the frame is laid out anyway, and only when it can move.
  if ((changed || shell.shownAt !== t.shown) && details.open) requestAnimationFrame(() => scrollLog(shell.log));
  shell.shownAt = t.shown;
}

// Keep the shown move in sight inside the log's own scroll box (never scrolls the page).
function scrollLog(log) {
  const list = log.querySelector(".re-log-list");
  const current = list?.querySelector("[aria-current=step]") ?? list?.lastElementChild;
  if (!list || !current) return;
  const top = current.offsetTop - list.offsetTop;
  if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight + current.offsetHeight + 4);
  }
}

function drawShell(shell, model, root) {
  const view = asObject(model.get("view"));
  const t = asObject(view.timeline);
  const hiddenShell = view.walkthrough === true || !t.mode;
  root.dataset.mode = String(t.mode ?? "play");
  root.dataset.shown = String(t.shown ?? view.move_number ?? 0);
  root.dataset.paused = view.pause ? "true" : "false";
  root.dataset.speed = String(asObject(view.speed).delay ?? "");
  // A press of Continue is pending only until a view without that summary arrives (the same round
  // ending again after an undo is a new summary).
  if (!view.pause || pauseKey(view) !== shell.ui.continued) shell.ui.continued = null;
  shell.top.hidden = hiddenShell;
  shell.log.hidden = hiddenShell;
  if (hiddenShell) {
    shell.top.replaceChildren();
    shell.log.replaceChildren();
    return;
  }
  const parts = [toolbar(view, t, shell.ui, model.get("busy") === true), hintPanel(view, t, shell.ui),
    t.mode !== "play" ? reviewBanner(t) : null, view.pause && t.mode === "play" ? pausePanel(view, shell.ui) : null];
  // An update that leaves the bar as it was (an error shown or dismissed, a hint for the board)
  // keeps its nodes: a button being pressed is not swapped for its twin between mousedown and up.
  const drawn = parts.filter(Boolean);
  const same = drawn.length === shell.top.children.length
    && drawn.every((part, i) => part.outerHTML === shell.top.children[i].outerHTML)
    && [...shell.top.querySelectorAll("select")].every((x) => x.querySelector("option[selected]")?.value === x.value);
  if (!same) shell.top.replaceChildren(...drawn);
  drawLog(shell, view, t);
}

// The shell's intents: each button says what it asks for; the kernel checks every one.
function shellIntent(model, button, ui) {
  const role = button.dataset.role;
  if (role === "continue") {
    const view = asObject(model.get("view"));
    if (button.getAttribute("aria-disabled") !== "true") {  // pressed already: one "continue" is enough
      ui.continued = pauseKey(view);
      model.send({ type: "continue" });
    }
    return true;
  }
  const to = button.dataset.to;
  if (to !== undefined && ["log-entry", "replay", "step-first", "step-back", "step-next", "step-last"].includes(role)) {
    model.send({ type: "goto", move: Number(to) });
    return true;
  }
  const simple = { undo: "undo", redo: "redo", "review-back": "back", "play-on": "play-on" };
  if (simple[role]) {
    model.send({ type: simple[role] });
    return true;
  }
  return false;
}

// Arrow keys walk the log's entries; Home and End jump to its ends.
function shellKey(event) {
  const target = event.target instanceof Element ? event.target : null;
  const list = target?.closest(".re-log-list");
  if (!list || !ARROW_KEYS.includes(event.key)) return;
  const next = walk(list, target, event.key, "button");
  if (!next) return;
  next.focus();
  event.preventDefault();
  event.stopPropagation();
}

// Where the focus was among the shell's controls (role and target move), to give it back.
function shellFocus(shell) {
  const active = document.activeElement;
  if (!active || !(shell.top.contains(active) || shell.log.contains(active))) return null;
  return { role: active.dataset.role, to: active.dataset.to, move: active.dataset.move, index: active.dataset.index };
}

function restoreShellFocus(shell, key) {
  if (!key?.role) return;
  const parts = [shell.top, shell.log];
  let target = null;
  for (const part of parts) {
    const same = (el) => (key.to === undefined || el.dataset.to === key.to) && el.dataset.move === key.move && el.dataset.index === key.index;
    target = target ?? [...part.querySelectorAll(`[data-role="${key.role}"]`)].find(same)
      ?? part.querySelector(`[data-role="${key.role}"]`);
  }
  // A control that went away or cannot be used now (Continue, the review banner, Undo with nothing
  // left to take back): a card to play takes the focus, else the turn line.
  if (target && !target.disabled) target.focus({ preventScroll: true });
  else giveFocus(shell.top.parentElement, null, ".re-hand button.legal", "button.legal");
}

// Puts the shell into `root` and wires it; returns a function that draws it.
function attachShell(model, root) {
  const shell = shellParts();
  root.prepend(shell.top);
  const live = root.querySelector(":scope > .re-sr");
  root.insertBefore(shell.log, live);
  const onClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.disabled) return;
    const redraw = (focusBoard) => {
      const key = shellFocus(shell);
      drawShell(shell, model, root);
      restoreShellFocus(shell, key);
      markHint(root, asObject(model.get("view")), shell.ui, focusBoard);
    };
    if (hintClick(model, button, shell.ui, redraw)) event.stopPropagation();
    else if (shellIntent(model, button, shell.ui)) {
      event.stopPropagation();
      if (button.dataset.role === "continue") redraw(false);  // says at once that it was pressed
    }
  };
  const onChange = (event) => {
    const select = event.target instanceof Element ? event.target.closest("select[data-role=speed]") : null;
    if (select) model.send({ type: "speed", delay: Number(select.value) });
  };
  for (const part of [shell.top, shell.log]) {
    part.addEventListener("click", onClick);
    part.addEventListener("keydown", shellKey);
  }
  shell.top.addEventListener("change", onChange);
  return {
    before: () => shellFocus(shell),
    draw: () => drawShell(shell, model, root),
    after: (key) => {
      restoreShellFocus(shell, key);
      markHint(root, asObject(model.get("view")), shell.ui);
      announceHint(root, asObject(model.get("view")), shell.ui);
      // A round summary or a review banner that has just appeared is read out once.
      const view = asObject(model.get("view"));
      const news = view.pause ? String(asObject(view.pause).title ?? "") : root.querySelector("[data-role=review-text]")?.textContent ?? "";
      const polite = root.querySelector("[data-role=announce]");
      if (news !== shell.ui.said && polite) {
        if (news) polite.textContent = [polite.textContent, news].filter(Boolean).join(". ");
        shell.ui.said = news;
      }
      // Walkthroughs restart nothing: their stepper moves the position.
      const walkthrough = asObject(model.get("view")).walkthrough === true;
      for (const button of root.querySelectorAll("[data-role=restart]")) button.hidden = walkthrough;
    },
  };
}
