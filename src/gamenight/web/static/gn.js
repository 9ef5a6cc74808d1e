"use strict";
// GN: the one global the table page's scripts share (DOM helpers, the game-view registry, small shared widgets).
// Plain script, no build step. Loaded first; cards.js, dice.js and the games' views add to it.
const GN = (function () {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const renderers = new Map();

  // ---- the person's language: the server's gettext catalog for it (/i18n/<lang>.js sets GN_CATALOG first) ----
  const catalog = (typeof GN_CATALOG !== "undefined" && GN_CATALOG) || {lang: "en", plural: "n != 1", messages: {}};
  // which of a text's plural forms a count takes: the catalog's own rule, which /i18n/<lang>.js defines as code
  // (GN_PLURAL, from the Plural-Forms expression the server checked); never code made from text here, as the
  // pages' Content-Security-Policy allows no eval. English's rule when there is no catalog.
  const pluralIndex = typeof GN_PLURAL === "function" ? GN_PLURAL : (n) => Number(n !== 1);

  function fill(text, vars) {
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
  }

  /** A text for people, in their language: GN.t("{name} knocked", {name}). The English text is the key. */
  function t(text, vars) {
    const found = catalog.messages[text];
    return fill(typeof found === "string" && found ? found : text, vars);
  }

  /** A text whose English is ambiguous, told apart by a context: GN.pt("cards held", "hand"). */
  function pt(context, text, vars) {
    const found = catalog.messages[context + "\u0004" + text];
    return fill(typeof found === "string" && found ? found : text, vars);
  }

  /** A text that depends on a count: GN.nt("{n} card", "{n} cards", n, {n}) (each language's plural forms). */
  function nt(singular, plural, n, vars) {
    const forms = catalog.messages[singular];
    const text = Array.isArray(forms) && forms[pluralIndex(n)] ? forms[pluralIndex(n)] : (n === 1 ? singular : plural);
    return fill(text, Object.assign({n}, vars || {}));
  }

  /** A text the engine made ({text, values, plural?}: gamenight.core.text.Text.to_json), in the person's language;
   *  its values may be such texts themselves. A plain string is shown as it is. */
  function text(made) {
    if (made === null || made === undefined) return "";
    if (typeof made !== "object") return String(made);
    const vars = {};
    for (const [k, v] of Object.entries(made.values || {})) vars[k] = v && typeof v === "object" ? text(v) : v;
    return made.plural ? nt(made.text, made.plural, vars.n, vars) : t(made.text, vars);
  }

  /** The person's language code ("en", "ja", "fr"): for Intl formatting and the like. */
  const lang = catalog.lang;

  function setAttrs(node, attrs) {
    if (!attrs) return node;
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    return node;
  }

  /** An HTML element: GN.el("button", "Draw", {class: "big", "data-x": 1, onclick: fn}). */
  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) {
      if (text instanceof Node) node.append(text);
      else if (Array.isArray(text)) node.append(...text.filter((t) => t !== null && t !== undefined));
      else node.textContent = String(text);
    }
    return setAttrs(node, attrs);
  }

  /** An SVG element in the SVG namespace: GN.svg("rect", {x: 0, y: 0, width: 10, height: 10}). */
  function svg(tag, attrs) {
    return setAttrs(document.createElementNS(SVG_NS, tag), attrs);
  }

  /** A game view plugs in here: renderer = {render(board, message, ui), actionLabel?, summary?}. */
  function registerGame(name, renderer) {
    if (!renderer || typeof renderer.render !== "function") throw new Error("GN.registerGame needs render()");
    renderers.set(name, renderer);
  }

  function renderer(name) { return renderers.get(name) || null; }

  // ---- actions as the engine describes them -------------------------------------------------------------
  // A message carries each legal action's record ({kind, ...}: docs/web.md) in ``legal_described``, in the order of
  // ``legal_actions``, and the view each move of its log in ``log_described``: the pages draw from these and never
  // read the notation, which is only an action's name.
  const describedIndex = new WeakMap();

  /** The record of ``action`` (a legal action's name) in ``message``; null when the message has none for it. */
  function described(message, action) {
    let index = describedIndex.get(message);
    if (!index) {
      index = new Map();
      const records = message.legal_described || [];
      (message.legal_actions || []).forEach((a, i) => { if (records[i]) index.set(a, records[i]); });
      describedIndex.set(message, index);
    }
    return index.get(action) || null;
  }

  /** The legal actions of ``message`` with their records, as [[name, record]], in order. */
  function describedActions(message) {
    return (message.legal_actions || []).map((a) => [a, described(message, a)]).filter(([, d]) => d);
  }

  /** The cards a record names (its ``card``, its ``cards`` and the cards its jokers stand as), in order. */
  function describedCards(record) {
    if (!record) return [];
    const cards = typeof record.card === "string" ? [record.card] : [];
    if (Array.isArray(record.cards)) cards.push(...record.cards);
    if (Array.isArray(record.stands_as)) cards.push(...record.stands_as.filter((c) => typeof c === "string"));
    return cards;
  }

  // ---- small shared widgets the game views may use ----------------------------------------------------

  /** Seats in table order starting with `seat` (the viewer); a spectator's order starts at seat 0. */
  function seatOrder(message) {
    const n = message.table.players;
    const me = message.seat === null || message.seat === undefined ? 0 : message.seat;
    const out = [];
    for (let k = 0; k < n; k++) out.push((me + k) % n);
    return out;
  }

  /** Cards overlapping in a row (`row`: the element to fill) that fits the room it has: every card but the last
   *  sits in a slot `width` * 0.55 wide that may shrink, so the cards overlap more where the room is narrow
   *  (a phone) instead of running off the side. */
  function fan(row, cards, width) {
    row.classList.add("fan");
    row.style.setProperty("--fan-step", Math.round(width * 0.55) + "px");
    cards.forEach((card, i) => row.append(el("span", card, {class: i === cards.length - 1 ? "fan-last" : "fan-slot"})));
    return row;
  }

  /** A row of card backs standing for `count` hidden cards (fanned; a number when there are many). */
  function backs(count, opts = {}) {
    const width = opts.width || 34;
    const row = el("div", null, {class: "backs", "aria-label": GN.nt("{n} card", "{n} cards", count), role: "img"});
    const shown = Math.min(count, opts.max || 13);
    fan(row, Array.from({length: shown}, () => GN.cardBack({width})), width);
    if (count > shown) row.append(el("span", "+" + (count - shown), {class: "backs-more"}));
    if (count === 0) row.append(el("span", GN.t("no cards"), {class: "muted"}));
    return row;
  }

  /** A fan of face-up cards: codes are card notation. opts: {width, selectable(code, i), onclick(code, i), selected: Set of indexes, label} */
  function hand(codes, opts = {}) {
    const row = el("div", null, {class: ["hand", opts.class], role: "group", "aria-label": opts.label || GN.t("cards")});
    codes.forEach((code, i) => {
      const selected = opts.selected ? opts.selected.has(i) : false;
      const card = GN.card(code, {width: opts.width || 70, selected});
      if (opts.onclick && (!opts.selectable || opts.selectable(code, i))) {
        const button = el("button", card, {class: ["card-button", selected && "selected"], type: "button",
                                           "aria-pressed": selected ? "true" : "false",
                                           "aria-label": selected ? GN.t("{card} (selected)", {card: GN.cardName(code)}) : GN.cardName(code)});
        button.addEventListener("click", () => opts.onclick(code, i));
        row.append(button);
      } else {
        row.append(card);
      }
    });
    if (!codes.length) row.append(el("span", opts.empty || GN.t("no cards"), {class: "muted"}));
    return row;
  }

  /** A labelled panel: GN.panel("Discard pile", node...). */
  function panel(title, ...children) {
    const box = el("section", null, {class: "panel"});
    if (title) box.append(el("h3", title));
    box.append(...children.filter((c) => c !== null && c !== undefined));
    return box;
  }

  /** Whether the page is on a phone (the width under which style.css lays the table out for one screen). */
  function isPhone() {
    return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(max-width: 520px)").matches;
  }

  /** A part of the board that opens on demand (a <details> headed `title`; `key` names it, `cls` its classes): open
   *  at first on a wide screen, folded on a phone, where the hand and the actions come first; a person who opens or
   *  folds it keeps that choice (in `store`, the view's store between draws). */
  function fold(title, store, key, children, cls) {
    const box = el("details", null, {class: ["fold", cls], "data-fold": key});
    const chosen = store && store.folds ? store.folds[key] : undefined;
    box.open = chosen === undefined ? !isPhone() : chosen;
    const head = el("summary", el("h3", title));
    head.addEventListener("click", () => { if (store) (store.folds || (store.folds = {}))[key] = !box.open; });
    box.append(head, ...children.filter((c) => c !== null && c !== undefined));
    return box;
  }

  /** A seat's badge for the board: name, bot/person, whose turn, plus content (backs, score, ...). */
  function seatBox(message, ui, seat, ...children) {
    const t = message.table;
    const s = t.seats[seat];
    const me = message.seat === seat;
    const toMove = t.current_player === seat && !t.is_over && !t.hand_pause;   // (nobody plays in the pause after a hand)
    const box = el("div", null, {class: ["seat-box", me && "me", toMove && "to-move"], "data-board-seat": seat});
    const kind = s.kind === "bot" ? GN.t("bot: {name}", {name: botLabel(s.bot, t.game)}) : s.kind === "person" ? GN.t("person") : GN.t("open seat");
    const name = me ? GN.t("{name} (you)", {name: ui.seatName(seat)}) : ui.seatName(seat);
    // a bot playing for a friend who is away: the seat keeps the friend's name (ui.seatName) and says so
    const said = s.kind === "bot" && s.away ? "— " + GN.t("a bot plays for them (away)") : kind;
    box.append(el("div", [el("strong", name), toMove ? turnMark(me) : null, el("span", " " + said, {class: "muted"})],
                  {class: "seat-name", "data-away": s.kind === "bot" && s.away ? "true" : null}));
    box.append(...children.filter((c) => c !== null && c !== undefined));
    return box;
  }

  /** Whose turn it is, at their seat, beyond the box's coloured edge: an arrow and the words (the words hidden on a
   *  phone, where a screen reader still says them). */
  function turnMark(me) {
    const arrow = svg("svg", {viewBox: "0 0 10 10", width: 10, height: 10, class: "seat-turn-arrow", "aria-hidden": "true",
                              focusable: "false"});
    arrow.append(svg("path", {d: "M2 1 L9 5 L2 9 Z", fill: "currentColor"}));
    return el("span", [arrow, el("span", me ? t("Your turn") : t("to move"), {class: "seat-turn-word"})],
              {class: "seat-turn", "data-seat-turn": ""});
  }

  /** A bot as people call it ("Casual"), from its program name ("heuristic") and its game: one level name per
   *  bot of a game, the same in the lobby, the seat boxes, the seat list and the host's choices. The server's
   *  catalogue fills the names in (learnBotLabels); a player never reads a program name, so a bot not named
   *  (yet) reads "…". */
  const botLabels = {};
  function learnBotLabels(catalogue) { for (const g of catalogue) botLabels[g.name] = g.bot_labels || {}; }
  function botLabel(name, game) {
    const level = (botLabels[game] || {})[name];
    return level ? t(level) : "\u2026";
  }

  // ---- talking to the server -------------------------------------------------------------------------

  /** POST JSON to the server: its answer, or an Error carrying the server's own words. */
  async function post(path, body, headers) {
    const r = await fetch(path, {method: "POST", body: JSON.stringify(body),
                                 headers: Object.assign({"Content-Type": "application/json"}, headers || {})});
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
    return data;
  }

  /** A random text naming one join: sent again with a retried join, the server answers with the same token. */
  function clientNonce() {
    const bytes = new Uint8Array(18);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  const tokenKey = (tableId) => "gamenight-token-" + tableId;
  const hostKey = (tableId) => "gamenight-host-" + tableId;

  /** POST `body` (which names a client nonce) to `path`; if the answer is lost (the connection failed) the same
   *  request is sent again, which the server answers as the first (the same nonce); a refusal is final. */
  async function postUntilAnswered(path, body) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await post(path, body);
      } catch (e) {
        if (!(e instanceof TypeError) || attempt >= 4) throw e;   // fetch throws TypeError when no answer came
        await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
      }
    }
  }

  /** Take `seat` at a table; the seat's token is kept in this browser and returned. A join whose answer is lost is
   *  sent again, so a seat is never left held by nobody. */
  async function joinSeat(tableId, seat, name) {
    const body = {seat, client: clientNonce()};
    if (name) body.name = name;
    const joined = await postUntilAnswered(`/api/tables/${encodeURIComponent(tableId)}/join`, body);
    localStorage.setItem(tokenKey(tableId), joined.token);
    return joined.token;
  }

  /** "Learn to play": a new coached table of `game` against bots (POST /api/learn), the person already seated there
   *  (their seat's token kept in this browser, as a join's); the table's id. */
  async function learn(game, name) {
    const body = {game, client: clientNonce()};
    if (name) body.name = name;
    const learning = await postUntilAnswered("/api/learn", body);
    localStorage.setItem(tokenKey(learning.table_id), learning.token);
    return learning.table_id;
  }

  // ---- what the pages call a seat --------------------------------------------------------------------
  /** The person a seat record names in ``field`` ("name", "away", "reserved"): their name, or "Player 2". */
  function personName(s, field) {
    return s.unnamed || !s[field] ? t("Player {number}", {number: s.seat + 1}) : s[field];
  }

  /** Seat `i` of a table's summary as every page names it: the person's name (or "Player 2"), the friend a bot plays
   *  for while they are away, "Bot 2", or "Seat 2". */
  function seatName(table, i) {
    const s = table && table.seats[i];
    if (!s) return t("Seat {number}", {number: i + 1});
    if (s.kind === "person") return personName(s, "name");
    if (s.kind === "bot" && s.away) return personName(s, "away");   // the friend's seat, a bot playing for them
    if (s.kind === "bot") return t("Bot {number}", {number: i + 1});
    return t("Seat {number}", {number: i + 1});
  }

  /** A new table (the body of POST /api/tables); its host token is kept in this browser. */
  async function createTable(body) {
    const table = await post("/api/tables", body);
    localStorage.setItem(hostKey(table.table_id), table.host_token);
    return table;
  }

  // ---- the table's messages ----
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  /** The whole state a page holds once `message` reached it holding `held` (its last state; docs/web.md, "State
   *  and change messages"): a state message is whole; a change gives the keys that changed (those of the objects
   *  `table`, `view` and `score_sheet` one by one), the lists of those objects that grew (`extend`: the items
   *  added) and their keys that went (`drop`). `held` is left as it was. */
  function applyChange(held, message) {
    if (message.type !== "change") return message;
    const state = Object.assign({}, held, {version: message.version});
    for (const [key, value] of Object.entries(message)) {
      if (key === "type" || key === "version" || key === "extend" || key === "drop") continue;
      state[key] = isObject(state[key]) && isObject(value) ? Object.assign({}, state[key], value) : value;
    }
    for (const [key, lists] of Object.entries(message.extend || {})) {
      const part = state[key] = Object.assign({}, state[key]);
      for (const [name, items] of Object.entries(lists)) part[name] = part[name].concat(items);
    }
    for (const [key, names] of Object.entries(message.drop || {})) {
      const part = state[key] = Object.assign({}, state[key]);
      for (const name of names) delete part[name];
    }
    return state;
  }

  // the service worker (sw.js): the offline page that leads back to the table, where the browser allows one
  if (typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof window !== "undefined" && window.isSecureContext) {
    window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
  }

  return {t, nt, pt, text, lang, el, svg, registerGame, renderer, described, describedActions, describedCards, seatOrder, fan, backs, hand, panel, fold, isPhone, seatBox, learnBotLabels, botLabel, seatName, personName, post, clientNonce, joinSeat, learn, createTable,
          tokenKey, hostKey, SVG_NS, applyChange};
})();
