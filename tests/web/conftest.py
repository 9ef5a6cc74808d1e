import warnings

import pytest

import gamenight.core.game

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    # Starlette 1.x suggests httpx2 for its TestClient; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from gamenight.web import create_app  # noqa: E402


@pytest.fixture(autouse=True)
def no_unseeded_tables(monkeypatch):
    """Every table a web test makes is dealt from a known seed (``test_seed``), so a failure replays exactly: a
    fresh secret seed in a test is an error."""
    def refuse():
        raise AssertionError("a table in a test was dealt from a fresh random seed: give the app or manager "
                             "test_seed=..., or the table a seed")
    monkeypatch.setattr(gamenight.core.game.Game, "fresh_seed", staticmethod(refuse))


@pytest.fixture(autouse=True)
def close_every_manager(monkeypatch):
    """A TableManager a test makes is closed when the test ends: no scheduler thread (and no timer of it) outlives
    its test to act, later, on a database other tests' managers have moved on."""
    from gamenight.web import TableManager
    made = []
    original = TableManager.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)
    monkeypatch.setattr(TableManager, "__init__", init)
    yield
    for manager in made:
        manager.close()


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db_url):
    # every TestClient request comes from the one address "testclient", and some tests (the fuzz test) create
    # many tables: the per-address creation limit is lifted here; test_web_limits checks the limits
    with TestClient(create_app(db_url, test_seed=0, max_creates_per_minute=1_000_000)) as c:
        yield c
