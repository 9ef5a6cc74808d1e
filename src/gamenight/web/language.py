"""The person's language on a request or a WebSocket: ``?lang=``, then the choice they made before (the ``lang``
cookie), then their browser's (Accept-Language). Below every module that answers (pages, routes, sockets,
security)."""
from __future__ import annotations

from starlette.requests import HTTPConnection

from gamenight import i18n

LANG_COOKIE = "lang"
LANG_COOKIE_SECONDS = 365 * 24 * 3600


def language_of(connection: HTTPConnection) -> str:
    """The person's language (the pseudo-language too when the app was made with ``pseudo_locale``)."""
    return i18n.choose(connection.query_params.get("lang"), connection.cookies.get(LANG_COOKIE),
                       connection.headers.get("accept-language"), pseudo=pseudo_allowed(connection))


def pseudo_allowed(connection: HTTPConnection) -> bool:
    return bool(getattr(connection.app.state, "pseudo_locale", False))
