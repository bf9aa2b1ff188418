// The klong board's water: spaces, hoods and landings (loaded after klong_draw.js, klong_panels.js
// and klong_marks.js, before klong_board.js, which holds the goods, the geometry and the widget).
//
// Every space, hood and landing is first described in plain data (its classes, label, action and
// boat: cheap), and that description is its key: only the ones whose description changed since the
// last drawing are built and morphed into the page (`part`, klong_draw.js). A bot's move changes a
// few spaces; the other ~75 buttons are neither built nor compared again.

// What clicking each space does now, worked out once per drawing: the legal set and the targets
// read once, not once per space.
function boardContext(view, ui) {
  return {
    view, ui,
    legal: new Set(asArray(view.legal)),
    move: asObject(asObject(view.targets).move),
    boats: asObject(view.board),
  };
}

function spaceRole(ctx, name) {
  const { view, ui, legal, move, boats } = ctx;
  const face = boats[name];
  const sel = ui.sel;
  const mine = face && face.owner === view.colour;
  const canAct = legal.size > 0;
  if (canAct && (view.phase === "turn" || view.phase === "after") && mine && name in move) {
    return { from: name, selected: sel && sel.kind === "from" && sel.space === name };
  }
  if (!sel) return {};
  if (sel.kind === "boat") return { action: fill(view, "place", { boat: sel.id, space: name }) };
  if (sel.kind === "from") return { action: fill(view, "move", { src: sel.space, dst: name }) };
  if (sel.kind === "landing") {
    const spaces = asArray(asObject(ui.landings)[sel.name]);
    if (spaces.includes(name)) return { action: fill(view, "score", { landing: sel.name, space: name }) };
  }
  return {};
}

// The engine's template for a click (`view.templates`), filled with the chosen boat, spaces or landing.
function fill(view, kind, parts) {
  const template = asObject(view.templates)[kind];
  if (typeof template !== "string") return undefined;
  return template.replace(/\{(\w+)\}/g, (_, key) => String(parts[key] ?? ""));
}

// An entry space's arrow points into the board from the edge it lies on.
function entryArrow(space, geo) {
  if (space.column === 0) return "\u2192";
  if (space.column === geo.columns - 1) return "\u2190";
  if (space.row === 0) return "\u2193";
  return space.row === geo.rows - 1 ? "\u2191" : "\u2022";
}

// A space's button from its description (all it shows is in `d`, so `d` is its key). The boat or
// water inside is a part of its own: when only the button's class or label changes (a space lit or
// dark as the learner's turn comes and goes) the tile is kept.
function spaceButton(d) {
  return h("button", {
    type: "button", class: d.classes, "data-space": d.name,
    "data-action": d.action, "data-from": d.from, "aria-pressed": d.pressed,
    "aria-label": d.label, title: d.label, tabindex: d.tabbable ? "0" : "-1",
    style: `left:${d.x}px;top:${d.y}px`,
  },
  part("tile", [d.face, d.water], () => d.face ? boatTile(d.face) : h("span", { class: "re-water", "aria-hidden": "true", text: d.water })),
  d.just ? h("span", { class: "re-just-tag", "aria-hidden": "true", text: "new" }) : null);
}

