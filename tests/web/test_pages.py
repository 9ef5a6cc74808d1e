"""The pages and their scripts are served, and hold the browser contract (docs/web_pages.md, docs/web.md).

In-process checks (Starlette's TestClient); the browser tests are in tests/e2e. Node.js (which `make test` installs)
syntax-checks every script, draws every card, and draws whole matches of every game through its view with a stub
DOM, which must offer only legal actions.
"""
import json
import random
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

import gamenight
from gamenight import i18n
from gamenight.web.pages import catalog_script

STATIC = Path(gamenight.__file__).parent / "web" / "static"
# the order static/table.html loads them in (the contract: GN first, the page last)
# the shared scripts, one view per registered game (the registry lists them, not the page), then the table
TABLE_SCRIPTS = (["/i18n/en.js", "/static/gn.js", "/static/language.js", "/static/cards.js", "/static/dice.js", "/static/icons.js", "/static/seat_signs.js", "/static/motion.js", "/static/sound.js",
                  "/static/coach.js"]
                 + [f"/static/games/{name}.js" for name in gamenight.games()] + ["/static/table.js"])


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts, self.ids, self.elements = [], {}, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if tag == "script" and attrs.get("src"):
            self.scripts.append(attrs["src"])
        if "id" in attrs:
            self.ids[attrs["id"]] = (tag, attrs)


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


