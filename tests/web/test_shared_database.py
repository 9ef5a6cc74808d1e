"""Several servers on one PostgreSQL database, in one test process: each a TableManager with its own storage (its own
connections, heartbeat and notifications). Every server serves every table; the one holding a table's lease plays it
(its bots, its clocks); a server that stops answering loses its tables to the others, which carry on exactly.

Waits are for events (a notification applied, a lease taken), each bounded by a generous deadline; nothing sleeps
for a fixed time."""
import random
import sys

import pytest
from web_helpers import (
    GAMES,
    SHORT,
    ManualClock,
    check_message_leaks_nothing,
    crash,
    heuristic_or_random,
    snapshots,
    wait_for,
)

import gamenight
from gamenight.web import TableError, TableManager, open_storage
from gamenight.web import shared as shared_module
from gamenight.web.scheduler import BotScheduler


@pytest.fixture(autouse=True)
def threads_take_turns_often():
    """Threads here take turns every 10 microseconds, not Python's 5 ms: a test that reads a table while another
    server's change is applied to it (on a thread of its own) meets that moment in most runs, not once in hundreds
    on a loaded machine."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(before)


def server(url, **options) -> TableManager:
    """One server on the shared database."""
    return TableManager(open_storage(url), test_seed=options.pop("test_seed", 0), **options)


def manual_server(url):
    """A server whose scheduler has no thread: what the others tell it is applied when the test pumps it."""
    clock = ManualClock()
    return server(url, clock=clock, scheduler=BotScheduler(clock, threaded=False)), clock


def ann_at_a_and_bob_at_b(url):
    """A Gin Rummy table made at server A, where Ann (who moves first) sits; Bob sits through server B, which applies
    what it hears only when pumped (so a test can keep it stale). Returns (a, b, the table at A, its copy at B, Ann's
    seat, Ann's token, Bob's token) once both servers agree."""
    a = server(url)
    b, _ = manual_server(url)
    table = a.create("gin_rummy", players=2)
    first = table.state.current_player
    ann = table.join(first, "Ann")
    mirror = b.get(table.table_id)
    bob = mirror.join(1 - first, "Bob")
    wait_for(lambda: same(table, mirror), "A to hear of Bob", pump=[b])
    return a, b, table, mirror, first, ann, bob


def agreed(*copies):
    """The state every copy of a table holds (a copy of it), or None while they differ. Each copy is read once, under
    its lock: another server's change is applied on a thread of its own, so a copy read twice, or read without its
    lock, may have moved on between the readings (a test would then act on a copy that has not)."""
    held, state = [], None
    for copy in copies:
        with copy.lock:
            held.append((copy.revision, copy.state.to_json(), [dict(seat) for seat in copy.seats]))
            if state is None:
                state = copy.state.clone()   # the first copy's
    return state if all(facts == held[0] for facts in held) else None


def same(*copies) -> bool:
    return agreed(*copies) is not None


def test_a_table_made_at_one_server_is_played_there_and_served_by_every_server(postgres_url):
    a, b = server(postgres_url), server(postgres_url, test_seed=1)
    table = a.create("yaniv", players=2, seats=[None, "random"])
    mirror = b.get(table.table_id)
    assert table.driving and not mirror.driving
    token = mirror.join(0, "Ann")                       # the person joins at B ...
    wait_for(lambda: same(table, mirror), "A to hear of the join")
    assert table.seat_of(token) == 0                    # ... and A knows their token
    heard_at_b = []
    mirror.listen(token, heard_at_b.append)
    reads = []                                          # B reads storage only for what a notification does not carry
    real_load_since = b.storage.load_since
    b.storage.load_since = lambda *args: reads.append(args) or real_load_since(*args)
    moves = 0
    while not mirror.state.is_over and moves < 30:
        wait_for(lambda: (state := agreed(table, mirror)) is not None and (state.current_player == 0 or state.is_over),
                 "the bot at A to move, and B to hear of it")
        if mirror.state.is_over:
            break
        mirror.act(token, str(mirror.state.legal_actions()[0]), version=len(mirror.state.history))
        moves += 1
    wait_for(lambda: same(table, mirror), "the servers to agree")
    assert any(m["version"] > 1 and m["table"]["current_player"] == 0 for m in heard_at_b)  # B's page saw A's bot
    assert len(mirror.state.history) > 2 * moves - 2 and reads == []   # A's moves came in their notifications
    assert gamenight.replay(table.state.record()).to_json() == mirror.state.to_json()


def test_a_change_made_on_a_stale_copy_is_made_again_on_the_caught_up_copy(postgres_url):
    a, b, table, mirror, first, ann, bob = ann_at_a_and_bob_at_b(postgres_url)
    # Ann moves at A; B has not applied it yet when Bob, at B, leaves his seat: B's write is refused, B catches up
    # and asks again on the fresh copy: Bob has left, and Ann's move is kept
    table.act(ann, str(table.state.legal_actions()[0]), version=0)
    writes = spy_on_seat_writes(b)
    mirror.leave(bob)
    assert writes == ["refused", "saved"]
    assert len(mirror.state.history) == 1 and mirror.seats[1 - first]["kind"] == "bot"
    wait_for(lambda: same(table, mirror), "A to hear that Bob left")
    assert len(table.state.history) == len(mirror.state.history)


def test_an_action_made_on_a_stale_copy_is_checked_again_on_the_caught_up_copy(postgres_url):
    a, b, table, mirror, first, ann, bob = ann_at_a_and_bob_at_b(postgres_url)
    while table.state.current_player == first:          # Ann plays until it is Bob's turn
        table.act(ann, str(table.state.legal_actions()[0]), version=len(table.state.history))
    wait_for(lambda: same(table, mirror), "B to hear of Ann's moves", pump=[b])
    # Bob is to move; meanwhile Ann leaves at A (a write B has not applied): Bob's move at B is refused by the
    # database, B catches up (Ann's seat is a bot's now) and plays it again: still legal at the same version
    assert mirror.state.current_player == 1 - first
    table.leave(ann)
    version = len(mirror.state.history)
    mirror.act(bob, str(mirror.state.legal_actions()[0]), version=version)
    assert mirror.seats[first]["kind"] == "bot" and len(mirror.state.history) == version + 1
    wait_for(lambda: len(table.state.history) > version, "A to hear of Bob's move")
    assert table.state.history[:version + 1] == mirror.state.history[:version + 1]


def test_a_change_that_another_server_beats_every_time_is_refused_saying_so(postgres_url, monkeypatch):
    a = server(postgres_url)
    table = a.create("gin_rummy", players=2)
    from gamenight.web.storage import StorageConflict

    def beaten(*args, **kwargs):
        raise StorageConflict("another server wrote first")
    monkeypatch.setattr(table.storage, "save_seats", beaten)
    with pytest.raises(TableError, match="changed on another server") as refused:
        table.join(0, "Ann")
    assert refused.value.status == 409 and table.seats[0]["kind"] == "open"


def spy_on_seat_writes(manager):
    """Each seat write of the manager's storage from now on: "refused" (another server's came first) or "saved"."""
    from gamenight.web.storage import StorageConflict
    writes = []
    real = manager.storage.save_seats

    def save_seats(*args, **kwargs):
        try:
            real(*args, **kwargs)
        except StorageConflict:
            writes.append("refused")
            raise
        writes.append("saved")
    manager.storage.save_seats = save_seats
    return writes


def test_a_server_that_dies_loses_its_tables_to_another_which_plays_on_exactly(postgres_url, monkeypatch):
    monkeypatch.setattr(shared_module, "LEASE_SECONDS", 1.0)
    monkeypatch.setattr(shared_module, "HEARTBEAT_SECONDS", 0.2)
    a, b = server(postgres_url), server(postgres_url, test_seed=1)
    bots = a.create("thunee", seats=["heuristic", "random", "heuristic", "random"], seed=5)
    person = a.create("yaniv", players=2, seats=[None, "random"], seed=6)
    ann = person.join(0, "Ann")
    person.act(ann, str(person.state.legal_actions()[0]), version=0)
    wait_for(lambda: bots.state.is_over, "the bots' match to end at A")   # A plays it to the end
    played = list(person.state.history)
    crash(a)
    wait_for(lambda: b.loaded(person.table_id) is not None and b.loaded(person.table_id).driving,
             "B to take over A's table")
    resumed = b.get(person.table_id)
    assert resumed.state.history == played                    # every acknowledged action kept
    while not resumed.state.is_over:
        wait_for(lambda: resumed.state.current_player == 0 or resumed.state.is_over, "B's bot to move")
        if resumed.state.is_over:
            break
        resumed.act(ann, str(resumed.state.legal_actions()[0]), version=len(resumed.state.history))
    # the match B finished is the one the engine replays from the stored record: no lost or doubled move
    again = b.storage.load_table(person.table_id)
    assert again.actions == [str(a) for a in resumed.state.history]
    assert gamenight.replay(resumed.state.record()).is_over


def test_a_person_connected_at_one_server_is_here_for_the_server_that_plays_the_table(postgres_url):
    a, clock = manual_server(postgres_url)
    b = server(postgres_url, test_seed=1)
    table = a.create("yaniv", players=2, seats=[None, "random"], host_token="h" * 32)
    table.configure("h" * 32, {"away_seconds": 30})
    a.scheduler.run_due()
    mirror = b.get(table.table_id)
    ann = mirror.join(0, "Ann")
    wait_for(lambda: same(table, mirror), "A to hear of Ann", pump=[a])
    mirror.listen(ann, lambda message: None)                  # Ann's page is open at B
    wait_for(lambda: table.summary()["seats"][0]["connected"], "A to see Ann connected", pump=[a])
    clock.advance(120)                                        # long past the away time: Ann is here, at B
    a.scheduler.run_due()
    assert table.seats[0]["kind"] == "person"


def test_an_action_chosen_at_a_version_this_server_has_not_heard_of_yet_is_played(postgres_url):
    """Bob was shown the table by one server and acts through another that has not yet applied the latest moves:
    it catches up first, and plays his move."""
    a, b, table, mirror, first, ann, bob = ann_at_a_and_bob_at_b(postgres_url)
    while table.state.current_player == first:
        table.act(ann, str(table.state.legal_actions()[0]), version=len(table.state.history))
    version = len(table.state.history)
    assert len(mirror.state.history) < version                   # B has not applied Ann's moves
    mirror.act(bob, str(table.state.legal_actions()[0]), version=version)
    assert len(mirror.state.history) == version + 1
    wait_for(lambda: same(table, mirror), "A to hear of Bob's move")


@pytest.mark.parametrize("game", GAMES)
def test_every_message_a_server_sends_from_its_caught_up_copy_shows_only_the_seats_view(postgres_url, game):
    """Two people at two servers and a spectator at a third, bots played by the first: every message each one
    received (made from copies that caught up with the others' moves) is exactly its own view, and holds none of
    the other seats' hidden cards or dice."""
    spec = SHORT[game]
    n = spec["players"]
    a, b, c = (server(postgres_url, test_seed=seed) for seed in (0, 1, 2))
    table = a.create(game, players=n, seats=[None, None] + [heuristic_or_random(game)] * (n - 2),
                     options=spec["options"])
    at = {0: b.get(table.table_id), 1: c.get(table.table_id)}
    tokens = {seat: copy.join(seat) for seat, copy in at.items()}
    watched = a.get(table.table_id)
    received: dict = {0: [], 1: [], None: []}
    for seat, copy in at.items():
        copy.listen(tokens[seat], received[seat].append)
    c.get(table.table_id).listen(None, received[None].append)
    rng = random.Random(3)
    for _ in range(400):
        wait_for(lambda: (state := agreed(watched, *at.values())) is not None and (
            state.is_over or state.current_player in at), "the servers to agree, a person to move")
        if watched.state.is_over:
            break
        seat = watched.state.current_player
        copy = at[seat]
        copy.act(tokens[seat], str(rng.choice(copy.state.legal_actions())), version=len(copy.state.history))
    assert watched.state.is_over
    wait_for(lambda: all(m and m[-1]["version"] == len(watched.state.history) for m in received.values()),
             "every page to hear of the last move")
    states = snapshots(watched)
    total = 0
    for seat, messages in received.items():
        for message in messages:
            check_message_leaks_nothing(states[message["version"]], seat, message, rng,
                                        ended=states.get(message["version"] - 1))
            total += 1
    assert total > 10


def test_a_server_that_reads_a_table_later_knows_who_is_connected_elsewhere(postgres_url):
    a = server(postgres_url)
    table = a.create("yaniv", players=2, seats=[None, "random"])
    ann = table.join(0, "Ann")
    table.listen(ann, lambda message: None)                  # Ann's page is open at A
    b = server(postgres_url, test_seed=1)
    assert b.get(table.table_id).summary()["seats"][0]["connected"]


def test_a_server_taken_for_dead_that_comes_back_tells_the_others_who_is_connected_to_it(postgres_url):
    """A server that did not answer for a while (a long pause) lost its leases and, for the others, its connections;
    at its next heartbeat it says again who is connected to it, so their away clocks do not hand its people's seats
    to bots."""
    from pg_cluster import run_sql
    a = server(postgres_url)
    table = a.create("yaniv", players=2, seats=[None, "random"])
    ann = table.join(0, "Ann")
    table.listen(ann, lambda message: None)                  # Ann's page is open at A
    b = server(postgres_url, test_seed=1)
    mirror = b.get(table.table_id)
    assert mirror.summary()["seats"][0]["connected"]
    run_sql(postgres_url, "UPDATE servers SET alive_until = now() - interval '1 minute' WHERE server_id = ?",
            (a.storage.server_id,))                          # A is taken for dead ...
    b.coordinator.round()                                    # ... B forgets its connections (and takes its table)
    wait_for(lambda: not mirror.summary()["seats"][0]["connected"], "B to forget A's connections")
    a.coordinator.round()                                    # A's next heartbeat: it is back, and says so
    wait_for(lambda: mirror.summary()["seats"][0]["connected"], "B to hear of Ann's connection again")


def test_a_table_made_while_a_heartbeat_reads_its_leases_is_played_by_the_server_that_made_it(postgres_url):
    """A heartbeat reads which leases its server holds, then gives up playing the tables it no longer holds. A table
    made in between (its lease stored after that reading, the table in memory before the server looks through its
    tables) is not one it lost: it was not given up, which left a new table of bots at 0 actions for good (its lease
    held by a live server, so no other took it over either)."""
    a = server(postgres_url, bot_delay=0.01)
    made = []
    real_held_tables = a.storage.held_tables

    def held_tables_then_a_table_is_made():
        held = real_held_tables()
        if not made:   # the first heartbeat that reads its leases (the test's or the server's thread): a request
            made.append(a.create("yessir", players=3, options={"rounds_to_win": 1},   # makes a table meanwhile
                                 seats=["heuristic", "random", "heuristic"]))
        return held
    a.storage.held_tables = held_tables_then_a_table_is_made
    a.coordinator.round()
    table = made[0]
    assert table.driving
    wait_for(lambda: table.state.is_over, "the new table's bots to play their match")


def test_a_table_whose_lease_a_server_holds_is_played_by_it_again_at_its_next_heartbeat(postgres_url):
    """Whatever left a table this server holds the lease of unplayed here, the next heartbeat plays it: no other
    server would (they see a live server's lease)."""
    a = server(postgres_url, bot_delay=0.01)
    table = a.create("yessir", players=3, options={"rounds_to_win": 1}, seats=["heuristic", "random", "heuristic"])
    table.drive(False)
    a.coordinator.round()
    assert table.driving
    wait_for(lambda: table.state.is_over, "the table's bots to play their match")


def test_a_table_taken_over_while_the_database_did_not_answer_is_read_at_the_next_heartbeat(postgres_url):
    """A server takes a dead server's table over (its lease), but reading it fails (the database did not answer for a
    moment): the lease is its own now, so no round takes the table over again; a later one reads it, and plays it."""
    from pg_cluster import run_sql

    from gamenight.web.storage import StorageError
    a = server(postgres_url)
    table = a.create("yaniv", players=2, seats=[None, "random"])
    b = server(postgres_url, test_seed=1)
    refused = []
    real_load_table = b.storage.load_table

    def load_table_refused_once(table_id):
        if table_id == table.table_id and not refused:
            refused.append(table_id)
            raise StorageError("the database did not answer")
        return real_load_table(table_id)
    b.storage.load_table = load_table_refused_once
    crash(a)
    run_sql(postgres_url, "UPDATE servers SET alive_until = now() - interval '1 minute' WHERE server_id = ?",
            (a.storage.server_id,))                          # A is dead
    b.coordinator.round()                                    # B takes its table, but cannot read it
    wait_for(lambda: (mirror := b.loaded(table.table_id)) is not None and mirror.driving, "B to read and play it")
    assert refused
