"""Friends at one table, in two browsers: Alice makes a table in the lobby that waits for her friend and shares
the link; Bob opens it, sees "Take seat 2" up front, sits down, and the table starts; they play to the end; Alice
asks for a rematch and Bob follows her into the same seats; Bob leaves (after confirming) and a bot plays on."""
import random

from e2e_helpers import assert_match_over, body, legal_texts, play_one, version, wait_live, wait_turn_or_over
from test_e2e_two_people import create_in_lobby

GAME, PRESET = "yaniv", "single_round"
WAITING = "() => !document.getElementById('waiting').hidden"
STARTED = "() => document.getElementById('waiting').hidden"


def play_to_the_end(alice, bob, pages, rng):
    people = {alice: bob, bob: alice}
    for _ in range(300):
        if body(alice, "over") == "true":
            return
        movers = [p for p in people if legal_texts(p)]
        assert len(movers) == 1, "exactly one of the two people has actions to click"
        mover = movers[0]
        play_one(mover, lambda texts, r: r.choice(texts), rng)
        people[mover].wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version(mover))
        pages.check()
    raise AssertionError("the match did not end")


def test_friends_wait_play_rematch_together_and_a_bot_takes_over_when_one_leaves(server, pages):
    rng = random.Random("friends")
    alice = pages.open("alice")
    create_in_lobby(alice, server, GAME, PRESET, ["", ""], hold_start=True)
    wait_live(alice)
    alice.wait_for_function(WAITING)
    assert alice.locator("#start-now").count() == 1                 # the host may start without friends
    assert alice.locator("#join-bar button").count() == 0          # she has her seat
    pages.shot(alice, "waiting")

    bob = pages.open("bob")
    bob.goto(alice.url)
    wait_live(bob)
    assert bob.locator("#start-now").count() == 0
    bob.fill("#join-name", "Bob")
    bob.click('#join-bar button[data-join-seat="1"]')              # up front, not at the foot of the sidebar
    bob.wait_for_function("() => document.body.dataset.seat === '1'")
    for page in (alice, bob):
        page.wait_for_function(STARTED)                            # every seat taken: the table starts
    pages.shot(bob, "seated")
    play_to_the_end(alice, bob, pages, rng)
    for page in (alice, bob):
        assert_match_over(page)

    first_table = alice.url
    alice.click("#play-again")                                     # a rematch, with everyone here
    alice.wait_for_url(lambda url: url != first_table)
    wait_live(alice)
    assert body(alice, "seat") == "0"
    alice.wait_for_function(WAITING)                               # Bob's seat is kept for him
    bob.wait_for_function("() => document.getElementById('play-again') && "
                          "document.getElementById('play-again').textContent.includes('Join the rematch')")
    bob.click("#play-again")
    bob.wait_for_url(alice.url)
    wait_live(bob)
    assert body(bob, "seat") == "1"
    alice.wait_for_function(STARTED)                               # together again: the rematch starts
    pages.shot(bob, "rematch")

    bob.click("#seats button[data-leave]")                        # leaving asks first
    bob.click('#seats button[data-leave="confirm"]')
    bob.wait_for_function("() => document.body.dataset.seat === ''")
    alice.wait_for_function("() => document.querySelector('#seats [data-seat=\"1\"]').textContent.includes('bot')")
    before = version(alice)
    while version(alice) < before + 3 and wait_turn_or_over(alice):  # a bot plays Bob's seat: the match goes on
        play_one(alice, lambda texts, r: r.choice(texts), rng)
    assert version(alice) >= before + 3 or body(alice, "over") == "true"
    pages.shot(alice, "bot-plays-on")
