"use strict";
// The lobby: pick a game (tiles or the select), players, rules preset (with its doc), typed options and who
// sits in each seat (open for a person, or a bot); create the table and go to it. Lists the tables; opens one
// by its code or link.
(function () {
  const $ = (id) => document.getElementById(id);
  const el = GN.el;
  let catalogue = [];

  function currentGame() { return catalogue.find((g) => g.name === $("game").value) || catalogue[0]; }

  async function api(path, body) {
    const init = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
    const r = await fetch(path, init);
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
    return data;
  }

  function drawTiles() {
    const game = currentGame();
    $("game-tiles").replaceChildren(...catalogue.map((g) => {
      const players = g.min_players === g.max_players ? GN.nt("{n} player", "{n} players", g.min_players)
        : GN.t("{min}-{max} players", {min: g.min_players, max: g.max_players});
      const tile = el("button", null, {type: "button", class: "tile", "data-game-tile": g.name,
                                       "aria-pressed": g.name === game.name ? "true" : "false"});
      tile.append(el("span", GN.t(g.title), {class: "tile-title"}),
                  el("span", `${players} · ${GN.nt("{n} rule set", "{n} rule sets", g.presets.length)}`, {class: "tile-meta"}),
                  el("span", GN.t("bots: {names}", {names: g.bots.map((b) => GN.botLabel(b, g.name)).join(", ")}),
                     {class: "tile-meta"}));
      tile.addEventListener("click", () => { $("game").value = g.name; drawGameForm(); });
      const howTo = el("a", GN.t("How to play"), {href: "/rules/" + encodeURIComponent(g.name), class: "tile-howto",
                                                   "data-rules-link": g.name});
      return el("div", [tile, howTo], {class: "tile-wrap"});
    }));
  }

  function drawGameForm() {
    const game = currentGame();
    drawTiles();
    $("players").min = game.min_players;
    $("players").max = game.max_players;
    $("players").value = game.default_players;
    $("preset").replaceChildren(...game.presets.map((p) => el("option", GN.t(p.title), {value: p.name, selected: p.name === game.default_preset})));
    drawPresetDoc();
    drawOptions(game);
    drawSeats();
  }

  function drawPresetDoc() {
    const game = currentGame();
    const preset = game.presets.find((p) => p.name === $("preset").value);
    $("preset-doc").textContent = preset && preset.doc ? GN.t(preset.doc) : "";
  }

  // a yes/no option's value as people read it ("true", "false"); any other value as it is
  function boolText(value) {
    return value === "true" ? GN.t("true") : value === "false" ? GN.t("false") : value;
  }

  // an option's value as people read it: yes/no, a choice's words, "unlimited" in their language
  function valueText(opt, value) {
    if (opt.type === "bool") return boolText(String(value));
    const choice = (opt.choices || []).find((c) => c.value === String(value));
    if (choice) return GN.t(choice.label);
    if (opt.none_word && value === opt.none_word) return GN.t(opt.none_word);
    return value === "none" && opt.type === "int->int" ? GN.t("none") : value;
  }

  function presetText(opt) {
    return GN.t("preset ({value} by default)", {value: valueText(opt, opt.default)});
  }

  // what may be written in a text box, in the reader's words (the words "unlimited", "none" in their language too)
  function allowedText(opt) {
    const range = /^(-?\d+)\.\.(-?\d+)/.exec(opt.allowed || "");
    if (opt.type === "int->int") return GN.t("pairs such as {example}, or {none}", {example: "100:50,200:100", none: GN.t("none")});
    if (!range || opt.choices) return "";
    if (opt.none_word) return GN.t("{low} to {high}, or {word}", {low: range[1], high: range[2], word: GN.t(opt.none_word)});
    return GN.t("{low} to {high}", {low: range[1], high: range[2]});
  }

  // a value typed in the reader's language, as the server reads it ("illimité" is "unlimited")
  function typedValue(opt, text) {
    if (opt && opt.none_word && text === GN.t(opt.none_word)) return opt.none_word;
    if (opt && opt.type === "int->int" && text === GN.t("none")) return "none";
    return text;
  }

  function optionInput(opt) {
    const allowed = opt.allowed || "";
    const attrs = {name: opt.name, "data-option": opt.name, "aria-describedby": "help-" + opt.name};
    const range = /^(-?\d+)\.\.(-?\d+)$/.exec(allowed);
    if (opt.type === "bool") {
      const select = el("select", null, attrs);
      select.append(el("option", presetText(opt), {value: ""}), el("option", boolText("true"), {value: "true"}),
                    el("option", boolText("false"), {value: "false"}));
      return select;
    }
    if (opt.choices) {
      const select = el("select", null, attrs);
      select.append(el("option", presetText(opt), {value: ""}));
      for (const choice of opt.choices) select.append(el("option", GN.t(choice.label), {value: choice.value}));
      return select;
    }
    if (opt.type === "int" && range) {
      return el("input", null, Object.assign(attrs, {type: "number", min: range[1], max: range[2], step: 1,
                                                     placeholder: presetText(opt)}));
    }
    return el("input", null, Object.assign(attrs, {type: "text", placeholder: presetText(opt)}));
  }

  function drawOptions(game) {
    $("options").replaceChildren(...game.options.map((opt) => {
      const label = el("label", null, {"data-option-name": opt.name});
      label.append(el("span", GN.t(opt.meaning)), optionInput(opt),
                   el("span", allowedText(opt), {class: "option-help", id: "help-" + opt.name}));
      return label;
    }));
  }

  /** A bot seat's first choice, and Play now's opponents: the game's Casual level (the server names it). */
  function defaultBot(game) { return game.friendly_bot; }

  function drawSeats() {
    const game = currentGame();
    const n = Math.min(game.max_players, Math.max(game.min_players, Number($("players").value) || game.default_players));
    const previous = [...document.querySelectorAll("[data-seat-bot]")].map((s) => s.value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const select = el("select", null, {"data-seat-bot": i, "aria-label": GN.t("seat {number}", {number: i + 1})});
      select.append(el("option", GN.t("open (a person)"), {value: ""}));
      for (const bot of game.bots) {
        select.append(el("option", GN.t("bot: {name}", {name: GN.botLabel(bot, game.name)}), {value: bot}));
      }
      // a redraw (another player count, another game) keeps what was chosen: an open seat stays open
      select.value = previous[i] !== undefined ? previous[i] : (i === 0 ? "" : defaultBot(game));
      if (select.value !== "" && !game.bots.includes(select.value)) select.value = defaultBot(game);
      const label = el("label", null);
      label.append(el("span", GN.t("Seat {number}", {number: i + 1})), select);
      rows.push(label);
    }
    $("seat-list").replaceChildren(...rows);
    followSeatsWithHints();
    // each level in one line: what its bot does
    $("bot-levels").replaceChildren(...game.bots.map((bot) => el("li", GN.t("{level}: {description}", {
      level: GN.botLabel(bot, game.name), description: GN.t((game.bot_docs || {})[bot] || "")}),
      {"data-bot-level": bot})));
  }

  // Hints are on by default at a table with a bot and off at a table of people only (the server's default too): the
  // box follows the seats until the person ticks or unticks it themselves.
  let hintsChosen = false;
  function followSeatsWithHints() {
    if (!hintsChosen) $("allow-hints").checked = [...document.querySelectorAll("[data-seat-bot]")].some((s) => s.value !== "");
  }

  async function createTable(event) {
    event.preventDefault();
    $("create-error").textContent = "";
    const options = {};
    const described = Object.fromEntries(currentGame().options.map((o) => [o.name, o]));
    for (const input of document.querySelectorAll("[data-option]")) {
      if (input.value.trim() !== "") options[input.name] = typedValue(described[input.name], input.value.trim());
    }
    const seats = [...document.querySelectorAll("[data-seat-bot]")].map((s) => s.value || null);
    $("create").disabled = true;
    try {
      // a full table starts by itself
      const settings = {hold_start: $("hold-start").checked, hints: $("allow-hints").checked};
      const table = await GN.createTable({game: $("game").value, players: Number($("players").value),
                                          preset: $("preset").value, options, seats, settings});
      const open = seats.indexOf(null);
      if ($("sit").checked && open >= 0) await GN.joinSeat(table.table_id, open, $("player-name").value.trim());
      location.href = "/table/" + encodeURIComponent(table.table_id);
    } catch (e) {
      $("create-error").textContent = e.message;
      $("create").disabled = false;
    }
  }

  // ---- Play now: the game this browser sat at last (Yaniv at first) against the friendly bots, in one click ----
  function playNowGame() {
    let last = null;
    try { last = localStorage.getItem("gamenight-last-game"); } catch (e) { last = null; }
    return catalogue.find((g) => g.name === last) || catalogue.find((g) => g.name === "yaniv") || catalogue[0];
  }

  function drawPlayNow() {
    const game = playNowGame();
    const level = GN.botLabel(defaultBot(game), game.name);
    $("play-now").textContent = GN.t("Play {game}", {game: GN.t(game.title)});
    $("play-now-what").textContent = GN.t("against bots at the {level} level; other games, seats and rules below",
                                          {level});
    $("play-now").disabled = false;
  }

  async function playNow() {
    const game = playNowGame();
    $("play-now").disabled = true;
    $("play-now-error").textContent = "";
    try {
      const seats = [null, ...Array(game.default_players - 1).fill(defaultBot(game))];
      const table = await GN.createTable({game: game.name, players: game.default_players, seats,
                                          settings: {hints: true}});
      await GN.joinSeat(table.table_id, 0, $("player-name").value.trim());
      location.href = "/table/" + encodeURIComponent(table.table_id);
    } catch (e) {
      $("play-now-error").textContent = e.message;
      $("play-now").disabled = false;
    }
  }

  // ---- Learn to play: a coached first hand of each game, against bots ----
  function drawLearn() {
    $("learn").replaceChildren(...catalogue.map((g) => el("button", GN.t("Learn to play {game}", {game: GN.t(g.title)}),
      {type: "button", "data-learn-game": g.name, onclick: () => learn(g.name)})));
  }

  async function learn(game) {
    const buttons = [...document.querySelectorAll("#learn button")];
    for (const button of buttons) button.disabled = true;
    $("learn-error").textContent = "";
    try {
      const tableId = await GN.learn(game, $("player-name").value.trim());
      location.href = "/table/" + encodeURIComponent(tableId);
    } catch (e) {
      $("learn-error").textContent = e.message;
      for (const button of buttons) button.disabled = false;
    }
  }

  function seatText(s, game) {
    if (s.kind === "person" && s.unnamed) return GN.t("Player {number}", {number: s.seat + 1});
    if (s.kind === "person") return s.name || GN.t("a person");
    if (s.kind === "bot") return GN.t("bot: {name}", {name: GN.botLabel(s.bot, game)});
    return GN.t("open");
  }

  async function listTables() {
    let tables;
    try { tables = await api("/api/tables"); } catch (e) { return; }
    const shown = tables.slice().sort((a, b) => (b.created || 0) - (a.created || 0)).slice(0, 50);
    $("tables-empty").hidden = shown.length > 0;
    $("tables").replaceChildren(...shown.map((t) => {
      const li = el("li");
      if (t.broken) {
        li.append(el("span", GN.t("{game}: this table could not be loaded", {game: t.game}), {class: "muted"}),
                  el("code", t.table_id, {class: "muted"}));
        return li;
      }
      const open = t.seats.filter((s) => s.takeable).length;
      const state = t.is_over ? GN.t("over") : open ? GN.nt("{n} open seat", "{n} open seats", open) : GN.t("in play");
      const players = GN.nt("{n} player", "{n} players", t.players);
      li.append(el("a", `${GN.t(t.title)} · ${players}`, {href: "/table/" + encodeURIComponent(t.table_id), "data-table-id": t.table_id}),
                el("span", state, {class: ["state", t.is_over ? "over" : open ? "open" : null]}),
                el("span", t.seats.map((s) => seatText(s, t.game)).join(", "), {class: "muted"}),
                el("span", GN.nt("{n} move", "{n} moves", t.actions), {class: "muted"}),
                el("code", t.table_id, {class: "muted"}));
      return li;
    }));
  }

  function openByCode(event) {
    event.preventDefault();
    let code = $("code").value.trim();
    const m = /\/table\/([^/?#]+)/.exec(code);
    if (m) code = decodeURIComponent(m[1]);
    if (code) location.href = "/table/" + encodeURIComponent(code);
  }

  async function start() {
    try {
      catalogue = await api("/api/games");
      GN.learnBotLabels(catalogue);
    } catch (e) {
      $("create-error").textContent = GN.t("Could not load the games: {error}", {error: e.message});
      return;
    }
    $("game").replaceChildren(...catalogue.map((g) => el("option", GN.t(g.title), {value: g.name})));
    const wanted = new URLSearchParams(location.search).get("game");
    if (wanted && catalogue.some((g) => g.name === wanted)) $("game").value = wanted;
    $("game").addEventListener("change", drawGameForm);
    $("players").addEventListener("input", drawSeats);
    $("players").addEventListener("change", drawSeats);
    $("preset").addEventListener("change", drawPresetDoc);
    $("seat-list").addEventListener("change", followSeatsWithHints);
    $("allow-hints").addEventListener("change", () => { hintsChosen = true; });
    $("create-form").addEventListener("submit", createTable);
    $("go").addEventListener("submit", openByCode);
    $("player-name").value = localStorage.getItem("gamenight-name") || "";
    $("player-name").addEventListener("change", (e) => localStorage.setItem("gamenight-name", e.target.value.trim()));
    $("play-now").addEventListener("click", playNow);
    drawPlayNow();
    drawLearn();
    drawGameForm();
    listTables();
    setInterval(listTables, 5000);
  }
  start();
})();
