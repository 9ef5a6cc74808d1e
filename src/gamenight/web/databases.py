"""The storage a database URL names: SQLite (``storage``, the standard library) or PostgreSQL (``postgres``, the
``postgres`` extra). Above both: the one module that knows every kind of database."""
from __future__ import annotations

from .storage import DEFAULT_DB, SQLiteStorage, Storage, is_postgres, sqlite_path


def open_storage(url: str | None = None) -> Storage:
    """``sqlite:///relative.db``, ``sqlite:////absolute.db`` or ``sqlite:///:memory:``; or a PostgreSQL database,
    ``postgresql://user:password@host:port/database`` (``postgres://`` too), with the ``postgres`` extra."""
    url = url or DEFAULT_DB
    if not is_postgres(url):
        return SQLiteStorage(sqlite_path(url))
    try:
        from .postgres import PostgresStorage
    except ImportError as e:
        raise ImportError(f"a PostgreSQL database needs psycopg: pip install 'gamenight[postgres]' ({e})") from None
    return PostgresStorage(url)
