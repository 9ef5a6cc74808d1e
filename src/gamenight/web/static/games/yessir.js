/* YESSIR!/JATAK! table view: the three shared dice, the player's own two dice (or two "?" dice after a blind
 * reroll) and hand, every seat's luck die, round wins, locked/passed state and whose turn, this round's moves,
 * the action labels in words, and the end-of-round reveal with the ranking line (docs/games/yessir.md).
 * It draws the view and works out no rule: hands' descriptions and combinations, the luck each action leaves
 * and a pip change's faces all come from the engine (docs/games/yessir.md, "Views"). */
(function () {
  "use strict";

  function el(tag, text, attrs) {
    return GN.el(tag, text, attrs);
  }

  function seatName(ui, p, seat) {
    const name = ui && ui.seatName ? ui.seatName(p) : GN.t("seat {number}", {number: p});
    return p === seat && !/\byou\b/i.test(name) ? GN.t("{name} (you)", {name}) : name;
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
  // What a move or an action does comes from the engine's record of it (view.log_described,
  // message.legal_described): the notation is only its name.

  // the shared die (1 to 3) a move re-rolled on its own (null: none)
  const rerolledDie = (move) => (move && move.kind === "reroll_die" ? move.die : null);

  // a log line "name: what they did" (``move``: its record, ``text``: its name); `die`: the shared die a pip
  // change answers (the reroll just before it)
  function moveText(move, text, name, mine, die) {
    const v = {name, number: rerolledDie(move) !== null ? String(rerolledDie(move)) : die,
      luck: GN.t("luck {change}", {change: signed(move.luck || 0)})};   // what the move did to the luck die (record)
    if (move.kind === "reroll_die") return GN.t("{name}: re-rolled shared die {number} ({luck})", v);
    if (move.kind === "reroll_shared") return GN.t("{name}: re-rolled all three shared dice ({luck})", v);
    if (move.kind === "reroll_own") return mine ? GN.t("{name}: re-rolled your own dice ({luck})", v) : GN.t("{name}: re-rolled their own dice ({luck})", v);
    if (move.kind === "yessir") return GN.t("{name}: said Yessir! (pass)", v);
    if (move.kind === "blind") {
      return mine ? GN.t("{name}: re-rolled your dice blind and sit out this round ({luck})", v)
        : GN.t("{name}: re-rolled their dice blind and sits out this round ({luck})", v);
    }
    return pipMoveText(move.kind, v) || GN.t("{name}: {move}", {name, move: text});
  }

  // a change of the luck die as written: −1, +1 (a true minus sign)
  const signed = (change) => `${change < 0 ? "−" : "+"}${Math.abs(change)}`;

  // a pip change's answer in the log: which die, when the reroll before it names one
  function pipMoveText(kind, v) {
    if (kind === "keep") return v.number ? GN.t("{name}: kept die {number} as it fell", v) : GN.t("{name}: kept the die as it fell", v);
    if (kind === "up") return v.number ? GN.t("{name}: moved die {number} one pip up", v) : GN.t("{name}: moved the die one pip up", v);
    if (kind === "down") return v.number ? GN.t("{name}: moved die {number} one pip down", v) : GN.t("{name}: moved the die one pip down", v);
    return null;
  }

  // what a turn action does to the mover's luck die, as the view's luck_after says: "luck −1" (null: not legal now)
  function luckChange(view, text) {
    const after = view.luck_after ? view.luck_after[text] : undefined;
    if (after === undefined || view.current_player === null) return null;
    const change = after - view.luck[view.current_player];
    return GN.t("luck {change}", {change: signed(change)});
  }

  // the luck each turn action leaves and the faces a pip change offers are the view's (luck_after, pip_faces)
  // ``text``: the action's name (the view's luck_after is keyed by it), ``record``: what it does
  function actionWords(text, record, view) {
    const kind = record ? record.kind : null;
    const faces = view.pip_faces;
    if (faces) {
      if (kind === "keep") return {die: faces.keep, words: GN.t("keep the {face}", {face: faces.keep})};
      if (kind === "up") return {die: faces.up, words: GN.t("move it up to {face}", {face: faces.up})};
      if (kind === "down") return {die: faces.down, words: GN.t("move it down to {face}", {face: faces.down})};
    }
    if (kind === "yessir") return {words: GN.t("Yessir! (pass)")};
    const after = view.luck_after ? view.luck_after[text] : undefined;
    if (after === undefined || view.current_player === null) return {words: text};
    const v = {from: view.luck[view.current_player], to: after, move: text};
    if (kind === "reroll_die") {
      const i = record.die - 1;
      return {die: view.shared[i], words: GN.t("re-roll die {number} · luck {from} → {to}", {...v, number: i + 1})};
    }
    if (kind === "reroll_shared") return {words: GN.t("re-roll all three shared dice · luck {from} → {to}", v)};
    if (kind === "reroll_own") return {words: GN.t("re-roll your two dice · luck {from} → {to}", v)};
    if (kind === "blind") return {words: GN.t("re-roll yours blind, sit out this round · luck {from} → {to}", v)};
    return {words: GN.t("{move} · luck {from} → {to}", v)};
  }

  function actionLabel(action, message) {
    const view = message.view;
    const {die, words} = actionWords(action, GN.described(message, action), view);
    const span = el("span", null, {class: "gn-yessir-label"});
    if (die) span.appendChild(GN.die(die, {size: 22, label: GN.t("die showing {face}", {face: die})}));
    span.appendChild(el("span", words));
    return span;
  }

  // ---- the table ------------------------------------------------------------------------------------------
  // the line above the table: round, roller, target, tie-break and pip change, as facts joined by " · "
  function headLine(view, ui, seat) {
    const facts = [
      GN.t("Round {number}", {number: view.hand_number}),
      GN.t("{name} rolled", {name: seatName(ui, view.roller, seat)}),
      GN.nt("first to {n} round win", "first to {n} round wins", view.rounds_to_win),
      view.rules.tiebreak_sum === "all" ? GN.t("ties on the sum of all dice") : GN.t("ties on the combination's sum"),
    ];
    if (view.rules.pip_change) facts.push(GN.t("pip change on"));
    return facts.join(" · ");
  }

  // the words under shared die i: what the last move did to it (a re-roll, often a bot's in a blink, is seen)
  function dieCaption(view, i, pip) {
    const moves = view.log_described || [];
    const lastMove = moves.length ? moves[moves.length - 1] : {kind: null};
    const before = moves.length > 1 ? moves[moves.length - 2] : null;
    const v = {number: i + 1, face: view.shared[i]};
    if (pip) return GN.t("die {number}: came up {face} again", v);
    if (lastMove.kind === "reroll_shared" || rerolledDie(lastMove) === i + 1) return GN.t("die {number} · re-rolled", v);
    if (rerolledDie(before) === i + 1) {
      if (lastMove.kind === "keep") return GN.t("die {number} · kept", v);
      if (lastMove.kind === "up") return GN.t("die {number} · moved up", v);
      if (lastMove.kind === "down") return GN.t("die {number} · moved down", v);
    }
    return GN.t("die {number}", v);
  }

  // what this moment is for (null: nothing to say)
  function promptText(view, ui, seat) {
    const turn = view.current_player;
    if (view.is_over) return matchOver(view, ui, seat, true);
    if (view.phase === "pip") {
      const v = {name: seatName(ui, turn, seat), number: view.pip_die + 1, face: view.shared[view.pip_die]};
      return turn === seat
        ? GN.t("You re-rolled shared die {number} to the same face ({face}): keep it, or move it one pip up or down.", v)
        : GN.t("{name} re-rolled shared die {number} to the same face ({face}): keeping it or moving it one pip up or down.", v);
    }
    if (turn === null || turn === undefined) return null;
    return turn === seat
      ? GN.t("Your turn: re-roll shared dice or your own, say Yessir!, or re-roll blind and sit out.")
      : GN.t("{name} to play.", {name: seatName(ui, turn, seat)});
  }

  // "The match is over after 3 rounds: Ann won." (the prompt, `sentence`) or "Match over after ...: Ann won" (the reveal)
  function matchOver(view, ui, seat, sentence) {
    const names = view.winners.map(w => seatName(ui, w, seat)).join(", ");
    const n = view.hand_number;
    if (!names) {
      return sentence ? GN.nt("The match is over after {n} round: nobody won.", "The match is over after {n} rounds: nobody won.", n)
        : GN.nt("Match over after {n} round: nobody won", "Match over after {n} rounds: nobody won", n);
    }
    return sentence ? GN.nt("The match is over after {n} round: {names} won.", "The match is over after {n} rounds: {names} won.", n, {names})
      : GN.nt("Match over after {n} round: {names} won", "Match over after {n} rounds: {names} won", n, {names});
  }

  function render(board, message, ui) {
    const view = message.view;
    const seat = message.seat;
    const n = view.players;
    const legal = ui.legal || new Set(message.legal_actions || []);
    const live = !ui.replaying;
    const root = el("div", null, {class: "gn-yessir"});

    root.appendChild(el("div", headLine(view, ui, seat), {class: "gn-yessir-head"}));

    // the shared dice and the player's own
    const top = el("div", null, {class: "gn-yessir-top"});
    const sharedBox = el("section", null, {"aria-label": GN.t("shared dice")});
    sharedBox.appendChild(el("h3", GN.t("Shared dice")));
    const row = el("div", null, {class: "gn-yessir-dice"});
    view.shared.forEach((v, i) => {
      const slot = el("div", null, {class: "gn-yessir-slot"});
      const pip = view.phase === "pip" && view.pip_die === i;
      const face = GN.die(v, {size: 64, held: pip, label: GN.t("shared die {number} showing {face}", {number: i + 1, face: v})});
      // the legal action re-rolling this die alone (none: not legal now)
      const found = GN.describedActions(message).find(([a, d]) => d.kind === "reroll_die" && d.die === i + 1 && legal.has(a));
      const action = found ? found[0] : null;
      if (live && action) {
        const cost = luckChange(view, action);
        const words = {number: i + 1, face: v, cost};
        const button = el("button", null, {
          type: "button", "data-die-action": action,
          "aria-label": cost ? GN.t("re-roll shared die {number}, now {face} ({cost})", words)
            : GN.t("re-roll shared die {number}, now {face}", words),
          title: cost ? GN.t("re-roll shared die {number} ({cost})", words) : GN.t("re-roll shared die {number}", words),
        });
        button.appendChild(face);
        button.addEventListener("click", () => ui.act(action));
        slot.appendChild(button);
      } else {
        slot.appendChild(face);
      }
      slot.appendChild(el("span", dieCaption(view, i, pip)));
      row.appendChild(slot);
    });
    sharedBox.appendChild(row);
    top.appendChild(sharedBox);

    if (seat !== null && seat !== undefined && !view.is_over) {
      const mine = el("section", null, {class: "my-area", "aria-label": GN.t("your dice")});
      mine.appendChild(el("h3", GN.t("Your dice")));
      const own = el("div", null, {class: "gn-yessir-dice"});
      if (view.dice) {
        view.dice.forEach(v => own.appendChild(GN.die(v, {size: 56, label: GN.t("your die showing {face}", {face: v})})));
        mine.appendChild(own);
        if (view.hand) mine.appendChild(el("div", GN.t("Your hand: {description}", {description: GN.text(view.hand.says)}), {class: "gn-yessir-hand"}));
      } else {
        own.appendChild(GN.die(0, {size: 56, hidden: true, label: GN.t("your blind die, unseen")}));
        own.appendChild(GN.die(0, {size: 56, hidden: true, label: GN.t("your blind die, unseen")}));
        mine.appendChild(own);
        mine.appendChild(el("div", GN.t("Re-rolled blind: you see them at the reveal"), {class: "gn-yessir-hand"}));
      }
      top.appendChild(mine);
    }
    root.appendChild(top);

    // what this moment is for
    const turn = view.current_player;
    const prompt = ui.handEnd ? null : promptText(view, ui, seat);   // (a round that ended: nobody is to play)
    if (prompt) root.appendChild(el("div", prompt, {class: "gn-yessir-prompt" + (turn === seat && !view.is_over ? " mine" : "")}));

    // every seat
    const seats = el("section", null, {class: "gn-yessir-seats", "aria-label": GN.t("players")});
    for (let p = 0; p < n; p++) {
      const luckRow = el("div", null, {class: "gn-yessir-row"});
      const luck = GN.t("luck {value}", {value: view.luck[p]});
      luckRow.appendChild(GN.die(view.luck[p], {size: 28, tone: "luck", label: luck}));
      luckRow.appendChild(el("span", luck));
      const winsRow = el("div", null, {class: "gn-yessir-row"});
      const mat = el("span", null, {class: "gn-yessir-mat", "aria-hidden": "true"});
      for (let w = 0; w < view.rounds_to_win; w++) mat.appendChild(el("span", null, w < view.wins[p] ? {class: "won"} : {}));
      winsRow.appendChild(mat);
      winsRow.appendChild(el("span", GN.t("{wins} of {total} round wins", {wins: view.wins[p], total: view.rounds_to_win})));
      const badges = el("div", null, {class: "gn-yessir-badges"});
      if (p === view.roller && !view.is_over) badges.appendChild(el("span", GN.t("roller"), {class: "badge plain"}));
      if (view.is_over) { /* the round's flags mean nothing once the match is over */ }
      else if (view.locked[p]) badges.appendChild(el("span", GN.t("blind, sits out"), {class: "badge blind"}));
      else if (view.passed[p]) badges.appendChild(el("span", GN.t("said Yessir!"), {class: "badge"}));
      if (view.winners.includes(p)) badges.appendChild(el("span", GN.t("winner"), {class: "badge good"}));
      const box = GN.seatBox(message, ui, p, luckRow, winsRow, badges.childNodes.length ? badges : null);
      box.setAttribute("data-yessir-seat", String(p));
      seats.appendChild(box);
    }
    root.appendChild(seats);

    // this round's moves
    if (view.log && view.log.length && !view.is_over) {
      const list = el("ol", null, {class: "log", "aria-label": GN.t("this round")});
      const from = Math.max(0, view.log.length - 12);
      const moves = view.log_described || [];
      view.log.forEach(([p, text], i) => {
        if (i < from || !moves[i]) return;
        const die = i > 0 && rerolledDie(moves[i - 1]) !== null ? String(rerolledDie(moves[i - 1])) : null;
        list.appendChild(el("li", moveText(moves[i], text, seatName(ui, p, seat), p === seat, die)));
      });
      root.appendChild(GN.fold(GN.t("This round"), ui.store, "this-round", [list]));   // (on a phone: on demand)
    }
    board.appendChild(root);
  }

  // ---- the reveal --------------------------------------------------------------------------------------------
  function summary(message, ui) {
    const view = message.view;
    const result = view.last_round;
    if (!result) return null;
    const seat = message.seat;
    const box = el("section", null, {class: "gn-yessir-reveal", "aria-label": GN.t("the last reveal")});
    if (view.is_over) box.appendChild(el("h3", matchOver(view, ui, seat, false)));
    const head = el("div", null, {class: "gn-yessir-row"});
    head.appendChild(el("strong", GN.t("Round {number} revealed. Shared dice:", {number: result.hand_number})));
    const shared = el("span", null, {class: "gn-yessir-dice"});
    shared.style.gap = "4px";
    result.shared.forEach(v => shared.appendChild(GN.die(v, {size: 26})));
    head.appendChild(shared);
    box.appendChild(head);
    const list = el("ol");
    for (const p of result.ranking) {
      const li = el("li", null, {"data-yessir-rank": String(p)});
      const who = el("span", null, {class: "gn-yessir-who"});
      who.appendChild(el("span", GN.t("{place}.", {place: result.places[p]}), {class: "gn-yessir-place"}));
      who.appendChild(el("span", seatName(ui, p, seat), {class: "gn-yessir-name"}));
      li.appendChild(who);
      const pair = el("span", null, {class: "gn-yessir-pair"});
      const own = el("span", null, {class: "gn-yessir-dice", title: GN.t("their two dice")});
      own.style.gap = "3px";
      result.dice[p].forEach(v => own.appendChild(GN.die(v, {size: 24, label: GN.t("their die showing {face}", {face: v})})));
      pair.appendChild(own);
      pair.appendChild(el("span", "→", {"aria-hidden": "true"}));
      pair.appendChild(handDice(result.hands[p], result.combinations[p], 22));
      li.appendChild(pair);
      li.appendChild(el("span", result.says ? GN.text(result.says[p]) : result.descriptions[p]));
      if (p === result.winner) li.appendChild(el("span", GN.t("wins the round"), {class: "gn-yessir-winner"}));
      else if (result.tied.includes(p)) li.appendChild(el("span", GN.t("tied for best"), {class: "gn-yessir-tied"}));
      list.appendChild(li);
    }
    box.appendChild(list);
    if (result.winner === null) box.appendChild(el("p", GN.t("Nobody wins this round: the best hands tie.")));
    const n = result.wins.length;
    const parts = [];
    for (let p = 0; p < n; p++) {
      parts.push(GN.nt("{name} {n} win, luck {luck}", "{name} {n} wins, luck {luck}", result.wins[p],
        {name: seatName(ui, p, seat), luck: result.luck[p]}));
    }
    box.appendChild(el("p", GN.t("After it: {seats}", {seats: parts.join(" · ")})));
    return box;
  }

  /** The i-th move of the log in words, for the page to say once to a screen reader (static/table.js). */
  function moveSentence(message, ui, i) {
    const view = message.view, moves = view.log_described || [], entry = (view.log || [])[i];
    if (!entry || !moves[i]) return "";
    const die = i > 0 && rerolledDie(moves[i - 1]) !== null ? String(rerolledDie(moves[i - 1])) : null;
    return moveText(moves[i], entry[1], seatName(ui, entry[0], message.seat), entry[0] === message.seat, die);
  }

  GN.registerGame("yessir", {render, moveSentence, actionLabel, summary});
})();
