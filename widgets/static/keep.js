// re-keep: a game in progress kept in this browser, and offered back when the page is opened again
// (widgets/_keep.py). The table's view carries `kept` (the game's record and the learner's seat) on
// pages that keep their game; after every move it is stored in localStorage under the page's address,
// and dropped once the game is over. A stored game with moves that differs from the table's is offered
// back above the table ("Resume it" sends its record to the kernel, which replays it; "Start afresh"
// forgets it); until the offer is answered nothing is stored over it.
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

// Returns what the table's redraw calls: store the game as it stands, or offer a kept one back.
function keepGame(model, root) {
  const store = keptStore();
  let answered = false;
  let offer = null;
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
      forget(kept.key); // kept again by the resumed table; a record that does not replay is not offered twice
      answered = true;
      offer.remove();
      model.send({ type: "resume", record: JSON.stringify(old.record), seat: Number(old.seat) || 0 });
    });
    fresh.addEventListener("click", () => {
      forget(kept.key);
      answered = true;
      offer.remove();
      store_(asObject(model.get("view")).kept);
    });
    root.before(offer);
  };
  const store_ = (kept) => {
    if (!kept || !kept.key) return;
    try {
      if (kept.over) forget(kept.key);
      else store.setItem(keptName(kept.key), JSON.stringify({ record: kept.record, seat: kept.seat, saved: Date.now() }));
    } catch (err) {
      /* storage full or refused: this game is not kept */
    }
  };
  return () => {
    const kept = asObject(model.get("view")).kept;
    if (!store || !kept || !kept.key) return;
    if (!answered) {
      const old = readKept(store, kept.key);
      const differs = old && JSON.stringify(old.record) !== JSON.stringify(kept.record);
      if (differs && asArray(old.record.actions).length > 0) {
        show(kept, old);
        return;
      }
      answered = true;
    }
    store_(kept);
  };
}
