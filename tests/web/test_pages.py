"""The minimal lobby and table pages are served (their browser tests come with Playwright later)."""


def test_lobby_table_page_and_scripts_are_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"] and "lobby.js" in r.text
    r = client.get("/table/anything")
    assert r.status_code == 200 and "table.js" in r.text
    for name in ("lobby.js", "table.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
