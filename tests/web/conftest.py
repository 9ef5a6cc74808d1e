import warnings

import pytest
from pg_cluster import Cluster, ClusterError

import gamenight.core.game

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    # Starlette 1.x suggests httpx2 for its TestClient; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from gamenight.web import create_app  # noqa: E402


@pytest.fixture(autouse=True)
def every_message_as_documented(monkeypatch):
    """Every message a test receives on a table's WebSocket has the documented keys and no other; a test reads the
    whole state each message leads to, as the page rebuilds it (a change applied to the state before it)."""
    from starlette.testclient import WebSocketTestSession
    from web_helpers import check_documented, rebuilt
    receive_json = WebSocketTestSession.receive_json

    def checked(self, *args, **kwargs):
        message = receive_json(self, *args, **kwargs)
        check_documented(message)
        if message.get("type") not in ("state", "change"):
            return message
        self.gamenight_state = rebuilt(getattr(self, "gamenight_state", None), message)
        return self.gamenight_state
    monkeypatch.setattr(WebSocketTestSession, "receive_json", checked)


@pytest.fixture(autouse=True)
def no_unseeded_tables(monkeypatch):
    """Every table a web test makes is dealt from a known seed (``test_seed``), so a failure replays exactly: a
    fresh secret seed in a test is an error."""
    def refuse():
        raise AssertionError("a table in a test was dealt from a fresh random seed: give the app or manager "
                             "test_seed=..., or the table a seed")
    monkeypatch.setattr(gamenight.core.game.Game, "fresh_seed", staticmethod(refuse))


@pytest.fixture(autouse=True)
def close_every_postgres_storage(monkeypatch):
    """A test on PostgreSQL (``postgres_url``) has every storage it opened closed when it ends, after its managers
    (``close_every_manager`` is set up after this one, so it ends first): no connection outlives its test."""
    opened = []
    yield opened
    for storage in opened:
        storage.close()


@pytest.fixture(autouse=True)
def close_every_manager(monkeypatch, close_every_postgres_storage):
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


@pytest.fixture(scope="session")
def postgres_cluster():
    """This worker's throwaway PostgreSQL server (pg_cluster.py), started the first time a test asks for it. Without
    Debian's postgresql installed the tests that need it fail, saying so: they are never skipped."""
    try:
        cluster = Cluster().start()
    except ClusterError as e:
        pytest.fail(str(e), pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster, close_every_postgres_storage, monkeypatch):
    """An empty PostgreSQL database, for this test only; the storages the test opens on it are closed at its end."""
    from gamenight.web.postgres import PostgresStorage
    original = PostgresStorage.__init__

    def remembered(storage, *args, **kwargs):
        original(storage, *args, **kwargs)
        close_every_postgres_storage.append(storage)
    monkeypatch.setattr(PostgresStorage, "__init__", remembered)
    return postgres_cluster.empty_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request, tmp_path):
    """The test once on a new SQLite file, once on a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def hosted(db_url):
    """A client over a manager with a manual clock and paced bots: (client, manager, clock)."""
    from web_helpers import PACED_BOTS, manual_manager
    manager, clock = manual_manager(db_url, bot_delay=PACED_BOTS)
    with TestClient(create_app(manager=manager)) as c:
        yield c, manager, clock


@pytest.fixture
def client(db_url):
    # every TestClient request comes from the one address "testclient", and some tests (the fuzz test) create
    # many tables, and play whole matches over one WebSocket as fast as they can: the per-address creation limit
    # and the per-connection message rate are lifted here; test_web_limits checks the limits
    with TestClient(create_app(db_url, test_seed=0, max_creates_per_minute=1_000_000,
                               max_messages_per_second=1_000_000)) as c:
        yield c
