// re-keep-store: one value a page keeps in this browser (widgets/_keep.py, BrowserStore): what was
// stored under the page's key is handed to the kernel once (`found`), and whatever the kernel sets as
// `value` is stored after ("" forgets it). Nothing is drawn.
function render({ model, el }) {
  el.style.display = "none";
  let store = null;
  try {
    store = window.localStorage || null;
  } catch (err) {
    store = null; // storage refused: nothing is kept
  }
  const name = `rules-explorer:kept:${model.get("key")}@${window.location.pathname}`;
  if (store && !model.get("loaded")) {
    let found = "";
    try {
      found = store.getItem(name) || "";
    } catch (err) {
      found = "";
    }
    model.set("found", found);
    model.set("loaded", true);
    model.save_changes();
  }
  const save = () => {
    if (!store) return;
    try {
      const value = model.get("value");
      if (value) store.setItem(name, value);
      else store.removeItem(name);
    } catch (err) {
      /* full or refused: not kept */
    }
  };
  model.on("change:value", save);
  return () => model.off("change:value", save);
}

export default { render };
