"""What the end-to-end tests do in the browser, written once: create tables, take seats, play by clicking.

The tests only use the page's DOM contract (docs/web.md): body data-* attributes, #actions buttons, #seats,
#turn, #error. Actions are chosen from the buttons' texts, never from the server's state.
"""
import json
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

OVER = "() => document.body.dataset.over === 'true'"
MY_TURN_OR_OVER = ("() => document.body.dataset.over === 'true' || "
                   "document.querySelector('#actions button[data-action]') !== null || "
                   "(document.getElementById('next-hand') && !document.getElementById('next-hand').disabled)")
MOVED_ON_OR_ERROR = ("v => Number(document.body.dataset.version) > v || "
                     "(document.getElementById('error') && document.getElementById('error').textContent.trim() !== '')")
END_WORDS = ("over", "win", "won")

# Every Content-Security-Policy violation a page meets (the pages need nothing inline: no eval, no inline script,
# style element or style attribute, no other origin): kept in the page (window.__cspViolations) and said on the
# console, where the `pages` fixture (conftest.py) records it whatever the test allows: the test fails saying what
# was blocked and where.
CSP_VIOLATION = "CSP violation:"
CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = (e.sourceFile || document.URL) + ":" + e.lineNumber + ":" + e.columnNumber;
  const text = "%s " + e.effectiveDirective + " blocked " + (e.blockedURI || "(inline)") + " at " + where +
               (e.sample && e.sample.trim() ? " (" + e.sample.trim() + ")" : "");
  window.__cspViolations.push(text);
  console.error(text);
}, true);
""" % CSP_VIOLATION
# what Chromium itself says on the console when it blocks something (the event above says it again)
CSP_REFUSED = re.compile(r"Content Security Policy|CSP violation")

# Short but real matches: several hands where the game has hands. Every registered game needs its entry here (and
# in choose_for, where a random choice of buttons would be too slow): test_every_game_has_its_e2e_settings says so.
SHORT = {
    "yaniv": {"players": 2, "options": {"elimination_limit": 40, "halving_at": "none"}},
    "gin_rummy": {"players": 2, "options": {"game_target": 30}},
    "thunee": {"players": 4, "options": {"balls_to_win": 3}},
    "yessir": {"players": 3, "preset": "short"},
}


# Bots answer after this pause (the server's --bot-delay): moves arrive one by one, as people see them, but quickly.
BOT_DELAY = "0.02"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, *options: str, url: str | None = None):
    """`gamenight serve` on 127.0.0.1:port with the SQLite file db, or the database ``url`` (its log beside db), and
    ``options`` (e.g. "--pseudo-locale"), once it answers: (process, base URL)."""
    # --test-seed: every table is dealt from a known seed (the tests give one), so a failure replays exactly; the
    # search bots and hints think in one worker process with a small budget (the tests measure no strength)
    command = [sys.executable, "-m", "gamenight.cli.main", "serve", "--port", str(port), "--db", url or f"sqlite:///{db}",
               "--bot-delay", BOT_DELAY, "--test-seed", "0", "--think-workers", "1", "--think-iterations", "12",
               *options]
    log = open(db.with_name(f"{db.stem}-{port}.log"), "w+")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    process.log = log
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/games", timeout=2).close()
            return process, base
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                log.seek(0)
                raise AssertionError("gamenight serve did not start:\n" + log.read()) from None
            time.sleep(0.1)


def stop_server(process, kill: bool = False):
    process.kill() if kill else process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
    process.log.close()


def api(base: str, path: str, body=None):
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.load(r)


def create_table(base: str, game: str, seats: list, *, seed: int, **settings) -> str:
    """A short table (``SHORT``, or ``settings`` instead) dealt from ``seed``, created over the API with `seats`
    (a bot name or None = open); its id."""
    table = api(base, "/api/tables", {"game": game, **(settings or SHORT[game]), "seats": seats, "seed": seed})
    return table["table_id"]


def body(page, name: str) -> str:
    return page.evaluate("n => document.body.dataset[n] || ''", name)


def version(page) -> int:
    return int(body(page, "version") or 0)


def wait_live(page):
    page.wait_for_function("() => document.body.dataset.live === 'true' && document.body.dataset.version !== undefined")


def take_seat(page, seat: int):
    page.click(f'#seats button[data-take-seat="{seat}"]')
    page.wait_for_function("s => document.body.dataset.seat === s && document.body.dataset.live === 'true'",
                           arg=str(seat))


def catch_up(page, table: dict) -> None:
    """Wait until the page shows the table (``table``: its summary from the API, read just before) at its move or
    a later one, and at that move the same pause after a hand (who it still waits for)."""
    pause = table["hand_pause"]
    page.wait_for_function(
        "([v, w]) => Number(document.body.dataset.version) > v || "
        "(Number(document.body.dataset.version) === v && document.body.dataset.waiting === w)",
        arg=[table["actions"], ",".join(map(str, pause["waiting_for"])) if pause else ""])


def press_next_hand(page) -> None:
    """Press "Next hand" and wait until the table no longer waits for this page's person."""
    page.click("#next-hand")
    page.wait_for_function("s => !(document.body.dataset.waiting || '').split(',').includes(s)", arg=body(page, "seat"))


