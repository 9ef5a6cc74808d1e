"""Every refusal the engine makes is in the catalogs: random seeded playouts of every game, and at many steps
illegal actions (by id, by object and by notation) and mistyped notation; each refusal's text, and every text inside
it, has a Japanese and a French translation; its English (``str``) is the text's English."""
from __future__ import annotations

import random

import pytest

import gamenight
from gamenight import IllegalAction, i18n
from gamenight.core.text import Text

LANGS = ["ja", "fr"]
STEPS = 300        # random actions per game
TRY_EVERY = 7      # illegal actions are tried at every 7th step
TRIED = 40         # illegal actions tried at such a step


def texts_in(text: Text):
    """The text and every text among its values."""
    yield text
    for value in text.values.values():
        if isinstance(value, Text):
            yield from texts_in(value)


def mistyped(state, rng: random.Random) -> list[str]:
    """Notation a person might mistype, from real actions: a card that is none, a word added, cut short."""
    texts = [str(a) for a in rng.sample(state.legal_actions(), min(3, len(state.legal_actions())))]
    out = ["", "?", "zz", "12345", "take Zz", "knock", "call 15", "jodi KQ", "layoff 7c", "7s+Jk=Jk", "swap Jk"]
    for text in texts:
        out += [text + "x", text + " " + text, text[:-1], "Qx" + text]
    return out


def refusals(game: gamenight.Game, seed: int):
    """The refusals met while playing ``game`` at random."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for step in range(STEPS):
        if state.is_over:
            break
        if step % TRY_EVERY == 0:
            legal = {a.id for a in state.legal_actions()}
            illegal = [i for i in range(game.num_distinct_actions) if i not in legal]
            for i in rng.sample(illegal, min(TRIED, len(illegal))):
                action = game.action_from_id(i)
                for attempt in (action, str(action)):
                    yield _refusal(state, attempt)
            yield _refusal(state, 3.5)   # not an action at all
            for text in mistyped(state, rng):
                try:
                    state.clone().apply(text)
                except IllegalAction as e:
                    yield e
        state.apply(rng.choice(state.legal_actions()))
    yield _refusal(state, 10 ** 9)
    try:
        game.action_from_id(-1)
    except IllegalAction as e:
        yield e


def _refusal(state, attempt) -> IllegalAction:
    before = state.to_json() if hasattr(state, "to_json") else None
    with pytest.raises(IllegalAction) as info:
        state.apply(attempt)
    if before is not None:
        assert state.to_json() == before
    return info.value


@pytest.mark.parametrize("game_name", gamenight.games())
def test_every_refusal_of_the_engine_is_translated(game_name):
    untranslated: dict[str, set[str]] = {lang: set() for lang in LANGS}
    templates = set()
    for players in sorted({gamenight.make(game_name).num_players, *_other_player_counts(game_name)}):
        game = gamenight.make(game_name, players=players)
        for error in refusals(game, seed=players):
            assert str(error) == error.text.render(), "the English of a refusal is its text's"
            for text in texts_in(error.text):
                templates.add(text.template)
                for lang in LANGS:
                    if i18n.translator(lang).gettext(text.template) == text.template:
                        untranslated[lang].add(text.template)
    assert len(templates) >= 7, f"only {len(templates)} kinds of refusal met: {sorted(templates)}"
    assert untranslated == {lang: set() for lang in LANGS}


def _other_player_counts(name: str) -> list[int]:
    """Other numbers of players the game is played by (their refusals differ a little)."""
    return {"thunee": [2, 6], "yaniv": [2, 5], "yessir": [2, 4]}.get(name, [])


def test_a_refusal_reads_in_each_language_with_its_values_kept():
    state = gamenight.make("gin_rummy").new(seed=3)
    card = next(c for c in state.view(state.current_player)["hand"] if c not in map(str, state.legal_actions()))
    with pytest.raises(IllegalAction) as info:
        state.apply("knock " + card)
    for lang in LANGS:
        said = i18n.render(info.value.text, lang)
        assert said != str(info.value) and "knock " + card in said and "Legal now" not in said