def test_lobby_table_page_and_scripts_are_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"] and "lobby.js" in r.text
    r = client.get("/table/anything")
    assert r.status_code == 200 and "table.js" in r.text
    for name in ("lobby.js", "table.js", "style.css", "gn.js", "cards.js", "favicon.svg"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/games/../../app.py").status_code == 404


def test_favicon_is_served(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")


def test_the_web_app_manifest_the_service_worker_and_the_offline_page_are_served(client):
    """The pages can be added to a home screen (a manifest with PNG icons) and open offline (the service worker from
    the root, so it serves every page; the offline page in the person's language, with no script inline)."""
    for address in ("/", "/table/x", "/rules/yaniv"):
        assert '<link rel="manifest" href="/static/manifest.webmanifest">' in client.get(address).text, address
    r = client.get("/static/manifest.webmanifest")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/manifest+json")
    for icon in r.json()["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == icon["type"], icon
    r = client.get("/sw.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert r.headers["cache-control"] == "no-cache" and "/offline" in r.text
    r = client.get("/offline?lang=fr")
    assert r.status_code == 200 and "Vous êtes hors ligne" in r.text
    assert _parse(r.text).scripts == ["/static/offline.js"]
    for element_id in ("offline", "offline-table", "offline-table-link", "offline-retry"):
        assert element_id in _parse(r.text).ids, element_id


def test_table_page_loads_every_script_of_the_contract_in_order(client):
    page = _parse(client.get("/table/some-table").text)
    assert [src.split("?v=")[0] for src in page.scripts] == TABLE_SCRIPTS   # the catalog's URL names its version
    for src in page.scripts:
        r = client.get(src)
        assert r.status_code == 200, src
        assert "javascript" in r.headers["content-type"], src


def test_table_page_has_the_dom_contract(client):
    page = _parse(client.get("/table/x").text)
    for element_id in ("seats", "turn", "error", "board", "summary", "actions", "history", "history-step"):
        assert element_id in page.ids, element_id
    assert page.ids["error"][1].get("role") == "alert"
    history = [a.get("data-history") for tag, a in page.elements if tag == "button" and "data-history" in a]
    assert history == ["start", "prev", "next", "live"]
    body = next(a for tag, a in page.elements if tag == "body")
    assert body.get("data-live") == "false"
    # data-version appears only once a message is shown (tests wait for it)
    assert "data-version" not in body


def test_lobby_has_the_dom_contract(client):
    page = _parse(client.get("/").text)
    assert page.ids["game"][0] == "select"
    assert page.ids["players"][0] == "input" and page.ids["players"][1].get("type") == "number"
    assert page.ids["preset"][0] == "select"
    assert page.ids["create"][0] == "button"
    assert "tables" in page.ids and "code" in page.ids
    lobby = client.get("/static/lobby.js").text
    # per-seat selects and table links are built by the script
    assert '"data-seat-bot"' in lobby and '"data-table-id"' in lobby


def test_every_registered_game_has_a_view_that_registers_under_its_name(client):
    for name in gamenight.games():
        r = client.get(f"/static/games/{name}.js")
        assert r.status_code == 200, name
        assert re.search(r'GN\.registerGame\(\s*"' + name + '"', r.text), f"{name}.js does not register {name!r}"


def test_gn_and_cards_define_the_contract_functions(client):
    gn = client.get("/static/gn.js").text
    for fn in ("el", "svg", "registerGame"):
        assert re.search(rf"\bfunction {fn}\(", gn), fn
    cards = client.get("/static/cards.js").text
    for fn in ("card", "cardBack", "suitSymbol", "rankName", "cardName"):
        assert re.search(rf"\bfunction {fn}\(", cards), fn
    assert "Object.assign(GN, {card, cardBack" in cards


NODE = shutil.which("node") or shutil.which("nodejs")


@pytest.fixture
def node():
    """Node runs the page's own scripts here; `make test` installs it, so a missing one is a failure, never a
    quiet skip."""
    if NODE is None:
        pytest.fail("node is missing: `make test` installs Debian's nodejs")
    return NODE


needs_node = pytest.mark.usefixtures("node")


@needs_node
def test_every_script_parses():
    for path in sorted(STATIC.rglob("*.js")):
        result = subprocess.run([NODE, "--check", str(path)], capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, f"{path.name}: {result.stderr}"


# What the pages' Content-Security-Policy (web/security.py: scripts and styles from the site only) blocks, as the
# pages' sources would write it. The browser tests fail on any violation the pages meet; this names the cause early.
FORBIDDEN_IN_SCRIPTS = {
    "code made from text (no 'unsafe-eval')": r"\bnew Function\b|\beval\s*\(|\bset(?:Timeout|Interval)\(\s*[\"'`]",
    "a style element (no inline style)": r"createElement\(\s*[\"'`]style",
    "a style attribute (a class, or the element's .style, instead)": r"setAttribute\(\s*[\"'`]style\b",
    "markup from text (inline handlers and styles would come with it)":
        r"\.(?:inner|outer)HTML\b|insertAdjacentHTML|document\.write",
    "a javascript: URL": r"javascript:",
}
FORBIDDEN_IN_PAGES = {
    "an inline script": r"<script(?![^>]*\bsrc=)[^>]*>",
    "a style element": r"<style\b",
    "a style attribute": r"\sstyle\s*=",
    "an event handler attribute": r"<[^>]*\son[a-z]+\s*=",
    "a javascript: URL": r"javascript:",
}


def test_the_pages_need_nothing_their_content_security_policy_forbids(client):
    """No script makes code from text or adds inline styles; no page has an inline script, style or handler (the
    pages as served: every language's and the table's game views included)."""
    found = []
    for path in sorted(STATIC.rglob("*.js")):
        text = path.read_text()
        found += [f"{path.relative_to(STATIC)}: {what}" for what, pattern in FORBIDDEN_IN_SCRIPTS.items()
                  if re.search(pattern, text)]
    for address in ("/", "/table/x", "/rules", "/rules/thunee", "/?lang=ja", "/table/x?lang=fr"):
        text = client.get(address).text
        found += [f"{address}: {what}" for what, pattern in FORBIDDEN_IN_PAGES.items() if re.search(pattern, text, re.I)]
        assert all(src.startswith("/") and not src.startswith("//") for src in _parse(text).scripts), address
    assert not found, found


_PLURAL = """
const fs = require("fs");
// the catalog's script ("-": none), then gn.js, as a page loads them (classic scripts: one global scope)
const catalog = process.argv[1] === "-" ? "" : fs.readFileSync(process.argv[1], "utf8");
const GN = new Function(catalog + fs.readFileSync(process.argv[2], "utf8") + "\\nreturn GN;")();
process.stdout.write(JSON.stringify(JSON.parse(process.argv[3]).map((n) => GN.nt("{n} card", "{n} cards", n))));
"""


@needs_node
@pytest.mark.parametrize("lang", [*i18n.LANGUAGES, i18n.PSEUDO])
def test_the_catalog_script_gives_the_pages_its_languages_plural_rule_as_code(tmp_path, lang):
    """/i18n/<lang>.js defines GN_PLURAL, the catalog's Plural-Forms rule (the pages make no code from text), and
    the pages choose the same plural form as the server does (French: 0 and 1 are singular; Japanese: one form)."""
    script, _ = catalog_script(lang)
    assert "const GN_PLURAL = function (n) {" in script
    catalog_file = tmp_path / f"{lang}.js"
    catalog_file.write_text(script)
    counts = [0, 1, 2, 5, 21, 101]
    result = subprocess.run([NODE, "-e", _PLURAL, str(catalog_file), str(STATIC / "gn.js"), json.dumps(counts)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    said = i18n.translator(lang)
    assert json.loads(result.stdout) == [said.ngettext("{n} card", "{n} cards", n).format(n=n) for n in counts]


@needs_node
def test_without_a_catalog_the_pages_speak_english_plurals():
    result = subprocess.run([NODE, "-e", _PLURAL, "-", str(STATIC / "gn.js"), "[0, 1, 2]"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ["0 cards", "1 card", "2 cards"]


_CARDS = """
const fs = require("fs");
function node(tag) {
  return {tag, attrs: {}, children: [], dataset: {}, textContent: "",
          setAttribute(k, v) { this.attrs[k] = String(v); }, append(...c) { this.children.push(...c); },
          addEventListener() {}, classList: {add() {}}};
}
global.document = {createElement: node, createElementNS: (ns, tag) => node(tag), body: node("body")};
const load = (path) => new Function(fs.readFileSync(path, "utf8") + "\\nreturn GN;")();
global.GN = load(process.argv[1]);
new Function("GN", fs.readFileSync(process.argv[2], "utf8"))(GN);
function walk(n, out) { out.push(n); for (const c of n.children || []) walk(c, out); return out; }
// the letters a card shows are <use>s of the page's glyphs (texts in one hidden sprite): read them through it
const glyphs = () => new Map(walk(document.body, []).filter((n) => n.tag === "text").map((n) => ["#" + n.attrs.id, n.textContent]));
const shown = (all) => { const g = glyphs(); return all.filter((n) => n.tag === "use").map((n) => g.get(n.attrs.href)); };
const codes = [];
for (const s of "shdc") for (const r of "A23456789TJQK") codes.push(r + s);
codes.push("Jk");
const report = {};
for (const width of [70, 34]) {
  for (const code of codes) {
    const svg = GN.card(code, {width});
    const all = walk(svg, []);
    report[code + "@" + width] = {
      tag: svg.tag, label: svg.attrs["aria-label"], role: svg.attrs.role, width: svg.attrs.width,
      height: svg.attrs.height, fills: [...new Set(all.filter((n) => n.tag === "g" && n.attrs.fill).map((n) => n.attrs.fill))],
      suitShapes: all.filter((n) => n.tag === "g" && n.attrs.fill && n.attrs.transform && n.attrs.transform.includes("scale")).length,
      texts: shown(all), ownTexts: all.filter((n) => n.tag === "text").length,
    };
  }
}
const back = GN.cardBack({width: 50});
report.back = {label: back.attrs["aria-label"], width: back.attrs.width, height: back.attrs.height,
               patterns: walk(back, []).filter((n) => n.tag === "pattern").length};
report.faceDown = GN.card("As", {faceDown: true}).attrs["aria-label"];
report.symbols = ["s", "h", "d", "c"].map(GN.suitSymbol).join("");
report.ranks = ["A", "T", "Q", "7"].map(GN.rankName);
process.stdout.write(JSON.stringify(report));
"""


@needs_node
def test_cards_are_drawn_with_pips_corners_names_and_colours():
    """Every card of the pack (and the joker) is an SVG image named for screen readers, with no text of its own (its
    letters are glyphs of the page's sprite, so a button holding it is named as it looks); 2-10 show as many pips as
    their rank plus two corner suits; hearts and diamonds are red, spades and clubs black; small cards (34 px)
    show one big index; backs are patterned."""
    result = subprocess.run([NODE, "-e", _CARDS, str(STATIC / "gn.js"), str(STATIC / "cards.js")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    ranks = {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    for rank in "A23456789TJQK":
        for suit in "shdc":
            card = report[f"{rank}{suit}@70"]
            name = ranks.get(rank) or ["two", "three", "four", "five", "six", "seven", "eight", "nine"][int(rank) - 2]
            assert card["tag"] == "svg" and card["role"] == "img"
            assert card["label"] == f"{name} of {suits[suit]}"
            assert (card["width"], card["height"]) == ("70", "98")
            assert card["fills"] == (["#c62828"] if suit in "hd" else ["#1a1a1a"])
            corner = "10" if rank == "T" else rank
            assert card["ownTexts"] == 0   # its letters are the page's glyphs: its name is its only text
            assert card["texts"].count(corner) >= 2  # both corners
            if rank in "23456789T":
                assert card["suitShapes"] == ("23456789T".index(rank) + 2) + 2, (rank, suit)
            small = report[f"{rank}{suit}@34"]
            assert small["texts"] == [corner] and small["suitShapes"] == 1
    joker = report["Jk@70"]
    assert joker["label"] == "joker" and "".join(joker["texts"]) == "JOKER" * 2  # spelt down both corners
    assert report["Jk@34"]["label"] == "joker" and report["Jk@34"]["texts"] == ["JK"]
    assert report["back"] == {"label": "face-down card", "width": "50", "height": "70", "patterns": 1}
    assert report["faceDown"] == "face-down card"
    assert report["symbols"] == "♠♥♦♣"
    assert report["ranks"] == ["ace", "ten", "queen", "seven"]


_RENDER = """
const fs = require("fs");
class Node_ {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.dataset = {}; this.style = {setProperty(k, v) { this[k] = String(v); }};
                     this.listeners = []; const self = this;
                     this.classList = {add: (...c) => c.forEach((x) => self._classes().add(x) && self._sync()),
                                       remove: (...c) => { c.forEach((x) => self._classes().delete(x)); self._sync(); },
                                       toggle: (c, on) => { (on ?? !self._classes().has(c)) ? self._classes().add(c) : self._classes().delete(c); self._sync(); },
                                       contains: (c) => self._classes().has(c)}; }
  _classes() { return this._set || (this._set = new Set((this.attrs.class || "").split(" ").filter(Boolean))); }
  _sync() { this.attrs.class = [...this._classes()].join(" "); }
  setAttribute(k, v) {
    // what the pages' Content-Security-Policy blocks (style-src 'self', script-src 'self'): a class does it instead
    if (k.toLowerCase() === "style" || /^on/i.test(k)) throw new Error(`a ${k} attribute: the pages' CSP blocks it`);
    this.attrs[k] = String(v); if (k === "class") this._set = null;
  }
  getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; }
  hasAttribute(k) { return k in this.attrs; }
  append(...c) { for (const x of c) this.children.push(typeof x === "string" ? {text: x} : x); }
  appendChild(c) { this.append(c); return c; }
  replaceChildren(...c) { this.children = []; this.append(...c); }
  addEventListener(type, fn) { this.listeners.push([type, fn]); }
  get firstChild() { return this.children[0] || null; }
  get lastChild() { return this.children[this.children.length - 1] || null; }
  set textContent(t) { this.children = [{text: String(t)}]; }
  get textContent() { return this.children.map((c) => (c.text !== undefined ? c.text : c.textContent)).join(""); }
  walk(out = []) { for (const c of this.children) if (c instanceof Node_) { out.push(c); c.walk(out); } return out; }
  get tagName() { return this.tag.toUpperCase(); }
  get childNodes() { return this.children; }
  attr(name) {
    if (name in this.attrs) return this.attrs[name];
    if (name.startsWith("data-")) {
      const key = name.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      if (key in this.dataset) return String(this.dataset[key]);
    }
    return null;
  }
  _match(sel) {  // one compound selector: tag, .class, [attr] or [attr="value"]
    const m = /^([a-z0-9]*)((?:\\.[\\w-]+)*)(?:\\[([\\w-]+)(?:="?([^"\\]]*)"?)?\\])?$/i.exec(sel.trim());
    if (!m) throw new Error("the test DOM does not know the selector " + sel);
    if (m[1] && this.tag.toLowerCase() !== m[1].toLowerCase()) return false;
    for (const c of m[2].split(".").filter(Boolean)) if (!this.classList.contains(c)) return false;
    if (m[3]) { const v = this.attr(m[3]); if (v === null || (m[4] !== undefined && v !== m[4])) return false; }
    return true;
  }
  querySelectorAll(sel) { return this.walk().filter((n) => sel.split(",").some((one) => n._match(one))); }
  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
}
global.Node = Node_;
global.document = {createElement: (t) => new Node_(t), createElementNS: (ns, t) => new Node_(t),
                   createTextNode: (t) => ({text: String(t)}), getElementById: () => null,
                   head: new Node_("head"), body: new Node_("body")};
global.window = {innerWidth: 1200};
global.GN = new Function(fs.readFileSync(process.argv[1], "utf8") + "\\nreturn GN;")();
for (const path of process.argv.slice(2)) new Function("GN", fs.readFileSync(path, "utf8"))(GN);
const messages = JSON.parse(fs.readFileSync(0, "utf8"));
const fails = [];
let clicks = 0, acted = 0;
for (const m of messages) {
  // a hand that ended is drawn as the page draws it until Next hand: replaying, with the hand's last move
  for (const mode of m.ending_move ? ["hand end"] : ["live", "replaying"]) {
    const replaying = mode !== "live";
    const legal = new Set(replaying ? [] : m.legal_actions);
    const store = {};
    const ui = {act: (t) => { acted++; if (!legal.has(t)) fails.push(`v${m.version} seat ${m.seat}: the board acted ${t}, not legal`); },
                seatName: (i) => "Seat " + (i + 1), legal, replaying, me: m.seat, isMe: (i) => i === m.seat, store,
                redraw: () => {}, suggest: (t) => { if (!legal.has(t)) fails.push(`suggested ${t}, not legal`); },
                cardWidth: () => 70};
    if (mode === "hand end") Object.assign(ui, {handEnd: true, endingMove: m.ending_move});
    const r = GN.renderer(m.table.game);
    try {
      for (let round = 0; round < 3; round++) {  // draw, click everything clickable, draw again (selections)
        const board = new Node_("div");
        r.render(board, m, ui);
        if (!board.children.length) fails.push(`v${m.version}: empty board`);
        if (round === 0) {
          r.summary(m, ui);
          for (const a of m.legal_actions) r.actionLabel(a, m, ui);
        }
        if (round === 0 && mode === "live") {   // each move as the page says it to a screen reader: a sentence
          for (let i = 0; i < ((m.view && m.view.log) || []).length; i++) {
            const said = r.moveSentence(m, ui, i);
            if (typeof said !== "string" || !said.trim() || /undefined|null|[{]/.test(said)) {
              fails.push(`${m.table.game} v${m.version}: move ${i} is said ${JSON.stringify(said)}`);
            }
          }
        }
        for (const n of board.walk()) for (const [type, fn] of n.listeners) if (type === "click") { clicks++; fn(); }
      }
    } catch (e) {
      fails.push(`${m.table.game} v${m.version} seat ${m.seat} ${mode}: ${e.stack.split("\\n").slice(0, 2).join(" ")}`);
    }
  }
}
process.stdout.write(JSON.stringify({fails: fails.slice(0, 20), count: fails.length, clicks, acted}));
"""


def _table_of(state) -> dict:
    """The summary a message carries, as far as the views read it."""
    game = state.game
    return {"table_id": "t", "game": game.name, "title": game.title, "players": game.num_players,
            "rules": game.rules.to_dict(), "current_player": state.current_player, "is_over": state.is_over,
            "actions": len(state.history),
            "seats": [{"seat": i, "kind": "bot", "bot": "random"} for i in range(game.num_players)]}


def _messages(game_name: str, players: int, seeds, every: int, **options) -> list[dict]:
    """Messages as the server sends them, at every `every`-th step of matches between random and heuristic bots:
    for the player to move (with its legal actions) and for a spectator; at each hand's end, seat 0's and a
    spectator's view of the hand that ended (its ``hand_end_view``) with ``ending_move``, the page's ``endingMove``."""
    from gamenight.core.registry import make_bot

    out = []
    for seed in seeds:
        game = gamenight.make(game_name, players=players, **options)
        bots = [make_bot("heuristic" if i % 2 else "random", game) for i in range(players)]
        rng = random.Random(seed)
        state = game.new(seed=seed)
        step = 0
        while True:
            if step % every == 0 or state.is_over:
                table = _table_of(state)
                for seat in {state.current_player, None}:
                    legal = [str(a) for a in state.legal_actions()] if seat is not None else []
                    out.append({"type": "state", "table": table, "seat": seat, "version": len(state.history),
                                "view": state.view(seat), "legal_actions": legal,
                                "legal_described": [game.describe(a) for a in legal]})
            if state.is_over:
                return out
            p = state.current_player
            before = state.clone()
            state.apply(bots[p].choose(state.view(p), state.legal_actions(), rng))
            step += 1
            if state.hands_played != before.hands_played and not state.is_over:
                for seat in (0, None):
                    now = state.view(seat)
                    out.append({"type": "state", "table": _table_of(before),
                                "seat": seat, "version": len(before.history), "view": before.view(seat),
                                "legal_actions": [], "legal_described": [],
                                "ending_move": [now["previous_log"][-1][0], now["previous_log_described"][-1]]})
    return out


@needs_node
@pytest.mark.parametrize("game_name,players,options", [
    ("yaniv", 3, {"elimination_limit": 60}),
    ("yaniv", 5, {"slapdown": True, "joker_swap": True, "set_pick_any": True, "elimination_limit": 50}),
    ("yaniv", 2, {"single_round": True, "king_of_hearts_zero": True}),
    ("gin_rummy", 2, {"game_target": 60}),
    ("gin_rummy", 2, {"rules": "modern", "oklahoma": True, "oklahoma_spades_double": True, "game_target": 60}),
    ("gin_rummy", 2, {"rules": "classic", "stock_end": "tournament_50th_card", "single_hand": True}),
    ("thunee", 4, {"balls_to_win": 6}),
    ("thunee", 2, {"balls_to_win": 4}),
    ("thunee", 6, {"balls_to_win": 4}),
    ("yessir", 3, {"rules": "short"}),
    ("yessir", 5, {"rules": "short_pip_change"}),
])
def test_views_draw_every_state_and_only_offer_legal_actions(game_name, players, options):
    """Every game's view draws real matches (the mover's and a spectator's messages, live and replayed) in a
    small stand-in DOM: no exception, never an empty board; every click on the board is a legal action (none
    while replaying), and a selection only ever suggests a legal action."""
    messages = _messages(game_name, players, range(2), every=2, **options)
    result = subprocess.run([NODE, "-e", _RENDER, str(STATIC / "gn.js"), str(STATIC / "cards.js"), str(STATIC / "dice.js"),
                             str(STATIC / "games" / f"{game_name}.js")],
                            input=json.dumps(messages), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["count"] == 0, report["fails"]
    assert report["clicks"] > 0 and report["acted"] > 0


# ---- icons, not emoji (issue 43): a machine without an emoji font draws emoji as empty boxes ------------------------
# pictographs and the emoji-presentation symbols; the card suits (♠ ♥ ♦ ♣) and the arrows the pages use are text
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u265F\u2664\u2667-\u27BF\u2B50\u2B55\u231A\u231B\u23E9-\u23FA\uFE0F]")


def test_no_page_script_style_or_catalog_holds_an_emoji():
    places = [*STATIC.rglob("*.js"), *STATIC.rglob("*.html"), *STATIC.rglob("*.css"),
              *(Path(gamenight.__file__).parent / "locale").rglob("*.po")]
    found = [f"{path.name}:{n}: {line.strip()[:80]}" for path in places
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if EMOJI.search(line)]
    assert found == []


_ICONS = """
const fs = require("fs");
function node(tag) {
  return {tag, attrs: {}, children: [], textContent: "", get lastChild() { return this.children[this.children.length - 1]; },
          setAttribute(k, v) { this.attrs[k] = String(v); }, append(...c) { this.children.push(...c); }};
}
global.document = {createElement: node, createElementNS: (ns, tag) => node(tag)};
global.GN = new Function(fs.readFileSync(process.argv[1], "utf8") + "\\nreturn GN;")();
new Function("GN", fs.readFileSync(process.argv[2], "utf8"))(GN);
const report = {};
for (const name of ["sound", "muted", "trophy", "cheer"]) {
  const plain = GN.icon(name), named = GN.icon(name, {label: "a " + name, size: 28});
  report[name] = {tag: plain.tag, hidden: plain.attrs["aria-hidden"], paths: plain.children.filter((c) => c.tag === "path").length,
                  width: named.attrs.width, role: named.attrs.role, label: named.attrs["aria-label"],
                  title: named.children.filter((c) => c.tag === "title").map((c) => c.textContent)};
}
try { GN.icon("nothing"); report.unknown = "drawn"; } catch (e) { report.unknown = "refused"; }
process.stdout.write(JSON.stringify(report));
"""


@needs_node
def test_icons_are_svg_drawn_by_the_script_named_only_where_they_mean_something():
    """GN.icon (static/icons.js) draws the sound switch's and the match end's icons as SVG: decoration beside words is
    hidden from screen readers; an icon given a label is an image with that spoken name."""
    result = subprocess.run([NODE, "-e", _ICONS, str(STATIC / "gn.js"), str(STATIC / "icons.js")],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report.pop("unknown") == "refused"
    for name, drawn in report.items():
        assert drawn["tag"] == "svg" and drawn["hidden"] == "true" and drawn["paths"] >= 1, name
        assert drawn["width"] == "28" and drawn["role"] == "img", name
        assert drawn["label"] == f"a {name}" and drawn["title"] == [f"a {name}"], name
