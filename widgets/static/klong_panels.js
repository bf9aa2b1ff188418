// The klong board's side panels (loaded in front of klong_marks.js and klong_board.js, after
// common.js): the header and turn line, the Luk Phat and score tracks, the players, the hand, the
// buttons of the current step, the market day and the end-of-game summary. Like the board they draw
// the engine's view model: the buttons are grouped by `view.choices` (each legal action's parts),
// texts come from `view.labels`, `view.prompt`, `view.market` and `view.full_landings`, and players
// are called by `view.names` (helpers such as colourName are in klong_marks.js).

// ---- the parts --------------------------------------------------------------------------------

function header(view) {
  const bits = [];
  bits.push(`${plural(Number(view.market_days_held) || 0, "market day")} held`);
  const stacks = asArray(view.stacks);
  if (stacks.length === 1) bits.push(`stack ${stacks[0]}`);
  else if (stacks.length > 1) bits.push(`stacks ${stacks.join(" / ")}`);
  if (asArray(view.discard).length) bits.push(`discarded ${asArray(view.discard).length}`);
  return headerBar("Bangkok Klongs", bits.join(" \u00B7 "));
}

const PHASE_WORDS = {
  turn: "place a boat", possess: "claim the boat?", thief: "the thief steals", inspect: "the inspector acts",
  after: "move or end the turn", market: "market day", draw: "draw", over: "game over",
};

function turnLine(view, busy) {
  const turn = whoseTurn(view);
  const phase = PHASE_WORDS[view.phase] || view.phase;
  if (turn.yours) return turnBanner(`${turn.yours} \u2014 ${phase}`);
  return turnBanner(turn.text ?? `${turn.other} to act (${phase})${busy ? "\u2026" : ""}`);
}

function track(view) {
  const spaces = asArray(view.track);
  const at = Number(view.lukphat) || 0;
  const words = String(view.track_text ?? "Luk Phat track");
  return h("div", { class: "re-track-box" },
    h("div", { class: "re-caption", text: "Luk Phat track" }),
    h("ol", { class: "re-track", "aria-label": words, "data-role": "track" },
      spaces.map((space, i) => {
        const passed = i < at;
        const market = space.market === "big" ? "Big" : space.market === "little" ? "Little" : "";
        return h("li", {
          class: `re-track-space${passed ? " re-passed" : ""}${i === at ? " re-next" : ""}${market ? ` re-market-${space.market}` : ""}`,
          title: `space ${i + 1}: ${space.points} points${market ? `, then the ${market} Market Day` : ""}`, "aria-hidden": "true",
        },
        h("span", { class: "re-track-points", text: String(space.points) }),
        marketMark(space.market),
        i === at - 1 ? h("span", { class: "re-counter", text: "\u25C9" }) : null);
      })),
    trackKey());
}

