"""The pseudo-language (``qps``, as Microsoft's qps-ploc): every message of the catalog template wrapped and
accented with its placeholders intact, so a text a person sees that did not come from the catalogs stands out. It
is never in the picker and is served only by an app made with ``pseudo_locale=True`` (``gamenight serve
--pseudo-locale``)."""
import re

import pytest
from starlette.testclient import TestClient

from gamenight import i18n
from gamenight.web import create_app

PLACEHOLDERS = re.compile(r"\{\w*\}")


@pytest.fixture
def pseudo_client(db_url):
    with TestClient(create_app(db_url, pseudo_locale=True)) as c:
        yield c


def test_every_message_of_the_template_is_wrapped_accented_and_keeps_its_placeholders():
    messages = i18n.read_template(i18n.TEMPLATE)
    assert len(messages) > 500
    translations = i18n.translator(i18n.PSEUDO)
    for context, msgid, plural in messages:
        shown = (translations.pgettext(context, msgid) if context
                 else translations.ngettext(msgid, plural, 2) if plural else translations.gettext(msgid))
        english = plural or msgid
        words = PLACEHOLDERS.sub("", english).strip()
        # every stretch of words is wrapped, the values stay outside (only placeholders: nothing to wrap)
        assert shown != english and ("⟦" in shown or not words), (msgid, shown)
        assert PLACEHOLDERS.findall(shown) == PLACEHOLDERS.findall(english), (msgid, shown)
    assert translations.gettext("not a message of the catalogs") == "not a message of the catalogs"


def test_the_pseudo_language_is_not_offered_nor_chosen_without_the_flag(client):
    assert i18n.PSEUDO not in i18n.LANGUAGES
    assert i18n.choose("qps") == "en" and i18n.choose("qps", pseudo=True) == "qps"
    r = client.get("/?lang=qps")
    assert '<html lang="en">' in r.text and "set-cookie" not in r.headers
    assert client.get("/i18n/qps.js").status_code == 404


@pytest.mark.parametrize("path", ["/", "/table/abc", "/rules", "/rules/yaniv"])
def test_with_the_flag_the_pages_are_served_in_the_pseudo_language(pseudo_client, path):
    r = pseudo_client.get(f"{path}?lang=qps")
    assert '<html lang="qps">' in r.text and r.cookies.get("lang") == "qps"
    title = re.search(r"<title>(.*)</title>", r.text).group(1)
    assert title.startswith("⟦") and title.endswith("⟧")
    assert 'value="qps"' not in r.text                          # never in the picker
    assert pseudo_client.get(path).text.count("⟦") > 3      # remembered (the cookie)


def test_with_the_flag_the_pseudo_catalog_is_served_to_the_pages(pseudo_client):
    r = pseudo_client.get("/i18n/qps.js")
    assert r.status_code == 200 and r.text.startswith("const GN_CATALOG = ")
    catalog = i18n.catalog(i18n.PSEUDO)
    assert catalog["plural"] == "n != 1"
    assert all("⟦" in (t if isinstance(t, str) else t[0]) or not PLACEHOLDERS.sub("", t if isinstance(t, str) else t[0])
               for t in catalog["messages"].values())
    assert catalog["messages"]["{n} card"] == ["{n}⟦ çárd⟧", "{n}⟦ çárds⟧"]
