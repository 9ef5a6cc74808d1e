"""What a player reads carries no rule codes: the codes (T20, G8, Y5, J12, B4, A2-5, CE10 ...) name the rules in
the developer docs (docs/games/*.md), and a person at the table has neither. Generic over every registered game:
random seeded playouts, and at many steps every illegal action (by id, by object and by notation), malformed
notation, and every string anywhere in every seat's view.
"""
from __future__ import annotations

import dataclasses
import random
import re

import pytest

import gamenight
from gamenight import IllegalAction

GAMES = gamenight.games()
# a rule code: one or two capitals and a number, maybe a part (A2-5) or a range (T22-T23), standing alone
RULE_CODE = re.compile(r"(?<![0-9A-Za-z])(?:[A-Z]{1,2})[0-9]+(?:-[A-Z]?[0-9]+)?(?![0-9A-Za-z])")
MAX_TRIED = 600  # illegal actions tried at one step: every one when the game has no more, else a sample
TRY_EVERY = 9  # the illegal actions are tried on every 9th step
STEPS = 700  # random actions per (game, table)
PRESET_STEPS = 150  # and per (game, preset)


def _strings(value, path: str = "view"):
    """Every string in a view (keys too), with where it is."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", str(key)
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")


def _no_code(text: str, where: str) -> None:
    found = RULE_CODE.search(text)
    assert found is None, f"{where} shows the rule code {found.group()!r} to a player: {text!r}"


def _malformed(texts: list[str]) -> list[str]:
    """Notation a person might mistype, made from real action texts: a part repeated, a word added, cut short."""
    out = []
    for text in texts:
        words = text.split()
        out += [text + "+" + words[-1], text + " " + words[-1], text[:-1], text + "x", " ".join(words[:1] + ["?"])]
    return out


def _check_state(game, state, rng: random.Random) -> int:
    """Refuse illegal and malformed actions here and check every message; returns how many were tried."""
    legal = state.legal_actions()
    legal_ids = {a.id for a in legal}
    ids = [i for i in range(game.num_distinct_actions) if i not in legal_ids]
    if len(ids) > MAX_TRIED:
        ids = rng.sample(ids, MAX_TRIED)
    tried = 0
    for i in ids:
        action = game.action_from_id(i)
        for attempt in (action, str(action)):
            with pytest.raises(IllegalAction) as info:
                state.apply(attempt)
            _no_code(str(info.value), f"refusing {attempt!r}")
            tried += 1
    texts = [str(a) for a in rng.sample(legal, min(4, len(legal)))]
    texts += [str(game.action_from_id(i)) for i in rng.sample(range(game.num_distinct_actions), 4)]
    for text in _malformed(texts) + ["", "not-an-action", "12345"]:
        try:
            if game.parse_action(text) in legal:
                continue  # a mistype that is legal notation after all (a run cut short, say)
        except IllegalAction as e:
            _no_code(str(e), f"reading {text!r}")
        with pytest.raises(IllegalAction) as info:
            state.apply(text)
        _no_code(str(info.value), f"refusing {text!r}")
        tried += 1
    return tried


def _check_views(state) -> None:
    for seat in [None, *range(state.game.num_players)]:
        for where, text in _strings(state.view(seat), f"view({seat})"):
            _no_code(text, where)


def _playouts(game, seed: int, steps: int) -> int:
    rng = random.Random(seed)
    done = tried = 0
    match_seed = 500 + seed
    while done < steps:
        state = game.new(seed=match_seed)
        match_seed += 1
        _check_views(state)
        while not state.is_over and done < steps:
            if done % TRY_EVERY == 0:
                tried += _check_state(game, state, rng)
            state.apply(rng.choice(state.legal_actions()))
            done += 1
            _check_views(state)
        if state.is_over:
            with pytest.raises(IllegalAction) as info:
                state.apply(game.action_from_id(0))
            _no_code(str(info.value), "the finished match")
    return tried


def test_the_pattern_finds_rule_codes_and_nothing_else():
    for text in ("you must follow s (T20)", "(T22-T23)", "J12: the best hands tie", "A2-5", "CE10", "G8", "Y5"):
        assert RULE_CODE.search(text), text
    for text in ("take 7s", "Legal now: 2s+3s+4s, Th, Jk, 10c", "seat 3", "jodi KQh+JKQs", "call 104", "a1",
                 "seed002", "Round 12", "knock 9c", "trump ?"):
        assert not RULE_CODE.search(text), text


def tables(name: str) -> list[int]:
    cls = gamenight.core.registry.game_class(name)
    return sorted({cls.MIN_PLAYERS, cls.DEFAULT_PLAYERS, cls.MAX_PLAYERS})


# the larger Yaniv tables take longest: `make check` leaves them to `make test`
SLOW_TABLES = {("yaniv", 4), ("yaniv", 8)}


@pytest.mark.parametrize("name,players", [
    pytest.param(name, n, marks=pytest.mark.slow if (name, n) in SLOW_TABLES else ())
    for name in GAMES for n in tables(name)])
def test_no_rule_code_in_refusals_or_views(name, players):
    game = gamenight.make(name, players=players)
    assert _playouts(game, seed=players, steps=STEPS) > 0


@pytest.mark.parametrize("name,preset", [(name, p) for name in GAMES
                                         for p in gamenight.core.registry.game_class(name).RULES.PRESETS])
def test_no_rule_code_under_any_preset(name, preset):
    _playouts(gamenight.make(name, rules=preset), seed=3, steps=PRESET_STEPS)


@pytest.mark.parametrize("name", GAMES)
def test_no_rule_code_in_the_options_players_read(name):
    """`gamenight rules` and the lobby show each option's meaning: it names no rule; the rule numbers are kept
    beside it, for developers."""
    rules = gamenight.make(name).RULES
    options = rules.describe()
    for entry in options:
        assert not RULE_CODE.search(entry["meaning"]), (entry["name"], entry["meaning"])
    for preset, doc in rules.PRESET_DOCS.items():
        assert not RULE_CODE.search(doc), (preset, doc)
    assert any(entry["rule"] for entry in options)


def test_no_rule_code_in_the_pages_strings():
    """The page scripts' string literals (what the browser shows) name no rule; comments may."""
    from pathlib import Path
    static = Path(gamenight.__file__).parent / "web" / "static"
    literal = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`')
    for path in sorted(static.rglob("*.js")):
        code = re.sub(r"^\s*//.*$|\s//\s.*$|/\*.*?\*/", "", path.read_text(), flags=re.M | re.S)
        for text in literal.findall(code):
            assert not RULE_CODE.search(text), f"{path.name}: {text}"


# words of the developers' trade a player never reads: where the rules came from ("seed 003", "the source"), which
# random number seed dealt what, and notes on what is not yet checked against a source
JARGON = re.compile(r"\b(seed\w*|source\w*|UNVERIFIED)\b", re.I)


def _no_jargon(text: str, where: str) -> None:
    found = JARGON.search(text)
    assert found is None, f"{where} shows {found.group()!r} to a player: {text!r}"


@pytest.mark.parametrize("name", GAMES)
def test_presets_and_options_are_described_in_players_words(name):
    """The lobby and `gamenight rules` show the presets' names and descriptions and each option's meaning, values
    and the reason a value is refused: none says 'seed', 'source' or 'UNVERIFIED'."""
    rules = gamenight.make(name).RULES
    for preset in rules.PRESETS:
        _no_jargon(preset, "a preset's name")
    for preset, doc in rules.PRESET_DOCS.items():
        _no_jargon(doc, f"preset {preset}")
    for entry in rules.describe():
        for key in ("meaning", "allowed", "default"):
            _no_jargon(str(entry[key]), f"option {entry['name']} ({key})")
    for field in dataclasses.fields(rules):
        if field.metadata.get("why"):
            _no_jargon(field.metadata["why"], f"option {field.name}'s refusal")


@pytest.mark.parametrize("name", GAMES)
def test_views_and_the_score_sheet_are_in_players_words(name):
    game = gamenight.make(name)
    rng = random.Random(name)
    state = game.new(seed=17)
    for step in range(400):
        if state.is_over:
            break
        if step % 20 == 0:
            for seat in [None, *range(game.num_players)]:
                for where, text in _strings(state.view(seat), f"view({seat})"):
                    _no_jargon(text, where)
        state.apply(rng.choice(state.legal_actions()))
    for where, text in _strings(state.score_sheet(), "score_sheet"):
        if where.startswith("score_sheet.marks.") or where.startswith("score_sheet.unit"):
            _no_jargon(text, where)
            _no_code(text, where)
