/* Thunee table view (docs/games/thunee.md): the seats round the table (partners opposite, teams in colour),
 * the trick in the centre with who played what, the face-down trump card, the calls of this hand, Thunee /
 * Jodi / Double / Kanak as the view has them, the balls scoreboard, card points this hand, the player's own
 * cards (clickable for the card actions), action labels in words, and the end-of-hand summary.
 * Every fact that takes a rule to work out comes from the view (the teams, who is winning the trick, what a
 * Jodi is worth, what each move of the log was, the counting team and its total, what is known of trump):
 * this script only draws it. */
(function () {
  "use strict";

  // the team names: looked up as they are drawn (the person's language)
  const teamName = (t) => (t === 0 ? GN.t("Team A") : GN.t("Team B"));
  const TEAM_COLOURS = ["#64b5f6", "#ffb74d"];

  // Where each seat sits, by its offset from the viewer (play runs anticlockwise: the next seat is on the right).
  const PLACES = {
    2: ["s", "n"],
    4: ["s", "e", "n", "w"],
    6: ["s", "e", "ne", "n", "nw", "w"],
  };

  let logChoice = null;  // {hand, open}: the player's own choice for the calls log

  const el = (tag, text, attrs) => GN.el(tag, text, attrs);
  const mine = (message) => message.seat !== null && message.seat !== undefined;

  function name(ui, p, seat) {
    const text = ui && ui.seatName ? ui.seatName(p) : GN.t("seat {seat}", {seat: p});
    return p === seat ? GN.t("{name} (you)", {name: text}) : text;
  }

  // the team (0 or 1) of seat p, as the view lists them
  function teamOf(view, p) {
    return view.teams[0].includes(p) ? 0 : 1;
  }

  // "Team A (Ann, Cat)" or, heads-up, the one player
  function sideName(ui, view, t, seat) {
    const members = view.teams[t];
    if (members.length === 1) return name(ui, members[0], seat);
    return GN.t("{team} ({players})", {team: teamName(t), players: members.map((p) => name(ui, p, seat)).join(", ")});
  }

  // "Team A" or, heads-up, the one player
  function teamLabel(ui, view, t, seat) {
    const members = view.teams[t];
    return members.length === 1 ? name(ui, members[0], seat) : teamName(t);
  }

  function suitWords(s) {
    return `${GN.suitSymbol(s)} ${GN.suitName ? GN.suitName(s) : s}`;
  }

  // a special or final call by name (view.special, view.final_call): "Thunee", "Blind thunee", "Double"
  function callName(call) {
    const names = {thunee: GN.t("Thunee"), royals: GN.t("Royals"), "blind thunee": GN.t("Blind thunee"),
      "blind royals": GN.t("Blind royals"), trip: GN.t("Trip"), mooney: GN.t("Mooney"), double: GN.t("Double"),
      kanak: GN.t("Kanak")};
    return names[call] || call[0].toUpperCase() + call.slice(1);
  }

  // the call as it is made: "Thunee!", "Double!"
  const callCry = (call) => GN.t("{call}!", {call: callName(call)});

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
  // the engine's scoring line (a Text's JSON) with each "seat N" in it replaced by the player's name
  function namedSeats(made, ui, seat) {
    if (!made || typeof made !== "object") return made;
    if (made.text === "seat {number}") return name(ui, Number(made.values.number), seat);
    const values = {};
    for (const [k, v] of Object.entries(made.values || {})) values[k] = namedSeats(v, ui, seat);
    return Object.assign({}, made, {values});
  }

  function withNames(text, ui, seat) {
    return text.replace(/\bseat (\d)\b/g, (_, d) => name(ui, Number(d), seat));
  }

  // ---- moves and actions in words ------------------------------------------------------------------------
  // What a move or an action does comes from the engine's record of it (view.log_described,
  // message.legal_described): the notation is only its name.

  // a move of the log (its record) as a sentence about its player ``who``;
  // ``declared``: for a Jodi, its [seat, cards, value] from view.jodi_declared
  function moveWords(move, trump, declared, who) {
    const v = {name: who};
    if (move.kind === "pass") return {words: GN.t("{name} passed", v)};
    if (move.kind === "redeal") return {words: GN.t("{name} demanded a redeal (weak hand)", v)};
    if (move.kind === "call") return {words: GN.t("{name} called {amount}", {name: who, amount: move.amount})};
    if (move.kind === "trump" && !move.card) return {words: GN.t("{name} laid the trump card face down", v)};
    if (move.kind === "trump_last") return {words: GN.t("{name} took the last card dealt as trump", v)};
    if (move.kind === "trump") return {words: GN.t("{name} laid face down as trump:", v), cards: [move.card]};
    if (move.kind === "jodi") {
      if (!declared) return {words: GN.t("{name} declared Jodi {cards}", {name: who, cards: move.melds.join("+")})};
      if (!trump) return {words: GN.t("{name} declared Jodi:", v), cards: declared[1]};
      return {words: GN.t("{name} declared Jodi ({value}):", {name: who, value: declared[2]}), cards: declared[1]};
    }
    if (move.kind === "double") return {words: GN.t("{name} called Double! and led", v), cards: [move.card]};
    if (move.kind === "kanak") return {words: GN.t("{name} called Kanak! and played", v), cards: [move.card]};
    const special = move.kind === "special" ? specialMoveWords(move.call, v) : null;
    if (special) return {words: special};
    return {words: GN.t("{name} played", v), cards: [move.card]};
  }

  function specialMoveWords(text, v) {
    const specials = {thunee: GN.t("{name} called Thunee!", v), royals: GN.t("{name} called Royals!", v),
      "blind thunee": GN.t("{name} called Blind Thunee!", v), "blind royals": GN.t("{name} called Blind Royals!", v),
      trip: GN.t("{name} declared Trip!", v), mooney: GN.t("{name} declared Mooney!", v)};
    return specials[text];
  }

  // what a "pass" declined, by the phase the view says it was made in (view.log_phases); undefined: not known
  function passedWords(phase, who) {
    const v = {name: who};
    return {weak: GN.t("{name} passed (no redeal)", v), trip: GN.t("{name} passed (no Trip)", v),
      calling: GN.t("{name} passed (no call)", v), blind: GN.t("{name} passed (no Blind Thunee)", v),
      special: GN.t("{name} passed (no Thunee)", v), jodi: GN.t("{name} passed (no Jodi)", v)}[phase];
  }

  function passLabel(phase) {
    const what = {weak: GN.t("pass (no redeal)"), calling: GN.t("pass (a pass is final)"), trip: GN.t("pass (no Trip)"),
      blind: GN.t("pass (no Blind Thunee)"), special: GN.t("pass (no Thunee)"), jodi: GN.t("pass (no Jodi)")}[phase];
    return what || GN.t("pass");
  }

  function specialLabel(text) {
    const specials = {thunee: GN.t("call Thunee! (win every trick alone)"), royals: GN.t("call Royals!"),
      "blind thunee": GN.t("call Blind Thunee!"), "blind royals": GN.t("call Blind Royals!"),
      trip: GN.t("declare Trip (no trump, you lead, win the last trick)"), mooney: GN.t("declare Mooney (win all 4 tricks)")};
    return specials[text];
  }

  // ``play``: the action plays a card (its button is named after the card); ``text``: the action's name,
  // ``record``: what it does
  function actionWords(text, record, view) {
    const trump = view.trump;
    if (!record) return {words: text};  // (an action this page has no record of: its name)
    if (record.kind === "pass") return {words: passLabel(view.phase)};
    if (record.kind === "redeal") return {words: GN.t("demand a redeal ({points} points or less)", {points: record.points})};
    if (record.kind === "call") return {words: GN.t("call {amount}", {amount: record.amount})};
    if (record.kind === "trump_last") return {words: GN.t("trump: the last card dealt")};
    if (record.kind === "trump") {
      const c = record.card;
      return {words: GN.t("lay face down as trump ({suit})", {suit: GN.suitName ? GN.suitName(c[1]) : c[1]}), cards: [c]};
    }
    if (record.kind === "jodi") {
      const option = (view.jodi_options || []).find(([action]) => action === text);
      if (!option) return {words: GN.t("declare Jodi {cards}", {cards: record.melds.join("+")})};
      return {words: trump ? GN.t("declare Jodi = {value}", {value: option[2]}) : GN.t("declare Jodi"), cards: option[1]};
    }
    if (record.kind === "double") return {words: GN.t("Double! and lead"), cards: [record.card]};
    if (record.kind === "kanak") return {words: GN.t("Kanak! and play"), cards: [record.card]};
    const special = record.kind === "special" ? specialLabel(record.call) : null;
    if (special) return {words: special};
    if (record.kind === "play") return {words: GN.t("play"), cards: [record.card], play: true};
    return {words: text};  // (an action this page does not know: its name)
  }

  function labelNode(words, cards, width) {
    const span = el("span", null, {class: "gn-thunee-label"});
    span.appendChild(el("span", words));
    if (cards && cards.length) span.appendChild(minis(cards, width || 24));
    return span;
  }

  function actionLabel(action, message) {
    const {words, cards, play} = actionWords(action, GN.described(message, action), message.view);
    const node = labelNode(words, cards, 24);
    if (play) node.setAttribute("aria-label", GN.t("play {card}", {card: GN.cardName(cards[0])}));
    return node;
  }

  // ---- the table ------------------------------------------------------------------------------------------
  // what the seat to move is asked, by phase: [in the mover's own words, as the others read it]; the rules a
  // moment asks about (the weak-hand limit, the Jodi values) come from the engine's view.rule_notes
  function prompts(phase, notes) {
    const texts = {
      weak: [GN.text(notes.weak), GN.t("deciding on a redeal (weak hand)")],
      trip: [GN.t("declare Trip or pass"), GN.t("deciding on Trip")],
      calling: [GN.t("call the next amount to choose trump, or pass (a pass is final)"), GN.t("calling")],
      trump: [GN.t("lay one card of your trump suit face down"), GN.t("choosing trump")],
      blind: [GN.t("call Blind Thunee before seeing your last cards, or pass"), GN.t("deciding on Blind Thunee")],
      special: [GN.t("call Thunee (win every trick alone) or pass"), GN.t("deciding on Thunee")],
      jodi: [GN.text(notes.jodi), GN.t("deciding on Jodi")],
      play: [GN.t("play a card (follow suit if you can)"), GN.t("to play")],
    }[phase];
    return texts || [GN.t("your move"), GN.t("to move")];
  }

  // the line over the table: the end of the match, or who is to do what (null: nobody)
  function promptText(view, ui, seat, legal, message) {
    const turn = view.current_player;
    if (view.is_over) {
      const team = view.winners.length ? teamOf(view, view.winners[0]) : null;
      if (team === null) return GN.t("The match is over.");
      return GN.t("The match is over: {team} won {won}–{lost}.",
        {team: sideName(ui, view, team, seat), won: view.balls[team], lost: view.balls[1 - team]});
    }
    if (turn === null || turn === undefined) return null;
    const [own, others] = prompts(view.phase, view.rule_notes || {});
    if (turn !== seat) return GN.t("{name}: {task}.", {name: name(ui, turn, seat), task: others});
    const kinds = new Set(GN.describedActions(message).filter(([a]) => legal.has(a)).map(([, d]) => d.kind));
    const double = kinds.has("double"), kanak = kinds.has("kanak");
    const kanakRule = kanak ? GN.text((view.rule_notes || {}).kanak) : "";   // the engine's words for Kanak's rule
    if (double && kanak) return GN.t("Your turn: {task}; or call Double! as you lead (you must win this last trick yourself); or call Kanak! as you play ({rule}).", {task: own, rule: kanakRule});
    if (double) return GN.t("Your turn: {task}; or call Double! as you lead (you must win this last trick yourself).", {task: own});
    if (kanak) return GN.t("Your turn: {task}; or call Kanak! as you play ({rule}).", {task: own, rule: kanakRule});
    return GN.t("Your turn: {task}.", {task: own});
  }

  // The hand that ended, shown until Next hand (ui.endingMove: its last move, which its view does not show yet):
  // a last card played (alone, or with a Double or Kanak call) lies on the last trick, out of its player's hand.
  function withLastCard(view, ui) {
    const [p, move] = ui.endingMove || [null, null];
    if (!move || !["play", "double", "kanak"].includes(move.kind) || !move.card) return view;
    const shown = Object.assign({}, view, {trick: [...(view.trick || []), [p, move.card]], trick_winner: null});
    shown.hand_sizes = view.hand_sizes.map((size, q) => (q === p ? Math.max(0, size - 1) : size));
    if (p === view.seat && view.hand) shown.hand = view.hand.filter((c) => c !== move.card);
    return shown;
  }

  function render(board, message, ui) {
    const view = withLastCard(message.view, ui);
    const seat = message.seat;
    const n = view.players;
    const legal = ui.legal || new Set(message.legal_actions || []);
    const live = !ui.replaying;
    const turn = view.current_player;
    const special = view.special;
    const root = el("div", null, {class: "gn-thunee"});
    const facts = {hand: view.hand_number, dealer: name(ui, view.dealer, seat), balls: view.ball_target,
      tricks: view.tricks_per_hand, target: view.counting_target};
    root.appendChild(el("div", n === 2
      ? GN.t("Hand {hand} · dealer {dealer} · first to {balls} balls · heads-up: {tricks} tricks, counting target {target}", facts)
      : GN.t("Hand {hand} · dealer {dealer} · first to {balls} balls · counting target {target}", facts), {class: "gn-thunee-head"}));

    // the scoreboard and this hand's facts
    const top = el("div", null, {class: "gn-thunee-top"});
    top.appendChild(scoreboard(view, ui, seat));
    top.appendChild(handFacts(view, ui, seat));
    root.appendChild(top);

    // the prompt
    const prompt = ui.handEnd ? null : promptText(view, ui, seat, legal, message);   // (a hand that ended: nobody is to play)
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
      const area = el("section", null, {class: "my-area gn-thunee-mine", "aria-label": GN.t("your cards")});
      area.appendChild(el("h3", GN.t("Your cards ({n})", {n: view.hand.length})));
      const codes = view.hand.slice();  // the view gives them by suit and rank
      // the legal action playing each card, or laying it face down as trump
      const byCard = new Map();
      for (const [a, d] of GN.describedActions(message)) {
        if (legal.has(a) && (d.kind === "play" || d.kind === "trump") && d.card && !byCard.has(d.card)) byCard.set(d.card, [a, d.kind]);
      }
      const actionFor = (code) => (live && byCard.has(code) ? byCard.get(code)[0] : null);
      const kindFor = (code) => (byCard.has(code) ? byCard.get(code)[1] : null);
      const narrow = window.innerWidth < 560;
      const row = GN.hand(codes, {
        width: narrow ? 50 : 66, label: GN.t("your cards"),
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
          if (a && kindFor(code) === "trump") child.setAttribute("aria-label", GN.t("lay {card} face down as trump", {card: GN.cardName(code)}));
          else if (code) child.setAttribute("aria-label", GN.t("play {card}", {card: GN.cardName(code)}));
        } else if (choosing && child.tagName.toLowerCase() === "svg") {
          child.classList.add("dim");
        }
      });
      area.appendChild(row);
      root.appendChild(area);
    }

    // what happened before the first card (calls, trump, Thunee, Jodi); in play it folds away
    const log = view.log || [];
    const moves = view.log_described || [];
    if (log.length) {
      const phases = view.log_phases || [];
      const firstCard = phases.indexOf("play");
      const declared = view.jodi_declared || [];
      let jodis = 0;  // the k-th Jodi of the log is view.jodi_declared[k]
      const early = [];
      log.forEach(([p], i) => {
        const move = moves[i];
        if (!move) return;
        const jodi = move.kind === "jodi" ? declared[jodis++] : null;
        // after the first card only the declarations: every "no Jodi" would bury them
        if (firstCard < 0 || i < firstCard || ["jodi", "double", "kanak"].includes(move.kind)) {
          early.push([p, move, move.kind === "pass" ? phases[i] : null, jodi]);
        }
      });
      const box = el("details", null, {class: "gn-thunee-logbox"});
      // open while the calls are the news; once opened or closed by hand, it stays so for this hand
      const chosen = logChoice && logChoice.hand === view.hand_number ? logChoice.open : null;
      if (chosen === null ? view.phase !== "play" : chosen) box.setAttribute("open", "");
      const head = el("summary", GN.t("This hand's calls"));
      // a click (or Enter) on the summary is the player's choice; the toggle event also fires for our own "open"
      head.addEventListener("click", () => { logChoice = {hand: view.hand_number, open: !box.open}; });
      box.appendChild(head);
      const list = el("ol", null, {class: "log gn-thunee-log"});
      for (const [p, move, phase, jodi] of early.slice(-30)) {
        const who = name(ui, p, seat);
        const meaning = move.kind === "pass" ? passedWords(phase, who) : null;
        const {words, cards} = meaning ? {words: meaning} : moveWords(move, view.trump, jodi, who);
        const li = el("li");
        li.appendChild(el("span", words + " "));
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
    const box = GN.panel(GN.t("Balls"));
    box.setAttribute("aria-label", GN.t("balls scoreboard"));
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
      row.appendChild(el("span", GN.t("{balls} of {target}", {balls: view.balls[t], target: view.ball_target})));
      if (mine({seat}) && teamOf(view, seat) === t && n > 2) row.appendChild(el("span", GN.t("your side"), {class: "badge plain"}));
      box.appendChild(row);
    }
    return box;
  }

  function handFacts(view, ui, seat) {
    const n = view.players;
    const box = GN.panel(GN.t("This hand"));
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
      const by = {name: name(ui, view.special_seat, seat)};
      const trip = special === "trip" && view.rule_notes && view.rule_notes.trip;   // the engine's words for Trip's rules
      line(el("strong", callCry(special)), trip ? GN.text(namedSeats(trip, ui, seat)) : GN.t("called by {name}: the caller must win every trick", by));
    } else {
      const who = name(ui, view.trumper, seat);
      if (biddingOver) {
        line(GN.t("Trumper: {name}", {name: who}), view.bid ? GN.t("called {amount}", {amount: view.bid}) : GN.t("no call"));
      } else {
        line(view.bid ? GN.t("Highest call: {amount} by {name}", {amount: view.bid, name: who})
          : GN.t("No call yet; default trumper {name}", {name: name(ui, view.default_trumper, seat)}));
      }
      if (biddingOver) line(GN.t("Counting: {team}", {team: teamLabel(ui, view, view.counting_team, seat)}));
    }
    // trump
    const trumpLine = line(GN.t("Trump:"));
    const status = view.trump_status;
    if (status === "known") {
      trumpLine.appendChild(el("strong", suitWords(view.trump)));
      if (view.trump_card) trumpLine.appendChild(mini(view.trump_card, 22));
      if (!view.trump_shown) trumpLine.appendChild(el("span", GN.t("(only you know it)"), {class: "muted"}));
    } else if (status === "face_down") {
      trumpLine.appendChild(el("span", GN.t("face down until the first card is played")));
    } else if (status === "none") {
      trumpLine.appendChild(el("span", GN.t("none")));
    } else if (status === "first_lead") {
      trumpLine.appendChild(el("span", GN.t("the suit of the caller's first lead")));
    } else {
      trumpLine.appendChild(el("span", GN.t("not chosen yet"), {class: "muted"}));
    }
    if (view.final_call) {
      line(el("strong", callCry(view.final_call === "double" ? "double" : "kanak")),
        GN.t("called by {name}", {name: name(ui, view.final_seat, seat)}));
    }
    // points in play
    if (!view.is_over && (view.phase === "play" || view.phase === "jodi" || view.tricks_done)) pointLines(view, ui, seat, line);
    for (const [p, cards, value] of view.jodi_declared || []) {
      line(GN.t("Jodi {value} by {name}", {value, name: name(ui, p, seat)}), minis(cards, 20));
    }
    box.appendChild(facts);
    return box;
  }

  // each team's card points, tricks and Jodi this hand, and the counting team's total so far
  function pointLines(view, ui, seat, line) {
    for (const t of [0, 1]) {
      const tricks = view.team_tricks[t], jodi = view.jodi[t];
      const vars = {team: teamLabel(ui, view, t, seat), points: view.card_points[t], jodi};
      const text = jodi
        ? GN.nt("{team}: {points} points in {n} trick + Jodi {jodi}", "{team}: {points} points in {n} tricks + Jodi {jodi}", tricks, vars)
        : GN.nt("{team}: {points} points in {n} trick", "{team}: {points} points in {n} tricks", tricks, vars);
      line(el("span", null, {class: "gn-thunee-dot"}), text).firstChild.style.cssText =
        `display:inline-block;width:10px;height:10px;border-radius:50%;background:${TEAM_COLOURS[t]}`;
    }
    if (view.counting_total !== null && view.counting_total !== undefined) {
      const counting = view.counting_team;
      const [won, lost] = view.last_trick_adjust;
      line(el("span", GN.t("Counting so far: {points} + call {bid} + Jodi {jodi} − {theirs} = {total} of {target} (the last trick gives {last})", {
        points: view.card_points[counting], bid: view.bid, jodi: view.jodi[counting], theirs: view.jodi[1 - counting],
        total: view.counting_total, target: view.counting_target, last: lost === -won ? "±" + won : "+" + won,
      }), {class: "muted"}));
    }
  }

  function seatBox(message, ui, p, view, seat) {
    const n = view.players;
    const facts = el("div", null, {class: "gn-thunee-seatfacts"});
    const add = (text, cls) => facts.appendChild(el("span", text, {class: "badge " + (cls || "plain")}));
    if (n > 2) add(teamName(teamOf(view, p)), "plain");
    if (p === view.dealer) add(GN.t("dealer"));
    if (!view.special && p === view.trumper && view.calling_over) add(GN.t("trumper"), "");
    if (view.special && p === view.special_seat) add(callCry(view.special), "bad");
    if (view.final_call && p === view.final_seat) add(callCry(view.final_call === "double" ? "double" : "kanak"), "bad");
    if (["calling", "trump"].includes(view.phase)) {
      let last = null;
      for (const [q, amount] of view.calls) if (q === p) last = amount;
      if (last !== null) add(last ? GN.t("called {amount}", {amount: last}) : GN.t("passed"), last ? "" : "plain");
    }
    if (view.voids && view.voids[p]) add(GN.t("void in {suits}", {suits: view.voids[p].split("").map(GN.suitSymbol).join("")}), "plain");
    const count = view.hand_sizes[p];
    let cards;
    if (mine(message) && p === seat) {
      cards = el("div", GN.nt("{n} card (below)", "{n} cards (below)", count), {class: "muted"});
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
    const box = el("section", null, {class: "gn-thunee-centre", "aria-label": GN.t("the trick")});
    // the trump card on the table: face down until the first card of the hand is played (T12, T19)
    if (view.trump_declared && !view.special && !view.trump_shown && view.phase !== "over") {
      const pile = el("div", null, {class: "gn-thunee-trump"});
      if (view.trump_card) {
        pile.appendChild(GN.card(view.trump_card, {width: 34}));
        pile.appendChild(el("span", GN.t("your trump card, face down to the others")));
      } else {
        pile.appendChild(GN.cardBack({width: 34}));
        pile.appendChild(el("span", GN.t("{name}'s trump card, face down", {name: name(ui, view.trumper, seat)})));
      }
      box.appendChild(pile);
    }
    if (n === 2 && view.stock_size && view.phase !== "over") {
      const half = view.tricks_per_half;
      box.appendChild(el("div", GN.nt("Stock: {n} card (dealt {half} each after trick {half})",
        "Stock: {n} cards (dealt {half} each after trick {half})", view.stock_size, {half}), {class: "gn-thunee-note"}));
    }
    if (view.trump && view.trump_shown && view.phase !== "over") {
      box.appendChild(el("div", GN.t("Trump: {suit}", {suit: suitWords(view.trump)}), {class: "gn-thunee-note"}));
    }
    const trick = view.trick || [];
    if (trick.length) {
      box.appendChild(el("div", GN.t("Trick {trick} of {tricks} · led by {name}",
        {trick: view.tricks_done + 1, tricks: tricksPerHand, name: name(ui, trick[0][0], seat)}), {class: "gn-thunee-note"}));
      box.appendChild(trickRow(trick, ui, seat, view.trick_winner ? view.trick_winner[0] : null, false));
    } else if (view.tricks && view.tricks.length && view.phase !== "over" || view.phase === "over" && view.tricks && view.tricks.length) {
      const [leader, cards, winner] = view.tricks[view.tricks.length - 1];
      const played = cards.map((c, i) => [(leader + i) % n, c]);
      box.appendChild(el("div", GN.t("Trick {trick} of {tricks}: won by {name}",
        {trick: view.tricks.length, tricks: tricksPerHand, name: name(ui, winner, seat)}), {class: "gn-thunee-note"}));
      box.appendChild(trickRow(played, ui, seat, winner, true));
    } else if (view.phase === "play") {
      box.appendChild(el("div", GN.t("{name} leads the first trick", {name: name(ui, view.current_player, seat)}), {class: "gn-thunee-note"}));
    } else if (view.phase === "calling" || (view.calls && view.calls.length && view.phase !== "over")) {
      // the bidding happens on the table: every call and pass so far, the highest in colour
      box.appendChild(el("div", view.calls.length ? GN.t("Calls") : GN.t("No call yet"), {class: "gn-thunee-note"}));
      const calls = el("div", null, {class: "gn-thunee-calls", "aria-label": GN.t("calls so far")});
      for (const [p, amount] of view.calls) {
        const who = name(ui, p, seat);
        calls.appendChild(el("span", amount ? GN.t("{name}: {amount}", {name: who, amount}) : GN.t("{name}: pass", {name: who}),
          amount ? {class: "call"} : {}));
      }
      box.appendChild(calls);
    } else {
      box.appendChild(el("div", view.phase === "over" ? "" : GN.t("No cards played yet"), {class: "gn-thunee-note"}));
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
      cell.appendChild(el("span", marked && !past ? GN.t("{name} · winning", {name: name(ui, p, seat)}) : name(ui, p, seat)));
      row.appendChild(cell);
    }
    return row;
  }

  // ---- the end of a hand ------------------------------------------------------------------------------------
  function summary(message, ui) {
    const view = message.view;
    const last = view.last_hand;
    if (!last) return null;
    const n = view.players;
    const seat = message.seat;
    const box = el("section", null, {class: "gn-thunee-sum", "aria-label": GN.t("the last hand")});
    if (view.is_over && view.winners.length) box.appendChild(el("h3", matchOver(view, ui, seat, mine(message) && n > 2)));
    if (last.result === "void") {
      box.appendChild(el("p", GN.t("Hand {hand} was void: {why}. Nobody scores; the same dealer deals again.",
        {hand: last.hand, why: (last.says ? GN.text(namedSeats(last.says, ui, seat)) : withNames(last.why, ui, seat))})));
      return box;
    }
    if (last.result === "redeal") {
      const p = el("p", GN.t("Hand {hand} was redealt: {why}", {hand: last.hand, why: (last.says ? GN.text(namedSeats(last.says, ui, seat)) : withNames(last.why, ui, seat))}) + " ");
      if (last.shown) p.appendChild(minis(last.shown, 26));
      box.appendChild(p);
      return box;
    }
    const won = [0, 1].filter(t => last.balls[t]);
    const team = won.length ? won[0] : null;
    const head = el("p");
    head.appendChild(el("strong", GN.t("Hand {hand}:", {hand: last.hand}) + " "));
    if (team !== null) {
      head.appendChild(el("span", GN.nt("{team} won {n} ball", "{team} won {n} balls", last.balls[team], {team: sideName(ui, view, team, seat)})));
      const ours = mine(message) && teamOf(view, seat) === team;
      if (mine(message)) head.appendChild(el("span", " " + (ours ? GN.t("(your side)") : GN.t("(the other side)")),
        {class: ours ? "good" : "bad"}));
    }
    box.appendChild(head);
    box.appendChild(el("p", GN.t("Why: {line}", {line: last.says ? GN.text(namedSeats(last.says, ui, seat)) : withNames(last.line, ui, seat)})));
    box.appendChild(el("p", lastHandFacts(last, ui, seat).join(" · "), {class: "muted"}));
    const table = el("table");
    const headRow = el("tr");
    for (const h of ["", GN.t("points"), GN.t("tricks"), GN.t("Jodi"), GN.t("won"), GN.t("balls")]) headRow.appendChild(el("th", h));
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

  // the heading at the end of the match; ``side``: say whether the viewer's side won
  function matchOver(view, ui, seat, side) {
    const team = teamOf(view, view.winners[0]);
    const vars = {team: sideName(ui, view, team, seat), won: view.balls[team], lost: view.balls[1 - team]};
    const hands = view.hand_number;
    if (!side) return GN.nt("Match over after {n} hand: {team} wins {won}–{lost}", "Match over after {n} hands: {team} wins {won}–{lost}", hands, vars);
    if (teamOf(view, seat) === team) {
      return GN.nt("Match over after {n} hand: {team} wins {won}–{lost} (you win)", "Match over after {n} hands: {team} wins {won}–{lost} (you win)", hands, vars);
    }
    return GN.nt("Match over after {n} hand: {team} wins {won}–{lost} (you lose)", "Match over after {n} hands: {team} wins {won}–{lost} (you lose)", hands, vars);
  }

  // what was called in the last hand, its trump and who won its last trick
  function lastHandFacts(last, ui, seat) {
    const facts = [];
    if (last.special) facts.push(GN.t("{call} by {name}", {call: callName(last.special), name: name(ui, last.special_seat, seat)}));
    else if (last.bid) facts.push(GN.t("trumper {name} (called {amount})", {name: name(ui, last.trumper, seat), amount: last.bid}));
    else facts.push(GN.t("trumper {name} (no call)", {name: name(ui, last.trumper, seat)}));
    if (last.trump) facts.push(GN.t("trump {suit}", {suit: suitWords(last.trump)}));
    if (last.final_call) {
      facts.push(GN.t("{call} by {name}", {call: callName(last.final_call === "double" ? "double" : "kanak"), name: name(ui, last.final_seat, seat)}));
    }
    facts.push(GN.t("last trick won by {name}", {name: name(ui, last.last_trick_winner, seat)}));
    return facts;
  }

  /** The i-th move of the log in words (cards by name), for the page to say once to a screen reader (table.js). */
  function moveSentence(message, ui, i) {
    const view = message.view, moves = view.log_described || [], entry = (view.log || [])[i];
    if (!entry || !moves[i]) return "";
    const move = moves[i], who = name(ui, entry[0], message.seat);
    const jodi = move.kind === "jodi" ? (view.jodi_declared || [])[moves.slice(0, i).filter((m) => m.kind === "jodi").length] : null;
    const passed = move.kind === "pass" ? passedWords((view.log_phases || [])[i], who) : null;
    const {words, cards} = passed ? {words: passed} : moveWords(move, view.trump, jodi, who);
    return [words, ...(cards || []).map(GN.cardName)].join(" ");
  }

  GN.registerGame("thunee", {render, moveSentence, actionLabel, summary});
})();
