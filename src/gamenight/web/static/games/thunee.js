/* Thunee table view (docs/games/thunee.md): the seats round the table (partners opposite, teams in colour),
 * the trick in the centre with who played what, the face-down trump card, the calls of this hand, Thunee /
 * Jodi / Double / Kanak as the view has them, the balls scoreboard, card points this hand, the player's own
 * cards (clickable for the card actions), action labels in words, and the end-of-hand summary.
 * Every fact that takes a rule to work out comes from the view (the teams, who is winning the trick, what a
 * Jodi is worth, what each move of the log was, the counting team and its total, what is known of trump):
 * this script only draws it. */
(function () {
  "use strict";

  const TEAM_NAMES = ["Team A", "Team B"];
  const TEAM_COLOURS = ["#64b5f6", "#ffb74d"];

  // Where each seat sits, by its offset from the viewer (play runs anticlockwise: the next seat is on the right).
  const PLACES = {
    2: ["s", "n"],
    4: ["s", "e", "n", "w"],
    6: ["s", "e", "ne", "n", "nw", "w"],
  };

  const STYLE = `
.gn-thunee { display: flex; flex-direction: column; gap: 10px; }
.gn-thunee-head { color: #cfe3d3; font-size: 0.9em; }
.gn-thunee-top { display: flex; flex-wrap: wrap; gap: 8px; }
.gn-thunee-top > .panel { flex: 1 1 15rem; min-width: 0; }
.gn-thunee-team { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; padding: 3px 0 3px 8px;
  border-left: 5px solid; margin-bottom: 4px; font-size: 0.9em; }
.gn-thunee-team strong { color: #fff; }
.gn-thunee-balls { display: inline-flex; flex-wrap: wrap; gap: 2px; }
.gn-thunee-balls span { width: 11px; height: 11px; border-radius: 50%; border: 1.5px solid rgba(255,255,255,0.7);
  display: inline-block; box-sizing: border-box; }
.gn-thunee-facts { display: flex; flex-direction: column; gap: 3px; font-size: 0.9em; overflow-wrap: anywhere; }
.gn-thunee-facts .gn-thunee-line { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
.gn-thunee-calls { display: flex; flex-wrap: wrap; justify-content: center; gap: 4px; }
.gn-thunee-calls span { overflow-wrap: anywhere; max-width: 100%; font-size: 0.85em; padding: 0 6px; border-radius: 9px; background: rgba(255,255,255,0.16); }
.gn-thunee-calls span.call { background: #f2b632; color: #222; font-weight: 600; }
.gn-thunee-ring { display: grid; gap: 8px; align-items: center;
  grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr);
  grid-template-areas: "nw n ne" "w c e" ". s ."; }
.gn-thunee-ring > .seat-box { min-width: 0; justify-self: stretch; border-left: 5px solid; }
.gn-thunee-centre { grid-area: c; display: flex; flex-direction: column; align-items: center; gap: 6px;
  min-height: 9rem; justify-content: center; padding: 6px; border-radius: 12px; background: rgba(0,0,0,0.12); }
.gn-thunee-trick { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; }
.gn-thunee-played { display: flex; flex-direction: column; align-items: center; gap: 2px; font-size: 0.75em;
  max-width: 5.5rem; text-align: center; overflow-wrap: anywhere; }
.gn-thunee-played.win .card-edge { stroke: #f2b632; stroke-width: 5; }
.gn-thunee-played.past { opacity: 0.7; }
.gn-thunee-note { font-size: 0.8em; color: #dfeee3; text-align: center; }
.gn-thunee-trump { display: flex; align-items: center; gap: 6px; font-size: 0.8em; }
.gn-thunee-prompt { font-weight: 600; padding: 6px 10px; border-radius: 8px; background: rgba(0,0,0,0.25); }
.gn-thunee-prompt.mine { background: #f2b632; color: #222; }
.gn-thunee-mine .hand .dim { opacity: 0.5; }
.gn-thunee-seatfacts { display: flex; flex-wrap: wrap; gap: 3px; margin-top: 3px; }
.gn-thunee-seatfacts .badge.plain { background: rgba(255,255,255,0.18); color: #fff; font-weight: 500; }
.gn-thunee-log { margin: 0; }
.gn-thunee-label { display: inline-flex; align-items: center; gap: 5px; }
.gn-thunee-sum table { margin: 4px 0; }
.gn-thunee-sum .gn-thunee-dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 5px; }
.gn-thunee-sum .good { color: #1c7a2c; font-weight: 700; }
.gn-thunee-sum .bad { color: #b00020; font-weight: 700; }
@media (max-width: 560px) {
  .gn-thunee-top { order: 10; }
  .gn-thunee-centre { min-height: 4rem; }
  .gn-thunee-logbox { order: 11; }
  .gn-thunee-ring .backs svg { width: 24px; height: auto; }
  .gn-thunee-balls span { width: 9px; height: 9px; }
  .gn-thunee-ring { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-areas: "nw ne" "n n" "w e" "c c" "s s"; }
  .gn-thunee-ring.gn-thunee-two { grid-template-areas: "n n" "c c" "s s"; }
  .gn-thunee-ring.gn-thunee-four { grid-template-areas: "n n" "w e" "c c" "s s"; }
}
`;

  let logChoice = null;  // {hand, open}: the player's own choice for the calls log

  function injectStyle() {
    if (document.getElementById("gn-thunee-style")) return;
    const style = document.createElement("style");
    style.id = "gn-thunee-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }

  const el = (tag, text, attrs) => GN.el(tag, text, attrs);
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const mine = (message) => message.seat !== null && message.seat !== undefined;

  function name(ui, p, seat) {
    const text = ui && ui.seatName ? ui.seatName(p) : `seat ${p}`;
    return p === seat ? `${text} (you)` : text;
  }

  // the team (0 or 1) of seat p, as the view lists them
  function teamOf(view, p) {
    return view.teams[0].includes(p) ? 0 : 1;
  }

  // "Team A (Ann, Cat)" or, heads-up, the one player
  function sideName(ui, view, t, seat) {
    const members = view.teams[t];
    if (members.length === 1) return name(ui, members[0], seat);
    return `${TEAM_NAMES[t]} (${members.map((p) => name(ui, p, seat)).join(", ")})`;
  }

  // "Team A" or, heads-up, the one player
  function teamLabel(ui, view, t, seat) {
    const members = view.teams[t];
    return members.length === 1 ? name(ui, members[0], seat) : TEAM_NAMES[t];
  }

  function suitWords(s) {
    return `${GN.suitSymbol(s)} ${GN.suitName ? GN.suitName(s) : s}`;
  }

  function mini(code, width) {
    return GN.card(code, {width: width || 30});
  }

  function minis(codes, width) {
    const row = el("span", null, {class: "mini-cards"});
    row.style.display = "inline-flex";
    row.style.gap = "2px";
    for (const c of codes) row.appendChild(mini(c, width));
    return row;
  }

  // the engine's scoring line names seats by number: give them their names
  function withNames(text, ui, seat) {
    return text.replace(/\bseat (\d)\b/g, (_, d) => name(ui, Number(d), seat));
  }

  // ---- moves and actions in words ------------------------------------------------------------------------
  // ``declared``: for a Jodi, its [seat, cards, value] from view.jodi_declared
  function moveWords(text, trump, declared) {
    if (text === "pass") return {words: "passed"};
    if (text === "redeal") return {words: "demanded a redeal (weak hand)"};
    if (text.startsWith("call ")) return {words: `called ${text.slice(5)}`};
    if (text === "trump ?") return {words: "laid the trump card face down"};
    if (text === "trump last") return {words: "took the last card dealt as trump"};
    if (text.startsWith("trump ")) return {words: "laid face down as trump:", cards: [text.slice(6)]};
    if (text.startsWith("jodi ")) {
      if (!declared) return {words: `declared Jodi ${text.slice(5)}`};
      return {words: `declared Jodi${trump ? " (" + declared[2] + ")" : ""}:`, cards: declared[1]};
    }
    if (text.startsWith("double ")) return {words: "called Double! and led", cards: [text.slice(7)]};
    if (text.startsWith("kanak ")) return {words: "called Kanak! and played", cards: [text.slice(6)]};
    const specials = {thunee: "called Thunee!", royals: "called Royals!", "blind thunee": "called Blind Thunee!",
      "blind royals": "called Blind Royals!", trip: "declared Trip!", mooney: "declared Mooney!"};
    if (specials[text]) return {words: specials[text]};
    return {words: "played", cards: [text]};
  }

  // what a "pass" declined, by the phase the view says it was made in (view.log_phases)
  const PASSED = {weak: "passed (no redeal)", trip: "passed (no Trip)", calling: "passed (no call)",
    blind: "passed (no Blind Thunee)", special: "passed (no Thunee)", jodi: "passed (no Jodi)"};

  function actionWords(text, view) {
    const trump = view.trump;
    if (text === "pass") {
      const phase = view.phase;
      const what = {weak: "pass (no redeal)", calling: "pass (a pass is final)", trip: "pass (no Trip)",
        blind: "pass (no Blind Thunee)", special: "pass (no Thunee)", jodi: "pass (no Jodi)"}[phase];
      return {words: what || "pass"};
    }
    if (text === "redeal") return {words: "demand a redeal (10 points or less)"};
    if (text.startsWith("call ")) return {words: `call ${text.slice(5)}`};
    if (text === "trump last") return {words: "trump: the last card dealt"};
    if (text.startsWith("trump ")) {
      const c = text.slice(6);
      return {words: `lay face down as trump (${GN.suitName ? GN.suitName(c[1]) : c[1]})`, cards: [c]};
    }
    if (text.startsWith("jodi ")) {
      const option = (view.jodi_options || []).find(([action]) => action === text);
      if (!option) return {words: `declare Jodi ${text.slice(5)}`};
      return {words: `declare Jodi${trump ? " = " + option[2] : ""}`, cards: option[1]};
    }
    if (text.startsWith("double ")) return {words: "Double! and lead", cards: [text.slice(7)]};
    if (text.startsWith("kanak ")) return {words: "Kanak! and play", cards: [text.slice(6)]};
    const specials = {thunee: "call Thunee! (win every trick alone)", royals: "call Royals!",
      "blind thunee": "call Blind Thunee!", "blind royals": "call Blind Royals!",
      trip: "declare Trip (no trump, you lead, win the last trick)", mooney: "declare Mooney (win all 4 tricks)"};
    if (specials[text]) return {words: specials[text]};
    if (/^[J9ATKQ][shdc]$/.test(text)) return {words: "play", cards: [text]};
    return {words: text};
  }

  function labelNode(words, cards, width) {
    const span = el("span", null, {class: "gn-thunee-label"});
    span.appendChild(el("span", words));
    if (cards && cards.length) span.appendChild(minis(cards, width || 24));
    return span;
  }

  function actionLabel(action, message) {
    const {words, cards} = actionWords(action, message.view);
    const node = labelNode(words, cards, 24);
    if (cards && cards.length === 1 && words === "play") node.setAttribute("aria-label", "play " + GN.cardName(cards[0]));
    return node;
  }

  // ---- the table ------------------------------------------------------------------------------------------
  const PROMPTS = {
    weak: ["you may demand a redeal if your first cards total 10 points or less", "deciding on a redeal (weak hand)"],
    trip: ["declare Trip or pass", "deciding on Trip"],
    calling: ["call the next amount to choose trump, or pass (a pass is final)", "calling"],
    trump: ["lay one card of your trump suit face down", "choosing trump"],
    blind: ["call Blind Thunee before seeing your last cards, or pass", "deciding on Blind Thunee"],
    special: ["call Thunee (win every trick alone) or pass", "deciding on Thunee"],
    jodi: ["declare Jodi (K+Q 20, 40 in trumps; J+K+Q 30, 50 in trumps) or pass", "deciding on Jodi"],
    play: ["play a card (follow suit if you can)", "to play"],
  };

  function render(board, message, ui) {
    injectStyle();
    const view = message.view;
    const seat = message.seat;
    const n = view.players;
    const legal = ui.legal || new Set(message.legal_actions || []);
    const live = !ui.replaying;
    const turn = view.current_player;
    const special = view.special;
    const root = el("div", null, {class: "gn-thunee"});
    root.appendChild(el("div",
      `Hand ${view.hand_number} · dealer ${name(ui, view.dealer, seat)} · first to ${view.ball_target} balls`
      + (n === 2 ? ` · heads-up: ${view.tricks_per_hand} tricks, counting target ` : " · counting target ")
      + view.counting_target, {class: "gn-thunee-head"}));

    // the scoreboard and this hand's facts
    const top = el("div", null, {class: "gn-thunee-top"});
    top.appendChild(scoreboard(view, ui, seat));
    top.appendChild(handFacts(view, ui, seat));
    root.appendChild(top);

    // the prompt
    let prompt = null;
    if (view.is_over) {
      const team = view.winners.length ? teamOf(view, view.winners[0]) : null;
      prompt = team === null ? "The match is over." : `The match is over: ${sideName(ui, view, team, seat)} won`
        + ` ${view.balls[team]}–${view.balls[1 - team]}.`;
    } else if (turn !== null && turn !== undefined) {
      const texts = PROMPTS[view.phase] || ["your move", "to move"];
      prompt = turn === seat ? `Your turn: ${texts[0]}` : `${name(ui, turn, seat)}: ${texts[1]}.`;
      if (turn === seat) {
        const all = Array.from(legal);
        if (all.some(a => a.startsWith("double "))) prompt += "; or call Double! as you lead (you must win this last trick yourself)";
        if (all.some(a => a.startsWith("kanak "))) prompt += "; or call Kanak! as you play (you must win this last trick, and your opponents' earlier points, with Jodi and the call, must stay under 10)";
        prompt += ".";
      }
    }
    if (prompt) root.appendChild(el("div", prompt, {class: "gn-thunee-prompt" + (turn === seat && !view.is_over ? " mine" : "")}));

    // the seats round the table, the trick in the middle
    const ring = el("div", null, {class: "gn-thunee-ring" + (n === 2 ? " gn-thunee-two" : n === 4 ? " gn-thunee-four" : "")});
    const me = mine(message) ? seat : 0;
    const places = PLACES[n] || PLACES[4];
    for (let k = 0; k < n; k++) {
      const p = (me + k) % n;
      const box = seatBox(message, ui, p, view, seat);
      box.style.gridArea = places[k % places.length];
      ring.appendChild(box);
    }
    ring.appendChild(centre(view, ui, seat, n));
    root.appendChild(ring);

    // the player's own cards
    if (mine(message) && view.hand && !view.is_over) {
      const area = el("section", null, {class: "my-area gn-thunee-mine", "aria-label": "your cards"});
      area.appendChild(el("h3", `Your cards (${view.hand.length})`));
      const codes = view.hand.slice();  // the view gives them by suit and rank
      const actionFor = (code) => {
        if (!live) return null;
        if (legal.has(code)) return code;
        if (legal.has("trump " + code)) return "trump " + code;
        return null;
      };
      const narrow = window.innerWidth < 560;
      const row = GN.hand(codes, {
        width: narrow ? 50 : 66, label: "your cards",
        selectable: (code) => actionFor(code) !== null,
        onclick: (code) => { const a = actionFor(code); if (a) ui.act(a); },
      });
      // while a card must be chosen, the cards that may not be played are dimmed
      const choosing = live && turn === seat && codes.some(c => actionFor(c) !== null);
      Array.from(row.children).forEach((child) => {
        if (child.tagName.toLowerCase() === "button") {
          const svg = child.querySelector("svg");
          if (svg) svg.classList.add("playable");
          const code = child.querySelector("[data-card]") ? child.querySelector("[data-card]").dataset.card : null;
          const a = code ? actionFor(code) : null;
          if (a && a.startsWith("trump ")) child.setAttribute("aria-label", "lay " + GN.cardName(code) + " face down as trump");
          else if (code) child.setAttribute("aria-label", "play " + GN.cardName(code));
        } else if (choosing && child.tagName.toLowerCase() === "svg") {
          child.classList.add("dim");
        }
      });
      area.appendChild(row);
      root.appendChild(area);
    }

    // what happened before the first card (calls, trump, Thunee, Jodi); in play it folds away
    const log = view.log || [];
    if (log.length) {
      const phases = view.log_phases || [];
      const firstCard = phases.indexOf("play");
      const declared = view.jodi_declared || [];
      let jodis = 0;  // the k-th Jodi of the log is view.jodi_declared[k]
      const early = [];
      log.forEach(([p, text], i) => {
        const jodi = text.startsWith("jodi ") ? declared[jodis++] : null;
        // after the first card only the declarations: every "no Jodi" would bury them
        if (firstCard < 0 || i < firstCard || /^(jodi |double |kanak )/.test(text)) {
          early.push([p, text, text === "pass" ? PASSED[phases[i]] : null, jodi]);
        }
      });
      const box = el("details", null, {class: "gn-thunee-logbox"});
      // open while the calls are the news; once opened or closed by hand, it stays so for this hand
      const chosen = logChoice && logChoice.hand === view.hand_number ? logChoice.open : null;
      if (chosen === null ? view.phase !== "play" : chosen) box.setAttribute("open", "");
      const head = el("summary", "This hand's calls");
      // a click (or Enter) on the summary is the player's choice; the toggle event also fires for our own "open"
      head.addEventListener("click", () => { logChoice = {hand: view.hand_number, open: !box.open}; });
      box.appendChild(head);
      const list = el("ol", null, {class: "log gn-thunee-log"});
      for (const [p, text, meaning, jodi] of early.slice(-30)) {
        const {words, cards} = text === "pass" && meaning ? {words: meaning} : moveWords(text, view.trump, jodi);
        const li = el("li");
        li.appendChild(el("span", `${name(ui, p, seat)} ${words} `));
        if (cards) li.appendChild(minis(cards, 20));
        list.appendChild(li);
      }
      box.appendChild(list);
      root.appendChild(box);
    }
    board.appendChild(root);
  }

  function scoreboard(view, ui, seat) {
    const n = view.players;
    const box = GN.panel("Balls");
    box.setAttribute("aria-label", "balls scoreboard");
    for (const t of [0, 1]) {
      const row = el("div", null, {class: "gn-thunee-team"});
      row.style.borderColor = TEAM_COLOURS[t];
      row.appendChild(el("strong", sideName(ui, view, t, seat)));
      const balls = el("span", null, {class: "gn-thunee-balls", "aria-hidden": "true"});
      const shown = Math.max(view.ball_target, view.balls[t]);
      for (let b = 0; b < shown; b++) {
        const ball = el("span");
        if (b < view.balls[t]) { ball.style.background = TEAM_COLOURS[t]; ball.style.borderColor = TEAM_COLOURS[t]; }
        balls.appendChild(ball);
      }
      row.appendChild(balls);
      row.appendChild(el("span", `${view.balls[t]} of ${view.ball_target}`));
      if (mine({seat}) && teamOf(view, seat) === t && n > 2) row.appendChild(el("span", "your side", {class: "badge plain"}));
      box.appendChild(row);
    }
    return box;
  }

  function handFacts(view, ui, seat) {
    const n = view.players;
    const box = GN.panel("This hand");
    const facts = el("div", null, {class: "gn-thunee-facts"});
    const line = (...parts) => {
      const div = el("div", null, {class: "gn-thunee-line"});
      for (const part of parts) if (part !== null && part !== undefined) div.appendChild(typeof part === "string" ? el("span", part) : part);
      facts.appendChild(div);
      return div;
    };
    const special = view.special;
    const biddingOver = view.calling_over;
    if (special) {
      line(el("strong", `${special[0].toUpperCase() + special.slice(1)}!`), `called by ${name(ui, view.special_seat, seat)}`
        + (special === "trip" ? ": no trump, the caller must win the last trick; in the first three tricks 9, A and 10 rank"
          + " equal, above J, K, Q" : ": the caller must win every trick"));
    } else {
      const who = name(ui, view.trumper, seat);
      if (biddingOver) {
        line(`Trumper: ${who}`, view.bid ? `called ${view.bid}` : "no call");
      } else {
        line(view.bid ? `Highest call: ${view.bid} by ${who}` : `No call yet; default trumper ${name(ui, view.default_trumper, seat)}`);
      }
      if (biddingOver) line(`Counting: ${teamLabel(ui, view, view.counting_team, seat)}`);
    }
    // trump
    const trumpLine = line("Trump:");
    const status = view.trump_status;
    if (status === "known") {
      trumpLine.appendChild(el("strong", suitWords(view.trump)));
      if (view.trump_card) trumpLine.appendChild(mini(view.trump_card, 22));
      if (!view.trump_shown) trumpLine.appendChild(el("span", "(only you know it)", {class: "muted"}));
    } else if (status === "face_down") {
      trumpLine.appendChild(el("span", "face down until the first card is played"));
    } else if (status === "none") {
      trumpLine.appendChild(el("span", "none"));
    } else if (status === "first_lead") {
      trumpLine.appendChild(el("span", "the suit of the caller's first lead"));
    } else {
      trumpLine.appendChild(el("span", "not chosen yet", {class: "muted"}));
    }
    if (view.final_call) line(el("strong", view.final_call === "double" ? "Double!" : "Kanak!"), `called by ${name(ui, view.final_seat, seat)}`);
    // points in play
    if (!view.is_over && (view.phase === "play" || view.phase === "jodi" || view.tricks_done)) {
      for (const t of [0, 1]) {
        const pts = view.card_points[t], tricks = view.team_tricks[t], jodi = view.jodi[t];
        line(el("span", null, {class: "gn-thunee-dot"}), `${teamLabel(ui, view, t, seat)}: `
          + `${pts} points in ${plural(tricks, "trick")}` + (jodi ? ` + Jodi ${jodi}` : "")).firstChild.style.cssText =
          `display:inline-block;width:10px;height:10px;border-radius:50%;background:${TEAM_COLOURS[t]}`;
      }
      if (view.counting_total !== null && view.counting_total !== undefined) {
        const counting = view.counting_team;
        const [won, lost] = view.last_trick_adjust;
        line(el("span", `Counting so far: ${view.card_points[counting]} + call ${view.bid} + Jodi `
          + `${view.jodi[counting]} − ${view.jodi[1 - counting]} = ${view.counting_total} of ${view.counting_target}`
          + ` (the last trick gives ${lost === -won ? "±" + won : "+" + won})`, {class: "muted"}));
      }
    }
    for (const [p, cards, value] of view.jodi_declared || []) {
      line(`Jodi ${value} by ${name(ui, p, seat)}`, minis(cards, 20));
    }
    box.appendChild(facts);
    return box;
  }

  function seatBox(message, ui, p, view, seat) {
    const n = view.players;
    const facts = el("div", null, {class: "gn-thunee-seatfacts"});
    const add = (text, cls) => facts.appendChild(el("span", text, {class: "badge " + (cls || "plain")}));
    if (n > 2) add(TEAM_NAMES[teamOf(view, p)], "plain");
    if (p === view.dealer) add("dealer");
    if (!view.special && p === view.trumper && view.calling_over) add("trumper", "");
    if (view.special && p === view.special_seat) add(view.special[0].toUpperCase() + view.special.slice(1) + "!", "bad");
    if (view.final_call && p === view.final_seat) add(view.final_call === "double" ? "Double!" : "Kanak!", "bad");
    if (["calling", "trump"].includes(view.phase)) {
      let last = null;
      for (const [q, amount] of view.calls) if (q === p) last = amount;
      if (last !== null) add(last ? `called ${last}` : "passed", last ? "" : "plain");
    }
    if (view.voids && view.voids[p]) add("void in " + view.voids[p].split("").map(GN.suitSymbol).join(""), "plain");
    const count = view.hand_sizes[p];
    let cards;
    if (mine(message) && p === seat) {
      cards = el("div", `${plural(count, "card")} (below)`, {class: "muted"});
      cards.style.fontSize = "0.8em";
    } else if (count) {
      cards = GN.backs(count, {width: 30, max: 6});
    }
    const box = GN.seatBox(message, ui, p, cards, facts);
    box.style.borderLeftColor = TEAM_COLOURS[teamOf(view, p)];
    box.setAttribute("data-thunee-seat", String(p));
    return box;
  }

  function centre(view, ui, seat, n) {
    const tricksPerHand = view.tricks_per_hand;
    const box = el("section", null, {class: "gn-thunee-centre", "aria-label": "the trick"});
    // the trump card on the table: face down until the first card of the hand is played (T12, T19)
    if (view.trump_declared && !view.special && !view.trump_shown && view.phase !== "over") {
      const pile = el("div", null, {class: "gn-thunee-trump"});
      if (view.trump_card) {
        pile.appendChild(GN.card(view.trump_card, {width: 34}));
        pile.appendChild(el("span", "your trump card, face down to the others"));
      } else {
        pile.appendChild(GN.cardBack({width: 34}));
        pile.appendChild(el("span", `${name(ui, view.trumper, seat)}'s trump card, face down`));
      }
      box.appendChild(pile);
    }
    if (n === 2 && view.stock_size && view.phase !== "over") {
      const half = view.tricks_per_half;
      box.appendChild(el("div", `Stock: ${plural(view.stock_size, "card")} (dealt ${half} each after trick ${half})`, {class: "gn-thunee-note"}));
    }
    if (view.trump && view.trump_shown && view.phase !== "over") {
      box.appendChild(el("div", `Trump: ${suitWords(view.trump)}`, {class: "gn-thunee-note"}));
    }
    const trick = view.trick || [];
    if (trick.length) {
      box.appendChild(el("div", `Trick ${view.tricks_done + 1} of ${tricksPerHand} · led by ${name(ui, trick[0][0], seat)}`,
        {class: "gn-thunee-note"}));
      box.appendChild(trickRow(trick, ui, seat, view.trick_winner ? view.trick_winner[0] : null, false));
    } else if (view.tricks && view.tricks.length && view.phase !== "over" || view.phase === "over" && view.tricks && view.tricks.length) {
      const [leader, cards, winner] = view.tricks[view.tricks.length - 1];
      const played = cards.map((c, i) => [(leader + i) % n, c]);
      box.appendChild(el("div", `Trick ${view.tricks.length} of ${tricksPerHand}: won by ${name(ui, winner, seat)}`,
        {class: "gn-thunee-note"}));
      box.appendChild(trickRow(played, ui, seat, winner, true));
    } else if (view.phase === "play") {
      box.appendChild(el("div", `${name(ui, view.current_player, seat)} leads the first trick`, {class: "gn-thunee-note"}));
    } else if (view.phase === "calling" || (view.calls && view.calls.length && view.phase !== "over")) {
      // the bidding happens on the table: every call and pass so far, the highest in colour
      box.appendChild(el("div", view.calls.length ? "Calls" : "No call yet", {class: "gn-thunee-note"}));
      const calls = el("div", null, {class: "gn-thunee-calls", "aria-label": "calls so far"});
      for (const [p, amount] of view.calls) {
        calls.appendChild(el("span", `${name(ui, p, seat)}: ${amount ? amount : "pass"}`, amount ? {class: "call"} : {}));
      }
      box.appendChild(calls);
    } else {
      box.appendChild(el("div", view.phase === "over" ? "" : "No cards played yet", {class: "gn-thunee-note"}));
    }
    return box;
  }

  function trickRow(played, ui, seat, winner, past) {
    const row = el("div", null, {class: "gn-thunee-trick"});
    const narrow = window.innerWidth < 560;
    for (const [p, code] of played) {
      const marked = p === winner && (past || played.length > 1);
      const cell = el("div", null, {class: "gn-thunee-played" + (marked ? " win" : "") + (past ? " past" : ""),
        "data-played-by": String(p)});
      cell.appendChild(GN.card(code, {width: narrow ? 40 : 52}));
      cell.appendChild(el("span", name(ui, p, seat) + (marked && !past ? " · winning" : "")));
      row.appendChild(cell);
    }
    return row;
  }

  // ---- the end of a hand ------------------------------------------------------------------------------------
  function summary(message, ui) {
    const view = message.view;
    const last = view.last_hand;
    if (!last) return null;
    injectStyle();
    const n = view.players;
    const seat = message.seat;
    const box = el("section", null, {class: "gn-thunee-sum", "aria-label": "the last hand"});
    if (view.is_over && view.winners.length) {
      const team = teamOf(view, view.winners[0]);
      let you = "";
      if (mine(message) && n > 2) you = teamOf(view, seat) === team ? " (you win)" : " (you lose)";
      box.appendChild(el("h3", `Match over after ${plural(view.hand_number, "hand")}: ${sideName(ui, view, team, seat)} wins `
        + `${view.balls[team]}–${view.balls[1 - team]}${you}`));
    }
    if (last.result === "void") {
      box.appendChild(el("p", `Hand ${last.hand} was void: ${withNames(last.why, ui, seat)}. Nobody scores; the same dealer deals again.`));
      return box;
    }
    if (last.result === "redeal") {
      const p = el("p", `Hand ${last.hand} was redealt: ${withNames(last.why, ui, seat)} `);
      if (last.shown) p.appendChild(minis(last.shown, 26));
      box.appendChild(p);
      return box;
    }
    const won = [0, 1].filter(t => last.balls[t]);
    const team = won.length ? won[0] : null;
    const head = el("p");
    head.appendChild(el("strong", `Hand ${last.hand}: `));
    if (team !== null) {
      head.appendChild(el("span", `${sideName(ui, view, team, seat)} won ${plural(last.balls[team], "ball")}`));
      const ours = mine(message) && teamOf(view, seat) === team;
      if (mine(message)) head.appendChild(el("span", ours ? " (your side)" : " (the other side)",
        {class: ours ? "good" : "bad"}));
    }
    box.appendChild(head);
    box.appendChild(el("p", "Why: " + withNames(last.line, ui, seat)));
    const facts = [];
    if (last.special) facts.push(`${last.special[0].toUpperCase() + last.special.slice(1)} by ${name(ui, last.special_seat, seat)}`);
    else facts.push(`trumper ${name(ui, last.trumper, seat)}` + (last.bid ? ` (called ${last.bid})` : " (no call)"));
    if (last.trump) facts.push(`trump ${suitWords(last.trump)}`);
    if (last.final_call) facts.push(`${last.final_call === "double" ? "Double" : "Kanak"} by ${name(ui, last.final_seat, seat)}`);
    facts.push(`last trick won by ${name(ui, last.last_trick_winner, seat)}`);
    box.appendChild(el("p", facts.join(" · "), {class: "muted"}));
    const table = el("table");
    const headRow = el("tr");
    for (const h of ["", "points", "tricks", "Jodi", "won", "balls"]) headRow.appendChild(el("th", h));
    table.appendChild(headRow);
    for (const t of [0, 1]) {
      const tr = el("tr");
      const who = el("td");
      const dot = el("span", null, {class: "gn-thunee-dot"});
      dot.style.background = TEAM_COLOURS[t];
      who.appendChild(dot);
      who.appendChild(document.createTextNode(teamLabel(ui, view, t, seat)));
      tr.appendChild(who);
      for (const v of [last.card_points[t], last.tricks[t], last.jodi[t], last.balls[t] ? "+" + last.balls[t] : "0", last.totals[t]]) {
        tr.appendChild(el("td", String(v)));
      }
      table.appendChild(tr);
    }
    box.appendChild(table);
    return box;
  }

  GN.registerGame("thunee", {render, actionLabel, summary});
})();
