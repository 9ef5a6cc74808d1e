import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    # Starlette 1.x suggests httpx2 for its TestClient; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from gamenight.web import create_app  # noqa: E402


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db_url):
    # every TestClient request comes from the one address "testclient", and some tests (the fuzz test) create
    # many tables: the per-address creation limit is lifted here; test_web_limits checks the limits
    with TestClient(create_app(db_url, max_creates_per_minute=1_000_000)) as c:
        yield c
