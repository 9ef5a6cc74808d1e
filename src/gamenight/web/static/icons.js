/* gamenight icons: GN.icon(name, opts) draws a small icon as an SVG element (no image files, no emoji font needed).
 *
 * name: "sound" (a speaker with waves), "muted" (a speaker, crossed out), "trophy" (a cup), "cheer" (a burst of
 *       rays, for your win); the reactions: "good_game" (a smile), "nice_move" (a thumb up), "oops" (a face saying
 *       o), "thinking" (a speech bubble of dots), "well_played" (a star).
 * opts: {size (px, default 18), label (its spoken name: give one where the icon carries meaning of its own; without
 *        it the icon is decoration beside words and hidden from screen readers)}
 * The icon is drawn in the text's colour (currentColor), so it follows the button or banner it sits in.
 */
(function () {
  "use strict";

  // each icon on a 24 x 24 grid: the shapes to fill ("fill") and the lines to stroke ("line")
  const SPEAKER = "M3 9h4l5-4v14l-5-4H3z";
  const SHAPES = {
    sound: {fill: [SPEAKER], line: ["M15.5 8.5a5 5 0 0 1 0 7", "M18.5 5.5a9 9 0 0 1 0 13"]},
    muted: {fill: [SPEAKER], line: ["M16 9l6 6", "M22 9l-6 6"]},
    trophy: {fill: ["M7 3h10v6a5 5 0 0 1-10 0z", "M11 14h2v4h-2z", "M7 19h10v2H7z"],
             line: ["M7 5H4v2a3 3 0 0 0 3 3", "M17 5h3v2a3 3 0 0 1-3 3"]},
    // the reactions (static/seat_signs.js)
    good_game: {fill: ["M8.5 8.3a1.2 1.2 0 1 0 .01 0z", "M15.5 8.3a1.2 1.2 0 1 0 .01 0z"],
                line: ["M12 2.5a9.5 9.5 0 1 0 .01 0z", "M7.5 14a5 5 0 0 0 9 0"]},
    nice_move: {fill: ["M2 10h4v11H2z", "M8 21h9.5a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 19 10h-5.5l.9-4.3A2 2 0 0 0 12.5 3L8 9.5z"]},
    oops: {fill: ["M8.5 8.3a1.2 1.2 0 1 0 .01 0z", "M15.5 8.3a1.2 1.2 0 1 0 .01 0z"],
           line: ["M12 2.5a9.5 9.5 0 1 0 .01 0z", "M12 13.2a2 2 0 1 0 .01 0z"]},
    thinking: {fill: ["M8.5 8.8a1.3 1.3 0 1 0 .01 0z", "M12 8.8a1.3 1.3 0 1 0 .01 0z", "M15.5 8.8a1.3 1.3 0 1 0 .01 0z"],
               line: ["M3.5 4h17v11H10l-4.5 4v-4H3.5z"]},
    well_played: {fill: ["M12 2l3 6.5 7 .9-5.2 4.8 1.4 7L12 17.8l-6.2 3.4 1.4-7L2 9.4l7-.9z"]},
    cheer: {fill: ["M12 7l1.5 3.5L17 12l-3.5 1.5L12 17l-1.5-3.5L7 12l3.5-1.5z"],
            line: ["M12 2v3", "M12 19v3", "M2 12h3", "M19 12h3", "M5 5l2 2", "M17 17l2 2", "M19 5l-2 2", "M7 17l-2 2"]},
  };

  function icon(name, opts) {
    opts = opts || {};
    const shape = SHAPES[name];
    if (!shape) throw new Error("GN.icon: no icon " + name);
    const size = opts.size || 18;
    const root = GN.svg("svg", {viewBox: "0 0 24 24", width: size, height: size, class: "gn-icon",
                                "data-icon": name, focusable: "false"});
    if (opts.label) {
      root.setAttribute("role", "img");
      root.setAttribute("aria-label", opts.label);
      root.append(GN.svg("title", {}));
      root.lastChild.textContent = opts.label;
    } else {
      root.setAttribute("aria-hidden", "true");
    }
    for (const d of shape.fill || []) root.append(GN.svg("path", {d, fill: "currentColor"}));
    for (const d of shape.line || []) {
      root.append(GN.svg("path", {d, fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round"}));
    }
    return root;
  }

  GN.icon = icon;
})();
