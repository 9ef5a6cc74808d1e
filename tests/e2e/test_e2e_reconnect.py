"""A dropped connection gets the person back to their seat: the server is killed mid-match (SIGKILL) and started
again on the same database; the open page reconnects by itself and the match carries on to the end."""
import random

from e2e_helpers import (
    assert_match_over,
    body,
    choose_for,
    create_table,
    free_port,
    legal_texts,
    play_to_end,
    sit_and_play,
    start_server,
    stop_server,
    version,
    wait_live,
)

SEED = 102  # the deal (the server's test seeding)


def test_page_reconnects_to_its_seat_after_the_server_is_killed_and_restarted(pages, tmp_path):
    # while the server is down the browser reports the failed reconnection attempts: expected here only
    pages.allow(r"^WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED")
    rng = random.Random("reconnect")
    choose = choose_for("thunee")
    db, port = tmp_path / "restart.db", free_port()
    process, base = start_server(db, port)
    try:
        table_id = create_table(base, "thunee", [None, "heuristic", "heuristic", "heuristic"], seed=SEED)
        page = sit_and_play(pages, base, table_id, choose, rng, moves=3)
        seen_version, seen_actions = version(page), legal_texts(page)
        page.evaluate("() => { window.e2eNotReloaded = true; }")

        stop_server(process, kill=True)
        page.wait_for_function("() => document.body.dataset.live === 'false'")
        assert page.locator("#actions button").count() == 0  # nothing to click while the connection is down
        pages.shot(page, "mid-match-server-down")

        process, _ = start_server(db, port)
        wait_live(page)
        page.wait_for_function("() => document.querySelector('#actions button[data-action]') !== null")
        assert body(page, "seat") == "0" and page.evaluate("() => window.e2eNotReloaded === true")
        assert version(page) == seen_version and legal_texts(page) == seen_actions
        pages.shot(page, "mid-match-reconnected")
        play_to_end(page, pages, choose, rng, mid_shot_at=0)
        assert_match_over(page)
        pages.shot(page, "end")
    finally:
        stop_server(process)
