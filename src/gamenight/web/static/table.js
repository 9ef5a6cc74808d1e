"use strict";
// The table page: connects to the table's WebSocket, draws each message with the game's registered view
// (GN.registerGame), offers this seat's legal actions (keys 1-9), the seats (take / leave), the end-of-hand
// summary and the match history (replayed step by step through the same view, nothing clickable).
(function () {
  const tableId = (() => {   // a mangled address (say %E0%A4%A) names no table, and must not stop the page
    try { return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""); } catch (e) { return null; }
  })();
  const tokenKey = GN.tokenKey(tableId);
  const hostKey = GN.hostKey(tableId);
  const nameKey = "gamenight-name";
  const $ = (id) => document.getElementById(id);
  const el = GN.el;

  // the keys of the action buttons, in their order: 1-9, 0, then the letters
  const KEYS = "1234567890abcdefghijklmnopqrstuvwxyz";
  let shown = [];           // the action buttons' actions, in the order drawn
  let socket = null;
  let live = null;          // the latest live message
  let replay = null;        // the history message being shown, or null when live
  let connected = false;
  let retry = 500;
  let pending = false;      // an action was sent and its answer has not come yet
  let gone = false;         // the server has no such table: stop reconnecting
  const store = {};         // a view's own state between draws (e.g. selected cards)

  // ---- helpers --------------------------------------------------------------------------------------
  function token() { return localStorage.getItem(tokenKey); }
  function hostToken() { return localStorage.getItem(hostKey); }
  let catalogue = [];       // /api/games: the bots each game offers (for the host's seat controls)

  async function request(path, body, method) {
    const init = body === undefined ? {method: method || "GET"} :
      {method: method || "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
    const t = token();
    if (t) init.headers = Object.assign(init.headers || {}, {"X-Seat-Token": t});
    const r = await fetch(path, init);
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
    return data;
  }

  function showError(text) { $("error").textContent = text || ""; }

  // A translated text with a node in it: GN.t("... {link} ...") split around the placeholder, the node put there.
  function withNode(text, name, node) {
    const parts = text.split(`{${name}}`);
    return parts.flatMap((part, i) => (i ? [node, part] : [part])).filter((p) => p !== "");
  }

  // A translated text with nodes in it: each {name} of ``nodes`` in the text replaced by its node.
  function withNodes(text, nodes) {
    return text.split(/(\{\w+\})/).map((part) => {
      const name = /^\{(\w+)\}$/.exec(part);
      return name && name[1] in nodes ? nodes[name[1]] : part;
    }).filter((p) => p !== "");
  }

  // The person a seat names (its "name", who it is "reserved" for, who a bot plays for while "away"): "Player N"
  // in the reader's language when they gave no name.
  const seatName = GN.seatName;
  const personName = GN.personName;

  // A history message carries the table's summary of now; whose turn it was comes from that step's view.
  function asShown(message) {
    if (message.type !== "history") return message;
    const table = Object.assign({}, message.table);
    const v = message.view || {};
    if (v.current_player !== undefined) table.current_player = v.current_player;
    if (v.is_over !== undefined) table.is_over = v.is_over;
    return Object.assign({}, message, {table, legal_actions: [], legal_described: []});
  }

  function makeUi(message, replaying) {
    const legal = new Set(replaying ? [] : message.legal_actions);
    const suggested = new Map();   // action -> why the view marks it, in words
    return {
      suggested,
      suggest: (text, why) => { if (legal.has(text)) suggested.set(text, why || GN.t("suggested")); },
      act: (text) => { if (!replaying && legal.has(text)) act(text); },
      seatName: (i) => seatName(message.table, i),
      legal,
      replaying,
      me: message.seat,
      isMe: (i) => message.seat === i,
      store,
      redraw: () => draw(),
      cardWidth: () => (window.innerWidth < 520 ? 50 : 70),
    };
  }

  // ---- drawing --------------------------------------------------------------------------------------
  // Redrawing replaces the buttons; the keyboard's focus is put back on the same one (or the same card).
  const FOCUS_KEYS = ["data-action", "data-history", "data-take-seat", "data-leave", "data-discard", "data-take"];

  function focusKey() {
    const a = document.activeElement;
    if (!a || a === document.body) return null;
    for (const attr of FOCUS_KEYS) {
      if (a.hasAttribute(attr)) return `[${attr}="${CSS.escape(a.getAttribute(attr))}"]`;
    }
    if (a.classList.contains("card-button")) return [...document.querySelectorAll("#board .card-button")].indexOf(a);
    return null;
  }

  function restoreFocus(key) {
    if (key === null || (document.activeElement && document.activeElement !== document.body)) return;
    let target = typeof key === "number" ? document.querySelectorAll("#board .card-button")[key] : document.querySelector(key);
    // the control went with the redraw (the action was played, the card laid): the nearest place that stayed, so the
    // keyboard's focus is never dropped to the page
    if (!target || target.disabled) target = document.querySelector("#actions button:not([disabled])") || $("board");
    if (target) target.focus({preventScroll: true});
  }

  // A move arriving never moves the page: the scroll stays where the person left it (a redraw that changed it is
  // put back; tests/e2e/test_e2e_table_feel.py checks every game), and the cards glide.
  function draw() {
    if (!live) return;
    const focused = focusKey();
    const scroll = window.scrollY;
    const was = replay === null ? GN.motion.before($("board")) : null;
    document.documentElement.style.minHeight = "";
    drawAll();
    keepScroll(scroll);
    GN.motion.after($("board"), was);
    restoreFocus(focused);
  }

  // A redraw may make the page shorter for a moment (the buttons go while the others play): the page then keeps the
  // height the person's view needs, so it never slides up under them; the hold ends once the page is long enough
  // again or they scroll up themselves.
  function keepScroll(scroll) {
    const needed = scroll + window.innerHeight;
    if (document.documentElement.scrollHeight < needed) document.documentElement.style.minHeight = `${needed}px`;
    if (Math.abs(window.scrollY - scroll) > 1) window.scrollTo(0, scroll);
  }

  // The lobby's "Play now" offers the game this browser sat at last; the offline page leads back to this table
  function rememberSeat(table) {
    try {
      localStorage.setItem("gamenight-last-game", table.game);
      localStorage.setItem("gamenight-last-table", tableId);
    } catch (e) { /* storage refused (private mode): nothing to remember */ }
  }

  // Every move the table hears of is said once to a screen reader (#announce, polite), in the game's own words; a hand's
  // result is the summary's (itself polite); nothing is said while the history is stepped through
  function announceMoves(before, after) {
    const renderer = GN.renderer(after.table.game);
    if (GN.coach.saysMoves(after)) return;   // the learner's coach says each move (coach.js)
    if (!before || replay !== null || !renderer || typeof renderer.moveSentence !== "function") return;
    const had = ((before.view && before.view.log) || []).length, has = ((after.view && after.view.log) || []).length;
    if (after.version <= before.version || has <= had) return;
    const ui = makeUi(after, false), said = [];
    for (let i = had; i < has; i++) {
      try {
        const sentence = renderer.moveSentence(after, ui, i);
        if (sentence) said.push(sentence);
      } catch (e) { console.error(e); }
    }
    if (said.length) $("announce").textContent = said.join(". ");
  }

  // A message to the table over the WebSocket, if it is open (else it is lost: nothing the table needs)
  function sendToTable(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function drawAll() {
    const replaying = replay !== null;
    const message = asShown(replaying ? replay : live);
    const table = message.table;
    const body = document.body;
    body.dataset.game = live.table.game;
    body.dataset.seat = live.seat === null || live.seat === undefined ? "" : String(live.seat);
    body.dataset.version = String(live.version);
    body.dataset.over = String(Boolean(live.table.is_over));
    // the people the pause after a hand still waits for ("" when play goes on): tests wait on it changing
    body.dataset.waiting = live.table.hand_pause ? live.table.hand_pause.waiting_for.join(",") : "";
    body.dataset.live = String(connected);
    body.dataset.replaying = String(replaying);
    if (live.seat !== null && live.seat !== undefined) rememberSeat(live.table);
    const myTurn = !live.table.is_over && !live.table.hand_pause && live.seat !== null && live.seat !== undefined && live.table.current_player === live.seat;
    // a tab in the background shows when it is this player's turn
    document.title = (myTurn ? `▶ ${GN.t("Your turn")} · ` : "") + GN.t("gamenight: {title}", {title: GN.t(live.table.title)});

    $("title").textContent = GN.t(live.table.title) + " · " + (live.seat === null ? GN.t("watching") : seatName(live.table, live.seat));
    $("code").textContent = live.table.table_id;
    const link = `${location.origin}/table/${encodeURIComponent(live.table.table_id)}`;
    if ($("share-link").value !== link) $("share-link").value = link;

    const ui = makeUi(message, replaying);
    // after a hand, until Next hand: the table as the hand that ended left it, its summary above it
    const ending = !replaying && Boolean(live.hand_end_view);
    body.dataset.handEnd = String(ending);
    drawSeats(live);
    drawSound();
    drawCelebration(message);
    drawJoinBar(live);
    drawWaiting(live.table);
    drawSeatRules(live.table);
    drawTurn(message, ui);
    if (ending) {
      const ended = handEndMessage(live);
      drawBoard(ended, Object.assign(makeUi(ended, true), {handEnd: true, endingMove: endingMove(live)}));
    } else {
      drawBoard(message, ui);
    }
    GN.seatSigns.draw(replaying ? null : live);   // reactions and the turn's clock, over the seats just drawn
    GN.seatSigns.buttons(live, sendToTable);
    placeSummary(ending);
    drawSummary(message, ui);
    drawActions(message, ui, replaying);
    GN.coach.draw(live, replaying, connected);   // the coach's panel and its choice in the bar, at a coached table
    drawHistory();
    drawRules(live.table);
    drawHowToPlay(live.table);
    drawReview();
  }

  // Someone who holds no seat sees, up front, a button for each seat they may take (big on a phone).
  function drawJoinBar(message) {
    const bar = $("join-bar");
    const t = message.table;
    const seated = message.seat !== null && message.seat !== undefined;
    const free = t.seats.filter((s) => s.takeable);
    if (seated || t.is_over || !free.length) { bar.hidden = true; bar.replaceChildren(); return; }
    bar.hidden = false;
    if (bar.dataset.seats === free.map((s) => s.seat).join(",")) return;   // keep a name being typed
    bar.dataset.seats = free.map((s) => s.seat).join(",");
    const name = el("input", null, {id: "join-name", maxlength: "40", autocomplete: "nickname", placeholder: GN.t("Your name"),
                                    "aria-label": GN.t("your name at the table")});
    name.value = $("player-name").value;
    name.addEventListener("input", () => { $("player-name").value = name.value; });
    name.addEventListener("change", () => localStorage.setItem(nameKey, name.value.trim()));
    const takeText = (s) => (s.kind === "bot" ? GN.t("Take seat {number} (a bot plays it now)", {number: s.seat + 1})
      : GN.t("Take seat {number}", {number: s.seat + 1}));
    bar.replaceChildren(el("span", GN.t("Join this table:"), {class: "join-title"}), name,
                        ...free.map((s) => el("button", takeText(s),
                                              {type: "button", class: "primary", "data-join-seat": s.seat,
                                               onclick: () => takeSeat(s.seat)})));
  }

  // A table that holds its start says so, shows the link to share, and gives its host "Start now".
  function drawWaiting(table) {
    const box = $("waiting");
    const waiting = table.settings && table.settings.waiting;
    box.hidden = !waiting;
    if (!waiting) { box.replaceChildren(); return; }
    const link = `${location.origin}/table/${encodeURIComponent(table.table_id)}`;
    const open = table.seats.filter((s) => s.kind === "open").length;
    box.replaceChildren(el("strong", GN.t("This table waits for friends before it starts.")),
                        el("span", ` ${GN.nt("{n} seat still open. Share the link:", "{n} seats still open. Share the link:", open)} `),
                        el("code", link));
    if (hostToken()) {
      box.append(" ", el("button", GN.t("Start now: bots fill the empty seats"), {
        type: "button", id: "start-now", class: "primary",
        onclick: () => hostChange("start", {})}));
    } else {
      box.append(el("span", " " + GN.t("The host starts the table when everyone is here."), {class: "muted"}));
    }
  }

  function seatKind(s, game) {
    if (s.kind === "person") return s.connected === false ? GN.t("person, not connected") : GN.t("person");
    if (s.kind === "bot") {
      const level = GN.botLabel(s.bot, game);
      return s.away ? GN.t("bot: {name}, playing for {player} (away)", {name: level, player: personName(s, "away")})
        : GN.t("bot: {name}", {name: level});
    }
    return s.reserved ? GN.t("kept for {name}", {name: personName(s, "reserved")}) : GN.t("open");
  }

  // Sounds for what just happened: a move, a new hand, a Yaniv call, your turn, the match won.
  function playSoundFor(old, message) {
    if (!old || old.version === message.version || replay) return;
    const mine = message.seat !== null && message.seat !== undefined;
    const view = message.view || {};
    const moves = Array.isArray(view.log_described) ? view.log_described : [];
    const last = moves.length ? moves[moves.length - 1] : null;
    if (message.table.is_over) {
      GN.sound.play(mine && (view.winners || []).includes(message.seat) ? "win" : "card");
    } else if (old.view && view.hand_number !== old.view.hand_number) {
      GN.sound.play("shuffle");
    } else {
      GN.sound.play(message.table.game === "yaniv" && last && last.kind === "call" ? "yaniv" : "card");
    }
    const myTurn = mine && !message.table.is_over && message.table.current_player === message.seat;
    const wasMine = mine && old.table.current_player === old.seat && !old.table.is_over;
    if (myTurn && !wasMine) setTimeout(() => GN.sound.play("turn"), 150);
  }

  function drawSound() {
    const button = $("sound-toggle");
    const on = GN.sound.enabled();
    button.replaceChildren(GN.icon(on ? "sound" : "muted"), " " + (on ? GN.t("Sound") : GN.t("Muted")));
    button.setAttribute("aria-pressed", on ? "false" : "true");
    button.title = on ? GN.t("sounds are on: click to mute") : GN.t("sounds are off: click to hear them");
  }

  // The end of a match is celebrated: who won, big, once.
  function drawCelebration(message) {
    const box = $("celebrate");
    const t = message.table;
    if (!t.is_over || replay) { box.hidden = true; return; }
    const winners = (message.view && message.view.winners) || [];
    const you = message.seat !== null && message.seat !== undefined && winners.includes(message.seat);
    const names = winners.map((w) => (w === message.seat ? GN.t("You") : seatName(t, w)));
    if (you) box.replaceChildren(GN.icon("cheer", {size: 28}), " " + GN.t("You win!") + " ", GN.icon("cheer", {size: 28}));
    else if (names.length) box.replaceChildren(GN.icon("trophy", {size: 28}), " " + winText(names));
    else box.textContent = GN.t("The match is over");
    box.classList.toggle("you-win", you);
    box.hidden = false;
  }

  // "Bot 2 wins", "Bot 2 and Bot 3 win" (the celebration's words: never "You", who has "You win!")
  function winText(names) {
    if (names.length === 1) return GN.t("{name} wins", {name: names[0]});
    return GN.t("{names} win", {names: names.reduce((first, second) => GN.t("{first} and {second}", {first, second}))});
  }

  function drawSeats(message) {
    const t = message.table;
    const view = message.view || {};
    const seated = message.seat !== null && message.seat !== undefined;
    const host = hostToken() && !t.is_over;
    $("seats").replaceChildren(...t.seats.map((s) => {
      const i = s.seat;
      const toMove = t.current_player === i && !t.is_over && !t.hand_pause;   // (nobody plays in the pause after a hand)
      const li = el("li", null, {"data-seat": i, class: [toMove && "to-move", message.seat === i && "me"]});
      if (s.kind === "person") li.dataset.connected = String(s.connected !== false);   // who is here, for tests
      li.append(el("span", seatName(t, i), {class: "seat-label"}), el("span", " · " + seatKind(s, t.game), {class: "muted"}));
      // whose turn it is in words too, not only in the row's colour and weight
      if (toMove) li.append(el("span", " · " + GN.t("to move"), {class: "seat-to-move"}));
      if (Array.isArray(view.scores) && view.scores.length === t.players) {
        li.append(el("span", " · " + view.scores[i], {class: "seat-score", title: GN.t("score")}));
      }
      if (message.seat === i) li.append(el("span", " " + GN.t("(you)"), {class: "you"}));
      if (!seated && s.takeable && !t.is_over) {
        li.append(" ", el("button", s.kind === "bot" ? GN.t("take from bot") : GN.t("take seat"),
                          {type: "button", "data-take-seat": i, onclick: () => takeSeat(i)}));
      }
      if (message.seat === i && !t.is_over) {
        if (store.confirmLeave) {
          li.append(" ", el("span", GN.t("A bot will play your seat. Leave?"), {class: "confirm"}),
                    " ", el("button", GN.t("Yes, leave"), {type: "button", "data-leave": "confirm", onclick: leaveSeat}),
                    " ", el("button", GN.t("Stay"), {type: "button", "data-leave": "cancel",
                                               onclick: () => { store.confirmLeave = false; draw(); }}));
        } else {
          li.append(" ", el("button", GN.t("leave"), {type: "button", "data-leave": "", title: GN.t("a bot keeps your seat going"),
                                                 onclick: () => { store.confirmLeave = true; draw(); }}));
        }
      }
      if (host) li.append(hostSeatControl(s, message.seat === i));
      return li;
    }));
  }

  // The host's say over a seat: a person may be kicked (a bot takes the seat); a bot changed or the seat opened.
  function hostSeatControl(s, mine) {
    const box = el("span", null, {class: "host-control"});
    if (s.kind === "person") {
      if (!mine) box.append(" ", el("button", GN.t("kick"), {type: "button", "data-kick": s.seat, title: GN.t("a bot plays this seat from now on"),
                                                      onclick: () => hostChange("kick", {seat: s.seat})}));
      return box;
    }
    const select = el("select", null, {"data-host-seat": s.seat, "aria-label": GN.t("who plays seat {number}", {number: s.seat + 1})});
    select.append(el("option", GN.t("open seat"), {value: ""}));
    const game = catalogue.find((g) => g.name === live.table.game);
    for (const bot of game ? game.bots : [s.bot].filter(Boolean)) select.append(el("option", GN.t("bot: {name}", {name: GN.botLabel(bot, live.table.game)}), {value: bot}));
    select.value = s.kind === "bot" ? s.bot : "";
    select.addEventListener("change", () => hostChange("bot", {seat: s.seat, bot: select.value || null}));
    box.append(" ", select);
    return box;
  }

  // Who may do what at this table, in words; the host's settings are the host's to change.
  function drawSeatRules(table) {
    const settings = table.settings || {};
    const away = settings.away_seconds;
    const lines = [];
    if (!settings.has_host) lines.push(GN.t("Nobody may change this table's seats."));
    else if (hostToken()) lines.push(GN.t("You are the host: you choose who plays each seat."));
    else lines.push(GN.t("The host chooses who plays each seat."));
    lines.push(settings.bots_may_be_replaced ? GN.t("Friends may take a bot's seat.") : GN.t("Only open seats may be taken."));
    if (away) lines.push(GN.t("If a player is away for {seconds} seconds on their turn, a bot plays for them until they come back.", {seconds: away}));
    if (settings.hints) lines.push(GN.t("Players may ask for hints."));
    $("seat-rules").textContent = lines.join(" ");
    const box = $("host-settings");
    if (!hostToken() || table.is_over) { box.replaceChildren(); return; }
    if (box.dataset.drawn === JSON.stringify(settings)) return;
    box.dataset.drawn = JSON.stringify(settings);
    const replace = el("input", null, {type: "checkbox", id: "host-bots-replaceable"});
    replace.checked = Boolean(settings.bots_may_be_replaced);
    replace.addEventListener("change", () => hostChange("settings", {bots_may_be_replaced: replace.checked}));
    const wait = el("select", null, {id: "host-away"});
    for (const seconds of [30, 60, 120, 300, 600]) wait.append(el("option", GN.t("{seconds} s", {seconds}), {value: seconds}));
    wait.value = String(away);
    wait.addEventListener("change", () => hostChange("settings", {away_seconds: Number(wait.value)}));
    const hints = el("input", null, {type: "checkbox", id: "host-hints"});
    hints.checked = Boolean(settings.hints);
    hints.addEventListener("change", () => hostChange("settings", {hints: hints.checked}));
    const reactions = el("input", null, {type: "checkbox", id: "host-reactions"});
    reactions.checked = settings.reactions !== false;
    reactions.addEventListener("change", () => hostChange("settings", {reactions: reactions.checked}));
    box.replaceChildren(el("label", [replace, " " + GN.t("friends may take the bots' seats")], {class: "host-setting"}),
                        el("label", [hints, " " + GN.t("players may ask for hints")], {class: "host-setting"}),
                        el("label", [reactions, " " + GN.t("players may show reactions")], {class: "host-setting"}),
                        el("label", withNode(GN.t("a bot plays for someone away after {time}"), "time", wait), {class: "host-setting"}));
  }

  async function hostChange(what, body) {
    showError("");
    try {
      await GN.post(`/api/tables/${encodeURIComponent(tableId)}/${what}`, body, {"X-Host-Token": hostToken()});
    } catch (e) { showError(e.message); }
  }

  function drawTurn(message, ui) {
    const t = message.table;
    const view = message.view || {};
    let text;
    if (t.is_over) {
      const winners = Array.isArray(view.winners) ? view.winners : [];
      text = GN.t("The match is over.") + (winners.length ? " " + winnersText(winners, message, ui) : "");
    } else if (t.settings && t.settings.waiting && !replay) {
      text = GN.t("The table waits for friends to sit down.");
    } else if (t.hand_pause && !replay) {
      const mine = t.hand_pause.waiting_for.includes(message.seat);
      const link = el("a", GN.t("see how it ended"), {href: "#summary", id: "to-summary"});
      $("turn").replaceChildren(...withNode(mine ? GN.t("The hand is over: {link}, then press Next hand.")
        : GN.t("The hand is over: {link}."), "link", link));
      $("turn").classList.remove("my-turn");
      return;
    } else if (t.current_player === null || t.current_player === undefined) {
      text = GN.t("Waiting…");
    } else if (message.seat === t.current_player) {
      text = replay ? GN.t("You were to move.") : GN.t("Your turn.");
    } else {
      const name = ui.seatName(t.current_player);
      text = replay ? GN.t("{name} was to move.", {name}) : GN.t("{name} is to move.", {name});
    }
    $("turn").textContent = text;
    $("turn").classList.toggle("my-turn", !replay && message.seat !== null && message.seat === t.current_player && !t.is_over);
  }

  function winnersText(winners, message, ui) {
    const names = winners.map((w) => message.seat === w ? GN.t("You") : ui.seatName(w));
    if (names.length === 1) return message.seat === winners[0] ? GN.t("You win.") : GN.t("{name} wins.", {name: names[0]});
    return GN.t("{names} and {last} win.", {names: names.slice(0, -1).join(", "), last: names[names.length - 1]});
  }

  // The hand that ended as this seat saw it at its last move (the server's hand_end_view), drawn like a step of the
  // history: nothing clickable; whose turn it was comes from that view.
  function handEndMessage(message) {
    const view = message.hand_end_view;
    const table = Object.assign({}, message.table, {current_player: view.current_player, is_over: false});
    return Object.assign({}, message, {table, view, legal_actions: [], legal_described: []});
  }

  // The hand's last move, which the ended hand's view does not show yet: [seat, its record], from the new view's
  // log of the hand before (a game's view may draw it: Thunee puts the last card on the last trick).
  function endingMove(message) {
    const view = message.view || {};
    const log = view.previous_log || [];
    const described = view.previous_log_described || [];
    return log.length && described.length === log.length ? [log[log.length - 1][0], described[described.length - 1]] : null;
  }

  // The summary stands above the table while the hand that ended is shown, and below it the rest of the time.
  function placeSummary(onTop) {
    const summary = $("summary");
    const anchor = onTop ? $("board") : $("error");
    if (onTop ? summary.nextElementSibling !== anchor : summary.previousElementSibling !== anchor) {
      anchor.insertAdjacentElement(onTop ? "beforebegin" : "afterend", summary);
    }
  }

  function handEndBanner(message) {
    const pause = message.table.hand_pause;
    const mine = pause && message.seat !== null && message.seat !== undefined && pause.waiting_for.includes(message.seat);
    return el("div", mine ? GN.t("How the hand ended: the table at its last move. Next hand shows the new deal.")
      : GN.t("How the hand ended: the table at its last move. The new deal comes when everyone has pressed Next hand."),
              {class: "replay-banner hand-end-banner", role: "status"});
  }

  function drawBoard(message, ui) {
    const board = $("board");
    board.replaceChildren();
    board.classList.toggle("replaying", ui.replaying && !ui.handEnd);
    board.classList.toggle("hand-end", Boolean(ui.handEnd));
    if (ui.handEnd) {
      board.append(handEndBanner(message));
    } else if (ui.replaying) {
      const steps = Math.max(replay.steps ?? 0, live.version);
      const log = (message.view && Array.isArray(message.view.log)) ? message.view.log : [];
      const last = message.version > 0 && log.length ? log[log.length - 1] : null;
      const who = last && Array.isArray(last) ? (last[0] === message.seat ? GN.t("you") : ui.seatName(last[0])) : null;
      const move = who === null ? "" : " " + GN.t("Last move: {name}, {move}.", {name: who, move: last[1]});
      board.append(el("div", GN.t("Replaying step {step} of {steps}: what you saw then.", {step: message.version, steps}) + move +
                             " " + GN.t("Press End or “live” to return."), {class: "replay-banner", role: "status"}));
    }
    const renderer = GN.renderer(message.table.game);
    if (renderer) {
      try {
        renderer.render(board, message, ui);
        return;
      } catch (e) {
        console.error("the view of " + message.table.game + " failed:", e);
        for (const child of [...board.children]) if (!child.classList.contains("replay-banner")) child.remove();
      }
    }
    board.append(el("pre", JSON.stringify(message.view, null, 1), {class: "raw-view"}));
  }

  function drawSummary(message, ui) {
    const box = $("summary");
    box.replaceChildren();
    const renderer = GN.renderer(message.table.game);
    if (renderer && typeof renderer.summary === "function") {
      try {
        const node = renderer.summary(message, ui);
        if (node) box.append(labelCells(node));
      } catch (e) {
        console.error("the summary of " + message.table.game + " failed:", e);
      }
    }
    const sheet = sheetNode(message);
    if (sheet) box.append(labelCells(sheet));
    if (!ui.replaying) {
      const pause = nextHandNode(message);
      if (pause) box.prepend(pause);
    }
    if (!ui.replaying && message.table.is_over) box.append(rematchNode(message));
  }

  // The match's score sheet, as the engine keeps it (a row per finished hand): folded away during play, open
  // after a hand and at the end; a person who opens or folds it keeps their choice until the next hand ends.
  let sheetChoice = null;
  let sheetRows = -1;
  function sheetNode(message) {
    const sheet = message.score_sheet;
    if (!sheet || !sheet.rows.length) return null;
    if (sheet.rows.length !== sheetRows) { sheetRows = sheet.rows.length; sheetChoice = null; }
    const t = message.table;
    const box = el("details", null, {id: "score-sheet", class: "score-sheet"});
    box.open = sheetChoice === null ? Boolean(t.hand_pause) || Boolean(t.is_over) : sheetChoice;
    const unit = {rounds: GN.t("round wins"), points: GN.t("points"), balls: GN.t("balls")}[sheet.unit] || sheet.unit;
    const title = el("summary", sheet.low_wins ? GN.t("Score sheet ({unit}, the lowest total is best)", {unit})
      : GN.t("Score sheet ({unit})", {unit}));
    title.addEventListener("click", () => { sheetChoice = !box.open; });
    box.append(title);
    const names = sheet.columns.map((seats) => seats.map((s) => seatName(t, s)).join(" & "));
    const table = el("table", null, {class: "sheet"});
    table.append(el("tr", [el("th", GN.pt("hand number", "Hand")), ...names.map((n) => el("th", n))]));
    for (const row of sheet.rows) {
      table.append(el("tr", [el("td", String(row.hand)), ...row.points.map((p, i) => sheetCell(sheet, row, i))],
                      {"data-hand": String(row.hand)}));
    }
    const last = sheet.rows[sheet.rows.length - 1];
    table.append(el("tr", [el("td", GN.t("Total")), ...last.totals.map((v) => el("td", v === null ? GN.t("out") : String(v)))],
                    {class: "sheet-total"}));
    box.append(table);
    return box;
  }

  function sheetCell(sheet, row, i) {
    const points = row.points[i], total = row.totals[i];
    const score = el("span", total === null ? GN.t("out") : String(total), {class: "sheet-score"});
    if (points) score.append(el("span", ` (${points > 0 ? "+" : ""}${points})`, {class: "muted"}));
    const cell = el("td", score);
    for (const mark of row.marks[i] || []) {
      cell.append(el("span", sheet.marks[mark] ? GN.t(sheet.marks[mark]) : mark, {class: "mark", "data-mark": mark}));
    }
    return cell;
  }

  // After a hand the bots wait until everyone connected pressed "Next hand" (or a few seconds pass).
  function nextHandNode(message) {
    const pause = message.table.hand_pause;
    if (!pause) return null;
    const mine = message.seat !== null && message.seat !== undefined && pause.waiting_for.includes(message.seat);
    const others = pause.waiting_for.filter((s) => s !== message.seat).map((s) => seatName(message.table, s));
    const row = el("p", null, {class: "next-hand", role: "status"});
    if (mine) {
      row.append(el("button", GN.t("Next hand ({seconds} s)", {seconds: Math.ceil(pause.seconds_left)}), {
        type: "button", id: "next-hand", class: "primary", onclick: nextHand}));
    }
    if (others.length) row.append(el("span", " " + GN.t("Waiting for {names}…", {names: others.join(", ")}), {class: "muted"}));
    countDown(Date.now() + pause.seconds_left * 1000);
    return row;
  }

  // The seconds on "Next hand" count down (the server says when the pause is over: this is only the display).
  let countdown = null;
  function countDown(deadline) {
    clearInterval(countdown);
    countdown = setInterval(() => {
      const buttons = document.querySelectorAll("#next-hand, [data-next-hand]");
      if (!buttons.length) { clearInterval(countdown); countdown = null; return; }
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      for (const button of buttons) if (!button.disabled) button.textContent = GN.t("Next hand ({seconds} s)", {seconds: left});
    }, 1000);
  }

  // On a phone the summary comes after the action bar: "Next hand" is also in the bar, under the thumb (style.css
  // shows it on a phone only).
  function nextHandShortcut(message) {
    const pause = message.table.hand_pause;
    const mine = pause && message.seat !== null && message.seat !== undefined && pause.waiting_for.includes(message.seat);
    if (!mine) return null;
    return el("button", GN.t("Next hand ({seconds} s)", {seconds: Math.ceil(pause.seconds_left)}), {
      type: "button", class: "primary next-hand-shortcut", "data-next-hand": "", onclick: nextHand});
  }

  function nextHand() {
    sendToTable({type: "next"});
    for (const button of document.querySelectorAll("#next-hand, [data-next-hand]")) button.disabled = true;
  }

  // At the end of a match: a rematch with the same company (each player follows into the same seat).
  function rematchNode(message) {
    const t = message.table;
    const row = el("p", null, {class: "play-again"});
    const seated = message.seat !== null && message.seat !== undefined;
    const offered = t.settings && t.settings.rematch;
    if (seated) {
      const words = offered ? GN.t("Join the rematch: the same seats, rules and bots") : GN.t("Play again: a rematch with everyone here");
      row.append(el("button", words, {type: "button", id: "play-again", onclick: () => rematch(message)}));
      if (offered) row.append(el("span", " " + GN.t("Your friends are there."), {class: "muted"}));
    } else if (offered) {
      row.append(el("a", GN.t("Watch the rematch"), {href: "/table/" + encodeURIComponent(offered), id: "watch-rematch"}));
    }
    return row;
  }

  async function rematch(message) {
    showError("");
    try {
      const answer = await GN.post(`/api/tables/${encodeURIComponent(tableId)}/rematch`,
                                   {client: GN.clientNonce()}, {"X-Seat-Token": token()});
      localStorage.setItem(GN.tokenKey(answer.table_id), answer.token);
      if (hostToken()) localStorage.setItem(GN.hostKey(answer.table_id), hostToken());   // the same host
      location.href = "/table/" + encodeURIComponent(answer.table_id);
    } catch (e) { showError(GN.t("Could not start the rematch: {error}", {error: e.message})); }
  }

  // Each cell of a summary table names its column (data-label, from the header row), so a narrow screen can
  // show a row as wrapped "label value" pairs instead of columns wider than the screen (style.css).
  function labelCells(node) {
    for (const table of node.querySelectorAll("table")) {
      const rows = [...table.querySelectorAll("tr")];
      const header = rows.find((tr) => tr.children.length && [...tr.children].every((c) => c.tagName === "TH"));
      if (!header) continue;
      header.classList.add("header-row");
      const names = [...header.children].map((th) => th.textContent.trim());
      for (const tr of rows) {
        if (tr === header) continue;
        [...tr.children].forEach((cell, i) => { if (names[i]) cell.dataset.label = names[i]; });
      }
    }
    return node;
  }

  /** What an action's label says aloud, in words: its text, and each card or die it draws by its name ("five of
   *  diamonds"), never the action's notation ("5d"): the button's tooltip and, where it draws cards, its name. */
  function drawActions(message, ui, replaying) {
    const bar = $("actions");
    $("hint").replaceChildren();
    if (replaying || !connected) {
      bar.replaceChildren();
      return;
    }
    const renderer = GN.renderer(message.table.game);
    const t = message.table;
    if (!message.legal_actions.length) {
      let note = "";
      if (t.is_over) note = GN.t("No more moves: the match is over.");
      else if (message.seat === null || message.seat === undefined) note = GN.t("You are watching: take a seat to play.");
      else if (t.hand_pause) note = GN.t("The hand is over: play goes on when everyone has pressed Next hand.");
      else if (t.current_player !== null && t.current_player !== undefined) note = GN.t("Waiting for {names}…", {names: ui.seatName(t.current_player)});
      bar.replaceChildren(el("span", note, {class: "muted waiting"}));
      const next = nextHandShortcut(message);
      if (next) bar.prepend(next);
      return;
    }
    shown = sideBySide(inHandOrder(message.legal_actions, message), renderer, message);
    const hinted = hintFor(message);
    bar.replaceChildren(...shown.map((a, i) => {
      let label = null;
      if (renderer && typeof renderer.actionLabel === "function") {
        try { label = renderer.actionLabel(a, message, ui); } catch (e) { console.error(e); label = null; }
      }
      const key = KEYS[i];
      const content = label instanceof Node ? label
        : el("span", label === null || label === undefined || label === "" ? a : String(label));
      // the button's name is what it shows, cards and dice by their names (never the action's notation)
      const said = spokenText(content);
      const button = el("button", null, {type: "button", "data-action": a,
                                         class: ["action", ui.suggested.has(a) && "suggested", hinted.has(a) && "hinted"],
                                         title: key ? GN.t("{action} (key {key})", {action: said, key}) : said});
      if (key) button.append(el("kbd", key, {class: "key", "aria-hidden": "true"}));
      button.append(content);
      // an action the view marks (the cards picked, the next step of a layout) says why, not only by its green edge
      if (ui.suggested.has(a)) button.setAttribute("aria-description", ui.suggested.get(a));
      const badge = hintBadge(a);
      if (badge) button.append(badge);
      button.addEventListener("click", () => act(a));
      return button;
    }));
    const ask = hintButton(message);
    if (ask) bar.append(ask);
    drawHint(message, renderer, ui);
  }

  // What a screen reader says for a node: its text, with each named image (a card, a die) by its aria-label.
  function spokenText(node) {
    const words = [];
    (function walk(n) {
      if (n.nodeType === Node.TEXT_NODE) { words.push(n.textContent); return; }
      if (n.nodeType !== Node.ELEMENT_NODE || n.getAttribute("aria-hidden") === "true") return;
      const name = n.getAttribute("aria-label");
      if (name) { words.push(" " + name + " "); return; }
      if (n.namespaceURI === "http://www.w3.org/2000/svg") return;   // a drawing without a name says nothing
      n.childNodes.forEach(walk);
    })(node);
    return words.join("").replace(/\s+/g, " ").trim();
  }

  // ---- hints: the expert's best moves for this seat's view, at its turn, where the host allows them ----------
  let hint = null;          // {version, moves: [{action, win}]} of the position it was asked at
  let hintAsked = null;     // the version a hint is being worked out for

  function hintFor(message) {
    return new Set(hint && hint.version === live.version ? hint.moves.slice(0, 1).map((m) => m.action) : []);
  }

  // The hint's answer on the action buttons themselves, where the eye already is: each move the expert names says
  // its chance to win the hand, the best one first (and outlined: "hinted").
  function hintBadge(action) {
    if (!hint || hint.version !== live.version) return null;
    const rank = hint.moves.findIndex((m) => m.action === action);
    if (rank < 0) return null;
    const percentage = percent(hint.moves[rank].win);
    return el("span", rank === 0 ? GN.t("hint: best, {percent} to win the hand", {percent: percentage})
      : GN.t("hint: {percent} to win the hand", {percent: percentage}), {class: "hint-badge", "data-hint-rank": String(rank)});
  }

  // "Hint" at the end of the action bar, at the person's turn where the host allows hints.
  function hintButton(message) {
    const allowed = message.table.settings && message.table.settings.hints;
    if (!allowed || !message.legal_actions.length) return null;
    const thinking = hintAsked === live.version;
    const button = el("button", thinking ? GN.t("Thinking…") : GN.t("Hint"), {type: "button", id: "hint-button", class: "hint-ask"});
    button.disabled = thinking;
    button.addEventListener("click", askHint);
    return button;
  }

  function moveName(action, message, renderer, ui) {
    let label = null;
    if (renderer && typeof renderer.actionLabel === "function") {
      try { label = renderer.actionLabel(action, message, ui); } catch (e) { label = null; }
    }
    // the move as its button shows it (a card's picture and its words), else its notation
    if (label instanceof Node) return el("span", [label], {class: "hint-move"});
    return label === null || label === undefined || label === "" ? action : String(label);
  }

  // the hint's moves in full, under the action bar (the bar's buttons say the same in short)
  function drawHint(message, renderer, ui) {
    const box = $("hint");
    const allowed = message.table.settings && message.table.settings.hints;
    if (!allowed || !message.legal_actions.length) { box.replaceChildren(); return; }
    const parts = [];
    if (hint && hint.version === live.version) {
      parts.push(el("ol", hint.moves.map((m) => el("li", withNode(GN.t("{move}: {percent} to win the hand",
        {percent: percent(m.win)}), "move", moveName(m.action, message, renderer, ui)), {"data-hint-move": m.action})),
        {class: "hint-moves", "aria-label": GN.t("the best moves, as the expert bot sees them")}));
    }
    box.replaceChildren(...parts);
  }

  function percent(share) {
    return new Intl.NumberFormat(GN.lang, {style: "percent", maximumFractionDigits: 0}).format(share);
  }

  async function askHint() {
    if (hintAsked !== null || !live) return;
    const version = live.version;
    hintAsked = version;
    showError("");
    draw();
    try {
      const answer = await request(`/api/tables/${encodeURIComponent(tableId)}/hint`, {token: token()});
      hint = {version, moves: answer.moves};
    } catch (e) { showError(e.message); }
    hintAsked = null;
    draw();
    // the answer the person asked for is in sight: its button, scrolled to only if it is not on the screen already
    const best = document.querySelector("#actions button.hinted");
    if (best) best.scrollIntoView({block: "nearest", behavior: GN.motion.on() ? "smooth" : "auto"});
  }

  // ---- the review of one's own game, once the match is over: the expert's verdict on each of one's decisions,
  // worked out on the server (its progress comes on the WebSocket); the page draws what the server sends ------------
  let review = null;          // the server's latest review message for this seat: {status, done, total, decisions?, summary?}
  let reviewAsked = false;    // this connection asked how the review stands (a reconnect asks again)
  let reviewStarting = false; // "Review my game" was pressed and the server has not answered yet
  let reviewAllOpen = false;  // "All your decisions" unfolded
  const FLAGGED = ["inaccuracy", "mistake", "blunder"];

  function verdictWord(verdict) {
    return {best: GN.t("best"), fine: GN.t("fine"), inaccuracy: GN.t("inaccuracy"), mistake: GN.t("mistake"),
            blunder: GN.t("blunder")}[verdict] || verdict;
  }

  function reviewPath() { return `/api/tables/${encodeURIComponent(tableId)}/review`; }

  function takeReview(message) {
    if (!message || message.type !== "review" || !live || message.seat !== live.seat) return;
    if (message.status === "none" && review) return;   // an answer older than what the WebSocket said since
    if (review && review.status === "running" && message.status === "running" && message.done < review.done) return;
    review = message;
    drawReview();
  }

  async function askReviewState() {
    try { takeReview(await request(reviewPath())); } catch (e) { showError(e.message); }
  }

  async function startReview() {
    if (reviewStarting) return;
    reviewStarting = true;
    showError("");
    drawReview();
    try { takeReview(await request(reviewPath(), {})); } catch (e) { showError(e.message); }
    reviewStarting = false;
    drawReview();
  }

  function drawReview() {
    const box = $("review");
    const seated = live && live.seat !== null && live.seat !== undefined;
    if (!seated || !live.table.is_over) { box.hidden = true; box.replaceChildren(); delete box.dataset.drawn; return; }
    box.hidden = false;
    if (!reviewAsked && connected) { reviewAsked = true; askReviewState(); }
    const status = review ? review.status : "none";
    const key = [live.table.table_id, live.seat, status, review ? review.done : 0, reviewStarting].join(":");
    if (box.dataset.drawn === key) return;
    box.dataset.drawn = key;
    if (status === "running" && $("review-progress")) { drawReviewProgress(); return; }   // moved on in place
    const title = el("h2", GN.t("Review of your game"), {id: "review-title"});
    if (status === "running") { box.replaceChildren(title, reviewProgressRow()); drawReviewProgress(); }
    else if (status === "done") box.replaceChildren(title, ...reviewNodes(review));
    else box.replaceChildren(title, ...reviewOffer(status === "failed"));
    box.dataset.status = status;
  }

  function reviewOffer(failed) {
    const nodes = [el("p", GN.t("The expert bot looks at each of your decisions and says which moves cost you the most."),
                      {class: "muted"})];
    if (failed) nodes.push(el("p", GN.t("The review could not be finished. Please try again."), {class: "review-failed"}));
    const button = el("button", GN.t("Review my game"), {type: "button", id: "review-button", class: "primary",
                                                        onclick: startReview});
    button.disabled = reviewStarting;
    nodes.push(el("p", button));
    return nodes;
  }

  function reviewProgressRow() {
    const label = el("label", "", {for: "review-progress", id: "review-progress-label"});
    return el("p", [label, el("progress", null, {id: "review-progress", max: "1", value: "0"})],
              {class: "review-progress", role: "status"});
  }

  function drawReviewProgress() {
    const bar = $("review-progress");
    if (!bar || !review) return;
    bar.max = Math.max(1, review.total);
    bar.value = review.done;
    $("review-progress-label").textContent = GN.nt("Reviewing your game: {done} of {n} decision",
                                                   "Reviewing your game: {done} of {n} decisions", review.total, {done: review.done});
  }

  function reviewNodes(r) {
    const decisions = r.decisions || [];
    if (!decisions.length) return [el("p", GN.t("You had no choice to make in this match: there is nothing to review."))];
    const flagged = decisions.filter((d) => FLAGGED.includes(d.verdict));
    const nodes = [reviewSummary(r.summary), reviewChart(decisions), el("h3", GN.t("Moves to look at again"))];
    nodes.push(flagged.length ? reviewList(flagged, "review-flagged")
      : el("p", GN.t("No inaccuracies, mistakes or blunders: well played!"), {class: "review-clean"}));
    const all = el("details", null, {id: "review-all"});
    all.open = reviewAllOpen;
    const head = el("summary", GN.nt("All your {n} decision", "All your {n} decisions", decisions.length));
    head.addEventListener("click", () => { reviewAllOpen = !all.open; });
    all.append(head, reviewList(decisions, "review-every"));
    nodes.push(all);
    return nodes;
  }

  function reviewSummary(summary) {
    const accuracy = new Intl.NumberFormat(GN.lang, {style: "percent", maximumFractionDigits: 1}).format(summary.accuracy / 100);
    const counts = ["best", "fine", ...FLAGGED].map((v) => el("span", `${verdictWord(v)} ${summary.verdicts[v]}`,
                                                          {class: `review-count verdict-${v}`}));
    return el("p", [el("strong", GN.t("Accuracy: {accuracy}", {accuracy})), ...counts], {class: "review-summary", id: "review-summary"});
  }

  // The chance to win after each decision, as a line through the match: drawn stretched to the width (the strokes
  // keep their width), a dashed line where a new hand begins, each decision a dot coloured by its verdict.
  function reviewChart(decisions) {
    const n = decisions.length;
    const x = (i) => (n === 1 ? 500 : (i * 1000) / (n - 1));
    const y = (d) => 200 - 200 * d.win;
    const chart = GN.svg("svg", {viewBox: "0 0 1000 200", preserveAspectRatio: "none", class: "review-svg", "aria-hidden": "true",
                                 focusable: "false"});
    for (const level of [0, 0.5, 1]) chart.append(GN.svg("line", {x1: 0, x2: 1000, y1: 200 - 200 * level, y2: 200 - 200 * level, class: "review-grid"}));
    decisions.forEach((d, i) => {
      if (i && d.hand !== decisions[i - 1].hand) {
        const at = (x(i - 1) + x(i)) / 2;
        chart.append(GN.svg("line", {x1: at, x2: at, y1: 0, y2: 200, class: "review-hand"}));
      }
    });
    chart.append(GN.svg("polyline", {points: decisions.map((d, i) => `${x(i)},${y(d)}`).join(" "), class: "review-line"}));
    decisions.forEach((d, i) => chart.append(GN.svg("line", {x1: x(i), x2: x(i), y1: y(d), y2: y(d), class: `review-dot verdict-${d.verdict}`})));
    const wins = decisions.map((d) => d.win);
    const said = GN.nt("Your chance to win the hand after each of your {n} decision: {first} after the first, {last} after the last, lowest {low}, highest {high}.",
                       "Your chance to win the hand after each of your {n} decisions: {first} after the first, {last} after the last, lowest {low}, highest {high}.",
                       n, {first: percent(wins[0]), last: percent(wins[n - 1]), low: percent(Math.min(...wins)), high: percent(Math.max(...wins))});
    const axis = el("div", [percent(1), percent(0.5), percent(0)].map((p) => el("span", p)), {class: "review-axis", "aria-hidden": "true"});
    const plot = el("div", [axis, el("div", chart, {class: "review-plot-area"})], {class: "review-plot", role: "img", "aria-label": said,
                                                                                   id: "review-chart"});
    return el("figure", [plot, el("figcaption", GN.t("Your chance to win the hand after each of your moves, as the expert bot saw it; a dashed line starts a new hand."),
                                  {class: "muted"})], {class: "review-chart"});
  }

  function reviewList(decisions, id) {
    return el("ol", decisions.map(reviewItem), {class: "review-list", id});
  }

  function reviewItem(d) {
    const played = reviewMove(d.played, d);
    const said = d.best === d.played ? withNodes(GN.t("At step {step}, you played {played}.", {step: d.index}), {played})
      : withNodes(GN.t("At step {step}, you played {played}; the expert prefers {best}.", {step: d.index}),
                  {played, best: reviewMove(d.best, d)});
    const parts = [el("span", verdictWord(d.verdict), {class: `review-verdict verdict-${d.verdict}`}), el("span", said)];
    const points = Math.round(100 * d.loss);
    if (d.best !== d.played && points > 0) {
      parts.push(el("span", GN.nt("{n} point less chance to win", "{n} points less chance to win", points), {class: "muted"}));
    }
    parts.push(el("button", GN.t("See that step"), {type: "button", class: "review-step", "data-review-step": d.index,
                                                   onclick: () => seeStep(d.index)}));
    return el("li", parts, {class: `verdict-${d.verdict}`, "data-review-index": d.index, "data-verdict": d.verdict});
  }

  // a move named as the page's buttons named it then: the game's view draws it from the seat's view at that decision
  function reviewMove(action, d) {
    const message = {type: "history", table: live.table, seat: live.seat, version: d.index, view: d.view, legal_actions: d.legal || [],
                     legal_described: d.legal_described || []};
    return moveName(action, message, GN.renderer(live.table.game), makeUi(message, true));
  }

  // Action buttons follow the order of the hand as the board shows it (the cards a view draws in its ".my-area",
  // left to right): an action comes where its first card is (the cards its record names); actions naming none keep
  // their order, after the rest.
  function inHandOrder(actions, message) {
    const hand = [...document.querySelectorAll("#board .my-area svg.card[data-card]")].map((c) => c.dataset.card);
    if (!hand.length) return actions.slice();
    const place = (a) => {
      const at = GN.describedCards(GN.described(message, a)).map((c) => hand.indexOf(c)).filter((i) => i >= 0);
      return at.length ? Math.min(...at) : hand.length;
    };
    return actions.map((a, i) => [place(a), i, a]).sort((x, y) => x[0] - y[0] || x[1] - y[1]).map((x) => x[2]);
  }

  // Actions a game gathers into one group (Yaniv: the same cards laid in different ways) stand side by side, where
  // the group's first one stands, so the keys run in the order the buttons are shown.
  function sideBySide(actions, renderer, message) {
    if (!renderer || typeof renderer.actionGroup !== "function") return actions;
    const groupOf = (a) => { try { return renderer.actionGroup(a, message); } catch (e) { console.error(e); return null; } };
    const members = new Map();
    for (const a of actions) {
      const key = groupOf(a);
      if (key !== null && key !== undefined) members.set(key, [...(members.get(key) || []), a]);
    }
    const out = [];
    const placed = new Set();
    for (const a of actions) {
      const key = groupOf(a);
      if (key === null || key === undefined) out.push(a);
      else if (!placed.has(key)) { placed.add(key); out.push(...members.get(key)); }
    }
    return out;
  }

  function drawHistory() {
    const steps = replay ? Math.max(replay.steps ?? live.version, live.version) : live.version;
    const k = replay ? replay.version : live.version;
    $("history-step").textContent = GN.t("step {step} of {steps}", {step: k, steps});
    $("history-mode").textContent = replay ? GN.t("replaying: nothing is clickable") : GN.t("live");
    const at = (name) => document.querySelector(`#history [data-history="${name}"]`);
    at("start").disabled = k === 0;
    at("prev").disabled = k === 0;
    at("next").disabled = !replay;
    at("live").disabled = !replay;
  }

  // "How to play <game>": the game's guide for this table's rules, in a new tab (/rules/<game>?table=<id>)
  function drawHowToPlay(table) {
    const link = $("how-to-play");
    if (!link || link.dataset.table === table.table_id) return;
    link.dataset.table = table.table_id;
    link.href = `/rules/${encodeURIComponent(table.game)}?table=${encodeURIComponent(table.table_id)}`;
    link.textContent = GN.t("How to play {game}", {game: GN.t(table.title)});
  }

  // "Rules of this table": the server's sentences in plain words (the rules' summary), in the reader's language
  function drawRules(table) {
    const list = $("rules");
    if (list.dataset.table === table.table_id) return;
    list.dataset.table = table.table_id;
    list.replaceChildren(...(table.rules_summary || []).map((text) => el("li", GN.text(text))));
  }

  // ---- acting, seats --------------------------------------------------------------------------------
  function act(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || replay || pending) return;
    showError("");
    pending = true;
    for (const b of document.querySelectorAll("#actions button")) b.classList.add("sent");
    // the version the action was chosen at: if this message arrives twice, the table plays it once
    socket.send(JSON.stringify({type: "action", action, version: live.version}));
  }

  async function takeSeat(seat) {
    showError("");
    try {
      await GN.joinSeat(tableId, seat, $("player-name").value.trim());
      reconnect();
    } catch (e) { showError(e.message); }
  }

  async function leaveSeat() {
    showError("");
    store.confirmLeave = false;
    try {
      await request(`/api/tables/${encodeURIComponent(tableId)}/leave`, {token: token()});
      localStorage.removeItem(tokenKey);
      reconnect();
    } catch (e) { showError(e.message); }
  }

  // ---- history --------------------------------------------------------------------------------------
  let historyRequest = 0;
  let wanted = null;        // the step asked for and not shown yet (quick presses count from it)

  // Shows the table after the first k actions (k at the live version or later: live); true once that step is drawn.
  async function showStep(k) {
    if (!live) return false;
    const steps = replay ? Math.max(replay.steps ?? 0, live.version) : live.version;
    if (k === null || k >= steps) { goLive(); return false; }
    k = Math.max(0, k);
    wanted = k;
    const ticket = ++historyRequest;
    try {
      const message = await request(`/api/tables/${encodeURIComponent(tableId)}/history?step=${k}`);
      if (ticket !== historyRequest) return false;
      wanted = null;
      replay = message;
      showError("");
      draw();
      return true;
    } catch (e) {
      if (ticket !== historyRequest) return;
      wanted = null;
      showError(GN.t("History is not available: {error}", {error: e.message}));
    }
  }

  // The review's "See that step": the table at that step, brought into view (at once when the system asks for reduced
  // motion), with the keyboard's focus on it, so ← and → step on from there and Esc returns to the live table.
  async function seeStep(k) {
    if (!await showStep(k)) return;
    const board = $("board");
    board.scrollIntoView({behavior: GN.motion.on() ? "smooth" : "auto", block: "start"});
    board.focus({preventScroll: true});
  }

  function goLive() {
    historyRequest++;
    wanted = null;
    if (replay === null) return;
    replay = null;
    draw();
  }

  function historyButton(name) {
    if (!live) return;
    const k = wanted !== null ? wanted : replay ? replay.version : live.version;
    const replaying = wanted !== null || replay !== null;
    if (name === "start") showStep(0);
    else if (name === "prev") { if (k > 0) showStep(k - 1); }
    else if (name === "next") { if (replaying) showStep(k + 1); }
    else goLive();
  }

  // ---- the top bar's menu ---------------------------------------------------------------------------
  // The share link, the sound switch and the language sit in a panel the menu button opens (on a narrow screen; a
  // wide one shows them in the bar and no button). Escape, a click elsewhere or the button again closes it.
  function setUpMenu() {
    const button = $("menu-button");
    const panel = $("menu-panel");
    if (!button || !panel) return;
    const open = () => button.getAttribute("aria-expanded") === "true" && button.offsetParent !== null;   // (shown)
    const setOpen = (on) => button.setAttribute("aria-expanded", on ? "true" : "false");
    button.addEventListener("click", () => setOpen(!open()));
    document.addEventListener("keydown", (event) => {   // (capturing: before the page's keys, Escape among them)
      if (event.key !== "Escape" || !open()) return;
      event.preventDefault();
      event.stopPropagation();
      const inside = panel.contains(document.activeElement);
      setOpen(false);
      if (inside) button.focus();
    }, true);
    document.addEventListener("click", (event) => {
      if (open() && !panel.contains(event.target) && !button.contains(event.target)) setOpen(false);
    });
  }

  // ---- the connection -------------------------------------------------------------------------------
  function connect() {
    const t = token();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // the seat token goes in the first message, never in the address (addresses end up in logs)
    // (the server says its refusals in the page's language)
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(GN.lang)}`);
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      ws.send(JSON.stringify({type: "hello", token: t || null}));
      connected = true;
      reviewAsked = false;   // how the review stands is asked again: progress may have come while away
      GN.coach.connected();  // and the coach's say
      retry = 500;
      $("status").textContent = GN.t("live");
      $("status").className = "status live";
      document.body.dataset.live = "true";
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      const received = JSON.parse(event.data);
      if (received.type === "change" && !live) return;   // (never: a connection's first state comes whole)
      const message = GN.applyChange(live, received);   // a change: the whole state it leads to
      if (message.type === "state") {
        if (live && live.version !== message.version) showError("");
        playSoundFor(live, message);
        // an action sent is answered by a new version (or an error): a change of who is here does not answer it
        if (received.type === "state" || live.version !== message.version) pending = false;
        const before = live;
        live = message;
        draw();
        announceMoves(before, message);
      } else if (message.type === "reaction") {
        GN.seatSigns.heard(message, (seat) => seatName(live && live.table, seat));
      } else if (message.type === "review") {
        takeReview(message);
      } else if (message.type === "coach") {
        GN.coach.heard(message);
      } else if (message.type === "error") {
        pending = false;
        showError(message.error);
        if (message.status === 403 && t) localStorage.removeItem(tokenKey);
        if (message.status === 404) gone = true;  // (a finished table the server let go of, too)
        if (message.status === 404 && !live) {
          $("board").replaceChildren(el("p", null, {class: "muted"}));
          $("board").firstChild.append(GN.t("There is no table with this code.") + " ", el("a", GN.t("Back to the lobby"), {href: "/"}));
        }
        if (live) draw();
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      // a dropped connection comes back to the same seat (the token is kept in this browser)
      connected = false;
      pending = false;
      document.body.dataset.live = "false";
      if (gone) {
        $("status").textContent = live ? GN.t("the server has closed this table") : GN.t("no such table");
        $("status").className = "status down";
        return;
      }
      $("status").textContent = GN.t("reconnecting…");
      $("status").className = "status down";
      if (live) draw();
      setTimeout(() => { if (socket === ws) connect(); }, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function reconnect() {
    const old = socket;
    socket = null;
    connected = false;
    if (old) old.close();
    connect();
  }

  // ---- wiring ---------------------------------------------------------------------------------------
  setUpMenu();
  for (const b of document.querySelectorAll("#history [data-history]")) {
    b.addEventListener("click", () => historyButton(b.dataset.history));
  }
  $("copy-link").addEventListener("click", async () => {
    const input = $("share-link");
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (e) {
      input.select();
      document.execCommand && document.execCommand("copy");
    }
    $("copy-link").textContent = GN.t("Copied");
    setTimeout(() => { $("copy-link").textContent = GN.t("Copy link"); }, 1500);
  });
  $("share-link").addEventListener("focus", (e) => e.target.select());
  $("sound-toggle").addEventListener("click", () => { GN.sound.setEnabled(!GN.sound.enabled()); drawSound(); });
  $("player-name").value = localStorage.getItem(nameKey) || "";
  $("player-name").addEventListener("change", (e) => localStorage.setItem(nameKey, e.target.value.trim()));

  document.addEventListener("keydown", (event) => {
    if (!live || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (event.key.length === 1 && KEYS.includes(event.key.toLowerCase())) {
      const a = replay ? undefined : shown[KEYS.indexOf(event.key.toLowerCase())];
      if (a !== undefined) { event.preventDefault(); act(a); }
    } else if (event.key === "ArrowLeft") { event.preventDefault(); historyButton("prev"); }
    else if (event.key === "ArrowRight") { event.preventDefault(); historyButton("next"); }
    else if (event.key === "Home") { event.preventDefault(); historyButton("start"); }
    else if (event.key === "End" || event.key === "Escape") { if (replay || wanted !== null) { event.preventDefault(); goLive(); } }
  });
  window.addEventListener("resize", () => { clearTimeout(window.__gnResize); window.__gnResize = setTimeout(draw, 150); });

  GN.page = {seatName: (i) => live ? seatName(live.table, i) : GN.t("Seat {number}", {number: i + 1})};
  if (tableId === null || tableId === "") {
    gone = true;
    $("status").textContent = GN.t("no such table");
    $("status").className = "status down";
    $("board").replaceChildren(el("p", null, {class: "muted"}));
    $("board").firstChild.append(GN.t("There is no table at this address.") + " ", el("a", GN.t("Back to the lobby"), {href: "/"}));
  } else {
    // the bots' level names come with the catalogue: the table connects once they are known (or could not be),
    // so no seat ever reads a program name
    fetch("/api/games").then((r) => r.json()).then((games) => {
      catalogue = games;
      GN.learnBotLabels(games);
      if (live) draw();
    }).catch(() => {}).finally(connect);
  }
})();
