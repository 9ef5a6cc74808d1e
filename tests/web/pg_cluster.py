"""A throwaway PostgreSQL server for the tests: its own cluster in a temporary directory, started and stopped by the
test session (one per xdist worker), with its database emptied for each test that asks for one.

It uses the server binaries Debian's ``postgresql`` package installs under /usr/lib/postgresql/<version>/bin
(``make test`` installs it); the system's own cluster is never used or started. PostgreSQL refuses to run as root,
so under root (CI) every server command runs as Debian's ``postgres`` system user, and the directory is handed to
that user; otherwise as the current user. The cluster trusts every connection from this machine (it listens on
127.0.0.1 and a socket in its own directory only) and runs with ``fsync=off``: nothing in it has to outlive the
session.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time

START_WAIT = 60   # seconds a start or a connection may take: a generous bound for a loaded machine
INSTALL_HINT = ("the PostgreSQL tests need Debian's postgresql server package (initdb and pg_ctl under "
                "/usr/lib/postgresql/*/bin): `make test` installs it (apt-get install postgresql)")


class ClusterError(Exception):
    """The test cluster could not be set up; the message says why and what to do."""


def server_binaries() -> str:
    """The directory of the newest PostgreSQL server binaries installed (initdb, pg_ctl, postgres)."""
    found = [d for d in glob.glob("/usr/lib/postgresql/*/bin")
             if all(os.access(os.path.join(d, tool), os.X_OK) for tool in ("initdb", "pg_ctl", "postgres"))]
    if not found:
        raise ClusterError(f"no PostgreSQL server found: {INSTALL_HINT}")
    return max(found, key=lambda d: int(d.split("/")[-2]) if d.split("/")[-2].isdigit() else 0)


def server_user() -> pwd.struct_passwd | None:
    """Whom the server runs as: None (this user) unless this is root, then Debian's ``postgres`` user."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("postgres")
    except KeyError:
        raise ClusterError(f"running as root, and there is no `postgres` user to run the server as: "
                           f"{INSTALL_HINT}") from None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Run beside the test session, in a session of its own (a Ctrl-C does not reach it): it waits for its standard input
# to close, which happens when the test session stops the cluster, and also when the test session is killed (a
# timeout, SIGKILL) without stopping it; then it stops the server (as the server's user, if one is given) and
# removes the cluster's directory.
_WATCHDOG = """
import shutil, subprocess, sys
pg_ctl, data, directory, *user = sys.argv[1:]
sys.stdin.read()
as_user = {"user": int(user[0]), "group": int(user[1]), "extra_groups": []} if user else {}
subprocess.run([pg_ctl, "stop", "--pgdata", data, "--mode", "immediate", "--wait"], capture_output=True,
               cwd=directory, **as_user)
shutil.rmtree(directory, ignore_errors=True)
"""


