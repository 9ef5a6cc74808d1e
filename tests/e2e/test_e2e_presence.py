"""Who is here, in two browsers: the host's seat list shows a friend as connected within a second of the friend's page
going live, and as not connected within a second of it closing (each wait bounded by one second, measured from the
friend's page being live or closed), also when the friend's page is served by another server on the same database;
a friend a bot plays for while they are away keeps their name on the table."""
import random
import time

from e2e_helpers import (
    api,
    create_table,
    free_port,
    play_one,
    start_server,
    stop_server,
    take_seat,
    wait_live,
    wait_turn_or_over,
)
from playwright.sync_api import expect
from test_e2e_two_people import create_in_lobby
from test_e2e_two_servers import database  # noqa: F401 (the fixture: a throwaway PostgreSQL database)

FRIEND = '#seats li[data-seat="1"]'
SEATED_AND_LIVE = "() => document.body.dataset.seat === '1' && document.body.dataset.live === 'true'"
AT_ONCE_MS = 1000


def connected_within_a_second(host, state: str, since: float) -> float:
    """Wait (one second at most from ``since``) until the host's seat list says the friend is connected or not
    (``state``: "true" or "false"); the seconds it took from ``since``."""
    left = AT_ONCE_MS - (time.monotonic() - since) * 1000
    assert left > 0, "the friend's page took a second to be seen live or closed"
    expect(host.locator(FRIEND)).to_have_attribute("data-connected", state, timeout=left)
    return time.monotonic() - since


def test_the_host_sees_a_friend_come_and_go_within_a_second(server, pages):
    alice = pages.open("alice")
    create_in_lobby(alice, server, "yaniv", "single_round", ["", ""], hold_start=True)
    wait_live(alice)
    link = alice.url

    guesty = pages.open("guesty")
    guesty.goto(link)
    wait_live(guesty)
    guesty.fill("#join-name", "Guesty")
    guesty.click('#join-bar button[data-join-seat="1"]')   # she takes the seat, and her page connects as hers
    guesty.wait_for_function(SEATED_AND_LIVE)
    came = connected_within_a_second(alice, "true", time.monotonic())
    assert "Guesty" in alice.inner_text(FRIEND) and "not connected" not in alice.inner_text(FRIEND)
    pages.shot(alice, "seats-after-the-friend-joined", element="aside.side")
    pages.shot(alice, "friend-joined")

    context = guesty.context
    guesty.close()                                          # her page closes ...
    went = connected_within_a_second(alice, "false", time.monotonic())
    assert "not connected" in alice.inner_text(FRIEND)

    again = context.new_page()                              # ... and opens again, her token kept in this browser
    again.goto(link)
    again.wait_for_function(SEATED_AND_LIVE)
    back = connected_within_a_second(alice, "true", time.monotonic())
    print(f"the host saw the friend come after {came * 1000:.0f} ms, go after {went * 1000:.0f} ms, "
          f"come back after {back * 1000:.0f} ms")
    pages.check()


def test_the_host_sees_a_friend_at_another_server_come_and_go_within_a_second(pages, tmp_path, database):  # noqa: F811
    """Alice's page is served by one `gamenight serve`, Guesty's by another on the same PostgreSQL database."""
    started = [start_server(tmp_path / f"s{i}.db", free_port(), url=database) for i in range(2)]
    (_, at_alice), (_, at_guesty) = started
    try:
        table_id = create_table(at_alice, "yaniv", [None, None], seed=pages.seed, players=2,
                                options={"single_round": True})
        alice = pages.open("alice")
        alice.goto(f"{at_alice}/table/{table_id}")
        wait_live(alice)
        take_seat(alice, 0)
        guesty = pages.open("guesty")
        guesty.goto(f"{at_guesty}/table/{table_id}")
        wait_live(guesty)
        guesty.fill("#join-name", "Guesty")
        guesty.click('#join-bar button[data-join-seat="1"]')
        guesty.wait_for_function(SEATED_AND_LIVE)
        came = connected_within_a_second(alice, "true", time.monotonic())
        guesty.close()
        went = connected_within_a_second(alice, "false", time.monotonic())
        print(f"at another server: the host saw the friend come after {came * 1000:.0f} ms, go after "
              f"{went * 1000:.0f} ms")
        alice.close()   # before its server stops (a page left open would say it cannot reconnect)
        pages.check()
    finally:
        for process, _ in started:
            stop_server(process)


def test_a_friend_a_bot_plays_for_keeps_their_name_on_the_table(server, pages):
    """Guesty closes her page; at her turn, once the table's away time (15 s) has passed, a bot plays for her: her
    seat on the table still says Guesty, and that a bot plays for her."""
    rng = random.Random("away")
    table_id = create_table(server, "yaniv", [None, None], seed=pages.seed, players=2,
                            options={"single_round": True}, settings={"away_seconds": 15})
    alice = pages.open("alice")
    alice.goto(f"{server}/table/{table_id}")
    wait_live(alice)
    take_seat(alice, 0)
    guesty = pages.open("guesty")
    guesty.goto(f"{server}/table/{table_id}")
    wait_live(guesty)
    guesty.fill("#join-name", "Guesty")
    guesty.click('#join-bar button[data-join-seat="1"]')
    guesty.wait_for_function(SEATED_AND_LIVE)
    guesty.close()
    expect(alice.locator(FRIEND)).to_have_attribute("data-connected", "false")
    while api(server, f"/api/tables/{table_id}")["current_player"] != 1:   # Alice plays until it is Guesty's turn
        assert wait_turn_or_over(alice)
        play_one(alice, lambda texts, r: r.choice(texts), rng)
    box = alice.locator('#board [data-board-seat="1"] .seat-name')
    expect(box).to_have_attribute("data-away", "true", timeout=60_000)   # the away time, then a bot plays for her
    said = box.inner_text()
    assert "Guesty" in said and "a bot plays for them (away)" in said and "Bot 2" not in said, said
    assert "playing for Guesty (away)" in alice.inner_text(FRIEND)
    pages.shot(alice, "a-bot-plays-for-guesty")