def legal_texts(page) -> list[str]:
    return page.eval_on_selector_all("#actions button[data-action]", "bs => bs.map(b => b.dataset.action)")


def error_text(page) -> str:
    return page.evaluate("() => (document.getElementById('error') || {textContent: ''}).textContent.trim()")


def wait_turn_or_over(page) -> bool:
    """Wait until this page has actions to click (True) or the match is over (False). After a hand the person
    presses "Next hand", as a person does (the bots wait for it)."""
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if body(page, "over") == "true":
            return False
        if page.locator("#actions button[data-action]").count():
            return True
        page.click("#next-hand")


def play_one(page, choose, rng: random.Random, keys: bool = False) -> str:
    """Click (or press the number key of) one legal action, chosen from the buttons' texts; check that the page
    then shows a later version. Returns the action."""
    texts = legal_texts(page)
    assert texts, "no action to click"
    action = choose(texts, rng)
    before = version(page)
    index = texts.index(action)
    if keys and index < 9:
        page.keyboard.press(str(index + 1))
    else:
        page.click(f'#actions button[data-action="{action}"]')
    page.wait_for_function(MOVED_ON_OR_ERROR, arg=before)
    assert error_text(page) == "", f"{action!r} was refused: {error_text(page)}"
    assert version(page) > before
    return action


def sit_and_play(pages, base: str, table_id: str, choose, rng: random.Random, moves: int):
    """A person opens the table, takes seat 0 and plays ``moves`` actions by clicking; returns the page once it
    is this person's turn again."""
    page = pages.open("person")
    page.goto(f"{base}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    pages.shot(page, "start")
    for _ in range(moves):
        assert wait_turn_or_over(page)
        play_one(page, choose, rng)
    assert wait_turn_or_over(page)
    return page


def play_to_end(page, pages, choose, rng: random.Random, *, keys_every: int = 0, mid_shot_at: int = 6,
                max_clicks: int = 600) -> int:
    """Play this seat's whole match by clicking until body[data-over="true"]; the number of actions played.
    With keys_every=k, every k-th action is played with its number key instead of a click."""
    played = 0
    while wait_turn_or_over(page):
        assert played < max_clicks, f"the match did not end after {max_clicks} actions"
        keys = keys_every > 0 and played % keys_every == keys_every - 1
        play_one(page, choose, rng, keys=keys)
        pages.check()
        played += 1
        if played == mid_shot_at:
            pages.shot(page, "mid-match")
    return played


def assert_match_over(page):
    page.wait_for_function(OVER)
    turn = page.inner_text("#turn").strip()
    assert any(word in turn.lower() for word in END_WORDS), f"#turn does not show the end: {turn!r}"
    assert legal_texts(page) == []
    # the end-of-match summary: the last hand's reveal and scoring line
    assert page.inner_text("#summary").strip() != "", "no summary at the end of the match"
    # and the end is celebrated: who won, big
    assert page.locator("#celebrate:not([hidden])").count() == 1
    assert any(word in page.inner_text("#celebrate").lower() for word in ("win", "over"))


RANK_ORDER = "A23456789TJQK"


def choose_for(game: str):
    """A simple way to play each game from the buttons' texts: enough to finish a match in a few dozen actions."""

    def yaniv(texts, rng):
        if "yaniv" in texts:
            return "yaniv"
        discards = [t for t in texts if t != "draw" and not t.startswith("take")]
        if discards:  # shed as many cards as possible
            return max(discards, key=lambda t: (t.count("+") + t.count("="), rng.random()))
        return rng.choice(texts)

    def gin_rummy(texts, rng):
        for word in ("knock", "meld", "layoff", "done"):
            found = [t for t in texts if t.startswith(word)]
            if found:
                return rng.choice(found)
        singles = [t for t in texts if len(t) == 2 and t[0] in RANK_ORDER]
        if singles:  # throw the highest card
            return max(singles, key=lambda t: (RANK_ORDER.index(t[0]), rng.random()))
        return rng.choice(texts)

    def thunee(texts, rng):
        plain = [t for t in texts if not t.startswith(("call", "thunee", "double", "kanak", "redeal"))]
        return rng.choice(plain or texts)

    def anything(texts, rng):
        return rng.choice(texts)

    return {"yaniv": yaniv, "gin_rummy": gin_rummy, "thunee": thunee}.get(game, anything)