function board(view, ui, geo, ctx, roles) {
  const { legal, boats } = ctx;
  const entries = new Set(asArray(view.entry_spaces));
  const light = new Set(asArray(asObject(asObject(view.geometry).entries).light));
  const full = new Set(asArray(view.full_hoods));
  const counts = asArray(view.hood_counts);
  const limit = view.hood_limit;
  const guarded = new Set(asArray(view.protected_spaces));
  const thiefRow = new Set(asArray(view.thief_spaces));
  const inspectorCol = new Set(asArray(view.inspector_spaces));
  const selectedBoat = ui.sel && ui.sel.kind === "boat" ? asArray(view.hand).find((b) => b.id === ui.sel.id) : null;
  const showProtection = Boolean((selectedBoat && selectedBoat.kind === "thief") || thiefRow.size || inspectorCol.size);
  const fullLandings = asObject(view.full_landings);
  const market = view.phase === "market";
  const score = asObject(asObject(view.targets).score);
  const selLanding = ui.sel && ui.sel.kind === "landing" ? ui.sel.name : null;
  const selSpaces = new Set(selLanding ? asArray(ui.landings[selLanding]) : []);
  const canAct = legal.size > 0;
  const just = justMarks(view, ui.just);
  const owned = (face) => face && typeof face.owner === "string" && face.owner !== "neutral"
    ? { ...face, ownerName: colourName(view, face.owner) } : face;

  const hoods = asArray(asObject(view.geometry).hoods).map((hood, index) => {
    const cells = asArray(hood).map((s) => geo.byName.get(s)).filter(Boolean);
    if (!cells.length) return null;
    const left = Math.min(...cells.map((s) => geo.xs[s.column]));
    const top = Math.min(...cells.map((s) => geo.ys[s.row]));
    const right = Math.max(...cells.map((s) => geo.xs[s.column])) + CELL;
    const bottom = Math.max(...cells.map((s) => geo.ys[s.row])) + CELL;
    const isFull = full.has(index);
    const attrs = {
      class: `re-hood${isFull ? " re-hood-full" : ""}`, "aria-hidden": "true",
      style: `left:${left - 3}px;top:${top - 3}px;width:${right - left + 6}px;height:${bottom - top + 6}px`,
      title: isFull ? `full hood: ${counts[index]} boats, the most a hood holds (${limit})` : null,
    };
    return part("hood", attrs, () => h("div", attrs, isFull ? h("span", { class: "re-hood-tag", text: "full" }) : null));
  });

  const spaces = geo.spaces.map((space) => {
    const name = space.name;
    const face = boats[name];
    const role = roles.get(name);
    const isLegal = role.action !== undefined && legal.has(role.action);
    const classes = ["re-space"];
    if (face) classes.push("re-occupied");
    if (isLegal) classes.push("legal");
    if (role.from !== undefined) classes.push("re-movable");
    if (role.selected) classes.push("re-selected");
    if (entries.has(name)) classes.push("re-entry", light.has(name) ? "re-entry-light" : "re-entry-dark");
    if (view.placed === name) classes.push("re-placed");
    if (guarded.has(name)) classes.push(showProtection ? "re-protected re-protected-on" : "re-protected");
    if (thiefRow.has(name)) classes.push("re-thief-row");
    if (inspectorCol.has(name)) classes.push("re-inspector-col");
    if (selSpaces.has(name)) classes.push("re-in-landing");
    if (ui.highlight === name) classes.push("re-highlight");
    if (just.spaces.has(name)) classes.push("re-just-played");
    if (role.action === undefined && role.from === undefined) classes.push("re-inert");
    let label = `${name}: ${boatWords(owned(face))}`;
    if (isLegal) label = labelOf(view, role.action);
    else if (role.from !== undefined) label = `${name}: your ${boatWords(face)}; ${role.selected ? "selected to move, press again to cancel" : "select it to move it with a movement card"}`;
    else if (role.action !== undefined && canAct) label += " (not allowed now: press to hear why)";
    if (entries.has(name)) label += ", entry space";
    if (just.spaces.has(name)) label += ` (${just.spaces.get(name)})`;
    return {
      name, classes: classes.join(" "), action: role.action, from: role.from,
      pressed: role.from !== undefined ? (role.selected ? "true" : "false") : null,
      label, tabbable: ui.boardFocus === name, x: geo.xs[space.column], y: geo.ys[space.row],
      face: face || null, water: entries.has(name) ? entryArrow(space, geo) : "", just: just.spaces.has(name),
    };
  });

  const master = view.master;
  const landings = asArray(asObject(view.geometry).landings).map((landing) => {
    const name = landing.name;
    const info = fullLandings[name];
    const style = `left:${geo.lineX(landing.column)}px;top:${geo.lineY(landing.row)}px`;
    const scorable = name in score;
    const justNow = just.landings.has(name) ? " re-just-played" : "";
    const justWords = just.landings.has(name) ? ` (${just.landings.get(name)})` : "";
    const value = info ? String(info.value) : null;
    let tag = "span";
    let attrs;
    if (market && canAct && info) {
      // On a market day every full landing is a control: a scorable one is chosen for scoring,
      // any other is sent as it stands so the engine can say why it cannot be scored.
      const points = pointsWords(view, info.points);
      const spaces = asArray(landing.spaces);
      const chosen = scorable
        ? { "data-landing": name, "aria-pressed": selLanding === name ? "true" : "false",
            "aria-label": `Landing ${name}: worth ${points}; ${selLanding === name ? "selected" : "choose it to score"}${justWords}` }
        : { "data-action": fill(view, "score", { landing: name, space: spaces[0] }), "aria-label": `Landing ${name} (${points}): you cannot score it (press to hear why)${justWords}` };
      tag = "button";
      attrs = {
        type: "button", class: `re-landing re-landing-full${scorable ? " re-scorable" : ""}${selLanding === name ? " re-selected" : ""}${master === name ? " re-master" : ""}${justNow}`,
        style, title: chosen["aria-label"], ...chosen,
      };
    } else {
      attrs = {
        class: `re-landing${info ? " re-landing-full" : ""}${master === name ? " re-master" : ""}${market && info && info.owners.length ? " re-market-full" : ""}${justNow}`,
        style, "aria-hidden": "true", title: `${info ? `landing ${name}: full, worth ${info.value} per merchant` : `landing ${name}`}${justWords}`,
      };
    }
    return part("landing", [tag, attrs, value], () => h(tag, attrs, value !== null ? h("span", { class: "re-landing-value", text: value }) : null));
  });

  const hint = [];
  if (ui.sel && ui.sel.kind === "boat") hint.push(`Placing your ${boatWords(selectedBoat)}: lit spaces are allowed.`);
  if (ui.sel && ui.sel.kind === "from") hint.push(`Moving the boat on ${ui.sel.space}: lit spaces are allowed.`);
  if (ui.sel && ui.sel.kind === "landing") hint.push(`Landing ${ui.sel.name}: pick the lit boat to take into your stock.`);
  const boardAttrs = {
    class: `re-board${showProtection ? " re-show-protection" : ""}`, role: "group",
    "aria-label": `Klong board, ${geo.rows} rows by ${geo.columns} columns (arrow keys move between spaces)${hint.length ? `. ${hint.join(" ")}` : ""}`,
    style: `width:${geo.width}px;height:${geo.height}px`,
  };
  return [
    // Its `hidden` is the scroll cue's to set (after the frame's layout): it is drawn once.
    part("scroll-cue", null, () => h("div", { class: "re-scroll-cue", "data-role": "scroll-cue", hidden: true, text: "\u2190 The board is wider than the screen: scroll it sideways \u2192" })),
    h("div", { class: "re-board-wrap" },
      h("div", boardAttrs, coordinates(geo), hoods,
        landings, spaces.map((d) => part("space", d, () => spaceButton(d))))),
    h("div", { class: "re-board-hint", text: hint.join(" ") || "\u00A0" }),
  ];
}
