"""A refusal is said in the person's language: over HTTP the request's (``?lang=``, the ``lang`` cookie,
Accept-Language), over the table's WebSocket the connection's (``?lang=`` on its address, or the cookie). An illegal
action is refused with the engine's reason translated, the table unchanged; the answers keep their shape."""
import pytest
from web_helpers import create, join, ws_connect

from gamenight import i18n

LANGS = ["ja", "fr"]


def said(lang: str, template: str) -> str:
    """The translation of ``template`` up to its first placeholder: what the answer must start with."""
    translated = i18n.translator(lang).gettext(template)
    assert translated != template, f"{template!r} has no {lang} translation"
    return translated.split("{")[0]


def a_gin_table(client):
    """A Gin Rummy table with a person at seat 0, whose turn it is: (table id, token, state)."""
    table_id = create(client, "gin_rummy", [None, "random"])
    token = join(client, table_id, 0, "Ann")
    state = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    assert state["table"]["current_player"] == 0, "the seed lets seat 0 start"
    return table_id, token, state


def illegal_action(state) -> str:
    """An action of the game the seat may not play now: a discard before drawing."""
    card = state["view"]["hand"][0]
    assert card not in state["legal_actions"]
    return card


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_action_over_http_is_refused_in_the_language_asked_for(client, lang):
    table_id, token, state = a_gin_table(client)
    action = illegal_action(state)
    r = client.post(f"/api/tables/{table_id}/actions?lang={lang}",
                    json={"token": token, "action": action, "version": state["version"]})
    assert r.status_code == 422 and set(r.json()) == {"error"} and isinstance(r.json()["error"], str)
    error = r.json()["error"]
    assert error.startswith(said(lang, "illegal action: {reason}"))
    assert action in error and said(lang, "take a card first (draw or take)") in error
    after = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    assert after["version"] == state["version"] and after["view"] == state["view"]


def test_an_http_refusal_follows_the_cookie_then_the_browsers_language_and_is_english_otherwise(client):
    table_id, token, state = a_gin_table(client)
    action = illegal_action(state)
    body = {"token": token, "action": action, "version": state["version"]}
    r = client.post(f"/api/tables/{table_id}/actions", json=body, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert r.json()["error"].startswith(said("fr", "illegal action: {reason}"))
    client.cookies.set("lang", "ja")
    r = client.post(f"/api/tables/{table_id}/actions", json=body, headers={"Accept-Language": "fr"})
    assert r.json()["error"].startswith(said("ja", "illegal action: {reason}"))
    client.cookies.clear()
    r = client.post(f"/api/tables/{table_id}/actions", json=body)
    assert r.json()["error"] == (f"illegal action: {action} is not legal for seat 0 now; take a card first (draw or "
                                 f"take). Legal now: {', '.join(state['legal_actions'])}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_web_servers_own_refusals_are_in_the_language_asked_for(client, lang):
    r = client.get(f"/api/tables/nosuchtable/state?lang={lang}")
    assert r.status_code == 404 and r.json()["error"].startswith(said(lang, "no table {table}"))
    table_id, token, state = a_gin_table(client)
    r = client.post(f"/api/tables/{table_id}/join?lang={lang}", json={"seat": 0, "name": "Bob"})
    assert r.status_code == 409 and r.json()["error"] == i18n.render(i18n.Text("seat {seat} is taken", seat=0), lang)
    r = client.post(f"/api/tables/{table_id}/join?lang={lang}", json={"seat": 1, "name": "x" * 41})
    assert r.json()["error"].startswith(said(lang, "name must be at most {most} characters").rstrip())


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_action_over_the_websocket_is_refused_in_the_sockets_language(client, lang):
    table_id, token, state = a_gin_table(client)
    action = illegal_action(state)
    with client.websocket_connect(f"/ws/tables/{table_id}?lang={lang}") as ws:
        ws.send_json({"type": "hello", "token": token})
        first = ws.receive_json()
        ws.send_json({"type": "action", "action": action, "version": first["version"]})
        reply = ws.receive_json()
        assert set(reply) == {"type", "error", "status"} and reply["type"] == "error" and reply["status"] == 422
        assert reply["error"].startswith(said(lang, "illegal action: {reason}"))
        assert said(lang, "take a card first (draw or take)") in reply["error"]
        ws.send_json({"type": "spectate"})
        assert ws.receive_json()["error"].startswith(said(lang, "unknown message type {kind}; send {example}"))
    after = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    assert after["version"] == state["version"] and after["view"] == state["view"]


def test_a_websocket_without_a_language_of_its_own_follows_the_cookie(client):
    table_id, token, state = a_gin_table(client)
    client.cookies.set("lang", "fr")
    with ws_connect(client, table_id, token) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": illegal_action(state), "version": state["version"]})
        assert ws.receive_json()["error"].startswith(said("fr", "illegal action: {reason}"))
    client.cookies.clear()
    with ws_connect(client, table_id, token) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": illegal_action(state), "version": state["version"]})
        assert ws.receive_json()["error"].startswith("illegal action: ")


def test_an_unnamed_person_is_player_n_for_the_pages_to_translate(client):
    table_id = create(client, "gin_rummy", [None, "random"])
    join(client, table_id, 0)
    seat = client.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["name"] == "Player 1" and seat["unnamed"] is True
    named = create(client, "gin_rummy", [None, "random"])
    join(client, named, 0, "Ann")
    assert "unnamed" not in client.get(f"/api/tables/{named}").json()["seats"][0]
