"""Learn to play, in a real browser (issue 44): a fresh browser presses "Learn to play" (on the game's rules page for
some runs, in the lobby for the others) and follows the coach to the end of the first hand, in every game and in
English, French and Japanese. At each decision the coach's panel says where the hand stands, every choice (one per
action in the bar, with what it does and, where the expert estimated it, its chance) and the coach's choice and why,
each exactly as the engine's text reads in the page's language (the coach's own message, asked over HTTP with the
seat's token, rendered by the catalogs; in French and Japanese none left in English); the coach's choice is marked in
words on its button, which the test presses; every move since the last decision, the bots' included, has its line;
the hand's end is shown. A spectator's page hears nothing of the coach (its WebSocket carries no coach message) and
the coach's address refuses anybody without the learner's token. axe finds nothing serious at a coached table
(English and Japanese, desktop and phone), and on a phone the hand and the action bar stay on one screen, the coach
after them. Screenshots of a coached decision in each game, desktop (1280x800) and phone (390x844), go to
test-artifacts/e2e/coach/<game>-<size>.png (copied into docs/screenshots/coach/ to show the pages: not written there,
so a test run leaves the sources as they were)."""
import json
import re
import urllib.error
import urllib.request

import pytest
from e2e_helpers import MOVED_ON_OR_ERROR, body, error_text, legal_texts, version, wait_live
from test_e2e_accessibility import RUN_AXE, SETTLED, axe_source
from test_e2e_languages import english_patterns
from test_e2e_phone_layout import assert_on_one_screen

import gamenight
from conftest import ARTIFACTS
from gamenight import i18n
from gamenight.core.text import Text

LANGUAGES = ("en", "fr", "ja")
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
SHOTS = ARTIFACTS / "coach"

# the learner's decision with the coach's advice for it drawn, or the first hand over (its row in the score sheet)
DECISION_OR_HAND_END = """() => {
  const b = document.body.dataset;
  if (b.over === 'true' || document.querySelector('#summary tr[data-hand]')) return true;
  const advice = document.getElementById('coach-advice');
  return document.querySelector('#actions button[data-action]') !== null && advice !== null &&
         advice.dataset.step === b.version;
}"""
HAND_OVER = "() => document.body.dataset.over === 'true' || document.querySelector('#summary tr[data-hand]') !== null"
# what the coach's panel shows: each part's text, each choice and each line
PANEL = """() => {
  const text = (e) => e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;
  const advice = document.getElementById('coach-advice');
  return {
    title: text(document.getElementById('coach-title')),
    situation: text(document.querySelector('#coach-advice .coach-situation')),
    why: text(document.querySelector('#coach-advice .coach-why')),
    suggested: advice ? advice.dataset.suggested : null,
    choices: [...document.querySelectorAll('#coach-choices li')].map((li) => ({
      action: li.dataset.coachChoice, says: text(li.querySelector('.coach-says')),
      chance: text(li.querySelector('.coach-chance')), mark: text(li.querySelector('.coach-mark')),
      suggested: li.classList.contains('suggested')})),
    lines: [...document.querySelectorAll('#coach li[data-step]')].map((li) => ({step: Number(li.dataset.step),
                                                                               text: text(li)})),
    texts: [...document.querySelectorAll('#coach *')].flatMap((e) => [...e.childNodes])
             .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()).map((n) => n.textContent.trim()),
  };
}"""


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def rendered(made: dict, lang: str) -> str:
    """An engine's text (Text JSON) as the catalogs say it in ``lang``, another seat named as the table names it:
    at a coached table every seat but the learner's is a bot ("Bot 2")."""
    return words(i18n.render(Text.from_json(bots_named(made)), lang))


def bots_named(made):
    if not isinstance(made, dict) or "values" not in made:
        return made
    number = made["values"].get("number")
    if made["text"] in ("Seat {number}", "seat {number}") and isinstance(number, int):
        return {"text": "Bot {number}", "values": {"number": number}}
    return {**made, "values": {key: bots_named(value) for key, value in made["values"].items()}}


