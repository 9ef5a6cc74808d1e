"""Play in one click, in a real browser: the lobby's "Play now" seats a fresh browser at a Yaniv table against bots at
once, and later offers the game it sat at last; the pages can be added to a home screen (a web app manifest and its
icons); without a connection a page opens on the offline page, which leads back to the table as soon as the browser
is online again."""
import json

from e2e_helpers import MY_TURN_OR_OVER, SHORT, body, create_table, take_seat, wait_live


def play_now(page, server: str) -> str:
    """Press Play now in the lobby; the table it made, once the page there is live and seated."""
    page.goto(server + "/")
    page.wait_for_selector("#play-now:not([disabled])")
    page.click("#play-now")
    page.wait_for_url("**/table/*")
    wait_live(page)
    page.wait_for_function("() => document.body.dataset.seat === '0'")
    return page.url.rsplit("/", 1)[1]


def test_play_now_seats_a_fresh_browser_against_bots_then_offers_the_game_played_last(server, pages):
    page = pages.open("newcomer")
    page.goto(server + "/")
    page.wait_for_selector("#play-now:not([disabled])")
    assert "Yaniv" in page.inner_text("#play-now")                  # a first visit: Yaniv
    assert "Casual" in page.inner_text("#play-now-what")             # against the friendly bots
    pages.shot(page, "lobby")
    table_id = play_now(page, server)
    table = json.loads(page.evaluate(f"() => fetch('/api/tables/{table_id}').then(r => r.text())"))
    assert table["game"] == "yaniv" and not table["is_over"]
    assert [s["kind"] for s in table["seats"]] == ["person"] + ["bot"] * (table["players"] - 1)
    page.wait_for_function(MY_TURN_OR_OVER)                          # started at once: the person plays
    pages.shot(page, "playing")

    # the person sits at a Thunee table a friend shared; back in the lobby, Play now offers Thunee
    thunee = create_table(server, "thunee", [None] + ["heuristic"] * (SHORT["thunee"]["players"] - 1), seed=3)
    page.goto(f"{server}/table/{thunee}")
    wait_live(page)
    take_seat(page, 0)
    page.goto(server + "/")
    page.wait_for_selector("#play-now:not([disabled])")
    assert "Thunee" in page.inner_text("#play-now")
    assert json.loads(page.evaluate(f"() => fetch('/api/tables/{play_now(page, server)}').then(r => r.text())"))[
        "game"] == "thunee"


def test_the_pages_can_be_added_to_a_home_screen(server, pages):
    page = pages.open("phone")
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/", f"/table/{create_table(server, 'yessir', [None, 'heuristic', 'heuristic'], seed=1)}",
                 "/rules/yaniv"):
        page.goto(server + path)
        href = page.get_attribute("link[rel=manifest]", "href")
        assert href == "/static/manifest.webmanifest", path
    manifest = page.request.get(server + href)
    assert manifest.ok and manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["name"] == "gamenight" and data["start_url"] == "/" and data["display"] == "standalone"
    sizes = {icon["sizes"]: icon for icon in data["icons"]}
    assert {"192x192", "512x512"} <= set(sizes)
    for icon in data["icons"]:
        got = page.request.get(server + icon["src"])
        assert got.ok and got.headers["content-type"] == icon["type"], icon


def test_offline_a_page_opens_on_the_offline_page_which_leads_back_to_the_table(server, pages):
    page = pages.open("offline", service_workers="allow")
    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=2)
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")   # installed, the offline page kept
    pages.allow(r"net::ERR_INTERNET_DISCONNECTED|Failed to load resource|WebSocket")   # the table's socket, cut off
    page.context.set_offline(True)
    page.goto(server + "/")
    page.wait_for_selector("#offline")
    assert page.get_attribute("#offline-table-link", "href") == f"/table/{table_id}"
    assert page.is_visible("#offline-table")
    pages.shot(page, "offline")
    page.context.set_offline(False)                                  # back online: back at the table, by itself
    page.wait_for_url(f"**/table/{table_id}")
    wait_live(page)
    assert body(page, "seat") == "0"
