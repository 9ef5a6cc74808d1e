/* YESSIR!/JATAK! table view: the three shared dice, the player's own two dice (or two "?" dice after a blind
 * reroll), every seat's luck die, round wins, locked/passed state and whose turn, this round's moves, the
 * action labels in words, and the end-of-round reveal with the ranking line (RULES.md section J). */
(function () {
  "use strict";

  const CATEGORY = ["", "five of a kind", "large straight", "small straight", "full house", "four of a kind",
    "three of a kind", "two pair", "one pair", "high dice"];

  // the board is H1's green felt (light text); the reveal goes into the white #summary panel
  const STYLE = `
.gn-yessir { display: flex; flex-direction: column; gap: 12px; }
.gn-yessir-head { color: #cfe3d3; font-size: 0.9em; }
.gn-yessir-top { display: flex; flex-wrap: wrap; gap: 12px 28px; align-items: flex-start; }
.gn-yessir-top h3 { color: #e8f3ea; }
.gn-yessir-dice { display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap; }
.gn-yessir-slot { display: flex; flex-direction: column; align-items: center; gap: 3px; font-size: 0.8em; color: #dfeee3;
  width: 76px; text-align: center; }
.gn-yessir-top .gn-yessir-dice { align-items: flex-start; }
.gn-yessir-slot button, .gn-yessir-slot button:hover:not(:disabled) { background: none; border: 2px solid transparent;
  border-radius: 12px; padding: 2px; cursor: pointer; line-height: 0; }
.gn-yessir-slot button:hover:not(:disabled), .gn-yessir-slot button:focus-visible { border-color: #f2b632; }
.gn-yessir-hand { margin-top: 8px; font-weight: 600; }
.gn-yessir-prompt { font-weight: 600; padding: 6px 10px; border-radius: 8px; background: rgba(0, 0, 0, 0.25); }
.gn-yessir-prompt.mine { background: #f2b632; color: #222; }
.gn-yessir-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; }
.gn-yessir-seats .seat-box { min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.gn-yessir-row { display: flex; align-items: center; gap: 8px; font-size: 0.88em; }
.gn-yessir-mat { display: inline-flex; gap: 3px; }
.gn-yessir-mat span { width: 12px; height: 12px; border-radius: 50%; border: 2px solid #f2b632; display: inline-block;
  box-sizing: border-box; }
.gn-yessir-mat span.won { background: #f2b632; }
.gn-yessir-badges { display: flex; flex-wrap: wrap; gap: 4px; }
.gn-yessir-badges .badge.blind { background: #c9b3f0; color: #2d1660; }
.gn-yessir-badges .badge.plain { background: rgba(255, 255, 255, 0.18); color: #fff; }
.gn-yessir-reveal ol { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-direction: column; gap: 6px; }
.gn-yessir-reveal li { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px;
  padding-bottom: 6px; border-bottom: 1px solid #e4e4e4; }
.gn-yessir-reveal li:last-child { border-bottom: none; }
.gn-yessir-reveal .gn-yessir-row { font-size: 1em; flex-wrap: wrap; }
.gn-yessir-who { display: inline-flex; gap: 8px; align-items: baseline; min-width: 9em; font-weight: 600; }
.gn-yessir-pair { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.gn-yessir-winner { color: #1c7a2c; font-weight: 700; }
.gn-yessir-tied { color: #8a6100; font-weight: 700; }
.gn-yessir-label { display: inline-flex; align-items: center; gap: 6px; }
`;

  function injectStyle() {
    if (document.getElementById("gn-yessir-style")) return;
    const style = document.createElement("style");
    style.id = "gn-yessir-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }

  function el(tag, text, attrs) {
    return GN.el(tag, text, attrs);
  }

  function plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
  }

  function seatName(ui, p, seat) {
    const name = ui && ui.seatName ? ui.seatName(p) : `seat ${p}`;
    return p === seat && !/\byou\b/i.test(name) ? `${name} (you)` : name;
  }

  // ---- hands (J11, J12): the same description as the engine's hands.describe --------------------------
  function splitHand(dice) {
    const counts = {};
    for (const d of dice) counts[d] = (counts[d] || 0) + 1;
    const shape = Object.values(counts).sort((a, b) => b - a).join("");
    const ordered = dice.slice().sort((a, b) => b - a);
    const faces = Object.keys(counts).map(Number).sort((a, b) => a - b).join("");
    let cat;
    if (shape === "5") cat = 1;
    else if (shape === "41") cat = 5;
    else if (shape === "32") cat = 4;
    else if (shape === "311") cat = 6;
    else if (shape === "221") cat = 7;
    else if (shape === "2111") cat = 8;
    else if (faces === "23456") cat = 2;
    else if (faces === "12345") cat = 3;
    else cat = 9;
    if ([1, 2, 3, 4, 9].includes(cat)) return {cat, combo: ordered, kickers: []};
    let inCombo;
    if (cat === 7) inCombo = new Set(Object.keys(counts).filter(v => counts[v] === 2).map(Number));
    else {
      const top = Math.max(...Object.values(counts));
      inCombo = new Set(Object.keys(counts).filter(v => counts[v] === top).map(Number));
    }
    return {cat, combo: ordered.filter(d => inCombo.has(d)), kickers: ordered.filter(d => !inCombo.has(d))};
  }

  function describe(dice, mode) {
    const {cat, combo, kickers} = splitHand(dice);
    let name = CATEGORY[cat];
    if (cat === 5 || cat === 6 || cat === 8) name += ` of ${combo[0]}s`;
    else if (cat === 7) name += ` ${combo[0]}s and ${combo[combo.length - 1]}s`;
    else if (cat === 4) {
      const three = combo.find(v => combo.filter(x => x === v).length === 3);
      const pair = combo.find(v => combo.filter(x => x === v).length === 2);
      name += ` ${three}s over ${pair}s`;
    }
    const sum = a => a.reduce((s, x) => s + x, 0);
    const total = sum(combo) + (mode === "all" ? sum(kickers) : 0);
    return `${name} (total ${total}${kickers.length ? ", kickers " + kickers.join("-") : ""})`;
  }

  // the dice of a hand, the combination's dice highlighted
  function handDice(hand, size) {
    const {combo} = splitHand(hand);
    const left = combo.slice();
    const row = el("span", null, {class: "gn-yessir-dice"});
    row.style.gap = "4px";
    for (const d of hand.slice().sort((a, b) => b - a)) {
      const i = left.indexOf(d);
      if (i >= 0) left.splice(i, 1);
      row.appendChild(GN.die(d, {size, held: i >= 0 && combo.length < 5}));
    }
    return row;
  }

  // ---- moves in words ------------------------------------------------------------------------------------
  // `die`: the shared die a pip change answers (the reroll just before it)
  function moveText(text, mine, die) {
    if (/^a[123]$/.test(text)) return `re-rolled shared die ${text[1]} (luck −1)`;
    const it = die ? `die ${die}` : "the die";
    return {
      b: "re-rolled all three shared dice (luck −2)",
      c: `re-rolled ${mine ? "your" : "their"} own dice (luck −2)`,
      d: "said Yessir! (pass)",
      e: `re-rolled ${mine ? "your dice blind and sit" : "their dice blind and sits"} out this round (luck +1)`,
      keep: `kept ${it} as it fell`,
      up: `moved ${it} one pip up`,
      down: `moved ${it} one pip down`,
    }[text] || text;
  }

  function actionWords(text, view, seat) {
    const who = seat !== null && seat !== undefined ? seat : view.current_player;
    const luck = view.luck[who];
    const top = view.rules.luck_max;
    const shared = view.shared;
    if (/^a[123]$/.test(text)) {
      const i = Number(text[1]) - 1;
      return {die: shared[i], words: `re-roll die ${i + 1} · luck ${luck} → ${luck - 1}`};
    }
    if (text === "b") return {words: `re-roll all three shared dice · luck ${luck} → ${luck - 2}`};
    if (text === "c") return {words: `re-roll your two dice · luck ${luck} → ${luck - 2}`};
    if (text === "d") return {words: "Yessir! (pass)"};
    if (text === "e") return {words: `re-roll yours blind, sit out this round · luck ${luck} → ${Math.min(luck + 1, top)}`};
    const d = view.pip_die;
    if (d !== null && d !== undefined) {
      const face = shared[d];
      if (text === "keep") return {die: face, words: `keep the ${face}`};
      if (text === "up") return {die: face % 6 + 1, words: `move it up to ${face % 6 + 1}`};
      if (text === "down") return {die: (face + 4) % 6 + 1, words: `move it down to ${(face + 4) % 6 + 1}`};
    }
    return {words: text};
  }

  function actionLabel(action, message) {
    const view = message.view;
    const {die, words} = actionWords(action, view, message.seat);
    const span = el("span", null, {class: "gn-yessir-label"});
    if (die) span.appendChild(GN.die(die, {size: 22, label: `die showing ${die}`}));
    span.appendChild(el("span", words));
    return span;
  }

  // ---- the table ------------------------------------------------------------------------------------------
  function render(board, message, ui) {
    injectStyle();
    const view = message.view;
    const seat = message.seat;
    const n = view.players;
    const rules = view.rules;
    const legal = ui.legal || new Set(message.legal_actions || []);
    const live = !ui.replaying;
    const root = el("div", null, {class: "gn-yessir"});

    root.appendChild(el("div",
      `Round ${view.round} · ${seatName(ui, view.roller, seat)} rolled · first to ${plural(view.rounds_to_win, "round win")}`
      + ` · ties on the ${rules.tiebreak_sum === "all" ? "sum of all dice" : "combination's sum"}`
      + (rules.pip_change ? " · pip change on" : ""), {class: "gn-yessir-head"}));

    // the shared dice and the player's own
    const top = el("div", null, {class: "gn-yessir-top"});
    const sharedBox = el("section", null, {"aria-label": "shared dice"});
    sharedBox.appendChild(el("h3", "Shared dice"));
    const row = el("div", null, {class: "gn-yessir-dice"});
    // the dice the last move changed, so a re-roll (often a bot's, in a blink) is seen
    const log = view.log || [];
    const lastMove = log.length ? log[log.length - 1][1] : "";
    const before = log.length > 1 ? log[log.length - 2][1] : "";
    const PIP_WORDS = {keep: "kept", up: "moved up", down: "moved down"};
    const lastChange = (i) => {
      if (lastMove === "b" || lastMove === `a${i + 1}`) return "re-rolled";
      if (PIP_WORDS[lastMove] && before === `a${i + 1}`) return PIP_WORDS[lastMove];
      return null;
    };
    view.shared.forEach((v, i) => {
      const slot = el("div", null, {class: "gn-yessir-slot"});
      const pip = view.phase === "pip" && view.pip_die === i;
      const face = GN.die(v, {size: 64, held: pip, label: `shared die ${i + 1} showing ${v}`});
      const action = `a${i + 1}`;
      if (live && legal.has(action)) {
        const button = el("button", null, {
          type: "button", "data-die-action": action,
          "aria-label": `re-roll shared die ${i + 1}, now ${v} (luck −1)`,
          title: `re-roll shared die ${i + 1} (luck −1)`,
        });
        button.appendChild(face);
        button.addEventListener("click", () => ui.act(action));
        slot.appendChild(button);
      } else {
        slot.appendChild(face);
      }
      slot.appendChild(el("span", pip ? `die ${i + 1}: came up ${v} again`
        : lastChange(i) ? `die ${i + 1} · ${lastChange(i)}` : `die ${i + 1}`));
      row.appendChild(slot);
    });
    sharedBox.appendChild(row);
    top.appendChild(sharedBox);

    if (seat !== null && seat !== undefined && !view.is_over) {
      const mine = el("section", null, {"aria-label": "your dice"});
      mine.appendChild(el("h3", "Your dice"));
      const own = el("div", null, {class: "gn-yessir-dice"});
      if (view.dice) {
        view.dice.forEach(v => own.appendChild(GN.die(v, {size: 56, label: `your die showing ${v}`})));
        mine.appendChild(own);
        mine.appendChild(el("div", "Your hand: " + describe(view.shared.concat(view.dice), rules.tiebreak_sum),
          {class: "gn-yessir-hand"}));
      } else {
        own.appendChild(GN.die(0, {size: 56, hidden: true, label: "your blind die, unseen"}));
        own.appendChild(GN.die(0, {size: 56, hidden: true, label: "your blind die, unseen"}));
        mine.appendChild(own);
        mine.appendChild(el("div", "Re-rolled blind: you see them at the reveal", {class: "gn-yessir-hand"}));
      }
      top.appendChild(mine);
    }
    root.appendChild(top);

    // what this moment is for
    const turn = view.current_player;
    let prompt = null;
    if (view.is_over) {
      const names = view.winners.map(w => seatName(ui, w, seat)).join(", ") || "nobody";
      prompt = `The match is over after ${plural(view.round, "round")}: ${names} won.`;
    } else if (view.phase === "pip") {
      const d = view.pip_die;
      prompt = `${turn === seat ? "You" : seatName(ui, turn, seat)} re-rolled shared die ${d + 1} to the same face`
        + ` (${view.shared[d]}): ${turn === seat ? "keep it, or move it" : "keeping it or moving it"} one pip up or down.`;
    } else if (turn !== null && turn !== undefined) {
      prompt = turn === seat
        ? "Your turn: re-roll shared dice or your own, say Yessir!, or re-roll blind and sit out."
        : `${seatName(ui, turn, seat)} to play.`;
    }
    if (prompt) root.appendChild(el("div", prompt, {class: "gn-yessir-prompt" + (turn === seat && !view.is_over ? " mine" : "")}));

    // every seat
    const seats = el("section", null, {class: "gn-yessir-seats", "aria-label": "players"});
    for (let p = 0; p < n; p++) {
      const luckRow = el("div", null, {class: "gn-yessir-row"});
      luckRow.appendChild(GN.die(view.luck[p], {size: 28, tone: "luck", label: `luck ${view.luck[p]}`}));
      luckRow.appendChild(el("span", `luck ${view.luck[p]}`));
      const winsRow = el("div", null, {class: "gn-yessir-row"});
      const mat = el("span", null, {class: "gn-yessir-mat", "aria-hidden": "true"});
      for (let w = 0; w < view.rounds_to_win; w++) mat.appendChild(el("span", null, w < view.wins[p] ? {class: "won"} : {}));
      winsRow.appendChild(mat);
      winsRow.appendChild(el("span", `${view.wins[p]} of ${view.rounds_to_win} round wins`));
      const badges = el("div", null, {class: "gn-yessir-badges"});
      if (p === view.roller && !view.is_over) badges.appendChild(el("span", "roller", {class: "badge plain"}));
      if (view.is_over) { /* the round's flags mean nothing once the match is over */ }
      else if (view.locked[p]) badges.appendChild(el("span", "blind, sits out", {class: "badge blind"}));
      else if (view.passed[p]) badges.appendChild(el("span", "said Yessir!", {class: "badge"}));
      if (view.winners.includes(p)) badges.appendChild(el("span", "winner", {class: "badge good"}));
      const box = GN.seatBox(message, ui, p, luckRow, winsRow, badges.childNodes.length ? badges : null);
      box.setAttribute("data-yessir-seat", String(p));
      seats.appendChild(box);
    }
    root.appendChild(seats);

    // this round's moves
    if (view.log && view.log.length && !view.is_over) {
      const log = el("section", null, {"aria-label": "this round"});
      log.appendChild(el("h3", "This round"));
      const list = el("ol", null, {class: "log"});
      const from = Math.max(0, view.log.length - 12);
      view.log.forEach(([p, text], i) => {
        if (i < from) return;
        const before = i > 0 ? view.log[i - 1][1] : "";
        const die = /^a[123]$/.test(before) ? before[1] : null;
        list.appendChild(el("li", `${seatName(ui, p, seat)}: ${moveText(text, p === seat, die)}`));
      });
      log.appendChild(list);
      root.appendChild(log);
    }
    board.appendChild(root);
  }

  // ---- the reveal --------------------------------------------------------------------------------------------
  function summary(message, ui) {
    const view = message.view;
    const result = view.last_round;
    if (!result) return null;
    injectStyle();
    const seat = message.seat;
    const box = el("section", null, {class: "gn-yessir-reveal", "aria-label": "the last reveal"});
    if (view.is_over) {
      const names = view.winners.map(w => seatName(ui, w, seat)).join(", ") || "nobody";
      box.appendChild(el("h3", `Match over after ${plural(view.round, "round")}: ${names} won`));
    }
    const head = el("div", null, {class: "gn-yessir-row"});
    head.appendChild(el("strong", `Round ${result.round} revealed. Shared dice:`));
    const shared = el("span", null, {class: "gn-yessir-dice"});
    shared.style.gap = "4px";
    result.shared.forEach(v => shared.appendChild(GN.die(v, {size: 26})));
    head.appendChild(shared);
    box.appendChild(head);
    const list = el("ol");
    for (const p of result.ranking) {
      const li = el("li", null, {"data-yessir-rank": String(p)});
      const who = el("span", null, {class: "gn-yessir-who"});
      who.appendChild(el("span", `${result.places[p]}.`, {class: "gn-yessir-place"}));
      who.appendChild(el("span", seatName(ui, p, seat), {class: "gn-yessir-name"}));
      li.appendChild(who);
      const pair = el("span", null, {class: "gn-yessir-pair"});
      const own = el("span", null, {class: "gn-yessir-dice", title: "their two dice"});
      own.style.gap = "3px";
      result.dice[p].forEach(v => own.appendChild(GN.die(v, {size: 24, label: `their die showing ${v}`})));
      pair.appendChild(own);
      pair.appendChild(el("span", "→", {"aria-hidden": "true"}));
      pair.appendChild(handDice(result.hands[p], 22));
      li.appendChild(pair);
      li.appendChild(el("span", result.descriptions[p]));
      if (p === result.winner) li.appendChild(el("span", "wins the round", {class: "gn-yessir-winner"}));
      else if (result.tied.includes(p)) li.appendChild(el("span", "tied for best", {class: "gn-yessir-tied"}));
      list.appendChild(li);
    }
    box.appendChild(list);
    if (result.winner === null) box.appendChild(el("p", "Nobody wins this round: the best hands tie."));
    const n = result.wins.length;
    const parts = [];
    for (let p = 0; p < n; p++) parts.push(`${seatName(ui, p, seat)} ${result.wins[p]} win${result.wins[p] === 1 ? "" : "s"}, luck ${result.luck[p]}`);
    box.appendChild(el("p", "After it: " + parts.join(" · ")));
    return box;
  }

  GN.registerGame("yessir", {render, actionLabel, summary});
})();
