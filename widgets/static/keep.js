// re-keep: a game in progress kept in this browser, and offered back when the page is opened again
// (widgets/_keep.py). The table's view carries `kept` (the game's record and the learner's seat) on
// pages that keep their game; once the learner has acted at this table, it is stored in localStorage
// under the page's address after every move, and dropped once the game is over. A stored game with
// moves that differs from the table's is offered back above the table ("Resume it" sends its record to
// the kernel, which replays it; "Start afresh" forgets it); until the offer is answered nothing is
// stored over it. A record the kernel refuses to resume (the error's rule is widget.resume) is
// forgotten: it is not offered again.
const KEPT_PREFIX = "rules-explorer:kept:";

function keptStore() {
  try {
    return window.localStorage || null;
  } catch (err) {
    return null; // storage refused (a private window, a policy): nothing is kept
  }
}

function keptName(key) {
  return `${KEPT_PREFIX}${key}@${window.location.pathname}`;
}

function readKept(store, key) {
  try {
    const found = JSON.parse(store.getItem(keptName(key)) || "null");
    return found && typeof found === "object" && found.record && typeof found.record === "object" ? found : null;
  } catch (err) {
    return null;
  }
}

function keptWhen(saved) {
  const when = new Date(Number(saved) || 0);
  return Number.isNaN(when.getTime()) ? "" : `, saved ${when.toLocaleString()}`;
}

// Whether the table's game is the kept one, or goes on from it (a resumed game the bots have moved on).
function keptGoesOn(old, now) {
  const same = (key) => JSON.stringify(old[key]) === JSON.stringify(now[key]);
  const before = asArray(old.actions);
  const after = asArray(now.actions);
  return ["game", "players", "seed", "rules", "edition"].every(same) && after.length >= before.length &&
    JSON.stringify(after.slice(0, before.length)) === JSON.stringify(before);
}

// Returns what the table's redraw calls: store the game as it stands, or offer a kept one back.
function keepGame(model, root) {
  const store = keptStore();
  let answered = false;
  let acted = false; // a bot's move alone, or a fresh deal, is not the learner's game in progress
  let offer = null;
  for (const kind of ["click", "keydown"]) root.addEventListener(kind, () => { acted = true; }, true);
  const forget = (key) => {
    try {
      store.removeItem(keptName(key));
    } catch (err) {
      /* nothing to forget */
    }
  };
  const show = (kept, old) => {
    if (offer) return;
    const moves = asArray(old.record.actions).length;
    const resume = h("button", { class: "re-button re-kept-resume", type: "button", "data-role": "kept-resume", text: "Resume it" });
    const fresh = h("button", { class: "re-button", type: "button", "data-role": "kept-discard", text: "Start afresh" });
    offer = h("div", { class: "re-kept", role: "region", "aria-label": "Your game from before", "data-role": "kept" },
      h("p", { text: `You have a game in progress from before, kept in this browser: ${moves} move${moves === 1 ? "" : "s"}${keptWhen(old.saved)}.` }),
      resume, fresh);
    resume.addEventListener("click", () => {
      answered = true; // kept until the resumed game moves on (or the kernel refuses it: see below)
      offer.remove();
      model.send({ type: "resume", record: JSON.stringify(old.record), seat: Number(old.seat) || 0 });
    });
    fresh.addEventListener("click", () => {
      forget(kept.key);
      answered = true;
      offer.remove();
    });
    root.before(offer);
  };
  const store_ = (kept) => {
    if (!kept || !kept.key) return;
    if (asObject(model.get("error")).rule === "widget.resume") {
      forget(kept.key); // a record this version cannot replay: said once, then put aside
      return;
    }
    try {
      if (kept.over) forget(kept.key);
      else if (acted) store.setItem(keptName(kept.key), JSON.stringify({ record: kept.record, seat: kept.seat, saved: Date.now() }));
    } catch (err) {
      /* storage full or refused: this game is not kept */
    }
  };
  return () => {
    const kept = asObject(model.get("view")).kept;
    if (!store || !kept || !kept.key) return;
    if (!answered) {
      const old = readKept(store, kept.key);
      if (old && !keptGoesOn(old.record, asObject(kept.record)) && asArray(old.record.actions).length > 0) {
        show(kept, old);
        return;
      }
      answered = true;
    }
    store_(kept);
  };
}
