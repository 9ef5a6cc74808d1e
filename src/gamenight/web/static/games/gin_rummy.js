"use strict";
// Gin Rummy at the table: the opponent's hand as backs (cards known to be there face up), the stock and the
// discard pile, the player's own hand sorted into its best melds and deadwood (with the count), the melds laid
// on the table once somebody knocks (and the cards laid off), the scores, hands won and the score sheet.
// One click on a card discards it (or drag it onto the discard pile); a knock is asked for with "Knock…" first.
// The card just drawn is marked. A defender sees the best play the engine found laid out (melds, lay-offs, the
// deadwood left) with "Lay out my best", and every count shown is what the engine will charge.
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
    upcard: "the first upcard is offered",
    stock_only: "both passed the upcard: draw from the stock",
    draw: "draw from the stock or take the upcard",
    discard: "discard a card, or knock if the deadwood allows",
    wall: "two cards left in the stock: take the discard only to knock, or pass",
    layout: "the knocker lays out melds",
    defend: "lay out melds and lay off onto the knocker's, then done",
  };

  /** What the phase asks for, in words; on the seat's own turn from its legal actions (the engine's say). */
  function phaseHint(view, ui, me) {
    if (view.phase === "upcard") return upcardHint(view, ui, me);
    return PHASE_HINTS[view.phase];
  }

  /** The first upcard: "you must take it" when passing is not among the legal actions, else take or pass. */
  function upcardHint(view, ui, me) {
    const up = view.upcard ? GN.cardText(view.upcard) : "the upcard";
    const passedBy = (view.log || []).filter(([, move]) => move === "pass").map(([p]) => (p === me ? "you" : ui.seatName(p)));
    const passed = passedBy.length ? ` (${passedBy.join(" and ")} passed it)` : "";
    if (view.current_player !== me || me === null || me === undefined || ui.replaying) {
      return `the first upcard ${up} is offered to ${ui.seatName(view.current_player)}${passed}`;
    }
    if (ui.legal.has("take") && !ui.legal.has("pass")) return `the first upcard ${up}: you must take it${passed}; passing is not allowed`;
    if (ui.legal.has("take") && ui.legal.has("pass")) return `the first upcard ${up}: take it, or pass (passing is allowed)${passed}`;
    return `the first upcard ${up}`;
  }

  function selection(ui, message) {
    const key = (message.view.hand || []).join(",") + "|" + message.version;
    const store = ui.store.gin || (ui.store.gin = {key: null, knock: false, auto: null});
    if (store.key !== key) { store.key = key; store.knock = false; }
    return store;
  }

  function render(board, message, ui) {
    const view = message.view;
    const me = message.seat;
    const width = ui.cardWidth();
    board.append(header(view, ui, me));
    const row = GN.el("div", null, {class: "opponents"});
    for (const p of GN.seatOrder(message).filter((q) => q !== me)) row.append(seatBox(message, ui, p, Math.min(width, 44)));
    board.append(row);
    board.append(centre(view, ui, me, width));
    if (view.knocker !== null && view.knocker !== undefined) board.append(knockArea(view, ui, me, width));
    if (me !== null && me !== undefined && Array.isArray(view.hand)) board.append(myArea(message, ui, width));
  }

  function header(view, ui, me) {
    const rules = view.rules || {};
    const facts = [`Hand ${view.hand_number}`, view.knock_limit === 0 ? "gin only" : `knock at ${view.knock_limit} or less`];
    if (!rules.single_hand) facts.push(`game to ${rules.game_target}`);
    if (rules.oklahoma) facts.push("Oklahoma" + (rules.oklahoma_spades_double ? " (spades double)" : ""));
    if (rules.box_bonus) facts.push(`box ${rules.box_bonus}`);
    if (view.phase && PHASE_HINTS[view.phase] && !view.is_over) facts.push(phaseHint(view, ui, me));
    return GN.el("div", facts.join(" · "), {class: "board-header muted"});
  }

  /** The middle: the stock, the discard pile, the score sheet and the last moves. */
  function centre(view, ui, me, width) {
    const el = GN.el;
    const box = el("div", null, {class: "center"});
    box.append(stockPile(view, ui, width), discardPile(view, ui, width, me));
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

  function discardPile(view, ui, width, me) {
    const el = GN.el;
    const pileBox = el("div", null, {class: "pile", "data-gin-pile": "discard"});
    if (me !== null && me !== undefined && !ui.replaying && view.phase === "discard" && view.current_player === me) dropTarget(pileBox, ui);
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

  /** The discard pile takes a card dragged from the hand: a discard (or, in knock mode, the knock with it). */
  function dropTarget(pileBox, ui) {
    const dragged = () => (ui.store.gin && ui.store.gin.dragging) || null;
    const actionFor = (card) => {
      const knock = ui.store.gin && ui.store.gin.knock;
      const action = knock ? "knock " + card : card;
      return card && ui.legal.has(action) ? action : null;
    };
    pileBox.addEventListener("dragover", (event) => {
      if (!actionFor(dragged())) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
      pileBox.classList.add("gin-drop-over");
    });
    pileBox.addEventListener("dragleave", () => pileBox.classList.remove("gin-drop-over"));
    pileBox.addEventListener("drop", (event) => {
      event.preventDefault();
      const card = (event.dataTransfer && event.dataTransfer.getData("text/plain")) || dragged();
      const action = actionFor(card);
      if (action) ui.act(action);
    });
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

  const CARD_ACTION = /^(10|[A2-9TJQK])[shdc]$/;
  const meldAction = (cards) => "meld " + cards.join("+");
  const layoffAction = ([card, target]) => `layoff ${card} ${target}`;

  function myTurn(view, ui, me) {
    return me !== null && me !== undefined && view.current_player === me && !ui.replaying && !view.is_over;
  }

  /** The melds and lay-offs still to lay, as the engine planned them (a defender: defender_plan; a knocker
   *  laying out: its best melds), in order; ``next`` is the first one that is legal now. */
  function layPlan(view, ui, me) {
    if (!myTurn(view, ui, me)) return null;
    if (view.phase === "defend" && view.defender_plan) {
      const plan = view.defender_plan;
      const steps = plan.melds.map(meldAction).concat(plan.layoffs.map(layoffAction));
      return {melds: plan.melds, layoffs: plan.layoffs, deadwood: plan.deadwood_cards, steps,
              next: steps.find((a) => ui.legal.has(a)) || null, best: view.defender_best_deadwood};
    }
    if (view.phase === "layout") {
      const melds = (view.hand_melds || []).filter((m) => ui.legal.has(meldAction(m)));
      const steps = melds.map(meldAction);
      return {melds, layoffs: [], deadwood: view.hand_deadwood_cards, steps, next: steps[0] || null, best: view.hand_deadwood};
    }
    return null;
  }

  /** The player's own hand as the engine arranges it (melds, then the deadwood; a defender's best play laid out),
   *  its facts, and what a click on a card does: discard it, knock with it (after "Knock…"), lay a meld or lay a
   *  card off. */
  function myArea(message, ui, width) {
    const view = message.view;
    const me = message.seat;
    const sel = selection(ui, message);
    const plan = layPlan(view, ui, me);
    keepLayingOut(message, ui, sel, plan);
    const discarding = myTurn(view, ui, me) && view.phase === "discard";
    const discards = discarding ? [...ui.legal].filter((a) => CARD_ACTION.test(a)) : [];
    const knocks = discarding ? [...ui.legal].filter((a) => a.startsWith("knock ")) : [];
    if (discarding && !discards.length && knocks.length) sel.knock = true;   // must knock (the 50th card)
    if (!knocks.length) sel.knock = false;
    const groups = myGroups(view, ui, width, sel, plan, discarding);
    if (view.drawn) markDrawn(groups, view.drawn);
    const area = GN.seatBox(message, ui, me, groups, myFacts(view, me, plan),
                            myControls(view, ui, me, sel, plan, discards, knocks));
    area.classList.add("my-area");
    return area;
  }

  /** The groups of cards: [codes, class, label, what a click on one of its cards plays (null: nothing)]. */
  function myGroups(view, ui, width, sel, plan, discarding) {
    const el = GN.el;
    const byLowest = (ms) => ms.slice().sort((a, b) => byRankThenSuit(a[0], b[0]));
    const parts = [];
    if (plan) {
      for (const m of byLowest(plan.melds)) parts.push([m, "meld", "meld: click to lay it", () => (ui.legal.has(meldAction(m)) ? meldAction(m) : null)]);
      if (plan.layoffs.length) {
        const onto = new Map(plan.layoffs.map((l) => [l[0], layoffAction(l)]));
        parts.push([plan.layoffs.map((l) => l[0]), "gin-layoffs", "cards to lay off onto the knocker's melds",
                    (c) => (ui.legal.has(onto.get(c)) ? onto.get(c) : null)]);
      }
      parts.push([plan.deadwood, "deadwood", "deadwood", () => null]);
    } else {
      const cardAction = (c) => {
        if (!discarding) return null;
        const a = sel.knock ? "knock " + c : c;
        return ui.legal.has(a) ? a : null;
      };
      for (const m of byLowest(view.hand_melds || [])) parts.push([m, "meld", "meld", cardAction]);
      parts.push([view.hand_deadwood_cards || [], "deadwood", "deadwood", cardAction]);
    }
    const groups = el("div", null, {class: "melds my-melds"});
    for (const [codes, cls, label, actionOf] of parts) {
      if (!codes.length) continue;
      const node = GN.hand(codes, {width, label, class: cls, selectable: (c) => actionOf(c) !== null,
                                   onclick: (c) => { const a = actionOf(c); if (a) ui.act(a); }});
      if (discarding) draggable(node, ui, actionOf);
      groups.append(node);
    }
    if (!view.hand.length) groups.append(el("span", "no cards in hand", {class: "muted"}));
    return groups;
  }

  /** A card that may be discarded can also be dragged onto the discard pile. */
  function draggable(node, ui, actionOf) {
    for (const button of node.querySelectorAll("button.card-button")) {
      const face = button.querySelector("svg.card");
      const code = face && face.dataset.card;
      if (!code || !actionOf(code)) continue;
      button.setAttribute("draggable", "true");
      button.addEventListener("dragstart", (event) => {
        ui.store.gin.dragging = code;
        if (event.dataTransfer) { event.dataTransfer.setData("text/plain", code); event.dataTransfer.effectAllowed = "move"; }
        const pile = document.querySelector('[data-gin-pile="discard"]');
        if (pile) pile.classList.add("gin-drop-ready");
      });
      button.addEventListener("dragend", () => {
        ui.store.gin.dragging = null;
        const pile = document.querySelector('[data-gin-pile="discard"]');
        if (pile) pile.classList.remove("gin-drop-ready", "gin-drop-over");
      });
    }
  }

  /** The card the engine says was just drawn (or taken) wears a mark: a gold edge and a "NEW" tab. */
  function markDrawn(groups, code) {
    for (const face of groups.querySelectorAll("svg.card")) {
      if (face.dataset.card !== code) continue;
      face.classList.add("just-drawn");
      const tab = GN.svg("g", {class: "just-drawn-tab", "aria-hidden": "true"});
      tab.append(GN.svg("rect", {x: 50, y: 3, width: 46, height: 18, rx: 5, fill: "#f2b632", stroke: "#7a5200", "stroke-width": 1.5}));
      const text = GN.svg("text", {x: 73, y: 17, "text-anchor": "middle", "font-size": 13, "font-weight": "800", fill: "#3b2a00",
                                   "font-family": "system-ui, sans-serif"});
      text.textContent = "NEW";
      tab.append(text);
      face.append(tab);
    }
    for (const button of groups.querySelectorAll("button.card-button")) {
      const face = button.querySelector("svg.card");
      if (face && face.dataset.card === code) button.setAttribute("aria-label", GN.cardName(code) + " (just drawn)");
    }
  }

  function myFacts(view, me, plan) {
    const el = GN.el;
    const facts = el("div", null, {class: "seat-facts"});
    if (plan && view.phase === "defend") {
      // what "done" charges now, and what the plan on the table leaves once laid
      const over = view.hand_value > plan.best;
      facts.append(el("span", `Done now counts ${view.hand_value}`, {class: ["badge gin-charge", over && "bad"], "data-gin-charge": view.hand_value}));
      facts.append(el("span", `best: ${plan.best} once the melds and lay-offs shown are laid`, {class: "badge good", "data-gin-best": plan.best}));
    } else if (plan && view.phase === "layout") {
      facts.append(el("span", `cards not laid count ${view.hand_value}`, {class: "badge gin-charge", "data-gin-charge": view.hand_value}));
      facts.append(el("span", `deadwood ${plan.best} once your melds are laid`, {class: "badge good", "data-gin-best": plan.best}));
    } else {
      facts.append(el("span", `deadwood ${view.hand_deadwood}`, {class: "badge" + (view.deadwood_within_limit ? " good" : "")}));
      const melds = (view.hand_melds || []).length;
      facts.append(el("span", melds ? `${melds} meld${melds === 1 ? "" : "s"} (shaded), deadwood in the dashed box` : "no melds yet", {class: "muted"}));
    }
    if (view.drawn) facts.append(el("span", `just ${view.taken ? "took" : "drew"} ${GN.cardText(view.drawn)} (marked NEW)`, {class: "badge gin-drawn-note", "data-gin-drawn": view.drawn}));
    facts.append(el("span", `score ${view.scores[me]}`, {class: "scoreline"}));
    facts.append(el("span", `hands won ${view.hands_won[me]}`));
    return facts;
  }

  function myControls(view, ui, me, sel, plan, discards, knocks) {
    const el = GN.el;
    const controls = el("div", null, {class: "my-controls"});
    if (discards.length || knocks.length) {
      if (ui.legal.has("biggin")) controls.append(el("button", "Declare big gin!", {type: "button", class: "discard-selection knock", "data-gin": "biggin", onclick: () => ui.act("biggin")}));
      if (knocks.length && discards.length) {
        controls.append(el("button", sel.knock ? "Cancel the knock" : "Knock…", {
          type: "button", class: "gin-knock-mode", "data-gin": "knock-mode", "aria-pressed": sel.knock ? "true" : "false",
          title: "then click the card to put face down", onclick: () => { sel.knock = !sel.knock; ui.redraw(); }}));
      }
      let words;
      if (sel.knock) {
        const gin = knocks.some((a) => deadwoodLeft(view, a.slice(6)) === 0);
        words = (discards.length ? "Knock: " : "You must knock: ") + "click the card to lay face down" + (gin ? " (a card leaving deadwood 0 is gin)." : ".");
      } else {
        words = "Click a card to discard it, or drag it onto the discard pile.";
        if (view.drawn && !discards.includes(view.drawn)) words += ` ${GN.cardText(view.drawn)} was taken from the pile: it may not go back this turn.`;
      }
      controls.append(el("span", words, {class: "muted"}));
    } else if (plan) {
      const more = plan.steps.length > 0;
      if (more) {
        const laying = [plan.melds.length && `${plan.melds.length} meld${plan.melds.length === 1 ? "" : "s"}`,
                        plan.layoffs.length && `${plan.layoffs.length} lay-off${plan.layoffs.length === 1 ? "" : "s"}`].filter(Boolean).join(", ");
        const what = view.phase === "layout" ? "Lay out my melds" : "Lay out my best";
        controls.append(el("button", `${what}: ${laying} → deadwood ${plan.best}`, {
          type: "button", class: "gin-plan", "data-gin": "lay-out", disabled: plan.next ? null : true,
          onclick: () => { sel.auto = view.hand_number; if (plan.next) ui.act(plan.next); }}));
      }
      if (ui.legal.has("done")) {
        ui.suggest(more ? plan.next || "done" : "done");
        controls.append(el("button", `Done: count ${view.hand_value}`, {type: "button", "data-gin": "done", class: more ? null : "discard-selection",
                                                                        onclick: () => ui.act("done")}));
      }
      if (more && view.hand_value > plan.best) {
        controls.append(el("span", `Done now would count ${view.hand_value}: lay out first to be charged ${plan.best}.`, {class: "gin-warn"}));
      }
      controls.append(el("span", more ? "Click a meld to lay it, a card in the dotted box to lay it off; every other choice is in the bar."
                                      : "All laid: press Done.", {class: "muted"}));
    } else if (myTurn(view, ui, me) && PHASE_HINTS[view.phase]) {
      controls.append(el("span", "Your move: " + phaseHint(view, ui, me) + ".", {class: "muted gin-prompt"}));
    }
    return controls;
  }

  /** After "Lay out my best", the rest of the plan is laid one action at a time as each answer comes back. */
  function keepLayingOut(message, ui, sel, plan) {
    const view = message.view;
    if (sel.auto !== view.hand_number) return;
    if (!plan || !plan.next) { if (!plan || !plan.steps.length) sel.auto = null; return; }
    if (sel.autoSent === message.version) return;
    sel.autoSent = message.version;
    const next = plan.next;
    setTimeout(() => ui.act(next), 0);
  }

  function actionLabel(action, message) {
    const view = message.view;
    const el = GN.el;
    if (action === "draw") return `Draw from the stock (${view.stock_size})`;
    if (action === "take") {
      const up = (view.discard_pile || []).slice(-1)[0];
      const first = view.phase === "upcard";
      const span = el("span", first ? "Take the first upcard " : "Take ");
      if (up) span.append(miniCards([up]));
      if (first && !message.legal_actions.includes("pass")) span.append(el("small", " (you must take it)"));
      return span;
    }
    if (action === "pass") return view.phase === "wall" ? "Pass (the hand dies)" : "Pass the first upcard";
    if (action === "biggin") return el("strong", "Declare big gin!");
    if (action === "done") {
      const value = view.hand_value !== null && view.hand_value !== undefined ? view.hand_value : "?";
      if (view.phase === "layout") return `Done: the rest is deadwood (${value})`;
      const best = view.defender_best_deadwood;
      if (best !== null && best !== undefined && best < value) return `Done: count ${value} now (lay out first for ${best})`;
      return `Done: count ${value}`;
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
    if (CARD_ACTION.test(action)) {
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