function scoreTrack(view) {
  const scores = asArray(view.scores).map((s) => Number(s) || 0);
  const top = Math.max(20, ...scores);
  const current = view.current_player;
  const winners = asArray(view.winners);
  return h("div", { class: "re-scores" },
    h("div", { class: "re-caption", text: "Score track" }),
    scores.map((score, seat) => {
      const colour = colourOf(view, seat);
      return h("div", { class: `re-score-row${seat === current ? " re-current" : ""}`, "aria-label": `${seatName(view, seat)} (${colour}): ${plural(score, "point")}${winners.includes(seat) ? ", winner" : ""}`, role: "group" },
        h("span", { class: `re-merchant re-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] || "?" }),
        h("span", { class: "re-name", text: seatName(view, seat) }),
        h("span", { class: "re-bar", "aria-hidden": "true" }, h("span", { class: `re-bar-fill re-colour-${colour}`, style: `width:${Math.round((100 * score) / top)}%` })),
        h("span", { class: "re-score", "data-role": "score", "data-seat": seat, text: String(score) }),
        winners.includes(seat) ? h("span", { class: "re-tag re-win", text: "winner" }) : null);
    }));
}

function goodsChips(faces) {
  const counts = new Map();
  for (const face of asArray(faces)) {
    const kind = asObject(face).kind || "?";
    counts.set(kind, (counts.get(kind) || 0) + 1);
  }
  if (!counts.size) return h("span", { class: "re-faint", text: "empty" });
  return [...counts.entries()].map(([kind, n]) => h("span", { class: `re-chip re-good-${kind}`, title: `${n} ${kind}` },
    h("span", { class: "re-code", "aria-hidden": "true", text: (GOODS[kind] || { code: "?" }).code }),
    h("span", { class: "re-sr", text: `${kind} ` }), `\u00D7${n}`));
}

function players(view) {
  const n = Number(view.players) || 0;
  const handSizes = asArray(view.hand_sizes);
  const supply = asArray(view.supply);
  const onBoard = asArray(view.merchants_on_board);
  const cards = asArray(view.movement_cards);
  const stocks = asArray(view.stocks);
  const openHands = asArray(view.open_hands);
  const bots = asArray(view.bots);
  const current = view.current_player;
  // Each player's panel is a part of its own (klong_draw.js): a bot's move redraws that bot's panel
  // (and whose turn it is), not everybody's.
  return h("div", { class: "re-players" }, Array.from({ length: n }, (_, seat) => part("player", [
    seat, colourOf(view, seat), seatName(view, seat), possessive(view, seat), seat === current, seat === view.seat,
    handSizes[seat], supply[seat], onBoard[seat], cards[seat], stocks[seat], openHands[seat], bots[seat],
  ], () => {
    const colour = colourOf(view, seat);
    const open = openHands[seat];
    const isView = seat === view.seat;
    return h("section", {
      class: `re-panel re-player${seat === current ? " re-current" : ""}`, "data-seat": seat,
      "aria-label": `${seatName(view, seat)}, ${colour}${seat === current ? ", to act" : ""}`,
    },
    h("div", { class: "re-panel-head" },
      h("span", { class: `re-merchant re-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] || "?" }),
      h("span", { class: "re-name", text: seatName(view, seat) }),
      bots[seat] ? h("span", { class: "re-tag", text: "bot" }) : null),
    h("div", { class: "re-facts" },
      h("span", { text: `hand ${handSizes[seat] ?? 0}` }),
      h("span", { title: "merchants in supply / on boats", text: `merchants ${supply[seat] ?? 0} / ${onBoard[seat] ?? 0} on boats` }),
      h("span", { title: "movement cards left", text: `moves ${"\u21C4".repeat(Number(cards[seat]) || 0) || "none"}` })),
    Array.isArray(open) && !isView
      ? h("div", { class: "re-open-hand", role: "group", "aria-label": `${possessive(view, seat)} hand (teaching mode)` },
        open.map((f) => h("span", { class: "re-open-boat", role: "img", "aria-label": boatWords(f), title: boatWords(f) }, boatTile(f, "mini"))))
      : null,
    h("div", { class: "re-stock", role: "group", "aria-label": `${possessive(view, seat)} stock` },
      h("span", { class: "re-faint", text: "stock " }), goodsChips(stocks[seat])));
  })));
}

function handArea(view, ui) {
  const hand = asArray(view.hand);
  const place = asObject(asObject(view.targets).place);
  const canAct = asArray(view.legal).length > 0 && view.phase === "turn";
  return h("div", { class: "re-hand-box" },
    h("div", { class: "re-caption", text: canAct ? "Your hand: choose a boat, then a lit space" : `${possessive(view, view.seat)} hand` }),
    h("div", { class: "re-hand", role: "group", "aria-label": `${possessive(view, view.seat)} hand (arrow keys move between boats)` },
      hand.length ? hand.map((face) => {
        const spots = asArray(place[face.id]).length;
        const selected = Boolean(ui.sel && ui.sel.kind === "boat" && ui.sel.id === face.id);
        const label = `${boatWords(face)}${canAct ? (spots ? `: ${plural(spots, "space")} allowed` : ": no space allowed") : ""}${selected ? ", selected" : ""}`;
        return h("button", {
          type: "button", class: `re-hand-boat${spots ? " re-placeable" : ""}${selected ? " re-selected" : ""}`,
          "data-boat": face.id, "aria-pressed": canAct ? (selected ? "true" : "false") : null,
          "aria-label": label, title: label, disabled: !canAct,
        }, boatTile(face, "hand"));
      }) : h("span", { class: "re-faint", text: "no boats in hand" })));
}

