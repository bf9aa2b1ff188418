// Drawing the klong board without rebuilding what did not change (loaded after common.js and
// timeline.js, before the board's other files).
//
// The board is drawn from scratch on every update (the view model decides everything), then morphed
// into the live one (`morph` in common.js keeps nodes that show the same thing). Building the ~80
// spaces, the landings and the panels cost 10-45 ms of script per update, most of a click's time
// in the page. So a part whose inputs did not change is not built at all: `part(name, inputs, build)`
// stands in the drawing for `build()`'s element, keyed by its name and its inputs (the slice of the
// view model and of the learner's selection the part reads, as JSON). `patchChildren` morphs the new
// drawing into the live one as `morphChildren` does, except that a live element drawn last time
// under the same key is kept as it is, and a part whose key changed is built then and morphed in.

const PART_TAG = "re-part";
// Each placeholder's key and builder (kept off the element: nothing is written into the DOM).
const PARTS = new WeakMap();
// The key each live element was last drawn under.
const DRAWN_KEYS = new WeakMap();
// A test sets this to build every part anew (drawing exactly as without keys) to compare drawings.
let buildEveryPart = false;

// A part of the drawing that is built only when `inputs` (JSON-able) differ from those the live
// element at its place was last drawn with. `build()` returns one element, or null for nothing.
function part(name, inputs, build) {
  if (buildEveryPart) return build();
  const node = document.createElement(PART_TAG);
  PARTS.set(node, { key: `${name}\u0000${JSON.stringify(inputs)}`, build });
  return node;
}

// Where a drawing may have nothing among siblings that are parts: an empty <template> (never shown,
// never read out, no box in a flex column) holds the place, so the parts after it keep theirs
// (children are matched by position: the action panel coming and going would shift the hand, the
// tracks and the players onto each other's live nodes and rebuild them all).
const slot = (node) => node ?? document.createElement("template");

// A part's element: built, with its own parts built in turn; its key noted. Null when it draws nothing.
function buildPart(node) {
  const { key, build } = PARTS.get(node);
  const built = build();
  if (!built) return null;
  const ready = realize(built);
  DRAWN_KEYS.set(ready, key);
  return ready;
}

// A freshly drawn node entering the page as new: its placeholders replaced by their parts.
function realize(node) {
  if (PARTS.has(node)) return buildPart(node);
  if (node.nodeType !== Node.ELEMENT_NODE) return node;
  // (A part's own parts are built with it, so the list holds only this drawing's placeholders.)
  for (const inner of [...node.getElementsByTagName(PART_TAG)]) {
    const built = buildPart(inner);
    if (built) inner.replaceWith(built);
    else inner.remove();
  }
  return node;
}

// `morphChildren` (common.js) for drawings with parts: children are matched by position, a part
// whose key the live node already has is left alone, any other node is morphed in.
function patchChildren(parent, nodes) {
  const old = [...parent.childNodes];
  let at = 0;
  for (const node of nodes) {
    if (node === null || node === undefined) continue;
    const live = old[at];
    if (live === undefined) {
      const fresh = realize(node);
      if (fresh) parent.append(fresh);
      else continue;
    } else if (!patch(live, node)) {
      continue; // the part draws nothing: the live node stays in line for the next one
    }
    at += 1;
  }
  for (let i = at; i < old.length; i++) old[i].remove();
}

// Morph `drawn` into `live`; returns false when `drawn` is a part that draws nothing (then `live`
// is untouched, for the caller to match with the next node).
function patch(live, drawn) {
  const info = PARTS.get(drawn);
  if (info) {
    if (DRAWN_KEYS.get(live) === info.key) return true; // drawn from the same inputs: as it is
    const built = info.build();
    if (!built) return false;
    const now = patchNode(live, built);
    DRAWN_KEYS.set(now, info.key);
    return true;
  }
  DRAWN_KEYS.delete(patchNode(live, drawn));
  return true;
}

// `morph` (common.js) for drawings with parts; returns the node now in the page.
function patchNode(live, drawn) {
  if (live.nodeType !== drawn.nodeType || live.nodeName !== drawn.nodeName) {
    const fresh = realize(drawn);
    live.replaceWith(fresh);
    return fresh;
  }
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== drawn.nodeValue) live.nodeValue = drawn.nodeValue;
    return live;
  }
  if (FORM_TAGS.has(live.nodeName)) {
    const fresh = realize(drawn);
    if (live.isEqualNode(fresh)) return live;
    live.replaceWith(fresh);
    return fresh;
  }
  morphAttributes(live, drawn);
  patchChildren(live, [...drawn.childNodes]);
  return live;
}
