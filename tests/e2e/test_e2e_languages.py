"""Every game played in Japanese and in French, in Chromium: the page is served in the language asked for, and no
text the pages draw escapes their catalog (at the start, at each hand's end and at the end of the match, every text
and label on the page is checked against the English texts the catalogs translate). Screenshots of each."""
import random
import re

import pytest
from e2e_helpers import SHORT, api, body, choose_for, create_table, play_one, take_seat, wait_live, wait_turn_or_over

import gamenight
from gamenight import i18n

SEEDS = {"yaniv": 21, "gin_rummy": 22, "thunee": 23, "yessir": 24}

# every text node and every label (aria-label, title, placeholder, alt) the person can read
PAGE_TEXTS = """() => {
  const SKIP = 'script, style, [hidden], .raw-view';
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIP)) continue;
    if (node.textContent.trim()) texts.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (el.closest(SKIP)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && !(name === 'title' && el.dataset.action)) texts.push(value.trim());   // (an action's notation)
    }
  }
  return texts.filter(Boolean);
}"""


def english_patterns(lang: str) -> list[re.Pattern]:
    """The English texts the catalog of ``lang`` translates differently, as patterns (a placeholder matches any)."""
    patterns = []
    for msgid, text in i18n.catalog(lang)["messages"].items():
        english = msgid
        if text == english or (isinstance(text, list) and english in text):
            continue   # the same in both languages (a name, a number): no sign of escape
        words = re.sub(r"\{\w+\}", "", english)
        if len(re.findall(r"[A-Za-z]{3,}", words)) == 0:
            continue   # no English word to recognise
        parts = re.split(r"(\{\w+\})", english)
        patterns.append(re.compile("".join(".+?" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)))
    assert patterns, f"the {lang} catalog translates nothing"
    return patterns


def strings_in(data) -> set[str]:
    if isinstance(data, str):   # (an option's key is shown with spaces for its underscores)
        return {data.strip(), data.strip().replace("_", " ")}
    if isinstance(data, dict):
        return set().union(set(), *(strings_in(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(set(), *(strings_in(v) for v in data))
    return set()


def without_titles(answer):
    """The games or tables the server lists, without their titles (which the pages translate)."""
    return [{k: v for k, v in entry.items() if k != "title"} for entry in answer]


def escaped(page, patterns, allowed: set[str] = frozenset()) -> list[str]:
    """The texts on the page that are English texts of the catalog (which should have been translated)."""
    servers = sorted((a for a in allowed if len(a) > 2), key=len, reverse=True)

    def own_words(text: str) -> bool:   # English words left once the server's texts in it are taken out
        for a in servers:
            text = text.replace(a, " ")
        return re.search(r"[A-Za-z]{3,}", text) is not None

    return sorted({text for text in page.evaluate(PAGE_TEXTS)
                   if any(p.fullmatch(text) for p in patterns) and own_words(text)})


def own_escaped(server, page, patterns) -> list[str]:
    """Every English text of the catalogs on the page: the pages' own and the server's (the rules of the table,
    descriptions of hands, refusals) alike."""
    return escaped(page, patterns)


@pytest.mark.parametrize("lang", ["ja", "fr"])
@pytest.mark.parametrize("game", gamenight.games())
def test_a_whole_match_in_japanese_and_in_french_shows_no_english_text_of_the_pages(server, pages, game, lang):
    patterns = english_patterns(lang)
    players = SHORT[game]["players"]
    table_id = create_table(server, game, [None] + ["heuristic"] * (players - 1), seed=SEEDS[game])
    page = pages.open(lang)
    page.goto(f"{server}/table/{table_id}?lang={lang}")
    wait_live(page)
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.fill("#player-name", {"ja": "花子", "fr": "Camille"}[lang])
    take_seat(page, 0)
    assert own_escaped(server, page, patterns) == [], "at the start"
    pages.shot(page, "start")
    rng, choose = random.Random(f"{lang}-{game}"), choose_for(game)
    moves = hand_ends = 0
    while wait_turn_or_over(page):
        if page.evaluate("() => document.getElementById('summary').textContent.trim() !== ''") and not hand_ends:
            hand_ends += 1
            assert own_escaped(server, page, patterns) == [], "after the first hand"
        play_one(page, choose, rng)
        pages.check()
        moves += 1
        assert moves < 600, "the match did not end"
    assert body(page, "over") == "true"
    assert own_escaped(server, page, patterns) == [], "at the end of the match"
    pages.shot(page, "match-end")


def test_the_lobby_in_japanese_and_french(server, pages):
    for lang in ("ja", "fr"):
        page = pages.open(f"lobby-{lang}")
        page.goto(f"{server}/?lang={lang}")
        page.wait_for_selector('#game option[value="yaniv"]', state="attached")
        assert page.evaluate("() => document.documentElement.lang") == lang
        # the tables' names, as people wrote them (the games' presets and options are translated like the rest)
        tables = strings_in(without_titles(api(server, "/api/tables")))
        assert escaped(page, english_patterns(lang), tables) == []
        pages.shot(page, "lobby")
        page.select_option("#lang-picker", "en")          # the picker: the page again, in English, remembered
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        page.goto(f"{server}/")
        assert page.evaluate("() => document.documentElement.lang") == "en"
