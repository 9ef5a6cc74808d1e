"""The message catalogs: every text a person reads (marked in the sources: ``_()``/``gettext`` in Python, ``GN.t``/
``GN.nt`` in the pages' scripts, ``_(text)`` in their HTML) is in every language's catalog, translated (not
fuzzy), with the same placeholders; the compiled catalogs are the catalogs; nothing obsolete lingers."""
import re
import string
from pathlib import Path

import pytest

from gamenight import i18n

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def source_messages() -> dict[tuple[str | None, str], str | None]:
    """Every marked text of the sources, by (context, id): its plural id (None for a text without plural forms)."""
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[tuple[str | None, str], str | None] = {}
    for _file, _line, message, _comments, context in extract_from_dir(ROOT, method_map, options_map,
                                                                       keywords=i18n.KEYWORDS):
        singular, plural = (message, None) if isinstance(message, str) else message[:2]
        found[context, singular] = plural
    return found


def po(lang: str):
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as f:
        return read_po(f, locale=lang)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def sources():
    return source_messages()


def test_the_sources_mark_texts(sources):
    assert len(sources) > 100, "the extraction found almost nothing: is babel.cfg right?"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_of_the_sources_is_in_the_catalog_and_nothing_else(sources, lang):
    catalog = po(lang)
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
    missing, obsolete = set(sources) - ids, ids - set(sources)
    assert not missing, f"{lang}: {len(missing)} texts are not in the catalog (`make catalogs` adds them): " \
                        f"{sorted(missing)[:10]}"
    assert not obsolete, f"{lang}: {len(obsolete)} texts are no longer in the sources: {sorted(obsolete)[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_translated_with_its_placeholders(sources, lang):
    catalog = po(lang)
    nplurals = catalog.num_plurals
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if any(not text.strip() for text in texts):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        if not isinstance(message.id, str) and len(texts) != nplurals:
            problems.append(f"{len(texts)} plural forms, {lang} has {nplurals}: {ids[0]!r}")
        wanted = set().union(*(placeholders(i) for i in ids)) - {"n"}
        for text in texts:
            if placeholders(text) - {"n"} != wanted:
                problems.append(f"placeholders {sorted(placeholders(text))} for {sorted(wanted)}: {ids[0]!r}")
    assert not problems, f"{lang}: " + "\n".join(problems[:20])


def test_french_puts_a_no_break_space_before_the_high_marks_and_inside_the_guillemets():
    """French typography: a no-break space (U+00A0) before : ; ! ? % and », after «, never a plain space."""
    plain_space = re.compile(r" [:;!?%»]|« ")
    found = []
    for message in po("fr"):
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        found += [text for text in texts if message.id and plain_space.search(text)]
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(lang):
    catalog = po(lang)
    compiled = i18n.translator(lang)
    for message in catalog:
        if not message.id:
            continue
        if message.context:
            assert compiled.pgettext(message.context, message.id) == message.string
        elif isinstance(message.id, str):
            assert compiled.gettext(message.id) == message.string, \
                f"{lang}: the compiled catalog is older than the .po (install again: `make` does)"
        else:
            assert compiled.ngettext(message.id[0], message.id[1], 1) in message.string


def test_the_browser_catalog_is_the_compiled_catalog():
    for lang in TRANSLATED:
        data = i18n.catalog(lang)
        assert data["lang"] == lang and data["messages"]
        for msgid, text in list(data["messages"].items())[:50]:
            if isinstance(text, str) and "\x04" not in msgid:
                assert i18n.translator(lang).gettext(msgid) == text
    assert i18n.catalog("en")["messages"] == {}


@pytest.mark.parametrize("header, lang", [
    ("ja,en-US;q=0.8", "ja"), ("fr-CA", "fr"), ("de-DE, fr;q=0.5, ja;q=0.7", "ja"), ("en-GB,ja;q=0.9", "en"),
    ("", "en"), (None, "en"), ("de", "en"), ("ja;q=0", "en"), ("*", "en"), ("fr;q=abc, ja;q=0.1", "ja"),
    ("ja;q=0.5, fr;q=0.5", "ja"),   # a tie: the first listed
])
def test_the_browsers_language_is_negotiated(header, lang):
    assert i18n.negotiate(header) == lang


def test_a_language_asked_for_beats_the_remembered_one_which_beats_the_browsers():
    assert i18n.choose("fr", "ja", "en") == "fr"
    assert i18n.choose(None, "ja", "fr") == "ja"
    assert i18n.choose("xx", "yy", "fr") == "fr"   # not languages we speak: ignored


def test_an_unknown_language_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.translator("de")


def test_plural_forms_follow_each_language():
    assert po("ja").num_plurals == 1 and po("fr").num_plurals == 2    # French: 0 and 1 are singular
    assert i18n.plural_expression("fr").replace(" ", "") in ("(n>1)", "n>1")
    for lang in TRANSLATED:
        assert re.fullmatch(r"[n0-9 !=<>%&|?:()]+", i18n.plural_expression(lang))