class Cluster:
    """One running test server, with one database for the tests (``empty_database`` empties it for each)."""

    def __init__(self) -> None:
        self.bin = server_binaries()
        self.user = server_user()
        self.dir = tempfile.mkdtemp(prefix="gamenight-pg-")   # not under pytest's root-only tmp: the server reads it
        self.data = os.path.join(self.dir, "data")
        self.log = os.path.join(self.dir, "server.log")
        self.port = 0
        self._made = False   # the test database
        if self.user is not None:
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        user = [] if self.user is None else [str(self.user.pw_uid), str(self.user.pw_gid)]
        self._watchdog = subprocess.Popen([sys.executable, "-c", _WATCHDOG, os.path.join(self.bin, "pg_ctl"),
                                           self.data, self.dir, *user], stdin=subprocess.PIPE, start_new_session=True)

    def _as_server_user(self) -> dict:
        """subprocess's arguments that run a command as the server's user (as ``runuser -u postgres`` would)."""
        if self.user is None:
            return {}
        return {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}

    # ---- running the server's commands -------------------------------------------------------------------
    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        """A server tool, as the server's user, in the cluster's directory."""
        done = subprocess.run([os.path.join(self.bin, tool), *args], cwd=self.dir, capture_output=True, text=True,
                              timeout=START_WAIT * 2, env={**os.environ, "LC_ALL": "C"}, **self._as_server_user())
        if check and done.returncode != 0:
            raise ClusterError(f"{tool} failed ({done.returncode}): {done.stdout}{done.stderr}{self._log_tail()}")
        return done

    def _log_tail(self) -> str:
        try:
            with open(self.log) as f:
                return "\nserver log:\n" + "".join(f.readlines()[-20:])
        except OSError:
            return ""

    # ---- starting and stopping ---------------------------------------------------------------------------
    def start(self) -> Cluster:
        """initdb, then start on a free port; a port another process took meanwhile is traded for another. If it
        cannot start, nothing is left behind."""
        try:
            self._initdb_and_start()
        except BaseException:
            self.stop()
            raise
        return self

    def _initdb_and_start(self) -> None:
        self._run("initdb", "--pgdata", self.data, "--username", "postgres", "--auth", "trust", "--encoding", "UTF8",
                  "--locale", "C", "--no-sync", "--no-instructions")
        for attempt in range(5):
            self.port = free_port()
            self._configure()
            started = self._run("pg_ctl", "start", "--pgdata", self.data, "--log", self.log, "--wait",
                                "--timeout", str(START_WAIT), check=False)
            if started.returncode == 0:
                self._wait_until_it_answers()
                return
            if "could not bind" not in self._log_tail() or attempt == 4:
                raise ClusterError(f"the test PostgreSQL did not start: {started.stdout}{started.stderr}"
                                   f"{self._log_tail()}")

    def _configure(self) -> None:
        # postgresql.auto.conf is read last: its settings win over postgresql.conf's, and it is rewritten per try
        settings = {"listen_addresses": "'127.0.0.1'", "port": str(self.port),
                    "unix_socket_directories": f"'{self.dir}'",
                    "fsync": "off", "full_page_writes": "off",   # a throwaway cluster: nothing survives a crash
                    "max_connections": "200", "shared_buffers": "16MB"}
        path = os.path.join(self.data, "postgresql.auto.conf")
        with open(path, "w") as f:
            f.writelines(f"{name} = {value}\n" for name, value in settings.items())
        if self.user is not None:
            os.chown(path, self.user.pw_uid, self.user.pw_gid)

    def _wait_until_it_answers(self) -> None:
        """pg_ctl --wait has seen the server ready; a connection proves it, tried again until the deadline."""
        import psycopg
        deadline = time.monotonic() + START_WAIT
        while True:
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=5).close()
                return
            except psycopg.OperationalError as e:
                if time.monotonic() > deadline:
                    raise ClusterError(f"the test PostgreSQL does not answer: {e}{self._log_tail()}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server at once (nothing in it is kept) and remove its directory: the watchdog does it when
        told (its pipe closed), which it also is when the test session dies without getting here."""
        assert self._watchdog.stdin is not None
        self._watchdog.stdin.close()
        try:
            self._watchdog.wait(timeout=START_WAIT)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    # ---- the test database -------------------------------------------------------------------------------
    def url(self, database: str = "tests") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def empty_database(self) -> str:
        """The URL of the cluster's test database, emptied for the next test: whatever connections to it an
        earlier test left (a server process it killed) are ended, and everything in it is dropped. Much quicker
        than a new database each time (CREATE DATABASE copies a template's files: a second, on a busy disk)."""
        import psycopg
        if not self._made:
            with psycopg.connect(self.url("postgres"), autocommit=True, connect_timeout=START_WAIT) as conn:
                conn.execute("CREATE DATABASE tests")
            self._made = True
        with psycopg.connect(self.url(), autocommit=True, connect_timeout=START_WAIT) as conn:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            conn.execute("DROP SCHEMA public CASCADE")
            conn.execute("CREATE SCHEMA public")
        return self.url()


def run_sql(url: str, sql: str, params: tuple = ()) -> list[tuple]:
    """One statement on the database at ``url`` (SQLite or PostgreSQL) on a connection of its own, committed: a test
    reading or changing stored rows behind the server's back. ``?`` marks the parameters, as in sqlite3. The rows it
    returns (none for a statement that returns none)."""
    if url.startswith("sqlite:///"):
        import sqlite3
        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            with conn:
                return conn.execute(sql, params).fetchall()
        finally:
            conn.close()
    import psycopg
    with psycopg.connect(url) as conn:
        cursor = conn.execute(sql.replace("?", "%s"), params)
        return cursor.fetchall() if cursor.description else []
