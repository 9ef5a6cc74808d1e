"use strict";
// How to play: /rules/<game> draws the game's guide (/api/games/<game>/guide: sections of texts, pictures of cards
// and dice, worked examples whose figures the engine computed), in the person's language (GN.text), with the
// table's own card and dice images; ?table=<id> follows that table's rules, ?preset= and ?players= a rule set.
// /rules lists the games. The headings make the contents list at the top.
(function () {
  const $ = (id) => document.getElementById(id);
  const el = GN.el;
  const match = /^\/rules\/([^/]+)\/?$/.exec(location.pathname);
  const game = match ? decodeURIComponent(match[1]) : "";
  const params = new URLSearchParams(location.search);
  const narrow = () => window.matchMedia("(max-width: 520px)").matches;

  /** The server's JSON answer, or an Error saying (in the person's language when the server gave a Text) why not. */
  async function getJSON(path) {
    const r = await fetch(path);
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error(data && data.text ? GN.text(data.text) : (data && data.error) || `${r.status} ${r.statusText}`);
    return data;
  }

  function guideAddress() {
    const query = new URLSearchParams();
    for (const name of ["table", "preset", "players"]) if (params.get(name)) query.set(name, params.get(name));
    const rest = query.toString();
    return `/api/games/${encodeURIComponent(game)}/guide${rest ? "?" + rest : ""}`;
  }

  // ---- pictures: groups of cards side by side, dice, the luck die, a caption under them -----------------
  function cardGroup(codes) {
    const width = narrow() ? 44 : 58;
    return el("div", codes.map((code) => GN.card(code, {width})), {class: "picture-group", role: "group",
                                                                    "aria-label": codes.map(GN.cardName).join(", ")});
  }

  function diceGroup(faces, luck) {
    const size = narrow() ? 34 : 42;
    const dice = faces.map((value) => GN.die(value, {size}));
    if (luck !== null && luck !== undefined) dice.push(GN.die(luck, {size, tone: "luck"}));
    return el("div", dice, {class: "picture-group picture-dice"});
  }

  function picture(block) {
    const row = el("div", block.cards.map(cardGroup), {class: "picture-row"});
    if (block.dice.length || (block.luck !== null && block.luck !== undefined)) row.append(diceGroup(block.dice, block.luck));
    const figure = el("figure", row, {class: "guide-picture"});
    if (block.caption) figure.append(el("figcaption", GN.text(block.caption)));
    return figure;
  }

  // ---- blocks, examples, sections -----------------------------------------------------------------------
  function block(data, index) {
    if (data.kind === "text") return el("p", GN.text(data.text));
    if (data.kind === "picture") return picture(data);
    if (data.kind === "example") return example(data, index);
    return null;
  }

  function example(data, index) {
    const box = el("aside", null, {class: "guide-example", "data-example": index, "aria-label": GN.text(data.title)});
    box.append(el("p", GN.t("Worked example"), {class: "example-label"}), el("h3", GN.text(data.title)),
               ...data.steps.map((step) => block(step, index)));
    return box;
  }

  function drawGuide(data) {
    const title = GN.text(data.guide.title);
    $("rules-title").textContent = title;
    document.title = GN.t("gamenight: {title}", {title});
    let examples = 0;
    const sections = data.guide.sections.map((section, i) => {
      const box = el("section", el("h2", GN.text(section.title), {id: `section-${i + 1}`}), {class: "guide-section"});
      box.append(...section.blocks.map((b) => block(b, b.kind === "example" ? examples++ : null)).filter(Boolean));
      return box;
    });
    $("guide").replaceChildren(...sections);
    $("contents").replaceChildren(...data.guide.sections.map((section, i) =>
      el("li", el("a", GN.text(section.title), {href: `#section-${i + 1}`}))));
    $("rules-contents").hidden = false;
    if (data.table) {
      $("rules-for-table").textContent = GN.nt("The rules of table {table}, for {n} player.",
                                               "The rules of table {table}, for {n} players.", data.players, {table: data.table});
      $("rules-for-table").hidden = false;
    }
  }

  // ---- Learn to play: a coached first hand of this game, against bots ------------------------------------
  function drawLearn(title) {
    const button = $("learn-button");
    button.textContent = GN.t("Learn to play {game}", {game: title});
    button.dataset.learnGame = game;
    button.addEventListener("click", learn);
    $("learn-row").hidden = false;
  }

  async function learn() {
    $("learn-button").disabled = true;
    $("learn-error").textContent = "";
    try {
      const tableId = await GN.learn(game, (localStorage.getItem("gamenight-name") || "").trim());
      location.href = "/table/" + encodeURIComponent(tableId);
    } catch (e) {
      $("learn-error").textContent = e.message;
      $("learn-button").disabled = false;
    }
  }

  // ---- every game's page ---------------------------------------------------------------------------------
  function gameLink(g) {
    const players = g.min_players === g.max_players ? GN.nt("{n} player", "{n} players", g.min_players)
      : GN.t("{min}-{max} players", {min: g.min_players, max: g.max_players});
    const link = el("a", GN.t("How to play {game}", {game: GN.t(g.title)}),
                    {href: "/rules/" + encodeURIComponent(g.name), "data-rules-game": g.name,
                     "aria-current": g.name === game ? "page" : null});
    return el("li", [link, el("span", " · " + players, {class: "muted"})]);
  }

  async function drawGames() {
    try {
      const games = await getJSON("/api/games");
      $("games").replaceChildren(...games.map(gameLink));
    } catch (e) {
      $("rules-error").textContent = GN.t("Could not load the games: {error}", {error: e.message});
    }
  }

  async function start() {
    const listed = drawGames();
    if (!game) {   // /rules: the list of games is the page
      $("guide").replaceChildren(el("p", GN.t("Choose a game to learn how to play it."), {class: "muted"}));
    } else {
      try {
        const data = await getJSON(guideAddress());
        drawGuide(data);
        drawLearn(GN.t(data.title));
      } catch (e) {
        $("guide").replaceChildren();
        $("rules-error").textContent = e.message;
      }
    }
    await listed;
    $("guide").setAttribute("aria-busy", "false");
    document.body.dataset.ready = "true";   // for automation: everything is drawn
  }
  start();
})();
