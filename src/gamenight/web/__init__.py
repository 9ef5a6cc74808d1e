"""The web app: tables with friends and bots, live over WebSockets, stored in a database.

``create_app(db_url)`` builds the Starlette application; ``gamenight serve`` runs it with uvicorn. Needs the
``web`` extra (``pip install gamenight[web]``); the engine never imports this package.
"""
from .app import create_app
from .databases import open_storage
from .errors import TableError
from .manager import TableManager
from .storage import DEFAULT_DB
from .table import Table

__all__ = ["create_app", "open_storage", "DEFAULT_DB", "Table", "TableError", "TableManager"]