function actionButton(view, action, text, extra = "") {
  return h("button", {
    type: "button", class: `re-button re-action legal ${extra}`.trim(), "data-action": action,
    "aria-label": labelOf(view, action), title: labelOf(view, action), text,
  });
}

// The buttons of the current step besides the board: every legal action not drawn on the board
// ends up here, so nothing the engine allows is out of reach. `view.choices` names each action's
// parts (type, space, from, to, stack), so the buttons are grouped without reading the notation.
function actionPanel(view, ui) {
  const legal = asArray(view.legal).map(String);
  if (!legal.length) return null;
  const choices = asObject(view.choices);
  const of = (a) => asObject(choices[a]);
  const ofType = (type) => legal.filter((a) => of(a).type === type);
  const board = asObject(view.board);
  const parts = [];
  const shown = new Set();
  const add = (action, text, extra = "") => {
    shown.add(action);
    const button = actionButton(view, action, text, extra);
    const space = of(action).space ?? of(action).from;
    if (space) button.dataset.highlight = space;
    return button;
  };
  const phase = view.phase;
  for (const a of [...ofType("place"), ...ofType("move"), ...ofType("score")]) shown.add(a);
  if (phase === "turn") {
    const cards = Number(asArray(view.movement_cards)[view.seat]) || 0;
    const moves = Object.keys(asObject(asObject(view.targets).move));
    parts.push(h("p", { class: "re-help", text: moves.length
      ? `You may first move one of your boats (${plural(cards, "movement card")} left): choose a boat marked \u21C4 on the board.`
      : "Choose a boat from your hand, then one of the lit spaces." }));
    if (ui.sel && ui.sel.kind === "from") parts.push(h("button", { type: "button", class: "re-button", "data-role": "cancel", text: "Cancel the move", "aria-label": "Cancel the move and go back to placing" }));
  } else if (phase === "after") {
    parts.push(h("p", { class: "re-help", text: "Your boat is placed. You may still move one of your boats (marked \u21C4), or end the turn." }));
    for (const a of ofType("end")) parts.push(add(a, "End turn"));
  } else if (phase === "possess") {
    parts.push(h("p", { class: "re-help", text: `Claim the ${boatWords(board[view.placed])} on ${view.placed}?` }));
    for (const a of ofType("merchant")) parts.push(add(a, of(a).space ? `Move my merchant from ${of(a).space}` : "Put a merchant on it"));
    for (const a of ofType("decline")) parts.push(add(a, "Leave it unclaimed"));
  } else if (phase === "thief") {
    const bySpace = new Map();
    for (const a of ofType("steal")) if (of(a).space) bySpace.set(of(a).space, [...(bySpace.get(of(a).space) || []), a]);
    for (const [space, options] of bySpace) {
      parts.push(h("div", { class: "re-choice", role: "group", "aria-label": `${space}: ${boatWords(board[space])}` },
        h("span", { class: "re-choice-what" }, boatTile(board[space], "mini"), ` ${space}`),
        options.map((a) => add(a, of(a).to === "stock" ? "into my stock" : "into my hand"))));
    }
    for (const a of ofType("steal")) if (!of(a).space) parts.push(add(a, "Take nothing"));
  } else if (phase === "inspect") {
    for (const a of ofType("inspect")) {
      const { space, to } = of(a);
      parts.push(add(a, !space ? "Discard the thieves" : to === "hand" ? `Thief on ${space} into my hand` : `Discard the thief on ${space}`));
    }
  } else if (phase === "market") {
    parts.push(marketChoices(view, ui, add));
    for (const a of ofType("decline")) parts.push(add(a, "Score nothing now"));
  }
  for (const a of ofType("pass")) parts.push(add(a, "Pass"));
  const rest = legal.filter((a) => !shown.has(a));
  if (rest.length) parts.push(h("div", { class: "re-more", role: "group", "aria-label": "Other actions" }, rest.map((a) => add(a, labelOf(view, a)))));
  return h("div", { class: "re-actions", role: "group", "aria-label": "Your choices", "data-role": "actions" }, parts);
}

