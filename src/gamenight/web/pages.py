"""The lobby, table and how-to-play pages: static HTML/JS (no build step) over the JSON API and the WebSocket. The
table page loads one view script per game the registry knows (static/games/<game>.js), listed when the app starts;
the how-to-play page (``/rules/<game>``) draws the game's guide (``/api/games/<game>/guide``, web/guides.py).

Each page is served in the person's language (``?lang=``, then the choice they made before, then their
browser's): the server translates the page's ``_(text)`` marks, sets ``<html lang>``, adds the language picker,
and loads that language's catalog (``/i18n/<lang>.js``) before the scripts, which translate with ``GN.t``."""
from __future__ import annotations

import functools
import hashlib
import html
import json
import mimetypes
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

import gamenight
from gamenight import i18n

from .guides import GUIDE_ROUTES
from .language import LANG_COOKIE, LANG_COOKIE_SECONDS, language_of, pseudo_allowed

STATIC = Path(__file__).with_name("static")
GAME_VIEWS = "<!-- GAME VIEWS: the server puts one script per registered game here -->"
GN_SCRIPT = '<script src="/static/gn.js"></script>'
PICKER_PLACE = "<!-- LANGUAGE PICKER -->"
mimetypes.add_type("application/manifest+json", ".webmanifest")   # the web app manifest, as StaticFiles serves it


@functools.cache
def catalog_script(lang: str) -> tuple[str, str]:
    """The language's catalog as a script for the pages, and a short hash of it (the pages' URL names it, so a
    new catalog is never read from a browser's cache). The script also defines the language's plural rule as code,
    ``GN_PLURAL(n)``: the pages may not make code from text (their Content-Security-Policy has no 'unsafe-eval'),
    and the catalog's ``Plural-Forms`` expression, checked by gettext's own parser (only ``n``, numbers and C's
    operators), is written the same in JavaScript."""
    data = json.dumps(i18n.catalog(lang), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    script = (f"const GN_CATALOG = {data};\n"
              f"const GN_PLURAL = function (n) {{ return Number({i18n.plural_expression(lang)}); }};\n")
    return script, hashlib.sha256(script.encode()).hexdigest()[:12]


def translate_html(text: str, lang: str) -> str:
    """The page's ``_(text)`` marks in ``lang`` (the English is written as HTML already; translations are escaped)."""
    gettext = i18n.translator(lang).gettext
    if lang == i18n.DEFAULT:
        return i18n.HTML_TEXT.sub(lambda m: m.group(1), text)
    return i18n.HTML_TEXT.sub(lambda m: html.escape(gettext(html.unescape(m.group(1)))), text)


def picker(lang: str) -> str:
    label = html.escape(i18n.translator(lang).gettext("Language"))
    options = "".join(f'<option value="{code}"{" selected" if code == lang else ""} lang="{code}">'
                      f"{html.escape(name)}</option>" for code, name in i18n.LANGUAGES.items())
    return f'<select id="lang-picker" class="lang-picker" aria-label="{label}" title="{label}">{options}</select>'


@functools.cache
def page(name: str, lang: str) -> str:
    """``name``.html in ``lang``: translated, with the catalog before the scripts and the language picker (where the
    page marks its place, ``PICKER_PLACE``: the table's menu; else at the end of the top bar)."""
    text = (STATIC / f"{name}.html").read_text()
    if name == "table":   # a <script> for each registered game's view, in the registry's order
        text = text.replace(GAME_VIEWS, "\n".join(f'<script src="/static/games/{game}.js"></script>'
                                                  for game in gamenight.games()))
    _, version = catalog_script(lang)
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    text = text.replace(GN_SCRIPT, f'<script src="/i18n/{lang}.js?v={version}"></script>\n{GN_SCRIPT}\n'
                                   '<script src="/static/language.js"></script>', 1)
    if PICKER_PLACE in text:   # the page says where the picker goes (the table: in its menu)
        text = text.replace(PICKER_PLACE, picker(lang), 1)
    else:
        text = text.replace("</header>", picker(lang) + "\n</header>", 1)
    return translate_html(text, lang)


def serve_page(request: Request, name: str) -> Response:
    lang = language_of(request)
    response = HTMLResponse(page(name, lang), headers={"Content-Language": lang, "Vary": "Accept-Language, Cookie"})
    if request.query_params.get("lang") == lang:   # asked for by a link: remembered
        response.set_cookie(LANG_COOKIE, lang, max_age=LANG_COOKIE_SECONDS, samesite="lax")
    return response


async def lobby(request: Request) -> Response:
    return serve_page(request, "lobby")


async def table(request: Request) -> Response:
    return serve_page(request, "table")


async def rules(request: Request) -> Response:
    """How to play: ``/rules`` lists the games, ``/rules/<game>`` draws the game's guide (404: no such game)."""
    response = serve_page(request, "rules")
    if request.path_params.get("game", "") not in ("", *gamenight.games()):
        response.status_code = 404   # the page says so, in the person's language
    return response


async def catalog(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in i18n.LANGUAGES and not (lang == i18n.PSEUDO and pseudo_allowed(request)):
        return Response(f"no such language: {lang[:20]!r}", status_code=404, media_type="text/plain")
    script, _ = catalog_script(lang)
    return Response(script, media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "public, max-age=31536000, immutable"})


async def favicon(request: Request) -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def offline(request: Request) -> Response:
    """The page the service worker shows when a page is asked for without a connection (kept at its install)."""
    return serve_page(request, "offline")


async def service_worker(request: Request) -> Response:
    """The service worker, served from the root so that its scope is every page; always checked for a new version."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})


def page_routes() -> list[BaseRoute]:
    return [Route("/", lobby), Route("/table/{table_id}", table), Route("/favicon.ico", favicon),
            Route("/offline", offline), Route("/sw.js", service_worker),
            Route("/rules", rules), Route("/rules/{game}", rules), *GUIDE_ROUTES,
            Route("/i18n/{lang}.js", catalog),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static")]
