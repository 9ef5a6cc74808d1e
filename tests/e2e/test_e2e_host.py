"""The host in the browser: the creator of a table (in the lobby) holds its host token; only their page shows the
seat controls. They let friends take the bots' seats, a friend takes one, and the host kicks them back out."""
from e2e_helpers import body, take_seat, wait_live
from test_e2e_two_people import create_in_lobby

TAKE_BOT_SEAT = '#seats button[data-take-seat="1"]'


def test_the_host_lets_a_friend_take_a_bots_seat_and_kicks_them(server, pages):
    alice = pages.open("alice")
    create_in_lobby(alice, server, "yaniv", "common", ["", "heuristic"])
    wait_live(alice)
    if body(alice, "seat") == "":
        take_seat(alice, 0)
    assert "You are the host" in alice.inner_text("#seat-rules")
    assert alice.locator("#host-bots-replaceable").count() == 1

    bob = pages.open("bob")
    bob.goto(alice.url)
    wait_live(bob)
    assert "The host chooses" in bob.inner_text("#seat-rules") and "Only open seats" in bob.inner_text("#seat-rules")
    assert bob.locator("#host-settings *").count() == 0 and bob.locator("#seats select").count() == 0
    assert bob.locator(TAKE_BOT_SEAT).count() == 0          # a bot's seat: not without the host's leave
    pages.shot(bob, "before-leave")

    alice.check("#host-bots-replaceable")                     # the host allows it: Bob's page offers the seat
    bob.wait_for_selector(TAKE_BOT_SEAT)
    assert "Friends may take a bot's seat" in bob.inner_text("#seat-rules")
    bob.fill("#player-name", "Bob")
    take_seat(bob, 1)
    alice.wait_for_selector('#seats button[data-kick="1"]')
    pages.shot(alice, "bob-seated")

    alice.click('#seats button[data-kick="1"]')              # the host kicks Bob: a bot plays his seat again
    bob.wait_for_function("() => document.body.dataset.seat === ''")
    alice.wait_for_function(
        "() => document.querySelector('#seats [data-seat=\"1\"]').textContent.includes('bot: Casual')")
    assert '(heuristic)' not in alice.inner_text('#seats')   # the level, not the program's name
    pages.shot(alice, "bob-kicked")
