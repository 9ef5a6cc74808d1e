"use strict";
// GN.motion: cards and dice move where they go. Before the table is drawn again its cards' places are noted
// (by card, in order); after, a card now elsewhere glides from where it was (drawn to a hand, discarded to the
// pile, played to the trick), a card that was not there appears, and a die whose face changed rolls. Short
// (a quarter of a second) and smooth; nothing moves when the system asks for reduced motion.
(function () {
  const DURATION = 260;
  const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : {matches: false};
  window.gnMotionCount = 0;   // how many movements started (the browser tests read it)

  function on() { return !reduced.matches; }

  function places(root) {
    const cards = new Map();
    for (const node of root.querySelectorAll("svg.card[data-card]")) {
      const list = cards.get(node.dataset.card) || [];
      list.push(node.getBoundingClientRect());
      cards.set(node.dataset.card, list);
    }
    const dice = [...root.querySelectorAll("svg.gn-die[data-value]")].map((d) => d.dataset.value);
    return {cards, dice};
  }

  /** What the table looks like now, to move from after it is drawn again (null when nothing is to move). */
  function before(root) {
    return on() && root ? places(root) : null;
  }

  /** Move the cards and dice of ``root`` from where ``was`` (from ``before``) saw them. */
  function after(root, was) {
    if (!was || !on() || !root) return;
    const seen = new Map();
    for (const node of root.querySelectorAll("svg.card[data-card]")) {
      const code = node.dataset.card;
      const k = seen.get(code) || 0;
      seen.set(code, k + 1);
      const from = (was.cards.get(code) || [])[k];
      const to = node.getBoundingClientRect();
      if (!from) {
        start(node, [{opacity: 0, transform: "scale(0.85)"}, {opacity: 1, transform: "none"}]);
      } else if (Math.abs(from.left - to.left) > 2 || Math.abs(from.top - to.top) > 2) {
        start(node, [{transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)`}, {transform: "none"}]);
      }
    }
    [...root.querySelectorAll("svg.gn-die[data-value]")].forEach((die, i) => {
      if (was.dice[i] !== undefined && was.dice[i] !== die.dataset.value) {
        start(die, [{transform: "rotate(-200deg) scale(0.7)"}, {transform: "none"}]);
      }
    });
  }

  function start(node, frames) {
    if (typeof node.animate !== "function") return;
    node.animate(frames, {duration: DURATION, easing: "cubic-bezier(0.2, 0.8, 0.2, 1)"});
    window.gnMotionCount += 1;
  }

  GN.motion = {before, after, on};
})();
