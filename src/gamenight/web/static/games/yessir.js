/* YESSIR!/JATAK! table view: the three shared dice, the player's own two dice (or two "?" dice after a blind
 * reroll) and hand, every seat's luck die, round wins, locked/passed state and whose turn, this round's moves,
 * the action labels in words, and the end-of-round reveal with the ranking line (docs/games/yessir.md).
 * It draws the view and works out no rule: hands' descriptions and combinations, the luck each action leaves
 * and a pip change's faces all come from the engine (docs/games/yessir.md, "Views"). */
(function () {
  "use strict";

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

  // the five dice of a hand, highest first, the dice of its combination (as the view gives them) highlighted
  function handDice(best, combination, size) {
    const left = combination.slice();
    const row = el("span", null, {class: "gn-yessir-dice"});
    row.style.gap = "4px";
    for (const d of best) {
      const i = left.indexOf(d);
      if (i >= 0) left.splice(i, 1);
      row.appendChild(GN.die(d, {size, held: i >= 0 && combination.length < 5}));
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

  // what a turn action does to the mover's luck die, as the view's luck_after says: "luck −1" (null: not legal now)
  function luckChange(view, text) {
    const after = view.luck_after ? view.luck_after[text] : undefined;
    if (after === undefined || view.current_player === null) return null;
    const change = after - view.luck[view.current_player];
    return `luck ${change < 0 ? "−" : "+"}${Math.abs(change)}`;
  }

  // the luck each turn action leaves and the faces a pip change offers are the view's (luck_after, pip_faces)
  function actionWords(text, view) {
    const faces = view.pip_faces;
    if (faces) {
      if (text === "keep") return {die: faces.keep, words: `keep the ${faces.keep}`};
      if (text === "up") return {die: faces.up, words: `move it up to ${faces.up}`};
      if (text === "down") return {die: faces.down, words: `move it down to ${faces.down}`};
    }
    if (text === "d") return {words: "Yessir! (pass)"};
    const after = view.luck_after ? view.luck_after[text] : undefined;
    if (after === undefined || view.current_player === null) return {words: text};
    const change = `luck ${view.luck[view.current_player]} → ${after}`;
    if (/^a[123]$/.test(text)) {
      const i = Number(text[1]) - 1;
      return {die: view.shared[i], words: `re-roll die ${i + 1} · ${change}`};
    }
    const words = {b: "re-roll all three shared dice", c: "re-roll your two dice", e: "re-roll yours blind, sit out this round"};
    return {words: `${words[text] || text} · ${change}`};
  }

  function actionLabel(action, message) {
    const view = message.view;
    const {die, words} = actionWords(action, view);
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
      `Round ${view.hand_number} · ${seatName(ui, view.roller, seat)} rolled · first to ${plural(view.rounds_to_win, "round win")}`
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
        const cost = luckChange(view, action);
        const button = el("button", null, {
          type: "button", "data-die-action": action,
          "aria-label": `re-roll shared die ${i + 1}, now ${v}${cost ? ` (${cost})` : ""}`,
          title: `re-roll shared die ${i + 1}${cost ? ` (${cost})` : ""}`,
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
        if (view.hand) mine.appendChild(el("div", "Your hand: " + view.hand.description, {class: "gn-yessir-hand"}));
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
      prompt = `The match is over after ${plural(view.hand_number, "round")}: ${names} won.`;
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
      box.appendChild(el("h3", `Match over after ${plural(view.hand_number, "round")}: ${names} won`));
    }
    const head = el("div", null, {class: "gn-yessir-row"});
    head.appendChild(el("strong", `Round ${result.hand_number} revealed. Shared dice:`));
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
      pair.appendChild(handDice(result.hands[p], result.combinations[p], 22));
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
