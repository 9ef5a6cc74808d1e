"""Reactions: a seated person shows one of a fixed set at their seat, and every page of the table hears it (spectators
too, and the pages at another server on a shared database); refused from spectators, at a table whose host turned
them off, for an unknown name and faster than the seat's rate, each with a clear error, nothing sent to anyone."""
import json

from test_shared_database import server
from web_helpers import check_documented, create_hosted, join, wait_for, ws_connect

from gamenight.web import reactions as reactions_module
from gamenight.web.errors import TableError


def next_message(ws) -> dict:
    message = json.loads(ws.receive_text())
    check_documented(message)
    return message


def quiet(ws) -> None:
    """Nothing more came: the next thing this page hears is the answer to its ping."""
    ws.send_json({"type": "ping"})
    assert next_message(ws) == {"type": "pong"}


def shows_present(message, name: str) -> bool:
    """Whether ``message`` shows ``name``'s seat with a page connected."""
    if isinstance(message, dict):
        if message.get("name") == name and message.get("connected") is True:
            return True
        return any(shows_present(v, name) for v in message.values())
    return isinstance(message, list) and any(shows_present(v, name) for v in message)


def until_present(ws, name: str) -> None:
    """This page's messages until one shows ``name`` connected (the presence changes may come in one message or
    more, as the server hears the pages open): after it, the page has nothing more of it to hear."""
    for _ in range(5):
        if shows_present(next_message(ws), name):
            return
    raise AssertionError(f"this page never heard that {name} came")


def hosted_yaniv(client):
    table_id, host = create_hosted(client, "yaniv", [None, None], players=2, settings={"hold_start": True})
    return table_id, host, join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Guesty")


def test_a_reaction_reaches_every_page_of_the_table_and_carries_nothing_else(client):
    table_id, host, ann, guesty = hosted_yaniv(client)
    with ws_connect(client, table_id, ann) as mine:
        next_message(mine)                                   # Ann's page is here before Guesty's opens
        with ws_connect(client, table_id, guesty) as friend, ws_connect(client, table_id) as watcher:
            until_present(friend, "Guesty"), until_present(watcher, "Guesty")
            until_present(mine, "Guesty")                    # Guesty came (presence)
            react_and_hear(mine, friend, watcher, ann, guesty, host)


def react_and_hear(mine, friend, watcher, *tokens):
    """Ann's page shows "Nice move": every page hears it, and nothing else, no token among it."""
    mine.send_json({"type": "react", "reaction": "nice_move"})
    said = {"type": "reaction", "seat": 0, "reaction": "nice_move"}
    for ws in (mine, friend, watcher):
        text = ws.receive_text()
        assert json.loads(text) == said
        assert not any(token in text for token in tokens)
        quiet(ws)


def test_refused_reactions_say_why_and_reach_nobody(client):
    table_id, host, ann, guesty = hosted_yaniv(client)
    with ws_connect(client, table_id, ann) as mine:
        next_message(mine)        # Ann's page is here before the spectator's opens (else the spectator hears she came)
        with ws_connect(client, table_id) as watcher:
            next_message(watcher)
            refuse_and_tell_nobody(client, table_id, host, mine, watcher)


def refuse_and_tell_nobody(client, table_id, host, mine, watcher):
    """The spectator's reaction, Ann's unknown ones and, once the host turned them off, her good one: each refused
    with why, to the page that sent it, and nothing to anyone else."""
    watcher.send_json({"type": "react", "reaction": "oops"})
    refused = next_message(watcher)
    assert refused["type"] == "error" and refused["status"] == 403 and "spectators" in refused["error"]
    for bad in ("lol", 3, None, "x" * 500):
        mine.send_json({"type": "react", "reaction": bad})
        refused = next_message(mine)
        assert refused["status"] == 400 and "good_game, nice_move, oops, thinking, well_played" in refused["error"]
        assert len(refused["error"]) < 200
    r = client.post(f"/api/tables/{table_id}/settings", json={"reactions": False}, headers={"X-Host-Token": host})
    assert r.status_code == 200, r.text
    assert next_message(mine)["table"]["settings"]["reactions"] is False
    next_message(watcher)
    mine.send_json({"type": "react", "reaction": "good_game"})
    refused = next_message(mine)
    assert refused["status"] == 409 and "turned reactions off" in refused["error"]
    quiet(mine), quiet(watcher)                          # nothing reached the spectator


