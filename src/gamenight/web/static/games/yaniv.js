"use strict";
// Yaniv at the table: the other hands as backs (with the cards known to have been taken face up), the stock,
// the group that can be taken from and the one just laid, the scores and eliminations, and the player's own
// hand. Clicking cards selects them: the legal discard made of exactly the selection is offered; clicking a
// takeable card takes it and clicking the stock draws. The action bar always has every option, each set of cards
// once: where several actions lay the same cards (a set by its two ends, a run by where its jokers stand), they are
// one group whose buttons say only what differs.
(function () {
  // Every fact that takes a rule comes from the view (the hand's value, what each discard leaves, which cards
  // may be taken, the order cards are shown in); this file only draws it. The notation is read for display.

  /** A discard in notation ("5s+Jk=6s+7s") as [{card, as}] in the order laid. */
  function groupParts(text) {
    return text.split("+").map((token) => {
      const [card, as] = token.split("=");
      return {card, as: as || null};
    });
  }
  function groupCards(text) { return groupParts(text).map((p) => p.card); }

  /** The legal discards of the seat to move, each with the hand value it leaves (from the view). */
  function discardValues(view) { return view.hand_value_after || {}; }
  function isDiscard(action, view) { return Object.prototype.hasOwnProperty.call(discardValues(view), action); }

  function sameCards(a, b) {
    if (a.length !== b.length) return false;
    const x = a.map((c) => c.toLowerCase()).sort(), y = b.map((c) => c.toLowerCase()).sort();
    return x.every((c, i) => c === y[i]);
  }

  /** Cards of a laid group, each with its "stands for" note when a joker fills a run. */
  function groupNode(parts, width, opts = {}) {
    const row = GN.el("div", null, {class: ["card-group", opts.class], role: "group", "aria-label": opts.label || "cards"});
    for (const part of parts) {
      const title = part.as ? `joker standing for ${GN.cardName(part.as)}` : null;
      const card = GN.card(part.card, {width, title: title || undefined});
      if (opts.takeable && opts.takeable.has(part.card)) card.classList.add("playable");
      if (opts.onTake && opts.takeable && opts.takeable.has(part.card)) {
        const b = GN.el("button", card, {type: "button", class: "card-button", "data-take": part.card,
                                         "aria-label": "take " + GN.cardName(part.card)});
        b.addEventListener("click", () => opts.onTake(part.card));
        row.append(b);
      } else {
        row.append(card);
      }
    }
    if (!parts.length) row.append(GN.el("span", "empty", {class: "muted"}));
    return row;
  }

  /** The cards an action lays, as a key: the same cards (jokers counted) give the same key. */
  function cardsKey(text) { return groupCards(text).map((c) => c.toLowerCase()).sort().join("+"); }

  /** What tells apart actions laying the same cards: a set's two ends (what the next player may take), or the
   *  cards a run's jokers stand for. ``parts`` as groupParts gives them. */
  function variantText(text) {
    const parts = groupParts(text);
    if (parts.some((p) => p.as)) {
      return "run " + parts.map((p) => GN.cardText(p.as || p.card)).join(" ") + " (" +
        parts.filter((p) => p.as).map((p) => "joker as " + GN.cardText(p.as)).join(", ") + ")";
    }
    const first = parts[0].card, last = parts[parts.length - 1].card;
    return `ends ${GN.cardText(first)} & ${GN.cardText(last)}`;
  }

  function variantTitle(text) {
    const parts = groupParts(text);
    if (parts.some((p) => p.as)) return "the joker stands for " + parts.filter((p) => p.as).map((p) => GN.cardName(p.as)).join(" and ");
    return `laid with ${GN.cardName(parts[0].card)} and ${GN.cardName(parts[parts.length - 1].card)} at the ends: ` +
      "the cards the next player may take";
  }

  /** The discards of ``actions`` gathered by the cards they lay, in their order: [[key, [actions]]]. */
  function byCards(actions) {
    const groups = new Map();
    for (const a of actions) {
      const key = cardsKey(a);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(a);
    }
    return [...groups.values()];
  }

  function miniGroup(text) {
    const span = GN.el("span", null, {class: "mini-cards"});
    for (const part of groupParts(text)) {
      span.append(GN.miniCard(part.card, {width: 30}));
      if (part.as) span.append(GN.el("small", "=" + GN.cardText(part.as)));
    }
    return span;
  }

  function moveText(move) {
    if (move === "yaniv") return "called Yaniv!";
    if (move === "draw") return "drew from the stock";
    if (move.startsWith("take ")) return "took " + GN.cardText(move.slice(5));
    if (move.startsWith("swap ")) return "swapped " + GN.cardText(move.slice(5)) + " for a joker";
    if (move === "slap") return "slapped down the drawn card";
    if (move === "keep") return "kept the drawn card";
    return "discarded " + groupParts(move).map((p) => GN.cardText(p.card) + (p.as ? `(=${GN.cardText(p.as)})` : "")).join(" ");
  }

  function selection(ui, message) {
    const key = (message.view.hand || []).join(",") + "|" + message.version;
    const store = ui.store.yaniv || (ui.store.yaniv = {key: null, picked: new Set()});
    if (store.key !== key) { store.key = key; store.picked = new Set(); }
    return store;
  }

  function render(board, message, ui) {
    const view = message.view;
    const me = message.seat;
    const width = ui.cardWidth();
    const el = GN.el;
    board.append(el("div", headerFacts(view.rules || {}, view).join(" · "), {class: "board-header muted"}));

    // the other seats
    const others = GN.seatOrder(message).filter((p) => p !== me);
    const row = el("div", null, {class: "opponents"});
    for (const p of others) row.append(seatBox(message, ui, p, Math.min(width, 44)));
    board.append(row);

    // the middle: stock, the group to take from, the group just laid
    const centre = el("div", null, {class: "center"});
    centre.append(stockPile(view, ui, width), takePile(view, ui, width));
    if (view.pending_discard) centre.append(justLaid(view, ui, me, width));
    const log = recentLog(view, ui, me);
    if (log) centre.append(log);
    board.append(centre);

    // the player's own hand
    if (me !== null && me !== undefined && Array.isArray(view.hand)) board.append(myArea(message, ui, width));
    watchActionBar();
  }

  // The action bar is drawn by the page (one button per legal action, each with its key) right after the board.
  // Buttons that lay the same cards are gathered into one group there: the cards and what they leave are shown
  // once, and each button says only what differs (the ends of a set, where a run's joker stands). Every button
  // keeps its action and its key.
  let barWatched = false;
  function watchActionBar() {
    if (barWatched || typeof MutationObserver === "undefined" || !document.getElementById) return;
    const bar = document.getElementById("actions");
    if (!bar) return;
    barWatched = true;
    new MutationObserver(() => groupActionBar(bar)).observe(bar, {childList: true});
    groupActionBar(bar);
  }

  function groupActionBar(bar) {
    if (document.body.dataset.game !== "yaniv") return;
    const buttons = [...bar.children].filter((b) => b.tagName === "BUTTON" && b.dataset.action && isDiscardText(b.dataset.action));
    const groups = new Map();
    for (const b of buttons) {
      const key = cardsKey(b.dataset.action);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(b);
    }
    for (const [key, same] of groups) {
      if (same.length < 2) continue;
      const leaves = same[0].querySelector("small");
      const box = GN.el("div", null, {class: "action-group yaniv-variants", role: "group", "data-action-group": key,
                                     "aria-label": "discard " + groupCards(same[0].dataset.action).map(GN.cardName).join(", ") + ": choose how to lay them"});
      const head = GN.el("span", null, {class: "action-group-head"});
      head.append(miniGroup(same[0].dataset.action.replace(/=[^+]*/g, "")));
      if (leaves) head.append(GN.el("small", leaves.textContent, {class: "muted"}));
      box.append(head);
      const focused = document.activeElement;
      same[0].before(box);
      for (const b of same) {
        const kbd = b.querySelector("kbd");
        b.replaceChildren(...(kbd ? [kbd] : []), GN.el("span", variantText(b.dataset.action)));
        b.setAttribute("aria-label", "discard " + b.dataset.action + ", " + variantText(b.dataset.action));
        b.title = variantTitle(b.dataset.action) + (kbd ? ` (key ${kbd.textContent})` : "");
        box.append(b);
      }
      if (same.includes(focused)) focused.focus({preventScroll: true});   // moving a button must not lose the focus
    }
  }

  /** A discard in notation (a card, or cards joined by "+"), as the bar's buttons carry them. */
  function isDiscardText(text) {
    return text !== "yaniv" && text !== "draw" && text !== "slap" && text !== "keep" && !/^(take|swap) /.test(text);
  }

  function headerFacts(rules, view) {
    const limit = rules.yaniv_limit;
    const facts = [`Round ${view.hand_number}`, limit === null || limit === undefined ? "call Yaniv with any hand" : `call Yaniv at ${limit} or less`];
    if (!rules.single_round) facts.push(`out above ${rules.elimination_limit}`);
    if (rules.slapdown) facts.push("slapdown on");
    if (rules.joker_swap) facts.push("joker swap on");
    return facts;
  }

  function stockPile(view, ui, width) {
    const el = GN.el;
    const stock = el("div", null, {class: "pile"});
    stock.append(el("span", "Stock", {class: "pile-label"}));
    const back = GN.cardBack({width});
    if (ui.legal.has("draw")) {
      const b = el("button", back, {type: "button", class: "card-button", "aria-label": `draw from the stock (${view.stock_size} cards)`});
      b.addEventListener("click", () => ui.act("draw"));
      back.classList.add("playable");
      stock.append(b);
    } else {
      stock.append(back);
    }
    stock.append(el("span", `${view.stock_size} cards`, {class: "muted"}));
    return stock;
  }

  /** The group that can be taken from: the cards the rules let a player take are marked (the view says which). */
  function takePile(view, ui, width) {
    const el = GN.el;
    const takeable = new Set(view.takeable || []);
    const myTakes = new Set([...ui.legal].filter((a) => a.startsWith("take ")).map((a) => a.slice(5)));
    const takeBox = el("div", null, {class: "pile"});
    const takeLabel = view.phase === "take" ? "Take from" : "On the pile";
    takeBox.append(el("span", `${takeLabel} (${view.previous_group_type})`, {class: "pile-label"}));
    const parts = view.previous_group_text ? groupParts(view.previous_group_text) :
      (view.previous_group || []).map((c) => ({card: c, as: null}));
    takeBox.append(groupNode(parts, width, {class: myTakes.size ? "legal-take" : null, takeable: myTakes.size ? myTakes : takeable,
                                            onTake: myTakes.size ? (c) => ui.act("take " + c) : null,
                                            label: "the group that can be taken from"}));
    if (view.phase === "take" || view.phase === "turn") {
      takeBox.append(el("span", "takeable: " + [...takeable].map(GN.cardText).join(" or "), {class: "muted"}));
    }
    return takeBox;
  }

  function justLaid(view, ui, me, width) {
    const el = GN.el;
    const turn = view.current_player;
    const justBox = el("div", null, {class: "pile"});
    const who = turn === me ? "you" : ui.seatName(turn);
    justBox.append(el("span", `Just laid by ${who}`, {class: "pile-label"}));
    justBox.append(groupNode(groupParts(view.pending_discard), Math.round(width * 0.8), {label: "the group just laid"}));
    return justBox;
  }

  function seatBox(message, ui, p, width) {
    const view = message.view;
    const el = GN.el;
    const active = view.active[p];
    const facts = el("div", null, {class: "seat-facts"});
    facts.append(el("span", `total ${view.scores[p]}`, {class: "scoreline"}));
    facts.append(el("span", `${view.hand_sizes[p]} card${view.hand_sizes[p] === 1 ? "" : "s"}`));
    if (!active) facts.append(el("span", "out", {class: "badge bad"}));
    if ((view.winners || []).includes(p)) facts.append(el("span", "winner", {class: "badge good"}));
    if (view.dealer === p) facts.append(el("span", "dealer", {class: "badge"}));
    const known = view.known[p] || [];
    const hidden = Math.max(0, view.hand_sizes[p] - known.length);
    const cards = el("div", null, {class: "backs", role: "group",
                                   "aria-label": `${view.hand_sizes[p]} cards` + (known.length ? `, known: ${known.map(GN.cardName).join(", ")}` : "")});
    const faces = known.map((c) => {
      const node = GN.card(c, {width, title: `${GN.cardName(c)} (taken from the pile)`});
      node.classList.add("known");
      return node;
    });
    GN.fan(cards, faces.concat(Array.from({length: Math.min(hidden, 10)}, () => GN.cardBack({width}))), width);
    if (!view.hand_sizes[p]) cards.append(el("span", "no cards", {class: "muted"}));
    const box = GN.seatBox(message, ui, p, active ? cards : null, facts);
    if (!active) box.classList.add("out");
    return box;
  }

  function recentLog(view, ui, me) {
    const el = GN.el;
    const log = (view.log || []).slice(-6);
    const list = el("ul", null, {class: "log", "aria-label": "this round's last moves"});
    for (const [p, move] of log) {
      list.append(el("li", `${p === me ? "You" : ui.seatName(p)} ${moveText(move)}`));
    }
    return log.length ? GN.panel("Last moves", list) : null;
  }

  function myArea(message, ui, width) {
    const view = message.view;
    const el = GN.el;
    const me = message.seat;
    const hand = view.hand;
    const sel = selection(ui, message);
    const discards = [...ui.legal].filter((a) => isDiscard(a, view));
    const canDiscard = discards.length > 0 && !ui.replaying;

    const picked = [...sel.picked].filter((i) => i < hand.length).map((i) => hand[i]);
    const matches = picked.length ? discards.filter((a) => sameCards(groupCards(a), picked)) : [];
    for (const a of matches) ui.suggest && ui.suggest(a);

    const facts = el("div", null, {class: "seat-facts"});
    const value = view.hand_value;
    facts.append(el("span", `hand value ${value}`, {class: "badge"}));
    facts.append(el("span", `total ${view.scores[me]}`, {class: "scoreline"}));
    if (!view.active[me]) facts.append(el("span", "out", {class: "badge bad"}));
    if ((view.winners || []).includes(me)) facts.append(el("span", "winner", {class: "badge good"}));

    const handNode = GN.hand(hand, {
      width, label: "your hand", selected: sel.picked,
      onclick: canDiscard ? (code, i) => {
        if (sel.picked.has(i)) sel.picked.delete(i); else sel.picked.add(i);
        ui.redraw();
      } : null,
    });
    if (view.drawn) {
      for (const node of handNode.querySelectorAll("svg.card")) {
        if (node.dataset.card === view.drawn) { node.classList.add("playable"); break; }
      }
    }

    const controls = el("div", null, {class: "my-controls"});
    if (ui.legal.has("yaniv")) {
      controls.append(el("button", "Yaniv!", {type: "button", class: "yaniv-call", onclick: () => ui.act("yaniv"),
                                              title: `call Yaniv with ${value}`}));
    }
    if (canDiscard) {
      if (!picked.length) {
        controls.append(el("span", "Pick cards to discard: a single card, a set of one rank, or a run of 3+ in a suit.",
                           {class: "muted"}));
      } else if (!matches.length) {
        controls.append(el("span", `${picked.map(GN.cardText).join(" ")} is not a legal discard.`, {class: "hint-bad"}));
      } else {
        for (const same of byCards(matches)) {
          if (same.length === 1) {
            const a = same[0];
            const b = el("button", null, {type: "button", class: "discard-selection", "data-discard": a, onclick: () => ui.act(a)});
            b.append(el("span", "Discard "), miniGroup(a));
            controls.append(b);
            continue;
          }
          // the same cards, laid several ways: the cards once, then a button for each way
          const box = el("span", null, {class: "yaniv-variants", role: "group", "data-discard-group": cardsKey(same[0]),
                                        style: "display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.3rem"});
          box.append(el("span", "Discard "), miniGroup(same[0].replace(/=[^+]*/g, "")), el("span", " laid with", {class: "muted"}));
          for (const a of same) {
            box.append(el("button", variantText(a), {type: "button", class: "discard-selection", "data-discard": a,
                                                     title: variantTitle(a), onclick: () => ui.act(a)}));
          }
          controls.append(box);
        }
      }
      if (picked.length) {
        controls.append(el("button", "clear", {type: "button", onclick: () => { sel.picked.clear(); ui.redraw(); }}));
      }
    } else if (view.phase === "take" && view.current_player === me && !ui.replaying) {
      controls.append(el("span", "Draw from the stock or take a highlighted card.", {class: "muted"}));
    } else if (view.phase === "slap" && view.current_player === me && !ui.replaying) {
      controls.append(el("span", `You drew ${GN.cardText(view.drawn || "")}: slap it down or keep it.`, {class: "muted"}));
    }
    const area = GN.seatBox(message, ui, me, handNode, facts, controls);
    area.classList.add("my-area");
    return area;
  }

  function actionLabel(action, message) {
    const view = message.view;
    const el = GN.el;
    if (action === "yaniv") return el("strong", "Yaniv!");
    if (action === "draw") return `Draw from the stock (${view.stock_size})`;
    if (action === "keep") return "Keep the drawn card";
    if (action === "slap") {
      const span = el("span", "Slap down ");
      if (view.drawn) span.append(GN.miniCard(view.drawn, {width: 30}));
      return span;
    }
    if (action.startsWith("take ") || action.startsWith("swap ")) {
      const span = el("span", action.startsWith("take ") ? "Take " : "Swap ");
      span.append(GN.miniCard(action.slice(5), {width: 30}));
      if (action.startsWith("swap ")) span.append(" for the joker");
      return span;
    }
    const span = el("span", null, {class: "mini-cards-label"});
    span.append(miniGroup(action));
    if (isDiscard(action, view)) span.append(el("small", ` leaves ${discardValues(view)[action]}`, {class: "muted"}));
    return span;
  }

  function summary(message, ui) {
    const view = message.view;
    const el = GN.el;
    const me = message.seat;
    const name = (p) => (p === me ? "You" : ui.seatName(p));
    const box = el("div", null, {class: "yaniv-summary"});
    if (view.is_over) {
      const winners = view.winners || [];
      box.append(el("h3", `Match over after ${view.hand_number} round${view.hand_number === 1 ? "" : "s"}: ` +
                          (winners.length ? winners.map(name).join(", ") + (winners.length === 1 && winners[0] !== me ? " wins" : " win") : "no winner")));
      const table = el("table");
      table.append(el("tr", [el("th", "seat"), el("th", "total"), el("th", "")]));
      const order = [...Array(view.players).keys()].sort((a, b) => view.scores[a] - view.scores[b]);
      for (const p of order) {
        table.append(el("tr", [el("td", name(p)), el("td", String(view.scores[p])),
                                el("td", winners.includes(p) ? "winner" : !view.active[p] ? "out" : "")]));
      }
      box.append(table);
    }
    const r = view.last_round;
    if (!r) return view.is_over ? box : null;
    const fresh = view.is_over || (view.log || []).length < 2 * view.players;
    const details = el("details", null, fresh ? {open: true} : null);
    const caller = r.caller;
    const head = `Round ${r.round}: ${name(caller)} called Yaniv with ${r.hand_totals[String(caller)]}: ` +
      (r.success ? "success" : "Asaf! by " + (r.asaf || []).map(name).join(", "));
    details.append(el("summary", head, {class: "summary-head"}));
    const table = el("table");
    table.append(el("tr", [el("th", "seat"), el("th", "hand"), el("th", "value"), el("th", "points"), el("th", "total"), el("th", "")]));
    const seats = Object.keys(r.hands).map(Number).sort((a, b) => a - b);
    for (const p of seats) {
      const notes = [];
      if (p === caller) notes.push(r.success ? "called" : "called, caught");
      if ((r.asaf || []).includes(p)) notes.push("Asaf");
      if ((r.halved || []).includes(p)) notes.push("halved");
      if ((r.eliminated || []).includes(p)) notes.push("eliminated");
      table.append(el("tr", [el("td", name(p)), el("td", GN.hand(r.hands[String(p)], {width: 30, label: "hand of " + name(p)})),
                              el("td", String(r.hand_totals[String(p)])), el("td", "+" + r.points[String(p)]),
                              el("td", String(r.totals[p])), el("td", notes.join(", "))]));
    }
    details.append(table);
    box.append(details);
    return box;
  }

  /** The page puts the actions of one group side by side (and this script gathers them in one box). */
  function actionGroup(action) { return isDiscardText(action) ? cardsKey(action) : null; }

  GN.registerGame("yaniv", {render, actionLabel, actionGroup, summary});
})();
