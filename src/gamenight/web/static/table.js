"use strict";
// The table: seats, the view this client may see, and its legal actions as buttons (keys 1-9 pick the first nine).
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const tokenKey = "gamenight-token-" + tableId;
const $ = (id) => document.getElementById(id);
let socket = null, latest = null, retry = 500;

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

async function post(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function render(message) {
  latest = message;
  const t = message.table;
  $("code").textContent = t.table_id;
  $("title").textContent = t.title + (message.seat === null ? " (watching)" : ` (you are seat ${message.seat})`);
  $("seats").replaceChildren(...t.seats.map((s) => {
    const li = el("li", s.kind === "person" ? s.name : s.kind === "bot" ? "bot: " + s.bot : "open");
    if (t.current_player === s.seat) li.classList.add("to-move");
    if (message.seat === null && s.kind !== "person") {
      const take = el("button", "take this seat");
      take.addEventListener("click", () => takeSeat(s.seat));
      li.append(" ", take);
    }
    if (message.seat === s.seat) {
      const leave = el("button", "leave (a bot takes over)");
      leave.addEventListener("click", leaveSeat);
      li.append(" ", leave);
    }
    return li;
  }));
  $("turn").textContent = t.is_over ? "The match is over." :
    t.current_player === message.seat ? "Your move." : `Seat ${t.current_player} to move.`;
  $("actions").replaceChildren(...message.legal_actions.map((a, i) => {
    const b = el("button", (i < 9 ? `${i + 1}: ` : "") + a, {"data-action": a});
    b.addEventListener("click", () => act(a));
    return b;
  }));
  $("view").textContent = JSON.stringify(message.view, null, 1);
}

function act(action) {
  $("error").textContent = "";
  socket.send(JSON.stringify({type: "action", action}));
}

async function takeSeat(seat) {
  try {
    const joined = await post(`/api/tables/${tableId}/join`, {seat});
    localStorage.setItem(tokenKey, joined.token);
    socket.close();
  } catch (e) { $("error").textContent = e.message; }
}

async function leaveSeat() {
  try {
    await post(`/api/tables/${tableId}/leave`, {token: localStorage.getItem(tokenKey)});
    localStorage.removeItem(tokenKey);
    socket.close();
  } catch (e) { $("error").textContent = e.message; }
}

function connect() {
  const token = localStorage.getItem(tokenKey);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}` +
                         (token ? "?token=" + encodeURIComponent(token) : ""));
  socket.onopen = () => { $("status").textContent = "live"; retry = 500; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") render(message);
    else if (message.type === "error") {
      $("error").textContent = message.error;
      if (message.status === 403 && token) localStorage.removeItem(tokenKey);
    }
  };
  socket.onclose = () => {
    // a dropped connection comes back to the same seat (the token is kept in this browser)
    $("status").textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

document.addEventListener("keydown", (event) => {
  if (!latest || event.target.tagName === "INPUT") return;
  const n = Number(event.key);
  if (n >= 1 && n <= 9 && latest.legal_actions[n - 1] !== undefined) act(latest.legal_actions[n - 1]);
});
connect();
