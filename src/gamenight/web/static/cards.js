"use strict";
// Playing cards drawn in SVG (no image files): GN.card("Qh"), GN.cardBack(), GN.suitSymbol("h"), GN.rankName("Q").
// Notation as in the engine (core/cards.py): rank A 2-9 T J Q K then suit s h d c; "Jk" is a joker.
// Every card is a 100 x 140 drawing scaled to opts.width pixels wide.
(function () {
  const W = 100, H = 140;
  const SUIT_SYMBOLS = {s: "♠", h: "♥", d: "♦", c: "♣"};
  // names in the person's language: tables made when asked for (the catalog is read at draw time)
  const suitNames = () => ({s: GN.t("spades"), h: GN.t("hearts"), d: GN.t("diamonds"), c: GN.t("clubs")});
  const rankNames = () => ({A: GN.t("ace"), 2: GN.t("two"), 3: GN.t("three"), 4: GN.t("four"), 5: GN.t("five"),
                            6: GN.t("six"), 7: GN.t("seven"), 8: GN.t("eight"), 9: GN.t("nine"), T: GN.t("ten"),
                            J: GN.t("jack"), Q: GN.t("queen"), K: GN.t("king")});
  const RED = "#c62828", BLACK = "#1a1a1a";

  // Suit shapes in a 100 x 100 box (drawn here, so no font decides what a heart looks like).
  const SUIT_PATHS = {
    h: ["M50 92 C24 70 4 52 6 30 C8 12 26 4 38 10 C45 13 48 19 50 25 C52 19 55 13 62 10 C74 4 92 12 94 30 " +
        "C96 52 76 70 50 92 Z"],
    d: ["M50 4 C60 20 72 36 88 50 C72 64 60 80 50 96 C40 80 28 64 12 50 C28 36 40 20 50 4 Z"],
    s: ["M50 4 C60 22 92 38 92 60 C92 76 76 84 62 76 C58 74 55 71 53 67 C54 80 59 90 68 96 L32 96 " +
        "C41 90 46 80 47 67 C45 71 42 74 38 76 C24 84 8 76 8 60 C8 38 40 22 50 4 Z"],
    c: ["M50 6 A20 20 0 1 1 49.9 6 Z", "M27 40 A20 20 0 1 1 26.9 40 Z", "M73 40 A20 20 0 1 1 72.9 40 Z",
        "M44 48 L56 48 L55 60 L45 60 Z",
        "M47 58 L53 58 C54 76 58 88 68 96 L32 96 C42 88 46 76 47 58 Z"],
  };
  // Pip centres for 2..10 (x, y); pips below the middle are drawn upside down, as on a real card.
  const L = 33, M = 50, R = 67, T = 30, B = 110;
  const PIPS = {
    2: [[M, T], [M, B]],
    3: [[M, T], [M, 70], [M, B]],
    4: [[L, T], [R, T], [L, B], [R, B]],
    5: [[L, T], [R, T], [M, 70], [L, B], [R, B]],
    6: [[L, T], [R, T], [L, 70], [R, 70], [L, B], [R, B]],
    7: [[L, T], [R, T], [M, 50], [L, 70], [R, 70], [L, B], [R, B]],
    8: [[L, T], [R, T], [M, 50], [L, 70], [R, 70], [M, 90], [L, B], [R, B]],
    9: [[L, T], [R, T], [L, 56.7], [R, 56.7], [M, 70], [L, 83.3], [R, 83.3], [L, B], [R, B]],
    10: [[L, T], [R, T], [M, 43], [L, 56.7], [R, 56.7], [L, 83.3], [R, 83.3], [M, 97], [L, B], [R, B]],
  };
  const COMPACT_WIDTH = 40;   // px: smaller cards show one big index (rank over suit) instead of pips
  const SERIF = "Georgia, 'DejaVu Serif', serif";
  let backCounter = 0;

  // The letters drawn on the cards ("10", "K", "JOKER") are glyphs kept once per page in a hidden sprite and
  // shown with <use>: a card's name is its aria-label ("ten of hearts"), and a button holding a card has no text
  // of its own beside that name (a text "10" inside it would be a visible label its spoken name does not contain).
  const glyphIds = new Map();
  let sprite = null;

  function glyphSprite() {
    if (sprite && sprite.isConnected !== false) return sprite;
    const root = GN.svg("svg", {class: "gn-glyphs", "aria-hidden": "true", focusable: "false", width: 0, height: 0});
    sprite = GN.svg("defs");
    root.append(sprite);
    if (document.body) document.body.append(root);
    glyphIds.clear();
    return sprite;
  }

  /** ``text`` drawn centred at (x, y) in ``fill`` on a card: a <use> of the page's glyph of that text, size, spacing
   * and font (``font``: {family, weight}; the cards' serif, bold, by default). */
  function glyph(text, x, y, size, fill, spacing = 0, font = {}) {
    const defs = glyphSprite();
    const family = font.family || SERIF, weight = font.weight || 700;
    const key = `${text}|${size}|${spacing}|${family}|${weight}`;
    let id = glyphIds.get(key);
    if (!id) {
      id = "gn-glyph-" + (glyphIds.size + 1);
      const t = GN.svg("text", {id, x: 0, y: 0, "text-anchor": "middle", "font-size": size, "font-weight": weight,
                                "font-family": family, "letter-spacing": spacing});
      t.textContent = text;
      defs.append(t);
      glyphIds.set(key, id);
    }
    return GN.svg("use", {href: "#" + id, x, y, fill});
  }

  function parse(code) {
    if (typeof code !== "string") return null;
    const text = code.trim();
    if (/^(jk|joker)\d*$/i.test(text)) return {joker: true};
    const m = /^(10|[A2-9TJQK])([shdc])$/i.exec(text);
    if (!m) return null;
    const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
    return {rank, suit: m[2].toLowerCase()};
  }

  function suitSymbol(s) { return SUIT_SYMBOLS[String(s).toLowerCase()] || String(s); }
  function suitName(s) { return suitNames()[String(s).toLowerCase()] || String(s); }
  function rankName(r) { return rankNames()[String(r).toUpperCase() === "10" ? "T" : String(r).toUpperCase()] || String(r); }
  function rankText(r) { return r === "T" ? "10" : r; }
  function suitColour(s) { return s === "h" || s === "d" ? RED : BLACK; }

  /** "queen of hearts", "joker"; for aria-labels and titles. */
  function cardName(code) {
    const c = parse(code);
    if (!c) return GN.t("hidden card");
    return c.joker ? GN.t("joker") : GN.t("{rank} of {suit}", {rank: rankName(c.rank), suit: suitName(c.suit)});
  }

  /** "Q♥", "10♠", "Joker": a card as short text (for logs and summaries). */
  function cardText(code) {
    const c = parse(code);
    if (!c) return String(code);
    return c.joker ? GN.t("Joker") : rankText(c.rank) + suitSymbol(c.suit);
  }

  function suitShape(suit, cx, cy, size, flip) {
    const scale = size / 100;
    let transform = `translate(${cx - size / 2} ${cy - size / 2}) scale(${scale})`;
    if (flip) transform = `rotate(180 ${cx} ${cy}) ` + transform;
    const g = GN.svg("g", {transform, fill: suitColour(suit)});
    for (const d of SUIT_PATHS[suit]) g.append(GN.svg("path", {d}));
    return g;
  }

  function frame(width, opts, label, extraClass) {
    const height = Math.round(width * H / W);
    const root = GN.svg("svg", {viewBox: `0 0 ${W} ${H}`, width, height, role: "img", "aria-label": label,
                                class: ["card", extraClass, opts.selected && "selected"], focusable: "false"});
    const title = GN.svg("title");
    title.textContent = opts.title || label;
    root.append(title);
    return root;
  }

  function corners(root, text, suit, colour) {
    for (const flip of [false, true]) {
      const g = GN.svg("g", flip ? {transform: `rotate(180 ${W / 2} ${H / 2})`} : null);
      g.append(glyph(text, 12, 25, text.length > 1 ? 21 : 25, colour, text.length > 1 ? -2 : 0));
      if (suit) g.append(suitShape(suit, 12, 37, 15, false));
      root.append(g);
    }
  }

  function courtFace(root, rank, suit) {
    const colour = suitColour(suit);
    const tint = suit === "h" || suit === "d" ? "#fdecea" : "#eef1f6";
    root.append(GN.svg("rect", {x: 22, y: 20, width: 56, height: 100, rx: 4, fill: tint, stroke: colour,
                                "stroke-width": 1.6}));
    root.append(GN.svg("rect", {x: 25, y: 23, width: 50, height: 94, rx: 3, fill: "none", stroke: "#c9a227",
                                "stroke-width": 1}));
    // a headpiece per rank: crown (K), tiara (Q), cap (J)
    const head = {
      K: "M36 44 L36 30 L43 37 L50 27 L57 37 L64 30 L64 44 Z",
      Q: "M37 44 C37 36 42 31 50 31 C58 31 63 36 63 44 Z M50 27 A3 3 0 1 1 49.9 27 Z",
      J: "M36 44 C38 34 46 30 56 31 C61 32 64 35 66 38 L60 40 C62 42 63 43 64 44 Z",
    }[rank];
    root.append(GN.svg("path", {d: head, fill: "#c9a227", stroke: colour, "stroke-width": 1}));
    root.append(glyph(rank, 50, 84, 40, colour));
    root.append(suitShape(suit, 50, 103, 16, false));
  }

  function starPath(cx, cy, outer, inner) {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? inner : outer, a = Math.PI / 5 * i - Math.PI / 2;
      points.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    return "M" + points.join(" L") + " Z";
  }

  function jokerFace(root) {
    const colour = "#6a1b9a";
    for (const flip of [false, true]) {
      const g = GN.svg("g", flip ? {transform: `rotate(180 ${W / 2} ${H / 2})`} : null);
      "JOKER".split("").forEach((ch, i) => {
        g.append(glyph(ch, 11, 20 + i * 13, 13, colour));
      });
      root.append(g);
    }
    // a jester's three-pointed cap with bells over a star
    root.append(GN.svg("path", {d: "M30 78 C32 60 26 50 18 46 C30 44 40 52 44 62 C44 48 48 38 50 30 C52 38 56 48 56 62 " +
                                   "C60 52 70 44 82 46 C74 50 68 60 70 78 Z", fill: "#fbc02d", stroke: colour,
                                "stroke-width": 1.5}));
    for (const [x, y] of [[18, 46], [50, 30], [82, 46]]) {
      root.append(GN.svg("circle", {cx: x, cy: y, r: 4, fill: RED, stroke: colour, "stroke-width": 1}));
    }
    root.append(GN.svg("rect", {x: 29, y: 77, width: 42, height: 7, rx: 2, fill: colour}));
    root.append(GN.svg("path", {d: starPath(50, 104, 16, 7), fill: RED, stroke: colour, "stroke-width": 1}));
  }

  /** A playing card as an SVG element. opts: {width (px, default 70), selected, faceDown, title}. */
  function card(code, opts = {}) {
    const width = opts.width || 70;
    const c = parse(code);
    if (opts.faceDown || !c) return cardBack(opts);
    const label = cardName(code);
    const root = frame(width, opts, label, c.joker ? "joker" : null);
    root.dataset.card = code;
    root.append(GN.svg("rect", {x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fff", stroke: "#9e9e9e",
                                "stroke-width": 1.5, class: "card-edge"}));
    if (c.joker && width <= COMPACT_WIDTH) {
      root.append(glyph("JK", 50, 60, 44, "#6a1b9a"), GN.svg("path", {d: starPath(50, 100, 24, 10), fill: RED}));
      return root;
    }
    if (c.joker) {
      jokerFace(root);
      return root;
    }
    const colour = suitColour(c.suit);
    if (width <= COMPACT_WIDTH) {
      // too small for pips and corners to read: one big index instead
      root.append(glyph(rankText(c.rank), 50, 64, c.rank === "T" ? 50 : 60, colour, c.rank === "T" ? -4 : 0),
                  suitShape(c.suit, 50, 100, 46, false));
      return root;
    }
    corners(root, rankText(c.rank), c.suit, colour);
    if (c.rank === "A") {
      root.append(suitShape(c.suit, 50, 70, c.suit === "s" ? 48 : 38, false));
    } else if ("JQK".includes(c.rank)) {
      courtFace(root, c.rank, c.suit);
    } else {
      const n = c.rank === "T" ? 10 : Number(c.rank);
      for (const [x, y] of PIPS[n]) root.append(suitShape(c.suit, x, y, 19, y > 70));
    }
    return root;
  }

  /** A card back: a patterned card (opts: {width, title, colour}). */
  function cardBack(opts = {}) {
    const width = opts.width || 70;
    const root = frame(width, opts, GN.t("face-down card"), "back");
    const id = "gn-back-" + (++backCounter);
    const colour = opts.colour || "#1e4f91";
    const pattern = GN.svg("pattern", {id, width: 10, height: 10, patternUnits: "userSpaceOnUse",
                                       patternTransform: "rotate(45)"});
    pattern.append(GN.svg("rect", {width: 10, height: 10, fill: colour}),
                   GN.svg("path", {d: "M0 5 L10 5 M5 0 L5 10", stroke: "#ffffff", "stroke-opacity": 0.35, "stroke-width": 1.6}));
    const defs = GN.svg("defs");
    defs.append(pattern);
    root.append(defs);
    root.append(GN.svg("rect", {x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fff", stroke: "#9e9e9e",
                                "stroke-width": 1.5, class: "card-edge"}));
    root.append(GN.svg("rect", {x: 7, y: 7, width: W - 14, height: H - 14, rx: 5, fill: `url(#${id})`}));
    root.append(GN.svg("rect", {x: 7, y: 7, width: W - 14, height: H - 14, rx: 5, fill: "none", stroke: colour,
                                "stroke-width": 2}));
    root.append(GN.svg("circle", {cx: 50, cy: 70, r: 14, fill: colour, stroke: "#fff", "stroke-width": 2}));
    return root;
  }

  /** A small inline card for buttons and logs (about 34 px wide by default). */
  function miniCard(code, opts = {}) { return card(code, Object.assign({width: 34}, opts)); }

  Object.assign(GN, {card, cardBack, miniCard, suitSymbol, suitName, rankName, cardName, cardText,
                     parseCard: parse, suitColour, cardGlyph: glyph});
})();
