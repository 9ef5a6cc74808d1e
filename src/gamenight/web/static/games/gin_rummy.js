"use strict";
// Gin Rummy at the table: the opponent's hand as backs (cards known to be there face up), the stock and the
// discard pile, the player's own hand sorted into its best melds and deadwood (with the count), the melds laid
// on the table once somebody knocks (and the cards laid off), the scores, hands won and the score sheet.
// Clicking a card selects it; the discard and knock that use it are offered next to the hand.
(function () {
  // Every fact that takes a rule (the hand's best melds and deadwood, what each discard leaves, the score of a
  // hand) is the engine's, read from the view; this file only draws it and sorts cards for the eye.
  const RANKS = "A23456789TJQK";
  const SUITS = "shdc";

  function rankOf(code) { return RANKS.indexOf(code[0]); }
  function byRankThenSuit(a, b) { return rankOf(a) - rankOf(b) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]); }

  /** The deadwood discarding (or knocking with) ``card`` would leave, as the view says; null when it does not. */
  function deadwoodLeft(view, card) {
    const left = view.discard_deadwood;
    return left && left[card] !== undefined ? left[card] : null;
  }

  function miniCards(codes, width) {
    const span = GN.el("span", null, {class: "mini-cards"});
    for (const c of codes) span.append(GN.miniCard(c, {width: width || 30}));
    return span;
  }

  function meldNode(codes, width, label) {
    // big cards overlap (their corner index stays readable); small ones sit side by side
    const box = GN.el("div", null, {class: ["meld", width < 50 && "flat"], role: "group", "aria-label": label || "meld"});
    for (const c of codes) box.append(GN.card(c, {width}));
    return box;
  }

  function moveText(move) {
    if (move === "draw") return "drew from the stock";
    if (move === "take") return "took the upcard";
    if (move === "pass") return "passed";
    if (move === "done") return "finished";
    if (move === "biggin") return "declared big gin!";
    if (move === "knock") return "knocked (a card face down)";
    if (move.startsWith("knock ")) return `knocked, ${GN.cardText(move.slice(6))} face down`;
    if (move.startsWith("meld ")) return "laid " + move.slice(5).split("+").map(GN.cardText).join(" ");
    if (move.startsWith("layoff ")) {
      const [, card, target] = move.split(" ");
      return `laid off ${GN.cardText(card)} on the ${target}`;
    }
    return "discarded " + GN.cardText(move);
  }

  const PHASE_HINTS = {
    upcard: "the first upcard: take it or pass",
    stock_only: "both passed the upcard: draw from the stock",
    draw: "draw from the stock or take the upcard",
    discard: "discard a card, or knock if the deadwood allows",
    wall: "two cards left in the stock: take the discard only to knock, or pass",
    layout: "the knocker lays out melds",
    defend: "lay out melds and lay off onto the knocker's, then done",
  };

  function selection(ui, message) {
    const key = (message.view.hand || []).join(",") + "|" + message.version;
    const store = ui.store.gin || (ui.store.gin = {key: null, card: null});
    if (store.key !== key) { store.key = key; store.card = null; }
    return store;
  }

  function render(board, message, ui) {
    const view = message.view;
    const me = message.seat;
    const width = ui.cardWidth();
    board.append(header(view));
    const row = GN.el("div", null, {class: "opponents"});
    for (const p of GN.seatOrder(message).filter((q) => q !== me)) row.append(seatBox(message, ui, p, Math.min(width, 44)));
    board.append(row);
    board.append(centre(view, ui, me, width));
    if (view.knocker !== null && view.knocker !== undefined) board.append(knockArea(view, ui, me, width));
    if (me !== null && me !== undefined && Array.isArray(view.hand)) board.append(myArea(message, ui, width));
  }

  function header(view) {
    const rules = view.rules || {};
    const facts = [`Hand ${view.hand_number}`, view.knock_limit === 0 ? "gin only" : `knock at ${view.knock_limit} or less`];
    if (!rules.single_hand) facts.push(`game to ${rules.game_target}`);
    if (rules.oklahoma) facts.push("Oklahoma" + (rules.oklahoma_spades_double ? " (spades double)" : ""));
    if (rules.box_bonus) facts.push(`box ${rules.box_bonus}`);
    if (view.phase && PHASE_HINTS[view.phase] && !view.is_over) facts.push(PHASE_HINTS[view.phase]);
    return GN.el("div", facts.join(" · "), {class: "board-header muted"});
  }

  /** The middle: the stock, the discard pile, the score sheet and the last moves. */
  function centre(view, ui, me, width) {
    const el = GN.el;
    const box = el("div", null, {class: "center"});
    box.append(stockPile(view, ui, width), discardPile(view, ui, width));
    const sheet = scoreSheet(view, ui, me);
    if (sheet) box.append(sheet);
    const log = (view.log || []).slice(-5);
    if (log.length) {
      const list = el("ul", null, {class: "log"});
      for (const [p, move] of log) list.append(el("li", `${p === me ? "You" : ui.seatName(p)} ${moveText(move)}`));
      box.append(GN.panel("Last moves", list));
    }
    return box;
  }

  function stockPile(view, ui, width) {
    const el = GN.el;
    const stock = el("div", null, {class: "pile"});
    stock.append(el("span", "Stock", {class: "pile-label"}));
    const back = GN.cardBack({width});
    if (ui.legal.has("draw")) {
      back.classList.add("playable");
      stock.append(el("button", back, {type: "button", class: "card-button", onclick: () => ui.act("draw"),
                                       "aria-label": `draw from the stock (${view.stock_size} cards)`}));
    } else {
      stock.append(back);
    }
    stock.append(el("span", `${view.stock_size} cards`, {class: "muted"}));
    return stock;
  }

  function discardPile(view, ui, width) {
    const el = GN.el;
    const pileBox = el("div", null, {class: "pile"});
    pileBox.append(el("span", view.phase === "upcard" ? "First upcard" : "Discard pile", {class: "pile-label"}));
    const pile = view.discard_pile || [];
    const fan = el("div", null, {class: "hand tight"});
    for (const c of pile.slice(-4, -1)) fan.append(GN.card(c, {width: Math.round(width * 0.75)}));
    if (pile.length) {
      const up = GN.card(pile[pile.length - 1], {width});
      if (ui.legal.has("take")) {
        up.classList.add("playable");
        fan.append(el("button", up, {type: "button", class: "card-button", onclick: () => ui.act("take"),
                                     "aria-label": "take the upcard " + GN.cardName(pile[pile.length - 1])}));
      } else {
        fan.append(up);
      }
    } else {
      fan.append(el("span", "empty", {class: "muted"}));
    }
    pileBox.append(fan, el("span", `${pile.length} card${pile.length === 1 ? "" : "s"}`, {class: "muted"}));
    return pileBox;
  }

  function seatBox(message, ui, p, width) {
    const view = message.view;
    const el = GN.el;
    const known = (view.known[p] || []).slice().sort(byRankThenSuit);
    const hidden = Math.max(0, view.hand_sizes[p] - known.length);
    const cards = el("div", null, {class: "backs", role: "group",
                                   "aria-label": `${view.hand_sizes[p]} cards` + (known.length ? `, known: ${known.map(GN.cardName).join(", ")}` : "")});
    const faces = known.map((c) => {
      const node = GN.card(c, {width, title: `${GN.cardName(c)} (known to be in this hand)`});
      node.classList.add("known");
      return node;
    });
    GN.fan(cards, faces.concat(Array.from({length: hidden}, () => GN.cardBack({width}))), width);
    const facts = el("div", null, {class: "seat-facts"});
    facts.append(el("span", `score ${view.scores[p]}`, {class: "scoreline"}));
    facts.append(el("span", `hands won ${view.hands_won[p]}`));
    facts.append(el("span", `${view.hand_sizes[p]} cards`));
    if (view.dealer === p) facts.append(el("span", "dealer", {class: "badge"}));
    if (view.knocker === p) facts.append(el("span", view.big_gin ? "big gin" : "knocked", {class: "badge"}));
    if ((view.winners || []).includes(p)) facts.append(el("span", "winner", {class: "badge good"}));
    return GN.seatBox(message, ui, p, cards, facts);
  }

  function knockArea(view, ui, me, width) {
    const el = GN.el;
    const k = view.knocker;
    const w = Math.round(width * 0.7);
    const box = el("div", null, {class: "panel knock-area"});
    const who = k === me ? "You" : ui.seatName(k);
    let head = `${who} ${view.big_gin ? "declared big gin" : "knocked"}`;
    if (view.knock_discard) head += ` (face down: ${GN.cardText(view.knock_discard)})`;
    if (view.knocker_deadwood !== null && view.knocker_deadwood !== undefined) head += ` · knocker's deadwood ${view.knocker_deadwood}`;
    box.append(el("h3", head));
    for (const p of [k, 1 - k]) {
      const melds = view.melds.filter(([q]) => q === p).map(([, cards]) => cards);
      const line = el("div", null, {class: "melds"});
      line.append(el("span", (p === me ? "You" : ui.seatName(p)) + ":", {class: "meld-owner"}));
      if (!melds.length) line.append(el("span", "no melds laid yet", {class: "muted"}));
      for (const m of melds) line.append(meldNode(m, w));
      box.append(line);
    }
    if (view.layoffs && view.layoffs.length) {
      const line = el("div", null, {class: "melds"});
      line.append(el("span", "Laid off:", {class: "meld-owner"}));
      for (const [c, target] of view.layoffs) {
        const item = el("span", null, {class: "layoff"});
        item.append(GN.card(c, {width: Math.round(w * 0.8)}), el("small", " on the " + target));
        line.append(item);
      }
      box.append(line);
    }
    return box;
  }

  function scoreSheet(view, ui, me) {
    const results = view.results || [];
    const el = GN.el;
    const name = (p) => (p === me ? "You" : ui.seatName(p));
    const table = el("table", null, {class: "score-sheet"});
    table.append(el("tr", [el("th", "hand"), el("th", "result"), el("th", "to"), el("th", "points")]));
    results.slice(-6).forEach((r, i) => {
      const [kind, who, points] = r;
      table.append(el("tr", [el("td", String(results.length - Math.min(results.length, 6) + i + 1)),
                              el("td", kind.replace("_", " ")), el("td", who >= 0 ? name(who) : "-"),
                              el("td", String(points))]));
    });
    table.append(el("tr", [el("th", "total", {colspan: 2}),
                            el("td", `${name(0)} ${view.scores[0]}`), el("td", `${name(1)} ${view.scores[1]}`)]));
    return GN.panel("Score sheet", table);
  }

  /** The player's own hand as the engine arranges it (melds, then the deadwood), its facts, and the discard and
   *  knock offered for the card clicked. */
  function myArea(message, ui, width) {
    const view = message.view;
    const me = message.seat;
    const melds = view.hand_melds.slice().sort((a, b) => byRankThenSuit(a[0], b[0]));
    const sel = selection(ui, message);
    const discardable = new Set([...ui.legal].filter((a) => /^(10|[A2-9TJQK])[shdc]$/.test(a) || a.startsWith("knock ")).map((a) => a.replace(/^knock /, "")));
    const clickable = discardable.size > 0 && !ui.replaying;
    const groups = myGroups(view, melds, width, sel, clickable ? discardable : null, ui);
    const area = GN.seatBox(message, ui, me, groups, myFacts(view, melds, me), myControls(view, ui, me, sel, clickable));
    area.classList.add("my-area");
    return area;
  }

  function myGroups(view, melds, width, sel, discardable, ui) {
    const el = GN.el;
    const onclick = discardable ? (code) => { sel.card = sel.card === code ? null : code; ui.redraw(); } : null;
    const selectable = (c) => discardable !== null && discardable.has(c);
    const selectedIn = (codes) => new Set(codes.map((c, i) => (c === sel.card ? i : -1)).filter((i) => i >= 0));
    const groups = el("div", null, {class: "melds my-melds"});
    for (const m of melds) {
      groups.append(GN.hand(m, {width, label: "meld", class: "meld", onclick, selectable, selected: selectedIn(m)}));
    }
    const loose = view.hand_deadwood_cards;
    if (loose.length) {
      groups.append(GN.hand(loose, {width, label: "deadwood", class: "deadwood", onclick, selectable, selected: selectedIn(loose)}));
    }
    if (!view.hand.length) groups.append(el("span", "no cards in hand", {class: "muted"}));
    return groups;
  }

  function myFacts(view, melds, me) {
    const el = GN.el;
    const facts = el("div", null, {class: "seat-facts"});
    facts.append(el("span", `deadwood ${view.hand_deadwood}`, {class: "badge" + (view.deadwood_within_limit ? " good" : "")}));
    facts.append(el("span", melds.length ? `${melds.length} meld${melds.length === 1 ? "" : "s"} (shaded), deadwood in the dashed box` : "no melds yet", {class: "muted"}));
    facts.append(el("span", `score ${view.scores[me]}`, {class: "scoreline"}));
    facts.append(el("span", `hands won ${view.hands_won[me]}`));
    return facts;
  }

  function myControls(view, ui, me, sel, clickable) {
    const el = GN.el;
    const controls = el("div", null, {class: "my-controls"});
    if (clickable) {
      if (!sel.card) {
        controls.append(el("span", "Click a card to discard it" + ([...ui.legal].some((a) => a.startsWith("knock ")) ? " or knock with it." : "."), {class: "muted"}));
      } else {
        const left = deadwoodLeft(view, sel.card);
        if (ui.legal.has(sel.card)) {
          ui.suggest(sel.card);
          const b = el("button", null, {type: "button", class: "discard-selection", "data-discard": sel.card, onclick: () => ui.act(sel.card)});
          b.append(el("span", "Discard "), miniCards([sel.card]), el("small", ` deadwood ${left}`));
          controls.append(b);
        }
        if (ui.legal.has("knock " + sel.card)) {
          ui.suggest("knock " + sel.card);
          const b = el("button", null, {type: "button", class: "discard-selection knock", onclick: () => ui.act("knock " + sel.card)});
          b.append(el("span", left === 0 ? "Gin! Knock with " : "Knock with "), miniCards([sel.card]), el("small", ` face down, deadwood ${left}`));
          controls.append(b);
        }
        controls.append(el("button", "clear", {type: "button", onclick: () => { sel.card = null; ui.redraw(); }}));
      }
    } else if (view.current_player === me && !ui.replaying && !view.is_over && PHASE_HINTS[view.phase]) {
      controls.append(el("span", "Your move: " + PHASE_HINTS[view.phase] + ".", {class: "muted"}));
    }
    return controls;
  }

  function actionLabel(action, message) {
    const view = message.view;
    const el = GN.el;
    if (action === "draw") return `Draw from the stock (${view.stock_size})`;
    if (action === "take") {
      const up = (view.discard_pile || []).slice(-1)[0];
      const span = el("span", "Take ");
      if (up) span.append(miniCards([up]));
      return span;
    }
    if (action === "pass") return view.phase === "wall" ? "Pass (the hand dies)" : "Pass the upcard";
    if (action === "biggin") return el("strong", "Declare big gin!");
    if (action === "done") {
      const value = view.hand_value !== null && view.hand_value !== undefined ? view.hand_value : "?";
      if (view.phase === "layout") return `Done: the rest is deadwood (${value})`;
      return `Done: count my deadwood (${value})`;
    }
    if (action.startsWith("knock ")) return knockLabel(view, action.slice(6));
    if (action.startsWith("meld ")) {
      const span = el("span", "Meld ");
      span.append(miniCards(action.slice(5).split("+")));
      return span;
    }
    if (action.startsWith("layoff ")) {
      const [, card, target] = action.split(" ");
      const span = el("span", "Lay off ");
      span.append(miniCards([card]), el("span", ` on the ${target}`));
      return span;
    }
    if (/^(10|[A2-9TJQK])[shdc]$/.test(action)) {
      const span = el("span", null);
      span.append(miniCards([action]));
      const left = deadwoodLeft(view, action);
      if (left !== null) span.append(el("small", ` deadwood ${left}`));
      return span;
    }
    return null;
  }

  function knockLabel(view, card) {
    const left = deadwoodLeft(view, card);
    const span = GN.el("span", left === 0 ? "Gin! Knock, " : "Knock, ");
    span.append(miniCards([card]), GN.el("small", ` face down${left !== null ? ", deadwood " + left : ""}`));
    return span;
  }

  const RESULT_TEXT = {gin: "Gin!", big_gin: "Big gin!", knock: "knock", undercut: "Undercut!", draw: "a draw", dead: "dead hand"};
  const DEAD_REASONS = {stock: "the stock ran down to two cards", wall: "nobody knocked at the 50th card",
                        takes: "the discard pile was taken too often", repeat: "the upcard went back and forth"};

  function summary(message, ui) {
    const view = message.view;
    const me = message.seat;
    const name = (p) => (p === me ? "You" : ui.seatName(p));
    const box = GN.el("div", null, {class: "gin-summary"});
    if (view.is_over) matchOver(box, view, name, me);
    const last = view.last_hand;
    if (!last) return view.is_over ? box : null;
    const fresh = view.is_over || (view.log || []).length <= 2;
    const details = GN.el("details", null, fresh ? {open: true} : null);
    if (last.result === "dead") deadHand(details, last, name);
    else knockedHand(details, view, last, name);
    box.append(details);
    return box;
  }

  function matchOver(box, view, name, me) {
    const el = GN.el;
    const rules = view.rules || {};
    const winners = view.winners || [];
    box.append(el("h3", `Match over after ${view.hand_number} hand${view.hand_number === 1 ? "" : "s"}: ` +
                        (winners.length ? winners.map(name).join(", ") + (winners.length === 1 && winners[0] !== me ? " wins" : " win") : "no winner")));
    const match = (view.last_hand || {}).match;
    const t = el("table");
    t.append(el("tr", [el("th", ""), el("th", "before bonuses"), el("th", "hands won"), el("th", "final")]));
    for (const p of [0, 1]) {
      t.append(el("tr", [el("td", name(p)), el("td", match ? String(match.totals_before_bonuses[p]) : ""),
                          el("td", match ? String(match.boxes[p]) : String(view.hands_won[p])),
                          el("td", String(view.scores[p]))]));
    }
    box.append(t);
    if (match && match.shutout) box.append(el("p", "Shutout: the loser scored nothing" + (rules.shutout === "double" ? " (the winner's total doubles)." : rules.shutout === "bonus" ? ` (+${rules.shutout_bonus}).` : ".")));
  }

  function deadHand(details, last, name) {
    details.append(GN.el("summary", `Hand ${last.hand} is dead: ${DEAD_REASONS[last.reason] || last.reason || ""}. Nobody scores.`,
                         {class: "summary-head"}));
    details.append(GN.el("p", `Totals: ${name(0)} ${last.totals[0]}, ${name(1)} ${last.totals[1]}`));
  }

  /** A knocked hand: who knocked, each side's melds and deadwood, the layoffs, and the engine's score line. */
  function knockedHand(details, view, last, name) {
    const el = GN.el;
    const k = last.knocker;
    let head = `Hand ${last.hand}: ${name(k)} ${last.result === "big_gin" ? "declared big gin" : "knocked"}`;
    if (last.knock_discard) head += ` (discarding ${GN.cardText(last.knock_discard)} face down)`;
    if (last.result !== "knock") head += ` — ${RESULT_TEXT[last.result] || last.result}`;
    details.append(el("summary", head, {class: "summary-head"}));
    const t = el("table");
    t.append(el("tr", [el("th", ""), el("th", "melds"), el("th", "deadwood"), el("th", "")]));
    for (const p of [k, 1 - k]) {
      const melds = last.melds.filter(([q]) => q === p).map(([, cards]) => cards);
      const mcell = el("td", null, {class: "melds"});
      for (const m of melds) mcell.append(meldNode(m, 28));
      if (!melds.length) mcell.append(el("span", "no melds", {class: "muted"}));
      const dead = last.deadwood_cards[String(p)] || [];
      const dcell = el("td", null);
      dcell.append(dead.length ? miniCards(dead, 28) : el("span", "none", {class: "muted"}));
      t.append(el("tr", [el("td", name(p)), mcell, dcell,
                          el("td", el("strong", String(p === k ? last.knocker_deadwood : last.defender_deadwood)))]));
    }
    details.append(t);
    if (last.layoffs && last.layoffs.length) {
      details.append(el("p", "Laid off: " + last.layoffs.map(([c, target]) => `${GN.cardText(c)} on the ${target}`).join(", ")));
    }
    const scorer = last.scorer;
    details.append(el("p", `Score: ${view.last_hand_score}` + (scorer !== null && scorer !== undefined ? ` = ${last.points} to ${name(scorer)}` : "") +
                           `. Totals: ${name(0)} ${last.totals[0]}, ${name(1)} ${last.totals[1]}.`, {class: "scoreline"}));
  }

  GN.registerGame("gin_rummy", {render, actionLabel, summary});
})();
