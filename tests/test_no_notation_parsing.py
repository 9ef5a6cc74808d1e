"""The clients never read an action's notation again: the pages (``web/static/**/*.js``) and the terminal
(``cli/``, its renderers and its menu) draw what an action or a move does from the engine's records of it
(``game.describe``: ``legal_described``, the views' ``log_described``), and the notation is only an action's name
there (compared, looked up, sent back). Each pattern below is one way a client picked notation apart or put it
together before; any of them coming back fails here, with the file and the line.

What stays allowed: card codes are cards' names in the records too, so ``cards.js`` (which draws a card from its
code) and ``cli/render/cards.py`` may read a card code; translated texts may be split around their placeholders;
an action's name may be compared with a name (``legal.has("draw")``)."""
from __future__ import annotations

import pathlib
import re

import gamenight

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "gamenight"
CARD_READERS = {"web/static/cards.js", "cli/render/cards.py"}   # they draw a card from its code


def notation_words() -> tuple[list[str], list[str]]:
    """The words that begin an action with an argument (``take`` of ``take 7s``), and the names of the actions
    that are one word (``yaniv``, ``draw``), from every game's own action table."""
    heads: set[str] = set()
    names: set[str] = set()
    for name in gamenight.games():
        for action in gamenight.make(name).actions:
            text = str(action)
            if " " in text:
                heads.add(text.split(" ")[0])
            elif text.isalpha() and len(text) > 1:
                names.add(text)
    return sorted(heads), sorted(names)


def patterns() -> list[tuple[str, re.Pattern[str]]]:
    heads, names = notation_words()
    head = "|".join(map(re.escape, heads))
    name = "|".join(map(re.escape, names))
    return [
        ("reads an action's first word", re.compile(rf"""(?:startsWith|startswith)\(\s*["'`](?:{head}) """)),
        ("a regular expression anchored on an action's first word",
         re.compile(rf"/\^\(?(?:{head})\b")),
        ("builds an action's name from its first word",
         re.compile(rf"""(?:["'`](?:{head}) ["'`]\s*\+|`(?:{head}) \$\{{|\bf["'](?:{head}) \{{)""")),
        ("splits a group at the notation's + or =", re.compile(r"""\.split\(\s*["'][+=]["']""")),
        ("strips what a joker stands for out of a group's notation", re.compile(r"=\[\^\+\]")),
        ("recognises a card action by a pattern", re.compile(r"\[shdc\]")),
        ("recognises or builds a YESSIR! die action", re.compile(r"a\[123\]|`a\$\{")),
        ("splits an action or a move", re.compile(r"\b(?:action|action_text|move|notation)\.split\(")),
        ("tests a move against an action's name by a pattern", re.compile(rf"/\^?(?:{name})\b[^/\n]*/[a-z]*\.test\(")),
    ]


def client_files(root: pathlib.Path = PACKAGE) -> list[pathlib.Path]:
    return sorted([*(root / "web" / "static").rglob("*.js"), *(root / "cli").rglob("*.py")])


def findings(root: pathlib.Path = PACKAGE) -> list[str]:
    """Every line of the clients that reads notation: ``file:line: why``."""
    found = []
    rules = patterns()
    for path in client_files(root):
        where = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for why, pattern in rules:
                if pattern.search(line) and not (why.startswith("recognises a card") and where in CARD_READERS):
                    found.append(f"{where}:{number}: {why}: {line.strip()}")
    return found


def test_the_patterns_know_the_notation():
    heads, names = notation_words()
    assert {"take", "swap", "knock", "meld", "layoff", "call", "trump", "jodi", "double", "kanak"} <= set(heads)
    assert {"yaniv", "draw", "pass", "done"} <= set(names)


def test_the_patterns_catch_what_the_clients_did_before():
    """Each pattern finds the kind of line it was written for (lines the clients had before the records)."""
    before = ['if (move.startsWith("take ")) {', "const known = (a) => /^(take|swap) /.test(a);",
              'onTake: (c) => ui.act("take " + c),', 'return text.split("+").map((token) => {',
              'miniGroup(text.replace(/=[^+]*/g, ""))', "const CARD_ACTION = /^(10|[A2-9TJQK])[shdc]$/;",
              "if (/^a[123]$/.test(text)) {", "_, card, target = action_text.split()",
              'GN.sound.play(/yaniv/i.test(last) ? "yaniv" : "card");', "const action = `a${i + 1}`;",
              'if text.startswith("knock "):']
    rules = patterns()
    for line in before:
        assert any(p.search(line) for _, p in rules), line


def test_no_client_reads_notation():
    found = findings()
    assert not found, "the clients read notation again (draw from the records instead):\n" + "\n".join(found)