def test_a_seat_s_reactions_are_limited_to_a_burst_then_one_every_two_seconds(hosted):
    client, manager, clock = hosted
    table_id, _, ann, _ = hosted_yaniv(client)
    table = manager.get(table_id)
    heard: list = []
    table.listen(None, heard.append)
    for _ in range(reactions_module.BURST):
        table.react(ann, "thinking")
    try:
        table.react(ann, "thinking")
        raise AssertionError("a reaction beyond the burst was shown")
    except TableError as e:
        assert e.status == 429 and "too many reactions" in e.message("en")["error"]
    clock.advance(1 / reactions_module.RATE)
    table.react(ann, "well_played")
    shown = [m for m in heard if m.get("type") == "reaction"]
    assert [m["reaction"] for m in shown] == ["thinking"] * reactions_module.BURST + ["well_played"]


def test_a_reaction_at_one_server_reaches_the_pages_at_another(postgres_url):
    a, b = server(postgres_url), server(postgres_url, test_seed=1)
    table = a.create("yaniv", players=2, seats=[None, None], settings={"hold_start": True})
    ann = table.join(0, "Ann")
    mirror = b.get(table.table_id)
    heard_at_b: list = []
    mirror.listen(None, heard_at_b.append)
    # B hears the others once its own connection LISTENs, which it opens in the background; a reaction is never
    # stored, so one sent before would be lost: a seat taken at A, heard at B, shows B is listening
    table.join(1, "Bea")
    wait_for(lambda: any(m.get("type") == "state" and "Bea" in json.dumps(m) for m in heard_at_b), "B to hear Bea sit")
    table.react(ann, "good_game")
    wait_for(lambda: any(m.get("type") == "reaction" for m in heard_at_b), "B's page to hear Ann's reaction")
    assert [m for m in heard_at_b if m.get("type") == "reaction"] == [
        {"type": "reaction", "seat": 0, "reaction": "good_game"}]


def test_a_reaction_is_encoded_once_for_every_page_and_its_text_is_the_same_as_before(client):
    """Every page of the table gets the same message, its JSON text made once (as a state's is); on the wire it is
    the compact JSON it always was (what the standard library's ``json.dumps`` with compact separators writes)."""
    table_id, _, ann, guesty = hosted_yaniv(client)
    with ws_connect(client, table_id, ann) as mine:
        next_message(mine)
        with ws_connect(client, table_id, guesty) as friend, ws_connect(client, table_id) as watcher:
            until_present(friend, "Guesty"), until_present(watcher, "Guesty"), until_present(mine, "Guesty")
            mine.send_json({"type": "react", "reaction": "well_played"})
            for ws in (mine, friend, watcher):
                assert ws.receive_text() == '{"type":"reaction","seat":0,"reaction":"well_played"}'
                quiet(ws)


def test_every_page_gets_the_same_reaction_message_and_text(hosted):
    client, manager, _ = hosted
    table_id, _, ann, _ = hosted_yaniv(client)
    table = manager.get(table_id)
    pages: list[list] = [[], [], []]
    for heard in pages:
        table.listen(None, heard.append)
    table.react(ann, "oops")
    shown = [[m for m in heard if m.get("type") == "reaction"] for heard in pages]
    assert all(len(each) == 1 and each[0] is shown[0][0] for each in shown)
    assert shown[0][0].text() is shown[0][0].text() == '{"type":"reaction","seat":0,"reaction":"oops"}'