def said(text: str, lang: str) -> str:
    """One of the page's own texts in ``lang``."""
    return i18n.translator(lang).gettext(text)


def coach_of(server: str, table_id: str, token: str | None) -> dict:
    """The coach's message for the learner, asked over HTTP (``token``: theirs, or None)."""
    headers = {"X-Seat-Token": token} if token else {}
    request = urllib.request.Request(f"{server}/api/tables/{table_id}/coach", headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def table_of(page) -> str:
    return page.evaluate("() => decodeURIComponent(location.pathname.split('/').pop())")


def token_of(page) -> str:
    return page.evaluate("id => localStorage.getItem('gamenight-token-' + id)", table_of(page))


def learn(pages, server: str, game: str, lang: str, from_rules: bool, label: str = "learner", **options):
    """A fresh browser in ``lang`` presses Learn to play (the game's rules page, or the lobby) and lands, seated, at
    the coached table."""
    page = pages.open(label, locale=LOCALES[lang], **options)
    if from_rules:
        page.goto(f"{server}/rules/{game}?lang={lang}")
        page.wait_for_function("() => document.body.dataset.ready === 'true'")
        button = page.locator("#learn-button")
    else:
        page.goto(f"{server}/?lang={lang}")
        button = page.locator(f'#learn button[data-learn-game="{game}"]')
    assert words(button.inner_text()) == words(said("Learn to play {game}", lang).format(game=said(
        gamenight.make(game).title, lang)))
    button.click()
    page.wait_for_url(re.compile(r"/table/"))
    wait_live(page)
    assert body(page, "seat") == "0", "the learner is not seated"
    assert page.evaluate("() => document.documentElement.lang") == lang
    return page


def check_advice(page, advice: dict, lang: str) -> str:
    """The panel says the coach's advice whole, in ``lang``, and marks its choice there and in the bar; the choice."""
    shown = page.evaluate(PANEL)
    assert shown["title"] == words(said("Coach", lang))
    assert shown["situation"] == rendered(advice["situation"], lang)
    assert shown["why"] == rendered(advice["why"], lang)
    assert shown["suggested"] == advice["suggested"]
    bar = legal_texts(page)
    assert sorted(c["action"] for c in shown["choices"]) == sorted(bar), "the panel's choices are not the bar's"
    template = said("(about {percent} to win the hand)", lang)
    for choice, made in zip(shown["choices"], advice["choices"], strict=True):
        assert choice["action"] == made["action"]
        assert choice["says"] == rendered(made["says"], lang)
        if made["chance"] is None:
            assert choice["chance"] is None
        else:   # (the percentage as the page's language writes it)
            before, after = template.split("{percent}")
            assert choice["chance"].startswith(words(before)) and choice["chance"].endswith(words(after))
            assert str(made["chance"]) in choice["chance"]
        mine = made["action"] == advice["suggested"]
        assert choice["suggested"] == mine and (choice["mark"] == words(said("coach's choice", lang))) == mine
    badge = page.locator(f'#actions button.coach-suggested[data-action="{advice["suggested"]}"] .coach-badge')
    assert words(badge.inner_text()) == words(said("coach's choice", lang))
    assert page.locator("#actions .coach-badge").count() == 1
    return advice["suggested"]


def check_lines(page, message: dict, lang: str, since: int, upto: int):
    """Every move from step ``since`` to ``upto`` (the learner's and the bots') has its line, as the engine says it."""
    shown = page.evaluate(PANEL)["lines"]
    assert [line["text"] for line in shown] == [rendered(line["text"], lang) for line in message["lines"]]
    assert [line["step"] for line in shown] == [line["step"] for line in message["lines"]]
    steps = {line["step"] for line in message["lines"]}
    missing = [step for step in range(since, upto + 1) if step not in steps]
    assert not missing, f"no line for the moves of steps {missing}"


def check_no_english(page, message: dict, patterns, lang: str):
    """In French and Japanese: nothing in the panel is an English text of the catalogs, and every text the engine
    sent is said by the catalog (not left in English)."""
    if lang == "en":
        return
    escaped = [text for text in page.evaluate(PANEL)["texts"] if any(p.fullmatch(text) for p in patterns)
               and re.search(r"[A-Za-z]{3,}", text)]
    assert escaped == [], f"English in the coach's panel: {escaped}"
    advice = message["advice"] or {}
    texts = [line["text"] for line in message["lines"]] + [advice[k] for k in ("situation", "why") if k in advice]
    texts += [choice["says"] for choice in advice.get("choices", [])]
    assert i18n.unsaid([Text.from_json(t) for t in texts], lang) == []


def check_said_once(page, lines: list[dict], start: int, decisions: list[int]):
    """Screen readers heard each move since the page opened once, in order (the coach's lines: ``lines``, those of
    the final message), and each decision's suggestion once; #announce said no move a second time."""
    said = page.evaluate("() => window.gnCoachSaid")
    steps = [s for s in said if isinstance(s, int)]
    assert steps == sorted(steps), f"lines said out of order: {steps}"
    kept = [line["step"] for line in lines if line["step"] > start]
    assert steps[len(steps) - len(kept):] == kept, "the latest lines were not each said once"
    missing = set(range(start + 1, max(steps, default=start) + 1)) - set(steps)
    assert not missing, f"the moves of steps {sorted(missing)} were not said"
    assert [s for s in said if isinstance(s, str)] == [f"advice@{step}" for step in decisions]
    assert page.text_content("#announce").strip() == "", "#announce said a move the coach says"


def shoot(page, game: str, size: str, full_page: bool = False):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-{size}.png"), full_page=full_page)


def phone_shot(pages, server: str, game: str, table_id: str, token: str, step: int):
    """The learner's table on a phone (another page of the same seat) at the decision of ``step``: the hand and the
    action bar on one screen, the coach after the bar; its picture, the whole page."""
    phone = pages.open("phone", reduced_motion="reduce")
    phone.set_viewport_size({"width": 390, "height": 844})
    key = json.dumps(f"gamenight-token-{table_id}")
    phone.context.add_init_script(f"localStorage.setItem({key}, {json.dumps(token)})")
    phone.goto(f"{server}/table/{table_id}")
    wait_live(phone)
    phone.wait_for_function("s => (document.getElementById('coach-advice') || {dataset: {}}).dataset.step === s",
                            arg=str(step))
    assert phone.evaluate("() => document.getElementById('coach').previousElementSibling.id") == "hint"
    assert_on_one_screen(phone, "a coached decision")
    shoot(phone, game, "phone", full_page=True)
    phone.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", gamenight.games())
def test_a_newcomer_follows_the_coach_through_the_first_hand(server, pages, game, lang):
    from_rules = (gamenight.games().index(game) + LANGUAGES.index(lang)) % 2 == 0
    page = learn(pages, server, game, lang, from_rules)
    page.set_viewport_size({"width": 1280, "height": 800})
    table_id, token = table_of(page), token_of(page)
    patterns = english_patterns(lang) if lang != "en" else []
    start = version(page)      # (the moves before the page opened are not news to a screen reader)
    since, decisions, advised, shot = 1, 0, [], False
    while True:
        page.wait_for_function(DECISION_OR_HAND_END)
        if page.evaluate(HAND_OVER):
            break
        step = version(page)
        message = coach_of(server, table_id, token)
        assert message["seat"] == 0 and message["advice"]["step"] == step
        suggested = check_advice(page, message["advice"], lang)
        check_lines(page, message, lang, since, step)
        check_no_english(page, message, patterns, lang)
        if lang == "en" and not shot and len(message["advice"]["choices"]) >= 3:   # (a real choice to show)
            page.evaluate("() => window.scrollTo(0, 0)")   # (a click scrolled its button into view)
            shoot(page, game, "desktop")
            phone_shot(pages, server, game, table_id, token, step)
            shot = True
        advised.append(step)
        page.click(f'#actions button[data-action="{suggested}"]')
        page.wait_for_function(MOVED_ON_OR_ERROR, arg=step)
        assert error_text(page) == "", f"the coach's choice {suggested!r} was refused: {error_text(page)}"
        since, decisions = step + 1, decisions + 1
        assert decisions < 200, "the first hand did not end"
    assert decisions > 0, "the learner had no decision in the first hand"
    assert shot or lang != "en", "no decision of three choices or more to show"
    # the hand's end: its summary, and a line for every move to its last
    assert page.inner_text("#summary").strip() != "", "the hand's end is not shown"
    page.wait_for_function("v => [...document.querySelectorAll('#coach li[data-step]')]"
                           ".some((li) => Number(li.dataset.step) >= v)", arg=version(page))
    end = coach_of(server, table_id, token)
    check_lines(page, end, lang, since, max(line["step"] for line in end["lines"]))
    check_no_english(page, end, patterns, lang)
    check_said_once(page, end["lines"], start, advised)
    pages.shot(page, "hand-end")


def test_a_spectator_hears_nothing_of_the_coach(server, pages):
    learner = learn(pages, server, "yaniv", "en", from_rules=False)
    table_id, token = table_of(learner), token_of(learner)
    learner.wait_for_function(DECISION_OR_HAND_END)
    watcher = pages.open("spectator")
    heard = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: heard.append(payload)))
    watcher.goto(f"{server}/table/{table_id}")
    wait_live(watcher)
    assert body(watcher, "seat") == "" and watcher.locator("#coach").is_hidden()
    # the learner follows the coach twice; the spectator sees the moves, never the coach
    for _ in range(2):
        learner.wait_for_function(DECISION_OR_HAND_END)
        if learner.evaluate(HAND_OVER):
            break
        step = version(learner)
        learner.click(f'#actions button[data-action="{coach_of(server, table_id, token)["advice"]["suggested"]}"]')
        learner.wait_for_function(MOVED_ON_OR_ERROR, arg=step)
        watcher.wait_for_function("v => Number(document.body.dataset.version) > v", arg=step)
    assert heard, "the spectator's page heard nothing"
    kinds = {json.loads(frame)["type"] for frame in heard if isinstance(frame, str)}
    assert "coach" not in kinds and "state" in kinds, kinds
    assert watcher.locator("#coach").is_hidden() and watcher.locator("#actions .coach-badge").count() == 0
    # and the coach's address refuses anybody without the learner's token
    for other in (None, "not-a-token-of-this-table"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            coach_of(server, table_id, other)
        assert refused.value.code in (401, 403), refused.value.code


@pytest.mark.parametrize(("game", "lang"), [("yaniv", "en"), ("thunee", "ja")])
def test_a_coached_table_meets_wcag_aa(server, pages, game, lang):
    # axe is put into the page by the test, not by the page, so the page's Content-Security-Policy is bypassed for it
    page = learn(pages, server, game, lang, from_rules=lang == "ja", bypass_csp=True)
    page.wait_for_function(DECISION_OR_HAND_END)
    page.evaluate(axe_source())
    found = []
    for width, height, beside in ((1280, 800, "side"), (390, 844, "hint")):
        page.set_viewport_size({"width": width, "height": height})
        # the page redraws after a resize: the coach beside the table, or after the action bar
        page.wait_for_function("""where => { const c = document.getElementById('coach');
          return where === 'side' ? c.parentNode.classList.contains('side')
                                  : (c.previousElementSibling || {}).id === 'hint'; }""", arg=beside)
        page.evaluate(SETTLED)
        found += [f"{game} at {width}x{height}: {v}" for v in page.evaluate(RUN_AXE)]
    assert not found, "\n".join(found)
