/* gamenight dice: GN.die(value, opts) draws one die face as an SVG element (no image files).
 *
 * value: 1..6 draws the pips in the standard layouts; any other whole number (a luck die set above 6 or
 * at 0 by the rules options) is written as a numeral on the face.
 * opts: {size (px, default 44), held (highlighted: locked/kept/chosen), hidden (a blind die: "?"),
 *        tone ("luck": the green luck die), label (the aria-label; a sensible one by default), title}
 */
(function () {
  "use strict";

  // pip centres on a 100 x 100 face, for each value
  const L = 27, M = 50, R = 73;
  const PIPS = {
    1: [[M, M]],
    2: [[R, L], [L, R]],
    3: [[R, L], [M, M], [L, R]],
    4: [[L, L], [R, L], [L, R], [R, R]],
    5: [[L, L], [R, L], [M, M], [L, R], [R, R]],
    6: [[L, L], [R, L], [L, M], [R, M], [L, R], [R, R]],
  };

  const TONES = {
    plain: {face: "#fdfdf8", edge: "#3a3a3a", pip: "#1d1d1d"},
    held: {face: "#fff2b3", edge: "#b07800", pip: "#1d1d1d"},
    luck: {face: "#e3f4e1", edge: "#2f6b2a", pip: "#1f4d1b"},
    hidden: {face: "#d9dce3", edge: "#5a6070", pip: "#3a4050"},
  };

  function die(value, opts) {
    opts = opts || {};
    const size = opts.size || 44;
    const hidden = !!opts.hidden;
    const held = !!opts.held;
    const tone = hidden ? TONES.hidden : held ? TONES.held : (TONES[opts.tone] || TONES.plain);
    const svg = GN.svg("svg", {
      viewBox: "0 0 100 100", width: size, height: size, role: "img", class: "gn-die" + (held ? " gn-die-held" : ""),
      "aria-label": opts.label || defaultLabel(value, hidden, held, opts.tone === "luck"),
    });
    if (!hidden) svg.dataset.value = String(value);   // a die whose face changed rolls (motion.js)
    svg.style.verticalAlign = "middle";
    svg.style.flex = "none";
    if (opts.title) {
      const t = GN.svg("title");
      t.textContent = opts.title;
      svg.appendChild(t);
    }
    // a soft shadow, then the face
    svg.appendChild(GN.svg("rect", {x: 7, y: 9, width: 88, height: 88, rx: 17, fill: "rgba(0,0,0,0.18)"}));
    svg.appendChild(GN.svg("rect", {
      x: 4, y: 4, width: 88, height: 88, rx: 17, fill: tone.face, stroke: tone.edge,
      "stroke-width": held ? 7 : 3.5,
    }));
    if (hidden) {
      svg.appendChild(text("?", 66, tone.pip));
      return svg;
    }
    const pips = PIPS[value];
    if (!pips) {
      svg.appendChild(text(String(value), String(value).length > 1 ? 52 : 62, tone.pip));
      return svg;
    }
    for (const [cx, cy] of pips) {
      // the layout is drawn on 100 x 100 but the face is 88 wide from 4: squeeze the pips onto it
      svg.appendChild(GN.svg("circle", {cx: 4 + cx * 0.88, cy: 4 + cy * 0.88, r: value === 1 ? 11 : 9, fill: tone.pip}));
    }
    return svg;
  }

  // the die's accessible name when the caller gives none
  function defaultLabel(value, hidden, held, luck) {
    if (hidden) return GN.t("a hidden die");
    if (luck) return held ? GN.t("luck die showing {value} (held)", {value}) : GN.t("luck die showing {value}", {value});
    return held ? GN.t("die showing {value} (held)", {value}) : GN.t("die showing {value}", {value});
  }

  function text(content, fontSize, fill) {
    const t = GN.svg("text", {
      x: 48, y: 50, "text-anchor": "middle", "dominant-baseline": "central", "font-size": fontSize,
      "font-family": "system-ui, sans-serif", "font-weight": "700", fill: fill,
    });
    t.textContent = content;
    return t;
  }

  GN.die = die;
})();
