"""The pages in the person's language: ``?lang=`` (remembered in a cookie), else the cookie, else the browser's
``Accept-Language``; ``<html lang>`` follows; the catalog the scripts translate with is served beside the page."""
import re

import pytest
from starlette.testclient import TestClient

from gamenight import i18n
from gamenight.web import create_app


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url)) as c:
        yield c


def html_lang(text: str) -> str:
    return re.search(r'<html lang="([^"]+)"', text).group(1)


@pytest.mark.parametrize("path", ["/", "/table/abc"])
def test_a_page_follows_the_browsers_language(client, path):
    for header, lang in (("ja,en;q=0.5", "ja"), ("fr-FR", "fr"), ("de", "en"), (None, "en")):
        r = client.get(path, headers={"Accept-Language": header} if header else {})
        assert html_lang(r.text) == lang and r.headers["content-language"] == lang
        assert f'src="/i18n/{lang}.js?v=' in r.text
        assert f'<option value="{lang}" selected' in r.text


def test_a_language_asked_for_is_remembered(client):
    r = client.get("/?lang=fr", headers={"Accept-Language": "ja"})
    assert html_lang(r.text) == "fr" and r.cookies.get("lang") == "fr"
    r = client.get("/table/x", headers={"Accept-Language": "ja"})   # the cookie, over the browser's choice
    assert html_lang(r.text) == "fr"
    r = client.get("/?lang=xx")                                     # not a language: ignored, nothing remembered
    assert html_lang(r.text) == "fr" and "set-cookie" not in r.headers


def test_the_pages_text_is_translated_on_the_server(client):
    ja = client.get("/?lang=ja").text
    assert "_(" not in ja and "_(" not in client.get("/table/t?lang=fr").text
    label = i18n.translator("ja").gettext("Language")
    assert label != "Language" and f'aria-label="{label}"' in ja


def test_the_catalog_script_is_served_for_each_language_and_nothing_else(client):
    for lang in i18n.LANGUAGES:
        r = client.get(f"/i18n/{lang}.js")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
        assert r.text.startswith("const GN_CATALOG = ") and f'"lang": "{lang}"' in r.text
    for bad in ("de", "..%2Fapp", "ja%00"):
        assert client.get(f"/i18n/{bad}.js").status_code == 404
