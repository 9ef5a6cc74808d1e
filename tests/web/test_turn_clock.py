"""The turn's clock: while a person to move has nobody here (their page closed), every page sees when a bot plays for
them (the summary's ``turn_clock``: the wall-clock time it ends at, and the server's time as it said so, which a page
counts from whatever its own clock says), counting from the turn's start or their last sign of life; it is gone while
they are here, during the pause after a hand and once the bot plays; another server on a shared database shows the
same clock."""
from test_shared_database import server
from web_helpers import create_hosted, join, summary, wait_for

AWAY = 30


def left(table, clock: dict) -> float:
    """The seconds the clock still runs, as a page counts them (its end less the time now)."""
    return round(clock["ends_at"] - table.now(), 1)


def without_now(clock: dict) -> dict:
    """The clock less the server's time it was said at (which every message says afresh)."""
    return {k: v for k, v in clock.items() if k != "now"}


def guesty_to_move(client, manager):
    """A Yaniv table of two people, Ann's page open, Guesty's not; Ann plays until it is Guesty's turn."""
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2,
                                settings={"away_seconds": AWAY, "hand_pause_seconds": 0})
    ann, guesty = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Guesty")
    table = manager.get(table_id)
    heard: list = []
    table.listen(ann, heard.append)
    while table.state.current_player == 0:   # (a Yaniv turn is a discard, then a draw)
        table.act(ann, str(table.state.legal_actions()[0]), version=len(table.state.history))
    assert table.state.current_player == 1
    return table_id, table, guesty, heard


def test_the_clock_of_a_person_gone_counts_down_to_the_bot_taking_their_turn(hosted):
    client, manager, clock = hosted
    table_id, table, guesty, heard = guesty_to_move(client, manager)
    told = heard[-1]["table"]["turn_clock"]
    assert told["seat"] == 1 and told["seconds"] == AWAY and left(table, told) == AWAY
    clock.advance(12)
    later = summary(client, table_id)["turn_clock"]
    assert without_now(later) == without_now(told)                   # the same clock, counting down
    assert left(table, told) == AWAY - 12
    assert round(later["ends_at"] - later["now"], 1) == AWAY - 12    # as the server says it, whatever a page's clock

    key = table.listen(guesty, lambda message: None)          # Guesty is here: no clock, and everyone hears it
    assert heard[-1]["table"]["turn_clock"] is None
    assert summary(client, table_id)["turn_clock"] is None
    clock.advance(5)
    table.unlisten(key)                                       # gone again: a whole away time from now
    manager.scheduler.run_due()
    again = heard[-1]["table"]["turn_clock"]
    assert again["seat"] == 1 and left(table, again) == AWAY

    clock.advance(AWAY)
    manager.scheduler.run_due()                               # the time is up: a bot plays for Guesty
    assert table.seats[1]["kind"] == "bot"
    assert summary(client, table_id)["turn_clock"] is None


def test_the_clock_carries_the_server_s_time_as_it_was_said(hosted):
    """A page counts ``ends_at - now`` from when it heard it: ``now`` is the server's wall-clock time (the table's
    ``now``, which the test's clock runs) as each message or summary was made."""
    client, manager, clock = hosted
    table_id, table, _, heard = guesty_to_move(client, manager)
    told = heard[-1]["table"]["turn_clock"]
    assert told["now"] == round(table.now(), 1)
    assert told["ends_at"] - told["now"] == AWAY
    for seconds in (3, 7.5):
        clock.advance(seconds)
        said = summary(client, table_id)["turn_clock"]
        assert said["now"] == round(table.now(), 1) and said["ends_at"] == told["ends_at"]
    table.broadcast()                                              # each message says the time afresh
    assert heard[-1]["table"]["turn_clock"]["now"] == round(table.now(), 1) == round(told["now"] + 10.5, 1)


def test_no_clock_while_the_person_to_move_is_here_or_a_bot_moves(hosted):
    client, manager, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2)
    ann = join(client, table_id, 0, "Ann")
    table = manager.get(table_id)
    table.listen(ann, lambda message: None)
    for _ in range(6):
        assert summary(client, table_id)["turn_clock"] is None
        manager.scheduler.run_due()
        if table.state.current_player == 0:
            table.act(ann, str(table.state.legal_actions()[0]), version=len(table.state.history))


def test_another_server_shows_the_same_clock(postgres_url):
    a, b = server(postgres_url), server(postgres_url, test_seed=1)
    table = a.create("yaniv", players=2, seats=[None, None], settings={"away_seconds": AWAY})
    ann, guesty = table.join(0, "Ann"), table.join(1, "Guesty")
    table.listen(ann, lambda message: None)
    while table.state.current_player == 0:
        table.act(ann, str(table.state.legal_actions()[0]), version=len(table.state.history))
    mirror = b.get(table.table_id)
    wait_for(lambda: mirror.revision == table.revision and mirror.audience.connected(0), "B to catch up")
    here, there = table.audience.summary()["turn_clock"], mirror.audience.summary()["turn_clock"]
    assert here["seat"] == there["seat"] == 1 and here["seconds"] == there["seconds"] == AWAY
    assert abs(here["ends_at"] - there["ends_at"]) < 2
    assert guesty   # Guesty never opened the table: both servers count down their turn
