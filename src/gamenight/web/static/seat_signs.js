/* Signs at the seats, drawn over what the game's view drew (each seat box is [data-board-seat]):
 * - a reaction a person showed ("Nice move"), for a few seconds, to everyone at the table (the server's `reaction`
 *   messages; docs/web.md "Reactions"), announced once to screen readers;
 * - the turn's clock of a seat whose person is gone: a ring emptying until a bot plays for them (the summary's
 *   `turn_clock`: its `ends_at - now`, the server's own reckoning, counted down from when this page heard it by
 *   the page's steady clock, so a device whose clock is off still shows the right time left).
 * And the reaction buttons of a seated person (#reactions), where the host allows them.
 * GN.seatSigns = {draw(message), heard(message, seatName), buttons(message, send)}.
 */
(function () {
  "use strict";
  const REACTIONS = ["good_game", "nice_move", "oops", "thinking", "well_played"];
  const SHOWN_MS = 4000;
  const el = GN.el;
  const words = () => ({good_game: GN.t("Good game"), nice_move: GN.t("Nice move"), oops: GN.t("Oops"),
                        thinking: GN.t("Thinking…"), well_played: GN.t("Well played")});
  const showing = new Map();   // seat -> {reaction, until (ms, performance.now)}
  let clock = null;            // the summary's turn_clock, as last drawn
  let clockHeardAt = 0;        // when it reached this page (ms, performance.now)
  let ticking = null;

  function seatBox(seat) { return document.querySelector(`#board [data-board-seat="${seat}"]`); }

  /** The seconds left: what the server said was left when it sent the clock, less the time since it came. */
  function secondsLeft(turnClock) {
    const told = turnClock.ends_at - turnClock.now;
    return Math.max(0, Math.ceil(told - (performance.now() - clockHeardAt) / 1000));
  }

  /** The summary's clock: a new one (each message brings its own, with the server's time) is counted from now. */
  function hearClock(message) {
    const told = message.table.turn_clock || null;
    if (told !== clock) clockHeardAt = performance.now();
    clock = told;
  }

  function ring(turnClock) {
    const left = Math.min(turnClock.seconds, secondsLeft(turnClock));
    const size = 26, r = 10, around = 2 * Math.PI * r;
    const svg = GN.svg("svg", {viewBox: `0 0 ${size} ${size}`, width: size, height: size, "aria-hidden": "true",
                               class: "turn-clock-ring"});
    svg.append(GN.svg("circle", {cx: size / 2, cy: size / 2, r, class: "turn-clock-track"}));
    const arc = GN.svg("circle", {cx: size / 2, cy: size / 2, r, class: "turn-clock-arc",
                                  transform: `rotate(-90 ${size / 2} ${size / 2})`});
    arc.style.strokeDasharray = `${around * left / Math.max(1, turnClock.seconds)} ${around}`;
    svg.append(arc);
    return el("div", [svg, el("span", GN.t("a bot plays in {seconds} s", {seconds: left}))],
              {class: "seat-sign turn-clock", "data-seconds-left": left});
  }

  function bubble(reaction) {
    return el("div", [GN.icon(reaction, {size: 18}), el("span", words()[reaction])],
              {class: "seat-sign reaction-bubble", "data-reaction": reaction});
  }

  /** The signs of the table as it is now (after every redraw, and each second while one is shown). */
  function draw(message) {
    if (message) hearClock(message);
    for (const old of document.querySelectorAll("#board .seat-sign")) old.remove();
    const now = performance.now();
    for (const [seat, shown] of [...showing]) {
      if (shown.until <= now) { showing.delete(seat); continue; }
      const box = seatBox(seat);
      if (box) box.append(bubble(shown.reaction));
    }
    if (clock) {
      const box = seatBox(clock.seat);
      if (box) box.append(ring(clock));
    }
    if ((clock || showing.size) && ticking === null) ticking = setInterval(() => draw(null), 1000);
    if (!clock && !showing.size && ticking !== null) { clearInterval(ticking); ticking = null; }
  }

  /** A `reaction` message: shown at its seat for a few seconds, and said once to a screen reader. */
  function heard(message, seatName) {
    if (!REACTIONS.includes(message.reaction)) return;
    showing.set(message.seat, {reaction: message.reaction, until: performance.now() + SHOWN_MS});
    $("announce").textContent = GN.t("{name}: {reaction}", {name: seatName(message.seat), reaction: words()[message.reaction]});
    draw(null);
  }

  /** The reaction buttons of a seated person at a table that allows them (send: the page's way to the server). */
  function buttons(message, send) {
    const box = document.getElementById("reactions");
    const seated = message.seat !== null && message.seat !== undefined;
    const allowed = seated && message.table.settings && message.table.settings.reactions !== false;
    box.hidden = !allowed;
    if (!allowed) { box.replaceChildren(); delete box.dataset.drawn; return; }
    if (box.dataset.drawn === GN.lang) return;
    box.dataset.drawn = GN.lang;
    box.replaceChildren(...REACTIONS.map((reaction) => {
      const button = el("button", [GN.icon(reaction, {size: 18}), el("span", words()[reaction], {class: "reaction-word"})],
                        {type: "button", class: "reaction", "data-reaction": reaction, title: words()[reaction]});
      button.addEventListener("click", () => send({type: "react", reaction}));
      return button;
    }));
  }

  function $(id) { return document.getElementById(id); }

  GN.seatSigns = {draw, heard, buttons, REACTIONS};
})();