// Market day: the scorable landings with each colour's points; once one is chosen, the boats that
// may be taken into the stock (also lit on the board).
function marketChoices(view, ui, add) {
  const score = asObject(asObject(view.targets).score);
  const full = asObject(view.full_landings);
  const board = asObject(view.board);
  const names = Object.keys(score);
  const selected = ui.sel && ui.sel.kind === "landing" ? ui.sel.name : null;
  return h("div", { class: "re-market-choices" },
    h("p", { class: "re-help", text: names.length ? "Choose a landing to score (also on the board), then the boat you take into your stock." : "No landing you can score." }),
    h("div", { class: "re-landing-list" }, names.map((name) => {
      const info = asObject(full[name]);
      const points = Object.entries(asObject(info.points));
      return h("button", {
        type: "button", class: `re-button re-landing-choice${selected === name ? " re-selected" : ""}`, "data-landing": name,
        "aria-pressed": selected === name ? "true" : "false",
        "aria-label": `Landing ${name}: ${pointsWords(view, info.points)}`,
      }, `${name}: `, points.map(([c, p]) => h("span", { class: "re-pts" }, h("span", { class: `re-merchant re-colour-${c}`, "aria-hidden": "true", text: COLOUR_LETTER[c] }), ` ${colourName(view, c)} ${p}`)));
    })),
    selected ? landingDetail(view, selected, score[selected], board, add) : null);
}

function landingDetail(view, name, removable, board, add) {
  const info = asObject(asObject(view.full_landings)[name]);
  const merchants = asObject(info.merchants);
  const points = Object.entries(asObject(info.points));
  return h("div", { class: "re-landing-detail", "data-role": "landing-points", "data-landing": name },
    h("div", { class: "re-formula", text: `Landing ${name}: ${info.formula ?? ""}` }),
    h("ul", { class: "re-points" }, points.map(([colour, p]) => h("li", { "data-colour": colour },
      h("span", { class: `re-merchant re-colour-${colour}`, "aria-hidden": "true", text: COLOUR_LETTER[colour] }),
      ` ${colourName(view, colour)}: `, h("strong", { "data-role": "landing-colour-points", "data-colour": colour, text: String(p) }),
      ` (${plural(Number(merchants[colour]) || 0, "merchant")})`))),
    h("div", { class: "re-help", text: "Take into your stock:" }),
    h("div", { class: "re-remove" }, asArray(removable).map((space) =>
      h("span", { class: "re-choice" }, boatTile(board[space], "mini"), add(fill(view, "score", { landing: name, space }), `${space}`)))));
}

function marketBox(view) {
  const market = view.market && typeof view.market === "object" ? view.market : null;
  if (!market && view.market_note) {
    return h("div", { class: "re-market re-due", "data-role": "market-due" }, h("span", { class: "re-market-title", text: view.market_note }));
  }
  if (!market) return null;
  const big = market.kind === "big";
  return h("div", { class: `re-market re-market-${market.kind}`, "data-role": "market", role: "group", "aria-label": market.title },
    h("div", { class: "re-market-title", text: market.title }),
    h("div", { class: "re-help", text: market.text }),
    h("ol", { class: "re-order", "aria-label": "scoring order" }, asArray(market.shown_order).map((seat) => h("li", {
      class: seat === market.scorer ? "re-current" : null,
    }, h("span", { class: `re-merchant re-colour-${colourOf(view, seat)}`, "aria-hidden": "true", text: COLOUR_LETTER[colourOf(view, seat)] }),
    ` ${seatName(view, seat)}${seat === market.scorer ? " (scoring now)" : ""}${seat === market.starter && big ? " (first)" : ""}`))));
}

function summary(view) {
  if (!view.is_over) return null;
  const rows = asArray(view.score_groups).map((group) => [group.label, (s) => asArray(group.points)[s] ?? 0]);
  return summaryBox(gameOverTitle(view, "shared win"), seatScoreTable(view, "", rows));
}
