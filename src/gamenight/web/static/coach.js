/* The coach at a coached table ("Learn to play": POST /api/learn), for the learner only:
 * - a panel (#coach): where the hand stands, each choice with what it does and its chance to win the hand, the
 *   coach's choice marked in words and why; then what happened, the latest moves (older ones folded);
 * - the coach's choice marked in the action bar ("coach's choice"), which the learner may follow or not;
 * - each new line said once to screen readers (#coach-said, polite), and each decision's suggestion: at the learner's
 *   coached table the coach says the moves, so #announce does not say them again (saysMoves).
 * The server sends the coach's message whole on the learner's WebSocket ({"type": "coach", ...}; docs/web.md "The
 * coach"); the page asks for it (GET /api/tables/{id}/coach) on each new connection. Texts come from the engine
 * (GN.text), never written here; another seat is named as the table names it ("Bot 2").
 * GN.coach = {connected(), heard(message), draw(live, replaying, connected), saysMoves(message)}.
 */
(function () {
  "use strict";
  const el = GN.el;
  const $ = (id) => document.getElementById(id);
  const WIDE = "(min-width: 821px)";   // beside the table (the side column); narrower: under the action bar
  let held = null;          // the latest coach message for this page's seat
  let live = null;          // the table's state as the page last drew it
  let replaying = false;
  let asked = false;        // this connection asked how the coach stands
  let saidStep = null;      // the newest move said to screen readers (the version the page opened at, at first)
  let saidAdvice = null;    // the decision (its version) whose suggestion was said
  const store = {folds: {"coach-earlier": false}};   // (the earlier moves start folded; a choice made is kept)
  window.gnCoachSaid = [];  // what was said to screen readers: the step of each line, "advice@<step>" (browser tests)

  function seated(message) { return message && message.seat !== null && message.seat !== undefined; }

  /** Whether ``message`` is the learner's at a coached table (everyone else there is a bot). */
  function saysMoves(message) {
    return seated(message) && Boolean(message.table.settings && message.table.settings.coached);
  }

  function tableId() { return live.table.table_id; }

  // ---- what the server says ----------------------------------------------------------------------------
  // A message replaces the one held unless it is older: an earlier version, or the same one without the advice the
  // held one has (an HTTP answer overtaken by the WebSocket)
  function newer(message) {
    if (!held) return true;
    if (message.version !== held.version) return message.version > held.version;
    return !(held.advice && !message.advice);
  }

  function heard(message) {
    if (!message || message.type !== "coach" || !live || message.seat !== live.seat || !newer(message)) return;
    held = message;
    say();
    drawPanel();
    markBar();
  }

  function connected() { asked = false; }

  async function ask() {
    asked = true;
    const token = localStorage.getItem(GN.tokenKey(tableId()));
    if (!token) return;
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(tableId())}/coach`, {headers: {"X-Seat-Token": token}});
      if (r.ok) heard(Object.assign({type: "coach"}, await r.json()));
    } catch (e) { /* the connection dropped: the next one asks again */ }
  }

  // ---- the state of play -------------------------------------------------------------------------------
  function myTurn() { return !replaying && live.legal_actions.length > 0; }

  /** The advice for the decision on the table now, or null (not the learner's turn, or not worked out yet). */
  function advice() {
    return held && held.advice && held.advice.step === live.version && myTurn() ? held.advice : null;
  }

  // The coach names another seat "Seat 2"; the page says it as the table names it ("Bot 2", a friend's name)
  function named(made) {
    if (!made || typeof made !== "object" || !made.values) return made;
    const number = made.values.number;
    if ((made.text === "Seat {number}" || made.text === "seat {number}") && Number.isInteger(number)) {
      return GN.seatName(live.table, number - 1);
    }
    const values = {};
    for (const [key, value] of Object.entries(made.values)) values[key] = named(value);
    return Object.assign({}, made, {values});
  }

  /** An engine's text (a Text's JSON) in the page's language, each seat as the table names it. */
  function said(made) { return GN.text(named(made)); }

  function percent(chance) {
    return new Intl.NumberFormat(GN.lang, {style: "percent", maximumFractionDigits: 0}).format(chance / 100);
  }

  // ---- screen readers: each new line once, and each decision's suggestion -------------------------------------
  function say() {
    const words = [];
    const lines = (held.lines || []).filter((line) => line.step > saidStep);
    if (lines.length) {
      words.push(...lines.map((line) => said(line.text)));
      window.gnCoachSaid.push(...lines.map((line) => line.step));
      saidStep = lines[lines.length - 1].step;
    }
    const now = advice();
    if (now && saidAdvice !== now.step) {
      words.push(said(now.why));
      window.gnCoachSaid.push(`advice@${now.step}`);
      saidAdvice = now.step;
    }
    if (words.length) $("coach-said").textContent = words.join(" ");
  }

  // ---- the panel ---------------------------------------------------------------------------------------
  // beside the table on a wide screen, where the eye is; under the action bar on a narrow one (a phone: the hand and
  // the actions stay on one screen, the coach after them)
  function place(box) {
    const wide = window.matchMedia(WIDE).matches;
    const side = document.querySelector(".side");
    if (wide && side && box.parentNode !== side) side.prepend(box);
    else if (!wide && box.previousElementSibling !== $("hint")) $("hint").after(box);
  }

  function drawPanel() {
    const box = $("coach");
    const on = saysMoves(live);
    document.body.classList.toggle("coached", on);
    if (!on) { box.hidden = true; return; }
    box.hidden = false;
    place(box);
    const now = advice();
    const lines = held ? held.lines || [] : [];
    const key = [held ? held.version : -1, lines.length, lines.length ? lines[lines.length - 1].step : 0,
                 now ? now.step : "", myTurn(), held && held.thinking, window.matchMedia(WIDE).matches].join(":");
    if (box.dataset.drawn === key) return;
    box.dataset.drawn = key;
    box.dataset.version = held ? String(held.version) : "";
    const focused = box.contains(document.activeElement) ? document.activeElement : null;
    box.replaceChildren(el("h2", GN.t("Coach"), {id: "coach-title"}), ...decision(now), ...happened(lines));
    if (focused) keepFocus(box, focused);
  }

  // A redraw never drops the keyboard's focus: on the fold's heading again if it was there, else on the panel
  function keepFocus(box, focused) {
    const fold = focused.closest("[data-fold]") && box.querySelector("[data-fold] > summary");
    (fold || box).focus({preventScroll: true});
  }

  function decision(now) {
    if (now) return [adviceNode(now)];
    if (myTurn()) return [el("p", GN.t("The coach is thinking…"), {id: "coach-thinking", class: "coach-thinking"})];
    return [el("p", GN.t("At each of your turns the coach says what each choice does and which one it would play. You may follow it or not."),
               {class: "muted coach-intro"})];
  }

  function adviceNode(now) {
    const choices = now.choices.map((choice) => {
      const suggested = choice.action === now.suggested;
      const parts = [];
      if (suggested) parts.push(el("span", GN.t("coach's choice"), {class: "coach-mark"}), " ");
      parts.push(el("span", said(choice.says), {class: "coach-says"}));
      if (choice.chance !== null && choice.chance !== undefined) {
        parts.push(" ", el("span", GN.t("(about {percent} to win the hand)", {percent: percent(choice.chance)}),
                           {class: "coach-chance"}));
      }
      return el("li", parts, {"data-coach-choice": choice.action, class: suggested ? "suggested" : null});
    });
    return el("div", [el("p", said(now.situation), {class: "coach-situation"}),
                      el("h3", GN.t("Your choices"), {id: "coach-choices-title"}),
                      el("ul", choices, {id: "coach-choices", class: "coach-choices", "aria-labelledby": "coach-choices-title"}),
                      el("p", said(now.why), {class: "coach-why"})],
              {id: "coach-advice", "data-step": now.step, "data-suggested": now.suggested});
  }

  // What happened: the current hand's latest moves, newest last (a round of the table: one line a seat); the
  // earlier ones, this hand's and the hands before, in a fold
  function happened(lines) {
    if (!lines.length) return [];
    const hand = lines[lines.length - 1].hand;
    const recent = Math.max(live.table.players, 4);
    const split = Math.max(lines.length - recent, lines.findIndex((line) => line.hand === hand));
    const item = (line) => el("li", said(line.text), {"data-step": line.step, "data-hand": line.hand});
    const nodes = [el("h3", GN.t("What happened"), {id: "coach-lines-title"})];
    if (split > 0) {
      nodes.push(GN.fold(GN.nt("{n} earlier move", "{n} earlier moves", split), store, "coach-earlier",
                         [el("ol", lines.slice(0, split).map(item), {id: "coach-earlier", class: "coach-lines"})], "coach-earlier"));
    }
    nodes.push(el("ol", lines.slice(split).map(item), {id: "coach-lines", class: "coach-lines",
                                                      "aria-labelledby": "coach-lines-title"}));
    return nodes;
  }

  // The coach's choice in the action bar, in words beside the move (not a colour alone)
  function markBar() {
    for (const old of document.querySelectorAll("#actions .coach-badge")) old.remove();
    for (const old of document.querySelectorAll("#actions .coach-suggested")) old.classList.remove("coach-suggested");
    const now = live && saysMoves(live) ? advice() : null;
    const button = now && document.querySelector(`#actions button[data-action="${CSS.escape(now.suggested)}"]`);
    if (!button) return;
    button.classList.add("coach-suggested");
    button.append(el("span", GN.t("coach's choice"), {class: "coach-badge"}));
  }

  /** After each draw of the table (table.js): the panel and the bar's mark for the state shown. */
  function draw(message, isReplaying, isConnected) {
    live = message;
    replaying = isReplaying;
    if (!saysMoves(live)) { drawPanel(); return; }
    if (saidStep === null) saidStep = live.version;   // what happened before the page opened is not news
    if (!asked && isConnected) ask();
    if (held) say();
    drawPanel();
    markBar();
  }

  GN.coach = {connected, heard, draw, saysMoves};
})();
