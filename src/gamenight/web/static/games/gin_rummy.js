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
    const box = GN.el("div", null, {class: ["meld", width < 50 && "flat"], role: "group", "aria-label": label || GN.t("meld")});
    for (const c of codes) box.append(GN.card(c, {width}));
    return box;
  }

  let current = null;   // the message drawn last: its records say what each legal action does

  /** A move of the log (its record: view.log_described) as a sentence about its player: ``name``, or the person
   *  ("You ...") when ``mine``. */
  function moveText(move, name, mine) {
    const pick = (you, them) => (mine ? you : them);
    if (move.kind === "draw") return pick(GN.t("You drew from the stock"), GN.t("{name} drew from the stock", {name}));
    if (move.kind === "take") return pick(GN.t("You took the upcard"), GN.t("{name} took the upcard", {name}));
    if (move.kind === "pass") return pick(GN.t("You passed"), GN.t("{name} passed", {name}));
    if (move.kind === "done") return pick(GN.t("You finished"), GN.t("{name} finished", {name}));
    if (move.kind === "biggin") return pick(GN.t("You declared big gin!"), GN.t("{name} declared big gin!", {name}));
    if (move.kind === "knock" && !move.card) return pick(GN.t("You knocked (a card face down)"), GN.t("{name} knocked (a card face down)", {name}));
    if (move.kind === "knock") {
      const v = {name, card: GN.cardText(move.card)};
      return pick(GN.t("You knocked, {card} face down", v), GN.t("{name} knocked, {card} face down", v));
    }
    if (move.kind === "meld") {
      const v = {name, cards: move.cards.map(GN.cardText).join(" ")};
      return pick(GN.t("You laid {cards}", v), GN.t("{name} laid {cards}", v));
    }
    if (move.kind === "layoff") return layoffText(move, name, mine);
    const v = {name, card: GN.cardText(move.card)};
    return pick(GN.t("You discarded {card}", v), GN.t("{name} discarded {card}", v));
  }

  function layoffText(move, name, mine) {
    const v = {name, card: GN.cardText(move.card)};
    if (move.target === "set") return mine ? GN.t("You laid off {card} on the set", v) : GN.t("{name} laid off {card} on the set", v);
    return mine ? GN.t("You laid off {card} on the run", v) : GN.t("{name} laid off {card} on the run", v);
  }

  /** "on the set" / "on the run": where a card was laid off (the engine's target). */
  const onTarget = (target) => (target === "set" ? GN.t("on the set") : GN.t("on the run"));

  /** "7♥ on the set": a card laid off, as a list item. */
  const laidOn = (card, target) => (target === "set" ? GN.t("{card} on the set", {card}) : GN.t("{card} on the run", {card}));

  /** What each phase asks for, in words (made when drawn: the person's language). */
  function phaseHints() {
    return {
      upcard: GN.t("the first upcard is offered"),
      stock_only: GN.t("both passed the upcard: draw from the stock"),
      draw: GN.t("draw from the stock or take the upcard"),
      discard: GN.t("discard a card, or knock if the deadwood allows"),
      wall: GN.t("two cards left in the stock: take the discard only to knock, or pass"),
      layout: GN.t("the knocker lays out melds"),
      defend: GN.t("lay out melds and lay off onto the knocker's, then done"),
    };
  }

  /** What the phase asks for, in words; on the seat's own turn from its legal actions (the engine's say). */
  function phaseHint(view, ui, me) {
    if (view.phase === "upcard") return upcardHint(view, ui, me);
    return phaseHints()[view.phase];
  }

  /** The first upcard: "you must take it" when passing is not among the legal actions, else take or pass. */
  function upcardHint(view, ui, me) {
    const card = view.upcard ? GN.cardText(view.upcard) : GN.t("the upcard");
    const moves = view.log_described || [];
    const passedBy = (view.log || []).filter((entry, i) => moves[i] && moves[i].kind === "pass").map(([p]) => (p === me ? GN.t("you") : ui.seatName(p)));
    const names = passedBy.length ? passedBy.reduce((first, second) => GN.t("{first} and {second}", {first, second})) : "";
    const passed = passedBy.length ? GN.t(" ({names} passed it)", {names}) : "";
    if (view.current_player !== me || me === null || me === undefined || ui.replaying) {
      return GN.t("the first upcard {card} is offered to {name}{passed}", {card, name: ui.seatName(view.current_player), passed});
    }
    if (ui.legal.has("take") && !ui.legal.has("pass")) return GN.t("the first upcard {card}: you must take it{passed}; passing is not allowed", {card, passed});
    if (ui.legal.has("take") && ui.legal.has("pass")) return GN.t("the first upcard {card}: take it, or pass (passing is allowed){passed}", {card, passed});
    return GN.t("the first upcard {card}", {card});
  }

  function selection(ui, message) {
    const key = (message.view.hand || []).join(",") + "|" + message.version;
    const store = ui.store.gin || (ui.store.gin = {key: null, knock: false, auto: null});
    if (store.key !== key) { store.key = key; store.knock = false; }
    return store;
  }

  function render(board, message, ui) {
    current = message;
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
    const facts = [GN.t("Hand {number}", {number: view.hand_number}),
                   view.knock_limit === 0 ? GN.t("gin only") : GN.t("knock at {limit} or less", {limit: view.knock_limit})];
    if (!rules.single_hand) facts.push(GN.t("game to {target}", {target: rules.game_target}));
    if (rules.oklahoma) facts.push(rules.oklahoma_spades_double ? GN.t("Oklahoma (spades double)") : GN.t("Oklahoma"));
    if (rules.box_bonus) facts.push(GN.t("box {points}", {points: rules.box_bonus}));
    if (view.phase && phaseHints()[view.phase] && !view.is_over) facts.push(phaseHint(view, ui, me));
    return GN.el("div", facts.join(" · "), {class: "board-header muted"});
  }

  /** The middle: the stock, the discard pile, the score sheet and the last moves. */
  function centre(view, ui, me, width) {
    const el = GN.el;
    const box = el("div", null, {class: "center"});
    box.append(stockPile(view, ui, width), discardPile(view, ui, width, me));
    const folds = el("div", null, {class: "center-folds"});   // (one column beside the piles on a phone)
    const sheet = scoreSheet(view, ui, me);
    if (sheet) folds.append(sheet);
    const log = (view.log || []).slice(-5);
    const moves = (view.log_described || []).slice(-5);
    if (log.length) {
      const list = el("ul", null, {class: "log"});
      log.forEach(([p], i) => { if (moves[i]) list.append(el("li", moveText(moves[i], ui.seatName(p), p === me))); });
      folds.append(GN.fold(GN.t("Last moves"), ui.store, "last-moves", [list], "panel"));   // (on a phone: on demand)
    }
    box.append(folds);
    return box;
  }

  function stockPile(view, ui, width) {
    const el = GN.el;
    const stock = el("div", null, {class: "pile"});
    stock.append(el("span", GN.t("Stock"), {class: "pile-label"}));
    const back = GN.cardBack({width});
    if (ui.legal.has("draw")) {
      back.classList.add("playable");
      stock.append(el("button", back, {type: "button", class: "card-button", onclick: () => ui.act("draw"),
                                       "aria-label": GN.nt("draw from the stock ({n} card)", "draw from the stock ({n} cards)", view.stock_size)}));
    } else {
      stock.append(back);
    }
    stock.append(el("span", GN.nt("{n} card", "{n} cards", view.stock_size), {class: "muted"}));
    return stock;
  }

  function discardPile(view, ui, width, me) {
    const el = GN.el;
    const pileBox = el("div", null, {class: "pile", "data-gin-pile": "discard"});
    if (me !== null && me !== undefined && !ui.replaying && view.phase === "discard" && view.current_player === me) dropTarget(pileBox, ui);
    pileBox.append(el("span", view.phase === "upcard" ? GN.t("First upcard") : GN.t("Discard pile"), {class: "pile-label"}));
    const pile = view.discard_pile || [];
    const fan = el("div", null, {class: "hand tight"});
    for (const c of pile.slice(-4, -1)) fan.append(GN.card(c, {width: Math.round(width * 0.75)}));
    if (pile.length) {
      const up = GN.card(pile[pile.length - 1], {width});
      if (ui.legal.has("take")) {
        up.classList.add("playable");
        fan.append(el("button", up, {type: "button", class: "card-button", onclick: () => ui.act("take"),
                                     "aria-label": GN.t("take the upcard {card}", {card: GN.cardName(pile[pile.length - 1])})}));
      } else {
        fan.append(up);
      }
    } else {
      fan.append(el("span", GN.t("empty"), {class: "muted"}));
    }
    pileBox.append(fan, el("span", GN.nt("{n} card", "{n} cards", pile.length), {class: "muted"}));
    return pileBox;
  }

  /** The discard pile takes a card dragged from the hand: a discard (or, in knock mode, the knock with it). */
  function dropTarget(pileBox, ui) {
    const dragged = () => (ui.store.gin && ui.store.gin.dragging) || null;
    const actionFor = (card) => {
      const knock = ui.store.gin && ui.store.gin.knock;
      return (card && byCard(ui, knock ? "knock" : "discard").get(card)) || null;
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
    const size = view.hand_sizes[p];
    // (the English says "cards" at any count: "1 cards", as before)
    const label = known.length ? GN.nt("{n} cards, known: {cards}", "{n} cards, known: {cards}", size, {cards: known.map(GN.cardName).join(", ")})
                               : GN.nt("{n} cards", "{n} cards", size);
    const cards = el("div", null, {class: "backs", role: "group", "aria-label": label});
    const faces = known.map((c) => {
      const node = GN.card(c, {width, title: GN.t("{card} (known to be in this hand)", {card: GN.cardName(c)})});
      node.classList.add("known");
      return node;
    });
    GN.fan(cards, faces.concat(Array.from({length: hidden}, () => GN.cardBack({width}))), width);
    const facts = el("div", null, {class: "seat-facts"});
    facts.append(el("span", GN.t("score {score}", {score: view.scores[p]}), {class: "scoreline"}));
    facts.append(el("span", GN.t("hands won {count}", {count: view.hands_won[p]})));
    facts.append(el("span", GN.nt("{n} cards", "{n} cards", size)));
    if (view.dealer === p) facts.append(el("span", GN.t("dealer"), {class: "badge"}));
    if (view.knocker === p) facts.append(el("span", view.big_gin ? GN.t("big gin") : GN.t("knocked"), {class: "badge"}));
    if ((view.winners || []).includes(p)) facts.append(el("span", GN.t("winner"), {class: "badge good"}));
    return GN.seatBox(message, ui, p, cards, facts);
  }

  function knockArea(view, ui, me, width) {
    const el = GN.el;
    const k = view.knocker;
    const w = Math.round(width * 0.7);
    const box = el("div", null, {class: "panel knock-area"});
    let head = knockHead(view, ui.seatName(k), k === me);
    if (view.knocker_deadwood !== null && view.knocker_deadwood !== undefined) {
      head += " · " + GN.t("knocker's deadwood {points}", {points: view.knocker_deadwood});
    }
    box.append(el("h3", head));
    for (const p of [k, 1 - k]) {
      const melds = view.melds.filter(([q]) => q === p).map(([, cards]) => cards);
      const line = el("div", null, {class: "melds"});
      line.append(el("span", GN.t("{name}:", {name: p === me ? GN.t("You") : ui.seatName(p)}), {class: "meld-owner"}));
      if (!melds.length) line.append(el("span", GN.t("no melds laid yet"), {class: "muted"}));
      for (const m of melds) line.append(meldNode(m, w));
      box.append(line);
    }
    if (view.layoffs && view.layoffs.length) {
      const line = el("div", null, {class: "melds"});
      line.append(el("span", GN.t("Laid off:"), {class: "meld-owner"}));
      for (const [c, target] of view.layoffs) {
        const item = el("span", null, {class: "layoff"});
        item.append(GN.card(c, {width: Math.round(w * 0.8)}), el("small", " " + onTarget(target)));
        line.append(item);
      }
      box.append(line);
    }
    return box;
  }

  /** "Alice knocked (face down: 7♥)", "You declared big gin": the knock area's heading. */
  function knockHead(view, name, mine) {
    const v = {name, card: view.knock_discard ? GN.cardText(view.knock_discard) : ""};
    if (view.big_gin) return mine ? GN.t("You declared big gin") : GN.t("{name} declared big gin", v);
    if (view.knock_discard) return mine ? GN.t("You knocked (face down: {card})", v) : GN.t("{name} knocked (face down: {card})", v);
    return mine ? GN.t("You knocked") : GN.t("{name} knocked", v);
  }

  function scoreSheet(view, ui, me) {
    const results = view.results || [];
    const el = GN.el;
    const name = (p) => (p === me ? GN.t("You") : ui.seatName(p));
    const words = resultWords();
    const table = el("table", null, {class: "score-sheet"});
    table.append(el("tr", [el("th", GN.pt("hand number", "hand")), el("th", GN.t("result")), el("th", GN.t("to")), el("th", GN.t("points"))]));
    results.slice(-6).forEach((r, i) => {
      const [kind, who, points] = r;
      table.append(el("tr", [el("td", String(results.length - Math.min(results.length, 6) + i + 1)),
                              el("td", words[kind] || kind.replace("_", " ")), el("td", who >= 0 ? name(who) : "-"),
                              el("td", String(points))]));
    });
    table.append(el("tr", [el("th", GN.t("total"), {colspan: 2}),
                            el("td", `${name(0)} ${view.scores[0]}`), el("td", `${name(1)} ${view.scores[1]}`)]));
    return GN.fold(GN.t("Score sheet"), ui.store, "score-sheet", [table], "panel");
  }

  /** A hand's result (view.results) as the score sheet's word. */
  function resultWords() {
    return {gin: GN.t("gin"), big_gin: GN.t("big gin"), knock: GN.t("knock"), undercut: GN.t("undercut"),
            draw: GN.t("draw"), dead: GN.t("dead")};
  }

  /** The legal actions of this seat now (``ui.legal``) with their records, as [[name, record]]. */
  function legalRecords(ui) { return current ? GN.describedActions(current).filter(([a]) => ui.legal.has(a)) : []; }

  /** The legal action laying the meld of ``cards`` (null: not legal now). */
  function meldAction(ui, cards) {
    const key = cards.slice().sort().join("+");
    const found = legalRecords(ui).find(([, d]) => d.kind === "meld" && d.cards.slice().sort().join("+") === key);
    return found ? found[0] : null;
  }

  /** The legal action laying ``card`` off onto the knocker's ``target`` ("set" or "run"; null: not legal now). */
  function layoffAction(ui, [card, target]) {
    const found = legalRecords(ui).find(([, d]) => d.kind === "layoff" && d.card === card && d.target === target);
    return found ? found[0] : null;
  }

  /** The legal actions of one kind (discard, knock) by their card: Map card -> action. */
  function byCard(ui, kind) {
    return new Map(legalRecords(ui).filter(([, d]) => d.kind === kind).map(([a, d]) => [d.card, a]));
  }

  function myTurn(view, ui, me) {
    return me !== null && me !== undefined && view.current_player === me && !ui.replaying && !view.is_over;
  }

  /** The melds and lay-offs still to lay, as the engine planned them (a defender: defender_plan; a knocker
   *  laying out: its best melds), in order; ``next`` is the first one that is legal now. */
  function layPlan(view, ui, me) {
    if (!myTurn(view, ui, me)) return null;
    if (view.phase === "defend" && view.defender_plan) {
      const plan = view.defender_plan;
      // each step's legal action (null: not legal yet)
      const steps = plan.melds.map((m) => meldAction(ui, m)).concat(plan.layoffs.map((l) => layoffAction(ui, l)));
      return {melds: plan.melds, layoffs: plan.layoffs, deadwood: plan.deadwood_cards, steps,
              next: steps.find((a) => a !== null) || null, best: view.defender_best_deadwood};
    }
    if (view.phase === "layout") {
      const melds = (view.hand_melds || []).filter((m) => meldAction(ui, m) !== null);
      const steps = melds.map((m) => meldAction(ui, m));
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
    const discards = discarding ? [...byCard(ui, "discard").keys()] : [];   // the cards that may be discarded
    const knocks = discarding ? [...byCard(ui, "knock").keys()] : [];   // the cards a knock may lay face down
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
      for (const m of byLowest(plan.melds)) parts.push([m, "meld", GN.t("meld: click to lay it"), () => meldAction(ui, m)]);
      if (plan.layoffs.length) {
        const onto = new Map(plan.layoffs.map((l) => [l[0], layoffAction(ui, l)]));
        parts.push([plan.layoffs.map((l) => l[0]), "gin-layoffs", GN.t("cards to lay off onto the knocker's melds"),
                    (c) => onto.get(c) || null]);
      }
      parts.push([plan.deadwood, "deadwood", GN.t("deadwood"), () => null]);
    } else {
      const discardOf = byCard(ui, "discard"), knockOf = byCard(ui, "knock");
      const cardAction = (c) => {
        if (!discarding) return null;
        return (sel.knock ? knockOf.get(c) : discardOf.get(c)) || null;
      };
      for (const m of byLowest(view.hand_melds || [])) parts.push([m, "meld", GN.t("meld"), cardAction]);
      parts.push([view.hand_deadwood_cards || [], "deadwood", GN.t("deadwood"), cardAction]);
    }
    const groups = el("div", null, {class: "melds my-melds"});
    // each group's word over it (style.css draws data-label), besides its shading or dashed edge
    const shown = {meld: GN.t("meld"), deadwood: GN.t("deadwood"), "gin-layoffs": GN.t("lay off")};
    for (const [codes, cls, label, actionOf] of parts) {
      if (!codes.length) continue;
      const node = GN.hand(codes, {width, label, class: cls, selectable: (c) => actionOf(c) !== null,
                                   onclick: (c) => { const a = actionOf(c); if (a) ui.act(a); }});
      node.dataset.label = shown[cls];
      if (discarding) draggable(node, ui, actionOf);
      groups.append(node);
    }
    if (!view.hand.length) groups.append(el("span", GN.t("no cards in hand"), {class: "muted"}));
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
      tab.append(GN.cardGlyph(GN.t("NEW"), 73, 17, 13, "#3b2a00", 0, {family: "system-ui, sans-serif", weight: 800}));
      face.append(tab);
    }
    for (const button of groups.querySelectorAll("button.card-button")) {
      const face = button.querySelector("svg.card");
      if (face && face.dataset.card === code) button.setAttribute("aria-label", GN.t("{card} (just drawn)", {card: GN.cardName(code)}));
    }
  }

  function myFacts(view, me, plan) {
    const el = GN.el;
    const facts = el("div", null, {class: "seat-facts"});
    if (plan && view.phase === "defend") {
      // what "done" charges now, and what the plan on the table leaves once laid
      const over = view.hand_value > plan.best;
      facts.append(el("span", GN.t("Done now counts {points}", {points: view.hand_value}), {class: ["badge gin-charge", over && "bad"], "data-gin-charge": view.hand_value}));
      facts.append(el("span", GN.t("best: {points} once the melds and lay-offs shown are laid", {points: plan.best}), {class: "badge good", "data-gin-best": plan.best}));
    } else if (plan && view.phase === "layout") {
      facts.append(el("span", GN.t("cards not laid count {points}", {points: view.hand_value}), {class: "badge gin-charge", "data-gin-charge": view.hand_value}));
      facts.append(el("span", GN.t("deadwood {points} once your melds are laid", {points: plan.best}), {class: "badge good", "data-gin-best": plan.best}));
    } else {
      // (within the knock limit: green, and said so)
      const deadwood = view.deadwood_within_limit ? GN.t("deadwood {points}: within the knock limit", {points: view.hand_deadwood})
                                                  : GN.t("deadwood {points}", {points: view.hand_deadwood});
      facts.append(el("span", deadwood, {class: "badge" + (view.deadwood_within_limit ? " good" : ""), "data-gin-deadwood": view.hand_deadwood}));
      const melds = (view.hand_melds || []).length;
      facts.append(el("span", melds ? GN.nt("{n} meld (shaded), deadwood in the dashed box", "{n} melds (shaded), deadwood in the dashed box", melds)
                                    : GN.t("no melds yet"), {class: "muted"}));
    }
    if (view.drawn) {
      const card = GN.cardText(view.drawn);
      facts.append(el("span", view.taken ? GN.t("just took {card} (marked NEW)", {card}) : GN.t("just drew {card} (marked NEW)", {card}),
                      {class: "badge gin-drawn-note", "data-gin-drawn": view.drawn}));
    }
    facts.append(el("span", GN.t("score {score}", {score: view.scores[me]}), {class: "scoreline"}));
    facts.append(el("span", GN.t("hands won {count}", {count: view.hands_won[me]})));
    return facts;
  }

  function myControls(view, ui, me, sel, plan, discards, knocks) {
    const el = GN.el;
    const controls = el("div", null, {class: "my-controls"});
    if (discards.length || knocks.length) {
      if (ui.legal.has("biggin")) controls.append(el("button", GN.t("Declare big gin!"), {type: "button", class: "discard-selection knock", "data-gin": "biggin", onclick: () => ui.act("biggin")}));
      if (knocks.length && discards.length) {
        controls.append(el("button", sel.knock ? GN.t("Cancel the knock") : GN.t("Knock…"), {
          type: "button", class: "gin-knock-mode", "data-gin": "knock-mode", "aria-pressed": sel.knock ? "true" : "false",
          title: GN.t("then click the card to put face down"), onclick: () => { sel.knock = !sel.knock; ui.redraw(); }}));
      }
      controls.append(el("span", discardWords(view, sel, discards, knocks), {class: "muted"}));
    } else if (plan) {
      const more = plan.steps.length > 0;
      if (more) {
        const laying = [plan.melds.length && GN.nt("{n} meld", "{n} melds", plan.melds.length),
                        plan.layoffs.length && GN.nt("{n} lay-off", "{n} lay-offs", plan.layoffs.length)].filter(Boolean).join(", ");
        const v = {laying, points: plan.best};
        const what = view.phase === "layout" ? GN.t("Lay out my melds: {laying} → deadwood {points}", v)
                                             : GN.t("Lay out my best: {laying} → deadwood {points}", v);
        controls.append(el("button", what, {
          type: "button", class: "gin-plan", "data-gin": "lay-out", disabled: plan.next ? null : true,
          onclick: () => { sel.auto = view.hand_number; if (plan.next) ui.act(plan.next); }}));
      }
      if (ui.legal.has("done")) {
        ui.suggest(more ? plan.next || "done" : "done", GN.t("the next step of your best layout"));
        controls.append(el("button", GN.t("Done: count {points}", {points: view.hand_value}), {type: "button", "data-gin": "done", class: more ? null : "discard-selection",
                                                                        onclick: () => ui.act("done")}));
      }
      if (more && view.hand_value > plan.best) {
        controls.append(el("span", GN.t("Done now would count {points}: lay out first to be charged {best}.", {points: view.hand_value, best: plan.best}),
                           {class: "gin-warn"}));
      }
      controls.append(el("span", more ? GN.t("Click a meld to lay it, a card in the dotted box to lay it off; every other choice is in the bar.")
                                      : GN.t("All laid: press Done."), {class: "muted"}));
    } else if (myTurn(view, ui, me) && phaseHints()[view.phase]) {
      controls.append(el("span", GN.t("Your move: {hint}.", {hint: phaseHint(view, ui, me)}), {class: "muted gin-prompt"}));
    }
    return controls;
  }

  /** What a click on a card does while discarding: discard it, or (in knock mode) knock with it. */
  function discardWords(view, sel, discards, knocks) {
    if (sel.knock) {
      const gin = knocks.some((card) => deadwoodLeft(view, card) === 0);
      if (discards.length) {
        return gin ? GN.t("Knock: click the card to lay face down (a card leaving deadwood 0 is gin).")
                   : GN.t("Knock: click the card to lay face down.");
      }
      return gin ? GN.t("You must knock: click the card to lay face down (a card leaving deadwood 0 is gin).")
                 : GN.t("You must knock: click the card to lay face down.");
    }
    let words = GN.t("Click a card to discard it, or drag it onto the discard pile.");
    if (view.drawn && !discards.includes(view.drawn)) {
      words += " " + GN.t("{card} was taken from the pile: it may not go back this turn.", {card: GN.cardText(view.drawn)});
    }
    return words;
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

  /** A label with cards in it: the text (already translated) split where "{card}" or "{cards}" stands, the
   *  cards drawn there; what follows them goes in an ``afterTag`` element (a span unless told). */
  function cardsLabel(text, codes, afterTag) {
    const [before, after] = text.split(/\{cards?\}/);   // (a translated text, not an action)
    const span = GN.el("span", before);
    if (codes.length) span.append(miniCards(codes));
    if (after) span.append(GN.el(afterTag || "span", after));
    return span;
  }

  function actionLabel(action, message) {
    const view = message.view;
    const el = GN.el;
    const record = GN.described(message, action);
    if (!record) return null;   // (no record: the page shows the action's name)
    if (record.kind === "draw") return GN.t("Draw from the stock ({count})", {count: view.stock_size});
    if (record.kind === "take") return takeLabel(view, message);
    if (record.kind === "pass") return view.phase === "wall" ? GN.t("Pass (the hand dies)") : GN.t("Pass the first upcard");
    if (record.kind === "biggin") return el("strong", GN.t("Declare big gin!"));
    if (record.kind === "done") return doneLabel(view);
    if (record.kind === "knock") return knockLabel(view, record.card);
    if (record.kind === "meld") return cardsLabel(GN.t("Meld {cards}"), record.cards);
    if (record.kind === "layoff") {
      return cardsLabel(record.target === "set" ? GN.t("Lay off {card} on the set") : GN.t("Lay off {card} on the run"), [record.card]);
    }
    if (record.kind === "discard") {
      const span = el("span", null);
      span.append(miniCards([record.card]));
      const left = deadwoodLeft(view, record.card);
      if (left !== null) span.append(el("small", " " + GN.t("deadwood {points}", {points: left})));
      return span;
    }
    return null;
  }

  function takeLabel(view, message) {
    const up = (view.discard_pile || []).slice(-1)[0];
    const first = view.phase === "upcard";
    const span = cardsLabel(first ? GN.t("Take the first upcard {card}") : GN.t("Take {card}"), up ? [up] : []);
    if (first && !message.legal_actions.includes("pass")) span.append(GN.el("small", " " + GN.t("(you must take it)")));
    return span;
  }

  function doneLabel(view) {
    const value = view.hand_value !== null && view.hand_value !== undefined ? view.hand_value : "?";
    if (view.phase === "layout") return GN.t("Done: the rest is deadwood ({points})", {points: value});
    const best = view.defender_best_deadwood;
    if (best !== null && best !== undefined && best < value) {
      return GN.t("Done: count {points} now (lay out first for {best})", {points: value, best});
    }
    return GN.t("Done: count {points}", {points: value});
  }

  function knockLabel(view, card) {
    const left = deadwoodLeft(view, card);
    let text;
    if (left === null) text = GN.t("Knock, {card} face down");
    else if (left === 0) text = GN.t("Gin! Knock, {card} face down, deadwood {points}", {points: left});
    else text = GN.t("Knock, {card} face down, deadwood {points}", {points: left});
    return cardsLabel(text, [card], "small");
  }

  /** A knocked hand's result as the summary's heading says it. */
  function resultCry(result) {
    const cries = {gin: GN.t("Gin!"), big_gin: GN.t("Big gin!"), knock: GN.t("knock"), undercut: GN.t("Undercut!"),
                   draw: GN.t("a draw"), dead: GN.t("dead hand")};
    return cries[result] || result;
  }

  /** Why a hand died, in words (last_hand.reason). */
  function deadReason(reason) {
    const reasons = {stock: GN.t("the stock ran down to two cards"), wall: GN.t("nobody knocked at the 50th card"),
                     takes: GN.t("the discard pile was taken too often"), repeat: GN.t("the upcard went back and forth")};
    return reasons[reason] || reason || "";
  }

  function summary(message, ui) {
    const view = message.view;
    const me = message.seat;
    const name = (p) => (p === me ? GN.t("You") : ui.seatName(p));
    const box = GN.el("div", null, {class: "gin-summary"});
    if (view.is_over) matchOver(box, view, name, me);
    const last = view.last_hand;
    if (!last) return view.is_over ? box : null;
    const fresh = view.is_over || (view.log || []).length <= 2;
    const details = GN.el("details", null, fresh ? {open: true} : null);
    if (last.result === "dead") deadHand(details, last, name);
    else knockedHand(details, view, last, name, me);
    box.append(details);
    return box;
  }

  function matchOver(box, view, name, me) {
    const el = GN.el;
    const rules = view.rules || {};
    const winners = view.winners || [];
    box.append(el("h3", matchOverHead(view.hand_number, winners, name, me)));
    const match = (view.last_hand || {}).match;
    const t = el("table");
    t.append(el("tr", [el("th", ""), el("th", GN.t("before bonuses")), el("th", GN.t("hands won")), el("th", GN.t("final"))]));
    for (const p of [0, 1]) {
      t.append(el("tr", [el("td", name(p)), el("td", match ? String(match.totals_before_bonuses[p]) : ""),
                          el("td", match ? String(match.boxes[p]) : String(view.hands_won[p])),
                          el("td", String(view.scores[p]))]));
    }
    box.append(t);
    if (match && match.shutout) box.append(el("p", shutoutWords(rules)));
  }

  /** "Match over after 4 hands: Alice wins". */
  function matchOverHead(hands, winners, name, me) {
    if (!winners.length) return GN.nt("Match over after {n} hand: no winner", "Match over after {n} hands: no winner", hands);
    if (winners.length > 1) {
      return GN.nt("Match over after {n} hand: {names} win", "Match over after {n} hands: {names} win", hands, {names: winners.map(name).join(", ")});
    }
    if (winners[0] === me) return GN.nt("Match over after {n} hand: You win", "Match over after {n} hands: You win", hands);
    return GN.nt("Match over after {n} hand: {name} wins", "Match over after {n} hands: {name} wins", hands, {name: name(winners[0])});
  }

  function shutoutWords(rules) {
    if (rules.shutout === "double") return GN.t("Shutout: the loser scored nothing (the winner's total doubles).");
    if (rules.shutout === "bonus") return GN.t("Shutout: the loser scored nothing (+{points}).", {points: rules.shutout_bonus});
    return GN.t("Shutout: the loser scored nothing.");
  }

  function deadHand(details, last, name) {
    details.append(GN.el("summary", GN.t("Hand {number} is dead: {reason}. Nobody scores.", {number: last.hand, reason: deadReason(last.reason)}),
                         {class: "summary-head"}));
    details.append(GN.el("p", GN.t("Totals: {name0} {score0}, {name1} {score1}", totals(last, name))));
  }

  /** The placeholders of a "Totals: ..." line: both seats' names and match totals after the hand. */
  const totals = (last, name) => ({name0: name(0), score0: last.totals[0], name1: name(1), score1: last.totals[1]});

  /** "Hand 3: Alice knocked (discarding 7♥ face down)": a knocked hand's summary heading, before its result. */
  function knockedHead(last, name, mine) {
    const v = {number: last.hand, name, card: last.knock_discard ? GN.cardText(last.knock_discard) : ""};
    if (last.result === "big_gin") return mine ? GN.t("Hand {number}: You declared big gin", v) : GN.t("Hand {number}: {name} declared big gin", v);
    if (last.knock_discard) {
      return mine ? GN.t("Hand {number}: You knocked (discarding {card} face down)", v)
                  : GN.t("Hand {number}: {name} knocked (discarding {card} face down)", v);
    }
    return mine ? GN.t("Hand {number}: You knocked", v) : GN.t("Hand {number}: {name} knocked", v);
  }

  /** A knocked hand: who knocked, each side's melds and deadwood, the layoffs, and the engine's score line. */
  function knockedHand(details, view, last, name, me) {
    const el = GN.el;
    const k = last.knocker;
    let head = knockedHead(last, name(k), k === me);
    if (last.result !== "knock") head += " — " + resultCry(last.result);
    details.append(el("summary", head, {class: "summary-head"}));
    const t = el("table");
    t.append(el("tr", [el("th", ""), el("th", GN.t("melds")), el("th", GN.t("deadwood")), el("th", "")]));
    for (const p of [k, 1 - k]) {
      const melds = last.melds.filter(([q]) => q === p).map(([, cards]) => cards);
      const mcell = el("td", null, {class: "melds"});
      for (const m of melds) mcell.append(meldNode(m, 28));
      if (!melds.length) mcell.append(el("span", GN.t("no melds"), {class: "muted"}));
      const dead = last.deadwood_cards[String(p)] || [];
      const dcell = el("td", null);
      dcell.append(dead.length ? miniCards(dead, 28) : el("span", GN.t("none"), {class: "muted"}));
      t.append(el("tr", [el("td", name(p)), mcell, dcell,
                          el("td", el("strong", String(p === k ? last.knocker_deadwood : last.defender_deadwood)))]));
    }
    details.append(t);
    if (last.layoffs && last.layoffs.length) {
      details.append(el("p", GN.t("Laid off: {layoffs}", {layoffs: last.layoffs.map(([c, target]) => laidOn(GN.cardText(c), target)).join(", ")})));
    }
    const scorer = last.scorer;
    const v = Object.assign({line: view.last_hand_says ? GN.text(view.last_hand_says) : view.last_hand_score}, totals(last, name));
    const line = scorer !== null && scorer !== undefined
      ? GN.t("Score: {line} = {points} to {name}. Totals: {name0} {score0}, {name1} {score1}.", Object.assign(v, {points: last.points, name: name(scorer)}))
      : GN.t("Score: {line}. Totals: {name0} {score0}, {name1} {score1}.", v);
    details.append(el("p", line, {class: "scoreline"}));
  }

  /** The i-th move of the log in words, for the page to say once to a screen reader (static/table.js). */
  function moveSentence(message, ui, i) {
    const view = message.view;
    const move = (view.log_described || [])[i], entry = (view.log || [])[i];
    return move && entry ? moveText(move, ui.seatName(entry[0]), entry[0] === message.seat) : "";
  }

  GN.registerGame("gin_rummy", {render, moveSentence, actionLabel, summary});
})();
