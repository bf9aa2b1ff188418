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

// ---- reading the view model defensively (a widget must draw whatever arrives) --------------------

const asArray = (x) => (Array.isArray(x) ? x : []);
const asObject = (x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {});
const isSeat = (x) => Number.isInteger(x);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function seatName(view, seat) {
  const names = asArray(view.names);
  return typeof names[seat] === "string" ? names[seat] : `Seat ${seat}`;
}
