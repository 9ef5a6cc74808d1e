"use strict";
// The lobby: create a table (game, players, preset, options, seats) and list the tables.
let catalogue = [];
const $ = (id) => document.getElementById(id);

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function currentGame() { return catalogue.find((g) => g.name === $("game").value); }

function renderGameForm() {
  const game = currentGame();
  $("players").min = game.min_players; $("players").max = game.max_players;
  $("players").value = game.default_players;
  $("preset").replaceChildren(...game.presets.map((p) => {
    const o = el("option", p.name + (p.doc ? " — " + p.doc : ""), {value: p.name});
    if (p.name === game.default_preset) o.selected = true;
    return o;
  }));
  $("options").replaceChildren(...game.options.map((opt) => {
    const label = el("label", opt.name + " ", {title: opt.meaning + (opt.allowed ? " (" + opt.allowed + ")" : "")});
    label.append(el("input", null, {name: opt.name, placeholder: "preset value", "data-option": "1"}));
    return label;
  }));
  renderSeats();
}

function renderSeats() {
  const game = currentGame();
  const n = Number($("players").value) || game.default_players;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const select = el("select", null, {"data-seat": i});
    select.append(el("option", i === 0 ? "me" : "open (a person)", {value: ""}));
    for (const bot of game.bots) {
      const o = el("option", "bot: " + bot, {value: bot});
      if (i > 0 && bot === (game.bots.includes("heuristic") ? "heuristic" : "random")) o.selected = true;
      select.append(o);
    }
    const label = el("label", "Seat " + (i + 1) + " ");
    label.append(select);
    rows.push(label);
  }
  $("seats").replaceChildren(...rows);
}

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                                          body: JSON.stringify(body)});
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

async function createTable(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    if (input.value.trim() !== "") options[input.name] = input.value.trim();
  }
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value || null);
  try {
    const table = await api("/api/tables", {game: $("game").value, players: Number($("players").value),
                                            preset: $("preset").value, options, seats});
    let target = "/table/" + table.table_id;
    if (seats[0] === null) {
      const joined = await api(`/api/tables/${table.table_id}/join`, {seat: 0});
      localStorage.setItem("gamenight-token-" + table.table_id, joined.token);
    }
    location.href = target;
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

async function listTables() {
  const tables = await api("/api/tables");
  $("tables").replaceChildren(...tables.slice(-50).reverse().map((t) => {
    const li = el("li");
    const a = el("a", `${t.title} · ${t.players} players · ${t.is_over ? "over" : t.actions + " actions"}`,
                 {href: "/table/" + t.table_id});
    li.append(a, el("span", " " + t.seats.map((s) => s.kind === "person" ? s.name : s.kind === "bot" ? s.bot : "open").join(", ")));
    return li;
  }));
}

async function start() {
  catalogue = await api("/api/games");
  $("game").replaceChildren(...catalogue.map((g) => el("option", g.title, {value: g.name})));
  $("game").addEventListener("change", renderGameForm);
  $("players").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", createTable);
  $("go").addEventListener("submit", (e) => { e.preventDefault(); location.href = "/table/" + encodeURIComponent($("code").value.trim()); });
  renderGameForm();
  listTables();
}
start();
