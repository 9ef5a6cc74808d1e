"use strict";
// Yaniv at the table: the other hands as backs (with the cards known to have been taken face up), the stock,
// the group that can be taken from and the one just laid, the scores and eliminations, and the player's own
// hand. Clicking cards selects them: the legal discard made of exactly the selection is offered; clicking a
// takeable card takes it and clicking the stock draws. The action bar always has every option, each set of cards
// once: where several actions lay the same cards (a set by its two ends, a run by where its jokers stand), they are
// one group whose buttons say only what differs.
(function () {
  // Every fact that takes a rule comes from the view (the hand's value, what each discard leaves, which cards
  // may be taken, the order cards are shown in); this file only draws it. What an action or a move does comes from
  // the engine's records of it (message.legal_described, view.log_described): the notation is only its name.

  let current = null;   // the message drawn last: the action bar's buttons are read against its records

  /** A discard's record ({cards, stands_as}) as [{card, as}] in the order laid. */
  function groupParts(record) {
    return record.cards.map((card, i) => ({card, as: (record.stands_as || [])[i] || null}));
  }
  function groupCards(record) { return record.cards.slice(); }

  /** The record of a legal action of the message drawn last (null: none). */
  function recordOf(action) { return current ? GN.described(current, action) : null; }
  function isDiscardRecord(record) { return Boolean(record) && record.kind === "discard"; }

  /** The legal discards of the seat to move, each with the hand value it leaves (from the view). */
  function discardValues(view) { return view.hand_value_after || {}; }
  function isDiscard(action, view) { return Object.prototype.hasOwnProperty.call(discardValues(view), action); }

  /** A translated text around one placeholder (``key``, e.g. "{card}"), as [before, after]: a card drawn as a node
   *  goes where the placeholder stands (the text without it puts the node at the end). */
  function around(text, key) {
    const i = text.indexOf(key);
    return i < 0 ? [text, ""] : [text.slice(0, i), text.slice(i + key.length)];
  }

  /** An element holding a text with ``node`` (a card) at its {card} placeholder. */
  function textWithCard(tag, text, node) {
    const [before, after] = around(text, "{card}");
    const span = GN.el(tag, before);
    if (node) span.append(node);
    if (after) span.append(after);
    return span;
  }

  /** Several texts as one ("A and B and C", "A or B"), with ``joinWord`` making a pair of them. */
  function joinAll(texts, joinWord) {
    return texts.length ? texts.reduce((first, second) => joinWord(first, second)) : "";
  }

  function sameCards(a, b) {
    if (a.length !== b.length) return false;
    const x = a.map((c) => c.toLowerCase()).sort(), y = b.map((c) => c.toLowerCase()).sort();
    return x.every((c, i) => c === y[i]);
  }

  /** Cards of a laid group, each with its "stands for" note when a joker fills a run. */
  function groupNode(parts, width, opts = {}) {
    const row = GN.el("div", null, {class: ["card-group", opts.class], role: "group", "aria-label": opts.label || GN.t("cards")});
    for (const part of parts) {
      const title = part.as ? GN.t("joker standing for {card}", {card: GN.cardName(part.as)}) : null;
      const card = GN.card(part.card, {width, title: title || undefined});
      if (opts.takeable && opts.takeable.has(part.card)) card.classList.add("playable");
      if (opts.onTake && opts.takeable && opts.takeable.has(part.card)) {
        const b = GN.el("button", card, {type: "button", class: "card-button", "data-take": part.card,
                                         "aria-label": GN.t("take {card}", {card: GN.cardName(part.card)})});
        b.addEventListener("click", () => opts.onTake(part.card));
        row.append(b);
      } else {
        row.append(card);
      }
    }
    if (!parts.length) row.append(GN.el("span", GN.t("empty"), {class: "muted"}));
    return row;
  }

  /** The cards a discard lays, as a key: the same cards (jokers counted) give the same key. */
  function cardsKey(record) { return groupCards(record).map((c) => c.toLowerCase()).sort().join("+"); }

  /** What tells apart actions laying the same cards: a set's two ends (what the next player may take), or the
   *  cards a run's jokers stand for (from the discard's record). */
  function variantText(record) {
    const parts = groupParts(record);
    if (parts.some((p) => p.as)) {
      const jokers = parts.filter((p) => p.as).map((p) => GN.t("joker as {card}", {card: GN.cardText(p.as)})).join(", ");
      return GN.t("run {cards} ({jokers})", {cards: parts.map((p) => GN.cardText(p.as || p.card)).join(" "), jokers});
    }
    const first = parts[0].card, last = parts[parts.length - 1].card;
    return GN.t("ends {first} & {last}", {first: GN.cardText(first), last: GN.cardText(last)});
  }

  function variantTitle(record) {
    const parts = groupParts(record);
    if (parts.some((p) => p.as)) {
      const cards = joinAll(parts.filter((p) => p.as).map((p) => GN.cardName(p.as)), (first, second) => GN.t("{first} and {second}", {first, second}));
      return GN.t("the joker stands for {cards}", {cards});
    }
    return GN.t("laid with {first} and {last} at the ends: the cards the next player may take",
                {first: GN.cardName(parts[0].card), last: GN.cardName(parts[parts.length - 1].card)});
  }

  /** The discards of ``actions`` gathered by the cards they lay, in their order: [[actions]]. */
  function byCards(actions, message) {
    const groups = new Map();
    for (const a of actions) {
      const key = cardsKey(GN.described(message, a));
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(a);
    }
    return [...groups.values()];
  }

  /** A discard's cards as small cards; ``plain``: without what its jokers stand for. */
  function miniGroup(record, plain) {
    const span = GN.el("span", null, {class: "mini-cards"});
    for (const part of groupParts(record)) {
      span.append(GN.miniCard(part.card, {width: 30}));
      if (part.as && !plain) span.append(GN.el("small", "=" + GN.cardText(part.as)));
    }
    return span;
  }

  /** A move of the log (its record) as a sentence about its player: ``name``, or the person ("You ...") when
   *  ``mine``. */
  function moveText(move, name, mine) {
    const pick = (you, them) => (mine ? you : them);
    if (move.kind === "call") return pick(GN.t("You called Yaniv!"), GN.t("{name} called Yaniv!", {name}));
    if (move.kind === "draw") return pick(GN.t("You drew from the stock"), GN.t("{name} drew from the stock", {name}));
    if (move.kind === "slap") return pick(GN.t("You slapped down the drawn card"), GN.t("{name} slapped down the drawn card", {name}));
    if (move.kind === "keep") return pick(GN.t("You kept the drawn card"), GN.t("{name} kept the drawn card", {name}));
    if (move.kind === "take") {
      const v = {name, card: GN.cardText(move.card)};
      return pick(GN.t("You took {card}", v), GN.t("{name} took {card}", v));
    }
    if (move.kind === "swap") {
      const v = {name, card: GN.cardText(move.card)};
      return pick(GN.t("You swapped {card} for a joker", v), GN.t("{name} swapped {card} for a joker", v));
    }
    const v = {name, card: groupParts(move).map((p) => GN.cardText(p.card) + (p.as ? `(=${GN.cardText(p.as)})` : "")).join(" ")};
    return pick(GN.t("You discarded {card}", v), GN.t("{name} discarded {card}", v));
  }

  function selection(ui, message) {
    const key = (message.view.hand || []).join(",") + "|" + message.version;
    const store = ui.store.yaniv || (ui.store.yaniv = {key: null, picked: new Set()});
    if (store.key !== key) { store.key = key; store.picked = new Set(); }
    return store;
  }

  function render(board, message, ui) {
    current = message;
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
    const buttons = [...bar.children].filter((b) => b.tagName === "BUTTON" && b.dataset.action && isDiscardRecord(recordOf(b.dataset.action)));
    const groups = new Map();
    for (const b of buttons) {
      const key = cardsKey(recordOf(b.dataset.action));
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(b);
    }
    for (const [key, same] of groups) {
      if (same.length < 2) continue;
      const leaves = same[0].querySelector("small");
      const box = GN.el("div", null, {class: "action-group yaniv-variants", role: "group", "data-action-group": key,
                                     "aria-label": GN.t("discard {cards}: choose how to lay them",
                                                           {cards: groupCards(recordOf(same[0].dataset.action)).map(GN.cardName).join(", ")})});
      const head = GN.el("span", null, {class: "action-group-head"});
      head.append(miniGroup(recordOf(same[0].dataset.action), true));
      if (leaves) head.append(GN.el("small", leaves.textContent, {class: "muted"}));
      box.append(head);
      const focused = document.activeElement;
      same[0].before(box);
      for (const b of same) {
        const kbd = b.querySelector("kbd");
        const record = recordOf(b.dataset.action);
        b.replaceChildren(...(kbd ? [kbd] : []), GN.el("span", variantText(record)));
        b.setAttribute("aria-label", GN.t("discard {action}, {variant}", {action: b.dataset.action, variant: variantText(record)}));
        const title = variantTitle(record);
        b.title = kbd ? GN.t("{title} (key {key})", {title, key: kbd.textContent}) : title;
        box.append(b);
      }
      if (same.includes(focused)) focused.focus({preventScroll: true});   // moving a button must not lose the focus
    }
  }

  function headerFacts(rules, view) {
    const limit = rules.yaniv_limit;
    const facts = [GN.t("Round {number}", {number: view.hand_number}),
                   limit === null || limit === undefined ? GN.t("call Yaniv with any hand") : GN.t("call Yaniv at {limit} or less", {limit})];
    if (!rules.single_round) facts.push(GN.t("out above {limit}", {limit: rules.elimination_limit}));
    if (rules.slapdown) facts.push(GN.t("slapdown on"));
    if (rules.joker_swap) facts.push(GN.t("joker swap on"));
    return facts;
  }

  function stockPile(view, ui, width) {
    const el = GN.el;
    const stock = el("div", null, {class: "pile"});
    stock.append(el("span", GN.t("Stock"), {class: "pile-label"}));
    const back = GN.cardBack({width});
    if (ui.legal.has("draw")) {
      const b = el("button", back, {type: "button", class: "card-button", "aria-label": GN.nt("draw from the stock ({n} cards)", "draw from the stock ({n} cards)", view.stock_size)});
      b.addEventListener("click", () => ui.act("draw"));
      back.classList.add("playable");
      stock.append(b);
    } else {
      stock.append(back);
    }
    // (the English says "cards" at any count: "1 cards", as before)
    stock.append(el("span", GN.nt("{n} cards", "{n} cards", view.stock_size), {class: "muted"}));
    return stock;
  }

  /** The group that can be taken from: the cards the rules let a player take are marked (the view says which). */
  function takePile(view, ui, width) {
    const el = GN.el;
    const takeable = new Set(view.takeable || []);
    // the cards this seat may take now, each with the action that takes it
    const takeActions = new Map(GN.describedActions(current).filter(([a, d]) => ui.legal.has(a) && d.kind === "take").map(([a, d]) => [d.card, a]));
    const myTakes = new Set(takeActions.keys());
    const takeBox = el("div", null, {class: "pile"});
    const type = groupTypeName(view.previous_group_type);
    const takeLabel = view.phase === "take" ? GN.t("Take from ({type})", {type}) : GN.t("On the pile ({type})", {type});
    takeBox.append(el("span", takeLabel, {class: "pile-label"}));
    const parts = view.previous_group_described ? groupParts(view.previous_group_described) :
      (view.previous_group || []).map((c) => ({card: c, as: null}));
    takeBox.append(groupNode(parts, width, {class: myTakes.size ? "legal-take" : null, takeable: myTakes.size ? myTakes : takeable,
                                            onTake: myTakes.size ? (c) => ui.act(takeActions.get(c)) : null,
                                            label: GN.t("the group that can be taken from")}));
    if (view.phase === "take" || view.phase === "turn") {
      const cards = joinAll([...takeable].map(GN.cardText), (first, second) => GN.t("{first} or {second}", {first, second}));
      takeBox.append(el("span", GN.t("takeable: {cards}", {cards}), {class: "muted"}));
    }
    return takeBox;
  }

  /** The kind of the group on the pile (the view's "single", "set" or "run"), in words. */
  function groupTypeName(type) {
    if (type === "single") return GN.t("single");
    if (type === "set") return GN.t("set");
    if (type === "run") return GN.t("run");
    return type;
  }

  function justLaid(view, ui, me, width) {
    const el = GN.el;
    const turn = view.current_player;
    const justBox = el("div", null, {class: "pile"});
    const who = turn === me ? GN.t("Just laid by you") : GN.t("Just laid by {name}", {name: ui.seatName(turn)});
    justBox.append(el("span", who, {class: "pile-label"}));
    justBox.append(groupNode(view.pending_described ? groupParts(view.pending_described) : [], Math.round(width * 0.8), {label: GN.t("the group just laid")}));
    return justBox;
  }

  function seatBox(message, ui, p, width) {
    const view = message.view;
    const el = GN.el;
    const active = view.active[p];
    const facts = el("div", null, {class: "seat-facts"});
    facts.append(el("span", GN.t("total {total}", {total: view.scores[p]}), {class: "scoreline"}));
    facts.append(el("span", GN.nt("{n} card", "{n} cards", view.hand_sizes[p])));
    if (!active) facts.append(el("span", GN.t("out"), {class: "badge bad"}));
    if ((view.winners || []).includes(p)) facts.append(el("span", GN.t("winner"), {class: "badge good"}));
    if (view.dealer === p) facts.append(el("span", GN.t("dealer"), {class: "badge"}));
    const known = view.known[p] || [];
    const hidden = Math.max(0, view.hand_sizes[p] - known.length);
    // (the English says "cards" at any count: "1 cards", as before)
    const size = view.hand_sizes[p];
    const label = known.length ? GN.nt("{n} cards, known: {cards}", "{n} cards, known: {cards}", size, {cards: known.map(GN.cardName).join(", ")})
                               : GN.nt("{n} cards", "{n} cards", size);
    const cards = el("div", null, {class: "backs", role: "group", "aria-label": label});
    const faces = known.map((c) => {
      const node = GN.card(c, {width, title: GN.t("{card} (taken from the pile)", {card: GN.cardName(c)})});
      node.classList.add("known");
      return node;
    });
    GN.fan(cards, faces.concat(Array.from({length: Math.min(hidden, 10)}, () => GN.cardBack({width}))), width);
    if (!view.hand_sizes[p]) cards.append(el("span", GN.t("no cards"), {class: "muted"}));
    const box = GN.seatBox(message, ui, p, active ? cards : null, facts);
    if (!active) box.classList.add("out");
    return box;
  }

  function recentLog(view, ui, me) {
    const el = GN.el;
    const log = (view.log || []).slice(-6);
    const moves = (view.log_described || []).slice(-6);
    const list = el("ul", null, {class: "log", "aria-label": GN.t("this round's last moves")});
    log.forEach(([p], i) => {
      if (moves[i]) list.append(el("li", moveText(moves[i], ui.seatName(p), p === me)));
    });
    return log.length ? GN.fold(GN.t("Last moves"), ui.store, "last-moves", [list], "panel") : null;   // (on a phone: on demand)
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
    const matches = picked.length ? discards.filter((a) => GN.described(message, a) && sameCards(groupCards(GN.described(message, a)), picked)) : [];
    for (const a of matches) ui.suggest && ui.suggest(a, GN.t("matches the cards you picked"));

    const facts = el("div", null, {class: "seat-facts"});
    const value = view.hand_value;
    facts.append(el("span", GN.t("hand value {value}", {value}), {class: "badge"}));
    facts.append(el("span", GN.t("total {total}", {total: view.scores[me]}), {class: "scoreline"}));
    if (!view.active[me]) facts.append(el("span", GN.t("out"), {class: "badge bad"}));
    if ((view.winners || []).includes(me)) facts.append(el("span", GN.t("winner"), {class: "badge good"}));

    const handNode = GN.hand(hand, {
      width, label: GN.t("your hand"), selected: sel.picked,
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
      controls.append(el("button", GN.t("Yaniv!"), {type: "button", class: "yaniv-call", onclick: () => ui.act("yaniv"),
                                                    title: GN.t("call Yaniv with {value}", {value})}));
    }
    if (canDiscard) {
      if (!picked.length) {
        controls.append(el("span", GN.t("Pick cards to discard: a single card, a set of one rank, or a run of 3+ in a suit."),
                           {class: "muted"}));
      } else if (!matches.length) {
        controls.append(el("span", GN.t("{cards} is not a legal discard.", {cards: picked.map(GN.cardText).join(" ")}), {class: "hint-bad"}));
      } else {
        const [before, after] = around(GN.t("Discard {cards}"), "{cards}");   // the cards are drawn between
        const discardText = (cards) => [el("span", before), cards].concat(after ? [el("span", after)] : []);
        const recordOfMine = (a) => GN.described(message, a);
        for (const same of byCards(matches, message)) {
          if (same.length === 1) {
            const a = same[0];
            const b = el("button", null, {type: "button", class: "discard-selection", "data-discard": a, onclick: () => ui.act(a)});
            b.append(...discardText(miniGroup(recordOfMine(a))));
            controls.append(b);
            continue;
          }
          // the same cards, laid several ways: the cards once, then a button for each way
          const box = el("span", null, {class: "yaniv-variants", role: "group", "data-discard-group": cardsKey(recordOfMine(same[0]))});
          box.append(...discardText(miniGroup(recordOfMine(same[0]), true)), el("span", " " + GN.t("laid with"), {class: "muted"}));
          for (const a of same) {
            box.append(el("button", variantText(recordOfMine(a)), {type: "button", class: "discard-selection", "data-discard": a,
                                                                   title: variantTitle(recordOfMine(a)), onclick: () => ui.act(a)}));
          }
          controls.append(box);
        }
      }
      if (picked.length) {
        controls.append(el("button", GN.t("clear"), {type: "button", onclick: () => { sel.picked.clear(); ui.redraw(); }}));
      }
    } else if (view.phase === "take" && view.current_player === me && !ui.replaying) {
      controls.append(el("span", GN.t("Draw from the stock or take a highlighted card."), {class: "muted"}));
    } else if (view.phase === "slap" && view.current_player === me && !ui.replaying) {
      controls.append(el("span", GN.t("You drew {card}: slap it down or keep it.", {card: GN.cardText(view.drawn || "")}), {class: "muted"}));
    }
    const area = GN.seatBox(message, ui, me, handNode, facts, controls);
    area.classList.add("my-area");
    return area;
  }

  function actionLabel(action, message) {
    const view = message.view;
    const el = GN.el;
    const record = GN.described(message, action);
    if (!record) return null;   // (no record: the page shows the action's name)
    if (record.kind === "call") return el("strong", GN.t("Yaniv!"));
    if (record.kind === "draw") return GN.t("Draw from the stock ({count})", {count: view.stock_size});
    if (record.kind === "keep") return GN.t("Keep the drawn card");
    if (record.kind === "slap") return textWithCard("span", GN.t("Slap down {card}"), view.drawn ? GN.miniCard(view.drawn, {width: 30}) : null);
    if (record.kind === "take") return textWithCard("span", GN.t("Take {card}"), GN.miniCard(record.card, {width: 30}));
    if (record.kind === "swap") return textWithCard("span", GN.t("Swap {card} for the joker"), GN.miniCard(record.card, {width: 30}));
    const span = el("span", null, {class: "mini-cards-label"});
    span.append(miniGroup(record));
    if (isDiscard(action, view)) span.append(el("small", " " + GN.t("leaves {value}", {value: discardValues(view)[action]}), {class: "muted"}));
    return span;
  }

  function summary(message, ui) {
    const view = message.view;
    const el = GN.el;
    const me = message.seat;
    const name = (p) => (p === me ? GN.t("You") : ui.seatName(p));
    const box = el("div", null, {class: "yaniv-summary"});
    if (view.is_over) {
      const winners = view.winners || [];
      box.append(el("h3", matchOverText(view.hand_number, winners, me, name)));
      const table = el("table");
      table.append(el("tr", [el("th", GN.t("seat")), el("th", GN.t("total")), el("th", "")]));
      const order = [...Array(view.players).keys()].sort((a, b) => view.scores[a] - view.scores[b]);
      for (const p of order) {
        table.append(el("tr", [el("td", name(p)), el("td", String(view.scores[p])),
                                el("td", winners.includes(p) ? GN.t("winner") : !view.active[p] ? GN.t("out") : "")]));
      }
      box.append(table);
    }
    const r = view.last_round;
    if (!r) return view.is_over ? box : null;
    const fresh = view.is_over || (view.log || []).length < 2 * view.players;
    const details = el("details", null, fresh ? {open: true} : null);
    const caller = r.caller;
    details.append(el("summary", roundHead(r, caller === me, name), {class: "summary-head"}));
    const table = el("table");
    table.append(el("tr", [el("th", GN.t("seat")), el("th", GN.pt("cards held", "hand")), el("th", GN.t("value")), el("th", GN.t("points")),
                           el("th", GN.t("total")), el("th", "")]));
    const seats = Object.keys(r.hands).map(Number).sort((a, b) => a - b);
    for (const p of seats) {
      const notes = [];
      if (p === caller) notes.push(r.success ? GN.t("called") : GN.t("called, caught"));
      if ((r.asaf || []).includes(p)) notes.push(GN.t("Asaf"));
      if ((r.halved || []).includes(p)) notes.push(GN.t("halved"));
      if ((r.eliminated || []).includes(p)) notes.push(GN.t("eliminated"));
      table.append(el("tr", [el("td", name(p)), el("td", GN.hand(r.hands[String(p)], {width: 30, label: GN.t("hand of {name}", {name: name(p)})})),
                              el("td", String(r.hand_totals[String(p)])), el("td", "+" + r.points[String(p)]),
                              el("td", String(r.totals[p])), el("td", notes.join(", "))]));
    }
    details.append(table);
    box.append(details);
    return box;
  }

  /** "Match over after 3 rounds: Ann wins" (``name`` gives a seat's name, "You" for the person). */
  function matchOverText(rounds, winners, me, name) {
    if (!winners.length) return GN.nt("Match over after {n} round: no winner", "Match over after {n} rounds: no winner", rounds);
    if (winners.length > 1) {
      return GN.nt("Match over after {n} round: {names} win", "Match over after {n} rounds: {names} win", rounds, {names: winners.map(name).join(", ")});
    }
    if (winners[0] === me) return GN.nt("Match over after {n} round: You win", "Match over after {n} rounds: You win", rounds);
    return GN.nt("Match over after {n} round: {name} wins", "Match over after {n} rounds: {name} wins", rounds, {name: name(winners[0])});
  }

  /** "Round 2: Ann called Yaniv with 4: success" (or "Asaf! by" whoever caught the call). */
  function roundHead(r, mine, name) {
    const v = {round: r.round, name: name(r.caller), value: r.hand_totals[String(r.caller)], names: (r.asaf || []).map(name).join(", ")};
    if (r.success) {
      return mine ? GN.t("Round {round}: You called Yaniv with {value}: success", v) : GN.t("Round {round}: {name} called Yaniv with {value}: success", v);
    }
    return mine ? GN.t("Round {round}: You called Yaniv with {value}: Asaf! by {names}", v)
                : GN.t("Round {round}: {name} called Yaniv with {value}: Asaf! by {names}", v);
  }

  /** The page puts the actions of one group side by side (and this script gathers them in one box). */
  function actionGroup(action, message) {
    current = message;
    const record = GN.described(message, action);
    return isDiscardRecord(record) ? cardsKey(record) : null;
  }

  /** The i-th move of the log in words, for the page to say once to a screen reader (static/table.js). */
  function moveSentence(message, ui, i) {
    const view = message.view;
    const move = (view.log_described || [])[i], entry = (view.log || [])[i];
    return move && entry ? moveText(move, ui.seatName(entry[0]), entry[0] === message.seat) : "";
  }

  GN.registerGame("yaniv", {render, moveSentence, actionLabel, actionGroup, summary});
})();
