"""Two people at one table, each in a browser context of their own: one creates it in the lobby and shares the
link, the other opens the link and takes the other seat; both click until the end, each seeing the other's
moves arrive live (no reload)."""
import random

from e2e_helpers import (
    api,
    assert_match_over,
    body,
    catch_up,
    legal_texts,
    play_one,
    press_next_hand,
    take_seat,
    version,
    wait_live,
)

GAME, PRESET = "yessir", "short"


def create_in_lobby(page, server, game, preset, seat_bots, hold_start=False):
    """Fill the lobby's form and create the table; the browser goes to the table's page."""
    page.goto(server + "/")
    page.wait_for_selector(f'#game option[value="{game}"]', state="attached")
    page.select_option("#game", game)
    page.fill("#players", str(len(seat_bots)))
    page.dispatch_event("#players", "input")
    page.dispatch_event("#players", "change")
    page.select_option("#preset", preset)
    for seat, bot in enumerate(seat_bots):
        page.select_option(f'select[data-seat-bot="{seat}"]', bot)
    if hold_start:
        page.check("#hold-start")
    page.click("button#create")
    page.wait_for_url("**/table/*")


def test_two_people_play_a_whole_match_in_two_browser_contexts(server, pages):
    rng = random.Random("two-people")
    alice = pages.open("alice")
    create_in_lobby(alice, server, GAME, PRESET, ["", ""])
    wait_live(alice)
    assert body(alice, "game") == GAME
    if body(alice, "seat") == "":
        take_seat(alice, 0)
    link = alice.url
    pages.shot(alice, "start")

    bob = pages.open("bob")
    bob.goto(server + "/")  # the new table is listed in the lobby
    bob.wait_for_selector(f'#tables a[data-table-id="{link.rsplit("/", 1)[1]}"]', state="attached")
    bob.goto(link)
    wait_live(bob)
    assert body(bob, "seat") == ""
    # alice's seat is a person's: bob may take only the other one
    assert bob.locator('#seats button[data-take-seat="0"]').count() == 0
    take_seat(bob, 1)
    pages.shot(bob, "start")
    # neither page reloads from here on: a mark left in each window must still be there at the end
    for page in (alice, bob):
        page.evaluate("() => { window.e2eNotReloaded = true; }")

    people = {alice: bob, bob: alice}
    played = {alice: 0, bob: 0}
    while body(alice, "over") != "true":
        table = api(server, "/api/tables/" + link.rsplit("/", 1)[1])
        for page in people:
            catch_up(page, table)
        if table["hand_pause"]:        # a hand has ended: the table holds both until each presses "Next hand"
            for page in people:
                if page.locator("#next-hand:not([disabled])").count():
                    press_next_hand(page)
            continue
        movers = [p for p in people if legal_texts(p)]
        assert len(movers) == 1, "exactly one of the two people has actions to click"
        mover, other = movers[0], people[movers[0]]
        play_one(mover, lambda texts, r: r.choice(texts), rng)
        pages.check()
        played[mover] += 1
        assert played[alice] + played[bob] < 400, "the match did not end"
        # the other person sees the move arrive, without reloading
        other.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version(mover))
        assert version(other) == version(mover)
        if played[alice] + played[bob] == 6:
            pages.shot(alice, "mid-match")
            pages.shot(bob, "mid-match")
    for page in (alice, bob):
        assert_match_over(page)
        assert page.evaluate("() => window.e2eNotReloaded === true")
        pages.shot(page, "end")
    assert played[alice] >= 1 and played[bob] >= 1
