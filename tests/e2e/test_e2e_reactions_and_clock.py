"""Reactions and the turn's clock in real browsers: a person's "Nice move" shows at their seat on the other person's
page and a spectator's, for a few seconds, and is said once to screen readers; the host turns reactions off and the
buttons go; when a person leaves at their turn, the others see a ring counting down the time before a bot plays for
them, the right time left even on a device whose own clock is off; each move is said once, in words, to a screen
reader on the others' pages."""
import datetime
import re

from e2e_helpers import body, take_seat, wait_live
from test_e2e_two_people import create_in_lobby

BUBBLE = '#board [data-board-seat="{seat}"] .reaction-bubble[data-reaction="{reaction}"]'
SECOND = 1_500   # ms: what "at once" may take on a loaded machine


def two_people_and_a_spectator(pages, server, clocks_off=(0, 0, 0)):
    """Alice makes a two-person Yaniv table in the lobby (she is its host) and sits; Bob takes the other seat from
    her link; Carol watches. ``clocks_off``: how many seconds each one's device clock is ahead (behind, below 0)."""
    alice = clock_off(pages.open("alice"), clocks_off[0])
    create_in_lobby(alice, server, "yaniv", "common", ["", ""])
    wait_live(alice)
    if body(alice, "seat") == "":
        take_seat(alice, 0)
    bob, carol = clock_off(pages.open("bob"), clocks_off[1]), clock_off(pages.open("carol"), clocks_off[2])
    for page in (bob, carol):
        page.goto(alice.url)
        wait_live(page)
    take_seat(bob, 1)
    return alice, bob, carol


def clock_off(page, seconds: float):
    """The page with its device's clock (Date) ``seconds`` ahead of the true time, still running."""
    if seconds:
        page.clock.set_system_time(datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=seconds))
    return page


def test_a_reaction_shows_at_the_seat_for_everyone_and_the_host_can_turn_reactions_off(server, pages):
    alice, bob, carol = two_people_and_a_spectator(pages, server)
    assert carol.locator("#reactions button").count() == 0 and carol.is_hidden("#reactions")   # a spectator
    alice.wait_for_selector('#reactions button[data-reaction="nice_move"]')
    assert alice.locator("#reactions button").count() == 5
    alice.click('#reactions button[data-reaction="nice_move"]')
    for page in (alice, bob, carol):
        page.wait_for_selector(BUBBLE.format(seat=0, reaction="nice_move"), timeout=SECOND)
        assert "Nice move" in page.inner_text(BUBBLE.format(seat=0, reaction="nice_move"))
    assert "Nice move" in bob.text_content("#announce")
    pages.shot(bob, "reaction")
    bob.wait_for_selector(BUBBLE.format(seat=0, reaction="nice_move"), state="detached", timeout=10_000)

    alice.uncheck("#host-reactions")                          # the host turns them off: the buttons go
    bob.wait_for_selector("#reactions", state="hidden")
    alice.wait_for_selector("#reactions", state="hidden")
    assert "Reactions" not in bob.inner_text("#reactions")


def test_the_others_see_the_clock_of_a_person_gone_at_their_turn(server, pages):
    alice, bob, carol = two_people_and_a_spectator(pages, server)
    mover = int(alice.evaluate("() => fetch(location.pathname.replace('/table/', '/api/tables/'))"
                               ".then(r => r.json()).then(t => t.current_player)"))
    gone, watcher = (alice, bob) if mover == 0 else (bob, alice)
    gone.close()                                              # the person to move leaves
    ring = f'#board [data-board-seat="{mover}"] .turn-clock'
    watcher.wait_for_selector(ring, timeout=SECOND * 2)
    carol.wait_for_selector(ring, timeout=SECOND * 2)
    first = int(watcher.get_attribute(ring, "data-seconds-left"))
    assert 0 < first <= 60 and "a bot plays in" in watcher.inner_text(ring)
    watcher.wait_for_function(f"v => Number(document.querySelector('{ring}').dataset.secondsLeft) < v", arg=first)
    pages.shot(watcher, "turn-clock")


# what the ring says, and what the server says is left now (its clock's end less its time), read at once
RING_AND_SERVER = """ring => fetch(location.pathname.replace('/table/', '/api/tables/')).then(r => r.json())
    .then(t => [Number(document.querySelector(ring).dataset.secondsLeft), t.turn_clock.ends_at - t.turn_clock.now])"""


def test_the_clock_shows_the_server_s_time_left_on_a_page_whose_own_clock_is_off(server, pages):
    alice, bob, carol = two_people_and_a_spectator(pages, server, clocks_off=(45, 45, -90))
    assert abs(alice.evaluate("() => Date.now() / 1000") - datetime.datetime.now().timestamp() - 45) < 5  # (off)
    mover = int(alice.evaluate("() => fetch(location.pathname.replace('/table/', '/api/tables/'))"
                               ".then(r => r.json()).then(t => t.current_player)"))
    gone, watcher = (alice, bob) if mover == 0 else (bob, alice)
    gone.close()                                              # the person to move leaves
    ring = f'#board [data-board-seat="{mover}"] .turn-clock'
    for page in (watcher, carol):                             # 45 s ahead, 90 s behind: both show the server's count
        page.wait_for_selector(ring, timeout=SECOND * 2)
        shown, left = page.evaluate(RING_AND_SERVER, ring)
        assert 30 < left <= 60 and abs(shown - left) <= 2, (shown, left)
    first = int(carol.get_attribute(ring, "data-seconds-left"))
    carol.wait_for_function(f"v => Number(document.querySelector('{ring}').dataset.secondsLeft) < v", arg=first)
    shown, left = carol.evaluate(RING_AND_SERVER, ring)       # still counting with the server, a second on
    assert abs(shown - left) <= 2, (shown, left)


def test_each_move_is_said_to_a_screen_reader_on_the_others_pages(server, pages):
    alice, bob, carol = two_people_and_a_spectator(pages, server)
    mover = int(alice.evaluate("() => fetch(location.pathname.replace('/table/', '/api/tables/'))"
                               ".then(r => r.json()).then(t => t.current_player)"))
    player, other = (alice, bob) if mover == 0 else (bob, alice)
    name = f"Player {mover + 1}"
    player.wait_for_selector("#actions button[data-action]")
    player.click("#actions button[data-action]")                      # the mover's first legal action
    for page in (other, carol):
        page.wait_for_function("n => document.getElementById('announce').textContent.includes(n)", arg=name)
        said = page.text_content("#announce")
        assert re.search(r"\b(drew|took|discarded|called|slapped|kept|swapped)\b", said), said
        assert not re.search(r"\b([2-9TJQKA][shdc]|Jk)\b", said), said        # words, never notation
